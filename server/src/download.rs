//! A file handed to the caller to save (a song download, a CV, a CSV export): `Content-Disposition:
//! attachment` with a portable ASCII name and the exact one in UTF-8 (RFC 6266), and never cached by a
//! proxy, since each of them sits behind a session.

use axum::{
    body::Body,
    http::{HeaderValue, header},
    response::Response,
};

/// `body` as a download named `name`.
pub fn attachment(body: impl Into<Body>, content_type: HeaderValue, name: &str) -> Response {
    let mut response = Response::new(body.into());
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, content_type);
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    let disposition = format!(
        "attachment; filename=\"{}\"; filename*=UTF-8''{}",
        ascii_file_name(name),
        percent_encode(name)
    );
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

/// The name for clients that ignore `filename*`: letters, digits and a few safe marks; the rest `_`.
fn ascii_file_name(name: &str) -> String {
    name.chars()
        .map(|ch| {
            if ch.is_ascii_alphanumeric() || matches!(ch, ' ' | '-' | '_' | '.' | '(' | ')') {
                ch
            } else {
                '_'
            }
        })
        .collect()
}

fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|byte| {
            if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
                (byte as char).to_string()
            } else {
                format!("%{byte:02X}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_portable_and_exact() {
        let response = attachment("x", HeaderValue::from_static("text/csv"), "currículo Ana (1).pdf");
        assert_eq!(
            response.headers()[header::CONTENT_DISPOSITION],
            "attachment; filename=\"curr_culo Ana (1).pdf\"; filename*=UTF-8''curr%C3%ADculo%20Ana%20%281%29.pdf"
        );
        assert_eq!(response.headers()[header::CACHE_CONTROL], "private, no-store");
    }
}
