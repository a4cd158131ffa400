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
         onda-bench-load source <host:port> <mount> <password> <mp3 file> <kbps>"
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
        let (received, connected, failed, ended, stop) =
            (received.clone(), connected.clone(), failed.clone(), ended.clone(), stop.clone());
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
    assert!(reply.contains(" 100 ") || reply.contains(" 200 "), "icecast refused: {reply}");
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
