//! The catalogue and the station's pages in the back office (`/api/v1/backoffice/catalogue*`): one set of
//! calls for every collection described in `collections` (artists, albums, songs, the top-10 lists and
//! the yearly top 100, programmes, affiliates, partners, clients and spots, the PRO FAQ, legal texts, the
//! sentences of the day: permission 7; journalists, news categories and tags: permission 5), plus the
//! station's settings (`settings`) and the audio upload (`audio`).
//!
//! An item is read and written as `values` by field key; `values::check` validates each by its kind
//! with a message naming the field. A write is one transaction with its audit row. Deleting an item
//! that others use (an artist with songs, a category with news) is refused by the database's foreign
//! keys and answered 409 `CATALOGUE_IN_USE`, never half done.

pub mod audio;
pub mod collections;
pub mod settings;
mod values;

use std::collections::BTreeMap;

use axum::{
    extract::{Query, State, rejection::QueryRejection},
    response::Response,
};
use onda_shared::{
    backoffice_catalogue::{
        CatalogueInput, CatalogueItem, CataloguePage, CatalogueSpec, FieldKind, MoveRequest,
    },
    validation::messages,
};
use serde_json::Value;
use sqlx::{AnyConnection, Row, any::AnyRow, error::DatabaseError};
use utoipa_axum::{router::OpenApiRouter, routes};

use self::{
    collections::{COLLECTIONS, Collection, Field, Slug, find},
    values::{Stored, check_all, check_hosts, message, read},
};
use super::{
    kit::{self, Area, Filter, Save},
    no_store,
};
use crate::{
    AppState, Error, Result,
    auth::AuthUser,
    clock::now,
    db::{Arg, bind_all},
    error::ok,
    extract::{ApiJson, ApiPath},
    openapi::{EmptyReply, Reply},
    staff::{NO_PERMISSION, permissions_of, require},
};

const COLLECTION_NOT_FOUND: &str = "collection not found";
const ITEM_NOT_FOUND: &str = "item not found";
const QUERY_MAX: usize = 100;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(catalogue_spec))
        .routes(routes!(items_list, item_create))
        .routes(routes!(item_get, item_update, item_delete))
        .routes(routes!(item_move))
        .routes(routes!(settings::settings_get, settings::settings_update))
        .routes(routes!(audio::upload_audio))
}

/// The collection `key`, once the caller holds its permission. An unknown collection is 404 only to
/// staff who may open some collection; anyone else is refused (403) before anything is looked up.
async fn collection(state: &AppState, user: &AuthUser, key: &str) -> Result<&'static Collection> {
    let Some(collection) = find(key) else {
        let held = permissions_of(&state.db, user.user_id).await?;
        if !held
            .iter()
            .any(|permission| COLLECTIONS.iter().any(|c| c.permission == *permission))
        {
            return Err(Error::Forbidden(NO_PERMISSION.to_owned()));
        }
        return Err(Error::not_found(COLLECTION_NOT_FOUND));
    };
    require(state, user, collection.permission).await?;
    Ok(collection)
}

/// A collection's items for the save kit: no version (the last save wins), the database's refusals
/// answered as the client's mistakes they are ([`database_refusal`]).
impl Area for Collection {
    type Record = CatalogueItem;

    fn table(&self) -> &'static str {
        self.table
    }

    /// The title's column: not every collection has a version.
    fn lock_column(&self) -> &'static str {
        self.title_column()
    }

    fn entity(&self) -> String {
        format!("catalogue.{}", self.key)
    }

    fn not_found(&self) -> &'static str {
        ITEM_NOT_FOUND
    }

    async fn load(&self, conn: &mut AnyConnection, id: i64) -> Result<Option<CatalogueItem>> {
        load(conn, self, id).await
    }

    fn audit_copy(&self, item: &CatalogueItem) -> Value {
        audit_copy(item)
    }

    fn refusal(&self, err: sqlx::Error) -> Error {
        database_refusal(self, err)
    }

    /// A clash on a field's own column (an affiliate's stream id) is the client's; only the slug's is
    /// picked again.
    fn slug_clash(&self, err: &dyn DatabaseError) -> bool {
        violated_field(self, err).is_none()
    }
}

/// The SELECT list of an item: id, slug, label, every column field, and each reference's label.
fn select_list(collection: &Collection) -> String {
    let mut columns = vec![
        "t.id".to_owned(),
        format!("({}) AS item_label", collection.label("t")),
    ];
    if collection.slug != Slug::None {
        columns.push("t.slug".to_owned());
    }
    for field in collection.fields {
        if field.child.is_some() {
            continue;
        }
        columns.push(format!("t.{}", field.column));
        if let Some(reference) = field.reference.and_then(find) {
            columns.push(format!(
                "(SELECT {} FROM {} r WHERE r.id = t.{}) AS ref_{}",
                reference.label("r"),
                reference.table,
                field.column,
                field.column
            ));
        }
    }
    columns.join(", ")
}

/// An item from its row, with its list fields read from their tables.
async fn item_of(conn: &mut AnyConnection, collection: &Collection, row: &AnyRow) -> Result<CatalogueItem> {
    let id: i64 = row.try_get("id")?;
    let mut values = BTreeMap::new();
    let mut labels = BTreeMap::new();
    for field in collection.fields {
        match field.child {
            None => {
                values.insert(field.key.to_owned(), read(field, row)?);
                if field.reference.is_some() {
                    let label: Option<String> = row.try_get(format!("ref_{}", field.column).as_str())?;
                    labels.insert(field.key.to_owned(), label.map_or(Value::Null, Value::String));
                }
            }
            Some(child) if field.kind == FieldKind::SongList => {
                let songs = find("songs").map_or_else(|| "s.name".to_owned(), |songs| songs.label("s"));
                let rows: Vec<(i64, String)> = sqlx::query_as(&format!(
                    "SELECT e.{value}, {songs} FROM {table} e JOIN songs s ON s.id = e.{value} \
                     WHERE e.{parent} = $1 ORDER BY e.position",
                    value = child.value,
                    table = child.table,
                    parent = child.parent,
                ))
                .bind(id)
                .fetch_all(&mut *conn)
                .await?;
                let (ids, names): (Vec<i64>, Vec<String>) = rows.into_iter().unzip();
                values.insert(field.key.to_owned(), Value::from(ids));
                labels.insert(field.key.to_owned(), Value::from(names));
            }
            Some(child) => {
                let texts: Vec<String> = sqlx::query_scalar(&format!(
                    "SELECT {value} FROM {table} WHERE {parent} = $1 ORDER BY position, {value}",
                    value = child.value,
                    table = child.table,
                    parent = child.parent,
                ))
                .bind(id)
                .fetch_all(&mut *conn)
                .await?;
                values.insert(field.key.to_owned(), Value::from(texts));
            }
        }
    }
    Ok(CatalogueItem {
        id,
        slug: if collection.slug == Slug::None {
            String::new()
        } else {
            row.try_get("slug")?
        },
        title: row
            .try_get::<Option<String>, _>("item_label")?
            .unwrap_or_default(),
        values,
        labels,
    })
}

async fn load(conn: &mut AnyConnection, collection: &Collection, id: i64) -> Result<Option<CatalogueItem>> {
    let row = sqlx::query(&format!(
        "SELECT {} FROM {} t WHERE t.id = $1",
        select_list(collection),
        collection.table
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    match row {
        Some(row) => Ok(Some(item_of(conn, collection, &row).await?)),
        None => Ok(None),
    }
}

/// The audit copy of an item: its values, long HTML cut.
fn audit_copy(item: &CatalogueItem) -> Value {
    let mut values = serde_json::Map::new();
    for (key, value) in &item.values {
        let value = match value {
            Value::String(text) if text.chars().count() > 2_000 => {
                Value::String(text.chars().take(2_000).collect())
            }
            other => other.clone(),
        };
        values.insert(key.clone(), value);
    }
    serde_json::json!({ "slug": item.slug, "values": values })
}

// ---------------------------------------------------------------------------------------------------
// Reading

kit::staff_path! {
    get "/backoffice/catalogue"
        => "The collections of the caller's permissions (5 and/or 7)": Reply<CatalogueSpec>,
        403 "Neither permission 5 nor 7";
    /// The collections the caller may edit, with their fields.
    pub(super) async fn catalogue_spec(State(state): State<AppState>, user: AuthUser) -> Result<Response> {
        let held = permissions_of(&state.db, user.user_id).await?;
        let collections: Vec<_> = COLLECTIONS
            .iter()
            .filter(|collection| held.contains(&collection.permission))
            .map(Collection::spec)
            .collect();
        if collections.is_empty() {
            return Err(Error::Forbidden(NO_PERMISSION.to_owned()));
        }
        Ok(no_store(ok(CatalogueSpec { collections })))
    }
}

kit::list_query! {
    pub(super) struct ListQuery {
        /// Words of the item's name (case-insensitive; up to 100 characters).
        #[param(max_length = 100)]
        q: Option<String>,
    }
}

kit::staff_path! {
    get "/backoffice/catalogue/{collection}", params(("collection" = String, Path, pattern = "^[a-z0-9]{1,20}$", description = "A collection's key"), ListQuery)
        => "A page of items": Reply<CataloguePage>,
        404 "'collection not found'";
    /// A page of a collection's items, in its order (manual, else by name); `q` searches the names, which
    /// is also how the editor's pickers find an artist, a client or a song.
    pub(super) async fn items_list(
        State(state): State<AppState>,
        user: AuthUser,
        ApiPath(key): ApiPath<String>,
        query: std::result::Result<Query<ListQuery>, QueryRejection>,
    ) -> Result<Response> {
        let collection = collection(&state, &user, &key).await?;
        let (query, (page, per_page)) = kit::listing(query)?;
        let mut filter = Filter::default();
        if let Some(q) = kit::search(query.q.as_deref(), QUERY_MAX, "invalid q")? {
            filter.contains(&collection.label("t"), q);
        }
        let order = if collection.ordered {
            "t.position, t.id".to_owned()
        } else if let Some(order) = collection.order_sql {
            format!("{order}, t.id")
        } else {
            format!("LOWER({}), t.id", collection.label("t"))
        };
        let from = format!("FROM {} t", collection.table);
        let select = format!("SELECT {} {from}", select_list(collection));
        let mut conn = state.db.pool.acquire().await?;
        let listed = kit::page(&mut conn, &from, &select, filter, &order, (page, per_page)).await?;
        let mut items = Vec::with_capacity(listed.rows.len());
        for row in &listed.rows {
            items.push(item_of(&mut conn, collection, row).await?);
        }
        Ok(listed.reply::<CataloguePage>(items))
    }
}

kit::staff_path! {
    get "/backoffice/catalogue/{collection}/{id}", params(("collection" = String, Path, pattern = "^[a-z0-9]{1,20}$", description = "A collection's key"), ("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The item"))
        => "The item": Reply<CatalogueItem>,
        404 "'collection not found' or 'item not found'";
    /// One item, as the editor edits it.
    pub(super) async fn item_get(
        State(state): State<AppState>,
        user: AuthUser,
        ApiPath((key, id)): ApiPath<(String, String)>,
    ) -> Result<Response> {
        let collection = collection(&state, &user, &key).await?;
        Ok(no_store(ok(kit::read(&state, collection, &id).await?)))
    }
}

// ---------------------------------------------------------------------------------------------------
// Writing

/// Checks that every reference and song named exists (on `conn`, before or inside the write).
async fn check_references(
    conn: &mut AnyConnection,
    checked: &[(&'static collections::Field, Stored)],
) -> Result<()> {
    for (field, stored) in checked {
        let (table, ids): (&str, Vec<i64>) = match (field.kind, stored) {
            (FieldKind::Reference, Stored::Column(Arg::Int(id))) => {
                (field.reference.and_then(find).map_or("", |r| r.table), vec![*id])
            }
            (FieldKind::SongList, Stored::Ids(ids)) => ("songs", ids.clone()),
            _ => continue,
        };
        for id in ids {
            let found: Option<i64> = sqlx::query_scalar(&format!("SELECT id FROM {table} WHERE id = $1"))
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?;
            if found.is_none() {
                return Err(Error::bad_request(message(
                    messages::CATALOGUE_MISSING_REFERENCE,
                    field,
                )));
            }
        }
    }
    Ok(())
}

/// How a new item named `title` gets its slug: unique within the scope column's value when the
/// collection's slugs are unique per scope (a song within its artist).
fn new_slug<'t>(
    collection: &Collection,
    title: &'t str,
    checked: &[(&'static collections::Field, Stored)],
) -> kit::Slug<'t> {
    let within = match collection.slug {
        Slug::Within(scope) => {
            let scope_value = checked.iter().find_map(|(field, stored)| match stored {
                Stored::Column(Arg::Int(value)) if field.column == scope => Some(*value),
                _ => None,
            });
            Some((scope, scope_value.unwrap_or(0)))
        }
        _ => None,
    };
    kit::Slug {
        title,
        fallback: "item",
        within,
        avoid: collection.slug_avoids,
        reserved: collection
            .slug_reserved
            .iter()
            .map(|word| (*word).to_owned())
            .collect(),
    }
}

/// The values to write to the item's own columns: every column field, then the mirrors.
fn column_values(
    collection: &Collection,
    checked: &[(&'static collections::Field, Stored)],
) -> Vec<(&'static str, Arg)> {
    let mut columns: Vec<(&'static str, Arg)> = checked
        .iter()
        .filter_map(|(field, stored)| match stored {
            Stored::Column(arg) => Some((field.column, arg.clone())),
            _ => None,
        })
        .collect();
    for (target, source) in collection.mirrors {
        if let Some(arg) = columns
            .iter()
            .find(|(column, _)| column == source)
            .map(|(_, arg)| arg.clone())
        {
            columns.push((target, arg));
        }
    }
    if let Some(stamp) = collection.stamp {
        columns.push((stamp, Arg::Int(now())));
    }
    columns
}

/// Rewrites the list fields' tables and runs the collection's derived update.
async fn write_children(
    conn: &mut AnyConnection,
    collection: &Collection,
    id: i64,
    checked: &[(&'static collections::Field, Stored)],
) -> Result<()> {
    for (field, stored) in checked {
        let Some(child) = field.child else { continue };
        let entries: Vec<Arg> = match stored {
            Stored::Texts(texts) => texts.iter().cloned().map(Arg::Text).collect(),
            Stored::Ids(ids) => ids.iter().copied().map(Arg::Int).collect(),
            Stored::Column(_) => Vec::new(),
        };
        let (fill_columns, fill_values): (String, String) = child
            .fill
            .iter()
            .map(|(column, value)| (format!(", {column}"), format!(", {value}")))
            .unzip();
        let sql = format!(
            "INSERT INTO {} ({}, {}, position{fill_columns}) VALUES ($1, $2, $3{fill_values})",
            child.table, child.parent, child.value
        );
        // In place: the rows past the new last position go; the others are rewritten below.
        let count = i64::try_from(entries.len()).unwrap_or(i64::MAX);
        sqlx::query(&format!(
            "DELETE FROM {} WHERE {} = $1 AND position >= $2",
            child.table, child.parent
        ))
        .bind(id)
        .bind(if child.in_place {
            child.first + count
        } else {
            i64::MIN
        })
        .execute(&mut *conn)
        .await?;
        let update = format!(
            "UPDATE {} SET {} = $2 WHERE {} = $1 AND position = $3",
            child.table, child.value, child.parent
        );
        for (n, entry) in entries.into_iter().enumerate() {
            let position = child.first + i64::try_from(n).unwrap_or(i64::MAX);
            let args = [Arg::Int(id), entry, Arg::Int(position)];
            if child.in_place
                && bind_all(sqlx::query(&update), &args)
                    .execute(&mut *conn)
                    .await?
                    .rows_affected()
                    > 0
            {
                continue;
            }
            bind_all(sqlx::query(&sql), &args).execute(&mut *conn).await?;
        }
    }
    for after in collection.after {
        sqlx::query(after).bind(id).execute(&mut *conn).await?;
    }
    Ok(())
}

/// [`database_refusal`] of an error from writing an item's children (anything but the database's stays
/// as it is).
fn refusal(collection: &Collection, err: Error) -> Error {
    match err {
        Error::Database(err) => database_refusal(collection, err),
        other => other,
    }
}

/// The client's mistakes the database catches: a unique value taken (an affiliate's stream id), a
/// reference gone since it was checked. Anything else stays a server error.
fn database_refusal(collection: &Collection, err: sqlx::Error) -> Error {
    if let sqlx::Error::Database(db) = &err {
        if db.is_unique_violation() {
            let field = violated_field(collection, db.as_ref())
                .or_else(|| {
                    collection
                        .fields
                        .iter()
                        .find(|field| field.kind == FieldKind::Identifier)
                })
                .or_else(|| {
                    collection
                        .fields
                        .iter()
                        .find(|field| field.key == collection.title)
                });
            if let Some(field) = field {
                return Error::bad_request(message(messages::CATALOGUE_DUPLICATE, field));
            }
        }
        if db.is_foreign_key_violation() {
            return Error::Conflict(messages::CATALOGUE_IN_USE.to_owned());
        }
    }
    err.into()
}

/// The field whose column a unique violation names: both databases name it in their message
/// ('video_playlists.external_id' on SQLite, the constraint 'video_playlists_external_id_key' on
/// PostgreSQL). `None`: another column (the slug).
fn violated_field(collection: &Collection, db: &dyn sqlx::error::DatabaseError) -> Option<&'static Field> {
    let said = format!("{} {}", db.message(), db.constraint().unwrap_or_default());
    let table = collection.table;
    collection
        .fields
        .iter()
        .filter(|field| !field.column.is_empty())
        .find(|field| {
            said.contains(&format!("{table}.{}", field.column))
                || said.contains(&format!("{table}_{}_key", field.column))
        })
}

kit::staff_path! {
    post "/backoffice/catalogue/{collection}", params(("collection" = String, Path, pattern = "^[a-z0-9]{1,20}$", description = "A collection's key")), body CatalogueInput
        => "The item as stored": Reply<CatalogueItem>,
        400 "A field breaks its rule (the message names it)",
        404 "'collection not found'",
        409 "The collection's items are not created (CATALOGUE_FIXED)";
    /// A new item. Its slug (when the collection has them) is made from its name and never changes.
    pub(super) async fn item_create(
        State(state): State<AppState>,
        user: AuthUser,
        ApiPath(key): ApiPath<String>,
        body: std::result::Result<ApiJson<CatalogueInput>, Error>,
    ) -> Result<Response> {
        let collection = collection(&state, &user, &key).await?;
        if collection.fixed {
            return Err(Error::Conflict(messages::CATALOGUE_FIXED.to_owned()));
        }
        let ApiJson(input) = body?;
        let checked = check_all(collection, &input.values)?;
        check_hosts(&checked).await?;
        // Reads before the transaction, whose first statement is the insert (see news.rs: a SQLite
        // transaction that reads first fails when another connection wrote in between).
        let mut conn = state.db.pool.acquire().await?;
        check_references(&mut conn, &checked).await?;
        let title = checked
            .iter()
            .find(|(field, _)| field.key == collection.title)
            .and_then(|(_, stored)| match stored {
                Stored::Column(Arg::Text(text)) => Some(text.clone()),
                _ => None,
            })
            .unwrap_or_default();
        let position: Option<i64> = if collection.ordered {
            Some(
                sqlx::query_scalar(&format!(
                    "SELECT CAST(COALESCE(MAX(position), -1) + 1 AS BIGINT) FROM {}",
                    collection.table
                ))
                .fetch_one(&mut *conn)
                .await?,
            )
        } else {
            None
        };
        let mut columns = column_values(collection, &checked);
        if let Some(position) = position {
            columns.push(("position", Arg::Int(position)));
        }
        if let Some(created) = collection.created {
            columns.push((created, Arg::Int(now())));
        }
        drop(conn);
        let slug = (collection.slug != Slug::None).then(|| new_slug(collection, &title, &checked));
        let mut save = Save::insert(&state, collection, columns, slug).await?;
        let id = save.id();
        write_children(save.conn(), collection, id, &checked)
            .await
            .map_err(|err| refusal(collection, err))?;
        let after = save.finish(&user, "create", None).await?;
        Ok(no_store(ok(after)))
    }
}

kit::staff_path! {
    put "/backoffice/catalogue/{collection}/{id}", params(("collection" = String, Path, pattern = "^[a-z0-9]{1,20}$", description = "A collection's key"), ("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The item")), body CatalogueInput
        => "The item as stored now": Reply<CatalogueItem>,
        400 "A field breaks its rule (the message names it)",
        404 "'collection not found' or 'item not found'";
    /// Replaces an item's values (its slug stays).
    pub(super) async fn item_update(
        State(state): State<AppState>,
        user: AuthUser,
        ApiPath((key, id)): ApiPath<(String, String)>,
        body: std::result::Result<ApiJson<CatalogueInput>, Error>,
    ) -> Result<Response> {
        let collection = collection(&state, &user, &key).await?;
        let id = collection.id(&id)?;
        let ApiJson(input) = body?;
        let checked = check_all(collection, &input.values)?;
        check_hosts(&checked).await?;
        let (mut save, before) = Save::open(&state, collection, id).await?;
        check_references(save.conn(), &checked).await?;
        save.set(column_values(collection, &checked)).await?;
        write_children(save.conn(), collection, id, &checked)
            .await
            .map_err(|err| refusal(collection, err))?;
        let after = save.finish(&user, "update", Some(&before)).await?;
        Ok(no_store(ok(after)))
    }
}

kit::staff_path! {
    delete "/backoffice/catalogue/{collection}/{id}", params(("collection" = String, Path, pattern = "^[a-z0-9]{1,20}$", description = "A collection's key"), ("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The item"))
        => "Deleted": EmptyReply,
        404 "'collection not found' or 'item not found'",
        409 "Other items use it, or the collection's items are not deleted";
    /// Deletes an item nothing else uses (409 `CATALOGUE_IN_USE` otherwise: an artist with songs, a
    /// category with news). Its own list entries (a top list's ranks, a client's locations and spots)
    /// go with it.
    pub(super) async fn item_delete(
        State(state): State<AppState>,
        user: AuthUser,
        ApiPath((key, id)): ApiPath<(String, String)>,
    ) -> Result<Response> {
        let collection = collection(&state, &user, &key).await?;
        let id = collection.id(&id)?;
        if collection.fixed {
            return Err(Error::Conflict(messages::CATALOGUE_FIXED.to_owned()));
        }
        kit::delete(&state, &user, collection, id, |_| None).await
    }
}

kit::staff_path! {
    post "/backoffice/catalogue/{collection}/{id}/move", params(("collection" = String, Path, pattern = "^[a-z0-9]{1,20}$", description = "A collection's key"), ("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The item")), body MoveRequest
        => "Moved (or already first or last)": EmptyReply,
        400 "`by` is not -1 or 1, or the collection has no manual order",
        404 "'collection not found' or 'item not found'";
    /// Moves an item one place up (`by` -1) or down (1) in its collection's order.
    pub(super) async fn item_move(
        State(state): State<AppState>,
        user: AuthUser,
        ApiPath((key, id)): ApiPath<(String, String)>,
        body: std::result::Result<ApiJson<MoveRequest>, Error>,
    ) -> Result<Response> {
        let collection = collection(&state, &user, &key).await?;
        let id = collection.id(&id)?;
        let ApiJson(request) = body?;
        if !collection.ordered || !matches!(request.by, -1 | 1) {
            return Err(Error::bad_request("invalid move"));
        }
        let mut save = Save::lock(&state, collection, id).await?;
        // The order as shown, renumbered 0… (the seed may have ties), then the two neighbours swapped.
        let ids: Vec<i64> = sqlx::query_scalar(&format!(
            "SELECT id FROM {} ORDER BY position, id",
            collection.table
        ))
        .fetch_all(save.conn())
        .await?;
        let mut order = ids.clone();
        let at = order
            .iter()
            .position(|item| *item == id)
            .ok_or_else(|| Error::not_found(ITEM_NOT_FOUND))?;
        let to = if request.by < 0 {
            at.checked_sub(1)
        } else {
            Some(at + 1).filter(|to| *to < order.len())
        };
        if let Some(to) = to {
            order.swap(at, to);
            for (position, item) in order.iter().enumerate() {
                sqlx::query(&format!(
                    "UPDATE {} SET position = $1 WHERE id = $2",
                    collection.table
                ))
                .bind(i64::try_from(position).unwrap_or(i64::MAX))
                .bind(item)
                .execute(save.conn())
                .await?;
            }
            let (before, after) = (
                serde_json::json!({ "position": at }),
                serde_json::json!({ "position": to }),
            );
            save.audit(&user, "move", Some(&before), Some(&after)).await?;
        }
        save.done().await?;
        Ok(no_store(ok(())))
    }
}
