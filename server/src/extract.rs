//! Extractors whose rejections speak the envelope instead of axum's plain-text defaults, so malformed
//! input gets a clear 400 and never a 500 or an HTML page.

use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, FromRequest, FromRequestParts, Path, Request, rejection::JsonRejection},
    http::{HeaderMap, header, request::Parts},
};
use serde::de::DeserializeOwned;

use crate::{AppState, Error, Result};

/// A JSON body. Any problem (wrong content type, bad syntax, wrong field types) is a 400 whose message
/// names it, e.g. `invalid request body: missing field \`email\``.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for ApiJson<T> {
    type Rejection = Error;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Self(value)),
            // axum's body limit reports itself as a buffering failure with status 413.
            Err(rejection) if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => {
                Err(Error::PayloadTooLarge)
            }
            Err(rejection) if body_timed_out(&rejection) => Err(Error::RequestTimeout),
            Err(rejection) => Err(Error::BadRequest(json_rejection_message(&rejection))),
        }
    }
}

/// Whether `error` comes from a body that arrived too slowly (`listen::BodyDeadline`).
pub fn body_timed_out(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(error) = cause {
        if error.is::<crate::listen::BodyTimedOut>() {
            return true;
        }
        cause = error.source();
    }
    false
}

fn json_rejection_message(rejection: &JsonRejection) -> String {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => {
            "expected a JSON body (Content-Type: application/json)".into()
        }
        JsonRejection::JsonSyntaxError(_) => "invalid JSON".into(),
        JsonRejection::JsonDataError(err) => format!("invalid request body: {}", err.body_text()),
        other => format!("invalid request body: {}", other.body_text()),
    }
}

/// The caller's address (G04). Behind trusted proxies, `X-Forwarded-For` is read from the right: each
/// trusted proxy appends the address it received from, so the rightmost hop that is not one of ours is
/// the first one no proxy of ours vouches for. Hops to its left are written by the client and ignored
/// (taking the leftmost let any client pick its address and walk around the rate limits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip())
            .unwrap_or(IpAddr::from([127, 0, 0, 1]));
        Ok(Self(client_of(
            peer,
            &parts.headers,
            &state.config.trusted_proxies,
        )))
    }
}

/// The client behind `peer`, from the request's `X-Forwarded-For` headers (see [`ClientIp`]).
pub fn client_of(peer: IpAddr, headers: &axum::http::HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    let forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .collect::<Vec<_>>()
        .join(",");
    client_address(peer, &forwarded, trusted)
}

/// The client behind `peer`, given the `X-Forwarded-For` list it sent and our trusted proxies.
pub fn client_address(peer: IpAddr, forwarded_for: &str, trusted: &[IpAddr]) -> IpAddr {
    let mut client = peer;
    if !trusted.contains(&peer) {
        return client;
    }
    for hop in forwarded_for.rsplit(',') {
        let hop = hop.trim();
        if hop.is_empty() {
            continue;
        }
        // A hop that is not an address is not ours: the last proxy we trust is as far as we can see.
        let Ok(ip) = hop.parse::<IpAddr>() else {
            return client;
        };
        client = ip;
        if !trusted.contains(&ip) {
            return ip;
        }
    }
    client
}

/// The value of the cookie `name`, when the request carries it (the first one, as browsers send the
/// most specific first).
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|list| list.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.trim())
}

/// Path parameters whose problems (e.g. bad percent-encoding) are a 400 in the envelope.
pub struct ApiPath<T>(pub T);

impl<T: DeserializeOwned + Send> FromRequestParts<AppState> for ApiPath<T> {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        match Path::<T>::from_request_parts(parts, state).await {
            Ok(Path(value)) => Ok(Self(value)),
            Err(rejection) => Err(Error::bad_request(format!(
                "invalid path: {}",
                rejection.body_text()
            ))),
        }
    }
}

/// A decimal path number in `min..=max` (digits only, at most 10); anything else is a 400 naming the
/// parameter. Paths carry numbers as text so that `-1`, `1e3` or `99999999999` get this clear message.
pub fn path_number(raw: &str, name: &str, min: i64, max: i64) -> Result<i64> {
    let digits = !raw.is_empty() && raw.len() <= 10 && raw.bytes().all(|b| b.is_ascii_digit());
    match raw.parse::<i64>() {
        Ok(value) if digits && (min..=max).contains(&value) => Ok(value),
        _ => Err(Error::bad_request(format!("invalid {name}"))),
    }
}

/// G32: flags in paths accept `0|1|true|false`.
pub fn path_flag(raw: &str, name: &str) -> Result<bool> {
    match raw.to_ascii_lowercase().as_str() {
        "0" | "false" => Ok(false),
        "1" | "true" => Ok(true),
        _ => Err(Error::bad_request(format!("invalid {name}"))),
    }
}

/// The absolute origin the caller reached us at, for the statistics links a staff member's client
/// opens from wherever it runs (the desktop app included). Only a well-formed host is used;
/// otherwise the configured public URL.
pub fn request_origin(state: &AppState, headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
        .filter(|host| {
            !host.is_empty()
                && host.len() <= 255
                && host
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
        });
    let Some(host) = host else {
        return state.config.public_url();
    };
    let https = state.config.is_https()
        || (!state.config.trusted_proxies.is_empty()
            && headers
                .get("x-forwarded-proto")
                .is_some_and(|proto| proto.as_bytes().eq_ignore_ascii_case(b"https")));
    format!("{}://{host}", if https { "https" } else { "http" })
}

/// The `file` part of a multipart body, read as it streams in, for the uploads (CVs, pictures): past
/// `max_body` bytes for the whole body or `max_file` for the file, the upload's `too_large` error and
/// the rest unread; other parts are skipped, and a second `file` part is ignored.
pub async fn multipart_file(
    body: axum::body::Body,
    boundary: String,
    max_body: usize,
    max_file: usize,
    too_large: fn() -> Error,
) -> Result<Option<Vec<u8>>> {
    let to_error = |err: multer::Error| match err {
        multer::Error::FieldSizeExceeded { .. } | multer::Error::StreamSizeExceeded { .. } => too_large(),
        // A stalled upload (`listen::BodyDeadline`) is the client's connection, not a malformed body.
        multer::Error::StreamReadFailed(err) if body_timed_out(err.as_ref()) => Error::RequestTimeout,
        other => Error::bad_request(format!("invalid multipart body: {other}")),
    };
    let limits = multer::SizeLimit::new()
        .whole_stream(max_body as u64)
        .per_field(max_file as u64);
    let mut multipart = multer::Multipart::with_constraints(
        body.into_data_stream(),
        boundary,
        multer::Constraints::new().size_limit(limits),
    );
    let mut file = None;
    while let Some(mut field) = multipart.next_field().await.map_err(to_error)? {
        if file.is_some() || field.name() != Some("file") {
            continue;
        }
        let mut data = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(to_error)? {
            data.extend_from_slice(&chunk);
        }
        file = Some(data);
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::client_address;
    use std::net::IpAddr;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn the_rightmost_untrusted_hop_is_the_client() {
        let trusted = [ip("10.0.0.1"), ip("10.0.0.2")];
        // The client wrote 6.6.6.6 itself; our proxy saw 203.0.113.9.
        assert_eq!(
            client_address(ip("10.0.0.1"), "6.6.6.6, 203.0.113.9", &trusted),
            ip("203.0.113.9")
        );
        // Two proxies of ours in a row.
        assert_eq!(
            client_address(ip("10.0.0.1"), "6.6.6.6, 203.0.113.9, 10.0.0.2", &trusted),
            ip("203.0.113.9")
        );
        // An untrusted peer's header is ignored.
        assert_eq!(
            client_address(ip("198.51.100.7"), "6.6.6.6", &trusted),
            ip("198.51.100.7")
        );
        // No header, garbage, or only our proxies: the last address we can vouch for.
        assert_eq!(client_address(ip("10.0.0.1"), "", &trusted), ip("10.0.0.1"));
        assert_eq!(
            client_address(ip("10.0.0.1"), "1.2.3.4, junk", &trusted),
            ip("10.0.0.1")
        );
        assert_eq!(
            client_address(ip("10.0.0.1"), "10.0.0.2", &trusted),
            ip("10.0.0.2")
        );
    }
}
