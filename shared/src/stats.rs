//! Wire types of the staff statistics dashboard (`/api/v1/stats/*`; doc3 §2.9, §3 "Statistics
//! listener sample", "Impact report row", "User permissions", §4.7, §5, §7; decisions G20–G22, S12).
//!
//! Times are Brasília wall-clock strings (America/Sao_Paulo, UTC−3 all year): `YYYY-MM-DD HH:mm:ss`
//! for samples and report instants, `YYYY-MM-DD HH:mm` for the starts of history buckets.
//!
//! Channels are `total`, the client kinds (`https`, `http`, `android`, `ios`, `desktop`, `alexa`,
//! `tuneIn`) and the stream ids (`onda_1`, …, affiliates' sids).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// getUserPermissions: the caller's staff permissions and what they unlock.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct UserPermissions {
    /// Sorted ascending: 1 read statistics, 2 clean cache and links, 3 affiliates (G22: others unlock
    /// nothing).
    #[ts(type = "number[]")]
    pub user_permissions: Vec<i64>,
    pub content: PermissionsContent,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PermissionsContent {
    /// With permission 3: the affiliates the station relays, else empty.
    pub affiliates: Vec<StatsAffiliate>,
    /// With permission 3: `affiliatesUrl + sid + '.mp3'` plays an affiliate's stream; else ''.
    pub affiliates_url: String,
    /// With permission 2: the station's control links (site, mounts, health, Icecast status); else empty.
    pub links: Vec<StatsLink>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct StatsAffiliate {
    pub sid: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct StatsLink {
    pub label: String,
    pub url: String,
}

/// One row of getListeners: `time` plus one count per channel key (every key of `channels`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ListenerSample {
    /// `YYYY-MM-DD HH:mm:ss`, Brasília.
    pub time: String,
    #[serde(flatten)]
    pub counts: BTreeMap<String, i64>,
}

/// getListeners: the minute samples of the last 60 minutes, oldest first, then the live counts at
/// request time as the last element.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct LiveListeners {
    #[ts(type = "Array<{ time: string; [channel: string]: number | string }>")]
    pub listeners: Vec<ListenerSample>,
    /// Every key of the rows, in display order: total, the client kinds, then the streams.
    pub channels: Vec<StatsChannel>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct StatsChannel {
    pub key: String,
    /// 'Total', 'HTTPS', 'Android', … or the stream's streamName.
    pub label: String,
    /// A PRO stream.
    pub pro: bool,
}

/// max/min/mean of the minute samples in each bucket (0/0/0 for a bucket without samples).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct SeriesStats {
    #[ts(type = "number[]")]
    pub max: Vec<i64>,
    #[ts(type = "number[]")]
    pub min: Vec<i64>,
    /// Two decimals.
    pub mean: Vec<f64>,
}

/// Figures of each bucket computed exactly from the listening sessions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct SessionStats {
    /// Time-weighted: seconds listened inside the bucket / seconds of the bucket (two decimals).
    pub average_listeners: Vec<f64>,
    /// Distinct listener addresses (salted hashes) among the sessions overlapping the bucket.
    #[ts(type = "number[]")]
    pub unique_listeners: Vec<i64>,
    /// Hours listened inside the bucket (two decimals).
    pub listening_hours: Vec<f64>,
    /// Mean length in minutes of the sessions that started in the bucket, 0 when none (two decimals).
    pub average_session_minutes: Vec<f64>,
}

/// getFilteredListeners: every array is aligned with `timeData`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct FilteredListeners {
    /// Bucket starts, `YYYY-MM-DD HH:mm` Brasília.
    pub time_data: Vec<String>,
    /// Per requested listenersTypes[] value.
    pub listeners_data: BTreeMap<String, SeriesStats>,
}

/// getFilteredSessions (ours, beyond the spec): the session figures for the same query as
/// getFilteredListeners, aligned with the same `timeData`. A call of its own because it reads every
/// session of the range, row by row, so it costs more than the samples; the chart does not wait for it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct FilteredSessions {
    /// Bucket starts, `YYYY-MM-DD HH:mm` Brasília.
    pub time_data: Vec<String>,
    /// Per requested listenersTypes[] value.
    pub session_stats: BTreeMap<String, SessionStats>,
}

/// getListenersByDates (the impact report).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ImpactReport {
    /// The timestamps, sorted, `YYYY-MM-DD HH:mm:ss` Brasília.
    pub time_data: Vec<String>,
    /// Listeners of each stream at each instant; 0 where the station could not read the stream.
    #[ts(type = "Record<string, number[]>")]
    pub listeners_data: BTreeMap<String, Vec<i64>>,
    /// Sum over every stream and instant (the impressions).
    #[ts(type = "number")]
    pub total_listeners: i64,
    #[ts(type = "number")]
    pub total_num_inserts: i64,
}

/// cleanCache: which caches were emptied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct CacheCleaned {
    pub cleaned: Vec<String>,
}
