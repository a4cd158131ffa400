//! HLS listeners, counted as the mounts' listeners are (`listeners::ListenerBook`): one listening session
//! per player, with its client kind, start, end and bytes.
//!
//! An HLS player holds no connection: it fetches its media playlist again every few seconds and the
//! segments it lists. Segment URLs are the same for every listener (that is what lets a cache share
//! them), so a player is recognised by its playlist requests instead: its address and user agent on
//! one channel. The session starts with the first playlist request and ends when none came for
//! [`IDLE_MS`] (a player reloads a live playlist at least every target duration, six seconds). A
//! player that switches renditions stays one session; two browsers behind one address are two
//! sessions when their user agents differ and one when they are the same, which undercounts a
//! household of identical devices rather than inventing listeners.
//!
//! Behind a cache that keeps media playlists (the nginx configuration in docs/radio.md keeps them one
//! second), Onda sees the cache's requests, not the players': the cache's own access log then has the
//! audience, and docs/radio.md says how to fold it into the statistics.

use std::{
    collections::HashMap,
    hash::{Hash, Hasher},
    net::IpAddr,
    sync::{Arc, Mutex, PoisonError},
    time::Duration,
};

use tokio_util::sync::CancellationToken;

use super::listeners::{ListenerBook, SessionHandle, SessionStart};

/// A player that fetched no playlist for this long has stopped.
pub const IDLE_MS: i64 = 20_000;

/// How often stopped players are looked for.
const SWEEP_PERIOD: Duration = Duration::from_secs(5);

/// At most this many players are followed at once (each costs about 200 bytes): beyond it, new ones
/// are served but not counted.
const MAX_SESSIONS: usize = 200_000;

/// At most this many players per address by default (an office or a carrier's NAT holds many; a client
/// inventing user agents does not make more than this): `ONDA_MAX_LISTENERS_PER_ADDRESS`, as for the
/// mounts.
const MAX_PER_ADDRESS: usize = 64;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key {
    stream_id: Arc<str>,
    ip: IpAddr,
    /// A hash of the user agent: the key stays small whatever the client sends.
    agent: u64,
}

struct Player {
    last_ms: i64,
    bytes: u64,
    session: SessionHandle,
}

#[derive(Default)]
struct Book {
    players: HashMap<Key, Player>,
    per_address: HashMap<IpAddr, usize>,
}

/// The HLS players being listened to on this instance.
pub struct HlsAudience {
    book: Mutex<Book>,
    per_address: std::sync::atomic::AtomicUsize,
}

impl Default for HlsAudience {
    fn default() -> Self {
        Self {
            book: Mutex::default(),
            per_address: std::sync::atomic::AtomicUsize::new(MAX_PER_ADDRESS),
        }
    }
}

fn agent_hash(user_agent: &str) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    user_agent.hash(&mut hasher);
    hasher.finish()
}

impl HlsAudience {
    /// How many players one address may have followed at once.
    pub fn set_per_address(&self, players: usize) {
        self.per_address
            .store(players.max(1), std::sync::atomic::Ordering::Relaxed);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Book> {
        self.book.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A media playlist request: keeps the player's session alive, or starts one (`start` builds its
    /// row only then).
    pub fn playlist(
        &self,
        listeners: &Arc<ListenerBook>,
        stream_id: &str,
        ip: IpAddr,
        user_agent: &str,
        now_ms: i64,
        start: impl FnOnce() -> SessionStart,
    ) {
        let key = Key {
            stream_id: Arc::from(stream_id),
            ip,
            agent: agent_hash(user_agent),
        };
        let mut book = self.lock();
        if let Some(player) = book.players.get_mut(&key) {
            player.last_ms = now_ms;
            return;
        }
        let at_address = book.per_address.get(&ip).copied().unwrap_or(0);
        let per_address = self.per_address.load(std::sync::atomic::Ordering::Relaxed);
        if book.players.len() >= MAX_SESSIONS || at_address >= per_address {
            return;
        }
        let session = listeners.start(start());
        book.players.insert(
            key,
            Player {
                last_ms: now_ms,
                bytes: 0,
                session,
            },
        );
        *book.per_address.entry(ip).or_default() += 1;
    }

    /// A segment served: its bytes go to the session of the player that asked, if it is followed.
    pub fn segment(&self, stream_id: &str, ip: IpAddr, user_agent: &str, bytes: u64) {
        let key = Key {
            stream_id: Arc::from(stream_id),
            ip,
            agent: agent_hash(user_agent),
        };
        if let Some(player) = self.lock().players.get_mut(&key) {
            player.bytes = player.bytes.saturating_add(bytes);
        }
    }

    /// Ends the sessions of the players that fetched no playlist since `now_ms - IDLE_MS`.
    pub fn sweep(&self, now_ms: i64) {
        let mut book = self.lock();
        let idle: Vec<Key> = book
            .players
            .iter()
            .filter(|(_, player)| player.last_ms < now_ms - IDLE_MS)
            .map(|(key, _)| key.clone())
            .collect();
        for key in idle {
            if let Some(player) = book.players.remove(&key) {
                player.session.end(player.bytes);
            }
            if let Some(count) = book.per_address.get_mut(&key.ip) {
                *count -= 1;
                if *count == 0 {
                    book.per_address.remove(&key.ip);
                }
            }
        }
    }

    /// How many players are followed.
    pub fn len(&self) -> usize {
        self.lock().players.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Ends stopped players' sessions every few seconds until `shutdown`, then every session.
    pub async fn run(self: Arc<Self>, shutdown: CancellationToken) {
        let mut tick = tokio::time::interval(SWEEP_PERIOD);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            tokio::select! {
                _ = tick.tick() => self.sweep(crate::clock::now_ms()),
                () = shutdown.cancelled() => break,
            }
        }
        self.sweep(i64::MAX);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(stream_id: &str) -> SessionStart {
        SessionStart {
            mount: format!("/hls/{stream_id}.m3u8"),
            stream_id: stream_id.to_owned(),
            client: "https",
            ip: "10.0.0.1".parse().unwrap_or(IpAddr::from([0, 0, 0, 0])),
            user_agent: "test".into(),
            user_id: None,
        }
    }

    #[test]
    fn a_player_is_one_session_while_it_reloads_and_ends_when_it_stops() {
        let book = Arc::new(ListenerBook::new());
        let audience = HlsAudience::default();
        let ip: IpAddr = [10, 0, 0, 1].into();
        for second in 0..10 {
            audience.playlist(&book, "onda_1", ip, "Chrome", second * 4000, || start("onda_1"));
        }
        audience.segment("onda_1", ip, "Chrome", 64_000);
        assert_eq!(audience.len(), 1);
        assert_eq!(book.counts()["onda_1"], 1);
        // Another browser at the same address, and the same browser on another channel.
        audience.playlist(&book, "onda_1", ip, "Firefox", 40_000, || start("onda_1"));
        audience.playlist(&book, "onda_2", ip, "Chrome", 40_000, || start("onda_2"));
        assert_eq!(book.counts()["total"], 3);
        audience.sweep(36_000 + IDLE_MS - 1);
        assert_eq!(audience.len(), 3, "not idle yet");
        audience.sweep(40_000 + IDLE_MS - 1);
        assert_eq!(audience.len(), 2, "the first Chrome stopped at 36 s");
        audience.sweep(i64::MAX);
        assert!(audience.is_empty());
        assert_eq!(book.counts()["total"], 0);
    }

    #[test]
    fn one_address_follows_a_bounded_number_of_players() {
        let book = Arc::new(ListenerBook::new());
        let audience = HlsAudience::default();
        let ip: IpAddr = [10, 0, 0, 2].into();
        for agent in 0..(MAX_PER_ADDRESS + 10) {
            audience.playlist(&book, "onda_1", ip, &format!("agent {agent}"), 0, || {
                start("onda_1")
            });
        }
        assert_eq!(audience.len(), MAX_PER_ADDRESS);
        audience.playlist(&book, "onda_1", [10, 0, 0, 3].into(), "x", 0, || start("onda_1"));
        assert_eq!(audience.len(), MAX_PER_ADDRESS + 1);
    }
}
