//! Legal texts (/termos/{slug}; C41, LG-02). The home poll and the sentence of the day are in `poll`.
//!
//! Stored HTML is sanitised on output with [`sanitize`]: the seed and any CMS write straight
//! into the tables, so the reply is where the allow-list is guaranteed (S11).

use axum::{Json, extract::State};
use onda_shared::{Envelope, pages::LegalText};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    clock::iso,
    error::ok,
    extract::ApiPath,
    html::sanitize,
    openapi::{ErrorReply, Reply, tags},
};

/// Server message (the UI maps it to 'NÃO ACHAMOS ESSES TERMOS :(').
pub const TERMS_NOT_FOUND: &str = "terms not found";

const MAX_SLUG: usize = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_terms))
}

/// A legal text (/termos/{slug}), its HTML sanitised.
#[utoipa::path(get, path = "/legal/getTerms/{slug}", tag = tags::PAGES,
    params(("slug" = String, Path, description = "The text's slug")),
    responses(
        (status = 200, description = "The legal text", body = Reply<LegalText>),
        (status = 404, description = "'terms not found'", body = ErrorReply),
    ))]
async fn get_terms(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<Json<Envelope<LegalText>>> {
    if slug.is_empty() || slug.len() > MAX_SLUG {
        return Err(Error::not_found(TERMS_NOT_FOUND));
    }
    let row: Option<(String, String, String, i64)> =
        sqlx::query_as("SELECT slug, title, content, updated_at FROM legal_texts WHERE slug = $1")
            .bind(&slug)
            .fetch_optional(&state.db.pool)
            .await?;
    let (slug, title, content, updated_at) = row.ok_or_else(|| Error::not_found(TERMS_NOT_FOUND))?;
    Ok(ok(LegalText {
        slug,
        title,
        content: sanitize(&content),
        updated_at: iso(updated_at),
    }))
}
