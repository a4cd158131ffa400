//! Open-Meteo's forecast API → [`Weather`]: the current conditions of a cell, in metric units, with
//! the sky described in Portuguese from the WMO code.
//!
//! `GET {ONDA_WEATHER_URL}/v1/forecast?latitude=&longitude=&current=…&timezone=America/Sao_Paulo`
//! answers (tests/fixtures/providers/open-meteo-forecast.json):
//! `{"utc_offset_seconds": -10800, "current": {"time": "2024-05-14T15:00", "temperature_2m": 24.3,
//! "apparent_temperature": 24.9, "relative_humidity_2m": 58, "wind_speed_10m": 9.4, "weather_code": 2,
//! "is_day": 1, …}, …}` — `time` in the requested zone's local time, without an offset.

use onda_shared::widgets::Weather;
use serde::Deserialize;
use time::{PrimitiveDateTime, UtcOffset, macros::format_description};

use super::{base, get_body, parse_json};
use crate::{
    clock::iso,
    widget_cache::{Cell, UpstreamError},
};

/// The variables asked for, in Open-Meteo's names (km/h and °C are its defaults).
const CURRENT: &str =
    "temperature_2m,apparent_temperature,relative_humidity_2m,wind_speed_10m,weather_code,is_day";

pub async fn fetch(client: reqwest::Client, base_url: String, cell: Cell) -> Result<Weather, UpstreamError> {
    let url = format!(
        "{}/v1/forecast?latitude={}&longitude={}&current={CURRENT}&timezone=America/Sao_Paulo",
        base(&base_url),
        cell.lat(),
        cell.lon()
    );
    parse(&get_body(&client, &url).await?)
}

#[derive(Deserialize)]
struct Forecast {
    utc_offset_seconds: i32,
    current: Current,
}

/// Open-Meteo sends `null` for a variable it has no value for: each is optional here, and a missing
/// one makes the answer unusable rather than a made-up zero.
#[derive(Deserialize)]
struct Current {
    time: String,
    temperature_2m: Option<f64>,
    apparent_temperature: Option<f64>,
    relative_humidity_2m: Option<f64>,
    wind_speed_10m: Option<f64>,
    weather_code: Option<f64>,
    is_day: Option<f64>,
}

pub fn parse(body: &[u8]) -> Result<Weather, UpstreamError> {
    let forecast: Forecast = parse_json(body)?;
    let current = forecast.current;
    let missing = |name: &str| UpstreamError::Malformed(format!("current.{name} is null"));
    let code = current.weather_code.ok_or_else(|| missing("weather_code"))?;
    if !(0.0..=99.0).contains(&code) || code.fract() != 0.0 {
        return Err(UpstreamError::Malformed(
            "weather_code is not a WMO code".to_owned(),
        ));
    }
    // Checked above: a whole number in 0…99.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let weather_code = code as u16;
    Ok(Weather {
        temperature: current.temperature_2m.ok_or_else(|| missing("temperature_2m"))?,
        apparent_temperature: current
            .apparent_temperature
            .ok_or_else(|| missing("apparent_temperature"))?,
        humidity: current
            .relative_humidity_2m
            .ok_or_else(|| missing("relative_humidity_2m"))?,
        wind_speed: current.wind_speed_10m.ok_or_else(|| missing("wind_speed_10m"))?,
        weather_code,
        description: describe(weather_code).to_owned(),
        is_day: current.is_day.ok_or_else(|| missing("is_day"))? != 0.0,
        observed_at: observed_at(&current.time, forecast.utc_offset_seconds)?,
        stale: false,
    })
}

/// `2024-05-14T15:00` at `offset` seconds from UTC → ISO 8601 with the Brasília offset.
fn observed_at(local: &str, offset: i32) -> Result<String, UpstreamError> {
    let minutes = format_description!("[year]-[month]-[day]T[hour]:[minute]");
    let seconds = format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]");
    let bad = || UpstreamError::Malformed("current.time is not YYYY-MM-DDTHH:MM".to_owned());
    let time = PrimitiveDateTime::parse(local, minutes)
        .or_else(|_| PrimitiveDateTime::parse(local, seconds))
        .map_err(|_| bad())?;
    let offset = UtcOffset::from_whole_seconds(offset).map_err(|_| bad())?;
    Ok(iso(time.assume_offset(offset).unix_timestamp()))
}

/// The WMO weather interpretation code (Open-Meteo's table) in Portuguese.
pub fn describe(code: u16) -> &'static str {
    match code {
        0 => "Céu limpo",
        1 => "Predominantemente limpo",
        2 => "Parcialmente nublado",
        3 => "Nublado",
        45 => "Nevoeiro",
        48 => "Nevoeiro com geada",
        51 => "Garoa fraca",
        53 => "Garoa moderada",
        55 => "Garoa intensa",
        56 => "Garoa congelante fraca",
        57 => "Garoa congelante intensa",
        61 => "Chuva fraca",
        63 => "Chuva moderada",
        65 => "Chuva forte",
        66 => "Chuva congelante fraca",
        67 => "Chuva congelante forte",
        71 => "Neve fraca",
        73 => "Neve moderada",
        75 => "Neve forte",
        77 => "Grãos de neve",
        80 => "Pancadas de chuva fracas",
        81 => "Pancadas de chuva moderadas",
        82 => "Pancadas de chuva fortes",
        85 => "Pancadas de neve fracas",
        86 => "Pancadas de neve fortes",
        95 => "Trovoada",
        96 => "Trovoada com granizo fraco",
        99 => "Trovoada com granizo forte",
        // Codes Open-Meteo does not use; the strip still shows the temperature.
        _ => "Tempo não identificado",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recorded_answer_becomes_our_weather() {
        let body = include_bytes!("../../../tests/fixtures/providers/open-meteo-forecast.json");
        let weather = parse(body).unwrap();
        assert_eq!(
            weather,
            Weather {
                temperature: 24.3,
                apparent_temperature: 24.9,
                humidity: 58.0,
                wind_speed: 9.4,
                weather_code: 2,
                description: "Parcialmente nublado".to_owned(),
                is_day: true,
                observed_at: "2024-05-14T15:00:00-03:00".to_owned(),
                stale: false,
            }
        );
    }

    #[test]
    fn nulls_and_odd_codes_are_refused() {
        let body = br#"{"utc_offset_seconds":-10800,"current":{"time":"2024-05-14T15:00","temperature_2m":null,
            "apparent_temperature":1,"relative_humidity_2m":1,"wind_speed_10m":1,"weather_code":2,"is_day":0}}"#;
        assert!(matches!(parse(body), Err(UpstreamError::Malformed(_))));
        let body = br#"{"utc_offset_seconds":-10800,"current":{"time":"2024-05-14T15:00","temperature_2m":1,
            "apparent_temperature":1,"relative_humidity_2m":1,"wind_speed_10m":1,"weather_code":2.5,"is_day":0}}"#;
        assert!(matches!(parse(body), Err(UpstreamError::Malformed(_))));
        assert!(matches!(parse(b"{}"), Err(UpstreamError::Malformed(_))));
        assert_eq!(describe(95), "Trovoada");
        assert_eq!(describe(42), "Tempo não identificado");
    }
}
