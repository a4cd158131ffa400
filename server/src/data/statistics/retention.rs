//! The rollup and retention job: complete hours of minute samples into `listener_hourly`, complete
//! Brasília days into `listener_daily`, old rows pruned; every 10 minutes from `run_retention`.

use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::{
    DAILY_ROLLUP_KEY, HOURLY_RETENTION_DAYS, MINUTE_RETENTION_DAYS, RETENTION_PERIOD, ROLLUP_DELAY_S,
    ROLLUP_KEY, SESSION_RETENTION_DAYS,
};
use crate::{
    Result,
    clock::{BRT_OFFSET_SECONDS, brasilia_day_start, now_ms},
    db::Db,
};

/// What one retention pass did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RetentionReport {
    /// Hours before this instant (UTC seconds) are in `listener_hourly`.
    pub rolled_until: i64,
    pub hourly_rows_written: u64,
    /// Brasília days before this instant (UTC seconds) are in `listener_daily`.
    pub days_rolled_until: i64,
    pub daily_rows_written: u64,
    pub samples_deleted: u64,
    pub hourly_deleted: u64,
    pub daily_deleted: u64,
    pub sessions_deleted: u64,
}

/// Rolls the complete hours of minute samples up into `listener_hourly` and the complete days of
/// those into `listener_daily`, then drops minute samples older than `MINUTE_RETENTION_DAYS` (only
/// once rolled up), hourly and daily rows older than `HOURLY_RETENTION_DAYS` and closed sessions
/// older than `SESSION_RETENTION_DAYS`. Idempotent; several instances may run it.
pub async fn roll_up_and_prune(db: &Db, now_s: i64) -> Result<RetentionReport, sqlx::Error> {
    let target = {
        let t = now_s - ROLLUP_DELAY_S;
        t - t.rem_euclid(3600)
    };
    let from = match rollup_watermark(db).await? {
        Some(watermark) => watermark,
        None => {
            let oldest: Option<i64> = sqlx::query_scalar("SELECT MIN(at) FROM listener_samples")
                .fetch_one(&db.pool)
                .await?;
            oldest.map_or(target, |at| at - at.rem_euclid(3600))
        }
    };
    let mut report = RetentionReport {
        rolled_until: from.max(target),
        ..RetentionReport::default()
    };
    if target > from {
        let mut tx = db.pool.begin().await?;
        report.hourly_rows_written = sqlx::query(
            "INSERT INTO listener_hourly (at, channel, samples, max_listeners, min_listeners, sum_listeners) \
             SELECT at - (at % 3600), channel, COUNT(*), MAX(listeners), MIN(listeners), \
             CAST(SUM(listeners) AS BIGINT) FROM listener_samples WHERE at >= $1 AND at < $2 \
             GROUP BY at - (at % 3600), channel \
             ON CONFLICT (channel, at) DO UPDATE SET samples = excluded.samples, \
             max_listeners = excluded.max_listeners, min_listeners = excluded.min_listeners, \
             sum_listeners = excluded.sum_listeners",
        )
        .bind(from)
        .bind(target)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        sqlx::query(
            "INSERT INTO settings (key, value) VALUES ($1, $2) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .bind(ROLLUP_KEY)
        .bind(target.to_string())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        // A large rollup (the first one over existing data) changes the table's statistics: without
        // them PostgreSQL plans the history for a handful of rows and sorts thousands by collation.
        if report.hourly_rows_written > 10_000 {
            sqlx::query("ANALYZE listener_hourly").execute(&db.pool).await?;
        }
    } else if rollup_watermark(db).await?.is_none() {
        db.set_setting(ROLLUP_KEY, &from.to_string()).await?;
    }
    roll_up_days(db, &mut report).await?;
    let sample_cutoff = report.rolled_until.min(now_s - MINUTE_RETENTION_DAYS * 86_400);
    report.samples_deleted = sqlx::query("DELETE FROM listener_samples WHERE at < $1")
        .bind(sample_cutoff)
        .execute(&db.pool)
        .await?
        .rows_affected();
    report.hourly_deleted = sqlx::query("DELETE FROM listener_hourly WHERE at < $1")
        .bind(now_s - HOURLY_RETENTION_DAYS * 86_400)
        .execute(&db.pool)
        .await?
        .rows_affected();
    report.daily_deleted = sqlx::query("DELETE FROM listener_daily WHERE at < $1")
        .bind(brasilia_day_start(now_s - HOURLY_RETENTION_DAYS * 86_400))
        .execute(&db.pool)
        .await?
        .rows_affected();
    report.sessions_deleted =
        sqlx::query("DELETE FROM listener_sessions WHERE ended_at_ms IS NOT NULL AND ended_at_ms < $1")
            .bind((now_s - SESSION_RETENTION_DAYS * 86_400) * 1000)
            .execute(&db.pool)
            .await?
            .rows_affected();
    Ok(report)
}

/// The retention job of a running server: a pass shortly after start, then every 10 minutes.
/// Rolls the Brasília days whose hours are all in `listener_hourly` up into `listener_daily`.
pub async fn roll_up_days(db: &Db, report: &mut RetentionReport) -> Result<(), sqlx::Error> {
    let target = brasilia_day_start(report.rolled_until);
    let from = match watermark(db, DAILY_ROLLUP_KEY).await? {
        Some(watermark) => watermark,
        None => {
            let oldest: Option<i64> = sqlx::query_scalar("SELECT MIN(at) FROM listener_hourly")
                .fetch_one(&db.pool)
                .await?;
            oldest.map_or(target, brasilia_day_start)
        }
    };
    report.days_rolled_until = from.max(target);
    if target <= from {
        return Ok(());
    }
    let mut tx = db.pool.begin().await?;
    // `at` is positive, so `%` is the Euclidean remainder in both databases.
    report.daily_rows_written = sqlx::query(
        "INSERT INTO listener_daily (at, channel, samples, max_listeners, min_listeners, sum_listeners) \
         SELECT at - ((at + $3) % 86400), channel, CAST(SUM(samples) AS BIGINT), MAX(max_listeners), \
         MIN(min_listeners), CAST(SUM(sum_listeners) AS BIGINT) FROM listener_hourly \
         WHERE at >= $1 AND at < $2 GROUP BY 1, 2 \
         ON CONFLICT (channel, at) DO UPDATE SET samples = excluded.samples, \
         max_listeners = excluded.max_listeners, min_listeners = excluded.min_listeners, \
         sum_listeners = excluded.sum_listeners",
    )
    .bind(from)
    .bind(target)
    .bind(BRT_OFFSET_SECONDS)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    sqlx::query(
        "INSERT INTO settings (key, value) VALUES ($1, $2) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )
    .bind(DAILY_ROLLUP_KEY)
    .bind(target.to_string())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    if report.daily_rows_written > 1_000 {
        sqlx::query("ANALYZE listener_daily").execute(&db.pool).await?;
    }
    Ok(())
}

pub async fn run_retention(db: Db, shutdown: CancellationToken) {
    let mut delay = Duration::from_secs(5);
    loop {
        tokio::select! {
            () = tokio::time::sleep(delay) => {}
            () = shutdown.cancelled() => return,
        }
        delay = RETENTION_PERIOD;
        match roll_up_and_prune(&db, now_ms().div_euclid(1000)).await {
            Ok(report) => tracing::debug!(?report, "statistics retention pass"),
            Err(err) => tracing::warn!(error = %err, "statistics retention pass failed"),
        }
    }
}

pub async fn rollup_watermark(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    watermark(db, ROLLUP_KEY).await
}

pub async fn watermark(db: &Db, key: &str) -> Result<Option<i64>, sqlx::Error> {
    Ok(db.setting(key).await?.and_then(|value| value.trim().parse().ok()))
}
