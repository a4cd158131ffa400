//! Wire types of the back office's newsroom (`/api/v1/backoffice/news/*`, staff permission 5)
//! and of the audit log every back-office change writes (`/api/v1/backoffice/audit`, permission 8).
//!
//! A news item has a state: `draft` (never public), `published` (public from `publishAt` on; a future
//! `publishAt` is shown to staff as `scheduled`) or `unpublished` (taken down: public calls answer 404
//! and the search index, feeds and sitemap drop it). Field limits and their Portuguese messages are in
//! `validation` (`NEWSROOM_*`), generated into the UI like every other rule.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Where an item stands. `Scheduled` is never sent by a client: it is `Published` with a future
/// `publishAt`, reported so the list can say so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub enum NewsState {
    Draft,
    Scheduled,
    Published,
    Unpublished,
}

impl NewsState {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Draft => "draft",
            Self::Scheduled => "scheduled",
            Self::Published => "published",
            Self::Unpublished => "unpublished",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "draft" => Some(Self::Draft),
            "scheduled" => Some(Self::Scheduled),
            "published" => Some(Self::Published),
            "unpublished" => Some(Self::Unpublished),
            _ => None,
        }
    }

    /// The label the back office shows.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Draft => "Rascunho",
            Self::Scheduled => "Agendada",
            Self::Published => "Publicada",
            Self::Unpublished => "Despublicada",
        }
    }
}

/// `POST /api/v1/backoffice/news` (create) and `PUT /api/v1/backoffice/news/{id}` (replace). Text fields
/// are trimmed; `content` and `teaser` are HTML from the editor, sanitised by the server before storing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct NewsInput {
    pub title: String,
    /// Shorter title for the home blocks; '' uses `title`.
    #[serde(default)]
    pub title_home: String,
    #[serde(default)]
    pub subtitle: String,
    /// The body (HTML: paragraphs, headings, lists, links, images, YouTube and podcast embeds).
    #[serde(default)]
    pub content: String,
    /// PRO items: what non-PRO readers see (HTML). Required when `isPro`.
    #[serde(default)]
    pub teaser: String,
    #[ts(type = "number")]
    pub category_id: i64,
    /// Tag names in display order; a name no tag has yet creates the tag.
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    #[ts(type = "number | null")]
    pub journalist_id: Option<i64>,
    /// The byline when no journalist is chosen ('' = 'Redação Onda FM').
    #[serde(default)]
    pub author: String,
    /// Cover picture: a URL returned by the image upload ('' = none).
    #[serde(default)]
    pub image_url: String,
    #[serde(default)]
    pub image_caption: String,
    /// A YouTube video id that replaces the cover picture on the page ('' = none).
    #[serde(default)]
    pub cover_video_youtube_id: String,
    /// A podcast show whose episode this item is, with the episode's key at the player host.
    #[serde(default)]
    #[ts(type = "number | null")]
    pub podcast_show_id: Option<i64>,
    #[serde(default)]
    pub podcast_id: String,
    #[serde(default)]
    pub keyword: String,
    #[serde(default)]
    pub is_pro: bool,
    /// The editor's pick for the home lead.
    #[serde(default)]
    pub is_featured: bool,
    /// `draft`, `published` or `unpublished` (`scheduled` is `published` with a future `publishAt`).
    pub state: NewsState,
    /// When a published item goes public (ISO 8601); null = now, or, for an item that is already
    /// published, the date it has. On a draft or an unpublished item, the date it is meant to have
    /// (kept, so 'unpublish then republish' keeps the original date when sent back).
    #[serde(default)]
    pub publish_at: Option<String>,
    /// Only on PUT: the `version` the editor loaded. A stale one is refused (409) so two editors never
    /// overwrite each other silently.
    #[serde(default)]
    #[ts(type = "number | null")]
    pub version: Option<i64>,
}

/// One row of the back office's list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct NewsroomRow {
    #[ts(type = "number")]
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub category_name: String,
    pub state: NewsState,
    /// The byline: the journalist's name, or `author`.
    pub author: String,
    /// When it goes or went public (ISO 8601); null for drafts and unpublished items.
    pub publish_at: Option<String>,
    /// Last change (ISO 8601).
    pub updated_at: String,
    pub image_url: String,
    pub is_pro: bool,
    #[ts(type = "number")]
    pub views: i64,
}

/// `GET /api/v1/backoffice/news`: one page of the list, newest change first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct NewsroomPage {
    pub items: Vec<NewsroomRow>,
    /// Items matching the filters over all pages.
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub page: i64,
    #[ts(type = "number")]
    pub per_page: i64,
}

/// `GET /api/v1/backoffice/news/{id}`: everything the editor edits, as stored; `version` (in the
/// flattened input) is the current one, bumped by every save, to be sent back on PUT.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct NewsDraft {
    #[ts(type = "number")]
    pub id: i64,
    pub slug: String,
    #[serde(flatten)]
    pub input: NewsInput,
    /// The state as the list shows it (`scheduled` for a published item not yet public).
    pub shown_state: NewsState,
    /// The public address ('/noticias/{slug}').
    pub url: String,
    pub created_at: String,
    pub updated_at: String,
}

/// `POST /api/v1/backoffice/images` (multipart, field `file`): the stored picture. `url` is the wide
/// rendition; the server picks WebP or JPEG per request (`Accept`), and `?w=` asks for a narrower one
/// of `widths`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct UploadedImage {
    pub url: String,
    #[ts(type = "number")]
    pub width: i64,
    #[ts(type = "number")]
    pub height: i64,
    #[ts(type = "number[]")]
    pub widths: Vec<i64>,
}

/// One change written to the audit log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct AuditEntry {
    #[ts(type = "number")]
    pub id: i64,
    /// ISO 8601.
    pub at: String,
    /// The staff member's e-mail ('' once the account is gone).
    pub actor: String,
    /// e.g. 'news.create', 'news.update', 'news.delete', 'image.upload'.
    pub action: String,
    /// e.g. 'news'.
    pub entity: String,
    #[ts(type = "number | null")]
    pub entity_id: Option<i64>,
    /// The record before and after the change (null when it did not exist).
    #[ts(type = "unknown")]
    pub before: Option<serde_json::Value>,
    #[ts(type = "unknown")]
    pub after: Option<serde_json::Value>,
}

/// `GET /api/v1/backoffice/audit`: newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct AuditPage {
    pub items: Vec<AuditEntry>,
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub page: i64,
    #[ts(type = "number")]
    pub per_page: i64,
}
