//! AutoDJ playlists (`playlists`, `playlist_items`): their tracks (catalogue songs and music-folder
//! files) and rotation rules, and the tracks an editor may add.

use std::path::Path;

use onda_shared::schedule::{Playlist, PlaylistSummary, PlaylistTrack};
use sqlx::{AnyConnection, Row};

use crate::{Result, clock::iso, db::Db};

pub const NOT_FOUND: &str = "Playlist não encontrada.";
pub const STALE: &str =
    "Outra pessoa alterou esta playlist depois que você a abriu. Recarregue para ver a versão atual.";
pub const NAME_REQUIRED: &str = "Dê um nome à playlist (até 80 caracteres).";
pub const NAME_TAKEN: &str = "Já existe uma playlist com este nome.";
pub const DESCRIPTION_TOO_LONG: &str = "Descrição: até 500 caracteres.";
pub const BAD_SEPARATION: &str = "As separações vão de 0 a 1.440 minutos (24 horas).";
pub const BAD_JINGLE: &str = "Vinheta: a cada 0 a 20 músicas.";
pub const TOO_MANY_TRACKS: &str = "Uma playlist tem até 2.000 faixas.";
pub const BAD_TRACK: &str = "Cada faixa é uma música do catálogo ou um arquivo da pasta de músicas.";
pub const UNKNOWN_SONG: &str = "Uma das músicas não está no catálogo.";
pub const IN_USE: &str = "Esta playlist está na grade de programação. Tire-a dos horários e do padrão dos canais antes de excluí-la.";

pub const MAX_NAME: usize = 80;
pub const MAX_DESCRIPTION: usize = 500;
pub const MAX_TRACKS: usize = 2_000;
pub const MAX_SEPARATION_MINUTES: i64 = 1_440;
pub const MAX_JINGLE_EVERY: i64 = 20;
/// The longest music-folder path an item may name.
pub const MAX_PATH: usize = 500;

/// Every playlist, by name, with its size and how many slots and channels use it.
pub async fn summaries(db: &Db) -> Result<Vec<PlaylistSummary>> {
    let rows = sqlx::query(
        "SELECT p.id, p.name, p.description, p.updated_at, \
         (SELECT CAST(COUNT(*) AS BIGINT) FROM playlist_items i WHERE i.playlist_id = p.id), \
         (SELECT CAST(COUNT(*) AS BIGINT) FROM schedule_slots s WHERE s.playlist_id = p.id) \
         + (SELECT CAST(COUNT(*) AS BIGINT) FROM schedule_exceptions e WHERE e.playlist_id = p.id) \
         + (SELECT CAST(COUNT(*) AS BIGINT) FROM schedule_channels c WHERE c.default_playlist_id = p.id) \
         FROM playlists p ORDER BY p.name, p.id",
    )
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(PlaylistSummary {
                id: row.try_get(0)?,
                name: row.try_get(1)?,
                description: row.try_get(2)?,
                updated_at: iso(row.try_get(3)?),
                tracks: row.try_get(4)?,
                used_by: row.try_get(5)?,
            })
        })
        .collect()
}

/// How many slots, changes and channels use a playlist.
pub async fn uses(conn: &mut AnyConnection, id: i64) -> Result<i64> {
    Ok(sqlx::query_scalar(
        "SELECT (SELECT CAST(COUNT(*) AS BIGINT) FROM schedule_slots WHERE playlist_id = $1) \
         + (SELECT CAST(COUNT(*) AS BIGINT) FROM schedule_exceptions WHERE playlist_id = $1) \
         + (SELECT CAST(COUNT(*) AS BIGINT) FROM schedule_channels WHERE default_playlist_id = $1)",
    )
    .bind(id)
    .fetch_one(conn)
    .await?)
}

/// A playlist as its editor reads it; `music_dir` tells whether a folder file still exists.
pub async fn load(conn: &mut AnyConnection, id: i64, music_dir: Option<&Path>) -> Result<Option<Playlist>> {
    let Some(row) = sqlx::query(
        "SELECT id, name, description, song_separation_min, artist_separation_min, jingle_every, version \
         FROM playlists WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    let items = sqlx::query(
        "SELECT i.song_id, i.file_path, s.name, a.name, s.track_url FROM playlist_items i \
         LEFT JOIN songs s ON s.id = i.song_id LEFT JOIN artists a ON a.id = s.artist_id \
         WHERE i.playlist_id = $1 ORDER BY i.position, i.id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let tracks = items
        .iter()
        .map(|item| {
            let song_id: Option<i64> = item.try_get(0)?;
            let file_path: Option<String> = item.try_get(1)?;
            Ok(match (song_id, file_path) {
                (Some(song_id), _) => {
                    let name: Option<String> = item.try_get(2)?;
                    let artist: Option<String> = item.try_get(3)?;
                    let track_url: Option<String> = item.try_get(4)?;
                    PlaylistTrack {
                        song_id: Some(song_id),
                        file_path: None,
                        label: format!("{} - {}", artist.unwrap_or_default(), name.unwrap_or_default()),
                        playable: track_url.is_some_and(|url| !url.is_empty()),
                    }
                }
                (None, path) => {
                    let path = path.unwrap_or_default();
                    PlaylistTrack {
                        playable: music_dir.is_some_and(|dir| dir.join(&path).is_file()),
                        label: file_label(&path),
                        song_id: None,
                        file_path: Some(path),
                    }
                }
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Some(Playlist {
        id: row.try_get(0)?,
        name: row.try_get(1)?,
        description: row.try_get(2)?,
        song_separation_minutes: row.try_get(3)?,
        artist_separation_minutes: row.try_get(4)?,
        jingle_every: row.try_get(5)?,
        version: row.try_get(6)?,
        tracks,
    }))
}

/// A folder file as an editor reads it: its name without the extension.
pub fn file_label(path: &str) -> String {
    Path::new(path)
        .file_stem()
        .and_then(|stem| stem.to_str())
        .unwrap_or(path)
        .to_owned()
}

/// Replaces a playlist's tracks (in the save's transaction).
pub async fn write_tracks(
    conn: &mut AnyConnection,
    id: i64,
    tracks: &[(Option<i64>, Option<String>)],
) -> Result<()> {
    sqlx::query("DELETE FROM playlist_items WHERE playlist_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    for (position, (song, file)) in tracks.iter().enumerate() {
        sqlx::query(
            "INSERT INTO playlist_items (playlist_id, song_id, file_path, position) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(*song)
        .bind(file.as_deref())
        .bind(i64::try_from(position).unwrap_or(i64::MAX))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// How many of `ids` are catalogue songs.
pub async fn known_songs(conn: &mut AnyConnection, ids: &[i64]) -> Result<usize> {
    let mut known = 0;
    // In chunks: a bound per id, under every database's limit of parameters.
    for chunk in ids.chunks(500) {
        let sql = format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM songs WHERE id IN ({})",
            crate::db::placeholders(1, chunk.len())
        );
        let mut query = sqlx::query_scalar::<_, i64>(&sql);
        for id in chunk {
            query = query.bind(*id);
        }
        known += usize::try_from(query.fetch_one(&mut *conn).await?).unwrap_or(0);
    }
    Ok(known)
}

/// Catalogue songs whose artist or title contains `pattern` (a LIKE pattern), up to `limit`.
pub async fn song_candidates(db: &Db, pattern: &str, limit: i64) -> Result<Vec<PlaylistTrack>> {
    let rows: Vec<(i64, String, String, String)> = sqlx::query_as(
        "SELECT s.id, s.name, a.name, s.track_url FROM songs s JOIN artists a ON a.id = s.artist_id \
         WHERE LOWER(s.name) LIKE $1 ESCAPE '\\' OR LOWER(a.name) LIKE $1 ESCAPE '\\' \
         ORDER BY a.name, s.name, s.id LIMIT $2",
    )
    .bind(pattern)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name, artist, track_url)| PlaylistTrack {
            song_id: Some(id),
            file_path: None,
            label: format!("{artist} - {name}"),
            playable: !track_url.is_empty(),
        })
        .collect())
}

/// What the autoDJ needs of a playlist: its members and its rules.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ForPlayout {
    pub version: i64,
    /// Catalogue songs, as (song slug, artist slug): how the library names a catalogue track.
    pub songs: Vec<(String, String)>,
    /// Files, as paths inside the music folder.
    pub files: Vec<String>,
    pub song_separation_minutes: i64,
    pub artist_separation_minutes: i64,
    pub jingle_every: i64,
}

/// A playlist for the autoDJ; `None` when it no longer exists.
pub async fn for_playout(db: &Db, id: i64) -> Result<Option<ForPlayout>> {
    let Some((version, song_separation_minutes, artist_separation_minutes, jingle_every)) =
        sqlx::query_as::<_, (i64, i64, i64, i64)>(
            "SELECT version, song_separation_min, artist_separation_min, jingle_every FROM playlists WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&db.pool)
        .await?
    else {
        return Ok(None);
    };
    let rows: Vec<(Option<String>, Option<String>, Option<String>)> = sqlx::query_as(
        "SELECT s.slug, a.slug, i.file_path FROM playlist_items i \
         LEFT JOIN songs s ON s.id = i.song_id LEFT JOIN artists a ON a.id = s.artist_id \
         WHERE i.playlist_id = $1 ORDER BY i.position, i.id",
    )
    .bind(id)
    .fetch_all(&db.pool)
    .await?;
    let mut playlist = ForPlayout {
        version,
        song_separation_minutes,
        artist_separation_minutes,
        jingle_every,
        ..ForPlayout::default()
    };
    for (song, artist, file) in rows {
        match (song, artist, file) {
            (Some(song), Some(artist), _) => playlist.songs.push((song, artist)),
            (_, _, Some(file)) => playlist.files.push(file),
            _ => {}
        }
    }
    Ok(Some(playlist))
}

/// The catalogue songs of every playlist a channel's grid uses (its slots', its one-off changes' and
/// its default), one list per playlist in the playlist's order, as (song slug, artist slug).
pub async fn songs_of_channel(db: &Db, stream_id: &str) -> Result<Vec<Vec<(String, String)>>> {
    let rows: Vec<(i64, String, String)> = sqlx::query_as(
        "SELECT i.playlist_id, s.slug, a.slug FROM playlist_items i \
         JOIN songs s ON s.id = i.song_id JOIN artists a ON a.id = s.artist_id \
         WHERE i.playlist_id IN ( \
             SELECT playlist_id FROM schedule_slots WHERE stream_id = $1 AND playlist_id IS NOT NULL \
             UNION SELECT playlist_id FROM schedule_exceptions WHERE stream_id = $1 AND playlist_id IS NOT NULL \
             UNION SELECT default_playlist_id FROM schedule_channels \
                 WHERE stream_id = $1 AND default_playlist_id IS NOT NULL) \
         ORDER BY i.playlist_id, i.position, i.id",
    )
    .bind(stream_id)
    .fetch_all(&db.pool)
    .await?;
    let mut lists: Vec<(i64, Vec<(String, String)>)> = Vec::new();
    for (playlist, song, artist) in rows {
        match lists.last_mut() {
            Some((id, songs)) if *id == playlist => songs.push((song, artist)),
            _ => lists.push((playlist, vec![(song, artist)])),
        }
    }
    Ok(lists.into_iter().map(|(_, songs)| songs).collect())
}
