//! Generated media: the station logo (more images arrive with the demo content). Everything here is
//! produced by the server itself, so the embedded default needs no network and no image files.

use axum::{Router, extract::State, http::header, response::IntoResponse, routing::get};

use crate::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/media/logo.svg", get(logo))
}

/// The station's wordmark: a sound-wave badge and the configured name.
async fn logo(State(state): State<AppState>) -> impl IntoResponse {
    let name = escape_xml(&state.config.station_name);
    let width = 64 + state.config.station_name.chars().count() * 19;
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="56" viewBox="0 0 {width} 56" role="img" aria-label="{name}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff7a18"/><stop offset="1" stop-color="#d6246e"/></linearGradient></defs>
<circle cx="28" cy="28" r="26" fill="url(#g)"/>
<path d="M12 30c4-10 8-10 12 0s8 10 12 0 8-10 10-4" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>
<text x="64" y="38" font-family="Inter, 'Helvetica Neue', Arial, sans-serif" font-size="30" font-weight="800" fill="#1f1f2e">{name}</text>
</svg>"##
    );
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        svg,
    )
}

pub fn escape_xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}
