//! The audit log: every back-office change, who made it, when, and the record before and
//! after. Written by [`record`] inside the change's own transaction, so a change without its row (or a
//! row without its change) cannot be committed; read with `GET /backoffice/audit` (permission 8).

use axum::response::Response;
use onda_shared::newsroom::{AuditEntry, AuditPage};
use serde_json::Value;
use sqlx::{AnyConnection, Row};

use super::kit::{self, Filter, Listing, Staff};
use crate::{
    Error, Result,
    clock::{iso, now},
    db::Arg,
    extract::path_number,
    openapi::Reply,
    staff::PEOPLE,
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

kit::list_query! {
    pub(super) struct AuditQuery {
        paging,
        /// Only this kind of record ('news', 'image', …).
        #[param(pattern = "^[a-z_.]{1,40}$")]
        entity: Option<String>,
        /// Only this record (with `entity`).
        #[param(pattern = "^[0-9]{1,18}$")]
        entity_id: Option<String>,
    }
}

kit::staff_path! {
    get "/backoffice/audit", params(AuditQuery) => "A page of changes, newest first": Reply<AuditPage>;
    /// The audit log, newest first.
    pub(super) async fn list_audit(
        Staff(state, _): Staff<PEOPLE>,
        Listing(query, (page, per_page)): Listing<AuditQuery>,
    ) -> Result<Response> {
        let mut filter = Filter::default();
        if let Some(entity) = query.entity.as_deref().filter(|entity| !entity.is_empty()) {
            if entity.len() > ENTITY_MAX
                || !entity
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'_' || b == b'.')
            {
                return Err(Error::bad_request("invalid entity"));
            }
            let n = filter.arg(Arg::Text(entity.to_owned()));
            filter.clause(format!("a.entity = {n}"));
        }
        if let Some(raw) = query.entity_id.as_deref().filter(|id| !id.is_empty()) {
            let n = filter.arg(Arg::Int(path_number(raw, "entityId", 1, i64::MAX)?));
            filter.clause(format!("a.entity_id = {n}"));
        }
        let select = "SELECT a.id, a.at, COALESCE(u.email, '') AS actor, a.action, a.entity, a.entity_id, \
             a.before_json, a.after_json FROM audit_log a LEFT JOIN users u ON u.id = a.user_id";
        let mut conn = state.db.pool.acquire().await?;
        let listed = kit::page(
            &mut conn,
            "FROM audit_log a",
            select,
            filter,
            "a.id DESC",
            (page, per_page),
        )
        .await?;
        let json = |text: Option<String>| text.and_then(|text| serde_json::from_str::<Value>(&text).ok());
        listed.map::<AuditPage>(|row| {
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
    }
}
