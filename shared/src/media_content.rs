//! Wire types of the podcast and video endpoints (doc2 §2 Podcasts/Videos, §3, §7; decisions C05, C36,
//! C39, G51): `/api/v1/getPodcastsData`, `getProPodcastsData`, `getPodcastEpisodes`, the same-origin
//! 'outros' catalogue `/api/v1/external/mixcloud/*` and `/api/v1/videos/*`.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A podcast show (doc2 §3 "Podcast show"). `playerUrl` is the embeddable player; it is `null` for a
/// PRO show unless the caller is PRO (C36, G51: metadata only).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PodcastShow {
    /// Our id of the show (the newsroom attaches an episode to it).
    #[ts(type = "number")]
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub subtitle: String,
    pub description: String,
    pub thumb: String,
    pub image_featured: String,
    /// The player host ('mixcloud').
    #[serde(rename = "type")]
    pub kind: String,
    /// Id at the player host; '' keeps the show out of the grid (PD-01).
    pub show_id: String,
    pub pro: bool,
    /// mini | standard | show (heights 52, 200, 480).
    pub podcast_player_style: String,
    pub podcast_player_color: String,
    pub player_url: Option<String>,
}

/// An episode of a show: a news item of the 'podcast' category, read at /noticias/{slug}.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PodcastEpisode {
    pub slug: String,
    pub title: String,
    pub subtitle: String,
    /// ISO 8601 with -03:00 (G54).
    pub date: String,
    pub image: String,
    pub pro: bool,
}

/// A playlist of the 'outros' catalogue (/podcasts/outros/{slug}).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PodcastPlaylist {
    pub name: String,
    /// The route slug (accented, as in the routes table, doc3 §2.1).
    pub slug: String,
    /// The unaccented alias, also accepted in the route.
    pub alias: String,
    pub description: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct CloudcastTag {
    pub name: String,
}

/// A recording of the catalogue ('cloudcast').
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Cloudcast {
    pub slug: String,
    pub name: String,
    pub tags: Vec<CloudcastTag>,
    /// ISO 8601 ('' when the catalogue gave none).
    pub date: String,
    pub image: String,
    /// Embeddable player of this recording (mini style, 52 px).
    pub player_url: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Paging {
    /// Same-origin path of the next 10, `null` at the end of the list.
    pub next: Option<String>,
}

/// One page of a playlist's recordings (limit 10).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct CloudcastPage {
    pub data: Vec<Cloudcast>,
    pub paging: Paging,
}

/// `snippet` of a video playlist, as the video platform names it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PlaylistSnippet {
    pub title: String,
    pub description: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct VideoPlaylist {
    /// The playlist id at the video platform (getYoutubePlaylists/{id}).
    pub id: String,
    pub snippet: PlaylistSnippet,
}

/// A video (doc2 §3 "Video").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Video {
    pub video_id: String,
    pub video_image: String,
    pub title: String,
    /// The /videos/{videoTitle} key.
    pub slug: String,
    pub description: String,
    /// ISO 8601 with -03:00 ('' when unknown).
    pub date: String,
    /// The playlist it belongs to ('' when none).
    pub playlist_id: String,
}

/// One tab of /tv: its label and the autoplay embed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct TvChannel {
    pub label: String,
    pub embed_url: String,
}
