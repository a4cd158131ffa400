//! AwesomeAPI's quotes → [`Currency`]: the dollar and the euro in reais.
//!
//! `GET {ONDA_CURRENCY_URL}/json/last/USD-BRL,EUR-BRL` answers (tests/fixtures/providers/
//! awesomeapi-last.json): `{"USDBRL": {"code": "USD", "bid": "5.1102", "ask": "5.1112",
//! "pctChange": "-0.24", "timestamp": "1715706000", …}, "EURBRL": {…}}` — numbers as strings.

use std::collections::HashMap;

use onda_shared::widgets::{Currency, CurrencyQuote};
use serde::Deserialize;

use super::{base, get_body, parse_json};
use crate::{clock::iso, widget_cache::UpstreamError};

/// The pairs shown, in order: AwesomeAPI's key, our code and the name the box shows.
const PAIRS: [(&str, &str, &str); 2] = [("USDBRL", "USD", "Dólar"), ("EURBRL", "EUR", "Euro")];

pub async fn fetch(client: reqwest::Client, base_url: String) -> Result<Currency, UpstreamError> {
    let url = format!("{}/json/last/USD-BRL,EUR-BRL", base(&base_url));
    parse(&get_body(&client, &url).await?)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Quote {
    bid: String,
    ask: String,
    pct_change: String,
    /// Unix seconds, as a string.
    timestamp: String,
}

pub fn parse(body: &[u8]) -> Result<Currency, UpstreamError> {
    let mut quotes: HashMap<String, Quote> = parse_json(body)?;
    let quotes = PAIRS
        .iter()
        .map(|(key, code, name)| {
            let quote = quotes
                .remove(*key)
                .ok_or_else(|| UpstreamError::Malformed(format!("{key} is missing")))?;
            let number = |field: &str, text: &str| {
                text.trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|value| value.is_finite())
                    .ok_or_else(|| UpstreamError::Malformed(format!("{key}.{field} is not a number")))
            };
            let timestamp = quote
                .timestamp
                .trim()
                .parse::<i64>()
                .map_err(|_| UpstreamError::Malformed(format!("{key}.timestamp is not Unix seconds")))?;
            Ok(CurrencyQuote {
                code: (*code).to_owned(),
                name: (*name).to_owned(),
                bid: number("bid", &quote.bid)?,
                ask: number("ask", &quote.ask)?,
                pct_change: number("pctChange", &quote.pct_change)?,
                quoted_at: iso(timestamp),
            })
        })
        .collect::<Result<Vec<_>, UpstreamError>>()?;
    Ok(Currency {
        quotes,
        stale: false,
        unavailable: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recorded_answer_becomes_our_quotes() {
        let body = include_bytes!("../../../tests/fixtures/providers/awesomeapi-last.json");
        let currency = parse(body).unwrap();
        assert_eq!(
            currency.quotes[0],
            CurrencyQuote {
                code: "USD".to_owned(),
                name: "Dólar".to_owned(),
                bid: 5.1102,
                ask: 5.1112,
                pct_change: -0.24,
                quoted_at: "2024-05-14T14:00:00-03:00".to_owned(),
            }
        );
        assert_eq!(currency.quotes[1].code, "EUR");
        assert_eq!(currency.quotes[1].name, "Euro");
        assert_eq!(currency.quotes[1].bid, 5.5321);
        assert!(!currency.stale);
    }

    #[test]
    fn a_missing_pair_or_a_bad_number_is_refused() {
        assert!(parse(br#"{"USDBRL":{"bid":"1","ask":"1","pctChange":"0","timestamp":"1"}}"#).is_err());
        let bad = br#"{"USDBRL":{"bid":"x","ask":"1","pctChange":"0","timestamp":"1"},
            "EURBRL":{"bid":"1","ask":"1","pctChange":"0","timestamp":"1"}}"#;
        assert!(parse(bad).is_err());
        // AwesomeAPI's own refusal (over quota) is JSON of another shape.
        assert!(parse(br#"{"status":429,"code":"QuotaExceeded","message":"x"}"#).is_err());
    }
}
