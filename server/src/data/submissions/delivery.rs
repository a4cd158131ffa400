//! The e-mail of every submission to the station, its retries, and the retention of the inbox.
//!
//! A submission is stored before its e-mail is tried, so a mail server that is down loses nothing. The
//! request that stored it sends right after answering; when that fails the row keeps `mailed_at` NULL
//! with the error and the time of its next try, and [`run_inbox_jobs`] tries again with growing waits
//! (1 min, 2, 4, … up to 6 h) until it leaves. A try first takes a lease on the row (`next_mail_at`
//! moved past the try, in one conditional UPDATE), so two instances never mail the same submission.
//!
//! Retention (privacy policy): submissions older than ONDA_INBOX_RETENTION_DAYS are deleted
//! with their CV, and uploaded CVs that no application claimed within a day are deleted too.

use std::time::Duration;

use tokio_util::sync::CancellationToken;

use super::{COLUMNS, CvType, FROM, Stored, cv_dir};
use crate::{
    AppState, Result,
    clock::now,
    data::statistics::format_brasilia,
    mail::{Attachment, InboxMail},
};

/// How long a try holds its row before another instance may take it.
pub const MAIL_LEASE_SECONDS: i64 = 10 * 60;
/// The first wait after a failure; each further failure doubles it, up to [`MAX_BACKOFF_SECONDS`].
const FIRST_BACKOFF_SECONDS: i64 = 60;
const MAX_BACKOFF_SECONDS: i64 = 6 * 3600;
/// Rows retried per pass (each try waits for the mail server; the rest wait for the next pass).
const RETRY_BATCH: i64 = 50;
/// How often the job looks for unmailed submissions; retention runs every [`RETENTION_EVERY`] passes.
pub const INBOX_PERIOD: Duration = Duration::from_secs(60);
const RETENTION_EVERY: u32 = 60;
/// An uploaded CV that no application claimed is deleted after this long.
const ORPHAN_CV_SECONDS: u64 = 24 * 3600;
/// Longest error text kept.
const ERROR_MAX: usize = 500;

/// The wait before the next try after `attempts` failed ones.
fn backoff(attempts: i64) -> i64 {
    let doublings = u32::try_from(attempts.saturating_sub(1).clamp(0, 20)).unwrap_or(20);
    FIRST_BACKOFF_SECONDS
        .saturating_mul(1_i64 << doublings)
        .min(MAX_BACKOFF_SECONDS)
}

/// Sends a just-stored submission in the background (its request has answered already).
pub fn spawn_delivery(state: AppState, id: i64) {
    tokio::spawn(async move {
        if let Err(err) = deliver(&state, id).await {
            tracing::warn!(error = %err, id, "form submission: e-mail try failed to run");
        }
    });
}

/// Sends one submission whose lease the caller holds, and records the outcome. True when it left.
async fn deliver(state: &AppState, id: i64) -> Result<bool> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM {FROM} WHERE s.id = $1"))
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await?;
    let Some(row) = row else { return Ok(false) };
    let stored = Stored::from_row(&row)?;
    if stored.mailed_at.is_some() {
        return Ok(true);
    }
    let outcome = match attachment(state, &stored).await {
        Ok(attachment) => send(state, &stored, attachment).await,
        Err(err) => Err(err),
    };
    let now = now();
    match outcome {
        Ok(()) => {
            sqlx::query(
                "UPDATE form_submissions SET mailed_at = $1, last_mail_error = NULL, next_mail_at = NULL, \
                 mail_attempts = mail_attempts + 1 WHERE id = $2",
            )
            .bind(now)
            .bind(id)
            .execute(&state.db.pool)
            .await?;
            Ok(true)
        }
        Err(error) => {
            // One transaction: the failed try and its next time are seen together (a reader that
            // saw the attempt counted before its backoff was written found the row still leased).
            let mut tx = state.db.pool.begin().await?;
            let attempts: i64 = sqlx::query_scalar(
                "UPDATE form_submissions SET mail_attempts = mail_attempts + 1, last_mail_error = $1 \
                 WHERE id = $2 RETURNING mail_attempts",
            )
            .bind(error.chars().take(ERROR_MAX).collect::<String>())
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
            sqlx::query("UPDATE form_submissions SET next_mail_at = $1 WHERE id = $2")
                .bind(now + backoff(attempts))
                .bind(id)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            tracing::warn!(
                id,
                attempts,
                error,
                "form submission not e-mailed yet; it will be retried"
            );
            Ok(false)
        }
    }
}

/// The CV of an application, read from its folder.
async fn attachment(state: &AppState, stored: &Stored) -> Result<Option<Attachment>, String> {
    let Some(file) = &stored.file_path else {
        return Ok(None);
    };
    let kind = file
        .rsplit_once('.')
        .and_then(|(_, extension)| CvType::from_extension(extension))
        .ok_or_else(|| format!("CV {file}: unknown type"))?;
    let bytes = tokio::fs::read(cv_dir(&state.config.data_dir).join(file))
        .await
        .map_err(|err| format!("CV {file}: {err}"))?;
    Ok(Some(Attachment {
        filename: format!("curriculo-{}.{}", stored.id, kind.extension()),
        content_type: kind.mime().to_owned(),
        bytes,
    }))
}

async fn send(state: &AppState, stored: &Stored, attachment: Option<Attachment>) -> Result<(), String> {
    let kind = stored.submission.kind();
    let to = state.config.inbox_address(kind, stored.category_id);
    let heading = match stored
        .category_id
        .and_then(onda_shared::validation::contact_subject)
    {
        Some(subject) => format!("{}: {subject}", kind.label()),
        None => kind.label().to_owned(),
    };
    let fields = stored.fields();
    let reply_to = stored
        .submission
        .email()
        .or_else(|| stored.account.as_ref().map(|(_, email)| email.as_str()));
    state
        .mailer
        .send_inbox(InboxMail {
            to,
            reply_to,
            heading: &heading,
            summary: &stored.submission.summary(),
            fields: &fields,
            received: &format_brasilia(stored.created_at, false),
            id: stored.id,
            attachment,
        })
        .await
        .map_err(|err| err.to_string())
}

/// One pass of retries at `now`: every submission not mailed whose next try is due, oldest first, up
/// to a batch. Answers how many left now.
pub async fn retry_unmailed(state: &AppState, now: i64) -> Result<usize> {
    let due: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM form_submissions WHERE mailed_at IS NULL AND next_mail_at <= $1 \
         ORDER BY next_mail_at, id LIMIT $2",
    )
    .bind(now)
    .bind(RETRY_BATCH)
    .fetch_all(&state.db.pool)
    .await?;
    let mut sent = 0;
    for id in due {
        // The lease: only the instance whose UPDATE matched tries this row now.
        let leased = sqlx::query(
            "UPDATE form_submissions SET next_mail_at = $1 \
             WHERE id = $2 AND mailed_at IS NULL AND next_mail_at <= $3",
        )
        .bind(now + MAIL_LEASE_SECONDS)
        .bind(id)
        .bind(now)
        .execute(&state.db.pool)
        .await?
        .rows_affected();
        if leased == 1 && deliver(state, id).await? {
            sent += 1;
        }
    }
    Ok(sent)
}

/// Deletes the submissions older than the retention at `now`, with their CVs, and the uploaded CVs no
/// application claimed within a day. Answers how many submissions went.
pub async fn prune_inbox(state: &AppState, now: i64) -> Result<u64> {
    let before = now - i64::from(state.config.inbox_retention_days) * 86_400;
    let old: Vec<(i64, Option<String>)> =
        sqlx::query_as("SELECT id, file_path FROM form_submissions WHERE created_at < $1")
            .bind(before)
            .fetch_all(&state.db.pool)
            .await?;
    let dir = cv_dir(&state.config.data_dir);
    let mut deleted = 0;
    for (id, file) in old {
        // The file first: a row without its file is harmless, a file without its row is forgotten.
        if let Some(file) = file {
            remove(&dir.join(file)).await;
        }
        deleted += sqlx::query("DELETE FROM form_submissions WHERE id = $1")
            .bind(id)
            .execute(&state.db.pool)
            .await?
            .rows_affected();
    }
    prune_orphan_cvs(state).await?;
    Ok(deleted)
}

async fn prune_orphan_cvs(state: &AppState) -> Result<()> {
    let dir = cv_dir(&state.config.data_dir);
    let Ok(mut entries) = tokio::fs::read_dir(&dir).await else {
        return Ok(());
    };
    while let Ok(Some(entry)) = entries.next_entry().await {
        let old = entry
            .metadata()
            .await
            .ok()
            .and_then(|meta| meta.modified().ok())
            .and_then(|modified| modified.elapsed().ok())
            .is_some_and(|age| age.as_secs() > ORPHAN_CV_SECONDS);
        if !old {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        let claimed: i64 =
            sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM form_submissions WHERE file_path = $1")
                .bind(&name)
                .fetch_one(&state.db.pool)
                .await?;
        if claimed == 0 {
            remove(&entry.path()).await;
        }
    }
    Ok(())
}

async fn remove(path: &std::path::Path) {
    if let Err(err) = tokio::fs::remove_file(path).await
        && err.kind() != std::io::ErrorKind::NotFound
    {
        tracing::warn!(error = %err, path = %path.display(), "inbox retention: file not deleted");
    }
}

/// The inbox's background job (spawned by `main`): retries every minute, retention every hour, from
/// the first pass on.
pub async fn run_inbox_jobs(state: AppState, shutdown: CancellationToken) {
    let mut pass: u32 = 0;
    loop {
        tokio::select! {
            () = tokio::time::sleep(if pass == 0 { Duration::from_secs(5) } else { INBOX_PERIOD }) => {}
            () = shutdown.cancelled() => return,
        }
        let now = now();
        match retry_unmailed(&state, now).await {
            Ok(0) => {}
            Ok(sent) => tracing::info!(sent, "form submissions e-mailed on retry"),
            Err(err) => tracing::warn!(error = %err, "form submissions: retry pass failed"),
        }
        if pass.is_multiple_of(RETENTION_EVERY) {
            match prune_inbox(&state, now).await {
                Ok(0) => {}
                Ok(deleted) => tracing::info!(deleted, "form submissions past retention deleted"),
                Err(err) => tracing::warn!(error = %err, "form submissions: retention pass failed"),
            }
        }
        pass = pass.wrapping_add(1);
    }
}

#[cfg(test)]
mod tests {
    use super::backoff;

    #[test]
    fn backoff_doubles_up_to_six_hours() {
        assert_eq!(backoff(1), 60);
        assert_eq!(backoff(2), 120);
        assert_eq!(backoff(5), 960);
        assert_eq!(backoff(30), 6 * 3600);
        assert_eq!(backoff(0), 60);
    }
}
