//! The staff inbox (`/api/v1/inbox/*`, permission 4 `READ_INBOX`): what the listeners sent,
//! per kind and newest first, each opened, marked handled, its CV downloaded (never a public URL) and
//! the lot exported as CSV. Every call needs a session (401) and the permission (403 'no permission').

use axum::{
    Json,
    extract::{Query, State, rejection::QueryRejection},
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use onda_shared::{
    Envelope,
    forms::{FormKind, HandledRequest, InboxFolder, InboxItem, InboxPage},
};
use serde::Deserialize;

use super::{CURRICULUM_NOT_FOUND, SUBMISSION_NOT_FOUND};
use crate::{
    AppState, Error, Result,
    auth::AuthUser,
    clock::{iso, now},
    data::submissions::{COLUMNS, CvType, FROM, Stored, count, csv_field, cv_dir},
    db::Db,
    error::ok,
    extract::{ApiJson, ApiPath, path_number},
    openapi::{Reply, tags},
    staff::{READ_INBOX, require},
};

/// Items per page unless asked; the most one page holds.
const PER_PAGE: i64 = 20;
const MAX_PER_PAGE: i64 = 100;
/// The most rows one CSV holds (newest first); older ones are for a narrower export.
const CSV_MAX_ROWS: i64 = 10_000;

fn kind_of(raw: &str) -> Result<FormKind> {
    FormKind::parse(raw).ok_or_else(|| Error::not_found("unknown inbox"))
}

fn no_store(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The four folders with their counts.
#[utoipa::path(get, path = "/inbox/summary", tags = [tags::INBOX, tags::STAFF],
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "Each kind with its total and unhandled counts", body = Reply<Vec<InboxFolder>>)))]
pub(super) async fn inbox_summary(State(state): State<AppState>, user: AuthUser) -> Result<Response> {
    require(&state, &user, READ_INBOX).await?;
    let mut folders = Vec::new();
    for kind in FormKind::ALL {
        folders.push(InboxFolder {
            kind,
            label: kind.label().to_owned(),
            total: count(&state.db, kind, false).await?,
            unhandled: count(&state.db, kind, true).await?,
        });
    }
    Ok(no_store(ok(folders).into_response()))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct ListQuery {
    /// 1-based, default 1.
    #[param(pattern = "^[0-9]{1,6}$")]
    page: Option<String>,
    /// 1–100, default 20.
    #[param(pattern = "^[0-9]{1,3}$")]
    per_page: Option<String>,
    /// `unhandled`, `handled` or `all` (default).
    #[param(pattern = "^(all|handled|unhandled)$")]
    status: Option<String>,
}

/// A page of one kind's submissions, newest first.
#[utoipa::path(get, path = "/inbox/list/{kind}", tags = [tags::INBOX, tags::STAFF],
    params(
        ("kind" = String, Path, pattern = "^(recommendation|contact|workWithUs|freeStreaming)$", description = "The form"),
        ListQuery,
    ),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The page, with the counts", body = Reply<InboxPage>),
        (status = 404, description = "'unknown inbox'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn inbox_list(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(kind): ApiPath<String>,
    query: std::result::Result<Query<ListQuery>, QueryRejection>,
) -> Result<Response> {
    require(&state, &user, READ_INBOX).await?;
    let kind = kind_of(&kind)?;
    let Ok(Query(query)) = query else {
        return Err(Error::bad_request("invalid query"));
    };
    let page = match query.page.as_deref() {
        Some(raw) => path_number(raw, "page", 1, 999_999)?,
        None => 1,
    };
    let per_page = match query.per_page.as_deref() {
        Some(raw) => path_number(raw, "perPage", 1, MAX_PER_PAGE)?,
        None => PER_PAGE,
    };
    let filter = match query.status.as_deref() {
        None | Some("all") => "",
        Some("handled") => " AND s.handled_at IS NOT NULL",
        Some("unhandled") => " AND s.handled_at IS NULL",
        Some(_) => return Err(Error::bad_request("invalid status")),
    };
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM {FROM} WHERE s.kind = $1{filter} ORDER BY s.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(kind.as_str())
    .bind(per_page)
    .bind((page - 1) * per_page)
    .fetch_all(&state.db.pool)
    .await?;
    let items = rows
        .iter()
        .map(|row| Stored::from_row(row).map(|stored| stored.item()))
        .collect::<Result<Vec<InboxItem>>>()?;
    let total: i64 = sqlx::query_scalar(&format!(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM form_submissions s WHERE s.kind = $1{filter}"
    ))
    .bind(kind.as_str())
    .fetch_one(&state.db.pool)
    .await?;
    Ok(no_store(
        ok(InboxPage {
            items,
            total,
            unhandled: count(&state.db, kind, true).await?,
            page,
            per_page,
        })
        .into_response(),
    ))
}

async fn stored_by_id(db: &Db, raw_id: &str) -> Result<Stored> {
    let id = path_number(raw_id, "id", 1, i64::MAX).map_err(|_| Error::not_found(SUBMISSION_NOT_FOUND))?;
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM {FROM} WHERE s.id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?
        .ok_or_else(|| Error::not_found(SUBMISSION_NOT_FOUND))?;
    Stored::from_row(&row)
}

/// One submission with every field.
#[utoipa::path(get, path = "/inbox/item/{id}", tags = [tags::INBOX, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,10}$", description = "The submission")),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The submission", body = Reply<InboxItem>),
        (status = 404, description = "'submission not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn inbox_item(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Response> {
    require(&state, &user, READ_INBOX).await?;
    let stored = stored_by_id(&state.db, &id).await?;
    Ok(no_store(ok(stored.item()).into_response()))
}

/// Marks a submission handled by the caller, or unhandled again.
#[utoipa::path(post, path = "/inbox/item/{id}/handled", tags = [tags::INBOX, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,10}$", description = "The submission")),
    request_body = HandledRequest,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The submission as it is now", body = Reply<InboxItem>),
        (status = 404, description = "'submission not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn inbox_set_handled(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    // Read after the permission: a caller without it is refused whatever the body holds.
    body: std::result::Result<ApiJson<HandledRequest>, Error>,
) -> Result<Json<Envelope<InboxItem>>> {
    require(&state, &user, READ_INBOX).await?;
    let ApiJson(request) = body?;
    let stored = stored_by_id(&state.db, &id).await?;
    if request.handled {
        // The first to mark it keeps the credit; marking again changes nothing.
        sqlx::query(
            "UPDATE form_submissions SET handled_at = $1, handled_by = $2 WHERE id = $3 AND handled_at IS NULL",
        )
        .bind(now())
        .bind(user.user_id)
        .bind(stored.id)
        .execute(&state.db.pool)
        .await?;
    } else {
        sqlx::query("UPDATE form_submissions SET handled_at = NULL, handled_by = NULL WHERE id = $1")
            .bind(stored.id)
            .execute(&state.db.pool)
            .await?;
    }
    let stored = stored_by_id(&state.db, &stored.id.to_string()).await?;
    Ok(ok(stored.item()))
}

/// A work-with-us application's CV, as an attachment (never cached, never public).
#[utoipa::path(get, path = "/inbox/item/{id}/curriculum", tags = [tags::INBOX, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,10}$", description = "The submission")),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The file (PDF, DOC or DOCX)", content_type = "application/octet-stream"),
        (status = 404, description = "'submission not found' or 'curriculum not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn inbox_curriculum(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Response> {
    require(&state, &user, READ_INBOX).await?;
    let stored = stored_by_id(&state.db, &id).await?;
    let file = stored
        .file_path
        .as_deref()
        .ok_or_else(|| Error::not_found(CURRICULUM_NOT_FOUND))?;
    let kind = file
        .rsplit_once('.')
        .and_then(|(_, extension)| CvType::from_extension(extension))
        .ok_or_else(|| Error::not_found(CURRICULUM_NOT_FOUND))?;
    let bytes = match tokio::fs::read(cv_dir(&state.config.data_dir).join(file)).await {
        Ok(bytes) => bytes,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            return Err(Error::not_found(CURRICULUM_NOT_FOUND));
        }
        Err(err) => return Err(Error::Internal(anyhow::Error::from(err))),
    };
    let name = match &stored.submission {
        crate::data::submissions::Submission::WorkWithUs(r) => format!("curriculo {} {}", r.name, r.lastName),
        _ => format!("curriculo {}", stored.id),
    };
    Ok(crate::download::attachment(
        bytes,
        HeaderValue::from_static(kind.mime()),
        &format!("{name}.{}", kind.extension()),
    ))
}

/// One kind's submissions as CSV (UTF-8 with a BOM so spreadsheets read the accents), newest first.
#[utoipa::path(get, path = "/inbox/export/{kind}", tags = [tags::INBOX, tags::STAFF],
    params(("kind" = String, Path, pattern = "^(recommendation|contact|workWithUs|freeStreaming)$", description = "The form")),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The CSV (an attachment)", content_type = "text/csv"),
        (status = 404, description = "'unknown inbox'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn inbox_export(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(kind): ApiPath<String>,
) -> Result<Response> {
    require(&state, &user, READ_INBOX).await?;
    let kind = kind_of(&kind)?;
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM {FROM} WHERE s.kind = $1 ORDER BY s.id DESC LIMIT $2"
    ))
    .bind(kind.as_str())
    .bind(CSV_MAX_ROWS)
    .fetch_all(&state.db.pool)
    .await?;
    let mut csv = String::from("\u{feff}");
    let mut header_written = false;
    for row in &rows {
        let stored = Stored::from_row(row)?;
        let fields = stored.submission.fields();
        if !header_written {
            let mut names = vec![
                "Nº",
                "Recebida em",
                "E-mail enviado em",
                "Tratada em",
                "Tratada por",
                "Conta",
            ];
            names.extend(fields.iter().map(|field| field.label.as_str()));
            csv.push_str(
                &names
                    .iter()
                    .map(|name| csv_field(name))
                    .collect::<Vec<_>>()
                    .join(","),
            );
            csv.push_str("\r\n");
            header_written = true;
        }
        let mut values = vec![
            stored.id.to_string(),
            iso(stored.created_at),
            stored.mailed_at.map(iso).unwrap_or_default(),
            stored.handled_at.map(iso).unwrap_or_default(),
            stored.handled_by.clone().unwrap_or_default(),
            stored
                .account
                .as_ref()
                .map(|(name, email)| format!("{name} <{email}>"))
                .unwrap_or_default(),
        ];
        values.extend(fields.into_iter().map(|field| field.value));
        csv.push_str(
            &values
                .iter()
                .map(|value| csv_field(value))
                .collect::<Vec<_>>()
                .join(","),
        );
        csv.push_str("\r\n");
    }
    Ok(crate::download::attachment(
        csv,
        HeaderValue::from_static("text/csv; charset=utf-8"),
        &format!("{}-{}.csv", kind.as_str(), crate::clock::brasilia_day(now())),
    ))
}
