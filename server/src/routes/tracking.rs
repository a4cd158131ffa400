//! Tracking calls of the content pages (doc3 §7, decisions G54, G57, G64): batched news views (anonymous
//! or with a session), single-news hits and tag hits. The client only logs failures, so every refusal is a
//! plain 400/401/404 in the envelope.
//!
//! - `newsViewsHit`/`newsViewsHitAuth` store each view in `news_views` (a browser session counts an item
//!   once per Brasília day) and add the counted ones to `news_daily_views`, the source of 'most read of
//!   the week'.
//! - `newsHit {slug}` adds one to the item's all-time reads (`news.views`).
//! - `tagHit {tag}` adds one to the tag's page openings (`tags.hits`).

use std::collections::HashSet;

use axum::{Json, extract::State};
use onda_shared::{
    Envelope,
    news::{NewsHit, NewsViewsCounted, NewsViewsHit, TagHit},
};

use super::news::{NEWS_NOT_FOUND, TAG_NOT_FOUND};
use crate::{
    AppState, Error, Result,
    auth::AuthUser,
    clock::{brasilia_day, now},
    db::value_rows,
    error::ok,
    extract::ApiJson,
    openapi::{EmptyReply, Reply, tags},
};
use utoipa_axum::{router::OpenApiRouter, routes};

/// At most this many views in one batch.
pub const MAX_VIEWS_PER_BATCH: usize = 100;
/// `sendTime` may differ from the server clock by this much (milliseconds).
const SEND_TIME_SKEW_MS: i64 = 24 * 3600 * 1000;
/// A view may be this much older than the batch (the client keeps unsent views for retry) …
const VIEW_MAX_AGE_MS: i64 = 24 * 3600 * 1000;
/// … and this much newer (clock jitter within the browser).
const VIEW_MAX_AHEAD_MS: i64 = 60 * 1000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(news_views_hit))
        .routes(routes!(news_views_hit_auth))
        .routes(routes!(news_hit))
        .routes(routes!(tag_hit))
}

/// TR-01: a batch of anonymous news views; each item counts once per browser session and day.
#[utoipa::path(post, path = "/tracking/newsViewsHit", tag = tags::TRACKING,
    request_body = NewsViewsHit,
    responses((status = 200, description = "How many views were counted (unknown items are ignored)",
        body = Reply<NewsViewsCounted>)))]
async fn news_views_hit(
    State(state): State<AppState>,
    ApiJson(batch): ApiJson<NewsViewsHit>,
) -> Result<Json<Envelope<NewsViewsCounted>>> {
    Ok(ok(record_views(&state, batch, None).await?))
}

/// TR-02: the same with a session; without one, 401.
#[utoipa::path(post, path = "/tracking/newsViewsHitAuth", tag = tags::TRACKING,
    request_body = NewsViewsHit,
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "How many views were counted (unknown items are ignored)",
        body = Reply<NewsViewsCounted>)))]
async fn news_views_hit_auth(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(batch): ApiJson<NewsViewsHit>,
) -> Result<Json<Envelope<NewsViewsCounted>>> {
    Ok(ok(record_views(&state, batch, Some(user.user_id)).await?))
}

/// Validates a batch, stores its views and counts the new ones. Views of unknown items are ignored.
async fn record_views(
    state: &AppState,
    batch: NewsViewsHit,
    user_id: Option<i64>,
) -> Result<NewsViewsCounted> {
    let session = batch.session_hash.trim().to_ascii_lowercase();
    if session.len() != 32 || !session.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(Error::bad_request("invalid sessionHash"));
    }
    if batch.news_views.is_empty() {
        return Err(Error::bad_request("newsViews is empty"));
    }
    if batch.news_views.len() > MAX_VIEWS_PER_BATCH {
        return Err(Error::bad_request("too many newsViews"));
    }
    let now = now();
    let now_ms = now.saturating_mul(1000);
    // abs_diff: `saturating_sub(..).abs()` would overflow on a sendTime near i64::MIN.
    if batch.send_time.abs_diff(now_ms) > SEND_TIME_SKEW_MS.unsigned_abs() {
        return Err(Error::bad_request("invalid sendTime"));
    }
    // (news id, Brasília day, when seen on the server clock), one per item and day.
    let mut views: Vec<(i64, String, i64)> = Vec::new();
    let mut seen = HashSet::new();
    for view in &batch.news_views {
        if view.news_id <= 0 {
            return Err(Error::bad_request("invalid newsId"));
        }
        let age = batch.send_time.saturating_sub(view.timestamp);
        if !(-VIEW_MAX_AHEAD_MS..=VIEW_MAX_AGE_MS).contains(&age) {
            return Err(Error::bad_request("invalid timestamp"));
        }
        let viewed_at = now - age.max(0) / 1000;
        let day = brasilia_day(viewed_at);
        if seen.insert((view.news_id, day.clone())) {
            views.push((view.news_id, day, viewed_at));
        }
    }

    let mut tx = state.db.pool.begin().await?;
    let ids: Vec<i64> = views
        .iter()
        .map(|(id, _, _)| *id)
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    // Only public items are read (a draft's id counts nothing).
    let known = crate::data::news::public_among(&mut tx, &ids, now).await?;
    views.retain(|(id, _, _)| known.contains(id));
    if views.is_empty() {
        tx.commit().await?;
        return Ok(NewsViewsCounted { counted: 0 });
    }

    // One row per view; the unique (session, item, day) index drops the ones already counted.
    let sql = format!(
        "INSERT INTO news_views (news_id, session_hash, user_id, day, viewed_at, received_at) VALUES {} \
         ON CONFLICT (session_hash, news_id, day) DO NOTHING RETURNING news_id, day",
        value_rows(1, views.len(), 6)
    );
    let mut insert = sqlx::query_as::<_, (i64, String)>(&sql);
    for (news_id, day, viewed_at) in &views {
        insert = insert
            .bind(*news_id)
            .bind(session.as_str())
            .bind(user_id)
            .bind(day.as_str())
            .bind(*viewed_at)
            .bind(now);
    }
    let counted = insert.fetch_all(&mut *tx).await?;
    if !counted.is_empty() {
        let sql = format!(
            "INSERT INTO news_daily_views (news_id, day, views) VALUES {} \
             ON CONFLICT (news_id, day) DO UPDATE SET views = news_daily_views.views + excluded.views",
            value_rows(1, counted.len(), 3)
        );
        let mut upsert = sqlx::query(&sql);
        for (news_id, day) in &counted {
            upsert = upsert.bind(*news_id).bind(day.as_str()).bind(1_i64);
        }
        upsert.execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(NewsViewsCounted {
        counted: counted.len() as i64,
    })
}

/// `newsHit {slug}` (G64): one read of a single news page.
#[utoipa::path(post, path = "/tracking/newsHit", tag = tags::TRACKING,
    request_body = NewsHit,
    responses((status = 200, description = "Counted (404 when no news item has this slug)", body = EmptyReply)))]
async fn news_hit(
    State(state): State<AppState>,
    ApiJson(hit): ApiJson<NewsHit>,
) -> Result<Json<Envelope<()>>> {
    let slug = hit.slug.trim();
    if slug.is_empty() || slug.len() > 200 {
        return Err(Error::bad_request("invalid slug"));
    }
    if !crate::data::news::count_view(&state.db, slug).await? {
        return Err(Error::not_found(NEWS_NOT_FOUND));
    }
    Ok(ok(()))
}

/// `tagHit {tag}`: one opening of a tag page.
#[utoipa::path(post, path = "/tracking/tagHit", tag = tags::TRACKING,
    request_body = TagHit,
    responses((status = 200, description = "Counted (404 when no tag has this slug)", body = EmptyReply)))]
async fn tag_hit(State(state): State<AppState>, ApiJson(hit): ApiJson<TagHit>) -> Result<Json<Envelope<()>>> {
    let tag = hit.tag.trim().to_lowercase();
    if tag.is_empty() || tag.len() > 200 {
        return Err(Error::bad_request("invalid tag"));
    }
    let done = sqlx::query("UPDATE tags SET hits = hits + 1 WHERE slug = $1")
        .bind(&tag)
        .execute(&state.db.pool)
        .await?;
    if done.rows_affected() == 0 {
        return Err(Error::not_found(TAG_NOT_FOUND));
    }
    Ok(ok(()))
}
