//! getListeners: the live counters of every channel, summed over the running instances.

use std::collections::{BTreeMap, BTreeSet};

use axum::{extract::State, response::Response};
use onda_shared::stats::{ListenerSample, LiveListeners};

use super::{
    LIVE_INSTANCE_MS, READ_STATS, channels::ChannelBook, format_brasilia, permissions::require, reply,
};
use crate::{
    AppState, Result,
    auth::AuthUser,
    clock::now_ms,
    openapi::{Reply, tags},
    radio::listeners::TOTAL,
};

/// The last hour's minute samples of every channel, then the live counts (permission 1).
#[utoipa::path(get, path = "/stats/getListeners", tags = [tags::STATS, tags::STAFF],
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "Listeners per channel, oldest first, the live counts last",
        body = Reply<LiveListeners>)))]
pub(super) async fn get_listeners(State(state): State<AppState>, user: AuthUser) -> Result<Response> {
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
pub(super) async fn live_counts(state: &AppState, now: i64) -> Result<BTreeMap<String, i64>> {
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
