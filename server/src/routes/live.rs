//! The live radio API (doc1 §7 Player; G06, G35–G37, G60, G61, S05): the stream lists, what is on air,
//! the last played songs, the push channel and song rating.
//!
//! getCurrentSongInfo is the call every listener makes every 10 s: it answers from the bytes the hub
//! serialised when the item went on air, with an ETag and a short public max-age so a CDN can absorb
//! the polling (FYC only busts caches; the server ignores it).

use std::{convert::Infallible, time::Duration};

use axum::{
    Json,
    body::Body,
    extract::State,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{
        IntoResponse, Response,
        sse::{Event, KeepAlive, Sse},
    },
};
use bytes::Bytes;
use futures_util::Stream;
use onda_shared::{
    Envelope,
    live::{
        MetaType, NowPlaying, NowPlayingEvent, OnAirAt, RateSongReply, RateSongRequest, Stream as LiveStream,
    },
};
use sqlx::Row;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    accounts::is_pro,
    auth::AuthUser,
    clock::{now, now_ms},
    connections::Kind,
    data::streams::{self, Entitlement},
    error::ok,
    extract::{ApiJson, ApiPath, ClientIp},
    openapi::{Reply, tags},
    radio::nowplaying::{PLAY_COLUMNS, row_to_now_playing},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_available_streams))
        .routes(routes!(get_available_pro_streams))
        .routes(routes!(get_meta_history))
        .routes(routes!(on_air_at))
        .routes(routes!(rate_song))
}

/// The calls every listener keeps making, with full paths: served outside the compression and
/// request-tracing layers (see `web::apply_middleware`), since a 464-byte reply gains nothing from gzip
/// and those layers cost a third of the throughput of the endpoint that every page polls.
pub fn hot_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_current_song_info))
        .routes(routes!(events))
}

/// G35: the live page lists up to 10 songs.
pub const HISTORY_LENGTH: i64 = 10;

/// A vote for the song that just ended still counts this long after the change (the listener heard
/// the end of it, and the page learns of a change up to 10 s late).
const PREVIOUS_VOTE_GRACE_MS: i64 = 60_000;

/// The live streams, with sources only for the streams anyone may play (S05).
#[utoipa::path(get, path = "/aovivo/getAvailableStreams", tag = tags::LIVE,
    responses((status = 200, description = "Every stream; pro and semiPro ones without sources", body = Reply<Vec<LiveStream>>)))]
async fn get_available_streams(State(state): State<AppState>) -> Result<Response> {
    let streams = streams::list(&state, Entitlement::Anonymous).await?;
    Ok((
        // The same for everyone (no pro or semiPro sources): shareable by caches for a minute.
        [(header::CACHE_CONTROL, "public, max-age=60")],
        ok(streams),
    )
        .into_response())
}

/// The live streams with the sources the caller may play: semiPro ones when logged in, pro ones for PRO.
#[utoipa::path(get, path = "/aovivo/getAvailableProStreams", tag = tags::LIVE,
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "Every stream, with the sources the caller may play", body = Reply<Vec<LiveStream>>)))]
async fn get_available_pro_streams(State(state): State<AppState>, user: AuthUser) -> Result<Response> {
    let entitlement = if is_pro(&state.db, user.user_id).await? {
        Entitlement::Pro
    } else {
        Entitlement::LoggedIn
    };
    let streams = streams::list(&state, entitlement).await?;
    Ok(([(header::CACHE_CONTROL, "private, no-store")], ok(streams)).into_response())
}

/// What is on air for a metaId (polled every 10 s; ETag and a short public max-age).
#[utoipa::path(get, path = "/api/v1/aovivo/getCurrentSongInfo/{meta_id}", tag = tags::LIVE,
    params(
        ("meta_id" = String, Path, example = "onda_1", description = "The stream's metaId, e.g. `onda_1`"),
        ("If-None-Match" = Option<String>, Header, description = "The ETag of the copy the caller holds"),
    ),
    responses(
        (status = 200, description = "The item on air", body = Reply<NowPlaying>,
            headers(("ETag" = String, description = "Changes with the item on air"))),
        (status = 304, description = "Not modified: If-None-Match is the current ETag",
            headers(("ETag" = String, description = "The current ETag"))),
        (status = 404, description = "Nothing on air for this metaId", body = crate::openapi::ErrorReply),
    ))]
async fn get_current_song_info(
    State(state): State<AppState>,
    ApiPath(meta_id): ApiPath<String>,
    headers: HeaderMap,
) -> Result<Response> {
    let Some(current) = streams::on_air(&state, &meta_id).await? else {
        return Err(Error::not_found("nothing on air"));
    };
    let etag = current.etag.clone();
    let cache = HeaderValue::from_static("public, max-age=5, stale-while-revalidate=5");
    if headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|tag| tag.as_bytes() == etag.as_bytes())
    {
        let mut response = StatusCode::NOT_MODIFIED.into_response();
        response.headers_mut().insert(header::ETAG, etag);
        response.headers_mut().insert(header::CACHE_CONTROL, cache);
        return Ok(response);
    }
    let mut response = Response::new(Body::from(current.json.clone()));
    let response_headers = response.headers_mut();
    response_headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response_headers.insert(header::ETAG, etag);
    response_headers.insert(header::CACHE_CONTROL, cache);
    Ok(response)
}

/// G35: the last songs played before the one on air, newest first (an unknown metaId: empty).
#[utoipa::path(get, path = "/aovivo/getMetaHistory/{meta_id}", tag = tags::LIVE,
    params(("meta_id" = String, Path, example = "onda_1", description = "The stream's metaId, e.g. `onda_1`")),
    responses((status = 200, description = "Up to 10 songs, newest first", body = Reply<Vec<NowPlaying>>)))]
async fn get_meta_history(
    State(state): State<AppState>,
    ApiPath(meta_id): ApiPath<String>,
) -> Result<Response> {
    let current = streams::on_air(&state, &meta_id).await?;
    let key = current
        .as_ref()
        .map(|on_air| on_air.music_hash.clone())
        .unwrap_or_default();
    let cached = state
        .history_cache
        .get(&meta_id)
        .filter(|(hash, _)| *hash == key && !key.is_empty())
        .map(|(_, json)| json.clone());
    let json = match cached {
        Some(json) => json,
        None => {
            let before = current
                .as_ref()
                .map_or(i64::MAX, |on_air| on_air.now.started_at_ms);
            let history = history(&state, &meta_id, before).await?;
            let json = Bytes::from(serde_json::to_vec(&Envelope::success(history)).unwrap_or_default());
            // Bounded (AppState's Memo); unknown metaIds answer an empty list cheaply.
            state.history_cache.insert(meta_id, (key, json.clone()));
            json
        }
    };
    Ok((
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "public, max-age=5"),
        ],
        json,
    )
        .into_response())
}

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct AtQuery {
    /// The instant, epoch milliseconds (within the last seven days).
    at: i64,
}

/// How far back `onAir` answers: the longest a recording is kept.
const ON_AIR_LOOKBACK_MS: i64 = 7 * 24 * 3600 * 1000;

/// What was on air on a channel at an instant: the song (or spot, or live programme) and the
/// programme grid's slot. What a player that rewound into the HLS window shows.
#[utoipa::path(get, path = "/aovivo/onAir/{stream_id}", tag = tags::LIVE,
    params(("stream_id" = String, Path, example = "onda_1", description = "The channel, e.g. `onda_1`"), AtQuery),
    responses(
        (status = 200, description = "What was on air then; `nowPlaying` and `programme` are null where nothing is known",
            body = Reply<OnAirAt>),
        (status = 400, description = "`at` missing, not a number, or outside the last seven days", body = crate::openapi::ErrorReply),
        (status = 404, description = "Not one of the station's channels", body = crate::openapi::ErrorReply),
    ))]
async fn on_air_at(
    State(state): State<AppState>,
    ApiPath(stream_id): ApiPath<String>,
    query: std::result::Result<axum::extract::Query<AtQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response> {
    let Ok(axum::extract::Query(AtQuery { at })) = query else {
        return Err(Error::bad_request("Informe o instante (at) em milissegundos."));
    };
    let now = now_ms();
    if !(now - ON_AIR_LOOKBACK_MS..=now + 60_000).contains(&at) {
        return Err(Error::bad_request("O instante deve estar nos últimos sete dias."));
    }
    let Some(meta_id) = state.schedule.meta_of_stream(&state.db, &stream_id).await? else {
        return Err(Error::not_found("stream not found"));
    };
    let now_playing = crate::radio::nowplaying::play_at(&state.db, &meta_id, at).await?;
    let programme = state
        .schedule
        .slot_at(&state.db, &stream_id, at.div_euclid(1000))
        .await?;
    // The past does not change: a minute old, the answer can be shared for an hour.
    let cache = if at < now - 60_000 {
        "public, max-age=3600"
    } else {
        "public, max-age=5"
    };
    Ok((
        [(header::CACHE_CONTROL, cache)],
        ok(OnAirAt {
            stream_id,
            at_ms: at,
            now_playing,
            programme,
        }),
    )
        .into_response())
}

/// G35: the songs before the one on air, newest first, commercials excluded.
async fn history(state: &AppState, meta_id: &str, before_ms: i64) -> Result<Vec<NowPlaying>> {
    let rows = sqlx::query(&format!(
        "SELECT {PLAY_COLUMNS} FROM play_history WHERE meta_id = $1 AND meta_type = 'music' \
         AND started_at_ms < $2 ORDER BY started_at_ms DESC LIMIT {HISTORY_LENGTH}"
    ))
    .bind(meta_id)
    .bind(before_ms)
    .fetch_all(&state.db.pool)
    .await?;
    Ok(rows
        .iter()
        .map(row_to_now_playing)
        .collect::<Result<_, sqlx::Error>>()?)
}

/// The push channel: one `nowplaying` event with the item on air on connect, then one per change; and
/// one `programme` event with the programme grid's now and next on connect, then one per change.
///
/// Server-sent events named `nowplaying` whose data is a `NowPlayingEvent` (JSON) and whose id is the
/// play's hash, and events named `programme` whose data is a `ScheduleNow` (JSON) of the metaId's
/// channel; a comment every 15 s keeps the connection open. The stream does not end.
#[utoipa::path(get, path = "/api/v1/aovivo/events/{meta_id}", tag = tags::LIVE,
    params(("meta_id" = String, Path, example = "onda_1", description = "One of the station's metaIds, e.g. `onda_1`")),
    responses(
        (status = 200, description = "Server-sent `nowplaying` events (data: NowPlayingEvent) and `programme` \
            events (data: ScheduleNow); never ends",
            content_type = "text/event-stream"),
        (status = 404, description = "Not one of the station's metaIds", body = crate::openapi::ErrorReply),
        (status = 429, description = "The caller's address holds as many push channels as it may \
            (`ONDA_MAX_PUSH_PER_ADDRESS`); `Retry-After` says when to try again", body = crate::openapi::ErrorReply),
        (status = 503, description = "The server holds as many push channels as it may (`ONDA_MAX_PUSH`)",
            body = crate::openapi::ErrorReply),
    ))]
async fn events(
    State(state): State<AppState>,
    ApiPath(meta_id): ApiPath<String>,
    ClientIp(ip): ClientIp,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    // Subscribing gives the metaId a slot in the hub for good: only the station's own metaIds get one,
    // so no request can grow the hub (an unknown id answered 200 and kept a slot forever).
    if !known_meta_id(&state, &meta_id).await? {
        return Err(Error::not_found("unknown metaId"));
    }
    // A channel never ends by itself: each holds a place in its address's count and in the count of
    // all channels (`connections`) for as long as it stays, freed when the stream drops.
    let held = state.connections.hold(ip, Kind::Push)?;
    let mut rx = state.radio.hub.subscribe(&meta_id);
    // Mark the current value unseen so the first `changed()` delivers it at once.
    rx.mark_changed();
    // The channel's programme grid: on air now and next, then each programme change.
    let programmes = match state.schedule.stream_of_meta(&state.db, &meta_id).await? {
        Some(stream_id) => state.schedule.subscribe(&state.db, &stream_id).await?,
        None => None,
    };
    let programmes = programmes.map(|mut programmes| {
        programmes.mark_changed();
        programmes
    });
    let shutdown = state.radio.shutdown.clone();
    let stream = futures_util::stream::unfold(
        (rx, programmes, shutdown, held),
        |(mut rx, mut programmes, shutdown, held)| async move {
            loop {
                let programme_changed = async {
                    match programmes.as_mut() {
                        Some(programmes) => programmes.changed().await.is_ok(),
                        None => std::future::pending().await,
                    }
                };
                tokio::select! {
                    changed = rx.changed() => {
                        if changed.is_err() {
                            return None;
                        }
                    }
                    alive = programme_changed => {
                        if !alive {
                            programmes = None;
                            continue;
                        }
                        let Some(current) = programmes.as_mut().and_then(|p| p.borrow_and_update().clone()) else {
                            continue;
                        };
                        let data = serde_json::to_string(&*current).unwrap_or_default();
                        let event = Event::default().event("programme").data(data);
                        return Some((Ok(event), (rx, programmes, shutdown, held)));
                    }
                    () = shutdown.cancelled() => return None,
                }
                let Some(on_air) = rx.borrow_and_update().clone() else {
                    continue;
                };
                let event = NowPlayingEvent {
                    now_playing: on_air.now.clone(),
                    server_time_ms: now_ms(),
                };
                let data = serde_json::to_string(&event).unwrap_or_default();
                let event = Event::default()
                    .event("nowplaying")
                    .id(on_air.music_hash.clone())
                    .data(data);
                return Some((Ok(event), (rx, programmes, shutdown, held)));
            }
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}

/// Whether `meta_id` is one of the station's streams (or already on air, e.g. an external mount).
async fn known_meta_id(state: &AppState, meta_id: &str) -> Result<bool> {
    if meta_id.len() > 100 {
        return Ok(false);
    }
    if state.radio.hub.current(meta_id).is_some() {
        return Ok(true);
    }
    let known: Option<i64> =
        sqlx::query_scalar("SELECT CAST(1 AS BIGINT) FROM streams WHERE meta_id = $1 LIMIT 1")
            .bind(meta_id)
            .fetch_optional(&state.db.pool)
            .await?;
    Ok(known.is_some())
}

/// G06: a like (10) or dislike (1) for the song on air or the one that just ended, once per user.
#[utoipa::path(post, path = "/aovivoBar/rateSong", tag = tags::LIVE,
    request_body = RateSongRequest,
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "The play's tallies; refusals 'rating not counted' and 'already voted'",
        body = Reply<RateSongReply>)))]
async fn rate_song(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(request): ApiJson<RateSongRequest>,
) -> Result<Json<Envelope<RateSongReply>>> {
    if request.rating != 1 && request.rating != 10 {
        return Err(Error::bad_request("rating must be 1 or 10"));
    }
    let song = request.song.trim();
    let artist = request.artist.trim();
    if request.meta_id.trim().is_empty() || song.is_empty() || artist.is_empty() {
        return Err(Error::bad_request("metaId, song and artist are required"));
    }
    if request.meta_id.len() > 100 || song.len() > 300 || artist.len() > 300 {
        return Err(Error::bad_request("metaId, song or artist too long"));
    }
    let play = rated_play(&state, &request.meta_id, song, artist)
        .await?
        .ok_or_else(|| Error::refused("rating not counted"))?;
    let inserted = sqlx::query(
        "INSERT INTO song_ratings (user_id, play_id, meta_id, music_hash, song, artist, rating, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (user_id, music_hash) DO NOTHING",
    )
    .bind(user.user_id)
    .bind(play.play_id)
    .bind(&request.meta_id)
    .bind(&play.music_hash)
    .bind(song)
    .bind(artist)
    .bind(i64::from(request.rating))
    .bind(now())
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Err(Error::refused("already voted"));
    }
    let tallies = sqlx::query(
        "SELECT CAST(COALESCE(SUM(CASE WHEN rating = 10 THEN 1 ELSE 0 END), 0) AS BIGINT), \
         CAST(COALESCE(SUM(CASE WHEN rating = 1 THEN 1 ELSE 0 END), 0) AS BIGINT) \
         FROM song_ratings WHERE music_hash = $1",
    )
    .bind(&play.music_hash)
    .fetch_one(&state.db.pool)
    .await?;
    Ok(ok(RateSongReply {
        music_hash: play.music_hash,
        likes: tallies.try_get(0)?,
        dislikes: tallies.try_get(1)?,
    }))
}

struct RatedPlay {
    music_hash: String,
    play_id: Option<i64>,
}

/// The play a vote is for: the song on air for `meta_id`, or the one that ended moments ago; it must be
/// music and its song and artist must match the vote (G06: otherwise 'rating not counted').
async fn rated_play(state: &AppState, meta_id: &str, song: &str, artist: &str) -> Result<Option<RatedPlay>> {
    let matches =
        |now: &NowPlaying| now.meta_type == MetaType::Music && now.song == song && now.artist == artist;
    let hub = &state.radio.hub;
    let mut candidates: Vec<(NowPlaying, Option<i64>, String)> = Vec::new();
    if let Some(current) = hub.current(meta_id) {
        candidates.push((current.now.clone(), current.play_id, current.music_hash.clone()));
        if let Some(previous) = hub.previous(meta_id)
            && now_ms() - current.now.started_at_ms <= PREVIOUS_VOTE_GRACE_MS
        {
            candidates.push((
                previous.now.clone(),
                previous.play_id,
                previous.music_hash.clone(),
            ));
        }
    } else {
        // Another instance runs the engine: the two latest plays from the shared history.
        let rows = sqlx::query(&format!(
            "SELECT {PLAY_COLUMNS}, id, music_hash FROM play_history WHERE meta_id = $1 \
             ORDER BY started_at_ms DESC LIMIT 2"
        ))
        .bind(meta_id)
        .fetch_all(&state.db.pool)
        .await?;
        for (index, row) in rows.iter().enumerate() {
            let now = row_to_now_playing(row)?;
            if index == 1 && now_ms() - now.started_at_ms - now.duration_ms > PREVIOUS_VOTE_GRACE_MS {
                break;
            }
            candidates.push((now, row.try_get(12)?, row.try_get(13)?));
        }
    }
    Ok(candidates
        .into_iter()
        .find(|(now, _, _)| matches(now))
        .map(|(_, play_id, music_hash)| RatedPlay { music_hash, play_id }))
}
