//! Wire types of the four listener forms and of the station's inbox (doc2 §2 Recommend / Contact /
//! Work with us / Free-streaming, §3, §5, §7; decisions C13–C16, G24–G28, G47, S01, S06, S09, S15).
//!
//! The requests keep the spec's field names (`artistName`, `textoCargo`, `nameOwner`, …) so a client
//! written against the original API sends them unchanged. Their rules and Portuguese messages are in
//! `validation` (`RECOMMEND_*`, `CONTACT_*`, `WORK_*`, `FREE_STREAMING_*` and the check functions).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `POST /api/v1/recomende/sendRecomendation` (a session is required). Values are trimmed.
#[allow(non_snake_case)] // the spec's wire names
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct RecommendationRequest {
    pub artistName: String,
    pub musicName: String,
    /// Optional (G47): absent, null or blank means none; otherwise 10–70 characters, stored as text.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub musicLink: Option<String>,
    pub message: String,
}

/// `POST /api/v1/contact/sendMessage` (a session is optional).
#[allow(non_snake_case)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ContactRequest {
    pub name: String,
    pub email: String,
    /// Optional (C13): '' or `(99) 99999-9999`.
    #[serde(default)]
    pub tel: String,
    /// Optional (C13): '' or 3–30 characters.
    #[serde(default)]
    pub city: String,
    /// Optional (C13): '' or 2 characters.
    #[serde(default)]
    pub state: String,
    pub text: String,
    /// The subject, 1–7 (`validation::CONTACT_SUBJECTS`, in order).
    #[ts(type = "number")]
    pub categoryId: i64,
    /// Ignored (S15): the server takes the user from the session, when there is one.
    #[serde(default)]
    #[ts(optional, type = "number | null")]
    pub userId: Option<i64>,
}

/// `POST /api/v1/workWithUs/sendCurriculum`: the application, sent after the upload.
#[allow(non_snake_case)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct CurriculumRequest {
    pub name: String,
    pub lastName: String,
    pub telefone: String,
    pub email: String,
    /// The position applied for.
    pub textoCargo: String,
    pub aboutYou: String,
    /// The `nome_arquivo` that uploadCurriculum answered.
    pub curriculum: String,
}

/// `POST /api/v1/workWithUs/uploadCurriculum`'s data: the stored file's reference (G24), a random name
/// that only sendCurriculum accepts; the file itself is never served to the public.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct CurriculumUpload {
    pub nome_arquivo: String,
}

/// `POST /api/v1/freeStreaming/sendMessage`: a prospective affiliate's request (the modal of G26).
#[allow(non_snake_case)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct FreeStreamingRequest {
    /// Razão social.
    pub company: String,
    /// Nome fantasia.
    pub tradeName: String,
    /// Optional: '' or absent, else a valid CNPJ (`99.999.999/9999-99` or 14 digits).
    #[serde(default)]
    #[ts(optional = nullable)]
    pub cnpj: Option<String>,
    /// The company's site.
    pub page: String,
    pub nameOwner: String,
    pub emailOwner: String,
    /// Optional: '' or absent, else `(99) 9999-9999` or `(99) 99999-9999`.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub telefone: Option<String>,
    /// One of `validation::FREE_STREAMING_BANDS` (G25).
    pub band: String,
    pub frequency: String,
    /// Power or class.
    pub power: String,
    pub state: String,
    pub city: String,
}

/// Which form a submission came from; also the inbox's folders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub enum FormKind {
    Recommendation,
    Contact,
    WorkWithUs,
    FreeStreaming,
}

impl FormKind {
    pub const ALL: [FormKind; 4] = [
        Self::Recommendation,
        Self::Contact,
        Self::WorkWithUs,
        Self::FreeStreaming,
    ];

    /// The name on the wire and in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Recommendation => "recommendation",
            Self::Contact => "contact",
            Self::WorkWithUs => "workWithUs",
            Self::FreeStreaming => "freeStreaming",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == value)
    }

    /// The folder's name for people (e-mail subjects, the inbox, the terminal).
    pub fn label(self) -> &'static str {
        match self {
            Self::Recommendation => "Recomendação de música",
            Self::Contact => "Contato",
            Self::WorkWithUs => "Trabalhe conosco",
            Self::FreeStreaming => "Streaming gratuito",
        }
    }
}

/// One field of a submission as staff read it: its Portuguese label and the value as sent (plain text;
/// a client shows it escaped, S11).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct InboxField {
    pub label: String,
    pub value: String,
}

/// A submission in the staff inbox (permission 4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct InboxItem {
    #[ts(type = "number")]
    pub id: i64,
    pub kind: FormKind,
    /// One line for lists: who and about what (e.g. 'Maria Souza — Comercial').
    pub summary: String,
    /// The sender's e-mail, '' for a recommendation (its sender is the account `userId`).
    pub email: String,
    /// The account that sent it, when there was a session.
    #[ts(type = "number | null")]
    pub user_id: Option<i64>,
    /// The contact subject (1–7), null for other kinds.
    #[ts(type = "number | null")]
    pub category_id: Option<i64>,
    /// When it arrived (ISO 8601, Brasília offset).
    pub created_at: String,
    /// When it reached the station's mailbox; null while the e-mail waits for a retry.
    pub mailed_at: Option<String>,
    pub handled_at: Option<String>,
    /// E-mail of the staff member who marked it handled.
    pub handled_by: Option<String>,
    /// A work-with-us application whose CV can be downloaded.
    pub has_curriculum: bool,
    /// Every field in the form's order.
    pub fields: Vec<InboxField>,
}

/// A page of the inbox, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct InboxPage {
    pub items: Vec<InboxItem>,
    /// Submissions matching the filter, over all pages.
    #[ts(type = "number")]
    pub total: i64,
    /// Unhandled submissions of the kind, whatever the filter.
    #[ts(type = "number")]
    pub unhandled: i64,
    #[ts(type = "number")]
    pub page: i64,
    #[ts(type = "number")]
    pub per_page: i64,
}

/// One folder of the inbox (a kind) with its counts, for the staff menu.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct InboxFolder {
    pub kind: FormKind,
    pub label: String,
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub unhandled: i64,
}

/// Marks a submission handled (`true`) or back to unhandled (`false`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct HandledRequest {
    pub handled: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn optional_fields_may_be_absent_or_null() {
        let r: RecommendationRequest =
            serde_json::from_str(r#"{"artistName":"a","musicName":"b","message":"ccccc"}"#).unwrap();
        assert_eq!(r.musicLink, None);
        let c: ContactRequest = serde_json::from_str(
            r#"{"name":"Ana","email":"a@b.co","text":"Olá","categoryId":1,"userId":null}"#,
        )
        .unwrap();
        assert_eq!((c.tel.as_str(), c.userId), ("", None));
    }

    #[test]
    fn kinds_round_trip() {
        for kind in FormKind::ALL {
            assert_eq!(FormKind::parse(kind.as_str()), Some(kind));
            assert_eq!(
                serde_json::to_string(&kind).unwrap(),
                format!("\"{}\"", kind.as_str())
            );
        }
    }
}
