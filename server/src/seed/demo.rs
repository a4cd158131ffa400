//! What every seed module shares: the seed instant, the station's name and slug (never hard-coded in the
//! rows that show the brand), deterministic pseudo-randomness, slugs and dates.

use serde::de::DeserializeOwned;
use time::OffsetDateTime;

pub use crate::text::{fold_accent, slugify, stable_hash as hash};
use crate::{Config, Result, clock};

pub const DAY: i64 = 86_400;
pub const HOUR: i64 = 3_600;

pub struct Demo {
    /// Unix seconds at seed time: dates are computed from it so the site always looks fresh.
    pub now: i64,
    pub station: String,
    pub slug: String,
}

impl Demo {
    pub fn new(config: &Config) -> Self {
        Self {
            now: OffsetDateTime::now_utc().unix_timestamp(),
            station: config.station_name.clone(),
            slug: config.station_slug.clone(),
        }
    }

    /// Replaces `{station}` (the configured name) and `{slug}` (the configured slug) in demo text.
    pub fn fill(&self, text: &str) -> String {
        if !text.contains('{') {
            return text.to_owned();
        }
        text.replace("{station}", &self.station)
            .replace("{slug}", &self.slug)
    }

    /// The latest instant, not after the seed, whose Brasília wall-clock time is `hh:mm`.
    pub fn last_local_time(&self, hh_mm: &str) -> i64 {
        let (hours, minutes) = hh_mm.split_once(':').unwrap_or((hh_mm, "0"));
        let of_day =
            hours.trim().parse::<i64>().unwrap_or(0) * HOUR + minutes.trim().parse::<i64>().unwrap_or(0) * 60;
        let local = self.now - 3 * HOUR;
        let mut at = local.div_euclid(DAY) * DAY + of_day;
        if at > local {
            at -= DAY;
        }
        at + 3 * HOUR
    }

    /// The Brasília calendar date of an instant, 'YYYY-MM-DD'.
    pub fn day(&self, unix: i64) -> String {
        day(unix)
    }
}

pub fn day(unix: i64) -> String {
    clock::brasilia_day(unix)
}

/// Parses an embedded demo data file; a mistake in one fails the seed (and the tests) loudly.
pub fn parse<T: DeserializeOwned>(name: &str, json: &str) -> Result<T> {
    serde_json::from_str(json).map_err(|err| anyhow::anyhow!("server/demo/{name}: {err}").into())
}

/// A number in `0..n` derived from `parts`.
pub fn pick(parts: &[&str], n: u64) -> u64 {
    if n == 0 { 0 } else { hash(parts) % n }
}

/// An 11-character id in YouTube's alphabet, derived from `parts` (plausible, not a real video).
pub fn youtube_id(parts: &[&str]) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut value = hash(parts);
    let mut extra = hash(&[&value.to_string()]);
    (0..11)
        .map(|index| {
            if index == 8 {
                value = extra;
                extra = 0;
            }
            let ch = ALPHABET[(value % 64) as usize] as char;
            value /= 64;
            ch
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn youtube_ids_are_stable_and_eleven_characters() {
        let id = youtube_id(&["coldplay", "yellow"]);
        assert_eq!(id.len(), 11);
        assert_eq!(id, youtube_id(&["coldplay", "yellow"]));
        assert_ne!(id, youtube_id(&["coldplay", "clocks"]));
    }

    #[test]
    fn days_are_brasilia_dates() {
        // 2024-01-01 02:00 UTC is still 2023-12-31 in Brasília.
        assert_eq!(day(1_704_074_400), "2023-12-31");
    }
}
