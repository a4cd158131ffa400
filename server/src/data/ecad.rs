//! The monthly music report for ECAD (the 'roteiro musical' or 'planilha de programação musical'):
//! every play of a channel in a calendar month, from the play history, with the catalogue's authors,
//! ISRC and label.
//!
//! What ECAD asks of a radio, and what this follows (docs/radio.md, 'The ECAD report'): the station's
//! identification at the top, then every day and time of the month as it was executed, with the
//! work's title, its authors (composers), the performer and the kind of execution, live or recorded
//! ('ao vivo' or 'mecânica'), sent by the fifth day of the next month. We add the duration, the ISRC
//! and the label, which let ECAD identify a recording without doubt, and whether the item was music,
//! the studio's live programme or a spot (spots are listed too: the report must match what aired).
//!
//! The file is CSV with semicolons (what a spreadsheet set to Portuguese opens as columns), dates as
//! DD/MM/AAAA and times in Brasília time.

use sqlx::Row;
use time::{Date, Month};

use crate::{
    Result,
    clock::BRT_OFFSET_SECONDS,
    data::{schedule::instant, submissions::csv_field},
    db::Db,
};

pub const BAD_MONTH: &str = "Informe o mês como AAAA-MM.";
pub const NO_CHANNEL: &str = "Canal não encontrado.";

/// A play whose duration the history does not know (a title sent by the studio) lasts until the next
/// one, up to this long.
const LONGEST_UNKNOWN_MS: i64 = 60 * 60 * 1000;

/// 'YYYY-MM' → the month's first day.
pub fn parse_month(text: &str) -> Option<Date> {
    let (year, month) = text.split_once('-')?;
    if year.len() != 4 || month.len() != 2 {
        return None;
    }
    let year: i32 = year.parse().ok()?;
    let month: u8 = month.parse().ok()?;
    if !(2000..=2100).contains(&year) {
        return None;
    }
    Date::from_calendar_date(year, Month::try_from(month).ok()?, 1).ok()
}

/// Who the report is for: the station and the channel.
pub struct Header<'a> {
    pub station: &'a str,
    pub channel_name: &'a str,
    pub stream_id: &'a str,
    /// The station's CNPJ, dial and contact e-mail, when configured.
    pub cnpj: &'a str,
    pub dial: &'a str,
    pub email: &'a str,
}

/// One row of the report.
#[derive(Debug, Clone, PartialEq)]
pub struct Play {
    pub started_at_ms: i64,
    pub duration_ms: i64,
    pub title: String,
    pub performer: String,
    pub authors: String,
    pub isrc: String,
    pub label: String,
    pub kind: Kind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Music,
    Live,
    Spot,
}

/// The plays of `meta_id` in the month starting `month`, in order.
pub async fn plays(db: &Db, meta_id: &str, month: Date) -> Result<Vec<Play>> {
    let next = if month.month() == Month::December {
        Date::from_calendar_date(month.year() + 1, Month::January, 1)
    } else {
        Date::from_calendar_date(month.year(), month.month().next(), 1)
    }
    .unwrap_or(month);
    let (from_ms, to_ms) = (instant(month, 0) * 1000, instant(next, 0) * 1000);
    // One more play after the month, for the length of the month's last one.
    let rows = sqlx::query(
        "SELECT h.started_at_ms, h.duration_ms, h.song, h.artist, h.meta_type, h.origin, \
         s.authors, s.isrc, s.label \
         FROM play_history h \
         LEFT JOIN artists a ON a.slug = h.artist_slug AND h.artist_slug <> '' \
         LEFT JOIN songs s ON s.artist_id = a.id AND s.slug = h.music_slug AND h.music_slug <> '' \
         WHERE h.meta_id = $1 AND h.started_at_ms >= $2 AND h.started_at_ms < $3 \
         ORDER BY h.started_at_ms, h.id",
    )
    .bind(meta_id)
    .bind(from_ms)
    .bind(to_ms)
    .fetch_all(&db.pool)
    .await?;
    let after: Option<i64> = sqlx::query_scalar(
        "SELECT MIN(started_at_ms) FROM play_history WHERE meta_id = $1 AND started_at_ms >= $2",
    )
    .bind(meta_id)
    .bind(to_ms)
    .fetch_one(&db.pool)
    .await?;
    let mut plays = rows
        .iter()
        .map(|row| {
            let meta_type: String = row.try_get(4)?;
            let origin: String = row.try_get(5)?;
            Ok(Play {
                started_at_ms: row.try_get(0)?,
                duration_ms: row.try_get(1)?,
                title: row.try_get(2)?,
                performer: row.try_get(3)?,
                authors: row.try_get::<Option<String>, _>(6)?.unwrap_or_default(),
                isrc: row.try_get::<Option<String>, _>(7)?.unwrap_or_default(),
                label: row.try_get::<Option<String>, _>(8)?.unwrap_or_default(),
                kind: if meta_type == "commercial" {
                    Kind::Spot
                } else if origin == "live" {
                    Kind::Live
                } else {
                    Kind::Music
                },
            })
        })
        .collect::<Result<Vec<Play>>>()?;
    // Unknown lengths: until the next play.
    let starts: Vec<i64> = plays
        .iter()
        .skip(1)
        .map(|play| play.started_at_ms)
        .chain(after)
        .collect();
    for (play, next_start) in plays
        .iter_mut()
        .zip(starts.iter().map(Some).chain(std::iter::repeat(None)))
    {
        if play.duration_ms <= 0 {
            play.duration_ms =
                next_start.map_or(0, |next| (next - play.started_at_ms).clamp(0, LONGEST_UNKNOWN_MS));
        }
    }
    Ok(plays)
}

/// The report as CSV text.
pub fn csv(header: &Header<'_>, month: Date, plays: &[Play]) -> String {
    let mut out = String::with_capacity(200 + plays.len() * 120);
    let line = |out: &mut String, fields: &[&str]| {
        let fields: Vec<String> = fields.iter().map(|field| csv_field(field)).collect();
        out.push_str(&fields.join(";"));
        out.push_str("\r\n");
    };
    line(&mut out, &["Roteiro musical", header.station]);
    line(&mut out, &["CNPJ", header.cnpj]);
    line(&mut out, &["Dial", header.dial]);
    line(&mut out, &["E-mail", header.email]);
    line(
        &mut out,
        &[
            "Canal",
            &format!("{} ({})", header.channel_name, header.stream_id),
        ],
    );
    line(
        &mut out,
        &[
            "Mês",
            &format!("{:02}/{:04}", u8::from(month.month()), month.year()),
        ],
    );
    line(&mut out, &["Execuções", &plays.len().to_string()]);
    out.push_str("\r\n");
    line(
        &mut out,
        &[
            "Data",
            "Hora",
            "Duração",
            "Obra",
            "Intérprete",
            "Autores",
            "ISRC",
            "Gravadora",
            "Execução",
            "Tipo",
        ],
    );
    for play in plays {
        let local = play.started_at_ms.div_euclid(1000) + BRT_OFFSET_SECONDS;
        let date = super::schedule::brasilia_date(play.started_at_ms.div_euclid(1000));
        let seconds_of_day = local.rem_euclid(86_400);
        let duration = play.duration_ms / 1000;
        line(
            &mut out,
            &[
                &format!(
                    "{:02}/{:02}/{:04}",
                    date.day(),
                    u8::from(date.month()),
                    date.year()
                ),
                &format!(
                    "{:02}:{:02}:{:02}",
                    seconds_of_day / 3600,
                    seconds_of_day % 3600 / 60,
                    seconds_of_day % 60
                ),
                &format!("{:02}:{:02}", duration / 60, duration % 60),
                &play.title,
                &play.performer,
                &play.authors,
                &play.isrc,
                &play.label,
                if play.kind == Kind::Live {
                    "Ao vivo"
                } else {
                    "Mecânica"
                },
                match play.kind {
                    Kind::Music => "Música",
                    Kind::Live => "Ao vivo",
                    Kind::Spot => "Comercial",
                },
            ],
        );
    }
    out
}

/// The whole report of a channel's month: `None` when `stream_id` is not a channel.
pub async fn report(db: &Db, config: &crate::Config, stream_id: &str, month: Date) -> Result<Option<String>> {
    let Some((name, meta_id)) = channel(db, stream_id).await? else {
        return Ok(None);
    };
    let plays = plays(db, &meta_id, month).await?;
    Ok(Some(csv(
        &Header {
            station: &config.station_name,
            channel_name: &name,
            stream_id,
            cnpj: &config.station_cnpj,
            dial: &config.station_dial,
            email: &config.station_email,
        },
        month,
        &plays,
    )))
}

/// The channel of a streamId: (name, metaId).
pub async fn channel(db: &Db, stream_id: &str) -> Result<Option<(String, String)>> {
    Ok(
        sqlx::query_as("SELECT name, meta_id FROM streams WHERE stream_id = $1")
            .bind(stream_id)
            .fetch_optional(&db.pool)
            .await?,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_read_strictly() {
        assert_eq!(
            parse_month("2026-11").map(|d| d.to_string()),
            Some("2026-11-01".into())
        );
        assert!(parse_month("2026-13").is_none());
        assert!(parse_month("26-11").is_none());
        assert!(parse_month("2026-1").is_none());
        assert!(parse_month("1999-12").is_none());
    }

    #[test]
    fn a_play_reads_in_brasilia_time_with_its_kind() {
        let month = parse_month("2026-11").unwrap();
        // 2026-11-30T23:59:30-03:00 is 2026-12-01T02:59:30Z: still November in Brasília.
        let at = instant(parse_date(), 23 * 60 + 59) * 1000 + 30_000;
        let csv = csv(
            &Header {
                station: "Onda FM",
                channel_name: "Normal",
                stream_id: "onda_1",
                cnpj: "",
                dial: "",
                email: "",
            },
            month,
            &[Play {
                started_at_ms: at,
                duration_ms: 215_000,
                title: "Canção; com ponto e vírgula".into(),
                performer: "=Artista".into(),
                authors: "A. Autor / B. Autora".into(),
                isrc: "BRABC2600001".into(),
                label: "Selo".into(),
                kind: Kind::Live,
            }],
        );
        let last = csv.lines().last().unwrap();
        assert_eq!(
            last,
            "30/11/2026;23:59:30;03:35;\"Canção; com ponto e vírgula\";'=Artista;A. Autor / B. Autora;BRABC2600001;Selo;Ao vivo;Ao vivo"
        );
        assert!(csv.contains("Mês;11/2026"));
    }

    fn parse_date() -> Date {
        super::super::schedule::parse_date("2026-11-30").unwrap()
    }
}
