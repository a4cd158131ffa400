//! Account queries every area shares: the `users` row, lookups by id, e-mail and social uid, the PRO
//! entitlement and the wire profile. The profile routes (registration, login, profile) and the payment
//! webhook are handlers over these; the areas that gate content (live streams, news, podcasts) ask
//! [`is_pro`] here instead of reaching into another route file.

use onda_shared::{
    accounts::{PendingUser, User},
    validation,
};
use sqlx::{AnyConnection, Row, any::AnyRow};

use crate::{Result, clock, db::Db};

/// A `users` row.
#[derive(Debug, Clone)]
pub struct UserRow {
    pub id: i64,
    pub email: String,
    pub password_hash: Option<String>,
    pub name: String,
    pub last_name: Option<String>,
    pub gender: Option<String>,
    pub birthday: Option<String>,
    pub cpf: Option<String>,
    pub telefone: Option<String>,
    pub cep: Option<String>,
    pub district: Option<String>,
    pub street: Option<String>,
    pub street_number: Option<String>,
    pub address_supplement: Option<String>,
    pub state_id: Option<i64>,
    pub city_id: Option<i64>,
    pub newsletter: bool,
    pub email_confirmed: bool,
    pub disabled: bool,
    pub firebase_uid: Option<String>,
}

const USER_COLUMNS: &str = "id, email, password_hash, name, last_name, gender, birthday, cpf, telefone, cep, \
     district, street, street_number, address_supplement, state_id, city_id, newsletter, email_confirmed, \
     disabled, firebase_uid";

impl UserRow {
    pub fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            email: row.try_get("email")?,
            password_hash: row.try_get("password_hash")?,
            name: row.try_get("name")?,
            last_name: row.try_get("last_name")?,
            gender: row.try_get("gender")?,
            birthday: row.try_get("birthday")?,
            cpf: row.try_get("cpf")?,
            telefone: row.try_get("telefone")?,
            cep: row.try_get("cep")?,
            district: row.try_get("district")?,
            street: row.try_get("street")?,
            street_number: row.try_get("street_number")?,
            address_supplement: row.try_get("address_supplement")?,
            state_id: row.try_get("state_id")?,
            city_id: row.try_get("city_id")?,
            newsletter: row.try_get::<i64, _>("newsletter")? != 0,
            email_confirmed: row.try_get::<i64, _>("email_confirmed")? != 0,
            disabled: row.try_get::<i64, _>("disabled")? != 0,
            firebase_uid: row.try_get("firebase_uid")?,
        })
    }

    pub fn pending(&self) -> PendingUser {
        PendingUser {
            user_id: self.id,
            name: self.name.clone(),
            email: self.email.clone(),
            email_confirmed: self.email_confirmed,
        }
    }
}

pub async fn user_by_id(db: &Db, id: i64) -> Result<Option<UserRow>> {
    let row = sqlx::query(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.as_ref().map(UserRow::from_row).transpose()?)
}

/// The user with this e-mail, case-insensitively.
pub async fn user_by_email(db: &Db, email: &str) -> Result<Option<UserRow>> {
    let row = sqlx::query(&format!(
        "SELECT {USER_COLUMNS} FROM users WHERE LOWER(email) = LOWER($1)"
    ))
    .bind(email.trim())
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.as_ref().map(UserRow::from_row).transpose()?)
}

pub async fn user_by_firebase_uid(db: &Db, uid: &str) -> Result<Option<UserRow>> {
    let row = sqlx::query(&format!(
        "SELECT {USER_COLUMNS} FROM users WHERE firebase_uid = $1"
    ))
    .bind(uid)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.as_ref().map(UserRow::from_row).transpose()?)
}

/// G13: every profile field except addressSupplement and newsletter is filled and valid.
pub fn registration_complete(user: &UserRow) -> bool {
    fn filled(field: &Option<String>) -> Option<&str> {
        field.as_deref().map(str::trim).filter(|v| !v.is_empty())
    }
    let today = clock::today_ymd();
    validation::profile_name(&user.name).is_ok()
        && filled(&user.last_name).is_some_and(|v| validation::last_name(v).is_ok())
        && filled(&user.cpf).is_some_and(|v| validation::cpf(v).is_ok())
        && filled(&user.birthday).is_some_and(|v| validation::birthday(v, today).is_ok())
        && filled(&user.gender).is_some_and(|v| validation::gender(v).is_ok())
        && filled(&user.telefone).is_some_and(|v| validation::telefone(v).is_ok())
        && filled(&user.cep).is_some_and(|v| validation::cep(v).is_ok())
        && user.state_id.is_some()
        && user.city_id.is_some()
        && filled(&user.district).is_some_and(|v| validation::district(v).is_ok())
        && filled(&user.street).is_some_and(|v| validation::street(v).is_ok())
        && filled(&user.street_number).is_some_and(|v| validation::street_number(v).is_ok())
}

/// The wire user, with isPro and registrationComplete derived now.
pub async fn profile_of(db: &Db, user: &UserRow) -> Result<User> {
    Ok(User {
        user_id: user.id,
        email: user.email.clone(),
        name: user.name.clone(),
        last_name: user.last_name.clone(),
        gender: user.gender.clone(),
        birthday: user.birthday.clone(),
        cpf: user.cpf.clone(),
        telefone: user.telefone.clone(),
        cep: user.cep.clone(),
        district: user.district.clone(),
        street: user.street.clone(),
        street_number: user.street_number.clone(),
        address_supplement: user.address_supplement.clone(),
        city_id: user.city_id,
        state_id: user.state_id,
        email_confirmed: user.email_confirmed,
        newsletter: user.newsletter,
        is_pro: is_pro(db, user.id).await?,
        registration_complete: registration_complete(user),
    })
}

/// True while the user has an active subscription (until its period end when one is set), or a
/// cancelled one whose paid period has not ended: the cancellation takes effect the day after
/// `current_period_end` (São Paulo calendar).
///
/// [`subscription_live`] is the same rule on one row already read.
pub async fn is_pro(db: &Db, user_id: i64) -> Result<bool> {
    let today = clock::today().to_string();
    let count: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM subscriptions WHERE user_id = $1 AND ( \
           (status = 'active' AND (current_period_end IS NULL OR current_period_end >= $2)) \
           OR (status = 'cancelled' AND current_period_end >= $2))",
    )
    .bind(user_id)
    .bind(&today)
    .fetch_one(&db.pool)
    .await?;
    Ok(count > 0)
}

/// [`is_pro`]'s rule on one subscription: `status`, `current_period_end` and today ('YYYY-MM-DD').
pub fn subscription_live(status: &str, period_end: Option<&str>, today: &str) -> bool {
    match status {
        "active" => period_end.is_none_or(|end| end >= today),
        "cancelled" => period_end.is_some_and(|end| end >= today),
        _ => false,
    }
}

/// Gives PRO: a manual subscription through `until` ('YYYY-MM-DD', checked by the caller), open-ended
/// when `None`. `onda-server admin grant-pro` and the back office's people area.
pub async fn grant_pro(conn: &mut AnyConnection, user_id: i64, until: Option<&str>) -> Result<()> {
    let now = clock::now();
    sqlx::query(
        "INSERT INTO subscriptions (user_id, plan, source, status, current_period_end, created_at, updated_at) \
         VALUES ($1, 'annual', 'manual', 'active', $2, $3, $3)",
    )
    .bind(user_id)
    .bind(until)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

/// Ends every live subscription of a user now (of any source); returns how many. `admin revoke-pro` and
/// the back office.
pub async fn revoke_pro(conn: &mut AnyConnection, user_id: i64) -> Result<u64> {
    Ok(sqlx::query(
        "UPDATE subscriptions SET status = 'revoked', updated_at = $1 \
         WHERE user_id = $2 AND status IN ('active', 'cancelled')",
    )
    .bind(clock::now())
    .bind(user_id)
    .execute(conn)
    .await?
    .rows_affected())
}

/// Grants one staff permission (nothing when already held). `admin grant-permission` and the back office.
pub async fn grant_permission(conn: &mut AnyConnection, user_id: i64, permission: i64) -> Result<()> {
    sqlx::query(
        "INSERT INTO staff_permissions (user_id, permission, granted_at) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id, permission) DO NOTHING",
    )
    .bind(user_id)
    .bind(permission)
    .bind(clock::now())
    .execute(conn)
    .await?;
    Ok(())
}

/// Disables an account and ends its sessions, or enables it again (its old sessions stay ended).
/// `admin disable-user` and the back office.
pub async fn set_disabled(conn: &mut AnyConnection, user_id: i64, disabled: bool) -> Result<()> {
    sqlx::query("UPDATE users SET disabled = $1 WHERE id = $2")
        .bind(i64::from(disabled))
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    if disabled {
        crate::auth::revoke_user_sessions_on(conn, user_id, None).await?;
    }
    Ok(())
}
