//! The catalogue (doc2 §2, §3, §7; decisions C08, C22, C37, C40, G30, G31, G44, G46, G52): journalists and
//! their news, artists, albums, music with its filters, the top 10 lists and the top 100 of each year,
//! the logged-in music download and the songs' audio under `/media/audio/`.
//!
//! The audio of a song is the station engine's demo rendition of it (the same synthesiser, seed, style
//! and file name as `radio::demo_plan`), so a song the engine already rendered is served from its file
//! and any other one is rendered once on first request and kept beside them.

use std::{collections::HashMap, path::PathBuf};

use axum::{
    Json,
    extract::{Query, State},
    response::Response,
};
use onda_shared::{
    Envelope, Status,
    catalogue::{
        Album, Artist, ArtistEntry, ArtistSlide, ArtistTopSong, Journalist, Music, Top10Category, Top100Year,
        TopItem,
    },
    news::NewsItem,
};
use sqlx::Row;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    audio_files::{
        FILE_NOT_FOUND, audio_response, demo_mp3, first_seconds, mp3_response, read_uploaded_start,
        uploaded_audio_path,
    },
    auth::AuthUser,
    data::catalogue,
    error::ok,
    extract::{ApiPath, path_number},
    html::plain_excerpt,
    openapi::{Reply, tags},
    radio::{library, synth},
    text::stable_hash as hash,
};

/// Server messages (doc2 §8 and our own for the 404s).
pub const NO_MORE_NEWS: &str = "no more news";
pub const JOURNALIST_NOT_FOUND: &str = "journalist not found";
pub const ARTIST_NOT_FOUND: &str = "artist not found";
pub const MUSIC_NOT_FOUND: &str = "music not found";
pub const NO_MUSIC_FOUND: &str = "no music found";
pub const CATEGORY_NOT_FOUND: &str = "category not found";
pub const YEAR_NOT_FOUND: &str = "no music for this year";

/// Page sizes (doc2 §9) and the largest page any list call may ask for.
const JOURNALIST_NEWS_PAGE: i64 = 10;
const ALBUMS_SLIDER: i64 = 20;
const ARTIST_TOP_SONGS: i64 = 3;
const MAX_COUNT: i64 = 100;
const MAX_OFFSET: i64 = 1_000_000;
const MAX_SLUG: usize = 200;
/// Longer search text is cut (as the site search does, G02) rather than refused.
const MAX_SEARCH: usize = 100;
/// Previews are the first seconds of a song's rendition.
const PREVIEW_SECONDS: f32 = 30.0;
/// What a preview reads of an uploaded track: 30 s at 320 kbit/s is 1.2 MB, and a tag with its
/// cover art comes first.
const PREVIEW_READ_MAX: u64 = 4 * 1024 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_journalists))
        .routes(routes!(get_journalist_news))
        .routes(routes!(get_journalist_news_count))
        .routes(routes!(get_journalist_news_page))
        .routes(routes!(get_artists_slash))
        .routes(routes!(get_artists))
        .routes(routes!(get_slides))
        .routes(routes!(get_single_artist))
        .routes(routes!(get_albums_default))
        .routes(routes!(get_albums))
        .routes(routes!(get_top_songs))
        .routes(routes!(get_top_songs_count))
        .routes(routes!(get_music_data))
        .routes(routes!(get_filtered_music_data))
        .routes(routes!(get_single_music))
        .routes(routes!(download))
        .routes(routes!(get_top10_categories))
        .routes(routes!(get_top10))
        .routes(routes!(get_top100_years))
        .routes(routes!(get_top100))
}

/// Outside `/api/v1`: the songs' public audio, their previews (`songs.preview_url`). The full songs
/// (`songs.track_url`) have no public address: they are the logged-in download.
pub fn media_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(preview_audio))
}

// ---------------------------------------------------------------------------------------------------
// Parameters

/// A path slug as stored (lower case, trimmed); `None` when it cannot name a row.
fn slug(raw: &str) -> Option<String> {
    let slug = raw.trim().to_lowercase();
    (!slug.is_empty() && slug.len() <= MAX_SLUG).then_some(slug)
}

/// The row of `table` (a name from this file, never from the request) a path key names: its id in
/// digits, else its slug; `None` when nothing matches.
async fn id_by_key(db: &crate::db::Db, table: &'static str, key: &str) -> Result<Option<i64>> {
    let by_id = !key.is_empty() && key.len() <= 10 && key.bytes().all(|b| b.is_ascii_digit());
    let id = if by_id {
        sqlx::query_scalar(&format!("SELECT id FROM {table} WHERE id = $1"))
            .bind(key.parse::<i64>().unwrap_or(-1))
            .fetch_optional(&db.pool)
            .await?
    } else if let Some(slug) = slug(key) {
        sqlx::query_scalar(&format!("SELECT id FROM {table} WHERE slug = $1"))
            .bind(slug)
            .fetch_optional(&db.pool)
            .await?
    } else {
        None
    };
    Ok(id)
}

/// The music filters' `true|false` (also `1|0`); absent = false (no constraint).
fn filter_flag(raw: Option<&String>, name: &str) -> Result<bool> {
    match raw.map(|value| value.trim().to_ascii_lowercase()).as_deref() {
        None | Some("" | "false" | "0") => Ok(false),
        Some("true" | "1") => Ok(true),
        Some(_) => Err(Error::bad_request(format!("invalid {name}"))),
    }
}

/// `{musicSlug}+{artistSlug}` (C08): exactly one literal '+' with text on both sides.
fn music_file_id(raw: &str) -> Option<(String, String)> {
    let (music, artist) = raw.split_once('+')?;
    if artist.contains('+') {
        return None;
    }
    Some((slug(music)?, slug(artist)?))
}

// ---------------------------------------------------------------------------------------------------
// Journalists

/// The station's journalists.
#[utoipa::path(get, path = "/getJournalistsData", tag = tags::CATALOGUE,
    responses((status = 200, description = "Every journalist, in editorial order", body = Reply<Vec<Journalist>>)))]
async fn get_journalists(State(state): State<AppState>) -> Result<Json<Envelope<Vec<Journalist>>>> {
    let rows: Vec<(i64, String, String, String, String, i64)> = sqlx::query_as(
        "SELECT id, slug, name, description, image_url, is_active FROM journalists ORDER BY position, name, id",
    )
    .fetch_all(&state.db.pool)
    .await?;
    Ok(ok(rows
        .into_iter()
        .map(|(id, slug, name, description, image_file, active)| Journalist {
            id,
            slug,
            name,
            description,
            image_file,
            is_active: active != 0,
        })
        .collect()))
}

/// The first 10 news items of a journalist.
///
/// `getJournalistNews/{journalistId}/{count=10}/{offset=0}` (C40: count before offset). The journalist
/// may also be given by slug. A page shorter than asked carries the message 'no more news' (the UI's
/// 'Não há mais notícias.'), so the end is known without another request.
#[utoipa::path(get, path = "/getJournalistNews/{journalist}", tag = tags::CATALOGUE,
    params(("journalist" = String, Path, description = "Journalist id or slug; unknown: 404")),
    responses((status = 200, description = "The page, newest first (message 'no more news' when short)", body = Reply<Vec<NewsItem>>)))]
async fn get_journalist_news(
    State(state): State<AppState>,
    ApiPath(params): ApiPath<Vec<String>>,
) -> Result<Json<Envelope<Vec<NewsItem>>>> {
    let count = match params.get(1) {
        Some(raw) => path_number(raw, "count", 1, MAX_COUNT)?,
        None => JOURNALIST_NEWS_PAGE,
    };
    let offset = match params.get(2) {
        Some(raw) => path_number(raw, "offset", 0, MAX_OFFSET)?,
        None => 0,
    };
    let key = params.first().map(String::as_str).unwrap_or_default();
    let id: Option<i64> = id_by_key(&state.db, "journalists", key).await?;
    let id = id.ok_or_else(|| Error::not_found(JOURNALIST_NOT_FOUND))?;
    let by_journalist = crate::data::news::Listing {
        journalist_id: Some(id),
        ..crate::data::news::Listing::all()
    };
    let items = crate::data::news::list(&state.db, &by_journalist, count, offset).await?;
    let message = if (items.len() as i64) < count {
        NO_MORE_NEWS
    } else {
        "success"
    };
    Ok(Json(Envelope {
        status: Status::SUCCESS,
        message: message.to_owned(),
        data: items,
    }))
}

/// A page of a journalist's news items, from the newest.
#[utoipa::path(get, path = "/getJournalistNews/{journalist}/{count}", tag = tags::CATALOGUE,
    params(
        ("journalist" = String, Path, description = "Journalist id or slug; unknown: 404"),
        ("count" = String, Path, pattern = "^([1-9][0-9]?|100)$", description = "Page size, 1 to 100"),
    ),
    responses((status = 200, description = "The page, newest first (message 'no more news' when short)", body = Reply<Vec<NewsItem>>)))]
async fn get_journalist_news_count(
    state: State<AppState>,
    params: ApiPath<Vec<String>>,
) -> Result<Json<Envelope<Vec<NewsItem>>>> {
    get_journalist_news(state, params).await
}

/// A page of a journalist's news items.
#[utoipa::path(get, path = "/getJournalistNews/{journalist}/{count}/{offset}", tag = tags::CATALOGUE,
    params(
        ("journalist" = String, Path, description = "Journalist id or slug; unknown: 404"),
        ("count" = String, Path, pattern = "^([1-9][0-9]?|100)$", description = "Page size, 1 to 100"),
        ("offset" = String, Path, pattern = "^(0|[1-9][0-9]{0,5}|1000000)$", description = "Items to skip, 0 to 1000000"),
    ),
    responses((status = 200, description = "The page, newest first (message 'no more news' when short)", body = Reply<Vec<NewsItem>>)))]
async fn get_journalist_news_page(
    state: State<AppState>,
    params: ApiPath<Vec<String>>,
) -> Result<Json<Envelope<Vec<NewsItem>>>> {
    get_journalist_news(state, params).await
}

// ---------------------------------------------------------------------------------------------------
// Artists and albums

/// Every artist (same as `/getArtists`).
#[utoipa::path(get, path = "/getArtists/", tag = tags::CATALOGUE,
    responses((status = 200, description = "Every artist, by name", body = Reply<Vec<ArtistEntry>>)))]
async fn get_artists_slash(state: State<AppState>) -> Result<Json<Envelope<Vec<ArtistEntry>>>> {
    get_artists(state).await
}

/// Every artist.
#[utoipa::path(get, path = "/getArtists", tag = tags::CATALOGUE,
    responses((status = 200, description = "Every artist, by name", body = Reply<Vec<ArtistEntry>>)))]
async fn get_artists(State(state): State<AppState>) -> Result<Json<Envelope<Vec<ArtistEntry>>>> {
    let rows: Vec<(i64, String, String, String, i64)> =
        sqlx::query_as("SELECT id, name, slug, image_url, is_featured FROM artists ORDER BY name, id")
            .fetch_all(&state.db.pool)
            .await?;
    Ok(ok(rows
        .into_iter()
        .map(|(id, nam, url, img, ver)| ArtistEntry {
            id,
            nam,
            url,
            img,
            ver: ver != 0,
        })
        .collect()))
}

/// The featured artists (the 'Ver' flag) in editorial order, with banner and a biography excerpt.
#[utoipa::path(get, path = "/artists/getSlides", tag = tags::CATALOGUE,
    responses((status = 200, description = "The featured artists", body = Reply<Vec<ArtistSlide>>)))]
async fn get_slides(State(state): State<AppState>) -> Result<Json<Envelope<Vec<ArtistSlide>>>> {
    let rows: Vec<(String, String, String, String, String)> = sqlx::query_as(
        "SELECT name, slug, banner_url, image_url, biography FROM artists WHERE is_featured = 1 \
         ORDER BY position, id",
    )
    .fetch_all(&state.db.pool)
    .await?;
    Ok(ok(rows
        .into_iter()
        .map(|(artist_name, slug, banner, image_new, biography)| ArtistSlide {
            artist_name,
            slug,
            banner,
            image_new,
            excerpt: plain_excerpt(&biography, 160),
        })
        .collect()))
}

/// One artist by slug, with the biography.
#[utoipa::path(get, path = "/getSingleArtist/{slug}", tag = tags::CATALOGUE,
    params(("slug" = String, Path, description = "Artist slug; unknown: 404")),
    responses((status = 200, description = "The artist", body = Reply<Artist>)))]
async fn get_single_artist(
    State(state): State<AppState>,
    ApiPath(raw): ApiPath<String>,
) -> Result<Json<Envelope<Artist>>> {
    let slug = slug(&raw).ok_or_else(|| Error::not_found(ARTIST_NOT_FOUND))?;
    let row: Option<(i64, String, String, String, String, String)> = sqlx::query_as(
        "SELECT id, name, slug, biography, image_url, banner_url FROM artists WHERE slug = $1",
    )
    .bind(slug)
    .fetch_optional(&state.db.pool)
    .await?;
    let (id, artist_name, slug, biography, image_new, image_old) =
        row.ok_or_else(|| Error::not_found(ARTIST_NOT_FOUND))?;
    Ok(ok(Artist {
        id,
        artist_name,
        slug,
        biography: ammonia::clean(&biography),
        image_new,
        image_old,
    }))
}

/// The 20 featured albums ('Álbuns do momento'), newest releases first.
#[utoipa::path(get, path = "/artists/getAlbumsDoMomento", tag = tags::CATALOGUE,
    responses((status = 200, description = "The featured albums", body = Reply<Vec<Album>>)))]
async fn get_albums_default(State(state): State<AppState>) -> Result<Json<Envelope<Vec<Album>>>> {
    albums(&state, ALBUMS_SLIDER).await
}

/// The featured albums ('Álbuns do momento'), newest releases first.
#[utoipa::path(get, path = "/artists/getAlbumsDoMomento/{count}", tag = tags::CATALOGUE,
    params(("count" = String, Path, pattern = "^([1-9][0-9]?|100)$", description = "How many, 1 to 100")),
    responses((status = 200, description = "The featured albums", body = Reply<Vec<Album>>)))]
async fn get_albums(
    State(state): State<AppState>,
    ApiPath(count): ApiPath<String>,
) -> Result<Json<Envelope<Vec<Album>>>> {
    albums(&state, path_number(&count, "count", 1, MAX_COUNT)?).await
}

/// 'Álbuns do momento': the featured albums, newest releases first.
async fn albums(state: &AppState, count: i64) -> Result<Json<Envelope<Vec<Album>>>> {
    let rows = sqlx::query(
        "SELECT al.id, al.name, al.slug, al.cover_url, al.cover_small_url, al.release_year, al.itunes_link, \
         a.name AS artist_name, a.slug AS artist_slug FROM albums al JOIN artists a ON a.id = al.artist_id \
         WHERE al.is_featured = 1 ORDER BY al.release_year DESC, al.position, al.id LIMIT $1",
    )
    .bind(count)
    .fetch_all(&state.db.pool)
    .await?;
    let albums = rows
        .iter()
        .map(|row| {
            Ok(Album {
                album_id: row.try_get(0)?,
                album_name: row.try_get(1)?,
                album_slug: row.try_get(2)?,
                album_cover: row.try_get(3)?,
                album_cover_small: row.try_get(4)?,
                album_release: row.try_get(5)?,
                itunes_link: row.try_get(6)?,
                artist_name: row.try_get(7)?,
                artist_slug: row.try_get(8)?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(ok(albums))
}

/// An artist's 3 most played songs, with their previews; an unknown artist is a 404.
#[utoipa::path(get, path = "/artists/getArtistsTopSongs/{artist}", tag = tags::CATALOGUE,
    params(("artist" = String, Path, description = "Artist slug; unknown: 404")),
    responses((status = 200, description = "The songs, most played first", body = Reply<Vec<ArtistTopSong>>)))]
async fn get_top_songs(
    State(state): State<AppState>,
    ApiPath(params): ApiPath<HashMap<String, String>>,
) -> Result<Json<Envelope<Vec<ArtistTopSong>>>> {
    let count = match params.get("count") {
        Some(raw) => path_number(raw, "count", 1, MAX_COUNT)?,
        None => ARTIST_TOP_SONGS,
    };
    let slug = params
        .get("artist")
        .and_then(|raw| slug(raw))
        .ok_or_else(|| Error::not_found(ARTIST_NOT_FOUND))?;
    let artist: Option<(i64, String)> = sqlx::query_as("SELECT id, name FROM artists WHERE slug = $1")
        .bind(&slug)
        .fetch_optional(&state.db.pool)
        .await?;
    let (artist_id, artist_name) = artist.ok_or_else(|| Error::not_found(ARTIST_NOT_FOUND))?;
    let rows: Vec<(i64, String, String, String, String, String, String)> = sqlx::query_as(
        "SELECT s.id, s.name, s.preview_url, al.name, al.cover_small_url, s.itunes_link, s.slug \
         FROM songs s JOIN albums al ON al.id = s.album_id WHERE s.artist_id = $1 \
         ORDER BY s.plays DESC, s.id LIMIT $2",
    )
    .bind(artist_id)
    .bind(count)
    .fetch_all(&state.db.pool)
    .await?;
    Ok(ok(rows
        .into_iter()
        .map(
            |(music_id, track_name, preview_url, collection_name, cover, track_view_url, music_slug)| {
                ArtistTopSong {
                    music_id,
                    track_name,
                    preview_url,
                    collection_name,
                    cover,
                    track_view_url,
                    music_slug,
                    artist_name: artist_name.clone(),
                    artist_slug: slug.clone(),
                }
            },
        )
        .collect()))
}

/// An artist's most played songs, with their previews; an unknown artist is a 404.
#[utoipa::path(get, path = "/artists/getArtistsTopSongs/{artist}/{count}", tag = tags::CATALOGUE,
    params(
        ("artist" = String, Path, description = "Artist slug; unknown: 404"),
        ("count" = String, Path, pattern = "^([1-9][0-9]?|100)$", description = "How many, 1 to 100"),
    ),
    responses((status = 200, description = "The songs, most played first", body = Reply<Vec<ArtistTopSong>>)))]
async fn get_top_songs_count(
    state: State<AppState>,
    params: ApiPath<HashMap<String, String>>,
) -> Result<Json<Envelope<Vec<ArtistTopSong>>>> {
    get_top_songs(state, params).await
}

// ---------------------------------------------------------------------------------------------------
// Music

/// One page of music; an empty page says 'no music found' (the UI picks C22's text by offset).
fn music_page(items: Vec<Music>) -> Json<Envelope<Vec<Music>>> {
    let message = if items.is_empty() {
        NO_MUSIC_FOUND
    } else {
        "success"
    };
    Json(Envelope {
        status: Status::SUCCESS,
        message: message.to_owned(),
        data: items,
    })
}

fn page_params(offset: &str, count: &str) -> Result<(i64, i64)> {
    Ok((
        path_number(offset, "offset", 0, MAX_OFFSET)?,
        path_number(count, "count", 1, MAX_COUNT)?,
    ))
}

/// A page of the music catalogue, by song name.
///
/// `getMusicData/{offset}/{count}` (C40: offset first).
#[utoipa::path(get, path = "/getMusicData/{offset}/{count}", tag = tags::CATALOGUE,
    params(
        ("offset" = String, Path, pattern = "^(0|[1-9][0-9]{0,5}|1000000)$", description = "Songs to skip, 0 to 1000000"),
        ("count" = String, Path, pattern = "^([1-9][0-9]?|100)$", description = "Page size, 1 to 100"),
    ),
    responses((status = 200, description = "The page (message 'no music found' when empty)", body = Reply<Vec<Music>>)))]
async fn get_music_data(
    State(state): State<AppState>,
    ApiPath((offset, count)): ApiPath<(String, String)>,
) -> Result<Json<Envelope<Vec<Music>>>> {
    let (offset, count) = page_params(&offset, &count)?;
    Ok(music_page(catalogue::music_data(&state.db, offset, count).await?))
}

/// A page of the music catalogue, filtered.
///
/// `getFilteredMusicData/{offset}/{count}?letra&traducao&video&busca`: a true flag keeps only songs with
/// lyrics / a translation / a video (false = no constraint); `busca` is a case-insensitive substring of
/// the song's or the artist's name.
#[utoipa::path(get, path = "/getFilteredMusicData/{offset}/{count}", tag = tags::CATALOGUE,
    params(
        ("offset" = String, Path, pattern = "^(0|[1-9][0-9]{0,5}|1000000)$", description = "Songs to skip, 0 to 1000000"),
        ("count" = String, Path, pattern = "^([1-9][0-9]?|100)$", description = "Page size, 1 to 100"),
        ("letra" = Option<String>, Query, description = "Only songs with lyrics: true, false, 1 or 0"),
        ("traducao" = Option<String>, Query, description = "Only songs with a translation: true, false, 1 or 0"),
        ("video" = Option<String>, Query, description = "Only songs with a video: true, false, 1 or 0"),
        ("busca" = Option<String>, Query, description = "Text in the song's or the artist's name (first 100 characters)"),
    ),
    responses((status = 200, description = "The page (message 'no music found' when empty)", body = Reply<Vec<Music>>)))]
async fn get_filtered_music_data(
    State(state): State<AppState>,
    ApiPath((offset, count)): ApiPath<(String, String)>,
    query: std::result::Result<Query<HashMap<String, String>>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Envelope<Vec<Music>>>> {
    let (offset, count) = page_params(&offset, &count)?;
    let Query(query) = query.map_err(|_| Error::bad_request("invalid filters"))?;
    let filter = catalogue::MusicFilter {
        lyrics: filter_flag(query.get("letra"), "letra")?,
        translation: filter_flag(query.get("traducao"), "traducao")?,
        video: filter_flag(query.get("video"), "video")?,
        search: query
            .get("busca")
            .map(|text| text.trim().chars().take(MAX_SEARCH).collect::<String>())
            .unwrap_or_default()
            .to_lowercase(),
    };
    let items = catalogue::filtered_music(&state.db, &filter, offset, count).await?;
    Ok(music_page(items))
}

async fn find_music(state: &AppState, artist: &str, music: &str, with_texts: bool) -> Result<Option<Music>> {
    let (Some(artist), Some(music)) = (slug(artist), slug(music)) else {
        return Ok(None);
    };
    catalogue::song(&state.db, &artist, &music, with_texts).await
}

/// One song with its lyrics and translation.
///
/// `getSingleMusicData/{artistSlug}/{musicSlug}` (C08: the artist first, unlike the page's path).
#[utoipa::path(get, path = "/getSingleMusicData/{artist}/{music}", tag = tags::CATALOGUE,
    params(
        ("artist" = String, Path, description = "Artist slug"),
        ("music" = String, Path, description = "Song slug; unknown: 404"),
    ),
    responses((status = 200, description = "The song", body = Reply<Music>)))]
async fn get_single_music(
    State(state): State<AppState>,
    ApiPath((artist, music)): ApiPath<(String, String)>,
) -> Result<Json<Envelope<Music>>> {
    let music = find_music(&state, &artist, &music, true)
        .await?
        .ok_or_else(|| Error::not_found(MUSIC_NOT_FOUND))?;
    Ok(ok(music))
}

// ---------------------------------------------------------------------------------------------------
// Top lists

/// The categories of the top 10 lists.
#[utoipa::path(get, path = "/getTop10Categories", tag = tags::CATALOGUE,
    responses((status = 200, description = "Every category, in editorial order", body = Reply<Vec<Top10Category>>)))]
async fn get_top10_categories(State(state): State<AppState>) -> Result<Json<Envelope<Vec<Top10Category>>>> {
    let rows: Vec<(i64, String, String, String)> =
        sqlx::query_as("SELECT id, slug, name, description FROM top10_categories ORDER BY position, id")
            .fetch_all(&state.db.pool)
            .await?;
    Ok(ok(rows
        .into_iter()
        .map(|(id, category_slug, category_name, description)| Top10Category {
            id,
            category_slug,
            category_name,
            description,
        })
        .collect()))
}

const TOP_SELECT: &str = concat!(
    "SELECT e.position, s.id, s.name, s.slug, ",
    crate::public_track!(),
    " AS track_url, a.name, a.slug, al.name, al.cover_url, al.cover_small_url, s.year FROM songs s \
     JOIN artists a ON a.id = s.artist_id JOIN albums al ON al.id = s.album_id"
);

type TopRow = (
    i64,
    i64,
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    i64,
);

fn top_items(rows: Vec<TopRow>) -> Vec<TopItem> {
    rows.into_iter()
        .map(
            |(
                position,
                music_id,
                music_name,
                music_slug,
                music_track,
                artist_name,
                artist_slug,
                album_name,
                album_cover,
                album_cover_small,
                year,
            )| TopItem {
                position,
                music_id,
                music_name,
                music_slug,
                music_track,
                artist_name,
                artist_slug,
                album_name,
                album_cover,
                album_cover_small,
                year,
            },
        )
        .collect()
}

/// The top 10 list of a category.
///
/// `getTop10/{categoryId}`; a slug is accepted as well (doc2 §5). Unknown → 404.
#[utoipa::path(get, path = "/getTop10/{category}", tag = tags::CATALOGUE,
    params(("category" = String, Path, description = "Category id or slug; unknown or empty: 404")),
    responses((status = 200, description = "The list, by position", body = Reply<Vec<TopItem>>)))]
async fn get_top10(
    State(state): State<AppState>,
    ApiPath(raw): ApiPath<String>,
) -> Result<Json<Envelope<Vec<TopItem>>>> {
    let key = raw.trim();
    let id: Option<i64> = id_by_key(&state.db, "top10_categories", key).await?;
    let id = id.ok_or_else(|| Error::not_found(CATEGORY_NOT_FOUND))?;
    let sql = format!(
        "{TOP_SELECT} JOIN top10_entries e ON e.song_id = s.id WHERE e.category_id = $1 ORDER BY e.position LIMIT 10"
    );
    let rows: Vec<TopRow> = sqlx::query_as(&sql).bind(id).fetch_all(&state.db.pool).await?;
    if rows.is_empty() {
        return Err(Error::not_found(CATEGORY_NOT_FOUND));
    }
    Ok(ok(top_items(rows)))
}

/// The years that have a top 100, newest first (G44: the page opens on the first).
#[utoipa::path(get, path = "/getTop100Years", tag = tags::CATALOGUE,
    responses((status = 200, description = "The years, newest first", body = Reply<Vec<Top100Year>>)))]
async fn get_top100_years(State(state): State<AppState>) -> Result<Json<Envelope<Vec<Top100Year>>>> {
    let years: Vec<i64> = sqlx::query_scalar(
        "SELECT l.year FROM top100_lists l \
         WHERE EXISTS (SELECT 1 FROM top100_entries e WHERE e.list_id = l.id) ORDER BY l.year DESC",
    )
    .fetch_all(&state.db.pool)
    .await?;
    Ok(ok(years
        .into_iter()
        .map(|ano| Top100Year {
            tx_ano: ano.to_string(),
            ano,
        })
        .collect()))
}

/// The top 100 of a year.
///
/// `getTop100/{year}`: a year that is not a number is a 400; a year without a list a 404.
#[utoipa::path(get, path = "/getTop100/{year}", tag = tags::CATALOGUE,
    params(("year" = String, Path, pattern = "^(0|[1-9][0-9]{0,3})$", description = "The year, 0 to 9999; without a list: 404")),
    responses((status = 200, description = "The list, by position", body = Reply<Vec<TopItem>>)))]
async fn get_top100(
    State(state): State<AppState>,
    ApiPath(raw): ApiPath<String>,
) -> Result<Json<Envelope<Vec<TopItem>>>> {
    let year = path_number(raw.trim(), "year", 0, 9999)?;
    let sql = format!(
        "{TOP_SELECT} JOIN top100_entries e ON e.song_id = s.id JOIN top100_lists l ON l.id = e.list_id \
         WHERE l.year = $1 ORDER BY e.position LIMIT 100"
    );
    let rows: Vec<TopRow> = sqlx::query_as(&sql).bind(year).fetch_all(&state.db.pool).await?;
    if rows.is_empty() {
        return Err(Error::not_found(YEAR_NOT_FOUND));
    }
    Ok(ok(top_items(rows)))
}

// ---------------------------------------------------------------------------------------------------
// Audio: the download (logged in, C37/G52) and the media URLs

/// What a song's audio is rendered from.
struct SongAudio {
    music_slug: String,
    music_name: String,
    artist_name: String,
    country: String,
    year: i64,
    playable: bool,
    /// An MP3 uploaded through the back office (`/media/uploads/audio/…`), or the demo's address.
    track: String,
}

async fn song_audio(state: &AppState, music: &str, artist: &str) -> Result<Option<SongAudio>> {
    let row: Option<(String, String, String, String, i64, String)> = sqlx::query_as(
        "SELECT s.slug, s.name, a.name, a.country, s.year, s.track_url FROM songs s \
         JOIN artists a ON a.id = s.artist_id WHERE a.slug = $1 AND s.slug = $2",
    )
    .bind(artist)
    .bind(music)
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(row.map(
        |(music_slug, music_name, artist_name, country, year, track)| SongAudio {
            music_slug,
            music_name,
            artist_name,
            country,
            year,
            playable: !track.is_empty(),
            track,
        },
    ))
}

/// The MP3 file of a song (or its preview), rendering it first when it does not exist yet. The song's
/// file name, seed, style and length are the ones `radio::demo_plan` uses, so the engine's own
/// renditions are reused.
async fn audio_file(state: &AppState, song: &SongAudio, preview: bool) -> Result<PathBuf> {
    let slug = song.music_slug.clone();
    let full = state
        .config
        .demo_track_seconds
        .unwrap_or_else(|| 150.0 + (hash(&["demo-length", &slug]) % 61) as f32);
    let style = library::demo_style(
        &song.country,
        i32::try_from(song.year).unwrap_or(0),
        hash(&["demo-style", &slug]),
    );
    let (key, seconds) = if preview {
        let seconds = full.min(PREVIEW_SECONDS);
        (
            library::short_hash(&format!("preview|{slug}|{seconds}|{style:?}")),
            seconds,
        )
    } else {
        (
            library::short_hash(&format!("song|{slug}|{full}|{style:?}")),
            full,
        )
    };
    demo_mp3(state, &key, move || synth::render_song(&slug, style, seconds)).await
}

/// A song's MP3 as a download, for any logged-in user.
///
/// `GET /api/v1/downloads/music/{musicSlug}+{artistSlug}` (C08, C37, G52): any logged-in user gets the
/// song's audio as an attachment; no session is a 401 before anything else is looked at.
#[utoipa::path(get, path = "/downloads/{file_type}/{file_id}", tag = tags::CATALOGUE,
    params(
        ("file_type" = String, Path, pattern = "^music$", description = "Only 'music'; anything else: 404"),
        ("file_id" = String, Path, pattern = "^[^+/]+\\+[^+/]+$", description = "`{musicSlug}+{artistSlug}`; unknown: 404"),
    ),
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "The song (attachment, Content-Disposition names it)", content_type = "audio/mpeg")))]
async fn download(
    user: std::result::Result<AuthUser, Error>,
    State(state): State<AppState>,
    ApiPath((file_type, file_id)): ApiPath<(String, String)>,
) -> Result<Response> {
    user?;
    if file_type != "music" {
        return Err(Error::not_found(FILE_NOT_FOUND));
    }
    let (music, artist) = music_file_id(&file_id).ok_or_else(|| Error::not_found(FILE_NOT_FOUND))?;
    let song = song_audio(&state, &music, &artist)
        .await?
        .filter(|song| song.playable)
        .ok_or_else(|| Error::not_found(FILE_NOT_FOUND))?;
    let name = format!("{} - {}.mp3", song.artist_name, song.music_name);
    // A track uploaded through the back office is the file itself; the demo's is rendered.
    let path = match uploaded_audio_path(&state, &song.track) {
        Some(path) => path,
        None => audio_file(&state, &song, false).await?,
    };
    audio_response(path, Some(name)).await
}

/// A song's 30-second preview, public.
///
/// `GET /media/audio/previews/{musicSlug}+{artistSlug}.mp3`: the song's 30-second preview, public.
#[utoipa::path(get, path = "/media/audio/previews/{file}", tag = tags::MEDIA,
    params(("file" = String, Path, pattern = "^[^+/]+\\+[^+/]+\\.mp3$", description = "`{musicSlug}+{artistSlug}.mp3`; unknown: 404")),
    responses((status = 200, description = "The preview", content_type = "audio/mpeg")))]
async fn preview_audio(State(state): State<AppState>, ApiPath(file): ApiPath<String>) -> Result<Response> {
    let stem = file
        .strip_suffix(".mp3")
        .ok_or_else(|| Error::not_found(FILE_NOT_FOUND))?;
    let (music, artist) = music_file_id(stem).ok_or_else(|| Error::not_found(FILE_NOT_FOUND))?;
    let song = song_audio(&state, &music, &artist)
        .await?
        .ok_or_else(|| Error::not_found(FILE_NOT_FOUND))?;
    // An uploaded track's preview is its first seconds, cut at a frame boundary.
    if let Some(path) = uploaded_audio_path(&state, &song.track) {
        let data = read_uploaded_start(&path, PREVIEW_READ_MAX).await?;
        let preview = first_seconds(&data, PREVIEW_SECONDS).to_vec();
        return Ok(mp3_response(preview));
    }
    let path = audio_file(&state, &song, true).await?;
    audio_response(path, None).await
}
