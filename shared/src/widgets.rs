//! Wire types of the home widgets (doc2 §2 Home widgets, §8 Weather; decisions G23, G34, S16): the
//! weather strip (weather, place, air quality), the currency and crypto boxes, and the poll vote.
//!
//! The browser never talks to a weather, quote or market provider: our server asks them under
//! `/api/v1/external/{weather|geocode|air|currency|crypto}`, caches each answer for every listener
//! and, when a provider fails, serves the last good answer marked `stale` for up to an hour. When
//! the quotes' or the coins' provider has no answer and nothing recent is kept, their reply is still
//! a success, marked `unavailable` and empty: the home page's boxes wait quietly for the next one.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Current weather at a point (`/api/v1/external/weather?lat=&lon=`), metric units.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Weather {
    /// Air temperature, °C.
    pub temperature: f64,
    /// Feels-like temperature, °C.
    pub apparent_temperature: f64,
    /// Relative humidity, %.
    pub humidity: f64,
    /// Wind speed at 10 m, km/h.
    pub wind_speed: f64,
    /// WMO weather interpretation code (0 clear … 99 thunderstorm with hail).
    pub weather_code: u16,
    /// The sky in Portuguese ('Céu limpo', 'Chuva fraca', …), from `weather_code`.
    pub description: String,
    pub is_day: bool,
    /// When the provider measured it, ISO 8601 with the Brasília offset.
    pub observed_at: String,
    /// True when the provider failed and this is the last good answer (at most an hour old).
    pub stale: bool,
}

/// The place at a point (`/api/v1/external/geocode?lat=&lon=`), named in Portuguese.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Place {
    /// Municipality (or the nearest named place): 'São Paulo'.
    pub name: String,
    /// State abbreviation for Brazil ('SP'), else the state or region name ('' when unknown).
    pub state: String,
    /// Country in Portuguese: 'Brasil'.
    pub country: String,
    pub stale: bool,
}

/// Air quality at a point (`/api/v1/external/air?lat=&lon=`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct AirQuality {
    /// 1 … 5 (doc2 §2): 1 Boa, 2 Razoável, 3 Moderada, 4 Ruim, 5 Muito ruim.
    pub index: u8,
    /// The label of `index`, as the strip shows it.
    pub label: String,
    /// The provider's European AQI the index comes from.
    pub european_aqi: f64,
    /// Fine particles, µg/m³.
    pub pm2_5: f64,
    /// Coarse particles, µg/m³.
    pub pm10: f64,
    pub stale: bool,
}

/// One exchange rate against the real.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct CurrencyQuote {
    /// 'USD' or 'EUR'.
    pub code: String,
    /// 'Dólar' or 'Euro'.
    pub name: String,
    /// Buying price in BRL.
    pub bid: f64,
    /// Selling price in BRL.
    pub ask: f64,
    /// Change over the day, % (negative when the real gained).
    pub pct_change: f64,
    /// When the provider quoted it, ISO 8601 with the Brasília offset.
    pub quoted_at: String,
}

/// USD-BRL and EUR-BRL (`/api/v1/external/currency`), in that order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Currency {
    /// Empty when `unavailable`.
    pub quotes: Vec<CurrencyQuote>,
    pub stale: bool,
    /// True when the provider did not answer and no answer of the last hour is kept: `quotes` is
    /// empty, and the reply's `Cache-Control: max-age` says when the server will ask it again.
    pub unavailable: bool,
}

/// One coin of the crypto box.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Coin {
    /// The provider's id: 'bitcoin'.
    pub id: String,
    /// Upper case: 'BTC'.
    pub symbol: String,
    pub name: String,
    pub price_usd: f64,
    /// Change over 24 h, %.
    pub change_24h: f64,
    pub market_cap_usd: f64,
    /// Prices in USD over the last 7 days, oldest first, at most 168 points (hourly).
    pub sparkline: Vec<f64>,
}

/// The top 4 coins by market cap in USD (`/api/v1/external/crypto`), largest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Crypto {
    /// Empty when `unavailable`.
    pub coins: Vec<Coin>,
    pub stale: bool,
    /// True when the provider did not answer and no answer of the last hour is kept: `coins` is
    /// empty, and the reply's `Cache-Control: max-age` says when the server will ask it again.
    pub unavailable: bool,
}

/// A vote on the home poll (`POST /api/v1/poll/vote`, beyond the spec): one per account, or per
/// browser (a1_browserHash) for visitors without one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PollVote {
    #[ts(type = "number")]
    pub poll_id: i64,
    /// The `id` of one of the poll's `respostas`.
    #[ts(type = "number")]
    pub answer_id: i64,
}
