//! Every request observed: an id that follows it through the logs and back to the client, and its
//! count and latency in the metrics.
//!
//! The id comes from the proxy in front when it sends one (`X-Request-Id`: nginx's `$request_id`, so
//! the proxy's access log and ours name a request alike), else it is made here. It is returned in the
//! reply's `X-Request-Id` and is a field of the `request` span every log line written while serving the
//! request carries, in the text logs and in the JSON ones (`ONDA_LOG_FORMAT=json`).

use std::{
    sync::{
        LazyLock,
        atomic::{AtomicU64, Ordering},
    },
    time::Instant,
};

use axum::{
    extract::MatchedPath,
    http::{HeaderMap, HeaderName, HeaderValue},
    response::Response,
};

pub const HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// The longest id taken from a proxy; a longer one (or one with other characters than an id's) is
/// replaced, so a client cannot write what it likes into the logs.
const MAX_LEN: usize = 128;

/// This process's ids: a random prefix, then a counter, 32 hex digits in all like nginx's.
static PREFIX: LazyLock<String> = LazyLock::new(|| crate::auth::random_hex(8));
static NEXT: AtomicU64 = AtomicU64::new(0);

fn well_formed(id: &[u8]) -> bool {
    !id.is_empty()
        && id.len() <= MAX_LEN
        && id
            .iter()
            .all(|byte| byte.is_ascii_alphanumeric() || b"-_.:".contains(byte))
}

/// The request's id: the proxy's when well formed, else a new one.
pub fn request_id(headers: &HeaderMap) -> HeaderValue {
    if let Some(given) = headers.get(&HEADER)
        && well_formed(given.as_bytes())
    {
        return given.clone();
    }
    // 32 hex digits written in place: no formatting machinery on every request.
    let mut made = [0u8; 32];
    made[..16].copy_from_slice(PREFIX.as_bytes());
    let seq = NEXT.fetch_add(1, Ordering::Relaxed);
    for (at, digit) in made[16..].iter_mut().enumerate() {
        let nibble = (seq >> (60 - 4 * at)) & 0xf;
        *digit = b"0123456789abcdef"[usize::try_from(nibble).unwrap_or(0)];
    }
    HeaderValue::from_bytes(&made).unwrap_or_else(|_| HeaderValue::from_static("0"))
}

/// The route label of a request the router matched to none of its routes (the built UI's files and
/// anything unknown): one series, whatever the path.
pub const UNMATCHED: &str = "unmatched";

/// The layer: the id, the span, the metrics. Applied with `Router::layer`, so the matched route's
/// template is known here. A service of its own rather than `middleware::from_fn`, which boxes a
/// future and clones the inner stack on every request: this is on every reply, the hottest ones too.
#[derive(Debug, Clone, Copy, Default)]
pub struct ObserveLayer;

impl<S> tower::Layer<S> for ObserveLayer {
    type Service = Observe<S>;

    fn layer(&self, inner: S) -> Self::Service {
        Observe { inner }
    }
}

#[derive(Debug, Clone)]
pub struct Observe<S> {
    inner: S,
}

impl<S, B> tower::Service<axum::http::Request<B>> for Observe<S>
where
    S: tower::Service<axum::http::Request<B>, Response = Response>,
{
    type Response = Response;
    type Error = S::Error;
    type Future = Observed<S::Future>;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: axum::http::Request<B>) -> Self::Future {
        let id = request_id(request.headers());
        let method = crate::metrics::method_label(request.method());
        let route = request.extensions().get::<MatchedPath>().cloned();
        // The id alone: the span's fields are formatted when it is made, for every request, and the
        // method and path are in the proxy's access log and the debug request log under the same id.
        let span = tracing::info_span!("request", request_id = %id.to_str().unwrap_or_default());
        let inner = {
            let _entered = span.enter();
            self.inner.call(request)
        };
        Observed {
            inner,
            span,
            id: Some(id),
            method,
            route,
            started: Instant::now(),
        }
    }
}

pin_project_lite::pin_project! {
    /// A reply on its way: counted, timed and given its id when it is ready.
    pub struct Observed<F> {
        #[pin]
        inner: F,
        span: tracing::Span,
        id: Option<HeaderValue>,
        method: &'static str,
        route: Option<MatchedPath>,
        started: Instant,
    }
}

impl<F, E> std::future::Future for Observed<F>
where
    F: std::future::Future<Output = Result<Response, E>>,
{
    type Output = Result<Response, E>;

    fn poll(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Self::Output> {
        let this = self.project();
        let result = {
            let _entered = this.span.enter();
            std::task::ready!(this.inner.poll(cx))
        };
        std::task::Poll::Ready(result.map(|mut response| {
            crate::metrics::observe_request(
                this.route.as_ref().map_or(UNMATCHED, MatchedPath::as_str),
                this.method,
                response.status(),
                this.started.elapsed().as_secs_f64(),
            );
            if let Some(id) = this.id.take() {
                response.headers_mut().insert(HEADER, id);
            }
            response
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proxys_id_is_kept_when_it_looks_like_one() {
        let mut headers = HeaderMap::new();
        headers.insert(
            &HEADER,
            HeaderValue::from_static("5f0c2b9e6a1d4c3b8e7f6a5b4c3d2e1f"),
        );
        assert_eq!(request_id(&headers), "5f0c2b9e6a1d4c3b8e7f6a5b4c3d2e1f");
        for junk in ["a b", "x\"y", "", &"a".repeat(MAX_LEN + 1)] {
            headers.insert(&HEADER, HeaderValue::from_str(junk).unwrap());
            let made = request_id(&headers);
            assert_ne!(made, junk);
            assert_eq!(made.len(), 32, "{made:?}");
        }
    }

    #[test]
    fn made_ids_differ() {
        let headers = HeaderMap::new();
        assert_ne!(request_id(&headers), request_id(&headers));
    }
}
