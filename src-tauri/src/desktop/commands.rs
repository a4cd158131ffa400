//! The commands the UI calls (`window.__TAURI_INTERNALS__.invoke`). Each is a thin call into the
//! player or the alarm; errors come back as Portuguese-free strings the UI logs, since the UI shows
//! its own (the spec's) messages.

use std::sync::Arc;

use chrono::Local;
use serde::Serialize;
use tauri::{AppHandle, Manager, Runtime, State};

use super::{Desktop, MissedAlarm, Settings, StreamChoice, announce_alarm, lock, tray};
use crate::{
    alarm::{Alarm, AlarmEvent, Ringing},
    player::{PlayerState, TrackInfo},
    session_token::TokenStore,
};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerStatus {
    state: PlayerState,
    track: Option<TrackInfo>,
    volume: f32,
    url: Option<String>,
}

/// The UI's desktop engine is up: from now on the tray's play/pause and stream choice go to the UI.
#[tauri::command]
pub fn player_attach(desktop: State<'_, Arc<Desktop>>) -> PlayerStatus {
    desktop
        .ui_attached
        .store(true, std::sync::atomic::Ordering::Relaxed);
    player_status(desktop)
}

#[tauri::command]
pub fn player_play(desktop: State<'_, Arc<Desktop>>, url: Option<String>) {
    let url = url.map(|url| desktop.absolute(&url));
    desktop.player.play(url);
}

#[tauri::command]
pub fn player_pause(desktop: State<'_, Arc<Desktop>>) {
    desktop.player.pause();
}

#[tauri::command]
pub fn player_stop(desktop: State<'_, Arc<Desktop>>) {
    desktop.player.stop();
}

#[tauri::command]
pub fn player_set_volume(desktop: State<'_, Arc<Desktop>>, level: f32) {
    *lock(&desktop.muted_from) = None;
    desktop.player.set_volume(level);
}

#[tauri::command]
pub fn player_status(desktop: State<'_, Arc<Desktop>>) -> PlayerStatus {
    PlayerStatus {
        state: desktop.player.state(),
        track: desktop.player.track(),
        volume: desktop.player.volume(),
        url: desktop.player.url(),
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AlarmOverview {
    alarms: Vec<Alarm>,
    fallback_stream_id: Option<String>,
    /// The next alarm to ring: its id and local time ("YYYY-MM-DDTHH:MM:SS").
    next: Option<(String, chrono::NaiveDateTime)>,
    ringing: Option<Ringing>,
    snoozed_until: Option<chrono::NaiveDateTime>,
    /// Occurrences missed since the app started (beyond the grace window: reported, not rung).
    missed: Vec<MissedAlarm>,
}

fn overview(desktop: &Desktop) -> AlarmOverview {
    let runtime = lock(&desktop.alarm);
    let scheduler = &runtime.scheduler;
    AlarmOverview {
        alarms: scheduler.state.alarms.clone(),
        fallback_stream_id: scheduler.state.fallback_stream_id.clone(),
        next: scheduler.next(Local::now().naive_local()),
        ringing: scheduler.ringing.clone(),
        snoozed_until: scheduler.state.snooze.as_ref().map(|s| s.until),
        missed: lock(&desktop.missed).clone(),
    }
}

fn save(desktop: &Desktop) -> Result<(), String> {
    let runtime = lock(&desktop.alarm);
    runtime
        .store
        .save(&runtime.scheduler.state)
        .map_err(|error| error.to_string())
}

#[tauri::command]
pub fn alarm_list(desktop: State<'_, Arc<Desktop>>) -> AlarmOverview {
    overview(&desktop)
}

#[tauri::command]
pub fn alarm_save(desktop: State<'_, Arc<Desktop>>, alarm: Alarm) -> Result<AlarmOverview, String> {
    if alarm.id.trim().is_empty() || alarm.stream_id.trim().is_empty() {
        return Err("alarm id and stream are required".into());
    }
    lock(&desktop.alarm)
        .scheduler
        .upsert(alarm, Local::now().naive_local());
    save(&desktop)?;
    Ok(overview(&desktop))
}

#[tauri::command]
pub fn alarm_delete(desktop: State<'_, Arc<Desktop>>, id: String) -> Result<AlarmOverview, String> {
    {
        let mut guard = lock(&desktop.alarm);
        let runtime = &mut *guard;
        runtime.scheduler.remove(&id, &mut runtime.ringer);
    }
    save(&desktop)?;
    Ok(overview(&desktop))
}

#[tauri::command]
pub fn alarm_set_fallback(
    desktop: State<'_, Arc<Desktop>>,
    stream_id: Option<String>,
) -> Result<AlarmOverview, String> {
    lock(&desktop.alarm).scheduler.state.fallback_stream_id = stream_id.filter(|id| !id.trim().is_empty());
    save(&desktop)?;
    Ok(overview(&desktop))
}

/// Snooze or stop the ringing alarm (also from the tray).
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

#[tauri::command]
pub fn alarm_snooze<R: Runtime>(app: AppHandle<R>, desktop: State<'_, Arc<Desktop>>) -> AlarmOverview {
    alarm_action(&app, &desktop, true);
    overview(&desktop)
}

#[tauri::command]
pub fn alarm_stop<R: Runtime>(app: AppHandle<R>, desktop: State<'_, Arc<Desktop>>) -> AlarmOverview {
    alarm_action(&app, &desktop, false);
    overview(&desktop)
}

#[tauri::command]
pub fn settings_get(desktop: State<'_, Arc<Desktop>>) -> Settings {
    lock(&desktop.settings).clone()
}

#[tauri::command]
pub fn settings_set(desktop: State<'_, Arc<Desktop>>, settings: Settings) -> Settings {
    *lock(&desktop.settings) = settings.clone();
    desktop.save_settings();
    settings
}

/// The streams the desktop player can play (those with an MP3 source).
#[tauri::command]
pub async fn desktop_streams(desktop: State<'_, Arc<Desktop>>) -> Result<Vec<StreamChoice>, String> {
    let server = desktop.config.server_url.clone();
    let list = tauri::async_runtime::spawn_blocking(move || super::fetch_streams(&server))
        .await
        .map_err(|error| error.to_string())?
        .ok_or_else(|| "stream list unavailable".to_owned())?;
    desktop.remember_streams(&list);
    Ok(list)
}

/// The UI says whether the signed-in user is staff; the tray shows the statistics item then.
#[tauri::command]
pub fn tray_set_staff<R: Runtime>(app: AppHandle<R>, staff: bool) {
    tray::set_staff(&app, staff);
}

/// Whether this is the desktop app's bridge (the UI checks before using the native engine).
#[tauri::command]
pub fn desktop_info<R: Runtime>(app: AppHandle<R>) -> serde_json::Value {
    serde_json::json!({
        "version": app.package_info().version.to_string(),
        "serverUrl": app.state::<Arc<Desktop>>().config.server_url,
    })
}

/// The station's stored session token (the OS keyring, else this run's memory), before the UI's first
/// authenticated call. Off the main thread: the keyring answers over D-Bus.
#[tauri::command]
pub async fn session_token_load(tokens: State<'_, Arc<TokenStore>>) -> Result<Option<String>, String> {
    let tokens = tokens.inner().clone();
    tauri::async_runtime::spawn_blocking(move || tokens.load())
        .await
        .map_err(|error| error.to_string())
}

/// A login took effect: keep its token. Answers whether the keyring holds it (else memory only).
#[tauri::command]
pub async fn session_token_save(tokens: State<'_, Arc<TokenStore>>, token: String) -> Result<bool, String> {
    let tokens = tokens.inner().clone();
    tauri::async_runtime::spawn_blocking(move || tokens.save(&token))
        .await
        .map_err(|error| error.to_string())
}

/// Logout, or a 401 that ended the session: forget the token.
#[tauri::command]
pub async fn session_token_clear(tokens: State<'_, Arc<TokenStore>>) -> Result<(), String> {
    let tokens = tokens.inner().clone();
    tauri::async_runtime::spawn_blocking(move || tokens.clear())
        .await
        .map_err(|error| error.to_string())
}
