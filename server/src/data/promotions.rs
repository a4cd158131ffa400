//! Promotions (`promotions`, `promotion_answers`, `promotion_winners`): what the public site shows
//! of them, the listeners' answers and the winners. A promotion is public once it is published and has
//! started ([`PUBLIC`], the one place that says so); it is open until it ends.
//!
//! The back office's queries (routes/backoffice/promotions.rs) and the draw (draw.rs) read every
//! promotion, public or not.

use onda_shared::promotions::{Promotion, PromotionWinner, UserAnswer, YesNo};
use sqlx::{Row, any::AnyRow};

use crate::{
    Result,
    clock::{iso, now},
    db::{Arg, Db, bind_all},
    html::sanitize,
};

/// The one test of a public promotion, over `promotions p`, with the current time as `$1`.
pub const PUBLIC: &str = "p.is_published = 1 AND p.starts_at <= $1";

const COLUMNS: &str = "id, slug, title, description, short_description, rules, question, banner_url, \
    featured_banner_url, image_url, featured_image_url, color_scheme, is_pro, is_editable, is_multiple, \
    is_single_word, affiliate, is_published, starts_at, ends_at";

/// A promotion row as the wire has it. The HTML is sanitised again on the way out (S11: it is
/// sanitised when written; the seed writes the table directly).
fn promotion(row: &AnyRow, now: i64) -> Result<Promotion, sqlx::Error> {
    let flag = |name: &str| row.try_get::<i64, _>(name).map(|value| value != 0);
    let starts_at: i64 = row.try_get("starts_at")?;
    let ends_at: i64 = row.try_get("ends_at")?;
    let color: String = row.try_get("color_scheme")?;
    Ok(Promotion {
        id_promocao: row.try_get("id")?,
        tx_promocao: row.try_get("title")?,
        url_promocao: row.try_get("slug")?,
        tx_descricao: sanitize(&row.try_get::<String, _>("description")?),
        tx_descricao_curta: row.try_get("short_description")?,
        tx_regulamento: sanitize(&row.try_get::<String, _>("rules")?),
        tx_banner: row.try_get("banner_url")?,
        tx_banner_destaque: row.try_get("featured_banner_url")?,
        tx_imageNew: row.try_get("image_url")?,
        tx_featuredImageNew: row.try_get("featured_image_url")?,
        tx_colorScheme: if color == "D" { "D" } else { "L" }.to_owned(),
        pro: flag("is_pro")?,
        rs_editavel: YesNo::from_flag(flag("is_editable")?),
        rs_multiple: YesNo::from_flag(flag("is_multiple")?),
        rs_keywords: YesNo::from_flag(flag("is_single_word")?),
        filial: row.try_get("affiliate")?,
        question: row.try_get("question")?,
        dt_inicio: iso(starts_at),
        dt_fim: iso(ends_at),
        is_open: flag("is_published")? && starts_at <= now && now < ends_at,
    })
}

/// The open promotions: public and not ended, the newest first.
pub async fn open(db: &Db) -> Result<Vec<Promotion>> {
    let now = now();
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM promotions p WHERE {PUBLIC} AND p.ends_at > $1 \
         ORDER BY p.starts_at DESC, p.id DESC"
    ))
    .bind(now)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .iter()
        .map(|row| promotion(row, now))
        .collect::<Result<_, _>>()?)
}

/// Ended promotions, `count` of them after skipping `offset`, the latest ended first.
pub async fn closed(db: &Db, count: i64, offset: i64) -> Result<Vec<Promotion>> {
    let now = now();
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM promotions p WHERE {PUBLIC} AND p.ends_at <= $1 \
         ORDER BY p.ends_at DESC, p.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(now)
    .bind(count)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .iter()
        .map(|row| promotion(row, now))
        .collect::<Result<_, _>>()?)
}

/// A public promotion by its slug.
pub async fn public_by_slug(db: &Db, slug: &str) -> Result<Option<Promotion>> {
    public_where(db, "p.slug = $2", Arg::Text(slug.to_owned())).await
}

/// A public promotion by its id.
pub async fn public_by_id(db: &Db, id: i64) -> Result<Option<Promotion>> {
    public_where(db, "p.id = $2", Arg::Int(id)).await
}

async fn public_where(db: &Db, filter: &str, arg: Arg) -> Result<Option<Promotion>> {
    let now = now();
    let sql = format!("SELECT {COLUMNS} FROM promotions p WHERE {PUBLIC} AND {filter}");
    let row = bind_all(sqlx::query(&sql), &[Arg::Int(now), arg])
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.map(|row| promotion(&row, now)).transpose()?)
}

/// A winner as listed: first and last name, city, state id and UF, the day they won.
type WinnerRow = (String, String, String, Option<i64>, Option<String>, String);

/// The winners of a promotion in the order they were drawn.
pub async fn winners(db: &Db, promotion_id: i64) -> Result<Vec<PromotionWinner>> {
    let rows: Vec<WinnerRow> = sqlx::query_as(
        "SELECT w.first_name, w.last_name, w.city, w.state_id, s.uf, w.won_on \
         FROM promotion_winners w LEFT JOIN states s ON s.id = w.state_id \
         WHERE w.promotion_id = $1 ORDER BY w.won_on, w.id",
    )
    .bind(promotion_id)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(
            |(tx_nome, tx_sobrenome, tx_cidade, id_estado, uf, dt_vencedor)| PromotionWinner {
                tx_nome,
                tx_sobrenome,
                tx_cidade,
                id_estado,
                sg_estado: uf.unwrap_or_default(),
                dt_vencedor,
            },
        )
        .collect())
}

/// A listener's latest answer to a promotion.
pub async fn latest_answer(db: &Db, user_id: i64, promotion_id: i64) -> Result<Option<UserAnswer>> {
    let row: Option<(i64, String, i64)> = sqlx::query_as(
        "SELECT id, answer, updated_at FROM promotion_answers WHERE user_id = $1 AND promotion_id = $2 \
         ORDER BY id DESC LIMIT 1",
    )
    .bind(user_id)
    .bind(promotion_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(id, answer, at)| user_answer(id, answer, at)))
}

/// Whose answer this is, and to which promotion: `(user id, promotion id)`.
pub async fn answer_owner(db: &Db, answer_id: i64) -> Result<Option<(i64, i64)>> {
    Ok(
        sqlx::query_as("SELECT user_id, promotion_id FROM promotion_answers WHERE id = $1")
            .bind(answer_id)
            .fetch_optional(&db.pool)
            .await?,
    )
}

/// Replaces the text of a listener's own answer.
pub async fn edit_answer(db: &Db, answer_id: i64, user_id: i64, answer: &str, now: i64) -> Result<()> {
    sqlx::query("UPDATE promotion_answers SET answer = $1, updated_at = $2 WHERE id = $3 AND user_id = $4")
        .bind(answer)
        .bind(now)
        .bind(answer_id)
        .bind(user_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Records an answer; `None` when the database already holds this listener's one answer
/// (`single_user` set: the unique index `promotion_answers_single` keeps one per person, so two
/// first answers sent at once cannot both land).
pub async fn add_answer(
    db: &Db,
    promotion_id: i64,
    user_id: i64,
    single_user: Option<i64>,
    answer: &str,
    now: i64,
) -> Result<Option<i64>> {
    Ok(sqlx::query_scalar(
        "INSERT INTO promotion_answers (promotion_id, user_id, single_user, answer, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (promotion_id, single_user) DO NOTHING RETURNING id",
    )
    .bind(promotion_id)
    .bind(user_id)
    .bind(single_user)
    .bind(answer)
    .bind(now)
    .fetch_optional(&db.pool)
    .await?)
}

pub fn user_answer(id: i64, answer: String, at: i64) -> UserAnswer {
    UserAnswer {
        id_participante_promocao: id,
        tx_resposta: answer,
        dt_resposta: iso(at),
    }
}

/// The slugs of the public promotions, for the sitemap.
pub async fn public_slugs(db: &Db) -> Result<Vec<String>> {
    Ok(sqlx::query_scalar(&format!(
        "SELECT p.slug FROM promotions p WHERE {PUBLIC} ORDER BY p.id"
    ))
    .bind(now())
    .fetch_all(&db.pool)
    .await?)
}

/// What a public promotion's link preview shows: its title, its short text (else its description,
/// HTML) and its first picture.
pub async fn preview(db: &Db, slug: &str) -> Result<Option<(String, String, String)>> {
    let Some(row) = sqlx::query(&format!(
        "SELECT p.title, p.short_description, p.description, p.featured_image_url, p.image_url, \
         p.banner_url FROM promotions p WHERE {PUBLIC} AND p.slug = $2"
    ))
    .bind(now())
    .bind(slug)
    .fetch_optional(&db.pool)
    .await?
    else {
        return Ok(None);
    };
    let short: String = row.try_get("short_description")?;
    let text = if short.trim().is_empty() {
        row.try_get("description")?
    } else {
        short
    };
    let image = ["featured_image_url", "image_url", "banner_url"]
        .iter()
        .filter_map(|column| row.try_get::<String, _>(*column).ok())
        .find(|url| !url.is_empty())
        .unwrap_or_default();
    Ok(Some((row.try_get("title")?, text, image)))
}

/// The public promotions as the search index reads them: slug, title and short text.
pub async fn search_rows(db: &Db, now: i64) -> Result<Vec<(String, String, String)>> {
    Ok(sqlx::query_as(&format!(
        "SELECT p.slug, p.title, p.short_description FROM promotions p WHERE {PUBLIC}"
    ))
    .bind(now)
    .fetch_all(&db.pool)
    .await?)
}
