//! Drawing a closed promotion's winners (`onda-server admin draw-winners`), and checking a
//! past draw (`onda-server admin verify-draw`).
//!
//! The pick is uniform and reproducible without trusting the operator's machine: every eligible
//! participant (a user who answered, account not disabled, not already a winner of the promotion) is
//! ranked by SHA-256(`seed:user id`) and the lowest `n` win. With a seed of 32 random bytes nobody can
//! steer the ranking; with the seed and the participant list, both stored in `promotion_draws`, anyone
//! can repeat it. An open promotion is refused: answers may still arrive.

use sha2::{Digest, Sha256};
use sqlx::AnyConnection;

use crate::{AppState, Result, accounts, auth::random_hex, clock};

/// What a draw did.
#[derive(Debug)]
pub struct Drawn {
    pub draw_id: i64,
    pub seed: String,
    pub participants: usize,
    /// (user id, e-mail, mailed) in ranking order.
    pub winners: Vec<(i64, String, bool)>,
}

/// The `n` lowest-ranked participants for `seed` (ids ascending in, ranking order out).
pub fn pick(seed: &str, participants: &[i64], n: usize) -> Vec<i64> {
    let mut ranked: Vec<([u8; 32], i64)> = participants
        .iter()
        .map(|id| (Sha256::digest(format!("{seed}:{id}").as_bytes()).into(), *id))
        .collect();
    ranked.sort_unstable();
    ranked.into_iter().take(n).map(|(_, id)| id).collect()
}

struct Promotion {
    id: i64,
    slug: String,
    ends_at: i64,
}

async fn promotion(state: &AppState, slug: &str) -> anyhow::Result<Promotion> {
    let row: Option<(i64, String, i64)> =
        sqlx::query_as("SELECT id, slug, ends_at FROM promotions WHERE slug = $1")
            .bind(slug.trim().to_lowercase())
            .fetch_optional(&state.db.pool)
            .await?;
    let (id, slug, ends_at) = row.ok_or_else(|| anyhow::anyhow!("nenhuma promoção com o endereço {slug}"))?;
    Ok(Promotion { id, slug, ends_at })
}

/// The participants a draw picks from: users who answered promotion `promotion_id`, account not
/// disabled, not already among its winners; ids ascending.
pub async fn eligible(state: &AppState, promotion_id: i64) -> Result<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT DISTINCT a.user_id FROM promotion_answers a JOIN users u ON u.id = a.user_id \
         WHERE a.promotion_id = $1 AND u.disabled = 0 AND NOT EXISTS ( \
           SELECT 1 FROM promotion_winners w WHERE w.promotion_id = $1 AND w.user_id = a.user_id) \
         ORDER BY a.user_id",
    )
    .bind(promotion_id)
    .fetch_all(&state.db.pool)
    .await?)
}

/// Picks `n` of `participants` with `seed` and records the draw and its winners on `conn` (the
/// caller's transaction, which may add its own rows, such as the audit log's). Answers the draw's id
/// and the winners in ranking order.
pub async fn record_draw(
    conn: &mut AnyConnection,
    promotion_id: i64,
    participants: &[i64],
    n: usize,
    seed: &str,
    drawn_by: &str,
) -> Result<(i64, Vec<i64>)> {
    let picked = pick(seed, participants, n);
    let now = clock::now();
    let draw_id: i64 = sqlx::query_scalar(
        "INSERT INTO promotion_draws (promotion_id, seed, requested, participants, participant_ids, drawn_by, drawn_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(promotion_id)
    .bind(seed)
    .bind(i64::try_from(n).unwrap_or(i64::MAX))
    .bind(i64::try_from(participants.len()).unwrap_or(i64::MAX))
    .bind(join(participants))
    .bind(drawn_by)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    let day = clock::brasilia_day(now);
    for user_id in &picked {
        sqlx::query(
            "INSERT INTO promotion_winners (promotion_id, first_name, last_name, city, state_id, won_on, user_id, draw_id) \
             SELECT $1, u.name, COALESCE(u.last_name, ''), COALESCE(c.name, ''), u.state_id, $2, u.id, $3 \
             FROM users u LEFT JOIN cities c ON c.id = u.city_id WHERE u.id = $4",
        )
        .bind(promotion_id)
        .bind(&day)
        .bind(draw_id)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    }
    Ok((draw_id, picked))
}

/// E-mails draw `draw_id`'s winners and marks the ones mailed. The draw stands whatever the mail does:
/// a winner not mailed is reported for a person to contact. Answers (user id, e-mail, mailed).
pub async fn mail_winners(
    state: &AppState,
    draw_id: i64,
    promotion_id: i64,
    picked: &[i64],
) -> Result<Vec<(i64, String, bool)>> {
    let (title, slug): (String, String) = sqlx::query_as("SELECT title, slug FROM promotions WHERE id = $1")
        .bind(promotion_id)
        .fetch_one(&state.db.pool)
        .await?;
    let mut winners = Vec::with_capacity(picked.len());
    for &user_id in picked {
        let Some(user) = accounts::user_by_id(&state.db, user_id).await? else {
            continue;
        };
        let mailed = state
            .mailer
            .send_promotion_winner(&user.email, &user.name, &title, &slug)
            .await
            .is_ok();
        if mailed {
            sqlx::query("UPDATE promotion_winners SET mailed_at = $1 WHERE draw_id = $2 AND user_id = $3")
                .bind(clock::now())
                .bind(draw_id)
                .bind(user_id)
                .execute(&state.db.pool)
                .await?;
        }
        winners.push((user_id, user.email, mailed));
    }
    Ok(winners)
}

/// Draws `n` winners of the closed promotion `slug`, records the draw and the winners, and e-mails them
/// (`onda-server admin draw-winners`; the back office's draw is `POST /backoffice/promotions/{id}/draw`).
pub async fn draw_winners(
    state: &AppState,
    slug: &str,
    n: usize,
    seed: Option<String>,
    drawn_by: &str,
) -> anyhow::Result<Drawn> {
    anyhow::ensure!(n >= 1, "o número de ganhadores deve ser pelo menos 1");
    let promotion = promotion(state, slug).await?;
    let now = clock::now();
    anyhow::ensure!(
        promotion.ends_at <= now,
        "a promoção {} ainda está aberta (termina em {}); sorteie depois do encerramento",
        promotion.slug,
        clock::iso(promotion.ends_at)
    );
    let seed = seed.unwrap_or_else(|| random_hex(32));
    anyhow::ensure!(
        !seed.is_empty() && seed.len() <= 128 && !seed.contains(','),
        "semente inválida"
    );
    let participants = eligible(state, promotion.id).await?;
    anyhow::ensure!(
        !participants.is_empty(),
        "a promoção {} não tem participantes para sortear",
        promotion.slug
    );
    let mut tx = state.db.pool.begin().await?;
    let (draw_id, picked) = record_draw(&mut tx, promotion.id, &participants, n, &seed, drawn_by).await?;
    tx.commit().await?;
    let winners = mail_winners(state, draw_id, promotion.id, &picked).await?;
    Ok(Drawn {
        draw_id,
        seed,
        participants: participants.len(),
        winners,
    })
}

/// Repeats draw `draw_id` from its stored seed and participants and checks the recorded winners.
pub async fn verify_draw(state: &AppState, draw_id: i64) -> anyhow::Result<String> {
    let row: Option<(i64, String, i64, String)> = sqlx::query_as(
        "SELECT promotion_id, seed, requested, participant_ids FROM promotion_draws WHERE id = $1",
    )
    .bind(draw_id)
    .fetch_optional(&state.db.pool)
    .await?;
    let (promotion_id, seed, requested, ids) =
        row.ok_or_else(|| anyhow::anyhow!("nenhum sorteio {draw_id}"))?;
    let participants: Vec<i64> = ids
        .split(',')
        .filter(|id| !id.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()?;
    let mut expected = pick(&seed, &participants, usize::try_from(requested)?);
    let mut recorded: Vec<i64> = sqlx::query_scalar(
        "SELECT user_id FROM promotion_winners WHERE draw_id = $1 AND promotion_id = $2 AND user_id IS NOT NULL",
    )
    .bind(draw_id)
    .bind(promotion_id)
    .fetch_all(&state.db.pool)
    .await?;
    expected.sort_unstable();
    recorded.sort_unstable();
    anyhow::ensure!(
        expected == recorded,
        "o sorteio {draw_id} NÃO confere: a semente e os participantes dão {} e estão registrados {}",
        join(&expected),
        join(&recorded)
    );
    Ok(format!(
        "sorteio {draw_id} confere: {} ganhador(es) entre {} participante(s), semente {seed}",
        recorded.len(),
        participants.len()
    ))
}

fn join(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::pick;

    #[test]
    fn the_pick_is_reproducible_distinct_and_seed_dependent() {
        let participants: Vec<i64> = (1..=50).collect();
        let a = pick("semente", &participants, 5);
        assert_eq!(a, pick("semente", &participants, 5));
        assert_eq!(a.len(), 5);
        let mut unique = a.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 5);
        assert_ne!(a, pick("outra", &participants, 5));
        assert_eq!(pick("semente", &participants[..3], 10).len(), 3);
    }

    #[test]
    fn every_participant_is_equally_likely() {
        // 20,000 seeds over 10 participants, 1 winner each: every one wins about 2,000 times.
        let participants: Vec<i64> = (1..=10).collect();
        let mut wins = [0u32; 10];
        for seed in 0..20_000 {
            let winner = pick(&seed.to_string(), &participants, 1)[0];
            wins[usize::try_from(winner - 1).unwrap()] += 1;
        }
        assert!(wins.iter().all(|w| (1_800..=2_200).contains(w)), "{wins:?}");
    }
}
