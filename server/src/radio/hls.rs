//! HLS (RFC 8216) for every channel of the built-in engine. Each codec a channel airs is cut into
//! segments of about four seconds as it goes out, kept on disk for a window a listener can rewind in
//! (`ONDA_HLS_WINDOW_MINUTES`, two hours by default, bounded in bytes), and listed by playlists: a
//! master playlist per channel (`/hls/{streamId}.m3u8`) naming one media playlist per codec.
//!
//! Segments are *packed audio* (RFC 8216 §3.4): the codec's own frames, MP3 or ADTS HE-AAC, behind an
//! ID3 tag that carries the segment's start on the MPEG-2 90 kHz clock (the
//! `com.apple.streaming.transportStreamTimestamp` private frame every HLS player reads) and the title
//! on air (`TIT2`), so a listener who rewinds sees what was playing then. Packed audio rather than
//! fragmented MP4: the frames are what the engine already has (no remuxing, no initialisation
//! segment), Safari and hls.js play it, and the desktop app's symphonia decodes the MP3 rendition's
//! frames as they are. A segment ends where the title changes, so each carries one title.
//!
//! Segments are files named by their sequence number, start and length
//! (`<seq>-<start ms>-<length µs>[-d].<ext>`, `-d` for a discontinuity), so the window survives a
//! restart with nothing else to read; a restart is a discontinuity. A segment never changes once
//! written: its URL can be cached for a year.
//!
//! With several instances (`leader.rs`), only the one that plays out cuts segments; the others
//! mirror its window ([`Store::mirror`]): the same segments under the same numbers, dates and bytes,
//! so a balancer or a CDN may send a player's requests to any instance, and an instance that takes
//! over goes on numbering after the last segment it mirrored.

use std::{
    collections::VecDeque,
    fmt::Write as _,
    path::{Path, PathBuf},
    sync::{Arc, Mutex, PoisonError},
    time::Duration,
};

use bytes::Bytes;
use tokio::sync::broadcast::error::RecvError;
use tokio_util::sync::CancellationToken;

use super::{
    Access, frames,
    mount::{Chunk, Codec, Mount},
};

/// A segment is cut once it holds this much audio (or where the title changes).
pub const SEGMENT: Duration = Duration::from_secs(4);

/// `EXT-X-TARGETDURATION`: a segment is at most [`SEGMENT`] plus one of the playout's one-second chunks.
const TARGET_DURATION_S: u64 = 6;

/// How much of the end of the media playlist a delta update still lists (`EXT-X-SERVER-CONTROL`'s
/// `CAN-SKIP-UNTIL`): six target durations, the least the HLS specification allows.
pub const CAN_SKIP_UNTIL_S: u64 = 6 * TARGET_DURATION_S;

/// The default timeshift window.
pub const DEFAULT_WINDOW_MINUTES: u64 = 120;

/// The rendition a codec is published as: its name in URLs, its file extension, its `CODECS`.
pub fn rendition(codec: Codec) -> (&'static str, &'static str, &'static str) {
    match codec {
        Codec::Mp3 => ("mp3", "mp3", "mp4a.40.34"),
        Codec::AacHe => ("aac", "aac", "mp4a.40.5"),
        Codec::AacPlus => ("aacp", "aac", "mp4a.40.29"),
    }
}

/// A channel as HLS: who may listen, its master playlist and a window per codec.
pub struct ChannelHls {
    pub access: Access,
    pub master: Bytes,
    /// By rendition name (`mp3`, `aac`, `aacp`).
    pub renditions: Vec<(&'static str, Arc<Store>)>,
}

impl ChannelHls {
    pub fn rendition(&self, name: &str) -> Option<&Store> {
        self.renditions
            .iter()
            .find(|(rendition, _)| *rendition == name)
            .map(|(_, store)| store.as_ref())
    }
}

/// One segment of the window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    pub seq: u64,
    /// When its first frame aired (Unix ms).
    pub at_ms: i64,
    pub duration_us: u64,
    pub bytes: u64,
    /// The stream does not continue seamlessly from the segment before (a restart, a gap, another
    /// audio format from the studio).
    pub discontinuity: bool,
}

impl Segment {
    fn file_name(&self, ext: &str) -> String {
        let mark = if self.discontinuity { "-d" } else { "" };
        format!("{}-{}-{}{mark}.{ext}", self.seq, self.at_ms, self.duration_us)
    }

    fn parse(name: &str, ext: &str) -> Option<Self> {
        let stem = name.strip_suffix(ext)?.strip_suffix('.')?;
        let (stem, discontinuity) = match stem.strip_suffix("-d") {
            Some(stem) => (stem, true),
            None => (stem, false),
        };
        let mut parts = stem.split('-');
        let seq = parts.next()?.parse().ok()?;
        let at_ms = parts.next()?.parse().ok()?;
        let duration_us = parts.next()?.parse().ok()?;
        parts.next().is_none().then_some(Self {
            seq,
            at_ms,
            duration_us,
            bytes: 0,
            discontinuity,
        })
    }

    pub fn end_ms(&self) -> i64 {
        self.at_ms + i64::try_from(self.duration_us / 1000).unwrap_or(0)
    }
}

/// The window of one rendition: its segments on disk and the playlist that lists them.
pub struct Store {
    dir: PathBuf,
    ext: &'static str,
    name: &'static str,
    window_ms: i64,
    max_bytes: u64,
    inner: Mutex<Window>,
}

/// One segment of the instance that plays out, as its media playlist lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    pub seq: u64,
    pub at_ms: i64,
    pub duration_us: u64,
    pub discontinuity: bool,
    /// `EXT-X-DISCONTINUITY-SEQUENCE` as a window starting at this segment would say it; unknown
    /// in a delta update, whose skipped segments are not listed.
    pub discontinuities_before: Option<u64>,
}

/// A media playlist's segments (a full one, or a delta update's last ones), read with m3u8-rs.
pub fn listing(playlist: &[u8]) -> Option<Vec<Listed>> {
    let Ok(m3u8_rs::Playlist::MediaPlaylist(media)) = m3u8_rs::parse_playlist_res(playlist) else {
        return None;
    };
    // A delta update names how many segments it skipped (`EXT-X-SKIP`), which m3u8-rs keeps as an
    // unknown tag: they count in the numbering.
    let skipped: u64 = std::str::from_utf8(playlist)
        .ok()?
        .lines()
        .find_map(|line| line.strip_prefix("#EXT-X-SKIP:"))
        .and_then(|attributes| {
            attributes
                .split(',')
                .find_map(|attribute| attribute.strip_prefix("SKIPPED-SEGMENTS="))
        })
        .map_or(Some(0), |count| count.trim().parse().ok())?;
    let mut before = (skipped == 0).then_some(media.discontinuity_sequence);
    let mut out = Vec::with_capacity(media.segments.len());
    for (index, segment) in media.segments.iter().enumerate() {
        let at_ms = segment.program_date_time?.timestamp_millis();
        out.push(Listed {
            seq: media.media_sequence + skipped + index as u64,
            at_ms,
            duration_us: (f64::from(segment.duration) * 1e6).round() as u64,
            discontinuity: segment.discontinuity,
            discontinuities_before: before,
        });
        if segment.discontinuity {
            before = before.map(|count| count + 1);
        }
    }
    Some(out)
}

#[derive(Default)]
struct Window {
    segments: VecDeque<Segment>,
    next_seq: u64,
    /// Discontinuities that left the window (`EXT-X-DISCONTINUITY-SEQUENCE`).
    discontinuities_before: u64,
    bytes: u64,
    /// The next segment starts a discontinuity.
    broken: bool,
    playlist: Bytes,
    /// The playlist as a delta update: the oldest segments skipped (`EXT-X-SKIP`).
    delta: Bytes,
    /// The full playlist compressed (gzip), for the players that accept it.
    playlist_gzip: Bytes,
    /// The newest segments' bytes, which every listener at the live edge asks for: served from
    /// memory, not read from disk again for each of them.
    recent: VecDeque<(u64, Bytes)>,
    /// This instance follows another: the window is the other's ([`Store::mirror`]), and what it
    /// airs itself is not cut into segments.
    mirroring: bool,
}

/// How many of the newest segments each rendition keeps in memory (half a minute of audio).
const RECENT_SEGMENTS: usize = 8;

fn gzip(data: &[u8]) -> Bytes {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    if encoder.write_all(data).is_err() {
        return Bytes::new();
    }
    encoder.finish().map(Bytes::from).unwrap_or_default()
}

impl Store {
    /// Opens (creating) `dir` and takes in the segments a previous run left there, dropping those
    /// outside the window. The first new segment is a discontinuity.
    pub fn open(
        dir: PathBuf,
        codec: Codec,
        window: Duration,
        max_bytes: u64,
        now_ms: i64,
    ) -> std::io::Result<Self> {
        std::fs::create_dir_all(&dir)?;
        let (name, ext, _) = rendition(codec);
        let mut found = Vec::new();
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let file = entry.file_name();
            let Some(file) = file.to_str() else {
                continue;
            };
            match Segment::parse(file, ext) {
                Some(mut segment) => {
                    segment.bytes = entry.metadata().map(|m| m.len()).unwrap_or(0);
                    found.push(segment);
                }
                // A write a crash interrupted.
                None if file.ends_with(".tmp") => {
                    let _ = std::fs::remove_file(entry.path());
                }
                None => {}
            }
        }
        found.sort_by_key(|segment| segment.seq);
        let store = Self {
            dir,
            ext,
            name,
            window_ms: i64::try_from(window.as_millis()).unwrap_or(i64::MAX),
            max_bytes,
            inner: Mutex::new(Window {
                next_seq: found.last().map_or(0, |last| last.seq + 1),
                broken: !found.is_empty(),
                bytes: found.iter().map(|s| s.bytes).sum(),
                segments: found.into(),
                ..Window::default()
            }),
        };
        {
            let mut window = store.lock();
            store.prune(&mut window, now_ms);
            window.playlist = store.render(&window, false);
            window.delta = store.render(&window, true);
            window.playlist_gzip = gzip(&window.playlist);
        }
        Ok(store)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Window> {
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How far back the window reaches (ms).
    pub fn window_ms(&self) -> i64 {
        self.window_ms
    }

    /// The segments' file extension (`mp3`, `aac`).
    pub fn ext(&self) -> &'static str {
        self.ext
    }

    /// The media playlist as it stands.
    pub fn playlist(&self) -> Bytes {
        self.lock().playlist.clone()
    }

    /// The media playlist as a delta update (`_HLS_skip=YES`): all but its last
    /// [`CAN_SKIP_UNTIL_S`] seconds replaced by `EXT-X-SKIP`. A player at the live edge reloads a
    /// kilobyte every few seconds instead of the whole window (about 150 KB for two hours).
    pub fn delta_playlist(&self) -> Bytes {
        self.lock().delta.clone()
    }

    /// The segments in the window, oldest first.
    pub fn segments(&self) -> Vec<Segment> {
        self.lock().segments.iter().cloned().collect()
    }

    /// The full media playlist compressed with gzip.
    pub fn playlist_gzip(&self) -> Bytes {
        self.lock().playlist_gzip.clone()
    }

    /// Segment `seq`'s bytes when it is one of the newest, kept in memory.
    pub fn recent(&self, seq: u64) -> Option<Bytes> {
        self.lock()
            .recent
            .iter()
            .find(|(recent, _)| *recent == seq)
            .map(|(_, data)| data.clone())
    }

    /// The file of segment `seq`, while it is in the window.
    pub fn file(&self, seq: u64) -> Option<PathBuf> {
        let window = self.lock();
        let first = window.segments.front()?.seq;
        let segment = window
            .segments
            .get(usize::try_from(seq.checked_sub(first)?).ok()?)?;
        (segment.seq == seq).then(|| self.dir.join(segment.file_name(self.ext)))
    }

    /// The next segment will not continue the stream seamlessly.
    pub fn break_off(&self) {
        self.lock().broken = true;
    }

    /// Following another instance (its window is mirrored) or not (this one cuts its own segments,
    /// numbered on from the last, the first a discontinuity).
    pub fn set_mirroring(&self, on: bool) {
        let mut window = self.lock();
        window.mirroring = on;
        if !on {
            window.broken = true;
        }
    }

    pub fn mirroring(&self) -> bool {
        self.lock().mirroring
    }

    /// The newest segment's number and start.
    pub fn newest(&self) -> Option<(u64, i64)> {
        self.lock()
            .segments
            .back()
            .map(|segment| (segment.seq, segment.at_ms))
    }

    /// Drops the whole window (its files too): it is not the one being mirrored.
    pub fn reset(&self) {
        let mut window = self.lock();
        self.clear(&mut window);
        window.playlist = self.render(&window, false);
        window.delta = self.render(&window, true);
        window.playlist_gzip = gzip(&window.playlist);
    }

    fn clear(&self, window: &mut Window) {
        for segment in window.segments.drain(..) {
            let _ = std::fs::remove_file(self.dir.join(segment.file_name(self.ext)));
        }
        window.bytes = 0;
        window.recent.clear();
        window.discontinuities_before = 0;
    }

    /// Takes in a segment of the instance that plays out (`data`, its tag included), under its
    /// number. One already here is skipped; one that does not follow the newest starts the window
    /// afresh from it (a first sync, or a gap), with the other's discontinuity count. Answers
    /// whether it was stored; nothing is once this instance no longer mirrors. Blocking (one small
    /// file, written under the window's lock so no segment of this instance's own can interleave).
    pub fn mirror(&self, listed: &Listed, data: Vec<u8>, now_ms: i64) -> std::io::Result<bool> {
        let mut window = self.lock();
        if !window.mirroring {
            return Ok(false);
        }
        let newest = window.segments.back().map(|segment| segment.seq);
        match newest {
            Some(newest) if listed.seq <= newest => return Ok(false),
            Some(newest) if listed.seq == newest + 1 => {}
            _ => {
                self.clear(&mut window);
                window.discontinuities_before = listed.discontinuities_before.unwrap_or(0);
            }
        }
        let segment = Segment {
            seq: listed.seq,
            at_ms: listed.at_ms,
            duration_us: listed.duration_us,
            bytes: data.len() as u64,
            discontinuity: listed.discontinuity,
        };
        let path = self.dir.join(segment.file_name(self.ext));
        let tmp = self.dir.join(format!("{}.tmp", segment.seq));
        std::fs::write(&tmp, &data)?;
        std::fs::rename(&tmp, &path)?;
        window.next_seq = segment.seq + 1;
        window.broken = false;
        window.bytes += segment.bytes;
        window.segments.push_back(segment);
        window.recent.push_back((listed.seq, Bytes::from(data)));
        if window.recent.len() > RECENT_SEGMENTS {
            window.recent.pop_front();
        }
        self.prune(&mut window, now_ms);
        window.playlist = self.render(&window, false);
        window.delta = self.render(&window, true);
        window.playlist_gzip = gzip(&window.playlist);
        Ok(true)
    }

    /// Writes a segment of `audio` (whole frames) that began airing at `at_ms`, with `title` in its
    /// tag, and drops what left the window. Blocking (one small file).
    pub fn append(
        &self,
        audio: &[u8],
        at_ms: i64,
        duration_us: u64,
        title: &str,
        now_ms: i64,
    ) -> std::io::Result<()> {
        let tag = id3(pts_90khz(at_ms), title);
        let (seq, discontinuity) = {
            let mut window = self.lock();
            if window.mirroring {
                return Ok(());
            }
            let seq = window.next_seq;
            window.next_seq += 1;
            (seq, std::mem::take(&mut window.broken))
        };
        let segment = Segment {
            seq,
            at_ms,
            duration_us,
            bytes: (tag.len() + audio.len()) as u64,
            discontinuity,
        };
        let path = self.dir.join(segment.file_name(self.ext));
        let tmp = self.dir.join(format!("{seq}.tmp"));
        let mut data = Vec::with_capacity(tag.len() + audio.len());
        data.extend_from_slice(&tag);
        data.extend_from_slice(audio);
        std::fs::write(&tmp, &data)?;
        std::fs::rename(&tmp, &path)?;
        let mut window = self.lock();
        window.bytes += segment.bytes;
        window.segments.push_back(segment);
        window.recent.push_back((seq, Bytes::from(data)));
        if window.recent.len() > RECENT_SEGMENTS {
            window.recent.pop_front();
        }
        self.prune(&mut window, now_ms);
        window.playlist = self.render(&window, false);
        window.delta = self.render(&window, true);
        window.playlist_gzip = gzip(&window.playlist);
        Ok(())
    }

    /// Deletes the oldest segments while the window is longer than its time or its bytes.
    fn prune(&self, window: &mut Window, now_ms: i64) {
        let newest = window.segments.back().map_or(now_ms, Segment::end_ms).max(now_ms);
        while let Some(oldest) = window.segments.front() {
            let too_old = newest - oldest.end_ms() > self.window_ms;
            if !too_old && window.bytes <= self.max_bytes {
                break;
            }
            let oldest = window.segments.pop_front().unwrap_or_else(|| unreachable!());
            window.bytes = window.bytes.saturating_sub(oldest.bytes);
            if oldest.discontinuity {
                window.discontinuities_before += 1;
            }
            let _ = std::fs::remove_file(self.dir.join(oldest.file_name(self.ext)));
        }
    }

    fn render(&self, window: &Window, delta: bool) -> Bytes {
        let mut out = String::with_capacity(96 + window.segments.len() * 100);
        let first = window.segments.front().map_or(window.next_seq, |s| s.seq);
        let _ = write!(
            out,
            "#EXTM3U\n#EXT-X-VERSION:9\n#EXT-X-TARGETDURATION:{TARGET_DURATION_S}\n\
             #EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL={CAN_SKIP_UNTIL_S}.0\n\
             #EXT-X-MEDIA-SEQUENCE:{first}\n#EXT-X-DISCONTINUITY-SEQUENCE:{}\n",
            window.discontinuities_before
        );
        // A delta update lists at least the last CAN_SKIP_UNTIL_S seconds and skips what is before.
        let skipped = if delta {
            let mut kept_us = 0u64;
            let mut keep = window.segments.len();
            while keep > 0 && kept_us < CAN_SKIP_UNTIL_S * 1_000_000 {
                keep -= 1;
                kept_us += window.segments[keep].duration_us;
            }
            keep
        } else {
            0
        };
        if skipped > 0 {
            let _ = writeln!(out, "#EXT-X-SKIP:SKIPPED-SEGMENTS={skipped}");
        }
        for segment in window.segments.iter().skip(skipped) {
            if segment.discontinuity {
                out.push_str("#EXT-X-DISCONTINUITY\n");
            }
            let _ = write!(
                out,
                "#EXT-X-PROGRAM-DATE-TIME:{}\n#EXTINF:{:.3},\n{}/{}.{}\n",
                utc_ms(segment.at_ms),
                segment.duration_us as f64 / 1e6,
                self.name,
                segment.seq,
                self.ext
            );
        }
        Bytes::from(out)
    }
}

/// `2026-11-29T14:00:00.123Z`.
fn utc_ms(unix_ms: i64) -> String {
    let at = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(unix_ms) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute(),
        at.second(),
        at.millisecond()
    )
}

/// A time on the MPEG-2 90 kHz clock, which wraps at 2^33 (about 26.5 hours; players expect it).
fn pts_90khz(unix_ms: i64) -> u64 {
    (u64::try_from(unix_ms).unwrap_or(0) * 90) & ((1 << 33) - 1)
}

/// The ID3v2.4 tag a packed-audio segment starts with: its start time, then its title
/// (`onda_shared::packed_audio` takes it off again).
fn id3(pts: u64, title: &str) -> Vec<u8> {
    fn syncsafe(len: usize) -> [u8; 4] {
        let len = u32::try_from(len).unwrap_or(0);
        [
            (len >> 21) & 0x7f,
            (len >> 14) & 0x7f,
            (len >> 7) & 0x7f,
            len & 0x7f,
        ]
        .map(|b| b as u8)
    }
    fn frame(out: &mut Vec<u8>, id: &[u8; 4], body: &[u8]) {
        out.extend_from_slice(id);
        out.extend_from_slice(&syncsafe(body.len()));
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(body);
    }
    let mut frames = Vec::with_capacity(96 + title.len());
    let mut private = b"com.apple.streaming.transportStreamTimestamp\0".to_vec();
    private.extend_from_slice(&pts.to_be_bytes());
    frame(&mut frames, b"PRIV", &private);
    if !title.is_empty() {
        let mut text = vec![3u8]; // UTF-8
        text.extend_from_slice(title.as_bytes());
        frame(&mut frames, b"TIT2", &text);
    }
    let mut tag = b"ID3\x04\x00\x00".to_vec();
    tag.extend_from_slice(&syncsafe(frames.len()));
    tag.extend_from_slice(&frames);
    tag
}

/// The master playlist of a channel: one media playlist per codec, full quality first.
pub fn master(stream_id: &str, codecs: &[Codec]) -> Bytes {
    let mut out = String::from("#EXTM3U\n#EXT-X-VERSION:3\n");
    let mut codecs = codecs.to_vec();
    codecs.sort_by_key(|codec| std::cmp::Reverse(codec.kbps()));
    for codec in codecs {
        let (name, _, codecs_attr) = rendition(codec);
        // Peak bits per second: the codec's rate, its frame padding and the segments' tags.
        let bandwidth = codec.kbps() * 1000 * 105 / 100;
        let _ = write!(
            out,
            "#EXT-X-STREAM-INF:BANDWIDTH={bandwidth},AVERAGE-BANDWIDTH={},CODECS=\"{codecs_attr}\"\n{stream_id}/{name}.m3u8\n",
            codec.kbps() * 1000
        );
    }
    Bytes::from(out)
}

/// The sample rate and samples per frame of the first frame of `data`: a change means a new audio
/// format (the studio's source), which a player must be told of.
fn format(codec: Codec, data: &[u8]) -> Option<(u32, u32)> {
    let found = match codec {
        Codec::Mp3 => frames::mp3_frames(data),
        Codec::AacHe | Codec::AacPlus => frames::adts_frames(data),
    };
    found.first().map(|frame| (frame.sample_rate, frame.samples))
}

/// Cuts a mount's audio into segments as it airs, until the mount closes or `shutdown`.
pub async fn segment(mount: Arc<Mount>, store: Arc<Store>, shutdown: CancellationToken) {
    let Some((_, mut receiver)) = mount.subscribe() else {
        return;
    };
    let mut pending: Vec<Chunk> = Vec::new();
    let mut pending_us = 0u64;
    let mut last_format = None;
    loop {
        let received = tokio::select! {
            received = receiver.recv() => received,
            () = shutdown.cancelled() => return,
        };
        match received {
            Ok(chunk) if chunk.data.is_empty() => return,
            Ok(chunk) => {
                let expected_ms = pending
                    .first()
                    .map(|first| first.at_ms + i64::try_from(pending_us / 1000).unwrap_or(0));
                let gap = expected_ms.is_some_and(|at| (chunk.at_ms - at).abs() > 500);
                let format = format(mount.codec, &chunk.data);
                let new_format = last_format.is_some() && format.is_some() && format != last_format;
                let new_title = pending.first().is_some_and(|first| first.title != chunk.title);
                if gap || new_format || new_title {
                    flush(&store, &mut pending, &mut pending_us).await;
                }
                if gap || new_format {
                    store.break_off();
                }
                if format.is_some() {
                    last_format = format;
                }
                pending_us += chunk.duration_us;
                pending.push(chunk);
                if pending_us >= SEGMENT.as_micros() as u64 {
                    flush(&store, &mut pending, &mut pending_us).await;
                }
            }
            // Fell behind (a stalled disk): what was missed is a gap.
            Err(RecvError::Lagged(_)) => {
                pending.clear();
                pending_us = 0;
                store.break_off();
            }
            Err(RecvError::Closed) => return,
        }
    }
}

async fn flush(store: &Arc<Store>, pending: &mut Vec<Chunk>, pending_us: &mut u64) {
    // Following another instance: its segments are mirrored, this one's audio is not cut.
    if store.mirroring() {
        pending.clear();
        *pending_us = 0;
        return;
    }
    let Some(first) = pending.first() else {
        return;
    };
    let (at_ms, title) = (first.at_ms, first.title.clone());
    let audio: Vec<u8> = pending
        .iter()
        .flat_map(|chunk| chunk.data.iter().copied())
        .collect();
    let duration_us = std::mem::take(pending_us);
    pending.clear();
    let store = store.clone();
    let written = tokio::task::spawn_blocking(move || {
        store.append(&audio, at_ms, duration_us, &title, crate::clock::now_ms())
    })
    .await;
    match written {
        Ok(Ok(())) => {}
        Ok(Err(err)) => tracing::warn!(error = %err, "HLS segment not written"),
        Err(err) => tracing::warn!(error = %err, "HLS segment not written"),
    }
}

/// Where a channel's renditions keep their segments: `<dir>/<streamId>/<rendition>/`.
pub fn rendition_dir(root: &Path, stream_id: &str, codec: Codec) -> PathBuf {
    root.join(stream_id).join(rendition(codec).0)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    #[test]
    fn a_segment_without_its_tag_is_its_frames() {
        // The tag written here is the one the recorder and the desktop player take off.
        let mut segment = id3(90_000, "Canção — Artista");
        segment.extend_from_slice(&[0xff, 0xfb, 0x90, 0x64]);
        assert_eq!(
            onda_shared::packed_audio::without_id3(&segment),
            &[0xff, 0xfb, 0x90, 0x64]
        );
    }

    const T0: i64 = 1_780_000_000_000;

    fn store(dir: &Path, window_s: u64, max_bytes: u64, now: i64) -> Store {
        Store::open(
            dir.to_owned(),
            Codec::Mp3,
            Duration::from_secs(window_s),
            max_bytes,
            now,
        )
        .unwrap()
    }

    #[test]
    fn a_delta_update_skips_all_but_the_last_36_seconds() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(dir.path(), 3600, u64::MAX, T0);
        for i in 0..20 {
            let at = T0 + i * 4_000;
            s.append(&[0xAA; 100], at, 4_000_000, "Banda - Canção", at + 4_000)
                .unwrap();
        }
        let full = String::from_utf8(s.playlist().to_vec()).unwrap();
        let delta = String::from_utf8(s.delta_playlist().to_vec()).unwrap();
        assert!(
            full.contains("#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=36.0\n"),
            "{full}"
        );
        assert_eq!(full.matches("#EXTINF").count(), 20);
        assert!(!full.contains("EXT-X-SKIP:"));
        // Nine segments of 4 s are the 36 s a delta update keeps; the eleven before are skipped.
        assert!(
            delta.contains(
                "#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-DISCONTINUITY-SEQUENCE:0\n#EXT-X-SKIP:SKIPPED-SEGMENTS=11\n"
            ),
            "{delta}"
        );
        assert_eq!(delta.matches("#EXTINF").count(), 9);
        assert!(delta.trim_end().ends_with("mp3/19.mp3"), "{delta}");
        assert!(delta.contains("\nmp3/11.mp3\n") && !delta.contains("\nmp3/10.mp3\n"));
    }

    /// A leader's window: 12 segments of 4 s, a discontinuity before the sixth.
    fn leader(dir: &Path) -> Store {
        let s = store(dir, 3600, u64::MAX, T0);
        for i in 0..12 {
            if i == 5 {
                s.break_off();
            }
            let at = T0 + i * 4_000;
            s.append(&[0xAA; 100], at, 4_000_000, "Banda - Canção", at + 4_000)
                .unwrap();
        }
        s
    }

    #[test]
    fn a_playlist_is_read_back_with_its_numbers_dates_and_discontinuities() {
        let dir = tempfile::tempdir().unwrap();
        let s = leader(dir.path());
        let full = listing(&s.playlist()).unwrap();
        assert_eq!(full.len(), 12);
        assert_eq!(
            full[5],
            Listed {
                seq: 5,
                at_ms: T0 + 20_000,
                duration_us: 4_000_000,
                discontinuity: true,
                discontinuities_before: Some(0),
            }
        );
        assert_eq!(full[6].discontinuities_before, Some(1));
        // A delta update lists the last 36 s under their own numbers; what it skipped is unknown.
        let delta = listing(&s.delta_playlist()).unwrap();
        assert_eq!(delta.first().map(|l| l.seq), Some(3));
        assert_eq!(
            delta.last(),
            full.last()
                .map(|l| Listed {
                    discontinuities_before: None,
                    ..l.clone()
                })
                .as_ref()
        );
        assert!(listing(b"#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\na.m3u8\n").is_none());
    }

    #[test]
    fn a_follower_mirrors_the_window_and_numbers_on_after_it_once_it_leads() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let leader = leader(a.path());
        let follower = store(b.path(), 3600, u64::MAX, T0);
        let full = listing(&leader.playlist()).unwrap();
        let bytes = |seq: u64| std::fs::read(leader.file(seq).unwrap()).unwrap();
        // Not mirroring: nothing is taken in.
        assert!(!follower.mirror(&full[0], bytes(0), T0).unwrap());
        follower.set_mirroring(true);
        // A first sync may start anywhere in the window: it takes the leader's discontinuity count.
        for listed in &full[3..] {
            assert!(follower.mirror(listed, bytes(listed.seq), T0 + 48_000).unwrap());
        }
        // Already here: skipped.
        assert!(!follower.mirror(&full[11], bytes(11), T0 + 48_000).unwrap());
        let from_leader = String::from_utf8(leader.playlist().to_vec()).unwrap();
        let mirrored = String::from_utf8(follower.playlist().to_vec()).unwrap();
        // From segment 3 on, the two playlists say the same.
        let third = format!("#EXT-X-PROGRAM-DATE-TIME:{}", utc_ms(T0 + 12_000));
        let tail = |playlist: &str| playlist[playlist.find(&third).unwrap()..].to_owned();
        assert_eq!(tail(&mirrored), tail(&from_leader));
        assert!(
            mirrored.contains("#EXT-X-MEDIA-SEQUENCE:3\n#EXT-X-DISCONTINUITY-SEQUENCE:0\n"),
            "{mirrored}"
        );
        assert_eq!(follower.recent(11), Some(Bytes::from(bytes(11))));
        assert_eq!(std::fs::read(follower.file(7).unwrap()).unwrap(), bytes(7));
        // While it follows, its own audio is not cut into segments.
        follower
            .append(&[0xBB; 100], T0 + 48_000, 4_000_000, "", T0 + 52_000)
            .unwrap();
        assert_eq!(follower.newest(), Some((11, T0 + 44_000)));

        // Leading now: its own segments follow the mirrored ones, the first a discontinuity.
        follower.set_mirroring(false);
        follower
            .append(&[0xBB; 100], T0 + 50_000, 4_000_000, "", T0 + 54_000)
            .unwrap();
        let own = follower.segments().last().cloned().unwrap();
        assert_eq!((own.seq, own.discontinuity), (12, true));

        // Following again, a window with a gap starts afresh from the leader's.
        follower.set_mirroring(true);
        let far = Listed {
            seq: 40,
            discontinuities_before: Some(3),
            ..full[11].clone()
        };
        assert!(follower.mirror(&far, bytes(11), T0 + 60_000).unwrap());
        let kept: Vec<u64> = follower.segments().iter().map(|s| s.seq).collect();
        assert_eq!(kept, [40]);
        assert_eq!(
            std::fs::read_dir(b.path()).unwrap().count(),
            1,
            "the old window's files are gone"
        );
        let playlist = String::from_utf8(follower.playlist().to_vec()).unwrap();
        assert!(
            playlist.contains("#EXT-X-MEDIA-SEQUENCE:40\n#EXT-X-DISCONTINUITY-SEQUENCE:3\n"),
            "{playlist}"
        );
    }

    #[test]
    fn the_window_keeps_its_length_and_survives_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(dir.path(), 20, u64::MAX, T0);
        // Ten segments of 4 s: only those ending within 20 s of the newest one's end stay.
        for i in 0..10 {
            let at = T0 + i * 4_000;
            s.append(&[0xAA; 100], at, 4_000_000, "Banda - Canção", at + 4_000)
                .unwrap();
        }
        let kept: Vec<u64> = s.segments().iter().map(|s| s.seq).collect();
        assert_eq!(kept, [4, 5, 6, 7, 8, 9]);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 6);
        assert!(s.file(3).is_none() && s.file(9).is_some() && s.file(10).is_none());
        let playlist = String::from_utf8(s.playlist().to_vec()).unwrap();
        assert!(playlist.contains("#EXT-X-MEDIA-SEQUENCE:4\n"), "{playlist}");
        assert!(
            playlist.contains("#EXT-X-PROGRAM-DATE-TIME:2026-05-28T"),
            "{playlist}"
        );
        assert!(playlist.contains("#EXTINF:4.000,\nmp3/9.mp3\n"), "{playlist}");

        // A restart 3 s after the last segment: the segments still in the window are read back; the
        // next one is a discontinuity.
        drop(s);
        let later = T0 + 40_000 + 3_000;
        let s = store(dir.path(), 20, u64::MAX, later);
        assert_eq!(s.segments().len(), 5);
        s.append(&[0xAA; 100], later, 4_000_000, "", later + 4_000)
            .unwrap();
        let last = s.segments().last().cloned().unwrap();
        assert_eq!((last.seq, last.discontinuity), (10, true));
        let playlist = String::from_utf8(s.playlist().to_vec()).unwrap();
        assert!(
            playlist.contains("#EXT-X-DISCONTINUITY\n#EXT-X-PROGRAM-DATE-TIME"),
            "{playlist}"
        );
    }

    #[test]
    fn the_window_is_bounded_in_bytes_and_counts_the_discontinuities_it_drops() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(dir.path(), 3600, 1_000, T0);
        s.break_off();
        for i in 0..6 {
            let at = T0 + i * 4_000;
            s.append(&[0; 300], at, 4_000_000, "", at).unwrap();
        }
        // Each segment is 300 bytes of audio plus its tag: three fit under 1,000 bytes.
        let kept = s.segments();
        assert!(
            kept.len() <= 3 && kept.iter().map(|s| s.bytes).sum::<u64>() <= 1_000,
            "{kept:?}"
        );
        let playlist = String::from_utf8(s.playlist().to_vec()).unwrap();
        assert!(
            playlist.contains("#EXT-X-DISCONTINUITY-SEQUENCE:1\n"),
            "{playlist}"
        );
    }

    #[test]
    fn a_segment_starts_with_its_time_and_title() {
        let tag = id3(pts_90khz(T0), "Banda - Canção");
        assert_eq!(&tag[..3], b"ID3");
        let size = tag[6..10].iter().fold(0usize, |n, b| (n << 7) | usize::from(*b));
        assert_eq!(size, tag.len() - 10);
        let private = b"com.apple.streaming.transportStreamTimestamp\0";
        let at = tag.windows(private.len()).position(|w| w == private).unwrap() + private.len();
        let pts = u64::from_be_bytes(tag[at..at + 8].try_into().unwrap());
        assert_eq!(pts, (T0 as u64 * 90) % (1 << 33));
        assert!(
            tag.windows("Banda - Canção".len())
                .any(|w| w == "Banda - Canção".as_bytes())
        );
    }

    #[test]
    fn file_names_carry_what_a_restart_needs() {
        let segment = Segment {
            seq: 12,
            at_ms: T0,
            duration_us: 4_005_000,
            bytes: 0,
            discontinuity: true,
        };
        let name = segment.file_name("aac");
        assert_eq!(Segment::parse(&name, "aac"), Some(segment));
        for wrong in ["12.aac", "a-b-c.aac", "1-2-3-4.aac", "1-2-3.mp3", "../1-2-3.aac"] {
            assert_eq!(Segment::parse(wrong, "aac"), None, "{wrong}");
        }
    }
}
