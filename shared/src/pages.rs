//! Wire types of the content pages and home widgets (doc2 §3, §7; decisions C41, G34): programmes
//! (/programacao), partners (/parceiros), the legal texts (/termos/{slug}), the home poll and the
//! sentence of the day.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A programme card (`/api/v1/programs/getProgramsData`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Program {
    pub slug: String,
    pub program_title: String,
    /// Image URL ('' when the programme has none).
    pub program_image: String,
    pub program_description: String,
    /// 'Segunda a sexta'.
    pub program_days: String,
    /// '06:00 às 09:00'.
    pub program_time: String,
    /// Who presents it ('' when nobody is named).
    pub host: String,
}

/// A partner card (`/api/v1/getPartnersData`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Partner {
    pub slug: String,
    pub name: String,
    pub image: String,
    pub description: String,
    /// The partner's site ('' when none).
    pub link: String,
}

/// A legal text (`/api/v1/legal/getTerms/{slug}`): `content` is sanitised HTML.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct LegalText {
    pub slug: String,
    pub title: String,
    pub content: String,
    /// Last change, ISO 8601 with the Brasília offset.
    pub updated_at: String,
}

/// One answer of the home poll with its vote count.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PollAnswer {
    #[ts(type = "number")]
    pub id: i64,
    pub resposta: String,
    #[ts(type = "number")]
    pub qtd: i64,
}

/// The newest active poll (`/api/v1/poll/get`, G34), voted on with `/api/v1/poll/vote` (beyond the spec).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Poll {
    #[ts(type = "number")]
    pub poll_id: i64,
    pub title: String,
    pub respostas: Vec<PollAnswer>,
    /// The answer this account (or, without one, this browser) voted for; null before voting.
    #[ts(type = "number | null")]
    pub voted_answer_id: Option<i64>,
}
