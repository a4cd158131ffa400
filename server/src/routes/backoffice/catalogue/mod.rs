//! The catalogue and the station's pages in the back office (`/api/v1/backoffice/catalogue*`; issue
//! 20): one set of calls for every collection described in `collections` (artists, albums, songs, the
//! top-10 lists and the yearly top 100, programmes, affiliates, partners, clients and spots, the PRO
//! FAQ, legal texts, the sentences of the day: permission 7; journalists, news categories and tags:
//! permission 5), plus the station's settings (`settings`) and the audio upload (`audio`).
//!
//! An item is read and written as `values` by field key; `values::check` validates each by its kind
//! with a message naming the field. A write is one transaction with its audit row. Deleting an item
//! that others use (an artist with songs, a category with news) is refused by the database's foreign
//! keys and answered 409 `CATALOGUE_IN_USE`, never half done.

pub mod audio;
pub mod collections;
pub mod settings;
mod values;

use std::collections::{BTreeMap, HashSet};

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
use serde::Deserialize;
use serde_json::Value;
use sqlx::{AnyConnection, Row, any::AnyRow};
use utoipa_axum::{router::OpenApiRouter, routes};

use self::{
    collections::{COLLECTIONS, Collection, Field, Slug, find},
    values::{Stored, check_all, check_hosts, message, read},
};
use super::{
    after_write, audit::record, contains_pattern, first_free, lock_row, no_store, paging, slug_base,
};
use crate::{
    AppState, Error, Result,
    auth::AuthUser,
    clock::now,
    db::{Arg, bind_all},
    error::ok,
    extract::{ApiJson, ApiPath, path_number},
    openapi::{EmptyReply, Reply, tags},
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

fn item_id(raw: &str) -> Result<i64> {
    path_number(raw, "id", 1, i64::MAX).map_err(|_| Error::not_found(ITEM_NOT_FOUND))
}

fn audit_entity(collection: &Collection) -> String {
    format!("catalogue.{}", collection.key)
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

/// The collections the caller may edit, with their fields.
#[utoipa::path(get, path = "/backoffice/catalogue", tags = [tags::BACKOFFICE, tags::STAFF],
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The collections of the caller's permissions (5 and/or 7)", body = Reply<CatalogueSpec>),
        (status = 403, description = "Neither permission 5 nor 7", body = crate::openapi::ErrorReply),
    ))]
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

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct ListQuery {
    /// Words of the item's name (case-insensitive; up to 100 characters).
    #[param(max_length = 100)]
    q: Option<String>,
    /// 1-based, default 1.
    #[param(pattern = "^[0-9]{1,7}$")]
    page: Option<String>,
    /// 1–100, default 20.
    #[param(pattern = "^[0-9]{1,3}$")]
    per_page: Option<String>,
}

/// A page of a collection's items, in its order (manual, else by name); `q` searches the names, which
/// is also how the editor's pickers find an artist, a client or a song.
#[utoipa::path(get, path = "/backoffice/catalogue/{collection}", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("collection" = String, Path, pattern = "^[a-z0-9]{1,20}$", description = "A collection's key"), ListQuery),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "A page of items", body = Reply<CataloguePage>),
        (status = 404, description = "'collection not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn items_list(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(key): ApiPath<String>,
    query: std::result::Result<Query<ListQuery>, QueryRejection>,
) -> Result<Response> {
    let collection = collection(&state, &user, &key).await?;
    let Ok(Query(query)) = query else {
        return Err(Error::bad_request("invalid query"));
    };
    let (page, per_page) = paging(query.page.as_deref(), query.per_page.as_deref())?;
    let mut args: Vec<Arg> = Vec::new();
    let filter = match query.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        Some(q) => {
            if q.chars().count() > QUERY_MAX || q.contains('\0') {
                return Err(Error::bad_request("invalid q"));
            }
            args.push(Arg::Text(contains_pattern(&q.to_lowercase())));
            format!("LOWER({}) LIKE $1 ESCAPE '\\'", collection.label("t"))
        }
        None => "1 = 1".to_owned(),
    };
    let total: i64 = bind_all(
        sqlx::query(&format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM {} t WHERE {filter}",
            collection.table
        )),
        &args,
    )
    .fetch_one(&state.db.pool)
    .await?
    .try_get(0)?;
    let order = if collection.ordered {
        "t.position, t.id".to_owned()
    } else if let Some(order) = collection.order_sql {
        format!("{order}, t.id")
    } else {
        format!("LOWER({}), t.id", collection.label("t"))
    };
    let next = args.len() + 1;
    let sql = format!(
        "SELECT {} FROM {} t WHERE {filter} ORDER BY {order} LIMIT ${next} OFFSET ${}",
        select_list(collection),
        collection.table,
        next + 1
    );
    args.push(Arg::Int(per_page));
    args.push(Arg::Int((page - 1).saturating_mul(per_page)));
    let mut conn = state.db.pool.acquire().await?;
    let rows = bind_all(sqlx::query(&sql), &args).fetch_all(&mut *conn).await?;
    let mut items = Vec::with_capacity(rows.len());
    for row in &rows {
        items.push(item_of(&mut conn, collection, row).await?);
    }
    Ok(no_store(ok(CataloguePage {
        items,
        total,
        page,
        per_page,
    })))
}

/// One item, as the editor edits it.
#[utoipa::path(get, path = "/backoffice/catalogue/{collection}/{id}", tags = [tags::BACKOFFICE, tags::STAFF],
    params(
        ("collection" = String, Path, pattern = "^[a-z0-9]{1,20}$", description = "A collection's key"),
        ("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The item"),
    ),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The item", body = Reply<CatalogueItem>),
        (status = 404, description = "'collection not found' or 'item not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn item_get(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath((key, id)): ApiPath<(String, String)>,
) -> Result<Response> {
    let collection = collection(&state, &user, &key).await?;
    let id = item_id(&id)?;
    let mut conn = state.db.pool.acquire().await?;
    let item = load(&mut conn, collection, id)
        .await?
        .ok_or_else(|| Error::not_found(ITEM_NOT_FOUND))?;
    Ok(no_store(ok(item)))
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

/// A free slug for a new item named `title`, within the scope column's value when the collection's
/// slugs are unique per scope (a song within its artist).
async fn new_slug(
    conn: &mut AnyConnection,
    collection: &Collection,
    title: &str,
    checked: &[(&'static collections::Field, Stored)],
) -> Result<String> {
    let base = slug_base(title, "item");
    let pattern = format!("{base}-%");
    let mut taken: HashSet<String> = match collection.slug {
        Slug::Within(scope) => {
            let scope_value = checked.iter().find_map(|(field, stored)| match stored {
                Stored::Column(Arg::Int(value)) if field.column == scope => Some(*value),
                _ => None,
            });
            sqlx::query_scalar(&format!(
                "SELECT slug FROM {} WHERE {scope} = $3 AND (slug = $1 OR slug LIKE $2)",
                collection.table
            ))
            .bind(&base)
            .bind(&pattern)
            .bind(scope_value.unwrap_or(0))
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .collect()
        }
        _ => sqlx::query_scalar(&format!(
            "SELECT slug FROM {} WHERE slug = $1 OR slug LIKE $2",
            collection.table
        ))
        .bind(&base)
        .bind(&pattern)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .collect(),
    };
    for table in collection.slug_avoids {
        let other: Vec<String> = sqlx::query_scalar(&format!(
            "SELECT slug FROM {table} WHERE slug = $1 OR slug LIKE $2"
        ))
        .bind(&base)
        .bind(&pattern)
        .fetch_all(&mut *conn)
        .await?;
        taken.extend(other);
    }
    taken.extend(collection.slug_reserved.iter().map(|word| (*word).to_owned()));
    Ok(first_free(&base, &taken))
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

/// A new item. Its slug (when the collection has them) is made from its name and never changes.
#[utoipa::path(post, path = "/backoffice/catalogue/{collection}", tags = [tags::BACKOFFICE, tags::STAFF],
    params(("collection" = String, Path, pattern = "^[a-z0-9]{1,20}$", description = "A collection's key")),
    request_body = CatalogueInput,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The item as stored", body = Reply<CatalogueItem>),
        (status = 400, description = "A field breaks its rule (the message names it)", body = crate::openapi::ErrorReply),
        (status = 404, description = "'collection not found'", body = crate::openapi::ErrorReply),
        (status = 409, description = "The collection's items are not created (CATALOGUE_FIXED)", body = crate::openapi::ErrorReply),
    ))]
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
    let mut attempts = 0;
    let (id, mut tx) = loop {
        let mut row = columns.clone();
        if collection.slug != Slug::None {
            row.push((
                "slug",
                Arg::Text(new_slug(&mut conn, collection, &title, &checked).await?),
            ));
        }
        let names: Vec<&str> = row.iter().map(|(column, _)| *column).collect();
        let placeholders: Vec<String> = (1..=row.len()).map(|n| format!("${n}")).collect();
        let args: Vec<Arg> = row.into_iter().map(|(_, arg)| arg).collect();
        let sql = format!(
            "INSERT INTO {} ({}) VALUES ({}) RETURNING id",
            collection.table,
            names.join(", "),
            placeholders.join(", ")
        );
        let mut tx = state.db.pool.begin().await?;
        let inserted = bind_all(sqlx::query(&sql), &args).fetch_one(&mut *tx).await;
        match inserted {
            Ok(row) => break (row.try_get::<i64, _>(0)?, tx),
            // Another save took the same slug meanwhile: pick again.
            Err(sqlx::Error::Database(err))
                if err.is_unique_violation()
                    && collection.slug != Slug::None
                    && violated_field(collection, err.as_ref()).is_none()
                    && attempts < 3 =>
            {
                attempts += 1;
            }
            Err(err) => return Err(database_refusal(collection, err)),
        }
    };
    drop(conn);
    write_children(&mut tx, collection, id, &checked)
        .await
        .map_err(|err| match err {
            Error::Database(err) => database_refusal(collection, err),
            other => other,
        })?;
    let after = load(&mut tx, collection, id).await?.ok_or_else(|| {
        Error::Internal(anyhow::anyhow!(
            "{} {id} vanished inside its transaction",
            collection.key
        ))
    })?;
    let entity = audit_entity(collection);
    record(
        &mut tx,
        user.user_id,
        &format!("{entity}.create"),
        &entity,
        Some(id),
        None,
        Some(&audit_copy(&after)),
    )
    .await?;
    tx.commit().await?;
    after_write(&state).await;
    Ok(no_store(ok(after)))
}

/// Takes the item's row for this transaction ([`lock_row`], on the title's column: not every
/// collection has a version).
async fn lock(conn: &mut AnyConnection, collection: &Collection, id: i64) -> Result<()> {
    lock_row(
        conn,
        collection.table,
        collection.title_column(),
        id,
        ITEM_NOT_FOUND,
    )
    .await
}

/// Replaces an item's values (its slug stays).
#[utoipa::path(put, path = "/backoffice/catalogue/{collection}/{id}", tags = [tags::BACKOFFICE, tags::STAFF],
    params(
        ("collection" = String, Path, pattern = "^[a-z0-9]{1,20}$", description = "A collection's key"),
        ("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The item"),
    ),
    request_body = CatalogueInput,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The item as stored now", body = Reply<CatalogueItem>),
        (status = 400, description = "A field breaks its rule (the message names it)", body = crate::openapi::ErrorReply),
        (status = 404, description = "'collection not found' or 'item not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn item_update(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath((key, id)): ApiPath<(String, String)>,
    body: std::result::Result<ApiJson<CatalogueInput>, Error>,
) -> Result<Response> {
    let collection = collection(&state, &user, &key).await?;
    let id = item_id(&id)?;
    let ApiJson(input) = body?;
    let checked = check_all(collection, &input.values)?;
    check_hosts(&checked).await?;
    let mut tx = state.db.pool.begin().await?;
    lock(&mut tx, collection, id).await?;
    let before = load(&mut tx, collection, id)
        .await?
        .ok_or_else(|| Error::not_found(ITEM_NOT_FOUND))?;
    check_references(&mut tx, &checked).await?;
    let columns = column_values(collection, &checked);
    let sets: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(n, (column, _))| format!("{column} = ${}", n + 1))
        .collect();
    let mut args: Vec<Arg> = columns.into_iter().map(|(_, arg)| arg).collect();
    args.push(Arg::Int(id));
    let sql = format!(
        "UPDATE {} SET {} WHERE id = ${}",
        collection.table,
        sets.join(", "),
        args.len()
    );
    bind_all(sqlx::query(&sql), &args)
        .execute(&mut *tx)
        .await
        .map_err(|err| database_refusal(collection, err))?;
    write_children(&mut tx, collection, id, &checked)
        .await
        .map_err(|err| match err {
            Error::Database(err) => database_refusal(collection, err),
            other => other,
        })?;
    let after = load(&mut tx, collection, id)
        .await?
        .ok_or_else(|| Error::not_found(ITEM_NOT_FOUND))?;
    let entity = audit_entity(collection);
    record(
        &mut tx,
        user.user_id,
        &format!("{entity}.update"),
        &entity,
        Some(id),
        Some(&audit_copy(&before)),
        Some(&audit_copy(&after)),
    )
    .await?;
    tx.commit().await?;
    after_write(&state).await;
    Ok(no_store(ok(after)))
}

/// Deletes an item nothing else uses (409 `CATALOGUE_IN_USE` otherwise: an artist with songs, a
/// category with news). Its own list entries (a top list's ranks, a client's locations and spots)
/// go with it.
#[utoipa::path(delete, path = "/backoffice/catalogue/{collection}/{id}", tags = [tags::BACKOFFICE, tags::STAFF],
    params(
        ("collection" = String, Path, pattern = "^[a-z0-9]{1,20}$", description = "A collection's key"),
        ("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The item"),
    ),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "Deleted", body = EmptyReply),
        (status = 404, description = "'collection not found' or 'item not found'", body = crate::openapi::ErrorReply),
        (status = 409, description = "Other items use it, or the collection's items are not deleted", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn item_delete(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath((key, id)): ApiPath<(String, String)>,
) -> Result<Response> {
    let collection = collection(&state, &user, &key).await?;
    let id = item_id(&id)?;
    if collection.fixed {
        return Err(Error::Conflict(messages::CATALOGUE_FIXED.to_owned()));
    }
    let mut tx = state.db.pool.begin().await?;
    lock(&mut tx, collection, id).await?;
    let before = load(&mut tx, collection, id)
        .await?
        .ok_or_else(|| Error::not_found(ITEM_NOT_FOUND))?;
    sqlx::query(&format!("DELETE FROM {} WHERE id = $1", collection.table))
        .bind(id)
        .execute(&mut *tx)
        .await
        .map_err(|err| database_refusal(collection, err))?;
    let entity = audit_entity(collection);
    record(
        &mut tx,
        user.user_id,
        &format!("{entity}.delete"),
        &entity,
        Some(id),
        Some(&audit_copy(&before)),
        None,
    )
    .await?;
    tx.commit().await?;
    after_write(&state).await;
    Ok(no_store(ok(())))
}

/// Moves an item one place up (`by` -1) or down (1) in its collection's order.
#[utoipa::path(post, path = "/backoffice/catalogue/{collection}/{id}/move", tags = [tags::BACKOFFICE, tags::STAFF],
    params(
        ("collection" = String, Path, pattern = "^[a-z0-9]{1,20}$", description = "A collection's key"),
        ("id" = String, Path, pattern = "^[0-9]{1,18}$", description = "The item"),
    ),
    request_body = MoveRequest,
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "Moved (or already first or last)", body = EmptyReply),
        (status = 400, description = "`by` is not -1 or 1, or the collection has no manual order", body = crate::openapi::ErrorReply),
        (status = 404, description = "'collection not found' or 'item not found'", body = crate::openapi::ErrorReply),
    ))]
pub(super) async fn item_move(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath((key, id)): ApiPath<(String, String)>,
    body: std::result::Result<ApiJson<MoveRequest>, Error>,
) -> Result<Response> {
    let collection = collection(&state, &user, &key).await?;
    let id = item_id(&id)?;
    let ApiJson(request) = body?;
    if !collection.ordered || !matches!(request.by, -1 | 1) {
        return Err(Error::bad_request("invalid move"));
    }
    let mut tx = state.db.pool.begin().await?;
    lock(&mut tx, collection, id).await?;
    // The order as shown, renumbered 0… (the seed may have ties), then the two neighbours swapped.
    let ids: Vec<i64> = sqlx::query_scalar(&format!(
        "SELECT id FROM {} ORDER BY position, id",
        collection.table
    ))
    .fetch_all(&mut *tx)
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
            .execute(&mut *tx)
            .await?;
        }
        let entity = audit_entity(collection);
        record(
            &mut tx,
            user.user_id,
            &format!("{entity}.move"),
            &entity,
            Some(id),
            Some(&serde_json::json!({ "position": at })),
            Some(&serde_json::json!({ "position": to })),
        )
        .await?;
    }
    tx.commit().await?;
    after_write(&state).await;
    Ok(no_store(ok(())))
}
