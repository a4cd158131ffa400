//! Affiliates (filiais): the list behind /afiliadas and the 'Sintonize no FM' modal.

use axum::{Json, extract::State};
use onda_shared::{Envelope, shell::Affiliate};
use sqlx::FromRow;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Result,
    error::ok,
    openapi::{Reply, tags},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_affiliates_data))
}

#[derive(FromRow)]
struct AffiliateRow {
    id: i64,
    sid: String,
    name: String,
    frequency: String,
    city: String,
    state: String,
    street: String,
    cep: String,
    email: String,
    phone: String,
    stream_url: String,
}

/// Every affiliate station, by state, city and name.
#[utoipa::path(get, path = "/getAffiliatesData", tag = tags::AFFILIATES,
    responses((status = 200, description = "The affiliate stations", body = Reply<Vec<Affiliate>>)))]
async fn get_affiliates_data(State(state): State<AppState>) -> Result<Json<Envelope<Vec<Affiliate>>>> {
    let rows: Vec<AffiliateRow> = sqlx::query_as(
        "SELECT id, sid, name, frequency, city, state, street, cep, email, phone, stream_url \
         FROM affiliates ORDER BY state, city, name",
    )
    .fetch_all(&state.db.pool)
    .await?;
    Ok(ok(rows
        .into_iter()
        .map(|row| Affiliate {
            id: row.id,
            filial: format!("{} - {}", row.name, row.frequency),
            // doc2: the state is read from 'city/UF - CEP'; a missing CEP still keeps the city/UF part.
            endereco_cep: if row.cep.is_empty() {
                format!("{}/{}", row.city, row.state)
            } else {
                format!("{}/{} - {}", row.city, row.state, row.cep)
            },
            sid: row.sid,
            city: row.city,
            state: row.state,
            endereco_rua: row.street,
            email: row.email,
            telefone: row.phone,
            stream_url: row.stream_url,
        })
        .collect()))
}
