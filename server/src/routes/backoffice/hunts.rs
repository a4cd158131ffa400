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

use axum::response::Response;
use onda_shared::{
    backoffice_promotions::{
        CampaignStatus, HuntDraft, HuntInput, HuntList, HuntPrizeInput, HuntPrizeState, HuntRow,
    },
    validation::{hunt_input, messages},
};
use serde_json::Value;
use sqlx::{AnyConnection, Row};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    kit::{self, Area, Save, Staff, flag, text},
    no_store, timestamps,
};
use crate::{
    AppState, Error, Result,
    auth::random_hex,
    clock::{iso, now},
    db::Arg,
    error::ok,
    extract::{ApiJson, ApiPath},
    html::sanitize,
    openapi::{EmptyReply, Reply},
    staff::PROMOTIONS,
    text::slugify,
};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(hunts_list, hunt_create))
        .routes(routes!(hunt_get, hunt_update, hunt_delete))
}

const NOT_FOUND: &str = "hunt not found";
/// The list's length: a station runs a handful of hunts a year.
const LIST_MAX: i64 = 200;

/// Treasure hunts for the save kit; the audit copy is the editor's fields with each prize's stock.
struct Hunts;

kit::versioned_area!(Hunts: HuntDraft, "treasure_hunts", "hunt", NOT_FOUND, messages::HUNT_STALE,
    load load, copy |_area, draft| serde_json::to_value(draft).unwrap_or(Value::Null),
    version |draft| draft.input.version);

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

/// The columns a save writes (a new hunt and a change).
fn columns(input: &HuntInput, starts_at: i64, ends_at: i64) -> Vec<(&'static str, Arg)> {
    vec![
        ("title", text(&input.title)),
        ("description", text(&input.description)),
        ("rules", text(&input.rules)),
        ("banner_message", text(&input.banner_message)),
        ("is_active", flag(input.is_active)),
        ("starts_at", Arg::Int(starts_at)),
        ("ends_at", Arg::Int(ends_at)),
        ("changed_at", Arg::Int(now())),
    ]
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

/// Writes the odds of a win (a REAL, which the columns' `Arg` does not carry), then the prizes.
async fn write_odds_and_prizes(conn: &mut AnyConnection, id: i64, input: &HuntInput) -> Result<()> {
    sqlx::query("UPDATE treasure_hunts SET win_probability = $1 WHERE id = $2")
        .bind(input.win_probability)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    write_prizes(conn, id, &input.prizes).await
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

kit::staff_path! {
    get "/backoffice/hunts" => "The hunts, latest start first (at most 200)": Reply<HuntList>;
    /// Every hunt, latest start first, with its stock and players.
    pub(super) async fn hunts_list(Staff(state, _): Staff<PROMOTIONS>) -> Result<Response> {
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
}

kit::staff_path! {
    get "/backoffice/hunts/{id}", id "The hunt"
        => "The hunt as stored, with its current version": Reply<HuntDraft>,
        404 "'hunt not found'";
    /// Everything the hunt editor edits, with each prize's stock.
    pub(super) async fn hunt_get(
        Staff(state, _): Staff<PROMOTIONS>,
        ApiPath(id): ApiPath<String>,
    ) -> Result<Response> {
        Ok(no_store(ok(kit::read(&state, &Hunts, &id).await?)))
    }
}

kit::staff_path! {
    post "/backoffice/hunts", body HuntInput => "The hunt as stored (version 1)": Reply<HuntDraft>,
        400 "A field breaks a rule (the Portuguese message of the first one)";
    /// A new hunt with its prizes.
    pub(super) async fn hunt_create(
        Staff(state, user): Staff<PROMOTIONS>,
        body: std::result::Result<ApiJson<HuntInput>, Error>,
    ) -> Result<Response> {
        let ApiJson(raw) = body?;
        let (input, starts_at, ends_at) = resolve(&raw)?;
        if input.prizes.iter().any(|prize| prize.id.is_some()) {
            return Err(Error::bad_request(messages::HUNT_PRIZE_UNKNOWN));
        }
        let mut row = columns(&input, starts_at, ends_at);
        row.push(("version", Arg::Int(1)));
        let mut save = Save::insert(&state, &Hunts, row, None).await?;
        let id = save.id();
        write_odds_and_prizes(save.conn(), id, &input).await?;
        let after = save.finish(&user, "create", None).await?;
        Ok(no_store(ok(after)))
    }
}

kit::staff_path! {
    put "/backoffice/hunts/{id}", id "The hunt", body HuntInput
        => "The hunt as stored now (version bumped)": Reply<HuntDraft>,
        400 "A field breaks a rule, a won prize removed or cut under its wins, or no version",
        404 "'hunt not found'",
        409 "Someone saved it since it was loaded (HUNT_STALE)";
    /// Replaces a hunt's fields and prizes. `version` must be the loaded one (else 409).
    pub(super) async fn hunt_update(
        Staff(state, user): Staff<PROMOTIONS>,
        ApiPath(id): ApiPath<String>,
        body: std::result::Result<ApiJson<HuntInput>, Error>,
    ) -> Result<Response> {
        let id = Hunts.id(&id)?;
        let ApiJson(raw) = body?;
        let (input, starts_at, ends_at) = resolve(&raw)?;
        let version = kit::sent_version(raw.version)?;
        let (mut save, before) = Save::open(&state, &Hunts, id).await?;
        save.check_version(&before, Some(version))?;
        save.set_versioned(columns(&input, starts_at, ends_at), version)
            .await?;
        write_odds_and_prizes(save.conn(), id, &input).await?;
        let after = save.finish(&user, "update", Some(&before)).await?;
        Ok(no_store(ok(after)))
    }
}

kit::staff_path! {
    delete "/backoffice/hunts/{id}", id "The hunt" => "Deleted": EmptyReply,
        404 "'hunt not found'", 409 "Prizes were won (HUNT_HAS_WINS)";
    /// Deletes a hunt where nothing was won (one with wins is deactivated instead).
    pub(super) async fn hunt_delete(
        Staff(state, user): Staff<PROMOTIONS>,
        ApiPath(id): ApiPath<String>,
    ) -> Result<Response> {
        // Its prizes and players go with it (ON DELETE CASCADE).
        kit::delete(&state, &user, &Hunts, Hunts.id(&id)?, |before| {
            let won = before.stock.iter().any(|prize| prize.won > 0);
            won.then(|| Error::Conflict(messages::HUNT_HAS_WINS.to_owned()))
        })
        .await
    }
}
