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

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    init_logging();
    let config = cli.config;
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
    // Every station has a privacy policy and terms of use, demo or not (edited in the back office).
    onda_server::seed::seed_legal_texts(&state).await?;
    if state.config.radio {
        state.radio.start(&state).await?;
    }
    // Statistics retention: minute samples rolled up into hours, old data pruned (routes/stats/retention.rs).
    tokio::spawn(onda_server::routes::stats::run_retention(
        state.db.clone(),
        state.radio.shutdown.clone(),
    ));
    // The forms' inbox: e-mails that did not leave are retried, old submissions deleted (routes/forms).
    tokio::spawn(onda_server::routes::forms::run_inbox_jobs(
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
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
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
