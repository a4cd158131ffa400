//! The station's clock: Unix instants, and Brasília wall time for everything a listener or an editor
//! reads as a date (news dates, daily counters, statistics buckets, ages and PRO periods).
//!
//! Brasília has had no daylight saving since 2019, so a fixed UTC−3 offset is exact for every date the
//! station stores and keeps the time zone database out of the binary.

use time::{OffsetDateTime, UtcOffset, format_description::well_known::Rfc3339};

/// Brasília's offset from UTC, in seconds.
pub const BRT_OFFSET_SECONDS: i64 = -3 * 3600;

/// Brasília time as a `time` offset.
pub const BRT: UtcOffset = match UtcOffset::from_hms(-3, 0, 0) {
    Ok(offset) => offset,
    Err(_) => UtcOffset::UTC,
};

tokio::task_local! {
    /// Seconds the clock runs ahead inside [`ahead`], for the requests a test makes from its own task
    /// (a scheduled item falls due without the test waiting for it). Zero everywhere else.
    static AHEAD: i64;
}

/// Now, in Unix seconds.
pub fn now() -> i64 {
    OffsetDateTime::now_utc().unix_timestamp() + AHEAD.try_with(|seconds| *seconds).unwrap_or(0)
}

/// Runs `work` with [`now`] `seconds` ahead of the real clock. Only what `work` runs in its own task
/// sees it (a request served through the router's `oneshot`); spawned tasks keep the real clock. The
/// tests' clock: the server itself never calls it.
pub async fn ahead<F: std::future::Future>(seconds: i64, work: F) -> F::Output {
    AHEAD.scope(seconds, work).await
}

/// Now, in Unix milliseconds (listener sessions and the engine's stream clock).
pub fn now_ms() -> i64 {
    i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis())
            .unwrap_or_default(),
    )
    .unwrap_or(i64::MAX)
}

/// ISO 8601 with the Brasília offset (G54): `2026-11-21T19:00:00-03:00`.
pub fn iso(unix: i64) -> String {
    OffsetDateTime::from_unix_timestamp(unix)
        .unwrap_or(OffsetDateTime::UNIX_EPOCH)
        .to_offset(BRT)
        .format(&Rfc3339)
        .unwrap_or_default()
}

/// An ISO 8601 / RFC 3339 instant (`2026-11-21T19:00:00-03:00`, `2026-11-21T22:00:00.000Z`) as Unix
/// seconds; `None` when it is not one.
pub fn parse_iso(text: &str) -> Option<i64> {
    OffsetDateTime::parse(text.trim(), &Rfc3339)
        .ok()
        .map(OffsetDateTime::unix_timestamp)
}

/// The Brasília calendar date of an instant, 'YYYY-MM-DD' (e.g. the `day` of news_daily_views).
pub fn brasilia_day(unix: i64) -> String {
    let date = OffsetDateTime::from_unix_timestamp(unix)
        .unwrap_or(OffsetDateTime::UNIX_EPOCH)
        .to_offset(BRT)
        .date();
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

/// A news date as readers see it, in Brasília time: '23/11/2026 às 06h30' (the UI's
/// `formatNewsDateTime`, ui/src/features/news/format.ts); `None` when `iso` is not an instant.
pub fn news_date_time(iso: &str) -> Option<String> {
    let at = OffsetDateTime::from_unix_timestamp(parse_iso(iso)?)
        .ok()?
        .to_offset(BRT);
    Some(format!(
        "{:02}/{:02}/{:04} às {:02}h{:02}",
        at.day(),
        u8::from(at.month()),
        at.year(),
        at.hour(),
        at.minute()
    ))
}

/// The start (Unix seconds) of the Brasília day holding `unix`.
pub fn brasilia_day_start(unix: i64) -> i64 {
    unix - (unix + BRT_OFFSET_SECONDS).rem_euclid(86_400)
}

/// Today's calendar date in Brasília (America/Sao_Paulo), for ages and PRO periods.
pub fn today() -> time::Date {
    OffsetDateTime::now_utc().to_offset(BRT).date()
}

/// Today as `(year, month, day)`, the shape of the shared validation rules.
pub fn today_ymd() -> (i32, u32, u32) {
    let today = today();
    (
        today.year(),
        u32::from(u8::from(today.month())),
        u32::from(today.day()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn news_dates_read_in_brasilia_time() {
        assert_eq!(
            news_date_time("2026-11-23T06:30:00-03:00").as_deref(),
            Some("23/11/2026 às 06h30")
        );
        assert_eq!(
            news_date_time("2026-01-01T02:05:59.000Z").as_deref(),
            Some("31/12/2025 às 23h05")
        );
        assert_eq!(news_date_time("ontem"), None);
    }

    #[test]
    fn days_are_brasilia_dates() {
        // 2024-01-01 02:00 UTC is still 2023-12-31 in Brasília.
        assert_eq!(brasilia_day(1_704_074_400), "2023-12-31");
        assert_eq!(brasilia_day_start(1_704_074_400), 1_703_991_600);
        assert_eq!(iso(1_704_074_400), "2023-12-31T23:00:00-03:00");
    }
}
