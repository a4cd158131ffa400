//! Wire types of the back office's catalogue and pages (`/api/v1/backoffice/catalogue*`):
//! artists, albums, songs, top-10 lists, programmes, partners, affiliates, clients and their spots, the
//! PRO page's FAQ, legal texts and the sentence of the day (staff permission 7), and the newsroom's
//! journalists, categories and tags (permission 5); plus the station's parameters and maintenance switch
//! (`/api/v1/backoffice/settings`, permission 7).
//!
//! Every collection is described once, on the server, by a [`CollectionSpec`]: its fields, their kind,
//! limits and labels. The server validates and stores by it, and the UI draws its lists and forms from
//! the same descriptors (`GET /backoffice/catalogue`), so a field added on the server appears in the
//! form with its rules, and the two can never disagree.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What a field holds, which decides its check on the server and its input in the UI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub enum FieldKind {
    /// One line of text, up to `max` characters.
    Text,
    /// Plain text over several lines, up to `max` characters.
    Multiline,
    /// Rich text (HTML), sanitised by the server; up to `max` characters as sent.
    Html,
    /// A picture uploaded through `POST /backoffice/images` (its URL), or ''.
    Image,
    /// An MP3 uploaded through `POST /backoffice/audio` (its URL), or ''.
    Audio,
    /// An `https://` or `http://` address, or ''.
    Url,
    /// An address the browser opens or plays (a channel's window, an affiliate's stream): a path of
    /// this site ('/…', never '//…' or '/\…', which name another host) or an `https://` address, or
    /// ''. Nothing else, so a stored value can never be a `javascript:` or `data:` address.
    Link,
    /// An e-mail address, or ''.
    Email,
    /// A YouTube video id (11 characters), or ''.
    YouTube,
    /// Lower-case letters, digits, hyphens and underscores (a stream id), up to `max`.
    Identifier,
    /// A colour as '#RRGGBB', or ''.
    Color,
    /// A whole number between `min` and `max`.
    Integer,
    Boolean,
    /// 'HH:MM' on the Brasília clock; `max` 1440 allows '24:00' (midnight at the end of a day).
    Time,
    /// Days of the week as '1,2,3' (1 = Monday … 7 = Sunday).
    Weekdays,
    /// One of `options`.
    Select,
    /// The id of an item of the collection `reference`.
    Reference,
    /// Up to `max` lines of text, each up to 100 characters (a client's locations).
    TextList,
    /// Up to `max` ids of songs, in order (a top-10 list).
    SongList,
    /// Up to `max` audio addresses of a channel, in the order players try them: a mount of this
    /// server ('/stream/<name>.mp3', '.aac' or '.m3u8') or an `https://` address of an Icecast mount
    /// on the public internet (the station polls its status, so never a local or private address).
    SourceList,
}

/// A choice of a `select` field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct FieldOption {
    pub value: String,
    pub label: String,
}

/// One field of a collection's form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct FieldSpec {
    /// The key in an item's `values`.
    pub key: String,
    /// The form's label (pt-BR).
    pub label: String,
    pub kind: FieldKind,
    /// Must be filled (text not blank, a reference chosen).
    pub required: bool,
    /// Text kinds: the most characters; lists: the most entries; integers and times: the largest.
    #[ts(type = "number")]
    pub max: i64,
    /// Integers: the smallest.
    #[ts(type = "number")]
    pub min: i64,
    /// `select` fields.
    pub options: Vec<FieldOption>,
    /// `reference` fields: the collection's key.
    pub reference: Option<String>,
    /// A line under the input ('' = none).
    pub help: String,
    /// Shown as a column of the list.
    pub listed: bool,
    /// What a new item's form starts with ('' for text, false or true for a switch, null for a
    /// number or a reference, [] for a list).
    #[ts(type = "unknown")]
    pub default_value: serde_json::Value,
}

/// A collection staff edit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct CollectionSpec {
    /// In the address: `/backoffice/catalogue/{key}`.
    pub key: String,
    /// The menu's name, plural ('Artistas').
    pub label: String,
    /// One item ('artista'), for buttons and messages.
    pub singular: String,
    /// Grouping in the menu ('Música', 'Rádio', 'Vídeos', 'Comercial', 'Páginas', 'Redação').
    pub group: String,
    /// The staff permission the collection needs (7, or 5 for the newsroom's).
    #[ts(type = "number")]
    pub permission: i64,
    /// The field that names an item in lists, titles and slugs.
    pub title_field: String,
    /// Items have a manual order (`position`), which the list shows and a move changes.
    pub ordered: bool,
    /// The station's own set: edited, never created or deleted (the legal texts).
    pub fixed: bool,
    /// The public page of an item, with `{slug}` or `{id}` ('' = none).
    pub public_path: String,
    pub fields: Vec<FieldSpec>,
}

/// `GET /api/v1/backoffice/catalogue`: the collections the caller may edit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct CatalogueSpec {
    pub collections: Vec<CollectionSpec>,
}

/// An item of a collection: its id, its slug ('' when the collection has none) and its fields' values
/// by key (text, number, boolean, or an array for the list kinds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct CatalogueItem {
    #[ts(type = "number")]
    pub id: i64,
    pub slug: String,
    /// The item's name, as the list shows it.
    pub title: String,
    #[ts(type = "Record<string, unknown>")]
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub values: BTreeMap<String, serde_json::Value>,
    /// What the ids in `values` name, by field key: a reference's item title, or a song list's
    /// titles in order.
    #[ts(type = "Record<string, string | string[]>")]
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub labels: BTreeMap<String, serde_json::Value>,
}

/// `GET /api/v1/backoffice/catalogue/{collection}`: a page of items, in the collection's order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct CataloguePage {
    pub items: Vec<CatalogueItem>,
    #[ts(type = "number")]
    pub total: i64,
    #[ts(type = "number")]
    pub page: i64,
    #[ts(type = "number")]
    pub per_page: i64,
}

/// `POST` and `PUT /api/v1/backoffice/catalogue/{collection}[/{id}]`: every field's value by key (a
/// missing key is the field's empty value).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct CatalogueInput {
    #[ts(type = "Record<string, unknown>")]
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub values: BTreeMap<String, serde_json::Value>,
}

/// `POST /api/v1/backoffice/catalogue/{collection}/{id}/move`: one place up or down in the order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct MoveRequest {
    /// -1 up, 1 down.
    #[ts(type = "number")]
    pub by: i64,
}

/// `POST /api/v1/backoffice/audio` (multipart, field `file`): the stored MP3.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct UploadedAudio {
    pub url: String,
    /// Length in seconds (from the MP3's frames), 0 when it cannot be told.
    #[ts(type = "number")]
    pub seconds: i64,
}
