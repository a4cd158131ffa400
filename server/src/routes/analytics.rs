//! First-party analytics (doc1 §4 "Analytics"): the browser's batches of events, above all the player's
//! heartbeat every 240 s and the listening milestones, stored for the statistics instead of being
//! handed to a third-party service. `POST /api/v1/analytics/events`.

use axum::{Json, extract::State};
use onda_shared::{
    Envelope,
    live::{AnalyticsBatch, AnalyticsStored},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    auth::{MaybeAuthUser, rate_limit},
    clock::now_ms,
    error::ok,
    extract::{ApiJson, ClientIp},
    openapi::{Reply, tags},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(store_events))
}

/// A browser sends at most this many events at once (the sender batches a few seconds' worth).
pub const MAX_BATCH: usize = 100;

/// Browser clocks can be wrong: an event claimed further than this from the server clock is stored at
/// the server's time.
const CLOCK_TOLERANCE_MS: i64 = 24 * 3600 * 1000;

fn valid_token(value: &str, max: usize) -> bool {
    !value.is_empty()
        && value.len() <= max
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':'))
}

/// Stores a browser's batch of analytics events (with the listener's account when a session is sent).
#[utoipa::path(post, path = "/analytics/events", tag = tags::ANALYTICS,
    request_body = AnalyticsBatch,
    security((), ("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "How many events were stored", body = Reply<AnalyticsStored>)))]
async fn store_events(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    MaybeAuthUser(user): MaybeAuthUser,
    ApiJson(batch): ApiJson<AnalyticsBatch>,
) -> Result<Json<Envelope<AnalyticsStored>>> {
    if !valid_token(&batch.client_id, 64) {
        return Err(Error::bad_request("invalid clientId"));
    }
    if batch.events.len() > MAX_BATCH {
        return Err(Error::bad_request(format!(
            "at most {MAX_BATCH} events per batch"
        )));
    }
    for event in &batch.events {
        let category_ok = !event.category.trim().is_empty() && event.category.chars().count() <= 64;
        let action_ok = !event.action.trim().is_empty() && event.action.chars().count() <= 64;
        let label_ok = event
            .label
            .as_ref()
            .is_none_or(|label| label.chars().count() <= 200);
        let stream_ok = event
            .stream_id
            .as_ref()
            .is_none_or(|stream| valid_token(stream, 100));
        if !(category_ok && action_ok && label_ok && stream_ok) {
            return Err(Error::bad_request("invalid event"));
        }
    }
    rate_limit::hit(&state.db, &rate_limit::ANALYTICS, rate_limit::Key::Ip(ip)).await?;
    let received = now_ms();
    let mut tx = state.db.pool.begin().await?;
    for event in &batch.events {
        // abs_diff: a client may send any i64, and `at - received` would overflow at the extremes.
        let at = if event.at.abs_diff(received) > CLOCK_TOLERANCE_MS.unsigned_abs() {
            received
        } else {
            event.at
        };
        sqlx::query(
            "INSERT INTO analytics_events (client_id, user_id, category, action, label, value, stream_id, \
             at_ms, received_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&batch.client_id)
        .bind(user.as_ref().map(|user| user.user_id))
        .bind(event.category.trim())
        .bind(event.action.trim())
        .bind(event.label.as_deref())
        .bind(event.value)
        .bind(event.stream_id.as_deref())
        .bind(at)
        .bind(received)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(ok(AnalyticsStored {
        stored: i64::try_from(batch.events.len()).unwrap_or(i64::MAX),
    }))
}
