//! The treasure hunt's data (`treasure_hunts`, `hunt_prizes`): which hunt is active and what it shows,
//! for the API (routes/hunt.rs) and every page's first frame (web/initial_data.rs).

use onda_shared::hunt::{HuntInfo, HuntPrize, prize_icon_level};
use sqlx::Row;

use crate::{
    Result,
    clock::{iso, now},
    db::Db,
    html::sanitize,
};

/// The active hunt: published (`is_active`), started and not ended; the latest started wins a tie.
pub struct Hunt {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub rules: String,
    pub banner_message: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub win_probability: f64,
}

pub async fn active_hunt(db: &Db) -> Result<Option<Hunt>> {
    let row = sqlx::query(
        "SELECT id, title, description, rules, banner_message, starts_at, ends_at, win_probability \
         FROM treasure_hunts WHERE is_active = 1 AND starts_at <= $1 AND ends_at > $1 \
         ORDER BY starts_at DESC, id DESC LIMIT 1",
    )
    .bind(now())
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(Hunt {
        id: row.try_get("id")?,
        title: row.try_get("title")?,
        description: row.try_get("description")?,
        rules: row.try_get("rules")?,
        banner_message: row.try_get("banner_message")?,
        starts_at: row.try_get("starts_at")?,
        ends_at: row.try_get("ends_at")?,
        win_probability: row.try_get("win_probability")?,
    }))
}

/// What `checkInfoActiveHunt` answers; also written into every page's HTML (web/initial_data.rs), so
/// the shell draws the hunt banner in its first frame instead of pushing the page down when the call
/// returns.
pub async fn active_hunt_info(db: &Db) -> Result<Option<HuntInfo>> {
    match active_hunt(db).await? {
        Some(hunt) => Ok(Some(hunt_info(db, hunt).await?)),
        None => Ok(None),
    }
}

pub async fn hunt_info(db: &Db, hunt: Hunt) -> Result<HuntInfo> {
    let rows: Vec<(i64, String, String, String, i64, i64)> = sqlx::query_as(
        "SELECT id, name, description, image_url, total_quantity, remaining_quantity FROM hunt_prizes \
         WHERE hunt_id = $1 ORDER BY position, id",
    )
    .bind(hunt.id)
    .fetch_all(&db.pool)
    .await?;
    let prizes: Vec<HuntPrize> = rows
        .into_iter()
        .map(|(id, name, description, image, total, remaining)| HuntPrize {
            id,
            tx_nome: name.clone(),
            prizeName: name,
            prizeDescription: description,
            prizeImage: image,
            numberTotalPrize: total,
            prizeRemainingQuantity: remaining,
            prizesWon: total - remaining,
            prizeIcon: prize_icon_level(remaining, total),
        })
        .collect();
    let rules = sanitize(&hunt.rules);
    Ok(HuntInfo {
        idHunt: hunt.id,
        huntEndDate: iso(hunt.ends_at),
        bannerMessage: hunt.banner_message.clone(),
        id_tesouro: hunt.id,
        tx_titulo: hunt.title,
        tx_descricao: hunt.description,
        situacao: true,
        tx_regulamento: rules,
        dt_inicio: iso(hunt.starts_at),
        dt_fim: iso(hunt.ends_at),
        banner_message: hunt.banner_message,
        totalPrizes: prizes.iter().map(|prize| prize.numberTotalPrize).sum(),
        prizesWon: prizes.iter().map(|prize| prize.prizesWon).sum(),
        prizes,
    })
}
