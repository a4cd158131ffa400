//! The station's back office: staff write the site through the same API, each call behind
//! its staff permission (`crate::staff`; 401 without a session, 403 'no permission' without the
//! permission) and never cached (`Cache-Control: no-store`). Every change is written with its audit row
//! in one transaction (`audit::record`), which staff with the people permission read.
//!
//! One file per concern: `news` (the newsroom: list, editor, preview, permission 5), `images` (the one
//! picture upload every area uses, and the public `/media/images/{key}` that serves it) and `audit` (the
//! log, permission 8), `people` (accounts: search, PRO, staff permissions, disabling; permission 8),
//! `promotions` (promotions, their answers and draws; permission 6), `hunts` (treasure hunts and
//! their prizes; permission 6) and `catalogue` (artists, songs, lists, programmes, partners,
//! affiliates, clients and spots, pages, the station's settings; permission 7, and the newsroom's
//! journalists and categories, permission 5), and `live_sources` (the channels' live input: source
//! passwords, the source on air, cutting it off; permission 7).

mod audit;
mod catalogue;
mod hunts;
mod images;
mod kit;
mod live_sources;
mod news;
mod people;
mod playlists;
mod promotions;
mod reports;
mod schedule;

use std::collections::HashSet;

use axum::{
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{AppState, Result, clock::parse_iso, extract::path_number, text::slugify};
pub use audit::record;
pub use images::{IMAGE_NOT_FOUND, image_dir};
pub use news::HIDDEN_AT;

/// Rows per page unless asked; the most one page holds.
const PER_PAGE: i64 = 20;
const MAX_PER_PAGE: i64 = 100;
/// The farthest page (a list of 50,000 items at 1 per page stays inside).
const MAX_PAGE: i64 = 1_000_000;
/// The earliest date an editor takes (2000-01-01).
const EARLIEST: i64 = 946_684_800;
/// A slug's length from a title, before any '-2' (the public calls take up to 200).
const SLUG_MAX: usize = 80;

/// Under `/api/v1`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(news::router())
        .merge(images::router())
        .routes(routes!(audit::list_audit))
        .merge(people::router())
        .merge(promotions::router())
        .merge(hunts::router())
        .merge(catalogue::router())
        .merge(live_sources::router())
        .merge(schedule::router())
        .merge(playlists::router())
        .merge(reports::router())
}

/// Outside `/api/v1`: the uploaded pictures, public.
pub fn media_router() -> OpenApiRouter<AppState> {
    images::media_router().routes(routes!(catalogue::audio::serve_uploaded_audio))
}

/// A staff reply: never kept by a browser or a proxy.
fn no_store(reply: impl IntoResponse) -> Response {
    let mut response = reply.into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// `page` (1-based) and `perPage` of a list query, defaults when absent.
fn paging(page: Option<&str>, per_page: Option<&str>) -> Result<(i64, i64)> {
    let page = match page {
        Some(raw) => path_number(raw, "page", 1, MAX_PAGE)?,
        None => 1,
    };
    let per_page = match per_page {
        Some(raw) => path_number(raw, "perPage", 1, MAX_PER_PAGE)?,
        None => PER_PAGE,
    };
    Ok((page, per_page))
}

/// `%text%` for LIKE, with LIKE's own characters escaped (`ESCAPE '\'`).
fn contains_pattern(text: &str) -> String {
    let mut pattern = String::from("%");
    for ch in text.chars() {
        if matches!(ch, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(ch);
    }
    pattern.push('%');
    pattern
}

/// Unix seconds of a start and an end given as ISO 8601: both real dates from 2000 on, before the
/// hidden marker, the end after the start.
fn timestamps(starts_at: &str, ends_at: &str) -> Option<(i64, i64)> {
    let read = |text: &str| parse_iso(text).filter(|at| (EARLIEST..HIDDEN_AT).contains(at));
    let (starts_at, ends_at) = (read(starts_at)?, read(ends_at)?);
    (starts_at < ends_at).then_some((starts_at, ends_at))
}

/// The slug `title` makes (cut at a word within [`SLUG_MAX`]), `fallback` when it has no letters.
fn slug_base(title: &str, fallback: &str) -> String {
    let mut base = slugify(title);
    if base.len() > SLUG_MAX {
        // ASCII only, so any byte is a boundary; end at a whole word when there is one.
        let cut = &base[..SLUG_MAX];
        base = cut.rsplit_once('-').map_or(cut, |(head, _)| head).to_owned();
    }
    let base = base.trim_matches('-').to_owned();
    if base.is_empty() {
        fallback.to_owned()
    } else {
        base
    }
}

/// `base` when nothing in `taken` has it, else `base-2`, `base-3`, …
fn first_free(base: &str, taken: &HashSet<String>) -> String {
    if !taken.contains(base) {
        return base.to_owned();
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|candidate| !taken.contains(candidate))
        .unwrap_or_else(|| base.to_owned())
}

/// After a back-office write: drops what could keep showing the old state, and brings this instance's
/// search index up to date (a few milliseconds: one incremental pass). Before the index was first built
/// there is nothing to update: the first search builds it from the database as it is.
async fn after_write(state: &AppState) {
    state.most_read_cache.clear();
    if state.search.refreshed_at() > 0
        && let Err(err) = state.search.refresh(&state.db).await
    {
        tracing::warn!(error = %err, "search index refresh after a back-office save failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_patterns_escape_wildcards() {
        assert_eq!(contains_pattern("50%_a\\b"), "%50\\%\\_a\\\\b%");
    }

    #[test]
    fn a_campaign_runs_forward_between_real_dates() {
        assert!(timestamps("2026-12-01T00:00:00-03:00", "2026-12-31T00:00:00-03:00").is_some());
        assert!(timestamps("2026-12-31T00:00:00-03:00", "2026-12-01T00:00:00-03:00").is_none());
        assert!(timestamps("1999-12-01T00:00:00Z", "2026-12-01T00:00:00Z").is_none());
        assert!(timestamps("ontem", "2026-12-01T00:00:00Z").is_none());
    }
}
