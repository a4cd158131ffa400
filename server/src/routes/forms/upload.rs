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

use super::cv_dir;
use crate::{
    AppState, Error, Result,
    auth::{
        random_hex,
        rate_limit::{self, Key},
    },
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

/// The CV types G24 allows, as their bytes tell them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CvType {
    Pdf,
    Doc,
    Docx,
}

impl CvType {
    pub fn extension(self) -> &'static str {
        match self {
            Self::Pdf => "pdf",
            Self::Doc => "doc",
            Self::Docx => "docx",
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            Self::Pdf => "application/pdf",
            Self::Doc => "application/msword",
            Self::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        }
    }

    pub fn from_extension(extension: &str) -> Option<Self> {
        [Self::Pdf, Self::Doc, Self::Docx]
            .into_iter()
            .find(|kind| kind.extension() == extension)
    }
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
    let dir = cv_dir(&state);
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

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() || from > haystack.len() {
        return None;
    }
    haystack[from..]
        .windows(needle.len())
        .position(|window| window == needle)
        .map(|at| at + from)
}

const OLE2: [u8; 8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

/// The CV type the bytes are, if one of G24's.
pub fn sniff(bytes: &[u8]) -> Option<CvType> {
    if bytes.starts_with(b"%PDF-") {
        return Some(CvType::Pdf);
    }
    if bytes.starts_with(&OLE2) {
        // OLE2 also holds spreadsheets and slides; a Word file has a `WordDocument` stream, whose
        // name the directory stores in UTF-16LE.
        let word: Vec<u8> = "WordDocument".encode_utf16().flat_map(u16::to_le_bytes).collect();
        return find(bytes, &word, 0).map(|_| CvType::Doc);
    }
    if bytes.starts_with(b"PK\x03\x04") {
        let names = zip_names(bytes)?;
        let word = names.iter().any(|name| name.starts_with(b"word/"));
        let types = names.iter().any(|name| *name == b"[Content_Types].xml");
        return (word && types).then_some(CvType::Docx);
    }
    None
}

fn u16_at(bytes: &[u8], at: usize) -> Option<usize> {
    let b = bytes.get(at..at + 2)?;
    Some(usize::from(u16::from_le_bytes([b[0], b[1]])))
}

fn u32_at(bytes: &[u8], at: usize) -> Option<usize> {
    let b = bytes.get(at..at + 4)?;
    usize::try_from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])).ok()
}

/// The entry names of a ZIP's central directory, found from the end-of-central-directory record (the
/// local headers alone can omit sizes, so walking them is not reliable).
fn zip_names(bytes: &[u8]) -> Option<Vec<&[u8]>> {
    const EOCD: &[u8] = b"PK\x05\x06";
    const ENTRY: &[u8] = b"PK\x01\x02";
    // The record is 22 bytes plus a comment of up to 64 KiB, at the very end.
    let search_from = bytes.len().saturating_sub(22 + 65_535);
    let eocd = (search_from..=bytes.len().checked_sub(22)?)
        .rev()
        .find(|&at| bytes[at..].starts_with(EOCD))?;
    let entries = u16_at(bytes, eocd + 10)?;
    let mut at = u32_at(bytes, eocd + 16)?;
    let mut names = Vec::with_capacity(entries.min(1024));
    for _ in 0..entries {
        if !bytes.get(at..)?.starts_with(ENTRY) {
            return None;
        }
        let name_len = u16_at(bytes, at + 28)?;
        let extra_len = u16_at(bytes, at + 30)?;
        let comment_len = u16_at(bytes, at + 32)?;
        names.push(bytes.get(at + 46..at + 46 + name_len)?);
        at += 46 + name_len + extra_len + comment_len;
    }
    Some(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A minimal stored (uncompressed) ZIP with these entries.
    pub fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut central = Vec::new();
        for (name, data) in entries {
            let offset = u32::try_from(out.len()).unwrap();
            let name_len = u16::try_from(name.len()).unwrap();
            let size = u32::try_from(data.len()).unwrap();
            out.extend_from_slice(b"PK\x03\x04");
            out.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
            out.extend_from_slice(&0u32.to_le_bytes()); // crc (not checked here)
            out.extend_from_slice(&size.to_le_bytes());
            out.extend_from_slice(&size.to_le_bytes());
            out.extend_from_slice(&name_len.to_le_bytes());
            out.extend_from_slice(&0u16.to_le_bytes());
            out.extend_from_slice(name.as_bytes());
            out.extend_from_slice(data);
            central.extend_from_slice(b"PK\x01\x02");
            central.extend_from_slice(&[20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
            central.extend_from_slice(&0u32.to_le_bytes());
            central.extend_from_slice(&size.to_le_bytes());
            central.extend_from_slice(&size.to_le_bytes());
            central.extend_from_slice(&name_len.to_le_bytes());
            central.extend_from_slice(&[0; 12]);
            central.extend_from_slice(&offset.to_le_bytes());
            central.extend_from_slice(name.as_bytes());
        }
        let cd_offset = u32::try_from(out.len()).unwrap();
        let cd_size = u32::try_from(central.len()).unwrap();
        let count = u16::try_from(entries.len()).unwrap();
        out.extend_from_slice(&central);
        out.extend_from_slice(b"PK\x05\x06");
        out.extend_from_slice(&[0; 4]);
        out.extend_from_slice(&count.to_le_bytes());
        out.extend_from_slice(&count.to_le_bytes());
        out.extend_from_slice(&cd_size.to_le_bytes());
        out.extend_from_slice(&cd_offset.to_le_bytes());
        out.extend_from_slice(&0u16.to_le_bytes());
        out
    }

    #[test]
    fn the_bytes_decide_the_type() {
        assert_eq!(sniff(b"%PDF-1.7\n..."), Some(CvType::Pdf));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n%PDF-"), None);
        let docx = zip(&[
            ("[Content_Types].xml", b"<Types/>"),
            ("word/document.xml", b"<w:document/>"),
        ]);
        assert_eq!(sniff(&docx), Some(CvType::Docx));
        let xlsx = zip(&[("[Content_Types].xml", b"<Types/>"), ("xl/workbook.xml", b"<x/>")]);
        assert_eq!(sniff(&xlsx), None);
        let mut doc = OLE2.to_vec();
        doc.extend(vec![0; 500]);
        assert_eq!(sniff(&doc), None, "an OLE2 file without a Word stream");
        doc.extend("WordDocument".encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(sniff(&doc), Some(CvType::Doc));
        assert_eq!(sniff(b"PK\x03\x04garbage"), None);
    }

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
