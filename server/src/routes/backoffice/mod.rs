//! The station's back office (issue 20): staff write the site through the same API, each call behind
//! its staff permission (`crate::staff`; 401 without a session, 403 'no permission' without the
//! permission) and never cached (`Cache-Control: no-store`). Every change is written with its audit row
//! in one transaction (`audit::record`), which staff with the people permission read.
//!
//! One file per concern: `news` (the newsroom: list, editor, preview, permission 5), `images` (the one
//! picture upload every area uses, and the public `/media/images/{key}` that serves it) and `audit` (the
//! log, permission 8) and `people` (accounts: search, PRO, staff permissions, disabling; permission 8).

mod audit;
mod images;
mod news;
mod people;

use axum::{
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{AppState, Result, extract::path_number};
pub use audit::record;
pub use images::{IMAGE_NOT_FOUND, image_dir};
pub use news::HIDDEN_AT;

/// Rows per page unless asked; the most one page holds.
const PER_PAGE: i64 = 20;
const MAX_PER_PAGE: i64 = 100;
/// The farthest page (a list of 50,000 items at 1 per page stays inside).
const MAX_PAGE: i64 = 1_000_000;

/// Under `/api/v1`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(news::newsroom_list, news::newsroom_create))
        .routes(routes!(
            news::newsroom_get,
            news::newsroom_update,
            news::newsroom_delete
        ))
        .routes(routes!(news::newsroom_preview))
        .merge(images::router())
        .routes(routes!(audit::list_audit))
        .routes(routes!(people::people_list))
        .routes(routes!(people::people_get))
        .routes(routes!(people::people_permissions))
        .routes(routes!(people::people_grant_pro, people::people_revoke_pro))
        .routes(routes!(people::people_disabled))
}

/// Outside `/api/v1`: the uploaded pictures, public.
pub fn media_router() -> OpenApiRouter<AppState> {
    images::media_router()
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
