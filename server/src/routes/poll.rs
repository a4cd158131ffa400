//! The home poll (G34, with voting beyond the spec) and the sentence of the day (HW-05).
//!
//! A vote is counted once per poll for each account, or, for a visitor without a session, for each
//! browser (its long-lived `a1_browserHash` cookie, which the UI makes on cookie consent or right
//! before an anonymous vote, never on page load: docs/widgets.md, Cookies). The database enforces it:
//! `poll_votes` has one row per (poll, voter) under a unique index, and the row and the answer's
//! count are written in one transaction, so two votes racing from two tabs or two instances store
//! one and count one. Votes are rate-limited per address, which bounds how many browser hashes one
//! client can make up.

use axum::{
    Json,
    extract::State,
    http::{HeaderMap, HeaderValue, header},
    response::{IntoResponse, Response},
};
use onda_shared::{
    Envelope,
    pages::{Poll, PollAnswer},
    validation::messages,
    widgets::PollVote,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    auth::{
        MaybeAuthUser,
        rate_limit::{self, Key},
    },
    clock::now,
    error::ok,
    extract::{ApiJson, ClientIp, cookie},
    openapi::{ErrorReply, Reply, tags},
};

/// Server messages (the UI hides the widget on these).
pub const NO_POLL: &str = "no poll";
pub const NO_SENTENCE: &str = "no sentence";
pub const POLL_NOT_FOUND: &str = "poll not found";
pub const NOT_AN_ANSWER: &str = "answerId is not an answer of this poll";

/// The browser id cookie (doc1 §3 session data), 128 random bits in hex.
pub const BROWSER_HASH_COOKIE: &str = "a1_browserHash";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_poll))
        .routes(routes!(vote))
        .routes(routes!(get_days_sentence))
}

/// Who votes: the account when a session comes with the request, else the browser.
enum Voter {
    Account(i64),
    Browser(String),
}

impl Voter {
    /// The caller as a voter, when they can be one.
    fn of(user: &MaybeAuthUser, headers: &HeaderMap) -> Option<Self> {
        match &user.0 {
            Some(user) => Some(Self::Account(user.user_id)),
            None => browser_hash(headers).map(Self::Browser),
        }
    }

    /// The unique key of `poll_votes.voter`: accounts and browsers never collide.
    fn key(&self) -> String {
        match self {
            Self::Account(id) => format!("user:{id}"),
            Self::Browser(hash) => format!("browser:{hash}"),
        }
    }

    fn user_id(&self) -> Option<i64> {
        match self {
            Self::Account(id) => Some(*id),
            Self::Browser(_) => None,
        }
    }
}

/// The request's browser hash, lower case, when it is one the UI makes (32 hex digits); anything
/// else is no browser hash, so a made-up value cannot pass for one of arbitrary length.
fn browser_hash(headers: &HeaderMap) -> Option<String> {
    cookie(headers, BROWSER_HASH_COOKIE)
        .filter(|hash| hash.len() == 32 && hash.bytes().all(|b| b.is_ascii_hexdigit()))
        .map(str::to_ascii_lowercase)
}

/// The newest active poll with its answers and votes, and the caller's own vote (G34).
#[utoipa::path(get, path = "/poll/get", tag = tags::POLL,
    params(("a1_browserHash" = Option<String>, Cookie, pattern = "^[0-9a-fA-F]{32}$",
        description = "The browser's id; without a session, `votedAnswerId` is this browser's vote")),
    security((), ("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The newest active poll; `votedAnswerId` null before the caller votes", body = Reply<Poll>),
        (status = 404, description = "'no poll': no active poll", body = ErrorReply),
    ))]
async fn get_poll(
    State(state): State<AppState>,
    user: MaybeAuthUser,
    headers: HeaderMap,
) -> Result<Response> {
    let poll: Option<(i64, String)> = sqlx::query_as(
        "SELECT id, title FROM polls WHERE is_active = 1 ORDER BY created_at DESC, id DESC LIMIT 1",
    )
    .fetch_optional(&state.db.pool)
    .await?;
    let (poll_id, title) = poll.ok_or_else(|| Error::not_found(NO_POLL))?;
    let voted_answer_id = match Voter::of(&user, &headers) {
        Some(voter) => {
            sqlx::query_scalar("SELECT answer_id FROM poll_votes WHERE poll_id = $1 AND voter = $2")
                .bind(poll_id)
                .bind(voter.key())
                .fetch_optional(&state.db.pool)
                .await?
        }
        None => None,
    };
    let poll = with_answers(&state, poll_id, title, voted_answer_id).await?;
    let mut response = ok(poll).into_response();
    // The reply carries the caller's own vote: no shared cache may keep it.
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-cache"),
    );
    Ok(response)
}

/// Votes on a poll: once per account, or without a session once per browser (beyond the spec).
#[utoipa::path(post, path = "/poll/vote", tag = tags::POLL,
    request_body = PollVote,
    params(("a1_browserHash" = Option<String>, Cookie, pattern = "^[0-9a-fA-F]{32}$",
        description = "The browser's id; required without a session")),
    security((), ("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "Counted: the poll with its new counts and `votedAnswerId`; message 'Seu voto foi registrado com sucesso. Obrigado!'", body = Reply<Poll>),
        (status = 400, description = "'Seu voto já foi registrado' (a second vote), 'Esta enquete já foi encerrada.' (inactive poll), \
            an answer of another poll, no browser hash without a session, or a malformed body", body = ErrorReply),
        (status = 404, description = "'poll not found'", body = ErrorReply),
        (status = 429, description = "Over 30 votes in 10 minutes from this address", body = ErrorReply),
    ))]
async fn vote(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    user: MaybeAuthUser,
    headers: HeaderMap,
    ApiJson(request): ApiJson<PollVote>,
) -> Result<Json<Envelope<Poll>>> {
    let voter = Voter::of(&user, &headers).ok_or_else(|| Error::bad_request(messages::POLL_NO_BROWSER))?;
    rate_limit::hit(&state.db, &rate_limit::POLL_VOTE, Key::Ip(ip)).await?;
    let poll: Option<(String, i64)> = sqlx::query_as("SELECT title, is_active FROM polls WHERE id = $1")
        .bind(request.poll_id)
        .fetch_optional(&state.db.pool)
        .await?;
    let (title, active) = poll.ok_or_else(|| Error::not_found(POLL_NOT_FOUND))?;
    if active == 0 {
        return Err(Error::bad_request(messages::POLL_CLOSED));
    }
    let answer: Option<i64> =
        sqlx::query_scalar("SELECT id FROM poll_answers WHERE id = $1 AND poll_id = $2")
            .bind(request.answer_id)
            .bind(request.poll_id)
            .fetch_optional(&state.db.pool)
            .await?;
    if answer.is_none() {
        return Err(Error::bad_request(NOT_AN_ANSWER));
    }

    // The vote row and the count together: a conflict (this voter's earlier vote, or a concurrent
    // one that committed first) writes neither.
    let mut tx = state.db.pool.begin().await?;
    let inserted = sqlx::query(
        "INSERT INTO poll_votes (poll_id, answer_id, user_id, voter, created_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (poll_id, voter) DO NOTHING",
    )
    .bind(request.poll_id)
    .bind(request.answer_id)
    .bind(voter.user_id())
    .bind(voter.key())
    .bind(now())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Err(Error::bad_request(messages::POLL_ALREADY_VOTED));
    }
    sqlx::query("UPDATE poll_answers SET votes = votes + 1 WHERE id = $1")
        .bind(request.answer_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;

    let poll = with_answers(&state, request.poll_id, title, Some(request.answer_id)).await?;
    Ok(Json(Envelope {
        message: messages::POLL_VOTED.to_owned(),
        ..Envelope::success(poll)
    }))
}

/// The poll's answers in their order, with their counts.
async fn with_answers(
    state: &AppState,
    poll_id: i64,
    title: String,
    voted_answer_id: Option<i64>,
) -> Result<Poll> {
    let answers: Vec<(i64, String, i64)> =
        sqlx::query_as("SELECT id, text, votes FROM poll_answers WHERE poll_id = $1 ORDER BY position, id")
            .bind(poll_id)
            .fetch_all(&state.db.pool)
            .await?;
    Ok(Poll {
        poll_id,
        title,
        respostas: answers
            .into_iter()
            .map(|(id, resposta, qtd)| PollAnswer { id, resposta, qtd })
            .collect(),
        voted_answer_id,
    })
}

/// Seconds east of UTC of Brasília (no daylight saving since 2019): the sentence changes at local midnight.
const BRT_OFFSET: i64 = -3 * 3600;

/// Index of the sentence for the day containing `unix`: days since 1970-01-01 (Brasília) mod `count`.
fn sentence_index(unix: i64, count: i64) -> i64 {
    (unix + BRT_OFFSET).div_euclid(86_400).rem_euclid(count)
}

/// The sentence of the day (changes at Brasília midnight), with its author.
#[utoipa::path(get, path = "/getDaysSentence", tag = tags::POLL,
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
    use super::*;

    #[test]
    fn the_sentence_changes_at_brasilia_midnight() {
        // 2026-11-21 02:59:59 UTC is still 2026-11-20 in Brasília; a second later it is the 21st.
        let before = 1_795_229_999;
        assert_eq!(sentence_index(before, 1_000_000), 20_777);
        assert_eq!(sentence_index(before + 1, 1_000_000), 20_778);
        assert_eq!(sentence_index(before + 1, 7), 20_778 % 7);
    }

    #[test]
    fn only_the_uis_browser_hash_is_one() {
        let headers = |cookie: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::COOKIE, HeaderValue::from_str(cookie).unwrap());
            headers
        };
        let hash = "0123456789abcdef0123456789ABCDEF";
        assert_eq!(
            browser_hash(&headers(&format!("a1_token=x; a1_browserHash={hash}"))),
            Some(hash.to_ascii_lowercase())
        );
        for bad in [
            "a1_browserHash=",
            "a1_browserHash=xyz",
            "a1_browserHash=0123456789abcdef0123456789abcdeg",
            "a1_browserHash=0123456789abcdef0123456789abcdef0",
            "other=0123456789abcdef0123456789abcdef",
        ] {
            assert_eq!(browser_hash(&headers(bad)), None, "{bad}");
        }
        assert_eq!(browser_hash(&HeaderMap::new()), None);
    }
}
