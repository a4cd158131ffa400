//! 'Ouvir de novo': every programme of a channel's grid is recorded as it airs, from the channel's HLS
//! segments (the MP3 rendition, `hls.rs`), and kept as an on-demand recording for `ONDA_REPLAY_DAYS`
//! (7 by default), all of them together bounded by `ONDA_REPLAY_MAX_MB`, the oldest deleted first.
//!
//! Every [`TICK`] the recorder appends to each airing's file the segments that aired in it since the
//! last tick, so a programme longer than the timeshift window is recorded whole; when the airing is
//! over, the file is named for good and stored (`data/replays.rs`). The progress of a recording
//! (`<stem>.progress`: the next segment and the bytes written) is on disk beside it, so a restart
//! carries on where the last run stopped, without repeating audio a crash wrote after its last
//! progress. A programme whose access is `none` is not recorded. Only the instance that plays out
//! records (the leader, or the only one).
//!
//! A recording is the segments' MP3 frames one after the other, without their ID3 tags: a plain MP3
//! file any player plays and seeks in (with HTTP range requests, `routes/replays.rs`).

use std::{
    collections::HashSet,
    io::Write,
    path::{Path, PathBuf},
    time::Duration,
};

use onda_shared::schedule::ReplayAccess;

use super::{
    hls::{Segment, Store},
    leader::Role,
};
use crate::{AppState, Result, clock::now_ms, data::replays as data};

/// How often recordings take in new segments, and airings that ended are stored.
pub const TICK: Duration = Duration::from_secs(20);

/// An airing is stored once the window holds a segment past its end, or this long after its end.
const FINISH_AFTER_MS: i64 = 30_000;

/// The folder of the recordings.
pub fn dir(state: &AppState) -> PathBuf {
    state.config.data_dir.join("replays")
}

/// A recording in progress, as its `.progress` file keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Progress {
    /// The first segment not yet appended.
    next_seq: u64,
    duration_us: u64,
    bytes: u64,
    /// When the first appended segment aired (0 before any).
    audio_from_ms: i64,
}

impl Progress {
    fn read(path: &Path) -> Option<Self> {
        let text = std::fs::read_to_string(path).ok()?;
        let mut parts = text.split_whitespace().map(str::parse::<i64>);
        let mut next = || parts.next()?.ok();
        Some(Self {
            next_seq: u64::try_from(next()?).ok()?,
            duration_us: u64::try_from(next()?).ok()?,
            bytes: u64::try_from(next()?).ok()?,
            audio_from_ms: next()?,
        })
    }

    fn write(&self, path: &Path) -> std::io::Result<()> {
        let temp = path.with_extension("progress-new");
        std::fs::write(
            &temp,
            format!(
                "{} {} {} {}\n",
                self.next_seq, self.duration_us, self.bytes, self.audio_from_ms
            ),
        )?;
        std::fs::rename(temp, path)
    }
}

/// One airing of the grid to record.
#[derive(Debug, Clone)]
struct Airing {
    stream_id: String,
    program_id: i64,
    start_ms: i64,
    end_ms: i64,
}

impl Airing {
    fn stem(&self) -> String {
        format!("{}-{}-{}", self.stream_id, self.start_ms, self.program_id)
    }

    /// A segment belongs to the airing in which its middle aired.
    fn holds(&self, segment: &Segment) -> bool {
        let middle = segment.at_ms + i64::try_from(segment.duration_us / 2000).unwrap_or(0);
        (self.start_ms..self.end_ms).contains(&middle)
    }
}

/// Appends the airing's new segments to its file; returns the progress (blocking: small files).
fn append(dir: &Path, airing: &Airing, store: &Store, segments: &[Segment]) -> std::io::Result<Progress> {
    std::fs::create_dir_all(dir)?;
    let stem = airing.stem();
    let part = dir.join(format!("{stem}.mp3.part"));
    let progress_path = dir.join(format!("{stem}.progress"));
    let mut progress = Progress::read(&progress_path).unwrap_or_default();
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&part)?;
    // Whatever a crash wrote after the last progress goes: it is appended again below.
    file.set_len(progress.bytes)?;
    let mut changed = false;
    let first = progress.next_seq;
    for segment in segments
        .iter()
        .filter(|segment| segment.seq >= first && airing.holds(segment))
    {
        let Some(path) = store.file(segment.seq) else {
            continue; // Left the window since the list was taken.
        };
        let Ok(data) = std::fs::read(&path) else {
            continue;
        };
        let audio = onda_shared::packed_audio::without_id3(&data);
        file.write_all(audio)?;
        if progress.audio_from_ms == 0 {
            progress.audio_from_ms = segment.at_ms;
        }
        progress.next_seq = segment.seq + 1;
        progress.duration_us += segment.duration_us;
        progress.bytes += u64::try_from(audio.len()).unwrap_or(0);
        changed = true;
    }
    file.sync_data()?;
    if changed {
        progress.write(&progress_path)?;
    }
    Ok(progress)
}

/// Records every channel's programmes until the station stops.
pub async fn run(state: AppState) {
    let shutdown = state.radio.shutdown.clone();
    let mut recorded: Option<HashSet<(String, i64)>> = None;
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            () = shutdown.cancelled() => return,
        }
        if !matches!(state.radio.role.get(), Role::Single | Role::Leader) {
            continue;
        }
        if let Err(err) = record(&state, &mut recorded).await {
            tracing::warn!(error = %err, "programme recordings not updated");
        }
    }
}

/// One pass: new segments into the recordings, finished airings stored, expired recordings deleted.
pub async fn record(state: &AppState, recorded: &mut Option<HashSet<(String, i64)>>) -> Result<()> {
    let now = now_ms();
    let dir = dir(state);
    let keep_ms = i64::from(state.config.replay_days) * 86_400_000;
    if recorded.is_none() {
        *recorded = Some(data::recorded_since(&state.db, now - keep_ms).await?);
    }
    let accesses = data::accesses(&state.db).await?;
    for stream_id in state.radio.hls_ids() {
        let Some(channel) = state.radio.hls(&stream_id) else {
            continue;
        };
        let Some(store) = channel
            .renditions
            .iter()
            .find(|(name, _)| *name == "mp3")
            .map(|(_, store)| store.clone())
        else {
            continue;
        };
        let Some(grid) = state.schedule.grid(&state.db, &stream_id).await? else {
            continue;
        };
        let segments = store.segments();
        let Some(newest_end) = segments.last().map(Segment::end_ms) else {
            continue;
        };
        let from = (now - store.window_ms()).div_euclid(1000);
        let airings: Vec<Airing> = grid
            .airings(from, now.div_euclid(1000) + 1)
            .iter()
            .map(|airing| Airing {
                stream_id: stream_id.clone(),
                program_id: airing.rule.programme.id,
                start_ms: airing.start * 1000,
                end_ms: airing.end * 1000,
            })
            .collect();
        for airing in airings {
            let key = (airing.stream_id.clone(), airing.start_ms);
            let access = accesses
                .get(&airing.program_id)
                .copied()
                .unwrap_or(ReplayAccess::None);
            if access == ReplayAccess::None || recorded.as_ref().is_some_and(|done| done.contains(&key)) {
                continue;
            }
            let finished = newest_end >= airing.end_ms || now >= airing.end_ms + FINISH_AFTER_MS;
            let (dir_for, airing_for, store_for, segments_for) =
                (dir.clone(), airing.clone(), store.clone(), segments.clone());
            let progress =
                tokio::task::spawn_blocking(move || append(&dir_for, &airing_for, &store_for, &segments_for))
                    .await
                    .map_err(|err| anyhow::anyhow!("recording task: {err}"))?
                    .map_err(anyhow::Error::from)?;
            if finished {
                store_recording(state, &dir, &airing, progress, now).await?;
                if let Some(done) = recorded.as_mut() {
                    done.insert(key);
                }
            }
        }
    }
    expire(state, &dir, now - keep_ms).await
}

/// Names a finished airing's file for good and stores it (an airing that aired nothing is dropped).
async fn store_recording(
    state: &AppState,
    dir: &Path,
    airing: &Airing,
    progress: Progress,
    now: i64,
) -> Result<()> {
    let stem = airing.stem();
    let part = dir.join(format!("{stem}.mp3.part"));
    let _ = std::fs::remove_file(dir.join(format!("{stem}.progress")));
    if progress.duration_us == 0 {
        let _ = std::fs::remove_file(&part);
        return Ok(());
    }
    let file = format!("{stem}.mp3");
    tokio::fs::rename(&part, dir.join(&file))
        .await
        .map_err(anyhow::Error::from)?;
    let stored = data::insert(
        &state.db,
        &data::NewReplay {
            program_id: airing.program_id,
            stream_id: &airing.stream_id,
            starts_at_ms: airing.start_ms,
            ends_at_ms: airing.end_ms,
            audio_from_ms: progress.audio_from_ms,
            file: &file,
            bytes: i64::try_from(progress.bytes).unwrap_or(i64::MAX),
            duration_ms: i64::try_from(progress.duration_us / 1000).unwrap_or(i64::MAX),
        },
        now,
    )
    .await?;
    if stored {
        tracing::info!(stream_id = %airing.stream_id, program_id = airing.program_id, file, "programme recorded");
    }
    Ok(())
}

/// Deletes the recordings past their days or over the byte bound, and files no recording names.
async fn expire(state: &AppState, dir: &Path, before_ms: i64) -> Result<()> {
    let max_bytes = i64::try_from(state.config.replay_max_mb.saturating_mul(1024 * 1024)).unwrap_or(i64::MAX);
    for replay in data::expired(&state.db, before_ms, max_bytes).await? {
        let _ = tokio::fs::remove_file(dir.join(&replay.file)).await;
        data::delete(&state.db, replay.id).await?;
    }
    // Files of recordings whose programme was deleted, and recordings in progress for airings that
    // are no longer in the grid, once they are a day old.
    let known = data::files(&state.db).await?;
    let Ok(mut entries) = tokio::fs::read_dir(dir).await else {
        return Ok(());
    };
    let stale = std::time::SystemTime::now() - Duration::from_secs(86_400);
    while let Ok(Some(entry)) = entries.next_entry().await {
        let name = entry.file_name().to_string_lossy().into_owned();
        let old = entry
            .metadata()
            .await
            .and_then(|meta| meta.modified())
            .is_ok_and(|modified| modified < stale);
        if old && !known.contains(&name) {
            let _ = tokio::fs::remove_file(entry.path()).await;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_survives_a_restart() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.progress");
        let progress = Progress {
            next_seq: 42,
            duration_us: 8_000_000,
            bytes: 128_000,
            audio_from_ms: 1_800_000_000_000,
        };
        progress.write(&path).expect("written");
        assert_eq!(Progress::read(&path), Some(progress));
        std::fs::write(&path, "garbage").expect("written");
        assert_eq!(Progress::read(&path), None);
    }

    #[test]
    fn a_segment_belongs_to_the_airing_its_middle_aired_in() {
        let airing = Airing {
            stream_id: "onda_1".into(),
            program_id: 1,
            start_ms: 10_000,
            end_ms: 20_000,
        };
        let segment = |at_ms| Segment {
            seq: 0,
            at_ms,
            duration_us: 4_000_000,
            bytes: 0,
            discontinuity: false,
        };
        assert!(!airing.holds(&segment(7_000)), "middle at 9 s");
        assert!(airing.holds(&segment(8_000)), "middle at 10 s");
        assert!(airing.holds(&segment(17_999)));
        assert!(
            !airing.holds(&segment(18_000)),
            "middle at 20 s: the next airing's"
        );
    }
}
