//! One station, many instances (issue 15): two real `onda-server` processes on one PostgreSQL database
//! play one programme (the same song on air on both), and when the leader is killed (SIGKILL) the other
//! takes over within 10 s while a listener connected to it keeps receiving audio.

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

    // The new leader puts new songs on air.
    let first = on_air(&client, &follower, &meta_id).await.unwrap();
    tokio::time::sleep(Duration::from_secs_f32(TRACK_SECONDS * 2.0 + 1.0)).await;
    let later = on_air(&client, &follower, &meta_id).await.unwrap();
    assert!(later.1 > first.1, "nothing new on air after the takeover");
}
