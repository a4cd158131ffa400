//! Site search (doc1 §2 Search; decisions G02, G56; 3p.customSearch): `GET /api/v1/search?q=` →
//! `{status, data: [{title, link}]}`, at most 10, for the header suggestions and the /busca page.
//!
//! Answered by `crate::search::suggestions`: from the station's own index unless an external custom-search service is
//! configured (`ONDA_SEARCH_API_URL`, `ONDA_SEARCH_API_KEY`, `ONDA_SEARCH_ENGINE_ID`): then the server
//! calls it with the query, the engine id, 10 results and the title and link fields, keeps the key to
//! itself (S16), caches replies for ten minutes, and falls back to its own index when the service
//! fails, so a listener never sees an outage.

use axum::{
    Json,
    extract::{RawQuery, State},
    http::header,
    response::IntoResponse,
};
use onda_shared::{Envelope, search::SearchSuggestion};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    error::ok,
    openapi::{Reply, tags},
    search::{normalize_query, suggestions},
};

/// Raw query strings longer than this are refused before any decoding (a 100-character query
/// percent-encodes to at most 1,200 bytes; the rest is room for other parameters).
const MAX_RAW_QUERY: usize = 4096;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search))
}

/// Search suggestions: up to 10 `{title, link}` for the query (an empty query answers an empty list).
#[utoipa::path(get, path = "/search", tag = tags::SEARCH,
    params(("q" = String, Query,
        description = "The search text; trimmed and cut to 100 characters. Missing: 400")),
    responses((status = 200, description = "At most 10 suggestions", body = Reply<Vec<SearchSuggestion>>)))]
async fn search(State(state): State<AppState>, RawQuery(raw): RawQuery) -> Result<impl IntoResponse> {
    let raw = raw.unwrap_or_default();
    if raw.len() > MAX_RAW_QUERY {
        return Err(Error::bad_request("query string too long"));
    }
    let mut q = None;
    for (name, value) in form_urlencoded::parse(raw.as_bytes()) {
        if name == "q" {
            q = Some(value.into_owned());
        }
    }
    let Some(q) = q else {
        return Err(Error::bad_request("missing q"));
    };
    // G02: trimmed, capped at 100 characters; empty → an empty list and no upstream call.
    let q = normalize_query(&q);
    let results = if q.is_empty() {
        Vec::new()
    } else {
        suggestions(&state, &q).await?
    };
    Ok((
        // Fresh enough for a minute at the browser; the index itself refreshes every few seconds.
        [(header::CACHE_CONTROL, "public, max-age=60")],
        Json::<Envelope<Vec<SearchSuggestion>>>(ok(results).0),
    ))
}
