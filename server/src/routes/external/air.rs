//! Open-Meteo's air-quality API → [`AirQuality`]: the European AQI of a cell and doc2's 1…5 index.
//!
//! `GET {ONDA_AIR_URL}/v1/air-quality?latitude=&longitude=&current=european_aqi,pm10,pm2_5` answers
//! (tests/fixtures/providers/open-meteo-air.json):
//! `{"current": {"time": "2024-05-14T18:00", "european_aqi": 38, "pm10": 21.4, "pm2_5": 13.9, …}, …}`.

use onda_shared::widgets::AirQuality;
use serde::Deserialize;

use super::{base, get_body, parse_json};
use crate::widget_cache::{Cell, UpstreamError};

pub async fn fetch(
    client: reqwest::Client,
    base_url: String,
    cell: Cell,
) -> Result<AirQuality, UpstreamError> {
    let url = format!(
        "{}/v1/air-quality?latitude={}&longitude={}&current=european_aqi,pm10,pm2_5",
        base(&base_url),
        cell.lat(),
        cell.lon()
    );
    parse(&get_body(&client, &url).await?)
}

#[derive(Deserialize)]
struct Answer {
    current: Current,
}

/// `null` where the model has no value yet; the index cannot be made up, so that is a failure.
#[derive(Deserialize)]
struct Current {
    european_aqi: Option<f64>,
    pm10: Option<f64>,
    pm2_5: Option<f64>,
}

pub fn parse(body: &[u8]) -> Result<AirQuality, UpstreamError> {
    let Answer { current } = parse_json(body)?;
    let missing = |name: &str| UpstreamError::Malformed(format!("current.{name} is null"));
    let european_aqi = current.european_aqi.ok_or_else(|| missing("european_aqi"))?;
    if european_aqi < 0.0 {
        return Err(UpstreamError::Malformed("european_aqi is negative".to_owned()));
    }
    let index = index_of(european_aqi);
    Ok(AirQuality {
        index,
        label: LABELS[usize::from(index - 1)].to_owned(),
        european_aqi,
        pm2_5: current.pm2_5.ok_or_else(|| missing("pm2_5"))?,
        pm10: current.pm10.ok_or_else(|| missing("pm10"))?,
        stale: false,
    })
}

/// doc2 §2's labels of indexes 1…5 (messages weather.05 … weather.09).
const LABELS: [&str; 5] = ["Boa", "Razoável", "Moderada", "Ruim", "Muito ruim"];

/// The European AQI's bands (0–20 good, 20–40 fair, 40–60 moderate, 60–80 poor, above 80 very poor
/// and worse) as doc2's 1…5; a value on a boundary belongs to the better band.
pub fn index_of(european_aqi: f64) -> u8 {
    match european_aqi {
        aqi if aqi <= 20.0 => 1,
        aqi if aqi <= 40.0 => 2,
        aqi if aqi <= 60.0 => 3,
        aqi if aqi <= 80.0 => 4,
        _ => 5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recorded_answer_becomes_our_air_quality() {
        let body = include_bytes!("../../../tests/fixtures/providers/open-meteo-air.json");
        assert_eq!(
            parse(body).unwrap(),
            AirQuality {
                index: 2,
                label: "Razoável".to_owned(),
                european_aqi: 38.0,
                pm2_5: 13.9,
                pm10: 21.4,
                stale: false,
            }
        );
    }

    #[test]
    fn bands() {
        let got: Vec<u8> = [0.0, 20.0, 20.5, 40.0, 59.0, 60.0, 79.9, 80.0, 80.1, 250.0]
            .into_iter()
            .map(index_of)
            .collect();
        assert_eq!(got, [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
        let null = br#"{"current":{"european_aqi":null,"pm10":1,"pm2_5":1}}"#;
        assert!(matches!(parse(null), Err(UpstreamError::Malformed(_))));
    }
}
