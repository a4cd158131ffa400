//! The people area (`/api/v1/backoffice/people*`, permission 8): find an account by e-mail or
//! name, see its subscriptions and permissions, replace its staff permissions, grant or revoke PRO,
//! disable or enable it.
//!
//! The changes are the operator commands' (`admin grant-pro`, `revoke-pro`, `grant-permission`,
//! `disable-user`: the same functions in `accounts`), each in one transaction with its audit row
//! (entity `user`). Three refusals keep the station from locking itself out: nobody removes their own
//! permission 8 or disables their own account, and no change leaves the station without an enabled
//! account holding permission 8 ([`keep_a_people_manager`]).

use std::collections::{BTreeSet, HashMap};

use axum::{
    extract::{Query, State, rejection::QueryRejection},
    response::Response,
};
use onda_shared::{
    people::{DisabledInput, PeoplePage, PermissionsInput, Person, PersonRow, PersonSubscription, ProInput},
    validation::{self as rules, messages},
};
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::{AnyConnection, Row, any::AnyRow};

use super::{audit::record, contains_pattern, lock_row, no_store, paging};
use crate::{
    AppState, Error, Result, accounts,
    auth::AuthUser,
    clock::{self, iso},
    db::{Arg, Backend, bind_all},
    error::ok,
    extract::{ApiJson, ApiPath, path_number},
    openapi::{Reply, tags},
    staff::{HIGHEST, PEOPLE, another_people_manager, require},
};

/// The 404 of an id no account has.
pub const ACCOUNT_NOT_FOUND: &str = "account not found";
/// The 400 of a change that would leave no enabled account holding permission 8.
pub const LAST_PEOPLE_MANAGER: &str =
    "A equipe ficaria sem ninguém com a permissão de Pessoas: dê essa permissão a outra pessoa ativa antes";
/// The most numbers a permissions body may carry (duplicates included).
const PERMISSIONS_BODY_MAX: usize = 32;

const COLUMNS: &str = "u.id, u.email, u.name, u.last_name, u.created_at, u.email_confirmed, u.disabled";

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct PeopleQuery {
    /// Part of the e-mail or of the name (case-insensitive; up to 100 characters), or an account's id.
    #[param(max_length = 100)]
    q: Option<String>,
    /// 1-based, default 1.
    #[param(pattern = "^[0-9]{1,7}$")]
    page: Option<String>,
    /// 1–100, default 20.
    #[param(pattern = "^[0-9]{1,3}$")]
    per_page: Option<String>,
}

/// A `users` row as the list shows it, before its subscriptions and permissions are read.
fn bare_row(row: &AnyRow) -> Result<PersonRow> {
    let name: String = row.try_get("name")?;
    let last_name: Option<String> = row.try_get("last_name")?;
    let name = match last_name.as_deref().map(str::trim) {
        Some(last) if !last.is_empty() => format!("{name} {last}"),
        _ => name,
    };
    Ok(PersonRow {
        id: row.try_get("id")?,
        name,
        email: row.try_get("email")?,
        created_at: iso(row.try_get("created_at")?),
        confirmed: row.try_get::<i64, _>("email_confirmed")? != 0,
        disabled: row.try_get::<i64, _>("disabled")? != 0,
        is_pro: false,
        pro_until: None,
        permissions: Vec::new(),
    })
}

/// `$first, $first+1, …` for `count` arguments.
fn placeholders(first: usize, count: usize) -> String {
    (first..first + count)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The subscriptions (newest first) of `ids`, by user.
async fn subscriptions_of(
    conn: &mut AnyConnection,
    ids: &[i64],
) -> Result<HashMap<i64, Vec<PersonSubscription>>> {
    let mut by_user: HashMap<i64, Vec<PersonSubscription>> = HashMap::new();
    if ids.is_empty() {
        return Ok(by_user);
    }
    let today = clock::today().to_string();
    let sql = format!(
        "SELECT id, user_id, plan, source, status, current_period_end, created_at FROM subscriptions \
         WHERE user_id IN ({}) ORDER BY created_at DESC, id DESC",
        placeholders(1, ids.len())
    );
    let args: Vec<Arg> = ids.iter().map(|&id| Arg::Int(id)).collect();
    for row in bind_all(sqlx::query(&sql), &args).fetch_all(&mut *conn).await? {
        let status: String = row.try_get("status")?;
        let end: Option<String> = row.try_get("current_period_end")?;
        by_user
            .entry(row.try_get("user_id")?)
            .or_default()
            .push(PersonSubscription {
                id: row.try_get("id")?,
                plan: row.try_get("plan")?,
                source: row.try_get("source")?,
                live: accounts::subscription_live(&status, end.as_deref(), &today),
                status,
                current_period_end: end,
                created_at: iso(row.try_get("created_at")?),
            });
    }
    Ok(by_user)
}

/// The staff permissions of `ids`, sorted, by user.
async fn permissions_of(conn: &mut AnyConnection, ids: &[i64]) -> Result<HashMap<i64, Vec<i64>>> {
    let mut by_user: HashMap<i64, Vec<i64>> = HashMap::new();
    if ids.is_empty() {
        return Ok(by_user);
    }
    let sql = format!(
        "SELECT user_id, permission FROM staff_permissions WHERE user_id IN ({}) \
         ORDER BY user_id, permission",
        placeholders(1, ids.len())
    );
    let args: Vec<Arg> = ids.iter().map(|&id| Arg::Int(id)).collect();
    for row in bind_all(sqlx::query(&sql), &args).fetch_all(&mut *conn).await? {
        by_user
            .entry(row.try_get("user_id")?)
            .or_default()
            .push(row.try_get("permission")?);
    }
    Ok(by_user)
}

/// PRO today and its last day (null when open-ended) from the live subscriptions.
fn pro_of(subscriptions: &[PersonSubscription]) -> (bool, Option<String>) {
    let live: Vec<&PersonSubscription> = subscriptions.iter().filter(|s| s.live).collect();
    if live.is_empty() {
        return (false, None);
    }
    if live.iter().any(|s| s.current_period_end.is_none()) {
        return (true, None);
    }
    (
        true,
        live.iter().filter_map(|s| s.current_period_end.clone()).max(),
    )
}

/// Fills the rows' PRO and permissions.
async fn complete(
    conn: &mut AnyConnection,
    rows: &mut [PersonRow],
) -> Result<HashMap<i64, Vec<PersonSubscription>>> {
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let subscriptions = subscriptions_of(conn, &ids).await?;
    let mut permissions = permissions_of(conn, &ids).await?;
    for row in rows.iter_mut() {
        let (is_pro, until) = pro_of(subscriptions.get(&row.id).map_or(&[], Vec::as_slice));
        row.is_pro = is_pro;
        row.pro_until = until;
        row.permissions = permissions.remove(&row.id).unwrap_or_default();
    }
    Ok(subscriptions)
}

/// [`load`] inside a transaction that is about to change the account: its row is taken first
/// ([`lock_row`]), so on SQLite the transaction holds the write lock before it reads (reading first
/// and writing after another connection wrote in between failed outright, SQLITE_BUSY_SNAPSHOT: a 500
/// the API fuzz met on POST /backoffice/people/{id}/pro) and on PostgreSQL two changes of one
/// account queue.
async fn load_locked(conn: &mut AnyConnection, id: i64) -> Result<Person> {
    lock_row(conn, "users", "disabled", id, ACCOUNT_NOT_FOUND).await?;
    load(conn, id).await
}

/// Inside the transaction of a change that takes permission 8 from the enabled account `id` (removed,
/// or the account disabled): refuses it (400 [`LAST_PEOPLE_MANAGER`]) unless another enabled account
/// holds permission 8 (`staff::another_people_manager`). Nobody else could manage the staff then, not
/// even to give it back (only the operator's `admin grant-permission` could).
///
/// The refusals of one's own permission and account are not enough: two managers taking it from each
/// other at the same moment (or one disabling the other while losing it) each passed `require` while
/// the other still held it, and both changes went through; the count locks as that function says.
/// Granting the permission takes no lock: it can only add managers.
async fn keep_a_people_manager(conn: &mut AnyConnection, backend: Backend, id: i64) -> Result<()> {
    if !another_people_manager(conn, backend, id).await? {
        return Err(Error::bad_request(LAST_PEOPLE_MANAGER));
    }
    Ok(())
}

/// Whether the account is one of the enabled holders of permission 8 that
/// [`keep_a_people_manager`] counts.
fn manages_people(person: &Person) -> bool {
    !person.account.disabled && person.account.permissions.contains(&PEOPLE)
}

/// One account with its subscriptions and permissions, or 404.
async fn load(conn: &mut AnyConnection, id: i64) -> Result<Person> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM users u WHERE u.id = $1"))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(|| Error::not_found(ACCOUNT_NOT_FOUND))?;
    let mut rows = [bare_row(&row)?];
    let mut subscriptions = complete(conn, &mut rows).await?;
    let [account] = rows;
    Ok(Person {
        subscriptions: subscriptions.remove(&id).unwrap_or_default(),
        account,
    })
}

/// A path id; anything that cannot name an account is the 404 an unknown one gets.
fn account_id(raw: &str) -> Result<i64> {
    path_number(raw, "id", 1, i64::MAX).map_err(|_| Error::not_found(ACCOUNT_NOT_FOUND))
}

/// What the audit log keeps of an account: who it is and the fields the area changes.
fn audit_copy(person: &Person) -> Value {
    let account = &person.account;
    json!({
        "email": account.email,
        "permissions": account.permissions,
        "isPro": account.is_pro,
        "proUntil": account.pro_until,
        "disabled": account.disabled,
    })
}

/// Writes the audit row of a change and commits; answers the account as it is now.
async fn finish(
    mut tx: sqlx::Transaction<'static, sqlx::Any>,
    actor: i64,
    action: &str,
    before: &Person,
) -> Result<Response> {
    let id = before.account.id;
    let after = load(&mut tx, id).await?;
    record(
        &mut tx,
        actor,
        action,
        "user",
        Some(id),
        Some(&audit_copy(before)),
        Some(&audit_copy(&after)),
    )
    .await?;
    tx.commit().await?;
    Ok(no_store(ok(after)))
}

/// Accounts whose e-mail or name contains `q` (or whose id is `q`), newest first.
#[utoipa::path(get, path = "/backoffice/people", tags = [tags::BACKOFFICE, tags::STAFF],
    params(PeopleQuery),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "A page of accounts, newest first", body = Reply<PeoplePage>),
        (status = 400, description = "A search longer than 100 characters (PEOPLE_QUERY), or bad paging", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn people_list(
    State(state): State<AppState>,
    user: AuthUser,
    query: std::result::Result<Query<PeopleQuery>, QueryRejection>,
) -> Result<Response> {
    require(&state, &user, PEOPLE).await?;
    let Ok(Query(query)) = query else {
        return Err(Error::bad_request("invalid query"));
    };
    let (page, per_page) = paging(query.page.as_deref(), query.per_page.as_deref())?;
    let mut filter = "1 = 1".to_owned();
    let mut args: Vec<Arg> = Vec::new();
    if let Some(q) = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        if q.chars().count() > rules::PEOPLE_QUERY_MAX || q.contains('\0') {
            return Err(Error::bad_request(messages::PEOPLE_QUERY));
        }
        args.push(Arg::Text(contains_pattern(&q.to_lowercase())));
        filter = "(LOWER(u.email) LIKE $1 ESCAPE '\\' \
                  OR LOWER(u.name || ' ' || COALESCE(u.last_name, '')) LIKE $1 ESCAPE '\\')"
            .to_owned();
        if let Ok(id) = path_number(q, "q", 1, i64::MAX) {
            args.push(Arg::Int(id));
            filter = format!("({filter} OR u.id = $2)");
        }
    }
    let total: i64 = bind_all(
        sqlx::query(&format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM users u WHERE {filter}"
        )),
        &args,
    )
    .fetch_one(&state.db.pool)
    .await?
    .try_get(0)?;
    let next = args.len() + 1;
    let sql = format!(
        "SELECT {COLUMNS} FROM users u WHERE {filter} \
         ORDER BY u.created_at DESC, u.id DESC LIMIT ${next} OFFSET ${}",
        next + 1
    );
    args.push(Arg::Int(per_page));
    args.push(Arg::Int((page - 1).saturating_mul(per_page)));
    let mut conn = state.db.pool.acquire().await?;
    let mut items = bind_all(sqlx::query(&sql), &args)
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(bare_row)
        .collect::<Result<Vec<_>>>()?;
    complete(&mut conn, &mut items).await?;
    Ok(no_store(ok(PeoplePage {
        items,
        total,
        page,
        per_page,
    })))
}

/// One account with its subscriptions (newest first) and staff permissions.
#[utoipa::path(get, path = "/backoffice/people/{id}", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The account")),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The account", body = Reply<Person>),
        (status = 404, description = "'account not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn people_get(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Response> {
    require(&state, &user, PEOPLE).await?;
    let id = account_id(&id)?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(no_store(ok(load(&mut conn, id).await?)))
}

/// Replaces the account's staff permissions with `permissions` (each 1–8). Nobody removes their own
/// permission 8 (PEOPLE_SELF_LOCKOUT): the station would have no one left to give it back; nor anyone's
/// when no other enabled account holds it ([`LAST_PEOPLE_MANAGER`]).
#[utoipa::path(put, path = "/backoffice/people/{id}/permissions", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The account")),
    request_body = PermissionsInput,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The account as it is now", body = Reply<Person>),
        (status = 400, description = "A number outside 1–8 (PEOPLE_PERMISSIONS), one's own permission 8 removed (PEOPLE_SELF_LOCKOUT), or the last enabled holder's removed ('A equipe ficaria sem ninguém com a permissão de Pessoas…')", body = crate::openapi::ErrorReply),
        (status = 404, description = "'account not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn people_permissions(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    body: std::result::Result<ApiJson<PermissionsInput>, Error>,
) -> Result<Response> {
    require(&state, &user, PEOPLE).await?;
    let id = account_id(&id)?;
    let ApiJson(input) = body?;
    if input.permissions.len() > PERMISSIONS_BODY_MAX
        || input.permissions.iter().any(|p| !(1..=HIGHEST).contains(p))
    {
        return Err(Error::bad_request(messages::PEOPLE_PERMISSIONS));
    }
    let wanted: BTreeSet<i64> = input.permissions.iter().copied().collect();
    if id == user.user_id && !wanted.contains(&PEOPLE) {
        return Err(Error::bad_request(messages::PEOPLE_SELF_LOCKOUT));
    }
    let mut tx = state.db.pool.begin().await?;
    let before = load_locked(&mut tx, id).await?;
    if manages_people(&before) && !wanted.contains(&PEOPLE) {
        keep_a_people_manager(&mut tx, state.db.backend, id).await?;
    }
    sqlx::query("DELETE FROM staff_permissions WHERE user_id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    for permission in wanted {
        accounts::grant_permission(&mut tx, id, permission).await?;
    }
    finish(tx, user.user_id, "user.permissions", &before).await
}

/// Gives PRO as `admin grant-pro` does: a manual subscription through `until` (today or later), or
/// open-ended.
#[utoipa::path(post, path = "/backoffice/people/{id}/pro", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The account")),
    request_body = ProInput,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The account as it is now", body = Reply<Person>),
        (status = 400, description = "An invalid or past date (PEOPLE_PRO_UNTIL)", body = crate::openapi::ErrorReply),
        (status = 404, description = "'account not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn people_grant_pro(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    body: std::result::Result<ApiJson<ProInput>, Error>,
) -> Result<Response> {
    require(&state, &user, PEOPLE).await?;
    let id = account_id(&id)?;
    let ApiJson(input) = body?;
    let until = input.until.as_deref().map(str::trim).filter(|u| !u.is_empty());
    if let Some(date) = until
        && (rules::parse_date(date).is_none() || date < clock::today().to_string().as_str())
    {
        return Err(Error::bad_request(messages::PEOPLE_PRO_UNTIL));
    }
    let mut tx = state.db.pool.begin().await?;
    let before = load_locked(&mut tx, id).await?;
    accounts::grant_pro(&mut tx, id, until).await?;
    finish(tx, user.user_id, "user.pro.grant", &before).await
}

/// Ends every live subscription of the account now, as `admin revoke-pro` does.
#[utoipa::path(delete, path = "/backoffice/people/{id}/pro", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The account")),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The account as it is now", body = Reply<Person>),
        (status = 404, description = "'account not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn people_revoke_pro(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> Result<Response> {
    require(&state, &user, PEOPLE).await?;
    let id = account_id(&id)?;
    let mut tx = state.db.pool.begin().await?;
    let before = load_locked(&mut tx, id).await?;
    accounts::revoke_pro(&mut tx, id).await?;
    finish(tx, user.user_id, "user.pro.revoke", &before).await
}

/// Disables the account and ends its sessions (it can no longer log in), or enables it again. Nobody
/// disables their own account (PEOPLE_SELF_DISABLE), nor the last enabled holder of permission 8
/// ([`LAST_PEOPLE_MANAGER`]).
#[utoipa::path(post, path = "/backoffice/people/{id}/disabled", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The account")),
    request_body = DisabledInput,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The account as it is now", body = Reply<Person>),
        (status = 400, description = "One's own account (PEOPLE_SELF_DISABLE), or the last enabled holder of permission 8 ('A equipe ficaria sem ninguém com a permissão de Pessoas…')", body = crate::openapi::ErrorReply),
        (status = 404, description = "'account not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn people_disabled(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    body: std::result::Result<ApiJson<DisabledInput>, Error>,
) -> Result<Response> {
    require(&state, &user, PEOPLE).await?;
    let id = account_id(&id)?;
    let ApiJson(input) = body?;
    if input.disabled && id == user.user_id {
        return Err(Error::bad_request(messages::PEOPLE_SELF_DISABLE));
    }
    let mut tx = state.db.pool.begin().await?;
    let before = load_locked(&mut tx, id).await?;
    if input.disabled && manages_people(&before) {
        keep_a_people_manager(&mut tx, state.db.backend, id).await?;
    }
    accounts::set_disabled(&mut tx, id, input.disabled).await?;
    let action = if input.disabled {
        "user.disable"
    } else {
        "user.enable"
    };
    finish(tx, user.user_id, action, &before).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subscription(status: &str, end: Option<&str>, live: bool) -> PersonSubscription {
        PersonSubscription {
            id: 1,
            plan: "annual".into(),
            source: "manual".into(),
            status: status.into(),
            current_period_end: end.map(str::to_owned),
            created_at: String::new(),
            live,
        }
    }

    #[test]
    fn pro_until_is_the_latest_live_end_or_none_when_open_ended() {
        assert_eq!(pro_of(&[]), (false, None));
        assert_eq!(
            pro_of(&[
                subscription("active", Some("2030-01-01"), true),
                subscription("cancelled", Some("2031-05-02"), true),
                subscription("revoked", Some("2040-01-01"), false),
            ]),
            (true, Some("2031-05-02".into()))
        );
        assert_eq!(
            pro_of(&[
                subscription("active", Some("2030-01-01"), true),
                subscription("active", None, true),
            ]),
            (true, None)
        );
        assert_eq!(placeholders(3, 2), "$3, $4");
    }
}
