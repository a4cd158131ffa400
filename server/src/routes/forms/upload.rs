//! `POST /api/v1/workWithUs/uploadCurriculum` (G24, S06): the CV is uploaded to us, not to a media
//! host (no key reaches the browser, WK-06), as multipart with a `file` field.
//!
//! - The body is parsed by multer (axum's own multipart parser) as it streams in, under hard limits: a
//!   declared length over them is refused before a byte is read, and an undeclared (chunked) body is
//!   read only until it passes them, so a 50 MB upload costs at most the limit, never its size. The global 1 MiB limit does not apply here: this handler takes
//!   the raw body, which axum leaves unlimited, and limits it itself.
//! - At most [`UPLOADS_AT_ONCE`] bodies are held at once, which bounds the memory all uploads can take.
//! - The type is what the bytes say, whatever the name or the declared MIME type (both are the client's
//!   and follow the file name): `%PDF-`; OLE2 (`D0 CF 11 E0 A1 B1 1A E1`) holding a `WordDocument`
//!   stream; a ZIP whose central directory lists `word/` entries and `[Content_Types].xml`.
//! - The file is stored under `<data dir>/uploads/cv/` with a random name and the extension of its real
//!   type; that name is the reference sendCurriculum takes. Nothing serves that folder: staff download a
//!   CV through the inbox, with permission 4.

use std::sync::LazyLock;

use axum::{
    Json,
    body::Body,
    extract::State,
    http::{HeaderMap, header},
};
use onda_shared::{
    Envelope,
    forms::CurriculumUpload,
    validation::{WORK_CV_MAX_BYTES, messages},
};
use tokio::sync::Semaphore;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    auth::{
        random_hex,
        rate_limit::{self, Key},
    },
    data::submissions::{CvType, cv_dir, sniff},
    error::ok,
    extract::{ClientIp, multipart_file},
    openapi::{Reply, tags},
};

/// Room for the multipart framing around the file (boundaries, part headers, a long file name).
const FRAMING: usize = 16 * 1024;
/// The most a request body may carry.
pub const MAX_BODY: usize = WORK_CV_MAX_BYTES + FRAMING;
/// Uploads read at the same time; more wait their turn (each holds up to [`MAX_BODY`] in memory).
pub const UPLOADS_AT_ONCE: usize = 8;
static UPLOADS: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(UPLOADS_AT_ONCE));
/// Random part of a stored name: 16 bytes, hex.
const NAME_HEX: usize = 32;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upload_curriculum))
}

/// The multipart body as documented (the `file` field).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub(super) struct CurriculumFile {
    /// The CV: PDF, DOC or DOCX, at most 5 MB.
    #[schema(content_media_type = "application/octet-stream")]
    file: String,
}

/// Stores the CV and answers its reference for sendCurriculum.
#[utoipa::path(post, path = "/workWithUs/uploadCurriculum", tag = tags::FORMS,
    request_body(content = inline(CurriculumFile), content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Stored; `nome_arquivo` is the reference sendCurriculum takes", body = Reply<CurriculumUpload>),
        (status = 400, description = "No `file` field ('Anexe o seu currículo') or not a PDF, DOC or DOCX by its bytes ('O currículo deve ser um arquivo PDF, DOC ou DOCX')", body = crate::openapi::ErrorReply),
        (status = 413, description = "Over 5 MB; refused without reading the rest", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn upload_curriculum(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<Envelope<CurriculumUpload>>> {
    let boundary = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| multer::parse_boundary(value).ok())
        .ok_or_else(|| Error::bad_request("expected a multipart/form-data body with a file field"))?;
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if declared.is_some_and(|length| length > MAX_BODY as u64) {
        return Err(Error::PayloadTooLarge);
    }
    rate_limit::hit(&state.db, &rate_limit::CV_UPLOAD, Key::Ip(ip)).await?;
    let _turn = UPLOADS
        .acquire()
        .await
        .map_err(|err| Error::Internal(anyhow::anyhow!("upload semaphore: {err}")))?;
    let file = read_file_field(body, boundary).await?;
    let file = file
        .as_deref()
        .filter(|file| !file.is_empty())
        .ok_or_else(|| Error::bad_request(messages::WORK_CURRICULUM))?;
    let kind = sniff(file).ok_or_else(|| Error::bad_request(messages::WORK_CV_TYPE))?;
    let dir = cv_dir(&state.config.data_dir);
    tokio::fs::create_dir_all(&dir)
        .await
        .map_err(|err| Error::Internal(anyhow::anyhow!("create {}: {err}", dir.display())))?;
    let name = format!("{}.{}", random_hex(NAME_HEX / 2), kind.extension());
    let path = dir.join(&name);
    tokio::fs::write(&path, file)
        .await
        .map_err(|err| Error::Internal(anyhow::anyhow!("write {}: {err}", path.display())))?;
    Ok(ok(CurriculumUpload { nome_arquivo: name }))
}

/// A name [`upload_curriculum`] could have given: 32 lowercase hex digits and an allowed extension,
/// so a reference can never walk out of the folder.
pub(super) fn is_stored_name(name: &str) -> bool {
    let Some((stem, extension)) = name.split_once('.') else {
        return false;
    };
    stem.len() == NAME_HEX
        && stem.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        && CvType::from_extension(extension).is_some()
}

/// The `file` part of a multipart body (`crate::extract::multipart_file`): the whole body may not pass
/// [`MAX_BODY`] nor the file [`WORK_CV_MAX_BYTES`] (then 413, the rest unread).
async fn read_file_field(body: Body, boundary: String) -> Result<Option<Vec<u8>>> {
    multipart_file(body, boundary, MAX_BODY, WORK_CV_MAX_BYTES, || {
        Error::PayloadTooLarge
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn multipart_file_field() {
        let body: &[u8] = b"--xyz\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\nvalue\r\n\
--xyz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cv.exe\"\r\n\
Content-Type: application/octet-stream\r\n\r\n%PDF-1.4\r\nbody\r\n--xyz--\r\n";
        let read = |boundary: &str| read_file_field(Body::from(body), boundary.to_owned());
        assert_eq!(
            read("xyz").await.unwrap().as_deref(),
            Some(&b"%PDF-1.4\r\nbody"[..])
        );
        assert!(
            matches!(read("abc").await, Err(Error::BadRequest(_))),
            "not this body's boundary"
        );
        let no_file: &[u8] =
            b"--xyz\r\nContent-Disposition: form-data; name=\"filename\"\r\n\r\nx\r\n--xyz--\r\n";
        assert_eq!(
            read_file_field(Body::from(no_file), "xyz".into()).await.unwrap(),
            None
        );
        // A file over the limit is refused as too large, whatever the body's declared length.
        let mut big = b"--xyz\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\n".to_vec();
        big.extend(vec![b'%'; WORK_CV_MAX_BYTES + 1]);
        big.extend_from_slice(b"\r\n--xyz--\r\n");
        assert!(matches!(
            read_file_field(Body::from(big), "xyz".into()).await,
            Err(Error::PayloadTooLarge)
        ));
    }

    #[test]
    fn stored_names_cannot_escape() {
        assert!(is_stored_name(&format!("{}.pdf", "a".repeat(32))));
        assert!(!is_stored_name(&format!("{}.exe", "a".repeat(32))));
        assert!(!is_stored_name("../../etc/passwd"));
        assert!(!is_stored_name(&format!("{}.pdf", "A".repeat(32))));
        assert!(!is_stored_name(&format!("{}.pdf.pdf", "a".repeat(32))));
    }
}
