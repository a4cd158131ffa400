//! Promotions (doc2 §2 Promotions, §3, §5, §7; decisions C12, C17, G48–G50, S11, S14).
//!
//! - `getAllPublishedPromotions`: the open ones (published, started, not ended), the page's slider.
//! - `getClosedPromotions/{count}/{offset}` (count before offset, C17; also without offset or count:
//!   6 and 0): ended ones, the latest ended first.
//! - `getPromotionBySlug/{slug}`: a published, started promotion, or 404 like news.
//! - `getUserAnswer/{id}`, `getPromotionWinners/{id}` (C12: winners are personal data, so a session is
//!   needed) and `saveAnswer`, which re-checks every rule of G48 and the G50 ownership whatever the client
//!   sends. The database keeps "one answer per person" itself (`promotion_answers_single`), so two first
//!   answers sent at once cannot both land.
//!
//! Winners are drawn by staff with `onda-server admin draw-winners` (`crate::draw`).

use axum::{Json, extract::State};
use onda_shared::{
    Envelope,
    promotions::{Promotion, PromotionWinner, SaveAnswerRequest, UserAnswer, YesNo},
    validation,
};
use sqlx::{Row, any::AnyRow};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    accounts::{self, registration_complete},
    auth::{
        AuthUser,
        rate_limit::{self, Key},
    },
    clock::{iso, now},
    db::Db,
    error::ok,
    extract::{ApiJson, ApiPath, path_number},
    html::sanitize,
    openapi::{Reply, tags},
};

/// C17: the API's page size when the call names none.
const DEFAULT_CLOSED_COUNT: i64 = 6;
const MAX_COUNT: i64 = 100;
const MAX_OFFSET: i64 = 1_000_000;
const MAX_SLUG: usize = 200;
/// Promotion ids in paths.
const MAX_ID: i64 = i64::MAX / 2;
pub const NOT_FOUND: &str = "promotion not found";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_all_published_promotions))
        .routes(routes!(get_closed_promotions))
        .routes(routes!(get_closed_promotions_count))
        .routes(routes!(get_closed_promotions_default))
        .routes(routes!(get_promotion_by_slug))
        .routes(routes!(get_user_answer))
        .routes(routes!(get_promotion_winners))
        .routes(routes!(save_answer))
}

/// The open promotions: published, started and not ended, the newest first.
#[utoipa::path(get, path = "/promotions/getAllPublishedPromotions", tag = tags::PROMOTIONS,
    responses((status = 200, description = "The open promotions", body = Reply<Vec<Promotion>>)))]
async fn get_all_published_promotions(
    State(state): State<AppState>,
) -> Result<Json<Envelope<Vec<Promotion>>>> {
    let now = now();
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM promotions WHERE is_published = 1 AND starts_at <= $1 AND ends_at > $1 \
         ORDER BY starts_at DESC, id DESC"
    ))
    .bind(now)
    .fetch_all(&state.db.pool)
    .await?;
    Ok(ok(rows
        .iter()
        .map(|row| promotion(row, now))
        .collect::<Result<_, _>>()?))
}

/// C17: ended promotions, `count` of them after skipping `offset`, the latest ended first.
#[utoipa::path(get, path = "/promotions/getClosedPromotions/{count}/{offset}", tag = tags::PROMOTIONS,
    params(
        ("count" = String, Path, pattern = "^([1-9][0-9]?|100)$", description = "How many, 1 to 100"),
        ("offset" = String, Path, pattern = "^(0|[1-9][0-9]{0,5}|1000000)$", description = "How many to skip, 0 to 1000000"),
    ),
    responses((status = 200, description = "A page of closed promotions (shorter than count at the end)", body = Reply<Vec<Promotion>>)))]
async fn get_closed_promotions(
    State(state): State<AppState>,
    ApiPath((count, offset)): ApiPath<(String, String)>,
) -> Result<Json<Envelope<Vec<Promotion>>>> {
    let count = path_number(&count, "count", 1, MAX_COUNT)?;
    let offset = path_number(&offset, "offset", 0, MAX_OFFSET)?;
    closed(&state.db, count, offset).await.map(ok)
}

/// C17: `getClosedPromotions/{count}` starts at the first.
#[utoipa::path(get, path = "/promotions/getClosedPromotions/{count}", tag = tags::PROMOTIONS,
    params(("count" = String, Path, pattern = "^([1-9][0-9]?|100)$", description = "How many, 1 to 100")),
    responses((status = 200, description = "The first closed promotions", body = Reply<Vec<Promotion>>)))]
async fn get_closed_promotions_count(
    State(state): State<AppState>,
    ApiPath(count): ApiPath<String>,
) -> Result<Json<Envelope<Vec<Promotion>>>> {
    let count = path_number(&count, "count", 1, MAX_COUNT)?;
    closed(&state.db, count, 0).await.map(ok)
}

/// C17: without count the API's default page of 6.
#[utoipa::path(get, path = "/promotions/getClosedPromotions", tag = tags::PROMOTIONS,
    responses((status = 200, description = "The six latest closed promotions", body = Reply<Vec<Promotion>>)))]
async fn get_closed_promotions_default(
    State(state): State<AppState>,
) -> Result<Json<Envelope<Vec<Promotion>>>> {
    closed(&state.db, DEFAULT_CLOSED_COUNT, 0).await.map(ok)
}

async fn closed(db: &Db, count: i64, offset: i64) -> Result<Vec<Promotion>> {
    let now = now();
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM promotions WHERE is_published = 1 AND ends_at <= $1 \
         ORDER BY ends_at DESC, id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(now)
    .bind(count)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .iter()
        .map(|row| promotion(row, now))
        .collect::<Result<_, _>>()?)
}

/// One promotion by its slug; 404 when it is unknown, unpublished or not started.
#[utoipa::path(get, path = "/promotions/getPromotionBySlug/{slug}", tag = tags::PROMOTIONS,
    params(("slug" = String, Path, description = "The promotion's slug; unknown: 404")),
    responses(
        (status = 200, description = "The promotion", body = Reply<Promotion>),
        (status = 404, description = "No such promotion", body = crate::openapi::ErrorReply),
    ))]
async fn get_promotion_by_slug(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<Json<Envelope<Promotion>>> {
    let slug = slug.trim().to_lowercase();
    if slug.is_empty() || slug.len() > MAX_SLUG {
        return Err(Error::not_found(NOT_FOUND));
    }
    let now = now();
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM promotions WHERE slug = $1 AND is_published = 1 AND starts_at <= $2"
    ))
    .bind(&slug)
    .bind(now)
    .fetch_optional(&state.db.pool)
    .await?
    .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    Ok(ok(promotion(&row, now)?))
}

/// The caller's latest answer to a promotion, or null.
#[utoipa::path(get, path = "/promotions/getUserAnswer/{promotion_id}", tag = tags::PROMOTIONS,
    params(("promotion_id" = String, Path, pattern = "^[1-9][0-9]{0,9}$", description = "The promotion's id")),
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "The answer (null when none)", body = Reply<UserAnswer>)))]
async fn get_user_answer(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(promotion_id): ApiPath<String>,
) -> Result<Json<Envelope<Option<UserAnswer>>>> {
    let promotion_id = path_number(&promotion_id, "promotionId", 1, MAX_ID)?;
    let row: Option<(i64, String, i64)> = sqlx::query_as(
        "SELECT id, answer, updated_at FROM promotion_answers WHERE user_id = $1 AND promotion_id = $2 \
         ORDER BY id DESC LIMIT 1",
    )
    .bind(user.user_id)
    .bind(promotion_id)
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(ok(row.map(|(id, answer, at)| user_answer(id, answer, at))))
}

/// C12: the winners of a promotion, for a logged-in caller (401 otherwise); empty when none.
#[utoipa::path(get, path = "/promotions/getPromotionWinners/{promotion_id}", tag = tags::PROMOTIONS,
    params(("promotion_id" = String, Path, pattern = "^[1-9][0-9]{0,9}$", description = "The promotion's id")),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The winners in the order they were drawn", body = Reply<Vec<PromotionWinner>>),
        (status = 404, description = "No such promotion", body = crate::openapi::ErrorReply),
    ))]
async fn get_promotion_winners(
    State(state): State<AppState>,
    _user: AuthUser,
    ApiPath(promotion_id): ApiPath<String>,
) -> Result<Json<Envelope<Vec<PromotionWinner>>>> {
    let promotion_id = path_number(&promotion_id, "promotionId", 1, MAX_ID)?;
    let known: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM promotions WHERE id = $1 AND is_published = 1 AND starts_at <= $2",
    )
    .bind(promotion_id)
    .bind(now())
    .fetch_optional(&state.db.pool)
    .await?;
    if known.is_none() {
        return Err(Error::not_found(NOT_FOUND));
    }
    let rows: Vec<WinnerRow> = sqlx::query_as(
        "SELECT w.first_name, w.last_name, w.city, w.state_id, s.uf, w.won_on \
         FROM promotion_winners w LEFT JOIN states s ON s.id = w.state_id \
         WHERE w.promotion_id = $1 ORDER BY w.won_on, w.id",
    )
    .bind(promotion_id)
    .fetch_all(&state.db.pool)
    .await?;
    Ok(ok(rows
        .into_iter()
        .map(
            |(tx_nome, tx_sobrenome, tx_cidade, id_estado, uf, dt_vencedor)| PromotionWinner {
                tx_nome,
                tx_sobrenome,
                tx_cidade,
                id_estado,
                sg_estado: uf.unwrap_or_default(),
                dt_vencedor,
            },
        )
        .collect()))
}

/// A winner as listed: first and last name, city, state id and UF, the day they won.
type WinnerRow = (String, String, String, Option<i64>, Option<String>, String);

/// Records or edits the caller's answer, after every check of G48 and G50.
#[utoipa::path(post, path = "/promotions/saveAnswer", tag = tags::PROMOTIONS,
    request_body = SaveAnswerRequest,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The stored answer, message 'answer saved'", body = Reply<UserAnswer>),
        (status = 400, description = "'promotion closed', 'answer required', 'answer too long', 'answer already given'", body = crate::openapi::ErrorReply),
        (status = 403, description = "'pro only', 'registration incomplete', 'not your answer'", body = crate::openapi::ErrorReply),
        (status = 404, description = "No such promotion", body = crate::openapi::ErrorReply),
    ))]
async fn save_answer(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(request): ApiJson<SaveAnswerRequest>,
) -> Result<Json<Envelope<UserAnswer>>> {
    let now = now();
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM promotions WHERE id = $1 AND is_published = 1 AND starts_at <= $2"
    ))
    .bind(request.id_promotion)
    .bind(now)
    .fetch_optional(&state.db.pool)
    .await?
    .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    let promotion = promotion(&row, now)?;
    // G48, in its order.
    let account = accounts::user_by_id(&state.db, user.user_id)
        .await?
        .ok_or(Error::Unauthorized)?;
    if promotion.pro && !accounts::is_pro(&state.db, user.user_id).await? {
        return Err(Error::Forbidden("pro only".to_owned()));
    }
    if !registration_complete(&account) {
        return Err(Error::Forbidden("registration incomplete".to_owned()));
    }
    if !promotion.is_open {
        return Err(Error::bad_request("promotion closed"));
    }
    let answer = request.answer.trim();
    if answer.is_empty() {
        return Err(Error::bad_request("answer required"));
    }
    if answer.chars().count() > validation::promotion_answer_max(promotion.rs_keywords.is_yes()) {
        return Err(Error::bad_request("answer too long"));
    }
    rate_limit::hit(&state.db, &rate_limit::PROMOTION_ANSWER, Key::User(user.user_id)).await?;

    let saved = match request.id_user_promotion.filter(|id| *id > 0) {
        // G50: an edit names the caller's own answer to this very promotion, and only an editable
        // single-answer promotion takes edits.
        Some(answer_id) => {
            let owner: Option<(i64, i64)> =
                sqlx::query_as("SELECT user_id, promotion_id FROM promotion_answers WHERE id = $1")
                    .bind(answer_id)
                    .fetch_optional(&state.db.pool)
                    .await?;
            if owner != Some((user.user_id, promotion.id_promocao)) {
                return Err(Error::Forbidden("not your answer".to_owned()));
            }
            if !promotion.rs_editavel.is_yes() || promotion.rs_multiple.is_yes() {
                return Err(Error::bad_request("answer already given"));
            }
            sqlx::query(
                "UPDATE promotion_answers SET answer = $1, updated_at = $2 WHERE id = $3 AND user_id = $4",
            )
            .bind(answer)
            .bind(now)
            .bind(answer_id)
            .bind(user.user_id)
            .execute(&state.db.pool)
            .await?;
            answer_id
        }
        None => {
            let single_user = (!promotion.rs_multiple.is_yes()).then_some(user.user_id);
            let id: Option<i64> = sqlx::query_scalar(
                "INSERT INTO promotion_answers (promotion_id, user_id, single_user, answer, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (promotion_id, single_user) DO NOTHING RETURNING id",
            )
            .bind(promotion.id_promocao)
            .bind(user.user_id)
            .bind(single_user)
            .bind(answer)
            .bind(now)
            .fetch_optional(&state.db.pool)
            .await?;
            id.ok_or_else(|| Error::bad_request("answer already given"))?
        }
    };
    Ok(Json(Envelope {
        message: "answer saved".to_owned(),
        ..Envelope::success(user_answer(saved, answer.to_owned(), now))
    }))
}

const COLUMNS: &str = "id, slug, title, description, short_description, rules, question, banner_url, \
    featured_banner_url, image_url, featured_image_url, color_scheme, is_pro, is_editable, is_multiple, \
    is_single_word, affiliate, is_published, starts_at, ends_at";

/// A promotion row as the wire has it. The HTML is sanitised again on the way out (S11: it is
/// sanitised when written; the seed writes the table directly).
fn promotion(row: &AnyRow, now: i64) -> Result<Promotion, sqlx::Error> {
    let flag = |name: &str| row.try_get::<i64, _>(name).map(|value| value != 0);
    let starts_at: i64 = row.try_get("starts_at")?;
    let ends_at: i64 = row.try_get("ends_at")?;
    let color: String = row.try_get("color_scheme")?;
    Ok(Promotion {
        id_promocao: row.try_get("id")?,
        tx_promocao: row.try_get("title")?,
        url_promocao: row.try_get("slug")?,
        tx_descricao: sanitize(&row.try_get::<String, _>("description")?),
        tx_descricao_curta: row.try_get("short_description")?,
        tx_regulamento: sanitize(&row.try_get::<String, _>("rules")?),
        tx_banner: row.try_get("banner_url")?,
        tx_banner_destaque: row.try_get("featured_banner_url")?,
        tx_imageNew: row.try_get("image_url")?,
        tx_featuredImageNew: row.try_get("featured_image_url")?,
        tx_colorScheme: if color == "D" { "D" } else { "L" }.to_owned(),
        pro: flag("is_pro")?,
        rs_editavel: YesNo::from_flag(flag("is_editable")?),
        rs_multiple: YesNo::from_flag(flag("is_multiple")?),
        rs_keywords: YesNo::from_flag(flag("is_single_word")?),
        filial: row.try_get("affiliate")?,
        question: row.try_get("question")?,
        dt_inicio: iso(starts_at),
        dt_fim: iso(ends_at),
        is_open: flag("is_published")? && starts_at <= now && now < ends_at,
    })
}

fn user_answer(id: i64, answer: String, at: i64) -> UserAnswer {
    UserAnswer {
        id_participante_promocao: id,
        tx_resposta: answer,
        dt_resposta: iso(at),
    }
}
