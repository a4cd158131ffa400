//! The music catalogue's songs (`songs`, with their `artists` and `albums`): the lists, the filtered
//! list and the single song the API answers, and the first cards of /musicas written into that page.

use onda_shared::catalogue::Music;
use sqlx::{Row, any::AnyRow};

use crate::{Result, db::Db};

/// What the public player plays (`musicTrack` of every list and page, also the top lists): the song's
/// 30-second preview when it has a full track ('' when it has none). The full file is the logged-in
/// download alone (C37); serving it to anyone at a public address bypassed that rule.
#[macro_export]
macro_rules! public_track {
    () => {
        "CASE WHEN s.track_url = '' THEN '' ELSE s.preview_url END"
    };
}

const MUSIC_SELECT: &str = concat!(
    "SELECT s.id, s.name, s.slug, ",
    crate::public_track!(),
    " AS track_url, s.has_lyrics, s.has_translation, s.has_video, \
     s.lyrics, s.translation, s.video_youtube_id, s.video_file_name, s.lyrics_video_youtube_id, \
     s.lyrics_video_file_name, s.itunes_link, al.name AS album_name, al.slug AS album_slug, \
     al.cover_url, al.cover_small_url, al.release_year, a.name AS artist_name, a.slug AS artist_slug \
     FROM songs s JOIN artists a ON a.id = s.artist_id JOIN albums al ON al.id = s.album_id"
);
/// The catalogue's order: by song name, then artist, so paging is stable.
const MUSIC_ORDER: &str = " ORDER BY LOWER(s.name), LOWER(a.name), s.id";

fn music_from_row(row: &AnyRow, with_texts: bool) -> Result<Music> {
    let text = |column: &str| -> Result<Option<String>> {
        if !with_texts {
            return Ok(None);
        }
        let html: String = row.try_get(column)?;
        Ok(Some(if html.is_empty() {
            html
        } else {
            ammonia::clean(&html)
        }))
    };
    Ok(Music {
        music_id: row.try_get("id")?,
        music_name: row.try_get("name")?,
        music_slug: row.try_get("slug")?,
        music_track: row.try_get("track_url")?,
        has_lyrics: row.try_get::<i64, _>("has_lyrics")? != 0,
        has_translation: row.try_get::<i64, _>("has_translation")? != 0,
        has_video: row.try_get::<i64, _>("has_video")? != 0,
        music_lyrics: text("lyrics")?,
        music_translation: text("translation")?,
        music_video_youtube_id: row.try_get("video_youtube_id")?,
        music_video_file_name: row.try_get("video_file_name")?,
        lyrics_video_youtube_id: row.try_get("lyrics_video_youtube_id")?,
        lyrics_video_file_name: row.try_get("lyrics_video_file_name")?,
        album_name: row.try_get("album_name")?,
        album_cover: row.try_get("cover_url")?,
        album_cover_slug: row.try_get("album_slug")?,
        album_release: row.try_get("release_year")?,
        itunes_cover: row.try_get("cover_small_url")?,
        itunes_link: row.try_get("itunes_link")?,
        artist_name: row.try_get("artist_name")?,
        artist_slug: row.try_get("artist_slug")?,
    })
}

/// What `getFilteredMusicData` keeps: a true flag keeps only songs with lyrics / a translation / a
/// video; `search` (lowercase) is a substring of the song's or the artist's name.
#[derive(Debug, Clone, Default)]
pub struct MusicFilter {
    pub lyrics: bool,
    pub translation: bool,
    pub video: bool,
    pub search: String,
}

/// A page of the songs `filter` keeps, in the catalogue's order.
pub async fn filtered_music(db: &Db, filter: &MusicFilter, offset: i64, count: i64) -> Result<Vec<Music>> {
    let mut filters = Vec::new();
    if filter.lyrics {
        filters.push("s.has_lyrics = 1");
    }
    if filter.translation {
        filters.push("s.has_translation = 1");
    }
    if filter.video {
        filters.push("s.has_video = 1");
    }
    let mut next = 1;
    if !filter.search.is_empty() {
        filters.push("(LOWER(s.name) LIKE $1 ESCAPE '\\' OR LOWER(a.name) LIKE $1 ESCAPE '\\')");
        next = 2;
    }
    let clause = if filters.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", filters.join(" AND "))
    };
    let sql = format!(
        "{MUSIC_SELECT}{clause}{MUSIC_ORDER} LIMIT ${next} OFFSET ${}",
        next + 1
    );
    let mut query = sqlx::query(&sql);
    if !filter.search.is_empty() {
        query = query.bind(format!("%{}%", like_escape(&filter.search)));
    }
    let rows = query.bind(count).bind(offset).fetch_all(&db.pool).await?;
    rows.iter().map(|row| music_from_row(row, false)).collect()
}

fn like_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        if matches!(ch, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(ch);
    }
    out
}

/// One song by its artist's slug and its own, with its lyrics and translation when `with_texts`.
pub async fn song(db: &Db, artist: &str, music: &str, with_texts: bool) -> Result<Option<Music>> {
    let sql = format!("{MUSIC_SELECT} WHERE a.slug = $1 AND s.slug = $2");
    let row = sqlx::query(&sql)
        .bind(artist)
        .bind(music)
        .fetch_optional(&db.pool)
        .await?;
    row.map(|row| music_from_row(&row, with_texts)).transpose()
}

/// The songs `getMusicData/{offset}/{count}` answers. Also the first cards of /musicas written into
/// that page (web/initial_data.rs).
pub async fn music_data(db: &Db, offset: i64, count: i64) -> Result<Vec<Music>> {
    let sql = format!("{MUSIC_SELECT}{MUSIC_ORDER} LIMIT $1 OFFSET $2");
    let rows = sqlx::query(&sql)
        .bind(count)
        .bind(offset)
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(|row| music_from_row(row, false)).collect()
}
