//! The HTTP API: one file per feature area, each with its `router()`, handlers, request/response types
//! and SQL side by side. Paths are exactly the spec's (endpoints.json), under `/api/v1/` except
//! `/getUserInfos` and the health check.

pub mod ads;
pub mod affiliates;
pub mod analytics;
pub mod catalogue;
pub mod clients;
pub mod feeds;
pub mod live;
pub mod news;
pub mod pages;
pub mod payments;
pub mod podcasts;
pub mod pro_page;
pub mod profile;
pub mod programs;
pub mod search;
pub mod seo;
pub mod shell;
pub mod stats;
pub mod stream;
pub mod svg_images;
pub mod tracking;
pub mod videos;

use axum::Router;

use crate::{AppState, Error};

pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .merge(shell::api_router())
        .merge(news::router())
        .merge(tracking::router())
        .merge(affiliates::router())
        .merge(profile::router())
        .merge(payments::router())
        .merge(pro_page::router())
        .merge(live::router())
        .merge(analytics::router())
        .merge(ads::api_router())
        .merge(stats::router())
        .merge(search::router())
        .merge(catalogue::router())
        .merge(programs::router())
        .merge(clients::router())
        .merge(pages::router())
        .merge(podcasts::router())
        .merge(videos::router())
        // An unknown API path is a JSON 404 in the envelope, never the UI's HTML page.
        .fallback(|| async { Error::not_found("route not found") });
    Router::new()
        .nest("/api/v1", api)
        .merge(shell::root_router())
        .merge(svg_images::router())
        .merge(catalogue::media_router())
        .merge(clients::media_router())
        .merge(stream::router())
        .merge(ads::root_router())
        .merge(feeds::router())
        .merge(seo::router())
        .with_state(state)
}

/// Live-radio paths that every listener hits continuously (now playing, its push channel, the
/// mounts): merged outside the compression and tracing layers by `web::apply_middleware`.
pub fn hot_router(state: AppState) -> Router {
    Router::new()
        .merge(live::hot_router())
        .merge(stream::hot_router())
        .with_state(state)
}
