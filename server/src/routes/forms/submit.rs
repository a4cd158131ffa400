//! The four form calls: each validates every field (S01), counts the caller's address against its S09
//! limit (only a submission that passed is counted, so a listener correcting a field is not blocked),
//! stores the normalised request and answers the spec's success text; the e-mail follows
//! (`spawn_delivery`).

use axum::{Json, extract::State};
use onda_shared::{
    Envelope,
    forms::{ContactRequest, CurriculumRequest, FreeStreamingRequest, RecommendationRequest},
    validation::{self, messages},
};

use super::upload::is_stored_name;
use crate::{
    AppState, Error, Result,
    auth::{
        AuthUser, MaybeAuthUser,
        rate_limit::{self, Key, Limit},
    },
    clock::now,
    data::submissions::{MAIL_LEASE_SECONDS, Submission, cv_dir, spawn_delivery},
    extract::{ApiJson, ClientIp},
    openapi::{EmptyReply, tags},
};

/// Stores a submission that passed validation and the rate limit, then starts its e-mail. Answers only
/// once the row is committed: what the listener was told was sent is in the database.
async fn store(
    state: &AppState,
    submission: &Submission,
    user_id: Option<i64>,
    file_path: Option<&str>,
) -> Result<i64> {
    let payload = submission
        .payload()
        .map_err(|err| Error::Internal(anyhow::anyhow!("submission payload: {err}")))?;
    let now = now();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO form_submissions (kind, user_id, category_id, payload, file_path, created_at, \
         mail_attempts, next_mail_at) VALUES ($1, $2, $3, $4, $5, $6, 0, $7) RETURNING id",
    )
    .bind(submission.kind().as_str())
    .bind(user_id)
    .bind(submission.category_id())
    .bind(payload)
    .bind(file_path)
    .bind(now)
    // The first attempt is this request's; the retry job leaves the row alone until the lease ends.
    .bind(now + MAIL_LEASE_SECONDS)
    .fetch_one(&state.db.pool)
    .await
    .map_err(|err| match &err {
        // The one unique index: two applications raced for one CV, and the other one has it.
        sqlx::Error::Database(db) if db.is_unique_violation() => {
            Error::bad_request(messages::WORK_CURRICULUM)
        }
        _ => Error::from(err),
    })?;
    spawn_delivery(state.clone(), id);
    Ok(id)
}

async fn limit(state: &AppState, limit: &Limit, ip: std::net::IpAddr) -> Result<()> {
    rate_limit::hit(&state.db, limit, Key::Ip(ip)).await
}

fn sent(message: &str) -> Json<Envelope<()>> {
    Json(Envelope {
        message: message.to_owned(),
        ..Envelope::success(())
    })
}

/// Recommend a song (a session is required; RC-07).
#[utoipa::path(post, path = "/recomende/sendRecomendation", tag = tags::FORMS,
    request_body = RecommendationRequest,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "Stored; it is e-mailed to the station", body = EmptyReply),
        (status = 400, description = "The first rule broken, in Portuguese (validation RECOMMEND_*)", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn send_recommendation(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    user: AuthUser,
    ApiJson(request): ApiJson<RecommendationRequest>,
) -> Result<Json<Envelope<()>>> {
    let request = validation::recommendation(&request).map_err(Error::bad_request)?;
    limit(&state, &rate_limit::FORM_RECOMMEND, ip).await?;
    store(
        &state,
        &Submission::Recommendation(request),
        Some(user.user_id),
        None,
    )
    .await?;
    Ok(sent(messages::RECOMMEND_SENT))
}

/// The contact form (CT-07). The sender's account is the session's, when there is one (S15).
#[utoipa::path(post, path = "/contact/sendMessage", tag = tags::FORMS,
    request_body = ContactRequest,
    security((), ("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "'Sua mensagem foi enviada! Retornaremos em breve :)'", body = EmptyReply),
        (status = 400, description = "The first rule broken, in Portuguese (validation CONTACT_*)", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn send_contact(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    MaybeAuthUser(user): MaybeAuthUser,
    ApiJson(request): ApiJson<ContactRequest>,
) -> Result<Json<Envelope<()>>> {
    let request = validation::contact(&request).map_err(Error::bad_request)?;
    limit(&state, &rate_limit::FORM_CONTACT, ip).await?;
    store(
        &state,
        &Submission::Contact(request),
        user.map(|user| user.user_id),
        None,
    )
    .await?;
    Ok(sent(messages::CONTACT_SENT))
}

/// A work-with-us application, with the reference uploadCurriculum gave (G24).
#[utoipa::path(post, path = "/workWithUs/sendCurriculum", tag = tags::FORMS,
    request_body = CurriculumRequest,
    responses(
        (status = 200, description = "The spec's thanks ('Agradeçemos o contato. …')", body = EmptyReply),
        (status = 400, description = "The first rule broken, in Portuguese (validation WORK_*); an unknown or already used file reference is WORK_CURRICULUM", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn send_curriculum(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(request): ApiJson<CurriculumRequest>,
) -> Result<Json<Envelope<()>>> {
    let request = validation::work_with_us(&request).map_err(Error::bad_request)?;
    // Only a name this server gave, whose file is still there and not yet part of an application.
    let file = request.curriculum.clone();
    if !is_stored_name(&file)
        || !tokio::fs::try_exists(cv_dir(&state.config.data_dir).join(&file))
            .await
            .unwrap_or(false)
    {
        return Err(Error::bad_request(messages::WORK_CURRICULUM));
    }
    let used: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM form_submissions WHERE file_path = $1")
            .bind(&file)
            .fetch_one(&state.db.pool)
            .await?;
    if used > 0 {
        return Err(Error::bad_request(messages::WORK_CURRICULUM));
    }
    limit(&state, &rate_limit::FORM_WORK, ip).await?;
    store(&state, &Submission::WorkWithUs(request), None, Some(&file)).await?;
    Ok(sent(messages::WORK_SENT))
}

/// A prospective affiliate's free-streaming request (FS-07).
#[utoipa::path(post, path = "/freeStreaming/sendMessage", tag = tags::FORMS,
    request_body = FreeStreamingRequest,
    responses(
        (status = 200, description = "'Sua solicitação foi enviada! Retornaremos em breve :)'", body = EmptyReply),
        (status = 400, description = "The first failing check in the spec's order, in Portuguese (validation FREE_STREAMING_*)", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn send_free_streaming(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(request): ApiJson<FreeStreamingRequest>,
) -> Result<Json<Envelope<()>>> {
    let request = validation::free_streaming(&request).map_err(Error::bad_request)?;
    limit(&state, &rate_limit::FORM_FREE_STREAMING, ip).await?;
    store(&state, &Submission::FreeStreaming(request), None, None).await?;
    Ok(sent(messages::FREE_STREAMING_SENT))
}
