//! Legal texts (/termos/{slug}; C41, LG-02), the home poll (display-only, G34) and the sentence of the
//! day (HW-05).
//!
//! Stored HTML is sanitised on output with [`sanitize`]: the seed and any CMS write straight
//! into the tables, so the reply is where the allow-list is guaranteed (S11).

use axum::{Json, extract::State};
use onda_shared::{
    Envelope,
    pages::{LegalText, Poll, PollAnswer},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    clock::{iso, now},
    error::ok,
    extract::ApiPath,
    html::sanitize,
    openapi::{ErrorReply, Reply, tags},
};

/// Server messages (the UI maps them to 'NÃO ACHAMOS ESSES TERMOS :(' and to hiding the widgets).
pub const TERMS_NOT_FOUND: &str = "terms not found";
pub const NO_POLL: &str = "no poll";
pub const NO_SENTENCE: &str = "no sentence";

const MAX_SLUG: usize = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_terms))
        .routes(routes!(get_poll))
        .routes(routes!(get_days_sentence))
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

/// The active poll with its answers and votes (display-only, G34).
#[utoipa::path(get, path = "/poll/get", tag = tags::PAGES,
    responses(
        (status = 200, description = "The newest active poll", body = Reply<Poll>),
        (status = 404, description = "'no poll': no active poll", body = ErrorReply),
    ))]
async fn get_poll(State(state): State<AppState>) -> Result<Json<Envelope<Poll>>> {
    let poll: Option<(i64, String)> = sqlx::query_as(
        "SELECT id, title FROM polls WHERE is_active = 1 ORDER BY created_at DESC, id DESC LIMIT 1",
    )
    .fetch_optional(&state.db.pool)
    .await?;
    let (poll_id, title) = poll.ok_or_else(|| Error::not_found(NO_POLL))?;
    let answers: Vec<(i64, String, i64)> =
        sqlx::query_as("SELECT id, text, votes FROM poll_answers WHERE poll_id = $1 ORDER BY position, id")
            .bind(poll_id)
            .fetch_all(&state.db.pool)
            .await?;
    Ok(ok(Poll {
        poll_id,
        title,
        respostas: answers
            .into_iter()
            .map(|(id, resposta, qtd)| PollAnswer { id, resposta, qtd })
            .collect(),
    }))
}

/// Seconds east of UTC of Brasília (no daylight saving since 2019): the sentence changes at local midnight.
const BRT_OFFSET: i64 = -3 * 3600;

/// Index of the sentence for the day containing `unix`: days since 1970-01-01 (Brasília) mod `count`.
fn sentence_index(unix: i64, count: i64) -> i64 {
    (unix + BRT_OFFSET).div_euclid(86_400).rem_euclid(count)
}

/// The sentence of the day (changes at Brasília midnight), with its author.
#[utoipa::path(get, path = "/getDaysSentence", tag = tags::PAGES,
    responses(
        (status = 200, description = "'text — author'", body = Reply<String>),
        (status = 404, description = "'no sentence': none stored", body = ErrorReply),
    ))]
async fn get_days_sentence(State(state): State<AppState>) -> Result<Json<Envelope<String>>> {
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM day_sentences")
        .fetch_one(&state.db.pool)
        .await?;
    if count == 0 {
        return Err(Error::not_found(NO_SENTENCE));
    }
    let (text, author): (String, String) =
        sqlx::query_as("SELECT text, author FROM day_sentences ORDER BY id LIMIT 1 OFFSET $1")
            .bind(sentence_index(now(), count))
            .fetch_one(&state.db.pool)
            .await?;
    let author = author.trim();
    Ok(ok(if author.is_empty() {
        text
    } else {
        format!("{text} — {author}")
    }))
}

#[cfg(test)]
mod tests {
    use super::sentence_index;

    #[test]
    fn the_sentence_changes_at_brasilia_midnight() {
        // 2026-11-21 02:59:59 UTC is still 2026-11-20 in Brasília; a second later it is the 21st.
        let before = 1_795_229_999;
        assert_eq!(sentence_index(before, 1_000_000), 20_777);
        assert_eq!(sentence_index(before + 1, 1_000_000), 20_778);
        assert_eq!(sentence_index(before + 1, 7), 20_778 % 7);
    }
}
