//! Extractors whose rejections speak the envelope instead of axum's plain-text defaults, so malformed
//! input gets a clear 400 and never a 500 or an HTML page.

use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, FromRequest, FromRequestParts, Request, rejection::JsonRejection},
    http::request::Parts,
};
use serde::de::DeserializeOwned;

use crate::{AppState, Error};

/// A JSON body. Any problem (wrong content type, bad syntax, wrong field types) is a 400 whose message
/// names it, e.g. `invalid request body: missing field \`email\``.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for ApiJson<T> {
    type Rejection = Error;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Self(value)),
            Err(rejection) => Err(Error::BadRequest(json_rejection_message(&rejection))),
        }
    }
}

fn json_rejection_message(rejection: &JsonRejection) -> String {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => {
            "expected a JSON body (Content-Type: application/json)".into()
        }
        JsonRejection::JsonSyntaxError(_) => "invalid JSON".into(),
        JsonRejection::JsonDataError(err) => format!("invalid request body: {}", err.body_text()),
        other => format!("invalid request body: {}", other.body_text()),
    }
}

/// The caller's address (G04): the first `X-Forwarded-For` hop when the socket peer is a trusted proxy,
/// otherwise the socket peer itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip())
            .unwrap_or(IpAddr::from([127, 0, 0, 1]));
        if state.config.trusted_proxies.contains(&peer) {
            let first_hop = parts
                .headers
                .get("x-forwarded-for")
                .and_then(|value| value.to_str().ok())
                .and_then(|list| list.split(',').next())
                .and_then(|hop| hop.trim().parse::<IpAddr>().ok());
            if let Some(ip) = first_hop {
                return Ok(Self(ip));
            }
        }
        Ok(Self(peer))
    }
}
