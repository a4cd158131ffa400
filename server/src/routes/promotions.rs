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
    promotions::{Promotion, PromotionWinner, SaveAnswerRequest, UserAnswer},
    validation,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    accounts::{self, registration_complete},
    auth::{
        AuthUser,
        rate_limit::{self, Key},
    },
    clock::now,
    data::promotions,
    error::ok,
    extract::{ApiJson, ApiPath, path_number},
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
    Ok(ok(promotions::open(&state.db).await?))
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
    promotions::closed(&state.db, count, offset).await.map(ok)
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
    promotions::closed(&state.db, count, 0).await.map(ok)
}

/// C17: without count the API's default page of 6.
#[utoipa::path(get, path = "/promotions/getClosedPromotions", tag = tags::PROMOTIONS,
    responses((status = 200, description = "The six latest closed promotions", body = Reply<Vec<Promotion>>)))]
async fn get_closed_promotions_default(
    State(state): State<AppState>,
) -> Result<Json<Envelope<Vec<Promotion>>>> {
    promotions::closed(&state.db, DEFAULT_CLOSED_COUNT, 0)
        .await
        .map(ok)
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
    let promotion = promotions::public_by_slug(&state.db, &slug)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    Ok(ok(promotion))
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
    Ok(ok(promotions::latest_answer(
        &state.db,
        user.user_id,
        promotion_id,
    )
    .await?))
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
    if promotions::public_by_id(&state.db, promotion_id).await?.is_none() {
        return Err(Error::not_found(NOT_FOUND));
    }
    Ok(ok(promotions::winners(&state.db, promotion_id).await?))
}

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
    let promotion = promotions::public_by_id(&state.db, request.id_promotion)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
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
            let owner = promotions::answer_owner(&state.db, answer_id).await?;
            if owner != Some((user.user_id, promotion.id_promocao)) {
                return Err(Error::Forbidden("not your answer".to_owned()));
            }
            if !promotion.rs_editavel.is_yes() || promotion.rs_multiple.is_yes() {
                return Err(Error::bad_request("answer already given"));
            }
            promotions::edit_answer(&state.db, answer_id, user.user_id, answer, now).await?;
            answer_id
        }
        None => {
            let single_user = (!promotion.rs_multiple.is_yes()).then_some(user.user_id);
            let id = promotions::add_answer(
                &state.db,
                promotion.id_promocao,
                user.user_id,
                single_user,
                answer,
                now,
            )
            .await?;
            id.ok_or_else(|| Error::bad_request("answer already given"))?
        }
    };
    Ok(Json(Envelope {
        message: "answer saved".to_owned(),
        ..Envelope::success(promotions::user_answer(saved, answer.to_owned(), now))
    }))
}
