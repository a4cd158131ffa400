//! The programmes' recordings ('Ouvir de novo', `programme_replays`) and who may hear them
//! (`programs.replay_access`): what the recorder (`radio/replays.rs`) stores and deletes, and what
//! the programme pages and the podcast feed list (`routes/replays.rs`).

use std::collections::{HashMap, HashSet};

use onda_shared::schedule::ReplayAccess;

use crate::{Result, db::Db};

/// One stored recording.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Replay {
    pub id: i64,
    pub program_id: i64,
    pub stream_id: String,
    pub starts_at_ms: i64,
    pub ends_at_ms: i64,
    /// When the first recorded audio aired (later than the airing's start where the window began later).
    pub audio_from_ms: i64,
    pub file: String,
    pub bytes: i64,
    pub duration_ms: i64,
}

const COLUMNS: &str =
    "id, program_id, stream_id, starts_at_ms, ends_at_ms, audio_from_ms, file, bytes, duration_ms";

/// A recording to store.
pub struct NewReplay<'a> {
    pub program_id: i64,
    pub stream_id: &'a str,
    pub starts_at_ms: i64,
    pub ends_at_ms: i64,
    pub audio_from_ms: i64,
    pub file: &'a str,
    pub bytes: i64,
    pub duration_ms: i64,
}

/// Stores a finished recording; an airing recorded already (another instance, a restart) keeps the first.
pub async fn insert(db: &Db, replay: &NewReplay<'_>, now_ms: i64) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO programme_replays (program_id, stream_id, starts_at_ms, ends_at_ms, audio_from_ms, file, \
         bytes, duration_ms, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
         ON CONFLICT (stream_id, starts_at_ms) DO NOTHING",
    )
    .bind(replay.program_id)
    .bind(replay.stream_id)
    .bind(replay.starts_at_ms)
    .bind(replay.ends_at_ms)
    .bind(replay.audio_from_ms)
    .bind(replay.file)
    .bind(replay.bytes)
    .bind(replay.duration_ms)
    .bind(now_ms)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// The airings recorded since `since_ms`, as (streamId, start).
pub async fn recorded_since(db: &Db, since_ms: i64) -> Result<HashSet<(String, i64)>> {
    let rows: Vec<(String, i64)> =
        sqlx::query_as("SELECT stream_id, starts_at_ms FROM programme_replays WHERE ends_at_ms >= $1")
            .bind(since_ms)
            .fetch_all(&db.pool)
            .await?;
    Ok(rows.into_iter().collect())
}

/// Every programme's access, by id ('none' and unknown values: not recorded).
pub async fn accesses(db: &Db) -> Result<HashMap<i64, ReplayAccess>> {
    let rows: Vec<(i64, String)> = sqlx::query_as("SELECT id, replay_access FROM programs")
        .fetch_all(&db.pool)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, access)| (id, ReplayAccess::parse(&access).unwrap_or(ReplayAccess::None)))
        .collect())
}

/// One programme's access.
pub async fn access_of(db: &Db, program_id: i64) -> Result<ReplayAccess> {
    let access: Option<String> = sqlx::query_scalar("SELECT replay_access FROM programs WHERE id = $1")
        .bind(program_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(access
        .and_then(|access| ReplayAccess::parse(&access))
        .unwrap_or(ReplayAccess::None))
}

/// A programme's recordings, newest first.
pub async fn of_programme(db: &Db, program_id: i64) -> Result<Vec<Replay>> {
    Ok(sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM programme_replays WHERE program_id = $1 ORDER BY starts_at_ms DESC, id DESC"
    ))
    .bind(program_id)
    .fetch_all(&db.pool)
    .await?)
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<Replay>> {
    Ok(
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM programme_replays WHERE id = $1"))
            .bind(id)
            .fetch_optional(&db.pool)
            .await?,
    )
}

/// The recordings to delete: those that ended before `before_ms`, then the oldest while all of them
/// together take more than `max_bytes`.
pub async fn expired(db: &Db, before_ms: i64, max_bytes: i64) -> Result<Vec<Replay>> {
    let all: Vec<Replay> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM programme_replays ORDER BY ends_at_ms DESC, id DESC"
    ))
    .fetch_all(&db.pool)
    .await?;
    let mut kept_bytes = 0i64;
    Ok(all
        .into_iter()
        .filter(|replay| {
            kept_bytes = kept_bytes.saturating_add(replay.bytes);
            replay.ends_at_ms < before_ms || kept_bytes > max_bytes
        })
        .collect())
}

pub async fn delete(db: &Db, id: i64) -> Result<()> {
    sqlx::query("DELETE FROM programme_replays WHERE id = $1")
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Every stored file name (to find the files no row names any more: a programme deleted).
pub async fn files(db: &Db) -> Result<HashSet<String>> {
    let rows: Vec<String> = sqlx::query_scalar("SELECT file FROM programme_replays")
        .fetch_all(&db.pool)
        .await?;
    Ok(rows.into_iter().collect())
}

/// The songs that aired on `meta_id` over `[from_ms, to_ms)`, as (start, song, artist).
pub async fn songs(db: &Db, meta_id: &str, from_ms: i64, to_ms: i64) -> Result<Vec<(i64, String, String)>> {
    Ok(sqlx::query_as(
        "SELECT started_at_ms, song, artist FROM play_history WHERE meta_id = $1 AND meta_type = 'music' \
         AND started_at_ms >= $2 AND started_at_ms < $3 ORDER BY started_at_ms LIMIT 500",
    )
    .bind(meta_id)
    .bind(from_ms)
    .bind(to_ms)
    .fetch_all(&db.pool)
    .await?)
}

/// A stream's name.
pub async fn stream_name(db: &Db, stream_id: &str) -> Result<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT name FROM streams WHERE stream_id = $1")
            .bind(stream_id)
            .fetch_optional(&db.pool)
            .await?,
    )
}
