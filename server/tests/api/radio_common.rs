//! Helpers of the live-radio tests: the demo station with short songs, the engine started, and the real
//! server on a loopback port for the streaming tests (a live stream is best read over a real socket).

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use onda_server::{AppState, Config};
use serde_json::Value;
use tokio::sync::oneshot;

use crate::common::{Backend, TestApp};

/// Demo songs this long keep the tests quick and let them see track changes.
pub const TRACK_SECONDS: f32 = 3.0;

/// One demo library for every test run: rendered by the first test that needs it, then reused (the
/// files are named by a hash of what shapes them and written atomically, so parallel tests are safe).
pub fn shared_radio_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("radio-cache")
}

pub fn radio_config(config: &mut Config) {
    config.radio_dir = Some(shared_radio_dir());
    config.demo_track_seconds = Some(TRACK_SECONDS);
    config.argon2_memory_kib = 64;
    config.argon2_iterations = 1;
    config.trusted_proxies = vec![std::net::IpAddr::from([127, 0, 0, 1])];
}

/// The demo station, engine not started.
pub async fn station(backend: Backend) -> TestApp {
    TestApp::with_config(backend, radio_config).await
}

/// The demo station with the engine on air (the main stream has something on air).
pub async fn on_air(backend: Backend) -> TestApp {
    let app = station(backend).await;
    start(&app.state).await;
    app
}

pub async fn start(state: &AppState) {
    state.radio.start(state).await.expect("engine starts");
    let main = state.config.main_stream_id();
    wait_for(Duration::from_secs(120), || {
        state.radio.hub.current(&main).is_some()
    })
    .await;
}

/// Polls `done` every 50 ms until it holds, or fails after `limit`.
pub async fn wait_for(limit: Duration, mut done: impl FnMut() -> bool) {
    let start = std::time::Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "condition not met within {limit:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The real server on a loopback port; dropping the guard shuts it down.
pub struct Served {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
}

impl Served {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

pub async fn serve(state: &AppState) -> Served {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let state = state.clone();
    tokio::spawn(async move {
        let _ = onda_server::serve(listener, state, async {
            let _ = stopped.await;
        })
        .await;
    });
    Served {
        addr,
        stop: Some(stop),
    }
}

/// Reads a streaming response for `duration` (or until `limit` bytes), returning what arrived.
pub async fn read_for(response: &mut reqwest::Response, duration: Duration, limit: usize) -> Vec<u8> {
    let mut bytes = Vec::new();
    let deadline = tokio::time::Instant::now() + duration;
    while bytes.len() < limit {
        match tokio::time::timeout_at(deadline, response.chunk()).await {
            Ok(Ok(Some(chunk))) => bytes.extend_from_slice(&chunk),
            _ => break,
        }
    }
    bytes
}

/// Total audio duration (µs) of MP3 bytes.
pub fn mp3_duration_us(bytes: &[u8]) -> u64 {
    onda_server::radio::frames::mp3_frames(bytes)
        .iter()
        .map(onda_server::radio::frames::Frame::duration_us)
        .sum()
}

pub fn main_id(app: &TestApp) -> String {
    app.state.config.main_stream_id()
}

pub fn list(value: &Value) -> Vec<Value> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not a list: {value}"))
        .clone()
}
