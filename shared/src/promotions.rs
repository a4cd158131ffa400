//! Wire types of the promotions (`/api/v1/promotions/*`; doc2 §2, §3, §5, §7; decisions C12, C17,
//! G48–G50, S14).
//!
//! The promotion keeps the spec's field names (`id_promocao`, `tx_promocao`, the `'S'`/`'N'` flags), so a
//! client written against the original API reads it unchanged; `isOpen`, `question` and the dates are
//! additions the page needs to decide what to show.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `'S'` or `'N'`, the spec's yes/no on the wire (`rs_editavel`, `rs_multiple`, `rs_keywords`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub enum YesNo {
    S,
    N,
}

impl YesNo {
    pub fn from_flag(flag: bool) -> Self {
        if flag { Self::S } else { Self::N }
    }

    pub fn is_yes(self) -> bool {
        self == Self::S
    }
}

/// A promotion (doc2 §3).
#[allow(non_snake_case)] // the spec's wire names
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Promotion {
    #[ts(type = "number")]
    pub id_promocao: i64,
    /// Title.
    pub tx_promocao: String,
    /// Slug of /promocoes/{slug}.
    pub url_promocao: String,
    /// Sanitised HTML.
    pub tx_descricao: String,
    pub tx_descricao_curta: String,
    /// The rules: sanitised HTML.
    pub tx_regulamento: String,
    pub tx_banner: String,
    pub tx_banner_destaque: String,
    pub tx_imageNew: String,
    pub tx_featuredImageNew: String,
    /// `'D'` dark, `'L'` light.
    pub tx_colorScheme: String,
    /// Only PRO subscribers take part.
    pub pro: bool,
    pub rs_editavel: YesNo,
    pub rs_multiple: YesNo,
    /// `'S'`: a single-word answer (30 characters instead of 350).
    pub rs_keywords: YesNo,
    /// The affiliate it belongs to ('' = national).
    pub filial: String,
    /// What the answer form asks ('' when the description asks it).
    pub question: String,
    /// Start and end, ISO 8601 with the Brasília offset.
    pub dt_inicio: String,
    pub dt_fim: String,
    /// Answers are accepted now (published, started, not ended).
    #[serde(rename = "isOpen")]
    pub is_open: bool,
}

/// The caller's answer to a promotion (`getUserAnswer`; `null` when there is none).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct UserAnswer {
    #[ts(type = "number")]
    pub id_participante_promocao: i64,
    pub tx_resposta: String,
    /// When it was last written, ISO 8601 with the Brasília offset.
    pub dt_resposta: String,
}

/// `POST /promotions/saveAnswer` (G50: `idUserPromotion` is the caller's answer being edited, or null/0).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct SaveAnswerRequest {
    #[serde(default)]
    #[ts(type = "number | null", optional)]
    pub id_user_promotion: Option<i64>,
    #[ts(type = "number")]
    pub id_promotion: i64,
    pub answer: String,
}

/// A winner of a promotion (doc2 §3), as the page lists them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PromotionWinner {
    pub tx_nome: String,
    pub tx_sobrenome: String,
    pub tx_cidade: String,
    #[ts(type = "number | null")]
    pub id_estado: Option<i64>,
    /// The state's abbreviation ('SP'), '' when unknown.
    pub sg_estado: String,
    /// 'YYYY-MM-DD'.
    pub dt_vencedor: String,
}
