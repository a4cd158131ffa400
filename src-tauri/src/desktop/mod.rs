//! The Tauri side: state, thin commands, events to the UI, the tray and the alarm's tick. The audio
//! and alarm logic lives in `player` and `alarm` (plain Rust); this module only connects them to the
//! window, the tray and the notifications.

pub mod actions;
pub mod commands;
pub mod media;
pub mod programme;
pub mod tray;

use std::{
    collections::HashMap,
    path::PathBuf,
    sync::{Arc, Mutex, MutexGuard, atomic::AtomicBool},
    thread,
};

use serde::{Deserialize, Serialize};
use tauri::{AppHandle, Emitter, Manager, Runtime};
use tauri_plugin_notification::NotificationExt;

use crate::{
    DesktopConfig,
    alarm::{self, AlarmEvent, RingSource, Scheduler, ringer::PlayerRinger, store::AlarmStore},
    player::{AudioQueue, Player, PlayerConfig, PlayerEvent, PlayerState, RodioOutput},
};

/// UI events: the native player's and the alarm's.
pub const PLAYER_EVENT: &str = "onda://player";
pub const ALARM_EVENT: &str = "onda://alarm";
/// UI event for tray (and media control) actions the UI's player state machine should carry out itself.
pub const TRAY_EVENT: &str = "onda://tray";

/// Settings kept beside the alarms.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    /// A notification for each new song (off by default: it gets tiring).
    #[serde(default)]
    pub notify_tracks: bool,
}

pub struct Desktop {
    pub config: DesktopConfig,
    pub player: Player,
    pub alarm: Mutex<AlarmRuntime>,
    pub settings: Mutex<Settings>,
    data_dir: PathBuf,
    /// The volume before mute, when muted.
    pub muted_from: Mutex<Option<f32>>,
    /// The UI's player uses the native engine: tray play/pause and stream choice go through it (so
    /// its state machine, labels and messages stay right) instead of straight to the player.
    pub ui_attached: AtomicBool,
    /// The UI's player offers timeshift on the channel chosen (its HLS source) and is behind live:
    /// the tray's 'Voltar 30 segundos' and 'Ao vivo', and the media controls' seeking, follow them.
    pub timeshift: Mutex<TimeshiftOffer>,
    /// Occurrences missed since the app started (newest last): the first tick after a start reports
    /// them before the UI listens, so the alarm page reads them from `alarm_list` instead.
    pub missed: Mutex<Vec<MissedAlarm>>,
    /// Stream id → name, from the last stream list fetched (the alarm's notification names the
    /// stream that rang).
    stream_names: Mutex<HashMap<String, String>>,
    /// MP3 address → stream name (the media controls name the stream playing).
    stream_names_by_url: Mutex<HashMap<String, String>>,
    /// MP3 address → stream id (the programme grid is asked for the channel playing).
    stream_ids_by_url: Mutex<HashMap<String, String>>,
    /// The first stream of the station's list, its main channel: the tray shows its programme when
    /// no channel is playing.
    main_stream: Mutex<Option<String>>,
    /// What the grid has on air and next on the channel the tray follows (see `programme`).
    pub programme: Mutex<Option<onda_shared::schedule::ScheduleNow>>,
    /// The one song notification.
    #[cfg(target_os = "linux")]
    track_notifier: crate::track_notifier::TrackNotifier,
    /// The one programme notification, apart from the song's so neither replaces the other.
    #[cfg(target_os = "linux")]
    programme_notifier: crate::track_notifier::TrackNotifier,
}

/// How many missed occurrences the app keeps for the UI.
const MISSED_KEPT: usize = 10;

/// An occurrence that passed beyond the grace window and was reported, not rung.
/// What the UI's player offers of timeshift now.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TimeshiftOffer {
    /// The channel chosen has an HLS window: it can be rewound.
    pub offered: bool,
    /// It plays behind live: 'Ao vivo' takes it back.
    pub shifted: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MissedAlarm {
    pub alarm_id: String,
    pub at: chrono::NaiveDateTime,
}

pub struct AlarmRuntime {
    pub scheduler: Scheduler,
    pub ringer: PlayerRinger,
    pub store: AlarmStore,
}

pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Desktop {
    /// Builds the player and the alarm and starts the alarm's tick.
    pub fn start<R: Runtime>(app: &AppHandle<R>, config: DesktopConfig) -> Arc<Self> {
        let data_dir = app
            .path()
            .app_data_dir()
            .unwrap_or_else(|_| std::env::temp_dir().join("onda-desktop"));
        let settings: Settings = std::fs::read(data_dir.join("settings.json"))
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default();

        let handle = app.clone();
        let player = Player::with_device(
            PlayerConfig::default(),
            0.8,
            Arc::new(move |event: PlayerEvent| on_player_event(&handle, &event)),
        );

        let store = AlarmStore::in_dir(&data_dir);
        let state = store.load().unwrap_or_else(|error| {
            tracing::error!(%error, "alarms not readable");
            alarm::AlarmState::default()
        });
        let server = config.server_url.clone();
        let queue = AudioQueue::new(0.0);
        let ringer = PlayerRinger::new(
            queue.clone(),
            Box::new(RodioOutput::start(queue)),
            Box::new(move |stream_id: &str| stream_url(&server, stream_id)),
        );
        let desktop = Arc::new(Self {
            config,
            player,
            alarm: Mutex::new(AlarmRuntime {
                scheduler: Scheduler::new(state),
                ringer,
                store,
            }),
            settings: Mutex::new(settings),
            data_dir,
            muted_from: Mutex::new(None),
            ui_attached: AtomicBool::new(false),
            timeshift: Mutex::new(TimeshiftOffer::default()),
            missed: Mutex::new(Vec::new()),
            stream_names: Mutex::new(HashMap::new()),
            stream_names_by_url: Mutex::new(HashMap::new()),
            stream_ids_by_url: Mutex::new(HashMap::new()),
            main_stream: Mutex::new(None),
            programme: Mutex::new(None),
            #[cfg(target_os = "linux")]
            track_notifier: crate::track_notifier::TrackNotifier::new(),
            #[cfg(target_os = "linux")]
            programme_notifier: crate::track_notifier::TrackNotifier::new(),
        });
        spawn_alarm_tick(app.clone(), Arc::downgrade(&desktop));
        programme::spawn(app.clone(), Arc::downgrade(&desktop));
        desktop
    }

    pub fn save_settings(&self) {
        let settings = lock(&self.settings).clone();
        let _ = std::fs::create_dir_all(&self.data_dir);
        if let Ok(json) = serde_json::to_vec_pretty(&settings)
            && let Err(error) = std::fs::write(self.data_dir.join("settings.json"), json)
        {
            tracing::warn!(%error, "settings not saved");
        }
    }

    /// Keeps the names of a fetched stream list.
    pub fn remember_streams(&self, list: &[StreamChoice]) {
        let mut names = lock(&self.stream_names);
        let mut by_url = lock(&self.stream_names_by_url);
        let mut ids = lock(&self.stream_ids_by_url);
        for stream in list {
            names.insert(stream.id.clone(), stream.name.clone());
            if let Some(url) = &stream.mp3 {
                by_url.insert(url.clone(), stream.name.clone());
                ids.insert(url.clone(), stream.id.clone());
            }
        }
        if let Some(first) = list.first() {
            *lock(&self.main_stream) = Some(first.id.clone());
        }
    }

    /// The id of the channel playing, when the player plays one of the station's streams (not a
    /// file, not another address).
    pub fn playing_stream(&self) -> Option<String> {
        let url = self.player.url()?;
        let id = lock(&self.stream_ids_by_url).get(&url).cloned();
        id.or_else(|| self.hls_stream(&url))
    }

    /// The channel of a timeshift source: the station's `/hls/{streamId}.m3u8`.
    fn hls_stream(&self, url: &str) -> Option<String> {
        let path = url.strip_prefix(&self.config.server_url)?.strip_prefix("/hls/")?;
        let id = path.split(['?', '#']).next()?.strip_suffix(".m3u8")?;
        (!id.is_empty() && !id.contains('/')).then(|| id.to_owned())
    }

    /// The station's main channel, once a stream list was fetched.
    pub fn main_stream(&self) -> Option<String> {
        lock(&self.main_stream).clone()
    }

    /// The name of the stream at `url`, when a list was fetched.
    pub fn stream_name_for_url(&self, url: &str) -> Option<String> {
        let name = lock(&self.stream_names_by_url).get(url).cloned();
        name.or_else(|| {
            let id = self.hls_stream(url)?;
            lock(&self.stream_names).get(&id).cloned()
        })
    }

    /// A stream's name when a list was fetched, else its id.
    pub fn stream_name(&self, stream_id: &str) -> String {
        lock(&self.stream_names)
            .get(stream_id)
            .cloned()
            .unwrap_or_else(|| stream_id.to_owned())
    }

    /// An absolute URL for what the UI gives (same-origin paths are the station server's).
    /// Whether `url` is on the station's own server (same scheme, host and port): only there may
    /// the listener's token go.
    pub fn is_station_url(&self, url: &str) -> bool {
        url.strip_prefix(&self.config.server_url)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/') || rest.starts_with('?'))
    }

    pub fn absolute(&self, url: &str) -> String {
        if url.starts_with("http://") || url.starts_with("https://") {
            url.to_owned()
        } else {
            format!("{}/{}", self.config.server_url, url.trim_start_matches('/'))
        }
    }
}

/// The MP3 source of a stream from the server's list (symphonia decodes MP3, not HE-AAC). Blocking:
/// called from the alarm's own thread.
pub fn stream_url(server: &str, stream_id: &str) -> Option<String> {
    let list = fetch_streams(server)?;
    list.into_iter()
        .find(|stream| stream.id == stream_id)
        .and_then(|stream| stream.mp3)
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StreamChoice {
    pub id: String,
    pub name: String,
    pub mp3: Option<String>,
}

/// The public streams with an MP3 source, absolute URLs.
pub fn fetch_streams(server: &str) -> Option<Vec<StreamChoice>> {
    let url = format!("{server}/api/v1/aovivo/getAvailableStreams");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .ok()?;
    let body: serde_json::Value = runtime.block_on(async {
        crate::player::stream::client()
            .get(&url)
            .send()
            .await
            .ok()?
            .json()
            .await
            .ok()
    })?;
    let streams = body.get("data")?.as_array()?;
    Some(
        streams
            .iter()
            .filter_map(|stream| {
                let id = stream.get("streamId")?.as_str()?.to_owned();
                let name = stream.get("streamName")?.as_str()?.to_owned();
                let mp3 = stream
                    .get("sources")
                    .and_then(|s| s.as_array())
                    .into_iter()
                    .flatten()
                    .find(|source| source.get("codec").and_then(|c| c.as_str()) == Some("MP3"))
                    .and_then(|source| source.get("src")?.as_str())
                    .map(|src| {
                        if src.starts_with("http") {
                            src.to_owned()
                        } else {
                            format!("{server}/{}", src.trim_start_matches('/'))
                        }
                    });
                Some(StreamChoice { id, name, mp3 })
            })
            .collect(),
    )
}

fn on_player_event<R: Runtime>(app: &AppHandle<R>, event: &PlayerEvent) {
    let _ = app.emit(PLAYER_EVENT, event);
    // A file's position changes a few times a second and shows nowhere but in the UI.
    if matches!(event, PlayerEvent::Progress { .. }) {
        return;
    }
    tray::refresh(app);
    media::refresh(app);
    if let PlayerEvent::Track { track } = event
        && let Some(desktop) = app.try_state::<Arc<Desktop>>()
        && lock(&desktop.settings).notify_tracks
    {
        notify_track(app, &desktop, track);
    }
}

/// The new song, in the one song notification (replaced in place on Linux).
#[cfg(target_os = "linux")]
fn notify_track<R: Runtime>(_app: &AppHandle<R>, desktop: &Desktop, track: &crate::player::TrackInfo) {
    let (summary, body) = crate::track_notifier::track_text(track);
    if let Err(error) = desktop.track_notifier.show(&summary, &body) {
        tracing::debug!(%error, "song notification not shown");
    }
}

#[cfg(not(target_os = "linux"))]
fn notify_track<R: Runtime>(app: &AppHandle<R>, _desktop: &Desktop, track: &crate::player::TrackInfo) {
    let _ = app
        .notification()
        .builder()
        .title(track.artist.clone().unwrap_or_else(|| "Onda FM".into()))
        .body(&track.title)
        .show();
}

fn spawn_alarm_tick<R: Runtime>(app: AppHandle<R>, desktop: std::sync::Weak<Desktop>) {
    let _ = thread::Builder::new().name("onda-alarm".into()).spawn(move || {
        let mut ticks: u64 = 0;
        while let Some(desktop) = desktop.upgrade() {
            let now = chrono::Local::now().naive_local();
            let events = {
                let mut guard = lock(&desktop.alarm);
                let runtime = &mut *guard;
                let events = runtime.scheduler.tick(now, &mut runtime.ringer);
                // The last tick is what tells a restart what it missed: saved each minute.
                if !events.is_empty() || ticks.is_multiple_of(60) {
                    let _ = runtime.store.save(&runtime.scheduler.state);
                }
                events
            };
            ticks += 1;
            for event in events {
                announce_alarm(&app, &desktop, &event);
            }
            drop(desktop);
            thread::sleep(alarm::TICK);
        }
    });
}

/// Tells the UI, the tray and the user (a notification: the sound itself never depends on it).
pub fn announce_alarm<R: Runtime>(app: &AppHandle<R>, desktop: &Desktop, event: &AlarmEvent) {
    let _ = app.emit(ALARM_EVENT, event);
    tray::refresh(app);
    let label = |id: &str| {
        lock(&desktop.alarm)
            .scheduler
            .alarm(id)
            .map(|a| a.label.clone())
            .filter(|l| !l.is_empty())
            .unwrap_or_else(|| "Despertador".into())
    };
    let body = match event {
        AlarmEvent::Ringing { alarm_id, source, .. } => {
            // The listening player makes way for the alarm.
            if desktop.player.state() == PlayerState::Playing {
                desktop.player.pause();
            }
            let what = match source {
                RingSource::Stream { stream_id } => format!("tocando {}", desktop.stream_name(stream_id)),
                RingSource::Fallback { stream_id } => {
                    format!(
                        "o stream escolhido falhou; tocando {}",
                        desktop.stream_name(stream_id)
                    )
                }
                RingSource::Bundled => "sem conexão com a rádio; tocando o som do despertador".into(),
            };
            Some((label(alarm_id), what))
        }
        AlarmEvent::Missed { alarm_id, at } => {
            let mut missed = lock(&desktop.missed);
            missed.push(MissedAlarm {
                alarm_id: alarm_id.clone(),
                at: *at,
            });
            let excess = missed.len().saturating_sub(MISSED_KEPT);
            missed.drain(..excess);
            drop(missed);
            Some((
                label(alarm_id),
                format!(
                    "não tocou às {} (computador desligado ou em repouso)",
                    at.format("%H:%M")
                ),
            ))
        }
        _ => None,
    };
    if let Some((title, body)) = body {
        let _ = app.notification().builder().title(title).body(body).show();
    }
}
