//! The live mounts, `GET /stream/{mount}` (`onda_1.mp3`, `onda_1.aac`, `onda_1_aacp.aac`, affiliates'
//! relays), and the cover art read from a music folder's tags.
//!
//! A mount checks the same access as the stream list (S05): semiPro streams need a session (cookie for
//! the website's `<audio>`, bearer for the apps) and pro streams a PRO subscription. Every accepted
//! connection is a listening session in the statistics, ended when the connection closes.

use axum::{
    body::Body,
    extract::{Query, State, rejection::QueryRejection},
    http::{HeaderMap, HeaderValue, Method, StatusCode, header},
    response::{IntoResponse, Response},
};
use onda_shared::icy::DEFAULT_METAINT;
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    accounts::is_pro,
    auth::MaybeAuthUser,
    connections::Kind,
    extract::{ApiPath, ClientIp},
    openapi::{ErrorReply, tags},
    radio::{
        Access, leader,
        listeners::{SessionStart, client_kind},
    },
    text::fold_accent,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(cover))
}

/// The mounts, served outside the compression and request-tracing layers: audio is compressed
/// already, and a per-chunk body wrapper would cost every listener CPU four times a second.
pub fn hot_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(listen))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ListenQuery {
    /// Our own apps name their kind (`desktop`, `android`, `ios`) for the statistics.
    client: Option<String>,
}

/// A live mount: the audio as it is broadcast, for as long as the connection stays open.
///
/// `Icy-MetaData: 1` interleaves ICY metadata (the title) every `icy-metaint` bytes. HEAD answers the
/// headers without counting a listener. Public streams need nothing; semiPro ones a session (401);
/// pro ones a PRO subscription (403).
#[utoipa::path(get, path = "/stream/{mount}", tag = tags::STREAM,
    params(
        ("mount" = String, Path, description = "The mount, e.g. `onda_1.mp3`, `onda_1.aac`, `onda_1_aacp.aac`"),
        ListenQuery,
        ("Icy-MetaData" = Option<String>, Header, description = "`1` to receive ICY metadata in the audio"),
    ),
    security((), ("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The live audio (MP3, AAC-HE or AAC+ by mount); never ends",
            content(("audio/mpeg"), ("audio/aac"), ("audio/aacp"))),
        (status = 401, description = "A semiPro or pro stream without a session", body = ErrorReply),
        (status = 403, description = "A pro stream without a PRO subscription", body = ErrorReply),
        (status = 404, description = "No such mount", body = ErrorReply),
        (status = 429, description = "The caller's address is as many listeners as it may be \
            (`ONDA_MAX_LISTENERS_PER_ADDRESS`); `Retry-After` says when to try again", body = ErrorReply),
        (status = 503, description = "This instance serves as many listeners as it can (`ONDA_MAX_LISTENERS`)",
            body = ErrorReply),
    ))]
async fn listen(
    State(state): State<AppState>,
    ApiPath(mount_name): ApiPath<String>,
    query: std::result::Result<Query<ListenQuery>, QueryRejection>,
    method: Method,
    headers: HeaderMap,
    ClientIp(ip): ClientIp,
    MaybeAuthUser(user): MaybeAuthUser,
) -> Result<Response> {
    // Axum's own rejection is plain text; a malformed query (e.g. `client` twice) is a 400 in the envelope.
    let Ok(Query(query)) = query else {
        return Err(Error::bad_request("invalid query"));
    };
    let info = state
        .radio
        .mount(&mount_name)
        .ok_or_else(|| Error::not_found("stream not found"))?;
    // Another instance of the station relaying this mount to its own listeners (radio::leader): it
    // serves them under their own access rules and statistics, so neither applies here.
    let relay = headers
        .get(leader::RELAY_HEADER)
        .is_some_and(|secret| state.radio.is_relay(secret.as_bytes()));
    match info.access {
        _ if relay => {}
        Access::Public => {}
        Access::LoggedIn => {
            if user.is_none() {
                return Err(Error::Unauthorized);
            }
        }
        Access::Pro => {
            let Some(user) = &user else {
                return Err(Error::Unauthorized);
            };
            if !is_pro(&state.db, user.user_id).await? {
                return Err(Error::Forbidden("pro stream".into()));
            }
        }
    }
    let mount = info.mount.clone();
    let icy = headers
        .get("icy-metadata")
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.trim() == "1");

    let mut response = Response::builder()
        .status(StatusCode::OK)
        .header(header::CONTENT_TYPE, mount.codec.content_type())
        // A live stream is never the same twice: no cache may keep or replay it.
        .header(header::CACHE_CONTROL, "no-cache, no-store")
        .header("x-accel-buffering", "no")
        .header("icy-br", mount.codec.kbps().to_string())
        .header("icy-pub", "0");
    for (name, value) in [
        ("icy-name", &info.stream_name),
        ("icy-description", &info.description),
    ] {
        if let Ok(value) = HeaderValue::from_str(&header_text(value)) {
            response = response.header(name, value);
        }
    }
    if icy {
        response = response.header("icy-metaint", DEFAULT_METAINT.to_string());
    }
    // HEAD (and probes) learn the headers without becoming a listener.
    if method == Method::HEAD {
        return response
            .body(Body::empty())
            .map_err(|err| Error::Internal(err.into()));
    }

    let user_agent = headers
        .get(header::USER_AGENT)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let https = request_is_https(&state, &headers);
    if relay {
        let feed = mount.listen(None, |_| {});
        return response
            .body(Body::from_stream(feed))
            .map_err(|err| Error::Internal(err.into()));
    }
    // The slots go with the feed: they free when the connection closes. One address holds a bounded
    // share of the house (`connections`), so no single client can fill it.
    let held = state.connections.hold(ip, Kind::Listener)?;
    let slot = state
        .radio
        .listener_slot()
        .ok_or_else(|| Error::Unavailable(FULL_HOUSE.into()))?;
    let session = state.radio.listeners.start(SessionStart {
        mount: mount.name.clone(),
        stream_id: mount.stream_id.clone(),
        client: client_kind(&user_agent, query.client.as_deref(), https),
        ip,
        user_agent,
        user_id: user.map(|user| user.user_id),
    });
    let feed = mount.listen(icy.then_some(DEFAULT_METAINT), move |bytes| {
        session.end(bytes);
        drop(slot);
        drop(held);
    });
    response
        .body(Body::from_stream(feed))
        .map_err(|err| Error::Internal(err.into()))
}

/// Whether the listener reached us over HTTPS: this server's own TLS, or a trusted proxy's
/// `X-Forwarded-Proto` (the client kind of a web listener says which).
pub fn request_is_https(state: &AppState, headers: &HeaderMap) -> bool {
    state.config.is_https()
        || (!state.config.trusted_proxies.is_empty()
            && headers
                .get("x-forwarded-proto")
                .is_some_and(|proto| proto.as_bytes().eq_ignore_ascii_case(b"https")))
}

/// A listener over `ONDA_MAX_LISTENERS` (radio::listener_capacity). Relays of the other instances are
/// not counted: their listeners are counted where they listen.
const FULL_HOUSE: &str = "O limite de ouvintes deste servidor foi atingido. Tente novamente em instantes.";

/// Header values must be visible ASCII: Portuguese accents are folded ('Clássicos' → 'Classicos').
fn header_text(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .map(|c| {
            if c.is_ascii() {
                return c;
            }
            let folded = fold_accent(c.to_lowercase().next().unwrap_or(c));
            match (folded.is_ascii(), c.is_uppercase()) {
                (false, _) => '?',
                (true, true) => folded.to_ascii_uppercase(),
                (true, false) => folded,
            }
        })
        .take(200)
        .collect()
}

/// Cover art extracted from a music folder's tags (`<radio dir>/covers/<key>.<jpg|png>`).
#[utoipa::path(get, path = "/media/radio/cover/{file}", tag = tags::STREAM,
    params(("file" = String, Path, pattern = r"^[0-9a-fA-F]{20}\.(jpg|png)$",
        description = "`<20 hex digits>.jpg` or `.png`")),
    responses(
        (status = 200, description = "The cover image", content(("image/jpeg"), ("image/png"))),
        (status = 404, description = "No such cover", body = ErrorReply),
    ))]
async fn cover(State(state): State<AppState>, ApiPath(file): ApiPath<String>) -> Result<impl IntoResponse> {
    let (key, ext) = file
        .split_once('.')
        .ok_or_else(|| Error::not_found("cover not found"))?;
    let valid_key = key.len() == 20 && key.bytes().all(|b| b.is_ascii_hexdigit());
    let content_type = match ext {
        "jpg" => "image/jpeg",
        "png" => "image/png",
        _ => return Err(Error::not_found("cover not found")),
    };
    if !valid_key {
        return Err(Error::not_found("cover not found"));
    }
    let path = state.config.radio_dir().join("covers").join(&file);
    let data = tokio::fs::read(&path)
        .await
        .map_err(|_| Error::not_found("cover not found"))?;
    Ok((
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "public, max-age=86400, immutable"),
        ],
        data,
    ))
}
