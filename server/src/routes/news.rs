//! News: categories (more of the news area arrives with the content issue).

use axum::{Json, Router, extract::State, routing::get};
use onda_shared::{Envelope, shell::NewsCategory};

use crate::{AppState, Result, error::ok};

pub fn router() -> Router<AppState> {
    Router::new().route("/news/getCategories", get(get_categories))
}

async fn get_categories(State(state): State<AppState>) -> Result<Json<Envelope<Vec<NewsCategory>>>> {
    let rows: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT id, name, slug FROM news_categories ORDER BY position, id")
            .fetch_all(&state.db.pool)
            .await?;
    Ok(ok(rows
        .into_iter()
        .map(|(id, name, slug)| NewsCategory { id, name, slug })
        .collect()))
}
