//! Video and TV endpoints on both databases (VD-01, VD-02, VD-03; C39): playlists and their videos,
//! featured and latest videos, one video by slug, the /tv tabs, the video platform through a local
//! server (cached, database fallback when it is down), refusals never 500.

// Test helpers outside #[test] functions panic on purpose.

use std::sync::{
    Arc,
    atomic::{AtomicUsize, Ordering},
};

use crate::common::{Backend, TestApp};
use axum::{Json, Router, extract::State, routing::get};
use serde_json::{Value, json};

on_both_databases!(
    playlists_and_their_videos,
    featured_latest_and_by_title,
    tv_has_two_autoplay_tabs,
    platform_through_a_local_server,
);

/// VD-01 (server half): up to 15 playlists with `snippet.title`; each playlist's videos carry
/// videoId, videoImage, title, slug; an unknown playlist is a 404.
async fn playlists_and_their_videos(backend: Backend) {
    let app = TestApp::new(backend).await;
    let data = app.get("/api/v1/videos/getYoutubePlaylists").await.success_data();
    let playlists = data.as_array().unwrap();
    assert!(!playlists.is_empty() && playlists.len() <= 15);
    assert_eq!(playlists[0]["snippet"]["title"], "Letra e Tradução");
    let id = playlists[0]["id"].as_str().unwrap();
    let videos = app
        .get(&format!("/api/v1/videos/getYoutubePlaylists/{id}"))
        .await
        .success_data();
    let videos = videos.as_array().unwrap();
    assert_eq!(videos.len(), 6);
    for video in videos {
        for field in ["videoId", "videoImage", "title", "slug"] {
            assert!(!video[field].as_str().unwrap().is_empty(), "{field} in {video}");
        }
        assert_eq!(video["playlistId"], id);
    }
    let missing = app.get("/api/v1/videos/getYoutubePlaylists/PLnaoexiste").await;
    assert_eq!(missing.status.as_u16(), 404);
    assert_eq!(missing.json()["message"], "playlist not found");
}

/// The lead video (/1), latest 5 newest first, by slug, VD-02's 404, bad counts 400.
async fn featured_latest_and_by_title(backend: Backend) {
    let app = TestApp::new(backend).await;
    let lead = app
        .get("/api/v1/videos/getYoutubeLatestVideos/1")
        .await
        .success_data();
    assert_eq!(lead.as_array().unwrap().len(), 1);
    assert_eq!(
        lead[0]["title"], "Sessão Acústica: clássicos da MPB",
        "the featured video leads"
    );
    let latest = app.get("/api/v1/videos/getLatestVideos/5").await.success_data();
    let latest = latest.as_array().unwrap();
    assert_eq!(latest.len(), 5);
    let dates: Vec<&str> = latest.iter().map(|v| v["date"].as_str().unwrap()).collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "{dates:?}");

    let slug = latest[2]["slug"].as_str().unwrap();
    let one = app
        .get(&format!("/api/v1/videos/getYoutubeVideoByTitle/{slug}"))
        .await
        .success_data();
    assert_eq!(one, latest[2]);

    let missing = app.get("/api/v1/videos/getYoutubeVideoByTitle/nao-existe").await;
    assert_eq!(missing.status.as_u16(), 404);
    assert_eq!(missing.json()["status"], 404);
    assert_eq!(missing.json()["message"], "video not found");
    for path in [
        "/api/v1/videos/getLatestVideos/0",
        "/api/v1/videos/getLatestVideos/x",
        "/api/v1/videos/getLatestVideos/51",
        "/api/v1/videos/getYoutubeLatestVideos/-1",
    ] {
        assert_eq!(app.get(path).await.status.as_u16(), 400, "{path}");
    }
    let bad = app.get("/api/v1/videos/getYoutubeVideoByTitle/%FF").await;
    assert!(bad.status.is_client_error());
}

/// VD-03 (server half): '{product} TV' then 'Letra e Tradução', both autoplay embeds.
async fn tv_has_two_autoplay_tabs(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tabs = app.get("/api/v1/videos/getTvChannels").await.success_data();
    let tabs = tabs.as_array().unwrap();
    assert_eq!(tabs.len(), 2);
    assert_eq!(tabs[0]["label"], "Onda FM TV");
    assert_eq!(tabs[1]["label"], "Letra e Tradução");
    assert_ne!(tabs[0]["embedUrl"], tabs[1]["embedUrl"]);
    assert!(
        tabs.iter()
            .all(|t| t["embedUrl"].as_str().unwrap().contains("autoplay=1"))
    );

    let live = TestApp::with_config(Backend::Sqlite, |c| c.youtube_channel_id = Some("UCabc".into())).await;
    let tabs = live.get("/api/v1/videos/getTvChannels").await.success_data();
    assert!(
        tabs[0]["embedUrl"]
            .as_str()
            .unwrap()
            .contains("live_stream?channel=UCabc&autoplay=1")
    );
}

#[derive(Clone, Default)]
struct Platform {
    hits: Arc<AtomicUsize>,
}

async fn playlists(State(p): State<Platform>) -> Json<Value> {
    p.hits.fetch_add(1, Ordering::SeqCst);
    Json(json!({"items": [{"id": "PLup", "snippet": {"title": "Clipes", "description": "Da plataforma"}}]}))
}

async fn playlist_items(State(p): State<Platform>) -> Json<Value> {
    p.hits.fetch_add(1, Ordering::SeqCst);
    Json(json!({"items": [
        {"snippet": {"title": "Clipe Novo", "description": "d", "publishedAt": "2026-11-20T10:00:00Z",
          "resourceId": {"videoId": "abc123"}, "thumbnails": {"high": {"url": "https://i.example/abc.jpg"}}}},
        {"snippet": {"title": "Clipe Antigo", "description": "d", "publishedAt": "2025-01-01T10:00:00Z",
          "resourceId": {"videoId": "def456"}, "thumbnails": {}}}
    ]}))
}

/// With an API key the playlists and videos come from the platform (a local server here), cached;
/// when it is down with nothing cached the database answers instead of an error.
async fn platform_through_a_local_server(backend: Backend) {
    let platform = Platform::default();
    let service = Router::new()
        .route("/yt/playlists", get(playlists))
        .route("/yt/playlistItems", get(playlist_items))
        .with_state(platform.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn(async move { axum::serve(listener, service).await.unwrap() });
    let app = TestApp::with_config(backend, |c| {
        c.youtube_api_key = Some("k".into());
        c.youtube_channel_id = Some("UCx".into());
        c.youtube_api_url = format!("http://{addr}/yt");
    })
    .await;
    let lists = app.get("/api/v1/videos/getYoutubePlaylists").await.success_data();
    assert_eq!(
        lists,
        json!([{"id": "PLup", "snippet": {"title": "Clipes", "description": "Da plataforma"}}])
    );
    let videos = app
        .get("/api/v1/videos/getYoutubePlaylists/PLup")
        .await
        .success_data();
    assert_eq!(videos[0]["videoId"], "abc123");
    assert_eq!(videos[0]["slug"], "clipe-novo");
    assert_eq!(videos[0]["videoImage"], "https://i.example/abc.jpg");
    let one = app
        .get("/api/v1/videos/getYoutubeVideoByTitle/clipe-antigo")
        .await
        .success_data();
    assert_eq!(one["videoId"], "def456");
    assert_eq!(
        platform.hits.load(Ordering::SeqCst),
        2,
        "cached after the first call"
    );

    server.abort();
    let _ = server.await;
    app.state.external_cache.clear();
    let fallback = app.get("/api/v1/videos/getYoutubePlaylists").await.success_data();
    assert_eq!(fallback[0]["snippet"]["title"], "Letra e Tradução");
}
