//! The station's settings (JSON values in the `settings` table that operators edit): the UI's start-up
//! parameters, the maintenance switch and the station profile. The API (`/getAppParameters`,
//! `/station`), the pages' first frame, the back office, the operator's commands and the demo content
//! all read and write them through here.

use onda_shared::shell::{AppParameters, HeaderBar, Logo, PrerollTags, SocialAuthConfig, StationInfo};

use crate::{AppState, Result};

/// Settings keys (JSON values in the `settings` table).
pub const APP_PARAMETERS_KEY: &str = "app_parameters";
pub const MAINTENANCE_KEY: &str = "maintenance";
pub const STATION_PROFILE_KEY: &str = "station_profile";

/// The house VAST tag: prerolls work with no ad server (an operator can point the app parameters
/// elsewhere). Served by routes/ads.rs.
pub const HOUSE_TAG: &str = "/api/v1/ads/vast";

/// The station's wordmark, drawn by the server from its name (routes/svg_images.rs): the default logo.
pub const WORDMARK_URL: &str = "/media/logo.svg";

/// The wordmark's size in pixels for a station name: a 64-pixel badge, 19 pixels a character, 4 of
/// margin, 56 high. The picture and the size the pages reserve for it both come from here.
pub fn wordmark_size(name: &str) -> (u32, u32) {
    let characters = u32::try_from(name.chars().count()).unwrap_or(u32::MAX / 32);
    (64 + characters * 19 + 4, 56)
}

/// The stored app parameters (seeded, operator-editable), or defaults derived from the configuration;
/// the maintenance switch is kept apart so an operator can flip it without rewriting the rest. The
/// wordmark's size follows the configured name, so a renamed station needs no edit.
pub async fn app_parameters(state: &AppState) -> Result<AppParameters> {
    let mut params = match state.db.setting(APP_PARAMETERS_KEY).await? {
        Some(json) => serde_json::from_str(&json).unwrap_or_else(|err| {
            tracing::warn!(error = %err, "stored app parameters are unreadable; using defaults");
            default_app_parameters(state)
        }),
        None => default_app_parameters(state),
    };
    if let Some(flag) = state.db.setting(MAINTENANCE_KEY).await? {
        params.maintenance = flag.trim() == "true";
    }
    if params.logo.url == WORDMARK_URL {
        let (width, height) = wordmark_size(&state.config.station_name);
        (params.logo.width, params.logo.height) = (Some(width), Some(height));
    }
    Ok(params)
}

pub fn default_app_parameters(state: &AppState) -> AppParameters {
    let name = &state.config.station_name;
    let (width, height) = wordmark_size(name);
    AppParameters {
        logo: Logo {
            url: WORDMARK_URL.to_owned(),
            alt: name.clone(),
            width: Some(width),
            height: Some(height),
        },
        header_bar: HeaderBar {
            text: format!("Ouça a {name} ao vivo, de qualquer lugar!"),
            title: format!("{name} ao vivo"),
            link: "/ouvir-radio-online".to_owned(),
            gradient_from: "#ff5f1f".to_owned(),
            gradient_to: "#c2185b".to_owned(),
        },
        maintenance: false,
        // The house VAST ad, so prerolls work with no ad server (an operator can point elsewhere).
        preroll: PrerollTags {
            ad_manager_url: HOUSE_TAG.to_owned(),
            targeting_url: String::new(),
        },
        enabled_tests: Vec::new(),
        campaign_streams: Default::default(),
    }
}

/// Contact details and links stored with the station profile; the name, slug and addresses always come
/// from the configuration so a rename needs no database edit.
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct StationProfile {
    pub support_phone: String,
    pub support_chat_url: String,
    pub corporate_phone: String,
    pub social: Vec<onda_shared::shell::SocialLink>,
    pub apps: Vec<onda_shared::shell::AppBadge>,
}

/// The station profile (`GET /api/v1/station`); pages carry it too, for their first frame
/// (web/initial_data.rs).
pub async fn station_info(state: &AppState) -> Result<StationInfo> {
    let profile: StationProfile = match state.db.setting(STATION_PROFILE_KEY).await? {
        Some(json) => serde_json::from_str(&json).unwrap_or_default(),
        None => StationProfile::default(),
    };
    let config = &state.config;
    Ok(StationInfo {
        name: config.station_name.clone(),
        slug: config.station_slug.clone(),
        main_stream_id: config.main_stream_id(),
        public_url: config.public_url(),
        commercial_url: config.commercial_url.clone(),
        support_phone: profile.support_phone,
        support_chat_url: profile.support_chat_url,
        corporate_phone: profile.corporate_phone,
        social: profile.social,
        apps: profile.apps,
        social_auth: config.firebase_web().map(|web| SocialAuthConfig {
            api_key: web.api_key.to_owned(),
            auth_domain: web.auth_domain.to_owned(),
            project_id: web.project_id.to_owned(),
            providers: vec!["google".to_owned(), "facebook".to_owned()],
        }),
    })
}
