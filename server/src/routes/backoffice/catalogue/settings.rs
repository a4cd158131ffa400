//! The station's parameters in the back office (`/api/v1/backoffice/settings`, permission 7): the logo,
//! the top bar (text, link, colours), the maintenance switch, the preroll's ad tags, the A/B tests on
//! for everyone and the campaign streams, the same `AppParameters` the UI starts with
//! (`getAppParameters`). The maintenance switch keeps its own setting, as `admin maintenance` writes it.

use axum::response::Response;
use onda_shared::{
    shell::AppParameters,
    validation::{SETTINGS_TEXT_MAX, cover_url, messages},
};
use sqlx::AnyConnection;

use super::{
    super::{
        audit::record,
        images::stored_size,
        kit::{self, Staff},
        no_store,
    },
    values::hex_colour,
};
use crate::{
    AppState, Error, Result,
    data::settings::{APP_PARAMETERS_KEY, MAINTENANCE_KEY, WORDMARK_URL, app_parameters, wordmark_size},
    error::ok,
    extract::ApiJson,
    openapi::Reply,
    routes::svg_images::picture_size,
    staff::CATALOGUE,
};

/// The most A/B tests and campaign codes kept.
const CODES_MAX: usize = 50;
const CODE_MAX: usize = 40;
const AD_URL_MAX: usize = 500;

fn chars(text: &str) -> usize {
    text.chars().count()
}

fn code(text: &str) -> bool {
    (1..=CODE_MAX).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')
}

/// A link of the site ('/…', not '//…') or an https address, with nothing that could leave an
/// attribute.
fn link(text: &str) -> bool {
    let local = text.starts_with('/') && !text.starts_with("//");
    (local || text.starts_with("https://"))
        && !text
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>' | '`'))
}

/// A logo: uploaded, or one of the site's own pictures.
fn logo(url: &str) -> bool {
    cover_url(url)
        || (url.starts_with("/media/")
            && !url.contains("..")
            && url
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'-' | b'_')))
}

/// Checks the parameters and answers them trimmed.
pub fn check(params: &AppParameters) -> Result<AppParameters> {
    let mut params = params.clone();
    let bar = &mut params.header_bar;
    for text in [&mut bar.text, &mut bar.title, &mut params.logo.alt] {
        *text = text.trim().to_owned();
        if chars(text) > SETTINGS_TEXT_MAX || text.contains('\0') {
            return Err(Error::bad_request(messages::SETTINGS_TEXT));
        }
    }
    if !link(bar.link.trim()) || bar.link.len() > AD_URL_MAX {
        return Err(Error::bad_request(messages::SETTINGS_LINK));
    }
    bar.link = bar.link.trim().to_owned();
    if !hex_colour(&bar.gradient_from) || !hex_colour(&bar.gradient_to) {
        return Err(Error::bad_request(messages::SETTINGS_COLOR));
    }
    if !logo(params.logo.url.trim()) {
        return Err(Error::bad_request(messages::SETTINGS_LOGO));
    }
    for url in [&params.preroll.ad_manager_url, &params.preroll.targeting_url] {
        if !url.is_empty() && (!link(url) || url.len() > AD_URL_MAX) {
            return Err(Error::bad_request(messages::SETTINGS_AD_URL));
        }
    }
    let codes_fine = params.enabled_tests.len() <= CODES_MAX
        && params.enabled_tests.iter().all(|name| code(name))
        && params.campaign_streams.len() <= CODES_MAX
        && params
            .campaign_streams
            .iter()
            .all(|(campaign, stream)| code(campaign) && code(stream));
    if !codes_fine {
        return Err(Error::bad_request(messages::SETTINGS_CODES));
    }
    params.enabled_tests.sort_unstable();
    params.enabled_tests.dedup();
    Ok(params)
}

/// The logo's own size, read from the picture the address names (an uploaded one's file, a
/// generated one's kind, the wordmark's name), so pages reserve its room; `None` for the site's other
/// pictures, whose size the server does not know.
async fn logo_size(state: &AppState, url: &str) -> Option<(u32, u32)> {
    if url == WORDMARK_URL {
        return Some(wordmark_size(&state.config.station_name));
    }
    match picture_size(url) {
        Some(size) => Some(size),
        None => stored_size(state, url).await,
    }
}

async fn put_setting(conn: &mut AnyConnection, key: &str, value: &str) -> Result<()> {
    sqlx::query(
        "INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )
    .bind(key)
    .bind(value)
    .execute(conn)
    .await?;
    Ok(())
}

kit::staff_path! {
    get "/backoffice/settings" => "The station's parameters": Reply<AppParameters>;
    /// The parameters as the site uses them now.
    pub async fn settings_get(Staff(state, _): Staff<CATALOGUE>) -> Result<Response> {
        Ok(no_store(ok(app_parameters(&state).await?)))
    }
}

kit::staff_path! {
    put "/backoffice/settings", body AppParameters => "The parameters as stored": Reply<AppParameters>,
        400 "A value breaks its rule (SETTINGS_*)";
    /// Replaces the parameters (the site reads them on its next start-up call, at once).
    pub async fn settings_update(
        Staff(state, user): Staff<CATALOGUE>,
        body: std::result::Result<ApiJson<AppParameters>, Error>,
    ) -> Result<Response> {
        let ApiJson(raw) = body?;
        let mut params = check(&raw)?;
        (params.logo.width, params.logo.height) = logo_size(&state, &params.logo.url)
            .await
            .map_or((None, None), |(width, height)| (Some(width), Some(height)));
        let before = app_parameters(&state).await?;
        let json = serde_json::to_string(&params).map_err(|err| Error::Internal(err.into()))?;
        let mut tx = state.db.pool.begin().await?;
        put_setting(&mut tx, APP_PARAMETERS_KEY, &json).await?;
        put_setting(
            &mut tx,
            MAINTENANCE_KEY,
            if params.maintenance { "true" } else { "false" },
        )
        .await?;
        record(
            &mut tx,
            user.user_id,
            "settings.update",
            "settings",
            None,
            serde_json::to_value(&before).ok().as_ref(),
            serde_json::to_value(&params).ok().as_ref(),
        )
        .await?;
        tx.commit().await?;
        Ok(no_store(ok(params)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_colours_and_codes() {
        assert!(link("/ouvir-radio-online"));
        assert!(link("https://radio.example/x"));
        assert!(!link("//evil.example"));
        assert!(!link("javascript:alert(1)"));
        assert!(!link("/a\"onmouseover=x"));
        assert!(hex_colour("#ff5f1f"));
        assert!(!hex_colour("red"));
        assert!(code("natal_2026"));
        assert!(!code("Natal"));
    }
}
