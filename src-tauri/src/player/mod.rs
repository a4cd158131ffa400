//! The native radio player, plain Rust (no `tauri::`): reqwest → ICY metadata stripped → symphonia
//! → a shared queue → the output (rodio on its own thread, or a null output).
//!
//! One controller thread owns the policy:
//! - pause disconnects (a paused live stream would back up on the server and be dropped), play
//!   connects afresh and so starts at the live edge;
//! - a watchdog restarts the connection when no audio was decoded for `stall_timeout` (a silent
//!   server, symphonia skipping junk for ever, a dead network that TCP has not noticed);
//! - a broken or refused connection is retried `retries` times, `retry_interval` apart, then the
//!   player stops in [`PlayerState::Failed`], which the UI shows as the spec's stream error;
//! - sound decoded again resets the retries.

pub mod decode;
pub mod output;
pub mod stream;

use std::{
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicU64, Ordering},
        mpsc as std_mpsc,
    },
    thread,
    time::{Duration, Instant},
};

use serde::Serialize;

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
    /// The retries ran out.
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
    State { state: PlayerState },
    Track { track: TrackInfo },
    Volume { level: f32 },
}

pub type Listener = Arc<dyn Fn(PlayerEvent) + Send + Sync>;

enum Msg {
    Play(Option<String>),
    Pause,
    Stop,
    SetVolume(f32),
    Connected(u64),
    Decoding(u64),
    Ended(u64, String),
    Title(u64, String),
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

    /// Plays `url`, or the last stream when `None`; always a fresh connection at the live edge.
    pub fn play(&self, url: Option<String>) {
        let _ = self.tx.send(Msg::Play(url));
    }

    /// Disconnects; `play(None)` reconnects.
    pub fn pause(&self) {
        let _ = self.tx.send(Msg::Pause);
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
    cancel: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<()>,
    started: Instant,
    /// When audio was last decoded, in ms after `started` (0: not yet).
    last_audio_ms: Arc<AtomicU64>,
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
}

const TICK: Duration = Duration::from_millis(100);

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
            Msg::Play(url) => {
                if let Some(url) = url {
                    *lock(&self.shared.url) = Some(url);
                }
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
            Msg::Pause | Msg::Stop => {
                let paused = matches!(msg, Msg::Pause) && lock(&self.shared.url).is_some();
                self.retry_at = None;
                self.end_session();
                self.queue.clear();
                if !paused {
                    *lock(&self.shared.url) = None;
                }
                self.set_state(if paused {
                    PlayerState::Paused
                } else {
                    PlayerState::Idle
                });
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
                    self.set_state(PlayerState::Playing);
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

    fn tick(&mut self) {
        if let Some(at) = self.retry_at
            && Instant::now() >= at
        {
            self.retry_at = None;
            self.start_session();
        }
        let stalled = self
            .session
            .as_ref()
            .is_some_and(|session| session.silent_for() >= self.config.stall_timeout);
        if stalled {
            let seconds = self.config.stall_timeout.as_secs_f32();
            self.fail(format!("no audio for {seconds:.1} s"));
        }
    }

    fn is_current(&self, id: u64) -> bool {
        self.session.as_ref().is_some_and(|session| session.id == id)
    }

    /// The connection failed or went silent: retry, or give up.
    fn fail(&mut self, reason: String) {
        self.end_session();
        if self.retries < self.config.retries {
            self.retries += 1;
            tracing::info!(%reason, attempt = self.retries, "stream lost; reconnecting");
            self.set_state(PlayerState::Reconnecting {
                attempt: self.retries,
            });
            self.retry_at = Some(Instant::now() + self.config.retry_interval);
        } else {
            tracing::warn!(%reason, "stream failed; giving up");
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
        let (audio_tx, audio_rx) = tokio::sync::mpsc::channel(64);
        let (type_tx, type_rx) = std_mpsc::sync_channel::<Option<String>>(1);

        // Network side.
        let (tx, client) = (self.tx.clone(), self.client.clone());
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
        let (tx, queue, stop) = (self.tx.clone(), self.queue.clone(), cancel.clone());
        let last = last_audio_ms.clone();
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
                        if stop.load(Ordering::Relaxed) {
                            return false;
                        }
                        queue.push(format, samples);
                        let ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
                        last.store(ms.max(1), Ordering::Relaxed);
                        if !announced {
                            announced = true;
                            let _ = tx.send(Msg::Decoding(id));
                        }
                        true
                    },
                );
                if !stop.load(Ordering::Relaxed) {
                    let reason = match result {
                        Ok(()) => "the stream ended".to_owned(),
                        Err(error) => error,
                    };
                    let _ = tx.send(Msg::Ended(id, reason));
                }
            });

        self.session = Some(Session {
            id,
            cancel,
            task,
            started,
            last_audio_ms,
        });
    }
}
