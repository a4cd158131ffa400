//! The native radio player, plain Rust (no `tauri::`): reqwest → ICY metadata stripped → symphonia
//! → a shared queue → the output (rodio on its own thread, or a null output).
//!
//! It plays two kinds of [`Source`]. A **live** stream has no end; one controller thread owns its
//! policy:
//! - pause disconnects (a paused live stream would back up on the server and be dropped), play
//!   connects afresh and so starts at the live edge;
//! - a watchdog restarts the connection when no audio was decoded for `stall_timeout` (a silent
//!   server, symphonia skipping junk for ever, a dead network that TCP has not noticed);
//! - a broken or refused connection is retried `retries` times, `retry_interval` apart, then the
//!   player stops in [`PlayerState::Failed`], which the UI shows as the spec's stream error;
//! - sound decoded again resets the retries.
//!
//! A **file** (a preroll ad, a music preview, a playlist track, a podcast episode) plays once to its
//! last sample and then is [`PlayerState::Ended`]: its end is not a lost stream, so neither the
//! watchdog nor the retries apply, and a download that breaks off fails at once. It is decoded
//! only a little ahead of what is heard, reports its duration and position
//! ([`PlayerEvent::Progress`]), pauses in place and seeks.
//!
//! A **timeshift** source is a channel's HLS playlist played from a wall-clock instant (`hls`):
//! pause, 'Voltar 30 segundos', the start of a song or a programme. It is endless like a live
//! stream, so the watchdog and the retries apply, but it is placed on the air clock: it reports the
//! instant heard and the playlist's window ([`PlayerEvent::Timeshift`]); a pause disconnects and
//! keeps that instant, and a retry or a play after the pause starts again from it, not at the edge.

pub mod decode;
pub mod download;
pub mod hls;
pub mod output;
pub mod stream;

use std::{
    collections::VecDeque,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicU64, Ordering},
        mpsc as std_mpsc,
    },
    thread,
    time::{Duration, Instant},
};

use serde::Serialize;
use symphonia::core::io::ReadOnlySource;

pub use output::{AudioQueue, Format, NullOutput, Output, RodioOutput};

/// Timings of the reconnect policy.
#[derive(Debug, Clone)]
pub struct PlayerConfig {
    /// No audio decoded for this long (connected or not) counts as a failure.
    pub stall_timeout: Duration,
    /// Attempts after a failure before giving up (the spec's 3).
    pub retries: u32,
    /// Pause before each attempt (the spec's 1 s).
    pub retry_interval: Duration,
}

impl Default for PlayerConfig {
    fn default() -> Self {
        Self {
            stall_timeout: Duration::from_secs(5),
            retries: 3,
            retry_interval: Duration::from_secs(1),
        }
    }
}

/// What a URL holds: a live stream (endless, reconnected when lost) or a file (played once to its end).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SourceKind {
    Live,
    File,
    /// A channel's HLS playlist from an instant ([`Player::play_at`]).
    Timeshift,
}

/// What the player is doing, as the UI and the tray show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "camelCase")]
pub enum PlayerState {
    Idle,
    /// Connected or connecting, no sound yet.
    Connecting,
    Playing,
    /// Sound stopped; attempt `attempt` of the retries is under way or waiting.
    Reconnecting {
        attempt: u32,
    },
    Paused,
    /// A file played to its end.
    Ended,
    /// The retries ran out (live), or a file could not be fetched or decoded.
    Failed {
        reason: String,
    },
}

/// The song on air, from the stream's `StreamTitle`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TrackInfo {
    pub artist: Option<String>,
    pub title: String,
    /// The `StreamTitle` as sent.
    pub stream_title: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum PlayerEvent {
    State {
        state: PlayerState,
    },
    Track {
        track: TrackInfo,
    },
    Volume {
        level: f32,
    },
    /// Where a file is, a few times a second while it plays (and after a seek); `duration_s` is
    /// `None` while unknown.
    #[serde(rename_all = "camelCase")]
    Progress {
        position_s: f64,
        duration_s: Option<f64>,
    },
    /// Where a timeshift source is, a few times a second while it plays: the instant heard and the
    /// playlist's window, in Unix ms on the air clock (the window's end carried forward by the time
    /// since the playlist was read).
    #[serde(rename_all = "camelCase")]
    Timeshift {
        at_ms: i64,
        start_ms: i64,
        end_ms: i64,
    },
}

/// A timeshift source's place: the instant heard and the window, in Unix ms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeshiftPosition {
    pub at_ms: i64,
    pub start_ms: i64,
    pub end_ms: i64,
}

pub type Listener = Arc<dyn Fn(PlayerEvent) + Send + Sync>;

enum Msg {
    Play(Option<(String, SourceKind)>),
    /// A timeshift source from an instant, with the listener's bearer token for its master playlist.
    PlayAt {
        url: String,
        at_ms: i64,
        bearer: Option<String>,
    },
    Pause,
    Stop,
    Seek(f64),
    /// A timeshift source moves to an instant.
    SeekTo(i64),
    SetVolume(f32),
    Connected(u64),
    Decoding(u64),
    /// The connection or the decoder failed (or a live stream ended).
    Ended(u64, String),
    Title(u64, String),
    /// A file's length, from its container.
    Duration(u64, Option<f64>),
    /// A file was decoded to its last sample, which is at this position (seconds), after the seek
    /// of this number (0: none), so an end decoded before a later seek is not taken for the end.
    Decoded(u64, u64, f64),
}

/// A handle to the player; cheap calls that return at once. Dropping the last handle stops it.
pub struct Player {
    tx: std_mpsc::Sender<Msg>,
    queue: Arc<AudioQueue>,
    shared: Arc<Shared>,
    _output: Box<dyn Output>,
}

#[derive(Default)]
struct Shared {
    state: Mutex<Option<PlayerState>>,
    track: Mutex<Option<TrackInfo>>,
    url: Mutex<Option<String>>,
    kind: Mutex<Option<SourceKind>>,
    /// A file's last reported position and duration (seconds).
    progress: Mutex<Option<(f64, Option<f64>)>>,
    /// A timeshift source's last reported place.
    timeshift: Mutex<Option<TimeshiftPosition>>,
}

impl Player {
    /// A player on the default sound card (reopened on the new default if the device goes away).
    pub fn with_device(config: PlayerConfig, volume: f32, listener: Listener) -> Self {
        let queue = AudioQueue::new(volume);
        let output = Box::new(RodioOutput::start(queue.clone()));
        Self::new(config, queue, output, listener)
    }

    /// A player whose queue is drained by `output` (see [`NullOutput`] for tests).
    pub fn new(
        config: PlayerConfig,
        queue: Arc<AudioQueue>,
        output: Box<dyn Output>,
        listener: Listener,
    ) -> Self {
        let (tx, rx) = std_mpsc::channel();
        let shared = Arc::new(Shared::default());
        let controller = Controller {
            config,
            tx: tx.clone(),
            queue: queue.clone(),
            listener,
            shared: shared.clone(),
            session: None,
            next_id: 0,
            retries: 0,
            retry_at: None,
            client: stream::client(),
            runtime: None,
            shift_at: None,
            bearer: None,
        };
        let _ = thread::Builder::new()
            .name("onda-player".into())
            .spawn(move || controller.run(&rx));
        Self {
            tx,
            queue,
            shared,
            _output: output,
        }
    }

    /// Plays the live stream at `url`, or the last source when `None`; a live stream is always a
    /// fresh connection at the live edge.
    pub fn play(&self, url: Option<String>) {
        let _ = self.tx.send(Msg::Play(url.map(|url| (url, SourceKind::Live))));
    }

    /// Plays `url` as `kind`; a paused file given again (or `None`) resumes where it was.
    pub fn play_source(&self, url: Option<String>, kind: SourceKind) {
        let _ = self.tx.send(Msg::Play(url.map(|url| (url, kind))));
    }

    /// Plays the channel whose HLS playlist is at `url` from the wall-clock instant `at_ms` (Unix
    /// ms, clamped to the playlist's window). `bearer` goes with the master playlist only.
    pub fn play_at(&self, url: String, at_ms: i64, bearer: Option<String>) {
        let _ = self.tx.send(Msg::PlayAt { url, at_ms, bearer });
    }

    /// Moves a timeshift source to the instant `at_ms` (ignored for other sources).
    pub fn seek_to(&self, at_ms: i64) {
        let _ = self.tx.send(Msg::SeekTo(at_ms));
    }

    /// A live stream disconnects (`play(None)` reconnects); a file holds its place; a timeshift
    /// source disconnects and keeps the instant heard (`play(None)` carries on from it).
    pub fn pause(&self) {
        let _ = self.tx.send(Msg::Pause);
    }

    /// Moves a file to `seconds` from its start (ignored for a live stream).
    pub fn seek(&self, seconds: f64) {
        let _ = self.tx.send(Msg::Seek(seconds));
    }

    /// Disconnects and forgets the stream.
    pub fn stop(&self) {
        let _ = self.tx.send(Msg::Stop);
    }

    pub fn set_volume(&self, level: f32) {
        let _ = self.tx.send(Msg::SetVolume(level));
    }

    pub fn volume(&self) -> f32 {
        self.queue.volume()
    }

    pub fn state(&self) -> PlayerState {
        lock(&self.shared.state).clone().unwrap_or(PlayerState::Idle)
    }

    pub fn track(&self) -> Option<TrackInfo> {
        lock(&self.shared.track).clone()
    }

    pub fn url(&self) -> Option<String> {
        lock(&self.shared.url).clone()
    }

    /// What the current (or last) source is.
    pub fn kind(&self) -> Option<SourceKind> {
        *lock(&self.shared.kind)
    }

    /// A file's position and duration in seconds (`None` for a live stream).
    pub fn progress(&self) -> Option<(f64, Option<f64>)> {
        *lock(&self.shared.progress)
    }

    /// A timeshift source's instant and window (`None` for other sources).
    pub fn timeshift(&self) -> Option<TimeshiftPosition> {
        *lock(&self.shared.timeshift)
    }

    /// The audio queue (tests read how much was played).
    pub fn queue(&self) -> &Arc<AudioQueue> {
        &self.queue
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// One connection and its decoder.
struct Session {
    id: u64,
    kind: SourceKind,
    cancel: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<()>,
    started: Instant,
    /// When audio was last decoded, in ms after `started` (0: not yet).
    last_audio_ms: Arc<AtomicU64>,
    /// A file's clock: what is heard is `base_s` plus what the output took since `played_at`.
    clock: Arc<Mutex<Clock>>,
    /// A file's seek asked of its decoder: its number and position.
    seek: Arc<Mutex<Option<(u64, f64)>>>,
    /// A timeshift source's window as last read, and when.
    window: Arc<Mutex<Option<(hls::Window, Instant)>>>,
    /// A timeshift source's titles by the instant they began, handed over but not yet heard.
    titles: Arc<Mutex<VecDeque<(i64, String)>>>,
    seeks: u64,
    duration_s: Option<f64>,
    /// A file was decoded to its end (at this position): it ends once the output has played it.
    decoded_to: Option<f64>,
    last_progress: Option<Instant>,
}

#[derive(Debug, Clone, Copy)]
struct Clock {
    base_s: f64,
    played_at: u64,
}

impl Clock {
    fn position(&self, queue: &AudioQueue) -> f64 {
        let per_second = queue
            .format()
            .map_or(0.0, |format| f64::from(format.rate) * f64::from(format.channels));
        if per_second <= 0.0 {
            return self.base_s;
        }
        self.base_s + queue.played().saturating_sub(self.played_at) as f64 / per_second
    }
}

impl Session {
    fn silent_for(&self) -> Duration {
        let last = self.last_audio_ms.load(Ordering::Relaxed);
        self.started.elapsed().saturating_sub(Duration::from_millis(last))
    }

    fn stop(self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.task.abort();
    }
}

struct Controller {
    config: PlayerConfig,
    tx: std_mpsc::Sender<Msg>,
    queue: Arc<AudioQueue>,
    listener: Listener,
    shared: Arc<Shared>,
    session: Option<Session>,
    next_id: u64,
    retries: u32,
    retry_at: Option<Instant>,
    client: reqwest::Client,
    runtime: Option<tokio::runtime::Runtime>,
    /// Where the next timeshift session starts (Unix ms): the instant asked, or the one heard when
    /// the last session paused or failed.
    shift_at: Option<i64>,
    /// The listener's token for a timeshift source's master playlist.
    bearer: Option<String>,
}

const TICK: Duration = Duration::from_millis(100);

/// How often a playing file reports its position (about as often as a browser's `timeupdate`).
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// How far a file is decoded ahead of what is heard.
const FILE_AHEAD: Duration = Duration::from_secs(2);

impl Controller {
    fn run(mut self, rx: &std_mpsc::Receiver<Msg>) {
        self.runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("onda-player-net")
            .enable_all()
            .build()
            .map_err(|error| tracing::error!(%error, "player runtime"))
            .ok();
        loop {
            match rx.recv_timeout(TICK) {
                Ok(msg) => self.handle(msg),
                Err(std_mpsc::RecvTimeoutError::Timeout) => {}
                // Every handle is gone (the channel holds our own sender too, so only when the
                // player is dropped together with the sessions that hold clones).
                Err(std_mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if Arc::strong_count(&self.shared) == 1 {
                // The Player handle was dropped.
                break;
            }
            self.tick();
        }
        self.end_session();
        self.queue.clear();
    }

    fn handle(&mut self, msg: Msg) {
        match msg {
            Msg::Play(source) => self.play(source),
            Msg::PlayAt { url, at_ms, bearer } => {
                self.shift_at = Some(at_ms);
                self.bearer = bearer;
                self.play(Some((url, SourceKind::Timeshift)));
            }
            Msg::Pause if self.session.as_ref().is_some_and(|s| s.kind == SourceKind::File) => {
                // A file holds its place: the output plays silence and the decoder waits.
                self.queue.set_paused(true);
                self.set_state(PlayerState::Paused);
            }
            Msg::Pause | Msg::Stop => {
                let paused = matches!(msg, Msg::Pause) && lock(&self.shared.url).is_some();
                if let Some(heard) = self.heard_ms() {
                    self.shift_at = Some(heard);
                }
                self.queue.set_paused(false);
                self.retry_at = None;
                self.end_session();
                self.queue.clear();
                if !paused {
                    *lock(&self.shared.url) = None;
                    *lock(&self.shared.progress) = None;
                    *lock(&self.shared.timeshift) = None;
                    self.shift_at = None;
                    self.bearer = None;
                }
                self.set_state(if paused {
                    PlayerState::Paused
                } else {
                    PlayerState::Idle
                });
            }
            Msg::Seek(seconds) => {
                if let Some(session) = self.session.as_mut()
                    && session.kind == SourceKind::File
                    && seconds.is_finite()
                {
                    let limit = session.duration_s.unwrap_or(f64::MAX);
                    session.seeks += 1;
                    *lock(&session.seek) = Some((session.seeks, seconds.clamp(0.0, limit)));
                    // A file decoded to its end is decoded again from the new place.
                    session.decoded_to = None;
                }
            }
            Msg::SeekTo(at_ms) => {
                if *lock(&self.shared.kind) != Some(SourceKind::Timeshift) || lock(&self.shared.url).is_none()
                {
                    return;
                }
                self.shift_at = Some(at_ms);
                // Paused: the instant is kept for the next play. Playing: from there at once.
                if self.session.is_some() || self.retry_at.is_some() {
                    self.retries = 0;
                    self.retry_at = None;
                    self.end_session();
                    self.queue.clear();
                    self.set_state(PlayerState::Connecting);
                    self.start_session();
                }
            }
            Msg::SetVolume(level) => {
                self.queue.set_volume(level);
                (self.listener)(PlayerEvent::Volume {
                    level: self.queue.volume(),
                });
            }
            Msg::Connected(id) => {
                if self.is_current(id) {
                    tracing::debug!(id, "stream connected");
                }
            }
            Msg::Decoding(id) => {
                if self.is_current(id) {
                    self.retries = 0;
                    if !self.queue.paused() {
                        self.set_state(PlayerState::Playing);
                    }
                }
            }
            Msg::Duration(id, duration) => {
                if let Some(session) = self.session.as_mut().filter(|s| s.id == id) {
                    session.duration_s = duration;
                }
            }
            Msg::Decoded(id, seek, at) => {
                if let Some(session) = self.session.as_mut().filter(|s| s.id == id && s.seeks == seek) {
                    session.decoded_to = Some(at);
                    // A container that did not tell its length: it is where the decoding ended.
                    session.duration_s.get_or_insert(at);
                }
            }
            Msg::Ended(id, reason) => {
                if self.is_current(id) {
                    self.fail(reason);
                }
            }
            Msg::Title(id, stream_title) => {
                if self.is_current(id) {
                    let (artist, title) = stream::split_title(&stream_title);
                    let track = TrackInfo {
                        artist,
                        title,
                        stream_title,
                    };
                    *lock(&self.shared.track) = Some(track.clone());
                    (self.listener)(PlayerEvent::Track { track });
                }
            }
        }
    }

    /// Plays `source`, or the last one when `None` (a live stream at its edge, a timeshift source
    /// from its kept instant, a paused file from its place).
    fn play(&mut self, source: Option<(String, SourceKind)>) {
        if self.resume_file(source.as_ref()) {
            return;
        }
        if let Some((url, kind)) = source {
            // The song on air at the live edge is not the one heard from the recording, nor the
            // other way round: the new source tells its own.
            let previous = lock(&self.shared.kind).replace(kind);
            if kind == SourceKind::Timeshift || previous == Some(SourceKind::Timeshift) {
                *lock(&self.shared.track) = None;
            }
            *lock(&self.shared.url) = Some(url);
        }
        if *lock(&self.shared.kind) != Some(SourceKind::Timeshift) {
            *lock(&self.shared.timeshift) = None;
        }
        *lock(&self.shared.progress) = None;
        self.queue.set_paused(false);
        self.retries = 0;
        self.retry_at = None;
        self.end_session();
        self.queue.clear();
        if lock(&self.shared.url).is_some() {
            self.set_state(PlayerState::Connecting);
            self.start_session();
        } else {
            self.set_state(PlayerState::Idle);
        }
    }

    /// The instant a timeshift session is heard at (Unix ms), once it has sound.
    fn heard_ms(&self) -> Option<i64> {
        let session = self
            .session
            .as_ref()
            .filter(|s| s.kind == SourceKind::Timeshift && s.last_audio_ms.load(Ordering::Relaxed) > 0)?;
        let clock = *lock(&session.clock);
        Some((clock.position(&self.queue) * 1000.0).round() as i64)
    }

    /// A paused file given again (or `None`): play on from where it is. Answers whether it did.
    fn resume_file(&mut self, source: Option<&(String, SourceKind)>) -> bool {
        let Some(session) = self.session.as_ref() else {
            return false;
        };
        let same = match source {
            None => true,
            Some((url, kind)) => {
                *kind == SourceKind::File && lock(&self.shared.url).as_deref() == Some(url.as_str())
            }
        };
        if session.kind != SourceKind::File || !same || !self.queue.paused() {
            return false;
        }
        self.queue.set_paused(false);
        let decoding = session.last_audio_ms.load(Ordering::Relaxed) > 0;
        self.set_state(if decoding {
            PlayerState::Playing
        } else {
            PlayerState::Connecting
        });
        true
    }

    fn tick(&mut self) {
        self.tick_file();
        self.tick_timeshift();
        if let Some(at) = self.retry_at
            && Instant::now() >= at
        {
            self.retry_at = None;
            self.start_session();
        }
        let stalled = self.session.as_ref().is_some_and(|session| {
            session.kind != SourceKind::File && session.silent_for() >= self.config.stall_timeout
        });
        if stalled {
            let seconds = self.config.stall_timeout.as_secs_f32();
            self.fail(format!("no audio for {seconds:.1} s"));
        }
    }

    /// A file's progress, and its end once the output has played its last sample.
    fn tick_file(&mut self) {
        let Some(session) = self.session.as_mut().filter(|s| s.kind == SourceKind::File) else {
            return;
        };
        if session.last_audio_ms.load(Ordering::Relaxed) == 0 {
            if session.decoded_to.is_some() {
                self.fail("the file holds no audio".into());
            }
            return;
        }
        let clock = *lock(&session.clock);
        let mut position = clock.position(&self.queue);
        if let Some(duration) = session.duration_s {
            position = position.min(duration);
        }
        let finished = session.decoded_to.is_some() && self.queue.queued() == 0;
        if let Some(end) = session.decoded_to.filter(|_| finished) {
            position = end;
        }
        let due = session
            .last_progress
            .is_none_or(|at| at.elapsed() >= PROGRESS_EVERY);
        if due || finished {
            session.last_progress = Some(Instant::now());
            let duration_s = session.duration_s;
            *lock(&self.shared.progress) = Some((position, duration_s));
            (self.listener)(PlayerEvent::Progress {
                position_s: position,
                duration_s,
            });
        }
        if finished {
            tracing::debug!(position, "file ended");
            self.end_session();
            self.set_state(PlayerState::Ended);
        }
    }

    /// A timeshift source's instant and window, a few times a second while it has sound.
    fn tick_timeshift(&mut self) {
        let Some(at_ms) = self.heard_ms() else {
            return;
        };
        let Some(session) = self.session.as_mut() else {
            return;
        };
        // The title of the segment now heard (the latest that began by then), as the ICY title is
        // for a live stream.
        let mut heard_title = None;
        {
            let mut titles = lock(&session.titles);
            while titles.front().is_some_and(|(began, _)| *began <= at_ms) {
                heard_title = titles.pop_front().map(|(_, title)| title);
            }
        }
        if let Some(stream_title) = heard_title
            && lock(&self.shared.track).as_ref().map(|t| &t.stream_title) != Some(&stream_title)
        {
            let (artist, title) = stream::split_title(&stream_title);
            let track = TrackInfo {
                artist,
                title,
                stream_title,
            };
            *lock(&self.shared.track) = Some(track.clone());
            (self.listener)(PlayerEvent::Track { track });
        }
        if session
            .last_progress
            .is_some_and(|at| at.elapsed() < PROGRESS_EVERY)
        {
            return;
        }
        session.last_progress = Some(Instant::now());
        let (start_ms, end_ms) = match *lock(&session.window) {
            Some((window, seen)) => {
                let since = i64::try_from(seen.elapsed().as_millis()).unwrap_or(0);
                (window.start_ms, window.end_ms + since)
            }
            None => (at_ms, at_ms),
        };
        let position = TimeshiftPosition {
            at_ms,
            start_ms,
            end_ms,
        };
        *lock(&self.shared.timeshift) = Some(position);
        (self.listener)(PlayerEvent::Timeshift {
            at_ms,
            start_ms,
            end_ms,
        });
    }

    fn is_current(&self, id: u64) -> bool {
        self.session.as_ref().is_some_and(|session| session.id == id)
    }

    /// The connection failed or went silent: retry, or give up. A file is not retried: a download
    /// that broke off or a file that cannot be decoded fails at once.
    fn fail(&mut self, reason: String) {
        let file = self.session.as_ref().is_some_and(|s| s.kind == SourceKind::File);
        // A timeshift source is tried again from what was heard, not from where it started; one the
        // server refused (out of the window, not allowed) is not tried again: the UI falls back to
        // the live mount at once.
        let refused = self
            .session
            .as_ref()
            .is_some_and(|s| s.kind == SourceKind::Timeshift && reason.starts_with("connect: HTTP 4"));
        if let Some(heard) = self.heard_ms() {
            self.shift_at = Some(heard);
        }
        self.end_session();
        self.queue.set_paused(false);
        if !file && !refused && self.retries < self.config.retries {
            self.retries += 1;
            tracing::info!(%reason, attempt = self.retries, "stream lost; reconnecting");
            self.set_state(PlayerState::Reconnecting {
                attempt: self.retries,
            });
            self.retry_at = Some(Instant::now() + self.config.retry_interval);
        } else {
            tracing::warn!(%reason, file, "stream failed; giving up");
            self.retries = 0;
            self.queue.clear();
            self.set_state(PlayerState::Failed { reason });
        }
    }

    fn end_session(&mut self) {
        if let Some(session) = self.session.take() {
            session.stop();
        }
    }

    fn set_state(&self, state: PlayerState) {
        let mut current = lock(&self.shared.state);
        if current.as_ref() != Some(&state) {
            *current = Some(state.clone());
            drop(current);
            (self.listener)(PlayerEvent::State { state });
        }
    }

    fn start_session(&mut self) {
        let Some(url) = lock(&self.shared.url).clone() else {
            return;
        };
        let kind = lock(&self.shared.kind).unwrap_or(SourceKind::Live);
        let Some(runtime) = self.runtime.as_ref() else {
            self.set_state(PlayerState::Failed {
                reason: "no async runtime".into(),
            });
            return;
        };
        self.next_id += 1;
        let id = self.next_id;
        let cancel = Arc::new(AtomicBool::new(false));
        let last_audio_ms = Arc::new(AtomicU64::new(0));
        let started = Instant::now();
        let clock = Arc::new(Mutex::new(Clock {
            base_s: 0.0,
            played_at: self.queue.played(),
        }));
        let seek = Arc::new(Mutex::new(None));
        let window = Arc::new(Mutex::new(None));
        let titles = Arc::new(Mutex::new(VecDeque::new()));
        let wiring = Wiring {
            id,
            tx: self.tx.clone(),
            queue: self.queue.clone(),
            cancel: cancel.clone(),
            last_audio_ms: last_audio_ms.clone(),
            started,
        };
        let task = match kind {
            SourceKind::Live => wiring.live(runtime, self.client.clone(), url),
            SourceKind::File => wiring.file(runtime, self.client.clone(), url, clock.clone(), seek.clone()),
            SourceKind::Timeshift => wiring.timeshift(
                runtime,
                self.client.clone(),
                Shifted {
                    url,
                    at_ms: self.shift_at.unwrap_or_else(now_ms),
                    bearer: self.bearer.clone(),
                },
                clock.clone(),
                window.clone(),
                titles.clone(),
            ),
        };
        self.session = Some(Session {
            id,
            kind,
            cancel,
            task,
            started,
            last_audio_ms,
            clock,
            seek,
            window,
            titles,
            seeks: 0,
            duration_s: None,
            decoded_to: None,
            last_progress: None,
        });
    }
}

/// What a session's network task and decoder thread share with the controller.
struct Wiring {
    id: u64,
    tx: std_mpsc::Sender<Msg>,
    queue: Arc<AudioQueue>,
    cancel: Arc<AtomicBool>,
    last_audio_ms: Arc<AtomicU64>,
    started: Instant,
}

impl Wiring {
    /// Marks sound decoded (the watchdog's clock) and announces the first.
    fn heard(&self, announced: &mut bool) {
        let ms = u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last_audio_ms.store(ms.max(1), Ordering::Relaxed);
        if !*announced {
            *announced = true;
            let _ = self.tx.send(Msg::Decoding(self.id));
        }
    }

    fn live(
        self,
        runtime: &tokio::runtime::Runtime,
        client: reqwest::Client,
        url: String,
    ) -> tokio::task::JoinHandle<()> {
        let (audio_tx, audio_rx) = tokio::sync::mpsc::channel(64);
        let (type_tx, type_rx) = std_mpsc::sync_channel::<Option<String>>(1);

        // Network side.
        let (id, tx) = (self.id, self.tx.clone());
        let task = runtime.spawn(async move {
            let title_tx = tx.clone();
            let end = stream::run(
                &client,
                &url,
                audio_tx,
                |content_type| {
                    let _ = type_tx.try_send(content_type);
                    let _ = tx.send(Msg::Connected(id));
                },
                |title| {
                    let _ = title_tx.send(Msg::Title(id, title));
                },
            )
            .await;
            let reason = match end {
                stream::StreamEnd::Connect(reason) => format!("connect: {reason}"),
                stream::StreamEnd::Closed(reason) => reason,
                stream::StreamEnd::Dropped => return,
            };
            let _ = title_tx.send(Msg::Ended(id, reason));
        });

        // Decoder side: a plain thread, since symphonia reads blocking.
        let _ = thread::Builder::new()
            .name("onda-player-decode".into())
            .spawn(move || {
                // Nothing to decode until the server answered (or the attempt failed).
                let Ok(content_type) = type_rx.recv() else {
                    return;
                };
                let mut announced = false;
                let result = decode::decode(
                    stream::ChannelReader::new(audio_rx),
                    content_type.as_deref(),
                    |format, samples| {
                        if self.cancel.load(Ordering::Relaxed) {
                            return false;
                        }
                        self.queue.push(format, samples);
                        self.heard(&mut announced);
                        true
                    },
                );
                if !self.cancel.load(Ordering::Relaxed) {
                    let reason = match result {
                        Ok(()) => "the stream ended".to_owned(),
                        Err(error) => error,
                    };
                    let _ = self.tx.send(Msg::Ended(self.id, reason));
                }
            });
        task
    }

    fn file(
        self,
        runtime: &tokio::runtime::Runtime,
        client: reqwest::Client,
        url: String,
        clock: Arc<Mutex<Clock>>,
        seek: Arc<Mutex<Option<(u64, f64)>>>,
    ) -> tokio::task::JoinHandle<()> {
        let download = download::Download::new();
        let (type_tx, type_rx) = std_mpsc::sync_channel::<Option<String>>(1);
        let extension = url_extension(&url);

        // Network side: the whole file, as fast as it comes (it is decoded only a little ahead).
        let (id, tx, into) = (self.id, self.tx.clone(), download.clone());
        let task = runtime.spawn(async move {
            let end = stream::download(&client, &url, &into, |content_type| {
                let _ = type_tx.try_send(content_type);
                let _ = tx.send(Msg::Connected(id));
            })
            .await;
            let reason = match end {
                Ok(()) => return,
                Err(stream::StreamEnd::Connect(reason)) => format!("connect: {reason}"),
                Err(stream::StreamEnd::Closed(reason)) => reason,
                Err(stream::StreamEnd::Dropped) => return,
            };
            let _ = tx.send(Msg::Ended(id, reason));
        });

        let _ = thread::Builder::new()
            .name("onda-player-decode".into())
            .spawn(move || {
                let Ok(content_type) = type_rx.recv() else {
                    return;
                };
                let reader = download.reader(self.cancel.clone());
                let mut hooks = FileHooks {
                    wiring: &self,
                    clock: &clock,
                    seek: &seek,
                    applied: 0,
                    announced: false,
                    position_s: 0.0,
                };
                let result = decode::decode_source(
                    Box::new(reader),
                    content_type.as_deref(),
                    extension.as_deref(),
                    &mut hooks,
                );
                // Ok is a cancel: the end was announced by `at_end`.
                if let Err(error) = result
                    && !self.cancel.load(Ordering::Relaxed)
                {
                    let _ = self.tx.send(Msg::Ended(self.id, error));
                }
            });
        task
    }
}

/// What a timeshift session plays: the playlist, the instant and the token for the master playlist.
struct Shifted {
    url: String,
    at_ms: i64,
    bearer: Option<String>,
}

impl Wiring {
    fn timeshift(
        self,
        runtime: &tokio::runtime::Runtime,
        client: reqwest::Client,
        shifted: Shifted,
        clock: Arc<Mutex<Clock>>,
        window: Arc<Mutex<Option<(hls::Window, Instant)>>>,
        titles: Arc<Mutex<VecDeque<(i64, String)>>>,
    ) -> tokio::task::JoinHandle<()> {
        // The segments' frames, a couple of segments ahead of the decoder at most.
        let (audio_tx, audio_rx) = tokio::sync::mpsc::channel(hls::SEGMENTS_AHEAD);
        let (start_tx, start_rx) = std_mpsc::sync_channel::<hls::Start>(1);

        let (id, tx) = (self.id, self.tx.clone());
        let task = runtime.spawn(async move {
            let connected = tx.clone();
            let request = hls::Request {
                url: &shifted.url,
                bearer: shifted.bearer.as_deref(),
                at_ms: shifted.at_ms,
            };
            let end = hls::run(
                &client,
                request,
                audio_tx,
                |start| {
                    let _ = start_tx.try_send(start);
                    let _ = connected.send(Msg::Connected(id));
                },
                |seen| *lock(&window) = Some((seen, Instant::now())),
                |at_ms, title| {
                    if let Some(title) = title {
                        lock(&titles).push_back((at_ms, title));
                    }
                },
            )
            .await;
            let reason = match end {
                stream::StreamEnd::Connect(reason) => format!("connect: {reason}"),
                stream::StreamEnd::Closed(reason) => reason,
                stream::StreamEnd::Dropped => return,
            };
            let _ = tx.send(Msg::Ended(id, reason));
        });

        let _ = thread::Builder::new()
            .name("onda-player-decode".into())
            .spawn(move || {
                // Nothing to decode until the playlist was read (or the attempt failed).
                let Ok(start) = start_rx.recv() else {
                    return;
                };
                let mut hooks = ShiftHooks {
                    wiring: &self,
                    clock: &clock,
                    start,
                    skip: None,
                    skipped: 0,
                    clocked: false,
                    announced: false,
                };
                let reader = ReadOnlySource::new(stream::ChannelReader::new(audio_rx));
                let result =
                    decode::decode_source(Box::new(reader), Some("audio/mpeg"), Some("mp3"), &mut hooks);
                if !self.cancel.load(Ordering::Relaxed) {
                    let reason = match result {
                        Ok(()) => "the stream ended".to_owned(),
                        Err(error) => error,
                    };
                    let _ = self.tx.send(Msg::Ended(self.id, reason));
                }
            });
        task
    }
}

/// The decoder's side of a timeshift source: drops the first segment's audio before the instant
/// asked, sets the clock on the first sample kept, and decodes no further than [`FILE_AHEAD`] of
/// what is heard (the segments come faster than real time).
struct ShiftHooks<'a> {
    wiring: &'a Wiring,
    clock: &'a Mutex<Clock>,
    start: hls::Start,
    /// Samples (interleaved) to drop, known with the first format.
    skip: Option<usize>,
    skipped: usize,
    clocked: bool,
    announced: bool,
}

impl decode::Hooks for ShiftHooks<'_> {
    fn samples(&mut self, format: Format, samples: &[f32]) -> bool {
        if !wait_for_room(self.wiring, format) {
            return false;
        }
        let channels = usize::from(format.channels.max(1));
        let skip = *self.skip.get_or_insert_with(|| {
            let seconds = (self.start.at_ms - self.start.segment_ms).max(0) as f64 / 1000.0;
            // Whole frames, so the channels stay in step.
            (seconds * f64::from(format.rate)) as usize * channels
        });
        let dropped = (skip - self.skipped).min(samples.len());
        self.skipped += dropped;
        let kept = &samples[dropped..];
        if kept.is_empty() {
            // Decoding through the audio before the instant takes a moment, not seconds: no watchdog.
            return true;
        }
        if !self.clocked {
            self.clocked = true;
            let queue = &self.wiring.queue;
            *lock(self.clock) = Clock {
                base_s: self.start.at_ms as f64 / 1000.0,
                played_at: queue.played() + queue.queued() as u64,
            };
        }
        self.wiring.queue.push(format, kept);
        // After the clock: the instant heard is read once there is sound.
        self.wiring.heard(&mut self.announced);
        true
    }
}

/// Waits until the output holds less than [`FILE_AHEAD`]; false when the session was cancelled.
fn wait_for_room(wiring: &Wiring, format: Format) -> bool {
    let ahead = FILE_AHEAD.as_secs_f64() * f64::from(format.rate) * f64::from(format.channels);
    loop {
        if wiring.cancel.load(Ordering::Relaxed) {
            return false;
        }
        if (wiring.queue.queued() as f64) < ahead {
            return true;
        }
        thread::sleep(Duration::from_millis(20));
    }
}

/// The wall clock in Unix ms (a timeshift source asked without an instant starts at the edge).
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| i64::try_from(since.as_millis()).unwrap_or(i64::MAX))
}

/// The decoder's side of a file: decodes no further than [`FILE_AHEAD`] of what is heard, and keeps
/// the clock through seeks.
struct FileHooks<'a> {
    wiring: &'a Wiring,
    clock: &'a Mutex<Clock>,
    seek: &'a Mutex<Option<(u64, f64)>>,
    /// The number of the last seek taken.
    applied: u64,
    announced: bool,
    /// Where the decoding is (seconds from the file's start).
    position_s: f64,
}

impl decode::Hooks for FileHooks<'_> {
    fn samples(&mut self, format: Format, samples: &[f32]) -> bool {
        let ahead = FILE_AHEAD.as_secs_f64() * f64::from(format.rate) * f64::from(format.channels);
        loop {
            if self.wiring.cancel.load(Ordering::Relaxed) {
                return false;
            }
            // A seek waits for no one: the samples of the old place are dropped below.
            if lock(self.seek).is_some() {
                return true;
            }
            if (self.wiring.queue.queued() as f64) < ahead {
                break;
            }
            thread::sleep(Duration::from_millis(20));
        }
        self.wiring.queue.push(format, samples);
        let per_second = f64::from(format.rate) * f64::from(format.channels);
        self.position_s += samples.len() as f64 / per_second;
        self.wiring.heard(&mut self.announced);
        true
    }

    fn duration(&mut self, seconds: Option<f64>) {
        let _ = self.wiring.tx.send(Msg::Duration(self.wiring.id, seconds));
    }

    fn seek_request(&mut self) -> Option<f64> {
        let (number, seconds) = lock(self.seek).take()?;
        self.applied = number;
        Some(seconds)
    }

    /// Announces the end once, then waits: a seek back plays on, the controller ends the session.
    fn at_end(&mut self) -> bool {
        let _ = self
            .wiring
            .tx
            .send(Msg::Decoded(self.wiring.id, self.applied, self.position_s));
        loop {
            if self.wiring.cancel.load(Ordering::Relaxed) {
                return false;
            }
            if lock(self.seek).is_some() {
                return true;
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    fn seeked(&mut self, seconds: f64) {
        // What was queued is from the old place.
        self.wiring.queue.clear();
        *lock(self.clock) = Clock {
            base_s: seconds,
            played_at: self.wiring.queue.played(),
        };
        self.position_s = seconds;
    }
}

/// The extension of a URL's path (`mp3`, `aac`, …), lower case, for the decoder's hint.
fn url_extension(url: &str) -> Option<String> {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    let name = path.rsplit('/').next()?;
    let (_, extension) = name.rsplit_once('.')?;
    (!extension.is_empty() && extension.len() <= 5).then(|| extension.to_ascii_lowercase())
}
