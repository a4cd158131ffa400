//! The listener statistics' data: the Brasília calendar its dates and buckets follow, and the job that
//! rolls the minute samples up into hours and days and prunes what is past its retention. The
//! dashboard's API (routes/stats) reads the same tables; the job runs beside the data from `main.rs`.

mod brasilia;
mod retention;

use std::time::Duration;

pub use brasilia::{Grouping, bucket_edges, format_brasilia, parse_brasilia};
pub use retention::{RetentionReport, roll_up_and_prune, rollup_watermark, run_retention, watermark};

/// The most buckets one history call may span.
pub const MAX_BUCKETS: usize = 10_000;

/// Retention of the statistics data.
pub const MINUTE_RETENTION_DAYS: i64 = 180;
pub const HOURLY_RETENTION_DAYS: i64 = 5 * 366;
pub const SESSION_RETENTION_DAYS: i64 = 2 * 366;
pub const ROLLUP_KEY: &str = "stats_rollup_until";
/// Brasília days before this instant are in `listener_daily`.
pub const DAILY_ROLLUP_KEY: &str = "stats_daily_rollup_until";
pub const RETENTION_PERIOD: Duration = Duration::from_secs(600);
/// A minute's sample is written a moment after the minute starts (and summed across instances):
/// an hour is rolled up only once it has been over for this long.
pub const ROLLUP_DELAY_S: i64 = 120;
