//! Advertiser clients and their spots (/clientes, /clientes/{slug}, the spot modal; doc2 §3, doc3 §2.5,
//! G45, S11). Three queries whatever the number of clients: clients, their locations, their spots.

use std::collections::{BTreeSet, HashMap};

use axum::{Json, extract::State, response::Response};
use onda_shared::{
    Envelope,
    clients::{Client, ClientsData, Spot},
};
use sqlx::FromRow;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    audio_files::{FILE_NOT_FOUND, audio_response, demo_mp3},
    db::Db,
    error::ok,
    extract::ApiPath,
    html::sanitize,
    openapi::{ErrorReply, Reply, tags},
    radio::{library, synth},
};

/// Server messages (doc2 §8: 404 → 'NÃO ACHAMOS ESSE CLIENTE :(' / 'Spot não encontrado').
pub const CLIENT_NOT_FOUND: &str = "client not found";
pub const SPOT_NOT_FOUND: &str = "spot not found";

const MAX_SLUG: usize = 200;

/// The segments of /clientes, in the page's order.
pub const SEGMENTS: [&str; 6] = [
    "Estabelecimentos",
    "Automotivo",
    "Cultura e Entretenimento",
    "Serviços",
    "Turismo",
    "Alimentos e Bebidas",
];

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_clients_data))
        .routes(routes!(get_clients_single_data))
        .routes(routes!(get_spot_data))
}

/// Outside `/api/v1`: the spots' audio (`spots.audio_url`).
pub fn media_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(spot_audio))
}

/// Longest a spot is, in seconds (the engine's commercial breaks, `radio::demo_plan`).
const SPOT_SECONDS: f32 = 20.0;

/// G45: the keyword map on the lower-cased, accent-free name; everything else is Serviços.
pub fn derive_segment(name: &str) -> &'static str {
    let plain: String = name
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
            'é' | 'ê' | 'è' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            other => other,
        })
        .collect();
    let rules: [(&[&str], &str); 5] = [
        (&["auto", "veic", "moto", "pneu"], "Automotivo"),
        (
            &["restaurante", "pizza", "bebida", "cervej", "aliment", "padaria"],
            "Alimentos e Bebidas",
        ),
        (&["turismo", "viagem", "hotel", "pousada"], "Turismo"),
        (
            &["teatro", "cinema", "show", "cultura", "festival"],
            "Cultura e Entretenimento",
        ),
        (&["loja", "shopping", "supermercado", "farm"], "Estabelecimentos"),
    ];
    rules
        .iter()
        .find(|(keywords, _)| keywords.iter().any(|keyword| plain.contains(keyword)))
        .map_or("Serviços", |(_, segment)| segment)
}

/// The stored segment when it is one of the six, else the G45 derivation.
fn segment_of(stored: &str, name: &str) -> String {
    if SEGMENTS.contains(&stored) {
        stored.to_owned()
    } else {
        derive_segment(name).to_owned()
    }
}

fn non_empty(value: String) -> Option<String> {
    if value.trim().is_empty() {
        None
    } else {
        Some(value)
    }
}

#[derive(FromRow)]
struct ClientRow {
    id: i64,
    slug: String,
    name: String,
    short_description: String,
    description: String,
    image_url: String,
    segment: String,
    link: String,
}

#[derive(FromRow)]
struct SpotRow {
    client_id: i64,
    slug: String,
    name: String,
    audio_url: String,
    image_url: String,
    transcript: String,
    link: String,
    client_name: String,
    client_slug: String,
    client_image_url: String,
    client_link: String,
}

impl SpotRow {
    fn into_spot(self) -> Spot {
        Spot {
            name: self.name,
            slug: self.slug,
            audio_file: non_empty(self.audio_url),
            image_file: non_empty(self.image_url),
            transcript: sanitize(&self.transcript),
            // A spot without its own link points at its client's site.
            link: if self.link.trim().is_empty() {
                self.client_link.clone()
            } else {
                self.link
            },
            client_name: self.client_name,
            client_slug: self.client_slug,
            client_image_file: non_empty(self.client_image_url),
            client_link: self.client_link,
        }
    }
}

const CLIENT_COLUMNS: &str = "id, slug, name, short_description, description, image_url, segment, link";
const SPOT_SELECT: &str = "SELECT s.client_id, s.slug, s.name, s.audio_url, s.image_url, s.transcript, \
     s.link, c.name AS client_name, c.slug AS client_slug, c.image_url AS client_image_url, \
     c.link AS client_link FROM spots s JOIN clients c ON c.id = s.client_id";

/// Builds the clients of `rows` with their locations and spots (`None` as filter = every client).
async fn load_clients(db: &Db, rows: Vec<ClientRow>, only: Option<i64>) -> Result<Vec<Client>> {
    let (locations, spots): (Vec<(i64, String)>, Vec<SpotRow>) = match only {
        Some(id) => (
            sqlx::query_as(
                "SELECT client_id, location FROM client_locations WHERE client_id = $1 \
                 ORDER BY position, location",
            )
            .bind(id)
            .fetch_all(&db.pool)
            .await?,
            sqlx::query_as(&format!(
                "{SPOT_SELECT} WHERE s.client_id = $1 ORDER BY s.position, s.id"
            ))
            .bind(id)
            .fetch_all(&db.pool)
            .await?,
        ),
        None => (
            sqlx::query_as(
                "SELECT client_id, location FROM client_locations ORDER BY client_id, position, location",
            )
            .fetch_all(&db.pool)
            .await?,
            sqlx::query_as(&format!("{SPOT_SELECT} ORDER BY s.client_id, s.position, s.id"))
                .fetch_all(&db.pool)
                .await?,
        ),
    };
    let mut locations_by_client: HashMap<i64, Vec<String>> = HashMap::new();
    for (client_id, location) in locations {
        locations_by_client.entry(client_id).or_default().push(location);
    }
    let mut spots_by_client: HashMap<i64, Vec<Spot>> = HashMap::new();
    for row in spots {
        spots_by_client
            .entry(row.client_id)
            .or_default()
            .push(row.into_spot());
    }
    Ok(rows
        .into_iter()
        .map(|row| {
            let spots = spots_by_client.remove(&row.id).unwrap_or_default();
            Client {
                segment: segment_of(&row.segment, &row.name),
                locations: locations_by_client.remove(&row.id).unwrap_or_default(),
                num_spots: spots.len() as i64,
                spots,
                short_description: row.short_description,
                description: sanitize(&row.description),
                image_file: non_empty(row.image_url),
                name: row.name,
                slug: row.slug,
                link: row.link,
            }
        })
        .collect())
}

/// Every advertiser with its segment, locations and spots, and every location (/clientes).
#[utoipa::path(get, path = "/getClientsData", tag = tags::CLIENTS,
    responses((status = 200, description = "The clients in the page's order and all their locations",
        body = Reply<ClientsData>)))]
async fn get_clients_data(State(state): State<AppState>) -> Result<Json<Envelope<ClientsData>>> {
    let rows: Vec<ClientRow> = sqlx::query_as(&format!(
        "SELECT {CLIENT_COLUMNS} FROM clients ORDER BY position, name, id"
    ))
    .fetch_all(&state.db.pool)
    .await?;
    let clients = load_clients(&state.db, rows, None).await?;
    let all_locations: BTreeSet<String> = clients
        .iter()
        .flat_map(|client| client.locations.iter().cloned())
        .collect();
    Ok(ok(ClientsData {
        clients_data: clients,
        all_locations: all_locations.into_iter().collect(),
    }))
}

/// One advertiser with its spots (/clientes/{slug}).
#[utoipa::path(get, path = "/getClientsSingleData/{slug}", tag = tags::CLIENTS,
    params(("slug" = String, Path, description = "The client's slug")),
    responses(
        (status = 200, description = "The client", body = Reply<Client>),
        (status = 404, description = "'client not found'", body = ErrorReply),
    ))]
async fn get_clients_single_data(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<Json<Envelope<Client>>> {
    if slug.is_empty() || slug.len() > MAX_SLUG {
        return Err(Error::not_found(CLIENT_NOT_FOUND));
    }
    let row: Option<ClientRow> =
        sqlx::query_as(&format!("SELECT {CLIENT_COLUMNS} FROM clients WHERE slug = $1"))
            .bind(&slug)
            .fetch_optional(&state.db.pool)
            .await?;
    let row = row.ok_or_else(|| Error::not_found(CLIENT_NOT_FOUND))?;
    let id = row.id;
    let client = load_clients(&state.db, vec![row], Some(id))
        .await?
        .pop()
        .ok_or_else(|| Error::not_found(CLIENT_NOT_FOUND))?;
    Ok(ok(client))
}

/// One spot with its client (the spot modal).
#[utoipa::path(get, path = "/getSpotData/{slug}", tag = tags::CLIENTS,
    params(("slug" = String, Path, description = "The spot's slug")),
    responses(
        (status = 200, description = "The spot", body = Reply<Spot>),
        (status = 404, description = "'spot not found'", body = ErrorReply),
    ))]
async fn get_spot_data(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<Json<Envelope<Spot>>> {
    if slug.is_empty() || slug.len() > MAX_SLUG {
        return Err(Error::not_found(SPOT_NOT_FOUND));
    }
    let row: Option<SpotRow> = sqlx::query_as(&format!("{SPOT_SELECT} WHERE s.slug = $1"))
        .bind(&slug)
        .fetch_optional(&state.db.pool)
        .await?;
    Ok(ok(row
        .ok_or_else(|| Error::not_found(SPOT_NOT_FOUND))?
        .into_spot()))
}

/// `GET /media/audio/spots/{spotSlug}.mp3`: the spot's audio, which is the station engine's demo
/// rendition of that commercial (same seed, length and file name as `radio::demo_plan`, so a spot the
/// engine already played is served from its file). Only a spot that has audio exists here; the file
/// name is looked up, never used as a path.
#[utoipa::path(get, path = "/media/audio/spots/{file}", tag = tags::MEDIA, operation_id = "client_spot_audio",
    params(("file" = String, Path, pattern = r"^[^/]+\.mp3$", description = "`{spotSlug}.mp3`")),
    responses(
        (status = 200, description = "The spot's audio", content_type = "audio/mpeg"),
        (status = 404, description = "'file not found': no spot with audio by that name", body = ErrorReply),
    ))]
async fn spot_audio(State(state): State<AppState>, ApiPath(file): ApiPath<String>) -> Result<Response> {
    let slug = file
        .strip_suffix(".mp3")
        .filter(|slug| !slug.is_empty() && slug.len() <= MAX_SLUG)
        .ok_or_else(|| Error::not_found(FILE_NOT_FOUND))?;
    let found: Option<(String,)> =
        sqlx::query_as("SELECT slug FROM spots WHERE slug = $1 AND audio_url <> ''")
            .bind(slug)
            .fetch_optional(&state.db.pool)
            .await?;
    let (slug,) = found.ok_or_else(|| Error::not_found(FILE_NOT_FOUND))?;
    let seconds = state
        .config
        .demo_track_seconds
        .map_or(SPOT_SECONDS, |seconds| seconds.min(SPOT_SECONDS));
    let key = library::short_hash(&format!("spot|{slug}|{seconds}"));
    let path = demo_mp3(&state, &key, move || synth::render_commercial(&slug, seconds)).await?;
    audio_response(path, None).await
}

#[cfg(test)]
mod tests {
    use super::derive_segment;

    #[test]
    fn g45_keyword_map() {
        assert_eq!(derive_segment("Auto Peças Silva"), "Automotivo");
        assert_eq!(derive_segment("Motos & Cia"), "Automotivo");
        assert_eq!(derive_segment("Pizzaria Bella"), "Alimentos e Bebidas");
        assert_eq!(derive_segment("Cervejaria do Vale"), "Alimentos e Bebidas");
        assert_eq!(derive_segment("Pousada Mar Azul"), "Turismo");
        assert_eq!(derive_segment("Hotel Central"), "Turismo");
        assert_eq!(derive_segment("Teatro Municipal"), "Cultura e Entretenimento");
        assert_eq!(derive_segment("FARMÁCIA POPULAR"), "Estabelecimentos");
        assert_eq!(derive_segment("Supermercado Bom Preço"), "Estabelecimentos");
        assert_eq!(derive_segment("Escritório Contábil Lima"), "Serviços");
        assert_eq!(derive_segment("Veículos Novo Rumo"), "Automotivo");
    }
}
