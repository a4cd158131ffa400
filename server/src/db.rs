//! One database handle for SQLite (the embedded default) and PostgreSQL (the scale-out path).
//!
//! Both run the same SQL through sqlx's `Any` driver. The conventions that make that possible:
//! - placeholders are `$1, $2, …` (SQLite understands them too);
//! - integers are BIGINT and decode as `i64`; flags are BIGINT 0/1 (SQLite has no boolean type,
//!   and `Any` cannot decode a boolean from a SQLite integer), converted in Rust;
//! - instants are BIGINT Unix seconds (UTC), calendar dates are TEXT `YYYY-MM-DD`;
//! - aggregates are cast back to BIGINT (`CAST(SUM(x) AS BIGINT)`), since PostgreSQL widens them to NUMERIC;
//! - case-insensitive matching uses `LOWER(col) LIKE LOWER($1)` (SQLite's LIKE folds ASCII only,
//!   PostgreSQL's folds nothing);
//! - inserts that need the new id use `RETURNING id`.
//!
//! Schema differences (auto-increment keys) live in two migration folders, `migrations/sqlite` and
//! `migrations/postgres`, kept in step: the same file names, the same tables and columns.

use std::str::FromStr;

use sqlx::{
    AnyPool, Executor,
    any::{AnyConnectOptions, AnyPoolOptions},
    migrate::Migrator,
};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/postgres");

/// The newest migration this build knows for `backend`: the schema version it writes and reads.
pub fn latest_migration(backend: Backend) -> i64 {
    let migrator = match backend {
        Backend::Sqlite => &SQLITE_MIGRATIONS,
        Backend::Postgres => &POSTGRES_MIGRATIONS,
    };
    migrator
        .iter()
        .map(|migration| migration.version)
        .max()
        .unwrap_or(0)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn from_url(url: &str) -> Option<Self> {
        if url.starts_with("sqlite:") {
            Some(Self::Sqlite)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Some(Self::Postgres)
        } else {
            None
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Sqlite => "sqlite",
            Self::Postgres => "postgres",
        }
    }
}

/// The pool plus which backend it talks to (for the rare statement that must differ).
#[derive(Debug, Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("DATABASE_URL must start with sqlite: or postgres:, got {0:?}")]
    UnsupportedUrl(String),
    #[error(transparent)]
    Sqlx(#[from] sqlx::Error),
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// How long a request waits for a database connection before it answers the envelope's 500. sqlx's
/// default is 30 s, which with PostgreSQL away (bench/faults.sh) keeps every request hanging that long
/// and piles up clients; a reply within seconds lets them retry, and the pool reconnects by itself
/// when the database is back.
const ACQUIRE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

impl Db {
    /// Connects and applies the migrations of the URL's dialect.
    pub async fn connect(url: &str) -> Result<Self, DbError> {
        sqlx::any::install_default_drivers();
        let backend = Backend::from_url(url).ok_or_else(|| DbError::UnsupportedUrl(url.to_owned()))?;
        let options = AnyConnectOptions::from_str(url)?;
        let pool = match backend {
            Backend::Sqlite => {
                AnyPoolOptions::new()
                    .max_connections(8)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .after_connect(|conn, _meta| {
                        Box::pin(async move {
                            // WAL lets readers proceed during a write; busy_timeout makes writers queue
                            // instead of failing with SQLITE_BUSY under concurrent requests. Each
                            // connection's page cache is 512 KiB, not SQLite's 2 MiB: the operating
                            // system already caches the file, and eight full default caches can hold
                            // 16 MiB of the server's resident memory under load (bench/soak.sh).
                            conn.execute(
                                "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                                 PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; \
                                 PRAGMA cache_size = -512;",
                            )
                            .await?;
                            Ok(())
                        })
                    })
                    .connect_with(options)
                    .await?
            }
            Backend::Postgres => {
                AnyPoolOptions::new()
                    .max_connections(16)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .connect_with(options)
                    .await?
            }
        };
        let db = Self { pool, backend };
        db.migrate().await?;
        Ok(db)
    }

    async fn migrate(&self) -> Result<(), DbError> {
        match self.backend {
            Backend::Sqlite => SQLITE_MIGRATIONS.run(&self.pool).await?,
            Backend::Postgres => POSTGRES_MIGRATIONS.run(&self.pool).await?,
        }
        Ok(())
    }

    /// The newest migration this database has applied (0 on an empty one): its schema's version.
    pub async fn schema_version(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar("SELECT CAST(COALESCE(MAX(version), 0) AS BIGINT) FROM _sqlx_migrations")
            .fetch_one(&self.pool)
            .await
    }

    /// `SELECT 1`, for the health endpoint.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map(|_| ())
    }

    /// A value of the key-value `settings` table (JSON text), if set.
    pub async fn setting(&self, key: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT value FROM settings WHERE key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await
    }

    pub async fn set_setting(&self, key: &str, value: &str) -> Result<(), sqlx::Error> {
        sqlx::query(
            "INSERT INTO settings (key, value) VALUES ($1, $2) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .bind(key)
        .bind(value)
        .execute(&self.pool)
        .await
        .map(|_| ())
    }
}

/// `$first, $first+1, …` for an IN list of `count` values.
pub fn placeholders(first: usize, count: usize) -> String {
    (first..first + count)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `($first, $first+1), ($first+2, …)`: `rows` VALUES tuples of `per_row` placeholders each.
pub fn value_rows(first: usize, rows: usize, per_row: usize) -> String {
    (0..rows)
        .map(|row| format!("({})", placeholders(first + row * per_row, per_row)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A value bound to a statement built at run time (filters that add conditions one by one).
#[derive(Debug, Clone)]
pub enum Arg {
    Int(i64),
    Text(String),
    /// SQL NULL (an empty optional reference).
    Null,
}

/// Binds `args` in order.
pub fn bind_all<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    args: &'q [Arg],
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    for arg in args {
        query = match arg {
            Arg::Int(value) => query.bind(*value),
            Arg::Text(value) => query.bind(value.as_str()),
            Arg::Null => query.bind(None::<i64>),
        };
    }
    query
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_number_from_first() {
        assert_eq!(placeholders(3, 3), "$3, $4, $5");
        assert_eq!(placeholders(1, 0), "");
        assert_eq!(value_rows(2, 2, 2), "($2, $3), ($4, $5)");
    }
}
