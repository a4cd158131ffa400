//! Load generator of `bench/listeners.sh`.
//!
//! `listen <host:port> <path> <listeners> <seconds> [ramp per second]`: opens that many HTTP/1.0
//! connections to a stream (plain HTTP/1.0 so neither server adds chunked framing), waits until all are
//! connected and past their burst, then counts the bytes each one receives during `seconds` and prints
//! how close every listener came to real time (CBR bytes expected = bitrate / 8 × seconds).
//!
//! `source <host:port> <mount> <password> <mp3 file> <kbps>`: feeds an Icecast mount with the file in a
//! loop at real-time pace (HTTP PUT, the Icecast 2.4 source protocol), until killed.
//!
//! `soak <host:port> <seconds> <pollers> <listeners> <requests/s> <poll path> <stream path> <paths…>`
//! (bench/soak.sh): `pollers` clients ask for `poll path` every 10 s as the player does, `listeners`
//! stay connected to `stream path`, and `requests/s` requests go round the other paths; prints the
//! requests, the 5xx and failed ones, p50/p99/max latency and the listeners dropped before the end.
//!
//! `hls <host:port> <media playlist path> <players> <seconds>` (bench/hls.sh): that many HLS players,
//! each with its own user agent (so the server counts each as a listener), reloading the media
//! playlist every four seconds and fetching each new segment once, as hls.js does at the live edge;
//! prints the requests, failures, bytes and the players that fell behind.
//!
//! One worker thread: the tool shares the machine with the server it measures.

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

fn usage() -> ! {
    eprintln!(
        "usage: onda-bench-load listen <host:port> <path> <listeners> <seconds> [ramp/s]\n       \
         onda-bench-load source <host:port> <mount> <password> <mp3 file> <kbps>\n       \
         onda-bench-load soak <host:port> <seconds> <pollers> <listeners> <requests/s> <poll path> \
         <stream path> <paths…>\n       \
         onda-bench-load hls <host:port> <media playlist path> <players> <seconds>"
    );
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    match args.first().map(String::as_str) {
        Some("listen") if args.len() >= 5 => runtime.block_on(listen(&args[1..])),
        Some("source") if args.len() == 6 => runtime.block_on(source(&args[1..])),
        Some("soak") if args.len() >= 9 => runtime.block_on(soak(&args[1..])),
        Some("hls") if args.len() == 5 => runtime.block_on(hls(&args[1..])),
        _ => usage(),
    }
}

async fn listen(args: &[String]) {
    let addr = args[0].clone();
    let path = args[1].clone();
    let count: usize = args[2].parse().unwrap_or_else(|_| usage());
    let seconds: u64 = args[3].parse().unwrap_or_else(|_| usage());
    let ramp: usize = args.get(4).and_then(|r| r.parse().ok()).unwrap_or(200);

    let received: Arc<Vec<AtomicU64>> = Arc::new((0..count).map(|_| AtomicU64::new(0)).collect());
    let connected = Arc::new(AtomicUsize::new(0));
    let failed = Arc::new(AtomicUsize::new(0));
    let ended = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    for index in 0..count {
        let (addr, path) = (addr.clone(), path.clone());
        let (received, connected, failed, ended, stop) = (
            received.clone(),
            connected.clone(),
            failed.clone(),
            ended.clone(),
            stop.clone(),
        );
        tokio::spawn(async move {
            let Ok(mut socket) = TcpStream::connect(&addr).await else {
                failed.fetch_add(1, Ordering::Relaxed);
                return;
            };
            let request = format!("GET {path} HTTP/1.0\r\nHost: {addr}\r\nUser-Agent: onda-bench\r\n\r\n");
            if socket.write_all(request.as_bytes()).await.is_err() {
                failed.fetch_add(1, Ordering::Relaxed);
                return;
            }
            let mut buffer = vec![0u8; 16 * 1024];
            let mut header = Vec::new();
            let mut in_body = false;
            loop {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let n = match socket.read(&mut buffer).await {
                    Ok(0) | Err(_) => {
                        ended.fetch_add(1, Ordering::Relaxed);
                        return;
                    }
                    Ok(n) => n,
                };
                if in_body {
                    received[index].fetch_add(n as u64, Ordering::Relaxed);
                    continue;
                }
                header.extend_from_slice(&buffer[..n]);
                if let Some(end) = header.windows(4).position(|w| w == b"\r\n\r\n") {
                    if !header.starts_with(b"HTTP/1.0 200") && !header.starts_with(b"HTTP/1.1 200") {
                        failed.fetch_add(1, Ordering::Relaxed);
                        return;
                    }
                    in_body = true;
                    connected.fetch_add(1, Ordering::Relaxed);
                    received[index].fetch_add((header.len() - end - 4) as u64, Ordering::Relaxed);
                }
            }
        });
        // Arrivals spread evenly (a connect storm is another benchmark: icecast2's listen backlog is
        // small and it resets a burst of simultaneous connects).
        tokio::time::sleep(Duration::from_secs_f64(1.0 / ramp.max(1) as f64)).await;
    }
    while connected.load(Ordering::Relaxed) + failed.load(Ordering::Relaxed) < count {
        if started.elapsed() > Duration::from_secs(120) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Past every listener's burst: the window measures the live pace only.
    tokio::time::sleep(Duration::from_secs(5)).await;
    let before: Vec<u64> = received.iter().map(|r| r.load(Ordering::Relaxed)).collect();
    println!("window-start {}", unix_ms());
    let window = Instant::now();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    let elapsed = window.elapsed().as_secs_f64();
    println!("window-end {}", unix_ms());
    let mut deltas: Vec<u64> = received
        .iter()
        .zip(&before)
        .map(|(r, b)| r.load(Ordering::Relaxed) - b)
        .collect();
    stop.store(true, Ordering::Relaxed);
    deltas.sort_unstable();
    println!("connected {}", connected.load(Ordering::Relaxed));
    println!("failed {}", failed.load(Ordering::Relaxed));
    println!("ended-early {}", ended.load(Ordering::Relaxed));
    println!("window-seconds {elapsed:.3}");
    let total: u64 = deltas.iter().sum();
    println!("bytes-total {total}");
    let pick = |q: f64| deltas[((deltas.len() - 1) as f64 * q) as usize];
    for (name, q) in [("min", 0.0), ("p1", 0.01), ("median", 0.5), ("max", 1.0)] {
        println!("bytes-{name} {}", pick(q));
    }
    // The share of listeners that got at least 99% of the median listener's bytes: the median is the
    // stream's own real-time rate on an unloaded machine (the script also prints the bitrate check).
    let median = pick(0.5) as f64;
    let at_pace = deltas.iter().filter(|&&d| d as f64 >= 0.99 * median).count();
    println!("at-99pct-of-median {at_pace}");
}

fn unix_ms() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or_default()
}

async fn source(args: &[String]) {
    let addr = &args[0];
    let mount = &args[1];
    let password = &args[2];
    let data = std::fs::read(&args[3]).expect("mp3 file");
    let kbps: u64 = args[4].parse().unwrap_or_else(|_| usage());
    let mut socket = TcpStream::connect(addr).await.expect("icecast reachable");
    let auth = base64(format!("source:{password}").as_bytes());
    let request = format!(
        "PUT {mount} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Basic {auth}\r\nContent-Type: audio/mpeg\r\n\
         Ice-Public: 0\r\nIce-Name: Onda bench\r\nExpect: 100-continue\r\n\r\n"
    );
    socket.write_all(request.as_bytes()).await.expect("request");
    let mut reply = [0u8; 512];
    let n = socket.read(&mut reply).await.expect("reply");
    let reply = String::from_utf8_lossy(&reply[..n]);
    assert!(
        reply.contains(" 100 ") || reply.contains(" 200 "),
        "icecast refused: {reply}"
    );
    // CBR: bytes per 100 ms slice.
    let slice = (kbps * 1000 / 8 / 10) as usize;
    let started = Instant::now();
    let mut sent: u64 = 0;
    let mut offset = 0;
    loop {
        let end = (offset + slice).min(data.len());
        socket.write_all(&data[offset..end]).await.expect("source write");
        sent += (end - offset) as u64;
        offset = if end == data.len() { 0 } else { end };
        // Stay half a second ahead of real time, as source clients do.
        let due = Duration::from_secs_f64(sent as f64 / (kbps * 1000 / 8) as f64);
        let ahead = due.saturating_sub(started.elapsed());
        if ahead > Duration::from_millis(500) {
            tokio::time::sleep(ahead - Duration::from_millis(500)).await;
        }
    }
}

fn base64(input: &[u8]) -> String {
    const TABLE: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in input.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(TABLE[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// What the soak's requests saw.
#[derive(Default)]
struct Tally {
    latencies_us: std::sync::Mutex<Vec<u64>>,
    requests: AtomicU64,
    server_errors: AtomicU64,
    failed: AtomicU64,
}

impl Tally {
    async fn get(&self, addr: &str, path: &str) {
        let started = Instant::now();
        let status = get_status(addr, path).await;
        self.requests.fetch_add(1, Ordering::Relaxed);
        match status {
            Some(code) if code >= 500 => {
                self.server_errors.fetch_add(1, Ordering::Relaxed);
            }
            Some(_) => {}
            None => {
                self.failed.fetch_add(1, Ordering::Relaxed);
            }
        }
        let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
        self.latencies_us
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(micros);
    }
}

/// One HTTP/1.0 GET, read to the end; the status code, or None when the connection failed.
async fn get_status(addr: &str, path: &str) -> Option<u16> {
    let mut socket = tokio::time::timeout(Duration::from_secs(10), TcpStream::connect(addr))
        .await
        .ok()?
        .ok()?;
    let request = format!("GET {path} HTTP/1.0\r\nHost: {addr}\r\nUser-Agent: onda-bench\r\n\r\n");
    socket.write_all(request.as_bytes()).await.ok()?;
    let mut reply = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), socket.read_to_end(&mut reply))
        .await
        .ok()?
        .ok()?;
    let line = reply.split(|&b| b == b'\r').next()?;
    std::str::from_utf8(line).ok()?.split(' ').nth(1)?.parse().ok()
}

async fn soak(args: &[String]) {
    let addr = args[0].clone();
    let seconds: u64 = args[1].parse().unwrap_or_else(|_| usage());
    let pollers: usize = args[2].parse().unwrap_or_else(|_| usage());
    let listeners: usize = args[3].parse().unwrap_or_else(|_| usage());
    let rate: f64 = args[4].parse().unwrap_or_else(|_| usage());
    let poll_path = args[5].clone();
    let stream_path = args[6].clone();
    let paths: Vec<String> = args[7..].to_vec();
    let tally = Arc::new(Tally::default());
    let stop = Arc::new(AtomicBool::new(false));
    let dropped = Arc::new(AtomicUsize::new(0));
    let streaming = Arc::new(AtomicUsize::new(0));
    let deadline = Instant::now() + Duration::from_secs(seconds);

    // Listeners: connected for the whole run; one that ends before the deadline is dropped.
    for _ in 0..listeners {
        let (addr, path, stop, dropped, streaming) = (
            addr.clone(),
            stream_path.clone(),
            stop.clone(),
            dropped.clone(),
            streaming.clone(),
        );
        tokio::spawn(async move {
            let Ok(mut socket) = TcpStream::connect(&addr).await else {
                dropped.fetch_add(1, Ordering::Relaxed);
                return;
            };
            let request = format!("GET {path} HTTP/1.0\r\nHost: {addr}\r\nUser-Agent: onda-bench\r\n\r\n");
            if socket.write_all(request.as_bytes()).await.is_err() {
                dropped.fetch_add(1, Ordering::Relaxed);
                return;
            }
            streaming.fetch_add(1, Ordering::Relaxed);
            let mut buffer = vec![0u8; 16 * 1024];
            loop {
                match socket.read(&mut buffer).await {
                    Ok(n) if n > 0 => {}
                    _ => {
                        if !stop.load(Ordering::Relaxed) {
                            dropped.fetch_add(1, Ordering::Relaxed);
                        }
                        return;
                    }
                }
                if stop.load(Ordering::Relaxed) {
                    return;
                }
            }
        });
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    // Pollers: every 10 s each, spread over the period.
    for index in 0..pollers {
        let (addr, path, tally, stop) = (addr.clone(), poll_path.clone(), tally.clone(), stop.clone());
        tokio::spawn(async move {
            let offset = Duration::from_millis((index as u64 * 10_000) / pollers.max(1) as u64);
            tokio::time::sleep(offset).await;
            let mut tick = tokio::time::interval(Duration::from_secs(10));
            while !stop.load(Ordering::Relaxed) {
                tick.tick().await;
                tally.get(&addr, &path).await;
            }
        });
    }
    // Pages and API calls at a steady rate, round the list.
    let mut sent = 0usize;
    let started = Instant::now();
    while Instant::now() < deadline {
        let due = Duration::from_secs_f64(sent as f64 / rate.max(0.001));
        if let Some(wait) = due.checked_sub(started.elapsed()) {
            tokio::time::sleep(wait).await;
        }
        let (addr, path, tally) = (addr.clone(), paths[sent % paths.len()].clone(), tally.clone());
        tokio::spawn(async move { tally.get(&addr, &path).await });
        sent += 1;
    }
    stop.store(true, Ordering::Relaxed);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut latencies = tally
        .latencies_us
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone();
    latencies.sort_unstable();
    let pick = |q: f64| {
        latencies
            .get(((latencies.len().max(1) - 1) as f64 * q) as usize)
            .copied()
            .unwrap_or(0)
    };
    println!("requests {}", tally.requests.load(Ordering::Relaxed));
    println!("server-errors {}", tally.server_errors.load(Ordering::Relaxed));
    println!("failed {}", tally.failed.load(Ordering::Relaxed));
    println!("latency-p50-ms {:.1}", pick(0.5) as f64 / 1000.0);
    println!("latency-p99-ms {:.1}", pick(0.99) as f64 / 1000.0);
    println!("latency-max-ms {:.1}", pick(1.0) as f64 / 1000.0);
    println!("listeners-connected {}", streaming.load(Ordering::Relaxed));
    println!("listeners-dropped {}", dropped.load(Ordering::Relaxed));
}

/// One HTTP/1.0 GET with a user agent, read to the end: the status and the body.
async fn fetch(addr: &str, path: &str, agent: &str) -> Option<(u16, Vec<u8>)> {
    let mut socket = TcpStream::connect(addr).await.ok()?;
    let request = format!("GET {path} HTTP/1.0\r\nHost: {addr}\r\nUser-Agent: {agent}\r\n\r\n");
    socket.write_all(request.as_bytes()).await.ok()?;
    let mut response = Vec::new();
    socket.read_to_end(&mut response).await.ok()?;
    let end = response.windows(4).position(|w| w == b"\r\n\r\n")?;
    let status = std::str::from_utf8(response.get(9..12)?).ok()?.parse().ok()?;
    Some((status, response.split_off(end + 4)))
}

async fn hls(args: &[String]) {
    let addr = args[0].clone();
    let playlist = args[1].clone();
    let players: usize = args[2].parse().unwrap_or_else(|_| usage());
    let seconds: u64 = args[3].parse().unwrap_or_else(|_| usage());
    let base = playlist
        .rsplit_once('/')
        .map_or(String::new(), |(dir, _)| dir.to_owned());
    let playlists = Arc::new(AtomicU64::new(0));
    let segments = Arc::new(AtomicU64::new(0));
    let bytes = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let behind = Arc::new(AtomicUsize::new(0));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for index in 0..players {
        let (addr, playlist, base) = (addr.clone(), playlist.clone(), base.clone());
        let (playlists, segments, bytes, failed, behind) = (
            playlists.clone(),
            segments.clone(),
            bytes.clone(),
            failed.clone(),
            behind.clone(),
        );
        // Arrivals spread over one reload period.
        let offset = Duration::from_millis((index as u64 * 4000) / players.max(1) as u64);
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(offset).await;
            let agent = format!("onda-bench-hls/{index}");
            let mut last: Option<String> = None;
            let mut audio_us = 0u64;
            let started = Instant::now();
            while Instant::now() < deadline {
                let tick = Instant::now();
                match fetch(&addr, &playlist, &agent).await {
                    Some((200, body)) => {
                        playlists.fetch_add(1, Ordering::Relaxed);
                        let text = String::from_utf8_lossy(&body).into_owned();
                        let listed: Vec<(f64, String)> = text
                            .lines()
                            .zip(text.lines().skip(1))
                            .filter_map(|(info, uri)| {
                                let duration =
                                    info.strip_prefix("#EXTINF:")?.split(',').next()?.parse().ok()?;
                                (!uri.starts_with('#')).then(|| (duration, uri.to_owned()))
                            })
                            .collect();
                        // The live edge: three segments back on the first load, then whatever is new.
                        let from = match &last {
                            None => listed.len().saturating_sub(3),
                            Some(last) => listed
                                .iter()
                                .position(|(_, uri)| uri == last)
                                .map_or(0, |i| i + 1),
                        };
                        for (duration, uri) in &listed[from..] {
                            match fetch(&addr, &format!("{base}/{uri}"), &agent).await {
                                Some((200, body)) => {
                                    segments.fetch_add(1, Ordering::Relaxed);
                                    bytes.fetch_add(body.len() as u64, Ordering::Relaxed);
                                    audio_us += (duration * 1e6) as u64;
                                }
                                _ => {
                                    failed.fetch_add(1, Ordering::Relaxed);
                                }
                            }
                            last = Some(uri.clone());
                        }
                    }
                    _ => {
                        failed.fetch_add(1, Ordering::Relaxed);
                    }
                }
                tokio::time::sleep(Duration::from_secs(4).saturating_sub(tick.elapsed())).await;
            }
            // Audio fetched against the time listened (plus the three segments of the start).
            let listened_us = started.elapsed().as_micros() as u64;
            if audio_us + 4_000_000 < listened_us {
                behind.fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    for task in tasks {
        let _ = task.await;
    }
    println!("players {players}");
    println!("playlist-requests {}", playlists.load(Ordering::Relaxed));
    println!("segment-requests {}", segments.load(Ordering::Relaxed));
    println!("bytes {}", bytes.load(Ordering::Relaxed));
    println!("failed {}", failed.load(Ordering::Relaxed));
    println!("behind {}", behind.load(Ordering::Relaxed));
}
