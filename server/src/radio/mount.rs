//! A mount: one encoded stream (`onda_1.mp3`, `onda_1.aac`, …) shared by all its listeners.
//!
//! The playout publishes whole frames in small chunks at the pace of real time. Every listener holds a
//! receiver of one `tokio::sync::broadcast` channel, so a chunk is shared (a `Bytes` clone, no copy)
//! and the publisher never waits for anyone: a listener that falls more than the backlog behind (a
//! slow or stalled connection) finds its receiver lagged and is dropped, as Icecast drops clients past
//! its queue size, while the others carry on. A new listener first gets the burst, the last few
//! seconds of audio, so its player can start at once, then the live edge.

use std::{
    collections::VecDeque,
    convert::Infallible,
    sync::{
        Arc, Mutex, PoisonError,
        atomic::{AtomicBool, AtomicI64, AtomicU64, AtomicUsize, Ordering},
    },
    time::Duration,
};

use bytes::Bytes;
use futures_util::Stream;
use onda_shared::icy::IcyWriter;
use tokio::sync::broadcast;

/// How much recent audio a new listener gets before the live edge: at least this long...
pub const BURST: Duration = Duration::from_secs(3);

/// ...and at least this many bytes (Icecast's default burst-size). Players probe a stream before they
/// start: Chromium starts MP3 at once but waits for about 32 KiB of ADTS, which three seconds of
/// HE-AAC at 64 kbps (24 KiB) or 32 kbps (12 KiB) do not hold; measured, those took 1.2 s and 4.8 s to
/// start with a time-only burst, and start at once with this one.
pub const BURST_MIN_BYTES: usize = 64 * 1024;

/// How far behind the live edge a listener may fall before it is dropped.
pub const BACKLOG: Duration = Duration::from_secs(20);

/// A piece of the stream as the playout publishes it: whole frames, and the title on air for them.
#[derive(Debug, Clone)]
pub struct Chunk {
    pub data: Bytes,
    pub title: Arc<str>,
    pub duration_us: u64,
    /// When its first frame is due on the live edge (Unix ms): HLS dates its segments by it.
    pub at_ms: i64,
}

/// What a mount carries; decides the Content-Type and the frame parser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Codec {
    Mp3,
    /// HE-AAC v1 in ADTS ('AAC-HE').
    AacHe,
    /// HE-AAC v2 in ADTS ('AAC+').
    AacPlus,
}

impl Codec {
    pub fn content_type(self) -> &'static str {
        match self {
            Self::Mp3 => "audio/mpeg",
            Self::AacHe => "audio/aac",
            Self::AacPlus => "audio/aacp",
        }
    }

    /// The mount name of a stream in this codec, as the stream sources list it.
    pub fn mount_name(self, stream_id: &str) -> String {
        match self {
            Self::Mp3 => format!("{stream_id}.mp3"),
            Self::AacHe => format!("{stream_id}.aac"),
            Self::AacPlus => format!("{stream_id}_aacp.aac"),
        }
    }

    /// Nominal bitrate, for `icy-br` and the burst arithmetic of tests.
    pub fn kbps(self) -> u32 {
        match self {
            Self::Mp3 => 128,
            Self::AacHe => 64,
            Self::AacPlus => 32,
        }
    }
}

pub struct Mount {
    pub name: String,
    /// The stream (`streams.stream_id`) this mount belongs to; affiliates relay the main programme
    /// under their own stream id.
    pub stream_id: String,
    pub codec: Codec,
    tx: broadcast::Sender<Chunk>,
    inner: Mutex<Inner>,
    listeners: AtomicUsize,
    bytes_published: AtomicU64,
    /// When the last chunk was published (Unix ms; 0 before the first): the metrics' sign of a
    /// channel gone silent.
    last_audio_ms: AtomicI64,
    burst_us: u64,
    /// Set by [`Mount::close`]: feeds end and no new listener is fed.
    closed: AtomicBool,
}

struct Inner {
    burst: VecDeque<Chunk>,
    burst_us: u64,
    burst_bytes: usize,
    title: Arc<str>,
}

impl Mount {
    /// `chunk_period` is how often the playout publishes; with [`BACKLOG`] it sizes the channel.
    pub fn new(name: String, stream_id: String, codec: Codec, chunk_period: Duration) -> Self {
        let period = chunk_period.as_micros().max(1);
        let capacity = usize::try_from(BACKLOG.as_micros() / period)
            .unwrap_or(1024)
            .max(8);
        let (tx, _) = broadcast::channel(capacity);
        Self {
            name,
            stream_id,
            codec,
            tx,
            inner: Mutex::new(Inner {
                burst: VecDeque::new(),
                burst_us: 0,
                burst_bytes: 0,
                title: Arc::from(""),
            }),
            listeners: AtomicUsize::new(0),
            bytes_published: AtomicU64::new(0),
            last_audio_ms: AtomicI64::new(0),
            burst_us: u64::try_from(BURST.as_micros()).unwrap_or(u64::MAX),
            closed: AtomicBool::new(false),
        }
    }

    /// Ends every feed of this mount (server shutdown) and refuses new ones.
    ///
    /// The end travels through the broadcast as an empty chunk, which the playout never publishes, so
    /// a feed waits on its receiver alone. Each feed used to select on a shutdown token as well: every
    /// chunk then registered and removed each listener in the token's one waiter list, two locks of a
    /// mutex all listeners share, four times a second each (bench/listeners.sh).
    pub fn close(&self) {
        let _inner = self.lock();
        self.closed.store(true, Ordering::SeqCst);
        let _no_listeners_is_fine = self.tx.send(Chunk {
            data: Bytes::new(),
            title: Arc::from(""),
            duration_us: 0,
            at_ms: 0,
        });
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock cannot leave the queue inconsistent; keep serving.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Sends a chunk to every listener and keeps it for the burst. Never blocks on listeners.
    pub fn publish(&self, chunk: Chunk) {
        if chunk.data.is_empty() {
            // An empty chunk on the channel means the mount closed.
            return;
        }
        self.bytes_published
            .fetch_add(chunk.data.len() as u64, Ordering::Relaxed);
        self.last_audio_ms
            .store(crate::clock::now_ms(), Ordering::Relaxed);
        let mut inner = self.lock();
        inner.title = chunk.title.clone();
        inner.burst_us += chunk.duration_us;
        inner.burst_bytes += chunk.data.len();
        inner.burst.push_back(chunk.clone());
        while inner.burst.len() > 1 {
            let (front_us, front_bytes) = inner
                .burst
                .front()
                .map_or((0, 0), |c| (c.duration_us, c.data.len()));
            if inner.burst_us - front_us < self.burst_us || inner.burst_bytes - front_bytes < BURST_MIN_BYTES
            {
                break;
            }
            inner.burst_us -= front_us;
            inner.burst_bytes -= front_bytes;
            inner.burst.pop_front();
        }
        // Under the same lock as the burst, so a subscriber sees each chunk exactly once.
        let _no_listeners_is_fine = self.tx.send(chunk);
    }

    /// The burst and a receiver for what follows it, taken atomically; `None` once closed.
    pub fn subscribe(&self) -> Option<(Vec<Chunk>, broadcast::Receiver<Chunk>)> {
        let inner = self.lock();
        if self.closed.load(Ordering::SeqCst) {
            return None;
        }
        Some((inner.burst.iter().cloned().collect(), self.tx.subscribe()))
    }

    /// The title on air on this mount (the one in its latest chunk).
    pub fn title(&self) -> Arc<str> {
        self.lock().title.clone()
    }

    pub fn listeners(&self) -> usize {
        self.listeners.load(Ordering::Relaxed)
    }

    /// When audio was last published on this mount (Unix ms), if ever.
    pub fn last_audio_ms(&self) -> Option<i64> {
        Some(self.last_audio_ms.load(Ordering::Relaxed)).filter(|ms| *ms > 0)
    }

    pub fn bytes_published(&self) -> u64 {
        self.bytes_published.load(Ordering::Relaxed)
    }

    /// A listener's feed: burst, then live chunks until the listener lags or the mount closes.
    /// `icy_metaint` inserts ICY metadata blocks. `on_end` runs once when the feed is dropped (the
    /// connection closed), with the number of bytes sent.
    pub fn listen<E: FnOnce(u64) + Send + 'static>(
        self: &Arc<Self>,
        icy_metaint: Option<usize>,
        on_end: E,
    ) -> impl Stream<Item = Result<Bytes, Infallible>> + Send + 'static {
        self.listeners.fetch_add(1, Ordering::Relaxed);
        let guard = ListenerGuard {
            mount: self.clone(),
            bytes: 0,
            on_end: Some(on_end),
        };
        let feed = self.subscribe().map(|(burst, rx)| Feed {
            burst: burst.into(),
            rx,
            icy: icy_metaint.map(IcyWriter::new),
            guard,
        });
        futures_util::stream::unfold(feed, |feed| async move {
            let mut feed = feed?;
            let chunk = feed.next_chunk().await?;
            let bytes = feed.encode(&chunk);
            feed.guard.bytes += bytes.len() as u64;
            Some((Ok(bytes), Some(feed)))
        })
    }
}

struct Feed<E: FnOnce(u64)> {
    burst: VecDeque<Chunk>,
    rx: broadcast::Receiver<Chunk>,
    icy: Option<IcyWriter>,
    guard: ListenerGuard<E>,
}

impl<E: FnOnce(u64)> Feed<E> {
    async fn next_chunk(&mut self) -> Option<Chunk> {
        if let Some(chunk) = self.burst.pop_front() {
            if self.burst.is_empty() {
                // Sent: its room (a few dozen chunk handles) is not kept for the listener's whole stay.
                self.burst = VecDeque::new();
            }
            return Some(chunk);
        }
        match self.rx.recv().await {
            // The mount closed (`Mount::close`).
            Ok(chunk) if chunk.data.is_empty() => None,
            Ok(chunk) => Some(chunk),
            Err(broadcast::error::RecvError::Lagged(missed)) => {
                tracing::debug!(mount = %self.guard.mount.name, missed, "slow listener dropped");
                None
            }
            Err(broadcast::error::RecvError::Closed) => None,
        }
    }

    fn encode(&mut self, chunk: &Chunk) -> Bytes {
        match &mut self.icy {
            None => chunk.data.clone(),
            Some(icy) => {
                let mut out = Vec::with_capacity(chunk.data.len() + 64);
                icy.write(&chunk.data, &chunk.title, &mut out);
                Bytes::from(out)
            }
        }
    }
}

/// Counts the listener while its feed lives and reports the end of the session when dropped. `on_end`
/// is held in place, not boxed: one allocation less for every listener.
struct ListenerGuard<E: FnOnce(u64)> {
    mount: Arc<Mount>,
    bytes: u64,
    on_end: Option<E>,
}

impl<E: FnOnce(u64)> Drop for ListenerGuard<E> {
    fn drop(&mut self) {
        self.mount.listeners.fetch_sub(1, Ordering::Relaxed);
        if let Some(on_end) = self.on_end.take() {
            on_end(self.bytes);
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use futures_util::StreamExt;

    use super::*;

    fn chunk(byte: u8, len: usize, title: &str) -> Chunk {
        Chunk {
            data: Bytes::from(vec![byte; len]),
            title: Arc::from(title),
            duration_us: 250_000,
            at_ms: 0,
        }
    }

    fn mount() -> Arc<Mount> {
        Arc::new(Mount::new(
            "t.mp3".into(),
            "t".into(),
            Codec::Mp3,
            Duration::from_millis(250),
        ))
    }

    #[tokio::test]
    async fn burst_keeps_three_seconds_and_64_kib() {
        let mount = mount();
        // Small chunks: three seconds hold less than 64 KiB, so the burst is the last 64 KiB.
        for i in 0..200 {
            mount.publish(chunk(i, 1024, "x"));
        }
        let (burst, _rx) = mount.subscribe().unwrap();
        let bytes: usize = burst.iter().map(|c| c.data.len()).sum();
        assert_eq!(bytes, BURST_MIN_BYTES);
        assert_eq!(burst.last().map(|c| c.data[0]), Some(199));
        // Big chunks: 64 KiB come in under three seconds, so the burst is three seconds long.
        let mount = super::tests::mount();
        for i in 0..40 {
            mount.publish(chunk(i, 16_000, "x"));
        }
        let (burst, _rx) = mount.subscribe().unwrap();
        let total: u64 = burst.iter().map(|c| c.duration_us).sum();
        assert_eq!(total, 3_000_000);
    }

    #[tokio::test]
    async fn two_listeners_get_identical_bytes_and_counts_follow_them() {
        let mount = mount();
        mount.publish(chunk(1, 5, "a"));
        let ended = Arc::new(AtomicU64::new(0));
        let seen = ended.clone();
        let mut one = Box::pin(mount.listen(None, move |bytes| seen.store(bytes, Ordering::SeqCst)));
        let mut two = Box::pin(mount.listen(None, |_| {}));
        assert_eq!(mount.listeners(), 2);
        mount.publish(chunk(2, 5, "a"));
        for _ in 0..2 {
            let a = one.next().await.unwrap().unwrap();
            let b = two.next().await.unwrap().unwrap();
            assert_eq!(a, b);
        }
        drop(one);
        assert_eq!(mount.listeners(), 1);
        assert_eq!(ended.load(Ordering::SeqCst), 10);
        mount.close();
        assert!(two.next().await.is_none(), "closing the mount ends the feed");
        assert_eq!(mount.listeners(), 0);
        let mut late = Box::pin(mount.listen(None, |_| {}));
        assert!(late.next().await.is_none(), "a closed mount feeds nobody");
        drop(late);
        assert_eq!(mount.listeners(), 0);
    }

    #[tokio::test]
    async fn a_listener_that_falls_behind_is_dropped_without_holding_others() {
        let mount = mount();
        let mut slow = Box::pin(mount.listen(None, |_| {}));
        let mut fast = Box::pin(mount.listen(None, |_| {}));
        // Far more than the backlog, while `slow` reads nothing.
        for i in 0..200u32 {
            mount.publish(chunk((i % 250) as u8, 100, "x"));
            let got = fast.next().await.unwrap().unwrap();
            assert_eq!(got[0], (i % 250) as u8);
        }
        assert!(slow.next().await.is_none(), "the lagging listener is cut");
    }

    #[tokio::test]
    async fn icy_listeners_get_titles_in_band() {
        let mount = mount();
        let mut feed = Box::pin(mount.listen(Some(16), |_| {}));
        mount.publish(chunk(7, 20, "Artist - Song"));
        let bytes = feed.next().await.unwrap().unwrap();
        let mut reader = onda_shared::icy::IcyReader::new(16);
        let read = reader.push(&bytes);
        assert_eq!(read.audio, vec![7; 20]);
        assert_eq!(read.titles, ["Artist - Song"]);
    }
}
