//! Shell endpoints: app parameters, the station profile, the caller's address, health.

use axum::{Json, extract::State};
use onda_shared::{
    Envelope,
    shell::{AppParameters, HeaderBar, Health, Logo, PrerollTags, SocialAuthConfig, StationInfo, UserInfos},
};

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Result,
    error::ok,
    extract::ClientIp,
    openapi::{Reply, tags},
};

/// Settings keys (JSON values in the `settings` table).
pub const APP_PARAMETERS_KEY: &str = "app_parameters";
pub const MAINTENANCE_KEY: &str = "maintenance";
pub const STATION_PROFILE_KEY: &str = "station_profile";

pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_app_parameters))
        .routes(routes!(get_station))
}

/// Routes outside `/api/v1`.
pub fn root_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_user_infos))
        .routes(routes!(health))
}

/// The UI's start-up parameters: logo, header bar, maintenance switch, preroll tags, A/B tests.
#[utoipa::path(get, path = "/getAppParameters", tag = tags::SHELL,
    responses((status = 200, description = "The app parameters", body = Reply<AppParameters>)))]
async fn get_app_parameters(State(state): State<AppState>) -> Result<Json<Envelope<AppParameters>>> {
    Ok(ok(app_parameters(&state).await?))
}

/// The stored app parameters (seeded, operator-editable), or defaults derived from the configuration;
/// the maintenance switch is kept apart so an operator can flip it without rewriting the rest.
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
    Ok(params)
}

pub fn default_app_parameters(state: &AppState) -> AppParameters {
    let name = &state.config.station_name;
    AppParameters {
        logo: Logo {
            url: "/media/logo.svg".to_owned(),
            alt: name.clone(),
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
            ad_manager_url: super::ads::HOUSE_TAG.to_owned(),
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

/// The station's name, addresses, contacts, social links, apps and social-login settings.
#[utoipa::path(get, path = "/station", tag = tags::SHELL,
    responses((status = 200, description = "The station profile", body = Reply<StationInfo>)))]
async fn get_station(State(state): State<AppState>) -> Result<Json<Envelope<StationInfo>>> {
    Ok(ok(station_info(&state).await?))
}

/// The station profile of [`get_station`]; pages carry it too, for their first frame
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

/// G04: only ever the caller's own address; never cached.
#[utoipa::path(get, path = "/getUserInfos", tag = tags::SHELL,
    responses((status = 200, description = "The caller's address", body = Reply<UserInfos>)))]
async fn get_user_infos(ClientIp(ip): ClientIp) -> impl axum::response::IntoResponse {
    (
        [(axum::http::header::CACHE_CONTROL, "no-store")],
        ok(UserInfos {
            forwarded_for: ip.to_string(),
        }),
    )
}

/// Whether the server and its database answer.
#[utoipa::path(get, path = "/health", tag = tags::SHELL,
    responses((status = 200, description = "Healthy", body = Reply<Health>)))]
async fn health(State(state): State<AppState>) -> Result<Json<Envelope<Health>>> {
    state.db.ping().await?;
    Ok(ok(Health {
        database: state.db.backend.name().to_owned(),
        version: env!("CARGO_PKG_VERSION").to_owned(),
        radio: state.radio.role.get().name().to_owned(),
    }))
}
