//! News feeds (doc2 §2 /feeds, §9; decision G40; FD-02): `/feed/{atom|rss|json}` with every category
//! and `/feed/{atom|rss|json}/{category slug}` with one. RSS 2.0 (`application/rss+xml`), Atom 1.0
//! (`application/atom+xml`) and JSON Feed 1.1 (`application/feed+json`); the 20 newest published items;
//! PRO items carry their title, subtitle and link but no content (S04). An unknown format or category
//! is HTTP 404.

use axum::{
    extract::State,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use serde_json::json;
use time::{
    OffsetDateTime,
    format_description::well_known::{Rfc2822, Rfc3339},
};

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{AppState, Result, data::news, extract::ApiPath, html::escape, openapi::tags};

/// G40: the 20 newest items.
pub const FEED_ITEMS: i64 = 20;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(all_news))
        .routes(routes!(category_news))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Atom,
    Rss,
    Json,
}

impl Format {
    fn parse(raw: &str) -> Option<Self> {
        match raw {
            "atom" => Some(Self::Atom),
            "rss" => Some(Self::Rss),
            "json" => Some(Self::Json),
            _ => None,
        }
    }

    fn content_type(self) -> &'static str {
        match self {
            Self::Atom => "application/atom+xml; charset=utf-8",
            Self::Rss => "application/rss+xml; charset=utf-8",
            Self::Json => "application/feed+json; charset=utf-8",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Self::Atom => "atom",
            Self::Rss => "rss",
            Self::Json => "json",
        }
    }
}

struct Item {
    slug: String,
    title: String,
    subtitle: String,
    /// None for PRO items.
    content: Option<String>,
    author: String,
    category: String,
    image: String,
    published: i64,
    updated: i64,
}

struct Feed {
    title: String,
    description: String,
    /// The site page the feed follows (`/noticias` or `/noticias/{category}`).
    page: String,
    /// The feed's own address.
    self_url: String,
    items: Vec<Item>,
}

/// The 20 newest news items of every category as a feed.
#[utoipa::path(get, path = "/feed/{format}", tag = tags::FEEDS,
    params(("format" = String, Path, pattern = "^(atom|rss|json)$", description = "atom, rss or json; anything else: 404")),
    responses(
        (status = 200, description = "The feed: RSS 2.0, Atom 1.0 or JSON Feed 1.1 by format",
            content(("application/rss+xml"), ("application/atom+xml"), ("application/feed+json"))),
        (status = 404, description = "Unknown format", content_type = "text/plain"),
    ))]
async fn all_news(State(state): State<AppState>, ApiPath(format): ApiPath<String>) -> Result<Response> {
    feed(&state, &format, None).await
}

/// The 20 newest news items of one category as a feed.
#[utoipa::path(get, path = "/feed/{format}/{category}", tag = tags::FEEDS,
    params(
        ("format" = String, Path, pattern = "^(atom|rss|json)$", description = "atom, rss or json; anything else: 404"),
        ("category" = String, Path, description = "News category slug; unknown: 404"),
    ),
    responses(
        (status = 200, description = "The feed: RSS 2.0, Atom 1.0 or JSON Feed 1.1 by format",
            content(("application/rss+xml"), ("application/atom+xml"), ("application/feed+json"))),
        (status = 404, description = "Unknown format or category", content_type = "text/plain"),
    ))]
async fn category_news(
    State(state): State<AppState>,
    ApiPath((format, category)): ApiPath<(String, String)>,
) -> Result<Response> {
    feed(&state, &format, Some(&category)).await
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "Feed não encontrado",
    )
        .into_response()
}

async fn feed(state: &AppState, format: &str, category: Option<&str>) -> Result<Response> {
    let Some(format) = Format::parse(format) else {
        return Ok(not_found());
    };
    let station = &state.config.station_name;
    let public = state.config.public_url();
    let (category_id, title, page) = match category {
        None => (
            None,
            format!("{station} - Notícias"),
            format!("{public}/noticias"),
        ),
        Some(slug) => {
            let row = news::category(&state.db, slug).await?;
            // FD-02: an unknown category is a 404.
            let Some((id, name)) = row else {
                return Ok(not_found());
            };
            (
                Some(id),
                format!("{station} - Notícias de {name}"),
                format!("{public}/noticias/{slug}"),
            )
        }
    };
    let entries = news::feed_entries(&state.db, category_id, FEED_ITEMS).await?;
    let items: Vec<Item> = entries
        .into_iter()
        .map(|entry| Item {
            slug: entry.slug,
            title: entry.title,
            subtitle: entry.subtitle,
            content: entry.content,
            author: entry.author,
            category: entry.category,
            image: if entry.image.is_empty() || entry.image.starts_with("http") {
                entry.image
            } else {
                format!("{public}{}", entry.image)
            },
            published: entry.published,
            updated: entry.updated.unwrap_or(entry.published).max(entry.published),
        })
        .collect();
    let self_url = match category {
        None => format!("{public}/feed/{}", format.name()),
        Some(slug) => format!("{public}/feed/{}/{slug}", format.name()),
    };
    let feed = Feed {
        description: format!("As últimas notícias da {station}."),
        title,
        page,
        self_url,
        items,
    };
    let body = match format {
        Format::Rss => rss(&feed, &public),
        Format::Atom => atom(&feed, &public, station),
        Format::Json => json_feed(&feed, &public, station),
    };
    Ok((
        [
            (header::CONTENT_TYPE, format.content_type()),
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        body,
    )
        .into_response())
}

fn rfc3339(unix: i64) -> String {
    OffsetDateTime::from_unix_timestamp(unix)
        .ok()
        .and_then(|t| t.format(&Rfc3339).ok())
        .unwrap_or_default()
}

/// An RSS date (`pubDate`), also the programme recordings' feed's (`routes/replays.rs`).
pub fn rfc2822(unix: i64) -> String {
    OffsetDateTime::from_unix_timestamp(unix)
        .ok()
        .and_then(|t| t.format(&Rfc2822).ok())
        .unwrap_or_default()
}

fn item_url(public: &str, item: &Item) -> String {
    format!("{public}/noticias/{}", item.slug)
}

/// The newest change in the feed (its `updated`/`lastBuildDate`); the epoch for an empty feed.
fn feed_updated(feed: &Feed) -> i64 {
    feed.items.iter().map(|item| item.updated).max().unwrap_or(0)
}

fn rss(feed: &Feed, public: &str) -> String {
    let e = escape;
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\" \
         xmlns:content=\"http://purl.org/rss/1.0/modules/content/\" \
         xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n<channel>\n\
         <title>{}</title>\n<link>{}</link>\n<description>{}</description>\n<language>pt-BR</language>\n\
         <lastBuildDate>{}</lastBuildDate>\n\
         <atom:link href=\"{}\" rel=\"self\" type=\"application/rss+xml\"/>\n",
        e(&feed.title),
        e(&feed.page),
        e(&feed.description),
        rfc2822(feed_updated(feed)),
        e(&feed.self_url),
    );
    for item in &feed.items {
        let url = item_url(public, item);
        out.push_str(&format!(
            "<item>\n<title>{}</title>\n<link>{}</link>\n<guid isPermaLink=\"true\">{}</guid>\n\
             <pubDate>{}</pubDate>\n<description>{}</description>\n<category>{}</category>\n",
            e(&item.title),
            e(&url),
            e(&url),
            rfc2822(item.published),
            e(&item.subtitle),
            e(&item.category),
        ));
        if !item.author.is_empty() {
            out.push_str(&format!("<dc:creator>{}</dc:creator>\n", e(&item.author)));
        }
        if let Some(content) = &item.content {
            out.push_str(&format!("<content:encoded>{}</content:encoded>\n", e(content)));
        }
        if !item.image.is_empty() {
            out.push_str(&format!(
                "<enclosure url=\"{}\" length=\"0\" type=\"{}\"/>\n",
                e(&item.image),
                image_type(&item.image)
            ));
        }
        out.push_str("</item>\n");
    }
    out.push_str("</channel>\n</rss>\n");
    out
}

fn image_type(url: &str) -> &'static str {
    let lower = url.to_ascii_lowercase();
    if lower.ends_with(".png") {
        "image/png"
    } else if lower.ends_with(".webp") {
        "image/webp"
    } else if lower.ends_with(".svg") {
        "image/svg+xml"
    } else {
        "image/jpeg"
    }
}

fn atom(feed: &Feed, public: &str, station: &str) -> String {
    let e = escape;
    let mut out = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"pt-BR\">\n\
         <id>{}</id>\n<title>{}</title>\n<subtitle>{}</subtitle>\n<updated>{}</updated>\n\
         <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n<link rel=\"self\" type=\"application/atom+xml\" href=\"{}\"/>\n\
         <author><name>{}</name></author>\n",
        e(&feed.self_url),
        e(&feed.title),
        e(&feed.description),
        rfc3339(feed_updated(feed)),
        e(&feed.page),
        e(&feed.self_url),
        e(station),
    );
    for item in &feed.items {
        let url = item_url(public, item);
        out.push_str(&format!(
            "<entry>\n<id>{}</id>\n<title type=\"text\">{}</title>\n<link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n\
             <published>{}</published>\n<updated>{}</updated>\n<category term=\"{}\"/>\n",
            e(&url),
            e(&item.title),
            e(&url),
            rfc3339(item.published),
            rfc3339(item.updated),
            e(&item.category),
        ));
        if !item.author.is_empty() {
            out.push_str(&format!("<author><name>{}</name></author>\n", e(&item.author)));
        }
        if !item.subtitle.is_empty() {
            out.push_str(&format!(
                "<summary type=\"text\">{}</summary>\n",
                e(&item.subtitle)
            ));
        }
        if let Some(content) = &item.content {
            out.push_str(&format!("<content type=\"html\">{}</content>\n", e(content)));
        }
        out.push_str("</entry>\n");
    }
    out.push_str("</feed>\n");
    out
}

fn json_feed(feed: &Feed, public: &str, station: &str) -> String {
    let items: Vec<serde_json::Value> = feed
        .items
        .iter()
        .map(|item| {
            let url = item_url(public, item);
            let mut value = json!({
                "id": url,
                "url": url,
                "title": item.title,
                "summary": item.subtitle,
                "date_published": rfc3339(item.published),
                "date_modified": rfc3339(item.updated),
                "tags": [item.category],
            });
            // JSON Feed needs content_html or content_text: a PRO item has only its subtitle (S04).
            match &item.content {
                Some(content) => value["content_html"] = json!(content),
                None => value["content_text"] = json!(item.subtitle),
            }
            if !item.author.is_empty() {
                value["authors"] = json!([{ "name": item.author }]);
            }
            if !item.image.is_empty() {
                value["image"] = json!(item.image);
            }
            value
        })
        .collect();
    json!({
        "version": "https://jsonfeed.org/version/1.1",
        "title": feed.title,
        "home_page_url": feed.page,
        "feed_url": feed.self_url,
        "description": feed.description,
        "language": "pt-BR",
        "authors": [{ "name": station }],
        "items": items,
    })
    .to_string()
}
