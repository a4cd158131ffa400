//! The studio's live input, as Icecast 2.4 takes it: an encoder connects to a channel's mount path
//! with `PUT` (or the legacy `SOURCE`, which `listen.rs` reads on the same path) and HTTP Basic
//! authentication as user `source`, then streams audio for as long as the programme lasts; song
//! changes come as `GET /admin/metadata?mode=updinfo`. What the audio becomes is `radio::live`'s.
//!
//! The password is the channel's own (set in the back office, stored hashed) or else
//! `ONDA_SOURCE_PASSWORD`. Refusals are Icecast's: 401 for a wrong password (repeated failures from one
//! address are slowed down as logins are), 403 'Mountpoint in use' for a second source, 404 for a mount
//! no channel has, 415 for audio that is not MP3 or AAC (or not the mount's codec).
//!
//! Several instances: the instance that plays out (the leader) takes sources. A follower checks the
//! request as the leader would, then hands the connection on to the leader with the station's relay
//! secret, byte for byte; if the leader dies the connection ends, the encoder reconnects (they all do)
//! and lands on whichever instance took over.

use std::{net::IpAddr, sync::Arc, time::Duration};

use axum::{
    body::Bytes,
    extract::{RawQuery, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use base64::Engine as _;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    auth::{rate_limit, verify_password},
    extract::{ApiPath, ClientIp},
    openapi::{ErrorReply, tags},
    radio::{
        MountInfo, leader,
        live::{self, Admission, LiveFeed, Session, SourceConnection, SourceReader},
        mount::Codec,
    },
};

/// The source's address as the follower that forwards it saw it (trusted with the relay secret only).
const FORWARDED_ADDRESS: &str = "x-onda-source-address";

/// Failed source logins from one address within 15 minutes; answers slow down after a few, as the
/// login's do (`rate_limit::login_failure_delay`).
const SOURCE_FAILURES: rate_limit::Limit = rate_limit::Limit {
    name: "source-failure",
    max: rate_limit::LOGIN_FREE_FAILURES + 5,
    window: 15 * 60,
};

/// The mount paths; merged with the listeners' `GET` of the same path.
pub fn hot_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(source_connect))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(source_metadata))
}

/// A studio's encoder goes live on the channel of this mount (Icecast 2.4's source protocol).
///
/// `PUT` with `Authorization: Basic` (user `source`), `Content-Type` `audio/mpeg` on the MP3 mount or
/// `audio/aac`/`audio/aacp` on an AAC mount, and the audio as the body for as long as the programme
/// lasts (no `Content-Length`, read until the connection closes; `Expect: 100-continue` is answered
/// 100). The legacy `SOURCE` method is taken the same way and answered 200 before its body. The `ice-*`
/// headers name the stream. The channel airs the source on every mount (transcoded for the other
/// codecs) once a second of audio has arrived, and the autoDJ again within two seconds of the source
/// leaving or stalling.
#[utoipa::path(put, path = "/stream/{mount}", tag = tags::STREAM,
    params(
        ("mount" = String, Path, description = "The channel's mount, e.g. `onda_1.mp3`"),
        ("Authorization" = String, Header, description = "`Basic` with user `source` and the channel's source password"),
        ("Content-Type" = Option<String>, Header, description = "`audio/mpeg`, `audio/aac` or `audio/aacp`"),
        ("ice-name" = Option<String>, Header, description = "The programme's name, shown until a title arrives"),
        ("ice-description" = Option<String>, Header, description = "The programme's description"),
    ),
    request_body(content = Vec<u8>, content_type = "application/octet-stream",
        description = "The live audio, until the connection closes, in the format `Content-Type` names \
            (`audio/mpeg`, `audio/aac`, `audio/aacp`)"),
    responses(
        (status = 200, description = "Accepted: the connection is the channel's source until it closes"),
        (status = 400, description = "Not a source connection", body = ErrorReply),
        (status = 401, description = "Wrong or missing source password", body = ErrorReply),
        (status = 403, description = "Mountpoint in use: another source is live on the channel", body = ErrorReply),
        (status = 404, description = "No channel has this mount", body = ErrorReply),
        (status = 415, description = "Not MP3 or AAC, or not the mount's codec", body = ErrorReply),
        (status = 503, description = "The station is not on air on this instance", body = ErrorReply),
    ))]
async fn source_connect(
    State(state): State<AppState>,
    ApiPath(mount_name): ApiPath<String>,
    headers: HeaderMap,
    ClientIp(ip): ClientIp,
    connection: Option<axum::Extension<SourceConnection>>,
) -> Result<Response> {
    if connection.is_none() {
        return Err(Error::bad_request(
            "Uma fonte ao vivo envia o áudio numa conexão própria, como ao Icecast (PUT ou SOURCE).",
        ));
    }
    let (info, feed) = channel_of(&state, &mount_name)?;
    let relayed = relayed(&state, &headers);
    let address = match relayed {
        true => headers
            .get(FORWARDED_ADDRESS)
            .and_then(|value| value.to_str().ok()?.parse::<IpAddr>().ok())
            .unwrap_or(ip),
        false => {
            authenticate(&state, &feed, &headers, ip).await?;
            ip
        }
    };
    let codec = content_codec(&headers, info.mount.codec)?;
    // Encoders send the names in UTF-8 (or Latin-1, read as well as it can be).
    let text = |name: &str| {
        headers
            .get(name)
            .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned())
            .unwrap_or_default()
    };
    match state.radio.role.get() {
        leader::Role::Single | leader::Role::Leader => {}
        leader::Role::Follower if !relayed => return forward(&state, &mount_name, &headers, address).await,
        _ => {
            return Err(Error::Unavailable(
                "A rádio não está no ar nesta instância.".into(),
            ));
        }
    }
    let session = feed
        .begin(
            address,
            &mount_name,
            codec,
            &text("ice-name"),
            &text("ice-description"),
            &text("user-agent"),
        )
        .ok_or_else(|| {
            Error::Forbidden("Mountpoint in use: outra fonte já está ao vivo neste canal.".into())
        })?;
    let admission =
        Admission::new(move |reader, leftover| Box::pin(run(state, feed, session, reader, leftover)));
    let mut response = StatusCode::OK.into_response();
    response.extensions_mut().insert(admission);
    Ok(response)
}

/// Reads an admitted source to its end, with the live status written for the back office of every
/// instance and a staff request to cut the source off followed.
async fn run(
    state: AppState,
    feed: Arc<LiveFeed>,
    session: Arc<Session>,
    reader: SourceReader,
    leftover: Bytes,
) {
    let token = crate::auth::random_hex(8);
    if let Err(err) = record_live(&state, &feed, &session, &token).await {
        tracing::warn!(error = %err, "live status not recorded");
    }
    let watcher = tokio::spawn(watch_for_cut(
        state.clone(),
        feed.stream_id.clone(),
        session.clone(),
    ));
    live::run_source(feed.clone(), session, reader, leftover).await;
    watcher.abort();
    if let Err(err) = sqlx::query(
        "UPDATE live_sources SET live_since_ms = NULL, live_address = NULL, live_mount = NULL, \
         live_name = NULL, live_agent = NULL, live_session = NULL, cut_requested = 0 \
         WHERE stream_id = $1 AND live_session = $2",
    )
    .bind(&feed.stream_id)
    .bind(&token)
    .execute(&state.db.pool)
    .await
    {
        tracing::warn!(error = %err, "live status not cleared");
    }
}

async fn record_live(state: &AppState, feed: &LiveFeed, session: &Session, token: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO live_sources (stream_id, live_since_ms, live_address, live_mount, live_name, live_agent, \
         live_session, cut_requested) VALUES ($1, $2, $3, $4, $5, $6, $7, 0) \
         ON CONFLICT (stream_id) DO UPDATE SET live_since_ms = $2, live_address = $3, live_mount = $4, \
         live_name = $5, live_agent = $6, live_session = $7, cut_requested = 0",
    )
    .bind(&feed.stream_id)
    .bind(session.since_ms)
    .bind(session.address.to_string())
    .bind(&session.mount)
    .bind(&session.name)
    .bind(&session.user_agent)
    .bind(token)
    .execute(&state.db.pool)
    .await?;
    Ok(())
}

/// Staff on another instance cut a source off through the database; this instance holds it.
async fn watch_for_cut(state: AppState, stream_id: String, session: Arc<Session>) {
    loop {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let cut: Option<i64> =
            sqlx::query_scalar("SELECT cut_requested FROM live_sources WHERE stream_id = $1")
                .bind(&stream_id)
                .fetch_optional(&state.db.pool)
                .await
                .ok()
                .flatten();
        if cut.unwrap_or(0) != 0 {
            session.stop.cancel();
            return;
        }
    }
}

/// The mount and its channel's live input; 404 for a mount no channel has (an affiliate's relay
/// included: it airs the main channel).
fn channel_of(state: &AppState, mount_name: &str) -> Result<(Arc<MountInfo>, Arc<LiveFeed>)> {
    let info = state.radio.mount(mount_name);
    let feed = info.as_ref().and_then(|info| info.live.clone());
    match (info, feed) {
        (Some(info), Some(feed)) => Ok((info, feed)),
        _ => Err(Error::not_found(format!(
            "Ponto de montagem desconhecido: /stream/{mount_name}"
        ))),
    }
}

/// Whether the request carries the station's relay secret (a follower forwarding a source).
fn relayed(state: &AppState, headers: &HeaderMap) -> bool {
    headers
        .get(leader::RELAY_HEADER)
        .is_some_and(|value| state.radio.is_relay(value.as_bytes()))
}

/// Checks `Authorization: Basic source:<password>` against the channel's password. Every answer from
/// an address with recent failures waits (as the login's), the right password's too.
async fn authenticate(state: &AppState, feed: &LiveFeed, headers: &HeaderMap, ip: IpAddr) -> Result<()> {
    let failures = rate_limit::count(&state.db, &SOURCE_FAILURES, rate_limit::Key::Ip(ip)).await?;
    let password = basic_password(headers);
    let right = match &password {
        Some(password) => password_matches(state, &feed.stream_id, password).await?,
        None => false,
    };
    let failures = if right {
        failures + 1
    } else {
        rate_limit::record(&state.db, &SOURCE_FAILURES, rate_limit::Key::Ip(ip)).await?
    };
    tokio::time::sleep(rate_limit::login_failure_delay(
        failures,
        state.config.login_delay_max_ms,
    ))
    .await;
    if right {
        Ok(())
    } else {
        Err(Error::SourceUnauthorized(
            "Senha da fonte incorreta: use o usuário 'source' e a senha da fonte deste canal.".into(),
        ))
    }
}

/// The password of `Authorization: Basic source:<password>`; `None` for anything else.
fn basic_password(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, encoded) = value.trim().split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") || encoded.len() > 1024 {
        return None;
    }
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .ok()?;
    let decoded = String::from_utf8(decoded).ok()?;
    let (user, password) = decoded.split_once(':')?;
    (user == "source").then(|| password.to_owned())
}

/// The channel's own password (hashed in `live_sources`) or else the station's.
async fn password_matches(state: &AppState, stream_id: &str, password: &str) -> Result<bool> {
    let own: Option<Option<String>> =
        sqlx::query_scalar("SELECT password_hash FROM live_sources WHERE stream_id = $1")
            .bind(stream_id)
            .fetch_optional(&state.db.pool)
            .await?;
    if let Some(hash) = own.flatten() {
        return Ok(verify_password(&hash, password).await);
    }
    Ok(match state.config.source_password.as_deref() {
        Some(expected) if !expected.is_empty() => {
            crate::auth::constant_time_eq(expected.as_bytes(), password.as_bytes())
        }
        _ => false,
    })
}

/// The codec a source sends, from its `Content-Type` and the mount it connects to: MP3 on the MP3
/// mount, AAC (LC or HE, in ADTS) on an AAC mount. Without a `Content-Type` the mount's codec is
/// assumed, as Icecast assumes MP3.
fn content_codec(headers: &HeaderMap, mount: Codec) -> Result<Codec> {
    let Some(value) = headers.get(header::CONTENT_TYPE) else {
        return Ok(mount);
    };
    let kind = value
        .to_str()
        .unwrap_or_default()
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let is_mp3 = matches!(kind.as_str(), "audio/mpeg" | "audio/mp3" | "audio/mpeg3");
    let is_aac = matches!(kind.as_str(), "audio/aac" | "audio/aacp" | "audio/x-aac");
    match mount {
        Codec::Mp3 if is_mp3 => Ok(mount),
        Codec::AacHe | Codec::AacPlus if is_aac => Ok(mount),
        _ => Err(Error::UnsupportedMediaType(format!(
            "Formato não suportado nesta montagem: {kind}. Envie {} para este ponto de montagem.",
            match mount {
                Codec::Mp3 => "MP3 (audio/mpeg)",
                Codec::AacHe | Codec::AacPlus => "AAC em ADTS (audio/aac)",
            }
        ))),
    }
}

/// Hands a source connected to this follower on to the leader: the same request with the relay
/// secret, the leader's answer passed back, and then the bytes, unchanged, until either side closes.
async fn forward(
    state: &AppState,
    mount_name: &str,
    headers: &HeaderMap,
    address: IpAddr,
) -> Result<Response> {
    let unavailable = || Error::Unavailable("A rádio não está no ar nesta instância.".into());
    let leader_url = leader::leader_url(&state.db)
        .await?
        .filter(|url| *url != state.config.instance_url())
        .ok_or_else(unavailable)?;
    let host = leader_url
        .strip_prefix("http://")
        .ok_or_else(unavailable)?
        .trim_end_matches('/')
        .to_owned();
    let secret = state.radio.relay_secret().ok_or_else(unavailable)?;
    let mut upstream = tokio::time::timeout(Duration::from_secs(5), tokio::net::TcpStream::connect(&host))
        .await
        .map_err(|_| unavailable())?
        .map_err(|_| unavailable())?;
    let mut head = format!(
        "PUT /stream/{mount_name} HTTP/1.1\r\nHost: {host}\r\n{}: {secret}\r\n{FORWARDED_ADDRESS}: {address}\r\n",
        leader::RELAY_HEADER
    );
    for name in [
        "content-type",
        "ice-name",
        "ice-description",
        "ice-genre",
        "ice-url",
        "user-agent",
    ] {
        // As sent: encoders put UTF-8 (or Latin-1) names in these.
        if let Some(value) = headers.get(name) {
            head.push_str(name);
            head.push_str(": ");
            head.push_str(&String::from_utf8_lossy(value.as_bytes()));
            head.push_str("\r\n");
        }
    }
    head.push_str("\r\n");
    upstream
        .write_all(head.as_bytes())
        .await
        .map_err(|_| unavailable())?;
    let mut reader = BufReader::new(upstream);
    let mut status_line = String::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), reader.read_line(&mut status_line)).await;
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse::<u16>().ok())
        .unwrap_or(503);
    // The rest of the leader's answer: headers, and a body on a refusal.
    let mut line = String::new();
    loop {
        line.clear();
        match tokio::time::timeout(Duration::from_secs(5), reader.read_line(&mut line)).await {
            Ok(Ok(read)) if read > 0 && line != "\r\n" => {}
            _ => break,
        }
    }
    if status != 200 {
        let mut body = Vec::new();
        let _ = tokio::time::timeout(
            Duration::from_secs(2),
            (&mut reader).take(16 * 1024).read_to_end(&mut body),
        )
        .await;
        let message = serde_json::from_slice::<serde_json::Value>(&body)
            .ok()
            .and_then(|value| value.get("message")?.as_str().map(str::to_owned))
            .unwrap_or_default();
        return Err(match status {
            403 => Error::Forbidden(message),
            404 => Error::NotFound(message),
            415 => Error::UnsupportedMediaType(message),
            _ => unavailable(),
        });
    }
    let upstream = reader.into_inner();
    let admission = Admission::new(move |mut source, leftover| {
        Box::pin(async move {
            let mut upstream = upstream;
            if upstream.write_all(&leftover).await.is_ok() {
                let _ = tokio::io::copy(&mut source, &mut upstream).await;
            }
            let _ = upstream.shutdown().await;
        })
    });
    let mut response = StatusCode::OK.into_response();
    response.extensions_mut().insert(admission);
    Ok(response)
}

/// The song on air, as encoders and playout systems send it on every change (Icecast's
/// `/admin/metadata?mode=updinfo`): `song` is 'Artist - Title' (or a programme's name), in UTF-8, or
/// in ISO-8859-1 unless `charset=UTF-8` says otherwise, as Icecast reads it. It goes on air as an
/// autoDJ play does: now playing, push, history, matched to the music catalogue.
#[utoipa::path(get, path = "/admin/metadata", tag = tags::STREAM,
    params(
        ("mount" = String, Query, description = "The mount path the source is connected to, e.g. `/stream/onda_1.mp3`"),
        ("mode" = String, Query, description = "`updinfo`"),
        ("song" = String, Query, description = "'Artist - Title'"),
        ("charset" = Option<String>, Query, description = "The encoding of `song`; ISO-8859-1 unless `UTF-8`"),
        ("Authorization" = String, Header, description = "`Basic` with user `source` and the channel's source password"),
    ),
    responses(
        (status = 200, description = "Icecast's answer", content_type = "text/xml", body = String),
        (status = 400, description = "Not `mode=updinfo`, or no `song`", body = ErrorReply),
        (status = 401, description = "Wrong or missing source password", body = ErrorReply),
        (status = 404, description = "No channel has this mount, or no source is live on it", body = ErrorReply),
    ))]
async fn source_metadata(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    ClientIp(ip): ClientIp,
) -> Result<Response> {
    let query = query.unwrap_or_default();
    if query.len() > 4096 {
        return Err(Error::bad_request("Pedido de metadados longo demais."));
    }
    let params = MetadataQuery::parse(&query);
    let mount_name = params
        .mount
        .as_deref()
        .map(|mount| mount.trim_start_matches('/'))
        .map(|mount| mount.strip_prefix("stream/").unwrap_or(mount).to_owned())
        .unwrap_or_default();
    let (_, feed) = channel_of(&state, &mount_name)?;
    let relayed = relayed(&state, &headers);
    if !relayed {
        authenticate(&state, &feed, &headers, ip).await?;
    }
    if params.mode.as_deref() != Some("updinfo") {
        return Err(Error::bad_request("Só o modo 'updinfo' é aceito."));
    }
    let song = params
        .song
        .filter(|song| !song.trim().is_empty())
        .ok_or_else(|| Error::bad_request("Falta o título ('song')."))?;
    if state.radio.role.get() == leader::Role::Follower && !relayed {
        forward_metadata(&state, &query).await?;
    } else {
        if feed.session().is_none() {
            return Err(Error::not_found("Nenhuma fonte ao vivo neste ponto de montagem."));
        }
        feed.set_title(&song);
    }
    Ok((
        [(header::CONTENT_TYPE, HeaderValue::from_static("text/xml"))],
        "<?xml version=\"1.0\"?>\n<iceresponse><message>Metadata update successful</message><return>1</return></iceresponse>\n",
    )
        .into_response())
}

async fn forward_metadata(state: &AppState, query: &str) -> Result<()> {
    let leader_url = leader::leader_url(&state.db)
        .await?
        .ok_or_else(|| Error::Unavailable("A rádio não está no ar nesta instância.".into()))?;
    let secret = state
        .radio
        .relay_secret()
        .ok_or_else(|| Error::Unavailable("A rádio não está no ar nesta instância.".into()))?;
    let response = reqwest::Client::new()
        .get(format!(
            "{}/admin/metadata?{query}",
            leader_url.trim_end_matches('/')
        ))
        .header(leader::RELAY_HEADER, secret)
        .timeout(Duration::from_secs(5))
        .send()
        .await
        .map_err(|_| Error::Unavailable("A rádio não está no ar nesta instância.".into()))?;
    match response.status().as_u16() {
        200 => Ok(()),
        404 => Err(Error::not_found("Nenhuma fonte ao vivo neste ponto de montagem.")),
        _ => Err(Error::Unavailable(
            "A rádio não está no ar nesta instância.".into(),
        )),
    }
}

/// The updinfo query, decoded as Icecast does (`+` is a space; ISO-8859-1 unless `charset=UTF-8`).
#[derive(Debug, Default, PartialEq)]
struct MetadataQuery {
    mount: Option<String>,
    mode: Option<String>,
    song: Option<String>,
}

impl MetadataQuery {
    fn parse(query: &str) -> Self {
        let mut raw: Vec<(String, Vec<u8>)> = Vec::new();
        for pair in query.split('&') {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = value.replace('+', " ");
            let bytes: Vec<u8> = percent_encoding::percent_decode_str(&value).collect();
            raw.push((name.to_ascii_lowercase(), bytes));
        }
        let utf8 = raw
            .iter()
            .any(|(name, value)| name == "charset" && value.eq_ignore_ascii_case(b"utf-8"));
        let text = |bytes: &[u8]| match std::str::from_utf8(bytes) {
            Ok(text) if utf8 || text.is_ascii() => text.to_owned(),
            // ISO-8859-1: every byte is the code point of the same number.
            _ => bytes.iter().map(|&byte| char::from(byte)).collect(),
        };
        let get = |wanted: &str| {
            raw.iter()
                .find(|(name, _)| name == wanted)
                .map(|(_, value)| text(value))
        };
        Self {
            mount: get("mount"),
            mode: get("mode"),
            song: get("song"),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn updinfo_queries_decode_as_icecast_does() {
        let query =
            MetadataQuery::parse("mount=%2Fstream%2Fonda_1.mp3&mode=updinfo&song=Tom+Jobim%20-%20Wave");
        assert_eq!(query.mount.as_deref(), Some("/stream/onda_1.mp3"));
        assert_eq!(query.mode.as_deref(), Some("updinfo"));
        assert_eq!(query.song.as_deref(), Some("Tom Jobim - Wave"));
        // ISO-8859-1 by default, UTF-8 when said.
        assert_eq!(
            MetadataQuery::parse("song=Can%E7%E3o").song.as_deref(),
            Some("Canção")
        );
        assert_eq!(
            MetadataQuery::parse("charset=UTF-8&song=Can%C3%A7%C3%A3o")
                .song
                .as_deref(),
            Some("Canção")
        );
    }

    #[test]
    fn only_user_source_with_basic_is_read() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Basic c291cmNlOnNlZ3JlZG8="),
        );
        assert_eq!(basic_password(&headers).as_deref(), Some("segredo"));
        // admin:segredo
        headers.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Basic YWRtaW46c2VncmVkbw=="),
        );
        assert_eq!(basic_password(&headers), None);
        headers.insert(header::AUTHORIZATION, HeaderValue::from_static("Bearer x"));
        assert_eq!(basic_password(&headers), None);
    }

    #[test]
    fn content_types_must_match_the_mount() {
        let with = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(value));
            headers
        };
        assert_eq!(
            content_codec(&with("audio/mpeg"), Codec::Mp3).unwrap(),
            Codec::Mp3
        );
        assert_eq!(content_codec(&HeaderMap::new(), Codec::Mp3).unwrap(), Codec::Mp3);
        assert_eq!(
            content_codec(&with("audio/aacp"), Codec::AacPlus).unwrap(),
            Codec::AacPlus
        );
        assert!(content_codec(&with("application/ogg"), Codec::Mp3).is_err());
        assert!(content_codec(&with("audio/aac"), Codec::Mp3).is_err());
        assert!(content_codec(&with("audio/mpeg"), Codec::AacHe).is_err());
    }
}
