//! Test fixtures shared by the desktop tests: the real station (onda-server's library with its
//! engine on air, in-process, one for the whole test binary) and a TCP proxy in front of it that can
//! cut or freeze connections the way a flaky network does.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::{
    io::{Read, Write},
    net::{Shutdown, SocketAddr, TcpListener, TcpStream},
    path::PathBuf,
    sync::{
        Arc, Mutex, OnceLock,
        atomic::{AtomicBool, Ordering},
        mpsc,
    },
    thread,
    time::{Duration, Instant},
};

use onda_server::{AppState, Config, db::Db};

pub struct Station {
    pub base: String,
}

/// The demo station, started once per test binary on a thread that owns its runtime.
pub fn station() -> &'static Station {
    static STATION: OnceLock<Station> = OnceLock::new();
    STATION.get_or_init(|| {
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let runtime = tokio::runtime::Runtime::new().unwrap();
            runtime.block_on(async move {
                let dir = tempfile::tempdir().unwrap();
                let mut config = Config::for_data_dir(dir.path());
                // Rendered once and reused across runs (named by what shapes the files).
                config.radio_dir = Some(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("radio-cache"));
                config.demo_track_seconds = Some(4.0);
                config.argon2_memory_kib = 64;
                config.argon2_iterations = 1;
                let db = Db::connect(&config.database_url()).await.unwrap();
                let state = AppState::new(db, config);
                onda_server::seed::seed_demo(&state).await.unwrap();
                state.radio.start(&state).await.unwrap();
                let main = state.config.main_stream_id();
                let started = Instant::now();
                while state.radio.hub.current(&main).is_none() {
                    assert!(started.elapsed() < Duration::from_secs(180), "engine on air");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                let addr = listener.local_addr().unwrap();
                tx.send(format!("http://{addr}")).unwrap();
                let _keep = dir;
                let _ = onda_server::serve(listener, state, std::future::pending::<()>()).await;
            });
        });
        let base = rx
            .recv_timeout(Duration::from_secs(240))
            .expect("the station starts");
        Station { base }
    })
}

impl Station {
    /// The MP3 source of the main stream, as the stream list gives it (the desktop player picks the
    /// MP3 source since symphonia has no HE-AAC).
    pub fn mp3_url(&self) -> String {
        let list: serde_json::Value =
            reqwest::blocking::get(format!("{}/api/v1/aovivo/getAvailableStreams", self.base))
                .unwrap()
                .json()
                .unwrap();
        let streams = list["data"].as_array().expect("stream list");
        let source = streams
            .iter()
            .flat_map(|stream| stream["sources"].as_array().cloned().unwrap_or_default())
            .find(|source| source["codec"] == "MP3")
            .expect("an MP3 source");
        let src = source["src"].as_str().unwrap();
        if src.starts_with("http") {
            src.to_owned()
        } else {
            format!("{}{src}", self.base)
        }
    }
}

impl Station {
    /// The main channel's HLS master playlist (the stream list's last source), absolute.
    pub fn hls_url(&self) -> String {
        let list: serde_json::Value =
            reqwest::blocking::get(format!("{}/api/v1/aovivo/getAvailableStreams", self.base))
                .unwrap()
                .json()
                .unwrap();
        let src = list["data"][0]["sources"]
            .as_array()
            .and_then(|sources| sources.iter().find(|source| source["codec"] == "HLS"))
            .and_then(|source| source["src"].as_str())
            .expect("the main channel lists its HLS playlist")
            .to_owned();
        format!("{}{src}", self.base)
    }

    /// The main channel's HLS window (Unix ms, its oldest segment's start to its newest one's end)
    /// once it is at least `seconds` long.
    pub fn hls_window(&self, seconds: u64) -> (i64, i64) {
        let playlist = format!("{}/hls/{}/mp3.m3u8", self.base, self.main_stream());
        let started = Instant::now();
        loop {
            let text = reqwest::blocking::get(&playlist).unwrap().text().unwrap();
            let dates: Vec<i64> = text
                .lines()
                .filter_map(|line| line.strip_prefix("#EXT-X-PROGRAM-DATE-TIME:"))
                .map(|date| {
                    chrono::DateTime::parse_from_rfc3339(date)
                        .unwrap()
                        .timestamp_millis()
                })
                .collect();
            let last_duration: f64 = text
                .lines()
                .rev()
                .find_map(|line| line.strip_prefix("#EXTINF:"))
                .and_then(|value| value.trim_end_matches(',').parse().ok())
                .unwrap_or(0.0);
            if let (Some(first), Some(last)) = (dates.first(), dates.last()) {
                let end = last + (last_duration * 1000.0) as i64;
                if end - first >= i64::try_from(seconds).unwrap() * 1000 {
                    return (*first, end);
                }
            }
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "an HLS window of {seconds} s"
            );
            thread::sleep(Duration::from_millis(500));
        }
    }

    fn main_stream(&self) -> String {
        let url = self.hls_url();
        let name = url.rsplit('/').next().unwrap();
        name.split(['.', '?']).next().unwrap().to_owned()
    }
}

/// How the proxy treats its connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Forward,
    /// Keep connections open but pass nothing from the server (a stalled stream).
    Freeze,
    /// Refuse: accept and close at once.
    Refuse,
}

/// A TCP proxy to `target` on a loopback port.
pub struct Proxy {
    pub addr: SocketAddr,
    mode: Arc<Mutex<Mode>>,
    accepted: Arc<std::sync::atomic::AtomicUsize>,
    open: Arc<Mutex<Vec<TcpStream>>>,
    stop: Arc<AtomicBool>,
}

impl Proxy {
    pub fn start(target: &str) -> Self {
        let target: SocketAddr = target
            .trim_start_matches("http://")
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let mode = Arc::new(Mutex::new(Mode::Forward));
        let open = Arc::new(Mutex::new(Vec::<TcpStream>::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let accepted = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let (mode2, open2, stop2) = (mode.clone(), open.clone(), stop.clone());
        let accepted2 = accepted.clone();
        thread::spawn(move || {
            for client in listener.incoming() {
                if stop2.load(Ordering::Relaxed) {
                    break;
                }
                let Ok(client) = client else { continue };
                accepted2.fetch_add(1, Ordering::Relaxed);
                if *mode2.lock().unwrap() == Mode::Refuse {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                }
                let Ok(server) = TcpStream::connect(target) else {
                    continue;
                };
                open2.lock().unwrap().push(client.try_clone().unwrap());
                open2.lock().unwrap().push(server.try_clone().unwrap());
                pipe(client.try_clone().unwrap(), server.try_clone().unwrap(), None);
                pipe(server, client, Some(mode2.clone()));
            }
        });
        Self {
            addr,
            mode,
            accepted,
            open,
            stop,
        }
    }

    pub fn url(&self, upstream: &str) -> String {
        // Same path, through the proxy.
        let path = upstream
            .trim_start_matches("http://")
            .split_once('/')
            .map(|(_, path)| path)
            .unwrap_or("");
        format!("http://{}/{path}", self.addr)
    }

    /// Connections the proxy has accepted since it started (refused ones included).
    pub fn accepted(&self) -> usize {
        self.accepted.load(Ordering::Relaxed)
    }

    pub fn set_mode(&self, mode: Mode) {
        *self.mode.lock().unwrap() = mode;
    }

    /// Closes every open connection, as a server restart or a network cut does.
    pub fn cut(&self) {
        for stream in self.open.lock().unwrap().drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    /// Connections passing through now (both ends count once).
    pub fn open_connections(&self) -> usize {
        let mut open = self.open.lock().unwrap();
        open.retain(|stream| {
            let mut probe = [0u8; 1];
            stream.set_nonblocking(true).ok();
            let alive = match stream.peek(&mut probe) {
                Ok(0) => false,
                Ok(_) => true,
                Err(error) => error.kind() == std::io::ErrorKind::WouldBlock,
            };
            stream.set_nonblocking(false).ok();
            alive
        });
        open.len() / 2
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.cut();
        let _ = TcpStream::connect(self.addr);
    }
}

fn pipe(mut from: TcpStream, mut to: TcpStream, mode: Option<Arc<Mutex<Mode>>>) {
    thread::spawn(move || {
        let mut buffer = [0u8; 8192];
        loop {
            let n = match from.read(&mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let frozen = mode
                .as_ref()
                .is_some_and(|mode| *mode.lock().unwrap() == Mode::Freeze);
            if frozen {
                continue;
            }
            if to.write_all(&buffer[..n]).is_err() {
                break;
            }
        }
        let _ = to.shutdown(Shutdown::Both);
        let _ = from.shutdown(Shutdown::Both);
    });
}

/// Polls `done` every 20 ms until it holds or `limit` passes; returns whether it held.
pub fn wait_until(limit: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        thread::sleep(Duration::from_millis(20));
    }
    done()
}
