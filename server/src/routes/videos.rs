//! Videos and TV (doc2 §2 Videos, §3, §7; doc3 §2.4; decisions C06, C39): the station's playlists
//! (15), a playlist's videos (15), the featured and latest videos, one video by its slug and the two
//! /tv embeds.
//!
//! The videos live in `video_playlists`/`videos`. With `ONDA_YOUTUBE_API_KEY` and a channel id set the
//! server reads the channel's playlists and their videos from the video platform instead (cached by
//! [`ExternalCache`](crate::external::ExternalCache)); when the platform fails and nothing is cached,
//! the database answers, so the page never goes blank.

use axum::{Json, extract::State};
use onda_shared::{
    Envelope,
    media_content::{PlaylistSnippet, TvChannel, Video, VideoPlaylist},
};
use serde_json::Value;
use sqlx::{Row, any::AnyRow};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    clock::iso,
    error::ok,
    extract::ApiPath,
    openapi::{ErrorReply, Reply, tags},
    text::slugify,
};

pub const VIDEO_NOT_FOUND: &str = "video not found";
pub const PLAYLIST_NOT_FOUND: &str = "playlist not found";

/// Playlists and videos per playlist fetched (constants: playlists fetch 15).
pub const PLAYLISTS_FETCH: usize = 15;
const MAX_COUNT: usize = 50;
const MAX_SLUG: usize = 300;
/// The 'Letra e Tradução' playlist, the second /tv tab.
const LYRICS_PLAYLIST_SLUG: &str = "letra-e-traducao";
const EMBED_BASE: &str = "https://www.youtube-nocookie.com/embed";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_playlists))
        .routes(routes!(get_playlist_videos))
        .routes(routes!(get_youtube_latest))
        .routes(routes!(get_video_by_title))
        .routes(routes!(get_latest))
        .routes(routes!(get_tv_channels))
}

/// Playlists in order and every video (of those playlists, or loose), newest first.
struct Catalogue {
    playlists: Vec<VideoPlaylist>,
    /// Newest first; `featured` marks the page's lead video.
    videos: Vec<(Video, bool)>,
}

fn count(raw: &str) -> Result<usize> {
    let valid = !raw.is_empty() && raw.len() <= 3 && raw.bytes().all(|b| b.is_ascii_digit());
    match raw.parse::<usize>() {
        Ok(value) if valid && (1..=MAX_COUNT).contains(&value) => Ok(value),
        _ => Err(Error::bad_request("invalid count")),
    }
}

async fn catalogue(state: &AppState) -> Result<Catalogue> {
    if let Some(catalogue) = platform_catalogue(state).await {
        return Ok(catalogue);
    }
    stored_catalogue(state).await
}

async fn stored_catalogue(state: &AppState) -> Result<Catalogue> {
    let playlists =
        sqlx::query("SELECT external_id, title, description FROM video_playlists ORDER BY position, id")
            .fetch_all(&state.db.pool)
            .await?
            .iter()
            .map(|row| {
                Ok(VideoPlaylist {
                    id: row.try_get("external_id")?,
                    snippet: PlaylistSnippet {
                        title: row.try_get("title")?,
                        description: row.try_get("description")?,
                    },
                })
            })
            .collect::<Result<Vec<_>>>()?;
    let rows = sqlx::query(
        "SELECT v.youtube_id, v.image_url, v.title, v.slug, v.description, v.published_at, v.is_featured, \
         COALESCE(p.external_id, '') AS playlist_id FROM videos v \
         LEFT JOIN video_playlists p ON p.id = v.playlist_id ORDER BY v.published_at DESC, v.id DESC",
    )
    .fetch_all(&state.db.pool)
    .await?;
    let videos = rows
        .iter()
        .map(|row: &AnyRow| {
            let youtube_id: String = row.try_get("youtube_id")?;
            Ok((
                Video {
                    video_image: picture(row.try_get("image_url")?, &youtube_id),
                    video_id: youtube_id,
                    title: row.try_get("title")?,
                    slug: row.try_get("slug")?,
                    description: row.try_get("description")?,
                    date: iso(row.try_get("published_at")?),
                    playlist_id: row.try_get("playlist_id")?,
                },
                row.try_get::<i64, _>("is_featured")? != 0,
            ))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Catalogue { playlists, videos })
}

/// A stored video's picture: its own, or the platform's thumbnail when the back office left it empty.
fn picture(stored: String, youtube_id: &str) -> String {
    if stored.is_empty() && !youtube_id.is_empty() {
        format!("https://i.ytimg.com/vi/{youtube_id}/hqdefault.jpg")
    } else {
        stored
    }
}

fn text(value: &Value, path: &[&str]) -> String {
    let mut node = value;
    for key in path {
        match node.get(key) {
            Some(next) => node = next,
            None => return String::new(),
        }
    }
    node.as_str().unwrap_or_default().to_owned()
}

/// The channel's playlists and their videos from the platform, or `None` when it is not configured or
/// the playlists cannot be had (live or cached).
async fn platform_catalogue(state: &AppState) -> Option<Catalogue> {
    let config = &state.config;
    let key = config
        .youtube_api_key
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())?;
    let channel = config
        .youtube_channel_id
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())?;
    let base = config.youtube_api_url.trim_end_matches('/');
    let enc = |v: &str| form_urlencoded::byte_serialize(v.as_bytes()).collect::<String>();
    let reply = state
        .external_cache
        .get_json(&format!(
            "{base}/playlists?part=snippet&channelId={}&maxResults={PLAYLISTS_FETCH}&key={}",
            enc(channel),
            enc(key)
        ))
        .await?;
    let playlists: Vec<VideoPlaylist> = reply
        .get("items")?
        .as_array()?
        .iter()
        .take(PLAYLISTS_FETCH)
        .filter_map(|item| {
            let id = item.get("id")?.as_str()?.to_owned();
            Some(VideoPlaylist {
                id,
                snippet: PlaylistSnippet {
                    title: text(item, &["snippet", "title"]),
                    description: text(item, &["snippet", "description"]),
                },
            })
        })
        .collect();
    let mut videos: Vec<(Video, bool)> = Vec::new();
    for playlist in &playlists {
        let Some(items) = state
            .external_cache
            .get_json(&format!(
                "{base}/playlistItems?part=snippet&playlistId={}&maxResults={PLAYLISTS_FETCH}&key={}",
                enc(&playlist.id),
                enc(key)
            ))
            .await
        else {
            continue;
        };
        for item in items.get("items").and_then(Value::as_array).into_iter().flatten() {
            let video_id = text(item, &["snippet", "resourceId", "videoId"]);
            let title = text(item, &["snippet", "title"]);
            let slug = slugify(&title);
            if video_id.is_empty() || slug.is_empty() || videos.iter().any(|(v, _)| v.slug == slug) {
                continue;
            }
            let image = ["maxres", "high", "medium", "default"]
                .iter()
                .map(|size| text(item, &["snippet", "thumbnails", size, "url"]))
                .find(|url| url.starts_with("https://"))
                .unwrap_or_default();
            videos.push((
                Video {
                    video_id,
                    video_image: image,
                    title,
                    slug,
                    description: text(item, &["snippet", "description"]),
                    date: text(item, &["snippet", "publishedAt"]),
                    playlist_id: playlist.id.clone(),
                },
                false,
            ));
        }
    }
    // RFC 3339 instants in UTC sort as text.
    videos.sort_by(|a, b| b.0.date.cmp(&a.0.date));
    if let Some(first) = videos.first_mut() {
        first.1 = true;
    }
    Some(Catalogue { playlists, videos })
}

/// `videos/getYoutubePlaylists`: the channel's playlists (up to 15), in order.
#[utoipa::path(get, path = "/videos/getYoutubePlaylists", tag = tags::VIDEOS, operation_id = "get_video_playlists",
    responses((status = 200, description = "Up to 15 playlists in order", body = Reply<Vec<VideoPlaylist>>)))]
async fn get_playlists(State(state): State<AppState>) -> Result<Json<Envelope<Vec<VideoPlaylist>>>> {
    let mut playlists = catalogue(&state).await?.playlists;
    playlists.truncate(PLAYLISTS_FETCH);
    Ok(ok(playlists))
}

/// `videos/getYoutubePlaylists/{id}`: a playlist's videos (up to 15), newest first. Unknown id: 404.
#[utoipa::path(get, path = "/videos/getYoutubePlaylists/{id}", tag = tags::VIDEOS,
    params(("id" = String, Path, description = "The playlist's id")),
    responses(
        (status = 200, description = "Up to 15 videos, newest first", body = Reply<Vec<Video>>),
        (status = 404, description = "'playlist not found'", body = ErrorReply),
    ))]
async fn get_playlist_videos(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Envelope<Vec<Video>>>> {
    let catalogue = catalogue(&state).await?;
    if !catalogue.playlists.iter().any(|p| p.id == id) {
        return Err(Error::not_found(PLAYLIST_NOT_FOUND));
    }
    let videos = catalogue
        .videos
        .into_iter()
        .filter(|(v, _)| v.playlist_id == id)
        .map(|(v, _)| v)
        .take(PLAYLISTS_FETCH)
        .collect();
    Ok(ok(videos))
}

/// `videos/getYoutubeLatestVideos/{count}`: the featured video first, then the newest (/videos opens
/// with `/1`, the lead video).
#[utoipa::path(get, path = "/videos/getYoutubeLatestVideos/{count}", tag = tags::VIDEOS,
    params(("count" = String, Path, pattern = "^[0-9]{1,3}$", description = "How many, 1 to 50 (decimal digits)")),
    responses((status = 200, description = "The featured video, then the newest", body = Reply<Vec<Video>>)))]
async fn get_youtube_latest(
    State(state): State<AppState>,
    ApiPath(raw): ApiPath<String>,
) -> Result<Json<Envelope<Vec<Video>>>> {
    let count = count(&raw)?;
    let mut videos = catalogue(&state).await?.videos;
    // A stable sort keeps the newest-first order within each group.
    videos.sort_by_key(|(_, featured)| !featured);
    Ok(ok(videos.into_iter().map(|(v, _)| v).take(count).collect()))
}

/// `videos/getLatestVideos/{count}`: the newest videos (the page asks for 5).
#[utoipa::path(get, path = "/videos/getLatestVideos/{count}", tag = tags::VIDEOS,
    params(("count" = String, Path, pattern = "^[0-9]{1,3}$", description = "How many, 1 to 50 (decimal digits)")),
    responses((status = 200, description = "The newest videos", body = Reply<Vec<Video>>)))]
async fn get_latest(
    State(state): State<AppState>,
    ApiPath(raw): ApiPath<String>,
) -> Result<Json<Envelope<Vec<Video>>>> {
    let count = count(&raw)?;
    let videos = catalogue(&state).await?.videos;
    Ok(ok(videos.into_iter().map(|(v, _)| v).take(count).collect()))
}

/// `videos/getYoutubeVideoByTitle/{slug}`: one video. Unknown slug: 404 (VD-02).
#[utoipa::path(get, path = "/videos/getYoutubeVideoByTitle/{slug}", tag = tags::VIDEOS,
    params(("slug" = String, Path, description = "The video's slug (its title, slugified)")),
    responses(
        (status = 200, description = "The video", body = Reply<Video>),
        (status = 404, description = "'video not found'", body = ErrorReply),
    ))]
async fn get_video_by_title(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<Json<Envelope<Video>>> {
    if slug.is_empty() || slug.len() > MAX_SLUG {
        return Err(Error::not_found(VIDEO_NOT_FOUND));
    }
    let wanted = slug.to_lowercase();
    catalogue(&state)
        .await?
        .videos
        .into_iter()
        .map(|(v, _)| v)
        .find(|v| v.slug == wanted)
        .map(ok)
        .ok_or_else(|| Error::not_found(VIDEO_NOT_FOUND))
}

/// `videos/getTvChannels`: the two /tv tabs (VD-03). '{product} TV' is the channel's live embed when a
/// channel id is configured, else the studio playlist; 'Letra e Tradução' is that playlist. Both
/// autoplay.
#[utoipa::path(get, path = "/videos/getTvChannels", tag = tags::VIDEOS,
    responses((status = 200, description = "Up to two tabs with their embed URLs", body = Reply<Vec<TvChannel>>)))]
async fn get_tv_channels(State(state): State<AppState>) -> Result<Json<Envelope<Vec<TvChannel>>>> {
    let rows = sqlx::query("SELECT slug, external_id FROM video_playlists ORDER BY position, id")
        .fetch_all(&state.db.pool)
        .await?;
    let playlists: Vec<(String, String)> = rows
        .iter()
        .map(|row| Ok((row.try_get("slug")?, row.try_get("external_id")?)))
        .collect::<Result<_>>()?;
    let enc = |v: &str| form_urlencoded::byte_serialize(v.as_bytes()).collect::<String>();
    let series = |id: &str| format!("{EMBED_BASE}/videoseries?list={}&autoplay=1", enc(id));
    let lyrics = playlists.iter().find(|(slug, _)| slug == LYRICS_PLAYLIST_SLUG);
    let other = playlists.iter().find(|(slug, _)| slug != LYRICS_PLAYLIST_SLUG);
    let channel = state
        .config
        .youtube_channel_id
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let station_tv = match (channel, other.or(lyrics)) {
        (Some(channel), _) => Some(format!(
            "{EMBED_BASE}/live_stream?channel={}&autoplay=1",
            enc(channel)
        )),
        (None, Some((_, id))) => Some(series(id)),
        (None, None) => None,
    };
    let mut tabs = Vec::new();
    if let Some(embed_url) = station_tv {
        tabs.push(TvChannel {
            label: format!("{} TV", state.config.station_name),
            embed_url,
        });
    }
    if let Some((_, id)) = lyrics.or(other) {
        tabs.push(TvChannel {
            label: "Letra e Tradução".to_owned(),
            embed_url: series(id),
        });
    }
    Ok(ok(tabs))
}
