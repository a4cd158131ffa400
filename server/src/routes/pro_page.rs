//! The PRO page (doc2 §2.2, §7; decisions S11): the FAQ list and the three featured podcasts.
//!
//! - `GET /proPage/getFaqs`: `data[] {question, answer}` in the editors' order (doc2 §7, doc3 §7). The
//!   answers are HTML and are sanitised here, on output, with a conservative allow-list, because the
//!   demo seed writes them straight into `pro_faqs`. S11 says server HTML is sanitised when written:
//!   the CMS path that edits FAQs must run the same [`crate::html::sanitize`] before it stores an answer; this
//!   output pass stays as a second line of defence.
//! - `GET /proPage/getFeaturedPodcasts`: the three shows the page features (beyond the spec). A separate
//!   call, so the FAQ reply keeps exactly its documented shape. PRO shows come first (the page sells
//!   the subscription), then the editors' order; shows without a player id are hidden, as on /podcasts.

use axum::{Json, extract::State};
use onda_shared::{
    Envelope,
    pro_page::{FeaturedPodcast, ProFaq},
};

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Result,
    error::ok,
    html::sanitize,
    openapi::{Reply, tags},
};

/// How many podcasts the page features (doc2 §2.2).
const FEATURED_PODCASTS: i64 = 3;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_faqs))
        .routes(routes!(get_featured_podcasts))
}

/// The PRO page's FAQ in the editors' order, answers as sanitised HTML.
#[utoipa::path(get, path = "/proPage/getFaqs", tag = tags::PRO_PAGE,
    responses((status = 200, description = "The questions and answers", body = Reply<Vec<ProFaq>>)))]
async fn get_faqs(State(state): State<AppState>) -> Result<Json<Envelope<Vec<ProFaq>>>> {
    let rows: Vec<(String, String)> =
        sqlx::query_as("SELECT question, answer FROM pro_faqs ORDER BY position, id")
            .fetch_all(&state.db.pool)
            .await?;
    Ok(ok(rows
        .into_iter()
        .map(|(question, answer)| ProFaq {
            question,
            answer: sanitize(&answer),
        })
        .collect()))
}

/// The three podcasts the PRO page features, PRO shows first.
#[utoipa::path(get, path = "/proPage/getFeaturedPodcasts", tag = tags::PRO_PAGE,
    responses((status = 200, description = "Up to three shows", body = Reply<Vec<FeaturedPodcast>>)))]
async fn get_featured_podcasts(
    State(state): State<AppState>,
) -> Result<Json<Envelope<Vec<FeaturedPodcast>>>> {
    let rows: Vec<(String, String, String, String, i64)> = sqlx::query_as(
        "SELECT slug, name, subtitle, thumb_url, is_pro FROM podcast_shows \
         WHERE show_id <> '' ORDER BY is_pro DESC, position, id LIMIT $1",
    )
    .bind(FEATURED_PODCASTS)
    .fetch_all(&state.db.pool)
    .await?;
    Ok(ok(rows
        .into_iter()
        .map(|(slug, name, subtitle, thumb_url, is_pro)| FeaturedPodcast {
            slug,
            name,
            subtitle,
            thumb_url,
            is_pro: is_pro != 0,
        })
        .collect()))
}
