//! The back office's one way to save a record, and its one way to list records.
//!
//! Every area saves alike: the row is taken for the transaction before anything is read (see
//! [`Save::open`]), the record is loaded as it was (404 when unknown), a versioned record is refused
//! when the editor's `version` is not the stored one (400 without one, 409 when stale), the area writes
//! its own columns and children, the record is loaded again inside the transaction, the audit row keeps
//! both copies, the transaction commits, and only then run the after-write steps (caches, search
//! index). An area describes itself once with [`Area`] (its table, how it is loaded and how the audit
//! log copies it) and writes only what is its own; a new area (the schedule, playlists, source
//! accounts) is an `Area` impl (`versioned_area!` for a versioned one) and a few handlers. Lists share
//! [`Filter`] and [`page`]: the WHERE clauses and their numbered arguments, the count and the page of
//! rows, and the page reply; `list_query!` declares a list's query string with the paging every list
//! takes, which [`Listing`] (or [`listing`]) reads. [`Staff`] is the permission check every handler
//! starts with, and [`upload_start`] the one every upload starts with. `staff_path!` writes a staff
//! call's OpenAPI annotation around its handler, so each call states only what is its own.

use std::{collections::HashSet, future::Future};

use axum::{
    extract::{FromRequestParts, Query, rejection::QueryRejection},
    http::{HeaderMap, header, request::Parts},
    response::Response,
};
use onda_shared::{
    backoffice_catalogue::{CatalogueItem, CataloguePage},
    backoffice_promotions::{PromotionAnswerRow, PromotionAnswersPage, PromotionPage, PromotionRow},
    newsroom::{AuditEntry, AuditPage, NewsroomPage, NewsroomRow},
    people::{PeoplePage, PersonRow},
};
use serde::{Serialize, de::DeserializeOwned};
use serde_json::Value;
use sqlx::{Any, AnyConnection, Row, Transaction, any::AnyRow, error::DatabaseError};

use super::{after_write, audit::record, contains_pattern, first_free, no_store, paging, slug_base};
use crate::{
    AppState, Error, Result,
    auth::AuthUser,
    db::{Arg, bind_all},
    error::ok,
    extract::path_number,
    staff::{NO_PERMISSION, permissions_of, require},
};

/// A save's transaction.
pub(super) type Tx = Transaction<'static, Any>;

/// One kind of record the back office saves: where it lives, how it is read, what the audit log keeps.
pub(super) trait Area: Sync {
    /// The record as the editor loads it (and the save answers it).
    type Record: Send + Sync;

    /// The record's table (ours, never a client's text).
    fn table(&self) -> &'static str;

    /// The column [`Save::open`] writes to itself to take the row: any column every row has.
    fn lock_column(&self) -> &'static str {
        "version"
    }

    /// The audit log's entity ('news'); each action is `{entity}.{verb}` ('news.update').
    fn entity(&self) -> String;

    /// The 404 message of an unknown id.
    fn not_found(&self) -> &'static str;

    /// The record `id` as it is on `conn` (a transaction's, to see its own writes); `None` if unknown.
    fn load(
        &self,
        conn: &mut AnyConnection,
        id: i64,
    ) -> impl Future<Output = Result<Option<Self::Record>>> + Send;

    /// The record as the audit log keeps it (the caller's fields, long texts cut).
    fn audit_copy(&self, record: &Self::Record) -> Value;

    /// A write the database refused (an area that answers some refusals as the client's mistake says
    /// so here; anything else is a server error).
    fn refusal(&self, err: sqlx::Error) -> Error {
        err.into()
    }

    /// Whether a unique violation on insert is a slug another save took meanwhile (so a new slug is
    /// picked), rather than another column's clash.
    fn slug_clash(&self, _err: &dyn DatabaseError) -> bool {
        true
    }

    /// Whether a save is followed by [`after_write`] (what the public pages show changed).
    fn refreshes(&self) -> bool {
        true
    }

    /// A path id; anything that cannot name a record is the 404 an unknown one gets.
    fn id(&self, raw: &str) -> Result<i64> {
        path_number(raw, "id", 1, i64::MAX).map_err(|_| Error::not_found(self.not_found()))
    }
}

/// A record saved with a `version` the editor sends back: a save of another version is stale.
pub(super) trait Versioned: Area {
    /// The 409's message ('someone saved it since you opened it').
    const STALE: &'static str;

    /// The stored version.
    fn version(&self, record: &Self::Record) -> Option<i64>;
}

/// The [`Area`] and [`Versioned`] impls of a versioned record kind, from what differs: its type and
/// record, table, audit entity, 404 and 409 messages, the function that loads it, and how the audit
/// copy and the version are read from it (`self` named by the first name of `copy`).
macro_rules! versioned_area {
    ($area:ty: $record:ty, $table:literal, $entity:literal, $not_found:expr, $stale:expr,
     load $load:path, copy |$this:ident, $copied:ident| $copy:expr, version |$read:ident| $version:expr) => {
        impl super::kit::Area for $area {
            type Record = $record;

            fn table(&self) -> &'static str {
                $table
            }

            fn entity(&self) -> String {
                $entity.to_owned()
            }

            fn not_found(&self) -> &'static str {
                $not_found
            }

            async fn load(&self, conn: &mut sqlx::AnyConnection, id: i64) -> crate::Result<Option<$record>> {
                $load(conn, id).await
            }

            fn audit_copy(&self, $copied: &$record) -> serde_json::Value {
                let $this = self;
                $copy
            }
        }

        impl super::kit::Versioned for $area {
            const STALE: &'static str = $stale;

            fn version(&self, $read: &$record) -> Option<i64> {
                $version
            }
        }
    };
}
pub(super) use versioned_area;

/// A staff call's handler with its `#[utoipa::path]`: what every staff call documents alike (the
/// back-office and staff tags, a session by bearer token or cookie, the error body) is written here
/// once, and a call gives only what is its own: the method and path; `id` and its description when
/// the path names a record (first among the parameters); any other parameters (`params(…)`, as
/// utoipa takes them); the body (`body` a JSON type, or `request_body(…)` as utoipa takes it); the
/// 200 reply's description and body; and each error's status and description.
macro_rules! staff_path {
    (
        $method:ident $path:literal $(, id $id:literal)? $(, params($($param:tt)*))?
        $(, body $input:ty)? $(, request_body($($request:tt)*))?
        => $ok:literal: $reply:ty $(, $status:literal $why:literal)*;
        $handler:item
    ) => {
        #[utoipa::path($method, path = $path,
            tags = [$crate::openapi::tags::BACKOFFICE, $crate::openapi::tags::STAFF],
            params($(("id" = String, Path, pattern = "^[0-9]{1,18}$", description = $id),)? $($($param)*)?),
            $(request_body = $input,)? $(request_body($($request)*),)?
            security(("bearer" = []), ("cookie" = [])),
            responses(
                (status = 200, description = $ok, body = $reply),
                $((status = $status, description = $why, body = $crate::openapi::ErrorReply),)*
            ))]
        $handler
    };
}
pub(super) use staff_path;

/// How a new record's slug is made: from its title, free in its table (within `within`'s value when
/// slugs are unique per scope), in the `avoid` tables, and none of `reserved`.
pub(super) struct Slug<'a> {
    pub title: &'a str,
    /// The slug of a title without letters.
    pub fallback: &'static str,
    pub within: Option<(&'static str, i64)>,
    pub avoid: &'static [&'static str],
    pub reserved: Vec<String>,
}

impl Slug<'_> {
    /// A slug no row has now (another save may still take it before ours: [`Save::insert`] retries).
    async fn pick(&self, conn: &mut AnyConnection, table: &str) -> Result<String> {
        let base = slug_base(self.title, self.fallback);
        let pattern = format!("{base}-%");
        let mut taken: HashSet<String> = self.reserved.iter().cloned().collect();
        let (scope, scope_value) = match self.within {
            Some((column, value)) => (format!("{column} = $3 AND "), value),
            None => (String::new(), 0),
        };
        let own = format!("SELECT slug FROM {table} WHERE {scope}(slug = $1 OR slug LIKE $2)");
        let mut query = sqlx::query_scalar::<_, String>(&own).bind(&base).bind(&pattern);
        if self.within.is_some() {
            query = query.bind(scope_value);
        }
        taken.extend(query.fetch_all(&mut *conn).await?);
        for other in self.avoid {
            let sql = format!("SELECT slug FROM {other} WHERE slug = $1 OR slug LIKE $2");
            let slugs: Vec<String> = sqlx::query_scalar(&sql)
                .bind(&base)
                .bind(&pattern)
                .fetch_all(&mut *conn)
                .await?;
            taken.extend(slugs);
        }
        Ok(first_free(&base, &taken))
    }
}

/// `Arg` of an optional number (NULL when absent).
pub(super) fn opt(value: Option<i64>) -> Arg {
    value.map_or(Arg::Null, Arg::Int)
}

/// `Arg` of a flag stored as 0/1.
pub(super) fn flag(value: bool) -> Arg {
    Arg::Int(i64::from(value))
}

/// `Arg` of a text.
pub(super) fn text(value: &str) -> Arg {
    Arg::Text(value.to_owned())
}

/// The record a path id names, as the editor loads it (404 for an id no record has).
pub(super) async fn read<A: Area>(state: &AppState, area: &A, raw_id: &str) -> Result<A::Record> {
    let id = area.id(raw_id)?;
    let mut conn = state.db.pool.acquire().await?;
    area.load(&mut conn, id)
        .await?
        .ok_or_else(|| Error::not_found(area.not_found()))
}

/// Deletes record `id` unless `refused` answers why not (a record others hold on to): all of a delete
/// call once its permission and id are checked. Answers the empty reply.
pub(super) async fn delete<A: Area>(
    state: &AppState,
    user: &AuthUser,
    area: &A,
    id: i64,
    refused: impl FnOnce(&A::Record) -> Option<Error> + Send,
) -> Result<Response> {
    let (save, before) = Save::open(state, area, id).await?;
    if let Some(refusal) = refused(&before) {
        return Err(refusal);
    }
    save.delete(user, &before).await?;
    Ok(no_store(ok(())))
}

/// The `version` an editor must send with a change (400 without).
pub(super) fn sent_version(sent: Option<i64>) -> Result<i64> {
    sent.ok_or_else(|| Error::bad_request("version is required"))
}

/// One save in progress: its transaction, holding the record's row.
pub(super) struct Save<'s, A: Area> {
    state: &'s AppState,
    area: &'s A,
    tx: Tx,
    id: i64,
}

impl<'s, A: Area> Save<'s, A> {
    /// Takes row `id` for a new transaction before anything is read, by writing the lock column to
    /// itself: on SQLite the write lock at once (a transaction that reads first and writes later fails
    /// outright, SQLITE_BUSY_SNAPSHOT, when another connection wrote in between); on PostgreSQL the
    /// row, so two saves of one record queue and the second sees the first's version (409). An unknown
    /// id is the area's 404.
    pub async fn lock(state: &'s AppState, area: &'s A, id: i64) -> Result<Self> {
        let mut tx = state.db.pool.begin().await?;
        let column = area.lock_column();
        let sql = format!("UPDATE {} SET {column} = {column} WHERE id = $1", area.table());
        if sqlx::query(&sql)
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 0
        {
            return Err(Error::not_found(area.not_found()));
        }
        Ok(Self { state, area, tx, id })
    }

    /// [`Save::lock`], then the record as it is before the change.
    pub async fn open(state: &'s AppState, area: &'s A, id: i64) -> Result<(Self, A::Record)> {
        let mut save = Self::lock(state, area, id).await?;
        let before = area
            .load(&mut save.tx, id)
            .await?
            .ok_or_else(|| Error::not_found(area.not_found()))?;
        Ok((save, before))
    }

    /// Inserts a new record's `columns` (and its slug, when it has one) as the first statement of a new
    /// transaction: the caller reads what it checks before (see [`Save::lock`] on SQLite). When another
    /// save took the slug meanwhile, a new one is picked and the insert tried again.
    pub async fn insert(
        state: &'s AppState,
        area: &'s A,
        columns: Vec<(&'static str, Arg)>,
        slug: Option<Slug<'_>>,
    ) -> Result<Self> {
        let mut conn = match slug {
            Some(_) => Some(state.db.pool.acquire().await?),
            None => None,
        };
        let mut attempts = 0;
        loop {
            let mut row = columns.clone();
            if let (Some(slug), Some(conn)) = (&slug, conn.as_mut()) {
                row.push(("slug", Arg::Text(slug.pick(conn, area.table()).await?)));
            }
            let names: Vec<&str> = row.iter().map(|(column, _)| *column).collect();
            let placeholders: Vec<String> = (1..=row.len()).map(|n| format!("${n}")).collect();
            let args: Vec<Arg> = row.into_iter().map(|(_, arg)| arg).collect();
            let sql = format!(
                "INSERT INTO {} ({}) VALUES ({}) RETURNING id",
                area.table(),
                names.join(", "),
                placeholders.join(", ")
            );
            let mut tx = state.db.pool.begin().await?;
            match bind_all(sqlx::query(&sql), &args).fetch_one(&mut *tx).await {
                Ok(inserted) => {
                    let id = inserted.try_get::<i64, _>(0)?;
                    return Ok(Self { state, area, tx, id });
                }
                // Another save took the same slug meanwhile: pick again (this transaction rolls back).
                Err(sqlx::Error::Database(err))
                    if err.is_unique_violation()
                        && slug.is_some()
                        && area.slug_clash(err.as_ref())
                        && attempts < 3 =>
                {
                    attempts += 1;
                }
                Err(err) => return Err(area.refusal(err)),
            }
        }
    }

    /// The record's id.
    pub fn id(&self) -> i64 {
        self.id
    }

    /// The transaction, for the area's own writes.
    pub fn conn(&mut self) -> &mut AnyConnection {
        &mut self.tx
    }

    /// Writes the audit row of `verb` with the copies given.
    pub async fn audit(
        &mut self,
        user: &AuthUser,
        verb: &str,
        before: Option<&Value>,
        after: Option<&Value>,
    ) -> Result<()> {
        let entity = self.area.entity();
        let action = format!("{entity}.{verb}");
        record(
            &mut self.tx,
            user.user_id,
            &action,
            &entity,
            Some(self.id),
            before,
            after,
        )
        .await
    }

    /// Commits, then runs the after-write steps.
    pub async fn done(self) -> Result<()> {
        self.tx.commit().await?;
        if self.area.refreshes() {
            after_write(self.state).await;
        }
        Ok(())
    }

    /// Ends a create (`before` none) or a change: the record read again inside the transaction, the
    /// audit row with both copies, the commit and the after-write steps. Answers the record as stored.
    pub async fn finish(
        mut self,
        user: &AuthUser,
        verb: &str,
        before: Option<&A::Record>,
    ) -> Result<A::Record> {
        let (area, id) = (self.area, self.id);
        let after = area.load(&mut self.tx, id).await?.ok_or_else(|| {
            Error::Internal(anyhow::anyhow!(
                "{} {id} vanished inside its transaction",
                area.entity()
            ))
        })?;
        let before = before.map(|before| area.audit_copy(before));
        self.audit(user, verb, before.as_ref(), Some(&area.audit_copy(&after)))
            .await?;
        self.done().await?;
        Ok(after)
    }

    /// Writes the record's own `columns` (`UPDATE … SET column = value`); a refusal is the area's.
    pub async fn set(&mut self, columns: Vec<(&'static str, Arg)>) -> Result<()> {
        self.update(columns, "", None).await.map(|_| ())
    }

    async fn update(
        &mut self,
        columns: Vec<(&'static str, Arg)>,
        also: &str,
        version: Option<i64>,
    ) -> Result<u64> {
        let area = self.area;
        let mut args: Vec<Arg> = Vec::with_capacity(columns.len() + 2);
        let mut sets: Vec<String> = Vec::with_capacity(columns.len());
        for (column, arg) in columns {
            args.push(arg);
            sets.push(format!("{column} = ${}", args.len()));
        }
        args.push(Arg::Int(self.id));
        let mut sql = format!(
            "UPDATE {} SET {}{also} WHERE id = ${}",
            area.table(),
            sets.join(", "),
            args.len()
        );
        if let Some(version) = version {
            args.push(Arg::Int(version));
            sql.push_str(&format!(" AND version = ${}", args.len()));
        }
        let done = bind_all(sqlx::query(&sql), &args)
            .execute(&mut *self.tx)
            .await
            .map_err(|err| area.refusal(err))?;
        Ok(done.rows_affected())
    }

    /// Deletes the record (rows that belong to it go by the foreign keys' ON DELETE CASCADE; SQLite's
    /// foreign_keys pragma is on, db.rs); the audit row keeps its fields.
    async fn delete(mut self, user: &AuthUser, before: &A::Record) -> Result<()> {
        let area = self.area;
        sqlx::query(&format!("DELETE FROM {} WHERE id = $1", area.table()))
            .bind(self.id)
            .execute(&mut *self.tx)
            .await
            .map_err(|err| area.refusal(err))?;
        self.audit(user, "delete", Some(&area.audit_copy(before)), None)
            .await?;
        self.done().await
    }
}

impl<A: Versioned> Save<'_, A> {
    /// The version the editor sent, when it is the stored one: 400 without one, 409 when stale.
    pub fn check_version(&self, before: &A::Record, sent: Option<i64>) -> Result<i64> {
        let sent = sent_version(sent)?;
        if Some(sent) != self.area.version(before) {
            return Err(self.stale());
        }
        Ok(sent)
    }

    /// Writes the record's own `columns` and the next version, if `version` is still the stored one
    /// (else 409: saved by someone else between the read and this write).
    pub async fn set_versioned(&mut self, columns: Vec<(&'static str, Arg)>, version: i64) -> Result<()> {
        if self
            .update(columns, ", version = version + 1", Some(version))
            .await?
            == 0
        {
            return Err(self.stale());
        }
        Ok(())
    }

    /// The 409 of a save that lost to another.
    pub fn stale(&self) -> Error {
        Error::Conflict(A::STALE.to_owned())
    }
}

// ---------------------------------------------------------------------------------------------------
// Lists

/// A list's query string, or 400 'invalid query'.
pub(super) fn query<T>(query: std::result::Result<Query<T>, QueryRejection>) -> Result<T> {
    match query {
        Ok(Query(query)) => Ok(query),
        Err(_) => Err(Error::bad_request("invalid query")),
    }
}

/// What a list query says of its page: `page` and `perPage` as sent.
pub(super) trait Paged {
    fn paging(&self) -> (Option<&str>, Option<&str>);
}

/// A list's query string and its page and page size (`paging`): 400 'invalid query', or a page
/// outside its bounds.
pub(super) fn listing<T: Paged>(
    query: std::result::Result<Query<T>, QueryRejection>,
) -> Result<(T, (i64, i64))> {
    let query = self::query(query)?;
    let (page, per_page) = query.paging();
    let paging = paging(page, per_page)?;
    Ok((query, paging))
}

/// [`listing`] as the argument after [`Staff`] of a list that checks nothing before its query.
pub(super) struct Listing<T>(pub T, pub (i64, i64));

impl<T: Paged + DeserializeOwned + Send> FromRequestParts<AppState> for Listing<T> {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self> {
        let (query, paging) = listing(Query::<T>::from_request_parts(parts, state).await)?;
        Ok(Self(query, paging))
    }
}

/// A list's query string (its parameters documented as the struct says): the list's own fields,
/// and the `page` and `perPage` every list takes, after them (or before them, `paging` first).
macro_rules! list_query {
    ($vis:vis struct $name:ident { paging, $($own:tt)* }) => {
        #[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
        #[into_params(parameter_in = Query)]
        #[serde(rename_all = "camelCase")]
        $vis struct $name {
            /// 1-based, default 1.
            #[param(pattern = "^[0-9]{1,7}$")]
            page: Option<String>,
            /// 1–100, default 20.
            #[param(pattern = "^[0-9]{1,3}$")]
            per_page: Option<String>,
            $($own)*
        }
        $crate::routes::backoffice::kit::list_query!(@paged $name);
    };
    ($vis:vis struct $name:ident { $($own:tt)* }) => {
        #[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
        #[into_params(parameter_in = Query)]
        #[serde(rename_all = "camelCase")]
        $vis struct $name {
            $($own)*
            /// 1-based, default 1.
            #[param(pattern = "^[0-9]{1,7}$")]
            page: Option<String>,
            /// 1–100, default 20.
            #[param(pattern = "^[0-9]{1,3}$")]
            per_page: Option<String>,
        }
        $crate::routes::backoffice::kit::list_query!(@paged $name);
    };
    (@paged $name:ident) => {
        impl $crate::routes::backoffice::kit::Paged for $name {
            fn paging(&self) -> (Option<&str>, Option<&str>) {
                (self.page.as_deref(), self.per_page.as_deref())
            }
        }
    };
}
pub(super) use list_query;

/// The words searched (trimmed; `None` when empty). Longer than `max` characters or with a NUL
/// (PostgreSQL stores none) is a 400 with `message`.
pub(super) fn search<'q>(q: Option<&'q str>, max: usize, message: &str) -> Result<Option<&'q str>> {
    let Some(q) = q.map(str::trim).filter(|q| !q.is_empty()) else {
        return Ok(None);
    };
    if q.chars().count() > max || q.contains('\0') {
        return Err(Error::bad_request(message));
    }
    Ok(Some(q))
}

/// A list's WHERE: clauses joined by AND, with their arguments in placeholder order.
#[derive(Default)]
pub(super) struct Filter {
    clauses: Vec<String>,
    args: Vec<Arg>,
}

impl Filter {
    /// Adds an argument and answers its placeholder (`$3`).
    pub fn arg(&mut self, arg: Arg) -> String {
        self.args.push(arg);
        format!("${}", self.args.len())
    }

    pub fn clause(&mut self, clause: impl Into<String>) {
        self.clauses.push(clause.into());
    }

    /// `expr` contains `words`, case-insensitive (LIKE with its own characters escaped).
    pub fn contains(&mut self, expr: &str, words: &str) {
        let n = self.arg(Arg::Text(contains_pattern(&words.to_lowercase())));
        self.clause(format!("LOWER({expr}) LIKE {n} ESCAPE '\\'"));
    }

    fn sql(&self) -> String {
        if self.clauses.is_empty() {
            "1 = 1".to_owned()
        } else {
            self.clauses.join(" AND ")
        }
    }
}

/// A page of a list as the editor gets it: the rows of this page, how many there are in all.
pub(super) struct Listed {
    pub rows: Vec<AnyRow>,
    total: i64,
    page: i64,
    per_page: i64,
}

impl Listed {
    /// The page reply of `items` (the rows as the list shows them).
    pub fn reply<P: PageReply>(self, items: Vec<P::Item>) -> Response {
        no_store(ok(P::new(items, self.total, self.page, self.per_page)))
    }

    /// The page reply of the rows read by `item`.
    pub fn map<P: PageReply>(self, item: impl FnMut(&AnyRow) -> Result<P::Item>) -> Result<Response> {
        let items = self.rows.iter().map(item).collect::<Result<Vec<_>>>()?;
        Ok(self.reply::<P>(items))
    }
}

/// The shared shape of a page reply: `items`, `total`, `page`, `perPage`.
pub(super) trait PageReply: Serialize {
    type Item;

    fn new(items: Vec<Self::Item>, total: i64, page: i64, per_page: i64) -> Self;
}

macro_rules! page_replies {
    ($($page:ty: $item:ty),* $(,)?) => {$(
        impl PageReply for $page {
            type Item = $item;

            fn new(items: Vec<$item>, total: i64, page: i64, per_page: i64) -> Self {
                Self { items, total, page, per_page }
            }
        }
    )*};
}

page_replies!(
    NewsroomPage: NewsroomRow,
    AuditPage: AuditEntry,
    PromotionPage: PromotionRow,
    PromotionAnswersPage: PromotionAnswerRow,
    PeoplePage: PersonRow,
    CataloguePage: CatalogueItem,
);

/// One page of a list: how many rows `from` (FROM and the joins the filter needs) holds under
/// `filter`, and page `page` of `per_page` rows of `select` (SELECT … FROM … with every join) in
/// `order`.
pub(super) async fn page(
    conn: &mut AnyConnection,
    from: &str,
    select: &str,
    mut filter: Filter,
    order: &str,
    (page, per_page): (i64, i64),
) -> Result<Listed> {
    let clauses = filter.sql();
    let count = format!("SELECT CAST(COUNT(*) AS BIGINT) {from} WHERE {clauses}");
    let total: i64 = bind_all(sqlx::query(&count), &filter.args)
        .fetch_one(&mut *conn)
        .await?
        .try_get(0)?;
    let limit = filter.arg(Arg::Int(per_page));
    let offset = filter.arg(Arg::Int((page - 1).saturating_mul(per_page)));
    let sql = format!("{select} WHERE {clauses} ORDER BY {order} LIMIT {limit} OFFSET {offset}");
    let rows = bind_all(sqlx::query(&sql), &filter.args)
        .fetch_all(&mut *conn)
        .await?;
    Ok(Listed {
        rows,
        total,
        page,
        per_page,
    })
}

// ---------------------------------------------------------------------------------------------------
// Uploads

/// The checks every upload makes before it reads a byte of the body: the caller holds one of
/// `permissions` (403 'no permission'), the body is multipart (400) and not declared longer than
/// `max_body` (400 `too_large`: nothing is read). Answers the multipart boundary.
pub(super) async fn upload_start(
    state: &AppState,
    user: &AuthUser,
    permissions: &[i64],
    headers: &HeaderMap,
    max_body: usize,
    too_large: &str,
) -> Result<String> {
    let held = permissions_of(&state.db, user.user_id).await?;
    if !permissions.iter().any(|permission| held.contains(permission)) {
        return Err(Error::Forbidden(NO_PERMISSION.to_owned()));
    }
    let boundary = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| multer::parse_boundary(value).ok())
        .ok_or_else(|| Error::bad_request("expected a multipart/form-data body with a file field"))?;
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if declared.is_some_and(|length| length > max_body as u64) {
        return Err(Error::bad_request(too_large));
    }
    Ok(boundary)
}

/// The audit row of a change that is no record's save (an upload), on its own transaction.
pub(super) async fn note(state: &AppState, user: &AuthUser, action: &str, after: &Value) -> Result<()> {
    let entity = action.split_once('.').map_or(action, |(entity, _)| entity);
    let mut tx = state.db.pool.begin().await?;
    record(&mut tx, user.user_id, action, entity, None, None, Some(after)).await?;
    tx.commit().await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------------
// Who may call

/// The state and the caller of a back-office call, once the caller holds permission `P`
/// (`staff::require`: 401 without a session, 403 'no permission' without it). It is the first thing
/// a handler takes, so a refusal comes before the path or the body is looked at.
pub(super) struct Staff<const P: i64>(pub AppState, pub AuthUser);

impl<const P: i64> FromRequestParts<AppState> for Staff<P> {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self> {
        let user = AuthUser::from_request_parts(parts, state).await?;
        require(state, &user, P).await?;
        Ok(Self(state.clone(), user))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filter_numbers_its_arguments_in_order() {
        let mut filter = Filter::default();
        assert_eq!(filter.sql(), "1 = 1");
        filter.contains("n.title", "50%");
        let n = filter.arg(Arg::Int(7));
        filter.clause(format!("n.id = {n}"));
        assert_eq!(filter.sql(), "LOWER(n.title) LIKE $1 ESCAPE '\\' AND n.id = $2");
        assert!(matches!(&filter.args[0], Arg::Text(pattern) if pattern == "%50\\%%"));
    }

    #[test]
    fn searches_are_trimmed_and_bounded() {
        assert_eq!(search(Some("  rock "), 10, "invalid q").ok(), Some(Some("rock")));
        assert_eq!(search(Some("   "), 10, "invalid q").ok(), Some(None));
        assert!(search(Some("a\0b"), 10, "invalid q").is_err());
        assert!(search(Some("abcdefghijk"), 10, "invalid q").is_err());
    }
}
