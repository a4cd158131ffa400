//! Onda desktop: the Tauri v2 shell that opens the built UI (`ui/dist`, embedded at compile time) in a
//! native window. The station server the UI talks to comes from `ONDA_SERVER_URL` and is kept as managed
//! state ([`DesktopConfig`]).
//!
//! Native playback ([`player`]), the radio alarm ([`alarm`]) and the programme grid's lines
//! ([`programme`]) are plain Rust modules that do not import `tauri::`, so they are tested without a
//! window; [`desktop`] wires them to the window, the tray, the notifications and the UI's commands.

pub mod alarm;
mod config;
pub mod desktop;
pub mod error;
#[cfg(target_os = "linux")]
pub mod media_controls;
pub mod player;
pub mod programme;
pub mod session_token;
#[cfg(target_os = "linux")]
pub mod track_notifier;

use std::{io::IsTerminal, sync::Arc};

use tauri::{Manager, WindowEvent};
use tracing_subscriber::EnvFilter;

pub use config::{ConfigError, DEFAULT_SERVER_URL, DesktopConfig, SERVER_URL_ENV};
use desktop::{Desktop, commands, tray};
pub use error::{Error, Result};

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
        // First, so a second launch only brings the running app's window forward.
        .plugin(tauri_plugin_single_instance::init(|app, _args, _cwd| {
            desktop::actions::show_window(app);
        }))
        .plugin(tauri_plugin_window_state::Builder::default().build())
        .plugin(tauri_plugin_notification::init())
        .manage(config)
        .invoke_handler(tauri::generate_handler![
            commands::player_attach,
            commands::player_play,
            commands::player_play_at,
            commands::player_seek_to,
            commands::player_pause,
            commands::player_seek,
            commands::player_stop,
            commands::player_set_volume,
            commands::player_status,
            commands::alarm_list,
            commands::alarm_save,
            commands::alarm_delete,
            commands::alarm_set_fallback,
            commands::alarm_snooze,
            commands::alarm_stop,
            commands::settings_get,
            commands::settings_set,
            commands::desktop_streams,
            tray::tray_set_staff,
            tray::tray_set_timeshift,
            commands::desktop_info,
            commands::session_token_load,
            commands::session_token_save,
            commands::session_token_clear,
        ])
        .setup(|app| {
            let config = app.state::<DesktopConfig>().inner().clone();
            tracing::info!(
                server_url = %config.server_url,
                version = %app.package_info().version,
                "Onda desktop starting"
            );
            app.manage(Arc::new(session_token::TokenStore::new(&config.server_url)));
            let desktop = Desktop::start(app.handle(), config);
            app.manage(desktop);
            let has_tray = tray::create(app.handle());
            app.manage(tray::HasTray(has_tray));
            let media = desktop::media::start(app.handle());
            app.manage(media);
            desktop::media::refresh(app.handle());
            Ok(())
        })
        .on_window_event(|window, event| {
            // With a tray, closing the window keeps the radio (and the alarm) going; the tray's
            // 'Sair' quits. Without one, closing quits as usual.
            if let WindowEvent::CloseRequested { api, .. } = event
                && window
                    .app_handle()
                    .try_state::<tray::HasTray>()
                    .is_some_and(|tray| tray.0)
            {
                api.prevent_close();
                let _ = window.hide();
            }
        })
        .build(tauri::generate_context!());

    let app = match result {
        Ok(app) => app,
        Err(err) => {
            tracing::error!("the desktop app could not run: {err}");
            std::process::exit(1);
        }
    };
    app.run(|handle, event| {
        if let tauri::RunEvent::Exit = event
            && let Some(desktop) = handle.try_state::<Arc<Desktop>>()
        {
            desktop.player.stop();
        }
    });
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
