//! Programmes and the grid (/programacao, /programacao/{slug}) and partners (/parceiros): the cards of
//! doc2 §2 (AF-01) in the editors' order, each channel's week with its one-off changes, what is on air
//! now and next, and a programme's page with the times it airs. The grid's replies are public and
//! short-lived in caches: a programme change reaches pages through the push channel as well.

use axum::{
    Json,
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use onda_shared::{
    Envelope,
    pages::{Partner, Program},
    schedule::{ProgramPage, ScheduleNow, ScheduleWeek},
};
use sqlx::FromRow;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    clock::now,
    data::schedule as grid,
    error::ok,
    extract::ApiPath,
    openapi::{Reply, tags},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_programs_data))
        .routes(routes!(get_partners_data))
        .routes(routes!(schedule_week))
        .routes(routes!(schedule_now))
        .routes(routes!(program_page))
}

/// Public and briefly cached: a CDN absorbs a crowd, and a page learns of a change by push.
fn cached(reply: impl IntoResponse, seconds: u32) -> Response {
    let mut response = reply.into_response();
    if let Ok(value) = HeaderValue::from_str(&format!(
        "public, max-age={seconds}, stale-while-revalidate={seconds}"
    )) {
        response.headers_mut().insert(header::CACHE_CONTROL, value);
    }
    response
}

const NO_CHANNEL: &str = "Canal não encontrado.";

/// A channel's next seven days, today first, with each day's one-off changes applied.
#[utoipa::path(get, path = "/schedule/{streamId}", tag = tags::PROGRAMS,
    params(("streamId" = String, Path, example = "onda_1", description = "The channel's streamId")),
    responses(
        (status = 200, description = "The week", body = Reply<ScheduleWeek>),
        (status = 404, description = "Not one of the station's channels", body = crate::openapi::ErrorReply),
    ))]
async fn schedule_week(
    State(state): State<AppState>,
    ApiPath(stream_id): ApiPath<String>,
) -> Result<Response> {
    let week = state
        .schedule
        .week(&state.db, &stream_id)
        .await?
        .ok_or_else(|| Error::not_found(NO_CHANNEL))?;
    Ok(cached(ok(week), 60))
}

/// The programme on air on a channel and the next one (each with its programme, presenters, start,
/// end and picture); `now` is null when the grid has nothing at this hour.
#[utoipa::path(get, path = "/schedule/{streamId}/now", tag = tags::PROGRAMS,
    params(("streamId" = String, Path, example = "onda_1", description = "The channel's streamId")),
    responses(
        (status = 200, description = "On air now and next", body = Reply<ScheduleNow>),
        (status = 404, description = "Not one of the station's channels", body = crate::openapi::ErrorReply),
    ))]
async fn schedule_now(
    State(state): State<AppState>,
    ApiPath(stream_id): ApiPath<String>,
) -> Result<Response> {
    let current = state
        .schedule
        .now(&state.db, &stream_id)
        .await?
        .ok_or_else(|| Error::not_found(NO_CHANNEL))?;
    Ok(cached(ok(current), 10))
}

const NO_PROGRAM: &str = "Programa não encontrado.";

/// A programme's page: its card, the times it airs each week on each channel, and its next airing.
#[utoipa::path(get, path = "/programs/{slug}", tag = tags::PROGRAMS,
    params(("slug" = String, Path, example = "manha-da-onda", description = "The programme's slug")),
    responses(
        (status = 200, description = "The programme", body = Reply<ProgramPage>),
        (status = 404, description = "No such programme", body = crate::openapi::ErrorReply),
    ))]
async fn program_page(State(state): State<AppState>, ApiPath(slug): ApiPath<String>) -> Result<Response> {
    if slug.len() > 200 {
        return Err(Error::not_found(NO_PROGRAM));
    }
    let (programme, host) = grid::programme_by_slug(&state.db, &slug)
        .await?
        .ok_or_else(|| Error::not_found(NO_PROGRAM))?;
    let airings = grid::airings_of(&state.db, programme.id).await?;
    let mut next: Option<onda_shared::schedule::ScheduleSlot> = None;
    for stream_id in grid::channels_of(&state.db, programme.id).await? {
        let Some(channel) = state.schedule.grid(&state.db, &stream_id).await? else {
            continue;
        };
        let at = now();
        let soonest = channel
            .airings(at, at + 8 * 86_400)
            .into_iter()
            .find(|airing| airing.rule.programme.id == programme.id);
        if let Some(airing) = soonest {
            let wire = airing.wire();
            if next.as_ref().is_none_or(|best| wire.starts_at < best.starts_at) {
                next = Some(wire);
            }
        }
    }
    Ok(cached(
        ok(ProgramPage {
            slug: programme.slug,
            title: programme.title,
            image_url: programme.image_url,
            description: programme.description,
            host,
            airings,
            next,
        }),
        60,
    ))
}

#[derive(FromRow)]
struct ProgramRow {
    slug: String,
    title: String,
    host: String,
    description: String,
    image_url: String,
    days_label: String,
    start_time: String,
    end_time: String,
}

/// '06:00' and '09:00' → '06:00 às 09:00'; the schedule's '24:00' is read as midnight.
fn program_time(start: &str, end: &str) -> String {
    let end = if end == "24:00" { "00:00" } else { end };
    match (start.is_empty(), end.is_empty()) {
        (false, false) => format!("{start} às {end}"),
        (false, true) => start.to_owned(),
        _ => String::new(),
    }
}

/// The programme cards, in the editors' order.
#[utoipa::path(get, path = "/programs/getProgramsData", tag = tags::PROGRAMS,
    responses((status = 200, description = "The programmes", body = Reply<Vec<Program>>)))]
async fn get_programs_data(State(state): State<AppState>) -> Result<Json<Envelope<Vec<Program>>>> {
    let rows: Vec<ProgramRow> = sqlx::query_as(
        "SELECT slug, title, host, description, image_url, days_label, start_time, end_time \
         FROM programs ORDER BY position, id",
    )
    .fetch_all(&state.db.pool)
    .await?;
    Ok(ok(rows
        .into_iter()
        .map(|row| Program {
            program_time: program_time(&row.start_time, &row.end_time),
            slug: row.slug,
            program_title: row.title,
            program_image: row.image_url,
            program_description: row.description,
            program_days: row.days_label,
            host: row.host,
        })
        .collect()))
}

#[derive(FromRow)]
struct PartnerRow {
    slug: String,
    name: String,
    description: String,
    image_url: String,
    link: String,
}

/// The partner cards (/parceiros), in the editors' order.
#[utoipa::path(get, path = "/getPartnersData", tag = tags::PAGES,
    responses((status = 200, description = "The partners", body = Reply<Vec<Partner>>)))]
async fn get_partners_data(State(state): State<AppState>) -> Result<Json<Envelope<Vec<Partner>>>> {
    let rows: Vec<PartnerRow> =
        sqlx::query_as("SELECT slug, name, description, image_url, link FROM partners ORDER BY position, id")
            .fetch_all(&state.db.pool)
            .await?;
    Ok(ok(rows
        .into_iter()
        .map(|row| Partner {
            slug: row.slug,
            name: row.name,
            image: row.image_url,
            description: row.description,
            link: row.link,
        })
        .collect()))
}

#[cfg(test)]
mod tests {
    use super::program_time;

    #[test]
    fn times_read_as_a_range() {
        assert_eq!(program_time("06:00", "09:00"), "06:00 às 09:00");
        assert_eq!(program_time("22:00", "24:00"), "22:00 às 00:00");
        assert_eq!(program_time("22:00", ""), "22:00");
        assert_eq!(program_time("", ""), "");
    }
}
