//! Types of the shell endpoints: app parameters, station profile, caller info, news categories,
//! affiliates (the 'Sintonize no FM' modal).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `GET /api/v1/getAppParameters` (doc1 §3 "App parameters", decision G07/G53).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct AppParameters {
    pub logo: Logo,
    pub header_bar: HeaderBar,
    /// When true the top bar shows the maintenance text instead of `headerBar.text` (G59: nothing else changes).
    pub maintenance: bool,
    pub preroll: PrerollTags,
    /// Names of the test flags the station enables for everyone (query `test_*` flags add to them).
    pub enabled_tests: Vec<String>,
    /// `utm_source` code → streamId (G07). Unknown codes are ignored by the client.
    pub campaign_streams: BTreeMap<String, String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Logo {
    pub url: String,
    pub alt: String,
    /// The picture's own size in pixels (an SVG's width and height), which the server reads from
    /// the picture itself (what a client sends is ignored): the page keeps the logo's room from its
    /// first paint instead of moving the header when the picture arrives. Absent when unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub width: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub height: Option<u32>,
}

/// The top bar: a link text over a two-colour gradient.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct HeaderBar {
    pub text: String,
    pub title: String,
    /// Default `/ouvir-radio-online`.
    pub link: String,
    pub gradient_from: String,
    pub gradient_to: String,
}

/// VAST ad tag URLs for the preroll (an ad manager and a targeting service). Empty means no ad.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct PrerollTags {
    pub ad_manager_url: String,
    pub targeting_url: String,
}

/// `GET /api/v1/station`: the configurable station profile (brand withheld by the spec, G01) that the
/// header, footer and titles need. Not in the spec's endpoint list; it carries only public facts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct StationInfo {
    pub name: String,
    pub slug: String,
    /// `{slug}_1`: streamId and metaId of the main live stream.
    pub main_stream_id: String,
    pub public_url: String,
    pub commercial_url: String,
    pub support_phone: String,
    pub support_chat_url: String,
    pub corporate_phone: String,
    pub social: Vec<SocialLink>,
    pub apps: Vec<AppBadge>,
    /// Firebase web configuration for the Google/Facebook buttons; absent when social login is not
    /// configured (the buttons stay hidden).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub social_auth: Option<SocialAuthConfig>,
}

/// Public Firebase web configuration (not secrets) the UI initialises Firebase Auth with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct SocialAuthConfig {
    pub api_key: String,
    pub auth_domain: String,
    pub project_id: String,
    /// Sign-in providers offered: `google`, `facebook`.
    pub providers: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct SocialLink {
    /// facebook, instagram, x, youtube, tiktok, whatsapp
    pub network: String,
    pub label: String,
    pub url: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct AppBadge {
    /// android, ios, alexa, googleAssistant, smartTv, desktop
    pub platform: String,
    pub label: String,
    pub url: String,
}

/// `GET /getUserInfos` (G04): the caller's own address, nothing else.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct UserInfos {
    pub forwarded_for: String,
}

/// `GET /api/v1/news/getCategories`: `data[] {id, name, slug}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct NewsCategory {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
    pub slug: String,
}

/// `GET /api/v1/getAffiliatesData` (doc2 §3 Affiliate): `filial` is 'name - frequency';
/// `enderecoCEP` holds 'city/UF - CEP', from which the client reads the state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Affiliate {
    #[ts(type = "number")]
    pub id: i64,
    pub sid: String,
    pub filial: String,
    pub city: String,
    pub state: String,
    #[serde(rename = "enderecoRua")]
    pub endereco_rua: String,
    #[serde(rename = "enderecoCEP")]
    pub endereco_cep: String,
    pub email: String,
    pub telefone: String,
    #[serde(rename = "streamUrl")]
    pub stream_url: String,
}

/// `GET /health`: liveness and database reachability, for load balancers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Health {
    pub database: String,
    pub version: String,
    /// The station engine on this instance: `off`, `single` (the only instance, SQLite), `leader`
    /// (plays out for every instance) or `follower` (relays the leader).
    pub radio: String,
}
