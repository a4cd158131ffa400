//! Treasure hunts in the back office (`/api/v1/backoffice/hunts*`, permission 6): the list,
//! the editor's load and save with the prizes and their stock, and delete.
//!
//! Stock. Listeners win while they browse (`routes::hunt`): a win takes one from the prize's
//! `remaining_quantity` and adds a `hunt_wins` row in one transaction. Staff set a prize's total; the
//! remaining stock is always written as total minus the prizes won, counted after the prize rows are
//! locked, so a win racing the save is either counted or waits for it, and a total can never fall under
//! what was won. A prize that has been won cannot be removed, and a hunt with wins cannot be deleted
//! (deactivate it instead): the winners' records stay whole.

use std::collections::HashMap;

use axum::{extract::State, response::Response};
use onda_shared::{
    backoffice_promotions::{
        CampaignStatus, HuntDraft, HuntInput, HuntList, HuntPrizeInput, HuntPrizeState, HuntRow,
    },
    validation::{hunt_input, messages},
};
use serde_json::Value;
use sqlx::{AnyConnection, Row};

use super::{after_write, audit::record, lock_row, no_store, timestamps};
use crate::{
    AppState, Error, Result,
    auth::{AuthUser, random_hex},
    clock::{iso, now},
    error::ok,
    extract::{ApiJson, ApiPath, path_number},
    html::sanitize,
    openapi::{EmptyReply, Reply, tags},
    staff::{PROMOTIONS, require},
    text::slugify,
};

const NOT_FOUND: &str = "hunt not found";
/// The list's length: a station runs a handful of hunts a year.
const LIST_MAX: i64 = 200;

fn hunt_id(raw: &str) -> Result<i64> {
    path_number(raw, "id", 1, i64::MAX).map_err(|_| Error::not_found(NOT_FOUND))
}

/// The editor's view of hunt `id`, read on `conn`.
async fn load(conn: &mut AnyConnection, id: i64) -> Result<Option<HuntDraft>> {
    let Some(row) = sqlx::query(
        "SELECT id, title, description, rules, banner_message, is_active, starts_at, ends_at, \
         win_probability, version FROM treasure_hunts WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    let starts_at: i64 = row.try_get("starts_at")?;
    let ends_at: i64 = row.try_get("ends_at")?;
    let is_active = row.try_get::<i64, _>("is_active")? != 0;
    let prize_rows = sqlx::query(
        "SELECT p.id, p.name, p.description, p.image_url, p.total_quantity, p.remaining_quantity, \
         (SELECT CAST(COUNT(*) AS BIGINT) FROM hunt_wins w WHERE w.prize_id = p.id) AS won \
         FROM hunt_prizes p WHERE p.hunt_id = $1 ORDER BY p.position, p.id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let mut prizes = Vec::with_capacity(prize_rows.len());
    let mut stock = Vec::with_capacity(prize_rows.len());
    for prize in &prize_rows {
        let prize_id: i64 = prize.try_get("id")?;
        prizes.push(HuntPrizeInput {
            id: Some(prize_id),
            name: prize.try_get("name")?,
            description: prize.try_get("description")?,
            image_url: prize.try_get("image_url")?,
            total_quantity: prize.try_get("total_quantity")?,
        });
        stock.push(HuntPrizeState {
            id: prize_id,
            won: prize.try_get("won")?,
            remaining_quantity: prize.try_get("remaining_quantity")?,
        });
    }
    let players: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM hunt_players WHERE hunt_id = $1")
            .bind(id)
            .fetch_one(&mut *conn)
            .await?;
    Ok(Some(HuntDraft {
        id: row.try_get("id")?,
        input: HuntInput {
            title: row.try_get("title")?,
            description: row.try_get("description")?,
            rules: row.try_get("rules")?,
            banner_message: row.try_get("banner_message")?,
            is_active,
            starts_at: iso(starts_at),
            ends_at: iso(ends_at),
            win_probability: row.try_get("win_probability")?,
            prizes,
            version: Some(row.try_get("version")?),
        },
        status: CampaignStatus::at(is_active, starts_at, ends_at, now()),
        stock,
        players,
    }))
}

/// The audit copy: the editor's fields with each prize's stock.
fn audit_copy(draft: &HuntDraft) -> Value {
    serde_json::to_value(draft).unwrap_or(Value::Null)
}

fn resolve(raw: &HuntInput) -> Result<(HuntInput, i64, i64)> {
    let has_nul = [
        &raw.title,
        &raw.description,
        &raw.rules,
        &raw.banner_message,
        &raw.starts_at,
        &raw.ends_at,
    ]
    .into_iter()
    .chain(
        raw.prizes
            .iter()
            .flat_map(|p| [&p.name, &p.description, &p.image_url]),
    )
    .any(|text| text.contains('\0'));
    if has_nul {
        return Err(Error::bad_request("invalid text: NUL character"));
    }
    let input = hunt_input(raw).map_err(Error::bad_request)?;
    let (starts_at, ends_at) = timestamps(&input.starts_at, &input.ends_at)
        .ok_or_else(|| Error::bad_request(messages::PROMO_DATES))?;
    Ok((
        HuntInput {
            rules: sanitize(&input.rules),
            ..input
        },
        starts_at,
        ends_at,
    ))
}

/// Writes the prizes of hunt `id` as the editor sent them: the named ones updated, new ones inserted,
/// the ones left out removed. Refuses a prize of another hunt, removing a won prize and a total under
/// what was won (the caller's transaction rolls back).
async fn write_prizes(conn: &mut AnyConnection, id: i64, prizes: &[HuntPrizeInput]) -> Result<()> {
    // Lock this hunt's prize rows first: a win in progress finishes (and is counted below) or waits.
    sqlx::query("UPDATE hunt_prizes SET remaining_quantity = remaining_quantity WHERE hunt_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    let won: HashMap<i64, i64> = sqlx::query_as::<_, (i64, i64)>(
        "SELECT p.id, (SELECT CAST(COUNT(*) AS BIGINT) FROM hunt_wins w WHERE w.prize_id = p.id) \
         FROM hunt_prizes p WHERE p.hunt_id = $1",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .collect();
    for prize in prizes {
        if let Some(prize_id) = prize.id {
            let Some(&taken) = won.get(&prize_id) else {
                return Err(Error::bad_request(messages::HUNT_PRIZE_UNKNOWN));
            };
            if prize.total_quantity < taken {
                return Err(Error::bad_request(messages::HUNT_PRIZE_BELOW_WON));
            }
        }
    }
    for (&prize_id, &taken) in &won {
        if !prizes.iter().any(|prize| prize.id == Some(prize_id)) {
            if taken > 0 {
                return Err(Error::bad_request(messages::HUNT_PRIZE_WON));
            }
            sqlx::query("DELETE FROM hunt_prizes WHERE id = $1")
                .bind(prize_id)
                .execute(&mut *conn)
                .await?;
        }
    }
    for (position, prize) in prizes.iter().enumerate() {
        let position = i64::try_from(position).unwrap_or(i64::MAX);
        match prize.id {
            Some(prize_id) => {
                let taken = won.get(&prize_id).copied().unwrap_or(0);
                sqlx::query(
                    "UPDATE hunt_prizes SET name = $1, description = $2, image_url = $3, total_quantity = $4, \
                     remaining_quantity = $5, position = $6 WHERE id = $7",
                )
                .bind(&prize.name)
                .bind(&prize.description)
                .bind(&prize.image_url)
                .bind(prize.total_quantity)
                .bind(prize.total_quantity - taken)
                .bind(position)
                .bind(prize_id)
                .execute(&mut *conn)
                .await?;
            }
            None => {
                // The slug is unique across every hunt (the seed's are the prize's name); nothing
                // public reads it, so a random tail keeps two 'camiseta' prizes apart.
                let base = slugify(&prize.name);
                let base = if base.is_empty() {
                    "premio".to_owned()
                } else {
                    base
                };
                let slug = format!("caca-{id}-{base}-{}", random_hex(4));
                sqlx::query(
                    "INSERT INTO hunt_prizes (hunt_id, slug, name, description, image_url, total_quantity, \
                     remaining_quantity, position) VALUES ($1, $2, $3, $4, $5, $6, $6, $7)",
                )
                .bind(id)
                .bind(&slug)
                .bind(&prize.name)
                .bind(&prize.description)
                .bind(&prize.image_url)
                .bind(prize.total_quantity)
                .bind(position)
                .execute(&mut *conn)
                .await?;
            }
        }
    }
    Ok(())
}

async fn lock(conn: &mut AnyConnection, id: i64) -> Result<()> {
    lock_row(conn, "treasure_hunts", "version", id, NOT_FOUND).await
}

/// Every hunt, latest start first, with its stock and players.
#[utoipa::path(get, path = "/backoffice/hunts", tags = [tags::BACKOFFICE, tags::STAFF],
    security(("bearer" = []), ("cookie" = [])),
    responses((status = 200, description = "The hunts, latest start first (at most 200)", body = Reply<HuntList>)))]
pub(super) async fn hunts_list(State(state): State<AppState>, user: AuthUser) -> Result<Response> {
    require(&state, &user, PROMOTIONS).await?;
    let now = now();
    let rows = sqlx::query(
        "SELECT h.id, h.title, h.is_active, h.starts_at, h.ends_at, \
         (SELECT CAST(COALESCE(SUM(p.total_quantity), 0) AS BIGINT) FROM hunt_prizes p WHERE p.hunt_id = h.id) AS total_prizes, \
         (SELECT CAST(COUNT(*) AS BIGINT) FROM hunt_wins w WHERE w.hunt_id = h.id) AS prizes_won, \
         (SELECT CAST(COUNT(*) AS BIGINT) FROM hunt_players u WHERE u.hunt_id = h.id) AS players \
         FROM treasure_hunts h ORDER BY h.starts_at DESC, h.id DESC LIMIT $1",
    )
    .bind(LIST_MAX)
    .fetch_all(&state.db.pool)
    .await?;
    let items = rows
        .iter()
        .map(|row| {
            let starts_at: i64 = row.try_get("starts_at")?;
            let ends_at: i64 = row.try_get("ends_at")?;
            Ok(HuntRow {
                id: row.try_get("id")?,
                title: row.try_get("title")?,
                status: CampaignStatus::at(row.try_get::<i64, _>("is_active")? != 0, starts_at, ends_at, now),
                starts_at: iso(starts_at),
                ends_at: iso(ends_at),
                total_prizes: row.try_get("total_prizes")?,
                prizes_won: row.try_get("prizes_won")?,
                players: row.try_get("players")?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(no_store(ok(HuntList { items })))
}

/// Everything the hunt editor edits, with each prize's stock.
#[utoipa::path(get, path = "/backoffice/hunts/{id}", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The hunt")),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The hunt as stored, with its current version", body = Reply<HuntDraft>),
        (status = 404, description = "'hunt not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn hunt_get(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Response> {
    require(&state, &user, PROMOTIONS).await?;
    let id = hunt_id(&id)?;
    let mut conn = state.db.pool.acquire().await?;
    let draft = load(&mut conn, id)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    Ok(no_store(ok(draft)))
}

/// A new hunt with its prizes.
#[utoipa::path(post, path = "/backoffice/hunts", tags = [tags::BACKOFFICE, tags::STAFF],
    request_body = HuntInput,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The hunt as stored (version 1)", body = Reply<HuntDraft>),
        (status = 400, description = "A field breaks a rule (the Portuguese message of the first one)", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn hunt_create(
    State(state): State<AppState>,
    user: AuthUser,
    body: std::result::Result<ApiJson<HuntInput>, Error>,
) -> Result<Response> {
    require(&state, &user, PROMOTIONS).await?;
    let ApiJson(raw) = body?;
    let (input, starts_at, ends_at) = resolve(&raw)?;
    if input.prizes.iter().any(|prize| prize.id.is_some()) {
        return Err(Error::bad_request(messages::HUNT_PRIZE_UNKNOWN));
    }
    let mut tx = state.db.pool.begin().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO treasure_hunts (title, description, rules, banner_message, is_active, starts_at, ends_at, \
         win_probability, version, changed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9) RETURNING id",
    )
    .bind(&input.title)
    .bind(&input.description)
    .bind(&input.rules)
    .bind(&input.banner_message)
    .bind(i64::from(input.is_active))
    .bind(starts_at)
    .bind(ends_at)
    .bind(input.win_probability)
    .bind(now())
    .fetch_one(&mut *tx)
    .await?;
    write_prizes(&mut tx, id, &input.prizes).await?;
    let after = load(&mut tx, id)
        .await?
        .ok_or_else(|| Error::Internal(anyhow::anyhow!("hunt {id} vanished inside its transaction")))?;
    record(
        &mut tx,
        user.user_id,
        "hunt.create",
        "hunt",
        Some(id),
        None,
        Some(&audit_copy(&after)),
    )
    .await?;
    tx.commit().await?;
    after_write(&state).await;
    Ok(no_store(ok(after)))
}

/// Replaces a hunt's fields and prizes. `version` must be the loaded one (else 409).
#[utoipa::path(put, path = "/backoffice/hunts/{id}", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The hunt")),
    request_body = HuntInput,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The hunt as stored now (version bumped)", body = Reply<HuntDraft>),
        (status = 400, description = "A field breaks a rule, a won prize removed or cut under its wins, or no version", body = crate::openapi::ErrorReply),
        (status = 404, description = "'hunt not found'", body = crate::openapi::ErrorReply),
        (status = 409, description = "Someone saved it since it was loaded (HUNT_STALE)", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn hunt_update(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    body: std::result::Result<ApiJson<HuntInput>, Error>,
) -> Result<Response> {
    require(&state, &user, PROMOTIONS).await?;
    let id = hunt_id(&id)?;
    let ApiJson(raw) = body?;
    let (input, starts_at, ends_at) = resolve(&raw)?;
    let version = raw
        .version
        .ok_or_else(|| Error::bad_request("version is required"))?;
    let mut tx = state.db.pool.begin().await?;
    lock(&mut tx, id).await?;
    let before = load(&mut tx, id)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    if Some(version) != before.input.version {
        return Err(Error::Conflict(messages::HUNT_STALE.to_owned()));
    }
    sqlx::query(
        "UPDATE treasure_hunts SET title = $1, description = $2, rules = $3, banner_message = $4, \
         is_active = $5, starts_at = $6, ends_at = $7, win_probability = $8, changed_at = $9, \
         version = version + 1 WHERE id = $10",
    )
    .bind(&input.title)
    .bind(&input.description)
    .bind(&input.rules)
    .bind(&input.banner_message)
    .bind(i64::from(input.is_active))
    .bind(starts_at)
    .bind(ends_at)
    .bind(input.win_probability)
    .bind(now())
    .bind(id)
    .execute(&mut *tx)
    .await?;
    write_prizes(&mut tx, id, &input.prizes).await?;
    let after = load(&mut tx, id)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    record(
        &mut tx,
        user.user_id,
        "hunt.update",
        "hunt",
        Some(id),
        Some(&audit_copy(&before)),
        Some(&audit_copy(&after)),
    )
    .await?;
    tx.commit().await?;
    after_write(&state).await;
    Ok(no_store(ok(after)))
}

/// Deletes a hunt where nothing was won (one with wins is deactivated instead).
#[utoipa::path(delete, path = "/backoffice/hunts/{id}", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The hunt")),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "Deleted", body = EmptyReply),
        (status = 404, description = "'hunt not found'", body = crate::openapi::ErrorReply),
        (status = 409, description = "Prizes were won (HUNT_HAS_WINS)", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn hunt_delete(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Response> {
    require(&state, &user, PROMOTIONS).await?;
    let id = hunt_id(&id)?;
    let mut tx = state.db.pool.begin().await?;
    lock(&mut tx, id).await?;
    let before = load(&mut tx, id)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))?;
    if before.stock.iter().any(|prize| prize.won > 0) {
        return Err(Error::Conflict(messages::HUNT_HAS_WINS.to_owned()));
    }
    // Its prizes and players go with it (ON DELETE CASCADE).
    sqlx::query("DELETE FROM treasure_hunts WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    record(
        &mut tx,
        user.user_id,
        "hunt.delete",
        "hunt",
        Some(id),
        Some(&audit_copy(&before)),
        None,
    )
    .await?;
    tx.commit().await?;
    after_write(&state).await;
    Ok(no_store(ok(())))
}
