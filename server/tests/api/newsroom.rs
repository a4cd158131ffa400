//! The back office's newsroom on both databases: the permission matrix of every back-office
//! call, create → edit → publish → unpublish → republish → delete with every public path checked at each
//! step (single item, lists, home, search, RSS, sitemap), scheduled publishing (the clock moved a day ahead), stale
//! versions, sanitising, the validation messages, slugs and tags, the audit log, picture uploads (the
//! refusals, a real one, WebP or JPEG by `Accept`) and the list at 50,000 items.

use std::time::{Duration, Instant};

use axum::{
    body::Body,
    http::{Method, Request, header},
};
use onda_shared::validation::messages;
use serde_json::{Value, json};

use crate::{
    accounts_common::{Call, assert_unauthorized, call},
    common::{Backend, TestApp, TestResponse},
    players_common::{listener, make_pro, staff},
};

/// A day, in seconds.
const DAY: i64 = 86_400;

on_both_databases!(
    every_backoffice_call_needs_its_permission,
    draft_publish_unpublish_republish_delete_on_every_public_path,
    scheduled_items_go_public_when_due,
    stale_versions_are_refused,
    bodies_are_sanitised_and_fields_validated,
    slugs_and_tags,
    the_preview_is_the_public_item_in_any_state,
    image_upload_refusals,
    an_uploaded_image_is_served_as_webp_or_jpeg,
    the_list_filters_and_pages_50000_items,
);

const NEWS: &str = "/api/v1/backoffice/news";
const IMAGES: &str = "/api/v1/backoffice/images";
const AUDIT: &str = "/api/v1/backoffice/audit";

fn now() -> i64 {
    onda_server::clock::now()
}

async fn editor(app: &TestApp) -> String {
    staff(app, "redacao@exemplo.com", &[5]).await.1
}

async fn request(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> TestResponse {
    call(
        app,
        Call {
            method,
            path,
            body,
            bearer: token,
            cookie: None,
            ip: None,
        },
    )
    .await
}

async fn get(app: &TestApp, path: &str, token: &str) -> TestResponse {
    request(app, Method::GET, path, Some(token), None).await
}

async fn category(app: &TestApp, slug: &str) -> i64 {
    sqlx::query_scalar("SELECT id FROM news_categories WHERE slug = $1")
        .bind(slug)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn first_category(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT MIN(id) FROM news_categories")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

/// A valid input: published now unless changed.
async fn input(app: &TestApp, title: &str) -> Value {
    json!({
        "title": title,
        "subtitle": "Um subtítulo",
        "content": "<p>Texto da notícia com zabumbaxique.</p>",
        "categoryId": first_category(app).await,
        "tags": ["Forró", "Festival de Inverno"],
        "state": "published",
    })
}

fn with(mut body: Value, key: &str, value: Value) -> Value {
    body[key] = value;
    body
}

async fn create(app: &TestApp, token: &str, body: Value) -> Value {
    request(app, Method::POST, NEWS, Some(token), Some(body))
        .await
        .success_data()
}

async fn update(app: &TestApp, token: &str, id: i64, body: Value) -> TestResponse {
    request(app, Method::PUT, &format!("{NEWS}/{id}"), Some(token), Some(body)).await
}

/// The editor's save of `draft` with some fields changed (the version it was loaded with).
fn edited(draft: &Value, changes: &[(&str, Value)]) -> Value {
    let mut body = draft.clone();
    for (key, value) in changes {
        body[*key] = value.clone();
    }
    body
}

fn assert_invalid(response: &TestResponse, message: &str) {
    let json = response.json();
    assert_eq!(response.status, 400, "{json}");
    assert_eq!(json["message"], message, "{json}");
}

// ---------------------------------------------------------------------------------------------------
// Where an item shows

async fn single_status(app: &TestApp, slug: &str) -> u16 {
    app.get(&format!("/api/v1/news/getSingleNews/{slug}"))
        .await
        .status
        .as_u16()
}

async fn in_latest(app: &TestApp, slug: &str) -> bool {
    let data = app.get("/api/v1/news/getNews/0/50/1/0").await.success_data();
    data.as_array().unwrap().iter().any(|item| item["slug"] == slug)
}

async fn on_home(app: &TestApp, slug: &str) -> bool {
    let data = app.get("/api/v1/news/getHomeNews").await.success_data();
    data.to_string().contains(&format!("\"slug\":\"{slug}\""))
}

async fn in_search(app: &TestApp, word: &str, slug: &str) -> bool {
    let data = app.get(&format!("/api/v1/search?q={word}")).await.success_data();
    data.as_array()
        .unwrap()
        .iter()
        .any(|item| item["link"] == format!("/noticias/{slug}"))
}

async fn in_rss(app: &TestApp, slug: &str) -> bool {
    let response = app.get("/feed/rss").await;
    assert_eq!(response.status, 200);
    response.text().contains(&format!("/noticias/{slug}"))
}

async fn in_sitemap(app: &TestApp, slug: &str) -> bool {
    let index = app.get("/sitemap.xml").await.text();
    let public = app.state.config.public_url();
    for file in index
        .split("<loc>")
        .skip(1)
        .filter_map(|part| part.split("</loc>").next())
        .filter(|loc| loc.contains("/sitemaps/news-"))
    {
        let path = file.trim_start_matches(&public);
        if app.get(path).await.text().contains(&format!("/noticias/{slug}<")) {
            return true;
        }
    }
    false
}

/// Every public path at once: (single, latest, home, search, rss, sitemap).
async fn visibility(app: &TestApp, word: &str, slug: &str) -> [bool; 6] {
    [
        single_status(app, slug).await == 200,
        in_latest(app, slug).await,
        on_home(app, slug).await,
        in_search(app, word, slug).await,
        in_rss(app, slug).await,
        in_sitemap(app, slug).await,
    ]
}

async fn audit(app: &TestApp, token: &str, query: &str) -> Vec<Value> {
    get(app, &format!("{AUDIT}?{query}"), token).await.success_data()["items"]
        .as_array()
        .unwrap()
        .clone()
}

// ---------------------------------------------------------------------------------------------------
// Tests

/// A multipart body with one `file` part.
pub(crate) fn multipart(file_name: &str, bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = format!("----onda{}", crate::common::random_hex(8));
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\n\
         Content-Type: image/jpeg\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

pub(crate) async fn upload(
    app: &TestApp,
    token: Option<&str>,
    file_name: &str,
    bytes: &[u8],
) -> TestResponse {
    let (content_type, body) = multipart(file_name, bytes);
    let mut builder = Request::builder()
        .method(Method::POST)
        .uri(IMAGES)
        .header(header::CONTENT_TYPE, content_type)
        .header(header::CONTENT_LENGTH, body.len());
    if let Some(token) = token {
        builder = builder.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    app.request(builder.body(Body::from(body)).unwrap()).await
}

/// A PNG of `width` × `height` with a gradient (so the encoders have something to do).
pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x + y) % 256) as u8])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// A real PNG whose header claims `width` × `height` (its IHDR rewritten, CRC fixed).
fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = png(8, 8);
    // Signature (8), IHDR length (4) and type (4): width and height follow.
    bytes[16..20].copy_from_slice(&width.to_be_bytes());
    bytes[20..24].copy_from_slice(&height.to_be_bytes());
    let crc = crc32(&bytes[12..29]);
    bytes[29..33].copy_from_slice(&crc.to_be_bytes());
    bytes
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &byte in data {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

async fn every_backoffice_call_needs_its_permission(backend: Backend) {
    let app = TestApp::new(backend).await;
    let writer = editor(&app).await;
    let item = create(&app, &writer, input(&app, "Notícia da matriz").await).await;
    let id = item["id"].as_i64().unwrap();
    let (_, listener_token) = listener(&app, "ouvinte@exemplo.com", false).await;
    let (pro_id, pro_token) = listener(&app, "pro@exemplo.com", false).await;
    make_pro(&app, pro_id).await;
    let mut others = Vec::new();
    for permission in [1, 2, 3, 4, 6, 7, 8] {
        let token = staff(&app, &format!("staff{permission}@exemplo.com"), &[permission])
            .await
            .1;
        others.push((permission, token));
    }
    let body = edited(&item, &[]);
    // (method, path, body, the permissions that open it)
    let calls: Vec<(Method, String, Option<Value>, &[i64])> = vec![
        (Method::GET, format!("{NEWS}?page=1"), None, &[5]),
        (
            Method::POST,
            NEWS.to_owned(),
            Some(input(&app, "Outra notícia").await),
            &[5],
        ),
        (Method::GET, format!("{NEWS}/{id}"), None, &[5]),
        (Method::GET, format!("{NEWS}/{id}/preview"), None, &[5]),
        (Method::PUT, format!("{NEWS}/{id}"), Some(body), &[5]),
        (Method::GET, AUDIT.to_owned(), None, &[8]),
        (Method::DELETE, format!("{NEWS}/{id}"), None, &[5]),
    ];
    for (method, path, body, allowed) in &calls {
        assert_unauthorized(&request(&app, method.clone(), path, None, body.clone()).await);
        let refused = [&listener_token, &pro_token].into_iter().chain(
            others
                .iter()
                .filter(|(p, _)| !allowed.contains(p))
                .map(|(_, t)| t),
        );
        for token in refused {
            let response = request(&app, method.clone(), path, Some(token), body.clone()).await;
            assert_eq!(response.status, 403, "{method} {path}: {}", response.text());
            assert_eq!(response.json()["message"], "no permission");
        }
        let token = if allowed.contains(&5) {
            &writer
        } else {
            &others.iter().find(|(p, _)| allowed.contains(p)).unwrap().1
        };
        let response = request(&app, method.clone(), path, Some(token), body.clone()).await;
        assert_eq!(response.status, 200, "{method} {path}: {}", response.text());
        assert_eq!(
            response.header("cache-control"),
            Some("no-store"),
            "{method} {path}"
        );
    }
    // The upload: 5, 6 and 7 open it (a text file is then refused for what it is, not for who sent it).
    assert_unauthorized(&upload(&app, None, "a.jpg", b"hello").await);
    for token in [&listener_token, &pro_token] {
        assert_eq!(upload(&app, Some(token), "a.jpg", b"hello").await.status, 403);
    }
    for (permission, token) in &others {
        let response = upload(&app, Some(token), "a.jpg", b"hello").await;
        let expected = if [6, 7].contains(permission) { 400 } else { 403 };
        assert_eq!(
            response.status,
            expected,
            "permission {permission}: {}",
            response.text()
        );
    }
    assert_eq!(upload(&app, Some(&writer), "a.jpg", b"hello").await.status, 400);
}

async fn draft_publish_unpublish_republish_delete_on_every_public_path(backend: Backend) {
    let app = TestApp::new(backend).await;
    let writer = editor(&app).await;
    let people = staff(&app, "pessoas@exemplo.com", &[8]).await.1;
    let hidden = [false; 6];
    let everywhere = [true; 6];

    // A draft: nowhere public (the index built now, before it exists, must not pick it up later).
    let draft = create(
        &app,
        &writer,
        with(
            input(&app, "Zabumbaxique no festival").await,
            "state",
            json!("draft"),
        ),
    )
    .await;
    let id = draft["id"].as_i64().unwrap();
    let slug = draft["slug"].as_str().unwrap().to_owned();
    assert_eq!(slug, "zabumbaxique-no-festival");
    assert_eq!(draft["version"], 1);
    assert_eq!(draft["shownState"], "draft");
    assert_eq!(draft["url"], format!("/noticias/{slug}"));
    assert_eq!(draft["tags"], json!(["Forró", "Festival de Inverno"]));
    assert_eq!(visibility(&app, "zabumbaxique", &slug).await, hidden);
    let listed = get(&app, &format!("{NEWS}?state=draft"), &writer)
        .await
        .success_data();
    assert_eq!(listed["items"][0]["id"], id, "newest change first: {listed}");
    assert_eq!(listed["items"][0]["state"], "draft");
    assert!(listed["items"][0]["publishAt"].is_null());

    // Published: everywhere, at once.
    let published = update(
        &app,
        &writer,
        id,
        edited(&draft, &[("state", json!("published"))]),
    )
    .await
    .success_data();
    assert_eq!(published["version"], 2);
    assert_eq!(published["shownState"], "published");
    let date = published["publishAt"].as_str().unwrap().to_owned();
    assert_eq!(visibility(&app, "zabumbaxique", &slug).await, everywhere);
    let public = app
        .get(&format!("/api/v1/news/getSingleNews/{slug}"))
        .await
        .success_data();
    assert!(
        public["updateDate"].is_null(),
        "first publication is no update: {public}"
    );
    assert_eq!(
        public["author"],
        format!("Redação {}", app.state.config.station_name)
    );

    // Edited while public: 'updated at', the new text searchable, the slug kept.
    let edited_item = update(
        &app,
        &writer,
        id,
        edited(
            &published,
            &[
                ("title", json!("Zabumbaxique no festival, agora com forrobodó")),
                ("content", json!("<p>Texto revisto com forrobodó.</p>")),
            ],
        ),
    )
    .await
    .success_data();
    assert_eq!(edited_item["slug"], slug, "the slug never changes");
    assert_eq!(edited_item["publishAt"], date.as_str(), "an edit keeps the date");
    let public = app
        .get(&format!("/api/v1/news/getSingleNews/{slug}"))
        .await
        .success_data();
    assert!(public["updateDate"].is_string(), "{public}");
    assert!(in_search(&app, "forrobodo", &slug).await);

    // Unpublished: 404 and out of every list, the index, the feeds and the sitemap.
    let unpublished = update(
        &app,
        &writer,
        id,
        edited(&edited_item, &[("state", json!("unpublished"))]),
    )
    .await
    .success_data();
    assert_eq!(unpublished["shownState"], "unpublished");
    assert_eq!(
        unpublished["publishAt"],
        date.as_str(),
        "the original date is kept"
    );
    assert_eq!(visibility(&app, "zabumbaxique", &slug).await, hidden);
    assert_eq!(single_status(&app, &slug).await, 404);
    // A reader whose newest item it was still hears of newer ones.
    let newer = app
        .get(&format!("/api/v1/news/checkForNewNews/{id}"))
        .await
        .success_data();
    assert_eq!(newer["count"], 0, "{newer}");

    // Republished as loaded: back with its original date.
    let republished = update(
        &app,
        &writer,
        id,
        edited(&unpublished, &[("state", json!("published"))]),
    )
    .await
    .success_data();
    assert_eq!(republished["publishAt"], date.as_str());
    assert_eq!(visibility(&app, "zabumbaxique", &slug).await, everywhere);

    // Deleted: gone everywhere, the back office included.
    let response = request(&app, Method::DELETE, &format!("{NEWS}/{id}"), Some(&writer), None).await;
    response.success_data();
    assert_eq!(visibility(&app, "zabumbaxique", &slug).await, hidden);
    assert_eq!(get(&app, &format!("{NEWS}/{id}"), &writer).await.status, 404);
    assert_eq!(
        request(&app, Method::DELETE, &format!("{NEWS}/{id}"), Some(&writer), None)
            .await
            .status,
        404
    );

    // The audit log: every change, newest first, with who and the record before and after.
    let rows = audit(&app, &people, &format!("entity=news&entityId={id}")).await;
    let actions: Vec<&str> = rows.iter().map(|row| row["action"].as_str().unwrap()).collect();
    assert_eq!(
        actions,
        [
            "news.delete",
            "news.update",
            "news.update",
            "news.update",
            "news.update",
            "news.create"
        ]
    );
    assert!(rows.iter().all(|row| row["actor"] == "redacao@exemplo.com"));
    assert!(rows[0]["after"].is_null() && rows[0]["before"]["state"] == "published");
    assert!(rows[5]["before"].is_null() && rows[5]["after"]["state"] == "draft");
    assert_eq!(rows[4]["before"]["state"], "draft");
    assert_eq!(rows[4]["after"]["state"], "published");
    assert_eq!(
        rows[3]["after"]["title"],
        "Zabumbaxique no festival, agora com forrobodó"
    );
    let page = get(
        &app,
        &format!("{AUDIT}?entity=news&entityId={id}&perPage=2&page=2"),
        &people,
    )
    .await
    .success_data();
    assert_eq!(page["total"], 6);
    assert_eq!(page["items"][0]["action"], "news.update");
}

async fn scheduled_items_go_public_when_due(backend: Backend) {
    let app = TestApp::new(backend).await;
    let writer = editor(&app).await;
    // The search index is built before the item exists, as on a running server.
    assert!(!in_search(&app, "quixabeira", "x").await);
    // A day ahead: the clock the requests below see is moved, not waited for.
    let at = onda_server::clock::iso(now() + DAY);
    let item = create(
        &app,
        &writer,
        with(input(&app, "Quixabeira em flor").await, "publishAt", json!(at)),
    )
    .await;
    let slug = item["slug"].as_str().unwrap().to_owned();
    assert_eq!(item["shownState"], "scheduled");
    assert_eq!(item["state"], "published");
    assert_eq!(item["publishAt"], at.as_str());
    assert_eq!(single_status(&app, &slug).await, 404);
    assert!(!in_latest(&app, &slug).await);
    assert!(!in_search(&app, "quixabeira", &slug).await);
    let listed = get(&app, &format!("{NEWS}?state=scheduled"), &writer)
        .await
        .success_data();
    assert_eq!(listed["total"], 1, "{listed}");

    // A minute before its time it is still hidden; a second after, it is out everywhere.
    onda_server::clock::ahead(DAY - 60, async {
        assert_eq!(single_status(&app, &slug).await, 404);
        assert!(!in_latest(&app, &slug).await);
    })
    .await;
    onda_server::clock::ahead(DAY + 1, async {
        assert_eq!(single_status(&app, &slug).await, 200);
        assert!(in_latest(&app, &slug).await);
        assert!(on_home(&app, &slug).await);
        assert!(in_rss(&app, &slug).await);
        // The periodic refresh (every ONDA_SEARCH_REFRESH_SECONDS, 5 by default) takes it in.
        app.state.search.refresh(&app.state.db).await.unwrap();
        assert!(in_search(&app, "quixabeira", &slug).await);
        let listed = get(&app, &format!("{NEWS}?state=published&q=quixabeira"), &writer)
            .await
            .success_data();
        assert_eq!(listed["items"][0]["state"], "published");
    })
    .await;
}

async fn stale_versions_are_refused(backend: Backend) {
    let app = TestApp::new(backend).await;
    let writer = editor(&app).await;
    let item = create(&app, &writer, input(&app, "Duas pessoas editam").await).await;
    let id = item["id"].as_i64().unwrap();
    let first = update(
        &app,
        &writer,
        id,
        edited(&item, &[("subtitle", json!("Primeira"))]),
    )
    .await;
    assert_eq!(first.success_data()["version"], 2);
    // The second editor still has version 1.
    let second = update(
        &app,
        &writer,
        id,
        edited(&item, &[("subtitle", json!("Segunda"))]),
    )
    .await;
    assert_eq!(second.status, 409, "{}", second.text());
    assert_eq!(second.json()["message"], messages::NEWSROOM_STALE);
    assert_eq!(second.json()["status"], 409);
    let now_stored = get(&app, &format!("{NEWS}/{id}"), &writer).await.success_data();
    assert_eq!(now_stored["subtitle"], "Primeira");
    let no_version = update(&app, &writer, id, edited(&item, &[("version", Value::Null)])).await;
    assert_eq!(no_version.status, 400);
    let unknown = update(&app, &writer, 999_999_999, edited(&item, &[])).await;
    assert_eq!(unknown.status, 404);
}

async fn bodies_are_sanitised_and_fields_validated(backend: Backend) {
    let app = TestApp::new(backend).await;
    let writer = editor(&app).await;
    let body = "<p>Olá<script>alert(1)</script></p>\
        <p><img src=x onerror=alert(1)><img src=\"/media/images/0123456789abcdef0123456789abcdef\" alt=\"Capa\"></p>\
        <p><a href=\"javascript:alert(1)\">link</a> <a href=\"https://exemplo.com\" onclick=\"x()\">bom</a></p>\
        <iframe src=\"https://evil.example/embed/x\"></iframe>\
        <iframe src=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ\" width=\"560\" height=\"315\" allowfullscreen></iframe>\
        <div style=\"color:red\" onmouseover=\"x()\">texto</div>";
    let item = create(
        &app,
        &writer,
        with(
            with(input(&app, "Texto com armadilhas").await, "content", json!(body)),
            "teaser",
            json!("<p onclick=\"x()\">Resumo<script>alert(2)</script></p>"),
        ),
    )
    .await;
    let slug = item["slug"].as_str().unwrap();
    let public = app
        .get(&format!("/api/v1/news/getSingleNews/{slug}"))
        .await
        .success_data();
    let content = public["content"].as_str().unwrap();
    for (stored, name) in [(item["content"].as_str().unwrap(), "stored"), (content, "public")] {
        for bad in [
            "<script",
            "alert(",
            "onerror",
            "onclick",
            "onmouseover",
            "javascript:",
            "evil.example",
            "style=",
        ] {
            assert!(!stored.contains(bad), "{name} keeps {bad}: {stored}");
        }
        assert!(stored.contains("<p>Olá</p>"), "{stored}");
        assert!(
            stored.contains("src=\"/media/images/0123456789abcdef0123456789abcdef\""),
            "{stored}"
        );
        assert!(
            stored.contains("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"),
            "{stored}"
        );
        assert!(stored.contains("href=\"https://exemplo.com\""), "{stored}");
        assert!(stored.contains("texto"), "{stored}");
    }
    assert_eq!(item["teaser"], "<p>Resumo</p>");

    let base = input(&app, "Uma notícia válida").await;
    let cases: Vec<(&str, Value, &str)> = vec![
        ("title", json!("Curt"), messages::NEWSROOM_TITLE),
        ("title", json!("x".repeat(201)), messages::NEWSROOM_TITLE),
        ("titleHome", json!("x".repeat(121)), messages::NEWSROOM_TITLE_HOME),
        ("subtitle", json!("x".repeat(401)), messages::NEWSROOM_SUBTITLE),
        ("content", json!("<p> </p>"), messages::NEWSROOM_CONTENT),
        ("isPro", json!(true), messages::NEWSROOM_TEASER),
        ("categoryId", json!(0), messages::NEWSROOM_CATEGORY),
        ("categoryId", json!(999_999), messages::NEWSROOM_CATEGORY),
        (
            "tags",
            json!((0..11).map(|n| format!("tag {n}")).collect::<Vec<_>>()),
            messages::NEWSROOM_TAGS,
        ),
        ("tags", json!(["x".repeat(41)]), messages::NEWSROOM_TAGS),
        ("tags", json!(["!!!"]), messages::NEWSROOM_TAGS),
        ("journalistId", json!(999_999), messages::NEWSROOM_JOURNALIST),
        ("author", json!("x".repeat(81)), messages::NEWSROOM_AUTHOR),
        (
            "imageUrl",
            json!("https://exemplo.com/capa.jpg"),
            messages::NEWSROOM_IMAGE,
        ),
        ("imageCaption", json!("x".repeat(201)), messages::NEWSROOM_CAPTION),
        (
            "coverVideoYoutubeId",
            json!("https://youtu.be/x"),
            messages::NEWSROOM_YOUTUBE,
        ),
        ("podcastShowId", json!(999_999), messages::NEWSROOM_PODCAST),
        ("keyword", json!("x".repeat(81)), messages::NEWSROOM_KEYWORD),
        ("publishAt", json!("amanhã às 10h"), messages::NEWSROOM_PUBLISH_AT),
        (
            "publishAt",
            json!("1990-01-01T00:00:00Z"),
            messages::NEWSROOM_PUBLISH_AT,
        ),
    ];
    for (field, value, message) in cases {
        let response = request(
            &app,
            Method::POST,
            NEWS,
            Some(&writer),
            Some(with(base.clone(), field, value)),
        )
        .await;
        assert_invalid(&response, message);
    }
    for broken in [json!({}), json!({"title": 5}), json!([1])] {
        let response = request(&app, Method::POST, NEWS, Some(&writer), Some(broken)).await;
        assert_eq!(response.status, 400, "{}", response.text());
    }
    // A draft may be empty, and the rules for publishing wait for it to be published.
    let draft = create(
        &app,
        &writer,
        with(with(base.clone(), "content", json!("")), "state", json!("draft")),
    )
    .await;
    assert_eq!(draft["shownState"], "draft");
    assert_invalid(
        &update(
            &app,
            &writer,
            draft["id"].as_i64().unwrap(),
            edited(&draft, &[("state", json!("published"))]),
        )
        .await,
        messages::NEWSROOM_CONTENT,
    );
    // Nothing refused was written.
    let count: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM news WHERE created_by IS NOT NULL")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(count, 2);
}

async fn slugs_and_tags(backend: Backend) {
    let app = TestApp::new(backend).await;
    let writer = editor(&app).await;
    let first = create(&app, &writer, input(&app, "Ação e Coração: São João!").await).await;
    assert_eq!(first["slug"], "acao-e-coracao-sao-joao");
    let second = create(&app, &writer, input(&app, "Ação e coração — São João").await).await;
    assert_eq!(second["slug"], "acao-e-coracao-sao-joao-2");
    // C09: a title that is a category's slug (or 'tags') gets a suffix.
    assert!(category(&app, "musica").await > 0);
    let reserved = create(&app, &writer, input(&app, "Música").await).await;
    assert_eq!(reserved["slug"], "musica-2");
    let tags = create(&app, &writer, input(&app, "Tags!").await).await;
    assert_eq!(tags["slug"], "tags-2");
    // An existing tag is reused whatever its case; a new one is created once.
    let (existing_name, existing_slug): (String, String) =
        sqlx::query_as("SELECT name, slug FROM tags ORDER BY id LIMIT 1")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    let tagged = create(
        &app,
        &writer,
        with(
            input(&app, "Notícia com tags").await,
            "tags",
            json!([
                existing_name.to_uppercase(),
                "Tag Nova Do Teste",
                "tag nova do teste",
                " "
            ]),
        ),
    )
    .await;
    assert_eq!(tagged["tags"], json!([existing_name, "Tag Nova Do Teste"]));
    let public = app
        .get(&format!(
            "/api/v1/news/getSingleNews/{}",
            tagged["slug"].as_str().unwrap()
        ))
        .await
        .success_data();
    assert_eq!(public["tagNews"][0]["u"], existing_slug.as_str());
    assert_eq!(public["tagNews"][1]["u"], "tag-nova-do-teste");
    let count: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM tags WHERE slug = 'tag-nova-do-teste'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(count, 1);
    // A journalist's byline comes from the journalist; the list shows it.
    let (journalist, name): (i64, String) =
        sqlx::query_as("SELECT id, name FROM journalists ORDER BY id LIMIT 1")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    let signed = create(
        &app,
        &writer,
        with(
            input(&app, "Assinada por jornalista").await,
            "journalistId",
            json!(journalist),
        ),
    )
    .await;
    assert_eq!(signed["author"], "", "the default byline is not the editor's");
    let public = app
        .get(&format!(
            "/api/v1/news/getSingleNews/{}",
            signed["slug"].as_str().unwrap()
        ))
        .await
        .success_data();
    assert_eq!(public["author"], name.as_str());
    assert_eq!(public["journalistName"], name.as_str());
    let listed = get(
        &app,
        &format!("{NEWS}?journalist={journalist}&perPage=1"),
        &writer,
    )
    .await
    .success_data();
    assert_eq!(listed["items"][0]["title"], "Assinada por jornalista");
    assert_eq!(listed["items"][0]["author"], name.as_str());
}

async fn the_preview_is_the_public_item_in_any_state(backend: Backend) {
    let app = TestApp::new(backend).await;
    let writer = editor(&app).await;
    let at = "2031-05-04T10:00:00-03:00";
    let item = create(
        &app,
        &writer,
        with(
            with(
                with(
                    input(&app, "Prévia de rascunho PRO").await,
                    "state",
                    json!("draft"),
                ),
                "isPro",
                json!(true),
            ),
            "publishAt",
            json!(at),
        ),
    )
    .await;
    let id = item["id"].as_i64().unwrap();
    assert_eq!(item["publishAt"], at, "a draft keeps its intended date");
    let preview = get(&app, &format!("{NEWS}/{id}/preview"), &writer)
        .await
        .success_data();
    assert_eq!(preview["slug"], item["slug"]);
    assert_eq!(preview["pro"], true);
    assert_eq!(preview["content"], "<p>Texto da notícia com zabumbaxique.</p>");
    assert_eq!(preview["fullContent"], preview["content"]);
    assert!(preview["teaser"].is_string());
    assert_eq!(
        preview["date"], at,
        "the date it will go out with, not the hidden marker"
    );
    assert_eq!(preview["tagNews"][0]["n"], "Forró");
    // The same shape as the public call.
    let published = update(
        &app,
        &writer,
        id,
        edited(
            &item,
            &[
                ("state", json!("published")),
                ("publishAt", Value::Null),
                ("teaser", json!("<p>Resumo</p>")),
            ],
        ),
    )
    .await
    .success_data();
    let public = app
        .get(&format!(
            "/api/v1/news/getSingleNews/{}",
            published["slug"].as_str().unwrap()
        ))
        .await
        .success_data();
    let preview = get(&app, &format!("{NEWS}/{id}/preview"), &writer)
        .await
        .success_data();
    // Every field the public call has (the texts are the ones it leaves out for a PRO item).
    let keys = |value: &Value| {
        value
            .as_object()
            .unwrap()
            .keys()
            .filter(|key| !["content", "fullContent", "teaser"].contains(&key.as_str()))
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(keys(&preview), keys(&public));
    assert_eq!(preview["date"], public["date"]);
    assert_eq!(
        get(&app, &format!("{NEWS}/999999999/preview"), &writer)
            .await
            .status,
        404
    );
    assert_eq!(
        get(&app, &format!("{NEWS}/abc/preview"), &writer).await.status,
        404
    );
}

async fn image_upload_refusals(backend: Backend) {
    let app = TestApp::new(backend).await;
    let writer = editor(&app).await;
    // Named .jpg, a text file.
    assert_eq!(
        upload(&app, Some(&writer), "capa.jpg", b"just some text, not a picture")
            .await
            .json()["message"],
        messages::IMAGE_TYPE
    );
    // A GIF is a picture, but not one we take.
    assert_eq!(
        upload(&app, Some(&writer), "capa.gif", b"GIF89a\x01\0\x01\0\0\0\0;")
            .await
            .json()["message"],
        messages::IMAGE_TYPE
    );
    // Over 10 MB: refused as such (the JPEG signature does not help).
    let mut big = vec![0xFF, 0xD8, 0xFF];
    big.resize(onda_shared::validation::IMAGE_MAX_BYTES + 1, 0);
    let response = upload(&app, Some(&writer), "big.jpg", &big).await;
    assert_eq!(response.status, 400);
    assert_eq!(response.json()["message"], messages::IMAGE_SIZE);
    // Too narrow for a cover.
    let response = upload(&app, Some(&writer), "small.png", &png(599, 800)).await;
    assert_eq!(
        response.json()["message"],
        messages::IMAGE_DIMENSIONS,
        "{}",
        response.text()
    );
    // A tiny file claiming 50,000 × 50,000 pixels: refused from its header, nothing decoded.
    let bomb = png_claiming(50_000, 50_000);
    assert!(bomb.len() < 200);
    let started = Instant::now();
    let response = upload(&app, Some(&writer), "bomb.png", &bomb).await;
    assert_eq!(
        response.json()["message"],
        messages::IMAGE_DIMENSIONS,
        "{}",
        response.text()
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    // Truncated: the header is fine, the pixels are not there.
    let mut cut = png(800, 600);
    cut.truncate(cut.len() / 2);
    assert_eq!(
        upload(&app, Some(&writer), "cut.png", &cut).await.json()["message"],
        messages::IMAGE_TYPE
    );
    // No file field.
    let response = app
        .request(
            Request::builder()
                .method(Method::POST)
                .uri(IMAGES)
                .header(header::AUTHORIZATION, format!("Bearer {writer}"))
                .header(header::CONTENT_TYPE, "multipart/form-data; boundary=x")
                .body(Body::from(
                    "--x\r\nContent-Disposition: form-data; name=\"other\"\r\n\r\nx\r\n--x--\r\n",
                ))
                .unwrap(),
        )
        .await;
    assert_eq!(response.status, 400);
    // Nothing was stored.
    let dir = app.state.config.data_dir.join("uploads").join("images");
    let stored = std::fs::read_dir(&dir)
        .map(|entries| entries.count())
        .unwrap_or(0);
    assert_eq!(stored, 0);
}

async fn an_uploaded_image_is_served_as_webp_or_jpeg(backend: Backend) {
    let app = TestApp::new(backend).await;
    let writer = editor(&app).await;
    let people = staff(&app, "pessoas@exemplo.com", &[8]).await.1;
    let response = upload(&app, Some(&writer), "capa.jpg", &png(900, 600)).await;
    let data = response.success_data();
    assert_eq!(response.header("cache-control"), Some("no-store"));
    assert_eq!(data["width"], 900);
    assert_eq!(data["height"], 600);
    assert_eq!(data["widths"], json!([320, 640, 900]), "never blown up to 1280");
    let url = data["url"].as_str().unwrap().to_owned();
    let key = url.strip_prefix("/media/images/").unwrap().to_owned();
    assert_eq!(key.len(), 32);

    let fetch = |path: String, accept: &'static str| {
        let app = &app;
        async move {
            app.request(
                Request::get(path)
                    .header(header::ACCEPT, accept)
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
        }
    };
    let webp = fetch(url.clone(), "image/avif,image/webp,*/*").await;
    assert_eq!(webp.status, 200);
    assert_eq!(webp.header("content-type"), Some("image/webp"));
    assert_eq!(webp.header("vary"), Some("Accept"));
    assert!(webp.header("cache-control").unwrap().contains("immutable"));
    assert!(webp.body.starts_with(b"RIFF") && &webp.body[8..12] == b"WEBP");
    let jpeg = fetch(url.clone(), "image/jpeg,*/*").await;
    assert_eq!(jpeg.header("content-type"), Some("image/jpeg"));
    assert_eq!(jpeg.header("vary"), Some("Accept"));
    assert!(jpeg.body.starts_with(&[0xFF, 0xD8, 0xFF]));
    // The widest by default; ?w= the narrowest that covers it; no metadata and the right sizes.
    let wide = image::load_from_memory(&jpeg.body).unwrap();
    assert_eq!((wide.width(), wide.height()), (900, 600));
    let small = fetch(format!("{url}?w=320"), "image/jpeg").await;
    let small = image::load_from_memory(&small.body).unwrap();
    assert_eq!((small.width(), small.height()), (320, 213));
    let asked_wide = fetch(format!("{url}?w=1280"), "image/webp").await;
    let asked_wide = image::load_from_memory(&asked_wide.body).unwrap();
    assert_eq!(asked_wide.width(), 900);
    // Unknown and malformed keys, bad widths.
    assert_eq!(
        fetch(format!("/media/images/{}", "0".repeat(32)), "*/*")
            .await
            .status,
        404
    );
    assert_eq!(
        fetch("/media/images/..%2F..%2Fonda.db".to_owned(), "*/*")
            .await
            .status,
        404
    );
    assert_eq!(
        fetch(format!("/media/images/{}", key.to_uppercase()), "*/*")
            .await
            .status,
        404
    );
    assert_eq!(fetch(format!("{url}?w=100"), "*/*").await.status, 400);
    // A cover for a news item, and the audit row of the upload.
    let item = create(
        &app,
        &writer,
        with(input(&app, "Com capa enviada").await, "imageUrl", json!(url)),
    )
    .await;
    assert_eq!(item["imageUrl"], url.as_str());
    let public = app
        .get(&format!(
            "/api/v1/news/getSingleNews/{}",
            item["slug"].as_str().unwrap()
        ))
        .await
        .success_data();
    assert_eq!(public["imageNew"], url.as_str());
    assert_eq!(public["featuredImage"], url.as_str());
    let rows = audit(&app, &people, "entity=image").await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["action"], "image.upload");
    assert_eq!(rows[0]["after"]["key"], key.as_str());
    assert_eq!(rows[0]["actor"], "redacao@exemplo.com");
}

// Prints its timings for whoever runs it (`--nocapture`); nothing asserts on time.
#[allow(clippy::print_stderr)]
async fn the_list_filters_and_pages_50000_items(backend: Backend) {
    let app = TestApp::new(backend).await;
    let writer = editor(&app).await;
    let categories: Vec<i64> = sqlx::query_scalar("SELECT id FROM news_categories ORDER BY id")
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
    let journalist: i64 = sqlx::query_scalar("SELECT MIN(id) FROM journalists")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    const ITEMS: i64 = 50_000;
    const PER_INSERT: i64 = 500;
    let base = now() - 10 * 86_400;
    let recent = now() - ITEMS;
    let started = Instant::now();
    let mut tx = app.state.db.pool.begin().await.unwrap();
    for chunk in 0..ITEMS / PER_INSERT {
        let mut sql = String::from(
            "INSERT INTO news (slug, category_id, title, journalist_id, state, published_at, changed_at, created_at) VALUES ",
        );
        let rows: Vec<String> = (0..PER_INSERT)
            .map(|k| {
                let n = chunk * PER_INSERT + k;
                let category = categories[(n as usize) % categories.len()];
                let state = match n % 10 {
                    0 => "draft",
                    1 => "unpublished",
                    _ => "published",
                };
                let published = if state == "published" { base + n } else { 253_402_300_799 };
                let journalist = if n % 3 == 0 { journalist.to_string() } else { "NULL".to_owned() };
                let word = if n % 1000 == 7 { "Maracatu" } else { "Carga" };
                // Changed in the last 50,000 seconds: newer than any of the seed's items.
                format!(
                    "('carga-{n}', {category}, '{word} xqlote {n}', {journalist}, '{state}', {published}, {}, {})",
                    recent + n,
                    base + n
                )
            })
            .collect();
        sql.push_str(&rows.join(", "));
        sqlx::query(&sql).execute(&mut *tx).await.unwrap();
    }
    tx.commit().await.unwrap();
    eprintln!(
        "newsroom: {ITEMS} items inserted in {:?} ({})",
        started.elapsed(),
        app.state.db.backend.name()
    );

    let started = Instant::now();
    let page = get(&app, &format!("{NEWS}?perPage=20&page=3"), &writer)
        .await
        .success_data();
    eprintln!("newsroom: unfiltered page 3 in {:?}", started.elapsed());
    let seeded: i64 = sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM news")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(page["total"], seeded);
    // Newest change first: the last inserted items lead (the seed's changes are older).
    assert_eq!(page["items"][0]["slug"], format!("carga-{}", ITEMS - 41));
    assert_eq!(page["items"].as_array().unwrap().len(), 20);

    let category = categories[2];
    let started = Instant::now();
    let filtered = get(
        &app,
        &format!(
            "{NEWS}?q=xqlote&state=published&category={category}&journalist={journalist}&perPage=5&page=2"
        ),
        &writer,
    )
    .await
    .success_data();
    eprintln!("newsroom: filtered page in {:?}", started.elapsed());
    let expected = (0..ITEMS)
        .filter(|n| (*n as usize) % categories.len() == 2 && n % 10 >= 2 && n % 3 == 0)
        .count() as i64;
    assert_eq!(filtered["total"], expected);
    let items = filtered["items"].as_array().unwrap();
    assert_eq!(items.len(), 5);
    let mut last = i64::MAX;
    for item in items {
        assert_eq!(item["state"], "published");
        let n: i64 = item["slug"]
            .as_str()
            .unwrap()
            .trim_start_matches("carga-")
            .parse()
            .unwrap();
        assert!(n < last, "newest change first");
        last = n;
        assert_eq!((n as usize) % categories.len(), 2);
    }

    let started = Instant::now();
    let searched = get(&app, &format!("{NEWS}?q=maracatu&state=draft"), &writer)
        .await
        .success_data();
    eprintln!("newsroom: title search in {:?}", started.elapsed());
    let expected = (0..ITEMS).filter(|n| n % 1000 == 7 && n % 10 == 0).count() as i64;
    assert_eq!(searched["total"], expected);
    let drafts = get(&app, &format!("{NEWS}?state=draft&perPage=1"), &writer)
        .await
        .success_data();
    assert_eq!(drafts["total"], ITEMS / 10);
    let unpublished = get(
        &app,
        &format!("{NEWS}?state=unpublished&perPage=100&page=50"),
        &writer,
    )
    .await
    .success_data();
    assert_eq!(unpublished["items"].as_array().unwrap().len(), 100);
    // The public lists still never show the hidden ones.
    let latest = app.get("/api/v1/news/getNews/0/100/1/0").await.success_data();
    for item in latest.as_array().unwrap() {
        let n: Option<i64> = item["slug"]
            .as_str()
            .unwrap()
            .strip_prefix("carga-")
            .and_then(|n| n.parse().ok());
        if let Some(n) = n {
            assert!(n % 10 >= 2, "hidden item {n} listed");
        }
    }
    // Wrong filters are 400s, never 500s.
    for query in [
        "state=archived",
        "journalist=abc",
        "page=0",
        "perPage=101",
        "category=x%27%20OR%201=1",
        "q=%25_%5C",
    ] {
        let response = get(&app, &format!("{NEWS}?{query}"), &writer).await;
        assert!(
            response.status == 400 || response.status == 200,
            "{query}: {}",
            response.text()
        );
    }
}
