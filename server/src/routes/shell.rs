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
    openapi::{ErrorReply, Reply, tags},
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
        .routes(routes!(metrics))
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

/// The server's figures for Prometheus (`metrics`), in its text format. Never public: answered to a
/// scraper on this machine that comes straight, not through a proxy (a proxied request names its
/// client in `X-Forwarded-For`), or to one that presents `ONDA_METRICS_TOKEN` as a bearer token.
#[utoipa::path(get, path = "/metrics", tag = tags::SHELL,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Prometheus' text format", body = String, content_type = "text/plain"),
        (status = 401, description = "Not loopback and no valid token", body = ErrorReply)))]
async fn metrics(
    State(state): State<AppState>,
    extensions: axum::http::Extensions,
    headers: axum::http::HeaderMap,
) -> Result<axum::response::Response> {
    use axum::{http::header, response::IntoResponse};
    // Without a peer (the router driven in-process by the tests) the caller is this process.
    let local = extensions
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .is_none_or(|info| info.0.ip().is_loopback())
        && !headers.contains_key("x-forwarded-for")
        && !headers.contains_key(header::FORWARDED)
        && !headers.contains_key("x-real-ip");
    let presented = headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim);
    let token = state
        .config
        .metrics_token
        .as_deref()
        .map(str::trim)
        .filter(|token| !token.is_empty());
    let authorised = match (token, presented) {
        (Some(token), Some(presented)) => {
            crate::auth::constant_time_eq(token.as_bytes(), presented.as_bytes())
        }
        _ => false,
    };
    if !local && !authorised {
        return Err(crate::Error::Unauthorized);
    }
    Ok((
        [
            (header::CONTENT_TYPE, crate::metrics::CONTENT_TYPE),
            (header::CACHE_CONTROL, "no-store"),
        ],
        crate::metrics::render(&state).await,
    )
        .into_response())
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
