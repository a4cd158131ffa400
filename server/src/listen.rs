//! The accept loop. A connection whose request starts `GET /stream/` or `HEAD /stream/` (a listener of a
//! mount) is answered by a lean HTTP/1 path; one that starts `PUT /stream/` or `SOURCE /stream/` (a
//! studio's encoder) by the source path, which reads its body as Icecast does; every other connection
//! goes to hyper.
//!
//! Both paths call the same application router, so a mount's access rules, headers and accounting
//! are the ones in `routes/stream.rs`. The lean path exists for memory. Hyper keeps an 8 KiB read
//! buffer and an 8 KiB write buffer for the whole life of every connection. That is fine for requests
//! lasting milliseconds, but a live listener stays for hours, and those buffers were most of the
//! 26 KiB each listener cost (bench/listeners.sh, against Icecast's 2 KiB). The lean path reads the
//! request head, answers it, and then holds only the socket and the mount's feed. The connection
//! closes after one response: a live stream is close-delimited anyway.

use std::{
    future::Future,
    io,
    net::{IpAddr, SocketAddr},
    pin::Pin,
    sync::Arc,
    task::{Context, Poll},
    time::Duration,
};

use axum::{
    Router,
    body::{Body, Bytes},
    extract::ConnectInfo,
    http::{Request, Version},
    response::IntoResponse,
};
use http_body::{Frame, SizeHint};
use http_body_util::BodyExt;
use hyper::{body::Incoming, server::conn::http1};
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    server::graceful::GracefulShutdown,
};
use tokio::{
    io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf},
    net::{TcpListener, TcpStream},
    sync::{Semaphore, mpsc},
    time::{Instant, Sleep},
};
use tokio_util::sync::CancellationToken;
use tower::ServiceExt;

use crate::{
    Error,
    connections::{ConnectionBook, Held, Kind},
};

/// The first bytes that send a connection down the lean path.
const MOUNT_PREFIXES: [&[u8]; 2] = [b"GET /stream/", b"HEAD /stream/"];

/// The first bytes of a studio's encoder connecting to a mount (Icecast 2.4's `PUT`, the legacy
/// `SOURCE`): the source path, which reads the body as Icecast does, until the connection closes.
const SOURCE_PREFIXES: [&[u8]; 2] = [b"PUT /stream/", b"SOURCE /stream/"];

/// The kernel's receive buffer of a source connection (Linux doubles it): four seconds of 128 kbps
/// MP3.
const SOURCE_RECEIVE_BUFFER: usize = 32 * 1024;

/// Where a connection goes by its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Path {
    Listener,
    Source,
    Http,
}

/// A request head larger than this is refused (431).
const MAX_HEAD: usize = 16 * 1024;

/// A mount listener has this long to send its request head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// A response whose client reads nothing of it for this long is given up (the connection closes):
/// a client that stopped reading would otherwise hold its connection, and the server's buffers,
/// for good. As nginx's `send_timeout`.
const WRITE_STALL: Duration = Duration::from_secs(60);

/// Connections refused over their address's cap that are still being answered. Beyond these, a
/// refused connection is closed without a reply: answering a flood must not hold a socket for
/// each of its connections.
const REFUSALS_ANSWERED: usize = 64;

/// How connections are bounded (configuration: the `ONDA_*_TIMEOUT_SECONDS` and the caps of
/// `connections`).
#[derive(Clone)]
pub struct Settings {
    /// Time to send a request head, and for a kept-alive connection to start its next request.
    pub header_timeout: Duration,
    /// Time to send a request body, plus a second per 500 bytes received (`BodyDeadline`).
    pub body_timeout: Duration,
    /// Proxies whose connections carry many clients: not counted per address here.
    pub trusted_proxies: Arc<[IpAddr]>,
    pub book: Arc<ConnectionBook>,
    /// Answers the requests it can without the router (see [`Shortcut`]).
    pub shortcut: Option<Shortcut>,
}

/// A request the application answers without its router and middleware, or `None` to route it as
/// usual: the same reply the router would give, for the few requests every listener repeats every
/// few seconds (`routes::hls::shortcut`). Given the method, URI, headers and peer.
pub type Shortcut = Arc<
    dyn Fn(
            &axum::http::Method,
            &axum::http::Uri,
            &axum::http::HeaderMap,
            SocketAddr,
        ) -> Option<axum::response::Response>
        + Send
        + Sync,
>;

/// Serves `app` on `listener` until `shutdown` resolves: mount listeners on the lean path, every
/// other connection through hyper's HTTP/1, each bounded by `settings`. Then stops accepting, asks
/// open connections to finish their request in flight and waits for them (`stop` must have ended
/// the streams that never end, as the caller's `shutdown` does).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    settings: Settings,
    stop: CancellationToken,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let mut connections = split(listener, app.clone(), settings.clone(), stop)?;
    let mut http = http1::Builder::new();
    // hyper's timer runs the header-read timeout, which also bounds how long a kept-alive
    // connection waits idle for its next request (hyper starts it as it waits for a head).
    http.timer(TokioTimer::new())
        .header_read_timeout(settings.header_timeout)
        .keep_alive(true);
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer, held) = tokio::select! {
            connection = connections.recv() => match connection {
                Some(connection) => connection,
                None => break,
            },
            () = &mut shutdown => break,
        };
        let app = app.clone();
        let body_timeout = settings.body_timeout;
        let shortcut = settings.shortcut.clone();
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            if let Some(response) = shortcut
                .as_ref()
                .and_then(|answer| answer(request.method(), request.uri(), request.headers(), peer))
            {
                return futures_util::future::Either::Left(std::future::ready(Ok(response)));
            }
            request.extensions_mut().insert(ConnectInfo(peer));
            let request = request.map(|body| {
                // A bodiless request (most are) needs no deadline, nor its timer.
                if http_body::Body::is_end_stream(&body) {
                    Body::new(body)
                } else {
                    Body::new(BodyDeadline::new(body, body_timeout))
                }
            });
            futures_util::future::Either::Right(app.clone().oneshot(request))
        });
        let connection = http.serve_connection(TokioIo::new(StallGuard::new(stream)), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(err) = connection.await {
                tracing::debug!(error = %err, %peer, "connection ended");
            }
            // The address's place frees with the connection.
            drop(held);
        });
    }
    graceful.shutdown().await;
    Ok(())
}

/// A connection for hyper: the socket, its peer, and its place in the peer's count (none for a
/// trusted proxy).
type HttpConnection = (TcpStream, SocketAddr, Option<Held>);

/// Starts accepting on `listener`: each connection takes a place in its address's count or is
/// refused; mount listeners are served here, the rest is handed to the returned channel. The loop
/// ends when `stop` fires.
fn split(
    listener: TcpListener,
    app: Router,
    settings: Settings,
    stop: CancellationToken,
) -> io::Result<mpsc::Receiver<HttpConnection>> {
    let (tx, rx) = mpsc::channel(1024);
    let refusals = Arc::new(Semaphore::new(REFUSALS_ANSWERED));
    tokio::spawn(async move {
        loop {
            let accepted = tokio::select! {
                accepted = listener.accept() => accepted,
                () = stop.cancelled() => return,
            };
            match accepted {
                Ok((stream, peer)) => {
                    let held = if settings.trusted_proxies.contains(&peer.ip()) {
                        None
                    } else {
                        match settings.book.hold(peer.ip(), Kind::Connection) {
                            Ok(held) => Some(held),
                            Err(refusal) => {
                                if let Ok(permit) = Arc::clone(&refusals).try_acquire_owned() {
                                    tokio::spawn(async move {
                                        refuse(stream, Error::from(refusal)).await;
                                        drop(permit);
                                    });
                                }
                                continue;
                            }
                        }
                    };
                    let (tx, app, header_timeout) = (tx.clone(), app.clone(), settings.header_timeout);
                    tokio::spawn(async move {
                        // A connection that sends nothing is closed after the header timeout, as
                        // hyper would close it.
                        let Ok(path) = tokio::time::timeout(header_timeout, classify(&stream)).await else {
                            return;
                        };
                        match path {
                            Path::Listener => {
                                if let Err(err) = serve_mount(stream, peer, app, held).await {
                                    tracing::debug!(error = %err, %peer, "mount connection ended");
                                }
                            }
                            Path::Source => {
                                if let Err(err) = serve_source(stream, peer, app, held).await {
                                    tracing::debug!(error = %err, %peer, "source connection ended");
                                }
                            }
                            Path::Http => {
                                let _ = tx.send((stream, peer, held)).await;
                            }
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
    Ok(rx)
}

/// Answers a connection over its address's cap with the refusal, without reading its request,
/// and closes it.
async fn refuse(mut stream: TcpStream, error: Error) {
    write_reply(&mut stream, "HTTP/1.1", error.into_response()).await;
}

/// Writes `response` whole and closes the connection; then reads and drops what the client still
/// sends for up to a second: closing a socket with unread data resets the connection, and the client
/// could lose the reply.
async fn write_reply(stream: &mut TcpStream, version: &str, response: axum::response::Response) {
    let (parts, body) = response.into_parts();
    let body = body
        .collect()
        .await
        .map(|body| body.to_bytes())
        .unwrap_or_default();
    let mut out = format!(
        "{version} {} {}\r\n",
        parts.status.as_u16(),
        parts.status.canonical_reason().unwrap_or("")
    )
    .into_bytes();
    for (name, value) in &parts.headers {
        if name == "content-length" || name == "connection" || name == "transfer-encoding" {
            continue;
        }
        out.extend_from_slice(name.as_str().as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(value.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(format!("content-length: {}\r\nconnection: close\r\n\r\n", body.len()).as_bytes());
    out.extend_from_slice(&body);
    let answer = async {
        stream.write_all(&out).await?;
        stream.shutdown().await?;
        let mut sink = [0u8; 4096];
        while stream.read(&mut sink).await? > 0 {}
        io::Result::Ok(())
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), answer).await;
}

/// Peeks at the first bytes without consuming them.
async fn classify(stream: &TcpStream) -> Path {
    let prefixes = MOUNT_PREFIXES
        .iter()
        .map(|prefix| (*prefix, Path::Listener))
        .chain(SOURCE_PREFIXES.iter().map(|prefix| (*prefix, Path::Source)));
    let prefixes: Vec<(&[u8], Path)> = prefixes.collect();
    let mut head = [0u8; 16];
    for _ in 0..50 {
        let Ok(read) = stream.peek(&mut head).await else {
            return Path::Http;
        };
        if read == 0 {
            return Path::Http;
        }
        let seen = &head[..read];
        if let Some((_, path)) = prefixes.iter().find(|(prefix, _)| seen.starts_with(prefix)) {
            return *path;
        }
        // Still a possible prefix: the rest of the request line is on its way.
        if !prefixes.iter().any(|(prefix, _)| prefix.starts_with(seen)) {
            return Path::Http;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Path::Http
}

/// A studio's encoder: the head goes to the router (`routes/source.rs` decides), and an admitted
/// source is answered as Icecast answers (`100 Continue` when the client expects it, else `200 OK`,
/// before any body) and its connection handed to the live input, with the bytes that came after the
/// head. The connection keeps its place in its address's count for as long as it streams.
async fn serve_source(
    mut stream: TcpStream,
    peer: SocketAddr,
    app: Router,
    held: Option<Held>,
) -> io::Result<()> {
    stream.set_nodelay(true)?;
    let head = match tokio::time::timeout(HEAD_TIMEOUT, read_head(&mut stream)).await {
        Ok(Ok(Some(head))) => head,
        Ok(Ok(None)) => return reply_plain(&mut stream, "431 Request Header Fields Too Large").await,
        Ok(Err(err)) => return Err(err),
        Err(_) => return reply_plain(&mut stream, "408 Request Timeout").await,
    };
    let split = head
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .map_or(head.len(), |at| at + 4);
    let leftover = Bytes::copy_from_slice(&head[split..]);
    let Some(mut request) = parse_head(&head[..split], peer) else {
        return reply_plain(&mut stream, "400 Bad Request").await;
    };
    let legacy = request.method().as_str() == "SOURCE";
    if legacy {
        *request.method_mut() = axum::http::Method::PUT;
    }
    request
        .extensions_mut()
        .insert(crate::radio::live::SourceConnection { legacy });
    let expects_continue = request
        .headers()
        .get("expect")
        .is_some_and(|value| value.as_bytes().eq_ignore_ascii_case(b"100-continue"));
    let response = match app.oneshot(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    let admission = response
        .extensions()
        .get::<crate::radio::live::Admission>()
        .and_then(crate::radio::live::Admission::take);
    let Some(run) = admission else {
        // A refusal: the whole reply, as Icecast's clients read it (HTTP/1.0, then the close).
        write_reply(&mut stream, "HTTP/1.0", response).await;
        return Ok(());
    };
    // A small receive buffer: the live input reads at the pace of real time, and an encoder sending
    // faster must feel it within seconds, not after the kernel has taken megabytes on our behalf
    // (loopback and fast links grow a socket's buffer to several MB).
    let _ = socket2::SockRef::from(&stream).set_recv_buffer_size(SOURCE_RECEIVE_BUFFER);
    let answer: &[u8] = if expects_continue && !legacy {
        b"HTTP/1.1 100 Continue\r\n\r\n"
    } else {
        b"HTTP/1.0 200 OK\r\nServer: Onda\r\n\r\n"
    };
    stream.write_all(answer).await?;
    run(Box::new(stream), leftover).await;
    drop(held);
    Ok(())
}

async fn serve_mount(
    mut stream: TcpStream,
    peer: SocketAddr,
    app: Router,
    held: Option<Held>,
) -> io::Result<()> {
    stream.set_nodelay(true)?;
    // Everything before the audio (the head and its buffers, the router's call, the response head)
    // runs in a boxed future of its own and is freed once the head is written: inlined, its state
    // was part of this task's allocation for the hours a listener stays (bench/listeners.sh).
    let body = Box::pin(respond(&mut stream, peer, app)).await;
    // Until here the connection counted as one of its address's connections; a listener is counted
    // as a listener from now on (routes/stream.rs), under its own cap.
    drop(held);
    let Some(mut body) = body? else {
        return Ok(());
    };
    while let Some(frame) = body.frame().await {
        let Ok(frame) = frame else { break };
        if let Ok(data) = frame.into_data() {
            // A write error means the listener left, and a write that waits too long means it stopped
            // reading: either way, dropping the body ends its session.
            match tokio::time::timeout(WRITE_STALL, stream.write_all(&data)).await {
                Ok(written) => written?,
                Err(_) => return Err(io::ErrorKind::TimedOut.into()),
            }
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

/// A request body that must keep a pace: it fails once `base` plus a second per 500 bytes received
/// has passed since the head arrived (as Apache's `mod_reqtimeout` does with `body=20,MinRate=500`).
/// A slow phone uploading goes on for as long as it keeps sending; a client that sends a byte now and
/// then is cut. The handler's read fails, it answers 408 (`extract::ApiJson`) and hyper closes the
/// connection, as the body was not read to its end.
pub struct BodyDeadline<B> {
    inner: B,
    started: Instant,
    base: Duration,
    received: u64,
    /// Made on the first wait: a body that arrives with its head never needs a timer.
    timer: Option<Pin<Box<Sleep>>>,
}

/// Bytes a second a request body must average, beyond its first `body_timeout`.
const BODY_MIN_RATE: u64 = 500;

impl<B> BodyDeadline<B> {
    pub fn new(inner: B, base: Duration) -> Self {
        Self {
            inner,
            started: Instant::now(),
            base,
            received: 0,
            timer: None,
        }
    }

    fn deadline(&self) -> Instant {
        self.started + self.base + Duration::from_secs(self.received / BODY_MIN_RATE)
    }
}

/// The error a late body fails with (`extract` recognises it).
#[derive(Debug)]
pub struct BodyTimedOut;

impl std::fmt::Display for BodyTimedOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("request body too slow")
    }
}

impl std::error::Error for BodyTimedOut {}

impl<B> http_body::Body for BodyDeadline<B>
where
    B: http_body::Body<Data = Bytes> + Unpin,
    B::Error: Into<axum::BoxError>,
{
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = &mut *self;
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    this.received += data.len() as u64;
                    let deadline = this.deadline();
                    if let Some(timer) = &mut this.timer {
                        timer.as_mut().reset(deadline);
                    }
                }
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Ready(Some(Err(err))) => Poll::Ready(Some(Err(err.into()))),
            Poll::Ready(None) => Poll::Ready(None),
            Poll::Pending => {
                let deadline = this.deadline();
                let timer = this
                    .timer
                    .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
                if timer.as_mut().poll(cx).is_ready() {
                    return Poll::Ready(Some(Err(Box::new(BodyTimedOut))));
                }
                Poll::Pending
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// A socket whose writes fail once the peer has read nothing for [`WRITE_STALL`]: hyper waits on a
/// write for as long as it takes, so a client that stops reading (a push channel in a frozen tab, a
/// deliberate slow reader) would hold its connection for good.
struct StallGuard {
    stream: TcpStream,
    stalled: Option<Pin<Box<Sleep>>>,
}

impl StallGuard {
    fn new(stream: TcpStream) -> Self {
        Self {
            stream,
            stalled: None,
        }
    }

    /// `written` as it is, unless the socket has been full for too long.
    fn guard<T>(&mut self, cx: &mut Context<'_>, written: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if written.is_ready() {
            self.stalled = None;
            return written;
        }
        let stalled = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(WRITE_STALL)));
        if stalled.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(io::ErrorKind::TimedOut.into()));
        }
        Poll::Pending
    }
}

impl AsyncRead for StallGuard {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for StallGuard {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let written = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.guard(cx, written)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let written = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.guard(cx, written)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let flushed = Pin::new(&mut self.stream).poll_flush(cx);
        self.guard(cx, flushed)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
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
