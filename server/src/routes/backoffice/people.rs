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

use axum::response::Response;
use onda_shared::{
    people::{DisabledInput, PeoplePage, PermissionsInput, Person, PersonRow, PersonSubscription, ProInput},
    validation::{self as rules, messages},
};
use serde_json::{Value, json};
use sqlx::{AnyConnection, Row, any::AnyRow};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    contains_pattern,
    kit::{self, Area, Filter, Listing, Save, Staff},
    no_store,
};
use crate::{
    AppState, Error, Result, accounts,
    auth::AuthUser,
    clock::{self, iso},
    db::{Arg, Backend, bind_all},
    error::ok,
    extract::{ApiJson, ApiPath, path_number},
    openapi::Reply,
    staff::{HIGHEST, PEOPLE, another_people_manager},
};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(people_list))
        .routes(routes!(people_get))
        .routes(routes!(people_permissions))
        .routes(routes!(people_grant_pro, people_revoke_pro))
        .routes(routes!(people_disabled))
}

/// The 404 of an id no account has.
pub const ACCOUNT_NOT_FOUND: &str = "account not found";
/// The 400 of a change that would leave no enabled account holding permission 8.
pub const LAST_PEOPLE_MANAGER: &str =
    "A equipe ficaria sem ninguém com a permissão de Pessoas: dê essa permissão a outra pessoa ativa antes";
/// The most numbers a permissions body may carry (duplicates included).
const PERMISSIONS_BODY_MAX: usize = 32;

const COLUMNS: &str = "u.id, u.email, u.name, u.last_name, u.created_at, u.email_confirmed, u.disabled";

kit::list_query! {
    pub(super) struct PeopleQuery {
        /// Part of the e-mail or of the name (case-insensitive; up to 100 characters), or an account's id.
        #[param(max_length = 100)]
        q: Option<String>,
    }
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

/// Accounts for the save kit. A change takes the account's row first (`Save::open`, on `disabled`):
/// reading first and writing after another connection wrote in between failed outright on SQLite
/// (SQLITE_BUSY_SNAPSHOT: a 500 the API fuzz met on POST /backoffice/people/{id}/pro), and on
/// PostgreSQL two changes of one account queue. Nothing public shows an account: no after-write steps.
struct People;

impl Area for People {
    type Record = Person;

    fn table(&self) -> &'static str {
        "users"
    }

    fn lock_column(&self) -> &'static str {
        "disabled"
    }

    fn entity(&self) -> String {
        "user".to_owned()
    }

    fn not_found(&self) -> &'static str {
        ACCOUNT_NOT_FOUND
    }

    async fn load(&self, conn: &mut AnyConnection, id: i64) -> Result<Option<Person>> {
        load(conn, id).await.map(Some)
    }

    /// Who it is and the fields the area changes.
    fn audit_copy(&self, person: &Person) -> Value {
        let account = &person.account;
        json!({
            "email": account.email,
            "permissions": account.permissions,
            "isPro": account.is_pro,
            "proUntil": account.pro_until,
            "disabled": account.disabled,
        })
    }

    fn refreshes(&self) -> bool {
        false
    }
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

/// Writes the audit row of a change and commits; answers the account as it is now.
async fn finish(save: Save<'_, People>, user: &AuthUser, verb: &str, before: &Person) -> Result<Response> {
    Ok(no_store(ok(save.finish(user, verb, Some(before)).await?)))
}

kit::staff_path! {
    get "/backoffice/people", params(PeopleQuery) => "A page of accounts, newest first": Reply<PeoplePage>,
        400 "A search longer than 100 characters (PEOPLE_QUERY), or bad paging";
    /// Accounts whose e-mail or name contains `q` (or whose id is `q`), newest first.
    pub(super) async fn people_list(
        Staff(state, _): Staff<PEOPLE>,
        Listing(query, (page, per_page)): Listing<PeopleQuery>,
    ) -> Result<Response> {
        let mut filter = Filter::default();
        if let Some(q) = kit::search(
            query.q.as_deref(),
            rules::PEOPLE_QUERY_MAX,
            messages::PEOPLE_QUERY,
        )? {
            let n = filter.arg(Arg::Text(contains_pattern(&q.to_lowercase())));
            let mut clause = format!(
                "(LOWER(u.email) LIKE {n} ESCAPE '\\' \
                 OR LOWER(u.name || ' ' || COALESCE(u.last_name, '')) LIKE {n} ESCAPE '\\')"
            );
            if let Ok(id) = path_number(q, "q", 1, i64::MAX) {
                let n = filter.arg(Arg::Int(id));
                clause = format!("({clause} OR u.id = {n})");
            }
            filter.clause(clause);
        }
        let mut conn = state.db.pool.acquire().await?;
        let select = format!("SELECT {COLUMNS} FROM users u");
        let order = "u.created_at DESC, u.id DESC";
        let listed = kit::page(
            &mut conn,
            "FROM users u",
            &select,
            filter,
            order,
            (page, per_page),
        )
        .await?;
        let mut items = listed.rows.iter().map(bare_row).collect::<Result<Vec<_>>>()?;
        complete(&mut conn, &mut items).await?;
        Ok(listed.reply::<PeoplePage>(items))
    }
}

kit::staff_path! {
    get "/backoffice/people/{id}", id "The account" => "The account": Reply<Person>,
        404 "'account not found'";
    /// One account with its subscriptions (newest first) and staff permissions.
    pub(super) async fn people_get(
        Staff(state, _): Staff<PEOPLE>,
        ApiPath(id): ApiPath<String>,
    ) -> Result<Response> {
        Ok(no_store(ok(kit::read(&state, &People, &id).await?)))
    }
}

kit::staff_path! {
    put "/backoffice/people/{id}/permissions", id "The account", body PermissionsInput
        => "The account as it is now": Reply<Person>,
        400 "A number outside 1–8 (PEOPLE_PERMISSIONS), one's own permission 8 removed (PEOPLE_SELF_LOCKOUT), or the last enabled holder's removed ('A equipe ficaria sem ninguém com a permissão de Pessoas…')",
        404 "'account not found'";
    /// Replaces the account's staff permissions with `permissions` (each 1–8). Nobody removes their own
    /// permission 8 (PEOPLE_SELF_LOCKOUT): the station would have no one left to give it back; nor anyone's
    /// when no other enabled account holds it ([`LAST_PEOPLE_MANAGER`]).
    pub(super) async fn people_permissions(
        Staff(state, user): Staff<PEOPLE>,
        ApiPath(id): ApiPath<String>,
        body: std::result::Result<ApiJson<PermissionsInput>, Error>,
    ) -> Result<Response> {
        let id = People.id(&id)?;
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
        let (mut save, before) = Save::open(&state, &People, id).await?;
        if manages_people(&before) && !wanted.contains(&PEOPLE) {
            keep_a_people_manager(save.conn(), state.db.backend, id).await?;
        }
        sqlx::query("DELETE FROM staff_permissions WHERE user_id = $1")
            .bind(id)
            .execute(save.conn())
            .await?;
        for permission in wanted {
            accounts::grant_permission(save.conn(), id, permission).await?;
        }
        finish(save, &user, "permissions", &before).await
    }
}

kit::staff_path! {
    post "/backoffice/people/{id}/pro", id "The account", body ProInput
        => "The account as it is now": Reply<Person>,
        400 "An invalid or past date (PEOPLE_PRO_UNTIL)", 404 "'account not found'";
    /// Gives PRO as `admin grant-pro` does: a manual subscription through `until` (today or later), or
    /// open-ended.
    pub(super) async fn people_grant_pro(
        Staff(state, user): Staff<PEOPLE>,
        ApiPath(id): ApiPath<String>,
        body: std::result::Result<ApiJson<ProInput>, Error>,
    ) -> Result<Response> {
        let id = People.id(&id)?;
        let ApiJson(input) = body?;
        let until = input.until.as_deref().map(str::trim).filter(|u| !u.is_empty());
        if let Some(date) = until
            && (rules::parse_date(date).is_none() || date < clock::today().to_string().as_str())
        {
            return Err(Error::bad_request(messages::PEOPLE_PRO_UNTIL));
        }
        let (mut save, before) = Save::open(&state, &People, id).await?;
        accounts::grant_pro(save.conn(), id, until).await?;
        finish(save, &user, "pro.grant", &before).await
    }
}

kit::staff_path! {
    delete "/backoffice/people/{id}/pro", id "The account" => "The account as it is now": Reply<Person>,
        404 "'account not found'";
    /// Ends every live subscription of the account now, as `admin revoke-pro` does.
    pub(super) async fn people_revoke_pro(
        Staff(state, user): Staff<PEOPLE>,
        ApiPath(id): ApiPath<String>,
    ) -> Result<Response> {
        let id = People.id(&id)?;
        let (mut save, before) = Save::open(&state, &People, id).await?;
        accounts::revoke_pro(save.conn(), id).await?;
        finish(save, &user, "pro.revoke", &before).await
    }
}

kit::staff_path! {
    post "/backoffice/people/{id}/disabled", id "The account", body DisabledInput
        => "The account as it is now": Reply<Person>,
        400 "One's own account (PEOPLE_SELF_DISABLE), or the last enabled holder of permission 8 ('A equipe ficaria sem ninguém com a permissão de Pessoas…')",
        404 "'account not found'";
    /// Disables the account and ends its sessions (it can no longer log in), or enables it again. Nobody
    /// disables their own account (PEOPLE_SELF_DISABLE), nor the last enabled holder of permission 8
    /// ([`LAST_PEOPLE_MANAGER`]).
    pub(super) async fn people_disabled(
        Staff(state, user): Staff<PEOPLE>,
        ApiPath(id): ApiPath<String>,
        body: std::result::Result<ApiJson<DisabledInput>, Error>,
    ) -> Result<Response> {
        let id = People.id(&id)?;
        let ApiJson(input) = body?;
        if input.disabled && id == user.user_id {
            return Err(Error::bad_request(messages::PEOPLE_SELF_DISABLE));
        }
        let (mut save, before) = Save::open(&state, &People, id).await?;
        if input.disabled && manages_people(&before) {
            keep_a_people_manager(save.conn(), state.db.backend, id).await?;
        }
        accounts::set_disabled(save.conn(), id, input.disabled).await?;
        let verb = if input.disabled { "disable" } else { "enable" };
        finish(save, &user, verb, &before).await
    }
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
