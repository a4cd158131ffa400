//! News and tracking endpoints on both databases (NW-06/10/12/16/18, TR-02/04; C09, C20, C21, C40,
//! G31–G33, G54, S04).

// Test helpers outside #[test] functions panic on purpose.

use std::collections::HashSet;

use crate::common::{Backend, TestApp, TestResponse, assert_envelope, random_hex};
use axum::{
    body::Body,
    http::{Method, Request, StatusCode, header},
};
use serde_json::{Value, json};

on_both_databases!(
    lists_page_with_offset_then_count,
    lists_filter_by_category,
    list_flags_include_pro_and_exclude_reuters,
    bad_list_numbers_and_flags_are_400,
    home_news_has_the_widget_blocks,
    tags_and_news_by_tag,
    single_news_and_pro_teasers,
    a_news_page_carries_its_item_as_get_single_news_answers,
    pro_news_needs_a_pro_session,
    check_for_new_news_counts_newer_items,
    related_news_follow_c20,
    most_read_follows_tracked_views,
    news_views_validation,
    news_views_auth_needs_a_session,
    news_and_tag_hits,
    malformed_path_params_never_answer_500,
);

fn items(data: &Value) -> Vec<Value> {
    data.as_array()
        .unwrap_or_else(|| panic!("not a list: {data}"))
        .clone()
}

fn ids(list: &[Value]) -> Vec<i64> {
    list.iter().map(|item| item["id"].as_i64().unwrap()).collect()
}

fn assert_error(response: &TestResponse, code: u16, message: Option<&str>) {
    let json = response.json();
    assert_envelope(&json);
    assert_eq!(response.status.as_u16(), code, "{json}");
    assert_eq!(json["status"], code, "{json}");
    if let Some(message) = message {
        assert_eq!(json["message"], message, "{json}");
    }
}

/// G54: ISO 8601 with the Brasília offset.
fn assert_iso(value: &Value) {
    let text = value.as_str().unwrap_or_else(|| panic!("not a date: {value}"));
    assert!(
        text.len() == 25 && text.ends_with("-03:00") && text.as_bytes()[10] == b'T',
        "{text}"
    );
}

/// Every item of the seeded site, newest first (PRO and Reuters included).
async fn all_items(app: &TestApp) -> Vec<Value> {
    items(&app.get("/api/v1/news/getNews/0/100/1/0").await.success_data())
}

async fn db_i64(app: &TestApp, sql: &str, bind: &str) -> i64 {
    sqlx::query_scalar(sql)
        .bind(bind)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn get_with_bearer(app: &TestApp, path: &str, token: &str) -> TestResponse {
    app.request(
        Request::get(path)
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .body(Body::empty())
            .unwrap(),
    )
    .await
}

async fn post_with_bearer(app: &TestApp, path: &str, body: &Value, token: &str) -> TestResponse {
    app.request(
        Request::builder()
            .method(Method::POST)
            .uri(path)
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .body(Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

/// A confirmed user with a live session; PRO when asked (an active manual subscription).
async fn user_token(app: &TestApp, pro: bool) -> (i64, String) {
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO users (email, name, email_confirmed, created_at) VALUES ($1, 'Leitor', 1, $2) RETURNING id",
    )
    .bind(format!("{}@example.com", random_hex(6)))
    .bind(now)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    if pro {
        sqlx::query(
            "INSERT INTO subscriptions (user_id, plan, source, status, created_at, updated_at) \
             VALUES ($1, 'monthly', 'manual', 'active', $2, $2)",
        )
        .bind(id)
        .bind(now)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    }
    let token = onda_server::auth::create_session(&app.state, id).await.unwrap();
    (id, token)
}

fn now_ms() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp() * 1000
}

fn views_body(session: &str, news: &[i64]) -> Value {
    let now = now_ms();
    json!({
        "sendTime": now,
        "sessionHash": session,
        "newsViews": news.iter().map(|id| json!({"newsId": id, "timestamp": now - 1500})).collect::<Vec<_>>(),
    })
}

// ---------------------------------------------------------------------------------------------------

/// NW-06 and C40: `{offset}/{count}`, newest first, pages that continue one another.
async fn lists_page_with_offset_then_count(backend: Backend) {
    let app = TestApp::new(backend).await;
    let first = items(&app.get("/api/v1/news/getNews/0/12/0/0").await.success_data());
    assert_eq!(first.len(), 12);
    let second = items(&app.get("/api/v1/news/getNews/12/12/0/0").await.success_data());
    assert_eq!(second.len(), 12);
    let both = items(&app.get("/api/v1/news/getNews/0/24/0/0").await.success_data());
    assert_eq!(ids(&both), [ids(&first), ids(&second)].concat());
    // The trap: 5/3 is offset 5, count 3 — not 5 items from offset 3.
    let middle = items(&app.get("/api/v1/news/getNews/5/3/0/0").await.success_data());
    assert_eq!(ids(&middle), ids(&first)[5..8].to_vec());
    let dates: Vec<&str> = both.iter().map(|item| item["date"].as_str().unwrap()).collect();
    assert!(dates.windows(2).all(|pair| pair[0] >= pair[1]), "{dates:?}");
    for item in &both {
        assert_iso(&item["date"]);
        assert_eq!(item["pro"], false, "0/0 has no PRO items: {item}");
        assert!(
            item.get("content").is_none() && item.get("fullContent").is_none(),
            "{item}"
        );
        for field in [
            "slug",
            "title",
            "titleHome",
            "subtitle",
            "author",
            "imageNew",
            "featuredImage",
            "categorySlug",
            "tagSlug",
        ] {
            assert!(item[field].is_string(), "{field}: {item}");
        }
        assert!(item["tagNews"].is_array(), "{item}");
    }
    assert!(
        both.iter()
            .any(|item| !item["tagNews"].as_array().unwrap().is_empty())
    );
    let tagged = both.iter().find(|item| item["tagSlug"] != "").unwrap();
    assert_eq!(tagged["tagSlug"], tagged["tagNews"][0]["u"]);
    // Past the end: an empty page, not an error (the client shows its end text, C21).
    let past = app.get("/api/v1/news/getNews/100000/12/0/0").await;
    assert!(items(&past.success_data()).is_empty());
}

/// NW-06: category pages; unknown category → 404 'no news found'.
async fn lists_filter_by_category(backend: Backend) {
    let app = TestApp::new(backend).await;
    let musica = items(
        &app.get("/api/v1/news/getNews/0/12/0/0/musica")
            .await
            .success_data(),
    );
    assert!(!musica.is_empty() && musica.len() <= 12);
    assert!(
        musica.iter().all(|item| item["categorySlug"] == "musica"),
        "{musica:?}"
    );
    let in_db = db_i64(
        &app,
        "SELECT CAST(COUNT(*) AS BIGINT) FROM news n JOIN news_categories c ON c.id = n.category_id \
         WHERE c.slug = $1 AND n.is_pro = 0",
        "musica",
    )
    .await;
    let all = items(
        &app.get("/api/v1/news/getNews/0/100/0/0/musica")
            .await
            .success_data(),
    );
    assert_eq!(all.len() as i64, in_db);
    let two = items(
        &app.get("/api/v1/news/getNews/1/2/0/0/musica")
            .await
            .success_data(),
    );
    assert_eq!(ids(&two), ids(&all)[1..3].to_vec());
    let categories = items(&app.get("/api/v1/news/getCategories").await.success_data());
    assert_eq!(categories.len(), 14);
    for category in &categories {
        let slug = category["slug"].as_str().unwrap();
        let list = items(
            &app.get(&format!("/api/v1/news/getNews/0/50/1/0/{slug}"))
                .await
                .success_data(),
        );
        assert!(list.iter().all(|item| item["categorySlug"] == slug), "{slug}");
    }
    assert_error(
        &app.get("/api/v1/news/getNews/0/12/0/0/futebol").await,
        404,
        Some("no news found"),
    );
    assert_error(
        &app.get("/api/v1/news/getNews/0/12/0/0/tags").await,
        404,
        Some("no news found"),
    );
}

/// G32: first flag = include PRO teasers, second = exclude Reuters; 0|1|true|false.
async fn list_flags_include_pro_and_exclude_reuters(backend: Backend) {
    let app = TestApp::new(backend).await;
    let plain = items(&app.get("/api/v1/news/getNews/0/100/0/0").await.success_data());
    let with_pro = items(&app.get("/api/v1/news/getNews/0/100/1/0").await.success_data());
    let no_reuters = items(&app.get("/api/v1/news/getNews/0/100/0/1").await.success_data());
    let words = items(
        &app.get("/api/v1/news/getNews/0/100/true/false")
            .await
            .success_data(),
    );
    assert!(plain.iter().all(|item| item["pro"] == false));
    assert!(with_pro.iter().any(|item| item["pro"] == true));
    // Without the PRO items, the PRO-inclusive list is the plain list (same order).
    let without_pro: Vec<i64> = ids(&with_pro
        .iter()
        .filter(|i| i["pro"] == false)
        .cloned()
        .collect::<Vec<_>>());
    assert_eq!(without_pro, ids(&plain)[..without_pro.len()].to_vec());
    assert_eq!(ids(&words), ids(&with_pro));
    for item in with_pro.iter().filter(|item| item["pro"] == true) {
        assert!(
            item.get("content").is_none() && item.get("fullContent").is_none(),
            "{item}"
        );
    }
    assert!(plain.iter().any(|item| item["source"] == "reuters"));
    assert!(no_reuters.iter().all(|item| item["source"] != "reuters"));
    let plain_without: Vec<i64> = ids(&plain
        .iter()
        .filter(|i| i["source"] != "reuters")
        .cloned()
        .collect::<Vec<_>>());
    assert_eq!(plain_without, ids(&no_reuters)[..plain_without.len()].to_vec());
    let both = items(&app.get("/api/v1/news/getNews/0/100/1/1").await.success_data());
    assert!(both.iter().any(|item| item["pro"] == true));
    assert!(both.iter().all(|item| item["source"] != "reuters"));
    let total = db_i64(
        &app,
        "SELECT CAST(COUNT(*) AS BIGINT) FROM news WHERE slug <> $1",
        "",
    )
    .await;
    let everything = items(&app.get("/api/v1/news/getNews/0/100/TRUE/0").await.success_data());
    assert_eq!(everything.len() as i64, total.min(100));
}

async fn bad_list_numbers_and_flags_are_400(backend: Backend) {
    let app = TestApp::new(backend).await;
    for path in [
        "/api/v1/news/getNews/-1/12/0/0",
        "/api/v1/news/getNews/abc/12/0/0",
        "/api/v1/news/getNews/0/0/0/0",
        "/api/v1/news/getNews/0/101/0/0",
        "/api/v1/news/getNews/0/1.5/0/0",
        "/api/v1/news/getNews/99999999999999999999/12/0/0",
        "/api/v1/news/getNews/0/12/2/0",
        "/api/v1/news/getNews/0/12/0/yes",
        "/api/v1/news/getNews/0/12/0/0/musica/extra",
        "/api/v1/news/getDataNewsByTag/x/12/mpb",
        "/api/v1/news/getDataNewsByTag/0/-12/mpb",
        "/api/v1/news/getNewsMostRead/0",
        "/api/v1/news/getNewsMostRead/four",
        "/api/v1/news/checkForNewNews/abc",
        "/api/v1/news/checkForNewNews/0",
        "/api/v1/news/getRelatedNews/0/mpb",
        "/api/v1/news/getRelatedNews/ten/mpb",
        "/api/v1/news/getRelatedNews/10/___",
    ] {
        let response = app.get(path).await;
        if path.ends_with("/extra") {
            // An extra segment is an unknown route: the JSON 404.
            assert_error(&response, 404, None);
        } else {
            assert_error(&response, 400, None);
        }
    }
}

/// NW-18 / G31: 1 featured + 6 secondary + side column (12), up to 5 Reuters, the 'Mundo' block, no repeats.
async fn home_news_has_the_widget_blocks(backend: Backend) {
    let app = TestApp::new(backend).await;
    let data = app.get("/api/v1/news/getHomeNews").await.success_data();
    let featured = data["featured"].clone();
    assert!(featured.is_object(), "{data}");
    let secondary = items(&data["secondary"]);
    let side = items(&data["side"]);
    let reuters = items(&data["reuters"]);
    let mundo = items(&data["mundo"]);
    assert_eq!(secondary.len(), 6);
    assert_eq!(side.len(), 5);
    assert!(!reuters.is_empty() && reuters.len() <= 5);
    assert!(reuters.iter().all(|item| item["source"] == "reuters"));
    assert!(!mundo.is_empty() && mundo.len() <= 4);
    assert!(mundo.iter().all(|item| item["categorySlug"] == "mundo"));
    let main: Vec<Value> = std::iter::once(featured.clone())
        .chain(secondary.clone())
        .chain(side.clone())
        .collect();
    assert!(main.iter().all(|item| item["source"] != "reuters"));
    let all_ids: Vec<i64> = ids(&main)
        .into_iter()
        .chain(ids(&reuters))
        .chain(ids(&mundo))
        .collect();
    let unique: HashSet<i64> = all_ids.iter().copied().collect();
    assert_eq!(unique.len(), all_ids.len(), "no duplicates: {all_ids:?}");
    // The 12 are the newest non-Reuters items, with an editor's pick among them first.
    let newest = items(&app.get("/api/v1/news/getNews/0/12/1/1").await.success_data());
    let mut expected = ids(&newest);
    let mut got = ids(&main);
    expected.sort_unstable();
    got.sort_unstable();
    assert_eq!(got, expected);
    let featured_flag = db_i64(
        &app,
        "SELECT is_featured FROM news WHERE slug = $1",
        featured["slug"].as_str().unwrap(),
    )
    .await;
    assert_eq!(featured_flag, 1, "the lead is an editor's pick: {featured}");

    // With no content at all the widget is empty, not an error.
    let empty = TestApp::empty(backend).await;
    let data = empty.get("/api/v1/news/getHomeNews").await.success_data();
    assert!(data["featured"].is_null());
    assert!(items(&data["secondary"]).is_empty() && items(&data["reuters"]).is_empty());
}

/// NW-13/NW-16 and C40 on the tag pages.
async fn tags_and_news_by_tag(backend: Backend) {
    let app = TestApp::new(backend).await;
    let tags = items(&app.get("/api/v1/news/getTags").await.success_data());
    assert!(tags.len() > 20);
    assert!(
        tags.iter()
            .all(|tag| tag["n"].is_string() && tag["u"].is_string())
    );
    assert!(tags.iter().any(|tag| tag["u"] == "mpb"));

    let data = app
        .get("/api/v1/news/getDataNewsByTag/0/12/mpb")
        .await
        .success_data();
    assert!(
        data["tagMeta"]["title"].as_str().is_some_and(|t| !t.is_empty()),
        "{data}"
    );
    let news = items(&data["newsArray"]);
    assert!(news.len() >= 4, "{data}");
    for item in &news {
        assert!(
            item["tagNews"]
                .as_array()
                .unwrap()
                .iter()
                .any(|tag| tag["u"] == "mpb"),
            "{item}"
        );
    }
    let page = items(
        &app.get("/api/v1/news/getDataNewsByTag/1/2/mpb")
            .await
            .success_data()["newsArray"],
    );
    assert_eq!(ids(&page), ids(&news)[1..3].to_vec());
    assert_error(
        &app.get("/api/v1/news/getDataNewsByTag/0/12/nao-existe").await,
        404,
        Some("tag not found"),
    );
    let past = app.get("/api/v1/news/getDataNewsByTag/5000/12/mpb").await;
    let json = past.json();
    assert_eq!(json["status"], "success");
    assert_eq!(json["message"], "no news found");
    assert!(items(&json["data"]["newsArray"]).is_empty());
}

/// NW-10, C09, S04: single items; PRO items as teasers; unknown and reserved slugs 404.
async fn single_news_and_pro_teasers(backend: Backend) {
    let app = TestApp::new(backend).await;
    let all = all_items(&app).await;
    let normal = all.iter().find(|item| item["pro"] == false).unwrap();
    let data = app
        .get(&format!(
            "/api/v1/news/getSingleNews/{}",
            normal["slug"].as_str().unwrap()
        ))
        .await
        .success_data();
    assert_eq!(data["id"], normal["id"]);
    assert!(
        data["content"].as_str().is_some_and(|c| c.contains("<p>")),
        "{data}"
    );
    assert_eq!(data["content"], data["fullContent"]);
    assert!(data.get("teaser").is_none());
    assert_iso(&data["date"]);
    assert!(data["tagNews"].is_array());

    let pro = all.iter().find(|item| item["pro"] == true).unwrap();
    let response = app
        .get(&format!(
            "/api/v1/news/getSingleNews/{}",
            pro["slug"].as_str().unwrap()
        ))
        .await;
    let data = response.success_data();
    assert_eq!(data["pro"], true);
    assert!(data.get("content").is_none(), "S04: {data}");
    assert!(data.get("fullContent").is_none(), "S04: {data}");
    assert!(data["teaser"].as_str().is_some_and(|t| !t.is_empty()));
    let full: String = sqlx::query_scalar("SELECT content FROM news WHERE id = $1")
        .bind(pro["id"].as_i64().unwrap())
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let body = response.text();
    let last_paragraph = full.lines().last().unwrap();
    assert!(!body.contains(last_paragraph), "the full text leaks");

    for slug in ["nao-existe-essa-noticia", "musica", "tags"] {
        assert_error(
            &app.get(&format!("/api/v1/news/getSingleNews/{slug}")).await,
            404,
            None,
        );
    }
}

/// A news item's page carries the item (the UI draws it, cover first, without asking), the
/// same answer as getSingleNews, so a PRO item's page holds its teaser and never its text (S04).
async fn a_news_page_carries_its_item_as_get_single_news_answers(backend: Backend) {
    let app = TestApp::new(backend).await;
    let all = all_items(&app).await;
    for pro in [false, true] {
        let item = all.iter().find(|item| item["pro"] == pro).unwrap();
        let slug = item["slug"].as_str().unwrap();
        let answer = app
            .get(&format!("/api/v1/news/getSingleNews/{slug}"))
            .await
            .success_data();
        let page = app.get(&format!("/noticias/{slug}")).await;
        let data = page.initial_data().expect("initial data");
        assert_eq!(data["newsItem"], answer, "pro {pro}");
        if pro {
            assert!(data["newsItem"].get("content").is_none(), "S04: {data}");
            let full: String = sqlx::query_scalar("SELECT content FROM news WHERE id = $1")
                .bind(item["id"].as_i64().unwrap())
                .fetch_one(&app.state.db.pool)
                .await
                .unwrap();
            assert!(
                !page.text().contains(full.lines().last().unwrap()),
                "the full text leaks"
            );
        }
    }
    // A category's page and the tags page are lists: no item. An unknown item is the 404 page.
    let category: String = sqlx::query_scalar("SELECT slug FROM news_categories LIMIT 1")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    for path in [
        format!("/noticias/{category}"),
        "/noticias/tags".to_owned(),
        "/".to_owned(),
    ] {
        let data = app.get(&path).await.initial_data().expect("initial data");
        assert!(data.get("newsItem").is_none(), "{path}: {data}");
    }
    let missing = app.get("/noticias/nao-existe-essa-noticia").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.initial_data().is_none());
}

/// NW-12 / S04: getSingleProNews 401 without a session, 403 for non-PRO, the whole text for PRO.
async fn pro_news_needs_a_pro_session(backend: Backend) {
    let app = TestApp::new(backend).await;
    let all = all_items(&app).await;
    let pro = all.iter().find(|item| item["pro"] == true).unwrap();
    let path = format!("/api/v1/news/getSingleProNews/{}", pro["slug"].as_str().unwrap());
    assert_error(&app.get(&path).await, 401, None);
    assert_error(&get_with_bearer(&app, &path, "not-a-token").await, 401, None);
    let (_, plain) = user_token(&app, false).await;
    assert_error(&get_with_bearer(&app, &path, &plain).await, 403, Some("pro only"));
    let (_, subscriber) = user_token(&app, true).await;
    let data = get_with_bearer(&app, &path, &subscriber).await.success_data();
    assert!(data["content"].as_str().is_some_and(|c| c.len() > 100), "{data}");
    assert_eq!(data["content"], data["fullContent"]);
    assert_error(
        &get_with_bearer(&app, "/api/v1/news/getSingleProNews/nao-existe", &subscriber).await,
        404,
        None,
    );
}

/// G33: `{count, items}` newer than latestId, up to 12, in a category when given.
async fn check_for_new_news_counts_newer_items(backend: Backend) {
    let app = TestApp::new(backend).await;
    let all = all_items(&app).await;
    let latest = all[3]["id"].as_i64().unwrap();
    let data = app
        .get(&format!("/api/v1/news/checkForNewNews/{latest}"))
        .await
        .success_data();
    assert_eq!(data["count"], 3, "{data}");
    assert_eq!(ids(&items(&data["items"])), ids(&all[..3]));
    assert!(items(&data["items"]).iter().all(|item| item["newNews"] == true));
    assert!(all.iter().all(|item| item["newNews"] == false));

    let newest = all[0]["id"].as_i64().unwrap();
    let data = app
        .get(&format!("/api/v1/news/checkForNewNews/{newest}"))
        .await
        .success_data();
    assert_eq!(data["count"], 0);

    let old = all[30]["id"].as_i64().unwrap();
    let data = app
        .get(&format!("/api/v1/news/checkForNewNews/{old}"))
        .await
        .success_data();
    assert_eq!(data["count"], 12, "capped at 12");
    assert_eq!(ids(&items(&data["items"])), ids(&all[..12]));

    let musica = items(
        &app.get("/api/v1/news/getNews/0/50/1/0/musica")
            .await
            .success_data(),
    );
    let second = musica[1]["id"].as_i64().unwrap();
    let data = app
        .get(&format!("/api/v1/news/checkForNewNews/{second}/musica"))
        .await
        .success_data();
    assert_eq!(data["count"], 1);
    assert_eq!(data["items"][0]["id"], musica[0]["id"]);

    assert_error(&app.get("/api/v1/news/checkForNewNews/99999999").await, 404, None);
    assert_error(
        &app.get(&format!("/api/v1/news/checkForNewNews/{second}/futebol"))
            .await,
        404,
        Some("no news found"),
    );
}

/// C20: related by shared tags; fewer than 6 → the latest 6; the current item excluded.
async fn related_news_follow_c20(backend: Backend) {
    let app = TestApp::new(backend).await;
    let all = all_items(&app).await;
    // The tag with the most items, and the one with the fewest.
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "SELECT t.slug, CAST(COUNT(*) AS BIGINT) AS n FROM news_tags nt JOIN tags t ON t.id = nt.tag_id \
         GROUP BY t.slug ORDER BY n DESC, t.slug",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    let (rich, rich_count) = rows[0].clone();
    assert!(rich_count >= 8, "{rows:?}");
    let (rare, rare_count) = rows.last().unwrap().clone();
    assert!(rare_count < 6, "{rows:?}");

    let tagged = items(
        &app.get(&format!("/api/v1/news/getDataNewsByTag/0/100/{rich}"))
            .await
            .success_data()["newsArray"],
    );
    let current = tagged[0]["slug"].as_str().unwrap().to_owned();
    let related = items(
        &app.get(&format!(
            "/api/v1/news/getRelatedNews/10/{rich}?exclude={current}"
        ))
        .await
        .success_data(),
    );
    assert_eq!(related.len(), 10.min(rich_count as usize - 1));
    assert!(related.iter().all(|item| item["slug"] != current.as_str()));
    assert!(related.iter().all(|item| {
        item["tagNews"]
            .as_array()
            .unwrap()
            .iter()
            .any(|tag| tag["u"] == rich.as_str())
    }));
    let three = items(
        &app.get(&format!("/api/v1/news/getRelatedNews/3/{rich}"))
            .await
            .success_data(),
    );
    assert_eq!(three.len(), 3);

    // Two tags: items with both come first.
    let second_tag = tagged[0]["tagNews"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tag| tag["u"].as_str().unwrap().to_owned())
        .find(|u| *u != rich)
        .unwrap();
    let both = items(
        &app.get(&format!("/api/v1/news/getRelatedNews/10/{rich}_{second_tag}"))
            .await
            .success_data(),
    );
    assert_eq!(both[0]["slug"], current.as_str(), "the item with both tags leads");

    // A rare tag: fewer than 6 matches → the latest 6 (without the current item).
    let fallback = items(
        &app.get(&format!(
            "/api/v1/news/getRelatedNews/10/{rare}?exclude={}",
            all[0]["slug"].as_str().unwrap()
        ))
        .await
        .success_data(),
    );
    assert_eq!(ids(&fallback), ids(&all[1..7]));

    // An artist name, percent-encoded, matches its tag.
    let by_name = items(
        &app.get("/api/v1/news/getRelatedNews/10/Elis%20Regina_mpb")
            .await
            .success_data(),
    );
    assert!(by_name.len() >= 6);
    let elis = by_name[0]["tagNews"].as_array().unwrap();
    assert!(
        elis.iter().any(|tag| tag["u"] == "elis-regina"),
        "{:?}",
        by_name[0]
    );
}

/// The 'most read of the week' follows the daily counters fed by newsViewsHit.
async fn most_read_follows_tracked_views(backend: Backend) {
    let app = TestApp::new(backend).await;
    let data = items(&app.get("/api/v1/news/getNewsMostRead/4").await.success_data());
    assert_eq!(data.len(), 4);
    for item in &data {
        for field in ["newsId", "slug", "title", "date", "imageNew"] {
            assert!(!item[field].is_null(), "{field}: {item}");
        }
        assert_iso(&item["date"]);
    }
    let views: Vec<i64> = data.iter().map(|item| item["views"].as_i64().unwrap()).collect();
    assert!(views.windows(2).all(|pair| pair[0] >= pair[1]), "{views:?}");

    // Clear the week, then read three items from different sessions: 3, 2 and 1 readers.
    sqlx::query("UPDATE news_daily_views SET views = 0")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let all = all_items(&app).await;
    let (a, b, c) = (
        all[20]["id"].as_i64().unwrap(),
        all[25]["id"].as_i64().unwrap(),
        all[30]["id"].as_i64().unwrap(),
    );
    for readers in [vec![a, b, c], vec![a, b], vec![a]] {
        let session = random_hex(16);
        let data = app
            .post_json("/api/v1/tracking/newsViewsHit", &views_body(&session, &readers))
            .await
            .success_data();
        assert_eq!(data["counted"], readers.len() as i64);
    }
    // (Another count than above: the ranking of each count is cached for a minute.)
    let top = items(&app.get("/api/v1/news/getNewsMostRead/3").await.success_data());
    let top: Vec<i64> = top.iter().map(|item| item["newsId"].as_i64().unwrap()).collect();
    assert_eq!(top, vec![a, b, c]);
}

async fn news_views_validation(backend: Backend) {
    let app = TestApp::new(backend).await;
    let id = all_items(&app).await[0]["id"].as_i64().unwrap();
    let session = random_hex(16);
    let now = now_ms();
    let bad = [
        json!({"sendTime": now, "sessionHash": "abc", "newsViews": [{"newsId": id, "timestamp": now}]}),
        json!({"sendTime": now, "sessionHash": "z".repeat(32), "newsViews": [{"newsId": id, "timestamp": now}]}),
        json!({"sendTime": now, "sessionHash": session, "newsViews": []}),
        json!({"sendTime": now, "sessionHash": session,
               "newsViews": (0..101).map(|_| json!({"newsId": id, "timestamp": now})).collect::<Vec<_>>()}),
        json!({"sendTime": now - 3 * 86_400_000_i64, "sessionHash": session,
               "newsViews": [{"newsId": id, "timestamp": now - 3 * 86_400_000_i64}]}),
        json!({"sendTime": now, "sessionHash": session, "newsViews": [{"newsId": id, "timestamp": now + 600_000}]}),
        json!({"sendTime": now, "sessionHash": session,
               "newsViews": [{"newsId": id, "timestamp": now - 2 * 86_400_000_i64}]}),
        json!({"sendTime": now, "sessionHash": session, "newsViews": [{"newsId": 0, "timestamp": now}]}),
        json!({"sendTime": now, "sessionHash": session, "newsViews": [{"newsId": "x", "timestamp": now}]}),
        json!({"sessionHash": session, "newsViews": [{"newsId": id, "timestamp": now}]}),
        json!({"sendTime": now, "newsViews": [{"newsId": id, "timestamp": now}]}),
        // Found by the API fuzz: the skew check overflowed (a 500) at the ends of the range.
        json!({"sendTime": i64::MIN, "sessionHash": session, "newsViews": [{"newsId": id, "timestamp": now}]}),
        json!({"sendTime": i64::MAX, "sessionHash": session, "newsViews": [{"newsId": id, "timestamp": now}]}),
    ];
    for body in &bad {
        let response = app.post_json("/api/v1/tracking/newsViewsHit", body).await;
        assert_error(&response, 400, None);
    }
    let before = db_i64(
        &app,
        "SELECT CAST(COUNT(*) AS BIGINT) FROM news_views WHERE session_hash <> $1",
        "",
    )
    .await;
    assert_eq!(before, 0, "refused batches store nothing");

    // Accepted: 100 views; an unknown item is ignored; a session counts an item once a day.
    let body = views_body(&session, &[id, id, 99_999_999]);
    let data = app
        .post_json("/api/v1/tracking/newsViewsHit", &body)
        .await
        .success_data();
    assert_eq!(data["counted"], 1);
    let data = app
        .post_json("/api/v1/tracking/newsViewsHit", &body)
        .await
        .success_data();
    assert_eq!(data["counted"], 0);
    let upper = views_body(&session.to_uppercase(), &[id]);
    let data = app
        .post_json("/api/v1/tracking/newsViewsHit", &upper)
        .await
        .success_data();
    assert_eq!(data["counted"], 0, "the hash is case-insensitive");
    let hundred: Vec<i64> = all_items(&app)
        .await
        .iter()
        .take(100)
        .map(|i| i["id"].as_i64().unwrap())
        .collect();
    let data = app
        .post_json(
            "/api/v1/tracking/newsViewsHit",
            &views_body(&random_hex(16), &hundred),
        )
        .await
        .success_data();
    assert_eq!(data["counted"], hundred.len() as i64);
}

/// TR-02: newsViewsHitAuth needs a session and records the reader.
async fn news_views_auth_needs_a_session(backend: Backend) {
    let app = TestApp::new(backend).await;
    let id = all_items(&app).await[0]["id"].as_i64().unwrap();
    let session = random_hex(16);
    let body = views_body(&session, &[id]);
    assert_error(
        &app.post_json("/api/v1/tracking/newsViewsHitAuth", &body).await,
        401,
        None,
    );
    let (user, token) = user_token(&app, false).await;
    let response = post_with_bearer(&app, "/api/v1/tracking/newsViewsHitAuth", &body, &token).await;
    assert_eq!(response.success_data()["counted"], 1);
    let stored: i64 = sqlx::query_scalar("SELECT user_id FROM news_views WHERE session_hash = $1")
        .bind(&session)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(stored, user);
    let bad = json!({"sendTime": now_ms(), "sessionHash": "x", "newsViews": []});
    assert_error(
        &post_with_bearer(&app, "/api/v1/tracking/newsViewsHitAuth", &bad, &token).await,
        400,
        None,
    );
}

/// TR-04: newsHit and tagHit count; unknown targets 404, empty ones 400.
async fn news_and_tag_hits(backend: Backend) {
    let app = TestApp::new(backend).await;
    let slug = all_items(&app).await[0]["slug"].as_str().unwrap().to_owned();
    let before = db_i64(&app, "SELECT views FROM news WHERE slug = $1", &slug).await;
    app.post_json("/api/v1/tracking/newsHit", &json!({"slug": slug}))
        .await
        .success_data();
    assert_eq!(
        db_i64(&app, "SELECT views FROM news WHERE slug = $1", &slug).await,
        before + 1
    );
    assert_error(
        &app.post_json("/api/v1/tracking/newsHit", &json!({"slug": "nao-existe"}))
            .await,
        404,
        None,
    );
    assert_error(
        &app.post_json("/api/v1/tracking/newsHit", &json!({"slug": " "}))
            .await,
        400,
        None,
    );
    assert_error(
        &app.post_json("/api/v1/tracking/newsHit", &json!({})).await,
        400,
        None,
    );

    let hits = db_i64(&app, "SELECT hits FROM tags WHERE slug = $1", "mpb").await;
    app.post_json("/api/v1/tracking/tagHit", &json!({"tag": "mpb"}))
        .await
        .success_data();
    assert_eq!(
        db_i64(&app, "SELECT hits FROM tags WHERE slug = $1", "mpb").await,
        hits + 1
    );
    assert_error(
        &app.post_json("/api/v1/tracking/tagHit", &json!({"tag": "nao-existe"}))
            .await,
        404,
        Some("tag not found"),
    );
    assert_error(
        &app.post_json("/api/v1/tracking/tagHit", &json!({"tag": 5})).await,
        400,
        None,
    );
}

/// No path parameter, however malformed, gets a 500 or a non-JSON answer.
async fn malformed_path_params_never_answer_500(backend: Backend) {
    let app = TestApp::new(backend).await;
    let long = "a".repeat(5000);
    let paths = [
        "/api/v1/news/getNews/%FF/12/0/0".to_owned(),
        "/api/v1/news/getNews/0/%FF/0/0/musica".to_owned(),
        "/api/v1/news/getNews/0/12/%00/0".to_owned(),
        "/api/v1/news/getNews/0/12/0/0/%FF".to_owned(),
        format!("/api/v1/news/getNews/0/12/0/0/{long}"),
        "/api/v1/news/getNews/0/12/0/0/%27%20OR%201=1--".to_owned(),
        "/api/v1/news/getDataNewsByTag/0/12/%FF".to_owned(),
        format!("/api/v1/news/getDataNewsByTag/0/12/{long}"),
        "/api/v1/news/getDataNewsByTag/0/12/%27;DROP%20TABLE%20tags;--".to_owned(),
        "/api/v1/news/getSingleNews/%FF".to_owned(),
        format!("/api/v1/news/getSingleNews/{long}"),
        "/api/v1/news/getSingleNews/%25".to_owned(),
        "/api/v1/news/getSingleProNews/%FF".to_owned(),
        "/api/v1/news/getNewsMostRead/%FF".to_owned(),
        "/api/v1/news/getNewsMostRead/4.0".to_owned(),
        "/api/v1/news/checkForNewNews/-1".to_owned(),
        "/api/v1/news/checkForNewNews/1/%FF".to_owned(),
        "/api/v1/news/checkForNewNews/99999999999999999999999".to_owned(),
        "/api/v1/news/getRelatedNews/10/%FF".to_owned(),
        format!("/api/v1/news/getRelatedNews/10/{}", vec!["mpb"; 400].join("_")),
        format!("/api/v1/news/getRelatedNews/10/{long}"),
        "/api/v1/news/getRelatedNews/10/mpb?exclude=%FF".to_owned(),
    ];
    for path in &paths {
        let response = app.get(path).await;
        assert_ne!(response.status, StatusCode::INTERNAL_SERVER_ERROR, "{path}");
        assert!(response.status.as_u16() < 500, "{path}: {}", response.status);
        assert_envelope(&response.json());
    }
}
