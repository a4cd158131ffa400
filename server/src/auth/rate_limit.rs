//! Rate limits (S09), answered as HTTP 429 `status:429`; and one count that never refuses,
//! [`LOGIN_FAILURES`], which slows the logins of an e-mail being guessed at instead ([`record`]).
//!
//! Kept in the database (`rate_limit_slots`) rather than in memory (e.g. the `governor` crate): the
//! limits guard against credential stuffing and mail flooding, and an in-memory limiter would give
//! every instance behind a load balancer its own budget (and forget it on restart). None of the limited
//! endpoints is on a hot path.
//!
//! A bucket has `max` slots; a hit claims one that is free or whose hit has left the window (so the
//! window is sliding: a hit counts for `window` seconds after it happened). The claim is one statement,
//! `INSERT … ON CONFLICT (bucket, slot) DO UPDATE … WHERE the slot expired`: the database serialises
//! writers of one row, so concurrent hits on any number of instances never hold more than `max` slots.
//! Bucket keys are stored as their SHA-256, so what a client sends (an e-mail of any length) never
//! grows a row; callers still check lengths before they get here.

use std::net::IpAddr;

use rand::seq::IndexedRandom;

use crate::{Error, Result, clock::now, db::Db};

pub struct Limit {
    /// Names the bucket's kind in its key, so two limits on the same subject never share slots.
    pub name: &'static str,
    pub max: i64,
    pub window: i64,
}

/// S09: login, 10 per 15 min per IP + e-mail, counted before the password is checked, right or wrong.
pub const LOGIN: Limit = Limit {
    name: "login",
    max: 10,
    window: 15 * 60,
};
/// Not in S09: login attempts from one address on any e-mails, 100 per 15 min, counted before the
/// password is checked, so spraying many e-mails from one IP is limited while a household or office
/// behind one address is not.
pub const LOGIN_IP: Limit = Limit {
    name: "login-ip",
    max: 100,
    window: 15 * 60,
};
/// Not in S09: failed logins on one e-mail from any address, within 15 min. Never refuses: it prices
/// guesses with [`login_failure_delay`] instead.
///
/// A refusal per account (30 attempts per 15 min from anywhere, then 429) handed the lock to the
/// attacker: a couple of wrong guesses a minute from a few addresses kept the owner, staff included,
/// out with the right password. Now only the caller's own address can get a login refused ([`LOGIN`],
/// [`LOGIN_IP`]); what an account's failures buy is time. Each guess spends a slot of its address's
/// budgets before the check, so a guesser needs many addresses, and each guess holds a connection for
/// its delay, which the server's per-address connection cap counts.
///
/// Every answer on an e-mail with recent failures waits, the right password's as long as a wrong one
/// would: answered at once, the right password would let a guesser take any slower answer for a wrong
/// guess and stop waiting, and the delay would cost it nothing. The owner of an e-mail under attack
/// logs in up to 8 s late, never refused. Nothing resets the count but time, so the owner logging in
/// between two guesses gives the guesser no fresh free attempts.
///
/// `max` is where the delay stops growing: a bucket never holds more failures than the cap needs,
/// and a full one has its oldest slot renewed, so it stays full for a window after the latest failure.
pub const LOGIN_FAILURES: Limit = Limit {
    name: "login-failure",
    max: LOGIN_FREE_FAILURES + 5,
    window: 15 * 60,
};
/// Failed logins on one e-mail within [`LOGIN_FAILURES`]' window answered at once: an owner's typos.
pub const LOGIN_FREE_FAILURES: i64 = 5;
/// The delay of the first slowed failure; each further one doubles it, up to the configured cap
/// (`ONDA_LOGIN_DELAY_MAX_MS`, 8 s by default: long enough to make waiting for each answer costly,
/// short enough that a slow reply is not taken for a dead server by the browsers' and apps' timeouts).
const LOGIN_DELAY_FIRST_MS: u64 = 500;

/// How long to hold the answers on an e-mail with `failures` recent failed logins, this one included:
/// nothing for the first [`LOGIN_FREE_FAILURES`], then 0.5 s, 1 s, 2 s, 4 s and so on up to `max_ms`.
pub fn login_failure_delay(failures: i64, max_ms: u64) -> std::time::Duration {
    let slowed = failures.saturating_sub(LOGIN_FREE_FAILURES).clamp(0, 16);
    if slowed == 0 {
        return std::time::Duration::ZERO;
    }
    let doubled = LOGIN_DELAY_FIRST_MS << (slowed - 1);
    std::time::Duration::from_millis(doubled.min(max_ms))
}

/// S09: register, 5 per hour per IP.
pub const REGISTER: Limit = Limit {
    name: "register",
    max: 5,
    window: 3600,
};
/// S09/G63: resendConfirmationEmail, 1 per 60 s per user.
pub const RESEND: Limit = Limit {
    name: "resend",
    max: 1,
    window: 60,
};
/// S09: requestPasswordReset, 5 per hour per e-mail.
pub const RESET_REQUEST: Limit = Limit {
    name: "reset",
    max: 5,
    window: 3600,
};
/// Not in S09: password-reset requests from one address, 20 per hour, so one IP cannot mail many
/// inboxes through us.
pub const RESET_REQUEST_IP: Limit = Limit {
    name: "reset-ip",
    max: 20,
    window: 3600,
};
/// Not in S09: confirmation-code attempts, 10 per 15 min per user, so the 10⁶ codes cannot be guessed.
pub const CONFIRM: Limit = Limit {
    name: "confirm",
    max: 10,
    window: 15 * 60,
};
/// Not in S09: first-party analytics batches, 120 per 10 min per IP (a listener sends one every few
/// minutes; a household behind one address stays far below).
pub const ANALYTICS: Limit = Limit {
    name: "analytics",
    max: 120,
    window: 10 * 60,
};

/// Not in S09: promotion answers, 20 per 10 min per user (an editable or multiple-answer promotion is
/// answered a few times, not hundreds).
pub const PROMOTION_ANSWER: Limit = Limit {
    name: "promotion-answer",
    max: 20,
    window: 10 * 60,
};
/// Not in S09: treasure-hunt chances, 20 page views per minute per user. A listener changes page far
/// less often; a script calling setPageViewAndCheckWin in a loop gets no more chances than that (its
/// extra views are answered "no prize", not 429, so a fast reader never sees an error).
pub const HUNT_CHANCE: Limit = Limit {
    name: "hunt-chance",
    max: 20,
    window: 60,
};

/// Not in S09: home poll votes, 30 per 10 min per IP. Each account or browser votes once per poll
/// anyway; this bounds how many browser hashes one address can make up to stuff a poll, while a
/// household or office behind one address can still all vote.
pub const POLL_VOTE: Limit = Limit {
    name: "poll-vote",
    max: 30,
    window: 10 * 60,
};

/// S09: the contact form, 10 per hour per IP.
pub const FORM_CONTACT: Limit = Limit {
    name: "form-contact",
    max: 10,
    window: 3600,
};
/// S09: song recommendations, 10 per hour per IP.
pub const FORM_RECOMMEND: Limit = Limit {
    name: "form-recommend",
    max: 10,
    window: 3600,
};
/// S09: work-with-us applications, 10 per hour per IP.
pub const FORM_WORK: Limit = Limit {
    name: "form-work",
    max: 10,
    window: 3600,
};
/// S09: free-streaming requests, 10 per hour per IP.
pub const FORM_FREE_STREAMING: Limit = Limit {
    name: "form-free-streaming",
    max: 10,
    window: 3600,
};
/// Not in S09: CV uploads, 10 per hour per IP, as the applications they precede; each one costs up to
/// 5 MB of disk until retention deletes it.
pub const CV_UPLOAD: Limit = Limit {
    name: "cv-upload",
    max: 10,
    window: 3600,
};

/// What a bucket is counted by.
pub enum Key<'a> {
    Ip(IpAddr),
    /// An e-mail, compared case-insensitively.
    Email(&'a str),
    IpEmail(IpAddr, &'a str),
    User(i64),
}

impl Key<'_> {
    fn text(&self) -> String {
        match self {
            Self::Ip(ip) => ip.to_string(),
            Self::Email(email) => email.trim().to_lowercase(),
            Self::IpEmail(ip, email) => format!("{ip}:{}", email.trim().to_lowercase()),
            Self::User(id) => id.to_string(),
        }
    }
}

/// Counts a hit of `limit` for `key`, or answers `TooManyRequests` when its slots are all within the
/// window (the refused hit is not counted).
pub async fn hit(db: &Db, limit: &Limit, key: Key<'_>) -> Result<()> {
    let bucket = bucket_of(limit, &key);
    let now = now();
    if claim_free_slot(db, limit, &bucket, now).await? {
        Ok(())
    } else {
        crate::metrics::METRICS
            .rate_limited
            .with_label_values(&[limit.name])
            .inc();
        Err(Error::TooManyRequests)
    }
}

/// How many events of `limit` for `key` lie within its window (at most `max`).
pub async fn count(db: &Db, limit: &Limit, key: Key<'_>) -> Result<i64> {
    within(db, limit, &bucket_of(limit, &key), now()).await
}

/// Counts an event of `limit` for `key` without ever refusing, and answers how many of its events lie
/// within the window, this one included (at most `max`). A full bucket has its oldest slot renewed,
/// so the count stays at `max` for a whole window after the latest event; storage stays `max` rows.
pub async fn record(db: &Db, limit: &Limit, key: Key<'_>) -> Result<i64> {
    let bucket = bucket_of(limit, &key);
    let now = now();
    if claim_free_slot(db, limit, &bucket, now).await? {
        return within(db, limit, &bucket, now).await;
    }
    // Full (or every free slot lost to concurrent events, which fill it as well).
    let taken = slots(db, &bucket).await?;
    if let Some((slot, _)) = taken.iter().min_by_key(|(_, at)| *at) {
        sqlx::query("UPDATE rate_limit_slots SET at = $1 WHERE bucket = $2 AND slot = $3 AND at < $1")
            .bind(now)
            .bind(&bucket)
            .bind(slot)
            .execute(&db.pool)
            .await?;
    }
    Ok(limit.max)
}

/// Claims a slot of `bucket` that is free or whose event left the window; false when all are taken.
/// Each lost race means another event took that slot, and there are only `max` slots to take.
async fn claim_free_slot(db: &Db, limit: &Limit, bucket: &str, now: i64) -> Result<bool> {
    let expired = now - limit.window;
    for _ in 0..=limit.max {
        let taken = slots(db, bucket).await?;
        let Some(slot) = free_slot(&taken, limit.max, expired) else {
            return Ok(false);
        };
        if claim(db, bucket, slot, now, expired).await? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The events of `bucket` within the window at `now` (at most `max`).
async fn within(db: &Db, limit: &Limit, bucket: &str, now: i64) -> Result<i64> {
    let expired = now - limit.window;
    let within = slots(db, bucket)
        .await?
        .iter()
        .filter(|(_, at)| *at > expired)
        .count();
    Ok(i64::try_from(within).unwrap_or(i64::MAX).min(limit.max))
}

/// The stored key of a bucket: the SHA-256 of the limit's name and the key.
fn bucket_of(limit: &Limit, key: &Key<'_>) -> String {
    super::sha256_hex(&format!("{}:{}", limit.name, key.text()))
}

/// The bucket's slots and when each was last taken.
async fn slots(db: &Db, bucket: &str) -> Result<Vec<(i64, i64)>> {
    Ok(
        sqlx::query_as("SELECT slot, at FROM rate_limit_slots WHERE bucket = $1")
            .bind(bucket)
            .fetch_all(&db.pool)
            .await?,
    )
}

/// Takes `slot` at `now` if it is free or expired; false when a concurrent claim got it first.
async fn claim(db: &Db, bucket: &str, slot: i64, now: i64, expired: i64) -> Result<bool> {
    let claimed = sqlx::query(
        "INSERT INTO rate_limit_slots (bucket, slot, at) VALUES ($1, $2, $3) \
         ON CONFLICT (bucket, slot) DO UPDATE SET at = excluded.at \
         WHERE rate_limit_slots.at <= $4",
    )
    .bind(bucket)
    .bind(slot)
    .bind(now)
    .bind(expired)
    .execute(&db.pool)
    .await?
    .rows_affected();
    if claimed != 1 {
        return Ok(false);
    }
    // About one claim in a hundred also sweeps what no window can need any more: slots older than a
    // day and sessions, codes and reset tokens expired for a day.
    if rand::random::<u8>() < 3 {
        housekeeping(db, now - 24 * 3600).await?;
    }
    Ok(true)
}

/// A slot this hit may claim: one never used or one whose hit left the window, picked at random so
/// concurrent hits mostly aim at different slots.
fn free_slot(taken: &[(i64, i64)], max: i64, expired: i64) -> Option<i64> {
    let candidates: Vec<i64> = (0..max)
        .filter(|slot| {
            taken
                .iter()
                .find(|(taken_slot, _)| taken_slot == slot)
                .is_none_or(|(_, at)| *at <= expired)
        })
        .collect();
    candidates.choose(&mut rand::rng()).copied()
}

async fn housekeeping(db: &Db, before: i64) -> Result<()> {
    for statement in [
        "DELETE FROM rate_limit_slots WHERE at <= $1",
        "DELETE FROM sessions WHERE expires_at <= $1",
        "DELETE FROM email_codes WHERE expires_at <= $1",
        "DELETE FROM reset_tokens WHERE expires_at <= $1",
    ] {
        sqlx::query(statement).bind(before).execute(&db.pool).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_free_or_expired_slot_is_offered_and_a_full_bucket_has_none() {
        assert!((0..3).contains(&free_slot(&[], 3, 100).unwrap()));
        assert_eq!(free_slot(&[(0, 200), (2, 300)], 3, 100), Some(1));
        assert_eq!(free_slot(&[(0, 200), (1, 50), (2, 300)], 3, 100), Some(1));
        assert_eq!(free_slot(&[(0, 200), (1, 150), (2, 300)], 3, 100), None);
    }

    #[test]
    fn wrong_passwords_wait_longer_and_longer_up_to_the_cap() {
        let ms = |failures| login_failure_delay(failures, 8_000).as_millis();
        for failures in [-1, 0, 1, LOGIN_FREE_FAILURES] {
            assert_eq!(ms(failures), 0);
        }
        let slowed: Vec<u128> = (LOGIN_FREE_FAILURES + 1..=LOGIN_FREE_FAILURES + 5)
            .map(ms)
            .collect();
        assert_eq!(slowed, [500, 1000, 2000, 4000, 8000]);
        assert_eq!(ms(LOGIN_FAILURES.max), 8000);
        assert_eq!(ms(1000), 8000);
        assert_eq!(ms(i64::MAX), 8000);
    }
}
