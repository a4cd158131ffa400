//! Connections as an attacker would hold them, against the real accept loop on a real socket: clients
//! that send nothing, send their head or body a byte at a time, keep connections idle or open many
//! at once are cut or refused at their limits, while a normal client beside them is answered as
//! usual. Loopback is all of 127.0.0.0/8, so each test's clients come from addresses of their own.
//!
//! The database plays no part in what is measured here: SQLite only.

use std::{
    net::{IpAddr, SocketAddr},
    time::{Duration, Instant},
};

use onda_server::Config;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpSocket, TcpStream},
};

use crate::{
    common::{Backend, TestApp},
    radio_common::{self, Served, serve},
};

/// Short limits, so the tests take seconds; the defaults are the same code with larger figures.
fn tight(config: &mut Config) {
    config.header_timeout_seconds = 2;
    config.body_timeout_seconds = 2;
    config.max_connections_per_address = 6;
    config.max_push_per_address = 2;
    config.max_listeners_per_address = 2;
    config.max_push = Some(5);
}

async fn app(configure: impl FnOnce(&mut Config)) -> (TestApp, Served) {
    let app = TestApp::with_config(Backend::Sqlite, |config| {
        radio_common::radio_config(config);
        tight(config);
        configure(config);
    })
    .await;
    let served = serve(&app.state).await;
    (app, served)
}

/// A connection to `to` from the loopback address `from`.
async fn connect(from: [u8; 4], to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(to).await.unwrap()
}

/// Reads until the server closes the connection (or `limit` passes): what arrived, and when the
/// close came.
async fn read_to_close(stream: &mut TcpStream, limit: Duration) -> (Vec<u8>, Option<Duration>) {
    let started = Instant::now();
    let mut bytes = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        match tokio::time::timeout(limit.saturating_sub(started.elapsed()), stream.read(&mut buffer)).await {
            Ok(Ok(0) | Err(_)) => return (bytes, Some(started.elapsed())),
            Ok(Ok(read)) => bytes.extend_from_slice(&buffer[..read]),
            Err(_) => return (bytes, None),
        }
    }
}

/// A plain request from `from`, its status line and how long it took.
async fn request(from: [u8; 4], to: SocketAddr, path: &str) -> (String, Duration) {
    let started = Instant::now();
    let mut stream = connect(from, to).await;
    stream
        .write_all(format!("GET {path} HTTP/1.1\r\nHost: radio.test\r\nConnection: close\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let (bytes, closed) = read_to_close(&mut stream, Duration::from_secs(10)).await;
    assert!(closed.is_some(), "the reply ends");
    (status_line(&bytes), started.elapsed())
}

fn status_line(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned()
}

on_sqlite!(
    silent_and_slow_headed_clients_are_cut_while_others_are_served,
    an_idle_kept_alive_connection_is_closed_after_the_header_timeout,
    a_stalled_body_gets_408_and_a_slow_steady_one_goes_through,
    one_address_holds_at_most_its_connections_and_others_are_untouched,
    push_channels_are_capped_per_client_and_all_together,
    listeners_are_capped_per_client,
);

async fn silent_and_slow_headed_clients_are_cut_while_others_are_served(_: Backend) {
    let (_app, served) = app(|_| {}).await;
    let started = Instant::now();
    // One sends nothing; one sends its head a line a second, never finishing in time.
    let mut silent = connect([127, 0, 0, 11], served.addr).await;
    let mut slow = connect([127, 0, 0, 12], served.addr).await;
    let dribble = tokio::spawn(async move {
        slow.write_all(b"GET /health HTTP/1.1\r\n").await.unwrap();
        for n in 0..10 {
            tokio::time::sleep(Duration::from_secs(1)).await;
            if slow
                .write_all(format!("X-Slow-{n}: 1\r\n").as_bytes())
                .await
                .is_err()
            {
                break;
            }
        }
        read_to_close(&mut slow, Duration::from_secs(10)).await
    });
    // Meanwhile a normal client is answered at once, again and again.
    let mut slowest = Duration::ZERO;
    for _ in 0..10 {
        let (status, took) = request([127, 0, 0, 13], served.addr, "/health").await;
        assert_eq!(status, "HTTP/1.1 200 OK");
        slowest = slowest.max(took);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (bytes, closed) = read_to_close(&mut silent, Duration::from_secs(10)).await;
    let closed = closed.expect("the silent connection is closed");
    assert!(
        bytes.is_empty() || status_line(&bytes).contains("408"),
        "{bytes:?}"
    );
    let silent_at = started.elapsed();
    assert!(
        (Duration::from_millis(1_800)..Duration::from_millis(4_000)).contains(&silent_at),
        "closed {closed:?} after the reads began, {silent_at:?} after it connected"
    );
    let (bytes, closed) = dribble.await.unwrap();
    let slow_at = started.elapsed();
    assert!(closed.is_some(), "the slow head is cut");
    assert!(
        slow_at < Duration::from_millis(4_500),
        "cut at the 2 s header limit, not when the head ended: {slow_at:?} {:?}",
        status_line(&bytes)
    );
    assert!(
        slowest < Duration::from_millis(500),
        "a normal request took {slowest:?}"
    );
}

async fn an_idle_kept_alive_connection_is_closed_after_the_header_timeout(_: Backend) {
    let (_app, served) = app(|_| {}).await;
    let mut stream = connect([127, 0, 0, 21], served.addr).await;
    // Two requests on one connection: keep-alive works...
    for _ in 0..2 {
        stream
            .write_all(b"GET /health HTTP/1.1\r\nHost: radio.test\r\n\r\n")
            .await
            .unwrap();
        let mut buffer = vec![0u8; 8192];
        let read = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut buffer))
            .await
            .unwrap()
            .unwrap();
        assert!(status_line(&buffer[..read]).starts_with("HTTP/1.1 200"));
    }
    // ...and then idling for longer than the header timeout ends it.
    let (_, closed) = read_to_close(&mut stream, Duration::from_secs(10)).await;
    let closed = closed.expect("closed when idle");
    assert!(
        (Duration::from_millis(1_500)..Duration::from_millis(3_500)).contains(&closed),
        "{closed:?}"
    );
}

async fn a_stalled_body_gets_408_and_a_slow_steady_one_goes_through(_: Backend) {
    let (_app, served) = app(|_| {}).await;
    let head = |length: usize| {
        format!(
            "POST /api/v1/analytics/events HTTP/1.1\r\nHost: radio.test\r\nContent-Type: application/json\r\n\
             Content-Length: {length}\r\n\r\n"
        )
    };
    // 10 bytes, then nothing: cut two seconds after the head.
    let started = Instant::now();
    let mut stalled = connect([127, 0, 0, 31], served.addr).await;
    stalled.write_all(head(1000).as_bytes()).await.unwrap();
    stalled.write_all(b"{\"clientId").await.unwrap();
    let (bytes, closed) = read_to_close(&mut stalled, Duration::from_secs(10)).await;
    assert!(closed.is_some());
    assert_eq!(status_line(&bytes), "HTTP/1.1 408 Request Timeout");
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("O envio demorou demais"), "{text}");
    assert!(
        started.elapsed() < Duration::from_millis(3_500),
        "{:?}",
        started.elapsed()
    );

    // The same for an upload (anonymous, multipart): its first bytes, then nothing.
    let started = Instant::now();
    let mut upload = connect([127, 0, 0, 33], served.addr).await;
    upload
        .write_all(
            b"POST /api/v1/workWithUs/uploadCurriculum HTTP/1.1\r\nHost: radio.test\r\n\
              Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n\
              --x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cv.pdf\"\r\n\r\n%PDF-1.4",
        )
        .await
        .unwrap();
    let (bytes, closed) = read_to_close(&mut upload, Duration::from_secs(10)).await;
    assert!(closed.is_some());
    assert_eq!(
        status_line(&bytes),
        "HTTP/1.1 408 Request Timeout",
        "{}",
        String::from_utf8_lossy(&bytes)
    );
    assert!(
        started.elapsed() < Duration::from_millis(3_500),
        "{:?}",
        started.elapsed()
    );

    // 3,000 bytes at 750 a second: four seconds, past the 2-second base, and still in time, since
    // every 500 bytes received earn a second more.
    let body = format!(
        "{{\"clientId\":\"abc\",\"events\":[],\"pad\":\"{}\"}}",
        "x".repeat(3000 - 39)
    );
    assert_eq!(body.len(), 3000);
    let mut steady = connect([127, 0, 0, 32], served.addr).await;
    steady.write_all(head(body.len()).as_bytes()).await.unwrap();
    for chunk in body.as_bytes().chunks(375) {
        tokio::time::sleep(Duration::from_millis(500)).await;
        steady.write_all(chunk).await.unwrap();
    }
    let mut buffer = vec![0u8; 8192];
    let read = tokio::time::timeout(Duration::from_secs(5), steady.read(&mut buffer))
        .await
        .unwrap()
        .unwrap();
    let status = status_line(&buffer[..read]);
    assert!(!status.contains("408"), "{status}");
    assert!(
        status.starts_with("HTTP/1.1 2") || status.starts_with("HTTP/1.1 400"),
        "{status}"
    );
}

async fn one_address_holds_at_most_its_connections_and_others_are_untouched(_: Backend) {
    let (_app, served) = app(|config| config.header_timeout_seconds = 30).await;
    let mut held = Vec::new();
    for _ in 0..6 {
        held.push(connect([127, 0, 0, 41], served.addr).await);
    }
    // Wait until the server has counted them all.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut refused = connect([127, 0, 0, 41], served.addr).await;
    let (bytes, closed) = read_to_close(&mut refused, Duration::from_secs(5)).await;
    assert!(closed.is_some());
    let text = String::from_utf8_lossy(&bytes).to_string();
    assert!(text.starts_with("HTTP/1.1 429 Too Many Requests"), "{text}");
    assert!(text.contains("retry-after: 10"), "{text}");
    assert!(
        text.contains("Há conexões demais abertas a partir do seu endereço"),
        "{text}"
    );
    assert!(text.contains("\"status\":429"), "{text}");

    // Another address is answered as usual.
    let (status, took) = request([127, 0, 0, 42], served.addr, "/health").await;
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert!(took < Duration::from_millis(500), "{took:?}");

    // A connection closed frees its place.
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, _) = request([127, 0, 0, 41], served.addr, "/health").await;
    assert_eq!(status, "HTTP/1.1 200 OK");
}

async fn push_channels_are_capped_per_client_and_all_together(_: Backend) {
    // Behind a trusted proxy (loopback 127.0.0.1 itself), clients are told apart by the proxy's
    // X-Forwarded-For; the proxy's own connections are not capped per address.
    let (app, served) = app(|config| {
        config.trusted_proxies = vec![IpAddr::from([127, 0, 0, 1])];
    })
    .await;
    let main = app.state.config.main_stream_id();
    let client = reqwest::Client::new();
    let open = |forwarded: &'static str| {
        let request = client
            .get(served.url(&format!("/api/v1/aovivo/events/{main}")))
            .header("x-forwarded-for", forwarded);
        async move { request.send().await.unwrap() }
    };
    let mut first = open("198.51.100.1").await;
    let second = open("198.51.100.1").await;
    assert_eq!(first.status(), 200);
    assert_eq!(second.status(), 200);
    // A channel outlives the header timeout (2 s here) while it waits for a track (no engine plays
    // in this test, so after the programme on air nothing is sent): the timeouts bound requests, not
    // long-lived replies.
    let mut greeting = Vec::new();
    while !greeting.ends_with(b"\n\n") {
        match tokio::time::timeout(Duration::from_secs(3), first.chunk()).await {
            Ok(Ok(Some(bytes))) => greeting.extend_from_slice(&bytes),
            other => panic!("the programme on air first: {other:?}"),
        }
    }
    assert!(
        greeting.starts_with(b"event: programme\n"),
        "{}",
        String::from_utf8_lossy(&greeting)
    );
    let quiet = tokio::time::timeout(Duration::from_secs(3), first.chunk()).await;
    assert!(quiet.is_err(), "still open and quiet after 3 s: {quiet:?}");
    let third = open("198.51.100.1").await;
    assert_eq!(third.status(), 429);
    assert_eq!(third.headers()["retry-after"], "10");
    let body: serde_json::Value = third.json().await.unwrap();
    assert_eq!(body["status"], 429);
    // Other clients: up to five channels for everyone together, then 503.
    let mut others = Vec::new();
    for n in 2..5 {
        let response = client
            .get(served.url(&format!("/api/v1/aovivo/events/{main}")))
            .header("x-forwarded-for", format!("198.51.100.{n}"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        others.push(response);
    }
    let full = open("198.51.100.9").await;
    assert_eq!(full.status(), 503);
    let body: serde_json::Value = full.json().await.unwrap();
    assert_eq!(
        body["message"],
        "O servidor está com muitas conexões neste momento. Tente novamente em instantes."
    );
    assert_eq!(app.state.connections.push_open(), 5);
    // A channel that closes gives its places back.
    drop(first);
    radio_common::wait_for(Duration::from_secs(5), || app.state.connections.push_open() == 4).await;
    assert_eq!(open("198.51.100.1").await.status(), 200);
    let refusals = app.state.connections.refusals();
    assert_eq!((refusals[1], refusals[3]), (1, 1), "{refusals:?}");
}

async fn listeners_are_capped_per_client(_: Backend) {
    let (app, served) = app(|_| {}).await;
    radio_common::start(&app.state).await;
    let url = served.url(&format!("/stream/{}.mp3", app.state.config.main_stream_id()));
    let listen = |from: [u8; 4]| {
        let client = reqwest::Client::builder()
            .local_address(IpAddr::from(from))
            .build()
            .unwrap();
        let url = url.clone();
        async move { client.get(url).send().await.unwrap() }
    };
    let mut first = listen([127, 0, 0, 51]).await;
    let second = listen([127, 0, 0, 51]).await;
    assert_eq!((first.status().as_u16(), second.status().as_u16()), (200, 200));
    // The two listeners hear the stream.
    assert!(
        !radio_common::read_for(&mut first, Duration::from_secs(2), 1024)
            .await
            .is_empty()
    );
    let third = listen([127, 0, 0, 51]).await;
    assert_eq!(third.status(), 429);
    let body: serde_json::Value = third.json().await.unwrap();
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Há conexões demais abertas a partir do seu endereço")
    );
    assert_eq!(listen([127, 0, 0, 52]).await.status(), 200);
    drop(first);
    radio_common::wait_for(Duration::from_secs(5), || {
        app.state.connections.open(
            IpAddr::from([127, 0, 0, 51]),
            onda_server::connections::Kind::Listener,
        ) == 1
    })
    .await;
    assert_eq!(listen([127, 0, 0, 51]).await.status(), 200);
}
