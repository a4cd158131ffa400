//! `onda-server`: run the station (default) or an operator command (`onda-server admin …`).

use std::io::Write;

use clap::{Parser, Subcommand};
use onda_server::{AppState, Config, admin::AdminCommand, db::Db};
use tracing_subscriber::EnvFilter;

/// mimalloc instead of the system allocator, only with `--features mimalloc`: measured under the soak
/// (bench/soak.sh), it kept 30 MiB more private memory than glibc's malloc for the same latency, so
/// the default build uses the system allocator (which heap profilers follow too, bench/heap.sh).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "onda-server",
    version,
    about = "Servidor da rádio Onda: API, site e transmissão"
)]
struct Cli {
    #[command(flatten)]
    config: Config,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Operator commands.
    #[command(subcommand)]
    Admin(AdminCommand),
}

fn main() -> anyhow::Result<()> {
    #[cfg(all(target_os = "linux", target_env = "gnu", not(feature = "mimalloc")))]
    tune_malloc();
    let open_files = raise_open_file_limit();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(run(open_files))
}

/// Every listener holds a socket, and Linux starts a process with a soft limit of 1,024 open files
/// (systemd's default too) under a hard limit hundreds of times higher: the soft limit is raised to
/// the hard one, as servers do, so the station is not full at a thousand listeners. What it comes to
/// sizes the listener cap (`ONDA_MAX_LISTENERS`, radio::listener_capacity) and is logged at start.
fn raise_open_file_limit() -> std::io::Result<u64> {
    rlimit::increase_nofile_limit(u64::MAX)
}

/// glibc's malloc is tuned by two variables it reads once, when the process starts; setting them from
/// inside would take `unsafe` (the workspace forbids it), so the server runs itself again with those
/// the operator left unset. Values the operator set are kept.
///
/// - `MALLOC_ARENA_MAX=2`: glibc gives a thread that finds the arenas busy one of its own, up to eight
///   per core, and each keeps the memory its threads freed. The server's threads (the runtime's, the
///   blocking pool's, SQLite's, the station engine's) made many of them. With two, bench/soak.sh
///   (2,000 pollers, 1,000 listeners, 50 req/s) ended at 62.4 MiB resident instead of 78.9 with the
///   same latency, and 10,000 listeners (bench/listeners.sh) took 58 MiB instead of 83.
/// - `MALLOC_MMAP_THRESHOLD_=262144`: a block of 256 KiB or more gets pages of its own, handed back
///   to the system when freed. By default glibc raises that threshold up to 32 MiB as big blocks are
///   freed, so the demo library's render (songs of tens of megabytes of samples, then their
///   encodings) left its buffers in the heap for good: the soak after a first start held 82.3 →
///   86.9 MiB (61.0 private); with the fixed threshold, 44.9 → 49.2 (23.7 private), same latency.
///   Listeners' chunks and requests are far smaller, so their path does not change.
#[cfg(all(target_os = "linux", target_env = "gnu", not(feature = "mimalloc")))]
fn tune_malloc() {
    use std::os::unix::process::CommandExt;

    const TUNING: [(&str, &str); 2] = [("MALLOC_ARENA_MAX", "2"), ("MALLOC_MMAP_THRESHOLD_", "262144")];
    let unset: Vec<_> = TUNING
        .iter()
        .filter(|(name, _)| std::env::var_os(name).is_none())
        .collect();
    if unset.is_empty() {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let mut args = std::env::args_os();
    let mut command = std::process::Command::new(exe);
    if let Some(name) = args.next() {
        command.arg0(name);
    }
    command.args(args);
    for (name, value) in unset {
        command.env(name, value);
    }
    // `exec` returns only when it failed (the binary was replaced on disk): run on glibc's defaults.
    let failed = command.exec();
    let _ = writeln!(
        std::io::stderr(),
        "onda-server: malloc tuning not applied ({failed}); glibc's defaults"
    );
}

async fn run(open_files: std::io::Result<u64>) -> anyhow::Result<()> {
    let cli = Cli::parse();
    init_logging();
    match open_files {
        Ok(limit) => tracing::debug!(limit, "open-file limit"),
        Err(err) => tracing::warn!(error = %err, "open-file limit not raised"),
    }
    let config = cli.config;
    // A restore writes into an empty place: it must run before the database is opened, which would
    // create it and apply the migrations.
    if let Some(Command::Admin(AdminCommand::Restore { file })) = &cli.command {
        let summary = onda_server::backup::restore(&config, file).await?;
        writeln!(
            std::io::stdout(),
            "backup restaurado: {}; inicie o servidor para usá-lo",
            summary.describe()
        )?;
        return Ok(());
    }
    if let Some(url) = &config.database_url {
        tracing::debug!(backend = ?onda_server::db::Backend::from_url(url), "database from DATABASE_URL");
    } else {
        std::fs::create_dir_all(&config.data_dir)?;
    }
    let db = Db::connect(&config.database_url()).await?;
    let state = AppState::new(db, config);

    if let Some(Command::Admin(command)) = cli.command {
        let done = onda_server::admin::run(&state, command).await?;
        writeln!(std::io::stdout(), "{done}")?;
        return Ok(());
    }

    // States and municipalities are reference data every station needs (the profile form), demo or not.
    onda_server::seed::seed_reference(&state).await?;
    if state.config.seed_demo {
        onda_server::seed::seed_demo(&state).await?;
    }
    // Every station has a privacy policy, terms of use and the podcast categories, demo or not (edited
    // in the back office).
    onda_server::seed::seed_fixed_content(&state).await?;
    if state.config.radio {
        state.radio.start(&state).await?;
    }
    // Statistics retention: minute samples rolled up into hours, old data pruned (data/statistics).
    tokio::spawn(onda_server::data::statistics::run_retention(
        state.db.clone(),
        state.radio.shutdown.clone(),
    ));
    // The forms' inbox: e-mails that did not leave are retried, old submissions deleted (data/submissions).
    tokio::spawn(onda_server::data::submissions::run_inbox_jobs(
        state.clone(),
        state.radio.shutdown.clone(),
    ));
    // Scheduled backups into ONDA_BACKUP_DIR, when it is set (backup.rs).
    tokio::spawn(onda_server::backup::run_schedule(
        state.clone(),
        state.radio.shutdown.clone(),
    ));
    // The search index: built now from the database, then kept current (search/mod.rs).
    tokio::spawn(onda_server::search::run_refresh(
        state.clone(),
        state.radio.shutdown.clone(),
    ));
    let listener = tokio::net::TcpListener::bind(state.config.addr).await?;
    tracing::info!(
        address = %listener.local_addr()?,
        max_listeners = state.radio.listener_capacity(),
        public_url = %state.config.public_url(),
        database = state.db.backend.name(),
        "{} no ar",
        state.config.station_name
    );
    onda_server::serve(listener, state, shutdown_signal()).await?;
    tracing::info!("servidor encerrado");
    Ok(())
}

/// Logs go to stderr; `ONDA_LOG_FORMAT=json` gives one JSON object per line for log collectors.
fn init_logging() {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,tower_http=info,sqlx=warn"));
    // Colours only on a terminal: journald and log files get plain text.
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr);
    if std::env::var("ONDA_LOG_FORMAT").is_ok_and(|format| format == "json") {
        builder.json().init();
    } else {
        builder.compact().init();
    }
}

/// Ctrl-C or SIGTERM: stop accepting, finish open requests, exit.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
