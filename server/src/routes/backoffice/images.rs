//! Pictures: the one upload every back-office area uses (`POST /api/v1/backoffice/images`,
//! permission 5, 6 or 7) and the public address that serves them (`GET /media/images/{key}`).
//!
//! An upload is checked before any pixel is decoded: the body is read under a hard limit as it streams
//! in (as the CV upload does), the type is what the first bytes say (JPEG, PNG or WebP, whatever the
//! name), and the dimensions come from the header, so a small file that claims 50,000 × 50,000 pixels
//! (a decompression bomb) is refused before it can allocate them. It is then decoded under limits,
//! turned upright (EXIF orientation), flattened onto white, and resized once to each of
//! `IMAGE_WIDTHS` it is wide enough for (never blown up), each stored as lossy WebP and as JPEG for
//! the browsers that take no WebP. Re-encoding keeps pixels only, so no metadata (EXIF, GPS, comments)
//! survives. The CPU work runs on the blocking pool, at most [`AT_ONCE`] pictures at a time.
//!
//! Files live under `<data dir>/uploads/images/<key>/<width>.{webp,jpg}`, the key 32 random hex
//! digits. Several instances behind a load balancer need that folder shared (as the CVs' is).

use std::{
    io::Cursor,
    path::{Path, PathBuf},
    sync::LazyLock,
};

use axum::{
    body::Body,
    extract::{Query, State, rejection::QueryRejection},
    http::{HeaderMap, HeaderValue, header},
    response::{IntoResponse, Response},
};
use image::{
    DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, RgbImage, codecs::jpeg::JpegEncoder,
};
use onda_shared::{
    newsroom::UploadedImage,
    validation::{IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, IMAGE_MIN_WIDTH, IMAGE_WIDTHS, messages},
};
use serde::Deserialize;
use tokio::sync::Semaphore;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{kit, no_store};
use crate::{
    AppState, Error, Result,
    auth::{AuthUser, random_hex},
    error::ok,
    extract::{ApiPath, multipart_file},
    openapi::{Reply, tags},
    staff::{CATALOGUE, NEWSROOM, PROMOTIONS},
};

/// An unknown picture.
pub const IMAGE_NOT_FOUND: &str = "image not found";
/// Room for the multipart framing around the file.
const FRAMING: usize = 16 * 1024;
const MAX_BODY: usize = IMAGE_MAX_BYTES + FRAMING;
/// Pictures processed at once: each may hold a decoded bitmap of up to [`MAX_DECODED`] bytes.
const AT_ONCE: usize = 2;
static TURNS: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(AT_ONCE));
/// The most a decoded picture may take (a 12,000 × 10,000 photo in RGB is 360 MB).
const MAX_DECODED: u64 = 512 * 1024 * 1024;
/// Key: 16 random bytes, hex.
const KEY_HEX: usize = 32;
const WEBP_QUALITY: f32 = 80.0;
const JPEG_QUALITY: u8 = 82;
/// Immutable: a key's files never change (a new picture is a new key).
const CACHE_FOREVER: &str = "public, max-age=31536000, immutable";

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upload_image))
}

pub(super) fn media_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(serve_uploaded_image))
}

/// Where the pictures are kept.
pub fn image_dir(state: &AppState) -> PathBuf {
    state.config.data_dir.join("uploads").join("images")
}

/// The size of the stored picture at `url` (`/media/images/{key}`), read from the header of its widest
/// JPEG (the pixels are not decoded): what a page reserves for it. `None` for another address, an
/// unknown key or an unreadable file.
pub async fn stored_size(state: &AppState, url: &str) -> Option<(u32, u32)> {
    let key = url.strip_prefix("/media/images/").filter(|key| is_key(key))?;
    let folder = image_dir(state).join(key);
    tokio::task::spawn_blocking(move || {
        let widest = std::fs::read_dir(&folder)
            .ok()?
            .filter_map(|entry| {
                entry
                    .ok()?
                    .file_name()
                    .to_str()?
                    .strip_suffix(".jpg")?
                    .parse::<u32>()
                    .ok()
            })
            .max()?;
        ImageReader::open(folder.join(format!("{widest}.jpg")))
            .ok()?
            .into_dimensions()
            .ok()
    })
    .await
    .ok()
    .flatten()
}

/// A key [`upload_image`] could have given, so a path can never leave the folder.
fn is_key(key: &str) -> bool {
    key.len() == KEY_HEX && key.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The picture type the first bytes say, if one the upload takes.
fn sniff(bytes: &[u8]) -> Option<ImageFormat> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(ImageFormat::Jpeg)
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(ImageFormat::Png)
    } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        Some(ImageFormat::WebP)
    } else {
        None
    }
}

/// The multipart body as documented (the `file` field).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub(super) struct ImageFile {
    /// JPEG, PNG or WebP, at most 10 MB, at least 600 pixels wide, at most 12,000 on either side.
    #[schema(content_media_type = "application/octet-stream")]
    file: String,
}

kit::staff_path! {
    post "/backoffice/images", request_body(content = inline(ImageFile), content_type = "multipart/form-data")
        => "Stored; `url` serves WebP or JPEG as the browser takes": Reply<UploadedImage>,
        400 "No `file` field, not JPEG/PNG/WebP by its bytes (IMAGE_TYPE), over 10 MB (IMAGE_SIZE; the rest is not read) or too narrow or too large (IMAGE_DIMENSIONS)";
    /// Stores a picture in the sizes the pages use and answers its address.
    pub(super) async fn upload_image(
        State(state): State<AppState>,
        user: AuthUser,
        headers: HeaderMap,
        body: Body,
    ) -> Result<Response> {
        // Covers now, the catalogue's and the promotions' pictures later: any of their permissions.
        let permissions = [NEWSROOM, PROMOTIONS, CATALOGUE];
        let boundary = kit::upload_start(
            &state,
            &user,
            &permissions,
            &headers,
            MAX_BODY,
            messages::IMAGE_SIZE,
        )
        .await?;
        let _turn = TURNS
            .acquire()
            .await
            .map_err(|err| Error::Internal(anyhow::anyhow!("image semaphore: {err}")))?;
        let file = read_file_field(body, boundary)
            .await?
            .filter(|file| !file.is_empty())
            .ok_or_else(|| Error::bad_request(messages::IMAGE_TYPE))?;
        let format = sniff(&file).ok_or_else(|| Error::bad_request(messages::IMAGE_TYPE))?;
        let key = random_hex(KEY_HEX / 2);
        let dir = image_dir(&state);
        let (width, height, widths) = {
            let dir = dir.clone();
            let key = key.clone();
            tokio::task::spawn_blocking(move || process(&file, format, &dir, &key))
                .await
                .map_err(|err| Error::Internal(anyhow::anyhow!("image task failed: {err}")))??
        };
        let uploaded = UploadedImage {
            url: format!("/media/images/{key}"),
            width: i64::from(width),
            height: i64::from(height),
            widths: widths.iter().map(|w| i64::from(*w)).collect(),
        };
        let after = serde_json::json!({
            "key": key,
            "url": uploaded.url,
            "type": format.extensions_str().first().copied().unwrap_or_default(),
            "width": uploaded.width,
            "height": uploaded.height,
            "widths": uploaded.widths,
        });
        kit::note(&state, &user, "image.upload", &after).await?;
        Ok(no_store(ok(uploaded)))
    }
}

/// The `file` part of a multipart body (`crate::extract::multipart_file`): past [`MAX_BODY`] for the
/// whole body or `IMAGE_MAX_BYTES` for the file, IMAGE_SIZE (a 400, so the UI shows the message).
async fn read_file_field(body: Body, boundary: String) -> Result<Option<Vec<u8>>> {
    multipart_file(body, boundary, MAX_BODY, IMAGE_MAX_BYTES, || {
        Error::bad_request(messages::IMAGE_SIZE)
    })
    .await
}

/// The widths stored for a picture `width` pixels wide: each of `IMAGE_WIDTHS` it reaches, and its own
/// width in place of the ones it does not (never blown up).
fn widths_for(width: u32) -> Vec<u32> {
    let mut widths: Vec<u32> = IMAGE_WIDTHS
        .iter()
        .map(|target| u32::try_from(*target).unwrap_or(u32::MAX).min(width))
        .collect();
    widths.dedup();
    widths
}

/// Checks, decodes and stores a picture (blocking): its width, height and the widths stored.
fn process(bytes: &[u8], format: ImageFormat, dir: &Path, key: &str) -> Result<(u32, u32, Vec<u32>)> {
    let max_side = u32::try_from(IMAGE_MAX_SIDE).unwrap_or(u32::MAX);
    let min_width = u32::try_from(IMAGE_MIN_WIDTH).unwrap_or(0);
    let invalid = |_| Error::bad_request(messages::IMAGE_TYPE);
    let mut limits = Limits::default();
    limits.max_image_width = Some(max_side);
    limits.max_image_height = Some(max_side);
    limits.max_alloc = Some(MAX_DECODED);
    // The header first: nothing is decoded for a picture whose size is refused.
    let (width, height) = ImageReader::with_format(Cursor::new(bytes), format)
        .into_dimensions()
        .map_err(|err| match err {
            image::ImageError::Limits(_) => Error::bad_request(messages::IMAGE_DIMENSIONS),
            other => invalid(other),
        })?;
    if width < min_width || width > max_side || height > max_side || height == 0 {
        return Err(Error::bad_request(messages::IMAGE_DIMENSIONS));
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|err| match err {
        image::ImageError::Limits(_) => Error::bad_request(messages::IMAGE_DIMENSIONS),
        other => invalid(other),
    })?;
    if decoder.total_bytes() > MAX_DECODED {
        return Err(Error::bad_request(messages::IMAGE_DIMENSIONS));
    }
    let orientation = decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|err| match err {
        image::ImageError::Limits(_) => Error::bad_request(messages::IMAGE_DIMENSIONS),
        other => invalid(other),
    })?;
    picture.apply_orientation(orientation);
    let picture = flatten(picture);
    let (width, height) = picture.dimensions();
    let widths = widths_for(width);

    // Written under a temporary name and renamed whole, so a key never names half a picture.
    let staging = dir.join(format!("{key}.tmp"));
    let io = |err: std::io::Error| Error::Internal(anyhow::anyhow!("store picture {key}: {err}"));
    std::fs::create_dir_all(&staging).map_err(io)?;
    let mut source = picture;
    // From the widest down, each from the one before: one pass over the original, and cheap ones after.
    for &target in widths.iter().rev() {
        if target != source.width() {
            let target_height =
                (u64::from(source.height()) * u64::from(target) / u64::from(source.width())).max(1);
            source = image::imageops::resize(
                &source,
                target,
                u32::try_from(target_height).unwrap_or(1),
                image::imageops::FilterType::CatmullRom,
            );
        }
        let webp = webp::Encoder::from_rgb(source.as_raw(), source.width(), source.height())
            .encode_simple(false, WEBP_QUALITY)
            .map_err(|err| Error::Internal(anyhow::anyhow!("encode WebP {key}: {err:?}")))?;
        std::fs::write(staging.join(format!("{target}.webp")), &*webp).map_err(io)?;
        let mut jpeg = Vec::new();
        JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY)
            .encode_image(&source)
            .map_err(|err| Error::Internal(anyhow::anyhow!("encode JPEG {key}: {err}")))?;
        std::fs::write(staging.join(format!("{target}.jpg")), jpeg).map_err(io)?;
    }
    std::fs::rename(&staging, dir.join(key)).map_err(io)?;
    Ok((width, height, widths))
}

/// RGB pixels; a transparent picture is laid on white (JPEG has no alpha, and a cover is opaque).
fn flatten(picture: DynamicImage) -> RgbImage {
    if !picture.color().has_alpha() {
        return picture.into_rgb8();
    }
    let rgba = picture.into_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let over = |c: u8| {
            let value = (u32::from(c) * u32::from(a) + 255 * (255 - u32::from(a))) / 255;
            u8::try_from(value).unwrap_or(u8::MAX)
        };
        image::Rgb([over(r), over(g), over(b)])
    })
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct ImageQuery {
    /// The width wanted: 320, 640 or 1280 (default: the widest stored). A picture narrower than
    /// asked is answered at its own width.
    #[param(pattern = "^(320|640|1280)$")]
    w: Option<String>,
}

/// An uploaded picture: WebP for browsers that say they take it, JPEG for the rest.
#[utoipa::path(get, path = "/media/images/{key}", tag = tags::MEDIA,
    params(
        ("key" = String, Path, pattern = "^[0-9a-f]{32}$", description = "The key the upload answered"),
        ImageQuery,
    ),
    responses(
        (status = 200, description = "The picture: WebP when `Accept` names it, else JPEG (`Vary: Accept`, cached for a year: a key never changes)",
            content(("image/webp"), ("image/jpeg"))),
        (status = 404, description = "'image not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn serve_uploaded_image(
    State(state): State<AppState>,
    ApiPath(key): ApiPath<String>,
    query: std::result::Result<Query<ImageQuery>, QueryRejection>,
    headers: HeaderMap,
) -> Result<Response> {
    if !is_key(&key) {
        return Err(Error::not_found(IMAGE_NOT_FOUND));
    }
    let Ok(Query(query)) = query else {
        return Err(Error::bad_request("invalid w"));
    };
    let wanted: Option<u32> = match query.w.as_deref() {
        None | Some("") => None,
        Some(raw) => Some(
            raw.parse::<u32>()
                .ok()
                .filter(|w| {
                    IMAGE_WIDTHS
                        .iter()
                        .any(|allowed| *allowed as u64 == u64::from(*w))
                })
                .ok_or_else(|| Error::bad_request("invalid w"))?,
        ),
    };
    let dir = image_dir(&state).join(&key);
    let mut stored: Vec<u32> = Vec::new();
    let mut entries = match tokio::fs::read_dir(&dir).await {
        Ok(entries) => entries,
        Err(_) => return Err(Error::not_found(IMAGE_NOT_FOUND)),
    };
    while let Ok(Some(entry)) = entries.next_entry().await {
        if let Some(width) = entry
            .file_name()
            .to_str()
            .and_then(|name| name.strip_suffix(".jpg"))
            .and_then(|stem| stem.parse::<u32>().ok())
        {
            stored.push(width);
        }
    }
    stored.sort_unstable();
    // The narrowest stored that covers the width asked, else the widest.
    let width = wanted
        .and_then(|wanted| stored.iter().copied().find(|w| *w >= wanted))
        .or_else(|| stored.last().copied())
        .ok_or_else(|| Error::not_found(IMAGE_NOT_FOUND))?;
    let webp = headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .any(|accept| accept.to_ascii_lowercase().contains("image/webp"));
    let (file, content_type) = if webp {
        (format!("{width}.webp"), "image/webp")
    } else {
        (format!("{width}.jpg"), "image/jpeg")
    };
    let bytes = tokio::fs::read(dir.join(file))
        .await
        .map_err(|_| Error::not_found(IMAGE_NOT_FOUND))?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static(CACHE_FOREVER)),
            (header::VARY, HeaderValue::from_static("Accept")),
        ],
        bytes,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_come_from_the_bytes() {
        assert_eq!(sniff(b"\xFF\xD8\xFF\xE0rest"), Some(ImageFormat::Jpeg));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\nrest"), Some(ImageFormat::Png));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some(ImageFormat::WebP));
        assert_eq!(sniff(b"RIFF\0\0\0\0WAVEfmt "), None);
        assert_eq!(sniff(b"GIF89a"), None);
        assert_eq!(sniff(b"<svg/>"), None);
    }

    #[test]
    fn never_blown_up() {
        assert_eq!(widths_for(4000), vec![320, 640, 1280]);
        assert_eq!(widths_for(1000), vec![320, 640, 1000]);
        assert_eq!(widths_for(640), vec![320, 640]);
        assert_eq!(widths_for(600), vec![320, 600]);
    }

    #[test]
    fn keys_cannot_escape() {
        assert!(is_key(&"a".repeat(32)));
        assert!(!is_key("../../etc/passwd"));
        assert!(!is_key(&"A".repeat(32)));
        assert!(!is_key(&"a".repeat(33)));
    }
}
