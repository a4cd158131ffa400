//! The four listener forms and the station's inbox (doc2 §2 Recommend / Contact / Work with us /
//! Free-streaming, §3, §5, §7, §8; decisions C13–C16, G24–G28, G47, S01, S06, S09, S11, S15).
//!
//! A listener's submission must reach a person and never be lost, so every form does the same thing:
//! validate every field with the shared rules (`onda_shared::validation`, the UI checks the same), count
//! the caller against its S09 limit, store the normalised request in `form_submissions` and only then
//! answer 'success'. The e-mail to the station is sent after the answer (`delivery`): a mail server that
//! is slow or down never fails the listener, and a submission whose e-mail did not leave is retried
//! with backoff by the background job until it does.
//!
//! One file per concern: `submit` (the four JSON calls), `upload` (the CV: multipart read under a hard
//! limit, the type decided by the bytes), `delivery` (the e-mail, its retries and the retention that
//! deletes old submissions with their files), `inbox` (the staff calls, permission 4) and `submission`
//! (a stored row as people read it: fields, summary, CSV).

mod inbox;
mod submit;
mod upload;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::AppState;

/// Unknown inbox item.
pub const SUBMISSION_NOT_FOUND: &str = "submission not found";
/// The CV of an item that has none (or whose file retention already deleted).
pub const CURRICULUM_NOT_FOUND: &str = "curriculum not found";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(submit::send_recommendation))
        .routes(routes!(submit::send_contact))
        .routes(routes!(submit::send_curriculum))
        .routes(routes!(submit::send_free_streaming))
        .merge(upload::router())
        .routes(routes!(inbox::inbox_summary))
        .routes(routes!(inbox::inbox_list))
        .routes(routes!(inbox::inbox_export))
        .routes(routes!(inbox::inbox_item))
        .routes(routes!(inbox::inbox_set_handled))
        .routes(routes!(inbox::inbox_curriculum))
}
