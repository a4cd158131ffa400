//! The staff statistics API on both databases (doc3 §2.9, §4.7, §5, §7; G20–G22, S12; SS-02,
//! SS-07): the permission matrix of every call, the history's grouping arithmetic against hand-computed
//! fixtures in Brasília time (samples and exact sessions), the impact report and its refusals, bad input
//! never answering 500, the hourly rollup and retention, the cache-clean action, and the live counters
//! following a listener on a real mount.

use std::time::Duration;

use crate::accounts_common::{
    Call, assert_invalid, assert_unauthorized, call, confirmed_user, get_auth, post_auth,
};
use crate::common::{Backend, TestApp, TestResponse};
use crate::radio_common::*;
use axum::http::Method;
use onda_server::{
    admin::{self, AdminCommand},
    routes::stats::{self, NO_TIMESTAMPS, TIMESTAMPS_TOO_CLOSE},
};
use serde_json::{Value, json};

on_both_databases!(
    permission_matrix_for_every_call,
    history_by_minute_hour_day_week_month_in_brasilia_time,
    session_figures_per_bucket_are_exact,
    history_refuses_bad_input_with_portuguese_messages,
    impact_report_counts_sessions_at_each_instant,
    impact_report_refusals_are_exact,
    rollup_keeps_the_figures_and_retention_prunes,
    clean_cache_forgets_the_most_read_ranking,
    live_counters_follow_a_listener_on_a_real_mount,
);

const CALLS: &[(&str, &str)] = &[
    ("GET", "/api/v1/stats/getUserPermissions"),
    ("GET", "/api/v1/stats/getListeners"),
    (
        "GET",
        "/api/v1/stats/getFilteredListeners?startDate=2024-05-01%2000:00&endDate=2024-05-07%2023:59&choiceTime=hour&listenersTypes%5B%5D=total&listenersTypes%5B%5D=android",
    ),
    (
        "GET",
        "/api/v1/stats/getListenersByDates?timestamps=2024-05-10%2012:00:00%0A2024-05-10%2018:30:00",
    ),
    ("POST", "/api/v1/stats/cleanCache"),
    (
        "GET",
        "/api/v1/stats/getFilteredSessions?startDate=2024-05-01%2000:00&endDate=2024-05-07%2023:59&choiceTime=hour&listenersTypes%5B%5D=total&listenersTypes%5B%5D=android",
    ),
];

/// Brasília wall-clock time → UTC Unix seconds, computed independently of the server (UTC−3).
fn brt(text: &str) -> i64 {
    let format = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute]:[second]");
    let text = if text.len() == 16 {
        format!("{text}:00")
    } else {
        text.to_owned()
    };
    time::PrimitiveDateTime::parse(&text, format)
        .unwrap()
        .assume_offset(time::macros::offset!(-3))
        .unix_timestamp()
}

fn encode(value: &str) -> String {
    form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

fn history_path(start: &str, end: &str, grouping: &str, types: &[&str]) -> String {
    let mut path = format!(
        "/api/v1/stats/getFilteredListeners?startDate={}&endDate={}&choiceTime={grouping}",
        encode(start),
        encode(end)
    );
    for kind in types {
        path.push_str(&format!("&listenersTypes%5B%5D={}", encode(kind)));
    }
    path
}

fn report_path(lines: &str) -> String {
    format!("/api/v1/stats/getListenersByDates?timestamps={}", encode(lines))
}

async fn request(app: &TestApp, method: &str, path: &str, token: Option<&str>) -> TestResponse {
    call(
        app,
        Call {
            method: if method == "POST" {
                Method::POST
            } else {
                Method::GET
            },
            path,
            body: (method == "POST").then(|| json!({})),
            bearer: token,
            cookie: None,
            ip: None,
        },
    )
    .await
}

async fn grant(app: &TestApp, email: &str, permission: i64) {
    admin::run(
        &app.state,
        AdminCommand::GrantPermission {
            email: email.to_owned(),
            permission,
        },
    )
    .await
    .unwrap();
}

/// A confirmed user holding `permissions`; returns the token.
async fn staff(app: &TestApp, email: &str, permissions: &[i64]) -> String {
    let (_, token) = confirmed_user(app, email).await;
    for &permission in permissions {
        grant(app, email, permission).await;
    }
    token
}

fn assert_no_permission(response: &TestResponse) {
    let json = response.json();
    assert_eq!(response.status, 403, "{json}");
    assert_eq!(json["status"], 403, "{json}");
    assert_eq!(json["message"], "no permission", "{json}");
    assert!(json["data"].is_null(), "{json}");
}

/// An app without demo content, with two streams (one PRO) to name the stream channels.
async fn stats_app(backend: Backend) -> TestApp {
    let app = crate::accounts_common::app(backend).await;
    for (id, name, pro, position) in [("onda_1", "Normal", 0, 1), ("onda_hits", "Hits", 1, 2)] {
        sqlx::query(
            "INSERT INTO streams (stream_id, meta_id, name, is_pro, position) VALUES ($1, $1, $2, $3, $4)",
        )
        .bind(id)
        .bind(name)
        .bind(pro)
        .bind(position)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    }
    app
}

async fn sample(app: &TestApp, at: &str, channel: &str, listeners: i64) {
    sqlx::query("INSERT INTO listener_samples (at, channel, listeners) VALUES ($1, $2, $3)")
        .bind(brt(at))
        .bind(channel)
        .bind(listeners)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
}

#[allow(clippy::too_many_arguments)]
async fn session(
    app: &TestApp,
    key: &str,
    instance: &str,
    client: &str,
    stream: &str,
    ip: &str,
    start_ms: i64,
    end_ms: Option<i64>,
) {
    sqlx::query(
        "INSERT INTO listener_sessions (session_key, instance, mount, stream_id, client, started_at_ms, \
         ended_at_ms, ip_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(key)
    .bind(instance)
    .bind(format!("{stream}.mp3"))
    .bind(stream)
    .bind(client)
    .bind(start_ms)
    .bind(end_ms)
    .bind(ip)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
}

const IP_A: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const IP_B: &str = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
const IP_C: &str = "cccccccccccccccccccccccccccccccc";

/// The sample fixtures (Brasília times). Hand-computed figures are in the tests below.
async fn seed_samples(app: &TestApp) {
    for (at, total, android) in [
        ("2024-05-10 10:00", 10, Some(2)),
        ("2024-05-10 10:01", 20, Some(4)),
        ("2024-05-10 10:02", 6, None),
        ("2024-05-10 10:03", 5, None),
        ("2024-05-10 11:30", 7, None),
        // 23:30 in Brasília is 02:30 UTC on the 11th: still the 10th here.
        ("2024-05-10 23:30", 40, None),
        ("2024-05-11 00:30", 2, None),
        // Sunday, then Monday 00:00: the week changes.
        ("2024-05-12 23:59", 4, None),
        ("2024-05-13 00:00", 100, None),
        // The last evening of May (the 1st of June in UTC), then June.
        ("2024-05-31 23:30", 50, None),
        ("2024-06-01 00:10", 60, None),
    ] {
        sample(app, at, "total", total).await;
        if let Some(android) = android {
            sample(app, at, "android", android).await;
        }
    }
}

/// Session fixtures: S1 android 10:00:30–10:02:00 (ip A), S2 https 10:01:00–11:31:00 (ip B),
/// S3 ios 23:50–00:20 across Brasília midnight (ip C); all on onda_1.
async fn seed_sessions(app: &TestApp) {
    let ms = |text: &str| brt(text) * 1000;
    session(
        app,
        "x-1",
        "x",
        "android",
        "onda_1",
        IP_A,
        ms("2024-05-10 10:00:30"),
        Some(ms("2024-05-10 10:02:00")),
    )
    .await;
    session(
        app,
        "x-2",
        "x",
        "https",
        "onda_1",
        IP_B,
        ms("2024-05-10 10:01:00"),
        Some(ms("2024-05-10 11:31:00")),
    )
    .await;
    session(
        app,
        "x-3",
        "x",
        "ios",
        "onda_1",
        IP_C,
        ms("2024-05-10 23:50:00"),
        Some(ms("2024-05-11 00:20:00")),
    )
    .await;
}

fn series(data: &Value, kind: &str, figure: &str) -> Value {
    data["listenersData"][kind][figure].clone()
}

// ---------------------------------------------------------------------------------------------------

async fn permission_matrix_for_every_call(backend: Backend) {
    let app = TestApp::with_config(backend, radio_config).await;

    // No session (SS-02): 401 on every call, also with a token that does not verify.
    for (method, path) in CALLS {
        assert_unauthorized(&request(&app, method, path, None).await);
        assert_unauthorized(&request(&app, method, path, Some("not.a.token")).await);
    }

    // A session without permissions: the permissions call answers (empty), the rest is 403.
    let nobody = staff(&app, "ninguem@exemplo.com", &[]).await;
    let data = get_auth(&app, CALLS[0].1, &nobody).await.success_data();
    assert_eq!(
        data,
        json!({"userPermissions": [], "content": {"affiliates": [], "affiliatesUrl": "", "links": []}})
    );
    for (method, path) in &CALLS[1..] {
        let response = request(&app, method, path, Some(&nobody)).await;
        assert_no_permission(&response);
        assert!(response.json()["data"].get("listeners").is_none());
    }

    // Permission 1 reads; the cache and the links need 2, the affiliates 3.
    let reader = staff(&app, "leitor@exemplo.com", &[1]).await;
    let data = get_auth(&app, CALLS[0].1, &reader).await.success_data();
    assert_eq!(data["userPermissions"], json!([1]));
    assert_eq!(data["content"]["affiliates"], json!([]));
    assert_eq!(data["content"]["affiliatesUrl"], "");
    assert_eq!(data["content"]["links"], json!([]));
    for (method, path) in &CALLS[1..4] {
        let response = request(&app, method, path, Some(&reader)).await;
        response.success_data();
        assert_eq!(response.header("cache-control"), Some("no-store"), "{path}");
    }
    // SS-07: both types answered, aligned with the 7 × 24 hours, by both history calls.
    let data = request(&app, "GET", CALLS[2].1, Some(&reader))
        .await
        .success_data();
    let response = request(&app, "GET", CALLS[5].1, Some(&reader)).await;
    assert_eq!(response.header("cache-control"), Some("no-store"));
    let sessions = response.success_data();
    assert_eq!(sessions["timeData"], data["timeData"]);
    assert_eq!(data["timeData"].as_array().unwrap().len(), 7 * 24);
    assert_eq!(data["timeData"][0], "2024-05-01 00:00");
    assert_eq!(data["timeData"][167], "2024-05-07 23:00");
    for kind in ["total", "android"] {
        assert_eq!(
            series(&data, kind, "max").as_array().unwrap().len(),
            168,
            "{kind}"
        );
        assert_eq!(
            sessions["sessionStats"][kind]["averageListeners"]
                .as_array()
                .unwrap()
                .len(),
            168
        );
    }
    assert_no_permission(&request(&app, "POST", CALLS[4].1, Some(&reader)).await);

    // The auth cookie works as well as the bearer token.
    let by_cookie = call(
        &app,
        Call {
            method: Method::GET,
            path: CALLS[1].1,
            body: None,
            bearer: None,
            cookie: Some(&reader),
            ip: None,
        },
    )
    .await;
    by_cookie.success_data();

    // 2 alone: the cache action and the links, but no reading (G22: 2 does not imply 1).
    let cleaner = staff(&app, "limpa@exemplo.com", &[2]).await;
    let response = request(&app, "POST", CALLS[4].1, Some(&cleaner)).await;
    let json = response.json();
    assert_eq!(json["message"], "cache cleaned");
    assert_eq!(
        response.success_data()["cleaned"],
        json!(["newsMostRead", "metaHistory", "socialLoginKeys"])
    );
    assert_no_permission(&request(&app, "GET", CALLS[1].1, Some(&cleaner)).await);
    let data = get_auth(&app, CALLS[0].1, &cleaner).await.success_data();
    assert_eq!(data["userPermissions"], json!([2]));
    assert_eq!(data["content"]["affiliates"], json!([]));
    let links = data["content"]["links"].as_array().unwrap().clone();
    let urls: Vec<&str> = links.iter().map(|link| link["url"].as_str().unwrap()).collect();
    let main = main_id(&app);
    assert!(
        links
            .iter()
            .all(|link| !link["label"].as_str().unwrap().is_empty())
    );
    assert!(urls.iter().any(|url| url.ends_with("/health")), "{urls:?}");
    assert!(
        urls.iter()
            .any(|url| url.ends_with(&format!("/stream/{main}.mp3"))),
        "{urls:?}"
    );

    // 3: the affiliates whose streams the engine relays, and where they play.
    let scout = staff(&app, "filiais@exemplo.com", &[1, 3]).await;
    let data = get_auth(&app, CALLS[0].1, &scout).await.success_data();
    assert_eq!(data["userPermissions"], json!([1, 3]));
    assert_eq!(data["content"]["links"], json!([]));
    let affiliates = data["content"]["affiliates"].as_array().unwrap();
    let seeded: Vec<(String, String)> = sqlx::query_as("SELECT sid, name FROM affiliates")
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
    assert!(!seeded.is_empty());
    assert_eq!(affiliates.len(), seeded.len());
    for affiliate in affiliates {
        let sid = affiliate["sid"].as_str().unwrap();
        assert!(
            seeded
                .iter()
                .any(|(s, name)| s == sid && affiliate["name"] == name.as_str())
        );
    }
    let url = data["content"]["affiliatesUrl"].as_str().unwrap();
    assert!(url.starts_with("http") && url.ends_with("/stream/"), "{url}");
    let sid = affiliates[0]["sid"].as_str().unwrap();
    let mount = format!("{sid}.mp3");
    let path = format!("{}{mount}", &url[url.find("/stream/").unwrap()..]);
    assert_eq!(path, format!("/stream/{mount}"));

    // Everything.
    let all = staff(&app, "chefe@exemplo.com", &[3, 1, 2]).await;
    let data = get_auth(&app, CALLS[0].1, &all).await.success_data();
    assert_eq!(data["userPermissions"], json!([1, 2, 3]));
    assert!(!data["content"]["links"].as_array().unwrap().is_empty());
    assert!(!data["content"]["affiliates"].as_array().unwrap().is_empty());
    for (method, path) in CALLS {
        request(&app, method, path, Some(&all)).await.success_data();
    }
}

async fn history_by_minute_hour_day_week_month_in_brasilia_time(backend: Backend) {
    let app = stats_app(backend).await;
    let token = staff(&app, "leitor@exemplo.com", &[1]).await;
    seed_samples(&app).await;
    // The samples are stored in UTC: 23:30 in Brasília on the 10th is 02:30 UTC on the 11th.
    let stored: i64 = sqlx::query_scalar("SELECT at FROM listener_samples WHERE listeners = 40")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(stored, 1_715_394_600);
    assert_eq!(
        time::OffsetDateTime::from_unix_timestamp(stored)
            .unwrap()
            .date()
            .to_string(),
        "2024-05-11"
    );
    check_groupings(&app, &token).await;
}

/// The hand-computed figures of `seed_samples` for every grouping (also checked after the rollup).
async fn check_groupings(app: &TestApp, token: &str) {
    let get = |path: String| async move { get_auth(app, &path, token).await.success_data() };

    // Minutes: a bucket without a sample is 0/0/0.
    let data = get(history_path(
        "2024-05-10 10:00",
        "2024-05-10 10:04",
        "minute",
        &["total", "android"],
    ))
    .await;
    assert_eq!(
        data["timeData"],
        json!([
            "2024-05-10 10:00",
            "2024-05-10 10:01",
            "2024-05-10 10:02",
            "2024-05-10 10:03",
            "2024-05-10 10:04"
        ])
    );
    assert_eq!(series(&data, "total", "max"), json!([10, 20, 6, 5, 0]));
    assert_eq!(series(&data, "total", "min"), json!([10, 20, 6, 5, 0]));
    assert_eq!(series(&data, "total", "mean"), json!([10.0, 20.0, 6.0, 5.0, 0.0]));
    assert_eq!(series(&data, "android", "max"), json!([2, 4, 0, 0, 0]));

    // Hours: the range is widened to whole hours (10:15 → the 10:00 bucket).
    let data = get(history_path(
        "2024-05-10 10:15",
        "2024-05-10 11:59",
        "hour",
        &["total", "android"],
    ))
    .await;
    assert_eq!(data["timeData"], json!(["2024-05-10 10:00", "2024-05-10 11:00"]));
    assert_eq!(series(&data, "total", "max"), json!([20, 7]));
    assert_eq!(series(&data, "total", "min"), json!([5, 7]));
    assert_eq!(series(&data, "total", "mean"), json!([10.25, 7.0]));
    assert_eq!(series(&data, "android", "max"), json!([4, 0]));
    assert_eq!(series(&data, "android", "min"), json!([2, 0]));
    assert_eq!(series(&data, "android", "mean"), json!([3.0, 0.0]));

    // Days at Brasília midnight: 23:30 belongs to the 10th.
    let data = get(history_path(
        "2024-05-10 00:00",
        "2024-05-11 23:59",
        "day",
        &["total"],
    ))
    .await;
    assert_eq!(data["timeData"], json!(["2024-05-10 00:00", "2024-05-11 00:00"]));
    assert_eq!(series(&data, "total", "max"), json!([40, 2]));
    assert_eq!(series(&data, "total", "min"), json!([5, 2]));
    // (10 + 20 + 6 + 5 + 7 + 40) / 6 = 14.666…
    assert_eq!(series(&data, "total", "mean"), json!([14.67, 2.0]));

    // Weeks start on Monday 00:00 (2024-05-10 is a Friday).
    let data = get(history_path(
        "2024-05-08 00:00",
        "2024-05-14 00:00",
        "week",
        &["total"],
    ))
    .await;
    assert_eq!(data["timeData"], json!(["2024-05-06 00:00", "2024-05-13 00:00"]));
    assert_eq!(series(&data, "total", "max"), json!([40, 100]));
    assert_eq!(series(&data, "total", "min"), json!([2, 100]));
    // (88 + 2 + 4) / 8
    assert_eq!(series(&data, "total", "mean"), json!([11.75, 100.0]));

    // Months start on the 1st at 00:00 Brasília: 23:30 on 31 May is May.
    let data = get(history_path(
        "2024-05-15 00:00",
        "2024-06-30 23:59",
        "month",
        &["total"],
    ))
    .await;
    assert_eq!(data["timeData"], json!(["2024-05-01 00:00", "2024-06-01 00:00"]));
    assert_eq!(series(&data, "total", "max"), json!([100, 60]));
    assert_eq!(series(&data, "total", "min"), json!([2, 60]));
    // 244 / 10
    assert_eq!(series(&data, "total", "mean"), json!([24.4, 60.0]));
}

async fn session_figures_per_bucket_are_exact(backend: Backend) {
    let app = stats_app(backend).await;
    let token = staff(&app, "leitor@exemplo.com", &[1]).await;
    seed_sessions(&app).await;
    let get = |path: String| {
        let app = &app;
        let token = &token;
        // The session figures have their own call with the same query.
        let path = path.replace("getFilteredListeners", "getFilteredSessions");
        async move { get_auth(app, &path, token).await.success_data() }
    };
    let stats = |data: &Value, kind: &str| data["sessionStats"][kind].clone();

    // Minutes 10:00–10:03. S1 listens 30 s in 10:00 and 60 s in 10:01; S2 60 s a minute from 10:01.
    let data = get(history_path(
        "2024-05-10 10:00",
        "2024-05-10 10:03",
        "minute",
        &["total", "android", "onda_1", "ios"],
    ))
    .await;
    let total = stats(&data, "total");
    assert_eq!(total["averageListeners"], json!([0.5, 2.0, 1.0, 1.0]));
    assert_eq!(total["uniqueListeners"], json!([1, 2, 1, 1]));
    assert_eq!(total["listeningHours"], json!([0.01, 0.03, 0.02, 0.02]));
    // S1 lasted 1.5 min and started at 10:00; S2 90 min, started at 10:01.
    assert_eq!(total["averageSessionMinutes"], json!([1.5, 90.0, 0.0, 0.0]));
    assert_eq!(stats(&data, "onda_1"), total);
    let android = stats(&data, "android");
    assert_eq!(android["averageListeners"], json!([0.5, 1.0, 0.0, 0.0]));
    assert_eq!(android["uniqueListeners"], json!([1, 1, 0, 0]));
    assert_eq!(android["averageSessionMinutes"], json!([1.5, 0.0, 0.0, 0.0]));
    assert_eq!(stats(&data, "ios")["uniqueListeners"], json!([0, 0, 0, 0]));

    // Hours: S2 spans 10:01–11:31, clipped to each hour.
    let data = get(history_path(
        "2024-05-10 10:00",
        "2024-05-10 11:00",
        "hour",
        &["total", "https"],
    ))
    .await;
    let total = stats(&data, "total");
    // (90 + 3540) s / 3600 s; 1860 s / 3600 s.
    assert_eq!(total["averageListeners"], json!([1.01, 0.52]));
    assert_eq!(total["listeningHours"], json!([1.01, 0.52]));
    assert_eq!(total["uniqueListeners"], json!([2, 1]));
    assert_eq!(total["averageSessionMinutes"], json!([45.75, 0.0]));
    assert_eq!(stats(&data, "https")["averageListeners"], json!([0.98, 0.52]));

    // Days in Brasília: S3 (23:50–00:20) gives 10 min to the 10th and 20 min to the 11th.
    let data = get(history_path(
        "2024-05-10 00:00",
        "2024-05-11 00:00",
        "day",
        &["total", "ios"],
    ))
    .await;
    let total = stats(&data, "total");
    // 6090 s / 86400 s; 1200 s / 86400 s.
    assert_eq!(total["averageListeners"], json!([0.07, 0.01]));
    assert_eq!(total["listeningHours"], json!([1.69, 0.33]));
    assert_eq!(total["uniqueListeners"], json!([3, 1]));
    // (1.5 + 90 + 30) / 3
    assert_eq!(total["averageSessionMinutes"], json!([40.5, 0.0]));
    assert_eq!(stats(&data, "ios")["averageSessionMinutes"], json!([30.0, 0.0]));

    // The same listener twice in a bucket is one unique listener.
    let ms = |text: &str| brt(text) * 1000;
    session(
        &app,
        "x-4",
        "x",
        "android",
        "onda_1",
        IP_A,
        ms("2024-05-10 10:01:10"),
        Some(ms("2024-05-10 10:01:20")),
    )
    .await;
    let data = get(history_path(
        "2024-05-10 10:01",
        "2024-05-10 10:01",
        "minute",
        &["android"],
    ))
    .await;
    let android = stats(&data, "android");
    assert_eq!(android["uniqueListeners"], json!([1]));
    // 60 s (S1) + 10 s (the second one) in a 60 s bucket.
    assert_eq!(android["averageListeners"], json!([1.17]));
    assert_eq!(android["averageSessionMinutes"], json!([0.17]));

    // An open session ends now.
    let history = stats::HistoryQuery {
        edges: stats::bucket_edges(
            brt("2024-05-12 10:00"),
            brt("2024-05-12 10:00"),
            stats::Grouping::Hour,
        )
        .unwrap(),
        grouping: stats::Grouping::Hour,
        types: vec!["total".into()],
    };
    session(
        &app,
        "x-5",
        "x",
        "desktop",
        "onda_1",
        IP_C,
        ms("2024-05-12 10:15:00"),
        None,
    )
    .await;
    let now = ms("2024-05-12 10:45:00");
    let data = stats::filtered_sessions(&app.state.db, &history, now)
        .await
        .unwrap();
    let total = &data.session_stats["total"];
    assert_eq!(total.average_listeners, [0.5]);
    assert_eq!(total.average_session_minutes, [30.0]);
}

async fn history_refuses_bad_input_with_portuguese_messages(backend: Backend) {
    let app = stats_app(backend).await;
    let token = staff(&app, "leitor@exemplo.com", &[1]).await;
    let refused = |path: String, message: &'static str| {
        let app = &app;
        let token = &token;
        async move { assert_invalid(&get_auth(app, &path, token).await, message) }
    };
    let ok_types = &["total"];
    refused(
        history_path("2024-13-01 00:00", "2024-12-01 00:00", "hour", ok_types),
        stats::BAD_START,
    )
    .await;
    refused(
        history_path("01/05/2024 00:00", "2024-12-01 00:00", "hour", ok_types),
        stats::BAD_START,
    )
    .await;
    refused(
        history_path("2024-05-01 00:00", "2024-05-01 25:00", "hour", ok_types),
        stats::BAD_END,
    )
    .await;
    refused(
        history_path("2024-05-02 00:00", "2024-05-01 00:00", "hour", ok_types),
        stats::END_BEFORE_START,
    )
    .await;
    refused(
        history_path("2024-05-01 00:00", "2024-05-02 00:00", "year", ok_types),
        stats::BAD_GROUPING,
    )
    .await;
    refused(
        history_path("2024-05-01 00:00", "2024-05-02 00:00", "hour", &[]),
        stats::NO_TYPES,
    )
    .await;
    let unknown = get_auth(
        &app,
        &history_path(
            "2024-05-01 00:00",
            "2024-05-02 00:00",
            "hour",
            &["total", "marte"],
        ),
        &token,
    )
    .await;
    assert_invalid(&unknown, "Tipo de ouvinte desconhecido: marte.");
    let too_long = get_auth(
        &app,
        &history_path("2024-01-01 00:00", "2024-12-31 23:59", "minute", ok_types),
        &token,
    )
    .await;
    assert_eq!(too_long.status, 400);
    assert!(
        too_long.json()["message"].as_str().unwrap().contains("10000"),
        "{}",
        too_long.text()
    );
    // 10,000 buckets are fine; the channel named by a stream id too.
    let data = get_auth(
        &app,
        &history_path("2024-01-01 00:00", "2024-01-07 22:39", "minute", &["onda_hits"]),
        &token,
    )
    .await
    .success_data();
    assert_eq!(data["timeData"].as_array().unwrap().len(), 10_000);

    // Nothing a client can send makes it fail.
    for query in [
        "",
        "startDate=&endDate=&choiceTime=&listenersTypes[]=",
        "startDate=2024-05-01%2000:00",
        "startDate=%FF%FE&endDate=%00&choiceTime=%E2%82%AC",
        "startDate=2024-05-01%2000:00&endDate=2024-05-01%2000:00&choiceTime=month&listenersTypes%5B%5D=%27%3B%20DROP%20TABLE%20users",
        "startDate=9999-99-99%2099:99&endDate=0000-00-00%2000:00&choiceTime=day&listenersTypes=total",
        "startDate=2024-05-01%2000:00&endDate=2100-12-31%2023:59&choiceTime=week&listenersTypes=total",
        "startDate=2000-01-01%2000:00&endDate=2100-12-31%2023:59&choiceTime=month&listenersTypes=total",
        "a=%&&&==&listenersTypes[]]=x",
    ] {
        let response = get_auth(
            &app,
            &format!("/api/v1/stats/getFilteredListeners?{query}"),
            &token,
        )
        .await;
        assert!(
            matches!(response.status.as_u16(), 200 | 400),
            "{query}: {}",
            response.text()
        );
        crate::common::assert_envelope(&response.json());
    }
    // A long but valid range by month is answered (1212 buckets).
    let data = get_auth(
        &app,
        "/api/v1/stats/getFilteredListeners?startDate=2000-01-01%2000:00&endDate=2100-12-31%2023:59&choiceTime=month&listenersTypes=total",
        &token,
    )
    .await
    .success_data();
    assert_eq!(data["timeData"].as_array().unwrap().len(), 101 * 12);
}

async fn impact_report_counts_sessions_at_each_instant(backend: Backend) {
    let app = stats_app(backend).await;
    let token = staff(&app, "leitor@exemplo.com", &[1]).await;
    seed_sessions(&app).await;
    // Out of order, with blank lines and spaces: answered sorted.
    let lines = "2024-05-10 10:01:40\r\n\n  2024-05-10 10:00:40 \n2024-05-10 23:55:00\n2024-05-11 03:00:00\n";
    let data = get_auth(&app, &report_path(lines), &token).await.success_data();
    assert_eq!(
        data["timeData"],
        json!([
            "2024-05-10 10:00:40",
            "2024-05-10 10:01:40",
            "2024-05-10 23:55:00",
            "2024-05-11 03:00:00"
        ])
    );
    // S1 alone; S1 and S2; S3 (23:55 Brasília is 02:55 UTC the next day); nobody.
    assert_eq!(data["listenersData"]["onda_1"], json!([1, 2, 1, 0]));
    // A stream nobody could hear (no sessions, no samples) is 0.
    assert_eq!(data["listenersData"]["onda_hits"], json!([0, 0, 0, 0]));
    assert_eq!(data["totalListeners"], 4);
    assert_eq!(data["totalNumInserts"], 4);
    // A session's end instant is outside it; its start inside.
    let data = get_auth(
        &app,
        &report_path("2024-05-10 10:02:00\n2024-05-10 10:01:00"),
        &token,
    )
    .await
    .success_data();
    assert_eq!(data["listenersData"]["onda_1"], json!([2, 1]));
}

async fn impact_report_refusals_are_exact(backend: Backend) {
    let app = stats_app(backend).await;
    let token = staff(&app, "leitor@exemplo.com", &[1]).await;
    let get = |path: String| {
        let app = &app;
        let token = &token;
        async move { get_auth(app, &path, token).await }
    };
    assert_invalid(
        &get("/api/v1/stats/getListenersByDates".into()).await,
        NO_TIMESTAMPS,
    );
    assert_invalid(&get(report_path("")).await, NO_TIMESTAMPS);
    assert_invalid(&get(report_path(" \n\r\n  ")).await, NO_TIMESTAMPS);
    assert_eq!(NO_TIMESTAMPS, "Nenhuma timestamp fornecida!");
    assert_invalid(
        &get(report_path("2024-05-10 10:00:00\n2024-05-10 10:00:00")).await,
        TIMESTAMPS_TOO_CLOSE,
    );
    assert_invalid(
        &get(report_path("2024-05-10 10:00:59\n2024-05-10 10:00:00")).await,
        TIMESTAMPS_TOO_CLOSE,
    );
    assert_eq!(
        TIMESTAMPS_TOO_CLOSE,
        "Timestamps iguais ou muito próximas (menos de 60 s) não são permitidas."
    );
    // 60 s apart is allowed.
    get(report_path("2024-05-10 10:01:00\n2024-05-10 10:00:00"))
        .await
        .success_data();

    let malformed = get(report_path(
        "2024-05-10 10:00:00\n10/05/2024 10:05\n2024-05-10 10:10:00",
    ))
    .await;
    assert_eq!(malformed.status, 400);
    let message = malformed.json()["message"].as_str().unwrap().to_owned();
    assert!(
        message.contains("Linha 2") && message.contains("AAAA-MM-DD hh:mm:ss"),
        "{message}"
    );
    for bad in [
        "2024-02-30 10:00:00",
        "2024-05-10 24:00:00",
        "2024-05-10 10:00",
        "2024-05-10T10:00:00Z",
    ] {
        let response = get(report_path(bad)).await;
        assert_eq!(response.status, 400, "{bad}");
        assert!(
            response.json()["message"].as_str().unwrap().contains("Linha 1"),
            "{bad}"
        );
    }

    let many: Vec<String> = (0..101)
        .map(|minute| stats::format_brasilia(brt("2024-05-10 00:00") + minute * 60, true))
        .collect();
    let response = get(report_path(&many.join("\n"))).await;
    assert_eq!(response.status, 400);
    assert!(
        response.json()["message"].as_str().unwrap().contains("100"),
        "{}",
        response.text()
    );
    let data = get(report_path(&many[..100].join("\n"))).await.success_data();
    assert_eq!(data["totalNumInserts"], 100);
}

async fn rollup_keeps_the_figures_and_retention_prunes(backend: Backend) {
    let app = stats_app(backend).await;
    let token = staff(&app, "leitor@exemplo.com", &[1]).await;
    seed_samples(&app).await;
    let db = &app.state.db;

    // A month later: every complete hour is rolled up, nothing is old enough to drop.
    let report = stats::roll_up_and_prune(db, brt("2024-07-01 12:00"))
        .await
        .unwrap();
    assert_eq!(report.rolled_until, brt("2024-07-01 11:00"));
    assert_eq!(report.samples_deleted, 0);
    let hour: (i64, i64, i64, i64) = sqlx::query_as(
        "SELECT samples, max_listeners, min_listeners, sum_listeners FROM listener_hourly \
         WHERE at = $1 AND channel = 'total'",
    )
    .bind(brt("2024-05-10 10:00"))
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(hour, (4, 20, 5, 41));
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM listener_hourly")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    // total in 8 hours (10:00, 11:00, 23:00, 00:00, Sunday 23:00, Monday 00:00, 31 May 23:00, 1 June
    // 00:00), android in 1.
    assert_eq!(rows, 8 + 1);
    // The complete Brasília days of those hours in listener_daily, each the sum of its hours.
    assert_eq!(report.days_rolled_until, brt("2024-07-01 00:00"));
    let daily: Vec<(i64, String, i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT at, channel, samples, max_listeners, min_listeners, sum_listeners FROM listener_daily \
         ORDER BY channel, at",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    let hourly: Vec<(i64, String, i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT at, channel, samples, max_listeners, min_listeners, sum_listeners FROM listener_hourly \
         ORDER BY channel, at",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    let mut expected: Vec<(i64, String, i64, i64, i64, i64)> = Vec::new();
    for (at, channel, samples, max, min, sum) in hourly {
        // Brasília midnight is 03:00 UTC.
        let day = at - (at - 3 * 3600).rem_euclid(86_400);
        match expected.last_mut() {
            Some(last) if last.0 == day && last.1 == channel => {
                *last = (
                    day,
                    channel,
                    last.2 + samples,
                    last.3.max(max),
                    last.4.min(min),
                    last.5 + sum,
                );
            }
            _ => expected.push((day, channel, samples, max, min, sum)),
        }
    }
    assert_eq!(daily, expected);
    assert!(
        daily
            .iter()
            .any(|row| row.0 == brt("2024-05-10 00:00") && row.1 == "total")
    );
    // The same figures from the daily and hourly rows (the minute samples are still there for the
    // minutes).
    check_groupings(&app, &token).await;

    // A sample arriving after the rollup, in an hour not yet rolled up, still counts.
    sample(&app, "2024-07-01 11:30", "total", 9).await;
    let data = get_auth(
        &app,
        &history_path("2024-07-01 11:00", "2024-07-01 11:00", "hour", &["total"]),
        &token,
    )
    .await
    .success_data();
    assert_eq!(series(&data, "total", "max"), json!([9]));
    // Running again is harmless.
    let again = stats::roll_up_and_prune(db, brt("2024-07-01 12:00"))
        .await
        .unwrap();
    assert_eq!(again.hourly_rows_written, 0);
    assert_eq!(again.daily_rows_written, 0);

    // Past the minute retention: the old minute samples go, the hourly figures stay.
    let old_session_end = brt("2022-12-01 00:00") * 1000;
    sqlx::query(
        "INSERT INTO listener_sessions (session_key, instance, mount, stream_id, client, started_at_ms, \
         ended_at_ms, ip_hash) VALUES ('old-1', 'old', 'onda_1.mp3', 'onda_1', 'http', $1, $2, 'x'), \
         ('open-1', 'old', 'onda_1.mp3', 'onda_1', 'http', $1, NULL, 'y')",
    )
    .bind(old_session_end - 60_000)
    .bind(old_session_end)
    .execute(&db.pool)
    .await
    .unwrap();
    let report = stats::roll_up_and_prune(db, brt("2025-01-15 12:00"))
        .await
        .unwrap();
    assert_eq!(report.samples_deleted, 11 + 2 + 1);
    assert_eq!(
        report.sessions_deleted, 1,
        "closed sessions older than 2 years only"
    );
    let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM listener_samples")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(left, 0);
    let hour: (i64, i64, i64, i64) = sqlx::query_as(
        "SELECT samples, max_listeners, min_listeners, sum_listeners FROM listener_hourly \
         WHERE at = $1 AND channel = 'total'",
    )
    .bind(brt("2024-07-01 11:00"))
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(hour, (1, 9, 9, 9));
    let data = get_auth(
        &app,
        &history_path("2024-05-10 00:00", "2024-05-11 23:59", "day", &["total"]),
        &token,
    )
    .await
    .success_data();
    assert_eq!(series(&data, "total", "mean"), json!([14.67, 2.0]));
    // Minutes older than the retention are gone.
    let data = get_auth(
        &app,
        &history_path("2024-05-10 10:00", "2024-05-10 10:01", "minute", &["total"]),
        &token,
    )
    .await
    .success_data();
    assert_eq!(series(&data, "total", "max"), json!([0, 0]));

    // Hourly rows older than 5 years go too.
    let report = stats::roll_up_and_prune(db, brt("2029-07-01 00:00"))
        .await
        .unwrap();
    assert_eq!(report.hourly_deleted, 9, "all but the July hour");
    let days: Vec<(i64, String)> = sqlx::query_as("SELECT at, channel FROM listener_daily")
        .fetch_all(&db.pool)
        .await
        .unwrap();
    assert_eq!(
        days,
        [(brt("2024-07-01 00:00"), "total".to_owned())],
        "all but the July day"
    );
}

async fn clean_cache_forgets_the_most_read_ranking(backend: Backend) {
    let app = TestApp::with_config(backend, radio_config).await;
    let token = staff(&app, "limpa@exemplo.com", &[2]).await;
    let first = app.get("/api/v1/news/getNewsMostRead/1").await.success_data();
    // Another item becomes the most read of the week.
    let other: i64 =
        sqlx::query_scalar("SELECT id FROM news WHERE id <> $1 AND published_at <= $2 ORDER BY id LIMIT 1")
            .bind(first[0]["newsId"].as_i64().unwrap_or(-1))
            .bind(time::OffsetDateTime::now_utc().unix_timestamp())
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    let today = time::OffsetDateTime::now_utc()
        .to_offset(time::macros::offset!(-3))
        .date()
        .to_string();
    sqlx::query(
        "INSERT INTO news_daily_views (news_id, day, views) VALUES ($1, $2, 1000000) \
         ON CONFLICT (news_id, day) DO UPDATE SET views = excluded.views",
    )
    .bind(other)
    .bind(&today)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    // Cached: still the old ranking.
    assert_eq!(
        app.get("/api/v1/news/getNewsMostRead/1").await.success_data(),
        first
    );
    let response = post_auth(&app, "/api/v1/stats/cleanCache", &token, json!({})).await;
    assert_eq!(response.json()["message"], "cache cleaned");
    let fresh = app.get("/api/v1/news/getNewsMostRead/1").await.success_data();
    assert_eq!(fresh[0]["newsId"], other);
}

async fn live_counters_follow_a_listener_on_a_real_mount(backend: Backend) {
    let app = on_air(backend).await;
    let served = serve(&app.state).await;
    let main = main_id(&app);
    let token = staff(&app, "leitor@exemplo.com", &[1]).await;
    let client = reqwest::Client::new();
    let listeners = || async {
        let response = client
            .get(served.url("/api/v1/stats/getListeners"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.headers()["cache-control"], "no-store");
        let json: Value = response.json().await.unwrap();
        assert_eq!(json["status"], "success", "{json}");
        json["data"].clone()
    };

    // Samples of the last hour come first, oldest first; older ones are left out.
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let minute = now - now.rem_euclid(60);
    for (at, listeners) in [(minute - 2 * 3600, 99), (minute - 1800, 3), (minute - 1740, 4)] {
        sqlx::query(
            "INSERT INTO listener_samples (at, channel, listeners) VALUES ($1, 'total', $2) \
             ON CONFLICT (at, channel) DO UPDATE SET listeners = excluded.listeners",
        )
        .bind(at)
        .bind(listeners)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    }
    let before = listeners().await;
    let rows = before["listeners"].as_array().unwrap();
    let totals: Vec<i64> = rows.iter().map(|row| row["total"].as_i64().unwrap()).collect();
    assert!(!totals.contains(&99), "{totals:?}");
    let at = |minutes: i64| stats::format_brasilia(minute - minutes * 60, true);
    let first = rows
        .iter()
        .position(|row| row["time"] == at(30).as_str())
        .unwrap();
    assert_eq!(rows[first]["total"], 3);
    assert_eq!(rows[first + 1]["time"], at(29).as_str());
    assert_eq!(rows[first + 1]["total"], 4);
    // Every row carries every channel, the live row last.
    let channels = before["channels"].as_array().unwrap();
    let keys: Vec<&str> = channels
        .iter()
        .map(|channel| channel["key"].as_str().unwrap())
        .collect();
    assert_eq!(
        &keys[..8],
        [
            "total", "https", "http", "android", "ios", "desktop", "alexa", "tuneIn"
        ]
    );
    for row in rows {
        for key in &keys {
            assert!(row[*key].is_number(), "{key} missing in {row}");
        }
    }
    let live = rows.last().unwrap();
    assert_eq!(live["android"], 0);
    let live_time = stats::parse_brasilia(live["time"].as_str().unwrap(), true).unwrap();
    assert!(
        (live_time - now).abs() <= 5,
        "live row is now in Brasília time: {live}"
    );

    // A listener with the Android app connects: the next call shows it.
    let mut listener = client
        .get(served.url(&format!("/stream/{main}.mp3")))
        .header("user-agent", "ExoPlayerLib/2.18.1")
        .send()
        .await
        .unwrap();
    assert!(
        !read_for(&mut listener, Duration::from_millis(500), 4096)
            .await
            .is_empty()
    );
    let during = listeners().await;
    let live = during["listeners"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(live["android"], 1, "{live}");
    assert!(live["total"].as_i64().unwrap() >= 1);
    assert_eq!(live[main.as_str()], 1, "{live}");
    let channels = during["channels"].as_array().unwrap();
    let normal = channels
        .iter()
        .find(|channel| channel["key"] == main.as_str())
        .unwrap();
    assert_eq!(normal["label"], "Normal");
    assert_eq!(normal["pro"], false);

    // Another live instance's open session counts; a dead one's does not.
    let now_ms = now * 1000;
    for (instance, seen) in [("outra", now_ms), ("morta", now_ms - 3_600_000)] {
        sqlx::query("INSERT INTO radio_instances (instance, last_seen_ms) VALUES ($1, $2)")
            .bind(instance)
            .bind(seen)
            .execute(&app.state.db.pool)
            .await
            .unwrap();
        sqlx::query(
            "INSERT INTO listener_sessions (session_key, instance, mount, stream_id, client, started_at_ms, ip_hash) \
             VALUES ($1, $2, $3, $4, 'ios', $5, 'z')",
        )
        .bind(format!("{instance}-1"))
        .bind(instance)
        .bind(format!("{main}.mp3"))
        .bind(&main)
        .bind(now_ms - 10_000)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    }
    let with_other = listeners().await;
    let live = with_other["listeners"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(live["ios"], 1, "{live}");
    assert_eq!(live[main.as_str()], 2, "{live}");

    // The listener leaves.
    drop(listener);
    wait_for(Duration::from_secs(5), || {
        app.state.radio.listeners.counts()["android"] == 0
    })
    .await;
    let after = listeners().await;
    assert_eq!(
        after["listeners"].as_array().unwrap().last().unwrap()["android"],
        0
    );
}
