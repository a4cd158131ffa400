//! Live input: the studio's encoder pushes its programme to a channel the way it would to Icecast 2.4
//! (`PUT` or the legacy `SOURCE` at the channel's mount path, `routes/source.rs`), and the channel
//! airs it on every mount in place of the autoDJ, falling back to the autoDJ when the studio stops.
//!
//! Each channel has one [`LiveFeed`]: at most one source session, and per codec a queue of frames the
//! source's audio became (`transcode`). The source's connection is read by [`run_source`]: the bytes go
//! to a thread of their own that splits, decodes and encodes them into the queues. The channel's
//! playout (`playout.rs`) asks the feed on every tick whether to air the live programme: once a second
//! of audio is queued it leaves the autoDJ at a frame boundary and takes frames from the queues at the
//! pace of real time; when the source disconnects, or sends nothing that decodes for [`STALL`], it
//! goes back to the autoDJ (within two ticks), and a source that comes back takes over again.
//!
//! Pacing: the queues hold at most [`MAX_QUEUED`] of audio. A source that sends faster than real time
//! finds its thread waiting for room, its connection unread, and TCP slows the sender down: it is
//! paced, never buffered without bound. A source that sends nothing decodable for [`SOURCE_TIMEOUT`] is
//! cut off (Icecast's `source-timeout`), so a broken encoder does not hold the mount.

pub mod transcode;

use std::{
    collections::{HashMap, VecDeque},
    net::IpAddr,
    sync::{
        Arc, Condvar, Mutex, MutexGuard, PoisonError,
        atomic::{AtomicI64, AtomicU64, Ordering},
    },
    time::Duration,
};

use bytes::Bytes;
use tokio::io::{AsyncRead, AsyncReadExt};
use tokio_util::sync::CancellationToken;

use self::transcode::{LiveFrame, Output, Transcoder};
use super::mount::Codec;
use crate::clock::now_ms;

/// Audio queued before the channel goes live: the jitter a source's network may have.
pub const JITTER: Duration = Duration::from_millis(1_000);
/// Most audio queued per codec; beyond it the source is paced (its connection goes unread).
pub const MAX_QUEUED: Duration = Duration::from_secs(5);
/// No new audio for this long with the queue empty: the studio has stalled, the autoDJ resumes.
pub const STALL: Duration = Duration::from_millis(1_000);
/// No audio at all for this long: the source is cut off (as Icecast's default `source-timeout`).
pub const SOURCE_TIMEOUT: Duration = Duration::from_secs(10);

/// A source connected to a channel.
#[derive(Debug)]
pub struct Session {
    pub id: u64,
    /// When it connected (Unix ms).
    pub since_ms: i64,
    pub address: IpAddr,
    /// The mount it connected to, and what it sends.
    pub mount: String,
    pub codec: Codec,
    /// `ice-name`, `ice-description` and `User-Agent`, as the encoder sent them (trimmed, bounded).
    pub name: String,
    pub description: String,
    pub user_agent: String,
    /// Fired to cut the source off (staff, shutdown, a source that sends nothing).
    pub stop: CancellationToken,
    /// When its audio last produced a frame (Unix ms).
    last_audio_ms: AtomicI64,
}

/// What the playout does on this tick.
#[derive(Debug, PartialEq, Eq)]
pub enum Tick {
    /// The autoDJ plays.
    AutoDj,
    /// The live programme starts now, under this title.
    Enter(String),
    /// The live programme goes on; a new title when the source sent one.
    Live(Option<String>),
    /// The live programme ended: the autoDJ resumes now.
    Leave,
}

#[derive(Default)]
struct Queue {
    frames: VecDeque<LiveFrame>,
    queued_us: u64,
}

#[derive(Default)]
struct Inner {
    session: Option<Arc<Session>>,
    queues: HashMap<Codec, Queue>,
    /// When the source last produced audio (monotonic), for the stall test.
    last_audio: Option<std::time::Instant>,
    on_air: bool,
    /// The title the source's metadata names (updinfo or in the stream), and whether the playout
    /// has yet to put it on air.
    title: Option<String>,
    title_changed: bool,
}

/// One channel's live input.
pub struct LiveFeed {
    pub meta_id: String,
    /// The channel's stream (the one whose mounts a source connects to).
    pub stream_id: String,
    /// The channel's codecs, the primary (the now playing's) first.
    pub codecs: Vec<Codec>,
    inner: Mutex<Inner>,
    room: Condvar,
    next_session: AtomicU64,
}

impl LiveFeed {
    pub fn new(meta_id: String, stream_id: String, mut codecs: Vec<Codec>) -> Self {
        codecs.sort_by_key(|codec| (*codec != Codec::Mp3, *codec));
        codecs.dedup();
        Self {
            meta_id,
            stream_id,
            codecs,
            inner: Mutex::default(),
            room: Condvar::new(),
            next_session: AtomicU64::new(1),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn primary(&self) -> Codec {
        self.codecs.first().copied().unwrap_or(Codec::Mp3)
    }

    /// Takes the channel for a new source; `None` when another source is on it ('Mountpoint in use').
    #[allow(clippy::too_many_arguments)]
    pub fn begin(
        &self,
        address: IpAddr,
        mount: &str,
        codec: Codec,
        name: &str,
        description: &str,
        user_agent: &str,
    ) -> Option<Arc<Session>> {
        let mut inner = self.lock();
        if inner.session.is_some() {
            return None;
        }
        let now = now_ms();
        let session = Arc::new(Session {
            id: self.next_session.fetch_add(1, Ordering::Relaxed),
            since_ms: now,
            address,
            mount: mount.to_owned(),
            codec,
            name: bounded(name, 200),
            description: bounded(description, 500),
            user_agent: bounded(user_agent, 200),
            stop: CancellationToken::new(),
            last_audio_ms: AtomicI64::new(now),
        });
        inner.session = Some(session.clone());
        inner.queues.clear();
        inner.title = None;
        inner.title_changed = false;
        Some(session)
    }

    /// The source of session `id` is gone. Its queued audio still plays out; then the autoDJ resumes.
    pub fn end(&self, id: u64) {
        let mut inner = self.lock();
        if inner.session.as_ref().is_some_and(|session| session.id == id) {
            inner.session = None;
        }
        drop(inner);
        self.room.notify_all();
    }

    pub fn session(&self) -> Option<Arc<Session>> {
        self.lock().session.clone()
    }

    /// The live title (updinfo, or a title in the stream); the playout puts it on air on its next
    /// tick if the channel is live, or when it goes live.
    pub fn set_title(&self, title: &str) {
        let title = bounded(title, 300);
        if title.is_empty() {
            return;
        }
        let mut inner = self.lock();
        if inner.title.as_deref() != Some(title.as_str()) {
            inner.title = Some(title);
            inner.title_changed = true;
        }
    }

    /// Queues what the source's audio became. Waits while the queues are full (pacing the source);
    /// false once the session is over.
    pub fn push(&self, session: &Session, output: Output) -> bool {
        if let Some(title) = &output.title {
            self.set_title(title);
        }
        let has_audio = output.frames.values().any(|frames| !frames.is_empty());
        let max_us = u64::try_from(MAX_QUEUED.as_micros()).unwrap_or(u64::MAX);
        let primary = self.primary();
        let mut inner = self.lock();
        loop {
            if inner
                .session
                .as_ref()
                .is_none_or(|current| current.id != session.id)
                || session.stop.is_cancelled()
            {
                return false;
            }
            let full = inner
                .queues
                .get(&primary)
                .is_some_and(|queue| queue.queued_us >= max_us);
            if !full || !has_audio {
                break;
            }
            inner = self
                .room
                .wait_timeout(inner, Duration::from_millis(200))
                .map(|(guard, _)| guard)
                .unwrap_or_else(|poisoned| poisoned.into_inner().0);
        }
        if !has_audio {
            return true;
        }
        for (codec, frames) in output.frames {
            let queue = inner.queues.entry(codec).or_default();
            for frame in frames {
                queue.queued_us += frame.duration_us;
                queue.frames.push_back(frame);
            }
        }
        inner.last_audio = Some(std::time::Instant::now());
        session.last_audio_ms.store(now_ms(), Ordering::Relaxed);
        true
    }

    /// Decides this tick (the playout calls it once per tick, before taking frames).
    pub fn tick(&self) -> Tick {
        let primary = self.primary();
        let mut inner = self.lock();
        let queued = inner.queues.get(&primary).map_or(0, |queue| queue.queued_us);
        if inner.on_air {
            let stalled = inner.last_audio.is_none_or(|at| at.elapsed() >= STALL);
            if queued == 0 && (inner.session.is_none() || stalled) {
                inner.on_air = false;
                inner.queues.clear();
                drop(inner);
                self.room.notify_all();
                return Tick::Leave;
            }
            let title = std::mem::take(&mut inner.title_changed)
                .then(|| inner.title.clone())
                .flatten();
            return Tick::Live(title);
        }
        let jitter = u64::try_from(JITTER.as_micros()).unwrap_or(0);
        match &inner.session {
            Some(session) if queued >= jitter => {
                let title = inner
                    .title
                    .clone()
                    .or_else(|| (!session.name.is_empty()).then(|| session.name.clone()))
                    .unwrap_or_else(|| "Ao vivo".to_owned());
                inner.on_air = true;
                inner.title_changed = false;
                // Only the latest second or so: a source that queued more while the channel was
                // not listening (a tick late) would otherwise air late for good.
                for queue in inner.queues.values_mut() {
                    while queue.queued_us > 2 * jitter {
                        let Some(frame) = queue.frames.pop_front() else {
                            break;
                        };
                        queue.queued_us -= frame.duration_us;
                    }
                }
                Tick::Enter(title)
            }
            _ => Tick::AutoDj,
        }
    }

    /// Frames of `codec` for as long as `want_us` lasts (whole frames; the last may overrun it).
    pub fn take(&self, codec: Codec, want_us: u64) -> Vec<LiveFrame> {
        let mut inner = self.lock();
        let Some(queue) = inner.queues.get_mut(&codec) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut taken = 0;
        while taken < want_us {
            let Some(frame) = queue.frames.pop_front() else {
                break;
            };
            queue.queued_us -= frame.duration_us;
            taken += frame.duration_us;
            out.push(frame);
        }
        drop(inner);
        self.room.notify_all();
        out
    }

    /// Cuts the source off (staff, or this instance shutting down).
    pub fn disconnect(&self) -> bool {
        match self.session() {
            Some(session) => {
                session.stop.cancel();
                true
            }
            None => false,
        }
    }
}

/// Marks a request read by the accept loop's source path (`listen.rs`): its connection can become a
/// source, which a request through the ordinary HTTP path cannot.
#[derive(Debug, Clone, Copy)]
pub struct SourceConnection {
    /// The request came with the legacy `SOURCE` method (answered before its body, as Icecast does).
    pub legacy: bool,
}

/// What reads a source's connection once it is admitted.
pub type SourceReader = Box<dyn AsyncRead + Send + Unpin>;
type Run = Box<dyn FnOnce(SourceReader, Bytes) -> futures_util::future::BoxFuture<'static, ()> + Send>;

/// Put in a 200 response by the source route: the accept loop answers the encoder, then hands the
/// connection (and the bytes that came with the head) to this, which reads it to its end.
#[derive(Clone)]
pub struct Admission(Arc<Mutex<Option<Run>>>);

impl Admission {
    pub fn new(
        run: impl FnOnce(SourceReader, Bytes) -> futures_util::future::BoxFuture<'static, ()> + Send + 'static,
    ) -> Self {
        Self(Arc::new(Mutex::new(Some(Box::new(run)))))
    }

    /// The reader of the connection, once.
    pub fn take(&self) -> Option<Run> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).take()
    }
}

impl std::fmt::Debug for Admission {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Admission")
    }
}

fn bounded(text: &str, max: usize) -> String {
    text.trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(max)
        .collect()
}

/// Reads a source's audio from `reader` (after `leftover`, what came with its request head) into
/// `feed` until the source disconnects, is cut off, or sends nothing that decodes for
/// [`SOURCE_TIMEOUT`]. The session ends with it.
pub async fn run_source<R: AsyncRead + Unpin>(
    feed: Arc<LiveFeed>,
    session: Arc<Session>,
    mut reader: R,
    leftover: Bytes,
) {
    // A few reads in flight: what the worker has not taken yet stays in the socket, unread.
    let (tx, mut rx) = tokio::sync::mpsc::channel::<Bytes>(4);
    let worker = {
        let feed = feed.clone();
        let session = session.clone();
        std::thread::Builder::new()
            .name(format!("onda-live-{}", feed.meta_id))
            .spawn(move || {
                let mut transcoder = Transcoder::new(session.codec, &feed.codecs);
                while let Some(bytes) = rx.blocking_recv() {
                    let output = transcoder.push(&bytes);
                    if !feed.push(&session, output) {
                        break;
                    }
                }
            })
    };
    if let Err(err) = worker {
        tracing::error!(error = %err, "live input thread not started");
        feed.end(session.id);
        return;
    }
    tracing::info!(
        meta_id = %feed.meta_id,
        mount = %session.mount,
        address = %session.address,
        name = %session.name,
        description = %session.description,
        agent = %session.user_agent,
        "live source connected"
    );
    let reason = pump(&session, &mut reader, &tx, leftover).await;
    tracing::info!(meta_id = %feed.meta_id, address = %session.address, reason, "live source ended");
    drop(tx);
    feed.end(session.id);
}

async fn pump<R: AsyncRead + Unpin>(
    session: &Session,
    reader: &mut R,
    tx: &tokio::sync::mpsc::Sender<Bytes>,
    leftover: Bytes,
) -> &'static str {
    if !leftover.is_empty() && tx.send(leftover).await.is_err() {
        return "input closed";
    }
    let timeout_ms = i64::try_from(SOURCE_TIMEOUT.as_millis()).unwrap_or(i64::MAX);
    let mut buffer = vec![0u8; 16 * 1024];
    loop {
        let read = tokio::select! {
            read = tokio::time::timeout(Duration::from_secs(1), reader.read(&mut buffer)) => read,
            () = session.stop.cancelled() => return "cut off",
        };
        if now_ms() - session.last_audio_ms.load(Ordering::Relaxed) > timeout_ms {
            return "no audio";
        }
        match read {
            // Nothing this second: the audio test above decides.
            Err(_) => {}
            Ok(Ok(0)) => return "disconnected",
            Ok(Err(_)) => return "connection error",
            Ok(Ok(read)) => {
                // Waits while the worker is behind: the connection goes unread, the sender slows.
                let sent = tokio::select! {
                    sent = tx.send(Bytes::copy_from_slice(&buffer[..read])) => sent.is_ok(),
                    () = session.stop.cancelled() => return "cut off",
                };
                if !sent {
                    return "input closed";
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn frames(count: usize) -> Output {
        let mut output = Output::default();
        output.frames.insert(
            Codec::Mp3,
            (0..count)
                .map(|_| LiveFrame {
                    data: Bytes::from_static(&[0xFF; 10]),
                    duration_us: 26_122,
                })
                .collect(),
        );
        output
    }

    #[test]
    fn one_source_at_a_time_and_the_channel_goes_live_after_a_second_of_audio() {
        let feed = LiveFeed::new("m".into(), "s".into(), vec![Codec::Mp3]);
        let ip = IpAddr::from([127, 0, 0, 1]);
        let session = feed.begin(ip, "s.mp3", Codec::Mp3, "Estúdio", "", "").unwrap();
        assert!(
            feed.begin(ip, "s.mp3", Codec::Mp3, "", "", "").is_none(),
            "in use"
        );
        assert_eq!(feed.tick(), Tick::AutoDj);
        assert!(feed.push(&session, frames(20)));
        assert_eq!(feed.tick(), Tick::AutoDj, "half a second is not enough");
        assert!(feed.push(&session, frames(30)));
        assert_eq!(feed.tick(), Tick::Enter("Estúdio".into()));
        feed.set_title("Banda - Música");
        assert_eq!(feed.tick(), Tick::Live(Some("Banda - Música".into())));
        assert_eq!(feed.take(Codec::Mp3, 1_000_000).len(), 39);
        // Disconnected: what is queued plays out, then the autoDJ.
        feed.end(session.id);
        assert_eq!(feed.tick(), Tick::Live(None));
        assert_eq!(feed.take(Codec::Mp3, 1_000_000).len(), 11);
        assert_eq!(feed.tick(), Tick::Leave);
        assert_eq!(feed.tick(), Tick::AutoDj);
        assert!(!feed.push(&session, frames(1)), "an ended session queues nothing");
        assert!(
            feed.begin(ip, "s.mp3", Codec::Mp3, "", "", "").is_some(),
            "free again"
        );
    }

    #[test]
    fn a_full_queue_holds_the_source_until_the_playout_takes_audio() {
        let feed = Arc::new(LiveFeed::new("m".into(), "s".into(), vec![Codec::Mp3]));
        let session = feed
            .begin(IpAddr::from([127, 0, 0, 1]), "s.mp3", Codec::Mp3, "", "", "")
            .unwrap();
        // 5 s of audio fill it.
        assert!(feed.push(&session, frames(200)));
        let pushed = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let waiter = {
            let (feed, session, pushed) = (feed.clone(), session.clone(), pushed.clone());
            std::thread::spawn(move || {
                feed.push(&session, frames(1));
                pushed.store(true, Ordering::SeqCst);
            })
        };
        std::thread::sleep(Duration::from_millis(300));
        assert!(!pushed.load(Ordering::SeqCst), "paced");
        feed.take(Codec::Mp3, 500_000);
        waiter.join().unwrap();
        assert!(pushed.load(Ordering::SeqCst));
    }
}
