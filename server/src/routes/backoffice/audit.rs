//! The audit log: every back-office change, who made it, when, and the record before and
//! after. Written by [`record`] inside the change's own transaction, so a change without its row (or a
//! row without its change) cannot be committed; read with `GET /backoffice/audit` (permission 8).

use axum::{
    extract::{Query, State, rejection::QueryRejection},
    response::Response,
};
use onda_shared::newsroom::{AuditEntry, AuditPage};
use serde::Deserialize;
use serde_json::Value;
use sqlx::{AnyConnection, Row};

use super::{no_store, paging};
use crate::{
    AppState, Error, Result,
    auth::AuthUser,
    clock::{iso, now},
    db::{Arg, bind_all},
    error::ok,
    extract::path_number,
    openapi::{Reply, tags},
    staff::{PEOPLE, require},
};

/// The longest entity name a filter takes ('news', 'image', …).
const ENTITY_MAX: usize = 40;

/// Writes one audit row on `conn` (the change's transaction). `before`/`after` are the record's fields
/// as the caller chose to keep them (bounded by the caller: see `news::audit_copy`).
pub async fn record(
    conn: &mut AnyConnection,
    actor: i64,
    action: &str,
    entity: &str,
    entity_id: Option<i64>,
    before: Option<&Value>,
    after: Option<&Value>,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO audit_log (at, user_id, action, entity, entity_id, before_json, after_json) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(now())
    .bind(actor)
    .bind(action)
    .bind(entity)
    .bind(entity_id)
    .bind(before.map(Value::to_string))
    .bind(after.map(Value::to_string))
    .execute(conn)
    .await?;
    Ok(())
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct AuditQuery {
    /// 1-based, default 1.
    #[param(pattern = "^[0-9]{1,7}$")]
    page: Option<String>,
    /// 1–100, default 20.
    #[param(pattern = "^[0-9]{1,3}$")]
    per_page: Option<String>,
    /// Only this kind of record ('news', 'image', …).
    #[param(pattern = "^[a-z_.]{1,40}$")]
    entity: Option<String>,
    /// Only this record (with `entity`).
    #[param(pattern = "^[0-9]{1,18}$")]
    entity_id: Option<String>,
}

/// The audit log, newest first.
#[utoipa::path(get, path = "/backoffice/audit", tags = [tags::BACKOFFICE, tags::STAFF],
    params(AuditQuery),
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "A page of changes, newest first", body = Reply<AuditPage>)))]
pub(super) async fn list_audit(
    State(state): State<AppState>,
    user: AuthUser,
    query: std::result::Result<Query<AuditQuery>, QueryRejection>,
) -> Result<Response> {
    require(&state, &user, PEOPLE).await?;
    let Ok(Query(query)) = query else {
        return Err(Error::bad_request("invalid query"));
    };
    let (page, per_page) = paging(query.page.as_deref(), query.per_page.as_deref())?;
    let mut filter = vec!["1 = 1".to_owned()];
    let mut args = Vec::new();
    if let Some(entity) = query.entity.as_deref().filter(|entity| !entity.is_empty()) {
        if entity.len() > ENTITY_MAX
            || !entity
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'_' || b == b'.')
        {
            return Err(Error::bad_request("invalid entity"));
        }
        args.push(Arg::Text(entity.to_owned()));
        filter.push(format!("a.entity = ${}", args.len()));
    }
    if let Some(raw) = query.entity_id.as_deref().filter(|id| !id.is_empty()) {
        args.push(Arg::Int(path_number(raw, "entityId", 1, i64::MAX)?));
        filter.push(format!("a.entity_id = ${}", args.len()));
    }
    let filter = filter.join(" AND ");
    let total: i64 = {
        let sql = format!("SELECT CAST(COUNT(*) AS BIGINT) FROM audit_log a WHERE {filter}");
        bind_all(sqlx::query(&sql), &args)
            .fetch_one(&state.db.pool)
            .await?
            .try_get(0)?
    };
    let next = args.len() + 1;
    let sql = format!(
        "SELECT a.id, a.at, COALESCE(u.email, '') AS actor, a.action, a.entity, a.entity_id, \
         a.before_json, a.after_json FROM audit_log a LEFT JOIN users u ON u.id = a.user_id \
         WHERE {filter} ORDER BY a.id DESC LIMIT ${next} OFFSET ${}",
        next + 1
    );
    args.push(Arg::Int(per_page));
    args.push(Arg::Int((page - 1) * per_page));
    let rows = bind_all(sqlx::query(&sql), &args)
        .fetch_all(&state.db.pool)
        .await?;
    let json = |text: Option<String>| text.and_then(|text| serde_json::from_str::<Value>(&text).ok());
    let items = rows
        .iter()
        .map(|row| {
            Ok(AuditEntry {
                id: row.try_get("id")?,
                at: iso(row.try_get("at")?),
                actor: row.try_get("actor")?,
                action: row.try_get("action")?,
                entity: row.try_get("entity")?,
                entity_id: row.try_get("entity_id")?,
                before: json(row.try_get("before_json")?),
                after: json(row.try_get("after_json")?),
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(no_store(ok(AuditPage {
        items,
        total,
        page,
        per_page,
    })))
}
