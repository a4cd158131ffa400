//! The house preroll (doc1 §4 "Preroll ads", C33): a VAST 4.1 inline linear ad whose creative is an
//! audio spot the server synthesises itself, so prerolls work with no ad server and no network. The
//! app parameters point the ad-manager tag here by default; an operator can point it at a real ad
//! server instead. The spot is 640x360 as the player's ad slot, with a companion image for the slot.
//!
//! Tracking pixels (impression, start, quartiles, complete, error) come back to `/api/v1/ads/track`.

use axum::{
    extract::{Query, State, rejection::QueryRejection},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{AppState, Error, Result, clock::now_ms, html::escape, openapi::tags};

/// The VAST tag of the house ad (the default `preroll.adManagerUrl`).
pub use crate::data::settings::HOUSE_TAG;
const HOUSE_AD_ID: &str = "house";
const SPOT_SECONDS: f32 = 10.0;

pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(vast)).routes(routes!(track))
}

pub fn root_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(spot_audio))
        .routes(routes!(companion))
}

fn vast_duration(ms: u64) -> String {
    format!(
        "{:02}:{:02}:{:02}.{:03}",
        ms / 3_600_000,
        ms / 60_000 % 60,
        ms / 1000 % 60,
        ms % 1000
    )
}

/// The house ad's VAST 4.1 document (an inline linear audio spot with a companion image).
#[utoipa::path(get, path = "/ads/vast", tag = tags::ADS,
    responses((status = 200, description = "The VAST document", content_type = "application/xml")))]
async fn vast(State(state): State<AppState>) -> Result<Response> {
    let (_, duration_ms) = state.house_ad.spot(SPOT_SECONDS).await?;
    // The station's configured address, never the request's `Host`: a client (or a cache between)
    // must not get tracking and media URLs pointing wherever the request said.
    let origin = state.config.public_url();
    let station = escape(&state.config.station_name);
    let track = |event: &str| format!("<![CDATA[{origin}/api/v1/ads/track?ad={HOUSE_AD_ID}&event={event}]]>");
    let tracking: String = [
        "start",
        "firstQuartile",
        "midpoint",
        "thirdQuartile",
        "complete",
        "pause",
        "mute",
    ]
    .iter()
    .map(|event| {
        format!(
            "\n            <Tracking event=\"{event}\">{}</Tracking>",
            track(event)
        )
    })
    .collect();
    let xml = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.1" xmlns="http://www.iab.com/VAST">
  <Ad id="{HOUSE_AD_ID}" sequence="1">
    <InLine>
      <AdSystem version="1">{station}</AdSystem>
      <Error><![CDATA[{origin}/api/v1/ads/track?ad={HOUSE_AD_ID}&event=error&code=[ERRORCODE]]]></Error>
      <Impression id="{HOUSE_AD_ID}">{impression}</Impression>
      <AdServingId>{HOUSE_AD_ID}-{serving}</AdServingId>
      <AdTitle>{station} PRO: ouça sem anúncios</AdTitle>
      <Description>Assine o {station} PRO e ouça a rádio sem anúncios, com streams exclusivos.</Description>
      <Creatives>
        <Creative id="{HOUSE_AD_ID}-spot" sequence="1">
          <UniversalAdId idRegistry="{station}">{HOUSE_AD_ID}-spot</UniversalAdId>
          <Linear>
            <Duration>{duration}</Duration>
            <TrackingEvents>{tracking}
            </TrackingEvents>
            <VideoClicks>
              <ClickThrough id="{HOUSE_AD_ID}-click"><![CDATA[{origin}/vantagens-da-assinatura-pro]]></ClickThrough>
            </VideoClicks>
            <MediaFiles>
              <MediaFile id="{HOUSE_AD_ID}-mp3" delivery="progressive" type="audio/mpeg" width="640" height="360" bitrate="128"><![CDATA[{origin}/media/ads/house.mp3]]></MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
        <Creative id="{HOUSE_AD_ID}-companion" sequence="1">
          <CompanionAds>
            <Companion id="{HOUSE_AD_ID}-banner" width="640" height="360">
              <StaticResource creativeType="image/svg+xml"><![CDATA[{origin}/media/ads/house.svg]]></StaticResource>
              <CompanionClickThrough><![CDATA[{origin}/vantagens-da-assinatura-pro]]></CompanionClickThrough>
            </Companion>
          </CompanionAds>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
"#,
        impression = track("impression"),
        serving = now_ms(),
        duration = vast_duration(*duration_ms),
    );
    Ok((
        [
            (header::CONTENT_TYPE, "application/xml; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        xml,
    )
        .into_response())
}

/// The house ad's audio spot, synthesised by the server.
#[utoipa::path(get, path = "/media/ads/house.mp3", tag = tags::ADS,
    responses((status = 200, description = "The spot (MP3)", content_type = "audio/mpeg")))]
async fn spot_audio(State(state): State<AppState>) -> Result<Response> {
    let (data, _) = state.house_ad.spot(SPOT_SECONDS).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "audio/mpeg"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        data.clone(),
    )
        .into_response())
}

/// The house ad's companion banner (640x360).
#[utoipa::path(get, path = "/media/ads/house.svg", tag = tags::ADS,
    responses((status = 200, description = "The banner", content_type = "image/svg+xml")))]
async fn companion(State(state): State<AppState>) -> impl IntoResponse {
    let station = escape(&state.config.station_name);
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360" role="img" aria-label="{station} PRO">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff7a18"/><stop offset="1" stop-color="#d6246e"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#g)"/>
<text x="40" y="60" font-family="Inter, Arial, sans-serif" font-size="18" font-weight="700" fill="#fff" opacity=".85">PUBLICIDADE</text>
<text x="40" y="170" font-family="Inter, Arial, sans-serif" font-size="44" font-weight="800" fill="#fff">{station} PRO</text>
<text x="40" y="220" font-family="Inter, Arial, sans-serif" font-size="24" fill="#fff">Ouça a rádio sem anúncios.</text>
<text x="40" y="300" font-family="Inter, Arial, sans-serif" font-size="20" font-weight="700" fill="#fff">Seja um assinante!</text>
</svg>"##
    );
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        svg,
    )
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct TrackQuery {
    /// The ad's id: 1 to 64 letters, digits, '-' or '_'.
    #[param(pattern = "^[A-Za-z0-9_-]{1,64}$")]
    ad: String,
    /// impression, start, firstQuartile, midpoint, thirdQuartile, complete, pause, mute or error.
    #[param(pattern = "^(impression|start|firstQuartile|midpoint|thirdQuartile|complete|pause|mute|error)$")]
    event: String,
}

const TRACKED_EVENTS: &[&str] = &[
    "impression",
    "start",
    "firstQuartile",
    "midpoint",
    "thirdQuartile",
    "complete",
    "pause",
    "mute",
    "error",
];

/// A VAST tracking pixel: recorded, answered with no content.
#[utoipa::path(get, path = "/ads/track", tag = tags::ADS,
    params(TrackQuery, ("code" = Option<String>, Query, description = "The VAST error code of an error event (ignored)")),
    responses((status = 204, description = "Recorded")))]
async fn track(
    State(state): State<AppState>,
    query: std::result::Result<Query<TrackQuery>, QueryRejection>,
) -> Result<StatusCode> {
    // A missing or malformed parameter is a 400 in the envelope, not axum's plain-text rejection.
    let Query(query) = query.map_err(|rejection| Error::bad_request(rejection.body_text()))?;
    if !TRACKED_EVENTS.contains(&query.event.as_str()) {
        return Err(Error::bad_request("unknown ad event"));
    }
    if query.ad.is_empty()
        || query.ad.len() > 64
        || !query
            .ad
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(Error::bad_request("invalid ad id"));
    }
    sqlx::query("INSERT INTO ad_events (ad_id, event, at_ms) VALUES ($1, $2, $3)")
        .bind(&query.ad)
        .bind(&query.event)
        .bind(now_ms())
        .execute(&state.db.pool)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vast_durations_are_hh_mm_ss_mmm() {
        assert_eq!(vast_duration(10_031), "00:00:10.031");
        assert_eq!(vast_duration(3_723_004), "01:02:03.004");
    }
}
