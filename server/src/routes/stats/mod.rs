//! The staff statistics dashboard API (`/api/v1/stats/*`; doc3 §2.9, §3, §4.7, §5 "Impact report",
//! §7, §8; decisions G20–G22, S12): permissions, live counters, the history with its exact
//! session figures, the impact report, the cache-clean action, and the retention job that rolls the
//! minute samples up into hours.
//!
//! Every call needs a session (401) and checks its permission on the server (S12, G20: 403
//! `no permission`, data null): 1 reads, 2 cleans caches and sees the links, 3 sees the affiliates.
//!
//! Times. The station is in Brasília (America/Sao_Paulo, UTC−3 all year since 2019); every date in
//! and out is Brasília wall-clock time, every instant in the database is UTC (samples in Unix
//! seconds, sessions in Unix milliseconds). Since the offset is a whole number of hours, Brasília
//! hours are UTC hours: the hourly rollup serves every grouping from hour up exactly, and the daily
//! rollup (by Brasília day) every grouping from day up.
//!
//! History (`getFilteredListeners`). The range is widened to whole buckets: the first bucket is the
//! one holding `startDate`, the last the one holding `endDate` (minutes, hours, days at 00:00,
//! weeks from Monday 00:00, months from the 1st 00:00). Per bucket and requested channel:
//! - `listenersData`: max, min and mean (two decimals) of the minute samples in the bucket; a bucket
//!   without any sample (the engine was not running, or older than the minute retention when grouping
//!   by minute) is 0/0/0. Grouping by day or coarser reads the daily rollup for the days already
//!   rolled up, then (and grouping by hour from the start) the hourly rollup for the hours already
//!   rolled up, then the minute samples after them; the rollups keep max, min, sum and count, so the
//!   result is the same as from the minute samples themselves.
//! - `sessionStats` (getFilteredSessions: a call of its own, because it reads every session of the
//!   range row by row and costs more than the samples, so the chart never waits for it), exactly
//!   from `listener_sessions` (open sessions end now): time-weighted average listeners (seconds
//!   listened inside the bucket / seconds of the bucket), distinct listener addresses (salted
//!   hashes), listening hours, and the mean length in minutes of the sessions that started in the
//!   bucket. `total` counts every session, a client kind its client, a stream id its stream.
//!
//! Retention (`roll_up_and_prune`, every 10 minutes from `run_retention`): complete hours of minute
//! samples go into `listener_hourly`, complete Brasília days of those into `listener_daily`; minute
//! samples are kept 180 days, hourly and daily rows 5 years, closed sessions 2 years.
//!
//! One file per concern: `permissions` (who may call what), `brasilia` (dates and buckets on Brasília's
//! calendar, now in `data::statistics`), `channels`, the handlers of each call (`live`, `history`, `impact`, `clean_cache`) and
//! the retention job lives with the data it works on, in `data::statistics`.

mod channels;
mod clean_cache;
mod history;
mod impact;
mod live;
mod permissions;

use axum::{
    Json,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use onda_shared::{Envelope, Status};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;
pub use crate::data::statistics::{
    DAILY_ROLLUP_KEY, Grouping, HOURLY_RETENTION_DAYS, MAX_BUCKETS, MINUTE_RETENTION_DAYS, RetentionReport,
    SESSION_RETENTION_DAYS, bucket_edges, format_brasilia, parse_brasilia, roll_up_and_prune,
};
pub use clean_cache::CLEANED_CACHES;
pub use history::{HistoryQuery, filtered_listeners, filtered_sessions};
pub use impact::{impact_report, parse_timestamps};

/// Permission numbers and the 403 refusal (doc3 §3, S12, G20), shared with the other staff areas.
pub use crate::staff::{CLEAN_CACHE, NO_PERMISSION, READ_STATS, SEE_AFFILIATES};

/// getListenersByDates refusals (doc3 §5, G20).
pub const NO_TIMESTAMPS: &str = "Nenhuma timestamp fornecida!";
pub const TIMESTAMPS_TOO_CLOSE: &str =
    "Timestamps iguais ou muito próximas (menos de 60 s) não são permitidas.";
/// G20: at most this many timestamps per report, at least this many seconds apart.
pub const MAX_TIMESTAMPS: usize = 100;
pub(crate) const MIN_TIMESTAMP_GAP: i64 = 60;

/// getFilteredListeners refusals.
pub const BAD_START: &str = "Data inicial inválida. Use o formato AAAA-MM-DD hh:mm.";
pub const BAD_END: &str = "Data final inválida. Use o formato AAAA-MM-DD hh:mm.";
pub const END_BEFORE_START: &str = "A data final deve ser igual ou posterior à data inicial.";
pub const BAD_GROUPING: &str = "Agrupamento inválido. Use minute, hour, day, week ou month.";
pub const NO_TYPES: &str = "Escolha ao menos um tipo de ouvinte.";
pub const TOO_MANY_TYPES: &str = "Escolha no máximo 50 tipos de ouvinte.";
/// The most buckets one history answer may hold.
pub(crate) const MAX_TYPES: usize = 50;

/// An instance is counted live while its heartbeat is this recent (as the engine's dead-instance rule).
pub(crate) const LIVE_INSTANCE_MS: i64 = 3 * 60 * 1000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(permissions::get_user_permissions))
        .routes(routes!(live::get_listeners))
        .routes(routes!(history::get_filtered_listeners))
        .routes(routes!(history::get_filtered_sessions))
        .routes(routes!(impact::get_listeners_by_dates))
        .routes(routes!(clean_cache::clean_cache))
}

/// A successful reply that no cache may keep (staff data, live figures).
pub(crate) fn reply<T: serde::Serialize>(message: &str, data: T) -> Response {
    let mut response = Json(Envelope {
        status: Status::SUCCESS,
        message: message.to_owned(),
        data,
    })
    .into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
