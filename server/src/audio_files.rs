//! The demo's audio files on disk and their HTTP responses, shared by every `/media/audio/` route (songs,
//! previews and downloads of the catalogue, the advertisers' spots).
//!
//! The files are the station engine's own demo renditions (`radio/demo/v{N}/{key}.mp3`), so a song the
//! radio has played is never encoded twice; a file the engine has not written yet is rendered here.
//! MP3s uploaded through the back office live under `<data dir>/uploads/audio/<key>.mp3`
//! ([`uploaded_audio_path`]); a song's uploaded track is served here as its download and, cut to its
//! first seconds ([`first_seconds`]), as its preview.

use std::{collections::HashMap, path::PathBuf, sync::LazyLock};

use axum::{
    body::Body,
    http::{HeaderValue, header},
    response::Response,
};
use tokio::sync::Semaphore;

use crate::{
    AppState, Error, Result,
    radio::{library, mount::Codec, synth},
};

/// The 404 message of every audio route.
pub const FILE_NOT_FOUND: &str = "file not found";
/// Where an uploaded MP3's address starts (`/media/uploads/audio/<32 hex>.mp3`).
pub const UPLOADED_AUDIO_PREFIX: &str = "/media/uploads/audio/";

/// The folder of the uploaded MP3s.
pub fn uploaded_audio_dir(state: &AppState) -> PathBuf {
    state.config.data_dir.join("uploads").join("audio")
}

/// The key of an uploaded MP3's file name `<key>.mp3`, when it is one an upload could have given (so a
/// name can never leave the folder).
pub fn uploaded_audio_key(file: &str) -> Option<&str> {
    file.strip_suffix(".mp3")
        .filter(|key| key.len() == 32 && key.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
}

/// The file behind an uploaded MP3's address, or None when `url` is not one.
pub fn uploaded_audio_path(state: &AppState, url: &str) -> Option<PathBuf> {
    let key = url
        .strip_prefix(UPLOADED_AUDIO_PREFIX)
        .and_then(uploaded_audio_key)?;
    Some(uploaded_audio_dir(state).join(format!("{key}.mp3")))
}

/// The start of an MP3 up to `seconds` of audio, cut at a frame boundary (any leading tag kept).
pub fn first_seconds(data: &[u8], seconds: f32) -> &[u8] {
    let limit = (f64::from(seconds) * 1_000_000.0) as u64;
    let mut played = 0;
    let mut end = data.len();
    for frame in crate::radio::frames::mp3_frames(data) {
        if played >= limit {
            end = frame.offset;
            break;
        }
        played += frame.duration_us();
    }
    &data[..end]
}

/// The first `max` bytes of an uploaded MP3 (all of a shorter one); a missing file is the audio
/// routes' 404. A preview needs only its start, so a public request never reads a whole song.
pub async fn read_uploaded_start(path: &std::path::Path, max: u64) -> Result<Vec<u8>> {
    use tokio::io::AsyncReadExt;
    let file = match tokio::fs::File::open(path).await {
        Ok(file) => file,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            return Err(Error::not_found(FILE_NOT_FOUND));
        }
        Err(err) => return Err(Error::Internal(err.into())),
    };
    let mut data = Vec::new();
    file.take(max)
        .read_to_end(&mut data)
        .await
        .map_err(|err| Error::Internal(err.into()))?;
    Ok(data)
}

/// MP3 bytes as a public response, cached for a day.
pub fn mp3_response(data: Vec<u8>) -> Response {
    let mut response = Response::new(Body::from(data));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("audio/mpeg"));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400"),
    );
    response
}

/// Renders at most one song at a time: the encoder is CPU-bound and shares the cores with the mounts.
static RENDERING: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(1));

/// The station engine's demo MP3 rendition named `key` (under `radio/demo/v{N}/`), rendering it with
/// `render` first when the engine has not written it yet. Shared by every `/media/audio/` route: the
/// key is a hash, never a path taken from the request.
pub async fn demo_mp3(
    state: &AppState,
    key: &str,
    render: impl FnOnce() -> synth::Pcm + Send + 'static,
) -> Result<PathBuf> {
    let path = state
        .config
        .radio_dir()
        .join("demo")
        .join(format!("v{}", library::DEMO_AUDIO_VERSION))
        .join(format!("{key}.mp3"));
    if path.exists() {
        return Ok(path);
    }
    let _permit = RENDERING
        .acquire()
        .await
        .map_err(|err| Error::Internal(err.into()))?;
    let target = path.clone();
    tokio::task::spawn_blocking(move || {
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let files = HashMap::from([(Codec::Mp3, target)]);
        library::render_demo(&files, render).map_err(anyhow::Error::from)
    })
    .await
    .map_err(|err| Error::Internal(err.into()))??;
    Ok(path)
}

/// An MP3 file as a response (`attachment`: downloaded under that name, never cached by proxies).
pub async fn audio_response(path: PathBuf, attachment: Option<String>) -> Result<Response> {
    let data = tokio::fs::read(&path)
        .await
        .map_err(|err| Error::Internal(anyhow::Error::from(err)))?;
    let audio = HeaderValue::from_static("audio/mpeg");
    if let Some(name) = attachment {
        return Ok(crate::download::attachment(data, audio, &name));
    }
    let mut response = Response::new(Body::from(data));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, audio);
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400"),
    );
    Ok(response)
}
