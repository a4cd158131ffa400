//! The autoDJ of one channel (one metaId): picks the next track, prepares it ahead of time and feeds
//! every mount of the channel in real time.
//!
//! Each codec has its own cursor walking the same sequence of tracks against one wall clock: on every
//! tick a cursor publishes the frames whose start time has come. Frame durations, not byte counts,
//! set the pace, so every mount runs at exactly real time whatever its bitrate, and the codecs never
//! drift apart by more than the encoders' padding within a track. The MP3 cursor is the primary one:
//! when it starts a track, that track goes on air (now playing, history, push).

use std::{
    collections::{HashMap, HashSet, VecDeque},
    path::PathBuf,
    sync::Arc,
    time::Duration,
};

use bytes::{Bytes, BytesMut};
use onda_shared::live::MetaType;
use rand::{Rng, SeedableRng, rngs::StdRng, seq::SliceRandom};
use tokio::{task::JoinHandle, time::Instant};
use tokio_util::sync::CancellationToken;

use super::{
    library::{self, Entry, LibraryError, Prepared, Shelf},
    live::{LiveFeed, Tick},
    mount::{Chunk, Codec, Mount},
    nowplaying::{self, NowPlayingHub, OnAir},
};
use crate::{clock::now_ms, db::Db};

/// How often the playout publishes; also the granularity of a listener's live edge. Every chunk wakes
/// every listener for one write, so this sets most of a listener's CPU cost (bench/listeners.sh, 10,000
/// listeners, all at real time): 250 ms cost 39.7 µs per second per listener, 500 ms 22.6, and 1 s
/// 10.2 (icecast2 51.6 on the same run); at 20,000, 500 ms cost 23.6-24.0 and 1 s 10.3-16.6. A second
/// more on the live edge is nothing beside the burst of three a player starts from.
pub const CHUNK_PERIOD: Duration = Duration::from_millis(1_000);
const CHUNK_PERIOD_US: u64 = 1_000_000;

/// A cursor more than this far behind the clock (a stall while a track was prepared) skips ahead
/// instead of sending minutes of audio at once (a listener would find itself lagging and be dropped).
const MAX_CATCH_UP_US: u64 = 5_000_000;

/// At start the clock begins this far ahead, so the first listeners already find a full burst on every
/// mount: 64 KiB of HE-AAC v2 at 32 kbps last 16 s.
const PREFILL: Duration = Duration::from_secs(17);

/// Songs between two commercial breaks on channels that have them.
const SONGS_PER_BREAK: usize = 4;

/// A channel: what it plays and where the audio goes.
#[derive(Clone)]
pub struct ChannelSpec {
    pub meta_id: String,
    pub shelf: Arc<Shelf>,
    /// Per codec, the mounts fed with identical bytes (the stream's own mount, then any relays).
    pub mounts: HashMap<Codec, Vec<Arc<Mount>>>,
    /// Whether commercial breaks air (PRO streams have none).
    pub breaks: bool,
    /// The studio's live input, which airs in place of the autoDJ while a source sends audio.
    pub live: Option<Arc<LiveFeed>>,
}

#[derive(Clone)]
pub struct PlayoutContext {
    pub db: Db,
    pub hub: Arc<NowPlayingHub>,
    pub cache_dir: PathBuf,
    /// Airs when nothing else can: the stream never stops.
    pub jingle: Arc<Entry>,
    pub shutdown: CancellationToken,
}

/// Picks what comes next: every song once in a shuffled round before any repeats, and a break every
/// few songs. While the shelf grows (the demo library renders while the station is already on air),
/// a song that has never aired comes before one that has, and a song never follows itself while
/// another one exists.
struct Rotation {
    rng: StdRng,
    /// This round's songs still to play, popped from the end.
    bag: Vec<Arc<Entry>>,
    /// Every song that has been in a bag, so that one added to the shelf later is noticed.
    known: HashSet<String>,
    /// Every song that has aired.
    aired: HashSet<String>,
    recent: VecDeque<String>,
    songs_since_break: usize,
    next_commercial: usize,
    breaks: bool,
}

impl Rotation {
    fn new(meta_id: &str, breaks: bool) -> Self {
        let seed = library::short_hash(&format!("{meta_id}{}", now_ms()));
        let seed = u64::from_str_radix(&seed[..16], 16).unwrap_or_default();
        Self::seeded(seed, breaks)
    }

    fn seeded(seed: u64, breaks: bool) -> Self {
        Self {
            rng: StdRng::seed_from_u64(seed),
            bag: Vec::new(),
            known: HashSet::new(),
            aired: HashSet::new(),
            recent: VecDeque::new(),
            songs_since_break: 0,
            next_commercial: 0,
            breaks,
        }
    }

    /// The next entry. `None` when the shelf has no music, and also, unless `may_repeat`, when the
    /// only song there is the one that just played: the caller can wait for the shelf to grow.
    fn next(&mut self, shelf: &Shelf, may_repeat: bool) -> Option<Arc<Entry>> {
        if self.breaks && self.songs_since_break >= SONGS_PER_BREAK {
            let commercials = shelf.commercials();
            if !commercials.is_empty() {
                self.songs_since_break = 0;
                let entry = commercials[self.next_commercial % commercials.len()].clone();
                self.next_commercial += 1;
                return Some(entry);
            }
        }
        let music = shelf.music();
        if self.bag.is_empty() {
            self.refill(music);
        } else {
            // New on the shelf: into this round, among the songs that have never aired (the end).
            for entry in music {
                if self.known.insert(entry.key.clone()) {
                    let fresh_from = self
                        .bag
                        .iter()
                        .rposition(|queued| self.aired.contains(&queued.key))
                        .map_or(0, |index| index + 1);
                    let at = self.rng.random_range(fresh_from..=self.bag.len());
                    self.bag.insert(at, entry);
                }
            }
        }
        // Never the song that just played, if any other is there.
        let last_played = self.recent.back();
        if self
            .bag
            .last()
            .is_some_and(|entry| Some(&entry.key) == last_played)
        {
            match self.bag.iter().rposition(|entry| Some(&entry.key) != last_played) {
                Some(other) => {
                    let end = self.bag.len() - 1;
                    self.bag.swap(other, end);
                }
                None if !may_repeat => return None,
                None => {}
            }
        }
        let entry = self.bag.pop()?;
        self.aired.insert(entry.key.clone());
        self.recent.push_back(entry.key.clone());
        if self.recent.len() > 8 {
            self.recent.pop_front();
        }
        self.songs_since_break += 1;
        Some(entry)
    }

    /// A new round: the whole shelf, shuffled; songs that never aired first, and what closed the
    /// last round last.
    fn refill(&mut self, mut music: Vec<Arc<Entry>>) {
        if music.is_empty() {
            return;
        }
        self.known.extend(music.iter().map(|entry| entry.key.clone()));
        music.shuffle(&mut self.rng);
        let keep_apart = self.recent.len().min(music.len() / 2);
        // Ascending, and the bag is popped from the end: kept apart, aired, never aired.
        music.sort_by_key(|entry| {
            if self
                .recent
                .iter()
                .rev()
                .take(keep_apart)
                .any(|key| *key == entry.key)
            {
                0
            } else if self.aired.contains(&entry.key) {
                1
            } else {
                2
            }
        });
        self.bag = music;
    }
}

struct Cursor {
    codec: Codec,
    seq: u64,
    frame: usize,
    elapsed_us: u64,
}

/// Runs a channel until shutdown.
pub async fn run(spec: ChannelSpec, ctx: Arc<PlayoutContext>) {
    let codecs: Vec<Codec> = {
        let mut codecs: Vec<Codec> = spec.mounts.keys().copied().collect();
        // The primary (now-playing) cursor is MP3 when the channel has it.
        codecs.sort_by_key(|codec| *codec != Codec::Mp3);
        codecs
    };
    if codecs.is_empty() {
        return;
    }
    // The demo library may still be rendering: wait for the first song (or shutdown).
    tokio::select! {
        () = spec.shelf.wait_for_music() => {}
        () = tokio::time::sleep(Duration::from_secs(120)) => {
            tracing::warn!(meta_id = %spec.meta_id, "no music after 2 minutes; airing the jingle");
        }
        () = ctx.shutdown.cancelled() => return,
    }
    let mut channel = Channel {
        epoch_ms: now_ms(),
        rotation: Rotation::new(&spec.meta_id, spec.breaks),
        window: VecDeque::new(),
        next_seq: 0,
        prefetch: None,
        codecs: codecs.clone(),
        live_title: None,
        spec,
        ctx,
    };
    let mut cursors: Vec<Cursor> = codecs
        .iter()
        .map(|&codec| Cursor {
            codec,
            seq: 0,
            frame: 0,
            elapsed_us: 0,
        })
        .collect();
    let start = Instant::now().checked_sub(PREFILL).unwrap_or_else(Instant::now);
    channel.epoch_ms = now_ms() - i64::try_from(start.elapsed().as_millis()).unwrap_or(0);
    let mut prefilled = false;
    let mut tick = tokio::time::interval(CHUNK_PERIOD);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            () = channel.ctx.shutdown.cancelled() => return,
        }
        let due_us = u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX);
        match channel
            .spec
            .live
            .as_ref()
            .map_or(Tick::AutoDj, |feed| feed.tick())
        {
            Tick::AutoDj => {}
            Tick::Enter(title) => channel.live_on_air(&title, due_us),
            Tick::Live(Some(title)) => channel.live_on_air(&title, due_us),
            Tick::Live(None) => {}
            Tick::Leave => channel.resume_autodj(&mut cursors),
        }
        for (index, cursor) in cursors.iter_mut().enumerate() {
            // The first tick sends the prefill at once (no listener exists yet to lag behind it).
            if prefilled && due_us.saturating_sub(cursor.elapsed_us) > MAX_CATCH_UP_US {
                cursor.elapsed_us = due_us - u64::try_from(CHUNK_PERIOD.as_micros()).unwrap_or(0);
            }
            if channel.live_title.is_some() {
                channel.advance_live(cursor, due_us);
            } else {
                channel.advance(cursor, due_us, index == 0).await;
            }
        }
        prefilled = true;
        let oldest = cursors.iter().map(|c| c.seq).min().unwrap_or(0);
        while channel.window.front().is_some_and(|(seq, _)| *seq < oldest) {
            channel.window.pop_front();
        }
    }
}

struct Channel {
    /// Wall-clock time (Unix ms) of stream time 0.
    epoch_ms: i64,
    spec: ChannelSpec,
    ctx: Arc<PlayoutContext>,
    rotation: Rotation,
    window: VecDeque<(u64, Arc<Prepared>)>,
    next_seq: u64,
    prefetch: Option<JoinHandle<Result<Prepared, LibraryError>>>,
    codecs: Vec<Codec>,
    /// While the live programme airs: its title, for the mounts' in-band metadata.
    live_title: Option<Arc<str>>,
}

impl Channel {
    /// Publishes `cursor`'s frames up to `due_us`, switching tracks as they end.
    async fn advance(&mut self, cursor: &mut Cursor, due_us: u64, primary: bool) {
        let mut out = BytesMut::new();
        let mut out_us = 0;
        let mut current: Option<Arc<Prepared>> = None;
        while cursor.elapsed_us < due_us {
            let track = match &current {
                Some(track) => track.clone(),
                None => {
                    let track = self.track(cursor.seq).await;
                    current = Some(track.clone());
                    track
                }
            };
            if primary && cursor.frame == 0 {
                self.on_air(&track, cursor.elapsed_us);
            }
            let rendition = track.renditions.get(&cursor.codec);
            match rendition
                .and_then(|r| Some((r.frame_bytes(cursor.frame)?, r.frames[cursor.frame].duration_us())))
            {
                Some((bytes, duration)) => {
                    out.extend_from_slice(&bytes);
                    out_us += duration;
                    cursor.elapsed_us += duration;
                    cursor.frame += 1;
                    // Chunks of one period at most, even when catching up (the prefill at start):
                    // the burst is trimmed by whole chunks.
                    if out_us >= CHUNK_PERIOD_US {
                        self.publish(cursor.codec, &track, &mut out, &mut out_us);
                    }
                }
                None => {
                    // End of this track on this codec: send what belongs to it under its title.
                    self.publish(cursor.codec, &track, &mut out, &mut out_us);
                    cursor.seq += 1;
                    cursor.frame = 0;
                    current = None;
                }
            }
        }
        if let Some(track) = current {
            self.publish(cursor.codec, &track, &mut out, &mut out_us);
        }
    }

    /// Publishes the live programme's frames of `cursor`'s codec up to `due_us`. A queue that runs dry
    /// (the source's network hesitating) leaves the cursor behind the clock; it catches up from the
    /// queue on a later tick, or from the autoDJ once the live programme ends, so listeners' players
    /// ride it out on their buffer.
    fn advance_live(&mut self, cursor: &mut Cursor, due_us: u64) {
        let (Some(feed), Some(title)) = (&self.spec.live, &self.live_title) else {
            return;
        };
        let frames = feed.take(cursor.codec, due_us.saturating_sub(cursor.elapsed_us));
        let mut out = BytesMut::new();
        let mut out_us = 0;
        for frame in frames {
            out.extend_from_slice(&frame.data);
            out_us += frame.duration_us;
        }
        cursor.elapsed_us += out_us;
        let title = title.clone();
        self.publish_chunk(cursor.codec, title, &mut out, &mut out_us);
    }

    /// The live programme goes on air, or its title changes: now playing, push, history.
    fn live_on_air(&mut self, title: &str, due_us: u64) {
        self.live_title = Some(Arc::from(title));
        let started_at_ms = self.epoch_ms + i64::try_from(due_us / 1000).unwrap_or(0);
        tracing::info!(meta_id = %self.spec.meta_id, %title, "live on air");
        let (db, hub, meta_id, title) = (
            self.ctx.db.clone(),
            self.ctx.hub.clone(),
            self.spec.meta_id.clone(),
            title.to_owned(),
        );
        tokio::spawn(async move {
            nowplaying::title_on_air(&db, &hub, &meta_id, &title, started_at_ms).await;
        });
    }

    /// The live programme ended: every codec starts the next autoDJ track together (the one after the
    /// track the live programme interrupted), which goes on air.
    fn resume_autodj(&mut self, cursors: &mut [Cursor]) {
        self.live_title = None;
        let next = cursors.iter().map(|cursor| cursor.seq).max().unwrap_or(0) + 1;
        for cursor in cursors {
            cursor.seq = next;
            cursor.frame = 0;
        }
        tracing::info!(meta_id = %self.spec.meta_id, "live programme ended; autoDJ resumes");
    }

    fn publish(&self, codec: Codec, track: &Prepared, out: &mut BytesMut, out_us: &mut u64) {
        self.publish_chunk(codec, Arc::from(track.entry.meta.stream_title()), out, out_us);
    }

    fn publish_chunk(&self, codec: Codec, title: Arc<str>, out: &mut BytesMut, out_us: &mut u64) {
        if out.is_empty() {
            return;
        }
        let chunk = Chunk {
            data: Bytes::from(std::mem::take(out)),
            title,
            duration_us: std::mem::take(out_us),
        };
        for mount in self.spec.mounts.get(&codec).into_iter().flatten() {
            mount.publish(chunk.clone());
        }
    }

    /// The prepared track at `seq`, preparing (and prefetching the one after) as needed.
    async fn track(&mut self, seq: u64) -> Arc<Prepared> {
        loop {
            if let Some((_, track)) = self.window.iter().find(|(s, _)| *s == seq) {
                return track.clone();
            }
            let prepared = self.next_prepared().await;
            self.window.push_back((self.next_seq, Arc::new(prepared)));
            self.next_seq += 1;
            self.start_prefetch();
        }
    }

    /// Chooses the next track and starts preparing it, as soon as the current one is on air. Only a
    /// new song is chosen this early: when the song on air is all the shelf has (the demo library
    /// still rendering at a first start), the choice waits for the end of the track.
    fn start_prefetch(&mut self) {
        if self.prefetch.is_some() {
            return;
        }
        let Some(entry) = self.rotation.next(&self.spec.shelf, false) else {
            return;
        };
        self.prepare(entry);
    }

    fn prepare(&mut self, entry: Arc<Entry>) {
        let codecs = self.codecs.clone();
        let cache_dir = self.ctx.cache_dir.clone();
        self.prefetch = Some(tokio::task::spawn_blocking(move || {
            library::prepare(&entry, &codecs, &cache_dir)
        }));
    }

    /// The next playable track; bad files are skipped, and after a run of failures the jingle airs.
    /// When the only song is the one that just played, the jingle also airs while the shelf is still
    /// filling (a new song is moments away); a complete library of one song repeats it.
    async fn next_prepared(&mut self) -> Prepared {
        for _attempt in 0..5 {
            self.start_prefetch();
            if self.prefetch.is_none()
                && !self.spec.shelf.is_filling()
                && let Some(entry) = self.rotation.next(&self.spec.shelf, true)
            {
                self.prepare(entry);
            }
            let Some(handle) = self.prefetch.take() else {
                break;
            };
            match handle.await {
                Ok(Ok(prepared)) if prepared.duration_us() > 0 => return prepared,
                Ok(Ok(prepared)) => {
                    tracing::warn!(track = %prepared.entry.key, "track has no audio; skipped");
                }
                Ok(Err(err)) => tracing::warn!(meta_id = %self.spec.meta_id, error = %err, "track skipped"),
                Err(err) => tracing::warn!(error = %err, "track preparation failed"),
            }
        }
        match library::prepare(&self.ctx.jingle, &self.codecs, &self.ctx.cache_dir) {
            Ok(prepared) => prepared,
            Err(err) => {
                // The jingle is rendered in memory at start; this cannot fail short of a bug.
                tracing::error!(error = %err, "jingle unavailable");
                Prepared {
                    entry: self.ctx.jingle.clone(),
                    renditions: HashMap::new(),
                }
            }
        }
    }

    /// The primary cursor starts a track: now playing, push, history.
    fn on_air(&self, track: &Prepared, stream_us: u64) {
        // The instant this track's first frame is due on the live edge: the stream clock's origin plus
        // its position. The same as "now" in steady play; earlier for the prefill sent at start.
        let started_at_ms = self.epoch_ms + i64::try_from(stream_us / 1000).unwrap_or(0);
        let duration_ms = i64::try_from(track.duration_us() / 1000).unwrap_or(0);
        let now = nowplaying::now_playing(&self.spec.meta_id, &track.entry.meta, started_at_ms, duration_ms);
        let on_air = self.ctx.hub.publish(OnAir::new(now, None));
        tracing::debug!(
            meta_id = %self.spec.meta_id,
            title = %track.entry.meta.stream_title(),
            commercial = track.entry.meta.meta_type == MetaType::Commercial,
            "on air"
        );
        let db = self.ctx.db.clone();
        let hub = self.ctx.hub.clone();
        tokio::spawn(async move {
            match nowplaying::record_play(&db, &on_air).await {
                Ok(id) => {
                    hub.set_play_id(&on_air.now.meta_id, &on_air.music_hash, id);
                    // Other instances put it on air in their hubs (one station, many instances).
                    if db.backend == crate::db::Backend::Postgres
                        && let Err(err) = super::leader::announce(&db, &on_air.now.meta_id, id).await
                    {
                        tracing::warn!(error = %err, "play not announced to other instances");
                    }
                }
                Err(err) => tracing::warn!(error = %err, "play not recorded in the history"),
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::radio::library::{Origin, TrackMeta};

    fn song(key: &str) -> Entry {
        Entry {
            key: key.to_owned(),
            meta: TrackMeta {
                song: key.to_owned(),
                artist: "Artista".to_owned(),
                artist_slug: String::new(),
                music_slug: key.to_owned(),
                album: String::new(),
                year: None,
                cover_large: String::new(),
                cover_small: String::new(),
                meta_type: MetaType::Music,
            },
            origin: Origin::File {
                path: PathBuf::from(format!("{key}.mp3")),
            },
        }
    }

    fn key(entry: Option<Arc<Entry>>) -> Option<String> {
        entry.map(|entry| entry.key.clone())
    }

    /// At a first start the shelf held one song when the next was chosen, and the rotation
    /// gave that song again. Now it says there is nothing new yet, and the next song added is next.
    #[test]
    fn the_song_on_air_is_not_chosen_again_while_the_shelf_grows() {
        let shelf = Shelf::default();
        shelf.set_filling(true);
        shelf.add(song("a"));
        let mut rotation = Rotation::seeded(7, false);
        assert_eq!(key(rotation.next(&shelf, false)), Some("a".into()));
        assert_eq!(key(rotation.next(&shelf, false)), None);
        assert_eq!(key(rotation.next(&shelf, false)), None);
        shelf.add(song("b"));
        assert_eq!(key(rotation.next(&shelf, false)), Some("b".into()));
        assert_eq!(key(rotation.next(&shelf, false)), Some("a".into()));
    }

    /// A library of one song (complete) repeats it when asked to: the stream never stops.
    #[test]
    fn a_single_song_repeats_only_when_allowed() {
        let shelf = Shelf::default();
        shelf.add(song("a"));
        let mut rotation = Rotation::seeded(1, false);
        assert_eq!(key(rotation.next(&shelf, false)), Some("a".into()));
        assert_eq!(key(rotation.next(&shelf, false)), None);
        assert_eq!(key(rotation.next(&shelf, true)), Some("a".into()));
        assert_eq!(key(rotation.next(&shelf, true)), Some("a".into()));
    }

    /// Songs added during a round join it: every song plays once before any plays twice, and no
    /// song ever follows itself, whatever the seed.
    #[test]
    fn songs_added_during_a_round_join_it_and_none_follows_itself() {
        for seed in 0..50 {
            let shelf = Shelf::default();
            shelf.set_filling(true);
            shelf.add(song("s0"));
            let mut rotation = Rotation::seeded(seed, false);
            let mut played: Vec<String> = Vec::new();
            let mut added = 1;
            while played.len() < 60 {
                // One new song after every pick, up to ten, as the demo library renders.
                if added < 10 && !played.is_empty() {
                    shelf.add(song(&format!("s{added}")));
                    added += 1;
                }
                if added == 10 {
                    shelf.set_filling(false);
                }
                if let Some(entry) = rotation.next(&shelf, !shelf.is_filling()) {
                    played.push(entry.key.clone());
                }
            }
            for pair in played.windows(2) {
                assert_ne!(pair[0], pair[1], "seed {seed}: {played:?}");
            }
            let first_round: HashSet<&String> = played[..10].iter().collect();
            assert_eq!(first_round.len(), 10, "seed {seed}: {played:?}");
        }
    }

    /// Commercial breaks still come every few songs.
    #[test]
    fn a_break_follows_every_few_songs() {
        let shelf = Shelf::default();
        for index in 0..6 {
            shelf.add(song(&format!("s{index}")));
        }
        let mut spot = song("spot");
        spot.meta.meta_type = MetaType::Commercial;
        shelf.add(spot);
        let mut rotation = Rotation::seeded(3, true);
        let kinds: Vec<bool> = (0..10)
            .map(|_| rotation.next(&shelf, false).unwrap().key == "spot")
            .collect();
        assert_eq!(
            kinds,
            [false, false, false, false, true, false, false, false, false, true]
        );
    }
}
