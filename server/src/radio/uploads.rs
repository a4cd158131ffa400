//! The catalogue's uploaded songs on the air. A song whose full track was uploaded through the back
//! office joins every channel's library, where the programme grid's playlists choose when it plays
//! (a channel without a playlist plays its whole library, uploads included). The songs are read at
//! start, again every minute and at once when a playlist is saved, so a song added to a playlist is
//! on the shelf before the playlist's hour needs it; each new file is measured for loudness once,
//! like a file of the music folder.

use std::{
    collections::HashSet,
    path::{Path, PathBuf},
    sync::Arc,
    time::Duration,
};

use sqlx::Row;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use super::{
    library::{self, Entry, Origin, Shelf},
    loudness::Book,
    nowplaying::{CATALOGUE_META_COLUMNS, CATALOGUE_META_TABLES, catalogue_meta},
};
use crate::{audio_files, db::Db};

/// How often the catalogue is read again without a playlist being saved.
const REFRESH: Duration = Duration::from_secs(60);

/// Keeps the shelves holding every uploaded song, until shutdown.
pub async fn run(
    db: Db,
    data_dir: PathBuf,
    shelves: Vec<Arc<Shelf>>,
    book: Arc<Book>,
    wake: Arc<Notify>,
    shutdown: CancellationToken,
) {
    let mut on_shelf: HashSet<String> = HashSet::new();
    loop {
        match uploaded_songs(&db, &data_dir).await {
            Ok(entries) => {
                for entry in entries {
                    if on_shelf.contains(&entry.key) {
                        continue;
                    }
                    on_shelf.insert(entry.key.clone());
                    measure(&book, &entry).await;
                    tracing::info!(song = %entry.meta.stream_title(), "uploaded song on the autoDJ's shelves");
                    for shelf in &shelves {
                        shelf.add(entry.clone());
                    }
                }
            }
            Err(err) => tracing::warn!(error = %err, "uploaded songs not read"),
        }
        tokio::select! {
            () = wake.notified() => {}
            () = tokio::time::sleep(REFRESH) => {}
            () = shutdown.cancelled() => return,
        }
    }
}

/// Measures a new file's loudness (decoded once, on the blocking pool) unless it was measured before
/// or normalisation is off. A file that cannot be measured airs as it was mastered.
async fn measure(book: &Book, entry: &Entry) {
    let Origin::File { path } = &entry.origin else {
        return;
    };
    if book.target.is_none() || book.get(&entry.key).is_some() {
        return;
    }
    let file = path.clone();
    match tokio::task::spawn_blocking(move || library::measure_file(&file)).await {
        Ok(Ok(loudness)) => {
            if let Err(err) = book.record(&entry.key, loudness).await {
                tracing::warn!(path = %path.display(), error = %err, "loudness not stored");
            }
        }
        Ok(Err(err)) => tracing::debug!(path = %path.display(), error = %err, "loudness not measured"),
        Err(err) => tracing::warn!(error = %err, "loudness measurement failed"),
    }
}

/// Every catalogue song whose track is an uploaded file still on disk, as a library entry named and
/// linked like the catalogue's page for it.
async fn uploaded_songs(db: &Db, data_dir: &Path) -> Result<Vec<Entry>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {CATALOGUE_META_COLUMNS}, s.track_url FROM {CATALOGUE_META_TABLES} \
         WHERE s.track_url LIKE $1 ORDER BY s.id"
    ))
    .bind(format!("{}%", audio_files::UPLOADED_AUDIO_PREFIX))
    .fetch_all(&db.pool)
    .await?;
    let mut entries = Vec::new();
    for row in rows {
        let url: String = row.try_get(8)?;
        let Some(key) = url
            .strip_prefix(audio_files::UPLOADED_AUDIO_PREFIX)
            .and_then(audio_files::uploaded_audio_key)
        else {
            continue;
        };
        let path = data_dir.join("uploads").join("audio").join(format!("{key}.mp3"));
        if !path.is_file() {
            continue;
        }
        entries.push(Entry {
            key: library::file_key(&path),
            meta: catalogue_meta(&row)?,
            origin: Origin::File { path },
        });
    }
    Ok(entries)
}
