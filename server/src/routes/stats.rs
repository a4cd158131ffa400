//! The staff statistics dashboard API (`/api/v1/stats/*`; doc3 §2.9, §3, §4.7, §5 "Impact report",
//! §7, §8; decisions G20–G22, S12; issue 6): permissions, live counters, the history with its exact
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

use std::{
    collections::{BTreeMap, BTreeSet, HashMap, HashSet},
    time::Duration,
};

use axum::{
    Json, Router,
    extract::{RawQuery, State},
    http::{HeaderMap, HeaderValue, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use futures_util::TryStreamExt;
use onda_shared::{
    Envelope, Status,
    stats::{
        CacheCleaned, FilteredListeners, FilteredSessions, ImpactReport, ListenerSample, LiveListeners,
        PermissionsContent, SeriesStats, SessionStats, StatsAffiliate, StatsChannel, StatsLink,
        UserPermissions,
    },
};
use sqlx::Row;
use time::{Date, Month, OffsetDateTime};
use tokio_util::sync::CancellationToken;

use crate::{
    AppState, Error, Result,
    auth::AuthUser,
    db::Db,
    radio::listeners::{CLIENT_KINDS, TOTAL, now_ms},
    routes::ads::origin,
};

/// G20: the refusal of a call the caller's permissions do not cover.
pub const NO_PERMISSION: &str = "no permission";
/// Permission numbers (doc3 §3, S12; G22: others unlock nothing).
pub const READ_STATS: i64 = 1;
pub const CLEAN_CACHE: i64 = 2;
pub const SEE_AFFILIATES: i64 = 3;

/// getListenersByDates refusals (doc3 §5, G20).
pub const NO_TIMESTAMPS: &str = "Nenhuma timestamp fornecida!";
pub const TIMESTAMPS_TOO_CLOSE: &str =
    "Timestamps iguais ou muito próximas (menos de 60 s) não são permitidas.";
/// G20: at most this many timestamps per report, at least this many seconds apart.
pub const MAX_TIMESTAMPS: usize = 100;
const MIN_TIMESTAMP_GAP: i64 = 60;

/// getFilteredListeners refusals.
pub const BAD_START: &str = "Data inicial inválida. Use o formato AAAA-MM-DD hh:mm.";
pub const BAD_END: &str = "Data final inválida. Use o formato AAAA-MM-DD hh:mm.";
pub const END_BEFORE_START: &str = "A data final deve ser igual ou posterior à data inicial.";
pub const BAD_GROUPING: &str = "Agrupamento inválido. Use minute, hour, day, week ou month.";
pub const NO_TYPES: &str = "Escolha ao menos um tipo de ouvinte.";
pub const TOO_MANY_TYPES: &str = "Escolha no máximo 50 tipos de ouvinte.";
/// The most buckets one history answer may hold.
pub const MAX_BUCKETS: usize = 10_000;
const MAX_TYPES: usize = 50;

/// Brasília is UTC−3: Brasília wall-clock seconds = UTC seconds + this.
const BRT_OFFSET_S: i64 = -3 * 3600;

/// Retention of the statistics data.
pub const MINUTE_RETENTION_DAYS: i64 = 180;
pub const HOURLY_RETENTION_DAYS: i64 = 5 * 366;
pub const SESSION_RETENTION_DAYS: i64 = 2 * 366;
const ROLLUP_KEY: &str = "stats_rollup_until";
/// Brasília days before this instant are in `listener_daily`.
const DAILY_ROLLUP_KEY: &str = "stats_daily_rollup_until";
const RETENTION_PERIOD: Duration = Duration::from_secs(600);
/// A minute's sample is written a moment after the minute starts (and summed across instances):
/// an hour is rolled up only once it has been over for this long.
const ROLLUP_DELAY_S: i64 = 120;

/// An instance is counted live while its heartbeat is this recent (as the engine's dead-instance rule).
const LIVE_INSTANCE_MS: i64 = 3 * 60 * 1000;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/stats/getUserPermissions", get(get_user_permissions))
        .route("/stats/getListeners", get(get_listeners))
        .route("/stats/getFilteredListeners", get(get_filtered_listeners))
        .route("/stats/getFilteredSessions", get(get_filtered_sessions))
        .route("/stats/getListenersByDates", get(get_listeners_by_dates))
        .route("/stats/cleanCache", post(clean_cache))
}

// ---------------------------------------------------------------------------------------------------
// Permissions

/// The caller's staff permissions, sorted.
async fn permissions_of(db: &Db, user_id: i64) -> Result<Vec<i64>> {
    Ok(
        sqlx::query_scalar("SELECT permission FROM staff_permissions WHERE user_id = $1 ORDER BY permission")
            .bind(user_id)
            .fetch_all(&db.pool)
            .await?,
    )
}

async fn require(state: &AppState, user: &AuthUser, permission: i64) -> Result<()> {
    if permissions_of(&state.db, user.user_id)
        .await?
        .contains(&permission)
    {
        Ok(())
    } else {
        Err(Error::Forbidden(NO_PERMISSION.to_owned()))
    }
}

/// A successful reply that no cache may keep (staff data, live figures).
fn reply<T: serde::Serialize>(message: &str, data: T) -> Response {
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

async fn get_user_permissions(
    State(state): State<AppState>,
    user: AuthUser,
    headers: HeaderMap,
) -> Result<Response> {
    let permissions = permissions_of(&state.db, user.user_id).await?;
    let origin = origin(&state, &headers);
    let mut content = PermissionsContent {
        affiliates: Vec::new(),
        affiliates_url: String::new(),
        links: Vec::new(),
    };
    if permissions.contains(&SEE_AFFILIATES) {
        // The affiliates the engine relays: their stream URL is the local mount named after the sid.
        let rows: Vec<(String, String, String)> =
            sqlx::query_as("SELECT sid, name, stream_url FROM affiliates ORDER BY name, sid")
                .fetch_all(&state.db.pool)
                .await?;
        content.affiliates = rows
            .into_iter()
            .filter(|(sid, _, url)| *url == format!("/stream/{sid}.mp3"))
            .map(|(sid, name, _)| StatsAffiliate { sid, name })
            .collect();
        content.affiliates_url = format!("{origin}/stream/");
    }
    if permissions.contains(&CLEAN_CACHE) {
        content.links = control_links(&state, &origin).await?;
    }
    Ok(reply(
        "success",
        UserPermissions {
            user_permissions: permissions,
            content,
        },
    ))
}

/// G21: the station's control links: the site, every stream source, the health check and the status
/// page of each external Icecast server.
async fn control_links(state: &AppState, origin: &str) -> Result<Vec<StatsLink>> {
    let mut links = vec![StatsLink {
        label: format!("Site ({})", state.config.station_name),
        url: format!("{origin}/"),
    }];
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT s.name, ss.codec, ss.src FROM stream_sources ss JOIN streams s ON s.id = ss.stream_id \
         ORDER BY s.position, s.id, ss.position, ss.id",
    )
    .fetch_all(&state.db.pool)
    .await?;
    let mut icecast = BTreeSet::new();
    for (name, codec, src) in rows {
        let absolute = src.starts_with("http://") || src.starts_with("https://");
        let label = if codec.is_empty() {
            name
        } else {
            format!("{name} ({codec})")
        };
        if absolute {
            if let Some(scheme_end) = src.find("://")
                && let Some(path_start) = src[scheme_end + 3..].find('/')
            {
                icecast.insert(src[..scheme_end + 3 + path_start].to_owned());
            }
            links.push(StatsLink { label, url: src });
        } else {
            links.push(StatsLink {
                label,
                url: format!("{origin}{src}"),
            });
        }
    }
    links.push(StatsLink {
        label: "Health".to_owned(),
        url: format!("{origin}/health"),
    });
    for base in icecast {
        links.push(StatsLink {
            label: format!("Icecast ({base})"),
            url: format!("{base}/status.xsl"),
        });
    }
    Ok(links)
}

// ---------------------------------------------------------------------------------------------------
// Brasília time

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
    Some(local - BRT_OFFSET_S)
}

/// UTC Unix seconds → Brasília `YYYY-MM-DD HH:mm:ss` (or without seconds).
pub fn format_brasilia(unix: i64, with_seconds: bool) -> String {
    let local =
        OffsetDateTime::from_unix_timestamp(unix + BRT_OFFSET_S).unwrap_or(OffsetDateTime::UNIX_EPOCH);
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
        let local = unix + BRT_OFFSET_S;
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
        local_start - BRT_OFFSET_S
    }

    /// The start of the bucket after the one starting at `start`.
    fn next(self, start: i64) -> i64 {
        match self {
            Self::Minute => start + 60,
            Self::Hour => start + 3600,
            Self::Day => start + 86_400,
            Self::Week => start + 7 * 86_400,
            Self::Month => {
                let local = start + BRT_OFFSET_S;
                let date = OffsetDateTime::from_unix_timestamp(local)
                    .unwrap_or(OffsetDateTime::UNIX_EPOCH)
                    .date();
                let (year, month) = match date.month() {
                    Month::December => (date.year() + 1, Month::January),
                    other => (date.year(), other.next()),
                };
                Date::from_calendar_date(year, month, 1)
                    .map(|first| first.midnight().assume_utc().unix_timestamp() - BRT_OFFSET_S)
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

// ---------------------------------------------------------------------------------------------------
// Channels

/// The statistics channels the station knows: its streams (with names and PRO flags) and affiliates.
struct ChannelBook {
    /// Stream ids in display order with label and pro flag.
    streams: Vec<(String, String, bool)>,
}

impl ChannelBook {
    async fn load(db: &Db) -> Result<Self> {
        let mut streams: Vec<(String, String, bool)> = sqlx::query_as::<_, (String, String, i64)>(
            "SELECT stream_id, name, is_pro FROM streams ORDER BY position, id",
        )
        .fetch_all(&db.pool)
        .await?
        .into_iter()
        .map(|(id, name, pro)| (id, name, pro != 0))
        .collect();
        let affiliates: Vec<(String, String)> =
            sqlx::query_as("SELECT sid, name FROM affiliates ORDER BY name, sid")
                .fetch_all(&db.pool)
                .await?;
        for (sid, name) in affiliates {
            if !streams.iter().any(|(id, _, _)| *id == sid) {
                streams.push((sid, name, false));
            }
        }
        Ok(Self { streams })
    }

    fn is_known(&self, key: &str) -> bool {
        key == TOTAL || CLIENT_KINDS.contains(&key) || self.streams.iter().any(|(id, _, _)| id == key)
    }

    /// The channels among `keys` in display order: total, the client kinds, the streams, then any
    /// other key (a stream since removed) alphabetically.
    fn describe(&self, keys: &BTreeSet<String>) -> Vec<StatsChannel> {
        let mut out = Vec::new();
        let mut push = |key: &str, label: &str, pro: bool| {
            if keys.contains(key) {
                out.push(StatsChannel {
                    key: key.to_owned(),
                    label: label.to_owned(),
                    pro,
                });
            }
        };
        push(TOTAL, "Total", false);
        for kind in CLIENT_KINDS {
            push(kind, client_label(kind), false);
        }
        for (id, name, pro) in &self.streams {
            push(id, name, *pro);
        }
        for key in keys {
            if !out.iter().any(|channel| channel.key == *key) {
                out.push(StatsChannel {
                    key: key.clone(),
                    label: key.clone(),
                    pro: false,
                });
            }
        }
        out
    }
}

fn client_label(kind: &str) -> &'static str {
    match kind {
        "https" => "HTTPS",
        "http" => "HTTP",
        "android" => "Android",
        "ios" => "iOS",
        "desktop" => "Desktop",
        "alexa" => "Alexa",
        "tuneIn" => "TuneIn",
        _ => "",
    }
}

// ---------------------------------------------------------------------------------------------------
// getListeners

async fn get_listeners(State(state): State<AppState>, user: AuthUser) -> Result<Response> {
    require(&state, &user, READ_STATS).await?;
    let now = now_ms();
    let now_s = now.div_euclid(1000);
    let rows: Vec<(i64, String, i64)> = sqlx::query_as(
        "SELECT at, channel, listeners FROM listener_samples WHERE at > $1 AND at <= $2 ORDER BY at, channel",
    )
    .bind(now_s - 3600)
    .bind(now_s)
    .fetch_all(&state.db.pool)
    .await?;
    let mut minutes: BTreeMap<i64, BTreeMap<String, i64>> = BTreeMap::new();
    let mut keys: BTreeSet<String> = BTreeSet::new();
    for (at, channel, listeners) in rows {
        keys.insert(channel.clone());
        minutes.entry(at).or_default().insert(channel, listeners);
    }
    let live = live_counts(&state, now).await?;
    keys.extend(live.keys().cloned());
    let mut listeners: Vec<ListenerSample> = minutes
        .into_iter()
        .map(|(at, counts)| ListenerSample {
            time: format_brasilia(at, true),
            counts,
        })
        .collect();
    listeners.push(ListenerSample {
        time: format_brasilia(now_s, true),
        counts: live,
    });
    // Every row carries every key.
    for row in &mut listeners {
        for key in &keys {
            row.counts.entry(key.clone()).or_insert(0);
        }
    }
    let channels = ChannelBook::load(&state.db).await?.describe(&keys);
    Ok(reply("success", LiveListeners { listeners, channels }))
}

/// Listeners right now: this instance's registry (local mounts and external Icecast mounts) plus the
/// open sessions of the other live instances sharing the database.
async fn live_counts(state: &AppState, now: i64) -> Result<BTreeMap<String, i64>> {
    let book = &state.radio.listeners;
    let mut counts = book.counts();
    let others: Vec<(String, String, i64)> = sqlx::query_as(
        "SELECT client, stream_id, COUNT(*) FROM listener_sessions \
         WHERE ended_at_ms IS NULL AND instance <> $1 AND instance IN \
         (SELECT instance FROM radio_instances WHERE last_seen_ms >= $2) \
         GROUP BY client, stream_id",
    )
    .bind(book.instance())
    .bind(now - LIVE_INSTANCE_MS)
    .fetch_all(&state.db.pool)
    .await?;
    for (client, stream_id, listeners) in others {
        *counts.entry(TOTAL.to_owned()).or_default() += listeners;
        *counts.entry(client).or_default() += listeners;
        *counts.entry(stream_id).or_default() += listeners;
    }
    Ok(counts)
}

// ---------------------------------------------------------------------------------------------------
// getFilteredListeners

/// The decoded query string; repeated keys kept (`listenersTypes[]=a&listenersTypes[]=b`).
fn query_pairs(query: Option<&str>) -> Vec<(String, String)> {
    form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .map(|(key, value)| (key.into_owned(), value.into_owned()))
        .collect()
}

fn first<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(name, _)| name == key)
        .map(|(_, value)| value.trim())
}

/// A validated history request.
#[derive(Debug, Clone)]
pub struct HistoryQuery {
    pub edges: Vec<i64>,
    pub grouping: Grouping,
    pub types: Vec<String>,
}

fn clip(text: &str) -> String {
    let mut clipped: String = text.chars().take(40).collect();
    if clipped.len() < text.len() {
        clipped.push('…');
    }
    clipped
}

async fn parse_history(db: &Db, pairs: &[(String, String)]) -> Result<HistoryQuery> {
    let start = first(pairs, "startDate")
        .and_then(|text| parse_brasilia(text, false))
        .ok_or_else(|| Error::bad_request(BAD_START))?;
    let end = first(pairs, "endDate")
        .and_then(|text| parse_brasilia(text, false))
        .ok_or_else(|| Error::bad_request(BAD_END))?;
    if end < start {
        return Err(Error::bad_request(END_BEFORE_START));
    }
    let grouping = first(pairs, "choiceTime")
        .and_then(Grouping::parse)
        .ok_or_else(|| Error::bad_request(BAD_GROUPING))?;
    let mut types: Vec<String> = Vec::new();
    for (key, value) in pairs {
        if key != "listenersTypes[]" && key != "listenersTypes" {
            continue;
        }
        let value = value.trim();
        if value.is_empty() || types.iter().any(|known| known == value) {
            continue;
        }
        types.push(value.to_owned());
    }
    if types.is_empty() {
        return Err(Error::bad_request(NO_TYPES));
    }
    if types.len() > MAX_TYPES {
        return Err(Error::bad_request(TOO_MANY_TYPES));
    }
    let book = ChannelBook::load(db).await?;
    for kind in &types {
        if book.is_known(kind) {
            continue;
        }
        // A stream no longer in the streams table still has its history.
        let seen: Option<i64> = sqlx::query_scalar(
            "SELECT 1 FROM listener_hourly WHERE channel = $1 \
             UNION ALL SELECT 1 FROM listener_samples WHERE channel = $1 LIMIT 1",
        )
        .bind(kind)
        .fetch_optional(&db.pool)
        .await?;
        if seen.is_none() {
            return Err(Error::bad_request(format!(
                "Tipo de ouvinte desconhecido: {}.",
                clip(kind)
            )));
        }
    }
    let edges = bucket_edges(start, end, grouping).ok_or_else(|| {
        Error::bad_request(format!(
            "Período longo demais para o agrupamento escolhido (no máximo {MAX_BUCKETS} pontos). \
             Escolha um agrupamento maior ou um período menor."
        ))
    })?;
    Ok(HistoryQuery {
        edges,
        grouping,
        types,
    })
}

async fn get_filtered_listeners(
    State(state): State<AppState>,
    user: AuthUser,
    RawQuery(query): RawQuery,
) -> Result<Response> {
    require(&state, &user, READ_STATS).await?;
    let history = parse_history(&state.db, &query_pairs(query.as_deref())).await?;
    let started = std::time::Instant::now();
    let data = filtered_listeners(&state.db, &history).await?;
    Ok(timed(reply("success", data), "samples", started))
}

/// getFilteredSessions: the same query, the session figures (see the module comment).
async fn get_filtered_sessions(
    State(state): State<AppState>,
    user: AuthUser,
    RawQuery(query): RawQuery,
) -> Result<Response> {
    require(&state, &user, READ_STATS).await?;
    let history = parse_history(&state.db, &query_pairs(query.as_deref())).await?;
    let started = std::time::Instant::now();
    let data = filtered_sessions(&state.db, &history, now_ms()).await?;
    Ok(timed(reply("success", data), "sessions", started))
}

/// Adds where the time went (the benchmark prints it; browsers show it in their network panel).
fn timed(mut response: Response, name: &str, started: std::time::Instant) -> Response {
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    if let Ok(timing) = HeaderValue::from_str(&format!("{name};dur={ms:.1}")) {
        response.headers_mut().insert("server-timing", timing);
    }
    response
}

/// The history answer for a validated query.
pub async fn filtered_listeners(db: &Db, history: &HistoryQuery) -> Result<FilteredListeners> {
    Ok(FilteredListeners {
        time_data: time_data(&history.edges),
        listeners_data: sample_stats(db, history).await?,
    })
}

/// The session figures for a validated query, `now_ms` ending the open sessions.
pub async fn filtered_sessions(db: &Db, history: &HistoryQuery, now_ms: i64) -> Result<FilteredSessions> {
    Ok(FilteredSessions {
        time_data: time_data(&history.edges),
        session_stats: session_stats(db, history, now_ms).await?,
    })
}

/// The bucket starts, `YYYY-MM-DD HH:mm` Brasília.
fn time_data(edges: &[i64]) -> Vec<String> {
    edges[..edges.len() - 1]
        .iter()
        .map(|&edge| format_brasilia(edge, false))
        .collect()
}

/// max/min/sum/count of samples, accumulated per bucket.
#[derive(Clone, Copy, Default)]
struct Acc {
    samples: i64,
    max: i64,
    min: i64,
    sum: i64,
}

impl Acc {
    fn add(&mut self, samples: i64, max: i64, min: i64, sum: i64) {
        if samples <= 0 {
            return;
        }
        if self.samples == 0 {
            self.max = max;
            self.min = min;
        } else {
            self.max = self.max.max(max);
            self.min = self.min.min(min);
        }
        self.samples += samples;
        self.sum += sum;
    }
}

fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// The bucket holding `at` (seconds or milliseconds, as `edges`), if any.
fn bucket_of(edges: &[i64], at: i64) -> Option<usize> {
    let index = edges.partition_point(|&edge| edge <= at);
    (index > 0 && index < edges.len()).then(|| index - 1)
}

/// `$first, $first+1, …` for an IN list of `count` values.
fn placeholders(first: usize, count: usize) -> String {
    (first..first + count)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

async fn rollup_watermark(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    watermark(db, ROLLUP_KEY).await
}

async fn watermark(db: &Db, key: &str) -> Result<Option<i64>, sqlx::Error> {
    Ok(db.setting(key).await?.and_then(|value| value.trim().parse().ok()))
}

/// The start (UTC seconds) of the Brasília day holding `unix`.
fn brasilia_day(unix: i64) -> i64 {
    unix - (unix + BRT_OFFSET_S).rem_euclid(86_400)
}

async fn sample_stats(db: &Db, history: &HistoryQuery) -> Result<BTreeMap<String, SeriesStats>> {
    let edges = &history.edges;
    let buckets = edges.len() - 1;
    let (start, end) = (edges[0], edges[buckets]);
    // One series per requested type, in the order of `history.types`.
    let mut acc: Vec<Vec<Acc>> = vec![vec![Acc::default(); buckets]; history.types.len()];
    // $1..$2 the time range, $3 the first bucket's start, $4 the width SQL groups by, then the channels.
    fn bind_all<'q>(
        sql: &'q str,
        (from, to): (i64, i64),
        (origin, width): (i64, i64),
        types: &[String],
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
        // Not kept prepared: PostgreSQL then plans each call with its real range (a generic plan made
        // for any range may scan every sample of a channel).
        let mut query = sqlx::query(sql)
            .persistent(false)
            .bind(from)
            .bind(to)
            .bind(origin)
            .bind(width);
        for kind in types {
            query = query.bind(kind.clone());
        }
        query
    }
    let channels = placeholders(5, history.types.len());
    // The channel as its position among the types: an integer per row instead of a string.
    let channel_index = format!(
        "CASE channel {} END",
        (0..history.types.len())
            .map(|n| format!("WHEN ${} THEN CAST({n} AS BIGINT)", n + 5))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let mut add = |channel: i64, at: i64, samples: i64, max: i64, min: i64, sum: i64| {
        if let (Some(series), Some(index)) = (
            usize::try_from(channel)
                .ok()
                .and_then(|channel| acc.get_mut(channel)),
            bucket_of(edges, at),
        ) {
            series[index].add(samples, max, min, sum);
        }
    };
    // The database aggregates by the bucket width (by day for months, which nest whole days), so a year
    // by day reads 366 rows per channel, not 8784 hourly ones.
    let width = match history.grouping {
        Grouping::Minute => 60,
        Grouping::Hour => 3600,
        Grouping::Day | Grouping::Month => 86_400,
        Grouping::Week => 7 * 86_400,
    };
    // Days already rolled up come from listener_daily (groupings by day and coarser, whose buckets
    // are whole Brasília days), hours from listener_hourly, the rest from the minute samples
    // (grouping by minute reads only the minute samples).
    let hourly = if history.grouping == Grouping::Minute {
        start
    } else {
        rollup_watermark(db).await?.unwrap_or(i64::MIN).clamp(start, end)
    };
    let daily = if matches!(history.grouping, Grouping::Minute | Grouping::Hour) {
        start
    } else {
        watermark(db, DAILY_ROLLUP_KEY)
            .await?
            .unwrap_or(i64::MIN)
            .clamp(start, hourly)
    };
    let rolled = "CAST(SUM(samples) AS BIGINT), MAX(max_listeners), MIN(min_listeners), \
                  CAST(SUM(sum_listeners) AS BIGINT)";
    let parts = [
        ("listener_daily", rolled, (start, daily)),
        ("listener_hourly", rolled, (daily, hourly)),
        (
            "listener_samples",
            "COUNT(*), MAX(listeners), MIN(listeners), CAST(SUM(listeners) AS BIGINT)",
            (hourly, end),
        ),
    ];
    for (table, figures, (from, to)) in parts {
        if to <= from {
            continue;
        }
        let minute = history.grouping == Grouping::Minute;
        let sql = if minute {
            // One sample per bucket: nothing to aggregate, three integers a row.
            format!(
                "SELECT {channel_index}, (at - $3) / $4, listeners \
                 FROM listener_samples WHERE at >= $1 AND at < $2 AND channel IN ({channels})"
            )
        } else {
            format!(
                "SELECT {channel_index}, (at - $3) / $4, {figures} FROM {table} \
                 WHERE at >= $1 AND at < $2 AND channel IN ({channels}) GROUP BY 1, 2"
            )
        };
        let mut rows = bind_all(&sql, (from, to), (start, width), &history.types).fetch(&db.pool);
        while let Some(row) = rows.try_next().await? {
            let channel: i64 = row.try_get(0)?;
            let at = start + row.try_get::<i64, _>(1)? * width;
            if minute {
                let listeners: i64 = row.try_get(2)?;
                add(channel, at, 1, listeners, listeners, listeners);
            } else {
                add(
                    channel,
                    at,
                    row.try_get(2)?,
                    row.try_get(3)?,
                    row.try_get(4)?,
                    row.try_get(5)?,
                );
            }
        }
    }
    Ok(history
        .types
        .iter()
        .cloned()
        .zip(acc)
        .map(|(kind, series)| {
            let stats = SeriesStats {
                max: series.iter().map(|a| a.max).collect(),
                min: series.iter().map(|a| a.min).collect(),
                mean: series
                    .iter()
                    .map(|a| {
                        if a.samples == 0 {
                            0.0
                        } else {
                            round2(a.sum as f64 / a.samples as f64)
                        }
                    })
                    .collect(),
            };
            (kind, stats)
        })
        .collect())
}

/// Per-bucket session accumulators of one channel.
struct SessionAcc {
    listened_ms: Vec<i64>,
    /// Listener keys seen in each bucket (deduplicated at the end: cheaper than a set per bucket).
    unique: Vec<Vec<u64>>,
    started: Vec<i64>,
    started_ms: Vec<i64>,
}

fn listener_key(ip_hash: &str) -> u64 {
    ip_hash
        .get(..16)
        .and_then(|prefix| u64::from_str_radix(prefix, 16).ok())
        .unwrap_or_else(|| {
            use std::hash::{DefaultHasher, Hash, Hasher};
            let mut hasher = DefaultHasher::new();
            ip_hash.hash(&mut hasher);
            hasher.finish()
        })
}

async fn session_stats(
    db: &Db,
    history: &HistoryQuery,
    now_ms: i64,
) -> Result<BTreeMap<String, SessionStats>> {
    let edges_ms: Vec<i64> = history.edges.iter().map(|edge| edge * 1000).collect();
    let buckets = edges_ms.len() - 1;
    let (start, end) = (edges_ms[0], edges_ms[buckets]);
    let mut acc: HashMap<String, SessionAcc> = history
        .types
        .iter()
        .map(|kind| {
            (
                kind.clone(),
                SessionAcc {
                    listened_ms: vec![0; buckets],
                    unique: vec![Vec::new(); buckets],
                    started: vec![0; buckets],
                    started_ms: vec![0; buckets],
                },
            )
        })
        .collect();
    let mut rows = sqlx::query(
        "SELECT client, stream_id, started_at_ms, ended_at_ms, ip_hash FROM listener_sessions \
         WHERE started_at_ms < $1 AND (ended_at_ms IS NULL OR ended_at_ms > $2 \
         OR (ended_at_ms = started_at_ms AND started_at_ms >= $2))",
    )
    .persistent(false)
    .bind(end)
    .bind(start)
    .fetch(&db.pool);
    while let Some(row) = rows.try_next().await? {
        let client: String = row.try_get(0)?;
        let stream_id: String = row.try_get(1)?;
        let started: i64 = row.try_get(2)?;
        let ended: Option<i64> = row.try_get(3)?;
        let ended = ended.unwrap_or(now_ms).max(started);
        let ip_hash: String = row.try_get(4)?;
        let listener = listener_key(&ip_hash);
        for kind in [TOTAL, client.as_str(), stream_id.as_str()] {
            let Some(series) = acc.get_mut(kind) else {
                continue;
            };
            let first = bucket_of(&edges_ms, started).unwrap_or(0);
            let last = bucket_of(&edges_ms, (ended - 1).max(started)).unwrap_or(buckets - 1);
            for index in first..=last {
                let (from, to) = (edges_ms[index], edges_ms[index + 1]);
                let overlaps = started < to && (ended > from || (started >= from && ended == started));
                if !overlaps {
                    continue;
                }
                series.listened_ms[index] += ended.min(to) - started.max(from);
                series.unique[index].push(listener);
            }
            if let Some(index) = bucket_of(&edges_ms, started) {
                series.started[index] += 1;
                series.started_ms[index] += ended - started;
            }
            // A session counted for `total` is not counted twice when the caller asks for both its
            // client and its stream: each channel has its own accumulator.
        }
    }
    Ok(acc
        .into_iter()
        .map(|(kind, series)| {
            let stats = SessionStats {
                average_listeners: series
                    .listened_ms
                    .iter()
                    .enumerate()
                    .map(|(index, &ms)| {
                        let seconds = (edges_ms[index + 1] - edges_ms[index]) as f64 / 1000.0;
                        round2(ms as f64 / 1000.0 / seconds)
                    })
                    .collect(),
                unique_listeners: series
                    .unique
                    .into_iter()
                    .map(|mut seen| {
                        seen.sort_unstable();
                        seen.dedup();
                        i64::try_from(seen.len()).unwrap_or(i64::MAX)
                    })
                    .collect(),
                listening_hours: series
                    .listened_ms
                    .iter()
                    .map(|&ms| round2(ms as f64 / 3_600_000.0))
                    .collect(),
                average_session_minutes: series
                    .started
                    .iter()
                    .zip(&series.started_ms)
                    .map(|(&count, &ms)| {
                        if count == 0 {
                            0.0
                        } else {
                            round2(ms as f64 / count as f64 / 60_000.0)
                        }
                    })
                    .collect(),
            };
            (kind, stats)
        })
        .collect())
}

// ---------------------------------------------------------------------------------------------------
// getListenersByDates (the impact report)

/// The report's instants (UTC seconds), sorted, after the G20 checks.
pub fn parse_timestamps(text: &str) -> Result<Vec<i64>> {
    let lines: Vec<(usize, &str)> = text
        .split('\n')
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty())
        .collect();
    if lines.is_empty() {
        return Err(Error::bad_request(NO_TIMESTAMPS));
    }
    if lines.len() > MAX_TIMESTAMPS {
        return Err(Error::bad_request(format!(
            "No máximo {MAX_TIMESTAMPS} timestamps por relatório ({} fornecidas).",
            lines.len()
        )));
    }
    let mut instants = Vec::with_capacity(lines.len());
    for (number, line) in lines {
        let instant = parse_brasilia(line, true).ok_or_else(|| {
            Error::bad_request(format!(
                "Linha {number}: \"{}\" não é uma timestamp válida. Use o formato AAAA-MM-DD hh:mm:ss.",
                clip(line)
            ))
        })?;
        instants.push(instant);
    }
    instants.sort_unstable();
    if instants
        .windows(2)
        .any(|pair| pair[1] - pair[0] < MIN_TIMESTAMP_GAP)
    {
        return Err(Error::bad_request(TIMESTAMPS_TOO_CLOSE));
    }
    Ok(instants)
}

async fn get_listeners_by_dates(
    State(state): State<AppState>,
    user: AuthUser,
    RawQuery(query): RawQuery,
) -> Result<Response> {
    require(&state, &user, READ_STATS).await?;
    let pairs = query_pairs(query.as_deref());
    let instants = parse_timestamps(first(&pairs, "timestamps").unwrap_or_default())?;
    Ok(reply("success", impact_report(&state.db, &instants).await?))
}

/// Listeners of each stream at each instant: the sessions open then (exact), and for streams played
/// from an external Icecast mount (no sessions here) the minute sample Icecast reported. Where the
/// station was not running (no session, no sample), that is 0: the stream could not be read.
pub async fn impact_report(db: &Db, instants: &[i64]) -> Result<ImpactReport> {
    let book = ChannelBook::load(db).await?;
    let external: HashSet<String> = sqlx::query_scalar(
        "SELECT DISTINCT s.stream_id FROM stream_sources ss JOIN streams s ON s.id = ss.stream_id \
         WHERE ss.src LIKE 'http://%' OR ss.src LIKE 'https://%'",
    )
    .fetch_all(&db.pool)
    .await?
    .into_iter()
    .collect();
    let mut data: BTreeMap<String, Vec<i64>> = book
        .streams
        .iter()
        .map(|(id, _, _)| (id.clone(), vec![0; instants.len()]))
        .collect();
    for (index, &instant) in instants.iter().enumerate() {
        let at_ms = instant * 1000;
        let rows: Vec<(String, i64)> = sqlx::query_as(
            "SELECT stream_id, COUNT(*) FROM listener_sessions \
             WHERE started_at_ms <= $1 AND (ended_at_ms IS NULL OR ended_at_ms > $1) GROUP BY stream_id",
        )
        .bind(at_ms)
        .fetch_all(&db.pool)
        .await?;
        for (stream_id, listeners) in rows {
            data.entry(stream_id).or_insert_with(|| vec![0; instants.len()])[index] += listeners;
        }
        if !external.is_empty() {
            let minute = instant - instant.rem_euclid(60);
            let samples: Vec<(String, i64)> =
                sqlx::query_as("SELECT channel, listeners FROM listener_samples WHERE at = $1")
                    .bind(minute)
                    .fetch_all(&db.pool)
                    .await?;
            for (channel, listeners) in samples {
                if external.contains(&channel)
                    && let Some(series) = data.get_mut(&channel)
                {
                    series[index] = series[index].max(listeners);
                }
            }
        }
    }
    let total_listeners = data.values().flatten().sum();
    Ok(ImpactReport {
        time_data: instants.iter().map(|&at| format_brasilia(at, true)).collect(),
        listeners_data: data,
        total_listeners,
        total_num_inserts: i64::try_from(instants.len()).unwrap_or(i64::MAX),
    })
}

// ---------------------------------------------------------------------------------------------------
// cleanCache (G21)

/// What cleanCache empties. Now playing is not among them: its prepared bytes are the on-air state
/// itself, rebuilt only at a track change, so dropping them would blank the players until the next song.
pub const CLEANED_CACHES: &[&str] = &["newsMostRead", "metaHistory", "socialLoginKeys"];

async fn clean_cache(State(state): State<AppState>, user: AuthUser) -> Result<Response> {
    require(&state, &user, CLEAN_CACHE).await?;
    state.most_read_cache.clear();
    state.history_cache.clear();
    state.auth.firebase.clear().await;
    tracing::info!(user_id = user.user_id, "caches cleaned");
    Ok(reply(
        "cache cleaned",
        CacheCleaned {
            cleaned: CLEANED_CACHES.iter().map(|name| (*name).to_owned()).collect(),
        },
    ))
}

// ---------------------------------------------------------------------------------------------------
// Retention

/// What one retention pass did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RetentionReport {
    /// Hours before this instant (UTC seconds) are in `listener_hourly`.
    pub rolled_until: i64,
    pub hourly_rows_written: u64,
    /// Brasília days before this instant (UTC seconds) are in `listener_daily`.
    pub days_rolled_until: i64,
    pub daily_rows_written: u64,
    pub samples_deleted: u64,
    pub hourly_deleted: u64,
    pub daily_deleted: u64,
    pub sessions_deleted: u64,
}

/// Rolls the complete hours of minute samples up into `listener_hourly` and the complete days of
/// those into `listener_daily`, then drops minute samples older than `MINUTE_RETENTION_DAYS` (only
/// once rolled up), hourly and daily rows older than `HOURLY_RETENTION_DAYS` and closed sessions
/// older than `SESSION_RETENTION_DAYS`. Idempotent; several instances may run it.
pub async fn roll_up_and_prune(db: &Db, now_s: i64) -> Result<RetentionReport, sqlx::Error> {
    let target = {
        let t = now_s - ROLLUP_DELAY_S;
        t - t.rem_euclid(3600)
    };
    let from = match rollup_watermark(db).await? {
        Some(watermark) => watermark,
        None => {
            let oldest: Option<i64> = sqlx::query_scalar("SELECT MIN(at) FROM listener_samples")
                .fetch_one(&db.pool)
                .await?;
            oldest.map_or(target, |at| at - at.rem_euclid(3600))
        }
    };
    let mut report = RetentionReport {
        rolled_until: from.max(target),
        ..RetentionReport::default()
    };
    if target > from {
        let mut tx = db.pool.begin().await?;
        report.hourly_rows_written = sqlx::query(
            "INSERT INTO listener_hourly (at, channel, samples, max_listeners, min_listeners, sum_listeners) \
             SELECT at - (at % 3600), channel, COUNT(*), MAX(listeners), MIN(listeners), \
             CAST(SUM(listeners) AS BIGINT) FROM listener_samples WHERE at >= $1 AND at < $2 \
             GROUP BY at - (at % 3600), channel \
             ON CONFLICT (channel, at) DO UPDATE SET samples = excluded.samples, \
             max_listeners = excluded.max_listeners, min_listeners = excluded.min_listeners, \
             sum_listeners = excluded.sum_listeners",
        )
        .bind(from)
        .bind(target)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        sqlx::query(
            "INSERT INTO settings (key, value) VALUES ($1, $2) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .bind(ROLLUP_KEY)
        .bind(target.to_string())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        // A large rollup (the first one over existing data) changes the table's statistics: without
        // them PostgreSQL plans the history for a handful of rows and sorts thousands by collation.
        if report.hourly_rows_written > 10_000 {
            sqlx::query("ANALYZE listener_hourly").execute(&db.pool).await?;
        }
    } else if rollup_watermark(db).await?.is_none() {
        db.set_setting(ROLLUP_KEY, &from.to_string()).await?;
    }
    roll_up_days(db, &mut report).await?;
    let sample_cutoff = report.rolled_until.min(now_s - MINUTE_RETENTION_DAYS * 86_400);
    report.samples_deleted = sqlx::query("DELETE FROM listener_samples WHERE at < $1")
        .bind(sample_cutoff)
        .execute(&db.pool)
        .await?
        .rows_affected();
    report.hourly_deleted = sqlx::query("DELETE FROM listener_hourly WHERE at < $1")
        .bind(now_s - HOURLY_RETENTION_DAYS * 86_400)
        .execute(&db.pool)
        .await?
        .rows_affected();
    report.daily_deleted = sqlx::query("DELETE FROM listener_daily WHERE at < $1")
        .bind(brasilia_day(now_s - HOURLY_RETENTION_DAYS * 86_400))
        .execute(&db.pool)
        .await?
        .rows_affected();
    report.sessions_deleted =
        sqlx::query("DELETE FROM listener_sessions WHERE ended_at_ms IS NOT NULL AND ended_at_ms < $1")
            .bind((now_s - SESSION_RETENTION_DAYS * 86_400) * 1000)
            .execute(&db.pool)
            .await?
            .rows_affected();
    Ok(report)
}

/// The retention job of a running server: a pass shortly after start, then every 10 minutes.
/// Rolls the Brasília days whose hours are all in `listener_hourly` up into `listener_daily`.
async fn roll_up_days(db: &Db, report: &mut RetentionReport) -> Result<(), sqlx::Error> {
    let target = brasilia_day(report.rolled_until);
    let from = match watermark(db, DAILY_ROLLUP_KEY).await? {
        Some(watermark) => watermark,
        None => {
            let oldest: Option<i64> = sqlx::query_scalar("SELECT MIN(at) FROM listener_hourly")
                .fetch_one(&db.pool)
                .await?;
            oldest.map_or(target, brasilia_day)
        }
    };
    report.days_rolled_until = from.max(target);
    if target <= from {
        return Ok(());
    }
    let mut tx = db.pool.begin().await?;
    // `at` is positive, so `%` is the Euclidean remainder in both databases.
    report.daily_rows_written = sqlx::query(
        "INSERT INTO listener_daily (at, channel, samples, max_listeners, min_listeners, sum_listeners) \
         SELECT at - ((at + $3) % 86400), channel, CAST(SUM(samples) AS BIGINT), MAX(max_listeners), \
         MIN(min_listeners), CAST(SUM(sum_listeners) AS BIGINT) FROM listener_hourly \
         WHERE at >= $1 AND at < $2 GROUP BY 1, 2 \
         ON CONFLICT (channel, at) DO UPDATE SET samples = excluded.samples, \
         max_listeners = excluded.max_listeners, min_listeners = excluded.min_listeners, \
         sum_listeners = excluded.sum_listeners",
    )
    .bind(from)
    .bind(target)
    .bind(BRT_OFFSET_S)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    sqlx::query(
        "INSERT INTO settings (key, value) VALUES ($1, $2) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )
    .bind(DAILY_ROLLUP_KEY)
    .bind(target.to_string())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    if report.daily_rows_written > 1_000 {
        sqlx::query("ANALYZE listener_daily").execute(&db.pool).await?;
    }
    Ok(())
}

pub async fn run_retention(db: Db, shutdown: CancellationToken) {
    let mut delay = Duration::from_secs(5);
    loop {
        tokio::select! {
            () = tokio::time::sleep(delay) => {}
            () = shutdown.cancelled() => return,
        }
        delay = RETENTION_PERIOD;
        match roll_up_and_prune(&db, now_ms().div_euclid(1000)).await {
            Ok(report) => tracing::debug!(?report, "statistics retention pass"),
            Err(err) => tracing::warn!(error = %err, "statistics retention pass failed"),
        }
    }
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
