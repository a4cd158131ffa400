//! Wire types of the catalogue: journalists, artists, albums, music and the top lists (doc2 §2, §3, §7;
//! decisions C08, C22, C40, G30, G31, G44, G46, G52).
//!
//! Image and audio fields hold site-relative URLs (`/media/img/…`, `/media/audio/…`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `GET /api/v1/getJournalistsData`: every journalist with `isActive`; the /jornalistas list shows only the
/// active ones, while an inactive one's page still resolves from the same list (G46).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Journalist {
    #[ts(type = "number")]
    pub id: i64,
    pub slug: String,
    pub name: String,
    /// Plain-text biography.
    pub description: String,
    pub image_file: String,
    pub is_active: bool,
}

/// An entry of `GET /api/v1/getArtists/` (doc2 §3, field names as the spec writes them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ArtistEntry {
    #[serde(rename = "Id")]
    #[ts(type = "number")]
    pub id: i64,
    /// Name.
    #[serde(rename = "Nam")]
    pub nam: String,
    /// Slug (/artistas/{Url}).
    #[serde(rename = "Url")]
    pub url: String,
    /// Square image.
    #[serde(rename = "Img")]
    pub img: String,
    /// Shown in the all-artists slider ('Ver').
    #[serde(rename = "Ver")]
    pub ver: bool,
}

/// A slide of `GET /api/v1/artists/getSlides`: the featured artists with their banners.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ArtistSlide {
    pub artist_name: String,
    pub slug: String,
    /// Wide banner.
    pub banner: String,
    /// Square image.
    pub image_new: String,
    /// Plain-text start of the biography ('' when there is none).
    pub excerpt: String,
}

/// `GET /api/v1/getSingleArtist/{slug}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Artist {
    #[ts(type = "number")]
    pub id: i64,
    pub artist_name: String,
    pub slug: String,
    /// Sanitised HTML; '' when there is no biography yet.
    pub biography: String,
    /// Square image.
    pub image_new: String,
    /// Banner of the artist page.
    pub image_old: String,
}

/// An album of `GET /api/v1/artists/getAlbumsDoMomento/{count}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Album {
    #[ts(type = "number")]
    pub album_id: i64,
    pub album_name: String,
    pub album_slug: String,
    /// 1000x1000.
    pub album_cover: String,
    /// 150x150.
    pub album_cover_small: String,
    #[ts(type = "number")]
    pub album_release: i64,
    #[serde(rename = "iTunesLink")]
    pub itunes_link: String,
    pub artist_name: String,
    pub artist_slug: String,
}

/// A song of `GET /api/v1/artists/getArtistsTopSongs/{artistSlug}/{count}`, most played first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ArtistTopSong {
    #[ts(type = "number")]
    pub music_id: i64,
    pub track_name: String,
    /// Short audio preview.
    pub preview_url: String,
    /// Album name.
    pub collection_name: String,
    /// Album cover 150x150.
    pub cover: String,
    /// Store link.
    pub track_view_url: String,
    pub music_slug: String,
    pub artist_name: String,
    pub artist_slug: String,
}

/// A song (doc2 §3 "Music"). Lists leave out `musicLyrics`/`musicTranslation`; getSingleMusicData
/// carries them ('' when the song has none).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Music {
    #[ts(type = "number")]
    pub music_id: i64,
    pub music_name: String,
    pub music_slug: String,
    /// Audio URL; '' = not playable.
    pub music_track: String,
    pub has_lyrics: bool,
    pub has_translation: bool,
    pub has_video: bool,
    /// HTML.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub music_lyrics: Option<String>,
    /// HTML, Portuguese.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub music_translation: Option<String>,
    pub music_video_youtube_id: String,
    pub music_video_file_name: String,
    pub lyrics_video_youtube_id: String,
    pub lyrics_video_file_name: String,
    pub album_name: String,
    /// 1000x1000.
    pub album_cover: String,
    pub album_cover_slug: String,
    #[ts(type = "number")]
    pub album_release: i64,
    /// 150x150.
    pub itunes_cover: String,
    #[serde(rename = "iTunesLink")]
    pub itunes_link: String,
    pub artist_name: String,
    pub artist_slug: String,
}

/// A list of `GET /api/v1/getTop10Categories` (G31); the station's own list first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Top10Category {
    #[ts(type = "number")]
    pub id: i64,
    pub category_slug: String,
    pub category_name: String,
    pub description: String,
}

/// An entry of `GET /api/v1/getTop10/{categoryIdOrSlug}` (10) or `GET /api/v1/getTop100/{year}` (100).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct TopItem {
    #[ts(type = "number")]
    pub position: i64,
    #[ts(type = "number")]
    pub music_id: i64,
    pub music_name: String,
    pub music_slug: String,
    pub music_track: String,
    pub artist_name: String,
    pub artist_slug: String,
    pub album_name: String,
    pub album_cover: String,
    pub album_cover_small: String,
    #[ts(type = "number")]
    pub year: i64,
}

/// A year of `GET /api/v1/getTop100Years` (G31), newest first; `tx_ano` and `ano` are the same year.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Top100Year {
    pub tx_ano: String,
    #[ts(type = "number")]
    pub ano: i64,
}
