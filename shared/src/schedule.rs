//! Wire types of the programme grid: each channel's week as listeners see it (`/api/v1/schedule/…`),
//! a programme's page, and the back office's schedule and playlists (`/api/v1/backoffice/schedule/…`,
//! `/api/v1/backoffice/playlists…`). Times are Brasília wall-clock ('HH:MM'); instants are ISO 8601
//! with the Brasília offset.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What fills a slot: the studio's live programme, or an autoDJ playlist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub enum SlotFill {
    Live,
    Playlist,
}

impl SlotFill {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Live => "live",
            Self::Playlist => "playlist",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "live" => Some(Self::Live),
            "playlist" => Some(Self::Playlist),
            _ => None,
        }
    }
}

/// The programme of a slot, as the grid shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ScheduleProgram {
    pub slug: String,
    pub title: String,
    /// Image URL ('' when the programme has none).
    pub image_url: String,
    pub description: String,
}

/// One programme on air at a time: a weekly slot on a date, or a one-off change for that date.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ScheduleSlot {
    /// The weekly slot's id, or the one-off change's.
    #[ts(type = "number")]
    pub id: i64,
    /// A one-off change for this date, in place of the weekly grid.
    pub special: bool,
    pub program: ScheduleProgram,
    /// Who presents it ('' when nobody is named).
    pub presenters: String,
    pub fill: SlotFill,
    /// 'HH:MM', Brasília.
    pub start: String,
    /// 'HH:MM', Brasília ('00:00' for midnight).
    pub end: String,
    /// ISO 8601 with the Brasília offset.
    pub starts_at: String,
    pub ends_at: String,
}

/// One day of a channel's grid, with the day's one-off changes applied.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ScheduleDay {
    /// 'YYYY-MM-DD', Brasília.
    pub date: String,
    /// ISO weekday: 1 = Monday … 7 = Sunday.
    pub weekday: u8,
    /// What is on air during this day, in order; a programme that crosses midnight is in both days.
    pub slots: Vec<ScheduleSlot>,
}

/// A channel's next seven days, today first (`GET /api/v1/schedule/{streamId}`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ScheduleWeek {
    pub stream_id: String,
    pub stream_name: String,
    pub days: Vec<ScheduleDay>,
}

/// What is on air on a channel and what comes next (`GET /api/v1/schedule/{streamId}/now`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ScheduleNow {
    pub stream_id: String,
    /// The programme on air; `null` when the grid has nothing at this hour (the autoDJ's music).
    pub now: Option<ScheduleSlot>,
    /// The next programme in the coming week, if any.
    pub next: Option<ScheduleSlot>,
}

/// When a programme airs on a channel each week.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ProgramAiring {
    pub stream_id: String,
    pub stream_name: String,
    /// ISO weekdays (1 = Monday … 7 = Sunday) with the same hours, in order.
    pub weekdays: Vec<u8>,
    /// 'Segunda a sexta', 'Sábado', 'Segunda, quarta e sexta'.
    pub days_label: String,
    pub start: String,
    pub end: String,
    pub presenters: String,
}

/// A programme's page (`GET /api/v1/programs/{slug}`): the card, when it airs, and its next airing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ProgramPage {
    pub slug: String,
    pub title: String,
    pub image_url: String,
    pub description: String,
    pub host: String,
    pub airings: Vec<ProgramAiring>,
    /// The next time it is on air (or now, when it is), on any channel.
    pub next: Option<ScheduleSlot>,
}

/// Who may hear a programme's recordings ('Ouvir de novo'); `none` records nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub enum ReplayAccess {
    Everyone,
    LoggedIn,
    Pro,
    None,
}

impl ReplayAccess {
    /// The stored value (`programs.replay_access`), the same as on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Everyone => "everyone",
            Self::LoggedIn => "loggedIn",
            Self::Pro => "pro",
            Self::None => "none",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::Everyone, Self::LoggedIn, Self::Pro, Self::None]
            .into_iter()
            .find(|access| access.as_str() == text)
    }
}

/// A song of a recording, with when it aired.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ReplaySong {
    /// Brasília time of day, 'HH:MM'.
    pub time: String,
    /// Where it starts in the recording (ms), for a player to seek to it.
    #[ts(type = "number")]
    pub offset_ms: i64,
    pub song: String,
    pub artist: String,
}

/// One recorded airing of a programme.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ProgramReplay {
    #[ts(type = "number")]
    pub id: i64,
    pub stream_id: String,
    pub stream_name: String,
    /// ISO 8601 with the Brasília offset.
    pub starts_at: String,
    pub ends_at: String,
    #[ts(type = "number")]
    pub duration_ms: i64,
    /// The MP3 (`/media/replays/{id}.mp3`, with range requests); `null` where the caller may not hear it.
    pub audio_url: Option<String>,
    pub songs: Vec<ReplaySong>,
}

/// A programme's recordings (`GET /api/v1/programs/{slug}/replays`), newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ProgramReplays {
    pub slug: String,
    pub title: String,
    pub access: ReplayAccess,
    /// Whether the caller may hear them (`access` against the caller's session).
    pub allowed: bool,
    /// The podcast feed of the recordings, where everyone may hear them.
    pub feed_url: Option<String>,
    /// How many days a recording is kept.
    pub keep_days: u32,
    pub replays: Vec<ProgramReplay>,
}

// ------------------------------------------------------------------------------------------------
// The back office

/// A weekly slot as the schedule editor reads and writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct WeeklySlot {
    #[ts(type = "number")]
    pub id: i64,
    #[ts(type = "number")]
    pub program_id: i64,
    pub program_title: String,
    pub weekday: u8,
    pub start: String,
    pub end: String,
    pub presenters: String,
    pub fill: SlotFill,
    #[ts(type = "number | null")]
    pub playlist_id: Option<i64>,
    pub playlist_name: Option<String>,
    #[ts(type = "number")]
    pub version: i64,
}

/// A one-off change for one date.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ScheduleException {
    #[ts(type = "number")]
    pub id: i64,
    /// 'YYYY-MM-DD'.
    pub date: String,
    #[ts(type = "number")]
    pub program_id: i64,
    pub program_title: String,
    pub start: String,
    pub end: String,
    pub presenters: String,
    pub fill: SlotFill,
    #[ts(type = "number | null")]
    pub playlist_id: Option<i64>,
    pub playlist_name: Option<String>,
    pub note: String,
    #[ts(type = "number")]
    pub version: i64,
}

/// A programme the editor can put in a slot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ProgramOption {
    #[ts(type = "number")]
    pub id: i64,
    pub title: String,
    /// The programme's usual presenters, proposed for a new slot.
    pub host: String,
}

/// A playlist the editor can put in a slot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PlaylistOption {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
}

/// A channel's schedule in the editor (`GET /api/v1/backoffice/schedule/{streamId}`): the weekly
/// grid, the one-off changes from today on, and what the editor offers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ScheduleEditor {
    pub stream_id: String,
    pub stream_name: String,
    /// Every channel, for the channel picker: (streamId, name).
    pub channels: Vec<ScheduleChannelOption>,
    pub slots: Vec<WeeklySlot>,
    pub exceptions: Vec<ScheduleException>,
    #[ts(type = "number | null")]
    pub default_playlist_id: Option<i64>,
    pub programs: Vec<ProgramOption>,
    pub playlists: Vec<PlaylistOption>,
    /// Today in Brasília, 'YYYY-MM-DD'.
    pub today: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ScheduleChannelOption {
    pub stream_id: String,
    pub name: String,
}

/// A weekly slot to create or change. `version` is the stored one when changing a slot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct SlotInput {
    #[ts(type = "number")]
    pub program_id: i64,
    pub weekday: u8,
    pub start: String,
    pub end: String,
    #[serde(default)]
    pub presenters: String,
    pub fill: SlotFill,
    #[serde(default)]
    #[ts(type = "number | null")]
    pub playlist_id: Option<i64>,
    #[serde(default)]
    #[ts(type = "number | null")]
    pub version: Option<i64>,
}

/// A one-off change to create or change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ExceptionInput {
    pub date: String,
    #[ts(type = "number")]
    pub program_id: i64,
    pub start: String,
    pub end: String,
    #[serde(default)]
    pub presenters: String,
    pub fill: SlotFill,
    #[serde(default)]
    #[ts(type = "number | null")]
    pub playlist_id: Option<i64>,
    #[serde(default)]
    pub note: String,
    #[serde(default)]
    #[ts(type = "number | null")]
    pub version: Option<i64>,
}

/// The channel's default playlist (`PUT /api/v1/backoffice/schedule/{streamId}/default-playlist`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct DefaultPlaylistInput {
    #[ts(type = "number | null")]
    pub playlist_id: Option<i64>,
}

/// A playlist in the back office's list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PlaylistSummary {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
    pub description: String,
    #[ts(type = "number")]
    pub tracks: i64,
    /// Slots and channels that play it.
    #[ts(type = "number")]
    pub used_by: i64,
    pub updated_at: String,
}

/// A track of a playlist: a catalogue song or a music-folder file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PlaylistTrack {
    #[ts(type = "number | null")]
    pub song_id: Option<i64>,
    /// Path inside the music folder.
    pub file_path: Option<String>,
    /// 'Artist - Title', or the file's name.
    pub label: String,
    /// Whether the radio has audio for it (an uploaded or demo track, a file that exists).
    pub playable: bool,
}

/// A playlist in its editor.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Playlist {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
    pub description: String,
    /// The same song not again within this many minutes.
    #[ts(type = "number")]
    pub song_separation_minutes: i64,
    /// The same artist not again within this many minutes.
    #[ts(type = "number")]
    pub artist_separation_minutes: i64,
    /// A station ID after every this many songs (0: none).
    #[ts(type = "number")]
    pub jingle_every: i64,
    pub tracks: Vec<PlaylistTrack>,
    #[ts(type = "number")]
    pub version: i64,
}

/// A playlist to create or save.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PlaylistInput {
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[ts(type = "number")]
    pub song_separation_minutes: i64,
    #[ts(type = "number")]
    pub artist_separation_minutes: i64,
    #[ts(type = "number")]
    pub jingle_every: i64,
    pub tracks: Vec<PlaylistTrackInput>,
    #[serde(default)]
    #[ts(type = "number | null")]
    pub version: Option<i64>,
}

/// One track to put in a playlist: exactly one of the two.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PlaylistTrackInput {
    #[serde(default)]
    #[ts(type = "number | null")]
    pub song_id: Option<i64>,
    #[serde(default)]
    pub file_path: Option<String>,
}
