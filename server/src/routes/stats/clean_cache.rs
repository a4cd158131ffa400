//! cleanCache (G21): empties the server's derived caches for staff.

use axum::{extract::State, response::Response};
use onda_shared::stats::CacheCleaned;

use super::{CLEAN_CACHE, permissions::require, reply};
use crate::{
    AppState, Result,
    auth::AuthUser,
    openapi::{Reply, tags},
};

/// What cleanCache empties. Now playing is not among them: its prepared bytes are the on-air state
/// itself, rebuilt only at a track change, so dropping them would blank the players until the next song.
pub const CLEANED_CACHES: &[&str] = &["newsMostRead", "metaHistory", "socialLoginKeys"];

/// G21: empties the server's derived caches (permission 2).
#[utoipa::path(post, path = "/stats/cleanCache", tags = [tags::STATS, tags::STAFF],
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "The caches emptied", body = Reply<CacheCleaned>)))]
pub(super) async fn clean_cache(State(state): State<AppState>, user: AuthUser) -> Result<Response> {
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
