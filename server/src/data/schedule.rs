//! The programme grid (`schedule_slots`, `schedule_exceptions`, `schedule_channels`) and its rules.
//!
//! A channel's week is a set of weekly slots in Brasília wall-clock minutes; a slot whose end is not
//! after its start ends the next day (22:00 to 02:00, and Sunday night runs into Monday). Two weekly
//! slots of a channel never overlap, measured around the week. A one-off change covers an interval of
//! one date (it may also run past midnight); on that interval it takes the place of whatever weekly
//! slots it overlaps, which air only outside it. Two changes of a channel never overlap each other.
//!
//! Everything here works in Unix seconds and Brasília's fixed offset (no daylight saving since
//! 2019, `clock::BRT_OFFSET_SECONDS`), so the answer is the same on SQLite and PostgreSQL whatever
//! either's own time zone is.

use onda_shared::schedule::{
    ProgramAiring, ScheduleDay, ScheduleException, ScheduleProgram, ScheduleSlot, SlotFill, WeeklySlot,
};
use sqlx::{AnyConnection, Row, any::AnyRow};
use time::{Date, Duration as Days, Month};

use crate::{
    Result,
    clock::{BRT_OFFSET_SECONDS, iso},
    db::Db,
};

pub const MINUTES_PER_DAY: i64 = 1_440;
const MINUTES_PER_WEEK: i64 = 7 * MINUTES_PER_DAY;

/// The refusals an editor reads.
pub const OVERLAP: &str = "Este horário se sobrepõe a outro programa da grade deste canal.";
pub const EXCEPTION_OVERLAP: &str = "Já existe uma mudança de programação neste horário deste dia.";
pub const SAME_TIMES: &str = "O fim deve ser diferente do início.";
pub const BAD_TIME: &str =
    "Informe o horário no formato HH:MM (00:00 a 23:59; 24:00 para meia-noite no fim).";
pub const BAD_WEEKDAY: &str = "Escolha um dia da semana.";
pub const BAD_DATE: &str = "Informe uma data válida (AAAA-MM-DD).";
pub const PAST_DATE: &str = "A data já passou.";
pub const NO_PROGRAM: &str = "Programa não encontrado.";
pub const NO_PLAYLIST: &str = "Playlist não encontrada.";
pub const PLAYLIST_NEEDED: &str = "Escolha a playlist que toca neste horário.";
pub const PRESENTERS_TOO_LONG: &str = "Apresentação: até 150 caracteres.";
pub const NOTE_TOO_LONG: &str = "Observação: até 200 caracteres.";
pub const NO_CHANNEL: &str = "Canal não encontrado.";
pub const NO_SLOT: &str = "Horário não encontrado.";
pub const NO_EXCEPTION: &str = "Mudança de programação não encontrada.";
pub const STALE: &str =
    "Outra pessoa alterou este horário depois que você o abriu. Recarregue para ver a versão atual.";

/// The longest presenters' line and note.
pub const MAX_PRESENTERS: usize = 150;
pub const MAX_NOTE: usize = 200;
/// How far ahead a one-off change may be planned.
pub const MAX_DAYS_AHEAD: i64 = 400;

/// 'HH:MM' → minutes of the day; `allow_end` accepts '24:00' (midnight at the end of the day).
pub fn parse_time(text: &str, allow_end: bool) -> Option<i64> {
    let (hours, minutes) = text.split_once(':')?;
    if hours.len() != 2 || minutes.len() != 2 {
        return None;
    }
    let hours: i64 = hours.parse().ok()?;
    let minutes: i64 = minutes.parse().ok()?;
    if !(0..60).contains(&minutes) {
        return None;
    }
    let total = hours * 60 + minutes;
    match total {
        0..MINUTES_PER_DAY => Some(total),
        MINUTES_PER_DAY if allow_end => Some(total),
        _ => None,
    }
}

/// Minutes of the day → 'HH:MM' ('00:00' for midnight at the end).
pub fn format_time(minutes: i64) -> String {
    let minutes = minutes.rem_euclid(MINUTES_PER_DAY);
    format!("{:02}:{:02}", minutes / 60, minutes % 60)
}

/// How long a slot lasts, in minutes: an end not after the start is the next day's.
pub fn length(start: i64, end: i64) -> i64 {
    if end > start {
        end - start
    } else {
        end + MINUTES_PER_DAY - start
    }
}

/// 'YYYY-MM-DD' → a date.
pub fn parse_date(text: &str) -> Option<Date> {
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let year: i32 = text.get(0..4)?.parse().ok()?;
    let month: u8 = text.get(5..7)?.parse().ok()?;
    let day: u8 = text.get(8..10)?.parse().ok()?;
    Date::from_calendar_date(year, Month::try_from(month).ok()?, day).ok()
}

pub fn format_date(date: Date) -> String {
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

/// The Brasília date holding `unix`.
pub fn brasilia_date(unix: i64) -> Date {
    let local_days = (unix + BRT_OFFSET_SECONDS).div_euclid(86_400);
    epoch_date() + Days::days(local_days)
}

fn epoch_date() -> Date {
    Date::from_calendar_date(1970, Month::January, 1).unwrap_or(Date::MIN)
}

/// The Unix instant of `minutes` past Brasília midnight of `date`.
pub fn instant(date: Date, minutes: i64) -> i64 {
    let days = (date - epoch_date()).whole_days();
    days * 86_400 + minutes * 60 - BRT_OFFSET_SECONDS
}

/// Whether two intervals of the week overlap, each given by its start minute of the week (Monday
/// 00:00 = 0) and its length, going round from Sunday night into Monday.
pub fn overlaps_in_week(a_start: i64, a_len: i64, b_start: i64, b_len: i64) -> bool {
    // Shift so that `a` starts at 0; `b` then overlaps if it starts inside `a` or `a` starts inside it.
    let b_from_a = (b_start - a_start).rem_euclid(MINUTES_PER_WEEK);
    b_from_a < a_len || b_from_a + b_len > MINUTES_PER_WEEK
}

/// A weekly slot's start in minutes of the week.
pub fn week_minute(weekday: u8, start: i64) -> i64 {
    (i64::from(weekday) - 1) * MINUTES_PER_DAY + start
}

/// A programme as the grid shows it.
#[derive(Debug, Clone)]
pub struct Programme {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub image_url: String,
    pub description: String,
}

/// A weekly slot or a one-off change, as the rules see it.
#[derive(Debug, Clone)]
pub struct Rule {
    pub id: i64,
    /// `Some(date)` for a one-off change.
    pub date: Option<Date>,
    /// ISO weekday of a weekly slot.
    pub weekday: u8,
    pub start: i64,
    pub end: i64,
    pub programme: Programme,
    pub presenters: String,
    pub fill: SlotFill,
    pub playlist_id: Option<i64>,
}

/// One programme on air over `[start, end)` (Unix seconds).
#[derive(Debug, Clone)]
pub struct Airing<'a> {
    pub start: i64,
    pub end: i64,
    pub rule: &'a Rule,
}

impl Airing<'_> {
    pub fn wire(&self) -> ScheduleSlot {
        let minute_of = |unix: i64| (unix + BRT_OFFSET_SECONDS).rem_euclid(86_400) / 60;
        ScheduleSlot {
            id: self.rule.id,
            special: self.rule.date.is_some(),
            program: ScheduleProgram {
                slug: self.rule.programme.slug.clone(),
                title: self.rule.programme.title.clone(),
                image_url: self.rule.programme.image_url.clone(),
                description: self.rule.programme.description.clone(),
            },
            presenters: self.rule.presenters.clone(),
            fill: self.rule.fill,
            start: format_time(minute_of(self.start)),
            end: format_time(minute_of(self.end)),
            starts_at: iso(self.start),
            ends_at: iso(self.end),
        }
    }
}

/// A channel's grid: its weekly slots and its one-off changes.
#[derive(Debug, Clone, Default)]
pub struct Grid {
    pub weekly: Vec<Rule>,
    pub exceptions: Vec<Rule>,
}

impl Grid {
    /// Everything on air that overlaps `[from, to)`, in order: the weekly slots with the one-off
    /// changes cut out of them, and the changes.
    pub fn airings(&self, from: i64, to: i64) -> Vec<Airing<'_>> {
        let first = brasilia_date(from) - Days::days(1);
        let last = brasilia_date(to);
        let mut specials: Vec<Airing<'_>> = Vec::new();
        let mut weekly: Vec<Airing<'_>> = Vec::new();
        let mut date = first;
        while date <= last {
            let weekday = date.weekday().number_from_monday();
            for rule in &self.weekly {
                if rule.weekday == weekday {
                    let start = instant(date, rule.start);
                    weekly.push(Airing {
                        start,
                        end: start + length(rule.start, rule.end) * 60,
                        rule,
                    });
                }
            }
            for rule in &self.exceptions {
                if rule.date == Some(date) {
                    let start = instant(date, rule.start);
                    specials.push(Airing {
                        start,
                        end: start + length(rule.start, rule.end) * 60,
                        rule,
                    });
                }
            }
            date += Days::days(1);
        }
        specials.sort_by_key(|airing| airing.start);
        let mut out: Vec<Airing<'_>> = Vec::new();
        for airing in weekly {
            // What is left of the weekly slot once every change it overlaps is cut out.
            let mut pieces = vec![(airing.start, airing.end)];
            for special in &specials {
                pieces = pieces
                    .into_iter()
                    .flat_map(|(start, end)| {
                        let mut kept = Vec::new();
                        if special.end <= start || special.start >= end {
                            kept.push((start, end));
                        } else {
                            if special.start > start {
                                kept.push((start, special.start));
                            }
                            if special.end < end {
                                kept.push((special.end, end));
                            }
                        }
                        kept
                    })
                    .collect();
            }
            out.extend(pieces.into_iter().map(|(start, end)| Airing {
                start,
                end,
                rule: airing.rule,
            }));
        }
        out.extend(specials);
        out.retain(|airing| airing.end > from && airing.start < to);
        out.sort_by_key(|airing| (airing.start, airing.end));
        out
    }

    /// The programme on air at `at` and the next one (within a week).
    pub fn now_next(&self, at: i64) -> (Option<Airing<'_>>, Option<Airing<'_>>) {
        let airings = self.airings(at, at + 8 * 86_400);
        let now = airings
            .iter()
            .find(|airing| airing.start <= at && at < airing.end)
            .cloned();
        let after = now.as_ref().map_or(at, |now| now.end);
        let next = airings
            .into_iter()
            .find(|airing| airing.start >= after && airing.start > at);
        (now, next)
    }

    /// Seven days from the Brasília date of `at`, each with what overlaps it.
    pub fn week(&self, at: i64) -> Vec<ScheduleDay> {
        let today = brasilia_date(at);
        let from = instant(today, 0);
        let airings = self.airings(from, from + 7 * 86_400);
        (0..7)
            .map(|offset| {
                let date = today + Days::days(offset);
                let (start, end) = (instant(date, 0), instant(date + Days::days(1), 0));
                ScheduleDay {
                    date: format_date(date),
                    weekday: date.weekday().number_from_monday(),
                    slots: airings
                        .iter()
                        .filter(|airing| airing.end > start && airing.start < end)
                        .map(Airing::wire)
                        .collect(),
                }
            })
            .collect()
    }

    /// The weekly slot that would clash with a slot on `weekday` from `start` to `end` (ignoring
    /// `except`, the slot being changed).
    pub fn weekly_clash(&self, weekday: u8, start: i64, end: i64, except: Option<i64>) -> Option<&Rule> {
        let (at, len) = (week_minute(weekday, start), length(start, end));
        self.weekly.iter().find(|rule| {
            Some(rule.id) != except
                && overlaps_in_week(
                    at,
                    len,
                    week_minute(rule.weekday, rule.start),
                    length(rule.start, rule.end),
                )
        })
    }

    /// The one-off change that would clash with one on `date` from `start` to `end`.
    pub fn exception_clash(&self, date: Date, start: i64, end: i64, except: Option<i64>) -> Option<&Rule> {
        let from = instant(date, start);
        let to = from + length(start, end) * 60;
        self.exceptions.iter().find(|rule| {
            let Some(other) = rule.date else {
                return false;
            };
            let other_from = instant(other, rule.start);
            let other_to = other_from + length(rule.start, rule.end) * 60;
            Some(rule.id) != except && other_from < to && from < other_to
        })
    }
}

/// The days a programme airs, as a listener reads them: 'Segunda a sexta', 'Sábado e domingo',
/// 'Segunda, quarta e sexta', 'Todos os dias'.
pub fn days_label(weekdays: &[u8]) -> String {
    const NAMES: [&str; 7] = [
        "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado", "Domingo",
    ];
    let mut days: Vec<u8> = weekdays.iter().copied().filter(|d| (1..=7).contains(d)).collect();
    days.sort_unstable();
    days.dedup();
    let name = |day: u8| NAMES[usize::from(day - 1)];
    match days.as_slice() {
        [] => String::new(),
        [1, 2, 3, 4, 5, 6, 7] => "Todos os dias".to_owned(),
        [6, 7] => "Sábado e domingo".to_owned(),
        [one] => name(*one).to_owned(),
        _ if days.len() >= 3 && days.windows(2).all(|pair| pair[1] == pair[0] + 1) => {
            format!(
                "{} a {}",
                name(days[0]),
                name(days[days.len() - 1]).to_lowercase()
            )
        }
        _ => {
            let names: Vec<String> = days
                .iter()
                .enumerate()
                .map(|(index, day)| {
                    if index == 0 {
                        name(*day).to_owned()
                    } else {
                        name(*day).to_lowercase()
                    }
                })
                .collect();
            let (last, rest) = names.split_last().unwrap_or((&names[0], &[]));
            format!("{} e {last}", rest.join(", "))
        }
    }
}

// ------------------------------------------------------------------------------------------------
// SQL

const RULE_COLUMNS: &str = "r.id, r.start_minute, r.end_minute, r.presenters, r.fill, r.playlist_id, \
     p.id, p.slug, p.title, p.image_url, p.description";

fn rule_of(row: &AnyRow, weekday: u8, date: Option<Date>) -> Result<Rule> {
    Ok(Rule {
        id: row.try_get(0)?,
        start: row.try_get(1)?,
        end: row.try_get(2)?,
        presenters: row.try_get(3)?,
        fill: SlotFill::parse(&row.try_get::<String, _>(4)?).unwrap_or(SlotFill::Playlist),
        playlist_id: row.try_get(5)?,
        programme: Programme {
            id: row.try_get(6)?,
            slug: row.try_get(7)?,
            title: row.try_get(8)?,
            image_url: row.try_get(9)?,
            description: row.try_get(10)?,
        },
        weekday,
        date,
    })
}

/// A channel's grid: its weekly slots and its one-off changes from `since` (a date) on.
pub async fn grid(conn: &mut AnyConnection, stream_id: &str, since: Date) -> Result<Grid> {
    let weekly = sqlx::query(&format!(
        "SELECT {RULE_COLUMNS}, r.weekday FROM schedule_slots r JOIN programs p ON p.id = r.program_id \
         WHERE r.stream_id = $1 ORDER BY r.weekday, r.start_minute, r.id"
    ))
    .bind(stream_id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|row| {
        let weekday = u8::try_from(row.try_get::<i64, _>(11)?).unwrap_or(1);
        rule_of(row, weekday, None)
    })
    .collect::<Result<Vec<_>>>()?;
    let exceptions = sqlx::query(&format!(
        "SELECT {RULE_COLUMNS}, r.on_date FROM schedule_exceptions r JOIN programs p ON p.id = r.program_id \
         WHERE r.stream_id = $1 AND r.on_date >= $2 ORDER BY r.on_date, r.start_minute, r.id"
    ))
    .bind(stream_id)
    .bind(format_date(since))
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .filter_map(|row| {
        let date = parse_date(&row.try_get::<String, _>(11).ok()?)?;
        Some(rule_of(row, date.weekday().number_from_monday(), Some(date)))
    })
    .collect::<Result<Vec<_>>>()?;
    Ok(Grid { weekly, exceptions })
}

/// The channels that have a grid page: (streamId, name, metaId), in the station's order.
pub async fn channels(db: &Db) -> Result<Vec<(String, String, String)>> {
    Ok(
        sqlx::query_as("SELECT stream_id, name, meta_id FROM streams ORDER BY position, id")
            .fetch_all(&db.pool)
            .await?,
    )
}

const WEEKLY_SELECT: &str = "SELECT r.id, r.program_id, p.title, r.weekday, r.start_minute, r.end_minute, \
     r.presenters, r.fill, r.playlist_id, pl.name, r.version \
     FROM schedule_slots r JOIN programs p ON p.id = r.program_id LEFT JOIN playlists pl ON pl.id = r.playlist_id";

fn weekly_of(row: &AnyRow) -> Result<WeeklySlot> {
    Ok(WeeklySlot {
        id: row.try_get(0)?,
        program_id: row.try_get(1)?,
        program_title: row.try_get(2)?,
        weekday: u8::try_from(row.try_get::<i64, _>(3)?).unwrap_or(1),
        start: format_time(row.try_get(4)?),
        end: format_time(row.try_get(5)?),
        presenters: row.try_get(6)?,
        fill: SlotFill::parse(&row.try_get::<String, _>(7)?).unwrap_or(SlotFill::Playlist),
        playlist_id: row.try_get(8)?,
        playlist_name: row.try_get(9)?,
        version: row.try_get(10)?,
    })
}

/// The weekly slots as the editor lists them.
pub async fn weekly_slots(db: &Db, stream_id: &str) -> Result<Vec<WeeklySlot>> {
    sqlx::query(&format!(
        "{WEEKLY_SELECT} WHERE r.stream_id = $1 ORDER BY r.weekday, r.start_minute, r.id"
    ))
    .bind(stream_id)
    .fetch_all(&db.pool)
    .await?
    .iter()
    .map(weekly_of)
    .collect()
}

/// One weekly slot as the editor reads it.
pub async fn weekly_slot(conn: &mut AnyConnection, id: i64) -> Result<Option<WeeklySlot>> {
    sqlx::query(&format!("{WEEKLY_SELECT} WHERE r.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?
        .as_ref()
        .map(weekly_of)
        .transpose()
}

const EXCEPTION_SELECT: &str = "SELECT r.id, r.on_date, r.program_id, p.title, r.start_minute, r.end_minute, \
     r.presenters, r.fill, r.playlist_id, pl.name, r.note, r.version \
     FROM schedule_exceptions r JOIN programs p ON p.id = r.program_id LEFT JOIN playlists pl ON pl.id = r.playlist_id";

fn exception_of(row: &AnyRow) -> Result<ScheduleException> {
    Ok(ScheduleException {
        id: row.try_get(0)?,
        date: row.try_get(1)?,
        program_id: row.try_get(2)?,
        program_title: row.try_get(3)?,
        start: format_time(row.try_get(4)?),
        end: format_time(row.try_get(5)?),
        presenters: row.try_get(6)?,
        fill: SlotFill::parse(&row.try_get::<String, _>(7)?).unwrap_or(SlotFill::Playlist),
        playlist_id: row.try_get(8)?,
        playlist_name: row.try_get(9)?,
        note: row.try_get(10)?,
        version: row.try_get(11)?,
    })
}

/// The one-off changes from `since` on, as the editor lists them.
pub async fn exceptions(db: &Db, stream_id: &str, since: Date) -> Result<Vec<ScheduleException>> {
    sqlx::query(&format!(
        "{EXCEPTION_SELECT} WHERE r.stream_id = $1 AND r.on_date >= $2 ORDER BY r.on_date, r.start_minute, r.id"
    ))
    .bind(stream_id)
    .bind(format_date(since))
    .fetch_all(&db.pool)
    .await?
    .iter()
    .map(exception_of)
    .collect()
}

/// One change as the editor reads it.
pub async fn exception(conn: &mut AnyConnection, id: i64) -> Result<Option<ScheduleException>> {
    sqlx::query(&format!("{EXCEPTION_SELECT} WHERE r.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?
        .as_ref()
        .map(exception_of)
        .transpose()
}

/// The channel a weekly slot or change belongs to.
pub async fn channel_of(conn: &mut AnyConnection, id: i64, exception: bool) -> Result<Option<String>> {
    let table = if exception {
        "schedule_exceptions"
    } else {
        "schedule_slots"
    };
    Ok(
        sqlx::query_scalar(&format!("SELECT stream_id FROM {table} WHERE id = $1"))
            .bind(id)
            .fetch_optional(conn)
            .await?,
    )
}

/// Takes the channel's row for the transaction, so that two saves on one channel check for overlaps
/// one after the other (the second sees the first's slot).
pub async fn lock_channel(conn: &mut AnyConnection, stream_id: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO schedule_channels (stream_id) VALUES ($1) \
         ON CONFLICT (stream_id) DO UPDATE SET version = schedule_channels.version",
    )
    .bind(stream_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// A channel's default playlist (outside the slots that name one).
pub async fn default_playlist(db: &Db, stream_id: &str) -> Result<Option<i64>> {
    default_playlist_on(&mut *db.pool.acquire().await?, stream_id).await
}

pub async fn default_playlist_on(conn: &mut AnyConnection, stream_id: &str) -> Result<Option<i64>> {
    Ok(sqlx::query_scalar::<_, Option<i64>>(
        "SELECT default_playlist_id FROM schedule_channels WHERE stream_id = $1",
    )
    .bind(stream_id)
    .fetch_optional(conn)
    .await?
    .flatten())
}

/// When each programme airs each week, on every channel: weekly slots grouped by channel, hours and
/// presenters, so that five mornings read as one line.
pub async fn airings_of(db: &Db, program_id: i64) -> Result<Vec<ProgramAiring>> {
    let rows: Vec<(String, String, i64, i64, i64, String)> = sqlx::query_as(
        "SELECT r.stream_id, s.name, r.weekday, r.start_minute, r.end_minute, r.presenters \
         FROM schedule_slots r JOIN streams s ON s.stream_id = r.stream_id \
         WHERE r.program_id = $1 ORDER BY s.position, s.id, r.start_minute, r.end_minute, r.weekday",
    )
    .bind(program_id)
    .fetch_all(&db.pool)
    .await?;
    let mut airings: Vec<ProgramAiring> = Vec::new();
    for (stream_id, stream_name, weekday, start, end, presenters) in rows {
        let (start, end) = (format_time(start), format_time(end));
        let weekday = u8::try_from(weekday).unwrap_or(1);
        match airings.iter_mut().find(|airing| {
            airing.stream_id == stream_id
                && airing.start == start
                && airing.end == end
                && airing.presenters == presenters
        }) {
            Some(airing) => airing.weekdays.push(weekday),
            None => airings.push(ProgramAiring {
                stream_id,
                stream_name,
                weekdays: vec![weekday],
                days_label: String::new(),
                start,
                end,
                presenters,
            }),
        }
    }
    for airing in &mut airings {
        airing.weekdays.sort_unstable();
        airing.days_label = days_label(&airing.weekdays);
    }
    airings.sort_by(|a, b| (a.weekdays.first(), &a.start).cmp(&(b.weekdays.first(), &b.start)));
    Ok(airings)
}

/// The channels whose grid has any slot of this programme.
pub async fn channels_of(db: &Db, program_id: i64) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT DISTINCT stream_id FROM schedule_slots WHERE program_id = $1 \
         UNION SELECT DISTINCT stream_id FROM schedule_exceptions WHERE program_id = $1",
    )
    .bind(program_id)
    .fetch_all(&db.pool)
    .await?)
}

pub async fn set_default_playlist(
    conn: &mut AnyConnection,
    stream_id: &str,
    playlist: Option<i64>,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO schedule_channels (stream_id, default_playlist_id) VALUES ($1, $2) \
         ON CONFLICT (stream_id) DO UPDATE SET default_playlist_id = $2, version = schedule_channels.version + 1",
    )
    .bind(stream_id)
    .bind(playlist)
    .execute(conn)
    .await?;
    Ok(())
}

/// The programme with this slug (a programme's page).
pub async fn programme_by_slug(db: &Db, slug: &str) -> Result<Option<(Programme, String)>> {
    let row: Option<(i64, String, String, String, String, String)> =
        sqlx::query_as("SELECT id, slug, title, image_url, description, host FROM programs WHERE slug = $1")
            .bind(slug)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.map(|(id, slug, title, image_url, description, host)| {
        (
            Programme {
                id,
                slug,
                title,
                image_url,
                description,
            },
            host,
        )
    }))
}

/// Whether a programme / playlist exists.
pub async fn program_exists(conn: &mut AnyConnection, id: i64) -> Result<bool> {
    Ok(
        sqlx::query_scalar::<_, i64>("SELECT CAST(COUNT(*) AS BIGINT) FROM programs WHERE id = $1")
            .bind(id)
            .fetch_one(conn)
            .await?
            > 0,
    )
}

pub async fn playlist_exists(conn: &mut AnyConnection, id: i64) -> Result<bool> {
    Ok(
        sqlx::query_scalar::<_, i64>("SELECT CAST(COUNT(*) AS BIGINT) FROM playlists WHERE id = $1")
            .bind(id)
            .fetch_one(conn)
            .await?
            > 0,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn programme(slug: &str) -> Programme {
        Programme {
            id: 1,
            slug: slug.to_owned(),
            title: slug.to_owned(),
            image_url: String::new(),
            description: String::new(),
        }
    }

    fn weekly(id: i64, weekday: u8, start: &str, end: &str) -> Rule {
        Rule {
            id,
            date: None,
            weekday,
            start: parse_time(start, false).unwrap(),
            end: parse_time(end, true).unwrap(),
            programme: programme(&format!("p{id}")),
            presenters: String::new(),
            fill: SlotFill::Playlist,
            playlist_id: None,
        }
    }

    fn special(id: i64, date: &str, start: &str, end: &str) -> Rule {
        let date = parse_date(date).unwrap();
        Rule {
            date: Some(date),
            ..weekly(id, date.weekday().number_from_monday(), start, end)
        }
    }

    fn at(date: &str, time: &str) -> i64 {
        instant(parse_date(date).unwrap(), parse_time(time, true).unwrap())
    }

    #[test]
    fn times_and_dates_read_strictly() {
        assert_eq!(parse_time("06:30", false), Some(390));
        assert_eq!(parse_time("24:00", false), None);
        assert_eq!(parse_time("24:00", true), Some(1440));
        assert_eq!(parse_time("6:30", false), None);
        assert_eq!(parse_time("06:60", false), None);
        assert_eq!(parse_time("24:01", true), None);
        assert_eq!(format_time(1440), "00:00");
        assert!(parse_date("2026-02-30").is_none());
        assert_eq!(format_date(parse_date("2026-11-29").unwrap()), "2026-11-29");
        // 00:00 in Brasília is 03:00 UTC.
        assert_eq!(iso(at("2026-11-29", "00:00")), "2026-11-29T00:00:00-03:00");
        assert_eq!(
            brasilia_date(at("2026-11-29", "23:59")),
            parse_date("2026-11-29").unwrap()
        );
    }

    #[test]
    fn slots_overlap_around_the_week_and_across_midnight() {
        let grid = Grid {
            weekly: vec![weekly(1, 1, "06:00", "10:00"), weekly(2, 7, "22:00", "02:00")],
            exceptions: vec![],
        };
        // Back to back is fine; a minute into the next is not.
        assert!(
            grid.weekly_clash(1, parse_time("10:00", false).unwrap(), 720, None)
                .is_none()
        );
        assert_eq!(grid.weekly_clash(1, 599, 720, None).map(|r| r.id), Some(1));
        // Sunday 22:00 to 02:00 runs into Monday: Monday 01:00 clashes, Monday 02:00 does not.
        assert_eq!(grid.weekly_clash(1, 60, 120, None).map(|r| r.id), Some(2));
        assert!(grid.weekly_clash(1, 120, 180, None).is_none());
        // Changing a slot does not clash with itself.
        assert!(grid.weekly_clash(1, 420, 660, Some(1)).is_none());
        // Saturday 23:00 to Sunday 22:30 covers Sunday's 22:00 start; to Sunday 22:00 it does not.
        assert_eq!(grid.weekly_clash(6, 1380, 1350, None).map(|r| r.id), Some(2));
        assert!(grid.weekly_clash(6, 1380, 1320, None).is_none());
    }

    #[test]
    fn a_one_off_change_cuts_into_the_weekly_slots_of_its_date_only() {
        // 2026-11-30 is a Monday.
        let grid = Grid {
            weekly: vec![weekly(1, 1, "06:00", "12:00"), weekly(2, 1, "12:00", "14:00")],
            exceptions: vec![special(9, "2026-11-30", "08:00", "13:00")],
        };
        let day = grid.airings(at("2026-11-30", "00:00"), at("2026-12-01", "00:00"));
        let pieces: Vec<(i64, String, String)> = day
            .iter()
            .map(|a| (a.rule.id, a.wire().start, a.wire().end))
            .collect();
        assert_eq!(
            pieces,
            [
                (1, "06:00".into(), "08:00".into()),
                (9, "08:00".into(), "13:00".into()),
                (2, "13:00".into(), "14:00".into())
            ]
        );
        // The next Monday is the weekly grid again.
        let next = grid.airings(at("2026-12-07", "00:00"), at("2026-12-08", "00:00"));
        assert_eq!(next.iter().map(|a| a.rule.id).collect::<Vec<_>>(), [1, 2]);
        let (now, next) = grid.now_next(at("2026-11-30", "07:59"));
        assert_eq!((now.unwrap().rule.id, next.unwrap().rule.id), (1, 9));
        let (now, next) = grid.now_next(at("2026-11-30", "13:30"));
        assert_eq!(now.map(|a| a.wire().start), Some("13:00".into()));
        assert_eq!(next.map(|a| a.wire().start), Some("06:00".into()));
    }

    #[test]
    fn a_slot_across_midnight_is_on_air_on_both_days() {
        let grid = Grid {
            // Sunday 22:00 to Monday 02:00.
            weekly: vec![weekly(1, 7, "22:00", "02:00")],
            exceptions: vec![],
        };
        let (now, next) = grid.now_next(at("2026-11-30", "01:00"));
        let now = now.unwrap().wire();
        assert_eq!((now.start.as_str(), now.end.as_str()), ("22:00", "02:00"));
        assert_eq!(now.starts_at, "2026-11-29T22:00:00-03:00");
        assert_eq!(next.unwrap().wire().starts_at, "2026-12-06T22:00:00-03:00");
        let week = grid.week(at("2026-11-29", "12:00"));
        assert_eq!(week[0].date, "2026-11-29");
        assert_eq!(week[0].slots.len(), 1);
        assert_eq!(week[1].slots.len(), 1, "Monday starts with Sunday's programme");
        assert!(week[2].slots.is_empty());
        assert_eq!(
            grid.now_next(at("2026-11-30", "02:00")).0.map(|a| a.rule.id),
            None
        );
    }

    #[test]
    fn one_off_changes_may_not_overlap_each_other() {
        let grid = Grid {
            weekly: vec![],
            exceptions: vec![special(1, "2026-12-25", "22:00", "01:00")],
        };
        let christmas = parse_date("2026-12-25").unwrap();
        let boxing = parse_date("2026-12-26").unwrap();
        assert_eq!(grid.exception_clash(boxing, 0, 60, None).map(|r| r.id), Some(1));
        assert!(grid.exception_clash(boxing, 60, 120, None).is_none());
        assert!(grid.exception_clash(christmas, 1200, 1320, None).is_none());
        assert!(grid.exception_clash(christmas, 1200, 1380, Some(1)).is_none());
    }

    #[test]
    fn days_read_as_a_listener_says_them() {
        assert_eq!(days_label(&[1, 2, 3, 4, 5]), "Segunda a sexta");
        assert_eq!(days_label(&[6, 7]), "Sábado e domingo");
        assert_eq!(days_label(&[1, 2, 3, 4, 5, 6, 7]), "Todos os dias");
        assert_eq!(days_label(&[6]), "Sábado");
        assert_eq!(days_label(&[1, 3, 5]), "Segunda, quarta e sexta");
        assert_eq!(days_label(&[2, 4]), "Terça e quinta");
    }
}
