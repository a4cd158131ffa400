//! The treasure hunt (doc3 §2.7, §2.8, §3, §4.4, §7; decisions C30, G18, G19, S13). The server decides
//! every outcome; the client only reports page views and clicks.
//!
//! - `checkInfoActiveHunt` (public): the active hunt with its prizes and totals, in both shapes of C30.
//! - `setPageViewAndCheckWin`: a page view of a user with a complete registration (refused otherwise,
//!   S13) is a chance to win: with the hunt's `win_probability`, while stock lasts, at most
//!   [`rate_limit::HUNT_CHANCE`] chances a minute, and never while the user holds a prize not yet shared.
//!   The prize is drawn weighted by what is left. Stock and the one-pending-prize rule are kept by the
//!   database: the decrement is conditional (`remaining_quantity > 0`) and the win's insert meets the
//!   partial unique index `hunt_wins_pending`, in one transaction, so racing views never oversell.
//! - `changeLogStatusAndSendMail`: opens the chest (reserved → opened) and e-mails the prize once: the
//!   request that sets `mailed_at` sends, every other one (a double click, a retry) only answers. A mail
//!   that fails is rolled back so the next click tries again.
//! - `checkSomeReservedPrize`: a prize won and not opened (the chest shows again after a login).
//! - `setShareSituation`: the winner shared; they hunt again.
//! - `checkHuntAndPrizes`: the caller's standing (G18).

use axum::{
    Json,
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use onda_shared::{
    Envelope,
    hunt::{HuntInfo, HuntStatus, HuntWin, HuntWinStatus, ShareSituationRequest},
};
use rand::Rng;
use sqlx::{Row, any::AnyRow};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result,
    accounts::{self, registration_complete},
    auth::{
        AuthUser,
        rate_limit::{self, Key},
    },
    clock::{iso, now},
    data::hunts,
    db::Db,
    error::ok,
    extract::ApiJson,
    openapi::{EmptyReply, Reply, tags},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(check_info_active_hunt))
        .routes(routes!(check_hunt_and_prizes))
        .routes(routes!(set_page_view_and_check_win))
        .routes(routes!(change_log_status_and_send_mail))
        .routes(routes!(check_some_reserved_prize))
        .routes(routes!(set_share_situation))
}

/// The active hunt with its prizes and totals (C30 superset), or null when none is active.
#[utoipa::path(get, path = "/cacaAoTesouro/checkInfoActiveHunt", tag = tags::HUNT,
    responses((status = 200, description = "The hunt (null when none is active)", body = Reply<HuntInfo>)))]
async fn check_info_active_hunt(State(state): State<AppState>) -> Result<Response> {
    let info = hunts::active_hunt_info(&state.db).await?;
    let mut response = ok(info).into_response();
    // Shared by every visitor; the stock it shows may lag a few seconds.
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=15"),
    );
    Ok(response)
}

/// G18: the caller's standing in the hunt.
#[utoipa::path(post, path = "/cacaAoTesouro/checkHuntAndPrizes", tag = tags::HUNT,
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "Whether a hunt is active, whether the caller can win, the prize pending", body = Reply<HuntStatus>)))]
async fn check_hunt_and_prizes(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Envelope<HuntStatus>>> {
    let account = accounts::user_by_id(&state.db, user.user_id)
        .await?
        .ok_or(Error::Unauthorized)?;
    let hunt = hunts::active_hunt(&state.db).await?;
    let pending = pending_win(&state.db, user.user_id).await?;
    let complete = registration_complete(&account);
    let won: i64 = match &hunt {
        Some(hunt) => {
            sqlx::query_scalar(
                "SELECT CAST(COUNT(*) AS BIGINT) FROM hunt_wins WHERE hunt_id = $1 AND user_id = $2",
            )
            .bind(hunt.id)
            .bind(user.user_id)
            .fetch_one(&state.db.pool)
            .await?
        }
        None => 0,
    };
    Ok(ok(HuntStatus {
        huntActive: hunt.is_some(),
        registrationComplete: complete,
        canWin: hunt.is_some() && complete && pending.is_none(),
        pendingPrize: pending,
        prizesWon: won,
    }))
}

/// A page view: counts it and, by the hunt's odds, may win a prize (null: no prize this time).
#[utoipa::path(post, path = "/cacaAoTesouro/setPageViewAndCheckWin", tag = tags::HUNT,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The prize just won (status reserved), or null", body = Reply<HuntWin>),
        (status = 403, description = "'registration incomplete' (S13)", body = crate::openapi::ErrorReply),
    ))]
async fn set_page_view_and_check_win(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Envelope<Option<HuntWin>>>> {
    let account = accounts::user_by_id(&state.db, user.user_id)
        .await?
        .ok_or(Error::Unauthorized)?;
    if !registration_complete(&account) {
        return Err(Error::Forbidden("registration incomplete".to_owned()));
    }
    let Some(hunt) = hunts::active_hunt(&state.db).await? else {
        return Ok(no_prize("no active hunt"));
    };
    // A winner with a prize not yet shared has no chance until they share it: their views are not
    // chances and are not counted.
    if pending_win(&state.db, user.user_id).await?.is_some() {
        return Ok(no_prize("prize pending"));
    }
    let now = now();
    sqlx::query(
        "INSERT INTO hunt_players (hunt_id, user_id, page_views, last_view_at) VALUES ($1, $2, 1, $3) \
         ON CONFLICT (hunt_id, user_id) DO UPDATE SET page_views = hunt_players.page_views + 1, last_view_at = $3",
    )
    .bind(hunt.id)
    .bind(user.user_id)
    .bind(now)
    .execute(&state.db.pool)
    .await?;
    match rate_limit::hit(&state.db, &rate_limit::HUNT_CHANCE, Key::User(user.user_id)).await {
        Ok(()) => {}
        Err(Error::TooManyRequests) => return Ok(no_prize("no prize")),
        Err(err) => return Err(err),
    }
    if !rand::rng().random_bool(hunt.win_probability.clamp(0.0, 1.0)) {
        return Ok(no_prize("no prize"));
    }
    match claim_prize(&state.db, &hunt, user.user_id, now).await? {
        Some(win) => Ok(Json(Envelope {
            message: "prize won".to_owned(),
            ..Envelope::success(Some(win))
        })),
        None => Ok(no_prize("no prize")),
    }
}

fn no_prize(message: &str) -> Json<Envelope<Option<HuntWin>>> {
    Json(Envelope {
        message: message.to_owned(),
        ..Envelope::success(None)
    })
}

/// Draws a prize weighted by the stock left and reserves it for the user, or None when the stock ran
/// out or the user already holds a pending prize (both decided by the database, see the module's note).
async fn claim_prize(db: &Db, hunt: &hunts::Hunt, user_id: i64, now: i64) -> Result<Option<HuntWin>> {
    let stock: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT id, remaining_quantity FROM hunt_prizes WHERE hunt_id = $1 AND remaining_quantity > 0 ORDER BY id",
    )
    .bind(hunt.id)
    .fetch_all(&db.pool)
    .await?;
    let total: i64 = stock.iter().map(|(_, left)| left).sum();
    if total <= 0 {
        return Ok(None);
    }
    let mut ticket = rand::rng().random_range(0..total);
    let prize_id = stock
        .iter()
        .find(|(_, left)| {
            if ticket < *left {
                true
            } else {
                ticket -= left;
                false
            }
        })
        .map_or(stock[0].0, |(id, _)| *id);

    let mut tx = db.pool.begin().await?;
    let taken = sqlx::query(
        "UPDATE hunt_prizes SET remaining_quantity = remaining_quantity - 1 WHERE id = $1 AND remaining_quantity > 0",
    )
    .bind(prize_id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if taken == 0 {
        // Another view took the last one between the read and now.
        tx.rollback().await?;
        return Ok(None);
    }
    let id: Option<i64> = sqlx::query_scalar(
        "INSERT INTO hunt_wins (hunt_id, prize_id, user_id, status, won_at) VALUES ($1, $2, $3, 'reserved', $4) \
         ON CONFLICT DO NOTHING RETURNING id",
    )
    .bind(hunt.id)
    .bind(prize_id)
    .bind(user_id)
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(id) = id else {
        // The user won in a concurrent view: give the stock back.
        tx.rollback().await?;
        return Ok(None);
    };
    tx.commit().await?;
    win_by_id(db, id).await
}

/// Opens the chest: the prize moves from reserved to opened and its e-mail is sent, once.
#[utoipa::path(post, path = "/cacaAoTesouro/changeLogStatusAndSendMail", tag = tags::HUNT,
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "The prize (status opened); refusals 'no prize pending' and 'email not sent'", body = Reply<HuntWin>)))]
async fn change_log_status_and_send_mail(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Envelope<HuntWin>>> {
    let win = pending_win(&state.db, user.user_id)
        .await?
        .ok_or_else(|| Error::refused("no prize pending"))?;
    let now = now();
    // Only the request that sets mailed_at sends; opening and claiming the mail are one statement.
    let claimed = sqlx::query(
        "UPDATE hunt_wins SET status = 'opened', opened_at = COALESCE(opened_at, $1), mailed_at = $1 \
         WHERE id = $2 AND mailed_at IS NULL",
    )
    .bind(now)
    .bind(win.idLog)
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    if claimed == 1 {
        let account = accounts::user_by_id(&state.db, user.user_id)
            .await?
            .ok_or(Error::Unauthorized)?;
        let sent = state
            .mailer
            .send_hunt_prize(
                &account.email,
                &account.name,
                &win.prizeName,
                &win.prizeDescription,
            )
            .await;
        if sent.is_err() {
            sqlx::query(
                "UPDATE hunt_wins SET status = 'reserved', opened_at = NULL, mailed_at = NULL WHERE id = $1",
            )
            .bind(win.idLog)
            .execute(&state.db.pool)
            .await?;
            return Err(Error::refused("email not sent"));
        }
    }
    let win = win_by_id(&state.db, win.idLog)
        .await?
        .ok_or_else(|| Error::refused("no prize pending"))?;
    Ok(ok(win))
}

/// A prize won and not opened yet (the closed chest), or null.
#[utoipa::path(post, path = "/cacaAoTesouro/checkSomeReservedPrize", tag = tags::HUNT,
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "The reserved prize, or null", body = Reply<HuntWin>)))]
async fn check_some_reserved_prize(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Envelope<Option<HuntWin>>>> {
    let pending = pending_win(&state.db, user.user_id).await?;
    Ok(ok(pending.filter(|win| win.status == HuntWinStatus::Reserved)))
}

/// The winner shared the prize (G18: facebook, twitter or whatsapp); they hunt again.
#[utoipa::path(post, path = "/cacaAoTesouro/setShareSituation", tag = tags::HUNT,
    request_body = ShareSituationRequest,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "Recorded (message 'nothing to share' when no opened prize waits)", body = EmptyReply),
        (status = 400, description = "An unknown shareSituation, or 'prize not opened'", body = crate::openapi::ErrorReply),
    ))]
async fn set_share_situation(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(request): ApiJson<ShareSituationRequest>,
) -> Result<Json<Envelope<()>>> {
    let Some(win) = pending_win(&state.db, user.user_id).await? else {
        return Ok(Json(Envelope {
            message: "nothing to share".to_owned(),
            ..Envelope::success(())
        }));
    };
    if win.status == HuntWinStatus::Reserved {
        return Err(Error::bad_request("prize not opened"));
    }
    sqlx::query(
        "UPDATE hunt_wins SET status = 'shared', share_situation = $1, shared_at = $2 \
         WHERE id = $3 AND status = 'opened'",
    )
    .bind(request.shareSituation.as_str())
    .bind(now())
    .bind(win.idLog)
    .execute(&state.db.pool)
    .await?;
    Ok(ok(()))
}

const WIN_COLUMNS: &str = "w.id, w.hunt_id, w.status, w.won_at, p.name, p.description, p.image_url";

/// The user's prize not yet shared (reserved or opened); `hunt_wins_pending` allows one at most.
async fn pending_win(db: &Db, user_id: i64) -> Result<Option<HuntWin>> {
    let row = sqlx::query(&format!(
        "SELECT {WIN_COLUMNS} FROM hunt_wins w JOIN hunt_prizes p ON p.id = w.prize_id \
         WHERE w.user_id = $1 AND w.status <> 'shared' ORDER BY w.id DESC LIMIT 1"
    ))
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.as_ref().map(win).transpose()?)
}

async fn win_by_id(db: &Db, id: i64) -> Result<Option<HuntWin>> {
    let row = sqlx::query(&format!(
        "SELECT {WIN_COLUMNS} FROM hunt_wins w JOIN hunt_prizes p ON p.id = w.prize_id WHERE w.id = $1"
    ))
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.as_ref().map(win).transpose()?)
}

fn win(row: &AnyRow) -> Result<HuntWin, sqlx::Error> {
    let name: String = row.try_get("name")?;
    let status: String = row.try_get("status")?;
    Ok(HuntWin {
        idLog: row.try_get("id")?,
        idHunt: row.try_get("hunt_id")?,
        tx_nome: name.clone(),
        prizeName: name,
        prizeDescription: row.try_get("description")?,
        prizeImage: row.try_get("image_url")?,
        status: match status.as_str() {
            "opened" => HuntWinStatus::Opened,
            "shared" => HuntWinStatus::Shared,
            _ => HuntWinStatus::Reserved,
        },
        wonAt: iso(row.try_get("won_at")?),
    })
}
