//! Onda desktop: the Tauri v2 shell that opens the built UI (`ui/dist`, embedded at compile time) in a
//! native window. The station server the UI talks to comes from `ONDA_SERVER_URL` and is kept as managed
//! state ([`DesktopConfig`]).
//!
//! Native playback, the tray and the alarm are plain Rust modules still to come; they must not import
//! `tauri::` so they can be tested without a window. This file only wires them into the app.

mod config;

use std::io::IsTerminal;

use tauri::Manager;
use tracing_subscriber::EnvFilter;

pub use config::{ConfigError, DEFAULT_SERVER_URL, DesktopConfig, SERVER_URL_ENV};

/// Starts the desktop app and returns when it quits. Exits the process with status 2 on a bad
/// configuration and 1 when Tauri cannot start (no display, webview failure).
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    init_logging();

    let config = match DesktopConfig::from_env() {
        Ok(config) => config,
        Err(err) => {
            tracing::error!("{err}");
            std::process::exit(2);
        }
    };

    let result = tauri::Builder::default()
        .manage(config)
        .setup(|app| {
            let config = app.state::<DesktopConfig>();
            tracing::info!(
                server_url = %config.server_url,
                version = %app.package_info().version,
                "Onda desktop starting"
            );
            Ok(())
        })
        .run(tauri::generate_context!());

    if let Err(err) = result {
        tracing::error!("the desktop app could not run: {err}");
        std::process::exit(1);
    }
}

/// Logs to stderr (coloured only on a terminal); `RUST_LOG` overrides the default (`info` for us, `warn`
/// for everything else).
fn init_logging() {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("warn,onda_desktop=info"));
    // A second initialisation (tests, embedding) keeps the first subscriber.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
}
