//! The demo content: seeded once, idempotent, switchable off, fast, and complete enough that every
//! area of the site has something true to show — on SQLite and on PostgreSQL.

// Test helpers outside #[test] functions panic on purpose.

use std::{
    collections::{BTreeMap, BTreeSet},
    time::{Duration, Instant},
};

use crate::common::{Backend, TestApp};
use axum::http::StatusCode;

on_both_databases!(
    seeding_twice_writes_once,
    seeding_is_fast,
    demo_switched_off_seeds_nothing,
    news_fill_all_fourteen_categories,
    newsroom_has_pro_news_reuters_and_inactive_journalists,
    affiliates_are_21_across_the_8_states,
    states_and_every_municipality,
    top_lists_cover_the_groups_and_1998_to_2024,
    music_catalogue_has_lyrics_translations_and_videos,
    streams_have_the_required_kinds,
    podcasts_videos_and_schedule,
    clients_promotions_and_pro_page,
    hunt_poll_sentence_and_legal_texts,
    demo_texts_are_written_with_their_accents,
    brand_comes_from_configuration,
    every_generated_image_answers_svg,
);

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar::<_, i64>(sql)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap_or_else(|err| panic!("{sql}: {err}"))
}

async fn strings(app: &TestApp, sql: &str) -> Vec<String> {
    sqlx::query_scalar::<_, String>(sql)
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap_or_else(|err| panic!("{sql}: {err}"))
}

/// Every content table the seed writes.
const TABLES: &[&str] = &[
    "settings",
    "news_categories",
    "affiliates",
    "states",
    "cities",
    "journalists",
    "podcast_shows",
    "news",
    "news_daily_views",
    "tags",
    "news_tags",
    "artists",
    "albums",
    "songs",
    "top10_categories",
    "top10_entries",
    "top100_lists",
    "top100_entries",
    "podcast_collections",
    "podcast_recordings",
    "video_playlists",
    "videos",
    "programs",
    "partners",
    "streams",
    "stream_sources",
    "clients",
    "client_locations",
    "spots",
    "promotions",
    "promotion_winners",
    "pro_faqs",
    "legal_texts",
    "polls",
    "poll_answers",
    "day_sentences",
    "treasure_hunts",
    "hunt_prizes",
];

async fn table_counts(app: &TestApp) -> BTreeMap<&'static str, i64> {
    let mut counts = BTreeMap::new();
    for table in TABLES {
        counts.insert(*table, count(app, &format!("SELECT COUNT(*) FROM {table}")).await);
    }
    counts
}

async fn seeding_twice_writes_once(backend: Backend) {
    let app = TestApp::new(backend).await;
    let before = table_counts(&app).await;
    for (table, rows) in &before {
        assert!(*rows > 0, "{table} is empty after the seed");
    }
    let again = onda_server::seed::seed_demo(&app.state).await.unwrap();
    assert!(!again, "a second seed must not write");
    assert!(!onda_server::seed::seed_reference(&app.state).await.unwrap());
    assert_eq!(table_counts(&app).await, before);
}

/// Prints the time (visible with `--nocapture`).
#[allow(clippy::print_stdout)]
async fn seeding_is_fast(backend: Backend) {
    let app = TestApp::empty(backend).await;
    let started = Instant::now();
    assert!(onda_server::seed::seed_demo(&app.state).await.unwrap());
    let elapsed = started.elapsed();
    let rows: i64 = table_counts(&app).await.values().sum();
    println!("demo seed on {}: {rows} rows in {elapsed:.2?}", backend.name());
    // Not a speed target (that is a benchmark's job): a guard against a pathological seed, such as
    // one transaction per row, with room for a debug build on a loaded 2-core CI machine.
    let limit = match backend {
        Backend::Sqlite => Duration::from_secs(20),
        Backend::Postgres => Duration::from_secs(40),
    };
    assert!(elapsed < limit, "seeding took {elapsed:?}");
}

async fn demo_switched_off_seeds_nothing(backend: Backend) {
    let app = TestApp::with_config(backend, |config| config.seed_demo = false).await;
    assert!(!onda_server::seed::seed_demo(&app.state).await.unwrap());
    assert_eq!(app.state.db.setting("demo_seed_version").await.unwrap(), None);
    for table in TABLES.iter().filter(|table| **table != "settings") {
        assert_eq!(
            count(&app, &format!("SELECT COUNT(*) FROM {table}")).await,
            0,
            "{table}"
        );
    }
    // The IBGE reference data can still be seeded on its own.
    assert!(onda_server::seed::seed_reference(&app.state).await.unwrap());
    assert_eq!(count(&app, "SELECT COUNT(*) FROM states").await, 27);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM news").await, 0);
}

async fn news_fill_all_fourteen_categories(backend: Backend) {
    let app = TestApp::new(backend).await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM news_categories").await, 14);
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "SELECT c.slug, CAST(COUNT(n.id) AS BIGINT) FROM news_categories c \
         LEFT JOIN news n ON n.category_id = c.id GROUP BY c.slug",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(rows.len(), 14);
    for (slug, news) in rows {
        assert!(news >= 4, "category {slug} has {news} news");
    }
    // Titles, subtitles, HTML bodies of several paragraphs, authors, tags, dates in the last weeks.
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM news WHERE title = '' OR subtitle = '' OR author = '' OR content NOT LIKE '<p>%'"
        )
        .await,
        0
    );
    let newest: i64 = count(&app, "SELECT MAX(published_at) FROM news").await;
    assert!(
        newest <= now && newest > now - 86_400,
        "newest news at {newest}, now {now}"
    );
    let recent = count(
        &app,
        &format!(
            "SELECT COUNT(*) FROM news WHERE published_at > {}",
            now - 21 * 86_400
        ),
    )
    .await;
    assert!(recent >= 56, "{recent} news in the last three weeks");
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM news n WHERE NOT EXISTS (SELECT 1 FROM news_tags t WHERE t.news_id = n.id)"
        )
        .await,
        0,
        "every news item has tags"
    );
    assert!(
        count(
            &app,
            "SELECT COUNT(*) FROM news WHERE slug IN ('tags', 'musica', 'outros')"
        )
        .await
            == 0
    );
    // 'Most read of the week' has data for today.
    assert!(count(&app, "SELECT COUNT(DISTINCT day) FROM news_daily_views").await >= 7);
}

async fn newsroom_has_pro_news_reuters_and_inactive_journalists(backend: Backend) {
    let app = TestApp::new(backend).await;
    assert!(
        count(
            &app,
            "SELECT COUNT(*) FROM news WHERE is_pro = 1 AND podcast_show_id IS NULL"
        )
        .await
            >= 4
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM news WHERE is_pro = 1 AND teaser = ''").await,
        0,
        "PRO items carry a teaser for non-PRO readers (S04)"
    );
    assert!(count(&app, "SELECT COUNT(*) FROM news WHERE source = 'reuters'").await >= 5);
    let mundo = count(
        &app,
        "SELECT COUNT(*) FROM news n JOIN news_categories c ON c.id = n.category_id WHERE c.slug = 'mundo'",
    )
    .await;
    assert!(mundo >= 6, "{mundo} Mundo news");
    assert!(count(&app, "SELECT COUNT(*) FROM journalists WHERE is_active = 0").await >= 2);
    assert!(count(&app, "SELECT COUNT(*) FROM journalists WHERE is_active = 1").await >= 5);
    assert!(
        count(
            &app,
            "SELECT COUNT(*) FROM news n JOIN journalists j ON j.id = n.journalist_id WHERE j.is_active = 0"
        )
        .await
            > 0,
        "inactive journalists keep their old news"
    );
    // JR-02 and NW-14 need a journalist with 15+ news and a tag with 28+.
    assert!(
        count(&app, "SELECT CAST(MAX(c) AS BIGINT) FROM (SELECT COUNT(*) AS c FROM news WHERE journalist_id IS NOT NULL GROUP BY journalist_id) t")
            .await
            >= 15
    );
    assert!(
        count(
            &app,
            "SELECT CAST(MAX(c) AS BIGINT) FROM (SELECT COUNT(*) AS c FROM news_tags GROUP BY tag_id) t"
        )
        .await
            > 28
    );
    assert!(count(&app, "SELECT COUNT(*) FROM tags").await >= 30);
    // The three TV app guides (doc2 §2).
    for tv in ["lg", "samsung", "apple-tv"] {
        assert!(
            count(
                &app,
                &format!("SELECT COUNT(*) FROM news WHERE slug LIKE '%{tv}%'")
            )
            .await
                >= 1,
            "news explaining the {tv} app"
        );
    }
}

async fn affiliates_are_21_across_the_8_states(backend: Backend) {
    let app = TestApp::new(backend).await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM affiliates").await, 21);
    let states: BTreeSet<String> = strings(&app, "SELECT DISTINCT state FROM affiliates")
        .await
        .into_iter()
        .collect();
    let expected: BTreeSet<String> = ["BA", "DF", "ES", "MG", "PR", "RS", "SC", "SP"]
        .iter()
        .map(|uf| (*uf).to_owned())
        .collect();
    assert_eq!(states, expected);
    for name in strings(&app, "SELECT name FROM affiliates").await {
        assert!(name.starts_with("Onda FM "), "{name}");
    }
    for frequency in strings(&app, "SELECT frequency FROM affiliates").await {
        assert!(
            frequency.ends_with(" MHz") && frequency.contains(','),
            "{frequency}"
        );
    }
    // The '-' rule needs some affiliates without e-mail or phone.
    assert!(count(&app, "SELECT COUNT(*) FROM affiliates WHERE email = ''").await >= 1);
    assert!(count(&app, "SELECT COUNT(*) FROM affiliates WHERE phone = ''").await >= 1);
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM affiliates WHERE sid = '' OR stream_url = ''"
        )
        .await,
        0
    );
}

async fn states_and_every_municipality(backend: Backend) {
    let app = TestApp::new(backend).await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM states").await, 27);
    let cities = count(&app, "SELECT COUNT(*) FROM cities").await;
    assert!(cities >= 5_560, "{cities} municipalities");
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM states s WHERE NOT EXISTS (SELECT 1 FROM cities c WHERE c.state_id = s.id)"
        )
        .await,
        0
    );
    assert_eq!(
        strings(&app, "SELECT name FROM cities WHERE state_id = 53").await,
        vec!["Brasília".to_owned()]
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM cities WHERE state_id = 35").await,
        645
    );
    assert_eq!(
        strings(&app, "SELECT name FROM cities WHERE id = 3550308").await,
        vec!["São Paulo".to_owned()]
    );
    assert_eq!(
        strings(&app, "SELECT uf FROM states WHERE id = 29").await,
        vec!["BA".to_owned()]
    );
}

async fn top_lists_cover_the_groups_and_1998_to_2024(backend: Backend) {
    let app = TestApp::new(backend).await;
    let groups: BTreeSet<String> = strings(&app, "SELECT slug FROM top10_categories")
        .await
        .into_iter()
        .collect();
    let expected: BTreeSet<String> = [
        "onda",
        "italianas",
        "romanticas",
        "francesas",
        "regravacoes",
        "pop",
        "usa",
        "uk",
        "europa",
    ]
    .iter()
    .map(|slug| (*slug).to_owned())
    .collect();
    assert_eq!(groups, expected);
    assert_eq!(
        strings(
            &app,
            "SELECT slug FROM top10_categories ORDER BY position LIMIT 1"
        )
        .await,
        vec!["onda".to_owned()],
        "the station's own list comes first"
    );
    let per_group: Vec<i64> = sqlx::query_scalar(
        "SELECT CAST(COUNT(DISTINCT e.song_id) AS BIGINT) FROM top10_categories c \
         JOIN top10_entries e ON e.category_id = c.id GROUP BY c.id",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(per_group, vec![10; 9]);

    let years: Vec<(i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT l.year, CAST(COUNT(*) AS BIGINT), CAST(COUNT(DISTINCT e.song_id) AS BIGINT), CAST(MAX(e.position) AS BIGINT) \
         FROM top100_entries e JOIN top100_lists l ON l.id = e.list_id GROUP BY l.year ORDER BY l.year",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(
        years.iter().map(|row| row.0).collect::<Vec<_>>(),
        (1998..=2024).collect::<Vec<_>>()
    );
    for (year, entries, songs, last) in years {
        assert_eq!((entries, songs, last), (100, 100, 100), "top 100 of {year}");
    }
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM top100_entries t JOIN top100_lists l ON l.id = t.list_id \
             JOIN songs s ON s.id = t.song_id WHERE s.year > l.year"
        )
        .await,
        0,
        "no song in the top 100 of a year before its release"
    );
}

async fn music_catalogue_has_lyrics_translations_and_videos(backend: Backend) {
    let app = TestApp::new(backend).await;
    assert!(count(&app, "SELECT COUNT(*) FROM artists").await >= 30);
    assert!(count(&app, "SELECT COUNT(*) FROM artists WHERE country = 'BR'").await >= 10);
    assert!(count(&app, "SELECT COUNT(*) FROM artists WHERE is_featured = 1").await >= 10);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM artists WHERE biography = ''").await,
        0
    );
    let songs = count(&app, "SELECT COUNT(*) FROM songs").await;
    assert!(songs >= 100, "{songs} songs");
    let with_lyrics = count(&app, "SELECT COUNT(*) FROM songs WHERE has_lyrics = 1").await;
    assert!(
        with_lyrics > songs / 3 && with_lyrics < songs,
        "{with_lyrics} of {songs} with lyrics"
    );
    assert!(count(&app, "SELECT COUNT(*) FROM songs WHERE has_translation = 1").await >= 10);
    assert!(count(&app, "SELECT COUNT(*) FROM songs WHERE has_video = 1").await >= 10);
    assert!(
        count(&app, "SELECT COUNT(*) FROM songs WHERE track_url = ''").await >= 1,
        "some songs are not playable"
    );
    // Flags agree with the texts; lyrics are labelled demo verses, never a real song's lyrics.
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM songs WHERE (has_lyrics = 1) <> (lyrics <> '')"
        )
        .await,
        0
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM songs WHERE (has_translation = 1) <> (translation <> '')"
        )
        .await,
        0
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM songs WHERE has_lyrics = 1 AND lyrics NOT LIKE '%Letra de demonstração%'"
        )
        .await,
        0
    );
    for id in strings(&app, "SELECT video_youtube_id FROM songs WHERE has_video = 1").await {
        assert_eq!(id.len(), 11, "{id}");
        assert!(
            id.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
            "{id}"
        );
    }
    // C08: musicSlug+artistSlug is unique.
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM (SELECT slug, artist_id FROM songs GROUP BY slug, artist_id HAVING COUNT(*) > 1) d")
            .await,
        0
    );
    assert!(count(&app, "SELECT COUNT(*) FROM albums WHERE is_featured = 1").await >= 20);
}

async fn streams_have_the_required_kinds(backend: Backend) {
    let app = TestApp::new(backend).await;
    let main: (String, String, i64, i64) =
        sqlx::query_as("SELECT name, meta_id, is_pro, is_semi_pro FROM streams WHERE stream_id = 'onda_1'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(main, ("Normal".to_owned(), "onda_1".to_owned(), 0, 0));
    let codecs = strings(
        &app,
        "SELECT ss.codec FROM stream_sources ss JOIN streams s ON s.id = ss.stream_id \
         WHERE s.stream_id = 'onda_1' ORDER BY ss.position",
    )
    .await;
    assert_eq!(codecs, vec!["AAC-HE", "AAC+", "MP3"]);
    let mp3 = strings(
        &app,
        "SELECT ss.src FROM stream_sources ss JOIN streams s ON s.id = ss.stream_id \
         WHERE s.stream_id = 'onda_1' AND ss.codec = 'MP3'",
    )
    .await;
    assert_eq!(mp3, vec!["/stream/onda_1.mp3".to_owned()]);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM streams WHERE stream_id = 'onda_1_dolby_atmos' AND is_pro = 0 AND is_dolby = 1")
            .await,
        1
    );
    assert!(count(&app, "SELECT COUNT(*) FROM streams WHERE is_semi_pro = 1").await >= 1);
    assert!(count(&app, "SELECT COUNT(*) FROM streams WHERE is_pro = 1").await >= 2);
    assert!(
        count(
            &app,
            "SELECT COUNT(*) FROM streams WHERE is_popup = 1 AND popup_url <> ''"
        )
        .await
            >= 1
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM streams WHERE color = '' OR image_url = ''"
        )
        .await,
        0
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM streams s WHERE NOT EXISTS (SELECT 1 FROM stream_sources x WHERE x.stream_id = s.id)")
            .await,
        0
    );
}

async fn podcasts_videos_and_schedule(backend: Backend) {
    let app = TestApp::new(backend).await;
    assert!(count(&app, "SELECT COUNT(*) FROM podcast_shows").await >= 6);
    assert!(count(&app, "SELECT COUNT(*) FROM podcast_shows WHERE is_pro = 1").await >= 1);
    assert!(
        count(&app, "SELECT COUNT(*) FROM podcast_shows WHERE show_id = ''").await >= 1,
        "PD-01 hides these"
    );
    assert!(
        count(&app, "SELECT CAST(MAX(c) AS BIGINT) FROM (SELECT COUNT(*) AS c FROM news WHERE podcast_show_id IS NOT NULL GROUP BY podcast_show_id) t")
            .await
            >= 25,
        "one show pages 20 + 20"
    );
    let collections: BTreeSet<String> = strings(&app, "SELECT slug FROM podcast_collections")
        .await
        .into_iter()
        .collect();
    for slug in [
        "recentes",
        "notícias",
        "arquivo-musical",
        "super-montagens",
        "giro-de-notícias",
    ] {
        assert!(collections.contains(slug), "C05 playlist {slug}");
    }
    assert!(count(&app, "SELECT COUNT(*) FROM podcast_recordings").await >= 40);
    assert!(count(&app, "SELECT COUNT(*) FROM video_playlists").await >= 3);
    assert!(count(&app, "SELECT COUNT(*) FROM videos").await >= 15);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM videos WHERE is_featured = 1").await,
        1
    );
    assert!(count(&app, "SELECT COUNT(*) FROM programs").await >= 8);
    assert_eq!(
        // Music programmes name no presenter; every programme has its days and hours.
        count(
            &app,
            "SELECT COUNT(*) FROM programs WHERE days_label = '' OR start_time = '' OR end_time = ''"
        )
        .await,
        0
    );
    assert!(count(&app, "SELECT COUNT(*) FROM partners").await >= 4);
    let tv = app.state.db.setting("tv_channels").await.unwrap().unwrap();
    assert!(
        tv.contains("Onda FM TV") && tv.contains("Letra e Tradução"),
        "{tv}"
    );
}

async fn clients_promotions_and_pro_page(backend: Backend) {
    let app = TestApp::new(backend).await;
    let segments: BTreeSet<String> = strings(&app, "SELECT DISTINCT segment FROM clients")
        .await
        .into_iter()
        .collect();
    assert_eq!(segments.len(), 6, "{segments:?}");
    assert!(
        count(&app, "SELECT COUNT(*) FROM clients c WHERE NOT EXISTS (SELECT 1 FROM client_locations l WHERE l.client_id = c.id)")
            .await
            >= 1,
        "some clients are 'Sem praça'"
    );
    assert!(
        count(&app, "SELECT COUNT(*) FROM clients WHERE image_url = ''").await >= 1,
        "default image"
    );
    assert!(count(&app, "SELECT COUNT(*) FROM spots").await >= 15);
    assert!(
        count(&app, "SELECT COUNT(*) FROM spots WHERE audio_url = ''").await >= 1,
        "'Audio indisponível'"
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM spots WHERE audio_url <> '' AND audio_url NOT LIKE '/media/audio/spots/%.mp3'")
            .await,
        0
    );

    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let open = count(
        &app,
        &format!("SELECT COUNT(*) FROM promotions WHERE starts_at <= {now} AND ends_at > {now}"),
    )
    .await;
    let closed = count(
        &app,
        &format!("SELECT COUNT(*) FROM promotions WHERE ends_at <= {now}"),
    )
    .await;
    assert!(open >= 3 && closed >= 9, "{open} open, {closed} closed");
    assert!(
        count(
            &app,
            &format!(
                "SELECT COUNT(*) FROM promotions WHERE is_pro = 1 AND color_scheme = 'D' AND ends_at > {now}"
            )
        )
        .await
            >= 1
    );
    for mode in [
        "is_editable = 1",
        "is_multiple = 1",
        "is_single_word = 1",
        "is_editable = 0 AND is_multiple = 0",
    ] {
        assert!(
            count(
                &app,
                &format!("SELECT COUNT(*) FROM promotions WHERE {mode} AND ends_at > {now}")
            )
            .await
                >= 1,
            "an open promotion with {mode}"
        );
    }
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM promotions WHERE rules NOT LIKE '%Regulamento%'"
        )
        .await,
        0
    );
    assert!(count(&app, "SELECT COUNT(*) FROM promotion_winners").await >= 9);

    assert!(count(&app, "SELECT COUNT(*) FROM pro_faqs").await >= 8);
    let answers = strings(&app, "SELECT answer FROM pro_faqs").await.join("\n");
    for fact in [
        "R$ 9,90",
        "R$ 99,90",
        "2 meses grátis",
        "App Store",
        "dia seguinte ao fim do período",
    ] {
        assert!(answers.contains(fact), "FAQ mentions {fact}");
    }
}

/// Portuguese words that are often written without their accents, as they would then read. None of
/// them is a word of its own in Portuguese, and (but for 'noticias' and 'politica', too common a typo
/// to leave out) none is one in the languages of the demo's song titles and lyrics (English, Spanish,
/// Italian, French): any of them in a text the seed writes is a typo.
const UNACCENTED: &[&str] = &[
    "politica",
    "politicas",
    "saude",
    "noticia",
    "noticias",
    "promocao",
    "promocoes",
    "programacao",
    "informacao",
    "informacoes",
    "cancao",
    "cancoes",
    "voce",
    "voces",
    "nao",
    "tambem",
    "entao",
    "apos",
    "alem",
    "atraves",
    "ingles",
    "portugues",
    "musicos",
    "classicos",
    "romanticas",
    "romanticos",
    "eletronica",
    "veiculo",
    "veiculos",
    "lancamento",
    "lancamentos",
    "albuns",
    "sao",
    "irmao",
    "coracao",
    "emocao",
    "emocoes",
    "edicao",
    "producao",
    "regiao",
    "opcao",
    "opcoes",
    "publico",
    "publica",
    "proxima",
    "proximo",
    "proximos",
    "ultimos",
    "ultimas",
    "ja",
];

/// `html` without its tags (an `href='/noticias/politica'` is an address, not a text).
fn without_tags(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                text.push(' ');
            }
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// Every text the demo writes for people to read is in written Portuguese: the category names carry
/// their accents ('Política', 'Música', 'Saúde') while their slugs stay plain ASCII, and no text
/// column of a seeded table (news, programmes, promotions, songs, clients, …; addresses, slugs and
/// ids left out) holds one of the usual unaccented spellings.
async fn demo_texts_are_written_with_their_accents(backend: Backend) {
    use sqlx::{Column, Row};

    let app = TestApp::new(backend).await;
    let categories: Vec<(String, String)> =
        sqlx::query_as("SELECT slug, name FROM news_categories ORDER BY position")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    let names: Vec<&str> = categories.iter().map(|(_, name)| name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Carros",
            "Economia",
            "Mundo",
            "Música",
            "Política",
            "Saúde",
            "Tecnologia",
            "Cotidiano",
            "Cinema",
            "Moda",
            "Gastronomia",
            "Viagem",
            "Podcast",
            "Outros",
        ]
    );
    for (slug, _) in &categories {
        assert!(
            slug.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
            "slug {slug:?}"
        );
    }

    // Columns that hold addresses, identifiers or codes rather than words.
    let technical = [
        "slug", "url", "file", "key", "mime", "codec", "_id", "hash", "email", "phone", "color", "style",
        "path", "image", "icon", "src", "alias", "token", "password", "code", "uf", "sid",
    ];
    let mut typos = BTreeSet::new();
    for table in TABLES
        .iter()
        .filter(|table| !["states", "cities"].contains(table))
    {
        let rows = sqlx::query(&format!("SELECT * FROM {table}"))
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
        for row in &rows {
            for column in row.columns() {
                let name = column.name();
                if technical.iter().any(|part| name.contains(part)) {
                    continue;
                }
                let Ok(Some(value)) = row.try_get::<Option<String>, _>(column.ordinal()) else {
                    continue;
                };
                for word in without_tags(&value)
                    .split(|c: char| !c.is_alphabetic())
                    .filter(|word| !word.is_empty())
                {
                    let lower = word.to_lowercase();
                    if UNACCENTED.contains(&lower.as_str()) {
                        typos.insert(format!("{table}.{name}: {word}"));
                    }
                }
            }
        }
    }
    assert!(typos.is_empty(), "unaccented words in the demo: {typos:#?}");
}

async fn hunt_poll_sentence_and_legal_texts(backend: Backend) {
    let app = TestApp::new(backend).await;
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    assert_eq!(
        count(&app, &format!("SELECT COUNT(*) FROM treasure_hunts WHERE is_active = 1 AND starts_at < {now} AND ends_at > {now}"))
            .await,
        1
    );
    assert!(count(&app, "SELECT COUNT(*) FROM hunt_prizes").await >= 4);
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM hunt_prizes WHERE remaining_quantity > total_quantity"
        )
        .await,
        0
    );
    assert!(
        count(
            &app,
            "SELECT COUNT(*) FROM hunt_prizes WHERE remaining_quantity = 0"
        )
        .await
            >= 1
    );
    assert!(count(&app, "SELECT COUNT(*) FROM poll_answers").await >= 3);
    assert!(count(&app, "SELECT COUNT(*) FROM day_sentences").await >= 7);

    let privacy = strings(&app, "SELECT content FROM legal_texts WHERE slug = 'privacidade'")
        .await
        .join("");
    let terms = strings(&app, "SELECT content FROM legal_texts WHERE slug = 'uso'")
        .await
        .join("");
    for topic in [
        "cookies",
        "análise",
        "publicidade",
        "5 (cinco) dias",
        "Seus direitos",
    ] {
        assert!(privacy.contains(topic), "privacy policy covers {topic}");
    }
    for topic in [
        "Conteúdo publicado pelos usuários",
        "Renovação automática",
        "passa a valer no dia seguinte ao fim do período já pago",
        "Alteração de preços",
    ] {
        assert!(terms.contains(topic), "terms cover {topic}");
    }
}

async fn brand_comes_from_configuration(backend: Backend) {
    let app = TestApp::with_config(backend, |config| {
        config.station_name = "Rádio Maré".to_owned();
        config.station_slug = "mare".to_owned();
    })
    .await;
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM affiliates WHERE name NOT LIKE 'Rádio Maré %'"
        )
        .await,
        0
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM streams WHERE stream_id IN ('mare_1', 'mare_1_dolby_atmos')"
        )
        .await,
        2
    );
    assert_eq!(
        strings(&app, "SELECT name FROM top10_categories WHERE slug = 'mare'").await,
        vec!["Rádio Maré".to_owned()]
    );
    for (table, column) in [
        ("news", "content"),
        ("news", "title"),
        ("legal_texts", "content"),
        ("pro_faqs", "answer"),
        ("programs", "title"),
        ("streams", "name"),
        ("promotions", "rules"),
        ("podcast_shows", "description"),
        ("treasure_hunts", "banner_message"),
    ] {
        let leaks = count(
            &app,
            &format!("SELECT COUNT(*) FROM {table} WHERE {column} LIKE '%Onda FM%' OR {column} LIKE '%{{station}}%' OR {column} LIKE '%{{slug}}%'"),
        )
        .await;
        assert_eq!(leaks, 0, "{table}.{column} must use the configured brand");
    }
}

async fn every_generated_image_answers_svg(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut urls = Vec::new();
    for (table, column) in [
        ("news", "image_url"),
        ("news", "featured_image_url"),
        ("journalists", "image_url"),
        ("artists", "image_url"),
        ("artists", "banner_url"),
        ("albums", "cover_url"),
        ("albums", "cover_small_url"),
        ("podcast_shows", "thumb_url"),
        ("podcast_shows", "image_featured_url"),
        ("podcast_collections", "image_url"),
        ("podcast_recordings", "image_url"),
        ("videos", "image_url"),
        ("programs", "image_url"),
        ("partners", "image_url"),
        ("streams", "image_url"),
        ("clients", "image_url"),
        ("spots", "image_url"),
        ("promotions", "banner_url"),
        ("promotions", "featured_banner_url"),
        ("promotions", "image_url"),
        ("promotions", "featured_image_url"),
        ("hunt_prizes", "image_url"),
    ] {
        let found = strings(
            &app,
            &format!("SELECT DISTINCT {column} FROM {table} WHERE {column} <> ''"),
        )
        .await;
        assert!(!found.is_empty(), "{table}.{column} has images");
        urls.extend(found);
    }
    assert!(urls.len() > 500, "{} image URLs", urls.len());
    for url in &urls {
        assert!(url.starts_with("/media/img/") && url.ends_with(".svg"), "{url}");
        let response = app.get(url).await;
        assert_eq!(response.status, StatusCode::OK, "{url}");
        assert_eq!(response.header("content-type"), Some("image/svg+xml"), "{url}");
        let body = response.text();
        assert!(
            body.starts_with("<svg ") && body.ends_with("</svg>"),
            "{url}: {body}"
        );
        // The page prints the title beside the picture and crops the picture; the picture
        // itself carries no text.
        assert!(!body.contains("<text"), "{url} draws text: {body}");
    }
    // Album covers come in 1000 and 150; the same URL always draws the same picture.
    let cover = strings(&app, "SELECT cover_url FROM albums ORDER BY id LIMIT 1")
        .await
        .remove(0);
    let small = cover.replace("/album/", "/album-small/");
    assert!(app.get(&cover).await.text().contains(r#"width="1000""#));
    assert!(app.get(&small).await.text().contains(r#"width="150""#));
    assert_eq!(app.get(&cover).await.body, app.get(&cover).await.body);
    assert_eq!(
        app.get("/media/img/news/no-such-news.svg").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get("/media/img/nonsense/x.svg").await.status,
        StatusCode::NOT_FOUND
    );
    // The station's logo is a wordmark: it keeps the configured name.
    let logo = app.get("/media/logo.svg").await;
    assert_eq!(logo.status, StatusCode::OK);
    let name = &app.state.config.station_name;
    assert!(
        logo.text().contains(&format!(">{name}</text>")),
        "{}",
        logo.text()
    );
}
