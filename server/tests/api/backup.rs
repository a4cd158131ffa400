//! Backups and restore: a backup taken while listeners register and staff save holds every write
//! acknowledged before it began, and restores into a fresh place that starts; a damaged backup, one
//! from a newer release, one of the other database and a place that is not empty are refused, and
//! leave the place as it was; the scheduled backups are written, pruned and counted.

use std::{
    path::{Path, PathBuf},
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use axum::http::Method;
use onda_server::{AppState, Config, backup, db::Db};
use serde_json::json;

use crate::accounts_common::{Call, PASSWORD, app, call, login, post};
use crate::common::{Backend, EmptyPostgres, TestApp};

on_both_databases!(
    a_backup_under_write_load_holds_every_acknowledged_write,
    damaged_newer_and_foreign_backups_and_full_places_are_refused,
);
on_sqlite!(
    scheduled_backups_are_written_pruned_and_counted,
    the_operator_commands_back_up_and_restore,
);

/// Files beside the database, as uploads and recordings leave them: (path below the data dir, bytes).
fn beside_the_database(data_dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let files = [
        ("uploads/images/capa-1.webp", 120_000),
        ("uploads/cv/curriculo.pdf", 30_000),
        ("uploads/audio/0123456789abcdef.mp3", 250_000),
        ("replays/onda_1/manha.mp3", 400_000),
    ];
    files
        .iter()
        .map(|(path, size)| {
            let bytes: Vec<u8> = (0..*size).map(|_| rand::random::<u8>()).collect();
            let full = data_dir.join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(&full, &bytes).unwrap();
            (PathBuf::from(path), bytes)
        })
        .collect()
}

/// A place to restore into: an empty data directory and, on PostgreSQL, an empty database.
async fn fresh_place(backend: Backend) -> (tempfile::TempDir, Config, Option<EmptyPostgres>) {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::for_data_dir(dir.path().join("dados"));
    let database = match backend {
        Backend::Sqlite => None,
        Backend::Postgres => {
            let empty = EmptyPostgres::new().await;
            config.database_url = Some(empty.url.clone());
            Some(empty)
        }
    };
    config.argon2_memory_kib = 64;
    config.argon2_iterations = 1;
    config.seed_demo = false;
    (dir, config, database)
}

#[derive(Debug, Clone)]
enum Write {
    Registration(String),
    Artist(String),
}

// Prints its figures (writes before and during the backup, its time and size) for the record.
#[allow(clippy::print_stderr)]
async fn a_backup_under_write_load_holds_every_acknowledged_write(backend: Backend) {
    let app = Arc::new(app(backend).await);
    let (_, staff) = crate::players_common::staff(&app, "editor@onda.test", &[7]).await;
    let files = beside_the_database(&app.state.config.data_dir);
    let stop = Arc::new(AtomicBool::new(false));
    // Every acknowledged write with the moment its reply arrived.
    let acknowledged: Arc<Mutex<Vec<(Instant, Write)>>> = Arc::default();
    let mut writers = Vec::new();
    for writer in 0..2 {
        let (app, stop, acknowledged, staff) =
            (app.clone(), stop.clone(), acknowledged.clone(), staff.clone());
        writers.push(tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let write = if writer == 0 {
                    let email = format!("ouvinte{n}@onda.test");
                    let reply = post(
                        &app,
                        "/api/v1/profile/registerUser",
                        json!({"name": "Ouvinte", "email": email, "password": PASSWORD}),
                    )
                    .await;
                    (reply.status == 200 && reply.json()["status"] == "success")
                        .then_some(Write::Registration(email))
                } else {
                    let name = format!("Banda {n}");
                    let reply = call(
                        &app,
                        Call {
                            method: Method::POST,
                            path: "/api/v1/backoffice/catalogue/artists",
                            body: Some(json!({"values": {"name": name}})),
                            bearer: Some(&staff),
                            cookie: None,
                            ip: None,
                        },
                    )
                    .await;
                    (reply.status == 200 && reply.json()["status"] == "success")
                        .then_some(Write::Artist(name))
                };
                let write = write.expect("every write is acknowledged");
                acknowledged.lock().unwrap().push((Instant::now(), write));
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(800)).await;
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("onda.tar");
    let began = Instant::now();
    let summary = backup::write(&app.state, &file).await.unwrap();
    let ended = Instant::now();
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.store(true, Ordering::Relaxed);
    for writer in writers {
        writer.await.unwrap();
    }
    assert_eq!(summary.manifest.backend, backend.name());
    assert_eq!(
        summary.manifest.schema_version,
        onda_server::db::latest_migration(backend)
    );
    let writes = acknowledged.lock().unwrap().clone();
    let before: Vec<&Write> = writes
        .iter()
        .filter(|(at, _)| *at < began)
        .map(|(_, write)| write)
        .collect();
    let during = writes
        .iter()
        .filter(|(at, _)| *at >= began && *at <= ended)
        .count();
    assert!(before.len() >= 4, "{} writes before the backup", before.len());
    eprintln!(
        "{backend:?}: {} writes acknowledged before the backup, {during} while it ran ({:?}), {} bytes",
        before.len(),
        ended - began,
        summary.bytes
    );

    let (_place, config, _database) = fresh_place(backend).await;
    let restored = backup::restore(&config, &file).await.unwrap();
    assert_eq!(restored.manifest, summary.manifest);
    for (path, bytes) in &files {
        assert_eq!(
            &std::fs::read(config.data_dir.join(path)).unwrap(),
            bytes,
            "{path:?}"
        );
    }
    // The restored station starts and has every write acknowledged before the backup began.
    let db = Db::connect(&config.database_url()).await.unwrap();
    for write in &before {
        let (sql, key) = match write {
            Write::Registration(email) => ("SELECT COUNT(*) FROM users WHERE email = $1", email),
            Write::Artist(name) => ("SELECT COUNT(*) FROM artists WHERE name = $1", name),
        };
        let found: i64 = sqlx::query_scalar(sql)
            .bind(key)
            .fetch_one(&db.pool)
            .await
            .unwrap();
        assert_eq!(found, 1, "{write:?} acknowledged before the backup is missing");
    }
    let state = AppState::new(db, config);
    let restored_app = TestApp::from_state(state);
    let health = restored_app.get("/health").await.success_data();
    assert_eq!(health["database"], backend.name());
    let Write::Registration(email) = before
        .iter()
        .find(|write| matches!(write, Write::Registration(_)))
        .unwrap()
    else {
        unreachable!()
    };
    let reply = login(&restored_app, email, PASSWORD).await;
    // The account and its password hash came back: the password is right, the e-mail unconfirmed.
    assert_eq!(reply.json()["message"], "unconfirmed e-mail", "{}", reply.text());
}

/// A copy of `file` with its manifest rewritten by `change`.
fn with_manifest(file: &Path, name: &str, change: impl Fn(&mut serde_json::Value)) -> PathBuf {
    let copy = file.with_file_name(name);
    let mut archive = tar::Archive::new(std::fs::File::open(file).unwrap());
    let mut builder = tar::Builder::new(std::fs::File::create(&copy).unwrap());
    for entry in archive.entries().unwrap() {
        let mut entry = entry.unwrap();
        let path = entry.path().unwrap().into_owned();
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut entry, &mut bytes).unwrap();
        if path == Path::new("manifest.json") {
            let mut manifest: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            change(&mut manifest);
            bytes = serde_json::to_vec(&manifest).unwrap();
        }
        let mut header = tar::Header::new_gnu();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        builder.append_data(&mut header, &path, bytes.as_slice()).unwrap();
    }
    builder.finish().unwrap();
    copy
}

/// The place is as it was: no file in the data directory, no table in the database.
async fn still_empty(config: &Config) {
    let left: Vec<_> = std::fs::read_dir(&config.data_dir)
        .map(|entries| entries.filter_map(Result::ok).map(|entry| entry.path()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "{left:?}");
    if let Some(url) = &config.database_url {
        use sqlx::Connection as _;
        let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
        let tables: i64 = sqlx::query_scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM information_schema.tables WHERE table_schema = 'public'",
        )
        .fetch_one(&mut conn)
        .await
        .unwrap();
        assert_eq!(tables, 0);
    }
}

async fn damaged_newer_and_foreign_backups_and_full_places_are_refused(backend: Backend) {
    let app = TestApp::empty(backend).await;
    beside_the_database(&app.state.config.data_dir);
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("onda.tar");
    backup::write(&app.state, &file).await.unwrap();
    let bytes = std::fs::read(&file).unwrap();

    // A byte changed inside the database's entry (just past the first header).
    let mut flipped = bytes.clone();
    flipped[512 + 4096] ^= 0x5a;
    let damaged = out.path().join("danificado.tar");
    std::fs::write(&damaged, &flipped).unwrap();
    // Cut short, as a copy interrupted halfway leaves it.
    let truncated = out.path().join("cortado.tar");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    let newer = with_manifest(&file, "mais-nova.tar", |manifest| {
        manifest["schemaVersion"] = json!(onda_server::db::latest_migration(backend) + 1);
        manifest["version"] = json!("99.0.0");
    });
    let foreign = with_manifest(&file, "outro-banco.tar", |manifest| {
        manifest["backend"] = json!(if backend == Backend::Sqlite {
            "postgres"
        } else {
            "sqlite"
        });
    });
    for (file, expected) in [
        (&damaged, "backup danificado ou incompleto"),
        (&truncated, "backup danificado ou incompleto"),
        (&newer, "mais nova que esta"),
        (&foreign, "restaure-o no mesmo tipo de banco"),
    ] {
        let (_place, config, _database) = fresh_place(backend).await;
        let err = backup::restore(&config, file).await.unwrap_err();
        assert!(format!("{err:#}").contains(expected), "{file:?}: {err:#}");
        still_empty(&config).await;
    }

    // The original restores; a second restore into the same place is refused.
    let (_place, config, _database) = fresh_place(backend).await;
    backup::restore(&config, &file).await.unwrap();
    let err = backup::restore(&config, &file).await.unwrap_err();
    assert!(err.to_string().contains("não está vazia"), "{err}");
    // A database that holds a station is refused even with an empty data directory.
    if backend == Backend::Postgres {
        let mut elsewhere = config.clone();
        elsewhere.data_dir = out.path().join("outra-pasta");
        let err = backup::restore(&elsewhere, &file).await.unwrap_err();
        assert!(err.to_string().contains("já tem"), "{err}");
    }
}

async fn scheduled_backups_are_written_pruned_and_counted(backend: Backend) {
    let app = TestApp::with_config(backend, |config| {
        config.seed_demo = false;
        config.backup_every = onda_server::config::Interval(Duration::from_secs(1));
        config.backup_keep = 2;
    })
    .await;
    let dir = app.dir.path().join("backups");
    let mut config = (*app.state.config).clone();
    config.backup_dir = Some(dir.clone());
    let state = AppState::new(app.state.db.clone(), config);
    let successes = || {
        onda_server::metrics::METRICS
            .backups
            .with_label_values(&["success"])
            .get()
    };
    let before = successes();
    let stop = tokio_util::sync::CancellationToken::new();
    let job = tokio::spawn(backup::run_schedule(state, stop.clone()));
    let started = Instant::now();
    while successes() < before + 4 {
        assert!(started.elapsed() < Duration::from_secs(60), "four backups");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    stop.cancel();
    job.await.unwrap();
    let mut kept: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    kept.sort();
    assert_eq!(kept.len(), 2, "{kept:?}");
    assert!(
        kept.iter()
            .all(|name| name.starts_with("onda-") && name.ends_with(".tar"))
    );
    assert!(onda_server::metrics::METRICS.backup_last_size.get() > 0);
    let age = onda_server::clock::now() - onda_server::metrics::METRICS.backup_last_success.get();
    assert!((0..10).contains(&age), "{age}");
}

async fn the_operator_commands_back_up_and_restore(backend: Backend) {
    let app = TestApp::new(backend).await;
    let files = beside_the_database(&app.state.config.data_dir);
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("copia.tar");
    let run = |args: &[&str], data_dir: &Path, url: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_onda-server"))
            .args(args)
            .env("DATABASE_URL", url)
            .env("ONDA_DATA_DIR", data_dir)
            .env("RUST_LOG", "error")
            .output()
            .unwrap()
    };
    let url = app.state.config.database_url();
    let output = run(
        &["admin", "backup", file.to_str().unwrap()],
        &app.state.config.data_dir,
        &url,
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("backup gravado em"));

    let place = out.path().join("restaurado");
    let restored_url = format!("sqlite://{}?mode=rwc", place.join("onda.db").display());
    let output = run(
        &["admin", "restore", file.to_str().unwrap()],
        &place,
        &restored_url,
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("backup restaurado"));
    for (path, bytes) in &files {
        assert_eq!(&std::fs::read(place.join(path)).unwrap(), bytes);
    }
    // The demo news came back with the database.
    let db = Db::connect(&restored_url).await.unwrap();
    let news: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM news")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert!(news > 0);
    let output = run(
        &["admin", "restore", file.to_str().unwrap()],
        &place,
        &restored_url,
    );
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("não está vazia"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
