//! The channels' live input in the back office (`/api/v1/backoffice/live-sources`, permission 7, the
//! catalogue's, as the channels themselves are): where a studio's encoder connects, a channel's own
//! source password (generated here, shown once, stored as an argon2 hash, replaceable, or removed to
//! fall back to `ONDA_SOURCE_PASSWORD`), whether a source is live (since when, from which address) and
//! cutting it off. The live status is read from `live_sources`, which the instance holding a source
//! writes, so staff see it whichever instance answers; a cut-off on another instance is carried out by
//! the holder within a second (`routes/source.rs`).

use std::sync::Arc;

use axum::response::Response;
use onda_shared::live::{LiveSourceChannel, LiveSourcePassword, LiveSourceSession};
use serde_json::json;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    audit::record,
    kit::{self, Staff},
    no_store,
};
use crate::{
    AppState, Error, Result,
    auth::{AuthUser, hash_password, random_hex},
    clock::{iso, now},
    error::ok,
    extract::ApiPath,
    openapi::{EmptyReply, Reply},
    radio::live::LiveFeed,
    staff::CATALOGUE,
};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(live_sources_list))
        .routes(routes!(live_source_password_set, live_source_password_clear))
        .routes(routes!(live_source_disconnect))
}

const NO_CHANNEL: &str = "Canal não encontrado.";
const NOT_LIVE: &str = "Nenhuma fonte ao vivo neste canal.";

kit::staff_path! {
    get "/backoffice/live-sources" => "The channels, main channel first": Reply<Vec<LiveSourceChannel>>,
        401 "No session", 403 "No catalogue permission";
    /// Every channel of the station engine and its live input.
    pub async fn live_sources_list(Staff(state, _): Staff<CATALOGUE>) -> Result<Response> {
        let mut channels = Vec::new();
        let main = state.config.main_stream_id();
        let mut feeds = state.radio.live_feeds();
        feeds.sort_by_key(|feed| (feed.meta_id != main, feed.meta_id.clone()));
        for feed in feeds {
            channels.push(channel(&state, &feed).await?);
        }
        Ok(no_store(ok(channels)))
    }
}

async fn channel(state: &AppState, feed: &Arc<LiveFeed>) -> Result<LiveSourceChannel> {
    type Row = (
        Option<String>,
        Option<i64>,
        Option<i64>,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
    );
    let row: Option<Row> = sqlx::query_as(
        "SELECT password_hash, password_set_at, live_since_ms, live_address, live_mount, live_name, live_agent \
         FROM live_sources WHERE stream_id = $1",
    )
    .bind(&feed.stream_id)
    .fetch_optional(&state.db.pool)
    .await?;
    let name: Option<String> = sqlx::query_scalar("SELECT name FROM streams WHERE stream_id = $1")
        .bind(&feed.stream_id)
        .fetch_optional(&state.db.pool)
        .await?;
    let mut mounts: Vec<String> = state
        .radio
        .mount_names()
        .into_iter()
        .filter(|mount| {
            state
                .radio
                .mount(mount)
                .and_then(|info| info.live.clone())
                .is_some_and(|live| Arc::ptr_eq(&live, feed))
        })
        .collect();
    mounts.sort_by_key(|mount| (!mount.ends_with(".mp3"), mount.clone()));
    let (hash, set_at, since, address, mount, live_name, agent) =
        row.unwrap_or((None, None, None, None, None, None, None));
    Ok(LiveSourceChannel {
        stream_id: feed.stream_id.clone(),
        meta_id: feed.meta_id.clone(),
        name: name.unwrap_or_else(|| feed.stream_id.clone()),
        mounts: mounts
            .into_iter()
            .map(|mount| format!("/stream/{mount}"))
            .collect(),
        own_password: hash.is_some(),
        password_set_at: hash.and(set_at).map(iso),
        station_password: state
            .config
            .source_password
            .as_deref()
            .is_some_and(|password| !password.is_empty()),
        live: since.map(|since_ms| LiveSourceSession {
            since: iso(since_ms.div_euclid(1000)),
            address: address.unwrap_or_default(),
            mount: mount.unwrap_or_default(),
            name: live_name.unwrap_or_default(),
            user_agent: agent.unwrap_or_default(),
        }),
    })
}

/// The audit row of a change to a channel's live input (in the change's transaction).
async fn audit(tx: &mut sqlx::AnyConnection, user: &AuthUser, action: &str, feed: &LiveFeed) -> Result<()> {
    record(
        tx,
        user.user_id,
        action,
        "live_source",
        None,
        None,
        Some(&json!({ "streamId": feed.stream_id })),
    )
    .await
}

fn feed_of(state: &AppState, stream_id: &str) -> Result<Arc<LiveFeed>> {
    state
        .radio
        .live_feed(stream_id)
        .ok_or_else(|| Error::not_found(NO_CHANNEL))
}

kit::staff_path! {
    post "/backoffice/live-sources/{streamId}/password", params(("streamId" = String, Path, description = "The channel's stream"))
        => "The new password, shown this once": Reply<LiveSourcePassword>,
        401 "No session", 403 "No catalogue permission", 404 "No such channel";
    /// Gives the channel a new source password of its own, replacing any earlier one: the encoder then
    /// connects with user `source` and this password. Shown once; only its hash is kept.
    pub async fn live_source_password_set(
        Staff(state, user): Staff<CATALOGUE>,
        ApiPath(stream_id): ApiPath<String>,
    ) -> Result<Response> {
        let feed = feed_of(&state, &stream_id)?;
        // 128 bits, in characters every encoder's password field takes.
        let password = random_hex(16);
        let hash = hash_password(&state.config, &password).await?;
        let mut tx = state.db.pool.begin().await?;
        sqlx::query(
            "INSERT INTO live_sources (stream_id, password_hash, password_set_at) VALUES ($1, $2, $3) \
             ON CONFLICT (stream_id) DO UPDATE SET password_hash = $2, password_set_at = $3",
        )
        .bind(&feed.stream_id)
        .bind(&hash)
        .bind(now())
        .execute(&mut *tx)
        .await?;
        audit(&mut tx, &user, "live_source.password", &feed).await?;
        tx.commit().await?;
        Ok(no_store(ok(LiveSourcePassword { password })))
    }
}

kit::staff_path! {
    delete "/backoffice/live-sources/{streamId}/password", params(("streamId" = String, Path, description = "The channel's stream"))
        => "Removed (or there was none)": EmptyReply,
        401 "No session", 403 "No catalogue permission", 404 "No such channel";
    /// Removes the channel's own password: the station's (`ONDA_SOURCE_PASSWORD`) applies again.
    pub async fn live_source_password_clear(
        Staff(state, user): Staff<CATALOGUE>,
        ApiPath(stream_id): ApiPath<String>,
    ) -> Result<Response> {
        let feed = feed_of(&state, &stream_id)?;
        let mut tx = state.db.pool.begin().await?;
        let cleared = sqlx::query(
            "UPDATE live_sources SET password_hash = NULL, password_set_at = NULL \
             WHERE stream_id = $1 AND password_hash IS NOT NULL",
        )
        .bind(&feed.stream_id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if cleared > 0 {
            audit(&mut tx, &user, "live_source.password_removed", &feed).await?;
        }
        tx.commit().await?;
        Ok(no_store(ok(())))
    }
}

kit::staff_path! {
    post "/backoffice/live-sources/{streamId}/disconnect", params(("streamId" = String, Path, description = "The channel's stream"))
        => "Cut off": EmptyReply,
        401 "No session", 403 "No catalogue permission", 404 "No such channel, or no source live on it";
    /// Cuts the channel's source off: the autoDJ resumes within two seconds. The encoder may connect again
    /// (most retry on their own); change the password first to keep it off.
    pub async fn live_source_disconnect(
        Staff(state, user): Staff<CATALOGUE>,
        ApiPath(stream_id): ApiPath<String>,
    ) -> Result<Response> {
        let feed = feed_of(&state, &stream_id)?;
        let local = feed.disconnect();
        let mut tx = state.db.pool.begin().await?;
        // The instance holding the source (this one or another) acts on the request.
        let elsewhere = sqlx::query(
            "UPDATE live_sources SET cut_requested = 1 WHERE stream_id = $1 AND live_since_ms IS NOT NULL",
        )
        .bind(&feed.stream_id)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            > 0;
        if !local && !elsewhere {
            return Err(Error::not_found(NOT_LIVE));
        }
        audit(&mut tx, &user, "live_source.disconnect", &feed).await?;
        tx.commit().await?;
        Ok(no_store(ok(())))
    }
}
