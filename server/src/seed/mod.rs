//! Demo content: realistic Brazilian-Portuguese data for every area of the site, seeded once on first
//! start (`ONDA_SEED_DEMO=false` turns it off). Idempotent: a marker in `settings` records the seeded
//! version, and the whole seed runs in one transaction, so a crash half-way leaves nothing behind.

mod shell;

use sqlx::{Any, Transaction};

use crate::{AppState, Result};

/// Bump when the demo content changes shape; a database seeded with an older version is left alone
/// (operators may have edited it), only an unseeded one is filled.
pub const DEMO_VERSION: &str = "1";
const MARKER_KEY: &str = "demo_seed_version";

pub type Tx = Transaction<'static, Any>;

/// Seeds the demo content unless it is already there. Returns whether anything was written.
pub async fn seed_demo(state: &AppState) -> Result<bool> {
    if state.db.setting(MARKER_KEY).await?.is_some() {
        return Ok(false);
    }
    let mut tx: Tx = state.db.pool.begin().await?;
    shell::seed(&mut tx, &state.config).await?;
    sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2)")
        .bind(MARKER_KEY)
        .bind(DEMO_VERSION)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    tracing::info!(version = DEMO_VERSION, "demo content seeded");
    Ok(true)
}
