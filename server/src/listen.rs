//! The accept loop. A connection whose request starts `GET /stream/` or `HEAD /stream/` (a listener of a
//! mount) is answered by a lean HTTP/1 path; every other connection goes to hyper through
//! `axum::serve`.
//!
//! Both paths call the same application router, so a mount's access rules, headers and accounting
//! are the ones in `routes/stream.rs`. The lean path exists for memory. Hyper keeps an 8 KiB read
//! buffer and an 8 KiB write buffer for the whole life of every connection. That is fine for requests
//! lasting milliseconds, but a live listener stays for hours, and those buffers were most of the
//! 26 KiB each listener cost (bench/listeners.sh, against Icecast's 2 KiB). The lean path reads the
//! request head, answers it, and then holds only the socket and the mount's feed. The connection
//! closes after one response: a live stream is close-delimited anyway.

use std::{io, net::SocketAddr, time::Duration};

use axum::{
    Router,
    body::Body,
    extract::ConnectInfo,
    http::{Request, Version},
    serve::Listener,
};
use http_body_util::BodyExt;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpStream},
    sync::mpsc,
};
use tokio_util::sync::CancellationToken;
use tower::ServiceExt;

/// The first bytes that send a connection down the lean path.
const MOUNT_PREFIXES: [&[u8]; 2] = [b"GET /stream/", b"HEAD /stream/"];

/// A request head larger than this is refused (431).
const MAX_HEAD: usize = 16 * 1024;

/// A client has this long to send its request head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// The connections for hyper, after the mount listeners were taken out.
pub struct NonMountListener {
    rx: mpsc::Receiver<(TcpStream, SocketAddr)>,
    local: SocketAddr,
}

impl Listener for NonMountListener {
    type Io = TcpStream;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (TcpStream, SocketAddr) {
        match self.rx.recv().await {
            Some(connection) => connection,
            // The accept loop stopped (shutdown): no more connections.
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        Ok(self.local)
    }
}

/// Starts accepting on `listener`: mount listeners are served here, the rest is handed to the returned
/// listener. The loop ends when `stop` fires.
pub fn split(listener: TcpListener, app: Router, stop: CancellationToken) -> io::Result<NonMountListener> {
    let local = listener.local_addr()?;
    let (tx, rx) = mpsc::channel(1024);
    tokio::spawn(async move {
        loop {
            let accepted = tokio::select! {
                accepted = listener.accept() => accepted,
                () = stop.cancelled() => return,
            };
            match accepted {
                Ok((stream, peer)) => {
                    let (tx, app) = (tx.clone(), app.clone());
                    tokio::spawn(async move {
                        if is_mount_request(&stream).await {
                            if let Err(err) = serve_mount(stream, peer, app).await {
                                tracing::debug!(error = %err, %peer, "mount connection ended");
                            }
                        } else {
                            let _ = tx.send((stream, peer)).await;
                        }
                    });
                }
                Err(err) => {
                    // Out of descriptors and the like: wait instead of spinning (as axum::serve does).
                    tracing::warn!(error = %err, "accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }
    });
    Ok(NonMountListener { rx, local })
}

/// Peeks at the first bytes without consuming them. A client that sends nothing for a while is hyper's
/// to time out.
async fn is_mount_request(stream: &TcpStream) -> bool {
    let mut head = [0u8; 13];
    for _ in 0..50 {
        let Ok(read) = stream.peek(&mut head).await else {
            return false;
        };
        if read == 0 {
            return false;
        }
        let seen = &head[..read];
        if MOUNT_PREFIXES.iter().any(|prefix| seen.starts_with(prefix)) {
            return true;
        }
        // Still a possible prefix: the rest of the request line is on its way.
        if !MOUNT_PREFIXES.iter().any(|prefix| prefix.starts_with(seen)) {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

async fn serve_mount(mut stream: TcpStream, peer: SocketAddr, app: Router) -> io::Result<()> {
    stream.set_nodelay(true)?;
    // Everything before the audio (the head and its buffers, the router's call, the response head)
    // runs in a boxed future of its own and is freed once the head is written: inlined, its state
    // was part of this task's allocation for the hours a listener stays (bench/listeners.sh).
    let Some(mut body) = Box::pin(respond(&mut stream, peer, app)).await? else {
        return Ok(());
    };
    while let Some(frame) = body.frame().await {
        let Ok(frame) = frame else { break };
        if let Ok(data) = frame.into_data() {
            // A write error means the listener left: dropping the body ends its session.
            stream.write_all(&data).await?;
        }
    }
    stream.shutdown().await
}

/// Reads the request head, calls the router and writes the response head; the body is the caller's to
/// send. `None` when the request got a plain error reply instead.
async fn respond(stream: &mut TcpStream, peer: SocketAddr, app: Router) -> io::Result<Option<Body>> {
    let head = match tokio::time::timeout(HEAD_TIMEOUT, read_head(stream)).await {
        Ok(Ok(Some(head))) => head,
        Ok(Ok(None)) => {
            reply_plain(stream, "431 Request Header Fields Too Large").await?;
            return Ok(None);
        }
        Ok(Err(err)) => return Err(err),
        Err(_) => {
            reply_plain(stream, "408 Request Timeout").await?;
            return Ok(None);
        }
    };
    let Some(request) = parse_head(&head, peer) else {
        reply_plain(stream, "400 Bad Request").await?;
        return Ok(None);
    };
    let http10 = request.version() == Version::HTTP_10;
    let response = match app.oneshot(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    let (parts, body) = response.into_parts();
    let mut out = Vec::with_capacity(512);
    let version = if http10 { "HTTP/1.0" } else { "HTTP/1.1" };
    let reason = parts.status.canonical_reason().unwrap_or("");
    out.extend_from_slice(format!("{version} {} {reason}\r\n", parts.status.as_u16()).as_bytes());
    for (name, value) in &parts.headers {
        // The body is sent as it is and the connection closed after it: no chunked framing.
        if name == "transfer-encoding" || name == "connection" {
            continue;
        }
        out.extend_from_slice(name.as_str().as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(value.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b"connection: close\r\n\r\n");
    stream.write_all(&out).await?;
    Ok(Some(body))
}

/// Reads until the blank line ending the request head; `None` when it exceeds [`MAX_HEAD`].
async fn read_head(stream: &mut TcpStream) -> io::Result<Option<Vec<u8>>> {
    let mut head = Vec::with_capacity(1024);
    let mut buffer = [0u8; 1024];
    loop {
        let read = stream.read(&mut buffer).await?;
        if read == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        head.extend_from_slice(&buffer[..read]);
        if head.windows(4).any(|window| window == b"\r\n\r\n") {
            return Ok(Some(head));
        }
        if head.len() > MAX_HEAD {
            return Ok(None);
        }
    }
}

/// The request head as an `http::Request` for the router, with the peer address as axum's
/// `ConnectInfo` would carry it.
fn parse_head(head: &[u8], peer: SocketAddr) -> Option<Request<Body>> {
    let mut headers = [httparse::EMPTY_HEADER; 64];
    let mut parsed = httparse::Request::new(&mut headers);
    if !matches!(parsed.parse(head), Ok(httparse::Status::Complete(_))) {
        return None;
    }
    let mut builder = Request::builder()
        .method(parsed.method?)
        .uri(parsed.path?)
        .version(if parsed.version? == 0 {
            Version::HTTP_10
        } else {
            Version::HTTP_11
        });
    for header in parsed.headers.iter() {
        builder = builder.header(header.name, header.value);
    }
    let mut request = builder.body(Body::empty()).ok()?;
    request.extensions_mut().insert(ConnectInfo(peer));
    Some(request)
}

async fn reply_plain(stream: &mut TcpStream, status: &str) -> io::Result<()> {
    stream
        .write_all(format!("HTTP/1.1 {status}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n").as_bytes())
        .await?;
    stream.shutdown().await
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn heads_become_requests_with_the_peer() {
        let peer = SocketAddr::from(([10, 0, 0, 7], 5000));
        let request = parse_head(
            b"GET /stream/onda_1.mp3?client=desktop HTTP/1.0\r\nIcy-MetaData: 1\r\nUser-Agent: x\r\n\r\n",
            peer,
        )
        .unwrap();
        assert_eq!(request.uri(), "/stream/onda_1.mp3?client=desktop");
        assert_eq!(request.version(), Version::HTTP_10);
        assert_eq!(request.headers()["icy-metadata"], "1");
        assert_eq!(
            request
                .extensions()
                .get::<ConnectInfo<SocketAddr>>()
                .map(|info| info.0),
            Some(peer)
        );
        assert!(parse_head(b"GET /stream/x HTTP/1.1\r\nBad Header\r\n\r\n", peer).is_none());
    }
}
