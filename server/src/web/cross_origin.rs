//! Cross-site request forgery: a state-changing request (any method but GET, HEAD and OPTIONS) that
//! a browser sends on behalf of another site is refused, whatever cookie it carries.
//!
//! The session cookie is `SameSite=Strict`, which keeps it off cross-site requests in today's
//! browsers; this check does not depend on that. It follows the browser's own account of where a
//! request comes from, as Go's `CrossOriginProtection` does:
//!
//! 1. an `Origin` on the trusted list (the desktop app's webview, `DESKTOP_ORIGINS`) is allowed;
//! 2. with `Sec-Fetch-Site` (every current browser sends it), only `same-origin` and `none` (the
//!    user typed or bookmarked it) are allowed; `same-site` is refused too, since a sibling
//!    subdomain may be someone else's;
//! 3. without it, an `Origin` whose host is the request's own `Host` is allowed, any other refused;
//! 4. a request with neither header is not from a browser page (a payment provider's webhook, a
//!    script with a bearer token): no ambient cookie of a victim rides on it, so it is allowed.

use axum::{
    extract::Request,
    http::{HeaderMap, Method, header},
    middleware::Next,
    response::{IntoResponse, Response},
};

use super::DESKTOP_ORIGINS;
use crate::Error;

/// The refusal's text.
pub const CROSS_SITE_REFUSED: &str =
    "Pedido recusado: ele veio de outro site. Abra a página da rádio e tente novamente.";

pub async fn refuse_cross_site(request: Request, next: Next) -> Response {
    if !is_safe(request.method()) && is_cross_site(request.headers()) {
        return Error::Forbidden(CROSS_SITE_REFUSED.to_owned()).into_response();
    }
    next.run(request).await
}

fn is_safe(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

fn is_cross_site(headers: &HeaderMap) -> bool {
    let origin = headers.get(header::ORIGIN).map(|value| value.as_bytes());
    if origin.is_some_and(|origin| DESKTOP_ORIGINS.iter().any(|trusted| trusted.as_bytes() == origin)) {
        return false;
    }
    if let Some(site) = headers.get("sec-fetch-site") {
        return !matches!(site.as_bytes(), b"same-origin" | b"none");
    }
    let Some(origin) = origin else {
        return false;
    };
    // `null` (a sandboxed frame, a redirect across sites) or anything unparsable is foreign.
    let host = headers.get(header::HOST).map(|value| value.as_bytes());
    origin_host(origin).is_none_or(|authority| Some(authority) != host)
}

/// The `host[:port]` of an origin such as `https://radio.example:8443`.
fn origin_host(origin: &[u8]) -> Option<&[u8]> {
    let text = std::str::from_utf8(origin).ok()?;
    let (scheme, authority) = text.split_once("://")?;
    (matches!(scheme, "http" | "https") && !authority.is_empty() && !authority.contains('/'))
        .then_some(authority.as_bytes())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use axum::http::HeaderValue;

    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn foreign_pages_are_cross_site_and_the_station_and_the_desktop_app_are_not() {
        // What browsers send today.
        assert!(is_cross_site(&headers(&[
            ("sec-fetch-site", "cross-site"),
            ("origin", "https://evil.example"),
            ("host", "radio.example"),
        ])));
        assert!(is_cross_site(&headers(&[("sec-fetch-site", "same-site")])));
        assert!(!is_cross_site(&headers(&[("sec-fetch-site", "same-origin")])));
        assert!(!is_cross_site(&headers(&[("sec-fetch-site", "none")])));
        // The desktop app's webview is another origin, trusted.
        assert!(!is_cross_site(&headers(&[
            ("sec-fetch-site", "cross-site"),
            ("origin", "tauri://localhost"),
        ])));
        // Older browsers: the origin against the host.
        assert!(!is_cross_site(&headers(&[
            ("origin", "http://radio.example:8080"),
            ("host", "radio.example:8080"),
        ])));
        assert!(is_cross_site(&headers(&[
            ("origin", "http://radio.example.evil.example"),
            ("host", "radio.example"),
        ])));
        assert!(is_cross_site(&headers(&[
            ("origin", "null"),
            ("host", "radio.example")
        ])));
        // Not a browser page: nothing ambient to forge.
        assert!(!is_cross_site(&headers(&[("host", "radio.example")])));
    }
}
