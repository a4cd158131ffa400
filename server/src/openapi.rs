//! The OpenAPI 3.1 document of the whole HTTP API, served at `GET /api/openapi.json`.
//!
//! It is generated from the code: every area's router registers its handlers with
//! `utoipa_axum::routes!`, which puts the handler's `#[utoipa::path]` into the document as it adds the
//! route, so a route cannot be served undocumented (`tests/api/openapi.rs` also fails on any raw
//! `.route(` that would bypass it). Bodies are the onda-shared wire types (its `openapi` feature).
//! The test command fuzzes the served document with Schemathesis (`scripts/fuzz-api.sh`). The
//! routers and the served document are in `routes/mod.rs`; this module is what they share.
//!
//! What every operation shares is added here rather than repeated on ~110 handlers: the error replies
//! (400, 404, 413 and 429 for all; 401 where a session is accepted or needed; 403 for staff calls), the
//! security schemes and the tag descriptions.
//!
//! How a handler is documented (see `routes/shell.rs`):
//!
//! ```ignore
//! #[utoipa::path(get, path = "/getAppParameters", tag = tags::SHELL,
//!     responses((status = 200, description = "…", body = Reply<AppParameters>)))]
//! ```
//!
//! Paths are relative to where the area's router is nested (`/api/v1` for the API).

use onda_shared::Status;
use utoipa::{
    Modify, ToSchema,
    openapi::{
        self, RefOr, Response, ResponseBuilder,
        content::ContentBuilder,
        schema::{ObjectBuilder, OneOfBuilder, Schema, Type},
        security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme},
        tag::TagBuilder,
    },
};

/// The envelope of a JSON reply (G41) as documented: on success `data` is the reply; a business
/// refusal is HTTP 200 too, with `status: "error"` and `data: null`, so `data` may be null.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct Reply<T> {
    pub status: Status,
    pub message: String,
    pub data: Option<T>,
}

/// The envelope of an HTTP error: `status` mirrors the HTTP code, `message` says what was wrong.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ErrorReply {
    pub status: Status,
    pub message: String,
    /// Always null.
    pub data: Option<serde_json::Value>,
}

/// A reply with no data (`data: null` on success as on refusal).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct EmptyReply {
    pub status: Status,
    pub message: String,
    /// Always null.
    pub data: Option<serde_json::Value>,
}

/// The tags: one per area as the UI names it, plus `staff` on every operation that needs a staff
/// permission.
pub mod tags {
    pub const SHELL: &str = "shell";
    pub const ACCOUNTS: &str = "accounts";
    pub const PAYMENTS: &str = "payments";
    pub const NEWS: &str = "news";
    pub const TRACKING: &str = "tracking";
    pub const LIVE: &str = "live";
    pub const STREAM: &str = "stream";
    pub const ADS: &str = "ads";
    pub const ANALYTICS: &str = "analytics";
    pub const STATS: &str = "stats";
    pub const STAFF: &str = "staff";
    pub const SEARCH: &str = "search";
    pub const CATALOGUE: &str = "catalogue";
    pub const PROGRAMS: &str = "programs";
    pub const CLIENTS: &str = "clients";
    pub const PAGES: &str = "pages";
    pub const PRO_PAGE: &str = "pro-page";
    pub const PODCASTS: &str = "podcasts";
    pub const VIDEOS: &str = "videos";
    pub const AFFILIATES: &str = "affiliates";
    pub const FEEDS: &str = "feeds";
    pub const SEO: &str = "seo";
    pub const MEDIA: &str = "media";
    pub const PROMOTIONS: &str = "promotions";
    pub const HUNT: &str = "hunt";
    pub const FORMS: &str = "forms";
    pub const INBOX: &str = "inbox";
    pub const WIDGETS: &str = "widgets";
    pub const POLL: &str = "poll";
    pub const BACKOFFICE: &str = "backoffice";
}

const TAG_DESCRIPTIONS: &[(&str, &str)] = &[
    (
        tags::SHELL,
        "App parameters, the station profile, the caller's address, health",
    ),
    (
        tags::ACCOUNTS,
        "Registration, confirmation, login (e-mail and social), sessions, profile, password reset",
    ),
    (tags::PAYMENTS, "The payment processor's PRO subscription webhook"),
    (tags::NEWS, "News lists, items, categories, tags, most read"),
    (tags::TRACKING, "News and tag hits, reading counts"),
    (
        tags::LIVE,
        "Live streams, now playing, history, its push channel, song rating",
    ),
    (tags::STREAM, "The live mounts (audio)"),
    (tags::ADS, "The house VAST preroll and its tracking"),
    (tags::ANALYTICS, "First-party analytics events"),
    (tags::STATS, "Listener statistics for staff"),
    (tags::STAFF, "Operations that need a staff permission"),
    (tags::SEARCH, "Site search suggestions and results"),
    (tags::CATALOGUE, "Artists, albums, music, downloads, top lists"),
    (tags::PROGRAMS, "The station's programmes"),
    (tags::CLIENTS, "The advertisers' directory and their spots"),
    (tags::PAGES, "Partners, legal terms, journalists"),
    (
        tags::POLL,
        "The home poll and its votes (one per account or browser), the sentence of the day",
    ),
    (tags::PRO_PAGE, "The PRO page's FAQ and featured podcasts"),
    (
        tags::PODCASTS,
        "Podcast shows and episodes, the external podcast catalogue",
    ),
    (tags::VIDEOS, "Video playlists, videos, TV channels"),
    (tags::AFFILIATES, "Affiliate stations"),
    (tags::FEEDS, "RSS, Atom and JSON feeds"),
    (tags::SEO, "robots.txt and the sitemaps"),
    (tags::MEDIA, "Generated images, covers, demo audio"),
    (tags::PROMOTIONS, "Open and closed promotions, answers, winners"),
    (
        tags::HUNT,
        "The treasure hunt: its prizes, page views that may win, the chest, sharing",
    ),
    (
        tags::FORMS,
        "The listeners' forms: recommend a song, contact, work with us (with the CV upload), free streaming",
    ),
    (
        tags::INBOX,
        "The staff inbox of the forms (permission 4): folders, submissions, handled, CVs, CSV",
    ),
    (
        tags::BACKOFFICE,
        "The station's back office: the newsroom (permission 5), promotions with their \
         answers and draws and the treasure hunts (6), picture uploads (5, 6 or 7), people and the audit \
         log of every change (8)",
    ),
    (
        tags::WIDGETS,
        "The home widgets' providers, asked and cached by the server: weather, place, air quality \
         (by ~1 km cell), dollar and euro, top coins; a failed provider's last answer is served stale",
    ),
];

/// The security scheme names used in `security(...)` of the handlers.
pub const BEARER: &str = "bearer";
pub const COOKIE: &str = "cookie";

/// What every operation shares; applied to the document the routers collected.
struct Shared;

impl Modify for Shared {
    fn modify(&self, doc: &mut openapi::OpenApi) {
        doc.info.title = "Onda FM API".to_owned();
        doc.info.version = env!("CARGO_PKG_VERSION").to_owned();
        doc.info.description = Some(
            "Every JSON reply is the envelope {status, message, data} (G41): status \"success\", \
             \"error\" for a refusal answered with HTTP 200, or the HTTP code it mirrors."
                .to_owned(),
        );
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            BEARER,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
        components.add_security_scheme(
            COOKIE,
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new("a1_token"))),
        );
        nullable_reply_data(components);
        let (name, schema) = (
            <ErrorReply as utoipa::ToSchema>::name().into_owned(),
            <ErrorReply as utoipa::PartialSchema>::schema(),
        );
        components.schemas.insert(name, schema);
        for (code, description) in ERRORS {
            components
                .responses
                .insert(error_response_name(code), RefOr::T(error_response(description)));
        }
        doc.tags = Some(
            TAG_DESCRIPTIONS
                .iter()
                .map(|(name, description)| {
                    TagBuilder::new()
                        .name(*name)
                        .description(Some(*description))
                        .build()
                })
                .collect(),
        );
        for item in doc.paths.paths.values_mut() {
            for operation in operations(item) {
                let secured = operation
                    .security
                    .as_ref()
                    .is_some_and(|requirements| !requirements.is_empty());
                let staff = operation
                    .tags
                    .as_ref()
                    .is_some_and(|tags| tags.iter().any(|tag| tag == tags::STAFF));
                for (code, _) in ERRORS {
                    let applies = match code {
                        "401" => secured,
                        "403" => staff,
                        _ => true,
                    };
                    if applies && !operation.responses.responses.contains_key(code) {
                        operation.responses.responses.insert(
                            code.to_owned(),
                            RefOr::Ref(openapi::Ref::from_response_name(error_response_name(code))),
                        );
                    }
                }
            }
        }
    }
}

/// `Reply<T>.data` is null on a refusal, but utoipa builds a generic `Option<T>` field from `T` alone
/// (seen with 6.0.0: `#[schema(nullable)]` does not help), so every `Reply_*` schema gets its `data`
/// made `oneOf [T, null]` here.
fn nullable_reply_data(components: &mut openapi::Components) {
    for (name, schema) in &mut components.schemas {
        if !name.starts_with("Reply_") {
            continue;
        }
        if let RefOr::T(Schema::Object(object)) = schema
            && let Some(data) = object.properties.get_mut("data")
        {
            let inner = std::mem::replace(data, RefOr::T(Schema::default()));
            *data = OneOfBuilder::new()
                .item(inner)
                .item(ObjectBuilder::new().schema_type(Type::Null))
                .into();
        }
    }
}

const ERRORS: [(&str, &str); 6] = [
    (
        "400",
        "Malformed request or a failed validation rule (the message says which)",
    ),
    ("401", "No session, or a revoked or expired one"),
    ("403", "The session lacks the permission"),
    ("404", "Nothing at this address"),
    ("413", "The body is over the 1 MiB limit"),
    ("429", "Too many requests; try again later"),
];

fn error_response_name(code: &str) -> String {
    format!("Error{code}")
}

fn error_response(description: &str) -> Response {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(openapi::Ref::from_schema_name("ErrorReply")))
                .build(),
        )
        .build()
}

fn operations(item: &mut openapi::PathItem) -> impl Iterator<Item = &mut openapi::path::Operation> {
    [
        item.get.as_mut(),
        item.put.as_mut(),
        item.post.as_mut(),
        item.delete.as_mut(),
        item.options.as_mut(),
        item.head.as_mut(),
        item.patch.as_mut(),
        item.trace.as_mut(),
    ]
    .into_iter()
    .flatten()
}

/// Finishes the document the routers collected.
pub fn finish(mut doc: openapi::OpenApi) -> openapi::OpenApi {
    Shared.modify(&mut doc);
    doc
}
