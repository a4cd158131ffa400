//! Demo content: realistic Brazilian-Portuguese data for every area of the site, seeded once on first
//! start (`ONDA_SEED_DEMO=false` turns it off). Idempotent: a marker in `settings` records the seeded
//! version, and the whole seed runs in one transaction, so a crash half-way leaves nothing behind.
//!
//! The content itself lives in readable data files under `server/demo/` (JSON, CSV, HTML), embedded
//! into the binary; `{station}` and `{slug}` in them become the configured station name and slug.
//! Rows are written with multi-row INSERTs (`batch`), so the whole seed takes a fraction of a second.

mod batch;
mod commerce;
pub mod demo;
mod geo;
mod music;
mod news;
mod pages;
mod podcasts;
mod schedule;
mod shell;
mod station;
mod videos;

use sqlx::{Any, Transaction};

use crate::{AppState, Result};

/// Bump when the demo content changes shape; a database seeded with an older version is left alone
/// (operators may have edited it), only an unseeded one is filled.
pub const DEMO_VERSION: &str = "1";
const MARKER_KEY: &str = "demo_seed_version";

/// States and municipalities are reference data rather than demo content: they have their own marker,
/// so `seed_reference` can fill them on a station that runs without the demo.
pub const REFERENCE_VERSION: &str = "1";
const REFERENCE_MARKER_KEY: &str = "reference_seed_version";

pub type Tx = Transaction<'static, Any>;

/// Seeds the demo content unless it is already there or the configuration turns it off. Returns
/// whether anything was written.
pub async fn seed_demo(state: &AppState) -> Result<bool> {
    if !state.config.seed_demo || state.db.setting(MARKER_KEY).await?.is_some() {
        return Ok(false);
    }
    let started = std::time::Instant::now();
    let demo = demo::Demo::new(&state.config);
    let mut tx: Tx = state.db.pool.begin().await?;
    if reference_missing(&mut tx).await? {
        seed_reference_rows(&mut tx).await?;
    }
    shell::seed(&mut tx, &state.config).await?;
    station::seed(&mut tx, &demo).await?;
    let newsroom = news::seed_newsroom(&mut tx, &demo).await?;
    let shows = podcasts::seed(&mut tx, &demo).await?;
    news::seed_news(&mut tx, &demo, &newsroom, &shows).await?;
    music::seed(&mut tx, &demo).await?;
    schedule::seed(&mut tx, &demo).await?;
    videos::seed(&mut tx, &demo).await?;
    commerce::seed(&mut tx, &demo).await?;
    pages::seed(&mut tx, &demo).await?;
    sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2)")
        .bind(MARKER_KEY)
        .bind(DEMO_VERSION)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    tracing::info!(
        version = DEMO_VERSION,
        elapsed_ms = started.elapsed().as_millis() as u64,
        "demo content seeded"
    );
    Ok(true)
}

/// Seeds the 27 states and every municipality (IBGE) unless they are already there. Independent of
/// `ONDA_SEED_DEMO`: the profile's address selects need them on any station.
pub async fn seed_reference(state: &AppState) -> Result<bool> {
    let mut tx: Tx = state.db.pool.begin().await?;
    if !reference_missing(&mut tx).await? {
        return Ok(false);
    }
    seed_reference_rows(&mut tx).await?;
    tx.commit().await?;
    tracing::info!(version = REFERENCE_VERSION, "states and municipalities seeded");
    Ok(true)
}

/// What every station has, demo or not, and staff then edit in the back office: the legal texts
/// (privacy policy, terms of use: the model texts with the station's name, `/a1catalogo/legal`) and the
/// five 'outros podcasts' categories (`/a1catalogo/podcastCategories`). Only what is missing is written,
/// so an edited text stays. Returns whether anything was written.
pub async fn seed_fixed_content(state: &AppState) -> Result<bool> {
    let demo = demo::Demo::new(&state.config);
    let mut tx: Tx = state.db.pool.begin().await?;
    let legal = pages::seed_legal_texts(&mut tx, &demo).await?;
    let categories = podcasts::seed_collections(&mut tx, &demo).await?;
    tx.commit().await?;
    if legal + categories > 0 {
        tracing::info!(legal, categories, "legal texts and podcast categories seeded");
    }
    Ok(legal + categories > 0)
}

async fn reference_missing(tx: &mut Tx) -> Result<bool> {
    let marker: Option<String> = sqlx::query_scalar("SELECT value FROM settings WHERE key = $1")
        .bind(REFERENCE_MARKER_KEY)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(marker.is_none())
}

async fn seed_reference_rows(tx: &mut Tx) -> Result<()> {
    geo::seed(tx).await?;
    sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2)")
        .bind(REFERENCE_MARKER_KEY)
        .bind(REFERENCE_VERSION)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
