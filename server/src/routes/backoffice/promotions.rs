//! Promotions in the back office (`/api/v1/backoffice/promotions*`, permission 6): the list,
//! the editor's load and save, delete, the answers (a page, or every one as CSV) and the draw.
//!
//! Opening and closing are edits of `isPublished`, `startsAt` and `endsAt`, the columns the public
//! calls read, so the site and the back office cannot disagree about whether a promotion takes answers.
//! The description and the regulation are sanitised here before they are stored (and again on the way
//! out by the public calls, which also serve the seed's rows). Every save is one transaction with its
//! audit row; `version` refuses a stale save (409).

use axum::{
    extract::{Query, State, rejection::QueryRejection},
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use onda_shared::{
    backoffice_promotions::{
        CampaignStatus, DrawRequest, DrawResult, PromotionAnswerRow, PromotionAnswersPage, PromotionDraft,
        PromotionInput, PromotionPage, PromotionRow, StaffWinner,
    },
    validation::{self, messages, promotion_input},
};
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::{AnyConnection, Row, any::AnyRow};

use super::{
    after_write, audit::record, contains_pattern, free_slug, lock_row, no_store, paging, timestamps,
};
use crate::{
    AppState, Error, Result,
    auth::{AuthUser, random_hex},
    clock::{iso, now},
    db::{Arg, bind_all},
    draw,
    error::ok,
    extract::{ApiJson, ApiPath, path_number},
    html::sanitize,
    openapi::{EmptyReply, Reply, tags},
    staff::{PROMOTIONS, require},
};

const NOT_FOUND: &str = "promotion not found";
/// Longest title search, in characters.
const QUERY_MAX: usize = 100;
/// The audit copy keeps the fields, not megabytes: long HTML is cut there (never in the promotion).
const AUDIT_TEXT_MAX: usize = 2_000;

const COLUMNS: &str = "id, slug, title, short_description, description, rules, question, image_url, \
    banner_url, color_scheme, is_pro, is_editable, is_multiple, is_single_word, affiliate, is_published, \
    starts_at, ends_at, version";

fn promotion_id(raw: &str) -> Result<i64> {
    path_number(raw, "id", 1, i64::MAX).map_err(|_| Error::not_found(NOT_FOUND))
}

/// The stored promotion as the editor's input.
fn input_of(row: &AnyRow) -> Result<(i64, String, PromotionInput, i64, i64, bool)> {
    let flag = |name: &str| row.try_get::<i64, _>(name).map(|value| value != 0);
    let starts_at: i64 = row.try_get("starts_at")?;
    let ends_at: i64 = row.try_get("ends_at")?;
    let published = flag("is_published")?;
    let input = PromotionInput {
        title: row.try_get("title")?,
        short_description: row.try_get("short_description")?,
        description: row.try_get("description")?,
        rules: row.try_get("rules")?,
        question: row.try_get("question")?,
        image_url: row.try_get("image_url")?,
        banner_url: row.try_get("banner_url")?,
        color_scheme: row.try_get("color_scheme")?,
        is_pro: flag("is_pro")?,
        is_editable: flag("is_editable")?,
        is_multiple: flag("is_multiple")?,
        is_single_word: flag("is_single_word")?,
        affiliate: row.try_get("affiliate")?,
        is_published: published,
        starts_at: iso(starts_at),
        ends_at: iso(ends_at),
        version: Some(row.try_get("version")?),
    };
    Ok((
        row.try_get("id")?,
        row.try_get("slug")?,
        input,
        starts_at,
        ends_at,
        published,
    ))
}

/// Everyone who won the promotion, first drawn first.
async fn winners(conn: &mut AnyConnection, id: i64) -> Result<Vec<StaffWinner>> {
    let rows = sqlx::query(
        "SELECT w.first_name, w.last_name, w.city, COALESCE(s.uf, '') AS uf, w.won_on, w.mailed_at, \
         COALESCE(u.email, '') AS email FROM promotion_winners w LEFT JOIN states s ON s.id = w.state_id \
         LEFT JOIN users u ON u.id = w.user_id WHERE w.promotion_id = $1 ORDER BY w.id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|row| {
            let first: String = row.try_get("first_name")?;
            let last: String = row.try_get("last_name")?;
            Ok(StaffWinner {
                name: format!("{first} {last}").trim().to_owned(),
                email: row.try_get("email")?,
                city: row.try_get("city")?,
                uf: row.try_get("uf")?,
                won_on: row.try_get("won_on")?,
                mailed: row.try_get::<Option<i64>, _>("mailed_at")?.is_some(),
            })
        })
        .collect()
}

/// The editor's view of promotion `id`, read on `conn` (a transaction's, to see its own writes).
async fn load(conn: &mut AnyConnection, id: i64) -> Result<Option<PromotionDraft>> {
    let Some(row) = sqlx::query(&format!("SELECT {COLUMNS} FROM promotions WHERE id = $1"))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
    else {
        return Ok(None);
    };
    let (id, slug, input, starts_at, ends_at, published) = input_of(&row)?;
    let (answers, participants): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT), CAST(COUNT(DISTINCT user_id) AS BIGINT) FROM promotion_answers \
         WHERE promotion_id = $1",
    )
    .bind(id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(Some(PromotionDraft {
        id,
        url: format!("/promocoes/{slug}"),
        slug,
        status: CampaignStatus::at(published, starts_at, ends_at, now()),
        input,
        answers,
        participants,
        winners: winners(conn, id).await?,
    }))
}

/// The record as the audit log keeps it: the editor's fields, long HTML cut.
fn audit_copy(draft: &PromotionDraft) -> Value {
    let mut value = serde_json::to_value(&draft.input).unwrap_or(Value::Null);
    for field in ["description", "rules"] {
        if let Some(text) = value.get(field).and_then(Value::as_str) {
            let length = text.chars().count();
            if length > AUDIT_TEXT_MAX {
                value[field] = Value::String(text.chars().take(AUDIT_TEXT_MAX).collect());
                value[format!("{field}Length")] = Value::from(length);
            }
        }
    }
    value["slug"] = Value::String(draft.slug.clone());
    value
}

/// Checks the input and reads its dates. A NUL character (PostgreSQL stores none) is refused.
fn resolve(raw: &PromotionInput) -> Result<(PromotionInput, i64, i64)> {
    let texts = [
        &raw.title,
        &raw.short_description,
        &raw.description,
        &raw.rules,
        &raw.question,
        &raw.image_url,
        &raw.banner_url,
        &raw.color_scheme,
        &raw.affiliate,
        &raw.starts_at,
        &raw.ends_at,
    ];
    if texts.iter().any(|text| text.contains('\0')) {
        return Err(Error::bad_request("invalid text: NUL character"));
    }
    let input = promotion_input(raw).map_err(Error::bad_request)?;
    let (starts_at, ends_at) = timestamps(&input.starts_at, &input.ends_at)
        .ok_or_else(|| Error::bad_request(messages::PROMO_DATES))?;
    Ok((
        PromotionInput {
            description: sanitize(&input.description),
            rules: sanitize(&input.rules),
            ..input
        },
        starts_at,
        ends_at,
    ))
}

/// Takes the row for this transaction first (see `news::lock`); an unknown id is a 404.
async fn lock(conn: &mut AnyConnection, id: i64) -> Result<()> {
    lock_row(conn, "promotions", "version", id, NOT_FOUND).await
}

// ---------------------------------------------------------------------------------------------------
// The list

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct ListQuery {
    /// Words of the title (case-insensitive; up to 100 characters).
    #[param(max_length = 100)]
    q: Option<String>,
    /// `hidden`, `scheduled`, `open` or `closed`.
    #[param(pattern = "^(hidden|scheduled|open|closed)$")]
    status: Option<String>,
    /// 1-based, default 1.
    #[param(pattern = "^[0-9]{1,7}$")]
    page: Option<String>,
    /// 1–100, default 20.
    #[param(pattern = "^[0-9]{1,3}$")]
    per_page: Option<String>,
}

/// The promotions, latest start first, with their answer and winner counts.
#[utoipa::path(get, path = "/backoffice/promotions", tags = [tags::BACKOFFICE, tags::STAFF],
    params(ListQuery),
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "A page of promotions, latest start first", body = Reply<PromotionPage>)))]
pub(super) async fn promotions_list(
    State(state): State<AppState>,
    user: AuthUser,
    query: std::result::Result<Query<ListQuery>, QueryRejection>,
) -> Result<Response> {
    require(&state, &user, PROMOTIONS).await?;
    let Ok(Query(query)) = query else {
        return Err(Error::bad_request("invalid query"));
    };
    let (page, per_page) = paging(query.page.as_deref(), query.per_page.as_deref())?;
    let now = now();
    let mut filter: Vec<String> = Vec::new();
    let mut args: Vec<Arg> = Vec::new();
    if let Some(q) = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        if q.chars().count() > QUERY_MAX || q.contains('\0') {
            return Err(Error::bad_request("invalid q"));
        }
        args.push(Arg::Text(contains_pattern(&q.to_lowercase())));
        filter.push(format!("LOWER(p.title) LIKE ${} ESCAPE '\\'", args.len()));
    }
    match query
        .status
        .as_deref()
        .filter(|s| !s.is_empty())
        .map(CampaignStatus::parse)
    {
        None => {}
        Some(None) => return Err(Error::bad_request("invalid status")),
        Some(Some(status)) => {
            if status == CampaignStatus::Hidden {
                filter.push("p.is_published = 0".into());
            } else {
                args.push(Arg::Int(now));
                let n = args.len();
                filter.push(match status {
                    CampaignStatus::Scheduled => format!("p.is_published = 1 AND p.starts_at > ${n}"),
                    CampaignStatus::Open => {
                        format!("p.is_published = 1 AND p.starts_at <= ${n} AND p.ends_at > ${n}")
                    }
                    _ => format!("p.is_published = 1 AND p.ends_at <= ${n}"),
                });
            }
        }
    }
    let filter = if filter.is_empty() {
        "1 = 1".to_owned()
    } else {
        filter.join(" AND ")
    };
    let total: i64 = bind_all(
        sqlx::query(&format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM promotions p WHERE {filter}"
        )),
        &args,
    )
    .fetch_one(&state.db.pool)
    .await?
    .try_get(0)?;
    let next = args.len() + 1;
    let sql = format!(
        "SELECT p.id, p.slug, p.title, p.is_published, p.starts_at, p.ends_at, p.image_url, p.is_pro, \
         (SELECT CAST(COUNT(*) AS BIGINT) FROM promotion_answers a WHERE a.promotion_id = p.id) AS answers, \
         (SELECT CAST(COUNT(*) AS BIGINT) FROM promotion_winners w WHERE w.promotion_id = p.id) AS winners \
         FROM promotions p WHERE {filter} ORDER BY p.starts_at DESC, p.id DESC LIMIT ${next} OFFSET ${}",
        next + 1
    );
    args.push(Arg::Int(per_page));
    args.push(Arg::Int((page - 1).saturating_mul(per_page)));
    let rows = bind_all(sqlx::query(&sql), &args)
        .fetch_all(&state.db.pool)
        .await?;
    let items = rows
        .iter()
        .map(|row| {
            let starts_at: i64 = row.try_get("starts_at")?;
            let ends_at: i64 = row.try_get("ends_at")?;
            Ok(PromotionRow {
                id: row.try_get("id")?,
                slug: row.try_get("slug")?,
                title: row.try_get("title")?,
                status: CampaignStatus::at(
                    row.try_get::<i64, _>("is_published")? != 0,
                    starts_at,
                    ends_at,
                    now,
                ),
                starts_at: iso(starts_at),
                ends_at: iso(ends_at),
                image_url: row.try_get("image_url")?,
                is_pro: row.try_get::<i64, _>("is_pro")? != 0,
                answers: row.try_get("answers")?,
                winners: row.try_get("winners")?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(no_store(ok(PromotionPage {
        items,
        total,
        page,
        per_page,
    })))
}

// ---------------------------------------------------------------------------------------------------
// One promotion

/// Everything the editor edits, with the answer count and the winners.
#[utoipa::path(get, path = "/backoffice/promotions/{id}", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The promotion")),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The promotion as stored, with its current version", body = Reply<PromotionDraft>),
        (status = 404, description = "'promotion not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn promotion_get(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Response> {
    require(&state, &user, PROMOTIONS).await?;
    let id = promotion_id(&id)?;
    let mut conn = state.db.pool.acquire().await?;
    let draft = load(&mut conn, id)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    Ok(no_store(ok(draft)))
}

/// A new promotion; its address is made from the title.
#[utoipa::path(post, path = "/backoffice/promotions", tags = [tags::BACKOFFICE, tags::STAFF],
    request_body = PromotionInput,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The promotion as stored (version 1)", body = Reply<PromotionDraft>),
        (status = 400, description = "A field breaks a rule (the Portuguese message of the first one)", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn promotion_create(
    State(state): State<AppState>,
    user: AuthUser,
    body: std::result::Result<ApiJson<PromotionInput>, Error>,
) -> Result<Response> {
    require(&state, &user, PROMOTIONS).await?;
    let ApiJson(raw) = body?;
    let (input, starts_at, ends_at) = resolve(&raw)?;
    let now = now();
    // The slug is read before the transaction, whose first statement is the insert (see news.rs).
    let mut conn = state.db.pool.acquire().await?;
    let mut attempts = 0;
    let (id, mut tx) = loop {
        let slug = free_slug(&mut conn, "promotions", &input.title, "promocao", &[]).await?;
        let mut tx = state.db.pool.begin().await?;
        let inserted: std::result::Result<i64, sqlx::Error> = sqlx::query_scalar(
            "INSERT INTO promotions (slug, title, short_description, description, rules, question, \
             image_url, featured_image_url, banner_url, featured_banner_url, color_scheme, is_pro, \
             is_editable, is_multiple, is_single_word, affiliate, is_published, starts_at, ends_at, \
             version, changed_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 1, $18) \
             RETURNING id",
        )
        .bind(&slug)
        .bind(&input.title)
        .bind(&input.short_description)
        .bind(&input.description)
        .bind(&input.rules)
        .bind(&input.question)
        .bind(&input.image_url)
        .bind(&input.banner_url)
        .bind(&input.color_scheme)
        .bind(i64::from(input.is_pro))
        .bind(i64::from(input.is_editable))
        .bind(i64::from(input.is_multiple))
        .bind(i64::from(input.is_single_word))
        .bind(&input.affiliate)
        .bind(i64::from(input.is_published))
        .bind(starts_at)
        .bind(ends_at)
        .bind(now)
        .fetch_one(&mut *tx)
        .await;
        match inserted {
            Ok(id) => break (id, tx),
            Err(sqlx::Error::Database(err)) if err.is_unique_violation() && attempts < 3 => attempts += 1,
            Err(err) => return Err(err.into()),
        }
    };
    drop(conn);
    let after = load(&mut tx, id)
        .await?
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("promotion {id} vanished inside its transaction")))?;
    record(
        &mut tx,
        user.user_id,
        "promotion.create",
        "promotion",
        Some(id),
        None,
        Some(&audit_copy(&after)),
    )
    .await?;
    tx.commit().await?;
    after_write(&state).await;
    Ok(no_store(ok(after)))
}

/// Replaces a promotion's fields (the address never changes). `version` must be the loaded one.
#[utoipa::path(put, path = "/backoffice/promotions/{id}", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The promotion")),
    request_body = PromotionInput,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The promotion as stored now (version bumped)", body = Reply<PromotionDraft>),
        (status = 400, description = "A field breaks a rule, or no version was sent", body = crate::openapi::ErrorReply),
        (status = 404, description = "'promotion not found'", body = crate::openapi::ErrorReply),
        (status = 409, description = "Someone saved it since it was loaded (PROMO_STALE)", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn promotion_update(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    body: std::result::Result<ApiJson<PromotionInput>, Error>,
) -> Result<Response> {
    require(&state, &user, PROMOTIONS).await?;
    let id = promotion_id(&id)?;
    let ApiJson(raw) = body?;
    let (input, starts_at, ends_at) = resolve(&raw)?;
    let version = raw
        .version
        .ok_or_else(|| Error::bad_request("version is required"))?;
    let mut tx = state.db.pool.begin().await?;
    lock(&mut tx, id).await?;
    let before = load(&mut tx, id)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    if Some(version) != before.input.version {
        return Err(Error::Conflict(messages::PROMO_STALE.to_owned()));
    }
    // A picture replaced also replaces its wide rendition (the seed keeps its own while unchanged).
    sqlx::query(
        "UPDATE promotions SET title = $1, short_description = $2, description = $3, rules = $4, \
         question = $5, featured_image_url = CASE WHEN image_url = $6 THEN featured_image_url ELSE $6 END, \
         image_url = $6, featured_banner_url = CASE WHEN banner_url = $7 THEN featured_banner_url ELSE $7 END, \
         banner_url = $7, color_scheme = $8, is_pro = $9, is_editable = $10, is_multiple = $11, \
         is_single_word = $12, affiliate = $13, is_published = $14, starts_at = $15, ends_at = $16, \
         changed_at = $17, version = version + 1 WHERE id = $18",
    )
    .bind(&input.title)
    .bind(&input.short_description)
    .bind(&input.description)
    .bind(&input.rules)
    .bind(&input.question)
    .bind(&input.image_url)
    .bind(&input.banner_url)
    .bind(&input.color_scheme)
    .bind(i64::from(input.is_pro))
    .bind(i64::from(input.is_editable))
    .bind(i64::from(input.is_multiple))
    .bind(i64::from(input.is_single_word))
    .bind(&input.affiliate)
    .bind(i64::from(input.is_published))
    .bind(starts_at)
    .bind(ends_at)
    .bind(now())
    .bind(id)
    .execute(&mut *tx)
    .await?;
    let after = load(&mut tx, id)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    record(
        &mut tx,
        user.user_id,
        "promotion.update",
        "promotion",
        Some(id),
        Some(&audit_copy(&before)),
        Some(&audit_copy(&after)),
    )
    .await?;
    tx.commit().await?;
    after_write(&state).await;
    Ok(no_store(ok(after)))
}

/// Deletes a promotion nobody has answered (one with answers is closed or hidden instead: the answers
/// and the winners are the listeners' record).
#[utoipa::path(delete, path = "/backoffice/promotions/{id}", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The promotion")),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "Deleted", body = EmptyReply),
        (status = 404, description = "'promotion not found'", body = crate::openapi::ErrorReply),
        (status = 409, description = "It has answers or winners (PROMO_HAS_ANSWERS)", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn promotion_delete(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Response> {
    require(&state, &user, PROMOTIONS).await?;
    let id = promotion_id(&id)?;
    let mut tx = state.db.pool.begin().await?;
    lock(&mut tx, id).await?;
    let before = load(&mut tx, id)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    if before.answers > 0 || !before.winners.is_empty() {
        return Err(Error::Conflict(messages::PROMO_HAS_ANSWERS.to_owned()));
    }
    sqlx::query("DELETE FROM promotions WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    record(
        &mut tx,
        user.user_id,
        "promotion.delete",
        "promotion",
        Some(id),
        Some(&audit_copy(&before)),
        None,
    )
    .await?;
    tx.commit().await?;
    after_write(&state).await;
    Ok(no_store(ok(())))
}

// ---------------------------------------------------------------------------------------------------
// Answers and the draw

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct AnswersQuery {
    /// 1-based, default 1.
    #[param(pattern = "^[0-9]{1,7}$")]
    page: Option<String>,
    /// 1–100, default 20.
    #[param(pattern = "^[0-9]{1,3}$")]
    per_page: Option<String>,
}

const ANSWER_COLUMNS: &str = "a.id, a.user_id, u.name, COALESCE(u.last_name, '') AS last_name, u.email, \
    COALESCE(c.name, '') AS city, COALESCE(s.uf, '') AS uf, a.answer, a.updated_at, \
    CASE WHEN EXISTS (SELECT 1 FROM promotion_winners w WHERE w.promotion_id = a.promotion_id \
      AND w.user_id = a.user_id) THEN 1 ELSE 0 END AS is_winner";
const ANSWER_FROM: &str = "FROM promotion_answers a JOIN users u ON u.id = a.user_id \
    LEFT JOIN cities c ON c.id = u.city_id LEFT JOIN states s ON s.id = u.state_id WHERE a.promotion_id = $1";

fn answer_row(row: &AnyRow) -> Result<PromotionAnswerRow> {
    let first: String = row.try_get("name")?;
    let last: String = row.try_get("last_name")?;
    Ok(PromotionAnswerRow {
        id: row.try_get("id")?,
        user_id: row.try_get("user_id")?,
        name: format!("{first} {last}").trim().to_owned(),
        email: row.try_get("email")?,
        city: row.try_get("city")?,
        uf: row.try_get("uf")?,
        answer: row.try_get("answer")?,
        answered_at: iso(row.try_get("updated_at")?),
        is_winner: row.try_get::<i64, _>("is_winner")? != 0,
    })
}

async fn exists(state: &AppState, id: i64) -> Result<()> {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM promotions WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await?;
    found.map(|_| ()).ok_or_else(|| Error::not_found(NOT_FOUND))
}

/// A page of the answers, latest first, with who sent each and whether they won.
#[utoipa::path(get, path = "/backoffice/promotions/{id}/answers", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The promotion"), AnswersQuery),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "A page of answers", body = Reply<PromotionAnswersPage>),
        (status = 404, description = "'promotion not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn promotion_answers(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    query: std::result::Result<Query<AnswersQuery>, QueryRejection>,
) -> Result<Response> {
    require(&state, &user, PROMOTIONS).await?;
    let id = promotion_id(&id)?;
    let Ok(Query(query)) = query else {
        return Err(Error::bad_request("invalid query"));
    };
    let (page, per_page) = paging(query.page.as_deref(), query.per_page.as_deref())?;
    exists(&state, id).await?;
    let total: i64 = sqlx::query_scalar(&format!("SELECT CAST(COUNT(*) AS BIGINT) {ANSWER_FROM}"))
        .bind(id)
        .fetch_one(&state.db.pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {ANSWER_COLUMNS} {ANSWER_FROM} ORDER BY a.updated_at DESC, a.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(id)
    .bind(per_page)
    .bind((page - 1).saturating_mul(per_page))
    .fetch_all(&state.db.pool)
    .await?;
    let items = rows.iter().map(answer_row).collect::<Result<Vec<_>>>()?;
    Ok(no_store(ok(PromotionAnswersPage {
        items,
        total,
        page,
        per_page,
    })))
}

/// One CSV field: quoted, and a leading `= + - @` (or tab/CR) defused with an apostrophe so a
/// spreadsheet never runs a listener's answer as a formula.
fn csv_field(text: &str) -> String {
    let defused = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    format!("\"{}\"", defused.replace('"', "\"\""))
}

/// Every answer as CSV (UTF-8 with a BOM, so spreadsheets read the accents), oldest first.
#[utoipa::path(get, path = "/backoffice/promotions/{id}/answers.csv", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The promotion")),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The answers as a CSV download", content_type = "text/csv", body = String),
        (status = 404, description = "'promotion not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn promotion_answers_csv(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Response> {
    require(&state, &user, PROMOTIONS).await?;
    let id = promotion_id(&id)?;
    let slug: String = sqlx::query_scalar("SELECT slug FROM promotions WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    let rows = sqlx::query(&format!(
        "SELECT {ANSWER_COLUMNS} {ANSWER_FROM} ORDER BY a.updated_at, a.id"
    ))
    .bind(id)
    .fetch_all(&state.db.pool)
    .await?;
    let mut csv = String::from("\u{feff}id;nome;e-mail;cidade;UF;resposta;data;ganhador\r\n");
    for row in &rows {
        let answer = answer_row(row)?;
        let fields = [
            answer.id.to_string(),
            csv_field(&answer.name),
            csv_field(&answer.email),
            csv_field(&answer.city),
            csv_field(&answer.uf),
            csv_field(&answer.answer),
            answer.answered_at,
            if answer.is_winner { "sim" } else { "não" }.to_owned(),
        ];
        csv.push_str(&fields.join(";"));
        csv.push_str("\r\n");
    }
    let disposition = format!("attachment; filename=\"respostas-{slug}.csv\"");
    let mut response = (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/csv; charset=utf-8"),
        )],
        csv,
    )
        .into_response();
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        response.headers_mut().insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(no_store(response))
}

/// Draws winners of an ended promotion among the eligible participants (`crate::draw`: reproducible
/// from the seed it answers), records them with the audit row, and e-mails them.
#[utoipa::path(post, path = "/backoffice/promotions/{id}/draw", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The promotion")),
    request_body = DrawRequest,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The draw and every winner so far", body = Reply<DrawResult>),
        (status = 400, description = "A count outside 1–100 (DRAW_COUNT)", body = crate::openapi::ErrorReply),
        (status = 404, description = "'promotion not found'", body = crate::openapi::ErrorReply),
        (status = 409, description = "Still open (DRAW_OPEN), or nobody left to draw (DRAW_EMPTY)", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn promotion_draw(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    body: std::result::Result<ApiJson<DrawRequest>, Error>,
) -> Result<Response> {
    require(&state, &user, PROMOTIONS).await?;
    let id = promotion_id(&id)?;
    let ApiJson(request) = body?;
    let count = usize::try_from(request.count)
        .ok()
        .filter(|count| (1..=validation::DRAW_MAX).contains(count))
        .ok_or_else(|| Error::bad_request(messages::DRAW_COUNT))?;
    let ends_at: i64 = sqlx::query_scalar("SELECT ends_at FROM promotions WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    if ends_at > now() {
        return Err(Error::Conflict(messages::DRAW_OPEN.to_owned()));
    }
    // The draw, its winners and its audit row in one transaction; the e-mails after it (a draw stands
    // whatever the mail does: a winner not mailed shows so, for a person to contact).
    let participants = draw::eligible(&state, id).await?;
    if participants.is_empty() {
        return Err(Error::Conflict(messages::DRAW_EMPTY.to_owned()));
    }
    let seed = random_hex(32);
    let mut tx = state.db.pool.begin().await?;
    let drawn_by = format!("backoffice:{}", user.user_id);
    let (draw_id, picked) = draw::record_draw(&mut tx, id, &participants, count, &seed, &drawn_by).await?;
    record(
        &mut tx,
        user.user_id,
        "promotion.draw",
        "promotion",
        Some(id),
        None,
        Some(&json!({ "drawId": draw_id, "seed": seed, "participants": participants.len(), "winners": picked })),
    )
    .await?;
    tx.commit().await?;
    draw::mail_winners(&state, draw_id, id, &picked).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(no_store(ok(DrawResult {
        draw_id,
        seed,
        participants: i64::try_from(participants.len()).unwrap_or(i64::MAX),
        winners: winners(&mut conn, id).await?,
    })))
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn csv_fields_are_quoted_and_formulas_defused() {
        assert_eq!(csv_field("Ana \"Bia\""), "\"Ana \"\"Bia\"\"\"");
        assert_eq!(csv_field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(csv_field("-2+3"), "\"'-2+3\"");
        assert_eq!(csv_field("São Paulo"), "\"São Paulo\"");
    }
}
