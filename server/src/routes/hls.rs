//! The channels as HLS (`radio/hls.rs`): a master playlist per channel, a media playlist per codec over
//! the timeshift window, and the segments.
//!
//! Public channels are cache-friendly by design: a segment never changes (cached for a year by any
//! CDN or proxy), a media playlist changes with each segment (one second), the master playlist only
//! with the channel's codecs. A semiPro or pro channel answers only its listeners, as its mounts do,
//! and nothing of it may be kept by a shared cache.

use std::net::IpAddr;

use axum::{
    extract::{Query, State, rejection::QueryRejection},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use bytes::Bytes;
use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    accounts::is_pro,
    auth::MaybeAuthUser,
    clock::now_ms,
    extract::{ApiPath, ClientIp},
    openapi::{ErrorReply, tags},
    radio::{
        Access,
        hls::{ChannelHls, Store},
        listeners::{SessionStart, client_kind},
    },
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(master))
        .routes(routes!(media))
        .routes(routes!(segment))
}

const PLAYLIST_TYPE: &str = "application/vnd.apple.mpegurl";
const NOT_FOUND: &str = "stream not found";
const NO_SEGMENT: &str = "segment not found";

/// The access token of a semiPro or pro channel's playlists and segments (`?t=`).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct TokenQuery {
    /// The token the master playlist put in the URLs it lists (semiPro and pro channels only).
    t: Option<String>,
    /// `YES` (or `v2`) asks a media playlist for a delta update: its oldest segments skipped.
    #[serde(rename = "_HLS_skip")]
    skip: Option<String>,
}

/// Tokens are issued per period: every listener of a channel who asks within one period gets the
/// same token, so the URLs (and a cache's copies) are shared; a token stays valid from one to two
/// periods, longer than any segment is fetched for after its playlist named it.
const TOKEN_PERIOD_S: i64 = 15 * 60;

/// `<expiry, Unix seconds>.<32 hex digits>`: the expiry and a signature of the channel and expiry.
fn token(key: &[u8; 32], stream_id: &str, now_s: i64) -> String {
    let expires = (now_s.div_euclid(TOKEN_PERIOD_S) + 2) * TOKEN_PERIOD_S;
    let signed = mac(key, stream_id, expires)
        .map(|mac| hex::encode(&mac.finalize().into_bytes()[..16]))
        .unwrap_or_default();
    format!("{expires}.{signed}")
}

/// The HMAC of a channel's token that expires at `expires` (HMAC takes a key of any length: never `None`).
fn mac(key: &[u8; 32], stream_id: &str, expires: i64) -> Option<Hmac<Sha256>> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).ok()?;
    mac.update(format!("{stream_id}|{expires}").as_bytes());
    Some(mac)
}

/// The token's expiry when it is a valid, unexpired token of this channel: checked with the key alone,
/// no database read, so a segment request costs no more on a pro channel than on a public one.
fn valid_token(key: &[u8; 32], stream_id: &str, token: &str, now_s: i64) -> Option<i64> {
    let (expires, signed) = token.split_once('.')?;
    let expires: i64 = expires.parse().ok()?;
    if expires < now_s || expires > now_s + 2 * TOKEN_PERIOD_S || signed.len() != 32 {
        return None;
    }
    let signed = hex::decode(signed).ok()?;
    // Constant time: the signature is not guessed byte by byte.
    mac(key, stream_id, expires)?
        .verify_truncated_left(&signed)
        .ok()?;
    Some(expires)
}

/// How a request may have a channel's answers.
enum Pass {
    /// A public channel: anyone, and any cache, for ever.
    Public,
    /// A valid token in the URL (until its expiry, Unix seconds): shared by its period's listeners,
    /// so a cache may keep the answer until then.
    Token(i64),
    /// The listener's own session: nothing a shared cache may keep.
    Session,
    /// Another instance of the station mirroring this one's window (`radio/leader.rs`): no access
    /// rules, no listener, nothing kept.
    Relay,
}

impl Pass {
    /// A public channel's answers, the same for every request, are written once.
    fn cache_control(&self, public_max_age: i64) -> HeaderValue {
        match (self, public_max_age) {
            (Self::Public, 1) => HeaderValue::from_static("public, max-age=1"),
            (Self::Public, 60) => HeaderValue::from_static("public, max-age=60"),
            _ => HeaderValue::from_str(&self.cache_text(public_max_age))
                .unwrap_or_else(|_| HeaderValue::from_static("no-store")),
        }
    }

    /// A segment never changes: any cache may keep it as long as its pass allows.
    fn cache_control_immutable(&self) -> HeaderValue {
        match self {
            Self::Public => HeaderValue::from_static("public, max-age=31536000, immutable"),
            Self::Relay => HeaderValue::from_static("no-store"),
            _ => HeaderValue::from_str(&format!("{}, immutable", self.cache_text(31_536_000)))
                .unwrap_or_else(|_| HeaderValue::from_static("no-store")),
        }
    }

    fn cache_text(&self, public_max_age: i64) -> String {
        match self {
            Self::Public => format!("public, max-age={public_max_age}"),
            Self::Token(expires) => {
                let left = (expires - now_ms() / 1000).max(0);
                format!("public, max-age={}", public_max_age.min(left))
            }
            Self::Session => format!("private, max-age={}", public_max_age.min(60)),
            Self::Relay => "no-store".to_owned(),
        }
    }
}

/// The channel's access, checked like its mounts': a public channel is open; a semiPro or pro one
/// takes a valid token in the URL, else the listener's session (a database read).
async fn allowed(
    state: &AppState,
    stream_id: &str,
    access: Access,
    token: Option<&str>,
    user: Option<&crate::auth::AuthUser>,
    relay: bool,
) -> Result<Pass> {
    if relay {
        return Ok(Pass::Relay);
    }
    if access == Access::Public {
        return Ok(Pass::Public);
    }
    if let Some(token) = token.filter(|token| token.len() <= 64) {
        let key = state.auth.hls_key(&state.config, &state.db).await?;
        if let Some(expires) = valid_token(&key, stream_id, token, now_ms() / 1000) {
            return Ok(Pass::Token(expires));
        }
    }
    let user = user.ok_or(Error::Unauthorized)?;
    if access == Access::Pro && !is_pro(&state.db, user.user_id).await? {
        return Err(Error::Forbidden("pro stream".into()));
    }
    Ok(Pass::Session)
}

/// The token a protected channel's playlist puts in the URLs it lists: the one the request carried,
/// else this period's.
async fn listed_token(
    state: &AppState,
    stream_id: &str,
    pass: &Pass,
    given: Option<&str>,
) -> Result<Option<String>> {
    Ok(match pass {
        Pass::Public | Pass::Relay => None,
        Pass::Token(_) => given.map(str::to_owned),
        Pass::Session => {
            let key = state.auth.hls_key(&state.config, &state.db).await?;
            Some(token(&key, stream_id, now_ms() / 1000))
        }
    })
}

/// `playlist` with `?t=<token>` after each URL it lists.
fn with_token(playlist: &Bytes, token: Option<&str>) -> Bytes {
    let Some(token) = token else {
        return playlist.clone();
    };
    let text = String::from_utf8_lossy(playlist);
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    for line in text.lines() {
        out.push_str(line);
        if !line.is_empty() && !line.starts_with('#') {
            out.push_str("?t=");
            out.push_str(token);
        }
        out.push('\n');
    }
    Bytes::from(out)
}

fn reply(content_type: &'static str, cache: HeaderValue, body: Bytes) -> Response {
    let mut response = (StatusCode::OK, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, cache);
    response
}

/// Another instance of the station, with the relay secret (`radio/leader.rs` mirrors the window).
fn is_relay(state: &AppState, headers: &HeaderMap) -> bool {
    headers
        .get(crate::radio::leader::RELAY_HEADER)
        .is_some_and(|secret| state.radio.is_relay(secret.as_bytes()))
}

fn user_agent(headers: &HeaderMap) -> &str {
    headers
        .get(header::USER_AGENT)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
}

fn channel(state: &AppState, stream_id: &str, missing: &'static str) -> Result<std::sync::Arc<ChannelHls>> {
    state
        .radio
        .hls(stream_id)
        .ok_or_else(|| Error::not_found(missing))
}

fn query(query: std::result::Result<Query<TokenQuery>, QueryRejection>) -> Result<TokenQuery> {
    // Axum's own rejection is plain text; a malformed query is a 400 in the envelope.
    query
        .map(|Query(query)| query)
        .map_err(|_| Error::bad_request("invalid query"))
}

/// A channel's master playlist: one media playlist per codec it airs, full quality first. A semiPro or
/// pro channel's names its media playlists with this period's access token.
#[utoipa::path(get, path = "/hls/{file}", tag = tags::STREAM,
    params(("file" = String, Path, description = "`<streamId>.m3u8`, e.g. `onda_1.m3u8`"), TokenQuery),
    security((), ("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The master playlist (RFC 8216)", content_type = "application/vnd.apple.mpegurl"),
        (status = 400, description = "A malformed query", body = ErrorReply),
        (status = 401, description = "A semiPro or pro channel without a session or token", body = ErrorReply),
        (status = 403, description = "A pro channel without a PRO subscription", body = ErrorReply),
        (status = 404, description = "No such channel", body = ErrorReply),
    ))]
async fn master(
    State(state): State<AppState>,
    ApiPath(file): ApiPath<String>,
    token_query: std::result::Result<Query<TokenQuery>, QueryRejection>,
    MaybeAuthUser(user): MaybeAuthUser,
) -> Result<Response> {
    let given = query(token_query)?.t;
    let stream_id = file
        .strip_suffix(".m3u8")
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    let channel = channel(&state, stream_id, NOT_FOUND)?;
    let pass = allowed(
        &state,
        stream_id,
        channel.access,
        given.as_deref(),
        user.as_ref(),
        false,
    )
    .await?;
    let token = listed_token(&state, stream_id, &pass, given.as_deref()).await?;
    Ok(reply(
        PLAYLIST_TYPE,
        pass.cache_control(60),
        with_token(&channel.master, token.as_deref()),
    ))
}

/// A rendition's media playlist: every segment of the timeshift window, each dated
/// (`EXT-X-PROGRAM-DATE-TIME`), so a player can seek anywhere in it. Each request keeps the player's
/// listening session alive (`radio/hls_audience.rs`).
#[utoipa::path(get, path = "/hls/{streamId}/{file}", tag = tags::STREAM,
    params(
        ("streamId" = String, Path, description = "The channel, e.g. `onda_1`"),
        ("file" = String, Path, description = "`mp3.m3u8`, `aac.m3u8` (HE-AAC) or `aacp.m3u8` (HE-AAC v2)"),
        TokenQuery,
    ),
    security((), ("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The media playlist (RFC 8216), renewed with each segment",
            content_type = "application/vnd.apple.mpegurl"),
        (status = 400, description = "A malformed query", body = ErrorReply),
        (status = 401, description = "A semiPro or pro channel without a session or valid token", body = ErrorReply),
        (status = 403, description = "A pro channel without a PRO subscription", body = ErrorReply),
        (status = 404, description = "No such channel or rendition", body = ErrorReply),
    ))]
async fn media(
    State(state): State<AppState>,
    ApiPath((stream_id, file)): ApiPath<(String, String)>,
    token_query: std::result::Result<Query<TokenQuery>, QueryRejection>,
    headers: HeaderMap,
    ClientIp(ip): ClientIp,
    MaybeAuthUser(user): MaybeAuthUser,
) -> Result<Response> {
    let asked = query(token_query)?;
    let given = asked.t;
    let delta = matches!(asked.skip.as_deref(), Some("YES" | "v2"));
    let name = file
        .strip_suffix(".m3u8")
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    let channel = channel(&state, &stream_id, NOT_FOUND)?;
    let store = channel
        .rendition(name)
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    let relay = is_relay(&state, &headers);
    let pass = allowed(
        &state,
        &stream_id,
        channel.access,
        given.as_deref(),
        user.as_ref(),
        relay,
    )
    .await?;
    let token = listed_token(&state, &stream_id, &pass, given.as_deref()).await?;
    if !relay {
        count_player(&state, &stream_id, ip, &headers, user.as_ref());
    }
    Ok(media_reply(store, &headers, &pass, token.as_deref(), delta))
}

/// A media playlist as `pass` may have it: a delta update, the whole playlist gzipped for a public
/// channel's player that takes gzip, else the whole playlist with `token` in its URLs.
fn media_reply(
    store: &Store,
    headers: &HeaderMap,
    pass: &Pass,
    token: Option<&str>,
    delta: bool,
) -> Response {
    // These routes are outside the compression layer (`routes::hot_routes`): a public channel's full
    // playlist is compressed once per segment, not once per listener; a delta update is small.
    let gzip = !delta
        && token.is_none()
        && headers
            .get(header::ACCEPT_ENCODING)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|accepted| {
                accepted
                    .split(',')
                    .any(|coding| coding.trim().starts_with("gzip"))
            });
    let body = if delta {
        store.delta_playlist()
    } else if gzip {
        store.playlist_gzip()
    } else {
        store.playlist()
    };
    let mut response = reply(PLAYLIST_TYPE, pass.cache_control(1), with_token(&body, token));
    let headers = response.headers_mut();
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if gzip {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    response
}

/// The answers every anonymous player of a public channel repeats every few seconds, made without the
/// router and its middleware (`listen::Shortcut`): a media playlist (whole, gzipped, or a delta
/// update) and one of the newest segments, which are in memory. Each is the reply the routes above
/// give, with the same headers and the same listener statistics; everything else (a protected
/// channel, a token or a session, a relay, an older segment on disk, anything unexpected, any error)
/// goes through the router. Serving many listeners is mostly these two requests: without the
/// router's matching, the extractors and the middleware's layers, each costs less (docs/benchmarks.md).
pub fn shortcut(state: AppState) -> crate::listen::Shortcut {
    std::sync::Arc::new(move |method, uri, headers, peer| {
        if method != axum::http::Method::GET
            || headers.contains_key(header::AUTHORIZATION)
            || headers.contains_key(header::COOKIE)
            || headers.contains_key(crate::radio::leader::RELAY_HEADER)
        {
            return None;
        }
        let rest = uri.path().strip_prefix("/hls/")?;
        let mut parts = rest.split('/');
        let (stream_id, second, third) = (parts.next()?, parts.next()?, parts.next());
        if parts.next().is_some() {
            return None;
        }
        let channel = state.radio.hls(stream_id)?;
        if channel.access != Access::Public {
            return None;
        }
        let ip = || crate::extract::client_of(peer.ip(), headers, &state.config.trusted_proxies);
        let started = std::time::Instant::now();
        // The templates the router would have matched, so the metrics count both paths as one.
        let route = if third.is_none() {
            "/hls/{streamId}/{file}"
        } else {
            "/hls/{streamId}/{rendition}/{file}"
        };
        let mut response = match third {
            // A media playlist: `/hls/{streamId}/{rendition}.m3u8`, no query but a delta request.
            None => {
                let store = channel.rendition(second.strip_suffix(".m3u8")?)?;
                let delta = match uri.query() {
                    None => false,
                    Some("_HLS_skip=YES" | "_HLS_skip=v2") => true,
                    Some(_) => return None,
                };
                count_player(&state, stream_id, ip(), headers, None);
                media_reply(store, headers, &Pass::Public, None, delta)
            }
            // One of the newest segments: `/hls/{streamId}/{rendition}/{seq}.{ext}`.
            Some(file) => {
                if uri.query().is_some() {
                    return None;
                }
                let store = channel.rendition(second)?;
                let (seq, ext) = file.split_once('.')?;
                if ext != store.ext() {
                    return None;
                }
                let data = store.recent(seq.parse().ok()?)?;
                state.radio.hls_audience.segment(
                    stream_id,
                    ip(),
                    user_agent(headers),
                    u64::try_from(data.len()).unwrap_or(u64::MAX),
                );
                segment_reply(store, &Pass::Public, data)
            }
        };
        let https = super::stream::request_is_https(&state, headers);
        crate::reply_headers::plain_reply_security(response.headers_mut(), https);
        crate::metrics::observe_request(route, "GET", response.status(), started.elapsed().as_secs_f64());
        response
            .headers_mut()
            .insert(crate::observe::HEADER, crate::observe::request_id(headers));
        Some(response)
    })
}

/// Starts or keeps alive the listening session of the player behind a media playlist request.
fn count_player(
    state: &AppState,
    stream_id: &str,
    ip: IpAddr,
    headers: &HeaderMap,
    user: Option<&crate::auth::AuthUser>,
) {
    let agent = user_agent(headers);
    state
        .radio
        .hls_audience
        .playlist(&state.radio.listeners, stream_id, ip, agent, now_ms(), || {
            SessionStart {
                mount: format!("/hls/{stream_id}.m3u8"),
                stream_id: stream_id.to_owned(),
                client: client_kind(agent, None, super::stream::request_is_https(state, headers)),
                ip,
                user_agent: agent.to_owned(),
                user_id: user.map(|user| user.user_id),
            }
        });
}

/// A segment: a few seconds of the codec's frames behind an ID3 tag with their start time and the title
/// then on air. It never changes.
#[utoipa::path(get, path = "/hls/{streamId}/{rendition}/{file}", tag = tags::STREAM,
    params(
        ("streamId" = String, Path, description = "The channel, e.g. `onda_1`"),
        ("rendition" = String, Path, description = "`mp3`, `aac` or `aacp`"),
        ("file" = String, Path, description = "`<sequence number>.mp3` or `.aac`, as the media playlist lists it"),
        TokenQuery,
    ),
    security((), ("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The segment (packed audio)", content(("audio/mpeg"), ("audio/aac"))),
        (status = 400, description = "A malformed query", body = ErrorReply),
        (status = 401, description = "A semiPro or pro channel without a session or valid token", body = ErrorReply),
        (status = 403, description = "A pro channel without a PRO subscription", body = ErrorReply),
        (status = 404, description = "No such segment (or no longer in the window)", body = ErrorReply),
    ))]
async fn segment(
    State(state): State<AppState>,
    ApiPath((stream_id, name, file)): ApiPath<(String, String, String)>,
    token_query: std::result::Result<Query<TokenQuery>, QueryRejection>,
    headers: HeaderMap,
    ClientIp(ip): ClientIp,
    MaybeAuthUser(user): MaybeAuthUser,
) -> Result<Response> {
    let given = query(token_query)?.t;
    let channel = channel(&state, &stream_id, NO_SEGMENT)?;
    let store: &Store = channel
        .rendition(&name)
        .ok_or_else(|| Error::not_found(NO_SEGMENT))?;
    let (seq, ext) = file.split_once('.').ok_or_else(|| Error::not_found(NO_SEGMENT))?;
    let seq: u64 = seq.parse().map_err(|_| Error::not_found(NO_SEGMENT))?;
    if ext != store.ext() {
        return Err(Error::not_found(NO_SEGMENT));
    }
    let relay = is_relay(&state, &headers);
    let pass = allowed(
        &state,
        &stream_id,
        channel.access,
        given.as_deref(),
        user.as_ref(),
        relay,
    )
    .await?;
    let data = match store.recent(seq) {
        Some(data) => data,
        None => {
            let path = store.file(seq).ok_or_else(|| Error::not_found(NO_SEGMENT))?;
            // Pruned between the lookup and the read: gone, like any segment out of the window.
            Bytes::from(
                tokio::fs::read(&path)
                    .await
                    .map_err(|_| Error::not_found(NO_SEGMENT))?,
            )
        }
    };
    if !relay {
        state.radio.hls_audience.segment(
            &stream_id,
            ip,
            user_agent(&headers),
            u64::try_from(data.len()).unwrap_or(u64::MAX),
        );
    }
    Ok(segment_reply(store, &pass, data))
}

/// A segment's reply: its codec's type, cached as long as `pass` allows.
fn segment_reply(store: &Store, pass: &Pass, data: Bytes) -> Response {
    let content_type = if store.ext() == "mp3" {
        "audio/mpeg"
    } else {
        "audio/aac"
    };
    reply(content_type, pass.cache_control_immutable(), data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_shared_within_a_period_and_refused_once_expired_or_for_another_channel() {
        let key = [7; 32];
        let now = 1_800_000_000;
        let issued = token(&key, "onda_pro", now);
        // Everyone asking in the same period gets the same token.
        assert_eq!(token(&key, "onda_pro", now + 1), issued);
        let expires = valid_token(&key, "onda_pro", &issued, now).expect("valid");
        assert!(expires - now >= TOKEN_PERIOD_S && expires - now <= 2 * TOKEN_PERIOD_S);
        assert_eq!(valid_token(&key, "onda_pro", &issued, expires), Some(expires));
        assert_eq!(valid_token(&key, "onda_pro", &issued, expires + 1), None);
        assert_eq!(valid_token(&key, "onda_semi", &issued, now), None);
        assert_eq!(valid_token(&[8; 32], "onda_pro", &issued, now), None);
        // A later expiry with the old signature, a far expiry, and garbage.
        let (_, signed) = issued.split_once('.').unwrap_or_default();
        assert_eq!(
            valid_token(&key, "onda_pro", &format!("{}.{signed}", expires + 900), now),
            None
        );
        let far = now + 10 * TOKEN_PERIOD_S;
        let forged = token(&key, "onda_pro", far - 2 * TOKEN_PERIOD_S);
        assert!(forged.starts_with(&far.to_string()));
        assert_eq!(
            valid_token(&key, "onda_pro", &forged, now),
            None,
            "beyond two periods"
        );
        for garbage in ["", ".", "x.y", "1.", "99999999999999999999.00", "1800000900.zz"] {
            assert_eq!(valid_token(&key, "onda_pro", garbage, now), None, "{garbage}");
        }
    }

    #[test]
    fn a_protected_playlist_carries_its_token_after_every_url() {
        let playlist = Bytes::from_static(b"#EXTM3U\n#EXTINF:4.0,\n12.mp3\n#EXT-X-ENDLIST\n");
        assert_eq!(with_token(&playlist, None), playlist);
        assert_eq!(
            with_token(&playlist, Some("9.ab")),
            Bytes::from_static(b"#EXTM3U\n#EXTINF:4.0,\n12.mp3?t=9.ab\n#EXT-X-ENDLIST\n")
        );
    }
}
