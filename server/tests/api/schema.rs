//! The two migration folders give one schema. `migrations/sqlite` and `migrations/postgres` are
//! written side by side (auto-increment keys and a few types are spelled differently); this reads the
//! schema each one leaves behind from the database itself and compares them: the same tables, the same
//! columns with comparable types and the same nullability, the same primary keys, unique constraints,
//! foreign keys and named indexes. A column added to one folder only, or an index forgotten on one
//! side, fails here.

use std::collections::BTreeSet;

use sqlx::Row;

use crate::common::{Backend, TestApp};

/// Deliberate differences, each with its reason. The statistics' rollup tables are laid out for each
/// engine's storage: SQLite keeps them clustered by channel (a WITHOUT ROWID primary key on (channel,
/// at)) with an index by age for the retention job; PostgreSQL keys them by age (the retention deletes
/// whole ranges) with an index by channel for the charts. Both serve the same queries.
const ENGINE_SPECIFIC_INDEXES: [&str; 4] = [
    "listener_hourly.listener_hourly_at",
    "listener_daily.listener_daily_at",
    "listener_hourly.listener_hourly_channel",
    "listener_daily.listener_daily_channel",
];

/// What a schema is made of, as comparable lines.
#[derive(Debug, Default)]
struct Schema {
    tables: BTreeSet<String>,
    /// `table.column type [not null]`
    columns: BTreeSet<String>,
    /// `table (columns…)`, columns sorted (SQLite and PostgreSQL may order a key's columns
    /// differently for their storage; the key is the same set).
    primary_keys: BTreeSet<String>,
    /// `table unique (columns…)`: unique constraints and unique indexes, by their columns (their
    /// names are the engines' own when the constraint is written inline).
    uniques: BTreeSet<String>,
    /// `table.index (columns…)`: indexes created by name.
    indexes: BTreeSet<String>,
    /// `table.column -> table.column`
    foreign_keys: BTreeSet<String>,
}

/// The engines' type names as one vocabulary.
fn type_class(declared: &str) -> &'static str {
    let declared = declared.to_ascii_lowercase();
    if declared.contains("int") || declared.contains("serial") {
        "integer"
    } else if declared.contains("char") || declared.contains("text") {
        "text"
    } else if declared.contains("real") || declared.contains("double") || declared.contains("float") {
        "float"
    } else if declared.contains("blob") || declared.contains("bytea") {
        "bytes"
    } else if declared.contains("bool") {
        "boolean"
    } else {
        "other"
    }
}

async fn sqlite_schema(app: &TestApp) -> Schema {
    let pool = &app.state.db.pool;
    let mut schema = Schema::default();
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         AND name <> '_sqlx_migrations' ORDER BY name",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for table in &tables {
        schema.tables.insert(table.clone());
        let columns = sqlx::query(
            "SELECT name, type, CAST(\"notnull\" AS INTEGER), CAST(pk AS INTEGER) FROM pragma_table_info($1) ORDER BY pk",
        )
        .bind(table)
        .fetch_all(pool)
        .await
        .unwrap();
        let mut key = Vec::new();
        for row in &columns {
            let name: String = row.get(0);
            let declared: String = row.get(1);
            let not_null = row.get::<i64, _>(2) != 0;
            let pk = row.get::<i64, _>(3);
            if pk > 0 {
                key.push(name.clone());
            }
            // A primary key's columns are never null, whatever SQLite's pragma says of them.
            let not_null = if not_null || pk > 0 { " not null" } else { "" };
            schema
                .columns
                .insert(format!("{table}.{name} {}{not_null}", type_class(&declared)));
        }
        if !key.is_empty() {
            key.sort();
            schema
                .primary_keys
                .insert(format!("{table} ({})", key.join(", ")));
        }
        let indexes =
            sqlx::query("SELECT name, CAST(\"unique\" AS INTEGER), origin FROM pragma_index_list($1)")
                .bind(table)
                .fetch_all(pool)
                .await
                .unwrap();
        for row in &indexes {
            let name: String = row.get(0);
            let unique = row.get::<i64, _>(1) != 0;
            let origin: String = row.get(2);
            // An expression (lower(email)) has no column name: both sides call it the same.
            let mut columns: Vec<String> = sqlx::query_scalar::<_, Option<String>>(
                "SELECT name FROM pragma_index_info($1) ORDER BY seqno",
            )
            .bind(&name)
            .fetch_all(pool)
            .await
            .unwrap()
            .into_iter()
            .map(|column| column.unwrap_or_else(|| "<expression>".to_owned()))
            .collect();
            match origin.as_str() {
                "pk" => {}
                "u" => {
                    columns.sort();
                    schema
                        .uniques
                        .insert(format!("{table} unique ({})", columns.join(", ")));
                }
                _ => {
                    if unique {
                        let mut sorted = columns.clone();
                        sorted.sort();
                        schema
                            .uniques
                            .insert(format!("{table} unique ({})", sorted.join(", ")));
                    }
                    schema
                        .indexes
                        .insert(format!("{table}.{name} ({})", columns.join(", ")));
                }
            }
        }
        let keys = sqlx::query("SELECT \"from\", \"table\", \"to\" FROM pragma_foreign_key_list($1)")
            .bind(table)
            .fetch_all(pool)
            .await
            .unwrap();
        for row in &keys {
            let (from, target, to): (String, String, Option<String>) = (row.get(0), row.get(1), row.get(2));
            schema.foreign_keys.insert(format!(
                "{table}.{from} -> {target}.{}",
                to.unwrap_or_else(|| "id".into())
            ));
        }
    }
    schema
}

async fn postgres_schema(app: &TestApp) -> Schema {
    let pool = &app.state.db.pool;
    let mut schema = Schema::default();
    let columns = sqlx::query(
        "SELECT CAST(c.table_name AS TEXT), CAST(c.column_name AS TEXT), CAST(c.data_type AS TEXT), \
         CAST(c.is_nullable AS TEXT) FROM information_schema.columns c \
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name \
         WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' \
         AND c.table_name <> '_sqlx_migrations'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for row in &columns {
        let (table, name, declared, nullable): (String, String, String, String) =
            (row.get(0), row.get(1), row.get(2), row.get(3));
        schema.tables.insert(table.clone());
        let not_null = if nullable == "NO" { " not null" } else { "" };
        schema
            .columns
            .insert(format!("{table}.{name} {}{not_null}", type_class(&declared)));
    }
    // Every index with its columns in key order, and whether a constraint made it.
    let indexes = sqlx::query(
        "SELECT CAST(t.relname AS TEXT), CAST(i.relname AS TEXT), CAST(ix.indisunique AS INTEGER), CAST(ix.indisprimary AS INTEGER), \
         CAST(EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid) AS INTEGER), \
         (SELECT string_agg(COALESCE(CAST(a.attname AS TEXT), '<expression>'), ', ' ORDER BY k.n) \
          FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, n) \
          LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum AND k.attnum <> 0) \
         FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_class t ON t.oid = ix.indrelid \
         JOIN pg_namespace ns ON ns.oid = t.relnamespace \
         WHERE ns.nspname = current_schema() AND t.relname <> '_sqlx_migrations'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for row in &indexes {
        let (table, name): (String, String) = (row.get(0), row.get(1));
        let unique = row.get::<i32, _>(2) != 0;
        let primary = row.get::<i32, _>(3) != 0;
        let constraint = row.get::<i32, _>(4) != 0;
        let columns: String = row.get::<Option<String>, _>(5).unwrap_or_default();
        let mut sorted: Vec<&str> = columns.split(", ").collect();
        sorted.sort_unstable();
        let sorted = sorted.join(", ");
        if primary {
            schema.primary_keys.insert(format!("{table} ({sorted})"));
        } else if constraint {
            schema.uniques.insert(format!("{table} unique ({sorted})"));
        } else {
            if unique {
                schema.uniques.insert(format!("{table} unique ({sorted})"));
            }
            schema.indexes.insert(format!("{table}.{name} ({columns})"));
        }
    }
    let keys = sqlx::query(
        "SELECT CAST(src.relname AS TEXT), CAST(a.attname AS TEXT), CAST(dst.relname AS TEXT), \
         CAST(b.attname AS TEXT) FROM pg_constraint c \
         JOIN pg_class src ON src.oid = c.conrelid JOIN pg_class dst ON dst.oid = c.confrelid \
         JOIN pg_namespace ns ON ns.oid = src.relnamespace \
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1] \
         JOIN pg_attribute b ON b.attrelid = c.confrelid AND b.attnum = c.confkey[1] \
         WHERE c.contype = 'f' AND ns.nspname = current_schema()",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    for row in &keys {
        let (table, from, target, to): (String, String, String, String) =
            (row.get(0), row.get(1), row.get(2), row.get(3));
        schema
            .foreign_keys
            .insert(format!("{table}.{from} -> {target}.{to}"));
    }
    schema
}

/// Lines in one set and not the other, both ways, as one readable report.
fn differences(what: &str, sqlite: &BTreeSet<String>, postgres: &BTreeSet<String>) -> Vec<String> {
    let only = |a: &BTreeSet<String>, b: &BTreeSet<String>, side: &str| -> Vec<String> {
        a.difference(b)
            .filter(|line| {
                !ENGINE_SPECIFIC_INDEXES
                    .iter()
                    .any(|allowed| line.starts_with(&format!("{allowed} ")))
            })
            .map(|line| format!("{what} only on {side}: {line}"))
            .collect()
    };
    let mut out = only(sqlite, postgres, "SQLite");
    out.extend(only(postgres, sqlite, "PostgreSQL"));
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_migration_folders_give_the_same_schema() {
    let sqlite = TestApp::new(Backend::Sqlite).await;
    let postgres = TestApp::new(Backend::Postgres).await;
    let (a, b) = (sqlite_schema(&sqlite).await, postgres_schema(&postgres).await);
    for (side, schema) in [("SQLite", &a), ("PostgreSQL", &b)] {
        assert!(
            schema.tables.len() > 50,
            "{side}'s tables were not read: {:?}",
            schema.tables
        );
        assert!(
            schema.columns.len() > 300
                && schema.primary_keys.len() > 50
                && schema.uniques.len() > 20
                && schema.indexes.len() > 20
                && schema.foreign_keys.len() > 20,
            "{side}'s schema was not all read: {} columns, {} keys, {} uniques, {} indexes, {} foreign keys",
            schema.columns.len(),
            schema.primary_keys.len(),
            schema.uniques.len(),
            schema.indexes.len(),
            schema.foreign_keys.len()
        );
    }
    let mut report = Vec::new();
    report.extend(differences("table", &a.tables, &b.tables));
    report.extend(differences("column", &a.columns, &b.columns));
    report.extend(differences("primary key", &a.primary_keys, &b.primary_keys));
    report.extend(differences("unique", &a.uniques, &b.uniques));
    report.extend(differences("index", &a.indexes, &b.indexes));
    report.extend(differences("foreign key", &a.foreign_keys, &b.foreign_keys));
    assert!(
        report.is_empty(),
        "the migration folders differ:\n{}",
        report.join("\n")
    );
    // The allowed differences are still there to allow (else the list must shrink).
    for allowed in ENGINE_SPECIFIC_INDEXES {
        let present = a
            .indexes
            .iter()
            .chain(&b.indexes)
            .any(|line| line.starts_with(&format!("{allowed} ")));
        assert!(
            present,
            "{allowed} is gone: remove it from ENGINE_SPECIFIC_INDEXES"
        );
    }
}
