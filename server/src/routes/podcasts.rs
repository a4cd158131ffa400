//! Podcasts (doc2 §2 Podcasts, §3, §7; decisions C05, C36, C40, G51): the shows of the grid, the PRO
//! shows, a show's episodes (news items of the show, newest first) and the same-origin 'outros'
//! catalogue (/podcasts/outros/{slug}).
//!
//! The catalogue is a mixcloud-style service. With `ONDA_MIXCLOUD_API_URL` set the server calls it
//! (the browser never does), caches each reply and keeps serving the last good copy when it goes
//! away; unset, the same shapes come from `podcast_collections`/`podcast_recordings`.

use axum::{
    Json,
    extract::{Query, State},
};
use onda_shared::{
    Envelope,
    media_content::{
        Cloudcast, CloudcastPage, CloudcastTag, Paging, PodcastEpisode, PodcastPlaylist, PodcastShow,
    },
};
use serde::Deserialize;
use serde_json::Value;
use sqlx::{Row, any::AnyRow};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result, accounts,
    auth::AuthUser,
    clock::iso,
    error::ok,
    extract::{ApiPath, path_number},
    openapi::{ErrorReply, Reply, tags},
};

pub const PODCAST_NOT_FOUND: &str = "podcast not found";
pub const CATEGORY_NOT_FOUND: &str = "category not found";
/// The catalogue cannot be reached and nothing is cached: the UI shows its error text (PD-08).
pub const CATALOGUE_UNAVAILABLE: &str = "podcast catalogue unavailable";

/// The catalogue's page size (mixcloud limit 10, constants OTHER_PODCASTS_PAGE).
pub const CLOUDCASTS_PAGE: i64 = 10;
const MAX_COUNT: i64 = 100;
const MAX_OFFSET: i64 = 1_000_000;
const MAX_SLUG: usize = 200;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_podcasts_data))
        .routes(routes!(get_pro_podcasts_data))
        .routes(routes!(get_podcast_episodes))
        .routes(routes!(get_playlists))
        .routes(routes!(get_cloudcasts))
}

// ---------------------------------------------------------------------------------------------------
// Helpers

/// The player host's embed for a key (`/account/show/`), as `podcast_player_url?feed=…`.
pub fn player_url(base: &str, key: &str) -> String {
    let feed: String = form_urlencoded::byte_serialize(key.as_bytes()).collect();
    let separator = if base.contains('?') { '&' } else { '?' };
    format!("{base}{separator}feed={feed}")
}

fn show_key(state: &AppState, show_id: &str) -> String {
    format!("/{}/{}/", state.config.station_slug, show_id.trim_matches('/'))
}

const SHOW_SELECT: &str = "SELECT id, slug, name, subtitle, description, thumb_url, image_featured_url, host_type, \
     show_id, is_pro, player_style, player_color FROM podcast_shows";

fn show_from_row(state: &AppState, row: &AnyRow, with_player: bool) -> Result<PodcastShow> {
    let show_id: String = row.try_get("show_id")?;
    let pro = row.try_get::<i64, _>("is_pro")? != 0;
    let player_url = (!show_id.is_empty() && (with_player || !pro))
        .then(|| player_url(&state.config.podcast_player_url, &show_key(state, &show_id)));
    Ok(PodcastShow {
        id: row.try_get("id")?,
        slug: row.try_get("slug")?,
        name: row.try_get("name")?,
        subtitle: row.try_get("subtitle")?,
        description: row.try_get("description")?,
        thumb: row.try_get("thumb_url")?,
        image_featured: row.try_get("image_featured_url")?,
        kind: row.try_get("host_type")?,
        show_id,
        pro,
        podcast_player_style: row.try_get("player_style")?,
        podcast_player_color: row.try_get("player_color")?,
        player_url,
    })
}

// ---------------------------------------------------------------------------------------------------
// Shows and episodes

/// `getPodcastsData`: every show, in grid order. PRO shows are listed (so /podcasts/{proShow} can
/// show the PRO notice) without their player; the grid leaves them out, and shows without a show id
/// (PD-01, C36).
#[utoipa::path(get, path = "/getPodcastsData", tag = tags::PODCASTS,
    responses((status = 200, description = "Every show in grid order; PRO shows without a player",
        body = Reply<Vec<PodcastShow>>)))]
async fn get_podcasts_data(State(state): State<AppState>) -> Result<Json<Envelope<Vec<PodcastShow>>>> {
    let rows = sqlx::query(&format!("{SHOW_SELECT} ORDER BY position, id"))
        .fetch_all(&state.db.pool)
        .await?;
    let shows = rows
        .iter()
        .map(|row| show_from_row(&state, row, false))
        .collect::<Result<Vec<_>>>()?;
    Ok(ok(shows))
}

/// `getProPodcastsData` (bearer): the PRO shows. 401 without a session; a non-PRO user gets their
/// metadata only, without a player (C36, G51).
#[utoipa::path(get, path = "/getProPodcastsData", tag = tags::PODCASTS,
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "The PRO shows; with their player for a PRO user",
        body = Reply<Vec<PodcastShow>>)))]
async fn get_pro_podcasts_data(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Envelope<Vec<PodcastShow>>>> {
    let pro = accounts::is_pro(&state.db, user.user_id).await?;
    let rows = sqlx::query(&format!("{SHOW_SELECT} WHERE is_pro = 1 ORDER BY position, id"))
        .fetch_all(&state.db.pool)
        .await?;
    let shows = rows
        .iter()
        .map(|row| show_from_row(&state, row, pro))
        .collect::<Result<Vec<_>>>()?;
    Ok(ok(shows))
}

/// `getPodcastEpisodes/{show}/{offset}/{count}` (C40: offset first): the show's episodes, newest
/// first. Unknown show: 404.
#[utoipa::path(get, path = "/getPodcastEpisodes/{show}/{offset}/{count}", tag = tags::PODCASTS,
    params(
        ("show" = String, Path, description = "The show's slug"),
        ("offset" = String, Path, pattern = "^[0-9]{1,7}$", description = "Episodes to skip, 0 to 1 000 000 (decimal digits)"),
        ("count" = String, Path, pattern = "^[0-9]{1,3}$", description = "Episodes to return, 1 to 100 (decimal digits)"),
    ),
    responses(
        (status = 200, description = "The show's episodes, newest first", body = Reply<Vec<PodcastEpisode>>),
        (status = 404, description = "'podcast not found'", body = ErrorReply),
    ))]
async fn get_podcast_episodes(
    State(state): State<AppState>,
    ApiPath((show, offset, count)): ApiPath<(String, String, String)>,
) -> Result<Json<Envelope<Vec<PodcastEpisode>>>> {
    let offset = path_number(&offset, "offset", 0, MAX_OFFSET)?;
    let count = path_number(&count, "count", 0, MAX_COUNT)?;
    if count == 0 {
        return Err(Error::bad_request("invalid count"));
    }
    if show.is_empty() || show.len() > MAX_SLUG {
        return Err(Error::not_found(PODCAST_NOT_FOUND));
    }
    let show_id: i64 = sqlx::query_scalar("SELECT id FROM podcast_shows WHERE slug = $1")
        .bind(&show)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| Error::not_found(PODCAST_NOT_FOUND))?;
    Ok(ok(
        crate::data::news::episodes(&state.db, show_id, count, offset).await?
    ))
}

// ---------------------------------------------------------------------------------------------------
// 'Outros' catalogue

struct Collection {
    slug: String,
    alias: String,
    name: String,
    description: String,
    id: i64,
    recent: bool,
}

async fn collections(state: &AppState) -> Result<Vec<Collection>> {
    let rows = sqlx::query(
        "SELECT id, slug, alias, name, description, kind FROM podcast_collections ORDER BY position, id",
    )
    .fetch_all(&state.db.pool)
    .await?;
    let station = &state.config.station_name;
    rows.iter()
        .map(|row| {
            Ok(Collection {
                id: row.try_get("id")?,
                slug: row.try_get("slug")?,
                alias: row.try_get("alias")?,
                name: row.try_get("name")?,
                description: row
                    .try_get::<String, _>("description")?
                    .replace("{station}", station),
                recent: row.try_get::<String, _>("kind")? == "recent",
            })
        })
        .collect()
}

/// A category by its route slug or its unaccented alias (C05); route params arrive decoded.
async fn collection(state: &AppState, slug: &str) -> Result<Collection> {
    let wanted = slug.to_lowercase();
    collections(state)
        .await?
        .into_iter()
        .find(|c| c.slug == wanted || c.alias == wanted)
        .ok_or_else(|| Error::not_found(CATEGORY_NOT_FOUND))
}

/// `external/mixcloud/playlists`: the five categories with their descriptions, in menu order.
#[utoipa::path(get, path = "/external/mixcloud/playlists", tag = tags::PODCASTS, operation_id = "get_podcast_playlists",
    responses((status = 200, description = "The categories in menu order", body = Reply<Vec<PodcastPlaylist>>)))]
async fn get_playlists(State(state): State<AppState>) -> Result<Json<Envelope<Vec<PodcastPlaylist>>>> {
    let list = collections(&state)
        .await?
        .into_iter()
        .map(|c| PodcastPlaylist {
            name: c.name,
            slug: c.slug,
            alias: c.alias,
            description: c.description,
        })
        .collect();
    Ok(ok(list))
}

#[derive(Deserialize)]
struct PageQuery {
    offset: Option<String>,
}

/// `external/mixcloud/cloudcasts/{slug}?offset=N`: 10 recordings of a category ('recentes': the newest
/// of every playlist), newest first, with `paging.next` while more exist.
#[utoipa::path(get, path = "/external/mixcloud/cloudcasts/{slug}", tag = tags::PODCASTS,
    params(
        ("slug" = String, Path, description = "The category's slug or its unaccented alias, e.g. `recentes`"),
        ("offset" = Option<String>, Query, pattern = "^[0-9]{1,7}$", description = "Recordings to skip, 0 to 1 000 000 (decimal digits)"),
    ),
    responses(
        (status = 200, description = "A page of recordings; refusal 'podcast catalogue unavailable'",
            body = Reply<CloudcastPage>),
        (status = 404, description = "'category not found'", body = ErrorReply),
    ))]
async fn get_cloudcasts(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
    query: std::result::Result<Query<PageQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Envelope<CloudcastPage>>> {
    let Ok(Query(query)) = query else {
        return Err(Error::bad_request("invalid offset"));
    };
    let offset = match query.offset.as_deref() {
        None => 0,
        Some(raw) => path_number(raw, "offset", 0, MAX_OFFSET)?,
    };
    if slug.is_empty() || slug.len() > MAX_SLUG {
        return Err(Error::not_found(CATEGORY_NOT_FOUND));
    }
    let category = collection(&state, &slug).await?;
    let (data, more) = match state.config.mixcloud_api_url.as_deref().map(str::trim) {
        Some(base) if !base.is_empty() => upstream_cloudcasts(&state, base, &category, offset).await?,
        _ => stored_cloudcasts(&state, &category, offset).await?,
    };
    let next = more.then(|| {
        let encoded: String = form_urlencoded::byte_serialize(category.alias.as_bytes()).collect();
        format!(
            "/api/v1/external/mixcloud/cloudcasts/{encoded}?offset={}",
            offset + CLOUDCASTS_PAGE
        )
    });
    Ok(ok(CloudcastPage {
        data,
        paging: Paging { next },
    }))
}

async fn stored_cloudcasts(
    state: &AppState,
    category: &Collection,
    offset: i64,
) -> Result<(Vec<Cloudcast>, bool)> {
    let filter = if category.recent {
        ""
    } else {
        "WHERE collection_id = $3"
    };
    let sql = format!(
        "SELECT id, slug, player_key, name, image_url, published_at FROM podcast_recordings {filter} \
         ORDER BY published_at DESC, id DESC LIMIT $1 OFFSET $2"
    );
    // One more than a page tells whether a next page exists.
    let mut query = sqlx::query(&sql).bind(CLOUDCASTS_PAGE + 1).bind(offset);
    if !category.recent {
        query = query.bind(category.id);
    }
    let rows = query.fetch_all(&state.db.pool).await?;
    let more = rows.len() as i64 > CLOUDCASTS_PAGE;
    let rows = &rows[..rows.len().min(CLOUDCASTS_PAGE as usize)];
    let ids = rows
        .iter()
        .map(|row| row.try_get::<i64, _>("id"))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    let tags = recording_tags(state, &ids).await?;
    let data = rows
        .iter()
        .zip(ids)
        .map(|(row, id)| {
            let slug: String = row.try_get("slug")?;
            // The recording's address at the player host: its own key when staff gave one, else its slug.
            let key: String = row.try_get("player_key")?;
            let key = if key.is_empty() { &slug } else { &key };
            Ok(Cloudcast {
                player_url: player_url(&state.config.podcast_player_url, &show_key(state, key)),
                name: row.try_get("name")?,
                tags: tags
                    .iter()
                    .filter(|(owner, _)| *owner == id)
                    .map(|(_, name)| CloudcastTag { name: name.clone() })
                    .collect(),
                date: iso(row.try_get("published_at")?),
                image: row.try_get("image_url")?,
                slug,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok((data, more))
}

/// The tags of a page of recordings, in their order: (recording id, tag).
async fn recording_tags(state: &AppState, ids: &[i64]) -> Result<Vec<(i64, String)>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    // The ids are ours (read just above, at most a page), so they may be written into the SQL.
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    Ok(sqlx::query_as(&format!(
        "SELECT recording_id, name FROM podcast_recording_tags WHERE recording_id IN ({list}) \
         ORDER BY recording_id, position"
    ))
    .fetch_all(&state.db.pool)
    .await?)
}

/// The category's page at the catalogue service: `{base}/cloudcasts/` for 'recentes', else
/// `{base}/playlists/{alias}/cloudcasts/`. Unreachable with nothing cached: a refusal in the envelope.
async fn upstream_cloudcasts(
    state: &AppState,
    base: &str,
    category: &Collection,
    offset: i64,
) -> Result<(Vec<Cloudcast>, bool)> {
    let base = base.trim_end_matches('/');
    let url = if category.recent {
        format!("{base}/cloudcasts/?limit={CLOUDCASTS_PAGE}&offset={offset}")
    } else {
        let alias: String = form_urlencoded::byte_serialize(category.alias.as_bytes()).collect();
        format!("{base}/playlists/{alias}/cloudcasts/?limit={CLOUDCASTS_PAGE}&offset={offset}")
    };
    let reply = state
        .external_cache
        .get_json(&url)
        .await
        .ok_or_else(|| Error::refused(CATALOGUE_UNAVAILABLE))?;
    let Some(items) = reply.get("data").and_then(Value::as_array) else {
        return Err(Error::refused(CATALOGUE_UNAVAILABLE));
    };
    let text = |value: &Value, key: &str| {
        value
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let data = items
        .iter()
        .take(CLOUDCASTS_PAGE as usize)
        .filter_map(|item| {
            let slug = text(item, "slug");
            if slug.is_empty() {
                return None;
            }
            // The service's key is the recording's own path (`/account/slug/`).
            let key = Some(text(item, "key"))
                .filter(|k| k.starts_with('/'))
                .unwrap_or_else(|| show_key(state, &slug));
            let tags = item
                .get("tags")
                .and_then(Value::as_array)
                .map(|tags| {
                    tags.iter()
                        .map(|t| CloudcastTag {
                            name: text(t, "name"),
                        })
                        .filter(|t| !t.name.is_empty())
                        .collect()
                })
                .unwrap_or_default();
            let image = item
                .get("pictures")
                .map(|p| text(p, "medium"))
                .filter(|i| i.starts_with("https://"))
                .unwrap_or_default();
            Some(Cloudcast {
                player_url: player_url(&state.config.podcast_player_url, &key),
                name: text(item, "name"),
                slug,
                tags,
                date: text(item, "created_time"),
                image,
            })
        })
        .collect();
    let more = reply
        .get("paging")
        .and_then(|p| p.get("next"))
        .and_then(Value::as_str)
        .is_some_and(|next| !next.is_empty());
    Ok((data, more))
}
