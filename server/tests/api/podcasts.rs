//! Podcast endpoints on both databases (PD-01, PD-02, PD-04, PD-05, PD-06, PD-08; C05, C36, C40, G51):
//! the show list, PRO gating, episode paging, the 'outros' catalogue from the database and from a
//! local mixcloud-style server (cache, offline), and refusals that are never a 500.

// Test helpers outside #[test] functions panic on purpose.

use std::sync::{
    Arc,
    atomic::{AtomicUsize, Ordering},
};

use crate::common::{Backend, TestApp, TestResponse, assert_envelope, random_hex};
use axum::{
    Json, Router,
    body::Body,
    extract::{Query, State},
    http::{Request, header},
    routing::get,
};
use serde_json::{Value, json};

on_both_databases!(
    shows_list_hides_nothing_but_pro_players,
    pro_shows_need_a_session,
    episodes_page_newest_first,
    episode_refusals_never_500,
    catalogue_from_the_database,
    catalogue_from_a_local_service_cached_and_offline,
);

fn assert_error(response: &TestResponse, code: u16, message: &str) {
    let json = response.json();
    assert_envelope(&json);
    assert_eq!(response.status.as_u16(), code, "{json}");
    assert_eq!(json["status"], code, "{json}");
    assert_eq!(json["message"], message, "{json}");
}

async fn user_token(app: &TestApp, pro: bool) -> String {
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO users (email, name, email_confirmed, created_at) VALUES ($1, 'Ouvinte', 1, $2) RETURNING id",
    )
    .bind(format!("{}@example.com", random_hex(6)))
    .bind(now)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    if pro {
        sqlx::query(
            "INSERT INTO subscriptions (user_id, plan, source, status, created_at, updated_at) \
             VALUES ($1, 'monthly', 'manual', 'active', $2, $2)",
        )
        .bind(id)
        .bind(now)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    }
    onda_server::auth::create_session(&app.state, id).await.unwrap()
}

async fn get_bearer(app: &TestApp, path: &str, token: &str) -> TestResponse {
    app.request(
        Request::get(path)
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .body(Body::empty())
            .unwrap(),
    )
    .await
}

/// PD-01 (server half): every show with its grid fields; PRO shows carry no player (C36), the show
/// without a show id is there for the UI to leave out.
async fn shows_list_hides_nothing_but_pro_players(backend: Backend) {
    let app = TestApp::new(backend).await;
    let data = app.get("/api/v1/getPodcastsData").await.success_data();
    let shows = data.as_array().unwrap();
    assert_eq!(shows.len(), 7, "{data}");
    for show in shows {
        for field in [
            "slug",
            "name",
            "subtitle",
            "thumb",
            "imageFeatured",
            "type",
            "showId",
            "podcastPlayerStyle",
        ] {
            assert!(show[field].is_string(), "{field} in {show}");
        }
        if show["pro"] == true || show["showId"] == "" {
            assert!(show["playerUrl"].is_null(), "{show}");
        } else {
            let url = show["playerUrl"].as_str().unwrap();
            assert!(url.contains("feed=%2Fonda%2F"), "{url}");
        }
    }
    assert!(shows.iter().any(|s| s["pro"] == true));
    assert!(shows.iter().any(|s| s["showId"] == ""));
    // The pages may frame the player host (PD-03), and nothing else new.
    let page = app.get("/").await;
    let csp = page.header("content-security-policy").unwrap();
    assert!(
        csp.contains("frame-src 'self' https://player-widget.mixcloud.com https://www.youtube-nocookie.com"),
        "{csp}"
    );
}

/// PD-02 / C36 / G51: 401 without a token (or with a bad one), metadata only for a non-PRO user,
/// the players for a PRO user.
async fn pro_shows_need_a_session(backend: Backend) {
    let app = TestApp::new(backend).await;
    let anonymous = app.get("/api/v1/getProPodcastsData").await;
    assert_eq!(anonymous.status.as_u16(), 401);
    assert_eq!(anonymous.json()["status"], 401);
    let forged = get_bearer(&app, "/api/v1/getProPodcastsData", "not-a-token").await;
    assert_eq!(forged.status.as_u16(), 401);

    let plain = user_token(&app, false).await;
    let data = get_bearer(&app, "/api/v1/getProPodcastsData", &plain)
        .await
        .success_data();
    let shows = data.as_array().unwrap();
    assert_eq!(shows.len(), 2, "{data}");
    assert!(
        shows.iter().all(|s| s["pro"] == true && s["playerUrl"].is_null()),
        "{data}"
    );

    let pro = user_token(&app, true).await;
    let data = get_bearer(&app, "/api/v1/getProPodcastsData", &pro)
        .await
        .success_data();
    let shows = data.as_array().unwrap();
    assert_eq!(shows.len(), 2);
    assert!(
        shows
            .iter()
            .all(|s| s["playerUrl"].as_str().unwrap().contains("feed=")),
        "{data}"
    );
}

/// PD-04: 20 then the next 20, newest first, no overlap (C40: offset then count); past the end empty.
async fn episodes_page_newest_first(backend: Backend) {
    let app = TestApp::new(backend).await;
    let first = app
        .get("/api/v1/getPodcastEpisodes/papo-de-musica/0/20")
        .await
        .success_data();
    let second = app
        .get("/api/v1/getPodcastEpisodes/papo-de-musica/20/20")
        .await
        .success_data();
    let (first, second) = (first.as_array().unwrap(), second.as_array().unwrap());
    assert_eq!(first.len(), 20);
    assert_eq!(second.len(), 6, "papo-de-musica has 26 episodes");
    let dates: Vec<&str> = first
        .iter()
        .chain(second)
        .map(|e| e["date"].as_str().unwrap())
        .collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "{dates:?}");
    assert!(dates.iter().all(|d| d.ends_with("-03:00")));
    let slug = first[0]["slug"].as_str().unwrap();
    assert!(!second.iter().any(|e| e["slug"] == slug));
    // The episode is a news item: /noticias/{slug} opens it.
    let news = app
        .get(&format!("/api/v1/news/getSingleNews/{slug}"))
        .await
        .success_data();
    assert_eq!(news["title"], first[0]["title"]);
    let past = app
        .get("/api/v1/getPodcastEpisodes/papo-de-musica/200/20")
        .await
        .success_data();
    assert_eq!(past, json!([]));
}

/// PD-05: unknown show 404; malformed numbers 400; nothing answers 500.
async fn episode_refusals_never_500(backend: Backend) {
    let app = TestApp::new(backend).await;
    assert_error(
        &app.get("/api/v1/getPodcastEpisodes/nao-existe/0/20").await,
        404,
        "podcast not found",
    );
    for path in [
        "/api/v1/getPodcastEpisodes/papo-de-musica/-1/20",
        "/api/v1/getPodcastEpisodes/papo-de-musica/0/0",
        "/api/v1/getPodcastEpisodes/papo-de-musica/0/101",
        "/api/v1/getPodcastEpisodes/papo-de-musica/x/20",
        "/api/v1/getPodcastEpisodes/papo-de-musica/0/99999999999",
        "/api/v1/external/mixcloud/cloudcasts/recentes?offset=abc",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status.as_u16(), 400, "{path}: {}", response.text());
    }
    let bad_encoding = app.get("/api/v1/getPodcastEpisodes/%FF%FE/0/20").await;
    assert!(bad_encoding.status.is_client_error(), "{}", bad_encoding.text());
}

/// PD-06 (server half, database mode): five categories with descriptions; 10 per page with
/// paging.next; accented and unaccented slugs (C05); unknown category 404.
async fn catalogue_from_the_database(backend: Backend) {
    let app = TestApp::new(backend).await;
    let data = app
        .get("/api/v1/external/mixcloud/playlists")
        .await
        .success_data();
    let slugs: Vec<&str> = data
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["slug"].as_str().unwrap())
        .collect();
    assert_eq!(
        slugs,
        [
            "recentes",
            "notícias",
            "arquivo-musical",
            "super-montagens",
            "giro-de-notícias"
        ]
    );
    assert!(
        data.as_array()
            .unwrap()
            .iter()
            .all(|p| !p["description"].as_str().unwrap().contains("{station}"))
    );

    let first = app
        .get("/api/v1/external/mixcloud/cloudcasts/recentes")
        .await
        .success_data();
    assert_eq!(first["data"].as_array().unwrap().len(), 10);
    let next = first["paging"]["next"].as_str().unwrap();
    assert_eq!(next, "/api/v1/external/mixcloud/cloudcasts/recentes?offset=10");
    let second = app.get(next).await.success_data();
    assert_eq!(second["data"].as_array().unwrap().len(), 10);
    assert_ne!(first["data"][0]["slug"], second["data"][0]["slug"]);
    let item = &first["data"][0];
    // Every demo recording has its tags, in their rows (migration 0051 moved them out of a JSON column).
    for recording in first["data"].as_array().unwrap() {
        let tags = recording["tags"].as_array().unwrap();
        assert!(!tags.is_empty(), "{recording}");
        assert!(tags.iter().all(|t| t["name"].is_string()));
    }
    assert!(item["playerUrl"].as_str().unwrap().contains("feed="));

    let accented = app
        .get("/api/v1/external/mixcloud/cloudcasts/not%C3%ADcias")
        .await
        .success_data();
    let alias = app
        .get("/api/v1/external/mixcloud/cloudcasts/noticias")
        .await
        .success_data();
    assert_eq!(accented, alias);
    // 14 bulletins: 10, then 4 and the end of the list.
    let rest = app
        .get("/api/v1/external/mixcloud/cloudcasts/noticias?offset=10")
        .await
        .success_data();
    assert_eq!(rest["data"].as_array().unwrap().len(), 4);
    assert!(rest["paging"]["next"].is_null());

    assert_error(
        &app.get("/api/v1/external/mixcloud/cloudcasts/desconhecida").await,
        404,
        "category not found",
    );
}

#[derive(Clone, Default)]
struct Upstream {
    hits: Arc<AtomicUsize>,
}

async fn upstream_cloudcasts(
    State(upstream): State<Upstream>,
    Query(query): Query<std::collections::HashMap<String, String>>,
) -> Json<Value> {
    upstream.hits.fetch_add(1, Ordering::SeqCst);
    let offset: usize = query.get("offset").and_then(|o| o.parse().ok()).unwrap_or(0);
    let data: Vec<Value> = (offset..(offset + 10).min(13))
        .map(|n| {
            json!({
                "key": format!("/radio/boletim-{n}/"),
                "slug": format!("boletim-{n}"),
                "name": format!("Boletim {n}"),
                "created_time": "2026-11-20T10:00:00Z",
                "tags": [{"key": "/t/", "name": "Notícias"}],
            })
        })
        .collect();
    let next = (offset + 10 < 13).then(|| format!("https://api.example/radio/x/?offset={}", offset + 10));
    Json(json!({ "data": data, "paging": { "next": next } }))
}

/// PD-06/PD-08 against a local mixcloud-style server: the server calls it (not the browser), maps
/// its pages, caches them, keeps the cached copy when the service stops, and answers the refusal the
/// UI turns into its error text for a page never fetched — never a 500.
async fn catalogue_from_a_local_service_cached_and_offline(backend: Backend) {
    let upstream = Upstream::default();
    let service = Router::new()
        .route("/radio/playlists/noticias/cloudcasts/", get(upstream_cloudcasts))
        .route("/radio/cloudcasts/", get(upstream_cloudcasts))
        .with_state(upstream.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn(async move { axum::serve(listener, service).await.unwrap() });

    let app = TestApp::with_config(backend, |config| {
        config.mixcloud_api_url = Some(format!("http://{addr}/radio/"));
    })
    .await;
    let page = app
        .get("/api/v1/external/mixcloud/cloudcasts/not%C3%ADcias")
        .await
        .success_data();
    let data = page["data"].as_array().unwrap();
    assert_eq!(data.len(), 10);
    assert_eq!(data[0]["slug"], "boletim-0");
    assert_eq!(data[0]["tags"], json!([{"name": "Notícias"}]));
    assert!(
        data[0]["playerUrl"]
            .as_str()
            .unwrap()
            .ends_with("feed=%2Fradio%2Fboletim-0%2F")
    );
    assert_eq!(
        page["paging"]["next"], "/api/v1/external/mixcloud/cloudcasts/noticias?offset=10",
        "paging.next is same-origin"
    );
    let last = app
        .get("/api/v1/external/mixcloud/cloudcasts/noticias?offset=10")
        .await
        .success_data();
    assert_eq!(last["data"].as_array().unwrap().len(), 3);
    assert!(last["paging"]["next"].is_null());
    assert_eq!(upstream.hits.load(Ordering::SeqCst), 2);

    // Cached: the same page does not reach the service again.
    app.get("/api/v1/external/mixcloud/cloudcasts/noticias")
        .await
        .success_data();
    assert_eq!(upstream.hits.load(Ordering::SeqCst), 2);

    // Offline: what was cached is still served, a page never fetched is the refusal.
    server.abort();
    let _ = server.await;
    let kept = app
        .get("/api/v1/external/mixcloud/cloudcasts/noticias")
        .await
        .success_data();
    assert_eq!(kept, page);
    let offline = app.get("/api/v1/external/mixcloud/cloudcasts/recentes").await;
    let json = offline.json();
    assert_envelope(&json);
    assert_eq!(offline.status.as_u16(), 200, "{json}");
    assert_eq!(json["status"], "error");
    assert_eq!(json["message"], "podcast catalogue unavailable");
}
