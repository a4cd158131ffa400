//! Staff permissions: the numbers `onda-server admin grant-permission` gives and the check every staff
//! call starts with (S12, G20: a missing permission is 403 `no permission`, data null). 1–3 are the
//! spec's (doc3 §3); G22 (amended) lets us number the staff roles it does not show from 4 on, and the
//! README lists them.

use onda_shared::validation as rules;

use sqlx::AnyConnection;

use crate::{
    AppState, Error, Result,
    auth::AuthUser,
    db::{Backend, Db},
};

/// G20: the refusal of a call the caller's permissions do not cover.
pub const NO_PERMISSION: &str = "no permission";
// The numbers are declared once in onda-shared's rules (generated into the UI as well).
/// Read the statistics dashboard.
pub const READ_STATS: i64 = rules::PERMISSION_READ_STATS as i64;
/// Clean the caches, see the control links.
pub const CLEAN_CACHE: i64 = rules::PERMISSION_CLEAN_CACHE as i64;
/// See the affiliates and their streams in the dashboard.
pub const SEE_AFFILIATES: i64 = rules::PERMISSION_SEE_AFFILIATES as i64;
/// Read the listeners' forms (the inbox), mark them handled, download CVs, export CSV.
pub const READ_INBOX: i64 = rules::PERMISSION_READ_INBOX as i64;
/// Write and publish news, tags and journalists.
pub const NEWSROOM: i64 = rules::PERMISSION_NEWSROOM as i64;
/// Promotions and treasure hunts.
pub const PROMOTIONS: i64 = rules::PERMISSION_PROMOTIONS as i64;
/// The catalogue and the station's pages and parameters.
pub const CATALOGUE: i64 = rules::PERMISSION_CATALOGUE as i64;
/// Listeners' accounts and the audit log.
pub const PEOPLE: i64 = rules::PERMISSION_PEOPLE as i64;
/// The highest number that means something; the grant command refuses others.
pub const HIGHEST: i64 = PEOPLE;

/// Inside the transaction of a change that takes permission 8 from the account `id` (the permission
/// removed, the account disabled or deleted): whether another enabled account still holds it. Two such
/// changes at the same moment must not both see the other's permission and both go through, leaving
/// nobody to manage the staff. So the permission-8 rows are locked first: on PostgreSQL, `FOR UPDATE`
/// in one order (by account) makes the second change wait until the first commits, and the count, a
/// statement of its own, then sees what the first left under READ COMMITTED; on SQLite the caller's
/// transaction must already hold the database's write lock (it has written), so no other change runs
/// between the count and the commit.
pub async fn another_people_manager(conn: &mut AnyConnection, backend: Backend, id: i64) -> Result<bool> {
    if backend == Backend::Postgres {
        sqlx::query(
            "SELECT user_id FROM staff_permissions WHERE permission = $1 ORDER BY user_id FOR UPDATE",
        )
        .bind(PEOPLE)
        .execute(&mut *conn)
        .await?;
    }
    let others: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM staff_permissions p JOIN users u ON u.id = p.user_id \
         WHERE p.permission = $1 AND p.user_id <> $2 AND u.disabled = 0",
    )
    .bind(PEOPLE)
    .bind(id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(others > 0)
}

/// The caller's staff permissions, sorted.
pub async fn permissions_of(db: &Db, user_id: i64) -> Result<Vec<i64>> {
    Ok(
        sqlx::query_scalar("SELECT permission FROM staff_permissions WHERE user_id = $1 ORDER BY permission")
            .bind(user_id)
            .fetch_all(&db.pool)
            .await?,
    )
}

/// Ok when the caller holds `permission`, else 403 `no permission`.
pub async fn require(state: &AppState, user: &AuthUser, permission: i64) -> Result<()> {
    if permissions_of(&state.db, user.user_id)
        .await?
        .contains(&permission)
    {
        Ok(())
    } else {
        Err(Error::Forbidden(NO_PERMISSION.to_owned()))
    }
}
