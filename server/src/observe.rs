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
    extract::{MatchedPath, Request},
    http::{HeaderMap, HeaderName, HeaderValue},
    middleware::Next,
    response::Response,
};
use tracing::Instrument as _;

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
    let made = format!("{}{:016x}", *PREFIX, NEXT.fetch_add(1, Ordering::Relaxed));
    HeaderValue::from_str(&made).unwrap_or_else(|_| HeaderValue::from_static("0"))
}

/// The route label of a request the router matched to none of its routes (the built UI's files and
/// anything unknown): one series, whatever the path.
pub const UNMATCHED: &str = "unmatched";

/// The middleware: the id, the span, the metrics. Applied with `Router::layer`, so the matched
/// route's template is known here.
pub async fn middleware(request: Request, next: Next) -> Response {
    let id = request_id(request.headers());
    let method = crate::metrics::method_label(request.method());
    let route = request.extensions().get::<MatchedPath>().cloned();
    let span = tracing::info_span!(
        "request",
        request_id = %String::from_utf8_lossy(id.as_bytes()),
        method,
        path = request.uri().path(),
    );
    let started = Instant::now();
    let mut response = next.run(request).instrument(span).await;
    crate::metrics::observe_request(
        route.as_ref().map_or(UNMATCHED, MatchedPath::as_str),
        method,
        response.status(),
        started.elapsed().as_secs_f64(),
    );
    response.headers_mut().insert(HEADER, id);
    response
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
