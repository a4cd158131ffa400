//! 'Ouvir de novo': a programme's recordings (`radio/replays.rs` records them as they air) on its page,
//! their audio with HTTP range requests so players can seek, and a podcast feed of them.
//!
//! A programme chooses who may hear its recordings (`programs.replay_access`, edited with the
//! programme in the back office): everyone, logged-in listeners, PRO subscribers, or nobody (then
//! nothing is recorded). The list is public, so a listener sees what is there; the audio follows the
//! rule, and only a recording everyone may hear is in the feed or shared by caches.

use axum::{
    extract::{Request, State},
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use onda_shared::schedule::{ProgramReplay, ProgramReplays, ReplayAccess, ReplaySong};
use tower::ServiceExt;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    accounts::is_pro,
    auth::{AuthUser, MaybeAuthUser},
    clock::{BRT_OFFSET_SECONDS, iso},
    data::{replays as data, schedule as grid},
    error::ok,
    extract::ApiPath,
    html::escape,
    openapi::{ErrorReply, Reply, tags},
    radio::replays::dir,
};

pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(program_replays))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(replay_audio))
        .routes(routes!(replay_feed))
}

const NO_PROGRAMME: &str = "Programa não encontrado.";
const NO_REPLAY: &str = "Gravação não encontrada.";

/// Whether the caller may hear recordings with this access.
async fn may_hear(state: &AppState, access: ReplayAccess, user: Option<&AuthUser>) -> Result<bool> {
    Ok(match (access, user) {
        (ReplayAccess::Everyone, _) => true,
        (ReplayAccess::LoggedIn, user) => user.is_some(),
        (ReplayAccess::Pro, Some(user)) => is_pro(&state.db, user.user_id).await?,
        (ReplayAccess::Pro | ReplayAccess::None, _) => false,
    })
}

fn audio_url(id: i64) -> String {
    format!("/media/replays/{id}.mp3")
}

/// A programme's recordings, newest first, each with its songs and, where the caller may hear it, its
/// audio. Empty when the programme is not recorded (`access` `none`).
#[utoipa::path(get, path = "/programs/{slug}/replays", tag = tags::PROGRAMS,
    params(("slug" = String, Path, description = "The programme's slug")),
    security((), ("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The recordings", body = Reply<ProgramReplays>),
        (status = 404, description = "No such programme", body = ErrorReply),
    ))]
async fn program_replays(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
    MaybeAuthUser(user): MaybeAuthUser,
) -> Result<Response> {
    let (programme, _) = grid::programme_by_slug(&state.db, &slug)
        .await?
        .ok_or_else(|| Error::not_found(NO_PROGRAMME))?;
    let access = data::access_of(&state.db, programme.id).await?;
    let allowed = may_hear(&state, access, user.as_ref()).await?;
    let mut replays = Vec::new();
    if access != ReplayAccess::None {
        for replay in data::of_programme(&state.db, programme.id).await? {
            replays.push(wire(&state, &replay, allowed).await?);
        }
    }
    let feed_url =
        (access == ReplayAccess::Everyone).then(|| format!("/programacao/{slug}/ouvir-de-novo.xml"));
    let reply = ok(ProgramReplays {
        slug: programme.slug,
        title: programme.title,
        access,
        allowed,
        feed_url,
        keep_days: state.config.replay_days,
        replays,
    });
    // The answer depends on the caller's session when the audio is not for everyone.
    let cache = if access == ReplayAccess::Everyone || access == ReplayAccess::None {
        "public, max-age=60"
    } else {
        "private, max-age=60"
    };
    // A browser keeps the private answer for a minute: a login (a new cookie) must not be answered
    // from the anonymous copy.
    Ok((
        [
            (header::CACHE_CONTROL, cache),
            (header::VARY, "cookie, authorization"),
        ],
        reply,
    )
        .into_response())
}

async fn wire(state: &AppState, replay: &data::Replay, allowed: bool) -> Result<ProgramReplay> {
    let stream_name = data::stream_name(&state.db, &replay.stream_id)
        .await?
        .unwrap_or_else(|| replay.stream_id.clone());
    let meta_id = state
        .schedule
        .meta_of_stream(&state.db, &replay.stream_id)
        .await?
        .unwrap_or_else(|| replay.stream_id.clone());
    let recorded_to = replay.audio_from_ms + replay.duration_ms;
    let songs = data::songs(&state.db, &meta_id, replay.audio_from_ms, recorded_to)
        .await?
        .into_iter()
        .map(|(at_ms, song, artist)| ReplaySong {
            time: grid::format_time((at_ms / 1000 + BRT_OFFSET_SECONDS).rem_euclid(86_400) / 60),
            offset_ms: at_ms - replay.audio_from_ms,
            song,
            artist,
        })
        .collect();
    Ok(ProgramReplay {
        id: replay.id,
        stream_id: replay.stream_id.clone(),
        stream_name,
        starts_at: iso(replay.starts_at_ms / 1000),
        ends_at: iso(replay.ends_at_ms / 1000),
        duration_ms: replay.duration_ms,
        audio_url: allowed.then(|| audio_url(replay.id)),
        songs,
    })
}

/// A recording's audio (MP3), with range requests so a player can seek.
#[utoipa::path(get, path = "/media/replays/{file}", tag = tags::PROGRAMS,
    params(
        ("file" = String, Path, description = "`<id>.mp3`"),
        ("Range" = Option<String>, Header, description = "`bytes=<from>-[<to>]`"),
    ),
    security((), ("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The recording", content_type = "audio/mpeg"),
        (status = 206, description = "The part of it the range asked for", content_type = "audio/mpeg"),
        (status = 401, description = "Recordings for logged-in listeners or PRO, without a session", body = ErrorReply),
        (status = 403, description = "PRO recordings without a PRO subscription", body = ErrorReply),
        (status = 404, description = "No such recording (or no longer kept)", body = ErrorReply),
        (status = 416, description = "A range outside the file"),
    ))]
async fn replay_audio(
    State(state): State<AppState>,
    ApiPath(file): ApiPath<String>,
    MaybeAuthUser(user): MaybeAuthUser,
    request: Request,
) -> Result<Response> {
    let id: i64 = file
        .strip_suffix(".mp3")
        .and_then(|id| id.parse().ok())
        .ok_or_else(|| Error::not_found(NO_REPLAY))?;
    let replay = data::by_id(&state.db, id)
        .await?
        .ok_or_else(|| Error::not_found(NO_REPLAY))?;
    let access = data::access_of(&state.db, replay.program_id).await?;
    match access {
        ReplayAccess::None => return Err(Error::not_found(NO_REPLAY)),
        _ if may_hear(&state, access, user.as_ref()).await? => {}
        _ if user.is_none() => return Err(Error::Unauthorized),
        _ => return Err(Error::Forbidden("pro replay".into())),
    }
    let path = dir(&state).join(&replay.file);
    if !tokio::fs::try_exists(&path).await.unwrap_or(false) {
        return Err(Error::not_found(NO_REPLAY));
    }
    let served = tower_http::services::ServeFile::new(&path)
        .oneshot(request)
        .await
        .map_err(|err| Error::Internal(err.into()))?;
    let mut response = served.map(axum::body::Body::new);
    // The file never changes; only a recording for everyone may be shared by caches.
    let cache = if access == ReplayAccess::Everyone {
        "public, max-age=86400"
    } else {
        "private, max-age=86400"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    Ok(response)
}

/// A programme's recordings as a podcast (RSS 2.0 with enclosures), where everyone may hear them.
#[utoipa::path(get, path = "/programacao/{slug}/ouvir-de-novo.xml", tag = tags::PROGRAMS,
    params(("slug" = String, Path, description = "The programme's slug")),
    responses(
        (status = 200, description = "The podcast feed", content_type = "application/rss+xml"),
        (status = 404, description = "No such programme, or its recordings are not for everyone", body = ErrorReply),
    ))]
async fn replay_feed(State(state): State<AppState>, ApiPath(slug): ApiPath<String>) -> Result<Response> {
    let (programme, host) = grid::programme_by_slug(&state.db, &slug)
        .await?
        .ok_or_else(|| Error::not_found(NO_PROGRAMME))?;
    if data::access_of(&state.db, programme.id).await? != ReplayAccess::Everyone {
        return Err(Error::not_found(NO_PROGRAMME));
    }
    let public = state.config.public_url();
    let station = &state.config.station_name;
    let page = format!("{public}/programacao/{slug}");
    let e = escape;
    let image = if programme.image_url.starts_with("http") {
        programme.image_url.clone()
    } else {
        format!("{public}{}", programme.image_url)
    };
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <rss version=\"2.0\" xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\" \
         xmlns:atom=\"http://www.w3.org/2005/Atom\">\n<channel>\n\
         <title>{} - Ouvir de novo</title>\n<link>{}</link>\n<description>{}</description>\n\
         <language>pt-BR</language>\n<itunes:author>{}</itunes:author>\n<itunes:image href=\"{}\"/>\n\
         <atom:link href=\"{}/programacao/{}/ouvir-de-novo.xml\" rel=\"self\" type=\"application/rss+xml\"/>\n",
        e(&programme.title),
        e(&page),
        e(if programme.description.is_empty() {
            &programme.title
        } else {
            &programme.description
        }),
        e(if host.is_empty() { station } else { &host }),
        e(&image),
        e(&public),
        e(&slug),
    );
    for replay in data::of_programme(&state.db, programme.id).await? {
        let wired = wire(&state, &replay, true).await?;
        let url = format!("{public}{}", audio_url(replay.id));
        let day = grid::brasilia_date(replay.starts_at_ms / 1000);
        let date = format!("{:02}/{:02}/{}", day.day(), u8::from(day.month()), day.year());
        let songs: Vec<String> = wired
            .songs
            .iter()
            .map(|song| format!("{} {} - {}", song.time, song.artist, song.song))
            .collect();
        out.push_str(&format!(
            "<item>\n<title>{} - {}</title>\n<guid isPermaLink=\"false\">{}</guid>\n<pubDate>{}</pubDate>\n\
             <description>{}</description>\n<enclosure url=\"{}\" length=\"{}\" type=\"audio/mpeg\"/>\n\
             <itunes:duration>{}</itunes:duration>\n</item>\n",
            e(&programme.title),
            e(&date),
            e(&url),
            super::feeds::rfc2822(replay.starts_at_ms / 1000),
            e(&songs.join("\n")),
            e(&url),
            replay.bytes,
            replay.duration_ms / 1000,
        ));
    }
    out.push_str("</channel>\n</rss>\n");
    Ok((
        [
            (header::CONTENT_TYPE, "application/rss+xml; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        out,
    )
        .into_response())
}
