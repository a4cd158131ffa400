//! Catalogue endpoints on both databases: journalists (JR-01, JR-02, JR-04, G46, C40), artists (AR-01
//! data, AR-03, AR-04), music (MU-01..MU-03, MU-05, MU-06 data, MU-08, C08, C22) and the top lists
//! (TP-01..TP-05, G31, G44). Bad parameters are 400s or 404s in the envelope, never a 500.

// Test helpers outside #[test] functions panic on purpose.

use std::collections::HashSet;

use crate::common::{Backend, TestApp, TestResponse, assert_envelope, random_hex};
use axum::{
    body::Body,
    http::{Request, header},
};
use serde_json::Value;

on_both_databases!(
    journalists_list_and_news_pages,
    journalist_news_parameters,
    artists_slides_single_albums_and_top_songs,
    music_list_pages_in_a_stable_order,
    the_music_page_carries_its_first_cards,
    music_filters_and_search,
    single_music_and_slug_order,
    download_needs_a_session_and_returns_audio,
    top10_categories_and_lists,
    top100_years_and_lists,
    bad_parameters_never_answer_500,
);

fn items(data: &Value) -> Vec<Value> {
    data.as_array()
        .unwrap_or_else(|| panic!("not a list: {data}"))
        .clone()
}

fn assert_error(response: &TestResponse, code: u16) {
    let json = response.json();
    assert_envelope(&json);
    assert_eq!(response.status.as_u16(), code, "{json}");
    assert_eq!(json["status"], code, "{json}");
}

async fn scalar(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn text(app: &TestApp, sql: &str) -> String {
    sqlx::query_scalar(sql)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn user_token(app: &TestApp) -> String {
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO users (email, name, email_confirmed, created_at) VALUES ($1, 'Ouvinte', 1, $2) RETURNING id",
    )
    .bind(format!("{}@example.com", random_hex(6)))
    .bind(now)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    onda_server::auth::create_session(&app.state, id).await.unwrap()
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

// -------------------------------------------------------------------------------------------------
// Journalists

/// JR-01 (data), G46: every journalist carries isActive; JR-02: 10 per page, count before offset (C40),
/// the short last page says 'no more news'; JR-04: a journalist without news is an empty first page.
async fn journalists_list_and_news_pages(backend: Backend) {
    let app = TestApp::new(backend).await;
    let list = items(&app.get("/api/v1/getJournalistsData").await.success_data());
    let total = scalar(&app, "SELECT COUNT(*) FROM journalists").await;
    let active = scalar(&app, "SELECT COUNT(*) FROM journalists WHERE is_active = 1").await;
    assert_eq!(list.len() as i64, total);
    assert_eq!(
        list.iter().filter(|j| j["isActive"] == true).count() as i64,
        active
    );
    assert!(active > 0 && active < total, "the demo has inactive journalists");
    for journalist in &list {
        for key in ["id", "slug", "name", "description", "imageFile", "isActive"] {
            assert!(journalist.get(key).is_some(), "{key} in {journalist}");
        }
    }

    // The journalist with the most news: pages of 10, newest first, no repeats, then 'no more news'.
    let id = scalar(
        &app,
        "SELECT journalist_id FROM news WHERE journalist_id IS NOT NULL GROUP BY journalist_id \
         ORDER BY COUNT(*) DESC, journalist_id LIMIT 1",
    )
    .await;
    let count = scalar(
        &app,
        &format!("SELECT COUNT(*) FROM news WHERE journalist_id = {id}"),
    )
    .await;
    assert!(count > 10, "a journalist with more than one page");
    let mut seen = Vec::new();
    let mut offset = 0;
    loop {
        let response = app
            .get(&format!("/api/v1/getJournalistNews/{id}/10/{offset}"))
            .await;
        let json = response.json();
        let page = items(&response.success_data());
        assert!(page.len() <= 10);
        for item in &page {
            assert!(item["journalistName"].is_string(), "{item}");
            seen.push(item["id"].as_i64().unwrap());
        }
        offset += 10;
        if page.len() < 10 {
            assert_eq!(json["message"], "no more news");
            break;
        }
        assert_eq!(json["message"], "success");
    }
    assert_eq!(seen.len() as i64, count);
    assert_eq!(seen.iter().collect::<HashSet<_>>().len(), seen.len());
    let dates: Vec<String> = sqlx::query_scalar(&format!(
        "SELECT slug FROM news WHERE journalist_id = {id} ORDER BY published_at DESC, id DESC"
    ))
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    let first = items(
        &app.get(&format!("/api/v1/getJournalistNews/{id}"))
            .await
            .success_data(),
    );
    assert_eq!(first.len(), 10, "count defaults to 10");
    assert_eq!(first[0]["slug"], dates[0].as_str(), "newest first");

    // The same journalist by slug.
    let slug = text(&app, &format!("SELECT slug FROM journalists WHERE id = {id}")).await;
    let by_slug = items(
        &app.get(&format!("/api/v1/getJournalistNews/{slug}/3/0"))
            .await
            .success_data(),
    );
    assert_eq!(by_slug.len(), 3);
    assert_eq!(by_slug[0]["id"], first[0]["id"]);

    // JR-04: a journalist with no news (added here) answers an empty first page.
    sqlx::query("INSERT INTO journalists (slug, name, is_active, position) VALUES ('sem-noticias', 'Sem Notícias', 1, 99)")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let response = app.get("/api/v1/getJournalistNews/sem-noticias/10/0").await;
    assert!(items(&response.success_data()).is_empty());
    assert_eq!(response.json()["message"], "no more news");
    // G46: an inactive journalist's news still resolve.
    let inactive = scalar(
        &app,
        "SELECT id FROM journalists WHERE is_active = 0 ORDER BY id LIMIT 1",
    )
    .await;
    app.get(&format!("/api/v1/getJournalistNews/{inactive}/10/0"))
        .await
        .success_data();
}

async fn journalist_news_parameters(backend: Backend) {
    let app = TestApp::new(backend).await;
    assert_error(&app.get("/api/v1/getJournalistNews/999999/10/0").await, 404);
    assert_error(&app.get("/api/v1/getJournalistNews/nao-existe/10/0").await, 404);
    for bad in [
        "1/0/0",
        "1/abc/0",
        "1/10/-1",
        "1/101/0",
        "1/10/x",
        "1/99999999999/0",
    ] {
        assert_error(&app.get(&format!("/api/v1/getJournalistNews/{bad}")).await, 400);
    }
}

// -------------------------------------------------------------------------------------------------
// Artists

/// AR-01 (data for the client-side search), AR-03, AR-04.
async fn artists_slides_single_albums_and_top_songs(backend: Backend) {
    let app = TestApp::new(backend).await;
    let artists = items(&app.get("/api/v1/getArtists/").await.success_data());
    assert_eq!(
        artists.len() as i64,
        scalar(&app, "SELECT COUNT(*) FROM artists").await
    );
    for key in ["Id", "Nam", "Url", "Img", "Ver"] {
        assert!(artists[0].get(key).is_some(), "{key}");
    }
    assert_eq!(
        items(&app.get("/api/v1/getArtists").await.success_data()).len(),
        artists.len()
    );

    let slides = items(&app.get("/api/v1/artists/getSlides").await.success_data());
    let featured = scalar(&app, "SELECT COUNT(*) FROM artists WHERE is_featured = 1").await;
    assert_eq!(slides.len() as i64, featured);
    assert!(
        slides
            .iter()
            .all(|slide| !slide["banner"].as_str().unwrap().is_empty())
    );

    let slug = artists[0]["Url"].as_str().unwrap();
    let artist = app
        .get(&format!("/api/v1/getSingleArtist/{slug}"))
        .await
        .success_data();
    assert_eq!(artist["slug"], slug);
    assert_eq!(artist["artistName"], artists[0]["Nam"]);
    for key in ["biography", "imageNew", "imageOld"] {
        assert!(artist[key].is_string(), "{key}");
    }
    // AR-04: unknown artist → 404.
    assert_error(
        &app.get("/api/v1/getSingleArtist/nao-existe-esse-artista").await,
        404,
    );

    // AR-03: top 3 by plays (count defaults to 3), with previews.
    let top = items(
        &app.get(&format!("/api/v1/artists/getArtistsTopSongs/{slug}/3"))
            .await
            .success_data(),
    );
    let songs = scalar(
        &app,
        &format!("SELECT COUNT(*) FROM songs s JOIN artists a ON a.id = s.artist_id WHERE a.slug = '{slug}'"),
    )
    .await;
    assert_eq!(top.len() as i64, songs.min(3));
    let best = text(
        &app,
        &format!(
            "SELECT s.name FROM songs s JOIN artists a ON a.id = s.artist_id WHERE a.slug = '{slug}' \
             ORDER BY s.plays DESC, s.id LIMIT 1"
        ),
    )
    .await;
    assert_eq!(top[0]["trackName"], best.as_str());
    for key in [
        "trackName",
        "previewUrl",
        "collectionName",
        "cover",
        "trackViewUrl",
    ] {
        assert!(top[0][key].is_string(), "{key}");
    }
    assert!(
        top[0]["previewUrl"]
            .as_str()
            .unwrap()
            .starts_with("/media/audio/previews/")
    );
    let default = items(
        &app.get(&format!("/api/v1/artists/getArtistsTopSongs/{slug}"))
            .await
            .success_data(),
    );
    assert_eq!(default, top);
    assert_error(
        &app.get("/api/v1/artists/getArtistsTopSongs/nao-existe/3").await,
        404,
    );
    assert_error(
        &app.get(&format!("/api/v1/artists/getArtistsTopSongs/{slug}/0"))
            .await,
        400,
    );

    // Albums do momento: default 20, featured only, newest release first.
    let albums = items(
        &app.get("/api/v1/artists/getAlbumsDoMomento/20")
            .await
            .success_data(),
    );
    let featured_albums = scalar(&app, "SELECT COUNT(*) FROM albums WHERE is_featured = 1").await;
    assert_eq!(albums.len() as i64, featured_albums.min(20));
    let years: Vec<i64> = albums
        .iter()
        .map(|a| a["albumRelease"].as_i64().unwrap())
        .collect();
    assert!(years.windows(2).all(|w| w[0] >= w[1]), "{years:?}");
    assert_eq!(
        items(&app.get("/api/v1/artists/getAlbumsDoMomento").await.success_data()),
        albums
    );
    assert_eq!(
        items(
            &app.get("/api/v1/artists/getAlbumsDoMomento/5")
                .await
                .success_data()
        )
        .len(),
        5
    );
    assert_error(&app.get("/api/v1/artists/getAlbumsDoMomento/abc").await, 400);
}

// -------------------------------------------------------------------------------------------------
// Music

/// C40: offset then count; pages join up to the whole catalogue in a stable order, then come back empty.
async fn music_list_pages_in_a_stable_order(backend: Backend) {
    let app = TestApp::new(backend).await;
    let total = scalar(&app, "SELECT COUNT(*) FROM songs").await;
    let mut all = Vec::new();
    let mut offset = 0;
    loop {
        let page = items(
            &app.get(&format!("/api/v1/getMusicData/{offset}/20"))
                .await
                .success_data(),
        );
        if page.is_empty() {
            break;
        }
        assert!(page.len() <= 20);
        assert!(page[0].get("musicLyrics").is_none(), "lists leave the texts out");
        all.extend(page.into_iter().map(|m| m["musicId"].as_i64().unwrap()));
        offset += 20;
    }
    assert_eq!(all.len() as i64, total);
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), all.len());
    let thirty = items(&app.get("/api/v1/getMusicData/0/30").await.success_data());
    let ids: Vec<i64> = thirty.iter().map(|m| m["musicId"].as_i64().unwrap()).collect();
    assert_eq!(ids, all[..30]);
    let names: Vec<String> = thirty
        .iter()
        .map(|m| m["musicName"].as_str().unwrap().to_lowercase())
        .collect();
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "{names:?}");
    let end = app.get(&format!("/api/v1/getMusicData/{total}/20")).await;
    assert!(items(&end.success_data()).is_empty());
    assert_eq!(end.json()["message"], "no music found");
}

/// MU-01 (letra=true keeps songs with lyrics), MU-02 (busca), MU-03 (nothing found).
/// The page /musicas carries the list's first page (getMusicData/0/20, with the page size it asked)
/// and has the first card's cover fetched with the HTML; a filtered list is another list.
async fn the_music_page_carries_its_first_cards(backend: Backend) {
    let app = TestApp::new(backend).await;
    let first = app.get("/api/v1/getMusicData/0/20").await.success_data();
    let page = app.get("/musicas").await;
    let data = page.initial_data().expect("initial data");
    assert_eq!(data["musicList"]["count"], 20);
    assert_eq!(data["musicList"]["items"], first);
    let cover = first[0]["itunesCover"].as_str().unwrap();
    assert!(!cover.is_empty());
    let head = &page.text()[..page.text().find("</head>").unwrap()];
    assert!(
        head.contains(&format!(
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{cover}\">"
        )),
        "{head}"
    );
    for path in ["/musicas?letra=true", "/musicas?busca=ana", "/"] {
        let page = app.get(path).await;
        let data = page.initial_data().expect("initial data");
        assert!(data.get("musicList").is_none(), "{path}: {data}");
        assert!(!page.text().contains(cover), "{path}");
    }
}

async fn music_filters_and_search(backend: Backend) {
    let app = TestApp::new(backend).await;
    let base = "/api/v1/getFilteredMusicData/0/100";
    let all_filtered = |query: &'static str| {
        let app = &app;
        async move {
            let mut out = Vec::new();
            let mut offset = 0;
            loop {
                let page = items(
                    &app.get(&format!("/api/v1/getFilteredMusicData/{offset}/100?{query}"))
                        .await
                        .success_data(),
                );
                if page.is_empty() {
                    return out;
                }
                out.extend(page);
                offset += 100;
            }
        }
    };
    let lyrics = all_filtered("letra=true&traducao=false&video=false").await;
    assert_eq!(
        lyrics.len() as i64,
        scalar(&app, "SELECT COUNT(*) FROM songs WHERE has_lyrics = 1").await
    );
    assert!(lyrics.iter().all(|m| m["hasLyrics"] == true));
    let both = all_filtered("letra=true&traducao=true&video=true").await;
    assert_eq!(
        both.len() as i64,
        scalar(
            &app,
            "SELECT COUNT(*) FROM songs WHERE has_lyrics = 1 AND has_translation = 1 AND has_video = 1"
        )
        .await
    );
    // All false = the plain list.
    let plain = all_filtered("letra=false&traducao=false&video=false").await;
    assert_eq!(
        plain.len() as i64,
        scalar(&app, "SELECT COUNT(*) FROM songs").await
    );

    // busca: case-insensitive substring of the song's or the artist's name.
    let artist = text(&app, "SELECT name FROM artists ORDER BY id LIMIT 1").await;
    let upper = artist.to_uppercase();
    let found = items(
        &app.get(&format!(
            "{base}?letra=false&traducao=false&video=false&busca={}",
            urlencode(&upper)
        ))
        .await
        .success_data(),
    );
    let by_artist = scalar(
        &app,
        "SELECT COUNT(*) FROM songs s JOIN artists a ON a.id = s.artist_id WHERE a.id = (SELECT MIN(id) FROM artists)",
    )
    .await;
    assert!(found.len() as i64 >= by_artist, "{upper}: {}", found.len());
    assert!(found.iter().all(|m| {
        m["artistName"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains(&artist.to_lowercase())
            || m["musicName"]
                .as_str()
                .unwrap()
                .to_lowercase()
                .contains(&artist.to_lowercase())
    }));
    // (SQLite folds only ASCII case: a name starting with plain letters.)
    let song = text(
        &app,
        "SELECT name FROM songs WHERE LOWER(SUBSTR(name, 1, 4)) BETWEEN 'aaaa' AND 'zzzz' ORDER BY id LIMIT 1",
    )
    .await;
    let part: String = song.chars().take(4).collect();
    let found = items(
        &app.get(&format!("{base}?busca={}", urlencode(&part)))
            .await
            .success_data(),
    );
    assert!(found.iter().any(|m| m["musicName"] == song.as_str()));

    // MU-03: nothing found; LIKE wildcards are literal.
    for query in ["busca=zzzz-nada-encontrado", "busca=%25%25%25", "busca=___"] {
        let response = app.get(&format!("{base}?{query}")).await;
        assert!(items(&response.success_data()).is_empty(), "{query}");
        assert_eq!(response.json()["message"], "no music found");
    }
    // Later page of a filter: empty.
    let count = lyrics.len();
    assert!(
        items(
            &app.get(&format!("/api/v1/getFilteredMusicData/{count}/20?letra=true"))
                .await
                .success_data()
        )
        .is_empty()
    );
    for bad in ["letra=talvez", "traducao=2", "video=sim"] {
        assert_error(&app.get(&format!("{base}?{bad}")).await, 400);
    }
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// C08: getSingleMusicData takes the artist first; MU-05: unknown pair → 404; MU-06: texts present or ''.
async fn single_music_and_slug_order(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (music, artist): (String, String) = sqlx::query_as(
        "SELECT s.slug, a.slug FROM songs s JOIN artists a ON a.id = s.artist_id \
         WHERE s.has_lyrics = 1 AND s.has_translation = 1 ORDER BY s.id LIMIT 1",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    let data = app
        .get(&format!("/api/v1/getSingleMusicData/{artist}/{music}"))
        .await
        .success_data();
    assert_eq!(data["musicSlug"], music.as_str());
    assert_eq!(data["artistSlug"], artist.as_str());
    assert!(data["musicLyrics"].as_str().unwrap().contains("<p>"));
    assert!(!data["musicTranslation"].as_str().unwrap().is_empty());
    // The reversed order is not the same song.
    assert_error(
        &app.get(&format!("/api/v1/getSingleMusicData/{music}/{artist}"))
            .await,
        404,
    );
    assert_error(&app.get("/api/v1/getSingleMusicData/nao-existe/nada").await, 404);

    // MU-06: a song without lyrics carries an empty text; one without a track an empty musicTrack.
    let (music, artist): (String, String) = sqlx::query_as(
        "SELECT s.slug, a.slug FROM songs s JOIN artists a ON a.id = s.artist_id \
         WHERE s.has_lyrics = 0 ORDER BY s.id LIMIT 1",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    let data = app
        .get(&format!("/api/v1/getSingleMusicData/{artist}/{music}"))
        .await
        .success_data();
    assert_eq!(data["musicLyrics"], "");
    assert_eq!(data["hasLyrics"], false);
    let silent = scalar(&app, "SELECT COUNT(*) FROM songs WHERE track_url = ''").await;
    assert!(silent > 0, "the demo has songs without a track");
}

/// MU-08 (C37, G52): 401 without a session, the audio as an attachment with one, 404 for a bad id.
async fn download_needs_a_session_and_returns_audio(backend: Backend) {
    // Long enough that the 30-second preview is a different, shorter file than the song.
    let app = TestApp::with_config(backend, |config| config.demo_track_seconds = Some(65.0)).await;
    let (music, artist): (String, String) = sqlx::query_as(
        "SELECT s.slug, a.slug FROM songs s JOIN artists a ON a.id = s.artist_id \
         WHERE s.track_url <> '' ORDER BY s.id LIMIT 1",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    let path = format!("/api/v1/downloads/music/{music}+{artist}");
    assert_error(&app.get(&path).await, 401);
    assert_error(&get_with_bearer(&app, &path, "not-a-token").await, 401);
    let token = user_token(&app).await;
    let response = get_with_bearer(&app, &path, &token).await;
    assert_eq!(response.status.as_u16(), 200);
    assert_eq!(response.header("content-type"), Some("audio/mpeg"));
    let disposition = response.header("content-disposition").unwrap();
    assert!(
        disposition.starts_with("attachment; filename=\""),
        "{disposition}"
    );
    assert!(disposition.ends_with(".mp3"), "{disposition}");
    let body = &response.body;
    assert!(body.len() > 4_000, "{} bytes", body.len());
    // An MPEG audio frame sync (or an ID3 tag) at the start.
    assert!(
        body.starts_with(b"ID3") || (body[0] == 0xFF && body[1] & 0xE0 == 0xE0),
        "{:02X?}",
        &body[..4]
    );
    // The same bytes again (kept, not rendered twice).
    let again = get_with_bearer(&app, &path, &token).await;
    assert_eq!(again.body, response.body);
    // The full file has no public address any more (it served the download to anyone); the
    // public player gets the preview, a different and much shorter file.
    assert_eq!(
        app.get(&format!("/media/audio/music/{music}+{artist}.mp3"))
            .await
            .status
            .as_u16(),
        404
    );
    let preview = app
        .get(&format!("/media/audio/previews/{music}+{artist}.mp3"))
        .await;
    assert_eq!(preview.status.as_u16(), 200);
    assert_eq!(preview.header("content-type"), Some("audio/mpeg"));
    // 65 s of song, 30 s of preview.
    assert!(
        preview.body.len() < response.body.len() / 2,
        "{} vs {}",
        preview.body.len(),
        response.body.len()
    );
    let single = app
        .get(&format!("/api/v1/getSingleMusicData/{artist}/{music}"))
        .await
        .success_data();
    assert_eq!(
        single["musicTrack"],
        format!("/media/audio/previews/{music}+{artist}.mp3")
    );

    for bad in [
        format!("/api/v1/downloads/music/{artist}+{music}"),
        format!("/api/v1/downloads/music/{music}{artist}"),
        format!("/api/v1/downloads/music/{music}+{artist}+x"),
        format!("/api/v1/downloads/podcast/{music}+{artist}"),
        "/api/v1/downloads/music/+".to_owned(),
    ] {
        assert_error(&get_with_bearer(&app, &bad, &token).await, 404);
    }
    // A song without a track has nothing to download or play.
    let (music, artist): (String, String) = sqlx::query_as(
        "SELECT s.slug, a.slug FROM songs s JOIN artists a ON a.id = s.artist_id \
         WHERE s.track_url = '' ORDER BY s.id LIMIT 1",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert_error(
        &get_with_bearer(&app, &format!("/api/v1/downloads/music/{music}+{artist}"), &token).await,
        404,
    );
    let single = app
        .get(&format!("/api/v1/getSingleMusicData/{artist}/{music}"))
        .await
        .success_data();
    assert_eq!(single["musicTrack"], "");
    assert_error(&app.get("/media/audio/previews/nada+ninguem.mp3").await, 404);
}

// -------------------------------------------------------------------------------------------------
// Top lists

/// TP-01 (10 items, the station's list first), TP-02 (id and slug give the same list), TP-03 (404).
async fn top10_categories_and_lists(backend: Backend) {
    let app = TestApp::new(backend).await;
    let categories = items(&app.get("/api/v1/getTop10Categories").await.success_data());
    assert_eq!(
        categories.len() as i64,
        scalar(&app, "SELECT COUNT(*) FROM top10_categories").await
    );
    assert_eq!(
        categories[0]["categorySlug"],
        app.state.config.station_slug.as_str()
    );
    for category in &categories {
        for key in ["categorySlug", "categoryName", "description"] {
            assert!(category[key].is_string(), "{key}");
        }
        let id = category["id"].as_i64().unwrap();
        let by_id = items(&app.get(&format!("/api/v1/getTop10/{id}")).await.success_data());
        let slug = category["categorySlug"].as_str().unwrap();
        let by_slug = items(&app.get(&format!("/api/v1/getTop10/{slug}")).await.success_data());
        assert_eq!(by_id.len(), 10, "{slug}");
        assert_eq!(by_id, by_slug, "{slug}");
        let positions: Vec<i64> = by_id.iter().map(|i| i["position"].as_i64().unwrap()).collect();
        assert_eq!(positions, (1..=10).collect::<Vec<_>>());
    }
    assert_error(&app.get("/api/v1/getTop10/nao-existe").await, 404);
    assert_error(&app.get("/api/v1/getTop10/999999").await, 404);
}

/// TP-04 (100 items of a year), TP-05 (a year without music is a 404), G44 (newest first).
async fn top100_years_and_lists(backend: Backend) {
    let app = TestApp::new(backend).await;
    let years = items(&app.get("/api/v1/getTop100Years").await.success_data());
    assert_eq!(years.len(), 27, "1998..2024");
    assert_eq!(years[0]["ano"], 2024);
    assert_eq!(years[0]["tx_ano"], "2024");
    assert_eq!(years[26]["ano"], 1998);
    let list = items(&app.get("/api/v1/getTop100/2010").await.success_data());
    assert_eq!(list.len(), 100);
    let positions: Vec<i64> = list.iter().map(|i| i["position"].as_i64().unwrap()).collect();
    assert_eq!(positions, (1..=100).collect::<Vec<_>>());
    assert!(list.iter().all(|item| item["year"].as_i64().unwrap() <= 2010));
    assert_error(&app.get("/api/v1/getTop100/1900").await, 404);
    assert_error(&app.get("/api/v1/getTop100/3000").await, 404);
    assert_error(&app.get("/api/v1/getTop100/dois-mil").await, 400);
}

/// Malformed paths and queries: 400 or 404 in the envelope, never a 500.
async fn bad_parameters_never_answer_500(backend: Backend) {
    let app = TestApp::new(backend).await;
    for path in [
        "/api/v1/getJournalistNews/%FF/10/0",
        "/api/v1/getJournalistNews/1/%FF/0",
        "/api/v1/getSingleArtist/%FF",
        "/api/v1/getSingleArtist/%20",
        "/api/v1/getMusicData/-1/20",
        "/api/v1/getMusicData/0/0",
        "/api/v1/getMusicData/0/1000",
        "/api/v1/getMusicData/abc/20",
        "/api/v1/getFilteredMusicData/0/abc?letra=true",
        "/api/v1/getSingleMusicData/%FF/x",
        "/api/v1/getTop10/%FF",
        "/api/v1/getTop10/%20",
        "/api/v1/getTop100/99999999999999",
        "/api/v1/artists/getArtistsTopSongs/%FF/3",
        "/api/v1/downloads/music/%FF",
        "/media/audio/previews/%FF.mp3",
        "/media/audio/previews/semmais.mp3",
        "/media/audio/previews/a+b.ogg",
    ] {
        let response = app.get(path).await;
        let code = response.status.as_u16();
        assert!(
            [400, 401, 404].contains(&code),
            "{path}: {code} {}",
            response.text()
        );
        assert_envelope(&response.json());
    }
    // A very long search is cut, not refused.
    let long = "a".repeat(5_000);
    app.get(&format!("/api/v1/getFilteredMusicData/0/20?busca={long}"))
        .await
        .success_data();
}
