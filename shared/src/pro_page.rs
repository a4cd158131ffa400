//! Wire types of the PRO page endpoints (`/api/v1/proPage/*`; doc2 §2.2, §7; decisions S11).
//!
//! `getFaqs` answers `data[] {question, answer}` exactly as doc2 §7 reads it; `answer` is HTML,
//! sanitised by the server. The three featured podcasts of the page come from a separate small call,
//! `getFeaturedPodcasts`, so the FAQ reply keeps the documented shape.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One FAQ item: the question as plain text, the answer as sanitised HTML.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ProFaq {
    pub question: String,
    /// Sanitised HTML (a conservative allow-list: paragraphs, emphasis, lists, links).
    pub answer: String,
}

/// A podcast show featured on the PRO page (links to /podcasts/{slug}).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct FeaturedPodcast {
    pub slug: String,
    pub name: String,
    pub subtitle: String,
    /// Square cover image URL.
    pub thumb_url: String,
    /// Whether the show is for PRO subscribers.
    pub is_pro: bool,
}
