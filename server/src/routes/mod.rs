//! The HTTP API: one file per feature area, each with its `router()`, handlers, request/response types
//! and SQL side by side. Paths are exactly the spec's (doc2 §7, doc3 §7), under `/api/v1/` except
//! `/getUserInfos` and the health check.

pub mod ads;
pub mod affiliates;
pub mod analytics;
pub mod backoffice;
pub mod catalogue;
pub mod clients;
pub mod external;
pub mod feeds;
pub mod forms;
pub mod hls;
pub mod hunt;
pub mod live;
pub mod news;
pub mod pages;
pub mod payments;
pub mod podcasts;
pub mod poll;
pub mod pro_page;
pub mod profile;
pub mod programs;
pub mod promotions;
pub mod replays;
pub mod search;
pub mod seo;
pub mod shell;
pub mod source;
pub mod stats;
pub mod stream;
pub mod svg_images;
pub mod tracking;
pub mod videos;

use std::sync::LazyLock;

use axum::{Router, body::Bytes, http::header, response::IntoResponse};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{AppState, Error, openapi};

/// An area's router, documented or not yet: areas move to `utoipa_axum::routes!` one by one, and
/// `tests/api/openapi.rs` lists the ones whose raw `.route(` calls are still allowed.
fn area(router: impl Into<OpenApiRouter<AppState>>) -> OpenApiRouter<AppState> {
    router.into()
}

/// Every route of the API and the site except the hot ones, with their documentation.
fn main_routes() -> OpenApiRouter<AppState> {
    let api = OpenApiRouter::new()
        .merge(area(shell::api_router()))
        .merge(area(news::router()))
        .merge(area(tracking::router()))
        .merge(area(affiliates::router()))
        .merge(area(profile::router()))
        .merge(area(payments::router()))
        .merge(area(pro_page::router()))
        .merge(area(live::router()))
        .merge(area(analytics::router()))
        .merge(area(ads::api_router()))
        .merge(area(stats::router()))
        .merge(area(search::router()))
        .merge(area(catalogue::router()))
        .merge(area(programs::router()))
        .merge(area(replays::api_router()))
        .merge(area(clients::router()))
        .merge(area(pages::router()))
        .merge(area(poll::router()))
        .merge(area(external::router()))
        .merge(area(podcasts::router()))
        .merge(area(videos::router()))
        .merge(area(promotions::router()))
        .merge(area(hunt::router()))
        .merge(area(forms::router()))
        .merge(area(backoffice::router()))
        // An unknown API path is a JSON 404 in the envelope, never the UI's HTML page.
        .fallback(|| async { Error::not_found("route not found") });
    OpenApiRouter::new()
        .nest("/api/v1", api)
        .routes(routes!(openapi_document))
        .merge(area(shell::root_router()))
        .merge(area(svg_images::router()))
        .merge(area(catalogue::media_router()))
        .merge(area(clients::media_router()))
        .merge(area(backoffice::media_router()))
        .merge(area(stream::router()))
        .merge(area(replays::router()))
        .merge(area(source::router()))
        .merge(area(ads::root_router()))
        .merge(area(feeds::router()))
        .merge(area(seo::router()))
}

/// Live-radio paths that every listener hits continuously (now playing, its push channel, the
/// mounts, HLS): merged outside the compression and tracing layers by `web::apply_middleware`.
fn hot_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(area(live::hot_router()))
        .merge(area(hls::router()))
        .merge(area(stream::hot_router()))
        .merge(area(source::hot_router()))
}

pub fn router(state: AppState) -> Router {
    Router::from(main_routes()).with_state(state)
}

pub fn hot_router(state: AppState) -> Router {
    Router::from(hot_routes()).with_state(state)
}

/// The OpenAPI document of every route (`GET /api/openapi.json`).
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut doc = main_routes().into_openapi();
    doc.merge(hot_routes().into_openapi());
    openapi::finish(doc)
}

/// The served document, built once (the routers are built again only to read their paths).
static DOCUMENT: LazyLock<Bytes> =
    LazyLock::new(|| Bytes::from(openapi().to_pretty_json().unwrap_or_default()));

/// `GET /api/openapi.json`.
#[utoipa::path(get, path = "/api/openapi.json", tag = openapi::tags::SHELL,
    responses((status = 200, description = "This document (OpenAPI 3.1)", content_type = "application/json")))]
async fn openapi_document() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        DOCUMENT.clone(),
    )
}
