//! What is on air per metaId, in memory for the hot endpoints and in `play_history` for history,
//! rating checks and other server instances.
//!
//! The producer (the local autoDJ or the Icecast poller) calls [`NowPlayingHub::publish`] when an item
//! goes on air. The hub keeps the reply of getCurrentSongInfo already serialised with its ETag, so the
//! endpoint that every listener polls every 10 s costs a map lookup and a memcpy, and a `watch` channel
//! per metaId wakes the push (SSE) subscribers at once.

use std::{
    collections::HashMap,
    sync::{Arc, RwLock},
};

use bytes::Bytes;
use onda_shared::{
    Envelope,
    live::{Cover, MetaType, NowPlaying},
};
use sha1::{Digest, Sha1};
use tokio::sync::watch;

use super::library::TrackMeta;
use crate::{db::Db, text::slugify};

/// One item on air, with its reply bytes precomputed.
#[derive(Debug)]
pub struct OnAir {
    pub now: NowPlaying,
    /// G60: `sha1(song|artist|time)`, the key of votes for this play.
    pub music_hash: String,
    /// `play_history.id`, once the row is written.
    pub play_id: Option<i64>,
    /// `{status, message, data}` of getCurrentSongInfo.
    pub json: Bytes,
    /// The ETag of `json`, ready to be sent (`"…"`).
    pub etag: axum::http::HeaderValue,
}

impl OnAir {
    pub fn new(now: NowPlaying, play_id: Option<i64>) -> Self {
        let music_hash = music_hash(&now.song, &now.artist, &now.time);
        let json = serde_json::to_vec(&Envelope::success(&now)).unwrap_or_default();
        let etag = format!("\"{}\"", &hex::encode(Sha1::digest(&json))[..20]);
        // Hex digits in quotes: always a valid header value.
        let etag = axum::http::HeaderValue::from_str(&etag)
            .unwrap_or_else(|_| axum::http::HeaderValue::from_static("\"0\""));
        Self {
            now,
            music_hash,
            play_id,
            json: Bytes::from(json),
            etag,
        }
    }
}

/// G60: the rating hash of a play.
pub fn music_hash(song: &str, artist: &str, time: &str) -> String {
    hex::encode(Sha1::digest(format!("{song}|{artist}|{time}").as_bytes()))
}

pub fn now_playing(meta_id: &str, meta: &TrackMeta, started_at_ms: i64, duration_ms: i64) -> NowPlaying {
    NowPlaying {
        meta_id: meta_id.to_owned(),
        song: meta.song.clone(),
        artist: meta.artist.clone(),
        artist_slug: meta.artist_slug.clone(),
        music_slug: meta.music_slug.clone(),
        album: meta.album.clone(),
        year: meta.year,
        cover: Cover {
            large: meta.cover_large.clone(),
            small: meta.cover_small.clone(),
        },
        time: crate::clock::iso(started_at_ms.div_euclid(1000)),
        meta_type: meta.meta_type,
        started_at_ms,
        duration_ms,
    }
}

type Slot = (
    watch::Sender<Option<Arc<OnAir>>>,
    watch::Receiver<Option<Arc<OnAir>>>,
);

#[derive(Default)]
pub struct NowPlayingHub {
    slots: RwLock<HashMap<String, Slot>>,
    /// The previous item per metaId (rating accepts a vote cast just after a track change).
    previous: RwLock<HashMap<String, Arc<OnAir>>>,
}

impl NowPlayingHub {
    fn slot(&self, meta_id: &str) -> watch::Receiver<Option<Arc<OnAir>>> {
        if let Some((_, rx)) = self
            .slots
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(meta_id)
        {
            return rx.clone();
        }
        let mut slots = self
            .slots
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        slots
            .entry(meta_id.to_owned())
            .or_insert_with(|| watch::channel(None))
            .1
            .clone()
    }

    /// Puts an item on air for its metaId and wakes the subscribers.
    pub fn publish(&self, on_air: OnAir) -> Arc<OnAir> {
        let on_air = Arc::new(on_air);
        let meta_id = on_air.now.meta_id.clone();
        crate::metrics::METRICS
            .now_playing_announcements
            .with_label_values(&[&meta_id])
            .inc();
        let _ = self.slot(&meta_id);
        let slots = self
            .slots
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((tx, _)) = slots.get(&meta_id) {
            let old = tx.send_replace(Some(on_air.clone()));
            if let Some(old) = old {
                self.previous
                    .write()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .insert(meta_id, old);
            }
        }
        on_air
    }

    /// Puts an item on air unless what is on air started at the same time or later. The check and the
    /// swap are one step, so an announcement read from the database while the playout moved on can
    /// never take the station back in time.
    pub fn publish_if_newer(&self, on_air: OnAir) -> bool {
        let on_air = Arc::new(on_air);
        let meta_id = on_air.now.meta_id.clone();
        let _ = self.slot(&meta_id);
        let slots = self
            .slots
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let Some((tx, _)) = slots.get(&meta_id) else {
            return false;
        };
        let mut old = None;
        let published = tx.send_if_modified(|current| {
            if current
                .as_ref()
                .is_some_and(|current| current.now.started_at_ms >= on_air.now.started_at_ms)
            {
                return false;
            }
            old = current.replace(on_air.clone());
            true
        });
        if published {
            crate::metrics::METRICS
                .now_playing_announcements
                .with_label_values(&[&meta_id])
                .inc();
        }
        if let Some(old) = old {
            self.previous
                .write()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .insert(meta_id, old);
        }
        published
    }

    /// Records the history row id of the item on air (written after it went on air).
    pub fn set_play_id(&self, meta_id: &str, music_hash: &str, play_id: i64) {
        let slots = self
            .slots
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((tx, _)) = slots.get(meta_id) {
            tx.send_if_modified(|current| match current {
                Some(on_air) if on_air.music_hash == music_hash && on_air.play_id.is_none() => {
                    *current = Some(Arc::new(OnAir::new(on_air.now.clone(), Some(play_id))));
                    // The reply bytes did not change: no need to wake anyone.
                    false
                }
                _ => false,
            });
        }
    }

    pub fn current(&self, meta_id: &str) -> Option<Arc<OnAir>> {
        self.slots
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(meta_id)
            .and_then(|(_, rx)| rx.borrow().clone())
    }

    pub fn previous(&self, meta_id: &str) -> Option<Arc<OnAir>> {
        self.previous
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(meta_id)
            .cloned()
    }

    /// How many metaIds have a slot (the station's streams; tests check that requests cannot add any).
    pub fn meta_count(&self) -> usize {
        self.slots
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .len()
    }

    /// A receiver that sees every item put on air for `meta_id` from now on (and the current one).
    /// Only for the station's own metaIds: a slot is kept for good.
    pub fn subscribe(&self, meta_id: &str) -> watch::Receiver<Option<Arc<OnAir>>> {
        self.slot(meta_id)
    }
}

/// Puts a title given as text on air (an external Icecast mount's, or the studio's live input's):
/// 'Artist - Title' matched to the music catalogue by artist and title so its cover and pages show;
/// an unmatched title shows with the station's picture, and a bare name (no 'Artist - ', a show's)
/// with the programme's picture when a programme has that title. Recorded in the history (for the statistics'
/// per-song figures and the rating checks) and announced to the other instances.
pub async fn title_on_air(db: &Db, hub: &NowPlayingHub, meta_id: &str, title: &str, started_at_ms: i64) {
    let (artist, song) = match title.split_once(" - ") {
        Some((artist, song)) => (artist.trim().to_owned(), song.trim().to_owned()),
        None => (String::new(), title.trim().to_owned()),
    };
    let known = match catalogue_match(db, &artist, &song).await {
        Ok(known) => known,
        Err(err) => {
            tracing::warn!(error = %err, "catalogue not read for a title on air");
            None
        }
    };
    let meta = match known {
        Some(meta) => meta,
        None => {
            let picture = if artist.is_empty() {
                programme_picture(db, &song).await.ok().flatten()
            } else {
                None
            }
            .unwrap_or_else(|| "/media/logo.svg".to_owned());
            TrackMeta {
                artist_slug: String::new(),
                music_slug: String::new(),
                album: String::new(),
                year: None,
                cover_large: picture.clone(),
                cover_small: picture,
                // A bare name (a show, 'Ao vivo') is what is on air, shown as its title: the players
                // show a commercial item as 'Intervalo' and the station's name instead.
                meta_type: MetaType::Music,
                song,
                artist,
            }
        }
    };
    let now = now_playing(meta_id, &meta, started_at_ms, 0);
    let on_air = hub.publish(OnAir::new(now, None));
    match record_play(db, &on_air, PlayOrigin::Live).await {
        Ok(id) => {
            hub.set_play_id(meta_id, &on_air.music_hash, id);
            if db.backend == crate::db::Backend::Postgres
                && let Err(err) = super::leader::announce(db, meta_id, id).await
            {
                tracing::warn!(error = %err, "play not announced to other instances");
            }
        }
        Err(err) => tracing::warn!(error = %err, "play not recorded in the history"),
    }
}

/// A catalogue song as the now-playing entity names it: these columns of these tables, read by
/// [`catalogue_meta`] (more columns may follow the eight).
pub(crate) const CATALOGUE_META_COLUMNS: &str =
    "s.slug, s.name, a.name, a.slug, al.name, s.year, al.cover_url, al.cover_small_url";
pub(crate) const CATALOGUE_META_TABLES: &str =
    "songs s JOIN artists a ON a.id = s.artist_id JOIN albums al ON al.id = s.album_id";

pub(crate) fn catalogue_meta(row: &sqlx::any::AnyRow) -> Result<TrackMeta, sqlx::Error> {
    use sqlx::Row;
    Ok(TrackMeta {
        music_slug: row.try_get(0)?,
        song: row.try_get(1)?,
        artist: row.try_get(2)?,
        artist_slug: row.try_get(3)?,
        album: row.try_get(4)?,
        year: i32::try_from(row.try_get::<i64, _>(5)?).ok(),
        cover_large: row.try_get(6)?,
        cover_small: row.try_get(7)?,
        meta_type: MetaType::Music,
    })
}

async fn catalogue_match(db: &Db, artist: &str, song: &str) -> Result<Option<TrackMeta>, sqlx::Error> {
    use sqlx::Row;
    if artist.is_empty() {
        return Ok(None);
    }
    let rows = sqlx::query(&format!(
        "SELECT {CATALOGUE_META_COLUMNS} FROM {CATALOGUE_META_TABLES} WHERE a.slug = $1"
    ))
    .bind(slugify(artist))
    .fetch_all(&db.pool)
    .await?;
    let wanted = slugify(song);
    for row in rows {
        let name: String = row.try_get(1)?;
        if slugify(&name) != wanted {
            continue;
        }
        return catalogue_meta(&row).map(Some);
    }
    Ok(None)
}

/// The picture of the programme titled `name` (compared as slugs), when it has one.
async fn programme_picture(db: &Db, name: &str) -> Result<Option<String>, sqlx::Error> {
    let wanted = slugify(name);
    if wanted.is_empty() {
        return Ok(None);
    }
    let rows: Vec<(String, String)> = sqlx::query_as("SELECT title, image_url FROM programs")
        .fetch_all(&db.pool)
        .await?;
    Ok(rows
        .into_iter()
        .find(|(title, image)| !image.is_empty() && slugify(title) == wanted)
        .map(|(_, image)| image))
}

/// Writes a play to `play_history` and returns its id.
/// Where a play came from: the monthly music report tells recorded music from the studio's live
/// programme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayOrigin {
    AutoDj,
    Live,
}

pub async fn record_play(db: &Db, on_air: &OnAir, origin: PlayOrigin) -> Result<i64, sqlx::Error> {
    let now = &on_air.now;
    sqlx::query_scalar(
        "INSERT INTO play_history (meta_id, song, artist, artist_slug, music_slug, album, year, \
         cover_url, cover_small_url, meta_type, started_at_ms, duration_ms, music_hash, origin) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id",
    )
    .bind(&now.meta_id)
    .bind(&now.song)
    .bind(&now.artist)
    .bind(&now.artist_slug)
    .bind(&now.music_slug)
    .bind(&now.album)
    .bind(now.year.map(i64::from))
    .bind(&now.cover.large)
    .bind(&now.cover.small)
    .bind(meta_type_name(now.meta_type))
    .bind(now.started_at_ms)
    .bind(now.duration_ms)
    .bind(&on_air.music_hash)
    .bind(match origin {
        PlayOrigin::AutoDj => "autodj",
        PlayOrigin::Live => "live",
    })
    .fetch_one(&db.pool)
    .await
}

pub fn meta_type_name(meta_type: MetaType) -> &'static str {
    match meta_type {
        MetaType::Music => "music",
        MetaType::Commercial => "commercial",
    }
}

/// Columns of `play_history` that make a [`NowPlaying`], in [`row_to_now_playing`]'s order.
pub const PLAY_COLUMNS: &str = "meta_id, song, artist, artist_slug, music_slug, album, year, cover_url, \
                                cover_small_url, meta_type, started_at_ms, duration_ms";

pub fn row_to_now_playing(row: &sqlx::any::AnyRow) -> Result<NowPlaying, sqlx::Error> {
    use sqlx::Row;
    let started_at_ms: i64 = row.try_get(10)?;
    let meta_type: String = row.try_get(9)?;
    Ok(NowPlaying {
        meta_id: row.try_get(0)?,
        song: row.try_get(1)?,
        artist: row.try_get(2)?,
        artist_slug: row.try_get(3)?,
        music_slug: row.try_get(4)?,
        album: row.try_get(5)?,
        year: row
            .try_get::<Option<i64>, _>(6)?
            .and_then(|year| i32::try_from(year).ok()),
        cover: Cover {
            large: row.try_get(7)?,
            small: row.try_get(8)?,
        },
        time: crate::clock::iso(started_at_ms.div_euclid(1000)),
        meta_type: if meta_type == "commercial" {
            MetaType::Commercial
        } else {
            MetaType::Music
        },
        started_at_ms,
        duration_ms: row.try_get(11)?,
    })
}

/// The latest play of a metaId from the database: what another instance (or an earlier run) put on air.
pub async fn latest_play(db: &Db, meta_id: &str) -> Result<Option<NowPlaying>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {PLAY_COLUMNS} FROM play_history WHERE meta_id = $1 ORDER BY started_at_ms DESC LIMIT 1"
    ))
    .bind(meta_id)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(row_to_now_playing).transpose()
}

/// What was on air on `meta_id` at `at_ms`: the last play that had started by then (within six hours:
/// a longer silence in the history is not one play).
pub async fn play_at(db: &Db, meta_id: &str, at_ms: i64) -> Result<Option<NowPlaying>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {PLAY_COLUMNS} FROM play_history WHERE meta_id = $1 AND started_at_ms <= $2 \
         AND started_at_ms > $3 ORDER BY started_at_ms DESC LIMIT 1"
    ))
    .bind(meta_id)
    .bind(at_ms)
    .bind(at_ms - 6 * 3600 * 1000)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(row_to_now_playing).transpose()
}

/// A recorded play by its id (what the leader announced, `radio::leader`).
pub async fn play_by_id(db: &Db, id: i64) -> Result<Option<NowPlaying>, sqlx::Error> {
    let row = sqlx::query(&format!("SELECT {PLAY_COLUMNS} FROM play_history WHERE id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(row_to_now_playing).transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn music_hash_is_sha1_of_song_artist_time() {
        assert_eq!(
            music_hash("Águas de Março", "Elis Regina", "2026-11-21T19:00:00-03:00"),
            "280a83d86062252a894de1b61de50debf736cc11"
        );
    }
}
