//! Rate limits (S09), answered as HTTP 429 `status:429`.
//!
//! Kept in the database (`rate_limit_hits`) rather than in memory (e.g. the `governor` crate): the
//! limits guard against credential stuffing and mail flooding, and an in-memory limiter would give
//! every instance behind a load balancer its own budget (and forget it on restart). The cost is one
//! DELETE + COUNT + INSERT on the few endpoints that are limited, none of which is on a hot path.
//! The window is sliding: a hit counts for `window` seconds after it happened.

use crate::{Error, Result, clock::now, db::Db};

pub struct Limit {
    pub max: i64,
    pub window: i64,
}

/// S09: login, 10 per 15 min per IP + e-mail.
pub const LOGIN: Limit = Limit {
    max: 10,
    window: 15 * 60,
};
/// S09: register, 5 per hour per IP.
pub const REGISTER: Limit = Limit { max: 5, window: 3600 };
/// S09/G63: resendConfirmationEmail, 1 per 60 s per user.
pub const RESEND: Limit = Limit { max: 1, window: 60 };
/// S09: requestPasswordReset, 5 per hour per e-mail.
pub const RESET_REQUEST: Limit = Limit { max: 5, window: 3600 };
/// Not in S09: confirmation-code attempts, 10 per 15 min per user, so the 10⁶ codes cannot be guessed.
pub const CONFIRM: Limit = Limit {
    max: 10,
    window: 15 * 60,
};

/// Not in S09: first-party analytics batches, 120 per 10 min per IP (a listener sends one every few
/// minutes; a household behind one address stays far below).
pub const ANALYTICS: Limit = Limit {
    max: 120,
    window: 10 * 60,
};

/// Counts a hit in `bucket`, or answers `TooManyRequests` when the window is full (the refused hit is
/// not counted).
pub async fn hit(db: &Db, bucket: &str, limit: &Limit) -> Result<()> {
    let now = now();
    sqlx::query("DELETE FROM rate_limit_hits WHERE bucket = $1 AND at <= $2")
        .bind(bucket)
        .bind(now - limit.window)
        .execute(&db.pool)
        .await?;
    let count: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM rate_limit_hits WHERE bucket = $1")
            .bind(bucket)
            .fetch_one(&db.pool)
            .await?;
    if count >= limit.max {
        return Err(Error::TooManyRequests);
    }
    sqlx::query("INSERT INTO rate_limit_hits (bucket, at) VALUES ($1, $2)")
        .bind(bucket)
        .bind(now)
        .execute(&db.pool)
        .await?;
    // About one hit in a hundred also sweeps what no window can need any more: hits older than a day
    // (buckets that were never hit again) and sessions, codes and reset tokens expired for a day.
    if rand::random::<u8>() < 3 {
        housekeeping(db, now - 24 * 3600).await?;
    }
    Ok(())
}

async fn housekeeping(db: &Db, before: i64) -> Result<()> {
    for statement in [
        "DELETE FROM rate_limit_hits WHERE at <= $1",
        "DELETE FROM sessions WHERE expires_at <= $1",
        "DELETE FROM email_codes WHERE expires_at <= $1",
        "DELETE FROM reset_tokens WHERE expires_at <= $1",
    ] {
        sqlx::query(statement).bind(before).execute(&db.pool).await?;
    }
    Ok(())
}
