//! One station, many instances: two real `onda-server` processes on one PostgreSQL database
//! play one programme (the same song on air on both) and list the same HLS segments under the same
//! numbers, byte for byte; when the leader is killed (SIGKILL) the other takes over within 10 s while
//! a listener connected to it keeps receiving audio, and its HLS window numbers on after the leader's.

use std::{
    process::{Child, Command, Stdio},
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use serde_json::Value;

use crate::common::{Backend, TestApp};
use crate::radio_common::{TRACK_SECONDS, shared_radio_dir};

struct Instance {
    child: Child,
    url: String,
    _dir: tempfile::TempDir,
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn start(database_url: &str) -> Instance {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}");
    let child = Command::new(env!("CARGO_BIN_EXE_onda-server"))
        .env("DATABASE_URL", database_url)
        .env("ONDA_ADDR", format!("127.0.0.1:{port}"))
        .env("ONDA_INSTANCE_URL", &url)
        .env("ONDA_DATA_DIR", dir.path())
        .env("ONDA_RADIO_DIR", shared_radio_dir())
        .env("ONDA_DEMO_TRACK_SECONDS", TRACK_SECONDS.to_string())
        .env("RUST_LOG", "warn")
        .env("ONDA_SOURCE_PASSWORD", crate::live_input::PASSWORD)
        .stdout(Stdio::null())
        .spawn()
        .expect("start onda-server");
    Instance {
        child,
        url,
        _dir: dir,
    }
}

async fn json(client: &reqwest::Client, url: &str) -> Option<Value> {
    client
        .get(url)
        .timeout(Duration::from_secs(5))
        .send()
        .await
        .ok()?
        .json()
        .await
        .ok()
}

async fn role(client: &reqwest::Client, instance: &Instance) -> Option<String> {
    let health = json(client, &format!("{}/health", instance.url)).await?;
    Some(health["data"]["radio"].as_str()?.to_owned())
}

async fn wait_for_role(
    client: &reqwest::Client,
    instance: &Instance,
    wanted: &str,
    limit: Duration,
) -> Duration {
    let started = Instant::now();
    loop {
        if role(client, instance).await.as_deref() == Some(wanted) {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < limit,
            "{} never became {wanted} (is {:?})",
            instance.url,
            role(client, instance).await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A media playlist's segments: (number, `EXT-X-PROGRAM-DATE-TIME`, discontinuity before it).
async fn hls_segments(
    client: &reqwest::Client,
    instance: &Instance,
    stream_id: &str,
) -> Vec<(u64, String, bool)> {
    let Ok(response) = client
        .get(format!("{}/hls/{stream_id}/mp3.m3u8", instance.url))
        .timeout(Duration::from_secs(5))
        .send()
        .await
    else {
        return Vec::new();
    };
    let text = response.text().await.unwrap_or_default();
    let mut seq: u64 = text
        .lines()
        .find_map(|line| line.strip_prefix("#EXT-X-MEDIA-SEQUENCE:"))
        .and_then(|value| value.parse().ok())
        .unwrap_or(0);
    let (mut date, mut discontinuity) = (String::new(), false);
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(value) = line.strip_prefix("#EXT-X-PROGRAM-DATE-TIME:") {
            date = value.to_owned();
        } else if line == "#EXT-X-DISCONTINUITY" {
            discontinuity = true;
        } else if !line.is_empty() && !line.starts_with('#') {
            assert!(line.ends_with(&format!("/{seq}.mp3")), "{line} is segment {seq}");
            out.push((seq, std::mem::take(&mut date), std::mem::take(&mut discontinuity)));
            seq += 1;
        }
    }
    out
}

async fn segment_bytes(client: &reqwest::Client, instance: &Instance, stream_id: &str, seq: u64) -> Vec<u8> {
    let response = client
        .get(format!("{}/hls/{stream_id}/mp3/{seq}.mp3", instance.url))
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.status().as_u16(),
        200,
        "segment {seq} on {}",
        instance.url
    );
    response.bytes().await.unwrap().to_vec()
}

/// What is on air for the main stream: (song, startedAtMs).
async fn on_air(client: &reqwest::Client, instance: &Instance, meta_id: &str) -> Option<(String, i64)> {
    let reply = json(
        client,
        &format!("{}/api/v1/aovivo/getCurrentSongInfo/{meta_id}", instance.url),
    )
    .await?;
    let now = &reply["data"];
    Some((now["song"].as_str()?.to_owned(), now["startedAtMs"].as_i64()?))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_play_one_programme_and_fail_over() {
    // A fresh, seeded database the two processes share (dropped with `app`).
    let app = TestApp::new(Backend::Postgres).await;
    let database_url = app.state.config.database_url();
    let meta_id = app.state.config.main_stream_id();
    let client = reqwest::Client::new();

    let leader = start(&database_url);
    wait_for_role(&client, &leader, "leader", Duration::from_secs(120)).await;
    let follower = start(&database_url);
    wait_for_role(&client, &follower, "follower", Duration::from_secs(60)).await;

    // The same song on both, sampled across several track changes (a sample taken across a change may
    // differ for a moment; it must agree within the notification's latency).
    let mut agreed = 0;
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut seen = std::collections::BTreeSet::new();
    while agreed < 5 {
        assert!(Instant::now() < deadline, "the instances never agreed 5 times");
        let a = on_air(&client, &leader, &meta_id).await;
        let b = on_air(&client, &follower, &meta_id).await;
        if let (Some(a), Some(b)) = (a, b)
            && a == b
            && seen.insert(a.1)
        {
            agreed += 1;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }

    // HLS: the follower mirrors the leader's window, so a player (or a CDN) may ask either instance:
    // the same segments under the same numbers and dates, byte for byte.
    let stream_id = meta_id.clone();
    let deadline = Instant::now() + Duration::from_secs(30);
    let (on_leader, on_follower) = loop {
        let a = hls_segments(&client, &leader, &stream_id).await;
        let b = hls_segments(&client, &follower, &stream_id).await;
        // Compare what both list (one may have a segment the other has not fetched yet).
        let common: Vec<_> = b.iter().filter(|segment| a.contains(segment)).cloned().collect();
        if common.len() >= 3 && b.len() >= 3 {
            break (a, b);
        }
        assert!(
            Instant::now() < deadline,
            "the follower never listed the leader's segments:\n{a:?}\n{b:?}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    };
    let newest_mirrored = on_follower.last().unwrap().clone();
    for segment in &on_follower {
        if let Some(theirs) = on_leader.iter().find(|theirs| theirs.0 == segment.0) {
            assert_eq!(
                theirs, segment,
                "segment {} differs between the instances",
                segment.0
            );
        }
    }
    let seq = newest_mirrored.0;
    assert_eq!(
        segment_bytes(&client, &leader, &stream_id, seq).await,
        segment_bytes(&client, &follower, &stream_id, seq).await,
        "segment {seq}'s bytes"
    );

    // A listener on the follower: its bytes and when they arrived.
    let arrivals: Arc<Mutex<Vec<(Instant, usize)>>> = Arc::default();
    let mut stream = client
        .get(format!("{}/stream/{meta_id}.mp3", follower.url))
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status().as_u16(), 200);
    let record = arrivals.clone();
    let reader = tokio::spawn(async move {
        while let Ok(Some(chunk)) = stream.chunk().await {
            record.lock().unwrap().push((Instant::now(), chunk.len()));
        }
    });
    tokio::time::sleep(Duration::from_secs(3)).await;

    // Kill the leader: no clean shutdown, its lock goes with its connection.
    let mut leader = leader;
    leader.child.kill().unwrap();
    leader.child.wait().unwrap();
    let killed = Instant::now();
    let takeover = wait_for_role(&client, &follower, "leader", Duration::from_secs(10)).await;
    tokio::time::sleep(Duration::from_secs(6)).await;
    assert!(!reader.is_finished(), "the listener's connection ended");
    reader.abort();

    let arrivals = arrivals.lock().unwrap().clone();
    let after = |from: Instant| -> usize {
        arrivals
            .iter()
            .filter(|(at, _)| *at >= from)
            .map(|(_, bytes)| bytes)
            .sum()
    };
    let since_takeover = after(killed + takeover + Duration::from_secs(1));
    // 128 kbps for the ~5 s after the takeover: well over 40 KB when the new leader plays out.
    assert!(
        since_takeover > 40_000,
        "{since_takeover} bytes after the takeover ({takeover:?} after the kill)"
    );
    // The longest silence the listener heard.
    let gap = arrivals
        .windows(2)
        .map(|pair| pair[1].0 - pair[0].0)
        .max()
        .unwrap_or_default();
    assert!(gap < Duration::from_secs(10), "silence of {gap:?}");
    println!("takeover {takeover:?} after the kill; longest silence {gap:?}; {since_takeover} bytes after");

    // Its HLS window goes on from the leader's: the mirrored segments are still listed, and the new
    // ones are numbered after them, the first a discontinuity.
    let deadline = Instant::now() + Duration::from_secs(30);
    let after = loop {
        let listed = hls_segments(&client, &follower, &stream_id).await;
        if listed.last().is_some_and(|last| last.0 > newest_mirrored.0 + 1) {
            break listed;
        }
        assert!(
            Instant::now() < deadline,
            "no segment of its own after the takeover: {listed:?}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    };
    assert!(
        after.contains(&newest_mirrored),
        "{newest_mirrored:?} not in {after:?}"
    );
    let own = after
        .iter()
        .skip_while(|segment| segment.0 <= newest_mirrored.0)
        .collect::<Vec<_>>();
    let numbers: Vec<u64> = after.iter().map(|segment| segment.0).collect();
    assert!(
        numbers.windows(2).all(|pair| pair[1] == pair[0] + 1),
        "{numbers:?}"
    );
    assert!(
        after
            .iter()
            .filter(|segment| segment.0 > newest_mirrored.0)
            .any(|segment| segment.2),
        "a discontinuity where the new leader's own segments begin: {own:?}"
    );

    // The new leader puts new songs on air.
    let first = on_air(&client, &follower, &meta_id).await.unwrap();
    tokio::time::sleep(Duration::from_secs_f32(TRACK_SECONDS * 2.0 + 1.0)).await;
    let later = on_air(&client, &follower, &meta_id).await.unwrap();
    assert!(later.1 > first.1, "nothing new on air after the takeover");
}

/// The studio's source may connect to any instance: on a follower it is handed on to the leader, and
/// the one programme carries it on every instance. When the leader dies, the source's connection ends
/// with it; the encoder reconnects (Liquidsoap does, every 3 s), the survivor has taken over by then
/// and airs it itself, and a listener connected to the survivor throughout hears the source before
/// and after, never disconnected.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_source_on_a_follower_airs_through_the_leader_and_after_its_death() {
    use crate::live_input::{Ear, Liquidsoap, tone_profile};

    let app = TestApp::new(Backend::Postgres).await;
    let database_url = app.state.config.database_url();
    let meta_id = app.state.config.main_stream_id();
    let client = reqwest::Client::new();
    let leader = start(&database_url);
    wait_for_role(&client, &leader, "leader", Duration::from_secs(120)).await;
    let follower = start(&database_url);
    wait_for_role(&client, &follower, "follower", Duration::from_secs(60)).await;
    let ear = Ear::connect(&format!("{}/stream/{meta_id}.mp3", follower.url)).await;
    let follower_addr: std::net::SocketAddr = follower.url.trim_start_matches("http://").parse().unwrap();

    // On the follower, in the leader's programme: both instances show it.
    let studio = Liquidsoap::start(follower_addr, &format!("/stream/{meta_id}.mp3"), 440);
    let live_on = |instance: &Instance| {
        let client = client.clone();
        let url = instance.url.clone();
        let meta_id = meta_id.clone();
        async move {
            let reply = json(
                &client,
                &format!("{url}/api/v1/aovivo/getCurrentSongInfo/{meta_id}"),
            )
            .await;
            reply.is_some_and(|reply| reply["data"]["song"] == "Estúdio Liquidsoap")
        }
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    while !(live_on(&leader).await && live_on(&follower).await) {
        assert!(
            Instant::now() < deadline,
            "the source never went on air on both instances"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    tokio::time::sleep(Duration::from_secs(5)).await;
    let before_kill = ear.heard().len();

    let mut leader = leader;
    leader.child.kill().unwrap();
    leader.child.wait().unwrap();
    let killed = Instant::now();
    wait_for_role(&client, &follower, "leader", Duration::from_secs(15)).await;
    // The survivor airs the source again once Liquidsoap has reconnected.
    loop {
        let reply = json(&client, &format!("{}/health", follower.url)).await;
        let live = sqlx::query_scalar::<_, Option<i64>>(
            "SELECT live_since_ms FROM live_sources WHERE stream_id = $1",
        )
        .bind(&meta_id)
        .fetch_optional(&app.state.db.pool)
        .await
        .unwrap()
        .flatten();
        if reply.is_some() && live.is_some_and(|since| since > 0) && killed.elapsed() > Duration::from_secs(3)
        {
            break;
        }
        assert!(
            killed.elapsed() < Duration::from_secs(30),
            "the source never came back on the survivor"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    tokio::time::sleep(Duration::from_secs(8)).await;
    println!(
        "source back on air {:?} after the leader was killed",
        killed.elapsed()
    );
    drop(studio);
    assert!(ear.still_connected(), "the listener on the survivor was dropped");

    let heard = ear.heard();
    for (part, bytes) in [
        ("before", &heard[..before_kill]),
        ("after", &heard[before_kill..]),
    ] {
        let (ratios, _) = tone_profile(bytes, 440.0);
        let tone = ratios.iter().filter(|ratio| **ratio > 0.8).count();
        println!(
            "{part} the leader's death: 440 Hz in {tone} of {} half seconds",
            ratios.len()
        );
        assert!(
            tone >= 6,
            "{part} the leader's death: 440 Hz in {tone} half seconds"
        );
    }
}

/// A follower that starts, or reconnects to the database, mid-song puts the leader's latest play on
/// air at once (its push channels' first event), not when the next one begins; a play that ended long
/// ago is not put back on air.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_follower_catches_up_with_the_play_on_air() {
    use onda_server::radio::{
        leader,
        library::TrackMeta,
        nowplaying::{self, OnAir, PlayOrigin},
    };
    let app = TestApp::empty(Backend::Postgres).await;
    let meta = |song: &str| TrackMeta {
        song: song.to_owned(),
        artist: "Banda Matriz".to_owned(),
        artist_slug: "banda-matriz".to_owned(),
        music_slug: song.to_lowercase().replace(' ', "-"),
        album: String::new(),
        year: None,
        cover_large: String::new(),
        cover_small: String::new(),
        meta_type: onda_shared::live::MetaType::Music,
    };
    let now = onda_server::clock::now_ms();
    let record = |meta_id: &'static str, song: &'static str, started: i64| {
        let db = app.state.db.clone();
        let meta = meta(song);
        async move {
            let on_air = OnAir::new(nowplaying::now_playing(meta_id, &meta, started, 200_000), None);
            nowplaying::record_play(&db, &on_air, PlayOrigin::AutoDj)
                .await
                .unwrap();
        }
    };
    record("onda_1", "Canção Antiga", now - 400_000).await;
    record("onda_1", "Canção no Ar", now - 30_000).await;
    record("onda_hits", "Sucesso de Ontem", now - 3_600_000).await;
    assert!(app.state.radio.hub.current("onda_1").is_none());
    leader::catch_up(&app.state, &["onda_1".to_owned(), "onda_hits".to_owned()]).await;
    let on_air = app.state.radio.hub.current("onda_1").expect("caught up");
    assert_eq!(on_air.now.song, "Canção no Ar");
    assert!(
        app.state.radio.hub.current("onda_hits").is_none(),
        "a play that ended an hour ago is not on air"
    );
}
