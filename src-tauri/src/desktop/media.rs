//! The OS media controls (MPRIS on Linux, see `media_controls`) wired to the app: their play, pause
//! and stop go where the tray's go (the UI's player when it drives the native one, else the native
//! player), and every player event republishes the status and the song.

use std::sync::{Arc, atomic::Ordering};

use tauri::{AppHandle, Emitter, Manager, Runtime};

use super::{Desktop, TRAY_EVENT, actions, tray};

/// The media controls, when the session bus took them.
pub struct Media(#[cfg(target_os = "linux")] Option<crate::media_controls::MediaControls>);

/// Registers the controls; the app runs without them when there is no session bus.
pub fn start<R: Runtime>(app: &AppHandle<R>) -> Media {
    #[cfg(target_os = "linux")]
    {
        use crate::media_controls::{MediaAction, MediaControls};
        let handle = app.clone();
        let controls = MediaControls::start(
            "Onda FM",
            Arc::new(move |action: MediaAction| on_action(&handle, action)),
        );
        match controls {
            Ok(controls) => Media(Some(controls)),
            Err(error) => {
                tracing::warn!(%error, "no media controls (MPRIS): media keys will not reach the app");
                Media(None)
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = app;
        Media()
    }
}

#[cfg(target_os = "linux")]
fn on_action<R: Runtime>(app: &AppHandle<R>, action: crate::media_controls::MediaAction) {
    use crate::media_controls::MediaAction;
    let Some(desktop) = app.try_state::<Arc<Desktop>>() else {
        return;
    };
    match action {
        MediaAction::Raise => actions::show_window(app),
        MediaAction::Quit => actions::quit(app, &desktop),
        MediaAction::Seek(offset_us) => {
            if desktop.ui_attached.load(Ordering::Relaxed) {
                let _ = app.emit(TRAY_EVENT, format!("seek:{}", offset_us / 1000));
            }
        }
        MediaAction::Volume(_) => {
            *super::lock(&desktop.muted_from) = None;
            crate::media_controls::drive(&desktop.player, action, || None);
        }
        MediaAction::Play | MediaAction::Pause | MediaAction::PlayPause | MediaAction::Stop
            if desktop.ui_attached.load(Ordering::Relaxed) =>
        {
            // The UI's player state machine carries it out, as for the tray's item.
            let active = actions::is_active(&desktop.player.state());
            let toggle = match action {
                MediaAction::Play => !active,
                MediaAction::Pause | MediaAction::Stop => active,
                _ => true,
            };
            if toggle {
                let _ = app.emit(TRAY_EVENT, "toggle");
            }
        }
        _ => {
            crate::media_controls::drive(&desktop.player, action, || tray::first_stream(app));
        }
    }
    tray::refresh(app);
}

/// Publishes the player's status, song and volume.
pub fn refresh<R: Runtime>(app: &AppHandle<R>) {
    #[cfg(target_os = "linux")]
    {
        let (Some(media), Some(desktop)) = (app.try_state::<Media>(), app.try_state::<Arc<Desktop>>()) else {
            return;
        };
        let Some(controls) = &media.0 else {
            return;
        };
        let stream = desktop
            .player
            .url()
            .and_then(|url| desktop.stream_name_for_url(&url));
        let (status, now) = crate::media_controls::now_playing(
            &desktop.player.state(),
            desktop.player.track().as_ref(),
            stream.as_deref(),
        );
        if let Err(error) = controls.update(status, &now, f64::from(desktop.player.volume())) {
            tracing::debug!(%error, "media controls not updated");
        }
        let seekable = desktop.ui_attached.load(Ordering::Relaxed) && super::lock(&desktop.timeshift).offered;
        if let Err(error) = controls.set_seekable(seekable) {
            tracing::debug!(%error, "media controls not updated");
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = app;
}
