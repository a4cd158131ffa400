//! PRO entitlement: isPro derived from subscriptions (a cancellation takes effect the day after the paid
//! period), and the payment webhook's HMAC signature, staleness and replay protection.

use crate::accounts_common::*;
use crate::common::{Backend, TestApp, TestResponse};
use axum::{
    body::Body,
    http::{Request, header},
};
use onda_server::routes::payments::signature;
use serde_json::{Value, json};

on_both_databases!(
    signed_event_grants_pro,
    cancellation_takes_effect_after_the_paid_period,
    bad_stale_or_missing_signatures_are_refused,
    replayed_events_are_refused,
    invalid_events_and_unknown_users,
    webhook_off_without_a_secret,
);

const SECRET: &str = "whsec_test";

async fn payments_app(backend: Backend) -> TestApp {
    app_with(backend, |config| {
        config.payment_webhook_secret = Some(SECRET.to_owned());
    })
    .await
}

fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

fn today_plus(days: i64) -> String {
    (time::OffsetDateTime::now_utc()
        .to_offset(time::macros::offset!(-3))
        .date()
        + time::Duration::days(days))
    .to_string()
}

fn event(id: &str, email: &str, status: &str, period_end: Option<String>) -> Value {
    json!({
        "id": id,
        "type": "subscription.updated",
        "data": {
            "email": email, "plan": "monthly", "source": "processor", "status": status,
            "currentPeriodEnd": period_end, "externalId": "sub_1"
        }
    })
}

async fn send(app: &TestApp, body: &Value, signature_header: Option<String>) -> TestResponse {
    let mut builder =
        Request::post("/api/v1/payments/webhook").header(header::CONTENT_TYPE, "application/json");
    if let Some(value) = signature_header {
        builder = builder.header("x-onda-signature", value);
    }
    app.request(builder.body(Body::from(body.to_string())).unwrap())
        .await
}

fn signed(body: &Value, timestamp: i64) -> Option<String> {
    Some(format!(
        "t={timestamp},v1={}",
        signature(SECRET, timestamp, body.to_string().as_bytes())
    ))
}

async fn is_pro(app: &TestApp, token: &str) -> bool {
    get_auth(app, "/api/v1/profile/getProfile", token)
        .await
        .success_data()["isPro"]
        .as_bool()
        .unwrap()
}

async fn signed_event_grants_pro(backend: Backend) {
    let app = payments_app(backend).await;
    let (_, token) = confirmed_user(&app, "maria@exemplo.com").await;
    assert!(!is_pro(&app, &token).await);
    let body = event("evt_1", "MARIA@exemplo.com", "active", Some(today_plus(30)));
    send(&app, &body, signed(&body, now())).await.success_data();
    assert!(is_pro(&app, &token).await);
    // An update of the same subscription (same externalId) replaces its status.
    let body = event("evt_2", "maria@exemplo.com", "expired", Some(today_plus(-1)));
    send(&app, &body, signed(&body, now())).await.success_data();
    assert!(!is_pro(&app, &token).await);
    let count: i64 = sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM subscriptions")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(count, 1);
}

async fn cancellation_takes_effect_after_the_paid_period(backend: Backend) {
    let app = payments_app(backend).await;
    let (_, token) = confirmed_user(&app, "maria@exemplo.com").await;
    // Cancelled, last paid day today: still PRO.
    let body = event("evt_1", "maria@exemplo.com", "cancelled", Some(today_plus(0)));
    send(&app, &body, signed(&body, now())).await.success_data();
    assert!(is_pro(&app, &token).await);
    // Cancelled, last paid day yesterday: no longer PRO.
    let body = event("evt_2", "maria@exemplo.com", "cancelled", Some(today_plus(-1)));
    send(&app, &body, signed(&body, now())).await.success_data();
    assert!(!is_pro(&app, &token).await);
    // Active but past its period end: not PRO either.
    let body = event("evt_3", "maria@exemplo.com", "active", Some(today_plus(-1)));
    send(&app, &body, signed(&body, now())).await.success_data();
    assert!(!is_pro(&app, &token).await);
}

async fn bad_stale_or_missing_signatures_are_refused(backend: Backend) {
    let app = payments_app(backend).await;
    let (_, token) = confirmed_user(&app, "maria@exemplo.com").await;
    let body = event("evt_1", "maria@exemplo.com", "active", None);
    let other = event("evt_1", "maria@exemplo.com", "active", Some(today_plus(1)));
    let cases = [
        (None, "missing signature"),
        (Some("t=1,v1=00".to_owned()), "stale signature"),
        // 10 s past the 5-minute window either way: the server's clock reads a second (or a busy
        // machine's several) after this test's, and 301 flipped to accepted across that boundary.
        (signed(&body, now() - 310), "stale signature"),
        (signed(&body, now() + 310), "stale signature"),
        // Signed for another body.
        (signed(&other, now()), "invalid signature"),
        (Some(format!("t={},v1=zz", now())), "invalid signature"),
        (
            Some(format!(
                "v1={}",
                signature(SECRET, now(), body.to_string().as_bytes())
            )),
            "invalid signature",
        ),
        (
            Some(format!(
                "t={},v1={}",
                now(),
                signature("other-secret", now(), body.to_string().as_bytes())
            )),
            "invalid signature",
        ),
    ];
    for (header, message) in cases {
        let response = send(&app, &body, header.clone()).await;
        assert_eq!(response.status, 403, "{header:?}: {}", response.text());
        assert_eq!(response.json()["status"], 403);
        assert_eq!(response.json()["message"], message, "{header:?}");
    }
    assert!(!is_pro(&app, &token).await);
    // Within the 5 minutes it is accepted.
    send(&app, &body, signed(&body, now() - 290)).await.success_data();
    assert!(is_pro(&app, &token).await);
}

async fn replayed_events_are_refused(backend: Backend) {
    let app = payments_app(backend).await;
    let (_, token) = confirmed_user(&app, "maria@exemplo.com").await;
    let grant = event("evt_1", "maria@exemplo.com", "active", None);
    send(&app, &grant, signed(&grant, now())).await.success_data();
    let revoke = event("evt_2", "maria@exemplo.com", "expired", Some(today_plus(-1)));
    send(&app, &revoke, signed(&revoke, now())).await.success_data();
    assert!(!is_pro(&app, &token).await);
    // Replaying the (validly signed) first event changes nothing.
    assert_refused(
        &send(&app, &grant, signed(&grant, now())).await,
        "event already processed",
    );
    assert!(!is_pro(&app, &token).await);
}

async fn invalid_events_and_unknown_users(backend: Backend) {
    let app = payments_app(backend).await;
    let mut bad = event("evt_1", "maria@exemplo.com", "active", None);
    bad["data"]["plan"] = json!("weekly");
    let response = send(&app, &bad, signed(&bad, now())).await;
    assert_eq!(response.status, 400);
    let unknown = event("evt_2", "ninguem@exemplo.com", "active", None);
    assert_refused(
        &send(&app, &unknown, signed(&unknown, now())).await,
        "user not found",
    );
    // The refused event is not recorded as processed.
    let recorded: Vec<String> = sqlx::query_scalar("SELECT id FROM webhook_events")
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
    assert!(recorded.is_empty(), "{recorded:?}");
    // Once the account exists, the provider's retry of the same event is processed.
    let (_, token) = confirmed_user(&app, "ninguem@exemplo.com").await;
    send(&app, &unknown, signed(&unknown, now())).await.success_data();
    assert!(is_pro(&app, &token).await);
}

async fn webhook_off_without_a_secret(backend: Backend) {
    let app = app(backend).await;
    let body = event("evt_1", "maria@exemplo.com", "active", None);
    let response = send(&app, &body, signed(&body, now())).await;
    assert_eq!(response.status, 403);
}
