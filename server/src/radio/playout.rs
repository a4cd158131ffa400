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
use tokio::{task::JoinHandle, time::Instant};
use tokio_util::sync::CancellationToken;

use super::{
    crossfade::{self, CrossfadeError, Overlaps, Splice},
    library::{self, Entry, LibraryError, Origin, Prepared, Shelf},
    live::{LiveFeed, Tick},
    loudness::Book,
    mount::{Chunk, Codec, Mount},
    nowplaying::{self, NowPlayingHub, OnAir},
    rotation::{Pick, Rotation, RotationRules},
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

/// A crossfade is planned from this long before its overlap begins: time to prepare the incoming
/// track's blend (a few seconds of audio decoded and encoded per codec) on the blocking pool.
const CROSSFADE_LEAD: Duration = Duration::from_secs(4);

/// A crossfade not ready this long before its overlap begins is given up: the songs meet end to end.
const CROSSFADE_LAST_CALL: Duration = Duration::from_millis(1_500);

/// A channel: what it plays and where the audio goes.
#[derive(Clone)]
pub struct ChannelSpec {
    pub meta_id: String,
    /// The channel's streamId: its programme grid says which playlist plays when.
    pub stream_id: String,
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
    /// The tracks' measured loudness and the target they air at.
    pub loudness: Arc<Book>,
    /// The programme grid: the playlist of each hour.
    pub schedule: Arc<crate::schedule::ScheduleBook>,
    /// How long one song fades into the next (zero: no crossfades).
    pub crossfade: Duration,
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
        rotation: Rotation::for_channel(&spec.meta_id, spec.breaks, now_ms()),
        rules: RotationRules::NO_PLAYLIST,
        playlist: None,
        window: VecDeque::new(),
        next_seq: 0,
        prefetch: None,
        codecs: codecs.clone(),
        live_title: None,
        splices: VecDeque::new(),
        overlaps: Overlaps::default(),
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
            Tick::AutoDj => channel.settle_splices(&cursors).await,
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
        // A splice serves its outgoing track and the incoming one after it.
        while channel.splices.front().is_some_and(|(seq, _)| seq + 1 < oldest) {
            channel.splices.pop_front();
        }
    }
}

struct Channel {
    /// Wall-clock time (Unix ms) of stream time 0.
    epoch_ms: i64,
    spec: ChannelSpec,
    ctx: Arc<PlayoutContext>,
    rotation: Rotation,
    /// The rotation's rules: the playlist's, or those of a channel without a playlist.
    rules: RotationRules,
    /// The playlist of the hour the next pick airs in (`None`: the channel's whole library).
    playlist: Option<Pool>,
    window: VecDeque<(u64, Arc<Prepared>)>,
    next_seq: u64,
    prefetch: Option<JoinHandle<Result<Prepared, LibraryError>>>,
    codecs: Vec<Codec>,
    /// While the live programme airs: its title, for the mounts' in-band metadata.
    live_title: Option<Arc<str>>,
    /// Crossfades by the sequence number of their outgoing track: being prepared, made, or not to be.
    splices: VecDeque<(u64, Planned)>,
    /// Keeps every codec's overlaps summing to the same length.
    overlaps: Overlaps,
}

enum Planned {
    /// The blend is being encoded; the overlap in frames of each codec.
    Pending(JoinHandle<Result<Splice, CrossfadeError>>, HashMap<Codec, usize>),
    Ready(Arc<Splice>),
    /// No crossfade here (a spot, a station ID, a short track, or too late): the tracks meet end to end.
    Skip,
}

/// The tracks of a playlist, as the library names them.
struct Pool {
    id: i64,
    /// (song slug, artist slug) of its catalogue songs.
    songs: HashSet<(String, String)>,
    /// Its music-folder files, as paths inside the folder.
    files: Vec<PathBuf>,
}

impl Pool {
    fn new(id: i64, playlist: &crate::data::playlists::ForPlayout) -> Self {
        Self {
            id,
            songs: playlist.songs.iter().cloned().collect(),
            files: playlist.files.iter().map(PathBuf::from).collect(),
        }
    }

    /// Whether a library track is one of the playlist's: a catalogue song by its slugs (demo tracks
    /// and folder files the catalogue knows), a folder file by its path inside the folder.
    fn holds(&self, entry: &Entry) -> bool {
        let meta = &entry.meta;
        if !meta.music_slug.is_empty()
            && self
                .songs
                .contains(&(meta.music_slug.clone(), meta.artist_slug.clone()))
        {
            return true;
        }
        match &entry.origin {
            Origin::File { path } => self.files.iter().any(|file| path.ends_with(file)),
            _ => false,
        }
    }
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
            if primary {
                self.plan_crossfade(cursor.seq, &track, cursor.frame).await;
            }
            match self.frame(&track, cursor.seq, cursor.codec, cursor.frame) {
                Some((bytes, duration)) => {
                    out.extend_from_slice(&bytes);
                    out_us += duration;
                    cursor.elapsed_us += duration;
                    cursor.frame += 1;
                    // Chunks of one period at most, even when catching up (the prefill at start):
                    // the burst is trimmed by whole chunks.
                    if out_us >= CHUNK_PERIOD_US {
                        self.publish(cursor.codec, &track, cursor.elapsed_us, &mut out, &mut out_us);
                    }
                }
                None => {
                    // End of this track on this codec: send what belongs to it under its title.
                    self.publish(cursor.codec, &track, cursor.elapsed_us, &mut out, &mut out_us);
                    cursor.seq += 1;
                    cursor.frame = 0;
                    current = None;
                }
            }
        }
        if let Some(track) = current {
            self.publish(cursor.codec, &track, cursor.elapsed_us, &mut out, &mut out_us);
        }
    }

    /// Frame `index` of the track at `seq` on `codec`, with its duration; `None` past its end. Across a
    /// crossfade the outgoing track ends early (its last frame perhaps rewritten) and the incoming one
    /// begins with the blend.
    fn frame(&self, track: &Prepared, seq: u64, codec: Codec, index: usize) -> Option<(Bytes, u64)> {
        if let Some(joint) = self.joint(seq, codec) {
            if index >= joint.cut {
                return None;
            }
            if index + 1 == joint.cut
                && let Some(last) = &joint.last
            {
                return Some((last.clone(), crossfade::frame_us(codec)));
            }
        }
        if let Some(joint) = seq.checked_sub(1).and_then(|seq| self.joint(seq, codec))
            && let Some(frame) = joint.blend.frames.get(index)
        {
            return Some((joint.blend.frame_bytes(index)?, frame.duration_us()));
        }
        let rendition = track.renditions.get(&codec)?;
        Some((
            rendition.frame_bytes(index)?,
            rendition.frames.get(index)?.duration_us(),
        ))
    }

    /// The joint on `codec` of the crossfade out of the track at `seq`, when one was made.
    fn joint(&self, seq: u64, codec: Codec) -> Option<&crossfade::Joint> {
        match self.splices.iter().find(|(s, _)| *s == seq) {
            Some((_, Planned::Ready(splice))) => splice.joints.get(&codec),
            _ => None,
        }
    }

    /// Whether a track takes part in crossfades: songs do; spots, station IDs and the jingle that
    /// fills a gap air whole.
    fn fades(track: &Prepared) -> bool {
        track.entry.meta.meta_type == MetaType::Music && !matches!(track.entry.origin, Origin::Jingle { .. })
    }

    /// Starts preparing the crossfade out of the track at `seq` once the primary cursor is close
    /// enough to its end, if the next track is a song and already prepared.
    async fn plan_crossfade(&mut self, seq: u64, track: &Arc<Prepared>, frame: usize) {
        let overlap = self.ctx.crossfade;
        if overlap.is_zero() || self.live_title.is_some() || self.splices.iter().any(|(s, _)| *s == seq) {
            return;
        }
        let Some(&primary) = self.codecs.first() else {
            return;
        };
        let Some(frames) = track.renditions.get(&primary).map(|r| r.frames.len()) else {
            return;
        };
        let frames_in = |time: Duration| {
            usize::try_from(time.as_micros() / u128::from(crossfade::frame_us(primary))).unwrap_or(0)
        };
        let left = frames.saturating_sub(frame);
        if left > frames_in(overlap + CROSSFADE_LEAD) {
            return;
        }
        let skip = |channel: &mut Self| channel.splices.push_back((seq, Planned::Skip));
        if !Self::fades(track) || left < frames_in(overlap + CROSSFADE_LAST_CALL) {
            return skip(self);
        }
        // The incoming track: prepared already, or waiting in the prefetch (never waited for: a
        // preparation still running means the songs meet end to end).
        let next = match self.window.iter().find(|(s, _)| *s == seq + 1) {
            Some((_, next)) => next.clone(),
            None if self.next_seq != seq + 1 => return skip(self),
            None => {
                if !self.prefetch.as_ref().is_some_and(JoinHandle::is_finished) {
                    return;
                }
                let Some(handle) = self.prefetch.take() else {
                    return;
                };
                match handle.await {
                    Ok(Ok(prepared)) if prepared.duration_us() > 0 => {
                        let starts_in_ms =
                            i64::try_from(left as u64 * crossfade::frame_us(primary) / 1000).unwrap_or(0);
                        self.push_prepared(prepared, starts_in_ms).await
                    }
                    Ok(Ok(prepared)) => {
                        tracing::warn!(track = %prepared.entry.key, "track has no audio; skipped");
                        self.start_prefetch();
                        return;
                    }
                    Ok(Err(err)) => {
                        tracing::warn!(meta_id = %self.spec.meta_id, error = %err, "track skipped");
                        self.start_prefetch();
                        return;
                    }
                    Err(err) => {
                        tracing::warn!(error = %err, "track preparation failed");
                        self.start_prefetch();
                        return;
                    }
                }
            }
        };
        if !Self::fades(&next) {
            return skip(self);
        }
        let overlap_us = u64::try_from(overlap.as_micros()).unwrap_or(0);
        let frames: HashMap<Codec, usize> = self
            .codecs
            .iter()
            .map(|&codec| (codec, self.overlaps.frames(codec, overlap_us)))
            .collect();
        let (out, into, plan_frames) = (track.clone(), next, frames.clone());
        let handle = tokio::task::spawn_blocking(move || crossfade::plan(&out, &into, &plan_frames));
        self.splices.push_back((seq, Planned::Pending(handle, frames)));
    }

    /// Takes in the crossfades whose blends are ready, if no cursor has gone past the frame where
    /// they begin.
    async fn settle_splices(&mut self, cursors: &[Cursor]) {
        let overlap_us = u64::try_from(self.ctx.crossfade.as_micros()).unwrap_or(0);
        for index in 0..self.splices.len() {
            let (seq, planned) = &mut self.splices[index];
            let seq = *seq;
            if !matches!(planned, Planned::Pending(handle, _) if handle.is_finished()) {
                continue;
            }
            let Planned::Pending(handle, frames) = std::mem::replace(planned, Planned::Skip) else {
                continue;
            };
            let splice = match handle.await {
                Ok(Ok(splice)) => splice,
                Ok(Err(err)) => {
                    tracing::debug!(meta_id = %self.spec.meta_id, error = %err, "no crossfade");
                    continue;
                }
                Err(err) => {
                    tracing::warn!(error = %err, "crossfade failed");
                    continue;
                }
            };
            let in_time = cursors.iter().all(|cursor| {
                cursor.seq < seq
                    || (cursor.seq == seq
                        && splice
                            .joints
                            .get(&cursor.codec)
                            .is_some_and(|joint| cursor.frame + 1 < joint.cut))
            });
            if !in_time {
                tracing::debug!(meta_id = %self.spec.meta_id, "crossfade ready too late");
                continue;
            }
            for (codec, frames) in frames {
                self.overlaps.aired(codec, overlap_us, frames);
            }
            self.splices[index].1 = Planned::Ready(Arc::new(splice));
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
        self.publish_chunk(cursor.codec, title, cursor.elapsed_us, &mut out, &mut out_us);
    }

    /// The live programme goes on air, or its title changes: now playing, push, history.
    fn live_on_air(&mut self, title: &str, due_us: u64) {
        self.live_title = Some(Arc::from(title));
        // Live audio meets the autoDJ end to end.
        self.splices.clear();
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
        self.splices.clear();
        let next = cursors.iter().map(|cursor| cursor.seq).max().unwrap_or(0) + 1;
        for cursor in cursors {
            cursor.seq = next;
            cursor.frame = 0;
        }
        tracing::info!(meta_id = %self.spec.meta_id, "live programme ended; autoDJ resumes");
    }

    /// Publishes what `out` holds of `track`, which ends at `end_us` of stream time.
    fn publish(&self, codec: Codec, track: &Prepared, end_us: u64, out: &mut BytesMut, out_us: &mut u64) {
        self.publish_chunk(
            codec,
            Arc::from(track.entry.meta.stream_title()),
            end_us,
            out,
            out_us,
        );
    }

    fn publish_chunk(
        &self,
        codec: Codec,
        title: Arc<str>,
        end_us: u64,
        out: &mut BytesMut,
        out_us: &mut u64,
    ) {
        if out.is_empty() {
            return;
        }
        let start_us = end_us.saturating_sub(*out_us);
        let chunk = Chunk {
            data: Bytes::from(std::mem::take(out)),
            title,
            duration_us: std::mem::take(out_us),
            at_ms: self.epoch_ms + i64::try_from(start_us / 1000).unwrap_or(0),
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
            self.push_prepared(prepared, 0).await;
        }
    }

    /// Queues a prepared track to air in `starts_in_ms`, and starts choosing the one after it.
    async fn push_prepared(&mut self, prepared: Prepared, starts_in_ms: i64) -> Arc<Prepared> {
        // The next pick airs when this track ends: its hour's playlist chooses it.
        let airs_at_ms = now_ms() + starts_in_ms + i64::try_from(prepared.duration_us() / 1000).unwrap_or(0);
        let prepared = Arc::new(prepared);
        self.window.push_back((self.next_seq, prepared.clone()));
        self.next_seq += 1;
        self.follow_grid(airs_at_ms).await;
        self.start_prefetch();
        prepared
    }

    /// Chooses the next track and starts preparing it, as soon as the current one is on air. Only a
    /// new song is chosen this early: when the song on air is all the shelf has (the demo library
    /// still rendering at a first start), the choice waits for the end of the track.
    fn start_prefetch(&mut self) {
        if self.prefetch.is_some() {
            return;
        }
        if let Some(entry) = self.pick(false) {
            self.prepare(entry);
        }
    }

    /// The rotation's next entry from the whole shelf; a station ID that falls due is the jingle.
    /// The pick is made about a track ahead of its airing, every pick alike, so the clock at the pick
    /// measures the separations between songs as well as their airing times would.
    fn pick(&mut self, may_repeat: bool) -> Option<Arc<Entry>> {
        let music = self.spec.shelf.music();
        let members: Vec<Arc<Entry>> = match &self.playlist {
            Some(playlist) => music
                .iter()
                .filter(|entry| playlist.holds(entry))
                .cloned()
                .collect(),
            None => Vec::new(),
        };
        // A playlist none of whose tracks this channel's library has would be silence: the whole
        // library plays instead, as on a channel without a playlist.
        let (pool, rules) = if members.is_empty() {
            (music, RotationRules::NO_PLAYLIST)
        } else {
            (members, self.rules)
        };
        let pick = self.rotation.next(
            &pool,
            &self.spec.shelf.commercials(),
            &rules,
            now_ms(),
            may_repeat,
        )?;
        Some(match pick {
            Pick::Song { entry, .. } | Pick::Commercial(entry) => entry,
            Pick::StationId => self.ctx.jingle.clone(),
        })
    }

    /// Takes the playlist (and its rules) of the hour `at_ms` falls in, from the channel's grid. A
    /// failed read keeps the playlist in use: the stream never waits on the database.
    async fn follow_grid(&mut self, at_ms: i64) {
        let db = &self.ctx.db;
        let id = match self
            .ctx
            .schedule
            .playlist_at(db, &self.spec.stream_id, at_ms.div_euclid(1000))
            .await
        {
            Ok(id) => id,
            Err(err) => {
                tracing::warn!(error = %err, stream_id = %self.spec.stream_id, "programme grid not read");
                return;
            }
        };
        let Some(id) = id else {
            self.playlist = None;
            self.rules = RotationRules::NO_PLAYLIST;
            return;
        };
        match crate::data::playlists::for_playout(db, id).await {
            Ok(Some(playlist)) => {
                if self.playlist.as_ref().is_none_or(|p| p.id != id) {
                    tracing::info!(stream_id = %self.spec.stream_id, playlist = id, "playlist of the hour");
                }
                self.rules = RotationRules {
                    song_separation_ms: playlist.song_separation_minutes * 60_000,
                    artist_separation_ms: playlist.artist_separation_minutes * 60_000,
                    jingle_every: usize::try_from(playlist.jingle_every).unwrap_or(0),
                };
                self.playlist = Some(Pool::new(id, &playlist));
            }
            // Deleted meanwhile: the whole library.
            Ok(None) => {
                self.playlist = None;
                self.rules = RotationRules::NO_PLAYLIST;
            }
            Err(err) => tracing::warn!(error = %err, playlist = id, "playlist not read"),
        }
    }

    fn prepare(&mut self, entry: Arc<Entry>) {
        let codecs = self.codecs.clone();
        let cache_dir = self.ctx.cache_dir.clone();
        let loudness = self.ctx.loudness.clone();
        self.prefetch = Some(tokio::task::spawn_blocking(move || {
            library::prepare(&entry, &codecs, &cache_dir, &loudness)
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
                && let Some(entry) = self.pick(true)
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
        match library::prepare(
            &self.ctx.jingle,
            &self.codecs,
            &self.ctx.cache_dir,
            &self.ctx.loudness,
        ) {
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
            match nowplaying::record_play(&db, &on_air, nowplaying::PlayOrigin::AutoDj).await {
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
mod pool_tests {
    use super::*;
    use crate::radio::library::TrackMeta;

    fn entry(music_slug: &str, artist_slug: &str, origin: Origin) -> Entry {
        Entry {
            key: format!("{music_slug}{artist_slug}"),
            meta: TrackMeta {
                song: music_slug.to_owned(),
                artist: artist_slug.to_owned(),
                artist_slug: artist_slug.to_owned(),
                music_slug: music_slug.to_owned(),
                album: String::new(),
                year: None,
                cover_large: String::new(),
                cover_small: String::new(),
                meta_type: MetaType::Music,
            },
            origin,
        }
    }

    /// A playlist holds catalogue songs by their slugs (whatever file carries them) and folder files by
    /// their path inside the folder.
    #[test]
    fn a_playlist_holds_its_songs_and_files() {
        let pool = Pool::new(
            1,
            &crate::data::playlists::ForPlayout {
                songs: vec![("aguas-de-marco".into(), "elis".into())],
                files: vec!["noite/lenta.mp3".into()],
                ..Default::default()
            },
        );
        let demo = Origin::Demo {
            files: HashMap::new(),
        };
        assert!(pool.holds(&entry("aguas-de-marco", "elis", demo.clone())));
        assert!(!pool.holds(&entry("aguas-de-marco", "tom", demo.clone())));
        let file = |path: &str| Origin::File {
            path: PathBuf::from(path),
        };
        assert!(pool.holds(&entry("", "", file("/musica/noite/lenta.mp3"))));
        assert!(!pool.holds(&entry("", "", file("/musica/lenta.mp3"))));
        assert!(!pool.holds(&entry("", "", file("/musica/outra/noite/lenta.mp3x"))));
    }
}
