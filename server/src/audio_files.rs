//! The demo's audio files on disk and their HTTP responses, shared by every `/media/audio/` route (songs,
//! previews and downloads of the catalogue, the advertisers' spots).
//!
//! The files are the station engine's own demo renditions (`radio/demo/v{N}/{key}.mp3`), so a song the
//! radio has played is never encoded twice; a file the engine has not written yet is rendered here.

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
