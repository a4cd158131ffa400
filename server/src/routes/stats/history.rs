//! getFilteredListeners and getFilteredSessions: the history's query, the per-bucket figures from the
//! samples and their rollups, and the exact session figures.

use std::collections::{BTreeMap, HashMap};

use axum::{
    extract::{RawQuery, State},
    http::HeaderValue,
    response::Response,
};
use futures_util::TryStreamExt;
use onda_shared::stats::{FilteredListeners, FilteredSessions, SeriesStats, SessionStats};
use sqlx::Row;

use super::{
    BAD_END, BAD_GROUPING, BAD_START, DAILY_ROLLUP_KEY, END_BEFORE_START, MAX_BUCKETS, MAX_TYPES, NO_TYPES,
    READ_STATS, TOO_MANY_TYPES, channels::ChannelBook, permissions::require, reply,
};
use crate::{
    AppState, Error, Result,
    auth::AuthUser,
    clock::now_ms,
    data::statistics::{
        Grouping, bucket_edges, format_brasilia, parse_brasilia, rollup_watermark, watermark,
    },
    db::{Db, placeholders},
    openapi::{Reply, tags},
    radio::listeners::TOTAL,
};

/// The decoded query string; repeated keys kept (`listenersTypes[]=a&listenersTypes[]=b`).
pub(super) fn query_pairs(query: Option<&str>) -> Vec<(String, String)> {
    form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .map(|(key, value)| (key.into_owned(), value.into_owned()))
        .collect()
}

pub(super) fn first<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(name, _)| name == key)
        .map(|(_, value)| value.trim())
}

/// The history's query string as documented (the handlers read it raw, keeping repeated keys).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub(super) struct HistoryParams {
    /// First instant, `YYYY-MM-DD HH:mm` in Brasília (years 2000–2100).
    #[param(
        rename = "startDate",
        pattern = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}$"
    )]
    start_date: String,
    /// Last instant, `YYYY-MM-DD HH:mm` in Brasília, not before `startDate`.
    #[param(
        rename = "endDate",
        pattern = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}$"
    )]
    end_date: String,
    /// The bucket width: `minute`, `hour`, `day`, `week` or `month` (at most 10 000 buckets).
    #[param(rename = "choiceTime", pattern = "^(minute|hour|day|week|month)$")]
    choice_time: String,
    /// The channels (1 to 50): `total`, a client kind or a stream id; repeat the key for each.
    #[param(rename = "listenersTypes[]", style = Form, explode, min_items = 1, max_items = 50,
        example = json!(["total", "https"]))]
    listeners_types: Vec<String>,
}

/// A validated history request.
#[derive(Debug, Clone)]
pub struct HistoryQuery {
    pub edges: Vec<i64>,
    pub grouping: Grouping,
    pub types: Vec<String>,
}

pub(super) fn clip(text: &str) -> String {
    let mut clipped: String = text.chars().take(40).collect();
    if clipped.len() < text.len() {
        clipped.push('…');
    }
    clipped
}

pub(super) async fn parse_history(db: &Db, pairs: &[(String, String)]) -> Result<HistoryQuery> {
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

/// The history: max, min and mean listeners per bucket and channel (permission 1).
#[utoipa::path(get, path = "/stats/getFilteredListeners", tags = [tags::STATS, tags::STAFF],
    params(HistoryParams),
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "The bucket starts and each channel's series",
        body = Reply<FilteredListeners>)))]
pub(super) async fn get_filtered_listeners(
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
#[utoipa::path(get, path = "/stats/getFilteredSessions", tags = [tags::STATS, tags::STAFF],
    params(HistoryParams),
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "The bucket starts and each channel's session figures",
        body = Reply<FilteredSessions>)))]
pub(super) async fn get_filtered_sessions(
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
pub(super) fn timed(mut response: Response, name: &str, started: std::time::Instant) -> Response {
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
pub(super) fn time_data(edges: &[i64]) -> Vec<String> {
    edges[..edges.len() - 1]
        .iter()
        .map(|&edge| format_brasilia(edge, false))
        .collect()
}

/// max/min/sum/count of samples, accumulated per bucket.
#[derive(Clone, Copy, Default)]
pub(super) struct Acc {
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

pub(super) fn round2(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// The bucket holding `at` (seconds or milliseconds, as `edges`), if any.
pub(super) fn bucket_of(edges: &[i64], at: i64) -> Option<usize> {
    let index = edges.partition_point(|&edge| edge <= at);
    (index > 0 && index < edges.len()).then(|| index - 1)
}

pub(super) async fn sample_stats(db: &Db, history: &HistoryQuery) -> Result<BTreeMap<String, SeriesStats>> {
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
pub(super) struct SessionAcc {
    listened_ms: Vec<i64>,
    /// Listener keys seen in each bucket (deduplicated at the end: cheaper than a set per bucket).
    unique: Vec<Vec<u64>>,
    started: Vec<i64>,
    started_ms: Vec<i64>,
}

pub(super) fn listener_key(ip_hash: &str) -> u64 {
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

pub(super) async fn session_stats(
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
