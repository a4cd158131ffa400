//! The monthly music report for ECAD in the back office (`/api/v1/backoffice/reports/ecad/…`,
//! permission 7, the catalogue's, as the channels and the grid are): a channel's month as a CSV
//! download. `onda-server admin ecad-report` writes the same file (`data::ecad`).

use axum::{
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::kit::Staff;
use crate::{AppState, Error, Result, data::ecad, extract::ApiPath, openapi::tags, staff::CATALOGUE};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(ecad_report))
}

/// Every play of the channel in the month: date, time, duration, title, performer, authors, ISRC,
/// label, live or recorded, and whether it was music, the live programme or a spot.
#[utoipa::path(get, path = "/backoffice/reports/ecad/{streamId}/{month}", tags = [tags::BACKOFFICE, tags::STAFF],
    params(
        ("streamId" = String, Path, description = "The channel"),
        ("month" = String, Path, pattern = "^[0-9]{4}-[0-9]{2}$", description = "The month, YYYY-MM (Brasília calendar)"),
    ),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The report, a CSV download (semicolons; UTF-8 with a byte-order mark)",
            content_type = "text/csv", body = String),
        (status = 400, description = "Not a month", body = crate::openapi::ErrorReply),
        (status = 401, description = "No session", body = crate::openapi::ErrorReply),
        (status = 403, description = "No catalogue permission", body = crate::openapi::ErrorReply),
        (status = 404, description = "No such channel", body = crate::openapi::ErrorReply),
    ))]
pub async fn ecad_report(
    Staff(state, _): Staff<CATALOGUE>,
    ApiPath((stream_id, month)): ApiPath<(String, String)>,
) -> Result<Response> {
    let first = ecad::parse_month(&month).ok_or_else(|| Error::bad_request(ecad::BAD_MONTH))?;
    let report = ecad::report(&state.db, &state.config, &stream_id, first)
        .await?
        .ok_or_else(|| Error::not_found(ecad::NO_CHANNEL))?;
    // The byte-order mark makes spreadsheets read the file as UTF-8 (accents intact).
    let body = format!("\u{feff}{report}");
    let file = format!("roteiro-musical-{stream_id}-{month}.csv")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect::<String>();
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{file}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}
