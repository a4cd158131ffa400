//! Wire types of the advertiser clients and their spots (`/api/v1/getClientsData`,
//! `/api/v1/getClientsSingleData/{slug}`, `/api/v1/getSpotData/{slug}`; doc2 §3, doc3 §2.5, G45, S11).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A radio spot (commercial). `transcript` is sanitised HTML; `audioFile` is null when the spot has no
/// audio ('Audio indisponível'), `imageFile` null when it has no image (defaultSpot.png is shown).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Spot {
    pub name: String,
    pub slug: String,
    pub audio_file: Option<String>,
    pub image_file: Option<String>,
    pub transcript: String,
    pub link: String,
    pub client_name: String,
    pub client_slug: String,
    pub client_image_file: Option<String>,
    pub client_link: String,
}

/// An advertiser. `description` is sanitised HTML; `imageFile` null means the default image
/// (the UI's own default-client picture); `locations` are the 'Praças' (none = 'Sem praça'); `segment` is one of the six
/// segments of /clientes (stored, else derived from the name by the G45 keyword map).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Client {
    pub name: String,
    pub slug: String,
    pub short_description: String,
    pub description: String,
    pub image_file: Option<String>,
    pub link: String,
    pub segment: String,
    pub locations: Vec<String>,
    #[ts(type = "number")]
    pub num_spots: i64,
    pub spots: Vec<Spot>,
}

/// `getClientsData`: every client, and every location any client airs in (sorted, unique).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ClientsData {
    pub clients_data: Vec<Client>,
    pub all_locations: Vec<String>,
}
