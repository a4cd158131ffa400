//! The security headers every reply carries, documents or not. Both the web layer's middleware and
//! the replies made before the router (the HLS shortcut) set them through here, so the two can not
//! drift apart.

use axum::http::{HeaderMap, HeaderName, HeaderValue, header};

/// The policy of API replies (OWASP REST cheat sheet): JSON is never a document, so it may load nothing
/// and be framed by nobody. Pages get the web layer's full policy.
const API_CSP: &str = "default-src 'none'; frame-ancestors 'none'";

/// The security headers of a reply that is no document (JSON, audio, an HLS playlist), those it
/// lacks: a policy that allows nothing, no sniffing, the referrer policy, and HSTS over HTTPS. The web
/// layer's middleware adds them; a reply made without it (`listen::Shortcut`) calls
/// this itself.
pub fn plain_reply_security(headers: &mut HeaderMap, https: bool) {
    let set = |headers: &mut HeaderMap, name: HeaderName, value: &'static str| {
        if let header::Entry::Vacant(slot) = headers.entry(name) {
            slot.insert(HeaderValue::from_static(value));
        }
    };
    set(headers, header::CONTENT_SECURITY_POLICY, API_CSP);
    set(headers, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(
        headers,
        header::REFERRER_POLICY,
        "strict-origin-when-cross-origin",
    );
    if https {
        set(
            headers,
            header::STRICT_TRANSPORT_SECURITY,
            "max-age=31536000; includeSubDomains",
        );
    }
}
