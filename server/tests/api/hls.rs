//! Every channel as HLS, read by real clients: the playlists parsed by the `m3u8` package (PyPI) and
//! the audio played by ffmpeg from the master playlist with no decoder error; the cache rules a CDN
//! goes by; the access of a pro channel; segments out of the window are gone.

use std::{path::PathBuf, process::Command, time::Duration};

use crate::common::Backend;
use crate::radio_common::*;

/// The Python with the `m3u8` package: `ONDA_TEST_PYTHON`, else the one scripts/test.sh sets up.
fn python() -> PathBuf {
    std::env::var_os("ONDA_TEST_PYTHON").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/py-venv/bin/python3"),
        PathBuf::from,
    )
}

/// Parses the master playlist and every media playlist it names with `m3u8`, and prints what a test
/// checks: the renditions with their codecs, then per media playlist its segments with their dates.
const PARSE: &str = r#"
import json, sys, m3u8
master = m3u8.load(sys.argv[1])
assert master.is_variant, "not a master playlist"
out = {"variants": [], "media": {}}
for variant in master.playlists:
    out["variants"].append({"uri": variant.absolute_uri, "codecs": variant.stream_info.codecs,
                            "bandwidth": variant.stream_info.bandwidth})
    media = m3u8.load(variant.absolute_uri)
    assert not media.is_variant
    last = media.segments[-1]
    out["media"][variant.absolute_uri] = {
        "target": media.target_duration,
        "sequence": media.media_sequence,
        "edge_ms": last.program_date_time.timestamp() * 1000 + last.duration * 1000,
        "segments": [{"uri": s.absolute_uri, "duration": s.duration,
                      "date": s.program_date_time.isoformat() if s.program_date_time else None}
                     for s in media.segments],
    }
print(json.dumps(out))
"#;

async fn every_channel_is_published_as_hls(backend: Backend) {
    let app = on_air(backend).await;
    let served = serve(&app.state).await;
    let main = main_id(&app);
    let master_url = served.url(&format!("/hls/{main}.m3u8"));
    let client = reqwest::Client::new();

    // The start's burst is cut into segments at once; wait for three in the MP3 window.
    let media_url = served.url(&format!("/hls/{main}/mp3.m3u8"));
    let started = std::time::Instant::now();
    loop {
        let text = client.get(&media_url).send().await.unwrap().text().await.unwrap();
        if text.matches("#EXTINF").count() >= 3 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "no segments: {text}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }

    let parsed = Command::new(python())
        .args(["-c", PARSE, &master_url])
        .output()
        .expect("python with the m3u8 package (scripts/test.sh sets up target/py-venv)");
    assert!(
        parsed.status.success(),
        "{}",
        String::from_utf8_lossy(&parsed.stderr)
    );
    let parsed: serde_json::Value = serde_json::from_slice(&parsed.stdout).unwrap();
    let codecs: Vec<&str> = parsed["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["codecs"].as_str().unwrap())
        .collect();
    // Full quality first (MP3 128 kbps), then HE-AAC and HE-AAC v2 for mobile data.
    assert_eq!(codecs, ["mp4a.40.34", "mp4a.40.5", "mp4a.40.29"], "{parsed}");
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as f64;
    for (uri, media) in parsed["media"].as_object().unwrap() {
        let segments = media["segments"].as_array().unwrap();
        assert!(!segments.is_empty(), "{uri}: {media}");
        // The live edge of HLS is the mounts' air clock less the segment being cut: within a few
        // segments (4 s each, one more for the chunk that closes it and a loaded machine).
        let behind_ms = now_ms - media["edge_ms"].as_f64().unwrap();
        assert!(
            (-2_000.0..12_000.0).contains(&behind_ms),
            "{uri}: live edge {behind_ms} ms behind the air clock"
        );
        let target = media["target"].as_f64().unwrap();
        for segment in segments {
            let duration = segment["duration"].as_f64().unwrap();
            assert!(duration > 0.0 && duration.round() <= target, "{uri}: {segment}");
            assert!(
                segment["date"].as_str().is_some_and(|d| d.starts_with("20")),
                "{segment}"
            );
        }
    }

    // ffmpeg plays eight seconds from the master playlist, decoding every frame without an error.
    let played = Command::new("ffmpeg")
        .args([
            "-nostdin",
            "-v",
            "error",
            "-i",
            &master_url,
            "-t",
            "8",
            "-f",
            "null",
            "-",
        ])
        .output()
        .unwrap();
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    assert!(
        played.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );

    // What a cache keeps: a segment for a year, a media playlist a second, the master a minute.
    let first = parsed["media"][served.url(&format!("/hls/{main}/mp3.m3u8"))]["segments"][0]["uri"]
        .as_str()
        .unwrap()
        .to_owned();
    let segment = client.get(&first).send().await.unwrap();
    assert_eq!(segment.status(), 200);
    assert_eq!(segment.headers()["content-type"], "audio/mpeg");
    assert_eq!(
        segment.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let body = segment.bytes().await.unwrap();
    assert!(
        body.starts_with(b"ID3"),
        "a packed-audio segment starts with its ID3 tag"
    );
    let playlist = client.get(&media_url).send().await.unwrap();
    assert_eq!(
        playlist.headers()["content-type"],
        "application/vnd.apple.mpegurl"
    );
    assert_eq!(playlist.headers()["cache-control"], "public, max-age=1");
    // Neither is a document: the page's security policy stays off them (a delta update is a
    // kilobyte, which the page policy would double); what applies to any reply stays on.
    let segment = client.get(&first).send().await.unwrap();
    for reply in [&playlist, &segment] {
        let headers = reply.headers();
        assert_eq!(
            headers["content-security-policy"],
            "default-src 'none'; frame-ancestors 'none'"
        );
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert!(headers.get("x-frame-options").is_none() && headers.get("permissions-policy").is_none());
    }
    let master = client.get(&master_url).send().await.unwrap();
    assert_eq!(master.headers()["cache-control"], "public, max-age=60");

    // Unknown channels, renditions and segments: 404 in the API's envelope.
    for path in [
        "/hls/nada.m3u8".to_owned(),
        format!("/hls/{main}/flac.m3u8"),
        format!("/hls/{main}/mp3/999999999.mp3"),
        format!("/hls/{main}/mp3/1.aac"),
        format!("/hls/{main}/mp3/..%2F..%2Fetc.mp3"),
    ] {
        let response = client.get(served.url(&path)).send().await.unwrap();
        assert_eq!(response.status(), 404, "{path}");
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(body["status"], 404, "{path}");
    }
}

/// The demo's first pro stream.
async fn pro_stream(app: &crate::common::TestApp) -> String {
    sqlx::query_scalar("SELECT stream_id FROM streams WHERE is_pro = 1 ORDER BY id LIMIT 1")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

/// A PRO subscriber's session token.
async fn pro_listener(app: &crate::common::TestApp, email: &str) -> String {
    let (id, token) = crate::players_common::listener(app, email, true).await;
    crate::players_common::make_pro(app, id).await;
    token
}

/// A pro channel's HLS answers only its listeners, as its mounts do, and no shared cache may keep it.
async fn a_pro_channel_is_for_its_listeners(backend: Backend) {
    let app = on_air(backend).await;
    let pro = pro_stream(&app).await;
    assert!(
        app.state.radio.hls(&pro).is_some(),
        "the demo's pro stream {pro} is published as HLS"
    );
    let served = serve(&app.state).await;
    let response = reqwest::get(served.url(&format!("/hls/{pro}.m3u8")))
        .await
        .unwrap();
    assert_eq!(response.status(), 401);
    let token = pro_listener(&app, "pro@exemplo.com").await;
    let response = reqwest::Client::new()
        .get(served.url(&format!("/hls/{pro}.m3u8")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "private, max-age=60");
    // The master names its media playlists with this period's token, which opens them without a
    // session: a segment request is checked by the token alone, and caches share its bytes.
    let master = response.text().await.unwrap();
    let media_path = master
        .lines()
        .find(|line| line.starts_with(&format!("{pro}/mp3.m3u8?t=")))
        .unwrap_or_else(|| panic!("no tokened media playlist in {master}"))
        .to_owned();
    let token_of = |url: &str| url.split_once("?t=").map(|(_, t)| t.to_owned()).unwrap();
    let shared = token_of(&media_path);
    let again = reqwest::Client::new()
        .get(served.url(&format!("/hls/{pro}.m3u8")))
        .bearer_auth(&pro_listener(&app, "pro2@exemplo.com").await)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        again.contains(&format!("?t={shared}")),
        "another PRO listener in the same period gets the same token: {again}"
    );
    let client = reqwest::Client::new();
    let media_url = served.url(&format!("/hls/{media_path}"));
    let started = std::time::Instant::now();
    let media = loop {
        let response = client.get(&media_url).send().await.unwrap();
        assert_eq!(response.status(), 200, "the token alone opens the media playlist");
        let cache = response.headers()["cache-control"].to_str().unwrap().to_owned();
        assert_eq!(cache, "public, max-age=1");
        let text = response.text().await.unwrap();
        if text.contains("#EXTINF") {
            break text;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "no segments: {text}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    let segment = media
        .lines()
        .find(|line| line.starts_with("mp3/"))
        .unwrap()
        .to_owned();
    assert_eq!(token_of(&segment), shared, "{media}");
    let response = client
        .get(served.url(&format!("/hls/{pro}/{segment}")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let cache = response.headers()["cache-control"].to_str().unwrap().to_owned();
    let max_age: i64 = cache
        .strip_prefix("public, max-age=")
        .and_then(|rest| rest.strip_suffix(", immutable"))
        .and_then(|age| age.parse().ok())
        .unwrap_or_else(|| panic!("{cache}"));
    assert!(
        (15 * 60 - 5..=30 * 60).contains(&max_age),
        "kept no longer than the token lives: {cache}"
    );
    assert!(response.bytes().await.unwrap().starts_with(b"ID3"));
    // A token altered, of another channel, or none: no audio.
    let (expires, signed) = shared.split_once('.').unwrap();
    let bare = segment.split_once('?').unwrap().0;
    let flipped = format!(
        "{expires}.{}{}",
        if signed.starts_with('0') { '1' } else { '0' },
        &signed[1..]
    );
    for query in [
        format!("?t={flipped}"),
        format!("?t={}.{signed}", expires.parse::<i64>().unwrap() + 900),
        String::new(),
    ] {
        let response = client
            .get(served.url(&format!("/hls/{pro}/{bare}{query}")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 401, "{query}");
    }
    let public = main_id(&app);
    let semi: Option<String> = sqlx::query_scalar(
        "SELECT stream_id FROM streams WHERE is_semi_pro = 1 AND is_pro = 0 ORDER BY id LIMIT 1",
    )
    .fetch_optional(&app.state.db.pool)
    .await
    .unwrap();
    if let Some(semi) = semi.filter(|semi| app.state.radio.hls(semi).is_some()) {
        let response = client
            .get(served.url(&format!("/hls/{semi}/mp3.m3u8?t={shared}")))
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            401,
            "a pro channel's token opens no other channel"
        );
    }
    assert_eq!(
        client
            .get(served.url(&format!("/hls/{public}/mp3.m3u8?t=a&t=b")))
            .send()
            .await
            .unwrap()
            .status(),
        400
    );

    let (_, token) = crate::players_common::listener(&app, "gratis@exemplo.com", false).await;
    let response = reqwest::Client::new()
        .get(served.url(&format!("/hls/{pro}.m3u8")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
}

/// Each built-in channel lists its HLS master playlist after its mounts, where the caller may play it.
async fn the_streams_list_their_hls_last(backend: Backend) {
    let app = on_air(backend).await;
    let served = serve(&app.state).await;
    let main = main_id(&app);
    let pro = pro_stream(&app).await;
    let body: serde_json::Value = reqwest::get(served.url("/api/v1/aovivo/getAvailableStreams"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let streams = list(&body["data"]);
    let sources = |id: &str, streams: &[serde_json::Value]| -> Vec<serde_json::Value> {
        streams
            .iter()
            .find(|stream| stream["streamId"] == id)
            .map(|stream| list(&stream["sources"]))
            .unwrap_or_default()
    };
    let main_sources = sources(&main, &streams);
    assert!(main_sources.len() >= 2, "{main_sources:?}");
    let last = main_sources.last().unwrap();
    assert_eq!(last["src"], format!("/hls/{main}.m3u8"));
    assert_eq!(last["type"], "application/vnd.apple.mpegurl");
    assert!(
        main_sources[..main_sources.len() - 1]
            .iter()
            .all(|source| source["src"].as_str().unwrap().starts_with("/stream/")),
        "{main_sources:?}"
    );
    assert!(sources(&pro, &streams).is_empty(), "no pro source for anyone");
    let token = pro_listener(&app, "pro-sources@exemplo.com").await;
    let body: serde_json::Value = reqwest::Client::new()
        .get(served.url("/api/v1/aovivo/getAvailableProStreams"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let pro_sources = sources(&pro, &list(&body["data"]));
    assert_eq!(
        pro_sources.last().map(|source| source["src"].clone()),
        Some(serde_json::json!(format!("/hls/{pro}.m3u8")))
    );
}

/// An HLS player is one listening session, recognised from its playlist requests, counted with the
/// mounts' listeners by client kind, and ended when its requests stop.
async fn an_hls_player_is_one_listening_session(backend: Backend) {
    use onda_server::radio::hls_audience::IDLE_MS;
    let app = on_air(backend).await;
    let served = serve(&app.state).await;
    let main = main_id(&app);
    let client = reqwest::Client::new();
    let counts = || app.state.radio.listeners.counts();
    let of =
        |counts: &std::collections::BTreeMap<String, i64>, key: &str| counts.get(key).copied().unwrap_or(0);
    let before = counts();
    let media = served.url(&format!("/hls/{main}/mp3.m3u8"));
    let mut segment: Option<String> = None;
    let started = std::time::Instant::now();
    while segment.is_none() {
        assert!(started.elapsed() < Duration::from_secs(30), "no segments");
        let text = client
            .get(&media)
            .header("user-agent", "AppleCoreMedia/1.0.0.21A329 (iPhone)")
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        segment = text
            .lines()
            .find(|line| line.starts_with("mp3/"))
            .map(str::to_owned);
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    // Another player behind the same address, on another rendition.
    client
        .get(served.url(&format!("/hls/{main}/aac.m3u8")))
        .header("user-agent", "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0")
        .send()
        .await
        .unwrap();
    let during = counts();
    assert_eq!(of(&during, &main) - of(&before, &main), 2, "{during:?}");
    assert_eq!(of(&during, "ios") - of(&before, "ios"), 1);
    assert_eq!(of(&during, "http") - of(&before, "http"), 1);
    // Segments asked for by the iPhone count as its bytes.
    let response = client
        .get(served.url(&format!("/hls/{main}/{}", segment.unwrap())))
        .header("user-agent", "AppleCoreMedia/1.0.0.21A329 (iPhone)")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(app.state.radio.hls_audience.len(), 2);
    app.state
        .radio
        .hls_audience
        .sweep(onda_server::clock::now_ms() + IDLE_MS + 1);
    assert_eq!(of(&counts(), &main), of(&before, &main), "both players stopped");
    app.state.radio.listeners.flush(&app.state.db).await.unwrap();
    let rows: Vec<(String, String, Option<i64>, i64)> = sqlx::query_as(
        "SELECT mount, client, ended_at_ms, bytes_sent FROM listener_sessions WHERE mount = $1 ORDER BY client",
    )
    .bind(format!("/hls/{main}.m3u8"))
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(rows.iter().all(|row| row.2.is_some()), "{rows:?}");
    let iphone = rows.iter().find(|row| row.1 == "ios").unwrap();
    assert!(iphone.3 > 1000, "the iPhone's segment bytes: {rows:?}");
}

/// What was on air at an instant of the window: the play and the programme grid's slot.
async fn what_was_on_air_at_an_instant(backend: Backend) {
    let app = on_air(backend).await;
    let served = serve(&app.state).await;
    let main = main_id(&app);
    let client = reqwest::Client::new();
    let meta: String = sqlx::query_scalar("SELECT meta_id FROM streams WHERE stream_id = $1")
        .bind(&main)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    // Two plays in the history, the first one before the second.
    let started = std::time::Instant::now();
    let plays: Vec<(i64, String)> = loop {
        let plays: Vec<(i64, String)> = sqlx::query_as(
            "SELECT started_at_ms, song FROM play_history WHERE meta_id = $1 ORDER BY started_at_ms",
        )
        .bind(&meta)
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
        if plays.len() >= 2 {
            break plays;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "{plays:?}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    for (at, song) in &plays[..2] {
        let response = client
            .get(served.url(&format!("/api/v1/aovivo/onAir/{main}?at={}", at + 1)))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let body: serde_json::Value = response.json().await.unwrap();
        let data = &body["data"];
        assert_eq!(data["streamId"], main.as_str());
        assert_eq!(data["atMs"], at + 1);
        assert_eq!(data["nowPlaying"]["song"], song.as_str(), "{body}");
        assert_eq!(data["nowPlaying"]["startedAtMs"], *at);
        // The demo week fills the main channel's grid.
        assert!(data["programme"]["program"]["title"].is_string(), "{body}");
    }
    let before_any = plays[0].0 - 1;
    let body: serde_json::Value = client
        .get(served.url(&format!("/api/v1/aovivo/onAir/{main}?at={before_any}")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(body["data"]["nowPlaying"].is_null(), "{body}");
    let week_ago = onda_server::clock::now_ms() - 8 * 24 * 3600 * 1000;
    for (path, status) in [
        (format!("/api/v1/aovivo/onAir/{main}"), 400),
        (format!("/api/v1/aovivo/onAir/{main}?at=ontem"), 400),
        (format!("/api/v1/aovivo/onAir/{main}?at={week_ago}"), 400),
        (format!("/api/v1/aovivo/onAir/nada?at={}", plays[0].0), 404),
    ] {
        let response = client.get(served.url(&path)).send().await.unwrap();
        assert_eq!(response.status(), status, "{path}");
        let body: serde_json::Value = response.json().await.unwrap();
        assert!(body["message"].is_string(), "{body}");
    }
}

on_both_databases!(
    every_channel_is_published_as_hls,
    a_pro_channel_is_for_its_listeners,
    the_streams_list_their_hls_last,
    an_hls_player_is_one_listening_session,
    what_was_on_air_at_an_instant
);

/// nginx (Debian) with `proxy_cache` in front of Onda, as docs/radio.md configures it: two hundred
/// listeners asking at once for the same playlist and segments reach Onda about once per URL, and a
/// pro channel's private answers are never kept.
async fn nginx_caches_what_every_listener_shares(backend: Backend) {
    let app = on_air(backend).await;
    let served = serve(&app.state).await;
    let main = main_id(&app);
    let work = tempfile::tempdir().unwrap();
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let root = work.path();
    // The workers of nginx started as root run as nobody: the cache and temp folders are theirs too.
    std::fs::create_dir_all(root.join("cache")).unwrap();
    let config = format!(
        "daemon off; worker_processes 1; pid {root}/nginx.pid; error_log {root}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log {root}/access.log;
    client_body_temp_path {root}/body; proxy_temp_path {root}/proxy; fastcgi_temp_path {root}/fastcgi;
    uwsgi_temp_path {root}/uwsgi; scgi_temp_path {root}/scgi;
{cache}
    server {{ listen 127.0.0.1:{port}; location / {{ proxy_pass http://{upstream}; }} {location} }}
}}",
        root = root.display(),
        cache = NGINX_CACHE.replace("/var/cache/nginx/onda", &root.join("cache").display().to_string()),
        location = NGINX_LOCATION.replace("http://127.0.0.1:8080", &format!("http://{}", served.addr)),
        upstream = served.addr,
    );
    std::fs::write(root.join("nginx.conf"), config).unwrap();
    Command::new("chmod")
        .args(["-R", "777"])
        .arg(root)
        .status()
        .unwrap();
    let mut nginx = Command::new("nginx")
        .args(["-p", &root.display().to_string(), "-c"])
        .arg(root.join("nginx.conf"))
        .spawn()
        .expect("nginx (Debian's nginx-light)");
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let started = std::time::Instant::now();
    let media = loop {
        if let Ok(response) = client.get(format!("{base}/hls/{main}/mp3.m3u8")).send().await
            && response.status() == 200
        {
            let text = response.text().await.unwrap();
            if text.matches("#EXTINF").count() >= 3 {
                break text;
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "nginx does not answer"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let segments: Vec<String> = media
        .lines()
        .filter(|line| line.starts_with("mp3/"))
        .take(3)
        .map(|line| format!("{base}/hls/{main}/{line}"))
        .collect();

    // 200 listeners at once, each asking for the master playlist and the three segments.
    let mut urls = vec![format!("{base}/hls/{main}.m3u8")];
    urls.extend(segments.iter().cloned());
    let mut asks = Vec::new();
    for _ in 0..200 {
        for url in &urls {
            let (client, url) = (client.clone(), url.clone());
            asks.push(tokio::spawn(async move {
                let response = client.get(&url).send().await.unwrap();
                let status = response.status().as_u16();
                let cache = response
                    .headers()
                    .get("x-cache-status")
                    .map(|v| v.to_str().unwrap().to_owned());
                let body = response.bytes().await.unwrap();
                (url, status, cache, body.len())
            }));
        }
    }
    let mut misses: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for ask in asks {
        let (url, status, cache, len) = ask.await.unwrap();
        assert_eq!(status, 200, "{url}");
        assert!(len > 0);
        if cache.as_deref() != Some("HIT") {
            *misses.entry(url).or_default() += 1;
        }
    }
    // Onda answered each URL once (the first asker; the cache lock holds the others until it is in).
    for url in &urls {
        let reached = misses.get(url).copied().unwrap_or(0);
        assert!(reached <= 1, "{url} reached Onda {reached} times of 200");
    }

    // A pro channel is private: nginx passes every request on and keeps nothing.
    let pro = pro_stream(&app).await;
    let token = pro_listener(&app, "pro-nginx@exemplo.com").await;
    for _ in 0..2 {
        let response = client
            .get(format!("{base}/hls/{pro}.m3u8"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert_ne!(
            response
                .headers()
                .get("x-cache-status")
                .map(|v| v.to_str().unwrap()),
            Some("HIT")
        );
    }
    let anonymous = client.get(format!("{base}/hls/{pro}.m3u8")).send().await.unwrap();
    assert_eq!(
        anonymous.status(),
        401,
        "a listener's private answer is never served to another"
    );
    let _ = nginx.kill();
    let _ = nginx.wait();
}

/// An anonymous player's playlist and newest segments are answered without the router (the
/// listener's shortcut); a request with a cookie goes through it. Both give the same reply.
async fn the_shortcut_answers_as_the_router_does(backend: Backend) {
    let app = on_air(backend).await;
    let served = serve(&app.state).await;
    let main = main_id(&app);
    let client = reqwest::Client::builder().no_gzip().build().unwrap();
    let media_url = served.url(&format!("/hls/{main}/mp3.m3u8"));
    let started = std::time::Instant::now();
    let playlist = loop {
        let text = client.get(&media_url).send().await.unwrap().text().await.unwrap();
        if text.matches("#EXTINF").count() >= 2 {
            break text;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "no segments: {text}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    let newest = playlist
        .lines()
        .rev()
        .find(|line| !line.starts_with('#'))
        .unwrap();
    let segment_url = served.url(&format!("/hls/{main}/{newest}"));
    let compared = [
        "content-type",
        "cache-control",
        "content-encoding",
        "content-security-policy",
        "x-content-type-options",
        "referrer-policy",
        "strict-transport-security",
        "x-frame-options",
    ];
    for (url, accept) in [
        (media_url.clone(), "identity"),
        (media_url.clone(), "gzip"),
        (format!("{media_url}?_HLS_skip=YES"), "identity"),
        (segment_url, "identity"),
    ] {
        let ask = |cookie: bool| {
            let mut request = client.get(&url).header("accept-encoding", accept);
            if cookie {
                request = request.header("cookie", "preferencia=1");
            }
            request.send()
        };
        let (plain, routed) = (ask(false).await.unwrap(), ask(true).await.unwrap());
        assert_eq!(plain.status(), 200, "{url}");
        assert_eq!(plain.status(), routed.status(), "{url}");
        for name in compared {
            assert_eq!(
                plain.headers().get(name),
                routed.headers().get(name),
                "{name} of {url} ({accept})"
            );
        }
        let vary = |reply: &reqwest::Response| {
            reply
                .headers()
                .get_all("vary")
                .iter()
                .any(|value| value.to_str().unwrap().contains("accept-encoding"))
        };
        assert_eq!(vary(&plain), vary(&routed), "{url}");
        let (plain, routed) = (plain.bytes().await.unwrap(), routed.bytes().await.unwrap());
        // A playlist may have gained a segment between the two requests.
        if url.ends_with(".mp3") {
            assert_eq!(plain, routed, "{url}");
        } else {
            assert!(
                plain.starts_with(b"#EXTM3U") || plain.starts_with(&[0x1f, 0x8b]),
                "{url}"
            );
        }
    }
}

/// The cache docs/radio.md gives an operator ('HLS behind nginx'), tested as written.
const NGINX_CACHE: &str = "    proxy_cache_path /var/cache/nginx/onda levels=1:2 keys_zone=onda_hls:10m max_size=4g inactive=3h use_temp_path=off;";
const NGINX_LOCATION: &str = "location /hls/ {
        proxy_pass http://127.0.0.1:8080;
        proxy_cache onda_hls;
        proxy_cache_lock on;
        proxy_cache_lock_timeout 10s;
        proxy_cache_use_stale updating;
        proxy_cache_valid 404 1s;
        add_header X-Cache-Status $upstream_cache_status;
    }";

on_sqlite!(nginx_caches_what_every_listener_shares);
on_sqlite!(the_shortcut_answers_as_the_router_does);
