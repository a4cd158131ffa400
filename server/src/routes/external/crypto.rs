//! CoinGecko's markets → [`Crypto`]: the top 4 coins by market cap in USD with 7-day sparklines.
//!
//! `GET {ONDA_CRYPTO_URL}/api/v3/coins/markets?vs_currency=usd&order=market_cap_desc&per_page=4&page=1
//! &sparkline=true&price_change_percentage=24h` answers (tests/fixtures/providers/
//! coingecko-markets.json) an array, largest first, of `{"id": "bitcoin", "symbol": "btc", "name":
//! "Bitcoin", "current_price": 61823, "market_cap": 1218012345678, "price_change_percentage_24h": 0.67,
//! "sparkline_in_7d": {"price": [… hourly, ~168 …]}, …}`; CoinGecko sends `null` for what it lacks.

use onda_shared::widgets::{Coin, Crypto};
use serde::Deserialize;

use super::{base, get_body, parse_json};
use crate::widget_cache::UpstreamError;

const COINS: usize = 4;
/// Hourly points of 7 days: what the type promises, whatever CoinGecko sends.
const SPARKLINE_POINTS: usize = 7 * 24;

pub async fn fetch(client: reqwest::Client, base_url: String) -> Result<Crypto, UpstreamError> {
    let url = format!(
        "{}/api/v3/coins/markets?vs_currency=usd&order=market_cap_desc&per_page={COINS}&page=1\
         &sparkline=true&price_change_percentage=24h",
        base(&base_url)
    );
    parse(&get_body(&client, &url).await?)
}

#[derive(Deserialize)]
struct Market {
    id: String,
    symbol: String,
    name: String,
    current_price: Option<f64>,
    market_cap: Option<f64>,
    price_change_percentage_24h: Option<f64>,
    sparkline_in_7d: Option<Sparkline>,
}

#[derive(Deserialize)]
struct Sparkline {
    #[serde(default)]
    price: Vec<Option<f64>>,
}

pub fn parse(body: &[u8]) -> Result<Crypto, UpstreamError> {
    let markets: Vec<Market> = parse_json(body)?;
    let coins: Vec<Coin> = markets
        .into_iter()
        // A coin without a price cannot be shown; the next one by market cap takes its place.
        .filter_map(|market| {
            let price_usd = market.current_price?;
            let mut sparkline: Vec<f64> = market
                .sparkline_in_7d
                .map(|sparkline| sparkline.price.into_iter().flatten().collect())
                .unwrap_or_default();
            if sparkline.len() > SPARKLINE_POINTS {
                sparkline.drain(..sparkline.len() - SPARKLINE_POINTS);
            }
            Some(Coin {
                id: market.id,
                symbol: market.symbol.to_uppercase(),
                name: market.name,
                price_usd,
                change_24h: market.price_change_percentage_24h.unwrap_or(0.0),
                market_cap_usd: market.market_cap.unwrap_or(0.0),
                sparkline,
            })
        })
        .take(COINS)
        .collect();
    if coins.is_empty() {
        return Err(UpstreamError::Malformed("no coin with a price".to_owned()));
    }
    Ok(Crypto {
        coins,
        stale: false,
        unavailable: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recorded_answer_becomes_our_coins() {
        let body = include_bytes!("../../../tests/fixtures/providers/coingecko-markets.json");
        let crypto = parse(body).unwrap();
        let symbols: Vec<&str> = crypto.coins.iter().map(|coin| coin.symbol.as_str()).collect();
        assert_eq!(symbols, ["BTC", "ETH", "USDT", "BNB"]);
        let bitcoin = &crypto.coins[0];
        assert_eq!(bitcoin.id, "bitcoin");
        assert_eq!(bitcoin.name, "Bitcoin");
        assert_eq!(bitcoin.price_usd, 61823.0);
        assert_eq!(bitcoin.change_24h, 0.67);
        assert_eq!(bitcoin.market_cap_usd, 1_218_012_345_678.0);
        assert_eq!(bitcoin.sparkline.len(), 168);
        assert_eq!(crypto.coins[2].price_usd, 1.0);
    }

    #[test]
    fn nulls_long_sparklines_and_empty_answers() {
        let points: Vec<String> = (0..200).map(|n| n.to_string()).collect();
        let body = format!(
            r#"[{{"id":"a","symbol":"a","name":"A","current_price":null,"market_cap":1,"price_change_percentage_24h":1}},
               {{"id":"b","symbol":"b","name":"B","current_price":2,"market_cap":null,"price_change_percentage_24h":null,
                 "sparkline_in_7d":{{"price":[null,{}]}}}}]"#,
            points.join(",")
        );
        let crypto = parse(body.as_bytes()).unwrap();
        assert_eq!(crypto.coins.len(), 1);
        let coin = &crypto.coins[0];
        assert_eq!((coin.change_24h, coin.market_cap_usd), (0.0, 0.0));
        assert_eq!(coin.sparkline.len(), 168);
        assert_eq!(coin.sparkline.last(), Some(&199.0), "the newest points are kept");
        assert!(parse(b"[]").is_err());
        // CoinGecko's rate-limit refusal is an object, not the array.
        assert!(parse(br#"{"status":{"error_code":429}}"#).is_err());
    }
}
