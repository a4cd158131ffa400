//! The live radio API on both databases: stream lists and their access rules (PL-01, PL-12, G37, S05),
//! now playing and history from the running engine (PL-15, G35, G36), rating (G06, G60, G61, RT-08),
//! the mounts' access and session accounting, the push channel, analytics and the house preroll.

use std::time::Duration;

use crate::accounts_common::{
    assert_refused, assert_unauthorized, confirmed_user, get_auth, post, post_auth,
};
use crate::common::{Backend, TestApp};
use crate::radio_common::*;
use axum::http::{StatusCode, header};
use onda_server::admin::{self, AdminCommand};
use serde_json::{Value, json};

on_both_databases!(
    stream_list_has_the_main_stream_with_three_sources,
    pro_stream_list_needs_a_session_and_gives_pro_sources_to_pro_only,
    now_playing_and_history_follow_the_engine,
    pages_carry_the_station_the_streams_and_the_song_on_air,
    unknown_meta_id_is_not_found,
    rating_needs_a_session_a_valid_value_and_the_song_on_air,
    mounts_enforce_access_and_record_sessions,
    push_channel_announces_track_changes_within_a_second,
    analytics_batches_are_stored_and_validated,
    house_vast_ad_is_served_and_tracked,
);

fn stream<'a>(streams: &'a [Value], id: &str) -> &'a Value {
    streams
        .iter()
        .find(|stream| stream["streamId"] == id)
        .unwrap_or_else(|| panic!("no stream {id}"))
}

fn codecs(stream: &Value) -> Vec<String> {
    list(&stream["sources"])
        .iter()
        .map(|source| source["codec"].as_str().unwrap().to_owned())
        .collect()
}

async fn stream_list_has_the_main_stream_with_three_sources(backend: Backend) {
    let app = station(backend).await;
    let response = app.get("/api/v1/aovivo/getAvailableStreams").await;
    assert_eq!(response.header("cache-control"), Some("public, max-age=60"));
    let streams = list(&response.success_data());
    let main = main_id(&app);
    let normal = stream(&streams, &main);
    assert_eq!(normal["streamName"], "Normal");
    assert_eq!(normal["metaId"], main.as_str());
    assert_eq!(normal["pro"], false);
    assert_eq!(normal["semiPro"], false);
    assert_eq!(codecs(normal), ["AAC-HE", "AAC+", "MP3"]);
    let types: Vec<String> = list(&normal["sources"])
        .iter()
        .map(|source| source["type"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(types, ["audio/aac", "audio/aacp", "audio/mpeg"]);

    // G37: the Dolby Atmos twin is listed, not pro, on the main metaId.
    let dolby = stream(&streams, &format!("{main}_dolby_atmos"));
    assert_eq!(dolby["dolby"], true);
    assert_eq!(dolby["pro"], false);
    assert_eq!(dolby["metaId"], main.as_str());

    // S05: semiPro and pro streams are listed with their flags but nothing to play.
    for item in &streams {
        let restricted = item["pro"] == true || item["semiPro"] == true;
        assert_eq!(list(&item["sources"]).is_empty(), restricted, "{item}");
    }
    assert!(streams.iter().any(|s| s["pro"] == true));
    assert!(streams.iter().any(|s| s["semiPro"] == true));
    assert!(
        streams
            .iter()
            .any(|s| s["isPopup"] == true && s["popupUrl"] != "")
    );
}

async fn pro_stream_list_needs_a_session_and_gives_pro_sources_to_pro_only(backend: Backend) {
    let app = station(backend).await;
    assert_unauthorized(&app.get("/api/v1/aovivo/getAvailableProStreams").await);

    let (_, token) = confirmed_user(&app, "ouvinte@exemplo.com").await;
    let response = get_auth(&app, "/api/v1/aovivo/getAvailableProStreams", &token).await;
    assert_eq!(response.header("cache-control"), Some("private, no-store"));
    for item in list(&response.success_data()) {
        // A logged-in listener plays semiPro streams; no pro stream carries a playable source.
        assert_eq!(list(&item["sources"]).is_empty(), item["pro"] == true, "{item}");
    }

    admin::run(
        &app.state,
        AdminCommand::GrantPro {
            email: "ouvinte@exemplo.com".into(),
            until: None,
        },
    )
    .await
    .unwrap();
    let streams = list(
        &get_auth(&app, "/api/v1/aovivo/getAvailableProStreams", &token)
            .await
            .success_data(),
    );
    for item in &streams {
        assert!(!list(&item["sources"]).is_empty(), "PRO plays everything: {item}");
    }
    let hits = streams.iter().find(|s| s["pro"] == true).unwrap();
    assert_eq!(codecs(hits), ["AAC-HE", "MP3"]);
}

async fn now_playing_and_history_follow_the_engine(backend: Backend) {
    let app = on_air(backend).await;
    let main = main_id(&app);
    // A commercial break airs after every few songs and the test songs last 3 s, so a slow start can
    // land on a break: wait for a song, whose entity carries the catalogue's pages.
    let hub = app.state.radio.hub.clone();
    // The test songs last 3 s and a loaded machine may answer slowly: a song seen on the hub may be
    // gone by the time the request runs, so read until the reply itself is a song.
    let deadline = std::time::Instant::now() + Duration::from_secs(90);
    let response = loop {
        wait_for(Duration::from_secs(60), || {
            hub.current(&main)
                .is_some_and(|on_air| on_air.now.meta_type == onda_shared::live::MetaType::Music)
        })
        .await;
        let response = app
            .get(&format!("/api/v1/aovivo/getCurrentSongInfo/{main}?FYC=1"))
            .await;
        if response.success_data()["metaType"] == "music" {
            break response;
        }
        assert!(std::time::Instant::now() < deadline, "never answered a song");
    };
    let now = response.success_data();
    for key in [
        "song",
        "artist",
        "artistSlug",
        "musicSlug",
        "album",
        "year",
        "cover",
        "time",
        "metaType",
    ] {
        assert!(now.get(key).is_some(), "now playing lacks {key}: {now}");
    }
    assert_eq!(now["metaId"], main.as_str());
    assert!(now["time"].as_str().unwrap().ends_with("-03:00"), "{now}");
    assert!(now["cover"]["1000"].as_str().unwrap().starts_with("/media/"));
    assert!(now["cover"]["150"].as_str().unwrap().starts_with("/media/"));
    // A song of the demo catalogue, with its pages.
    assert_eq!(now["metaType"], "music");
    assert!(!now["artist"].as_str().unwrap().is_empty());
    assert!(!now["artistSlug"].as_str().unwrap().is_empty());

    // Cacheable by a CDN: public max-age and an ETag that answers 304.
    assert!(
        response
            .header("cache-control")
            .unwrap()
            .starts_with("public, max-age=")
    );
    // The same ETag answers 304; a track change between the two requests changes it, so a 200 counts
    // only with the ETag of a new item, and the pair is tried again.
    let mut etag = response.header("etag").unwrap().to_owned();
    let mut attempts = 0;
    loop {
        let revalidated = app
            .request(
                axum::http::Request::get(format!("/api/v1/aovivo/getCurrentSongInfo/{main}?FYC=2"))
                    .header(header::IF_NONE_MATCH, &etag)
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await;
        if revalidated.status == StatusCode::NOT_MODIFIED {
            break;
        }
        assert_eq!(revalidated.status, StatusCode::OK);
        let fresh = revalidated.header("etag").unwrap().to_owned();
        assert_ne!(fresh, etag, "a 200 to If-None-Match of the current ETag");
        attempts += 1;
        assert!(attempts < 5, "the item on air changed on every revalidation");
        etag = fresh;
    }

    // After two track changes the history lists what played before, newest first, songs only.
    let first_time = now["time"].as_str().unwrap().to_owned();
    let mut changes = 0;
    let mut seen = first_time.clone();
    wait_for(Duration::from_secs(30), || {
        let current = hub.current(&main).unwrap().now.time.clone();
        if current != seen {
            changes += 1;
            seen = current;
        }
        changes >= 2
    })
    .await;
    // The history rows are written just after the change.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let history = list(
        &app.get(&format!("/api/v1/aovivo/getMetaHistory/{main}"))
            .await
            .success_data(),
    );
    assert!(!history.is_empty() && history.len() <= 10, "{history:?}");
    let current = app
        .get(&format!("/api/v1/aovivo/getCurrentSongInfo/{main}?FYC=3"))
        .await
        .success_data();
    assert!(history.iter().all(|item| item["metaType"] == "music"));
    assert!(
        history.iter().all(|item| item["time"] != current["time"]),
        "the song on air is not history"
    );
    let times: Vec<i64> = history
        .iter()
        .map(|item| item["startedAtMs"].as_i64().unwrap())
        .collect();
    assert!(
        times.windows(2).all(|pair| pair[0] > pair[1]),
        "newest first: {times:?}"
    );
}

/// A page's HTML carries what the shell's first frame needs, each value the answer of the
/// endpoint the UI would otherwise call: the station profile, the app parameters (the logo and the
/// top bar), the public streams and what the main stream has on air (the widget and the live page
/// draw it at once, not after the first poll).
async fn pages_carry_the_station_the_streams_and_the_song_on_air(backend: Backend) {
    // Nothing on air yet (the engine not started): the song is left out, the rest is there.
    let app = station(backend).await;
    let station_info = app.get("/api/v1/station").await.success_data();
    let parameters = app.get("/api/v1/getAppParameters").await.success_data();
    let streams = app.get("/api/v1/aovivo/getAvailableStreams").await.success_data();
    let data = app
        .get("/ouvir-radio-online")
        .await
        .initial_data()
        .expect("initial data");
    assert_eq!(data["station"], station_info);
    assert_eq!(data["appParameters"], parameters);
    assert_eq!(data["streams"], streams);
    assert!(data.get("nowPlaying").is_none(), "{data}");

    start(&app.state).await;
    let main = main_id(&app);
    let song_info = format!("/api/v1/aovivo/getCurrentSongInfo/{main}?FYC=1");
    for path in ["/", "/ouvir-radio-online", "/musicas"] {
        // Songs last 3 s here: the page's item is the one on air between the two calls around it.
        let before = app.get(&song_info).await.success_data();
        let data = app.get(path).await.initial_data().expect("initial data");
        let after = app.get(&song_info).await.success_data();
        let now = &data["nowPlaying"];
        assert_eq!(now["metaId"], main.as_str(), "{path}: {data}");
        let started = now["startedAtMs"].as_i64().unwrap();
        assert!(
            before["startedAtMs"].as_i64().unwrap() <= started
                && started <= after["startedAtMs"].as_i64().unwrap(),
            "{path}: {now} between {before} and {after}"
        );
        // getCurrentSongInfo's own entity (its cover may be filled in later for the same play).
        let same_play = [&before, &after]
            .into_iter()
            .find(|answer| answer["startedAtMs"] == now["startedAtMs"]);
        if let Some(answer) = same_play {
            for key in [
                "song",
                "artist",
                "artistSlug",
                "musicSlug",
                "album",
                "time",
                "metaType",
            ] {
                assert_eq!(now[key], answer[key], "{path}: {key}");
            }
        }
        assert_eq!(data["station"], station_info);
    }
    // The live page's largest picture is the cover on air: fetched with the HTML. (The demo songs
    // all have covers; between songs there is no cover to fetch.)
    let page = app.get("/ouvir-radio-online").await;
    let now = &page.initial_data().expect("initial data")["nowPlaying"];
    let head = &page.text()[..page.text().find("</head>").unwrap()];
    let preload = format!(
        "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{}\">",
        now["cover"]["1000"].as_str().unwrap()
    );
    let music = now["metaType"] == "music" && now["song"] != "";
    assert_eq!(head.contains(&preload), music, "{now}: {head}");
    assert!(
        !app.get("/").await.text().contains("as=\"image\""),
        "the home page preloads no picture"
    );
}

async fn unknown_meta_id_is_not_found(backend: Backend) {
    let app = station(backend).await;
    let response = app
        .get("/api/v1/aovivo/getCurrentSongInfo/nao_existe?FYC=1")
        .await;
    assert_eq!(response.status, StatusCode::NOT_FOUND);
    assert_eq!(response.json()["status"], 404);
    let history = app
        .get("/api/v1/aovivo/getMetaHistory/nao_existe")
        .await
        .success_data();
    assert_eq!(history, json!([]));
    // The push channel of an unknown metaId is a 404 and leaves no slot behind (any id
    // answered 200 and kept a slot in the hub forever: 40,000 random ids took 180 MB).
    let slots = app.state.radio.hub.meta_count();
    for n in 0..200 {
        let id = format!("{n}-{}", "x".repeat(4096));
        let response = app.get(&format!("/api/v1/aovivo/events/{id}")).await;
        assert_eq!(response.status, StatusCode::NOT_FOUND);
        assert_eq!(response.json()["status"], 404);
    }
    assert_eq!(
        app.get("/api/v1/aovivo/events/nao_existe").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(app.state.radio.hub.meta_count(), slots);
}

async fn rating_needs_a_session_a_valid_value_and_the_song_on_air(backend: Backend) {
    let app = on_air(backend).await;
    let main = main_id(&app);
    // A moment when a song (not a break) is on air with at least a second to go.
    let hub = app.state.radio.hub.clone();
    wait_for(Duration::from_secs(60), || {
        hub.current(&main).is_some_and(|on_air| {
            let now = &on_air.now;
            let left = now.started_at_ms + now.duration_ms - onda_server::clock::now_ms();
            now.meta_type == onda_shared::live::MetaType::Music && left > 1500
        })
    })
    .await;
    let now = hub.current(&main).unwrap().now.clone();
    let vote =
        |rating: i64| json!({"metaId": main, "song": now.song, "artist": now.artist, "rating": rating});

    // G06: no session, no vote.
    assert_unauthorized(&post(&app, "/api/v1/aovivoBar/rateSong", vote(10)).await);

    let (_, token) = confirmed_user(&app, "fa@exemplo.com").await;
    let bad = post_auth(&app, "/api/v1/aovivoBar/rateSong", &token, vote(5)).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let mismatch = post_auth(
        &app,
        "/api/v1/aovivoBar/rateSong",
        &token,
        json!({"metaId": main, "song": "Outra Música", "artist": now.artist, "rating": 10}),
    )
    .await;
    assert_refused(&mismatch, "rating not counted");

    let counted = post_auth(&app, "/api/v1/aovivoBar/rateSong", &token, vote(10))
        .await
        .success_data();
    let expected_hash = onda_server::radio::nowplaying::music_hash(&now.song, &now.artist, &now.time);
    assert_eq!(counted["musicHash"], expected_hash.as_str());
    assert_eq!(counted["likes"], 1);
    assert_eq!(counted["dislikes"], 0);
    // G61: one vote per user per play, whatever the value.
    assert_refused(
        &post_auth(&app, "/api/v1/aovivoBar/rateSong", &token, vote(1)).await,
        "already voted",
    );
    let (_, other) = confirmed_user(&app, "outro@exemplo.com").await;
    let second = post_auth(&app, "/api/v1/aovivoBar/rateSong", &other, vote(1))
        .await
        .success_data();
    assert_eq!(
        (second["likes"].as_i64(), second["dislikes"].as_i64()),
        (Some(1), Some(1))
    );
    let stored: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM song_ratings WHERE music_hash = $1")
            .bind(&expected_hash)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(stored, 2);
}

async fn mounts_enforce_access_and_record_sessions(backend: Backend) {
    let app = on_air(backend).await;
    let served = serve(&app.state).await;
    let client = reqwest::Client::new();
    let main = main_id(&app);

    // Unknown mounts are 404; HEAD gives the headers without becoming a listener.
    let missing = client.get(served.url("/stream/nada.mp3")).send().await.unwrap();
    assert_eq!(missing.status(), 404);
    let head = client
        .head(served.url(&format!("/stream/{main}.mp3")))
        .send()
        .await
        .unwrap();
    assert_eq!(head.status(), 200);
    assert_eq!(head.headers()["content-type"], "audio/mpeg");
    assert_eq!(app.state.radio.listeners.counts()["total"], 0);

    // semiPro: a session is needed. pro: PRO is needed (S05 on the mounts themselves).
    let semi = format!("/stream/{}_classicos.mp3", app.state.config.station_slug);
    let pro = format!("/stream/{}_hits.mp3", app.state.config.station_slug);
    assert_eq!(client.get(served.url(&semi)).send().await.unwrap().status(), 401);
    assert_eq!(client.get(served.url(&pro)).send().await.unwrap().status(), 401);
    let (_, token) = confirmed_user(&app, "ouve@exemplo.com").await;
    let bearer = |path: &str| client.get(served.url(path)).bearer_auth(&token).send();
    let mut semi_ok = bearer(&semi).await.unwrap();
    assert_eq!(semi_ok.status(), 200);
    assert!(
        !read_for(&mut semi_ok, Duration::from_secs(2), 4096)
            .await
            .is_empty()
    );
    drop(semi_ok);
    assert_eq!(bearer(&pro).await.unwrap().status(), 403);
    admin::run(
        &app.state,
        AdminCommand::GrantPro {
            email: "ouve@exemplo.com".into(),
            until: None,
        },
    )
    .await
    .unwrap();
    assert_eq!(bearer(&pro).await.unwrap().status(), 200);

    // A listener on the main MP3 mount, with the Android app's user agent.
    let mut listener = client
        .get(served.url(&format!("/stream/{main}.mp3")))
        .header("user-agent", "ExoPlayerLib/2.18.1")
        .send()
        .await
        .unwrap();
    assert_eq!(listener.headers()["cache-control"], "no-cache, no-store");
    let audio = read_for(&mut listener, Duration::from_secs(2), usize::MAX).await;
    assert!(mp3_duration_us(&audio) > 2_000_000, "burst plus live audio");
    assert_eq!(app.state.radio.listeners.counts()["android"], 1);
    drop(listener);
    wait_for(Duration::from_secs(5), || {
        app.state.radio.listeners.counts()["android"] == 0
    })
    .await;
    app.state.radio.listeners.flush(&app.state.db).await.unwrap();
    let (client_kind, started, ended, bytes): (String, i64, Option<i64>, i64) = sqlx::query_as(
        "SELECT client, started_at_ms, ended_at_ms, bytes_sent FROM listener_sessions \
         WHERE mount = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(format!("{main}.mp3"))
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(client_kind, "android");
    let ended = ended.expect("the session ended with the connection");
    assert!((1500..10_000).contains(&(ended - started)), "{started}..{ended}");
    assert!(
        bytes >= audio.len() as i64,
        "{bytes} bytes recorded, {} read",
        audio.len()
    );
}

async fn push_channel_announces_track_changes_within_a_second(backend: Backend) {
    let app = on_air(backend).await;
    let served = serve(&app.state).await;
    let main = main_id(&app);
    let connected = onda_server::clock::now_ms();
    let mut events = reqwest::get(served.url(&format!("/api/v1/aovivo/events/{main}")))
        .await
        .unwrap();
    assert_eq!(events.headers()["content-type"], "text/event-stream");
    let mut buffer = String::new();
    let mut received: Vec<(Value, i64)> = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while received.len() < 3 {
        let chunk = tokio::time::timeout_at(deadline, events.chunk())
            .await
            .expect("events within the deadline")
            .unwrap()
            .unwrap();
        let arrived = onda_server::clock::now_ms();
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            if !block.contains("event: nowplaying") {
                continue;
            }
            let data = block
                .lines()
                .find_map(|line| line.strip_prefix("data: "))
                .unwrap();
            let event: Value = serde_json::from_str(data).unwrap();
            // The start's burst puts its first seconds of tracks on air at once, dated when they
            // would have aired: a track dated before the connection is not a change to time.
            let started = event["nowPlaying"]["startedAtMs"].as_i64().unwrap_or(0);
            if received.is_empty() || started >= connected {
                received.push((event, arrived));
            }
        }
    }
    // The first event is what was on air at connection time; the next ones are changes, each
    // announced within a second of going on air.
    for (event, arrived) in &received[1..] {
        let started = event["nowPlaying"]["startedAtMs"].as_i64().unwrap();
        assert!(
            arrived - started < 1000,
            "announced {} ms after the change",
            arrived - started
        );
        assert!(event["serverTimeMs"].as_i64().unwrap() >= started);
    }
    assert_ne!(
        received[1].0["nowPlaying"]["time"],
        received[2].0["nowPlaying"]["time"]
    );
}

async fn analytics_batches_are_stored_and_validated(backend: Backend) {
    let app = station(backend).await;
    let now = onda_server::clock::now_ms();
    let batch = json!({
        "clientId": "b7f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5",
        "events": [
            {"category": "player", "action": "heartbeat", "value": 240, "streamId": "onda_1", "at": now},
            {"category": "player", "action": "milestone", "label": "5", "value": 5, "streamId": "onda_1", "at": now},
            // A browser clock years off is stored at the server's time.
            {"category": "pro-page", "action": "click", "at": 1}
        ]
    });
    let stored = post(&app, "/api/v1/analytics/events", batch).await.success_data();
    assert_eq!(stored["stored"], 3);
    // Found by the API fuzz: a time at the ends of the range overflowed the skew check (a 500).
    let extremes = json!({"clientId": "b7f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5", "events": [
        {"category": "player", "action": "heartbeat", "at": i64::MIN},
        {"category": "player", "action": "heartbeat", "at": i64::MAX}
    ]});
    let stored_extremes = post(&app, "/api/v1/analytics/events", extremes)
        .await
        .success_data();
    assert_eq!(stored_extremes["stored"], 2);
    sqlx::query("DELETE FROM analytics_events WHERE at_ms >= $1 AND id > 3")
        .bind(now)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let rows: Vec<(String, String, Option<i64>, i64)> =
        sqlx::query_as("SELECT category, action, value, at_ms FROM analytics_events ORDER BY id")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(
        (rows[0].0.as_str(), rows[0].1.as_str(), rows[0].2),
        ("player", "heartbeat", Some(240))
    );
    assert_eq!(rows[1].2, Some(5));
    assert!(rows[2].3 >= now, "clamped to the server clock");

    for bad in [
        json!({"clientId": "", "events": []}),
        json!({"clientId": "x y", "events": []}),
        json!({"clientId": "abc", "events": [{"category": "", "action": "a", "at": now}]}),
        json!({"clientId": "abc", "events": [{"category": "c", "action": "a", "at": now, "streamId": "<script>"}]}),
        json!({"clientId": "abc", "events": "nope"}),
    ] {
        let response = post(&app, "/api/v1/analytics/events", bad.clone()).await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{bad}");
    }
    let too_many: Vec<Value> = (0..101)
        .map(|_| json!({"category": "c", "action": "a", "at": now}))
        .collect();
    let response = post(
        &app,
        "/api/v1/analytics/events",
        json!({"clientId": "abc", "events": too_many}),
    )
    .await;
    assert_eq!(response.status, StatusCode::BAD_REQUEST);
}

async fn house_vast_ad_is_served_and_tracked(backend: Backend) {
    let app = TestApp::with_config(backend, |config| {
        radio_config(config);
        config.public_url = Some("https://radio.example".into());
    })
    .await;
    // The default app parameters point the preroll at the house ad.
    let params = app.get("/api/v1/getAppParameters").await.success_data();
    assert_eq!(params["preroll"]["adManagerUrl"], "/api/v1/ads/vast");

    let response = app
        .request(
            axum::http::Request::get("/api/v1/ads/vast")
                // Whatever the request's host says, the document's URLs are the station's address.
                .header(header::HOST, "evil.test:8080")
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(response.status, StatusCode::OK);
    assert!(
        response
            .header("content-type")
            .unwrap()
            .starts_with("application/xml")
    );
    let xml = response.text();
    assert!(xml.contains(r#"<VAST version="4.1""#));
    assert!(
        xml.contains(r#"type="audio/mpeg" width="640" height="360""#),
        "{xml}"
    );
    assert!(xml.contains("https://radio.example/media/ads/house.mp3"), "{xml}");
    assert!(
        xml.contains("<![CDATA[https://radio.example/api/v1/ads/track?ad=house&event=start]]>"),
        "{xml}"
    );
    assert!(!xml.contains("evil.test"), "{xml}");
    assert!(xml.contains("<Duration>00:00:1"), "about ten seconds: {xml}");

    let audio = app.get("/media/ads/house.mp3").await;
    assert_eq!(audio.header("content-type"), Some("audio/mpeg"));
    let seconds = mp3_duration_us(&audio.body) as f64 / 1e6;
    assert!((9.0..11.5).contains(&seconds), "{seconds} s");

    let tracked = app.get("/api/v1/ads/track?ad=house&event=impression").await;
    assert_eq!(tracked.status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.get("/api/v1/ads/track?ad=house&event=nope").await.status,
        StatusCode::BAD_REQUEST
    );
    let count: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM ad_events WHERE event = 'impression'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(count, 1);
}
