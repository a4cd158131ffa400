//! The server's one error type, mapped to the `{status, message, data}` envelope (decision G41):
//! - a business refusal answers HTTP 200 with `status: "error"` and the literal server message;
//! - a validation failure answers HTTP 400 with `status: 400`;
//! - 401, 403, 404, 408, 409 and 429 are mirrored in both the HTTP code and `status`;
//! - a third-party provider that failed, with nothing recent to serve instead, is a 503 (`status: 503`);
//! - anything unexpected is logged once and answered as a bare 500 whose text reveals nothing.

use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};
use onda_shared::{Envelope, Status};

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The request is malformed or fails a validation rule; the message says which.
    #[error("{0}")]
    BadRequest(String),
    /// No session, or a revoked/expired one.
    #[error("unauthorized")]
    Unauthorized,
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    /// The record changed since the caller read it (a stale `version`); the message says what to do.
    #[error("{0}")]
    Conflict(String),
    /// A refusal the client expects and maps to Portuguese (e.g. "invalid email or password").
    #[error("{0}")]
    Refused(String),
    #[error("too many requests")]
    TooManyRequests,
    /// A live source's credentials are wrong (401 with `WWW-Authenticate: Basic`, as Icecast asks).
    #[error("{0}")]
    SourceUnauthorized(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// The client's address holds as many connections, push channels or listeners as it may
    /// (`connections`); the message is the one the listener sees. Answered with `Retry-After`.
    #[error("{0}")]
    TooManyConnections(String),
    /// The request's body arrived too slowly (`listen::BodyDeadline`).
    #[error("O envio demorou demais e foi interrompido. Verifique a sua conexão e tente novamente.")]
    RequestTimeout,
    /// The body is over the server's limit (`web/mod.rs`, 1 MiB).
    #[error("request body too large")]
    PayloadTooLarge,
    /// A third-party provider (the home widgets') failed or timed out and no recent answer is kept;
    /// the message is the one the UI shows. Expected, so not logged here (the cache logs the cause).
    #[error("{0}")]
    Unavailable(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl Error {
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::BadRequest(message.into())
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::NotFound(message.into())
    }

    pub fn refused(message: impl Into<String>) -> Self {
        Self::Refused(message.into())
    }

    fn parts(&self) -> (StatusCode, Status) {
        match self {
            Self::BadRequest(_) => (StatusCode::BAD_REQUEST, Status::Code(400)),
            Self::Unauthorized | Self::SourceUnauthorized(_) => (StatusCode::UNAUTHORIZED, Status::Code(401)),
            Self::UnsupportedMediaType(_) => (StatusCode::UNSUPPORTED_MEDIA_TYPE, Status::Code(415)),
            Self::Forbidden(_) => (StatusCode::FORBIDDEN, Status::Code(403)),
            Self::NotFound(_) => (StatusCode::NOT_FOUND, Status::Code(404)),
            Self::Conflict(_) => (StatusCode::CONFLICT, Status::Code(409)),
            Self::PayloadTooLarge => (StatusCode::PAYLOAD_TOO_LARGE, Status::Code(413)),
            Self::Refused(_) => (StatusCode::OK, Status::ERROR),
            Self::TooManyRequests | Self::TooManyConnections(_) => {
                (StatusCode::TOO_MANY_REQUESTS, Status::Code(429))
            }
            Self::RequestTimeout => (StatusCode::REQUEST_TIMEOUT, Status::Code(408)),
            Self::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, Status::Code(503)),
            Self::Database(_) | Self::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, Status::Code(500)),
        }
    }
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let (code, status) = self.parts();
        let message = match &self {
            Self::Database(err) => {
                crate::metrics::database_error(err);
                tracing::error!(error = %err, "database error");
                "internal error".to_owned()
            }
            Self::Internal(err) => {
                tracing::error!(error = ?err, "internal error");
                "internal error".to_owned()
            }
            other => other.to_string(),
        };
        let mut response = (
            code,
            Json(Envelope {
                status,
                message,
                data: serde_json::Value::Null,
            }),
        )
            .into_response();
        if matches!(self, Self::TooManyConnections(_)) {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from_static("10"),
            );
        }
        if matches!(self, Self::SourceUnauthorized(_)) {
            response.headers_mut().insert(
                axum::http::header::WWW_AUTHENTICATE,
                axum::http::HeaderValue::from_static("Basic realm=\"Onda\""),
            );
        } else if code == StatusCode::UNAUTHORIZED {
            response.headers_mut().insert(
                axum::http::header::WWW_AUTHENTICATE,
                axum::http::HeaderValue::from_static("Bearer"),
            );
        }
        response
    }
}

/// `Json(Envelope::success(data))`, the reply of every successful API call.
pub fn ok<T: serde::Serialize>(data: T) -> Json<Envelope<T>> {
    Json(Envelope::success(data))
}
