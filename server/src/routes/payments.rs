//! PRO entitlement: `isPro` derived from `subscriptions` on every read, and the payment webhook
//! (`POST /api/v1/payments/webhook`) that keeps the subscriptions current.
//!
//! Webhook authentication: header `X-Onda-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>` computed
//! with `ONDA_PAYMENT_WEBHOOK_SECRET` over `"<t>.<raw body>"`. Timestamps more than 5 minutes away
//! are refused (stale), and each event id is processed once (replay protection).
//!
//! Body: `{"id": "evt_…", "type": "subscription.updated", "data": {"email": "…", "plan":
//! "monthly"|"annual", "source": "app_store"|"play_store"|"processor", "status":
//! "active"|"cancelled"|"expired", "currentPeriodEnd": "YYYY-MM-DD", "externalId": "sub_…"}}`.

use axum::{Json, body::Bytes, extract::State, http::HeaderMap};
use hmac::{Hmac, Mac};
use onda_shared::Envelope;
use serde::Deserialize;
use serde_json::Value;
use sha2::Sha256;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result, accounts, clock,
    error::ok,
    openapi::{EmptyReply, ErrorReply, tags},
};

/// Signatures older or newer than this are refused.
pub const TOLERANCE_SECONDS: i64 = 300;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(webhook))
}

/// The HMAC-SHA256 of `"<t>.<body>"`, hex.
pub fn signature(secret: &str, timestamp: i64, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC accepts keys of any length"));
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

fn verify_signature(secret: &str, header: &str, body: &[u8], now: i64) -> Result<()> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => signatures.push(value.to_owned()),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or_else(|| Error::Forbidden("invalid signature".to_owned()))?;
    if (now - timestamp).abs() > TOLERANCE_SECONDS {
        return Err(Error::Forbidden("stale signature".to_owned()));
    }
    let valid = signatures.iter().any(|candidate| {
        let Ok(bytes) = hex::decode(candidate) else {
            return false;
        };
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes())
            .unwrap_or_else(|_| unreachable!("HMAC accepts keys of any length"));
        mac.update(timestamp.to_string().as_bytes());
        mac.update(b".");
        mac.update(body);
        // Constant-time comparison.
        mac.verify_slice(&bytes).is_ok()
    });
    if valid {
        Ok(())
    } else {
        Err(Error::Forbidden("invalid signature".to_owned()))
    }
}

/// A subscription event of the payment processor.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = PaymentEvent)]
struct Event {
    /// The processor's event id; each id is processed once.
    id: String,
    /// e.g. `subscription.updated` (informative).
    #[serde(rename = "type")]
    kind: String,
    data: SubscriptionData,
}

/// The subscription an event reports.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct SubscriptionData {
    /// The listener's account e-mail.
    email: String,
    #[schema(pattern = "^(monthly|annual)$")]
    plan: String,
    #[schema(pattern = "^(app_store|play_store|processor)$")]
    source: String,
    #[schema(pattern = "^(active|cancelled|expired)$")]
    status: String,
    /// 'YYYY-MM-DD'
    current_period_end: Option<String>,
    external_id: String,
}

/// The payment processor's webhook: signed subscription events that keep PRO entitlements current.
#[utoipa::path(post, path = "/payments/webhook", tag = tags::PAYMENTS,
    request_body(content = Event, description = "The event; the signature covers the raw body"),
    params(("X-Onda-Signature" = Option<String>, Header,
        description = "`t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<raw body>\">` with the webhook secret")),
    responses(
        (status = 200, description = "Processed; a refusal ('user not found', 'event already processed') has \
            status \"error\"", body = EmptyReply),
        (status = 403, description = "Missing, invalid or stale signature, or no webhook secret configured",
            body = ErrorReply),
    ))]
async fn webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: std::result::Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<Json<Envelope<Value>>> {
    // Over the body limit: 413 in the envelope, like a JSON body (extract::ApiJson).
    let body = body.map_err(|rejection| {
        if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            Error::PayloadTooLarge
        } else {
            Error::bad_request("invalid request body")
        }
    })?;
    let Some(secret) = state
        .config
        .payment_webhook_secret
        .as_deref()
        .filter(|secret| !secret.is_empty())
    else {
        return Err(Error::Forbidden("webhook not configured".to_owned()));
    };
    let header = headers
        .get("x-onda-signature")
        .and_then(|value| value.to_str().ok())
        .ok_or_else(|| Error::Forbidden("missing signature".to_owned()))?;
    verify_signature(secret, header, &body, clock::now())?;
    let event: Event =
        serde_json::from_slice(&body).map_err(|err| Error::bad_request(format!("invalid event: {err}")))?;
    let data = &event.data;
    if !["monthly", "annual"].contains(&data.plan.as_str())
        || !["app_store", "play_store", "processor"].contains(&data.source.as_str())
        || !["active", "cancelled", "expired"].contains(&data.status.as_str())
        || data
            .current_period_end
            .as_deref()
            .is_some_and(|date| onda_shared::validation::parse_date(date).is_none())
        || data.external_id.trim().is_empty()
    {
        return Err(Error::bad_request("invalid event data"));
    }
    // Looked up before the event id is recorded, so a retry after the account exists is processed.
    let Some(user) = accounts::user_by_email(&state.db, &data.email).await? else {
        tracing::warn!(event = %event.id, "payment event for an unknown e-mail");
        return Err(Error::refused("user not found"));
    };
    let now = clock::now();
    let fresh = sqlx::query(
        "INSERT INTO webhook_events (id, received_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING",
    )
    .bind(&event.id)
    .bind(now)
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    if fresh == 0 {
        return Err(Error::refused("event already processed"));
    }
    sqlx::query(
        "INSERT INTO subscriptions (user_id, plan, source, status, current_period_end, external_id, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) \
         ON CONFLICT (source, external_id) DO UPDATE SET user_id = excluded.user_id, plan = excluded.plan, \
         status = excluded.status, current_period_end = excluded.current_period_end, updated_at = excluded.updated_at",
    )
    .bind(user.id)
    .bind(&data.plan)
    .bind(&data.source)
    .bind(&data.status)
    .bind(&data.current_period_end)
    .bind(data.external_id.trim())
    .bind(now)
    .execute(&state.db.pool)
    .await?;
    tracing::info!(event = %event.id, kind = %event.kind, user_id = user.id, status = %data.status, "subscription updated");
    Ok(ok(Value::Null))
}
