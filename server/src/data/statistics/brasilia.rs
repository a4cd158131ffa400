//! Brasília wall-clock time in and out of the dashboard: parsing and formatting dates, and the history's
//! buckets (minute to month) on Brasília's calendar.

use time::{Date, Month, OffsetDateTime};

use super::MAX_BUCKETS;
use crate::clock::BRT_OFFSET_SECONDS;

/// `YYYY-MM-DD HH:mm` (or with `:ss`) in Brasília → UTC Unix seconds. Strict: zero-padded fields, a
/// real calendar date, years 2000–2100.
pub fn parse_brasilia(text: &str, with_seconds: bool) -> Option<i64> {
    let bytes = text.as_bytes();
    let len = if with_seconds { 19 } else { 16 };
    if bytes.len() != len {
        return None;
    }
    let digits = |range: std::ops::Range<usize>| -> Option<i64> {
        let part = &text[range];
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())
            .flatten()
    };
    let separators_ok = bytes[4] == b'-'
        && bytes[7] == b'-'
        && (bytes[10] == b' ' || bytes[10] == b'T')
        && bytes[13] == b':'
        && (!with_seconds || bytes[16] == b':');
    if !separators_ok {
        return None;
    }
    let year = digits(0..4)?;
    let month = digits(5..7)?;
    let day = digits(8..10)?;
    let hour = digits(11..13)?;
    let minute = digits(14..16)?;
    let second = if with_seconds { digits(17..19)? } else { 0 };
    if !(2000..=2100).contains(&year) || hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let date = Date::from_calendar_date(
        i32::try_from(year).ok()?,
        Month::try_from(u8::try_from(month).ok()?).ok()?,
        u8::try_from(day).ok()?,
    )
    .ok()?;
    let local = date.midnight().assume_utc().unix_timestamp() + hour * 3600 + minute * 60 + second;
    Some(local - BRT_OFFSET_SECONDS)
}

/// UTC Unix seconds → Brasília `YYYY-MM-DD HH:mm:ss` (or without seconds).
pub fn format_brasilia(unix: i64, with_seconds: bool) -> String {
    let local =
        OffsetDateTime::from_unix_timestamp(unix + BRT_OFFSET_SECONDS).unwrap_or(OffsetDateTime::UNIX_EPOCH);
    let base = format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        local.year(),
        u8::from(local.month()),
        local.day(),
        local.hour(),
        local.minute()
    );
    if with_seconds {
        format!("{base}:{:02}", local.second())
    } else {
        base
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grouping {
    Minute,
    Hour,
    Day,
    Week,
    Month,
}

impl Grouping {
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "minute" => Some(Self::Minute),
            "hour" => Some(Self::Hour),
            "day" => Some(Self::Day),
            "week" => Some(Self::Week),
            "month" => Some(Self::Month),
            _ => None,
        }
    }

    /// The start (UTC seconds) of the bucket holding `unix`.
    fn floor(self, unix: i64) -> i64 {
        let local = unix + BRT_OFFSET_SECONDS;
        let local_start = match self {
            Self::Minute => local - local.rem_euclid(60),
            Self::Hour => local - local.rem_euclid(3600),
            Self::Day => local - local.rem_euclid(86_400),
            Self::Week => {
                let days = local.div_euclid(86_400);
                // 1970-01-01 was a Thursday: (days + 3) mod 7 is 0 on Mondays.
                (days - (days + 3).rem_euclid(7)) * 86_400
            }
            Self::Month => {
                let date = OffsetDateTime::from_unix_timestamp(local)
                    .unwrap_or(OffsetDateTime::UNIX_EPOCH)
                    .date();
                date.replace_day(1)
                    .unwrap_or(date)
                    .midnight()
                    .assume_utc()
                    .unix_timestamp()
            }
        };
        local_start - BRT_OFFSET_SECONDS
    }

    /// The start of the bucket after the one starting at `start`.
    fn next(self, start: i64) -> i64 {
        match self {
            Self::Minute => start + 60,
            Self::Hour => start + 3600,
            Self::Day => start + 86_400,
            Self::Week => start + 7 * 86_400,
            Self::Month => {
                let local = start + BRT_OFFSET_SECONDS;
                let date = OffsetDateTime::from_unix_timestamp(local)
                    .unwrap_or(OffsetDateTime::UNIX_EPOCH)
                    .date();
                let (year, month) = match date.month() {
                    Month::December => (date.year() + 1, Month::January),
                    other => (date.year(), other.next()),
                };
                Date::from_calendar_date(year, month, 1)
                    .map(|first| first.midnight().assume_utc().unix_timestamp() - BRT_OFFSET_SECONDS)
                    .unwrap_or(start + 31 * 86_400)
            }
        }
    }
}

/// The bucket edges (UTC seconds) from the bucket holding `start` through the one holding `end`:
/// `edges[i]..edges[i + 1]` is bucket `i`. `None` beyond `MAX_BUCKETS`.
pub fn bucket_edges(start: i64, end: i64, grouping: Grouping) -> Option<Vec<i64>> {
    let mut edges = vec![grouping.floor(start)];
    loop {
        let last = *edges.last()?;
        if last > end {
            break;
        }
        if edges.len() > MAX_BUCKETS {
            return None;
        }
        edges.push(grouping.next(last));
    }
    Some(edges)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brasilia_times_round_trip() {
        // 23:30 in Brasília is 02:30 UTC the next day.
        let at = parse_brasilia("2024-05-10 23:30", false).unwrap();
        assert_eq!(at, 1_715_394_600);
        assert_eq!(format_brasilia(at, false), "2024-05-10 23:30");
        assert_eq!(parse_brasilia("2024-02-30 10:00", false), None);
        assert_eq!(parse_brasilia("2024-5-10 10:00", false), None);
        assert_eq!(parse_brasilia("2024-05-10 10:00:60", true), None);
        assert_eq!(
            format_brasilia(parse_brasilia("2024-05-10 10:00:07", true).unwrap(), true),
            "2024-05-10 10:00:07"
        );
    }

    #[test]
    fn buckets_follow_brasilia_calendar() {
        let t = |s| parse_brasilia(s, false).unwrap();
        let week = bucket_edges(t("2024-05-08 12:00"), t("2024-05-14 00:00"), Grouping::Week).unwrap();
        let labels: Vec<String> = week.iter().map(|&e| format_brasilia(e, false)).collect();
        assert_eq!(
            labels,
            ["2024-05-06 00:00", "2024-05-13 00:00", "2024-05-20 00:00"]
        );
        let months = bucket_edges(t("2024-11-15 00:00"), t("2025-01-01 00:00"), Grouping::Month).unwrap();
        let labels: Vec<String> = months.iter().map(|&e| format_brasilia(e, false)).collect();
        assert_eq!(
            labels,
            [
                "2024-11-01 00:00",
                "2024-12-01 00:00",
                "2025-01-01 00:00",
                "2025-02-01 00:00"
            ]
        );
        assert!(bucket_edges(t("2024-01-01 00:00"), t("2024-12-31 00:00"), Grouping::Minute).is_none());
    }
}
