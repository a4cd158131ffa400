//! OS media controls on Linux: an MPRIS player (`org.mpris.MediaPlayer2.onda_fm`) on the session bus.
//! Desktops route the keyboard's media keys, the panel's player widget, headset buttons and KDE
//! Connect to it; `playerctl -p onda_fm play-pause` does the same from a terminal.
//!
//! Written on zbus (already linked by Tauri's plugins) rather than souvlaki: souvlaki 0.9 polls its
//! channel every 10 ms (100 wake-ups a second for as long as the app runs), unwraps D-Bus errors in
//! its thread and announces seeking and next/previous, which a live stream cannot do. Here nothing
//! runs between calls, and a live radio says what it can: play, pause, stop, and seeking while the
//! channel has a timeshift window (`Seek` moves back or forward in it; `playerctl position 30-`).
//!
//! Plain Rust (no `tauri::`): [`MediaControls::start`] takes what to do with an action, and
//! [`now_playing`] turns the player's state into what is published; `desktop::media` wires both.

use std::{collections::HashMap, sync::Arc};

use zbus::{
    blocking::{Connection, connection},
    interface,
    zvariant::{ObjectPath, OwnedValue, Value},
};

use crate::player::{Player, PlayerState, TrackInfo};

/// The well-known name (`playerctl -p onda_fm`).
pub const BUS_NAME: &str = "org.mpris.MediaPlayer2.onda_fm";
const PATH: &str = "/org/mpris/MediaPlayer2";
/// MPRIS's "no track" id: a live stream has no track list.
const NO_TRACK: &str = "/org/mpris/MediaPlayer2/TrackList/NoTrack";

/// What the OS asked for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MediaAction {
    Play,
    Pause,
    PlayPause,
    Stop,
    /// Show the window.
    Raise,
    Quit,
    /// The volume, 0.0 to 1.0.
    Volume(f64),
    /// Back (negative) or forward in the timeshift window, in microseconds (MPRIS's `Seek`).
    Seek(i64),
}

pub type ActionHandler = Arc<dyn Fn(MediaAction) + Send + Sync>;

/// MPRIS's playback status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Playing,
    Paused,
    Stopped,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Self::Playing => "Playing",
            Self::Paused => "Paused",
            Self::Stopped => "Stopped",
        }
    }
}

/// What the desktop shows as the current "track".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NowPlaying {
    /// The song (the stream's `StreamTitle`), else the stream's name.
    pub title: String,
    pub artist: Option<String>,
    /// The stream's name (e.g. 'Onda FM').
    pub album: Option<String>,
}

/// The status and metadata to publish for the player's state, its song and the stream's name.
pub fn now_playing(
    state: &PlayerState,
    track: Option<&TrackInfo>,
    stream: Option<&str>,
) -> (Status, NowPlaying) {
    let status = match state {
        PlayerState::Playing | PlayerState::Connecting | PlayerState::Reconnecting { .. } => Status::Playing,
        PlayerState::Paused => Status::Paused,
        PlayerState::Idle | PlayerState::Ended | PlayerState::Failed { .. } => Status::Stopped,
    };
    let stream = stream.map(str::to_owned);
    let now = match track {
        Some(track) => NowPlaying {
            title: track.title.clone(),
            artist: track.artist.clone(),
            album: stream,
        },
        None => NowPlaying {
            title: stream.clone().unwrap_or_else(|| "Onda FM".to_owned()),
            artist: None,
            album: stream,
        },
    };
    (status, now)
}

/// Carries out a play/pause/stop the way the tray does on the native player: pause disconnects,
/// play reconnects to the last stream (or `first_stream` when none was played yet). Stop is a pause:
/// on a live stream both disconnect, and the stream stays chosen for the next play.
pub fn drive(player: &Player, action: MediaAction, first_stream: impl FnOnce() -> Option<String>) {
    let active = matches!(
        player.state(),
        PlayerState::Playing | PlayerState::Connecting | PlayerState::Reconnecting { .. }
    );
    let play = match action {
        MediaAction::Play => !active,
        MediaAction::Pause | MediaAction::Stop => {
            if active {
                player.pause();
            }
            false
        }
        MediaAction::PlayPause => {
            if active {
                player.pause();
            }
            !active
        }
        MediaAction::Volume(level) => {
            player.set_volume(level.clamp(0.0, 1.0) as f32);
            false
        }
        // Timeshift is the UI's player's (the native player alone plays the live edge).
        MediaAction::Raise | MediaAction::Quit | MediaAction::Seek(_) => false,
    };
    if play {
        if player.url().is_some() {
            player.play(None);
        } else if let Some(url) = first_stream() {
            player.play(Some(url));
        }
    }
}

struct Root {
    identity: String,
    on_action: ActionHandler,
}

#[interface(name = "org.mpris.MediaPlayer2")]
impl Root {
    fn raise(&self) {
        (self.on_action)(MediaAction::Raise);
    }

    fn quit(&self) {
        (self.on_action)(MediaAction::Quit);
    }

    #[zbus(property)]
    fn can_quit(&self) -> bool {
        true
    }

    #[zbus(property)]
    fn can_raise(&self) -> bool {
        true
    }

    #[zbus(property)]
    fn has_track_list(&self) -> bool {
        false
    }

    #[zbus(property)]
    fn identity(&self) -> String {
        self.identity.clone()
    }

    #[zbus(property)]
    fn desktop_entry(&self) -> String {
        "onda-desktop".to_owned()
    }

    #[zbus(property)]
    fn supported_uri_schemes(&self) -> Vec<String> {
        Vec::new()
    }

    #[zbus(property)]
    fn supported_mime_types(&self) -> Vec<String> {
        Vec::new()
    }
}

struct PlayerIface {
    status: Status,
    now: NowPlaying,
    volume: f64,
    /// The channel has a timeshift window (CanSeek).
    seekable: bool,
    on_action: ActionHandler,
}

#[interface(name = "org.mpris.MediaPlayer2.Player")]
impl PlayerIface {
    fn play(&self) {
        (self.on_action)(MediaAction::Play);
    }

    fn pause(&self) {
        (self.on_action)(MediaAction::Pause);
    }

    fn play_pause(&self) {
        (self.on_action)(MediaAction::PlayPause);
    }

    fn stop(&self) {
        (self.on_action)(MediaAction::Stop);
    }

    /// A live stream has no next or previous track (CanGoNext/CanGoPrevious are false).
    fn next(&self) {}

    fn previous(&self) {}

    /// Back or forward in the timeshift window; nothing when CanSeek is false, as MPRIS says.
    fn seek(&self, offset: i64) {
        if self.seekable && offset != 0 {
            (self.on_action)(MediaAction::Seek(offset));
        }
    }

    fn set_position(&self, _track_id: ObjectPath<'_>, _position: i64) {}

    fn open_uri(&self, _uri: String) {}

    #[zbus(property)]
    fn playback_status(&self) -> String {
        self.status.as_str().to_owned()
    }

    #[zbus(property)]
    fn metadata(&self) -> HashMap<String, OwnedValue> {
        let mut map = HashMap::new();
        let mut put = |key: &str, value: Value<'_>| {
            if let Ok(value) = OwnedValue::try_from(value) {
                map.insert(key.to_owned(), value);
            }
        };
        if let Ok(path) = ObjectPath::try_from(NO_TRACK) {
            put("mpris:trackid", Value::from(path));
        }
        put("xesam:title", Value::from(self.now.title.clone()));
        if let Some(artist) = &self.now.artist {
            put("xesam:artist", Value::from(vec![artist.clone()]));
        }
        if let Some(album) = &self.now.album {
            put("xesam:album", Value::from(album.clone()));
        }
        map
    }

    #[zbus(property)]
    fn volume(&self) -> f64 {
        self.volume
    }

    #[zbus(property)]
    fn set_volume(&mut self, volume: f64) {
        self.volume = volume.clamp(0.0, 1.0);
        (self.on_action)(MediaAction::Volume(self.volume));
    }

    #[zbus(property)]
    fn rate(&self) -> f64 {
        1.0
    }

    #[zbus(property)]
    fn minimum_rate(&self) -> f64 {
        1.0
    }

    #[zbus(property)]
    fn maximum_rate(&self) -> f64 {
        1.0
    }

    #[zbus(property)]
    fn position(&self) -> i64 {
        0
    }

    #[zbus(property)]
    fn can_go_next(&self) -> bool {
        false
    }

    #[zbus(property)]
    fn can_go_previous(&self) -> bool {
        false
    }

    #[zbus(property)]
    fn can_play(&self) -> bool {
        true
    }

    #[zbus(property)]
    fn can_pause(&self) -> bool {
        true
    }

    #[zbus(property)]
    fn can_seek(&self) -> bool {
        self.seekable
    }

    #[zbus(property)]
    fn can_control(&self) -> bool {
        true
    }
}

/// The MPRIS player while the app runs (dropping it leaves the bus).
pub struct MediaControls {
    connection: Connection,
}

impl MediaControls {
    /// Registers the player on the session bus. `identity` is the name desktops show.
    pub fn start(identity: &str, on_action: ActionHandler) -> zbus::Result<Self> {
        let root = Root {
            identity: identity.to_owned(),
            on_action: on_action.clone(),
        };
        let player = PlayerIface {
            status: Status::Stopped,
            now: NowPlaying {
                title: identity.to_owned(),
                ..NowPlaying::default()
            },
            volume: 1.0,
            seekable: false,
            on_action,
        };
        let connection = connection::Builder::session()?
            .serve_at(PATH, root)?
            .serve_at(PATH, player)?
            .name(BUS_NAME)?
            .build()?;
        Ok(Self { connection })
    }

    /// Publishes the status, the song and the volume; desktops hear only what changed.
    pub fn update(&self, status: Status, now: &NowPlaying, volume: f64) -> zbus::Result<()> {
        let iface = self
            .connection
            .object_server()
            .interface::<_, PlayerIface>(PATH)?;
        let (status_changed, now_changed, volume_changed) = {
            let mut player = iface.get_mut();
            let changed = (
                player.status != status,
                player.now != *now,
                (player.volume - volume).abs() > f64::EPSILON,
            );
            player.status = status;
            player.now = now.clone();
            player.volume = volume;
            changed
        };
        let player = iface.get();
        let emitter = iface.signal_emitter();
        if status_changed {
            zbus::block_on(player.playback_status_changed(emitter))?;
        }
        if now_changed {
            zbus::block_on(player.metadata_changed(emitter))?;
        }
        if volume_changed {
            zbus::block_on(player.volume_changed(emitter))?;
        }
        Ok(())
    }

    /// Publishes whether the channel can be rewound (CanSeek).
    pub fn set_seekable(&self, seekable: bool) -> zbus::Result<()> {
        let iface = self
            .connection
            .object_server()
            .interface::<_, PlayerIface>(PATH)?;
        let changed = {
            let mut player = iface.get_mut();
            let changed = player.seekable != seekable;
            player.seekable = seekable;
            changed
        };
        if changed {
            zbus::block_on(iface.get().can_seek_changed(iface.signal_emitter()))?;
        }
        Ok(())
    }
}
