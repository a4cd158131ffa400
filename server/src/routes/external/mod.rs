//! The home widgets' proxies (G23, S16): `/api/v1/external/{weather|geocode|air|currency|crypto}`.
//!
//! The browser never talks to a provider: no key, tracker or listener address reaches one, and one
//! answer serves every listener (`widget_cache`). Each provider has an adapter here that builds its
//! request and translates its real JSON into our wire type (`weather.rs` Open-Meteo forecast,
//! `air.rs` Open-Meteo air quality, `geocode.rs` Nominatim, `currency.rs` AwesomeAPI, `crypto.rs`
//! CoinGecko); docs/widgets.md names each with its terms.
//!
//! Coordinates are the listener's location, so they are rounded to a ~1 km cell before anything else
//! happens, only the cell is sent or cached, and neither is logged (the request log leaves out the
//! query string of these paths, `web::loggable_uri`; provider errors never carry the URL).
//!
//! When a provider has no answer and nothing recent is kept, the weather strip's three answer a 503
//! (the strip then shows the spec's 'Erro' with 'Não foi possível obter os dados.', and it asks only
//! when the listener wants the weather). The quotes and the coins, asked by every home page, answer a
//! 200 marked `unavailable` instead, with the time until the server asks the provider again as its
//! `max-age`: a provider being down is no error of the page, and the browser's console stays clean.

mod air;
mod crypto;
mod currency;
mod geocode;
mod weather;

use axum::{
    extract::{Query, State, rejection::QueryRejection},
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use bytes::Bytes;
use onda_shared::{
    validation::messages,
    widgets::{AirQuality, Crypto, Currency, Place, Weather},
};
use serde::{Deserialize, Serialize};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    error::ok,
    openapi::{ErrorReply, Reply, tags},
    widget_cache::{Cell, Served, UpstreamError},
};

/// Server message: Nominatim knows no place at these coordinates (the open sea).
pub const NO_PLACE: &str = "no place";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_weather))
        .routes(routes!(get_geocode))
        .routes(routes!(get_air))
        .routes(routes!(get_currency))
        .routes(routes!(get_crypto))
}

/// Current weather in the listener's ~1 km cell (Open-Meteo), cached 10 min.
#[utoipa::path(get, path = "/external/weather", tag = tags::WIDGETS,
    params(
        ("lat" = f64, Query, minimum = -90, maximum = 90, description = "Latitude, degrees (rounded to 2 decimals by the server)"),
        ("lon" = f64, Query, minimum = -180, maximum = 180, description = "Longitude, degrees (rounded to 2 decimals by the server)"),
    ),
    responses(
        (status = 200, description = "The weather; `stale` when the provider failed and this is its last answer (≤ 1 h old)", body = Reply<Weather>),
        (status = 400, description = "Missing, non-numeric or out-of-range coordinates", body = ErrorReply),
        (status = 503, description = "The provider failed and nothing recent is kept: 'Não foi possível obter os dados.'", body = ErrorReply),
    ))]
async fn get_weather(
    State(state): State<AppState>,
    query: Result<Query<Coordinates>, QueryRejection>,
) -> Result<Response> {
    let cell = cell(query)?;
    let (client, base) = (state.widgets.client.clone(), state.config.weather_url.clone());
    let served = state
        .widgets
        .weather
        .get(cell, move || weather::fetch(client, base, cell))
        .await;
    reply(served, |weather, stale| weather.stale = stale)
}

/// The municipality of the listener's ~1 km cell, in Portuguese (Nominatim), cached 24 h.
#[utoipa::path(get, path = "/external/geocode", tag = tags::WIDGETS,
    params(
        ("lat" = f64, Query, minimum = -90, maximum = 90, description = "Latitude, degrees (rounded to 2 decimals by the server)"),
        ("lon" = f64, Query, minimum = -180, maximum = 180, description = "Longitude, degrees (rounded to 2 decimals by the server)"),
    ),
    responses(
        (status = 200, description = "The place; `stale` when the provider failed and this is its last answer (≤ 1 h old)", body = Reply<Place>),
        (status = 400, description = "Missing, non-numeric or out-of-range coordinates", body = ErrorReply),
        (status = 404, description = "'no place': nothing named there (the open sea)", body = ErrorReply),
        (status = 503, description = "The provider failed (or our 1 request/s pace to it is full) and nothing recent is kept", body = ErrorReply),
    ))]
async fn get_geocode(
    State(state): State<AppState>,
    query: Result<Query<Coordinates>, QueryRejection>,
) -> Result<Response> {
    let cell = cell(query)?;
    let (client, base, pace) = (
        state.widgets.client.clone(),
        state.config.geocode_url.clone(),
        state.widgets.nominatim.clone(),
    );
    let served = state
        .widgets
        .geocode
        .get(cell, move || geocode::fetch(client, base, pace, cell))
        .await
        .map_err(unavailable)?;
    let Served {
        value,
        stale,
        max_age,
    } = served;
    let Some(mut place) = value else {
        return Err(Error::not_found(NO_PLACE));
    };
    place.stale = stale;
    Ok(cached(ok(place), max_age))
}

/// Air quality in the listener's ~1 km cell (Open-Meteo, European AQI → 1 Boa … 5 Muito ruim),
/// cached 10 min.
#[utoipa::path(get, path = "/external/air", tag = tags::WIDGETS,
    params(
        ("lat" = f64, Query, minimum = -90, maximum = 90, description = "Latitude, degrees (rounded to 2 decimals by the server)"),
        ("lon" = f64, Query, minimum = -180, maximum = 180, description = "Longitude, degrees (rounded to 2 decimals by the server)"),
    ),
    responses(
        (status = 200, description = "The air quality; `stale` when the provider failed and this is its last answer (≤ 1 h old)", body = Reply<AirQuality>),
        (status = 400, description = "Missing, non-numeric or out-of-range coordinates", body = ErrorReply),
        (status = 503, description = "The provider failed and nothing recent is kept", body = ErrorReply),
    ))]
async fn get_air(
    State(state): State<AppState>,
    query: Result<Query<Coordinates>, QueryRejection>,
) -> Result<Response> {
    let cell = cell(query)?;
    let (client, base) = (state.widgets.client.clone(), state.config.air_url.clone());
    let served = state
        .widgets
        .air
        .get(cell, move || air::fetch(client, base, cell))
        .await;
    reply(served, |air, stale| air.stale = stale)
}

/// USD-BRL and EUR-BRL (AwesomeAPI), cached 60 s.
#[utoipa::path(get, path = "/external/currency", tag = tags::WIDGETS,
    responses(
        (status = 200, description = "The two quotes; `stale` when the provider failed and this is its last answer (≤ 1 h old); `unavailable` (no quotes) when it failed and nothing recent is kept, with `Cache-Control: max-age` until the server asks it again", body = Reply<Currency>),
    ))]
async fn get_currency(State(state): State<AppState>) -> Result<Response> {
    let (client, base) = (state.widgets.client.clone(), state.config.currency_url.clone());
    let cache = &state.widgets.currency;
    let served = cache.get((), move || currency::fetch(client, base)).await;
    let empty = Currency {
        quotes: Vec::new(),
        stale: false,
        unavailable: true,
    };
    Ok(market_reply(
        served,
        |value, stale| value.stale = stale,
        empty,
        cache.retry_in(&()),
    ))
}

/// The top 4 coins by market cap with their 7-day sparklines (CoinGecko), cached 60 s.
#[utoipa::path(get, path = "/external/crypto", tag = tags::WIDGETS,
    responses(
        (status = 200, description = "The coins; `stale` when the provider failed and this is its last answer (≤ 1 h old); `unavailable` (no coins) when it failed and nothing recent is kept, with `Cache-Control: max-age` until the server asks it again", body = Reply<Crypto>),
    ))]
async fn get_crypto(State(state): State<AppState>) -> Result<Response> {
    let (client, base) = (state.widgets.client.clone(), state.config.crypto_url.clone());
    let cache = &state.widgets.crypto;
    let served = cache.get((), move || crypto::fetch(client, base)).await;
    let empty = Crypto {
        coins: Vec::new(),
        stale: false,
        unavailable: true,
    };
    Ok(market_reply(
        served,
        |value, stale| value.stale = stale,
        empty,
        cache.retry_in(&()),
    ))
}

/// `?lat=&lon=` as text, so that every problem gets our message rather than serde's.
#[derive(Deserialize)]
struct Coordinates {
    lat: Option<String>,
    lon: Option<String>,
}

/// The ~1 km cell of the query's point, or a 400 that names the problem (never the value: the
/// message is the same for every listener).
fn cell(query: Result<Query<Coordinates>, QueryRejection>) -> Result<Cell> {
    let Query(query) = query.map_err(|_| Error::bad_request("invalid query"))?;
    let lat = coordinate(query.lat.as_deref(), "lat", 90.0)?;
    let lon = coordinate(query.lon.as_deref(), "lon", 180.0)?;
    Cell::at(lat, lon).ok_or_else(|| Error::bad_request("invalid coordinates"))
}

fn coordinate(raw: Option<&str>, name: &str, limit: f64) -> Result<f64> {
    let raw = raw.map(str::trim).unwrap_or_default();
    if raw.is_empty() {
        return Err(Error::bad_request(format!("{name} is required")));
    }
    // Rust's parser also takes 'NaN' and 'inf'; the range check below refuses them.
    let value = (raw.len() <= 32)
        .then(|| raw.parse::<f64>().ok())
        .flatten()
        .ok_or_else(|| Error::bad_request(format!("{name} must be a number")))?;
    if !value.is_finite() || value.abs() > limit {
        return Err(Error::bad_request(format!(
            "{name} must be between -{limit} and {limit}"
        )));
    }
    Ok(value)
}

/// A widget's reply: the value with its `stale` flag and a Cache-Control that lets browsers and CDNs
/// reuse it until this server would ask the provider again; or the 503 when nothing can be served.
fn reply<T: Serialize>(
    served: std::result::Result<Served<T>, UpstreamError>,
    mark_stale: impl FnOnce(&mut T, bool),
) -> Result<Response> {
    let Served {
        mut value,
        stale,
        max_age,
    } = served.map_err(unavailable)?;
    mark_stale(&mut value, stale);
    Ok(cached(ok(value), max_age))
}

/// A market's reply (quotes, coins): as [`reply`], but when nothing can be served, `empty` (marked
/// unavailable) kept until the server would ask the provider again, instead of the 503.
fn market_reply<T: Serialize>(
    served: std::result::Result<Served<T>, UpstreamError>,
    mark_stale: impl FnOnce(&mut T, bool),
    empty: T,
    retry_in: std::time::Duration,
) -> Response {
    match served {
        Err(_) => cached(ok(empty), retry_in),
        served => reply(served, mark_stale).unwrap_or_else(IntoResponse::into_response),
    }
}

fn cached(reply: impl IntoResponse, max_age: std::time::Duration) -> Response {
    let mut response = reply.into_response();
    if let Ok(value) = HeaderValue::from_str(&format!("public, max-age={}", max_age.as_secs())) {
        response.headers_mut().insert(header::CACHE_CONTROL, value);
    }
    response
}

/// The provider's failure as the listener sees it: the spec's text (doc2 §8); the cause is in the log.
fn unavailable(_: UpstreamError) -> Error {
    Error::Unavailable(messages::WIDGET_UNAVAILABLE.to_owned())
}

/// GETs `url` and returns the body of a 2xx answer, within the client's 2 s.
async fn get_body(client: &reqwest::Client, url: &str) -> std::result::Result<Bytes, UpstreamError> {
    let response = client
        .get(url)
        .timeout(crate::widget_cache::UPSTREAM_TIMEOUT)
        .header(header::ACCEPT, "application/json")
        .send()
        .await?;
    let status = response.status();
    if !status.is_success() {
        return Err(UpstreamError::Status(status.as_u16()));
    }
    Ok(response.bytes().await?)
}

/// A provider's JSON as `T`; a mismatch names the field (serde's message quotes no coordinates).
fn parse_json<T: serde::de::DeserializeOwned>(body: &[u8]) -> std::result::Result<T, UpstreamError> {
    serde_json::from_slice(body).map_err(|error| UpstreamError::Malformed(error.to_string()))
}

/// `base` without a trailing slash, so `{base}/v1/…` has one.
fn base(url: &str) -> &str {
    url.trim().trim_end_matches('/')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(lat: Option<&str>, lon: Option<&str>) -> Result<Query<Coordinates>, QueryRejection> {
        Ok(Query(Coordinates {
            lat: lat.map(str::to_owned),
            lon: lon.map(str::to_owned),
        }))
    }

    #[test]
    fn coordinates_are_checked_and_rounded() {
        let cell = cell(query(Some("-23.550520"), Some(" -46.633308"))).unwrap();
        assert_eq!(
            (cell.lat(), cell.lon()),
            ("-23.55".to_owned(), "-46.63".to_owned())
        );
        for (lat, lon, message) in [
            (None, Some("1"), "lat is required"),
            (Some("1"), Some(""), "lon is required"),
            (Some("abc"), Some("1"), "lat must be a number"),
            (Some("NaN"), Some("1"), "lat must be between -90 and 90"),
            (Some("1"), Some("inf"), "lon must be between -180 and 180"),
            (Some("90.5"), Some("1"), "lat must be between -90 and 90"),
            (Some("1"), Some("-180.0001"), "lon must be between -180 and 180"),
        ] {
            match super::cell(query(lat, lon)) {
                Err(Error::BadRequest(got)) => assert_eq!(got, message),
                other => panic!("{lat:?} {lon:?}: {other:?}"),
            }
        }
    }
}
