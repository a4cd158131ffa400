//! The commands the UI calls (`window.__TAURI_INTERNALS__.invoke`). Each is a thin call into the
//! player or the alarm; a failure rejects with [`Error`]'s `{ kind, message }`: the UI picks its own
//! (the spec's) texts by kind and only logs the English message. Commands that cannot fail today
//! return [`Result`] too: the UI handles every command as one that may reject, and one that learns to
//! fail keeps its signature. The tray's own command, `tray_set_staff`, is in `tray` (which owns the
//! item it shows), so neither module imports the other; what both do is in `actions`.

use std::sync::Arc;

use chrono::Local;
use serde::Serialize;
use tauri::{AppHandle, Manager, Runtime, State};

use super::{Desktop, MissedAlarm, Settings, StreamChoice, actions, lock};
use crate::{
    alarm::{Alarm, Ringing},
    error::{Error, Result},
    player::{PlayerState, SourceKind, TrackInfo},
    session_token::TokenStore,
};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerStatus {
    state: PlayerState,
    track: Option<TrackInfo>,
    volume: f32,
    url: Option<String>,
    /// Whether `url` is a live stream or a file.
    kind: Option<SourceKind>,
    /// A file's position and duration in seconds, as last reported.
    position_s: Option<f64>,
    duration_s: Option<f64>,
    /// A timeshift source's instant heard and window (Unix ms), as last reported.
    timeshift: Option<TimeshiftStatus>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeshiftStatus {
    at_ms: i64,
    start_ms: i64,
    end_ms: i64,
}

/// The UI's desktop engine is up: from now on the tray's play/pause and stream choice go to the UI.
#[tauri::command]
pub fn player_attach(desktop: State<'_, Arc<Desktop>>) -> Result<PlayerStatus> {
    desktop
        .ui_attached
        .store(true, std::sync::atomic::Ordering::Relaxed);
    Ok(status(&desktop))
}

/// Plays `url` (or the last source when absent). `kind` says what it holds: `live` (the default, a
/// stream reconnected when lost) or `file` (an ad, a preview, a track: played once to its end).
#[tauri::command]
pub fn player_play(
    desktop: State<'_, Arc<Desktop>>,
    url: Option<String>,
    kind: Option<SourceKind>,
) -> Result<()> {
    let url = url.map(|url| desktop.absolute(&url));
    desktop.player.play_source(url, kind.unwrap_or(SourceKind::Live));
    Ok(())
}

/// Plays the channel whose HLS playlist is at `url` from the wall-clock instant `atMs` (Unix ms on
/// the station's air clock): pause, 'Voltar 30 segundos', a song's or a programme's start. A PRO
/// channel's master playlist is opened with the signed-in listener's token, sent only to the
/// station's own server.
#[tauri::command]
pub async fn player_play_at(
    desktop: State<'_, Arc<Desktop>>,
    tokens: State<'_, Arc<TokenStore>>,
    url: String,
    at_ms: i64,
) -> Result<()> {
    let url = desktop.absolute(&url);
    if !url.starts_with("http://") && !url.starts_with("https://") {
        return Err(Error::InvalidInput("url must be an http(s) address".into()));
    }
    let bearer = if desktop.is_station_url(&url) {
        let tokens = tokens.inner().clone();
        tauri::async_runtime::spawn_blocking(move || tokens.load()).await?
    } else {
        None
    };
    desktop.player.play_at(url, at_ms, bearer);
    Ok(())
}

/// Moves the timeshift source playing to the instant `atMs` (other sources ignore it).
#[tauri::command]
pub fn player_seek_to(desktop: State<'_, Arc<Desktop>>, at_ms: i64) -> Result<()> {
    desktop.player.seek_to(at_ms);
    Ok(())
}

/// Moves the file playing to `seconds` from its start (a live stream ignores it).
#[tauri::command]
pub fn player_seek(desktop: State<'_, Arc<Desktop>>, seconds: f64) -> Result<()> {
    if !seconds.is_finite() || seconds < 0.0 {
        return Err(Error::InvalidInput(
            "seconds must be a position in the file".into(),
        ));
    }
    desktop.player.seek(seconds);
    Ok(())
}

#[tauri::command]
pub fn player_pause(desktop: State<'_, Arc<Desktop>>) -> Result<()> {
    desktop.player.pause();
    Ok(())
}

#[tauri::command]
pub fn player_stop(desktop: State<'_, Arc<Desktop>>) -> Result<()> {
    desktop.player.stop();
    Ok(())
}

#[tauri::command]
pub fn player_set_volume(desktop: State<'_, Arc<Desktop>>, level: f32) -> Result<()> {
    *lock(&desktop.muted_from) = None;
    desktop.player.set_volume(level);
    Ok(())
}

#[tauri::command]
pub fn player_status(desktop: State<'_, Arc<Desktop>>) -> Result<PlayerStatus> {
    Ok(status(&desktop))
}

fn status(desktop: &Desktop) -> PlayerStatus {
    let progress = desktop.player.progress();
    PlayerStatus {
        state: desktop.player.state(),
        track: desktop.player.track(),
        volume: desktop.player.volume(),
        url: desktop.player.url(),
        kind: desktop.player.kind(),
        position_s: progress.map(|(position, _)| position),
        duration_s: progress.and_then(|(_, duration)| duration),
        timeshift: desktop.player.timeshift().map(|place| TimeshiftStatus {
            at_ms: place.at_ms,
            start_ms: place.start_ms,
            end_ms: place.end_ms,
        }),
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

fn save(desktop: &Desktop) -> Result<()> {
    let runtime = lock(&desktop.alarm);
    runtime
        .store
        .save(&runtime.scheduler.state)
        .map_err(Error::AlarmStore)
}

#[tauri::command]
pub fn alarm_list(desktop: State<'_, Arc<Desktop>>) -> Result<AlarmOverview> {
    Ok(overview(&desktop))
}

/// `alarm` is read by [`read_alarm`] rather than by Tauri, so an alarm the app cannot read (a bad time)
/// rejects as invalid input like a missing field, not as Tauri's untyped argument error.
#[tauri::command]
pub fn alarm_save(desktop: State<'_, Arc<Desktop>>, alarm: serde_json::Value) -> Result<AlarmOverview> {
    let alarm = read_alarm(alarm)?;
    lock(&desktop.alarm)
        .scheduler
        .upsert(alarm, Local::now().naive_local());
    save(&desktop)?;
    Ok(overview(&desktop))
}

/// The alarm the UI sent, when the app can keep it.
fn read_alarm(value: serde_json::Value) -> Result<Alarm> {
    let alarm: Alarm = serde_json::from_value(value).map_err(|error| {
        // Tauri's own wording for a bad argument, as this command answered before.
        Error::InvalidInput(format!("invalid args `alarm` for command `alarm_save`: {error}"))
    })?;
    if alarm.id.trim().is_empty() || alarm.stream_id.trim().is_empty() {
        return Err(Error::InvalidInput("alarm id and stream are required".into()));
    }
    Ok(alarm)
}

#[tauri::command]
pub fn alarm_delete(desktop: State<'_, Arc<Desktop>>, id: String) -> Result<AlarmOverview> {
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
) -> Result<AlarmOverview> {
    lock(&desktop.alarm).scheduler.state.fallback_stream_id = stream_id.filter(|id| !id.trim().is_empty());
    save(&desktop)?;
    Ok(overview(&desktop))
}

#[tauri::command]
pub fn alarm_snooze<R: Runtime>(
    app: AppHandle<R>,
    desktop: State<'_, Arc<Desktop>>,
) -> Result<AlarmOverview> {
    actions::alarm_action(&app, &desktop, true);
    Ok(overview(&desktop))
}

#[tauri::command]
pub fn alarm_stop<R: Runtime>(app: AppHandle<R>, desktop: State<'_, Arc<Desktop>>) -> Result<AlarmOverview> {
    actions::alarm_action(&app, &desktop, false);
    Ok(overview(&desktop))
}

#[tauri::command]
pub fn settings_get(desktop: State<'_, Arc<Desktop>>) -> Result<Settings> {
    Ok(lock(&desktop.settings).clone())
}

#[tauri::command]
pub fn settings_set(desktop: State<'_, Arc<Desktop>>, settings: Settings) -> Result<Settings> {
    *lock(&desktop.settings) = settings.clone();
    desktop.save_settings();
    Ok(settings)
}

/// The streams the desktop player can play (those with an MP3 source).
#[tauri::command]
pub async fn desktop_streams(desktop: State<'_, Arc<Desktop>>) -> Result<Vec<StreamChoice>> {
    let server = desktop.config.server_url.clone();
    let list = tauri::async_runtime::spawn_blocking(move || super::fetch_streams(&server))
        .await?
        .ok_or(Error::StreamsUnavailable)?;
    desktop.remember_streams(&list);
    Ok(list)
}

/// Whether this is the desktop app's bridge (the UI checks before using the native engine).
#[tauri::command]
pub fn desktop_info<R: Runtime>(app: AppHandle<R>) -> Result<serde_json::Value> {
    Ok(serde_json::json!({
        "version": app.package_info().version.to_string(),
        "serverUrl": app.state::<Arc<Desktop>>().config.server_url,
    }))
}

/// The station's stored session token (the OS keyring, else this run's memory), before the UI's first
/// authenticated call. Off the main thread: the keyring answers over D-Bus.
#[tauri::command]
pub async fn session_token_load(tokens: State<'_, Arc<TokenStore>>) -> Result<Option<String>> {
    let tokens = tokens.inner().clone();
    Ok(tauri::async_runtime::spawn_blocking(move || tokens.load()).await?)
}

/// A login took effect: keep its token. Answers whether the keyring holds it (else memory only).
#[tauri::command]
pub async fn session_token_save(tokens: State<'_, Arc<TokenStore>>, token: String) -> Result<bool> {
    let tokens = tokens.inner().clone();
    Ok(tauri::async_runtime::spawn_blocking(move || tokens.save(&token)).await?)
}

/// Logout, or a 401 that ended the session: forget the token.
#[tauri::command]
pub async fn session_token_clear(tokens: State<'_, Arc<TokenStore>>) -> Result<()> {
    let tokens = tokens.inner().clone();
    Ok(tauri::async_runtime::spawn_blocking(move || tokens.clear()).await?)
}

#[cfg(test)]
mod tests {
    use onda_shared::desktop::CommandErrorKind;
    use serde_json::json;

    use super::*;

    fn alarm(time: &str, id: &str, stream_id: &str) -> serde_json::Value {
        json!({
            "id": id,
            "label": "",
            "enabled": true,
            "time": time,
            "days": [1, 2, 3, 4, 5],
            "streamId": stream_id,
            "volume": 0.7,
            "fadeInSeconds": 30,
            "snoozeMinutes": 9,
            "armedAt": null,
        })
    }

    #[test]
    fn an_alarm_the_ui_sends_is_read() {
        let read = read_alarm(alarm("07:30:00", "a1", "main")).unwrap();
        assert_eq!(read.id, "a1");
        assert_eq!(read.time, chrono::NaiveTime::from_hms_opt(7, 30, 0).unwrap());
    }

    #[test]
    fn a_bad_time_is_invalid_input_in_tauri_s_words() {
        let error = read_alarm(alarm("25:99", "a1", "main")).unwrap_err();
        assert_eq!(error.kind(), CommandErrorKind::InvalidInput);
        let message = error.to_string();
        assert!(
            message.starts_with("invalid args `alarm` for command `alarm_save`: "),
            "{message}"
        );
    }

    #[test]
    fn an_alarm_without_id_or_stream_is_invalid_input() {
        for (id, stream_id) in [("", "main"), ("a1", " ")] {
            let error = read_alarm(alarm("07:30:00", id, stream_id)).unwrap_err();
            assert_eq!(
                serde_json::to_value(&error).unwrap(),
                json!({ "kind": "invalidInput", "message": "alarm id and stream are required" })
            );
        }
    }
}
