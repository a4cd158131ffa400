//! Upgrades in place: a database as the previous release left it (its snapshot in
//! `migrations/snapshots/<release>/`, the schema and the migrations table that release wrote) takes
//! this release's migrations when the server connects, keeps its rows, and ends with the schema a new
//! station gets. sqlx refuses to start on a database whose applied migrations were edited since, so
//! the snapshot also guards the migrations already shipped.
//!
//! A release that changes the schema writes its own snapshot (docs/operations.md):
//! `ONDA_SNAPSHOT_VERSION=<version> cargo test -p onda-server --test api upgrade::write_release_snapshot -- --ignored`
//! (`ONDA_SNAPSHOT_LAST=<migration>` for a release that stopped at an earlier migration).

use std::{
    path::{Path, PathBuf},
    process::Command,
};

use onda_server::{AppState, Config, db::Db};

use crate::common::{Backend, EmptyPostgres, TestApp};

on_both_databases!(the_previous_release_upgrades_in_place);

fn snapshots() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../migrations/snapshots")
}

fn parse_version(text: &str) -> Option<Vec<u64>> {
    text.split('.').map(|part| part.parse().ok()).collect()
}

/// The newest release snapshot older than this build.
fn previous_release() -> (String, PathBuf) {
    let current = parse_version(env!("CARGO_PKG_VERSION")).unwrap();
    let mut found: Vec<(Vec<u64>, String)> = std::fs::read_dir(snapshots())
        .expect("migrations/snapshots")
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            Some((parse_version(&name)?, name))
        })
        .filter(|(version, _)| *version < current)
        .collect();
    found.sort();
    let (_, name) = found
        .pop()
        .expect("a snapshot of the previous release in migrations/snapshots");
    let path = snapshots().join(&name);
    (name, path)
}

/// Loads a snapshot into an empty database: SQLite's with Python's `sqlite3` (the dump is its
/// `iterdump`), PostgreSQL's with `psql` (the dump is `pg_dump`'s plain SQL).
fn load(backend: Backend, snapshot: &Path, url: &str) {
    let output = match backend {
        Backend::Sqlite => {
            let file = url
                .trim_start_matches("sqlite://")
                .split('?')
                .next()
                .unwrap()
                .to_owned();
            Command::new("python3")
                .args([
                    "-c",
                    "import sqlite3, sys; sqlite3.connect(sys.argv[1]).executescript(open(sys.argv[2]).read())",
                    &file,
                    snapshot.join("sqlite.sql").to_str().unwrap(),
                ])
                .output()
                .unwrap()
        }
        Backend::Postgres => Command::new("psql")
            .args(["-v", "ON_ERROR_STOP=1", "-q", "-f"])
            .arg(snapshot.join("postgres.sql"))
            .arg(url)
            .output()
            .expect("psql"),
    };
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The schema as text lines, comparable between two databases.
async fn schema(db: &Db) -> Vec<String> {
    use sqlx::Row as _;
    let sql = match db.backend {
        Backend::Sqlite => {
            "SELECT type || ' ' || name || ': ' || COALESCE(sql, '') FROM sqlite_master \
             WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
        }
        Backend::Postgres => {
            "SELECT line FROM ( \
               SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' \
                 || COALESCE(column_default, '') AS line FROM information_schema.columns \
                 WHERE table_schema = 'public' \
               UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' \
             ) lines ORDER BY line"
        }
    };
    sqlx::query(sql)
        .fetch_all(&db.pool)
        .await
        .unwrap()
        .iter()
        .map(|row| row.get::<String, _>(0))
        .collect()
}

// Prints which migration the old release stopped at, for the record.
#[allow(clippy::print_stderr)]
async fn the_previous_release_upgrades_in_place(backend: Backend) {
    let (release, snapshot) = previous_release();
    let place = tempfile::tempdir().unwrap();
    let (url, _database) = match backend {
        Backend::Sqlite => (
            format!("sqlite://{}?mode=rwc", place.path().join("onda.db").display()),
            None,
        ),
        Backend::Postgres => {
            let empty = EmptyPostgres::new().await;
            (empty.url.clone(), Some(empty))
        }
    };
    load(backend, &snapshot, &url);

    // A listener and a setting of the old station, written in the old schema.
    {
        use sqlx::Connection as _;
        sqlx::any::install_default_drivers();
        let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
        let applied: i64 = sqlx::query_scalar("SELECT CAST(MAX(version) AS BIGINT) FROM _sqlx_migrations")
            .fetch_one(&mut conn)
            .await
            .unwrap();
        assert!(applied > 0 && applied <= onda_server::db::latest_migration(backend));
        eprintln!(
            "{backend:?}: release {release} at migration {applied}, this build at {}",
            onda_server::db::latest_migration(backend)
        );
        sqlx::query("INSERT INTO users (email, name, email_confirmed, created_at) VALUES ($1, $2, 1, $3)")
            .bind("antiga@onda.test")
            .bind("Ouvinte Antiga")
            .bind(1_700_000_000_i64)
            .execute(&mut conn)
            .await
            .unwrap();
        sqlx::query("INSERT INTO settings (key, value) VALUES ('upgrade.test', '\"mantido\"')")
            .execute(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
    }

    // The server connects: this build's migrations run on the old database.
    let db = Db::connect(&url).await.expect("the old database upgrades");
    assert_eq!(
        db.schema_version().await.unwrap(),
        onda_server::db::latest_migration(backend)
    );
    let fresh = TestApp::empty(backend).await;
    assert_eq!(
        schema(&db).await,
        schema(&fresh.state.db).await,
        "the upgraded schema is a new station's"
    );
    let name: String = sqlx::query_scalar("SELECT name FROM users WHERE email = $1")
        .bind("antiga@onda.test")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(name, "Ouvinte Antiga");
    assert_eq!(
        db.setting("upgrade.test").await.unwrap().as_deref(),
        Some("\"mantido\"")
    );
    // And the station starts on it.
    let mut config = Config::for_data_dir(place.path());
    config.database_url = Some(url.clone());
    config.seed_demo = false;
    let app = TestApp::from_state(AppState::new(db, config));
    let health = app.get("/health").await.success_data();
    assert_eq!(health["database"], backend.name());
}

/// Writes the snapshot of a release (not a test: run it by hand, see the module's comment).
#[tokio::test]
#[ignore = "writes migrations/snapshots/<version>: run by hand when a release changes the schema"]
async fn write_release_snapshot() {
    let version =
        std::env::var("ONDA_SNAPSHOT_VERSION").unwrap_or_else(|_| env!("CARGO_PKG_VERSION").to_owned());
    let last: Option<i64> = std::env::var("ONDA_SNAPSHOT_LAST")
        .ok()
        .map(|last| last.parse().expect("ONDA_SNAPSHOT_LAST: a migration number"));
    let out = snapshots().join(&version);
    std::fs::create_dir_all(&out).unwrap();
    for backend in [Backend::Sqlite, Backend::Postgres] {
        // The release's migrations: this tree's, up to its last one.
        let migrations = tempfile::tempdir().unwrap();
        let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../migrations")
            .join(backend.name());
        for entry in std::fs::read_dir(&source).unwrap() {
            let path = entry.unwrap().path();
            let number: i64 = path
                .file_name()
                .unwrap()
                .to_string_lossy()
                .split('_')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            if last.is_none_or(|last| number <= last) {
                std::fs::copy(&path, migrations.path().join(path.file_name().unwrap())).unwrap();
            }
        }
        let migrator = sqlx::migrate::Migrator::new(migrations.path()).await.unwrap();
        sqlx::any::install_default_drivers();
        let place = tempfile::tempdir().unwrap();
        let (url, _database) = match backend {
            Backend::Sqlite => (
                format!("sqlite://{}?mode=rwc", place.path().join("onda.db").display()),
                None,
            ),
            Backend::Postgres => {
                let empty = EmptyPostgres::new().await;
                (empty.url.clone(), Some(empty))
            }
        };
        let pool = sqlx::any::AnyPoolOptions::new()
            .max_connections(1)
            .connect(&url)
            .await
            .unwrap();
        migrator.run(&pool).await.unwrap();
        pool.close().await;
        let target = out.join(format!("{}.sql", backend.name()));
        let output = match backend {
            Backend::Sqlite => Command::new("python3")
                .args([
                    "-c",
                    "import sqlite3, sys; open(sys.argv[2], 'w').write('\\n'.join(sqlite3.connect(sys.argv[1]).iterdump()) + '\\n')",
                    place.path().join("onda.db").to_str().unwrap(),
                    target.to_str().unwrap(),
                ])
                .output()
                .unwrap(),
            Backend::Postgres => Command::new("pg_dump")
                .args(["--no-owner", "--no-privileges", "--inserts", "--file"])
                .arg(&target)
                .arg(&url)
                .output()
                .unwrap(),
        };
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}
