//! The station's streams (`streams`, `stream_sources`) and what each is airing: the lists the API
//! answers (routes/live.rs) and every page carries for its first frame (web/initial_data.rs).

use onda_shared::live::{NowPlaying, Stream as LiveStream, StreamSource};
use sqlx::Row;

use crate::{
    AppState, Result,
    radio::nowplaying::{self, OnAir},
};

/// What the caller may play (S05).
#[derive(Clone, Copy)]
pub enum Entitlement {
    Anonymous,
    LoggedIn,
    Pro,
}

/// The streams with the sources `entitlement` may play: the stored ones (the mounts, in the order a
/// player tries them), then the channel's HLS where this instance publishes it (`radio/hls.rs`).
pub async fn list(state: &AppState, entitlement: Entitlement) -> Result<Vec<LiveStream>> {
    let db = &state.db;
    let rows = sqlx::query(
        "SELECT s.stream_id, s.name, s.meta_id, s.image_url, s.color, s.description, s.is_semi_pro, s.is_pro, \
         s.is_popup, s.popup_url, s.popup_id, s.popup_config, s.is_dolby, src.src, src.mime_type, src.codec \
         FROM streams s LEFT JOIN stream_sources src ON src.stream_id = s.id \
         ORDER BY s.position, s.id, src.position, src.id",
    )
    .fetch_all(&db.pool)
    .await?;
    let mut streams: Vec<LiveStream> = Vec::new();
    for row in rows {
        let stream_id: String = row.try_get(0)?;
        if streams.last().is_none_or(|last| last.stream_id != stream_id) {
            streams.push(LiveStream {
                stream_id,
                stream_name: row.try_get(1)?,
                meta_id: row.try_get(2)?,
                image_url: row.try_get(3)?,
                color: row.try_get(4)?,
                description: row.try_get(5)?,
                semi_pro: row.try_get::<i64, _>(6)? != 0,
                pro: row.try_get::<i64, _>(7)? != 0,
                is_popup: row.try_get::<i64, _>(8)? != 0,
                popup_url: row.try_get(9)?,
                popup_id: row.try_get(10)?,
                popup_config: row.try_get(11)?,
                dolby: row.try_get::<i64, _>(12)? != 0,
                sources: Vec::new(),
            });
        }
        let Some(stream) = streams.last_mut() else {
            continue;
        };
        let playable = match entitlement {
            Entitlement::Pro => true,
            Entitlement::LoggedIn => !stream.pro,
            Entitlement::Anonymous => !stream.pro && !stream.semi_pro,
        };
        if let (true, Some(src)) = (playable, row.try_get::<Option<String>, _>(13)?) {
            stream.sources.push(StreamSource {
                src,
                mime_type: row.try_get::<Option<String>, _>(14)?.unwrap_or_default(),
                codec: row.try_get::<Option<String>, _>(15)?.unwrap_or_default(),
            });
        }
    }
    // Last: a player that only knows the mounts keeps choosing them; one that can rewind finds HLS.
    for stream in &mut streams {
        if !stream.sources.is_empty() && state.radio.hls(&stream.stream_id).is_some() {
            stream.sources.push(StreamSource {
                src: format!("/hls/{}.m3u8", stream.stream_id),
                mime_type: HLS_TYPE.to_owned(),
                codec: "HLS".to_owned(),
            });
        }
    }
    Ok(streams)
}

/// The media type of an HLS playlist.
pub const HLS_TYPE: &str = "application/vnd.apple.mpegurl";

/// The public stream list (getAvailableStreams' answer); pages carry it for their first frame
/// (web/initial_data.rs).
pub async fn public_streams(state: &AppState) -> Result<Vec<LiveStream>> {
    list(state, Entitlement::Anonymous).await
}

/// What is on air for a metaId (getCurrentSongInfo's data); pages carry the main stream's
/// (web/initial_data.rs).
pub async fn now_playing(state: &AppState, meta_id: &str) -> Result<Option<NowPlaying>> {
    Ok(on_air(state, meta_id).await?.map(|on_air| on_air.now.clone()))
}

/// The item on air: from this instance's engine, else from the history another instance writes.
pub async fn on_air(state: &AppState, meta_id: &str) -> Result<Option<std::sync::Arc<OnAir>>> {
    if let Some(current) = state.radio.hub.current(meta_id) {
        return Ok(Some(current));
    }
    Ok(nowplaying::latest_play(&state.db, meta_id)
        .await?
        .map(|now| std::sync::Arc::new(OnAir::new(now, None))))
}
