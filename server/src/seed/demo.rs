//! What every seed module shares: the seed instant, the station's name and slug (never hard-coded in the
//! rows that show the brand), deterministic pseudo-randomness, slugs and dates.

use serde::de::DeserializeOwned;
use time::{OffsetDateTime, UtcOffset};

use crate::{Config, Result};

pub const DAY: i64 = 86_400;
pub const HOUR: i64 = 3_600;

/// Brasília time (no daylight saving since 2019).
const BRT: UtcOffset = match UtcOffset::from_hms(-3, 0, 0) {
    Ok(offset) => offset,
    Err(_) => UtcOffset::UTC,
};

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

/// Parses an embedded demo data file; a mistake in one fails the seed (and the tests) loudly.
pub fn parse<T: DeserializeOwned>(name: &str, json: &str) -> Result<T> {
    serde_json::from_str(json).map_err(|err| anyhow::anyhow!("server/demo/{name}: {err}").into())
}

/// FNV-1a: a stable hash, so the same demo data always gets the same "random" numbers and ids.
pub fn hash(parts: &[&str]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for byte in part.bytes().chain(std::iter::once(0xff)) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    // Final avalanche (splitmix64) so nearby inputs give unrelated outputs.
    hash ^= hash >> 30;
    hash = hash.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    hash ^= hash >> 27;
    hash = hash.wrapping_mul(0x94d0_49bb_1331_11eb);
    hash ^ (hash >> 31)
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

/// Lower-case ASCII slug: accents dropped, anything else that is not a letter or digit becomes '-'.
pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    let mut dash = false;
    for ch in text.chars().flat_map(char::to_lowercase) {
        let ch = fold_accent(ch);
        if ch.is_ascii_alphanumeric() {
            if dash && !slug.is_empty() {
                slug.push('-');
            }
            dash = false;
            slug.push(ch);
        } else if ch == '÷' {
            // Ed Sheeran's '÷' album.
            if !slug.is_empty() {
                dash = true;
            }
            slug.push_str("divide");
        } else if ch != '\'' && ch != '’' {
            dash = true;
        }
    }
    slug
}

pub fn fold_accent(ch: char) -> char {
    match ch {
        'á' | 'à' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'é' | 'è' | 'ê' | 'ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ó' | 'ò' | 'ô' | 'õ' | 'ö' | 'ø' => 'o',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'ç' => 'c',
        'ñ' => 'n',
        'ÿ' => 'y',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_drop_accents_and_punctuation() {
        assert_eq!(slugify("Águas de Março"), "aguas-de-marco");
        assert_eq!(slugify("Non, je ne regrette rien"), "non-je-ne-regrette-rien");
        assert_eq!(slugify("Livin' on a Prayer"), "livin-on-a-prayer");
        assert_eq!(slugify("Måneskin"), "maneskin");
        assert_eq!(slugify("  Beat It!  "), "beat-it");
        assert_eq!(slugify("÷"), "divide");
    }

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
