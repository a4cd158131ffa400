//! Nominatim's reverse geocoder (OpenStreetMap) → [`Place`]: the municipality of a cell in
//! Portuguese, with the state's abbreviation for Brazil.
//!
//! `GET {ONDA_GEOCODE_URL}/reverse?format=jsonv2&lat=&lon=&zoom=10&accept-language=pt-BR` answers
//! (tests/fixtures/providers/nominatim-reverse.json): `{"name": "São Paulo", "address": {"city":
//! "São Paulo", "municipality": "Região Imediata de São Paulo", "state": "São Paulo",
//! "ISO3166-2-lvl4": "BR-SP", "country": "Brasil", "country_code": "br", …}, …}`, and for a point
//! with nothing there (the open sea) HTTP 200 with `{"error": "Unable to geocode"}`.
//!
//! Its usage policy (docs/widgets.md): at most one request per second from the application, a User-Agent that
//! identifies it (the widgets' client sends one), and answers cached (24 h, `widget_cache`).

use std::{sync::Arc, time::Duration};

use onda_shared::widgets::Place;
use serde::Deserialize;

use super::{base, get_body, parse_json};
use crate::widget_cache::{Cell, Throttle, UpstreamError};

/// How long a call may wait for its slot in Nominatim's 1 request/s: one call ahead. Past that the
/// listener gets the stale place or the 503 at once rather than a queue.
const MAX_WAIT: Duration = Duration::from_secs(1);

pub async fn fetch(
    client: reqwest::Client,
    base_url: String,
    pace: Arc<Throttle>,
    cell: Cell,
) -> Result<Option<Place>, UpstreamError> {
    let wait = pace.reserve(MAX_WAIT).ok_or(UpstreamError::Busy)?;
    tokio::time::sleep(wait).await;
    let url = format!(
        "{}/reverse?format=jsonv2&lat={}&lon={}&zoom=10&accept-language=pt-BR",
        base(&base_url),
        cell.lat(),
        cell.lon()
    );
    parse(&get_body(&client, &url).await?)
}

#[derive(Deserialize)]
struct Answer {
    /// 'Unable to geocode': nothing there.
    error: Option<String>,
    name: Option<String>,
    #[serde(default)]
    address: Address,
}

#[derive(Deserialize, Default)]
struct Address {
    city: Option<String>,
    town: Option<String>,
    village: Option<String>,
    municipality: Option<String>,
    state: Option<String>,
    #[serde(rename = "ISO3166-2-lvl4")]
    iso_state: Option<String>,
    country: Option<String>,
    country_code: Option<String>,
}

/// `None` when Nominatim names nothing at the point.
pub fn parse(body: &[u8]) -> Result<Option<Place>, UpstreamError> {
    let answer: Answer = parse_json(body)?;
    if answer.error.is_some() {
        return Ok(None);
    }
    let address = answer.address;
    let filled = |value: &Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|value| !value.is_empty())
            .map(str::to_owned)
    };
    // In Brazil `municipality` is often the IBGE 'Região Imediata', so the city, town or village
    // comes first; the feature's own name is the last resort.
    let Some(name) = [
        &address.city,
        &address.town,
        &address.village,
        &address.municipality,
        &answer.name,
    ]
    .into_iter()
    .find_map(filled) else {
        return Ok(None);
    };
    let brazil = address
        .country_code
        .as_deref()
        .is_some_and(|code| code.eq_ignore_ascii_case("br"));
    let state_name = filled(&address.state).unwrap_or_default();
    let state = if brazil {
        filled(&address.iso_state)
            .and_then(|iso| iso.strip_prefix("BR-").map(str::to_owned))
            .filter(|uf| uf.len() == 2)
            .or_else(|| uf_of(&state_name).map(str::to_owned))
            .unwrap_or(state_name)
    } else {
        state_name
    };
    let country = if brazil {
        "Brasil".to_owned()
    } else {
        filled(&address.country).unwrap_or_default()
    };
    Ok(Some(Place {
        name,
        state,
        country,
        stale: false,
    }))
}

/// The UF of a Brazilian state's name, for an answer without its ISO 3166-2 code.
fn uf_of(state: &str) -> Option<&'static str> {
    const STATES: [(&str, &str); 27] = [
        ("Acre", "AC"),
        ("Alagoas", "AL"),
        ("Amapá", "AP"),
        ("Amazonas", "AM"),
        ("Bahia", "BA"),
        ("Ceará", "CE"),
        ("Distrito Federal", "DF"),
        ("Espírito Santo", "ES"),
        ("Goiás", "GO"),
        ("Maranhão", "MA"),
        ("Mato Grosso", "MT"),
        ("Mato Grosso do Sul", "MS"),
        ("Minas Gerais", "MG"),
        ("Pará", "PA"),
        ("Paraíba", "PB"),
        ("Paraná", "PR"),
        ("Pernambuco", "PE"),
        ("Piauí", "PI"),
        ("Rio de Janeiro", "RJ"),
        ("Rio Grande do Norte", "RN"),
        ("Rio Grande do Sul", "RS"),
        ("Rondônia", "RO"),
        ("Roraima", "RR"),
        ("Santa Catarina", "SC"),
        ("São Paulo", "SP"),
        ("Sergipe", "SE"),
        ("Tocantins", "TO"),
    ];
    STATES
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(state))
        .map(|(_, uf)| *uf)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(name: &str, state: &str, country: &str) -> Option<Place> {
        Some(Place {
            name: name.to_owned(),
            state: state.to_owned(),
            country: country.to_owned(),
            stale: false,
        })
    }

    #[test]
    fn the_recorded_answer_becomes_our_place() {
        let body = include_bytes!("../../../tests/fixtures/providers/nominatim-reverse.json");
        assert_eq!(parse(body).unwrap(), place("São Paulo", "SP", "Brasil"));
    }

    #[test]
    fn towns_states_without_codes_abroad_and_the_sea() {
        let town = br#"{"name":"x","address":{"town":"Paraty","municipality":"Regiao Imediata de Angra",
            "state":"Rio de Janeiro","country":"Brasil","country_code":"br"}}"#;
        assert_eq!(parse(town).unwrap(), place("Paraty", "RJ", "Brasil"));
        let abroad = br#"{"name":"Montevideo","address":{"city":"Montevideo","state":"Montevideo",
            "ISO3166-2-lvl4":"UY-MO","country":"Uruguai","country_code":"uy"}}"#;
        assert_eq!(
            parse(abroad).unwrap(),
            place("Montevideo", "Montevideo", "Uruguai")
        );
        assert_eq!(parse(br#"{"error":"Unable to geocode"}"#).unwrap(), None);
        assert_eq!(parse(br#"{"name":"","address":{}}"#).unwrap(), None);
        assert!(parse(b"[]").is_err());
    }
}
