//! Wire types of the account endpoints (`/api/v1/profile/*`, doc1 §3 User, doc3 §7).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The user object of getProfile, login, confirmEmail and updateProfile (doc1 §3 "User").
/// `isPro` and `registrationComplete` are computed by the server on every read (G13, S02).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct User {
    #[ts(type = "number")]
    pub user_id: i64,
    pub email: String,
    pub name: String,
    pub last_name: Option<String>,
    /// 'FEMININO' | 'MASCULINO'
    pub gender: Option<String>,
    /// 'YYYY-MM-DD'
    pub birthday: Option<String>,
    /// '999.999.999-99'
    pub cpf: Option<String>,
    /// '(99) 99999-9999'
    pub telefone: Option<String>,
    /// '99999-999'
    pub cep: Option<String>,
    pub district: Option<String>,
    pub street: Option<String>,
    pub street_number: Option<String>,
    pub address_supplement: Option<String>,
    #[ts(type = "number | null")]
    pub city_id: Option<i64>,
    #[ts(type = "number | null")]
    pub state_id: Option<i64>,
    pub email_confirmed: bool,
    pub newsletter: bool,
    pub is_pro: bool,
    pub registration_complete: bool,
}

/// The short user of registerUser and of an unconfirmed login (C10).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PendingUser {
    #[ts(type = "number")]
    pub user_id: i64,
    pub name: String,
    pub email: String,
    pub email_confirmed: bool,
}

/// `data` of a successful login / loginFirebase / confirmEmail: the token is also set as the HttpOnly
/// `a1_token` cookie (C11).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct SessionReply {
    pub token: String,
    pub user: User,
}

/// `data` of updateProfile and other replies carrying only the user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct UserReply {
    pub user: User,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PendingUserReply {
    pub user: PendingUser,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct RegisterRequest {
    pub name: String,
    pub email: String,
    pub password: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ConfirmEmailRequest {
    #[ts(type = "number")]
    pub user_id: i64,
    pub code: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ResendConfirmationRequest {
    #[serde(default)]
    pub name: String,
    #[ts(type = "number")]
    pub user_id: i64,
    pub email: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PasswordResetRequest {
    pub email: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ResetPasswordRequest {
    #[ts(type = "number")]
    pub user_id: i64,
    pub new_password: String,
    pub reset_token: String,
}

/// registerUserFirebase / loginFirebase. `provider` is informative only: the server reads it from the
/// verified token (G03). `link: true` on loginFirebase links the social identity to an existing e-mail
/// account ('Linkar cadastro agora' → 'account linked').
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct FirebaseRequest {
    pub id_token: String,
    #[serde(default)]
    #[ts(optional)]
    pub provider: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub link: Option<bool>,
}

/// The fields updateProfile reads from `user` (S02: anything else, e.g. email or isPro, is ignored).
/// An absent field is left unchanged; `null` or `""` clears an optional field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct ProfileUpdate {
    pub name: Option<String>,
    pub last_name: Option<String>,
    pub gender: Option<String>,
    pub birthday: Option<String>,
    pub cpf: Option<String>,
    pub telefone: Option<String>,
    pub cep: Option<String>,
    pub district: Option<String>,
    pub street: Option<String>,
    /// A string or a number of up to 5 digits.
    pub street_number: Option<String>,
    pub address_supplement: Option<String>,
    #[ts(type = "number | null")]
    pub city_id: Option<i64>,
    #[ts(type = "number | null")]
    pub state_id: Option<i64>,
    pub newsletter: Option<bool>,
    #[ts(optional)]
    pub new_password: Option<String>,
    /// When sent, must equal newPassword ('As senhas estão diferentes').
    #[ts(optional)]
    pub confirm_password: Option<String>,
}

/// `{user, password}`: `password` is the current password, or `false` for social-only accounts (C32).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct UpdateProfileRequest {
    pub user: ProfileUpdate,
    #[ts(type = "string | false")]
    pub password: Option<serde_json::Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct DeleteProfileRequest {
    #[ts(type = "number")]
    pub user_id: i64,
    pub email: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct StateItem {
    #[ts(type = "number")]
    pub state_id: i64,
    pub state_name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct CityItem {
    #[ts(type = "number")]
    pub city_id: i64,
    pub city_name: String,
}
