//! Share previews, robots.txt and the sitemap on both databases: the HTML served for a news item, a
//! song, an artist, a podcast and a promotion carries its title (60 characters, ' | ', the station),
//! description and Open Graph / Twitter tags, escaped; an unknown item leaves the plain shell; the
//! noindex pages of C45 carry robots noindex; the sitemap is valid XML listing every public page and
//! content item; robots.txt points at it.

// Test helpers outside #[test] functions panic on purpose.

use crate::common::{Backend, TestApp};
use axum::http::StatusCode;

on_both_databases!(
    news_pages_carry_escaped_share_tags,
    music_artist_podcast_and_promotion_pages_carry_share_tags,
    unknown_items_answer_404_without_share_tags,
    noindex_pages_follow_c45,
    robots_points_at_the_sitemap,
    sitemap_lists_every_page_and_item,
);

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

/// `content` of `<meta property|name="{key}" content="…">`, unescaped for the few entities we emit.
fn meta(html: &str, key: &str) -> Option<String> {
    let doc = html.find(&format!("=\"{key}\" content=\""))?;
    let start = doc + key.len() + 13;
    let end = start + html[start..].find('"')?;
    Some(unescape(&html[start..end]))
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

fn title(html: &str) -> String {
    let start = html.find("<title>").unwrap() + 7;
    let end = html.find("</title>").unwrap();
    unescape(&html[start..end])
}

async fn page(app: &TestApp, path: &str) -> String {
    let response = app.get(path).await;
    assert_eq!(response.status, StatusCode::OK, "{path}");
    response.text()
}

async fn news_pages_carry_escaped_share_tags(backend: Backend) {
    let app = TestApp::new(backend).await;
    let hostile = "<script>alert(\"x\")</script> Show & festa 'na' praça com um título bem comprido demais";
    sqlx::query(
        "INSERT INTO news (slug, category_id, title, subtitle, content, image_url, published_at) \
         VALUES ('preview-hostil', (SELECT MIN(id) FROM news_categories), $1, 'Sub \"entre\" <aspas>', \
         '<p>x</p>', '/media/img/capa.jpg?a=1&b=2', $2)",
    )
    .bind(hostile)
    .bind(now() - 60)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    let html = page(&app, "/noticias/preview-hostil").await;
    let head = &html[..html.find("</head>").unwrap()];
    assert!(!head.contains("<script>"), "raw markup in the head: {head}");
    let cut: String = hostile.chars().take(60).collect();
    let expected = format!("{} | Onda FM", cut.trim_end());
    assert_eq!(title(&html), expected);
    assert_eq!(meta(&html, "og:title").unwrap(), expected);
    assert_eq!(meta(&html, "twitter:title").unwrap(), expected);
    assert_eq!(meta(&html, "description").unwrap(), "Sub \"entre\" <aspas>");
    assert_eq!(meta(&html, "og:description").unwrap(), "Sub \"entre\" <aspas>");
    assert_eq!(meta(&html, "og:type").unwrap(), "article");
    let public = app.state.config.public_url();
    assert_eq!(
        meta(&html, "og:image").unwrap(),
        format!("{public}/media/img/capa.jpg?a=1&b=2")
    );
    assert_eq!(meta(&html, "twitter:card").unwrap(), "summary_large_image");
    assert_eq!(
        meta(&html, "og:url").unwrap(),
        format!("{public}/noticias/preview-hostil")
    );
    assert!(head.contains(&format!(
        "<link rel=\"canonical\" href=\"{public}/noticias/preview-hostil\">"
    )));
    // The cover is fetched with the page, not after the app and the item's API call, at
    // the address the page's <img> names.
    assert!(
        head.contains(
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"/media/img/capa.jpg?a=1&amp;b=2\">"
        ),
        "{head}"
    );
    // A YouTube video replaces the cover: nothing to preload.
    sqlx::query(
        "INSERT INTO news (slug, category_id, title, content, image_url, cover_video_youtube_id, published_at) \
         VALUES ('preview-video', (SELECT MIN(id) FROM news_categories), 'Vídeo', '<p>x</p>', \
         '/media/img/v.jpg', 'dQw4w9WgXcQ', $1)",
    )
    .bind(now() - 60)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    let html = page(&app, "/noticias/preview-video").await;
    assert!(!html.contains("rel=\"preload\" as=\"image\""), "{html}");

    // A seeded item, and a PRO item whose preview uses its teaser, not its text (S04).
    let (slug, news_title): (String, String) =
        sqlx::query_as("SELECT slug, title FROM news WHERE is_pro = 0 AND published_at <= $1 LIMIT 1")
            .bind(now())
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    let html = page(&app, &format!("/noticias/{slug}")).await;
    assert!(title(&html).starts_with(&news_title.chars().take(20).collect::<String>()));
    sqlx::query(
        "INSERT INTO news (slug, category_id, title, content, teaser, is_pro, published_at) \
         VALUES ('preview-pro', (SELECT MIN(id) FROM news_categories), 'PRO', '<p>SEGREDO</p>', '<p>Chamada</p>', 1, $1)",
    )
    .bind(now() - 60)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    let html = page(&app, "/noticias/preview-pro").await;
    assert_eq!(meta(&html, "description").unwrap(), "Chamada");
    assert!(!html.contains("SEGREDO"));

    // A category page is a list (C09), not an item.
    let html = page(&app, "/noticias/musica").await;
    assert!(title(&html).starts_with("Notícias de Música"), "{}", title(&html));
}

async fn music_artist_podcast_and_promotion_pages_carry_share_tags(backend: Backend) {
    let app = TestApp::new(backend).await;
    let db = &app.state.db.pool;
    let (artist_slug, artist): (String, String) =
        sqlx::query_as("SELECT slug, name FROM artists ORDER BY id LIMIT 1")
            .fetch_one(db)
            .await
            .unwrap();
    let html = page(&app, &format!("/artistas/{artist_slug}")).await;
    assert_eq!(meta(&html, "og:title").unwrap(), format!("{artist} | Onda FM"));
    assert_eq!(meta(&html, "og:type").unwrap(), "profile");
    assert!(!meta(&html, "og:description").unwrap().is_empty());

    let (song_slug, song, a_slug, a_name): (String, String, String, String) = sqlx::query_as(
        "SELECT s.slug, s.name, a.slug, a.name FROM songs s JOIN artists a ON a.id = s.artist_id ORDER BY s.id LIMIT 1",
    )
    .fetch_one(db)
    .await
    .unwrap();
    let html = page(&app, &format!("/musicas/{song_slug}+{a_slug}")).await;
    let expected: String = format!("{song} - {a_name}").chars().take(60).collect();
    assert_eq!(
        meta(&html, "og:title").unwrap(),
        format!("{} | Onda FM", expected.trim_end())
    );
    assert_eq!(meta(&html, "og:type").unwrap(), "music.song");

    let (show_slug, show): (String, String) =
        sqlx::query_as("SELECT slug, name FROM podcast_shows ORDER BY id LIMIT 1")
            .fetch_one(db)
            .await
            .unwrap();
    let html = page(&app, &format!("/podcasts/{show_slug}")).await;
    assert_eq!(meta(&html, "og:title").unwrap(), format!("{show} | Onda FM"));

    let (promo_slug, promo): (String, String) =
        sqlx::query_as("SELECT slug, title FROM promotions WHERE is_published = 1 ORDER BY id LIMIT 1")
            .fetch_one(db)
            .await
            .unwrap();
    let html = page(&app, &format!("/promocoes/{promo_slug}")).await;
    let expected: String = promo.chars().take(60).collect();
    assert_eq!(
        meta(&html, "og:title").unwrap(),
        format!("{} | Onda FM", expected.trim_end())
    );

    // Static sections get their title and description too.
    // Static sections keep the shell's title (the app sets theirs) and name themselves in the tags.
    let html = page(&app, "/programacao").await;
    assert_eq!(title(&html), "Onda FM");
    assert_eq!(meta(&html, "og:title").unwrap(), "Programação | Onda FM");
    assert!(meta(&html, "og:description").is_some());
}

/// An address of an item's shape whose item does not exist answers 404 (no soft 404 for crawlers; the
/// app still shows the page's own not-found view), without share tags. Lists that share the shape
/// (a news category, /noticias/tags, /podcasts/outros) are pages; promotions are left to their page.
async fn unknown_items_answer_404_without_share_tags(backend: Backend) {
    let app = TestApp::new(backend).await;
    for path in [
        "/noticias/nao-existe-essa",
        "/artistas/nao-existe",
        "/musicas/nao+existe",
        "/musicas/sem-artista",
        "/podcasts/nao-existe",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status, StatusCode::NOT_FOUND, "{path}");
        let html = response.text();
        assert!(meta(&html, "og:title").is_none(), "{path}");
        assert!(html.contains("<div id=\"root\">"), "the app still starts: {path}");
    }
    let category: String = sqlx::query_scalar("SELECT slug FROM news_categories ORDER BY id LIMIT 1")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    for path in [
        format!("/noticias/{category}"),
        "/noticias/tags".to_owned(),
        "/podcasts/outros".to_owned(),
        "/podcasts/outros/recentes".to_owned(),
    ] {
        page(&app, &path).await;
    }
    let html = page(&app, "/promocoes/nao-existe").await;
    assert!(meta(&html, "og:title").is_none());
    assert_eq!(title(&html), "Onda FM");
}

/// C45: /open-app and /a1stats (and the private profile page) are noindex; the routes table marks
/// /busca 'index', so it is not.
async fn noindex_pages_follow_c45(backend: Backend) {
    let app = TestApp::new(backend).await;
    for path in ["/open-app", "/a1stats", "/perfil/editar-perfil"] {
        assert!(
            page(&app, path)
                .await
                .contains("<meta name=\"robots\" content=\"noindex"),
            "{path}"
        );
    }
    for path in ["/busca?q=samba", "/", "/noticias"] {
        assert!(!page(&app, path).await.contains("noindex"), "{path}");
    }
}

async fn robots_points_at_the_sitemap(backend: Backend) {
    let app = TestApp::new(backend).await;
    let response = app.get("/robots.txt").await;
    assert_eq!(response.status, StatusCode::OK);
    assert!(response.header("content-type").unwrap().starts_with("text/plain"));
    let text = response.text();
    let public = app.state.config.public_url();
    assert!(text.contains("User-agent: *"));
    assert!(text.contains(&format!("Sitemap: {public}/sitemap.xml")), "{text}");
    for private in ["Disallow: /perfil/", "Disallow: /a1stats"] {
        assert!(text.lines().any(|line| line == private), "{private}: {text}");
    }
    // The API stays crawlable: crawlers that run the app need it.
    assert!(
        !text
            .lines()
            .any(|line| line == "Disallow: /api/" || line == "Disallow: /")
    );
}

async fn xml(app: &TestApp, path: &str) -> String {
    let response = app.get(path).await;
    assert_eq!(response.status, StatusCode::OK, "{path}");
    assert!(
        response
            .header("content-type")
            .unwrap()
            .starts_with("application/xml")
    );
    response.text()
}

fn locs(text: &str, root: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|err| panic!("invalid XML: {err}\n{text}"));
    assert_eq!(doc.root_element().tag_name().name(), root);
    assert_eq!(
        doc.root_element().tag_name().namespace(),
        Some("http://www.sitemaps.org/schemas/sitemap/0.9")
    );
    doc.descendants()
        .filter(|node| node.has_tag_name("loc"))
        .map(|node| node.text().unwrap_or_default().to_owned())
        .collect()
}

async fn sitemap_lists_every_page_and_item(backend: Backend) {
    let app = TestApp::new(backend).await;
    let public = app.state.config.public_url();
    // A slug with characters that need escaping still gives valid XML.
    sqlx::query(
        "INSERT INTO news (slug, category_id, title, published_at) VALUES ('a&b<c', (SELECT MIN(id) FROM news_categories), 't', $1)",
    )
    .bind(now() - 60)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    let files = locs(&xml(&app, "/sitemap.xml").await, "sitemapindex");
    assert_eq!(files[0], format!("{public}/sitemaps/pages.xml"));
    assert_eq!(files[1], format!("{public}/sitemaps/news-1.xml"));

    let pages = locs(&xml(&app, "/sitemaps/pages.xml").await, "urlset");
    for path in [
        "/",
        "/noticias",
        "/programacao",
        "/termos/uso",
        "/noticias/musica",
        "/feeds",
    ] {
        assert!(pages.contains(&format!("{public}{path}")), "{path}");
    }
    for private in ["/a1stats", "/open-app", "/perfil/editar-perfil"] {
        assert!(!pages.contains(&format!("{public}{private}")), "{private}");
    }
    let db = &app.state.db.pool;
    let artists: Vec<String> = sqlx::query_scalar("SELECT slug FROM artists")
        .fetch_all(db)
        .await
        .unwrap();
    for slug in &artists {
        assert!(pages.contains(&format!("{public}/artistas/{slug}")), "{slug}");
    }
    let songs: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM songs")
        .fetch_one(db)
        .await
        .unwrap();
    assert_eq!(
        pages
            .iter()
            .filter(|loc| loc.contains("/musicas/") && loc.contains('+'))
            .count() as i64,
        songs
    );
    assert!(
        pages
            .iter()
            .any(|loc| loc.starts_with(&format!("{public}/promocoes/")))
    );
    assert!(
        pages
            .iter()
            .any(|loc| loc.starts_with(&format!("{public}/podcasts/")))
    );

    let news_text = xml(&app, "/sitemaps/news-1.xml").await;
    let news = locs(&news_text, "urlset");
    let published: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM news WHERE published_at <= $1")
        .bind(now())
        .fetch_one(db)
        .await
        .unwrap();
    assert_eq!(news.len() as i64, published);
    assert!(news.contains(&format!("{public}/noticias/a%26b%3Cc")));
    assert!(news_text.contains("<lastmod>"));
    assert_eq!(
        app.get("/sitemaps/news-2.xml").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(app.get("/sitemaps/outra.xml").await.status, StatusCode::NOT_FOUND);
}
