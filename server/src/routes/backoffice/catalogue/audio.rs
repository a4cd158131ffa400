//! Audio for the catalogue: the upload of an MP3 (`POST /api/v1/backoffice/audio`,
//! permission 6 or 7; a client's spot) and its public address (`GET /media/uploads/audio/{key}.mp3`).
//!
//! The file is read under a hard limit as it streams in, then checked by its bytes: it must hold MPEG
//! audio frames (the station engine's own parser, which trusts nothing and skips tags and garbage)
//! adding up to at least a second. It is stored as sent, under `<data dir>/uploads/audio/<key>.mp3`
//! with a random key, and served with a year's cache (a key never changes), unless it is a song's
//! full track, which only the logged-in download serves (`routes::catalogue`).

use axum::{
    body::Body,
    extract::State,
    http::{HeaderMap, HeaderValue, header},
    response::Response,
};
use onda_shared::{
    backoffice_catalogue::UploadedAudio,
    validation::{AUDIO_MAX_BYTES, messages},
};
use tokio::sync::Semaphore;

use super::super::{kit, no_store};
use crate::{
    AppState, Error, Result,
    audio_files::{UPLOADED_AUDIO_PREFIX, uploaded_audio_dir, uploaded_audio_key},
    auth::{AuthUser, random_hex},
    error::ok,
    extract::{ApiPath, multipart_file},
    openapi::{Reply, tags},
    radio::frames::mp3_frames,
    staff::{CATALOGUE, PROMOTIONS},
};

const FRAMING: usize = 16 * 1024;
const MAX_BODY: usize = AUDIO_MAX_BYTES + FRAMING;
/// Uploads held in memory at once (each up to [`MAX_BODY`]).
static TURNS: Semaphore = Semaphore::const_new(2);
/// Shorter than this is no song or spot.
const MIN_SECONDS: u64 = 1;
pub const AUDIO_NOT_FOUND: &str = "audio not found";

/// The multipart body as documented (the `file` field).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub(crate) struct AudioFile {
    /// An MP3, at most 30 MB.
    #[schema(content_media_type = "application/octet-stream")]
    file: String,
}

kit::staff_path! {
    post "/backoffice/audio", request_body(content = inline(AudioFile), content_type = "multipart/form-data")
        => "Stored": Reply<UploadedAudio>,
        400 "No `file` field, not MP3 by its bytes (AUDIO_TYPE) or over 30 MB (AUDIO_SIZE; the rest is not read)";
    /// Stores an MP3 and answers its address and length.
    pub async fn upload_audio(
        State(state): State<AppState>,
        user: AuthUser,
        headers: HeaderMap,
        body: Body,
    ) -> Result<Response> {
        let permissions = [PROMOTIONS, CATALOGUE];
        let boundary = kit::upload_start(
            &state,
            &user,
            &permissions,
            &headers,
            MAX_BODY,
            messages::AUDIO_SIZE,
        )
        .await?;
        let _turn = TURNS
            .acquire()
            .await
            .map_err(|err| Error::Internal(anyhow::anyhow!("audio semaphore: {err}")))?;
        let file = multipart_file(body, boundary, MAX_BODY, AUDIO_MAX_BYTES, || {
            Error::bad_request(messages::AUDIO_SIZE)
        })
        .await?
        .filter(|file| !file.is_empty())
        .ok_or_else(|| Error::bad_request(messages::AUDIO_TYPE))?;
        // Parsing a 30 MB file is CPU work: off the async threads.
        let (file, micros) = tokio::task::spawn_blocking(move || {
            let micros: u64 = mp3_frames(&file).iter().map(|frame| frame.duration_us()).sum();
            (file, micros)
        })
        .await
        .map_err(|err| Error::Internal(anyhow::anyhow!("audio task failed: {err}")))?;
        let seconds = micros / 1_000_000;
        if seconds < MIN_SECONDS {
            return Err(Error::bad_request(messages::AUDIO_TYPE));
        }
        let key = random_hex(16);
        let dir = uploaded_audio_dir(&state);
        tokio::fs::create_dir_all(&dir)
            .await
            .map_err(|err| Error::Internal(err.into()))?;
        tokio::fs::write(dir.join(format!("{key}.mp3")), &file)
            .await
            .map_err(|err| Error::Internal(err.into()))?;
        let uploaded = UploadedAudio {
            url: format!("{UPLOADED_AUDIO_PREFIX}{key}.mp3"),
            seconds: i64::try_from(seconds).unwrap_or(i64::MAX),
        };
        let after = serde_json::json!({ "url": uploaded.url, "bytes": file.len(), "seconds": seconds });
        kit::note(&state, &user, "audio.upload", &after).await?;
        Ok(no_store(ok(uploaded)))
    }
}

/// An uploaded MP3 (a spot's audio). A song's full track is not served here: it is the logged-in
/// download (`/api/v1/downloads/music/…`), and its public preview is cut from it.
#[utoipa::path(get, path = "/media/uploads/audio/{file}", tag = tags::MEDIA,
    params(("file" = String, Path, pattern = "^[0-9a-f]{32}\\.mp3$", description = "The file the upload answered")),
    responses(
        (status = 200, description = "The MP3 (cached for a year: a key never changes)", content_type = "audio/mpeg"),
        (status = 404, description = "'audio not found'", body = crate::openapi::ErrorReply),
    ))]
pub async fn serve_uploaded_audio(
    State(state): State<AppState>,
    ApiPath(file): ApiPath<String>,
) -> Result<Response> {
    let key = uploaded_audio_key(&file).ok_or_else(|| Error::not_found(AUDIO_NOT_FOUND))?;
    let url = format!("{UPLOADED_AUDIO_PREFIX}{key}.mp3");
    let full_song: Option<i64> = sqlx::query_scalar("SELECT id FROM songs WHERE track_url = $1 LIMIT 1")
        .bind(&url)
        .fetch_optional(&state.db.pool)
        .await?;
    if full_song.is_some() {
        return Err(Error::not_found(AUDIO_NOT_FOUND));
    }
    let path = uploaded_audio_dir(&state).join(format!("{key}.mp3"));
    let file = match tokio::fs::File::open(&path).await {
        Ok(file) => file,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            return Err(Error::not_found(AUDIO_NOT_FOUND));
        }
        Err(err) => return Err(Error::Internal(err.into())),
    };
    let length = file
        .metadata()
        .await
        .map_err(|err| Error::Internal(err.into()))?
        .len();
    // Streamed from the disk: anonymous listeners of a 30 MB file hold a buffer each, not the file.
    let mut response = Response::new(Body::from_stream(tokio_util::io::ReaderStream::new(file)));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("audio/mpeg"));
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    Ok(response)
}

#[cfg(test)]
mod tests {
    use crate::audio_files::uploaded_audio_key as key_of;

    #[test]
    fn only_upload_keys_name_a_file() {
        assert_eq!(
            key_of("0123456789abcdef0123456789abcdef.mp3"),
            Some("0123456789abcdef0123456789abcdef")
        );
        assert_eq!(key_of("../../etc/passwd.mp3"), None);
        assert_eq!(key_of("0123456789ABCDEF0123456789abcdef.mp3"), None);
        assert_eq!(key_of("0123456789abcdef0123456789abcdef"), None);
    }
}
