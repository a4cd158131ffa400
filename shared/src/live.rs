//! Wire types of the live radio (`/api/v1/aovivo/*`, `/api/v1/aovivoBar/rateSong`, the now-playing push
//! channel, the listening analytics and the house preroll; doc1 §3 "Stream", "Now playing", "Rating",
//! §7 Player; decisions G06, G35–G37, G60, G61, S05).
//!
//! Instants are ISO 8601 strings with the Brasília offset (`2026-11-21T19:00:00-03:00`) where the spec
//! shows them to people, and epoch milliseconds where a client computes with them.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One audio source of a stream, in the order the player tries them (doc1 §3: 'a list of src plus
/// media type').
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct StreamSource {
    /// Same-origin path (`/stream/onda_1.mp3`) or an absolute URL (an external Icecast mount).
    pub src: String,
    /// Media type for `canPlayType` (`audio/aac`, `audio/aacp`, `audio/mpeg`, `application/vnd.apple.mpegurl`).
    #[serde(rename = "type")]
    pub mime_type: String,
    /// 'AAC-HE', 'AAC+', 'MP3' or 'Dolby Atmos' (PL-01 names the three of the main stream).
    pub codec: String,
}

/// A live stream (doc1 §3 "Stream"). `sources` is empty where the caller may not play it (S05): pro
/// streams carry sources only for PRO users, semiPro streams only for logged-in users, so the list
/// still shows them (with their flags) to everyone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Stream {
    pub stream_id: String,
    pub stream_name: String,
    /// Whose now-playing this stream shows (`{slug}_1` for the main stream and its Dolby Atmos twin).
    pub meta_id: String,
    pub image_url: String,
    pub color: String,
    pub description: String,
    pub semi_pro: bool,
    pub pro: bool,
    pub is_popup: bool,
    pub popup_url: String,
    pub popup_id: String,
    /// `window.open` features, for example `width=420,height=680`.
    pub popup_config: String,
    /// The Dolby Atmos twin of the main stream (G37): only Safari-like browsers can play it.
    pub dolby: bool,
    pub sources: Vec<StreamSource>,
}

/// Whether the air is carrying a song or a commercial break (doc1 §3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub enum MetaType {
    Music,
    Commercial,
}

/// Album cover URLs in the two sizes of doc1 §9 (1000x1000 and 150x150).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Cover {
    #[serde(rename = "1000")]
    pub large: String,
    #[serde(rename = "150")]
    pub small: String,
}

/// What is on air (doc1 §3 "Now playing", the whole entity per G36). Also one entry of getMetaHistory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct NowPlaying {
    pub meta_id: String,
    pub song: String,
    pub artist: String,
    /// '' when the artist has no page (commercials, tracks outside the catalogue).
    pub artist_slug: String,
    pub music_slug: String,
    pub album: String,
    pub year: Option<i32>,
    pub cover: Cover,
    /// When the item went on air, ISO 8601 with -03:00. Part of the rating hash (G60).
    pub time: String,
    pub meta_type: MetaType,
    /// Beyond the spec, for clients that show progress: the same instant in epoch milliseconds and the
    /// item's length (0 when unknown, as on an external Icecast mount).
    #[ts(type = "number")]
    pub started_at_ms: i64,
    #[ts(type = "number")]
    pub duration_ms: i64,
}

/// What was on air on a channel at an instant of the timeshift window (`GET /api/v1/aovivo/onAir/{streamId}`):
/// what a listener who rewound is hearing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct OnAirAt {
    pub stream_id: String,
    /// The instant asked about (epoch ms).
    #[ts(type = "number")]
    pub at_ms: i64,
    /// The play that had started by then (a song, a spot, the live programme's title).
    pub now_playing: Option<NowPlaying>,
    /// The programme grid's slot on air then.
    pub programme: Option<crate::schedule::ScheduleSlot>,
}

/// One message of the now-playing push channel (`GET /api/v1/aovivo/events/{metaId}`, server-sent
/// events named `nowplaying`). The first message after connecting is the current item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct NowPlayingEvent {
    pub now_playing: NowPlaying,
    /// The server clock when the message was sent (epoch ms), so a client can correct its own clock
    /// before timing the title to its audio buffer.
    #[ts(type = "number")]
    pub server_time_ms: i64,
}

/// `POST /api/v1/aovivoBar/rateSong` (doc1 §7; G06: logged-in only, rating 10 like or 1 dislike).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct RateSongRequest {
    pub meta_id: String,
    pub song: String,
    pub artist: String,
    pub rating: i32,
}

/// The reply of a counted vote: the play it was tied to (G60 hash) and the play's tallies so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct RateSongReply {
    /// `sha1(song + '|' + artist + '|' + time)` of the rated play.
    pub music_hash: String,
    #[ts(type = "number")]
    pub likes: i64,
    #[ts(type = "number")]
    pub dislikes: i64,
}

/// One listening-analytics event (doc1 §4 "Analytics": the heartbeat every 240 s while listening and
/// the milestones at cumulative minutes 1, 5, 15, 30, 60, then every 30).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct AnalyticsEvent {
    /// 'player' for the listening events; other areas use their own ('pro-page', 'Clients', …).
    pub category: String,
    /// 'heartbeat', 'milestone', or the area's action.
    pub action: String,
    #[serde(default)]
    pub label: Option<String>,
    /// Cumulative listening minutes for a milestone; seconds listened since the last heartbeat.
    #[serde(default)]
    #[ts(type = "number | null")]
    pub value: Option<i64>,
    /// The stream being heard, for listening events.
    #[serde(default)]
    pub stream_id: Option<String>,
    /// When it happened in the browser (epoch ms).
    #[ts(type = "number")]
    pub at: i64,
}

/// `POST /api/v1/analytics/events`: a batch from one browser. `clientId` is the long-lived browser hash
/// (cookie a1_browserHash), so listening time can be summed per listener without an account.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct AnalyticsBatch {
    pub client_id: String,
    pub events: Vec<AnalyticsEvent>,
}

/// The reply to an analytics batch: how many events were stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct AnalyticsStored {
    #[ts(type = "number")]
    pub stored: i64,
}

/// A channel's live input as the back office shows it (`/api/v1/backoffice/live-sources`): where a
/// studio's encoder connects, which password it uses, and the source on air.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct LiveSourceChannel {
    pub stream_id: String,
    pub meta_id: String,
    pub name: String,
    /// The mount paths a source may connect to (`/stream/onda_1.mp3`, `/stream/onda_1.aac`, …), the MP3
    /// one first.
    pub mounts: Vec<String>,
    /// The channel has its own source password (set here); otherwise the station's is used.
    pub own_password: bool,
    /// When the channel's own password was set (ISO 8601), if it has one.
    pub password_set_at: Option<String>,
    /// The station's password (`ONDA_SOURCE_PASSWORD`) is set, so a channel without its own takes a
    /// source.
    pub station_password: bool,
    pub live: Option<LiveSourceSession>,
}

/// The source connected to a channel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct LiveSourceSession {
    /// When it connected (ISO 8601, Brasília time).
    pub since: String,
    /// The encoder's address.
    pub address: String,
    pub mount: String,
    /// The stream's name as the encoder sends it (`ice-name`).
    pub name: String,
    pub user_agent: String,
}

/// A channel's new source password, shown once: only its hash is kept.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct LiveSourcePassword {
    pub password: String,
}
