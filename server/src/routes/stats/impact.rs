//! getListenersByDates: the impact report (listeners right before and after given instants).

use std::collections::{BTreeMap, HashSet};

use axum::{
    extract::{RawQuery, State},
    response::Response,
};
use onda_shared::stats::ImpactReport;

use super::{
    MAX_TIMESTAMPS, MIN_TIMESTAMP_GAP, NO_TIMESTAMPS, READ_STATS, TIMESTAMPS_TOO_CLOSE,
    channels::ChannelBook,
    format_brasilia,
    history::{clip, first, query_pairs},
    parse_brasilia,
    permissions::require,
    reply,
};
use crate::{
    AppState, Error, Result,
    auth::AuthUser,
    db::Db,
    openapi::{Reply, tags},
};

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

/// The impact report: each stream's listeners at the given instants (permission 1).
#[utoipa::path(get, path = "/stats/getListenersByDates", tags = [tags::STATS, tags::STAFF],
    params(("timestamps" = String, Query,
        pattern = r"^([0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}:[0-9]{2}\n?)+$",
        description = "1 to 100 instants, one a line (`YYYY-MM-DD HH:mm:ss`, Brasília), at least 60 s apart")),
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "Listeners per stream at each instant", body = Reply<ImpactReport>)))]
pub(super) async fn get_listeners_by_dates(
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
