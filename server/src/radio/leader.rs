//! One station, many instances. On PostgreSQL every instance may run the station engine,
//! but exactly one plays out at a time: the one holding a session-level advisory lock. The others
//! follow it:
//!
//! - **Audio.** A follower feeds each of its local mounts by relaying the same mount of the leader
//!   (`GET /stream/{mount}` with the station's relay secret, which bypasses the access rules and the
//!   listener statistics), split back into whole frames, so its listeners hear the one programme.
//! - **HLS.** A follower mirrors the leader's HLS windows (its media playlists and segments, with
//!   the relay secret) rather than cutting its own: every instance lists the same segments under the
//!   same numbers and URLs, so a balancer or a CDN may send a player's requests anywhere, and the
//!   instance that takes over numbers on after the leader's last segment.
//! - **Now playing.** The leader announces every play it records with `NOTIFY onda_nowplaying`; every
//!   instance LISTENs and puts the recorded play on air in its own hub, so the polled reply, the push
//!   channel and the rating checks agree across instances within the notification's latency.
//! - **External Icecast mounts.** Every instance polls them for its listener counts; only the leader
//!   puts their titles on air and announces them like its own plays.
//! - **Failover.** The lock lives on one dedicated connection. When the leader dies, PostgreSQL drops
//!   its connection and the lock; a follower trying every [`RETRY`] takes it, stops relaying and starts
//!   playing out into the very mounts its listeners are connected to, so they keep receiving audio.
//!   A leader whose lock connection fails stops playing out at once and becomes a follower.
//!
//! On SQLite there is one instance by design, and it simply plays out.

use std::{
    sync::{
        Arc,
        atomic::{AtomicU8, Ordering},
    },
    time::Duration,
};

use bytes::BytesMut;
use sqlx::{Connection, Row};
use tokio_util::sync::CancellationToken;

use super::{
    frames,
    hls::{self, Store},
    mount::{Chunk, Codec, Mount},
    nowplaying::{self, OnAir},
    playout::{self, ChannelSpec, PlayoutContext},
};
use crate::{AppState, auth::random_hex, db::Db};

/// The playout's advisory lock is (the database's oid, this): advisory locks are cluster-wide, and two
/// stations (or two test databases) on one PostgreSQL server must not share a leader. "onda" in ASCII.
const LOCK_KEY: i32 = 0x6f6e_6461;
/// The channel of `NOTIFY` announcing a recorded play: `<metaId>\t<play id>`.
pub const NOTIFY_CHANNEL: &str = "onda_nowplaying";
/// How often a follower tries the lock and a leader checks that it still holds it.
pub const RETRY: Duration = Duration::from_secs(2);
/// Settings keys: the leader's address, and the secret its relays present.
const LEADER_SETTING: &str = "radio_leader_url";
const RELAY_SECRET_SETTING: &str = "radio_relay_secret";
/// The request header that carries the relay secret.
pub const RELAY_HEADER: &str = "x-onda-relay";

/// What this instance's engine does now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Role {
    /// No station engine (ONDA_RADIO=false), or not started yet.
    Off = 0,
    /// The only instance (SQLite): plays out.
    Single = 1,
    Leader = 2,
    Follower = 3,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Self::Off => "off",
            Self::Single => "single",
            Self::Leader => "leader",
            Self::Follower => "follower",
        }
    }
}

#[derive(Default)]
pub struct RoleCell(AtomicU8);

impl RoleCell {
    pub fn get(&self) -> Role {
        match self.0.load(Ordering::Relaxed) {
            1 => Role::Single,
            2 => Role::Leader,
            3 => Role::Follower,
            _ => Role::Off,
        }
    }

    pub fn set(&self, role: Role) {
        let before = self.0.swap(role as u8, Ordering::Relaxed);
        if before != role as u8 && before != Role::Off as u8 {
            crate::metrics::METRICS.role_changes.inc();
        }
    }
}

/// What a term of leadership plays out, and what a follower relays.
pub struct Programme {
    pub channels: Vec<ChannelSpec>,
    pub ctx: PlayoutContext,
}

impl Programme {
    /// Plays out until `stop` fires (a term of leadership, or the whole life of a single instance).
    pub fn play(&self, stop: &CancellationToken) {
        let ctx = Arc::new(PlayoutContext {
            shutdown: stop.clone(),
            ..self.ctx.clone()
        });
        for spec in &self.channels {
            tokio::spawn(playout::run(spec.clone(), ctx.clone()));
        }
    }

    /// Feeds every local mount from the leader's, and mirrors its HLS windows, until `stop` fires.
    fn relay(&self, state: &AppState, secret: &str, stop: &CancellationToken) {
        for (stream_id, name, store) in state.radio.hls_renditions() {
            store.set_mirroring(true);
            tokio::spawn(hls_relay(
                state.clone(),
                stream_id,
                name,
                store,
                secret.to_owned(),
                stop.clone(),
            ));
        }
        for spec in &self.channels {
            for mount in spec.mounts.values().flatten() {
                tokio::spawn(relay(
                    state.clone(),
                    mount.clone(),
                    spec.meta_id.clone(),
                    secret.to_owned(),
                    stop.clone(),
                ));
            }
        }
    }
}

/// The address of the instance that plays out now, as it stored it when it took the lock.
pub async fn leader_url(db: &Db) -> Result<Option<String>, sqlx::Error> {
    db.setting(LEADER_SETTING).await
}

/// The relay secret every instance of the station shares (created by the first one that needs it).
pub async fn relay_secret(db: &Db) -> Result<String, sqlx::Error> {
    sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
        .bind(RELAY_SECRET_SETTING)
        .bind(random_hex(32))
        .execute(&db.pool)
        .await?;
    Ok(db.setting(RELAY_SECRET_SETTING).await?.unwrap_or_default())
}

/// Runs leadership for the instance's whole life (PostgreSQL): follow, take the lock when free, lead
/// until the lock is lost, follow again.
pub async fn run(state: AppState, programme: Programme, secret: String) {
    let radio = state.radio.clone();
    let shutdown = radio.shutdown.clone();
    let meta_ids = programme
        .channels
        .iter()
        .map(|spec| spec.meta_id.clone())
        .collect();
    tokio::spawn(follow_now_playing(state.clone(), meta_ids));
    let url = state.config.instance_url();
    loop {
        // Following: relays run until this instance takes the lock.
        radio.role.set(Role::Follower);
        let following = shutdown.child_token();
        programme.relay(&state, &secret, &following);
        let lock = loop {
            match try_lock(&state).await {
                Ok(Some(conn)) => break Some(conn),
                Ok(None) => {}
                Err(err) => tracing::warn!(error = %err, "playout lock unavailable; retrying"),
            }
            tokio::select! {
                () = tokio::time::sleep(RETRY) => {}
                () = shutdown.cancelled() => break None,
            }
        };
        following.cancel();
        // From now on this instance cuts its own segments, numbered on from the last mirrored one.
        for (_, _, store) in state.radio.hls_renditions() {
            store.set_mirroring(false);
        }
        let Some(mut lock) = lock else {
            return;
        };
        // Leading: announce the address relays use, play out, and hold the lock until it fails.
        if let Err(err) = state.db.set_setting(LEADER_SETTING, &url).await {
            tracing::warn!(error = %err, "leader address not stored");
        }
        radio.role.set(Role::Leader);
        tracing::info!(%url, "this instance plays out the station");
        let leading = shutdown.child_token();
        programme.play(&leading);
        loop {
            tokio::select! {
                () = tokio::time::sleep(RETRY) => {}
                () = shutdown.cancelled() => {
                    leading.cancel();
                    let _ = lock.close().await;
                    return;
                }
            }
            if let Err(err) = lock.ping().await {
                tracing::error!(error = %err, "playout lock lost; following another instance");
                break;
            }
        }
        leading.cancel();
    }
}

/// The lock on a connection of its own, when free.
async fn try_lock(state: &AppState) -> Result<Option<sqlx::AnyConnection>, sqlx::Error> {
    let mut conn = sqlx::AnyConnection::connect(&state.config.database_url()).await?;
    let row = sqlx::query(
        "SELECT CAST(pg_try_advisory_lock(\
         (SELECT CAST(oid AS INTEGER) FROM pg_database WHERE datname = current_database()), $1) AS INTEGER)",
    )
    .bind(LOCK_KEY)
    .fetch_one(&mut conn)
    .await?;
    if row.try_get::<i32, _>(0)? == 1 {
        Ok(Some(conn))
    } else {
        let _ = conn.close().await;
        Ok(None)
    }
}

/// Announces a recorded play to every instance (the leader calls it after `record_play`).
pub async fn announce(db: &Db, meta_id: &str, play_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(NOTIFY_CHANNEL)
        .bind(format!("{meta_id}\t{play_id}"))
        .execute(&db.pool)
        .await
        .map(|_| ())
}

/// Puts every play the leader announces on air in this instance's hub. Reconnects when the
/// connection drops; on every (re)connection, once listening, it catches up with the latest plays, so
/// a follower that starts (or lost its connection) mid-song has it on air at once, not at the next one.
async fn follow_now_playing(state: AppState, meta_ids: Vec<String>) {
    let shutdown = state.radio.shutdown.clone();
    loop {
        let listener = async {
            let mut listener = sqlx::postgres::PgListener::connect(&state.config.database_url()).await?;
            listener.listen(NOTIFY_CHANNEL).await?;
            Ok::<_, sqlx::Error>(listener)
        };
        match listener.await {
            Ok(mut listener) => {
                catch_up(&state, &meta_ids).await;
                loop {
                    let notification = tokio::select! {
                        notification = listener.recv() => notification,
                        () = shutdown.cancelled() => return,
                    };
                    match notification {
                        Ok(notification) => put_on_air(&state, notification.payload()).await,
                        Err(err) => {
                            tracing::warn!(error = %err, "now-playing notifications interrupted");
                            break;
                        }
                    }
                }
            }
            Err(err) => tracing::warn!(error = %err, "cannot listen for now-playing notifications"),
        }
        tokio::select! {
            () = tokio::time::sleep(Duration::from_secs(1)) => {}
            () = shutdown.cancelled() => return,
        }
    }
}

/// How long after its planned end the latest play still counts as on air (a live programme's item has
/// no planned length and always counts).
const CATCH_UP_GRACE_MS: i64 = 60_000;

/// Puts the latest recorded play of each channel on air in this instance's hub, unless it ended long
/// ago or the hub has something as new.
pub async fn catch_up(state: &AppState, meta_ids: &[String]) {
    let now = crate::clock::now_ms();
    for meta_id in meta_ids {
        match nowplaying::latest_play(&state.db, meta_id).await {
            Ok(Some(play)) => {
                let ended =
                    play.duration_ms > 0 && play.started_at_ms + play.duration_ms + CATCH_UP_GRACE_MS < now;
                if !ended {
                    state.radio.hub.publish_if_newer(OnAir::new(play, None));
                }
            }
            Ok(None) => {}
            Err(err) => tracing::warn!(error = %err, meta_id, "latest play not readable"),
        }
    }
}

async fn put_on_air(state: &AppState, payload: &str) {
    let Some((meta_id, play_id)) = payload
        .split_once('\t')
        .and_then(|(meta, id)| Some((meta, id.parse::<i64>().ok()?)))
    else {
        return;
    };
    let hub = &state.radio.hub;
    // The leader's own hub has it already (with its play id once recorded).
    if hub
        .current(meta_id)
        .is_some_and(|on_air| on_air.play_id == Some(play_id))
    {
        return;
    }
    match nowplaying::play_by_id(&state.db, play_id).await {
        Ok(Some(now)) => {
            // Never back in time: the leader's own hub is ahead of its announcements (the prefill
            // airs several tracks at once at start), and notifications may overtake each other.
            hub.publish_if_newer(OnAir::new(now, Some(play_id)));
        }
        Ok(None) => {}
        Err(err) => tracing::warn!(error = %err, "announced play not readable"),
    }
}

/// Feeds `mount` from the leader's mount of the same name until `stop` fires, reconnecting (to the
/// current leader) when the feed ends. The leader's audio is cut back into whole frames, so listeners
/// joining this mount start on a frame.
async fn relay(state: AppState, mount: Arc<Mount>, meta_id: String, secret: String, stop: CancellationToken) {
    let client = reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(5))
        .build()
        .unwrap_or_default();
    let own = state.config.instance_url();
    while !stop.is_cancelled() {
        let leader = state.db.setting(LEADER_SETTING).await.ok().flatten();
        if let Some(leader) = leader.filter(|leader| *leader != own) {
            let url = format!("{}/stream/{}", leader.trim_end_matches('/'), mount.name);
            match client.get(&url).header(RELAY_HEADER, &secret).send().await {
                Ok(mut response) if response.status().is_success() => {
                    let mut buffer = BytesMut::new();
                    loop {
                        let next = tokio::select! {
                            next = response.chunk() => next,
                            () = stop.cancelled() => return,
                        };
                        let Ok(Some(bytes)) = next else {
                            break;
                        };
                        buffer.extend_from_slice(&bytes);
                        publish_frames(&state, &mount, &meta_id, &mut buffer);
                    }
                }
                Ok(response) => tracing::debug!(status = %response.status(), %url, "relay refused"),
                Err(err) => tracing::debug!(error = %err, %url, "relay unavailable"),
            }
        }
        tokio::select! {
            () = tokio::time::sleep(Duration::from_millis(500)) => {}
            () = stop.cancelled() => return,
        }
    }
}

/// Mirrors one HLS rendition of the leader into `store` until `stop` fires: its media playlist every
/// second (a delta update once in step, the whole window to catch up or start afresh), and each new
/// segment, under the leader's number and date.
async fn hls_relay(
    state: AppState,
    stream_id: String,
    name: &'static str,
    store: Arc<Store>,
    secret: String,
    stop: CancellationToken,
) {
    let client = reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(5))
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap_or_default();
    let own = state.config.instance_url();
    while !stop.is_cancelled() {
        let leader = state.db.setting(LEADER_SETTING).await.ok().flatten();
        if let Some(leader) = leader.filter(|leader| *leader != own) {
            let base = format!("{}/hls/{stream_id}", leader.trim_end_matches('/'));
            let mirror = Mirror {
                client: &client,
                base: &base,
                name,
                store: &store,
                secret: &secret,
                stop: &stop,
            };
            if let Err(error) = mirror.once().await {
                tracing::debug!(%error, %base, name, "HLS relay");
            }
        }
        tokio::select! {
            () = tokio::time::sleep(Duration::from_secs(1)) => {}
            () = stop.cancelled() => return,
        }
    }
}

/// One pass of an HLS relay.
struct Mirror<'a> {
    client: &'a reqwest::Client,
    base: &'a str,
    name: &'static str,
    store: &'a Arc<Store>,
    secret: &'a str,
    stop: &'a CancellationToken,
}

impl Mirror<'_> {
    async fn get(&self, url: &str) -> Result<bytes::Bytes, String> {
        let response = self
            .client
            .get(url)
            .header(RELAY_HEADER, self.secret)
            .send()
            .await
            .map_err(|error| error.to_string())?;
        if !response.status().is_success() {
            return Err(format!("{url}: HTTP {}", response.status()));
        }
        response.bytes().await.map_err(|error| error.to_string())
    }

    async fn listing(&self, delta: bool) -> Result<Vec<hls::Listed>, String> {
        let skip = if delta { "?_HLS_skip=YES" } else { "" };
        let playlist = self
            .get(&format!("{}/{}.m3u8{skip}", self.base, self.name))
            .await?;
        hls::listing(&playlist).ok_or_else(|| "the leader's playlist could not be read".to_owned())
    }

    /// Takes in what the leader has that this instance has not.
    async fn once(&self) -> Result<(), String> {
        let newest = self.store.newest();
        let same = |listing: &[hls::Listed]| {
            newest.is_some_and(|(seq, at_ms)| {
                listing
                    .iter()
                    .any(|segment| segment.seq == seq && segment.at_ms == at_ms)
            })
        };
        let mut listing = self.listing(newest.is_some()).await?;
        if newest.is_some() && !same(&listing) {
            // Behind by more than a delta update, or a window that is not the leader's.
            listing = self.listing(false).await?;
            if !same(&listing) {
                self.store.reset();
            }
        }
        let after = self.store.newest().map(|(seq, _)| seq);
        let mut stored = false;
        for segment in listing
            .iter()
            .filter(|segment| after.is_none_or(|after| segment.seq > after))
        {
            if self.stop.is_cancelled() {
                return Ok(());
            }
            let url = format!("{}/{}/{}.{}", self.base, self.name, segment.seq, self.store.ext());
            let data = match self.get(&url).await {
                Ok(data) => data.to_vec(),
                // The oldest left the leader's window since its playlist was read: start after it.
                Err(error) if after.is_none() && !stored => {
                    tracing::debug!(%error, "HLS relay: segment gone");
                    continue;
                }
                Err(error) => return Err(error),
            };
            let store = self.store.clone();
            let segment = segment.clone();
            stored |=
                tokio::task::spawn_blocking(move || store.mirror(&segment, data, crate::clock::now_ms()))
                    .await
                    .map_err(|error| error.to_string())?
                    .map_err(|error| error.to_string())?;
        }
        Ok(())
    }
}

/// Publishes the whole frames at the start of `buffer` and keeps the incomplete rest.
fn publish_frames(state: &AppState, mount: &Mount, meta_id: &str, buffer: &mut BytesMut) {
    let found = match mount.codec {
        Codec::Mp3 => frames::mp3_frames(buffer),
        Codec::AacHe | Codec::AacPlus => frames::adts_frames(buffer),
    };
    // The parser keeps a frame only when the next one starts a valid header, so the last frame found
    // ends where complete data ends; what follows waits for more bytes.
    let Some(last) = found.last() else {
        // Junk with no frame in 64 KiB is dropped rather than kept forever.
        if buffer.len() > 64 * 1024 {
            buffer.clear();
        }
        return;
    };
    let end = last.offset + last.len;
    let duration_us = found.iter().map(frames::Frame::duration_us).sum();
    let start = found[0].offset;
    let data = buffer.split_to(end).split_off(start).freeze();
    let title = state
        .radio
        .hub
        .current(meta_id)
        .map(|on_air| {
            if on_air.now.artist.is_empty() {
                on_air.now.song.clone()
            } else {
                format!("{} - {}", on_air.now.artist, on_air.now.song)
            }
        })
        .unwrap_or_default();
    mount.publish(Chunk {
        data,
        title: Arc::from(title),
        // The leader's clock is not in the relayed bytes: a chunk arriving now was due about now.
        at_ms: crate::clock::now_ms() - i64::try_from(duration_us / 1000).unwrap_or(0),
        duration_us,
    });
}
