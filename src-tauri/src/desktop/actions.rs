//! What the UI's commands, the tray and the media controls do alike. They call this module and it calls
//! none of them, so the commands and the tray no longer import each other: commands → actions ← tray,
//! and media → actions.

use chrono::Local;
use tauri::{AppHandle, Manager, Runtime};

use super::{Desktop, announce_alarm, lock};
use crate::{alarm::AlarmEvent, player::PlayerState};

/// Snoozes or stops the ringing alarm (the UI's buttons and the tray's items).
pub fn alarm_action<R: Runtime>(app: &AppHandle<R>, desktop: &Desktop, snooze: bool) {
    let event: Option<AlarmEvent> = {
        let mut guard = lock(&desktop.alarm);
        let runtime = &mut *guard;
        let event = if snooze {
            runtime
                .scheduler
                .snooze(Local::now().naive_local(), &mut runtime.ringer)
        } else {
            runtime.scheduler.stop(&mut runtime.ringer)
        };
        let _ = runtime.store.save(&runtime.scheduler.state);
        event
    };
    if let Some(event) = event {
        announce_alarm(app, desktop, &event);
    }
}

/// Brings the window forward, also from the tray or minimised (a second launch, the tray's item, the
/// media controls' Raise).
pub fn show_window<R: Runtime>(app: &AppHandle<R>) {
    if let Some(window) = app.get_webview_window("main") {
        let _ = window.show();
        let _ = window.unminimize();
        let _ = window.set_focus();
    }
}

/// Stops the radio and quits (the tray's 'Sair', the media controls' Quit).
pub fn quit<R: Runtime>(app: &AppHandle<R>, desktop: &Desktop) {
    desktop.player.stop();
    app.exit(0);
}

/// Whether the player plays or is getting there: what pause (rather than play) acts on.
pub fn is_active(state: &PlayerState) -> bool {
    matches!(
        state,
        PlayerState::Playing | PlayerState::Connecting | PlayerState::Reconnecting { .. }
    )
}
