//! onda-server: the station's HTTP API, the built-in UI and the station engine.
//!
//! `router(state)` builds the whole application; `serve(listener, state, shutdown)` runs it. The binary in
//! `main.rs` only parses the command line and calls these, so tests drive exactly what production runs.

// On top, the routers and the binary's commands: `routes` (the API, one area per file or folder),
// `web` (the built UI's pages), `admin` (operator commands) and `seed` (the demo content). Nothing
// below them names them (tests/api/layers.rs checks it); what two of them share lives in a module of
// its own below, a table's SQL in `data` (docs/architecture.md, "Where things go").
pub mod admin;
pub mod routes;
pub mod seed;
pub mod web;

pub mod accounts;
pub mod audio_files;
pub mod auth;
pub mod backup;
pub mod cache;
pub mod clock;
pub mod config;
pub mod connections;
pub mod data;
pub mod db;
pub mod download;
pub mod draw;
pub mod error;
pub mod external;
pub mod extract;
pub mod html;
pub mod listen;
pub mod mail;
pub mod metrics;
pub mod observe;
pub mod openapi;
pub mod prerendered_shell;
pub mod radio;
pub mod reply_headers;
pub mod schedule;
pub mod search;
pub mod site;
pub mod staff;
pub mod state;
pub mod text;
pub mod widget_cache;

use std::{future::Future, time::Duration};

use axum::Router;
use tokio::net::TcpListener;

pub use config::Config;
pub use error::{Error, Result};
pub use state::AppState;

/// The complete application: API routes, feeds, the built UI, and the middleware stack.
pub fn router(state: AppState) -> Router {
    web::apply_middleware(
        routes::router(state.clone()).merge(web::router(state.clone())),
        routes::hot_router(state.clone()),
        &state,
    )
}

/// Serves `router(state)` on `listener` until `shutdown` resolves, then drains open connections.
/// Every connection is bounded as `listen` says: timeouts for a request's head and body, an idle
/// kept-alive connection, a stalled reader; a cap on what one address holds open.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let radio = state.radio.clone();
    let settings = listen::Settings {
        header_timeout: Duration::from_secs(state.config.header_timeout_seconds),
        body_timeout: Duration::from_secs(state.config.body_timeout_seconds),
        trusted_proxies: state.config.trusted_proxies.clone().into(),
        book: state.connections.clone(),
        shortcut: Some(routes::hls::shortcut(state.clone())),
    };
    let app = router(state);
    // Live streams and push channels never end on their own: end them so the drain can finish.
    let shutdown = {
        let radio = radio.clone();
        async move {
            shutdown.await;
            radio.stop();
        }
    };
    listen::serve(listener, app, settings, radio.shutdown.clone(), shutdown).await
}
