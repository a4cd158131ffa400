//! Wire types of the back office's people area (`/api/v1/backoffice/people*`, staff permission 8; issue
//! 20): find a listener, grant or revoke PRO, replace the staff permissions, disable or enable an
//! account. Every change writes an audit row (`newsroom::AuditEntry`), read in the same area. Limits and
//! the Portuguese messages are in `validation` (`PEOPLE_*`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One account in the search list (and the head of its detail).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PersonRow {
    #[ts(type = "number")]
    pub id: i64,
    /// First name and last name, as registered.
    pub name: String,
    pub email: String,
    /// When the account was created (ISO 8601).
    pub created_at: String,
    /// The e-mail address was confirmed.
    pub confirmed: bool,
    /// Disabled: cannot log in, no session works.
    pub disabled: bool,
    /// PRO today (a live subscription of any source).
    pub is_pro: bool,
    /// The last day of PRO ('YYYY-MM-DD', São Paulo calendar); null when not PRO or when PRO has no end.
    pub pro_until: Option<String>,
    /// Staff permissions (1–8), sorted; empty for a listener.
    #[ts(type = "number[]")]
    pub permissions: Vec<i64>,
}

/// `GET /api/v1/backoffice/people`: newest accounts first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PeoplePage {
    pub items: Vec<PersonRow>,
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub page: i64,
    #[ts(type = "number")]
    pub per_page: i64,
}

/// One subscription of an account, newest first in [`Person`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PersonSubscription {
    #[ts(type = "number")]
    pub id: i64,
    /// 'monthly' | 'annual'.
    pub plan: String,
    /// 'app_store' | 'play_store' | 'processor' | 'manual' (granted by staff or an operator).
    pub source: String,
    /// 'active' | 'cancelled' | 'expired' | 'revoked'.
    pub status: String,
    /// The last paid (or granted) day; null = open-ended.
    pub current_period_end: Option<String>,
    /// ISO 8601.
    pub created_at: String,
    /// It makes the account PRO today.
    pub live: bool,
}

/// `GET /api/v1/backoffice/people/{id}`, and the answer of every change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Person {
    pub account: PersonRow,
    pub subscriptions: Vec<PersonSubscription>,
}

/// `PUT /api/v1/backoffice/people/{id}/permissions`: the whole set (1–8); `[]` removes every one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PermissionsInput {
    #[ts(type = "number[]")]
    pub permissions: Vec<i64>,
}

/// `POST /api/v1/backoffice/people/{id}/pro`: a manual subscription through `until` ('YYYY-MM-DD',
/// São Paulo calendar, today or later), or open-ended when null.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ProInput {
    #[serde(default)]
    pub until: Option<String>,
}

/// `POST /api/v1/backoffice/people/{id}/disabled`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct DisabledInput {
    pub disabled: bool,
}
