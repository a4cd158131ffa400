//! What crawlers fetch besides the pages: `/robots.txt` and `/sitemap.xml` (a sitemap index of
//! `/sitemaps/pages.xml` and `/sitemaps/news-{n}.xml`). The pages' own heads are drawn by web/head.rs.

use axum::{
    extract::State,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{AppState, Result, extract::ApiPath, html::escape, openapi::tags, site::PUBLIC_PAGES};

/// News items per sitemap file (the protocol allows 50,000 URLs and 50 MB).
pub const NEWS_PER_SITEMAP: i64 = 10_000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(robots))
        .routes(routes!(sitemap_index))
        .routes(routes!(sitemap_file))
}

// ---------------------------------------------------------------------------------------------------
// robots.txt and the sitemap

/// The crawlers' rules and the sitemap's address.
///
/// Private areas stay out; pages that carry `noindex` (/open-app) stay crawlable so the crawler can
/// read it. The API is not blocked: crawlers that run the app need it to see the pages' content.
#[utoipa::path(get, path = "/robots.txt", tag = tags::SEO,
    responses((status = 200, description = "robots.txt", content_type = "text/plain")))]
async fn robots(State(state): State<AppState>) -> Response {
    let public = state.config.public_url();
    let body = format!(
        "User-agent: *\n\
         Disallow: /perfil/\n\
         Disallow: /a1stats\n\
         Disallow: /a1inbox\n\
         Disallow: /a1redacao\n\
         Disallow: /a1pessoas\n\
         Disallow: /a1promocoes\n\
         Disallow: /a1catalogo\n\
         Disallow: /a1aovivo\n\
         Disallow: /stream/\n\
         Disallow: /api/v1/tracking/\n\
         Allow: /\n\
         \n\
         Sitemap: {public}/sitemap.xml\n"
    );
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}

fn xml_response(body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/xml; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=600"),
        ],
        body,
    )
        .into_response()
}

/// W3C date-time in UTC for `<lastmod>`.
fn lastmod(unix: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(unix)
        .ok()
        .and_then(|t| t.format(&time::format_description::well_known::Rfc3339).ok())
        .unwrap_or_default()
}

/// The sitemap index: the pages' sitemap and one sitemap per 10,000 news items.
#[utoipa::path(get, path = "/sitemap.xml", tag = tags::SEO,
    responses((status = 200, description = "The sitemap index", content_type = "application/xml")))]
async fn sitemap_index(State(state): State<AppState>) -> Result<Response> {
    let public = state.config.public_url();
    let count = crate::data::news::public_count_at(&state.db, crate::clock::now()).await?;
    let files = (count + NEWS_PER_SITEMAP - 1) / NEWS_PER_SITEMAP;
    let mut body = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    body.push_str(&format!(
        "<sitemap><loc>{}</loc></sitemap>\n",
        escape(&format!("{public}/sitemaps/pages.xml"))
    ));
    for n in 1..=files {
        body.push_str(&format!(
            "<sitemap><loc>{}</loc></sitemap>\n",
            escape(&format!("{public}/sitemaps/news-{n}.xml"))
        ));
    }
    body.push_str("</sitemapindex>\n");
    Ok(xml_response(body))
}

/// A path segment as it goes into a URL (non-ASCII and reserved bytes percent-encoded).
fn encode_segment(segment: &str) -> String {
    let mut out = String::with_capacity(segment.len());
    for byte in segment.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~' | b'+') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// One sitemap: `pages.xml` (sections, lists, artists, songs...) or `news-{n}.xml`.
#[utoipa::path(get, path = "/sitemaps/{file}", tag = tags::SEO,
    params(("file" = String, Path, pattern = "^(pages|news-[1-9][0-9]{0,4})\\.xml$", description = "`pages.xml` or `news-{n}.xml` (n from 1); anything else or an empty file: 404")),
    responses(
        (status = 200, description = "The sitemap", content_type = "application/xml"),
        (status = 404, description = "No such sitemap", content_type = "text/plain"),
    ))]
async fn sitemap_file(State(state): State<AppState>, ApiPath(file): ApiPath<String>) -> Result<Response> {
    let public = state.config.public_url();
    let mut urls: Vec<(String, Option<i64>)> = Vec::new();
    if file == "pages.xml" {
        urls.extend(PUBLIC_PAGES.iter().map(|page| (page.path.to_owned(), None)));
        let db = &state.db.pool;
        let lists: [(&str, &str); 9] = [
            (
                "/noticias/",
                "SELECT slug FROM news_categories ORDER BY position, id",
            ),
            ("/noticias/tags/", "SELECT slug FROM tags ORDER BY id"),
            (
                "/jornalistas/",
                "SELECT slug FROM journalists WHERE is_active = 1 ORDER BY position, id",
            ),
            ("/artistas/", "SELECT slug FROM artists ORDER BY position, id"),
            (
                "/musicas/",
                "SELECT s.slug || '+' || a.slug FROM songs s JOIN artists a ON a.id = s.artist_id ORDER BY s.id",
            ),
            (
                "/podcasts/",
                "SELECT slug FROM podcast_shows WHERE is_pro = 0 AND show_id <> '' ORDER BY position, id",
            ),
            ("/videos/", "SELECT slug FROM videos ORDER BY id"),
            ("/clientes/", "SELECT slug FROM clients ORDER BY position, id"),
            (
                "/as-10-mais/",
                "SELECT slug FROM top10_categories ORDER BY position, id",
            ),
        ];
        for (prefix, sql) in lists {
            let slugs: Vec<String> = sqlx::query_scalar(sql).fetch_all(db).await?;
            urls.extend(
                slugs
                    .iter()
                    .map(|slug| (format!("{prefix}{}", encode_segment(slug)), None)),
            );
        }
        let years: Vec<i64> = sqlx::query_scalar(
            "SELECT l.year FROM top100_lists l \
             WHERE EXISTS (SELECT 1 FROM top100_entries e WHERE e.list_id = l.id) ORDER BY l.year",
        )
        .fetch_all(db)
        .await?;
        urls.extend(years.iter().map(|year| (format!("/as-100-mais/{year}"), None)));
        let collections: Vec<(String, String)> =
            sqlx::query_as("SELECT slug, alias FROM podcast_collections ORDER BY position, id")
                .fetch_all(db)
                .await?;
        urls.extend(collections.iter().map(|(slug, alias)| {
            let key = if alias.is_empty() { slug } else { alias };
            (format!("/podcasts/outros/{}", encode_segment(key)), None)
        }));
        let promotions = crate::data::promotions::public_slugs(&state.db).await?;
        urls.extend(
            promotions
                .iter()
                .map(|slug| (format!("/promocoes/{}", encode_segment(slug)), None)),
        );
    } else if let Some(n) = file
        .strip_prefix("news-")
        .and_then(|rest| rest.strip_suffix(".xml"))
        .and_then(|n| n.parse::<i64>().ok())
        .filter(|n| (1..=100_000).contains(n))
    {
        let rows =
            crate::data::news::sitemap_page(&state.db, NEWS_PER_SITEMAP, (n - 1) * NEWS_PER_SITEMAP).await?;
        if rows.is_empty() {
            return Ok(not_found());
        }
        urls.extend(
            rows.into_iter()
                .map(|(slug, at)| (format!("/noticias/{}", encode_segment(&slug)), Some(at))),
        );
    } else {
        return Ok(not_found());
    }
    let mut body = String::with_capacity(urls.len() * 100 + 200);
    body.push_str(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for (path, at) in urls {
        body.push_str("<url><loc>");
        body.push_str(&escape(&format!("{public}{path}")));
        body.push_str("</loc>");
        if let Some(at) = at {
            body.push_str("<lastmod>");
            body.push_str(&lastmod(at));
            body.push_str("</lastmod>");
        }
        body.push_str("</url>\n");
    }
    body.push_str("</urlset>\n");
    Ok(xml_response(body))
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "Not found",
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_are_percent_encoded() {
        assert_eq!(encode_segment("notícias"), "not%C3%ADcias");
    }
}
