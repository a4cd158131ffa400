//! Shell endpoints: app parameters, the station profile, the caller's address, health.

use axum::{Json, extract::State};
use onda_shared::{
    Envelope,
    shell::{AppParameters, Health, StationInfo, UserInfos},
};

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Result,
    data::settings,
    error::ok,
    extract::ClientIp,
    openapi::{Reply, tags},
};

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
    Ok(ok(settings::app_parameters(&state).await?))
}

/// The station's name, addresses, contacts, social links, apps and social-login settings.
#[utoipa::path(get, path = "/station", tag = tags::SHELL,
    responses((status = 200, description = "The station profile", body = Reply<StationInfo>)))]
async fn get_station(State(state): State<AppState>) -> Result<Json<Envelope<StationInfo>>> {
    Ok(ok(settings::station_info(&state).await?))
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
