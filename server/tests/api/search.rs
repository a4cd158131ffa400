//! Site search on both databases (decision G02: `GET /api/v1/search?q=` → `{status, data:[{title,
//! link}]}`, at most 10; G56 results are title + link; AP-02 the route exists): the own index folds
//! accents and stems Portuguese, matches the word being typed as a prefix, links to the pages of
//! the routes table (doc3 §2.1), follows content written after start-up, and an external
//! custom-search service can replace it (tested against a local HTTP server).

// Test helpers outside #[test] functions panic on purpose.

use std::{
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use crate::common::{Backend, TestApp, assert_envelope};
use axum::{Json, Router, extract::Query, http::StatusCode, routing::get};
use serde_json::{Value, json};

on_both_databases!(
    accents_and_stems_are_folded,
    the_word_being_typed_matches_as_a_prefix,
    at_most_ten_suggestions,
    links_are_the_site_pages,
    article_text_and_tags_are_searched_pro_text_is_not,
    new_edited_and_deleted_content_is_followed,
    background_refresh_picks_up_other_writers,
    empty_missing_and_long_queries_never_500,
    external_service_replaces_the_index_and_is_cached,
    external_service_failure_falls_back_to_the_index,
);

async fn category_id(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT id FROM news_categories ORDER BY id LIMIT 1")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn insert_news(app: &TestApp, slug: &str, title: &str, published_at: i64) -> i64 {
    let category = category_id(app).await;
    sqlx::query_scalar(
        "INSERT INTO news (slug, category_id, title, subtitle, published_at) VALUES ($1, $2, $3, '', $4) RETURNING id",
    )
    .bind(slug)
    .bind(category)
    .bind(title)
    .bind(published_at)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap()
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

/// The suggestions for `q` (percent-encoded here), checking the envelope and the item shape.
async fn search(app: &TestApp, q: &str) -> Vec<(String, String)> {
    let encoded: String = form_urlencoded_encode(q);
    let data = app
        .get(&format!("/api/v1/search?q={encoded}"))
        .await
        .success_data();
    data.as_array()
        .unwrap_or_else(|| panic!("not a list: {data}"))
        .iter()
        .map(|item| {
            assert_eq!(item.as_object().unwrap().len(), 2, "title and link only: {item}");
            (
                item["title"].as_str().unwrap().to_owned(),
                item["link"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn form_urlencoded_encode(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

fn links(results: &[(String, String)]) -> Vec<&str> {
    results.iter().map(|(_, link)| link.as_str()).collect()
}

/// 'musica' finds 'Músicas', 'verao' finds 'Verão', upper case and accents in the query are folded.
async fn accents_and_stems_are_folded(backend: Backend) {
    let app = TestApp::new(backend).await;
    insert_news(
        &app,
        "teste-busca-verao",
        "Xilofones e Músicas do Verão Paulistano",
        now() - 60,
    )
    .await;
    // 'musica' (no accent, singular) finds 'Músicas'; the rare word keeps the demo's many
    // music items out of the way.
    for q in [
        "xilofone musica",
        "músicas xilofones",
        "MUSICAS xilofone",
        "xilofone",
        "verao paulistano",
        "VERÃO paulistano",
        "paulistanos",
    ] {
        let results = search(&app, q).await;
        assert!(
            links(&results).contains(&"/noticias/teste-busca-verao"),
            "{q:?} → {results:?}"
        );
    }
    // Both words of a two-word query: the item holding both comes first.
    let results = search(&app, "xilofone paulistano").await;
    assert_eq!(results[0].1, "/noticias/teste-busca-verao", "{results:?}");
    assert!(
        search(&app, "qwertyuiopasdf").await.is_empty(),
        "SE-03: no result"
    );
}

/// SE-01: typing 'sam' suggests pages about samba before the word is finished.
async fn the_word_being_typed_matches_as_a_prefix(backend: Backend) {
    let app = TestApp::new(backend).await;
    insert_news(
        &app,
        "roda-de-samba-teste",
        "Roda de samba reúne bambas no centro",
        now() - 60,
    )
    .await;
    for q in ["sam", "samb", "roda de sam", "bamba"] {
        let results = search(&app, q).await;
        assert!(
            links(&results).contains(&"/noticias/roda-de-samba-teste"),
            "{q:?} → {results:?}"
        );
    }
}

/// G02: at most 10 suggestions.
async fn at_most_ten_suggestions(backend: Backend) {
    let app = TestApp::new(backend).await;
    for n in 0..15 {
        insert_news(
            &app,
            &format!("tamborim-{n}"),
            &format!("Tamborim número {n}"),
            now() - 60 - n,
        )
        .await;
    }
    let results = search(&app, "tamborim").await;
    assert_eq!(results.len(), 10, "{results:?}");
    assert!(
        results
            .iter()
            .all(|(title, link)| title.starts_with("Tamborim") && link.starts_with("/noticias/tamborim-"))
    );
}

/// Links follow the routes table (doc3 §2.1): /artistas/{slug}, /musicas/{musicSlug}+{artistSlug},
/// /podcasts/{slug}, /noticias/{slug}, and the static sections.
async fn links_are_the_site_pages(backend: Backend) {
    let app = TestApp::new(backend).await;
    let db = &app.state.db.pool;
    let (artist_slug, artist_name): (String, String) =
        sqlx::query_as("SELECT slug, name FROM artists ORDER BY id LIMIT 1")
            .fetch_one(db)
            .await
            .unwrap();
    let results = search(&app, &artist_name).await;
    assert!(
        links(&results).contains(&format!("/artistas/{artist_slug}").as_str()),
        "{results:?}"
    );

    let (song_slug, song_name, a_slug): (String, String, String) = sqlx::query_as(
        "SELECT s.slug, s.name, a.slug FROM songs s JOIN artists a ON a.id = s.artist_id ORDER BY s.id LIMIT 1",
    )
    .fetch_one(db)
    .await
    .unwrap();
    let results = search(&app, &song_name).await;
    let song_link = format!("/musicas/{song_slug}+{a_slug}");
    assert!(
        links(&results).contains(&song_link.as_str()),
        "{song_name} → {results:?}"
    );

    let shows: Vec<(String, String)> =
        sqlx::query_as("SELECT slug, name FROM podcast_shows WHERE is_pro = 0 AND show_id <> ''")
            .fetch_all(db)
            .await
            .unwrap();
    let (show_slug, show_name) = shows.first().expect("a public podcast show in the demo").clone();
    let results = search(&app, &show_name).await;
    assert!(
        links(&results).contains(&format!("/podcasts/{show_slug}").as_str()),
        "{results:?}"
    );
    // PD-01: hidden shows are not suggested.
    let hidden: Vec<String> =
        sqlx::query_scalar("SELECT slug FROM podcast_shows WHERE is_pro = 1 OR show_id = ''")
            .fetch_all(db)
            .await
            .unwrap();
    let all_links: Vec<String> = {
        let mut all = Vec::new();
        for q in ["podcast", "programa"] {
            all.extend(search(&app, q).await.into_iter().map(|(_, link)| link));
        }
        all
    };
    for slug in hidden {
        assert!(
            !all_links.contains(&format!("/podcasts/{slug}")),
            "{slug} is hidden"
        );
    }

    let results = search(&app, "programação").await;
    assert!(links(&results).contains(&"/programacao"), "{results:?}");
    // A title is never empty, a link is always a site path.
    for (title, link) in search(&app, "a")
        .await
        .into_iter()
        .chain(search(&app, "rio").await)
    {
        assert!(!title.is_empty() && link.starts_with('/'), "{title} {link}");
    }
}

/// An open article is found by a word of its text and by its tags, and a tag by its name (its page is
/// /noticias/tags/{slug}); a PRO article only by its public teaser, never by a word of the text that
/// only subscribers may read (S04).
async fn article_text_and_tags_are_searched_pro_text_is_not(backend: Backend) {
    let app = TestApp::new(backend).await;
    let db = &app.state.db.pool;
    let open = insert_news(&app, "feira-livre", "Feira livre no centro", now() - 60).await;
    sqlx::query("UPDATE news SET content = $1 WHERE id = $2")
        .bind("<p>Os feirantes vendem <strong>jabuticabas</strong> fresquinhas.</p>")
        .bind(open)
        .execute(db)
        .await
        .unwrap();
    let pro = insert_news(&app, "bastidores-pro", "Bastidores da rádio", now() - 60).await;
    sqlx::query("UPDATE news SET is_pro = 1, teaser = $1, content = $2 WHERE id = $3")
        .bind("<p>Um passeio pelo estúdio, com quindim.</p>")
        .bind("<p>Um passeio pelo estúdio, com quindim. E o segredo do locutor: pitangueira.</p>")
        .bind(pro)
        .execute(db)
        .await
        .unwrap();
    let tag: i64 = sqlx::query_scalar(
        "INSERT INTO tags (slug, name, title) VALUES ('hortifruti', 'Hortifrúti', 'Hortifrúti') RETURNING id",
    )
    .fetch_one(db)
    .await
    .unwrap();
    sqlx::query("INSERT INTO news_tags (news_id, tag_id, position) VALUES ($1, $2, 0)")
        .bind(open)
        .bind(tag)
        .execute(db)
        .await
        .unwrap();
    app.state.search.refresh(&app.state.db).await.unwrap();

    assert_eq!(
        links(&search(&app, "jabuticaba").await),
        vec!["/noticias/feira-livre"]
    );
    let by_tag = search(&app, "hortifruti").await;
    assert!(
        links(&by_tag).contains(&"/noticias/tags/hortifruti"),
        "{by_tag:?}"
    );
    assert!(links(&by_tag).contains(&"/noticias/feira-livre"), "{by_tag:?}");
    assert!(
        by_tag.iter().any(|(title, _)| title == "#Hortifrúti"),
        "{by_tag:?}"
    );
    // The teaser is public, the rest of a PRO article is not.
    assert_eq!(
        links(&search(&app, "quindim").await),
        vec!["/noticias/bastidores-pro"]
    );
    assert!(search(&app, "pitangueira").await.is_empty());
}

/// New content becomes searchable on the next refresh; an edit (updated_at) and a deletion too; an
/// item published in the future appears once its time has come.
async fn new_edited_and_deleted_content_is_followed(backend: Backend) {
    let app = TestApp::new(backend).await;
    assert!(search(&app, "ornitorrinco").await.is_empty());
    let id = insert_news(
        &app,
        "ornitorrinco-chega",
        "Ornitorrinco chega ao zoológico",
        now() - 30,
    )
    .await;
    // A back-dated item (outside the watermark window) is found through the count check.
    insert_news(
        &app,
        "ornitorrinco-antigo",
        "Ornitorrinco de arquivo",
        now() - 400 * 86_400,
    )
    .await;
    let future = insert_news(
        &app,
        "ornitorrinco-futuro",
        "Ornitorrinco do futuro",
        now() + 3_600,
    )
    .await;
    app.state.search.refresh(&app.state.db).await.unwrap();
    let results = search(&app, "ornitorrinco").await;
    assert_eq!(
        {
            let mut l = links(&results);
            l.sort_unstable();
            l
        },
        vec!["/noticias/ornitorrinco-antigo", "/noticias/ornitorrinco-chega"],
        "{results:?}"
    );

    sqlx::query("UPDATE news SET title = 'Capivara chega ao zoológico', updated_at = $1 WHERE id = $2")
        .bind(now())
        .bind(id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE news SET published_at = $1 WHERE id = $2")
        .bind(now() - 5)
        .bind(future)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    app.state.search.refresh(&app.state.db).await.unwrap();
    assert_eq!(
        links(&search(&app, "capivara").await),
        vec!["/noticias/ornitorrinco-chega"]
    );
    let mut l: Vec<String> = search(&app, "ornitorrinco")
        .await
        .into_iter()
        .map(|(_, l)| l)
        .collect();
    l.sort_unstable();
    assert_eq!(
        l,
        vec!["/noticias/ornitorrinco-antigo", "/noticias/ornitorrinco-futuro"]
    );

    sqlx::query("DELETE FROM news WHERE slug = 'ornitorrinco-antigo'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE artists SET name = 'Quokka Sinfônica' WHERE id = (SELECT MIN(id) FROM artists)")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    app.state.search.refresh(&app.state.db).await.unwrap();
    assert_eq!(
        links(&search(&app, "ornitorrinco").await),
        vec!["/noticias/ornitorrinco-futuro"]
    );
    // The renamed artist, first, then its songs (their titles carry the artist's name).
    let quokka = search(&app, "quokka sinfonica").await;
    assert!(
        quokka[0].0 == "Quokka Sinfônica" && quokka[0].1.starts_with("/artistas/"),
        "{quokka:?}"
    );
    assert!(
        quokka[1..]
            .iter()
            .all(|(title, link)| title.ends_with(" - Quokka Sinfônica") && link.starts_with("/musicas/"))
    );
}

/// Another instance (or the seed command) writes to the database: the refresh loop of this one picks it
/// up within its period.
async fn background_refresh_picks_up_other_writers(backend: Backend) {
    let app = TestApp::with_config(backend, |config| config.search_refresh_seconds = 1).await;
    let shutdown = tokio_util::sync::CancellationToken::new();
    let task = tokio::spawn(onda_server::search::run_refresh(
        app.state.clone(),
        shutdown.clone(),
    ));
    assert!(search(&app, "jabuticaba").await.is_empty());
    insert_news(&app, "jabuticaba-safra", "Safra de jabuticaba", now() - 10).await;
    let mut found = false;
    for _ in 0..40 {
        tokio::time::sleep(Duration::from_millis(250)).await;
        if links(&search(&app, "jabuticabas").await) == vec!["/noticias/jabuticaba-safra"] {
            found = true;
            break;
        }
    }
    shutdown.cancel();
    task.await.unwrap();
    assert!(found, "the refresh loop did not pick up the new item");
}

/// G02: empty q → empty list (no 400); a missing q is a clear 400; over-long input is truncated to 100
/// characters; query syntax characters are plain text; nothing answers 500.
async fn empty_missing_and_long_queries_never_500(backend: Backend) {
    let app = TestApp::new(backend).await;
    for path in [
        "/api/v1/search?q=",
        "/api/v1/search?q=%20%20%20",
        "/api/v1/search?q=+",
    ] {
        let data = app.get(path).await.success_data();
        assert_eq!(data, json!([]), "{path}");
    }
    let missing = app.get("/api/v1/search").await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    let body = missing.json();
    assert_envelope(&body);
    assert_eq!(body["message"], "missing q");

    insert_news(&app, "longa-consulta", "Consulta longa", now() - 60).await;
    // 'consulta' then 200 more characters: only the first 100 count, and they still match.
    let long = format!("consulta {}", "x".repeat(300));
    let results = search(&app, &long).await;
    assert!(results.len() <= 10);
    let results = search(&app, &format!("consulta {}", "y ".repeat(200))).await;
    assert!(
        links(&results).contains(&"/noticias/longa-consulta"),
        "{results:?}"
    );

    let huge = format!("/api/v1/search?q={}", "a".repeat(10_000));
    let response = app.get(&huge).await;
    assert_eq!(response.status, StatusCode::BAD_REQUEST, "{}", response.text());
    assert_envelope(&response.json());

    for q in [
        "\"", "title:x", "a AND (b", "*", "-", "+++", "~1", "[a TO b]", "\u{0}", "😀", "%",
    ] {
        let path = format!("/api/v1/search?q={}", form_urlencoded_encode(q));
        let response = app.get(&path).await;
        assert_eq!(response.status, StatusCode::OK, "{q:?}: {}", response.text());
        assert_envelope(&response.json());
    }
    // Bad percent-encoding is decoded leniently, never a 500.
    let response = app.get("/api/v1/search?q=%ZZ%C3").await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
}

#[derive(Clone, Default)]
struct Upstream {
    calls: Arc<AtomicUsize>,
    seen: Arc<std::sync::Mutex<Vec<std::collections::HashMap<String, String>>>>,
}

async fn start_upstream(upstream: Upstream, fail: bool) -> String {
    let app = Router::new().route(
        "/customsearch/v1",
        get(move |Query(params): Query<std::collections::HashMap<String, String>>| {
            let upstream = upstream.clone();
            async move {
                upstream.calls.fetch_add(1, Ordering::SeqCst);
                upstream.seen.lock().unwrap().push(params.clone());
                if fail {
                    return Err(StatusCode::SERVICE_UNAVAILABLE);
                }
                let q = params.get("q").cloned().unwrap_or_default();
                let items: Vec<Value> = (0..12)
                    .map(|n| json!({"title": format!("{q} {n}"), "link": format!("http://127.0.0.1:8080/noticias/r{n}"), "snippet": "x"}))
                    .chain([json!({"title": "Mau", "link": "javascript:alert(1)"})])
                    .collect();
                Ok(Json(json!({"kind": "customsearch#search", "items": items})))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{address}/customsearch/v1")
}

/// 3p.customSearch: the server calls the service with the key, the engine id, the query, 10 results and
/// the title/link fields, answers at most 10 web links (our own as paths) and caches the reply.
async fn external_service_replaces_the_index_and_is_cached(backend: Backend) {
    let upstream = Upstream::default();
    let url = start_upstream(upstream.clone(), false).await;
    let app = TestApp::with_config(backend, |config| {
        config.search_api_url = Some(url);
        config.search_api_key = Some("chave-secreta".into());
        config.search_engine_id = Some("motor-1".into());
        config.public_url = Some("http://127.0.0.1:8080".into());
    })
    .await;
    let results = search(&app, "  Samba  ").await;
    assert_eq!(results.len(), 10, "{results:?}");
    assert_eq!(results[0], ("Samba 0".to_owned(), "/noticias/r0".to_owned()));
    assert!(results.iter().all(|(_, link)| !link.starts_with("javascript")));
    {
        let seen = upstream.seen.lock().unwrap();
        let params = &seen[0];
        assert_eq!(params["q"], "Samba");
        assert_eq!(params["key"], "chave-secreta");
        assert_eq!(params["cx"], "motor-1");
        assert_eq!(params["num"], "10");
        assert_eq!(params["fields"], "items(title,link)");
    }
    // Cached: the same query (any case) makes no second call; an empty query makes none at all.
    search(&app, "samba").await;
    search(&app, "").await;
    assert_eq!(upstream.calls.load(Ordering::SeqCst), 1);
    search(&app, "forró").await;
    assert_eq!(upstream.calls.load(Ordering::SeqCst), 2);
    // The key never reaches the listener.
    let raw = app.get("/api/v1/search?q=samba").await.text();
    assert!(!raw.contains("chave-secreta"));
}

async fn external_service_failure_falls_back_to_the_index(backend: Backend) {
    let upstream = Upstream::default();
    let url = start_upstream(upstream.clone(), true).await;
    let app = TestApp::with_config(backend, |config| {
        config.search_api_url = Some(url);
        config.search_api_key = Some("k".into());
        config.search_engine_id = Some("cx".into());
    })
    .await;
    insert_news(&app, "queda-do-servico", "Berimbau em queda", now() - 60).await;
    let results = search(&app, "berimbau").await;
    assert_eq!(links(&results), vec!["/noticias/queda-do-servico"]);
    assert_eq!(upstream.calls.load(Ordering::SeqCst), 1);
}
