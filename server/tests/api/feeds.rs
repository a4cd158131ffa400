//! News feeds on both databases (decision G40, FD-02, AP-02 for feed.atom/feed.rss/feed.json): each
//! format parses with feed-rs as what it claims to be, carries the 20 newest items, hostile titles and
//! HTML come through escaped, PRO items carry no content, an unknown category or format is a 404.

// Test helpers outside #[test] functions panic on purpose.

use crate::common::{Backend, TestApp};
use axum::http::StatusCode;
use feed_rs::model::FeedType;

on_both_databases!(
    every_format_parses_with_the_newest_twenty,
    category_feeds_hold_only_that_category,
    unknown_category_or_format_is_404_fd02,
    hostile_titles_and_html_are_escaped,
    pro_items_carry_no_content,
);

const HOSTILE: &str = "<script>alert('x')</script> & \"aspas\" ]]> <b>negrito</b>";

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

async fn insert_news(app: &TestApp, slug: &str, title: &str, content: &str, pro: bool, category: &str) {
    sqlx::query(
        "INSERT INTO news (slug, category_id, title, subtitle, content, teaser, is_pro, published_at) \
         VALUES ($1, (SELECT id FROM news_categories WHERE slug = $2), $3, 'Sub <i>título</i>', $4, 'teaser', $5, $6)",
    )
    .bind(slug)
    .bind(category)
    .bind(title)
    .bind(content)
    .bind(i64::from(pro))
    .bind(now() - 1)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
}

async fn fetch(app: &TestApp, path: &str) -> (String, feed_rs::model::Feed, String) {
    let response = app.get(path).await;
    assert_eq!(response.status, StatusCode::OK, "{path}: {}", response.text());
    let content_type = response.header("content-type").unwrap_or_default().to_owned();
    let feed = feed_rs::parser::parse(response.body.as_ref())
        .unwrap_or_else(|err| panic!("{path} does not parse: {err}\n{}", response.text()));
    (content_type, feed, response.text())
}

/// G40: RSS 2.0, Atom 1.0 and JSON Feed 1.1 with their media types; /feed/{fmt} is every category.
async fn every_format_parses_with_the_newest_twenty(backend: Backend) {
    let app = TestApp::new(backend).await;
    let newest: Vec<String> = sqlx::query_scalar(
        "SELECT slug FROM news WHERE published_at <= $1 ORDER BY published_at DESC, id DESC LIMIT 20",
    )
    .bind(now())
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(newest.len(), 20, "the demo has more than 20 items");
    for (format, kind, media) in [
        ("rss", FeedType::RSS2, "application/rss+xml"),
        ("atom", FeedType::Atom, "application/atom+xml"),
        ("json", FeedType::JSON, "application/feed+json"),
    ] {
        let (content_type, feed, raw) = fetch(&app, &format!("/feed/{format}")).await;
        assert!(content_type.starts_with(media), "{format}: {content_type}");
        assert_eq!(feed.feed_type, kind, "{format}");
        assert_eq!(feed.entries.len(), 20, "{format}");
        let links: Vec<String> = feed
            .entries
            .iter()
            .map(|entry| entry.links.first().map(|l| l.href.clone()).unwrap_or_default())
            .collect();
        let expected: Vec<String> = newest
            .iter()
            .map(|slug| format!("{}/noticias/{slug}", app.state.config.public_url()))
            .collect();
        assert_eq!(links, expected, "{format}: newest first");
        for entry in &feed.entries {
            assert!(
                entry.title.as_ref().is_some_and(|t| !t.content.is_empty()),
                "{format}"
            );
            assert!(entry.published.is_some(), "{format}: date");
        }
        if format == "json" {
            let value: serde_json::Value = serde_json::from_str(&raw).unwrap();
            assert_eq!(value["version"], "https://jsonfeed.org/version/1.1");
        }
    }
}

async fn category_feeds_hold_only_that_category(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (name, slug): (String, String) =
        sqlx::query_as("SELECT name, slug FROM news_categories WHERE slug = 'musica'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    for format in ["rss", "atom", "json"] {
        let (_, feed, _) = fetch(&app, &format!("/feed/{format}/{slug}")).await;
        assert!(!feed.entries.is_empty(), "{format}");
        assert!(feed.entries.len() <= 20);
        for entry in &feed.entries {
            assert!(
                entry.categories.iter().any(|c| c.term == name),
                "{format}: {:?}",
                entry.categories
            );
        }
        assert!(feed.title.unwrap().content.contains(&name));
    }
}

/// FD-02.
async fn unknown_category_or_format_is_404_fd02(backend: Backend) {
    let app = TestApp::new(backend).await;
    for path in [
        "/feed/rss/categoria-que-nao-existe",
        "/feed/atom/categoria-que-nao-existe",
        "/feed/json/categoria-que-nao-existe",
        "/feed/xml",
        "/feed/xml/musica",
    ] {
        assert_eq!(app.get(path).await.status, StatusCode::NOT_FOUND, "{path}");
    }
}

async fn hostile_titles_and_html_are_escaped(backend: Backend) {
    let app = TestApp::new(backend).await;
    let content = "<p>Texto com <a href=\"https://x.example/?a=1&b=2\">link</a> e ]]> fim</p>";
    insert_news(&app, "titulo-hostil", HOSTILE, content, false, "musica").await;
    for format in ["rss", "atom", "json"] {
        let (_, feed, raw) = fetch(&app, &format!("/feed/{format}/musica")).await;
        let entry = feed
            .entries
            .iter()
            .find(|entry| {
                entry
                    .links
                    .iter()
                    .any(|l| l.href.ends_with("/noticias/titulo-hostil"))
            })
            .unwrap_or_else(|| panic!("{format}: the new item"));
        assert_eq!(entry.title.as_ref().unwrap().content, HOSTILE, "{format}");
        let body = entry
            .content
            .as_ref()
            .and_then(|c| c.body.clone())
            .unwrap_or_default();
        assert!(
            body.contains("<a href=\"https://x.example/?a=1&b=2\">link</a>"),
            "{format}: {body}"
        );
        if format != "json" {
            assert!(!raw.contains("<script>"), "{format}: raw markup leaked");
        }
    }
}

/// G40 / S04: PRO items carry no content.
async fn pro_items_carry_no_content(backend: Backend) {
    let app = TestApp::new(backend).await;
    insert_news(
        &app,
        "so-para-pro",
        "Matéria PRO",
        "<p>SEGREDO PRO</p>",
        true,
        "musica",
    )
    .await;
    for format in ["rss", "atom", "json"] {
        let (_, feed, raw) = fetch(&app, &format!("/feed/{format}/musica")).await;
        assert!(
            feed.entries.iter().any(|entry| entry
                .links
                .iter()
                .any(|l| l.href.ends_with("/noticias/so-para-pro"))),
            "{format}"
        );
        assert!(!raw.contains("SEGREDO PRO"), "{format}");
    }
}
