//! Programmes (/programacao) and partners (/parceiros): the cards of doc2 §2 (AF-01), in the editors'
//! order.

use axum::{Json, extract::State};
use onda_shared::{
    Envelope,
    pages::{Partner, Program},
};
use sqlx::FromRow;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Result,
    error::ok,
    openapi::{Reply, tags},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_programs_data))
        .routes(routes!(get_partners_data))
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
