//! Backups: the database and the files beside it in one file, written while the station runs, and
//! restored into an empty place.
//!
//! A backup is a tar archive:
//! - `database/onda.db`: SQLite's copy by `VACUUM INTO`, one consistent snapshot taken while writers
//!   go on (WAL), or `database/onda.pgdump`: PostgreSQL's by `pg_dump` in its custom format, one
//!   transaction's snapshot, as PostgreSQL's documentation advises for a running database;
//! - `files/…`: what the station keeps beside the database and cannot make again: the uploads (images,
//!   the catalogue's audio, CVs), the programme recordings ('Ouvir de novo') and the mail outbox. What
//!   the engine makes again at start is left out: the rendered and cached audio (`radio/`) and the
//!   HLS window (`hls/`);
//! - `manifest.json`, last: the format, the release and schema version that wrote it, the database's
//!   kind, and every entry's size and SHA-256.
//!
//! The database is copied first: a file uploaded after that is in the backup without its row (harmless),
//! never a row without its file. Restore refuses a target that holds anything, an archive whose
//! entries do not match the manifest, and a backup whose schema is newer than this build's; an older
//! one is upgraded by the migrations when the restored station starts.

use std::{
    io::{Read, Write},
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use anyhow::{Context as _, bail, ensure};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio_util::sync::CancellationToken;

use crate::{AppState, Config, db::Backend};

/// The archive layout's version: a restore refuses one it does not know.
const FORMAT: u32 = 1;
/// The folders of the data directory a backup carries (see the module's comment for the rest).
const BACKED_UP: &[&str] = &["uploads", "replays", "outbox"];
const MANIFEST: &str = "manifest.json";
const SQLITE_ENTRY: &str = "database/onda.db";
const POSTGRES_ENTRY: &str = "database/onda.pgdump";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub format: u32,
    /// The release that wrote it.
    pub version: String,
    /// The newest migration the database had applied.
    pub schema_version: i64,
    /// `sqlite` or `postgres`.
    pub backend: String,
    /// When the database was copied (ISO 8601, UTC).
    pub created_at: String,
    pub entries: Vec<Entry>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Entry {
    pub path: String,
    pub size: u64,
    pub sha256: String,
}

/// What a backup or a restore did.
#[derive(Debug, Clone)]
pub struct Summary {
    pub manifest: Manifest,
    /// The backup file's size.
    pub bytes: u64,
}

impl Summary {
    pub fn describe(&self) -> String {
        let files = self
            .manifest
            .entries
            .iter()
            .filter(|entry| entry.path.starts_with("files/"))
            .count();
        format!(
            "{} ({}, esquema {}, versão {}, {} arquivo(s) além do banco, {:.1} MB)",
            self.manifest.created_at,
            self.manifest.backend,
            self.manifest.schema_version,
            self.manifest.version,
            files,
            bytes_to_mb(self.bytes)
        )
    }
}

#[allow(clippy::cast_precision_loss)]
fn bytes_to_mb(bytes: u64) -> f64 {
    bytes as f64 / 1_048_576.0
}

/// Writes a backup of the running station to `target` (through a temporary file beside it, renamed
/// when complete, so a backup file that exists is whole).
pub async fn write(state: &AppState, target: &Path) -> anyhow::Result<Summary> {
    let parent = target
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    tokio::fs::create_dir_all(parent)
        .await
        .with_context(|| format!("não foi possível criar a pasta {}", parent.display()))?;
    let partial = sibling(target, ".parcial");
    let snapshot = sibling(target, ".banco");
    let result = write_to(state, &partial, &snapshot).await;
    let _ = tokio::fs::remove_file(&snapshot).await;
    match result {
        Ok(manifest) => {
            tokio::fs::rename(&partial, target).await?;
            let bytes = tokio::fs::metadata(target).await?.len();
            Ok(Summary { manifest, bytes })
        }
        Err(err) => {
            let _ = tokio::fs::remove_file(&partial).await;
            Err(err)
        }
    }
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

async fn write_to(state: &AppState, partial: &Path, snapshot: &Path) -> anyhow::Result<Manifest> {
    let db = &state.db;
    let schema_version = db.schema_version().await?;
    let created_at = crate::clock::iso(crate::clock::now());
    let entry = match db.backend {
        Backend::Sqlite => {
            let _ = tokio::fs::remove_file(snapshot).await;
            let path = snapshot.to_str().context("caminho do backup não é UTF-8")?;
            sqlx::query(&format!("VACUUM INTO '{}'", path.replace('\'', "''")))
                .execute(&db.pool)
                .await
                .context("cópia do banco SQLite (VACUUM INTO)")?;
            SQLITE_ENTRY
        }
        Backend::Postgres => {
            let output = tokio::process::Command::new("pg_dump")
                .arg("--format=custom")
                .arg("--no-owner")
                .arg("--no-privileges")
                .arg("--file")
                .arg(snapshot)
                .arg("--dbname")
                .arg(state.config.database_url())
                .output()
                .await
                .context("pg_dump não pôde ser executado (instale o cliente do PostgreSQL)")?;
            ensure!(
                output.status.success(),
                "pg_dump falhou: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            );
            POSTGRES_ENTRY
        }
    };
    let data_dir = state.config.data_dir.clone();
    let (partial, snapshot) = (partial.to_owned(), snapshot.to_owned());
    let backend = db.backend.name().to_owned();
    tokio::task::spawn_blocking(move || {
        let file = std::fs::File::create(&partial)
            .with_context(|| format!("não foi possível criar {}", partial.display()))?;
        let mut archive = tar::Builder::new(std::io::BufWriter::new(file));
        let mut entries = vec![append_file(&mut archive, &snapshot, entry)?];
        for folder in BACKED_UP {
            let root = data_dir.join(folder);
            for path in files_under(&root)? {
                let relative = path.strip_prefix(&data_dir).unwrap_or(&path);
                let name = format!("files/{}", relative.to_string_lossy().replace('\\', "/"));
                entries.push(append_file(&mut archive, &path, &name)?);
            }
        }
        let manifest = Manifest {
            format: FORMAT,
            version: env!("CARGO_PKG_VERSION").to_owned(),
            schema_version,
            backend,
            created_at,
            entries,
        };
        let text = serde_json::to_vec_pretty(&manifest)?;
        let mut header = tar::Header::new_gnu();
        header.set_size(text.len() as u64);
        header.set_mode(0o644);
        header.set_mtime(u64::try_from(crate::clock::now()).unwrap_or(0));
        archive.append_data(&mut header, MANIFEST, text.as_slice())?;
        let mut out = archive.into_inner()?;
        out.flush()?;
        out.into_inner().map_err(|err| err.into_error())?.sync_all()?;
        Ok(manifest)
    })
    .await?
}

/// Every regular file below `root` (none when it does not exist), in a stable order.
fn files_under(root: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut pending = vec![root.to_owned()];
    while let Some(dir) = pending.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => continue,
            Err(err) => return Err(err).with_context(|| format!("ler {}", dir.display())),
        };
        for entry in entries {
            let entry = entry?;
            let kind = entry.file_type()?;
            if kind.is_dir() {
                pending.push(entry.path());
            } else if kind.is_file() {
                out.push(entry.path());
            }
        }
    }
    out.sort();
    Ok(out)
}

/// A reader that hashes what passes through it.
struct Hashing<R> {
    inner: R,
    hasher: Sha256,
    read: u64,
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let count = self.inner.read(buf)?;
        self.hasher.update(&buf[..count]);
        self.read += count as u64;
        Ok(count)
    }
}

/// Appends one file as `name`, hashing it on the way. A file that changes length while it is read
/// (a recording still being appended to) goes in as long as it was when the entry began.
fn append_file<W: Write>(archive: &mut tar::Builder<W>, path: &Path, name: &str) -> anyhow::Result<Entry> {
    let file = std::fs::File::open(path).with_context(|| format!("abrir {}", path.display()))?;
    let size = file.metadata()?.len();
    let mut header = tar::Header::new_gnu();
    header.set_size(size);
    header.set_mode(0o644);
    header.set_mtime(u64::try_from(crate::clock::now()).unwrap_or(0));
    let mut reader = Hashing {
        inner: file.take(size),
        hasher: Sha256::new(),
        read: 0,
    };
    archive
        .append_data(&mut header, name, &mut reader)
        .with_context(|| format!("gravar {name} no backup"))?;
    ensure!(
        reader.read == size,
        "{} encolheu durante a cópia; tente de novo",
        path.display()
    );
    Ok(Entry {
        path: name.to_owned(),
        size,
        sha256: hex::encode(reader.hasher.finalize()),
    })
}

/// Restores `file` into the configured data directory and database, which must both be empty.
/// Runs without the server: nothing else may be writing there.
pub async fn restore(config: &Config, file: &Path) -> anyhow::Result<Summary> {
    let url = config.database_url();
    let backend = Backend::from_url(&url).context("DATABASE_URL deve começar com sqlite: ou postgres:")?;
    let bytes = tokio::fs::metadata(file)
        .await
        .with_context(|| format!("backup {} não encontrado", file.display()))?
        .len();
    ensure_empty_dir(&config.data_dir)?;
    let sqlite_target = match backend {
        Backend::Sqlite => {
            let path = sqlite_path(&url).context("DATABASE_URL do SQLite sem caminho de arquivo")?;
            if std::fs::metadata(&path).is_ok_and(|meta| meta.len() > 0) {
                bail!(
                    "o banco {} já existe: a restauração só grava em um lugar vazio",
                    path.display()
                );
            }
            Some(path)
        }
        Backend::Postgres => {
            ensure_empty_postgres(&url).await?;
            None
        }
    };
    std::fs::create_dir_all(&config.data_dir)?;
    let staging = config.data_dir.join(".restauracao");
    let unpacked = {
        let (file, staging) = (file.to_owned(), staging.clone());
        tokio::task::spawn_blocking(move || unpack(&file, &staging)).await?
    };
    let manifest = match unpacked.and_then(|manifest| check_manifest(&manifest, backend).map(|()| manifest)) {
        Ok(manifest) => manifest,
        Err(err) => {
            let _ = std::fs::remove_dir_all(&staging);
            return Err(err);
        }
    };
    let placed = place(
        config,
        &staging,
        &manifest,
        backend,
        sqlite_target.as_deref(),
        &url,
    )
    .await;
    let _ = std::fs::remove_dir_all(&staging);
    placed?;
    Ok(Summary { manifest, bytes })
}

/// The file of a `sqlite:` URL (`sqlite://path?mode=rwc`, `sqlite:path`).
fn sqlite_path(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite:")?;
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let path = rest.split('?').next()?;
    (!path.is_empty() && path != ":memory:").then(|| PathBuf::from(path))
}

fn ensure_empty_dir(dir: &Path) -> anyhow::Result<()> {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                bail!(
                    "a pasta de dados {} não está vazia: a restauração só grava em um lugar vazio",
                    dir.display()
                );
            }
            Ok(())
        }
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(err) => Err(err).with_context(|| format!("ler {}", dir.display())),
    }
}

async fn ensure_empty_postgres(url: &str) -> anyhow::Result<()> {
    use sqlx::Connection as _;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(url)
        .await
        .context("não foi possível conectar ao PostgreSQL de DATABASE_URL")?;
    let tables: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM information_schema.tables WHERE table_schema = 'public'",
    )
    .fetch_one(&mut conn)
    .await?;
    conn.close().await?;
    ensure!(
        tables == 0,
        "o banco PostgreSQL de DATABASE_URL já tem {tables} tabela(s): a restauração só grava em um banco vazio"
    );
    Ok(())
}

/// Unpacks the archive into `staging`, checking each entry against the manifest at its end.
fn unpack(file: &Path, staging: &Path) -> anyhow::Result<Manifest> {
    let damaged = |why: String| anyhow::anyhow!("backup danificado ou incompleto: {why}");
    std::fs::create_dir_all(staging)?;
    let reader = std::io::BufReader::new(std::fs::File::open(file)?);
    let mut archive = tar::Archive::new(reader);
    let mut seen: Vec<Entry> = Vec::new();
    let mut manifest: Option<Manifest> = None;
    for entry in archive.entries().map_err(|err| damaged(err.to_string()))? {
        let mut entry = entry.map_err(|err| damaged(err.to_string()))?;
        let name = entry
            .path()
            .map_err(|err| damaged(err.to_string()))?
            .to_string_lossy()
            .into_owned();
        if manifest.is_some() {
            return Err(damaged(format!("{name} depois do manifesto")));
        }
        if name == MANIFEST {
            let mut text = Vec::new();
            entry
                .by_ref()
                .take(16 * 1024 * 1024)
                .read_to_end(&mut text)
                .map_err(|err| damaged(err.to_string()))?;
            manifest =
                Some(serde_json::from_slice(&text).map_err(|err| damaged(format!("manifesto: {err}")))?);
            continue;
        }
        let safe = (name.starts_with("files/") || name.starts_with("database/"))
            && Path::new(&name)
                .components()
                .all(|part| matches!(part, std::path::Component::Normal(_)));
        if !safe || !entry.header().entry_type().is_file() {
            return Err(damaged(format!("entrada inesperada {name:?}")));
        }
        let target = staging.join(&name);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let mut out = std::fs::File::create(&target)?;
        let mut reader = Hashing {
            inner: &mut entry,
            hasher: Sha256::new(),
            read: 0,
        };
        std::io::copy(&mut reader, &mut out).map_err(|err| damaged(format!("{name}: {err}")))?;
        out.sync_all()?;
        seen.push(Entry {
            path: name,
            size: reader.read,
            sha256: hex::encode(reader.hasher.finalize()),
        });
    }
    let manifest = manifest.ok_or_else(|| damaged("sem manifesto".to_owned()))?;
    if manifest.format > FORMAT {
        bail!(
            "este backup usa o formato {} e esta versão do Onda lê até o {FORMAT}: atualize o onda-server",
            manifest.format
        );
    }
    for expected in &manifest.entries {
        match seen.iter().find(|entry| entry.path == expected.path) {
            Some(found) if found == expected => {}
            Some(_) => return Err(damaged(format!("{} não confere com o manifesto", expected.path))),
            None => return Err(damaged(format!("{} está faltando", expected.path))),
        }
    }
    if seen.len() != manifest.entries.len() {
        return Err(damaged("entradas fora do manifesto".to_owned()));
    }
    Ok(manifest)
}

/// A backup this build can restore into `backend`.
fn check_manifest(manifest: &Manifest, backend: Backend) -> anyhow::Result<()> {
    ensure!(
        manifest.backend == backend.name(),
        "este backup é de {} e DATABASE_URL aponta para {}: restaure-o no mesmo tipo de banco",
        manifest.backend,
        backend.name()
    );
    let latest = crate::db::latest_migration(backend);
    ensure!(
        manifest.schema_version <= latest,
        "este backup foi feito pela versão {} (esquema {}), mais nova que esta ({}, esquema {latest}): \
         restaure-o com o onda-server {} ou mais novo",
        manifest.version,
        manifest.schema_version,
        env!("CARGO_PKG_VERSION"),
        manifest.version
    );
    Ok(())
}

/// Moves the unpacked files into place and loads the database.
async fn place(
    config: &Config,
    staging: &Path,
    manifest: &Manifest,
    backend: Backend,
    sqlite_target: Option<&Path>,
    url: &str,
) -> anyhow::Result<()> {
    match (backend, sqlite_target) {
        (Backend::Sqlite, Some(target)) => {
            if let Some(parent) = target.parent().filter(|parent| !parent.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::copy(staging.join(SQLITE_ENTRY), target)
                .with_context(|| format!("gravar o banco em {}", target.display()))?;
        }
        _ => {
            let output = tokio::process::Command::new("pg_restore")
                .args([
                    "--no-owner",
                    "--no-privileges",
                    "--exit-on-error",
                    "--single-transaction",
                ])
                .arg("--dbname")
                .arg(url)
                .arg(staging.join(POSTGRES_ENTRY))
                .output()
                .await
                .context("pg_restore não pôde ser executado (instale o cliente do PostgreSQL)")?;
            ensure!(
                output.status.success(),
                "pg_restore falhou: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            );
        }
    }
    for entry in &manifest.entries {
        if let Some(relative) = entry.path.strip_prefix("files/") {
            let target = config.data_dir.join(relative);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::rename(staging.join(&entry.path), &target)?;
        }
    }
    Ok(())
}

/// The scheduled backups' file names: `onda-YYYYMMDD-HHMMSS.tar`, which sort by time.
fn scheduled_name(unix: i64) -> String {
    let at = time::OffsetDateTime::from_unix_timestamp(unix).unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    format!(
        "onda-{:04}{:02}{:02}-{:02}{:02}{:02}.tar",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute(),
        at.second()
    )
}

fn is_scheduled(name: &str) -> bool {
    name.len() == "onda-YYYYMMDD-HHMMSS.tar".len()
        && name.starts_with("onda-")
        && name.ends_with(".tar")
        && name[5..20].bytes().enumerate().all(|(at, byte)| {
            if at == 8 {
                byte == b'-'
            } else {
                byte.is_ascii_digit()
            }
        })
}

/// The scheduled backups in `dir`, oldest first.
fn scheduled_in(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| {
                    path.file_name()
                        .and_then(|name| name.to_str())
                        .is_some_and(is_scheduled)
                })
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// When the newest scheduled backup in `dir` was written.
fn newest_written(dir: &Path) -> Option<std::time::SystemTime> {
    let newest = scheduled_in(dir).pop()?;
    std::fs::metadata(newest).and_then(|meta| meta.modified()).ok()
}

/// How long after start the first scheduled backup waits when none is due sooner: the station's
/// start (the demo library, the search index) goes first.
const FIRST_DELAY: Duration = Duration::from_secs(60);

/// Writes a backup into ONDA_BACKUP_DIR every ONDA_BACKUP_EVERY and keeps the newest
/// ONDA_BACKUP_KEEP, off the request path, until `shutdown`. With several instances only the one
/// that plays out writes them (they share the database; the files are each instance's).
pub async fn run_schedule(state: AppState, shutdown: CancellationToken) {
    let Some(dir) = state.config.backup_dir.clone() else {
        return;
    };
    let every = state.config.backup_every.0;
    // The newest backup on disk is the last success until this run writes one, so the alert on stale
    // backups does not fire after every restart.
    if let Some(at) = newest_written(&dir).and_then(|at| at.duration_since(std::time::UNIX_EPOCH).ok()) {
        crate::metrics::METRICS
            .backup_last_success
            .set(i64::try_from(at.as_secs()).unwrap_or(0));
    }
    loop {
        let wait = newest_written(&dir)
            .and_then(|at| at.elapsed().ok())
            .map_or(FIRST_DELAY.min(every), |age| every.saturating_sub(age));
        tokio::select! {
            () = shutdown.cancelled() => return,
            () = tokio::time::sleep(wait) => {}
        }
        if state.radio.role.get() == crate::radio::leader::Role::Follower {
            // Checked again after another full interval: the leader writes them meanwhile.
            tokio::select! {
                () = shutdown.cancelled() => return,
                () = tokio::time::sleep(every) => {}
            }
            continue;
        }
        scheduled_backup(&state, &dir).await;
    }
}

async fn scheduled_backup(state: &AppState, dir: &Path) {
    let metrics = &crate::metrics::METRICS;
    let started = Instant::now();
    let target = dir.join(scheduled_name(crate::clock::now()));
    match write(state, &target).await {
        Ok(summary) => {
            metrics.backups.with_label_values(&["success"]).inc();
            metrics.backup_last_success.set(crate::clock::now());
            metrics.backup_last_duration.set(started.elapsed().as_secs_f64());
            metrics
                .backup_last_size
                .set(i64::try_from(summary.bytes).unwrap_or(i64::MAX));
            tracing::info!(file = %target.display(), bytes = summary.bytes, "backup written");
            let all = scheduled_in(dir);
            let keep = usize::try_from(state.config.backup_keep).unwrap_or(usize::MAX);
            for old in all.iter().take(all.len().saturating_sub(keep)) {
                if let Err(err) = std::fs::remove_file(old) {
                    tracing::warn!(file = %old.display(), error = %err, "old backup not deleted");
                }
            }
        }
        Err(err) => {
            metrics.backups.with_label_values(&["failure"]).inc();
            tracing::error!(file = %target.display(), error = ?err, "backup failed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scheduled_names_sort_by_time_and_are_recognised() {
        let name = scheduled_name(1_764_460_800);
        assert_eq!(name, "onda-20251130-000000.tar");
        assert!(is_scheduled(&name));
        assert!(!is_scheduled("onda-2025113-0000000.tar"));
        assert!(!is_scheduled("outro.tar"));
        assert!(scheduled_name(1_764_460_800) < scheduled_name(1_764_460_801));
    }

    #[test]
    fn sqlite_urls_name_their_file() {
        assert_eq!(
            sqlite_path("sqlite://data/onda.db?mode=rwc"),
            Some(PathBuf::from("data/onda.db"))
        );
        assert_eq!(sqlite_path("sqlite:/tmp/x.db"), Some(PathBuf::from("/tmp/x.db")));
        assert_eq!(sqlite_path("sqlite::memory:"), None);
    }
}
