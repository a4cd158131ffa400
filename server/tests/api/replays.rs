//! 'Ouvir de novo' with the real engine: a one-minute programme recorded from the channel's HLS
//! segments as it airs, listed on its page with its songs, its MP3 decoded by ffmpeg and served in
//! ranges, in the programme's podcast feed; who may hear it as the programme says; deleted when its
//! days are over.

use std::{process::Command, time::Duration};

use onda_server::radio::replays;
use serde_json::Value;

use crate::common::Backend;
use crate::radio_common::*;

/// A one-off airing of a programme on the main channel from the current minute (Brasília) to the next.
/// Returns the programme, its slug and the airing's start (Unix ms).
async fn airing_until_next_minute(app: &crate::common::TestApp, main: &str) -> (i64, String, i64) {
    let (program_id, slug): (i64, String) =
        sqlx::query_as("SELECT id, slug FROM programs ORDER BY id LIMIT 1")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    let now_s = onda_server::clock::now_ms() / 1000;
    let brasilia = now_s - 3 * 3600;
    let date = time::OffsetDateTime::from_unix_timestamp(brasilia)
        .unwrap()
        .date();
    let minute = brasilia.rem_euclid(86_400) / 60;
    sqlx::query(
        "INSERT INTO schedule_exceptions (stream_id, on_date, program_id, start_minute, end_minute, fill) \
         VALUES ($1, $2, $3, $4, $5, 'playlist')",
    )
    .bind(main)
    .bind(format!("{date}"))
    .bind(program_id)
    .bind(minute)
    .bind(minute + 1)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    sqlx::query("UPDATE programs SET replay_access = 'everyone' WHERE id = $1")
        .bind(program_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    app.state.schedule.invalidate(Some(main));
    (program_id, slug, (now_s - brasilia.rem_euclid(60)) * 1000)
}

async fn json(client: &reqwest::Client, url: &str, token: Option<&str>) -> Value {
    let mut request = client.get(url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), 200, "{url}");
    response.json().await.unwrap()
}

async fn status(client: &reqwest::Client, url: &str, token: Option<&str>) -> u16 {
    let mut request = client.get(url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.unwrap().status().as_u16()
}

async fn a_programme_is_recorded_as_it_airs(backend: Backend) {
    let app = on_air(backend).await;
    let served = serve(&app.state).await;
    let main = main_id(&app);
    let (program_id, slug, start_ms) = airing_until_next_minute(&app, &main).await;

    // The recorder's pass, as its task runs it, until the airing is over and stored.
    let mut recorded = None;
    let started = std::time::Instant::now();
    let id = loop {
        replays::record(&app.state, &mut recorded).await.unwrap();
        let stored: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM programme_replays WHERE program_id = $1 AND starts_at_ms = $2",
        )
        .bind(program_id)
        .bind(start_ms)
        .fetch_optional(&app.state.db.pool)
        .await
        .unwrap();
        if let Some(id) = stored {
            break id;
        }
        assert!(started.elapsed() < Duration::from_secs(100), "nothing recorded");
        tokio::time::sleep(Duration::from_secs(1)).await;
    };

    let client = reqwest::Client::new();
    let list_url = served.url(&format!("/api/v1/programs/{slug}/replays"));
    let body = json(&client, &list_url, None).await;
    let data = &body["data"];
    assert_eq!(data["access"], "everyone");
    assert_eq!(data["allowed"], true);
    assert_eq!(data["keepDays"], 7);
    assert_eq!(data["feedUrl"], format!("/programacao/{slug}/ouvir-de-novo.xml"));
    let replays = list(&data["replays"]);
    let replay = replays.iter().find(|replay| replay["id"] == id).unwrap();
    let duration_ms = replay["durationMs"].as_i64().unwrap();
    assert!((4_000..=64_000).contains(&duration_ms), "{replay}");
    assert_eq!(replay["streamId"], main.as_str());
    let audio = replay["audioUrl"].as_str().unwrap().to_owned();
    for song in list(&replay["songs"]) {
        let offset = song["offsetMs"].as_i64().unwrap();
        assert!((0..duration_ms).contains(&offset), "{song}");
        assert!(song["time"].as_str().unwrap().len() == 5, "{song}");
    }

    // The MP3: whole, decoded by ffmpeg without an error and as long as stored; and in ranges.
    let response = client.get(served.url(&audio)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "audio/mpeg");
    assert_eq!(response.headers()["accept-ranges"], "bytes");
    assert_eq!(response.headers()["cache-control"], "public, max-age=86400");
    let whole = response.bytes().await.unwrap();
    assert!(!whole.starts_with(b"ID3"), "no segment tags inside a recording");
    let work = tempfile::tempdir().unwrap();
    let file = work.path().join("replay.mp3");
    std::fs::write(&file, &whole).unwrap();
    let decoded = Command::new("ffmpeg")
        .args(["-nostdin", "-v", "error", "-i"])
        .arg(&file)
        .args(["-f", "null", "-"])
        .output()
        .unwrap();
    assert!(
        decoded.status.success() && decoded.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&decoded.stderr)
    );
    let probed = Command::new("ffprobe")
        .args([
            "-v",
            "error",
            "-show_entries",
            "format=duration",
            "-of",
            "csv=p=0",
        ])
        .arg(&file)
        .output()
        .unwrap();
    let seconds: f64 = String::from_utf8_lossy(&probed.stdout).trim().parse().unwrap();
    assert!(
        (seconds * 1000.0 - duration_ms as f64).abs() < 1_000.0,
        "{seconds} s against {duration_ms} ms"
    );
    let part = client
        .get(served.url(&audio))
        .header("range", "bytes=1000-1999")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), 206);
    assert_eq!(
        part.headers()["content-range"],
        format!("bytes 1000-1999/{}", whole.len())
    );
    assert_eq!(part.bytes().await.unwrap(), whole.slice(1000..2000));
    let beyond = format!("bytes={}-", whole.len() + 10);
    let refused = client
        .get(served.url(&audio))
        .header("range", beyond)
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 416);

    // The podcast feed names the recording with its length.
    let feed = client
        .get(served.url(&format!("/programacao/{slug}/ouvir-de-novo.xml")))
        .send()
        .await
        .unwrap();
    assert_eq!(feed.status(), 200);
    assert!(
        feed.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/rss+xml")
    );
    let feed = feed.text().await.unwrap();
    assert!(
        feed.contains(&format!(
            "{audio}\" length=\"{}\" type=\"audio/mpeg\"",
            whole.len()
        )),
        "{feed}"
    );

    // Who may hear it, as the programme says.
    let (_, listener) = crate::players_common::listener(&app, "ouvinte-replay@exemplo.com", true).await;
    let (pro_id, pro) = crate::players_common::listener(&app, "pro-replay@exemplo.com", true).await;
    crate::players_common::make_pro(&app, pro_id).await;
    let set = |access: &'static str| {
        let pool = app.state.db.pool.clone();
        async move {
            sqlx::query("UPDATE programs SET replay_access = $1 WHERE id = $2")
                .bind(access)
                .bind(program_id)
                .execute(&pool)
                .await
                .unwrap();
        }
    };
    let audio_url = served.url(&audio);
    let feed_url = served.url(&format!("/programacao/{slug}/ouvir-de-novo.xml"));
    set("loggedIn").await;
    let anonymous = json(&client, &list_url, None).await;
    assert_eq!(anonymous["data"]["allowed"], false);
    assert!(
        list(&anonymous["data"]["replays"])
            .iter()
            .all(|replay| replay["audioUrl"].is_null())
    );
    assert!(anonymous["data"]["feedUrl"].is_null());
    assert_eq!(status(&client, &audio_url, None).await, 401);
    assert_eq!(status(&client, &audio_url, Some(&listener)).await, 200);
    assert_eq!(status(&client, &feed_url, None).await, 404);
    let private = client
        .get(&audio_url)
        .bearer_auth(&listener)
        .send()
        .await
        .unwrap();
    assert_eq!(private.headers()["cache-control"], "private, max-age=86400");
    set("pro").await;
    assert_eq!(status(&client, &audio_url, Some(&listener)).await, 403);
    assert_eq!(status(&client, &audio_url, Some(&pro)).await, 200);
    let for_pro = json(&client, &list_url, Some(&pro)).await;
    assert_eq!(for_pro["data"]["allowed"], true);
    set("none").await;
    let none = json(&client, &list_url, Some(&pro)).await;
    assert_eq!(none["data"]["replays"], serde_json::json!([]));
    assert_eq!(status(&client, &audio_url, Some(&pro)).await, 404);

    // Unknown programmes and recordings.
    assert_eq!(
        status(&client, &served.url("/api/v1/programs/nada/replays"), None).await,
        404
    );
    for path in [
        "/media/replays/999999.mp3",
        "/media/replays/x.mp3",
        "/media/replays/1.wav",
    ] {
        assert_eq!(status(&client, &served.url(path), None).await, 404, "{path}");
    }

    // Past its days, the recording and its file go.
    set("everyone").await;
    let file_name: String = sqlx::query_scalar("SELECT file FROM programme_replays WHERE id = $1")
        .bind(id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let path = replays::dir(&app.state).join(&file_name);
    assert!(path.exists());
    sqlx::query("UPDATE programme_replays SET ends_at_ms = ends_at_ms - 8 * 86400000 WHERE id = $1")
        .bind(id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    replays::record(&app.state, &mut recorded).await.unwrap();
    assert!(!path.exists(), "the file is deleted");
    assert_eq!(status(&client, &audio_url, None).await, 404);
}

on_both_databases!(a_programme_is_recorded_as_it_airs);
