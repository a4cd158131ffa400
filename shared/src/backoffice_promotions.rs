//! Wire types of the back office's promotions and treasure hunts (`/api/v1/backoffice/promotions*` and
//! `/api/v1/backoffice/hunts*`, staff permission 6).
//!
//! A promotion's status follows from its publication switch and its dates: `hidden` (not published),
//! `scheduled` (published, not started), `open` (taking answers), `closed` (ended; winners may be drawn).
//! Opening and closing are edits of those fields, so the public pages, which read the same columns, can
//! never disagree with the back office. Limits and Portuguese messages are in `validation` (`PROMO_*`,
//! `HUNT_*`, `DRAW_*`), generated into the UI like every other rule.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Where a promotion (or a hunt) stands, from its switch and its dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub enum CampaignStatus {
    Hidden,
    Scheduled,
    Open,
    Closed,
}

impl CampaignStatus {
    /// The status of something `published` that runs from `starts_at` to `ends_at` (Unix seconds).
    pub fn at(published: bool, starts_at: i64, ends_at: i64, now: i64) -> Self {
        if !published {
            Self::Hidden
        } else if now < starts_at {
            Self::Scheduled
        } else if now < ends_at {
            Self::Open
        } else {
            Self::Closed
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "hidden" => Some(Self::Hidden),
            "scheduled" => Some(Self::Scheduled),
            "open" => Some(Self::Open),
            "closed" => Some(Self::Closed),
            _ => None,
        }
    }
}

/// `POST /api/v1/backoffice/promotions` (create) and `PUT /api/v1/backoffice/promotions/{id}`. Text
/// fields are trimmed; `description` and `rules` are HTML from the editor, sanitised by the server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PromotionInput {
    pub title: String,
    /// The card's line on /promocoes.
    #[serde(default)]
    pub short_description: String,
    /// The page's text (HTML).
    #[serde(default)]
    pub description: String,
    /// The regulation (HTML); required to publish.
    #[serde(default)]
    pub rules: String,
    /// What the answer form asks ('' when the description asks it).
    #[serde(default)]
    pub question: String,
    /// Pictures: URLs returned by the image upload ('' = none). `imageUrl` is the card and page
    /// picture, `bannerUrl` the wide banner of the slider.
    #[serde(default)]
    pub image_url: String,
    #[serde(default)]
    pub banner_url: String,
    /// `'L'` light or `'D'` dark page.
    pub color_scheme: String,
    /// Only PRO subscribers take part.
    #[serde(default)]
    pub is_pro: bool,
    /// A participant may change their answer while it is open.
    #[serde(default)]
    pub is_editable: bool,
    /// A participant may send several answers.
    #[serde(default)]
    pub is_multiple: bool,
    /// The answer is one word (30 characters instead of 350).
    #[serde(default)]
    pub is_single_word: bool,
    /// The affiliate's id it belongs to ('' = national).
    #[serde(default)]
    pub affiliate: String,
    /// Shown on the site (from `startsAt`); off hides it everywhere.
    #[serde(default)]
    pub is_published: bool,
    /// Start and end (ISO 8601); answers are taken between them.
    pub starts_at: String,
    pub ends_at: String,
    /// Only on PUT: the `version` the editor loaded (a stale one is a 409).
    #[serde(default)]
    #[ts(type = "number | null")]
    pub version: Option<i64>,
}

/// One row of the promotions list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PromotionRow {
    #[ts(type = "number")]
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub status: CampaignStatus,
    pub starts_at: String,
    pub ends_at: String,
    pub image_url: String,
    pub is_pro: bool,
    #[ts(type = "number")]
    pub answers: i64,
    #[ts(type = "number")]
    pub winners: i64,
}

/// `GET /api/v1/backoffice/promotions`: latest start first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PromotionPage {
    pub items: Vec<PromotionRow>,
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub page: i64,
    #[ts(type = "number")]
    pub per_page: i64,
}

/// A drawn (or historical) winner, as staff see it: with the account's e-mail when there is one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct StaffWinner {
    pub name: String,
    /// '' for winners recorded without an account (the demo's history).
    pub email: String,
    pub city: String,
    /// 'SP', '' when unknown.
    pub uf: String,
    /// 'YYYY-MM-DD'.
    pub won_on: String,
    /// The winner's e-mail went out.
    pub mailed: bool,
}

/// `GET /api/v1/backoffice/promotions/{id}`: the editor's fields as stored (`version` in the flattened
/// input is the current one), with what the page shows beside them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PromotionDraft {
    #[ts(type = "number")]
    pub id: i64,
    pub slug: String,
    #[serde(flatten)]
    pub input: PromotionInput,
    pub status: CampaignStatus,
    /// The public address ('/promocoes/{slug}').
    pub url: String,
    #[ts(type = "number")]
    pub answers: i64,
    /// Distinct participants (what a draw picks from, before it excludes past winners and disabled
    /// accounts).
    #[ts(type = "number")]
    pub participants: i64,
    pub winners: Vec<StaffWinner>,
}

/// One answer, with who sent it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PromotionAnswerRow {
    #[ts(type = "number")]
    pub id: i64,
    #[ts(type = "number")]
    pub user_id: i64,
    /// First and last name.
    pub name: String,
    pub email: String,
    pub city: String,
    pub uf: String,
    pub answer: String,
    /// Last written (ISO 8601).
    pub answered_at: String,
    pub is_winner: bool,
}

/// `GET /api/v1/backoffice/promotions/{id}/answers`: latest first (the CSV has every one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PromotionAnswersPage {
    pub items: Vec<PromotionAnswerRow>,
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub page: i64,
    #[ts(type = "number")]
    pub per_page: i64,
}

/// `POST /api/v1/backoffice/promotions/{id}/draw`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct DrawRequest {
    /// How many winners (1–100).
    #[ts(type = "number")]
    pub count: i64,
}

/// What a draw did: enough to repeat it (`onda-server admin verify-draw {drawId}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct DrawResult {
    #[ts(type = "number")]
    pub draw_id: i64,
    pub seed: String,
    /// Eligible participants the winners were picked from.
    #[ts(type = "number")]
    pub participants: i64,
    /// Everyone who has won the promotion, this draw's winners included.
    pub winners: Vec<StaffWinner>,
}

/// A prize in the hunt editor. `id` names a prize already stored (null: a new one); a stored prize left
/// out of the list is removed, which is refused once it has been won.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct HuntPrizeInput {
    #[serde(default)]
    #[ts(type = "number | null")]
    pub id: Option<i64>,
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub image_url: String,
    /// The stock: how many can be won in all (never fewer than already won).
    #[ts(type = "number")]
    pub total_quantity: i64,
}

/// `POST /api/v1/backoffice/hunts` and `PUT /api/v1/backoffice/hunts/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct HuntInput {
    pub title: String,
    #[serde(default)]
    pub description: String,
    /// The regulation (HTML); required to activate.
    #[serde(default)]
    pub rules: String,
    /// The line the banner above every page shows while the hunt runs.
    #[serde(default)]
    pub banner_message: String,
    /// Runs between its dates; off stops it at once.
    #[serde(default)]
    pub is_active: bool,
    pub starts_at: String,
    pub ends_at: String,
    /// The chance (0–1) that a counted page view wins a prize while stock lasts.
    pub win_probability: f64,
    pub prizes: Vec<HuntPrizeInput>,
    #[serde(default)]
    #[ts(type = "number | null")]
    pub version: Option<i64>,
}

/// A prize as stored, with what has been won.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct HuntPrizeState {
    #[ts(type = "number")]
    pub id: i64,
    #[ts(type = "number")]
    pub won: i64,
    #[ts(type = "number")]
    pub remaining_quantity: i64,
}

/// One row of the hunts list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct HuntRow {
    #[ts(type = "number")]
    pub id: i64,
    pub title: String,
    pub status: CampaignStatus,
    pub starts_at: String,
    pub ends_at: String,
    #[ts(type = "number")]
    pub total_prizes: i64,
    #[ts(type = "number")]
    pub prizes_won: i64,
    #[ts(type = "number")]
    pub players: i64,
}

/// `GET /api/v1/backoffice/hunts`: latest start first (a station runs a handful a year).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct HuntList {
    pub items: Vec<HuntRow>,
}

/// `GET /api/v1/backoffice/hunts/{id}`: the editor's fields (prizes with their ids) and the stock.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct HuntDraft {
    #[ts(type = "number")]
    pub id: i64,
    #[serde(flatten)]
    pub input: HuntInput,
    pub status: CampaignStatus,
    /// Per prize, in the input's order.
    pub stock: Vec<HuntPrizeState>,
    /// Listeners who have had a chance (counted page views).
    #[ts(type = "number")]
    pub players: i64,
}
