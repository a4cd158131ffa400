//! Listener accounting: every listening session exactly (mount, stream, client kind, start, end, bytes),
//! live counts per statistics channel, and a per-minute sample of those counts.
//!
//! Sessions are written by one background task in batches, so a thousand listeners connecting at once
//! cost a few transactions, not a thousand, and a connection never waits for the database. An
//! instance heartbeat lets the next start close the sessions a crashed instance left open at the time
//! it was last seen alive, instead of leaving them open forever (AzuraCast's sessions that never end)
//! or closing them at restart time (which would invent listening time).

use std::{
    collections::{BTreeMap, HashMap},
    net::IpAddr,
    sync::{
        Arc, Mutex, PoisonError,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};

use sha2::{Digest, Sha256};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use crate::{clock::now_ms, db::Db};

/// The statistics channel of all listeners together.
pub const TOTAL: &str = "total";

/// Client kinds, as the statistics channels name them (doc3 §3 "Statistics listener sample").
pub const CLIENT_KINDS: &[&str] = &["https", "http", "android", "ios", "desktop", "alexa", "tuneIn"];

/// How often the counts are sampled into `listener_samples`.
pub const SAMPLE_PERIOD: Duration = Duration::from_secs(60);

/// How often this instance says it is alive.
const HEARTBEAT_PERIOD: Duration = Duration::from_secs(30);

/// An instance silent for this long is dead; its open sessions end at its last heartbeat.
const DEAD_AFTER_MS: i64 = 3 * 60 * 1000;

/// The client kind of a listener: an explicit `client` query value from our own apps, else the user
/// agent of the known app players, else the scheme a web player used.
pub fn client_kind(user_agent: &str, client_param: Option<&str>, https: bool) -> &'static str {
    if let Some(param) = client_param
        && let Some(kind) = CLIENT_KINDS.iter().find(|kind| kind.eq_ignore_ascii_case(param))
    {
        return kind;
    }
    let ua = user_agent.to_ascii_lowercase();
    let any = |needles: &[&str]| needles.iter().any(|needle| ua.contains(needle));
    if any(&["ondadesktop"]) {
        "desktop"
    } else if any(&["alexa"]) {
        "alexa"
    } else if any(&["tunein"]) {
        "tuneIn"
    } else if any(&["dalvik", "exoplayer", "okhttp", "stagefright"]) {
        "android"
    } else if any(&["applecoremedia", "cfnetwork"]) {
        "ios"
    } else if https {
        "https"
    } else {
        "http"
    }
}

/// Who is starting to listen.
#[derive(Debug, Clone)]
pub struct SessionStart {
    pub mount: String,
    pub stream_id: String,
    pub client: &'static str,
    pub ip: IpAddr,
    pub user_agent: String,
    pub user_id: Option<i64>,
}

enum Event {
    Start {
        /// This instance's sequence number of the session (its key is `<instance>-<seq>`).
        seq: u64,
        start: SessionStart,
        at_ms: i64,
    },
    End {
        seq: u64,
        at_ms: i64,
        bytes: u64,
    },
    /// Answered once everything queued before it is written.
    Flush(tokio::sync::oneshot::Sender<()>),
}

/// A stream, one of its mounts and a client kind.
type Combination = (Arc<str>, Arc<str>, &'static str);

pub struct ListenerBook {
    instance: String,
    seq: AtomicU64,
    tx: mpsc::UnboundedSender<Event>,
    rx: Mutex<Option<mpsc::UnboundedReceiver<Event>>>,
    counts: Mutex<HashMap<String, i64>>,
    /// Live listeners by stream, mount and client kind, for the metrics (`metrics`): bounded by the
    /// configured mounts times the client kinds, since a combination leaves when its count is zero.
    detail: Mutex<HashMap<Combination, i64>>,
    /// Listeners of external Icecast mounts per stream id, as their status page reports them.
    external: Mutex<HashMap<String, i64>>,
    ip_salt: Mutex<String>,
    writer_running: std::sync::atomic::AtomicBool,
}

impl Default for ListenerBook {
    fn default() -> Self {
        Self::new()
    }
}

impl ListenerBook {
    pub fn new() -> Self {
        let (tx, rx) = mpsc::unbounded_channel();
        Self {
            instance: crate::auth::random_hex(8),
            seq: AtomicU64::new(0),
            tx,
            rx: Mutex::new(Some(rx)),
            counts: Mutex::new(HashMap::new()),
            detail: Mutex::new(HashMap::new()),
            external: Mutex::new(HashMap::new()),
            ip_salt: Mutex::new(String::new()),
            writer_running: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// The `session_key` of this instance's session number `seq`.
    fn session_key(&self, seq: u64) -> String {
        format!("{}-{seq}", self.instance)
    }

    /// This instance's id (the `instance` column of its sessions and heartbeats).
    pub fn instance(&self) -> &str {
        &self.instance
    }

    fn add(&self, channel: &str, delta: i64) {
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        *counts.entry(channel.to_owned()).or_default() += delta;
    }

    fn add_detail(&self, combination: &Combination, delta: i64) {
        let mut detail = self.detail.lock().unwrap_or_else(PoisonError::into_inner);
        let count = detail.entry(combination.clone()).or_default();
        *count += delta;
        if *count <= 0 {
            detail.remove(combination);
        }
    }

    /// Counts a new listener and queues its session row. Keep the handle until the connection ends.
    pub fn start(self: &Arc<Self>, start: SessionStart) -> SessionHandle {
        let seq = self.seq.fetch_add(1, Ordering::Relaxed);
        self.add(TOTAL, 1);
        self.add(start.client, 1);
        self.add(&start.stream_id, 1);
        let combination: Combination = (
            Arc::from(start.stream_id.as_str()),
            Arc::from(start.mount.as_str()),
            start.client,
        );
        self.add_detail(&combination, 1);
        let handle = SessionHandle {
            book: self.clone(),
            seq,
            combination,
        };
        let _ = self.tx.send(Event::Start {
            seq,
            start,
            at_ms: now_ms(),
        });
        handle
    }

    /// Live listeners per channel: `total`, each client kind and each stream id (zero counts included
    /// for the client kinds, so a chart always has every series).
    pub fn counts(&self) -> BTreeMap<String, i64> {
        let mut out: BTreeMap<String, i64> = std::iter::once(TOTAL)
            .chain(CLIENT_KINDS.iter().copied())
            .map(|channel| (channel.to_owned(), 0))
            .collect();
        for (channel, count) in self.counts.lock().unwrap_or_else(PoisonError::into_inner).iter() {
            out.insert(channel.clone(), *count);
        }
        for (stream_id, count) in self
            .external
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
        {
            *out.entry(stream_id.clone()).or_default() += count;
            *out.entry(TOTAL.to_owned()).or_default() += count;
        }
        out
    }

    /// This instance's live listeners by stream, mount and client kind (external mounts left out:
    /// their own server reports them).
    pub fn by_mount(&self) -> Vec<(Arc<str>, Arc<str>, &'static str, i64)> {
        self.detail
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .map(|((stream, mount, client), count)| (stream.clone(), mount.clone(), *client, *count))
            .collect()
    }

    /// Sets the listener count an external mount reports for its stream.
    pub fn set_external(&self, stream_id: &str, listeners: i64) {
        self.external
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(stream_id.to_owned(), listeners);
    }

    fn ip_hash(&self, ip: &IpAddr) -> String {
        let salt = self
            .ip_salt
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        hex::encode(&Sha256::digest(format!("{salt}|{ip}").as_bytes())[..16])
    }

    /// Runs the session writer, the sampler and the heartbeat until `shutdown`; then closes this
    /// instance's open sessions.
    pub async fn run(self: Arc<Self>, db: Db, shutdown: CancellationToken) {
        // Taken before anything else, so `flush` knows at once that the writer owns the queue.
        self.writer_running.store(true, Ordering::SeqCst);
        let Some(mut rx) = self.rx.lock().unwrap_or_else(PoisonError::into_inner).take() else {
            return;
        };
        let salt = match load_salt(&db).await {
            Ok(salt) => salt,
            Err(err) => {
                tracing::warn!(error = %err, "listener IP salt unavailable; using a per-run one");
                crate::auth::random_hex(16)
            }
        };
        *self.ip_salt.lock().unwrap_or_else(PoisonError::into_inner) = salt;
        if let Err(err) = self.heartbeat(&db).await {
            tracing::warn!(error = %err, "listener heartbeat failed");
        }
        if let Err(err) = close_dead_instances(&db).await {
            tracing::warn!(error = %err, "closing sessions of dead instances failed");
        }
        let mut sample = tokio::time::interval_at(next_minute(), SAMPLE_PERIOD);
        sample.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        let mut heartbeat = tokio::time::interval(HEARTBEAT_PERIOD);
        heartbeat.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        let mut batch = Vec::new();
        loop {
            tokio::select! {
                received = rx.recv_many(&mut batch, 512) => {
                    if received == 0 {
                        break;
                    }
                    // Let a burst of connections gather into one transaction.
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    while let Ok(event) = rx.try_recv() {
                        batch.push(event);
                    }
                    let (events, flushes) = split_flushes(std::mem::take(&mut batch));
                    if let Err(err) = self.write(&db, events).await {
                        tracing::warn!(error = %err, "listener sessions not recorded");
                    }
                    for flushed in flushes {
                        let _ = flushed.send(());
                    }
                }
                _ = sample.tick() => {
                    if let Err(err) = self.sample(&db).await {
                        tracing::warn!(error = %err, "listener sample not recorded");
                    }
                }
                _ = heartbeat.tick() => {
                    if let Err(err) = self.heartbeat(&db).await {
                        tracing::warn!(error = %err, "listener heartbeat failed");
                    }
                }
                () = shutdown.cancelled() => break,
            }
        }
        // Whatever is still queued, then every session of this instance that is still open.
        while let Ok(event) = rx.try_recv() {
            batch.push(event);
        }
        let (events, _) = split_flushes(batch);
        if let Err(err) = self.write(&db, events).await {
            tracing::warn!(error = %err, "listener sessions not recorded at shutdown");
        }
        let _ = sqlx::query(
            "UPDATE listener_sessions SET ended_at_ms = $1 WHERE instance = $2 AND ended_at_ms IS NULL",
        )
        .bind(now_ms())
        .bind(&self.instance)
        .execute(&db.pool)
        .await;
    }

    async fn write(&self, db: &Db, events: Vec<Event>) -> Result<(), sqlx::Error> {
        if events.is_empty() {
            return Ok(());
        }
        let mut tx = db.pool.begin().await?;
        for event in events {
            match event {
                Event::Start { seq, start, at_ms } => {
                    let key = self.session_key(seq);
                    sqlx::query(
                        "INSERT INTO listener_sessions (session_key, instance, mount, stream_id, client, \
                         started_at_ms, ip_hash, user_agent, user_id) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                    )
                    .bind(&key)
                    .bind(&self.instance)
                    .bind(&start.mount)
                    .bind(&start.stream_id)
                    .bind(start.client)
                    .bind(at_ms)
                    .bind(self.ip_hash(&start.ip))
                    .bind(start.user_agent.chars().take(300).collect::<String>())
                    .bind(start.user_id)
                    .execute(&mut *tx)
                    .await?;
                }
                Event::Flush(_) => {}
                Event::End { seq, at_ms, bytes } => {
                    let key = self.session_key(seq);
                    sqlx::query(
                        "UPDATE listener_sessions SET ended_at_ms = $1, bytes_sent = $2 WHERE session_key = $3",
                    )
                    .bind(at_ms)
                    .bind(i64::try_from(bytes).unwrap_or(i64::MAX))
                    .bind(&key)
                    .execute(&mut *tx)
                    .await?;
                }
            }
        }
        tx.commit().await
    }

    /// Writes the current counts as this minute's sample (summed with other instances' rows).
    pub async fn sample(&self, db: &Db) -> Result<(), sqlx::Error> {
        let at = now_ms().div_euclid(60_000) * 60;
        let counts = self.counts();
        let mut tx = db.pool.begin().await?;
        for (channel, listeners) in counts {
            sqlx::query(
                "INSERT INTO listener_samples (at, channel, listeners) VALUES ($1, $2, $3) \
                 ON CONFLICT (at, channel) DO UPDATE SET listeners = listener_samples.listeners + excluded.listeners",
            )
            .bind(at)
            .bind(&channel)
            .bind(listeners)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await
    }

    async fn heartbeat(&self, db: &Db) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO radio_instances (instance, last_seen_ms) VALUES ($1, $2) \
             ON CONFLICT (instance) DO UPDATE SET last_seen_ms = excluded.last_seen_ms",
        )
        .bind(&self.instance)
        .bind(now_ms())
        .execute(&db.pool)
        .await
        .map(|_| ())
    }

    /// Waits until every session event queued so far is in the database (tests, operator tools).
    pub async fn flush(&self, db: &Db) -> Result<(), sqlx::Error> {
        if !self.writer_running.load(Ordering::SeqCst) {
            // No writer task: write here what is queued.
            let mut batch = Vec::new();
            if let Some(rx) = self.rx.lock().unwrap_or_else(PoisonError::into_inner).as_mut() {
                while let Ok(event) = rx.try_recv() {
                    batch.push(event);
                }
            }
            return self.write(db, split_flushes(batch).0).await;
        }
        let (done, written) = tokio::sync::oneshot::channel();
        if self.tx.send(Event::Flush(done)).is_ok() {
            let _ = written.await;
        }
        Ok(())
    }
}

fn split_flushes(batch: Vec<Event>) -> (Vec<Event>, Vec<tokio::sync::oneshot::Sender<()>>) {
    let mut flushes = Vec::new();
    let events = batch
        .into_iter()
        .filter_map(|event| match event {
            Event::Flush(done) => {
                flushes.push(done);
                None
            }
            other => Some(other),
        })
        .collect();
    (events, flushes)
}

/// Ends a session: dropping the handle (the connection closed) records the end.
/// Held by a listener's feed for its whole stay, so it keeps no strings of its own: the sequence
/// number stands for the session key and the stream id and mount are shared.
pub struct SessionHandle {
    book: Arc<ListenerBook>,
    seq: u64,
    combination: Combination,
}

impl SessionHandle {
    pub fn end(self, bytes: u64) {
        let (stream_id, _, client) = &self.combination;
        self.book.add(TOTAL, -1);
        self.book.add(client, -1);
        self.book.add(stream_id, -1);
        self.book.add_detail(&self.combination, -1);
        let _ = self.book.tx.send(Event::End {
            seq: self.seq,
            at_ms: now_ms(),
            bytes,
        });
    }
}

/// Sessions left open by instances that stopped heartbeating end at their last heartbeat.
async fn close_dead_instances(db: &Db) -> Result<(), sqlx::Error> {
    let dead_before = now_ms() - DEAD_AFTER_MS;
    sqlx::query(
        "UPDATE listener_sessions SET ended_at_ms = \
         (SELECT MAX(r.last_seen_ms) FROM radio_instances r WHERE r.instance = listener_sessions.instance) \
         WHERE ended_at_ms IS NULL AND instance IN \
         (SELECT instance FROM radio_instances WHERE last_seen_ms < $1)",
    )
    .bind(dead_before)
    .execute(&db.pool)
    .await?;
    // Sessions whose instance never heartbeated at all end when they started.
    sqlx::query(
        "UPDATE listener_sessions SET ended_at_ms = started_at_ms WHERE ended_at_ms IS NULL \
         AND instance NOT IN (SELECT instance FROM radio_instances)",
    )
    .execute(&db.pool)
    .await?;
    sqlx::query("DELETE FROM radio_instances WHERE last_seen_ms < $1")
        .bind(dead_before - 24 * 3600 * 1000)
        .execute(&db.pool)
        .await?;
    Ok(())
}

const SALT_KEY: &str = "listener_ip_salt";

async fn load_salt(db: &Db) -> Result<String, sqlx::Error> {
    if let Some(salt) = db.setting(SALT_KEY).await? {
        return Ok(salt);
    }
    let salt = crate::auth::random_hex(16);
    sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
        .bind(SALT_KEY)
        .bind(&salt)
        .execute(&db.pool)
        .await?;
    Ok(db.setting(SALT_KEY).await?.unwrap_or(salt))
}

fn next_minute() -> tokio::time::Instant {
    let into_minute = u64::try_from(now_ms().rem_euclid(60_000)).unwrap_or_default();
    tokio::time::Instant::now() + Duration::from_millis(60_000 - into_minute)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_kinds_follow_the_statistics_channels() {
        let chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36";
        assert_eq!(client_kind(chrome, None, true), "https");
        assert_eq!(client_kind(chrome, None, false), "http");
        assert_eq!(client_kind("ExoPlayerLib/2.18.1", None, true), "android");
        assert_eq!(
            client_kind("AppleCoreMedia/1.0.0.21A329 (iPhone)", None, true),
            "ios"
        );
        assert_eq!(client_kind("OndaDesktop/0.1 (linux)", None, true), "desktop");
        assert_eq!(client_kind("AlexaMediaPlayer/2.1", None, true), "alexa");
        assert_eq!(client_kind("TuneIn Radio/30.1", None, true), "tuneIn");
        assert_eq!(client_kind(chrome, Some("ios"), true), "ios");
        assert_eq!(client_kind(chrome, Some("bogus"), true), "https");
    }

    #[test]
    fn counts_follow_sessions() {
        let book = Arc::new(ListenerBook::new());
        let start = |client| SessionStart {
            mount: "onda_1.mp3".into(),
            stream_id: "onda_1".into(),
            client,
            ip: IpAddr::from([127, 0, 0, 1]),
            user_agent: String::new(),
            user_id: None,
        };
        let a = book.start(start("https"));
        let b = book.start(start("android"));
        let counts = book.counts();
        assert_eq!(counts["total"], 2);
        assert_eq!(counts["https"], 1);
        assert_eq!(counts["android"], 1);
        assert_eq!(counts["onda_1"], 2);
        assert_eq!(counts["ios"], 0);
        a.end(10);
        b.end(20);
        assert_eq!(book.counts()["total"], 0);
    }
}
