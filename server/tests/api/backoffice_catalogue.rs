//! The back office's catalogue and pages on both databases, on a station started without the
//! demo content: the permission matrix (7 for the catalogue, 5 for the newsroom's journalists and
//! categories), a station filled through these calls alone and shown by the public calls, each field's
//! refusal naming the field, what cannot be deleted, the manual order, the station's settings and
//! maintenance switch, the audio upload, and each public area the desk fills.

use axum::{
    body::Body,
    http::{Method, Request, header},
};
use onda_shared::validation::messages;
use serde_json::{Value, json};

use crate::{
    accounts_common::{Call, app, assert_invalid, assert_unauthorized, call},
    common::{Backend, TestApp, TestResponse},
    newsroom::{multipart, png, upload as upload_image},
    players_common::{listener, staff},
};

on_both_databases!(
    every_catalogue_call_needs_its_permission,
    a_station_is_filled_through_the_back_office,
    fields_are_checked_by_kind_with_their_label,
    items_in_use_stay_and_the_order_moves,
    settings_and_the_maintenance_switch,
    the_logo_s_size_is_read_from_the_picture,
    an_mp3_is_uploaded_checked_and_served,
    a_yearly_top100_is_made_reordered_and_removed,
    a_station_gets_its_channels_from_the_back_office,
    addresses_the_browser_opens_or_the_server_polls_are_refused_when_unsafe,
    podcast_shows_and_polls_come_from_the_back_office,
    videos_and_their_playlists_come_from_the_back_office,
    other_podcasts_come_from_the_back_office,
);

const CATALOGUE: &str = "/api/v1/backoffice/catalogue";
const SETTINGS: &str = "/api/v1/backoffice/settings";
const AUDIO: &str = "/api/v1/backoffice/audio";

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

async fn ok(app: &TestApp, method: Method, path: &str, token: &str, body: Option<Value>) -> Value {
    let response = request(app, method.clone(), path, Some(token), body).await;
    assert_eq!(response.status, 200, "{method} {path}: {}", response.text());
    assert_eq!(
        response.header("cache-control"),
        Some("no-store"),
        "{method} {path}"
    );
    response.success_data()
}

async fn create(app: &TestApp, token: &str, collection: &str, values: Value) -> Value {
    ok(
        app,
        Method::POST,
        &format!("{CATALOGUE}/{collection}"),
        token,
        Some(json!({ "values": values })),
    )
    .await
}

/// A public call's data.
async fn public(app: &TestApp, path: &str) -> Value {
    let response = request(app, Method::GET, path, None, None).await;
    assert_eq!(response.status, 200, "{path}: {}", response.text());
    response.success_data()
}

async fn every_catalogue_call_needs_its_permission(backend: Backend) {
    let app = app(backend).await;
    let (_, catalogue) = staff(&app, "catalogo@exemplo.com", &[7]).await;
    let (_, newsroom) = staff(&app, "redacao@exemplo.com", &[5]).await;
    let (_, listener_token) = listener(&app, "ouvinte@exemplo.com", false).await;

    // The descriptors: each permission sees its own collections, a listener none.
    assert_unauthorized(&request(&app, Method::GET, CATALOGUE, None, None).await);
    assert_eq!(
        request(&app, Method::GET, CATALOGUE, Some(&listener_token), None)
            .await
            .status,
        403
    );
    let keys = |spec: &Value| -> Vec<String> {
        spec["collections"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["key"].as_str().unwrap().to_owned())
            .collect()
    };
    let mine = keys(&ok(&app, Method::GET, CATALOGUE, &catalogue, None).await);
    assert!(
        mine.contains(&"artists".to_owned()) && mine.contains(&"legal".to_owned()),
        "{mine:?}"
    );
    assert!(!mine.contains(&"journalists".to_owned()));
    let spec = ok(&app, Method::GET, CATALOGUE, &newsroom, None).await;
    assert_eq!(keys(&spec), ["journalists", "categories", "tags"]);
    assert_eq!(spec["collections"][0]["fields"][0]["label"], "Nome");
    assert_eq!(
        spec["collections"][0]["fields"][3]["defaultValue"], true,
        "a journalist starts listed"
    );

    let mut refused_catalogue = vec![listener_token.clone(), newsroom.clone()];
    for permission in [1, 2, 3, 4, 6, 8] {
        refused_catalogue.push(
            staff(&app, &format!("s{permission}@exemplo.com"), &[permission])
                .await
                .1,
        );
    }
    let artist = create(&app, &catalogue, "artists", json!({"name": "Banda Matriz"})).await;
    let journalist = create(&app, &newsroom, "journalists", json!({"name": "Ana Repórter"})).await;
    for (collection, id, allowed, refused) in [
        (
            "artists",
            artist["id"].as_i64().unwrap(),
            &catalogue,
            refused_catalogue.clone(),
        ),
        (
            "journalists",
            journalist["id"].as_i64().unwrap(),
            &newsroom,
            vec![listener_token.clone(), catalogue.clone()],
        ),
    ] {
        let values = json!({"values": {"name": "Outro nome"}});
        let calls: Vec<(Method, String, Option<Value>)> = vec![
            (Method::GET, format!("{CATALOGUE}/{collection}"), None),
            (Method::GET, format!("{CATALOGUE}/{collection}/{id}"), None),
            (
                Method::POST,
                format!("{CATALOGUE}/{collection}"),
                Some(values.clone()),
            ),
            (
                Method::PUT,
                format!("{CATALOGUE}/{collection}/{id}"),
                Some(values.clone()),
            ),
            (
                Method::POST,
                format!("{CATALOGUE}/{collection}/{id}/move"),
                Some(json!({"by": 1})),
            ),
            (Method::DELETE, format!("{CATALOGUE}/{collection}/{id}"), None),
        ];
        for (method, path, body) in &calls {
            assert_unauthorized(&request(&app, method.clone(), path, None, body.clone()).await);
            for token in &refused {
                let response = request(&app, method.clone(), path, Some(token), body.clone()).await;
                assert_eq!(response.status, 403, "{method} {path}: {}", response.text());
                assert_eq!(response.json()["message"], "no permission");
            }
            ok(&app, method.clone(), path, allowed, body.clone()).await;
        }
    }
    for (method, path, body) in [
        (Method::GET, SETTINGS.to_owned(), None),
        (Method::PUT, SETTINGS.to_owned(), Some(json!({}))),
    ] {
        assert_unauthorized(&request(&app, method.clone(), &path, None, body.clone()).await);
        for token in &refused_catalogue {
            assert_eq!(
                request(&app, method.clone(), &path, Some(token), body.clone())
                    .await
                    .status,
                403
            );
        }
    }
    // An unknown collection is a 404 once logged in; an unknown item too.
    assert_eq!(
        request(
            &app,
            Method::GET,
            &format!("{CATALOGUE}/nada"),
            Some(&catalogue),
            None
        )
        .await
        .status,
        404
    );
    assert_eq!(
        request(
            &app,
            Method::GET,
            &format!("{CATALOGUE}/artists/999999"),
            Some(&catalogue),
            None
        )
        .await
        .status,
        404
    );
    assert_eq!(
        request(
            &app,
            Method::GET,
            &format!("{CATALOGUE}/artists/x"),
            Some(&catalogue),
            None
        )
        .await
        .status,
        404
    );
}

async fn a_station_is_filled_through_the_back_office(backend: Backend) {
    let app = app(backend).await;
    let (_, catalogue) = staff(&app, "catalogo@exemplo.com", &[7, 8]).await;
    let (_, newsroom) = staff(&app, "redacao@exemplo.com", &[5]).await;

    // Music: an artist, an album, two songs, a top-10 list.
    let artist = create(&app, &catalogue, "artists", json!({
        "name": "Luiza Bossa", "country": "BR", "biography": "<p>Cantora <script>alert(1)</script>baiana</p>",
        "isFeatured": true,
    }))
    .await;
    assert_eq!(artist["slug"], "luiza-bossa");
    assert!(
        !artist["values"]["biography"]
            .as_str()
            .unwrap()
            .contains("<script")
    );
    let artist_id = artist["id"].as_i64().unwrap();
    let album = create(
        &app,
        &catalogue,
        "albums",
        json!({
            "artistId": artist_id, "name": "Maré", "releaseYear": 2024,
        }),
    )
    .await;
    assert_eq!(album["labels"]["artistId"], "Luiza Bossa");
    assert_eq!(album["title"], "Maré — Luiza Bossa");
    let song = |name: &str| {
        json!({
            "name": name, "artistId": artist_id, "albumId": album["id"], "year": 2024,
            "lyrics": "<p>Lá vem a maré</p>",
        })
    };
    let first = create(&app, &catalogue, "songs", song("Maré Cheia")).await;
    let second = create(&app, &catalogue, "songs", song("Maré Cheia")).await;
    assert_eq!(first["slug"], "mare-cheia");
    assert_eq!(second["slug"], "mare-cheia-2", "unique within the artist");
    let single = public(&app, "/api/v1/getSingleMusicData/luiza-bossa/mare-cheia").await;
    assert_eq!(single["hasLyrics"], true, "derived from the lyrics: {single}");
    let list = create(
        &app,
        &catalogue,
        "top10",
        json!({
            "name": "Verão", "songs": [second["id"], first["id"]],
        }),
    )
    .await;
    assert_eq!(list["values"]["songs"], json!([second["id"], first["id"]]));
    assert_eq!(list["labels"]["songs"][0], "Maré Cheia — Luiza Bossa");
    let top = public(&app, "/api/v1/getTop10/verao").await;
    assert!(top.to_string().contains("mare-cheia-2"), "{top}");
    let artists = public(&app, "/api/v1/getSingleArtist/luiza-bossa").await;
    assert!(artists.to_string().contains("Luiza Bossa"));
    // Pickers find songs by name or artist.
    let found = ok(
        &app,
        Method::GET,
        &format!("{CATALOGUE}/songs?q=luiza"),
        &catalogue,
        None,
    )
    .await;
    assert_eq!(found["total"], 2);

    // Radio: a programme and an affiliate.
    create(
        &app,
        &catalogue,
        "programs",
        json!({
            "title": "Manhã Onda", "host": "Bia", "weekdays": "1,2,3,4,5", "daysLabel": "Segunda a sexta",
            "startTime": "06:00", "endTime": "10:00",
        }),
    )
    .await;
    assert!(
        public(&app, "/api/v1/programs/getProgramsData")
            .await
            .to_string()
            .contains("Manhã Onda")
    );
    create(&app, &catalogue, "affiliates", json!({
        "name": "Onda Recife", "sid": "onda-recife", "frequency": "99,1 MHz", "city": "Recife", "state": "PE",
    }))
    .await;
    assert!(
        public(&app, "/api/v1/getAffiliatesData")
            .await
            .to_string()
            .contains("Onda Recife")
    );

    // Commerce: a partner, a client with its locations and a spot.
    create(
        &app,
        &catalogue,
        "partners",
        json!({"name": "Café Central", "link": "https://cafe.example"}),
    )
    .await;
    assert!(
        public(&app, "/api/v1/getPartnersData")
            .await
            .to_string()
            .contains("Café Central")
    );
    let client = create(&app, &catalogue, "clients", json!({
        "name": "Padaria Sol", "segment": "Alimentação", "locations": ["Recife/PE", "Olinda/PE", "Recife/PE"],
    }))
    .await;
    assert_eq!(client["values"]["locations"], json!(["Recife/PE", "Olinda/PE"]));
    create(
        &app,
        &catalogue,
        "spots",
        json!({"name": "Pão quentinho", "clientId": client["id"]}),
    )
    .await;
    let single = public(&app, "/api/v1/getClientsSingleData/padaria-sol").await;
    assert!(
        single.to_string().contains("Olinda/PE") && single.to_string().contains("Pão quentinho"),
        "{single}"
    );

    // Pages: the PRO FAQ, a sentence of the day; the legal texts are edited, never created.
    create(
        &app,
        &catalogue,
        "faq",
        json!({"question": "Como assino?", "answer": "<p>Pelo site.</p>"}),
    )
    .await;
    assert!(
        public(&app, "/api/v1/proPage/getFaqs")
            .await
            .to_string()
            .contains("Como assino?")
    );
    create(
        &app,
        &catalogue,
        "sentences",
        json!({"text": "Quem canta seus males espanta.", "author": "Ditado"}),
    )
    .await;
    let fixed = request(
        &app,
        Method::POST,
        &format!("{CATALOGUE}/legal"),
        Some(&catalogue),
        Some(json!({"values": {"title": "Outro", "content": "<p>x</p>"}})),
    )
    .await;
    assert_eq!(fixed.status, 409);
    assert_eq!(fixed.json()["message"], messages::CATALOGUE_FIXED);
    // Every station has its legal texts (main.rs seeds the model texts, once); staff edit them.
    assert!(onda_server::seed::seed_fixed_content(&app.state).await.unwrap());
    assert!(
        !onda_server::seed::seed_fixed_content(&app.state).await.unwrap(),
        "only once"
    );
    let legal = ok(&app, Method::GET, &format!("{CATALOGUE}/legal"), &catalogue, None).await;
    assert_eq!(legal["total"], 2);
    let privacy = legal["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|item| item["slug"] == "privacidade")
        .unwrap()
        .clone();
    assert!(privacy["values"]["content"].as_str().unwrap().contains("LGPD"));
    ok(
        &app,
        Method::PUT,
        &format!("{CATALOGUE}/legal/{}", privacy["id"]),
        &catalogue,
        Some(json!({"values": {"title": "Política de Privacidade", "content": "<p>Nossa política, revisada.</p>"}})),
    )
    .await;
    let terms = public(&app, "/api/v1/legal/getTerms/privacidade").await;
    assert!(terms.to_string().contains("Nossa política, revisada."), "{terms}");
    assert!(
        !onda_server::seed::seed_fixed_content(&app.state).await.unwrap(),
        "an edited text stays"
    );

    // The newsroom's: a category that avoids a news item's address and the reserved 'tags'.
    let category = create(&app, &newsroom, "categories", json!({"name": "Tags"})).await;
    assert_eq!(category["slug"], "tags-2");
    let categories = public(&app, "/api/v1/news/getCategories").await;
    assert!(categories.to_string().contains("tags-2"), "{categories}");
    create(&app, &newsroom, "journalists", json!({"name": "Rita Lima"})).await;
    assert!(
        public(&app, "/api/v1/getJournalistsData")
            .await
            .to_string()
            .contains("Rita Lima")
    );

    // Every change is in the audit log.
    let audit = ok(
        &app,
        Method::GET,
        "/api/v1/backoffice/audit?entity=catalogue.songs",
        &catalogue,
        None,
    )
    .await;
    assert_eq!(audit["total"], 2);
    assert_eq!(audit["items"][0]["action"], "catalogue.songs.create");
}

async fn fields_are_checked_by_kind_with_their_label(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = staff(&app, "catalogo@exemplo.com", &[7]).await;
    let artist = create(&app, &token, "artists", json!({"name": "Grupo Teste"})).await;
    let post = |collection: &'static str, values: Value| {
        let app = &app;
        let token = &token;
        async move {
            request(
                app,
                Method::POST,
                &format!("{CATALOGUE}/{collection}"),
                Some(token),
                Some(json!({ "values": values })),
            )
            .await
        }
    };
    assert_invalid(&post("artists", json!({})).await, "Preencha o campo Nome");
    assert_invalid(
        &post("artists", json!({"name": "x".repeat(101)})).await,
        "O campo Nome deve ter no máximo 100 caracteres",
    );
    assert_invalid(
        &post(
            "artists",
            json!({"name": "A", "imageUrl": "https://fora.example/a.png"}),
        )
        .await,
        "O campo Foto (quadrada) é inválido",
    );
    assert_invalid(
        &post("artists", json!({"name": "A", "isFeatured": "sim"})).await,
        "O campo Destaque é inválido",
    );
    assert_invalid(
        &post("artists", json!({"name": "A", "hacker": 1})).await,
        "Campo desconhecido: hacker",
    );
    assert_invalid(
        &post(
            "albums",
            json!({"artistId": 999_999, "name": "X", "releaseYear": 2020}),
        )
        .await,
        "O item escolhido em Artista não existe",
    );
    assert_invalid(
        &post(
            "albums",
            json!({"artistId": artist["id"], "name": "X", "releaseYear": 1800}),
        )
        .await,
        "O campo Ano deve estar entre 1900 e 2100",
    );
    assert_invalid(
        &post(
            "programs",
            json!({"title": "P", "weekdays": "1,9", "startTime": "06:00", "endTime": "07:00"}),
        )
        .await,
        "O campo Dias da semana é inválido",
    );
    assert_invalid(
        &post(
            "programs",
            json!({"title": "P", "weekdays": "1", "startTime": "25:00", "endTime": "07:00"}),
        )
        .await,
        "O campo Início é inválido",
    );
    assert_invalid(
        &post("partners", json!({"name": "P", "link": "javascript:alert(1)"})).await,
        "O campo Site é inválido",
    );
    assert_invalid(
        &post(
            "affiliates",
            json!({"name": "A", "sid": "Com Espaço", "frequency": "1", "city": "C", "state": "SP"}),
        )
        .await,
        "O campo Identificador do stream é inválido",
    );
    assert_invalid(
        &post(
            "affiliates",
            json!({"name": "A", "sid": "a", "frequency": "1", "city": "C", "state": "XX"}),
        )
        .await,
        "O campo UF é inválido",
    );
    assert_invalid(&post("affiliates", json!({"name": "A", "sid": "a", "frequency": "1", "city": "C", "state": "SP", "email": "nao-e-email"})).await, "O campo E-mail é inválido");
    assert_invalid(
        &post("top10", json!({"name": "L", "songs": [999_999]})).await,
        "O item escolhido em Músicas, da 1ª à 10ª não existe",
    );
    assert_invalid(
        &post(
            "top10",
            json!({"name": "L", "songs": (1..=11).collect::<Vec<_>>()}),
        )
        .await,
        "O campo Músicas, da 1ª à 10ª aceita no máximo 10 itens",
    );
    assert_invalid(
        &post(
            "songs",
            json!({"name": "S", "artistId": artist["id"], "albumId": null, "year": 2020}),
        )
        .await,
        "Preencha o campo Álbum",
    );
    assert_invalid(
        &post("faq", json!({"question": "Q?", "answer": "<p> </p>"})).await,
        "Preencha o campo Resposta",
    );
    assert_invalid(
        &post("artists", json!({"name": "Nulo\u{0}"})).await,
        "O campo Nome é inválido",
    );
    // A stream id taken is named.
    post(
        "affiliates",
        json!({"name": "A", "sid": "dupla", "frequency": "1", "city": "C", "state": "SP"}),
    )
    .await;
    assert_invalid(
        &post(
            "affiliates",
            json!({"name": "B", "sid": "dupla", "frequency": "1", "city": "C", "state": "SP"}),
        )
        .await,
        "Já existe um item com este valor em Identificador do stream",
    );
    // Nothing refused was stored: one artist, one affiliate.
    let artists = ok(&app, Method::GET, &format!("{CATALOGUE}/artists"), &token, None).await;
    assert_eq!(artists["total"], 1);
    let affiliates = ok(
        &app,
        Method::GET,
        &format!("{CATALOGUE}/affiliates"),
        &token,
        None,
    )
    .await;
    assert_eq!(affiliates["total"], 1);
}

async fn items_in_use_stay_and_the_order_moves(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = staff(&app, "catalogo@exemplo.com", &[7]).await;
    let artist = create(&app, &token, "artists", json!({"name": "Em Uso"})).await;
    let album = create(
        &app,
        &token,
        "albums",
        json!({"artistId": artist["id"], "name": "Disco", "releaseYear": 2020}),
    )
    .await;
    let path = format!("{CATALOGUE}/artists/{}", artist["id"]);
    let refused = request(&app, Method::DELETE, &path, Some(&token), None).await;
    assert_eq!(refused.status, 409, "{}", refused.text());
    assert_eq!(refused.json()["message"], messages::CATALOGUE_IN_USE);
    assert_eq!(
        request(&app, Method::GET, &path, Some(&token), None).await.status,
        200,
        "still there"
    );
    ok(
        &app,
        Method::DELETE,
        &format!("{CATALOGUE}/albums/{}", album["id"]),
        &token,
        None,
    )
    .await;
    ok(&app, Method::DELETE, &path, &token, None).await;
    assert_eq!(
        request(&app, Method::GET, &path, Some(&token), None).await.status,
        404
    );

    // The manual order: three partners, the last moved to the top.
    for name in ["Primeiro", "Segundo", "Terceiro"] {
        create(&app, &token, "partners", json!({"name": name})).await;
    }
    let names = |page: &Value| -> Vec<String> {
        page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["title"].as_str().unwrap().to_owned())
            .collect()
    };
    let page = ok(&app, Method::GET, &format!("{CATALOGUE}/partners"), &token, None).await;
    assert_eq!(names(&page), ["Primeiro", "Segundo", "Terceiro"]);
    let third = page["items"][2]["id"].as_i64().unwrap();
    for _ in 0..3 {
        ok(
            &app,
            Method::POST,
            &format!("{CATALOGUE}/partners/{third}/move"),
            &token,
            Some(json!({"by": -1})),
        )
        .await;
    }
    let page = ok(&app, Method::GET, &format!("{CATALOGUE}/partners"), &token, None).await;
    assert_eq!(names(&page), ["Terceiro", "Primeiro", "Segundo"]);
    assert!(
        public(&app, "/api/v1/getPartnersData")
            .await
            .to_string()
            .find("Terceiro")
            < public(&app, "/api/v1/getPartnersData")
                .await
                .to_string()
                .find("Primeiro")
    );
    assert_eq!(
        request(
            &app,
            Method::POST,
            &format!("{CATALOGUE}/partners/{third}/move"),
            Some(&token),
            Some(json!({"by": 5}))
        )
        .await
        .status,
        400
    );
    // Editing keeps the address.
    let updated = ok(
        &app,
        Method::PUT,
        &format!("{CATALOGUE}/partners/{third}"),
        &token,
        Some(json!({"values": {"name": "Terceiro Novo"}})),
    )
    .await;
    assert_eq!(updated["slug"], "terceiro");
    assert_eq!(updated["values"]["name"], "Terceiro Novo");
}

async fn settings_and_the_maintenance_switch(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = staff(&app, "catalogo@exemplo.com", &[7]).await;
    let mut params = ok(&app, Method::GET, SETTINGS, &token, None).await;
    assert_eq!(params["maintenance"], false);
    params["maintenance"] = json!(true);
    params["headerBar"]["text"] = json!("  Nova campanha no ar  ");
    params["headerBar"]["gradientFrom"] = json!("#112233");
    let saved = ok(&app, Method::PUT, SETTINGS, &token, Some(params.clone())).await;
    assert_eq!(saved["headerBar"]["text"], "Nova campanha no ar");
    let public = public(&app, "/api/v1/getAppParameters").await;
    assert_eq!(public["maintenance"], true);
    assert_eq!(public["headerBar"]["gradientFrom"], "#112233");
    for (pointer, value, message) in [
        (
            "/headerBar/gradientTo",
            json!("vermelho"),
            messages::SETTINGS_COLOR,
        ),
        (
            "/headerBar/link",
            json!("javascript:alert(1)"),
            messages::SETTINGS_LINK,
        ),
        ("/headerBar/text", json!("x".repeat(201)), messages::SETTINGS_TEXT),
        (
            "/logo/url",
            json!("https://fora.example/logo.png"),
            messages::SETTINGS_LOGO,
        ),
        ("/enabledTests", json!(["Com Espaço"]), messages::SETTINGS_CODES),
        (
            "/preroll/adManagerUrl",
            json!("ftp://x"),
            messages::SETTINGS_AD_URL,
        ),
    ] {
        let mut bad = params.clone();
        *bad.pointer_mut(pointer).unwrap() = value;
        assert_invalid(
            &request(&app, Method::PUT, SETTINGS, Some(&token), Some(bad)).await,
            message,
        );
    }
    // The operator command and the back office write the same switch.
    onda_server::admin::run(
        &app.state,
        onda_server::admin::AdminCommand::Maintenance { switch: "off".into() },
    )
    .await
    .unwrap();
    assert_eq!(
        ok(&app, Method::GET, SETTINGS, &token, None).await["maintenance"],
        false
    );
}

/// The logo's size, which pages reserve before the picture arrives, is the picture's own, whatever
/// the client sends: the wordmark's as drawn, an uploaded picture's proportion, a generated one's kind.
async fn the_logo_s_size_is_read_from_the_picture(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = staff(&app, "catalogo@exemplo.com", &[7]).await;
    let size = |params: &Value| {
        (
            params["logo"]["width"].as_u64(),
            params["logo"]["height"].as_u64(),
        )
    };

    // The wordmark: the size written in the SVG the server draws.
    let public_params = public(&app, "/api/v1/getAppParameters").await;
    assert_eq!(public_params["logo"]["url"], "/media/logo.svg");
    let svg = app.get("/media/logo.svg").await.text();
    let attribute = |name: &str| -> u64 {
        let start = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        svg[start..start + svg[start..].find('"').unwrap()]
            .parse()
            .unwrap()
    };
    assert_eq!(
        size(&public_params),
        (Some(attribute("width")), Some(attribute("height")))
    );

    // An uploaded picture, three times as wide as high; the client's figures are not taken.
    let uploaded = upload_image(&app, Some(&token), "logo.png", &png(1500, 500)).await;
    assert_eq!(uploaded.status, 200, "{}", uploaded.text());
    let url = uploaded.success_data()["url"].as_str().unwrap().to_owned();
    let mut params = ok(&app, Method::GET, SETTINGS, &token, None).await;
    params["logo"] = json!({"url": url, "alt": "Logo", "width": 10, "height": 10});
    let saved = ok(&app, Method::PUT, SETTINGS, &token, Some(params.clone())).await;
    let (Some(width), Some(height)) = size(&saved) else {
        panic!("no size for the uploaded logo: {saved}");
    };
    assert!(
        width >= 600 && (width as f64 / height as f64 - 3.0).abs() < 0.01,
        "{width} × {height}"
    );
    assert_eq!(
        size(&public(&app, "/api/v1/getAppParameters").await),
        (Some(width), Some(height))
    );

    // A generated picture: its kind's size. A picture of the site's whose size the server does not
    // read: no size at all, rather than a wrong one.
    for (url, expected) in [
        ("/media/img/promotion-hero/qualquer.svg", (Some(1920), Some(640))),
        ("/media/banner-da-radio.png", (None, None)),
    ] {
        params["logo"] = json!({"url": url, "alt": "Logo", "width": 10, "height": 10});
        let saved = ok(&app, Method::PUT, SETTINGS, &token, Some(params.clone())).await;
        assert_eq!(size(&saved), expected, "{url}");
        assert_eq!(
            size(&public(&app, "/api/v1/getAppParameters").await),
            expected,
            "{url}"
        );
    }
}

pub(crate) async fn upload(app: &TestApp, token: Option<&str>, bytes: &[u8]) -> TestResponse {
    let (content_type, body) = multipart("spot.mp3", bytes);
    let mut builder = Request::builder()
        .method(Method::POST)
        .uri(AUDIO)
        .header(header::CONTENT_TYPE, content_type)
        .header(header::CONTENT_LENGTH, body.len());
    if let Some(token) = token {
        builder = builder.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    app.request(builder.body(Body::from(body)).unwrap()).await
}

async fn an_mp3_is_uploaded_checked_and_served(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = staff(&app, "catalogo@exemplo.com", &[7]).await;
    let (_, listener_token) = listener(&app, "ouvinte@exemplo.com", false).await;
    let pcm = onda_server::radio::synth::render_ad_spot(3.0);
    let mp3 = onda_server::radio::encode::encode_mp3(&pcm, 64).unwrap();

    assert_unauthorized(&upload(&app, None, &mp3).await);
    assert_eq!(upload(&app, Some(&listener_token), &mp3).await.status, 403);
    assert_invalid(
        &upload(&app, Some(&token), b"ID3 not really an mp3").await,
        messages::AUDIO_TYPE,
    );
    assert_invalid(
        &upload(&app, Some(&token), &[0u8; 4096]).await,
        messages::AUDIO_TYPE,
    );

    let uploaded = upload(&app, Some(&token), &mp3).await;
    assert_eq!(uploaded.status, 200, "{}", uploaded.text());
    let data = uploaded.success_data();
    let url = data["url"].as_str().unwrap().to_owned();
    assert!(
        url.starts_with("/media/uploads/audio/") && url.ends_with(".mp3"),
        "{url}"
    );
    assert!((2..=4).contains(&data["seconds"].as_i64().unwrap()), "{data}");
    let served = request(&app, Method::GET, &url, None, None).await;
    assert_eq!(served.status, 200);
    assert_eq!(served.header("content-type"), Some("audio/mpeg"));
    assert_eq!(served.body.len(), mp3.len());
    assert_eq!(
        request(
            &app,
            Method::GET,
            "/media/uploads/audio/00000000000000000000000000000000.mp3",
            None,
            None
        )
        .await
        .status,
        404
    );
    assert_eq!(
        request(
            &app,
            Method::GET,
            "/media/uploads/audio/..%2F..%2Fetc.mp3",
            None,
            None
        )
        .await
        .status,
        404
    );

    // A spot takes it.
    let client = create(
        &app,
        &token,
        "clients",
        json!({"name": "Loja", "segment": "Varejo"}),
    )
    .await;
    let spot = create(
        &app,
        &token,
        "spots",
        json!({"name": "Oferta", "clientId": client["id"], "audioUrl": url}),
    )
    .await;
    assert_eq!(spot["values"]["audioUrl"], url);
}

async fn a_yearly_top100_is_made_reordered_and_removed(backend: Backend) {
    let app = app(backend).await;
    let (_, catalogue) = staff(&app, "catalogo@exemplo.com", &[7]).await;
    let artist = create(&app, &catalogue, "artists", json!({"name": "Trio Norte"})).await;
    let album = create(
        &app,
        &catalogue,
        "albums",
        json!({"artistId": artist["id"], "name": "Forró", "releaseYear": 2026}),
    )
    .await;
    let mut songs = Vec::new();
    for name in ["Xote Um", "Xote Dois", "Xote Três"] {
        let song = create(
            &app,
            &catalogue,
            "songs",
            json!({"name": name, "artistId": artist["id"], "albumId": album["id"], "year": 2026}),
        )
        .await;
        songs.push(song["id"].as_i64().unwrap());
    }
    // A station without the demo has no year; the public page has nothing to open.
    assert_eq!(public(&app, "/api/v1/getTop100Years").await, json!([]));

    let list = create(
        &app,
        &catalogue,
        "top100",
        json!({"year": 2026, "songs": [songs[2], songs[0], songs[1]]}),
    )
    .await;
    assert_eq!(list["title"], "2026");
    assert_eq!(list["values"]["year"], 2026);
    assert_eq!(list["labels"]["songs"][0], "Xote Três — Trio Norte");
    // A year with no song yet is not offered to listeners.
    create(&app, &catalogue, "top100", json!({"year": 2025, "songs": []})).await;
    let years = public(&app, "/api/v1/getTop100Years").await;
    assert_eq!(years, json!([{"ano": 2026, "tx_ano": "2026"}]));
    let ranked = public(&app, "/api/v1/getTop100/2026").await;
    let slugs: Vec<&str> = ranked
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["musicSlug"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(slugs, ["xote-tres", "xote-um", "xote-dois"], "{ranked}");
    let pages = app.get("/sitemaps/pages.xml").await.text();
    assert!(pages.contains("/as-100-mais/2026") && !pages.contains("/as-100-mais/2025"));

    // Newest year first in the desk; one list per year; the rules name the field.
    let listed = ok(
        &app,
        Method::GET,
        &format!("{CATALOGUE}/top100"),
        &catalogue,
        None,
    )
    .await;
    let titles: Vec<&str> = listed["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["2026", "2025"]);
    let again = request(
        &app,
        Method::POST,
        &format!("{CATALOGUE}/top100"),
        Some(&catalogue),
        Some(json!({"values": {"year": 2026}})),
    )
    .await;
    assert_invalid(&again, "Já existe um item com este valor em Ano");
    let early = request(
        &app,
        Method::POST,
        &format!("{CATALOGUE}/top100"),
        Some(&catalogue),
        Some(json!({"values": {"year": 1900}})),
    )
    .await;
    assert_invalid(&early, "O campo Ano deve estar entre 1950 e 2100");
    let too_many: Vec<i64> = (1..=101).collect();
    let long = request(
        &app,
        Method::POST,
        &format!("{CATALOGUE}/top100"),
        Some(&catalogue),
        Some(json!({"values": {"year": 2024, "songs": too_many}})),
    )
    .await;
    assert_invalid(&long, "O campo Músicas, da 1ª à 100ª aceita no máximo 100 itens");

    // Reordered: the public list follows; a song in a list cannot be deleted.
    let id = list["id"].as_i64().unwrap();
    ok(
        &app,
        Method::PUT,
        &format!("{CATALOGUE}/top100/{id}"),
        &catalogue,
        Some(json!({"values": {"year": 2026, "songs": [songs[0], songs[1]]}})),
    )
    .await;
    let ranked = public(&app, "/api/v1/getTop100/2026").await;
    assert_eq!(ranked.as_array().unwrap().len(), 2);
    assert_eq!(ranked[0]["musicSlug"], "xote-um");
    let in_use = request(
        &app,
        Method::DELETE,
        &format!("{CATALOGUE}/songs/{}", songs[0]),
        Some(&catalogue),
        None,
    )
    .await;
    assert_eq!(in_use.status, 409, "{}", in_use.text());

    // Deleted with its ranks: the year's page is gone, the song may go now.
    ok(
        &app,
        Method::DELETE,
        &format!("{CATALOGUE}/top100/{id}"),
        &catalogue,
        None,
    )
    .await;
    let gone = request(&app, Method::GET, "/api/v1/getTop100/2026", None, None).await;
    assert_eq!(gone.status, 404);
    assert_eq!(public(&app, "/api/v1/getTop100Years").await, json!([]));
    ok(
        &app,
        Method::DELETE,
        &format!("{CATALOGUE}/songs/{}", songs[0]),
        &catalogue,
        None,
    )
    .await;
}

/// A channel's window is opened by the player and its sources are played by browsers and polled by the
/// station (Icecast's status): a script address, a plain-http address, and an address of the server's
/// own machine or private network (by its number or by a name that resolves to it) are refused by
/// name, and so is an affiliate's stream address that is not a path of the site or https.
async fn addresses_the_browser_opens_or_the_server_polls_are_refused_when_unsafe(backend: Backend) {
    let app = app(backend).await;
    let (_, catalogue) = staff(&app, "catalogo@exemplo.com", &[7]).await;
    let sources = "O campo Fontes, na ordem em que os players tentam é inválido";
    let internal =
        "O campo Fontes, na ordem em que os players tentam não aceita endereços locais ou da rede interna";
    let popup = "O campo Endereço da janela é inválido";
    let channel = |extra: Value| {
        let mut values = json!({"name": "X", "streamId": "x", "sources": ["/stream/x.mp3"]});
        for (key, value) in extra.as_object().unwrap() {
            values[key] = value.clone();
        }
        values
    };
    for (values, message) in [
        (
            channel(json!({"popupUrl": "javascript:alert(document.domain)"})),
            popup,
        ),
        (channel(json!({"popupUrl": "JavaScript:alert(1)"})), popup),
        (channel(json!({"popupUrl": "//evil.example/janela"})), popup),
        (channel(json!({"popupUrl": "/\\evil.example/janela"})), popup),
        (channel(json!({"popupUrl": "http://evil.example/janela"})), popup),
        (
            channel(json!({"popupUrl": "data:text/html,<script>alert(1)</script>"})),
            popup,
        ),
        (
            channel(json!({"sources": ["http://icecast.example:8000/x.mp3"]})),
            sources,
        ),
        (
            channel(json!({"sources": ["http://127.0.0.1:8000/x.mp3"]})),
            sources,
        ),
        (
            channel(json!({"sources": ["https://127.0.0.1:8000/x.mp3"]})),
            internal,
        ),
        (channel(json!({"sources": ["https://localhost/x"]})), internal),
        (channel(json!({"sources": ["https://[::1]/x.mp3"]})), internal),
        (
            channel(json!({"sources": ["https://[::ffff:127.0.0.1]/x.mp3"]})),
            internal,
        ),
        (
            channel(json!({"sources": ["https://2130706433/x.mp3"]})),
            internal,
        ),
        (
            channel(json!({"sources": ["https://169.254.169.254/latest/meta-data"]})),
            internal,
        ),
        (
            channel(json!({"sources": ["https://10.0.0.7:8000/x.mp3"]})),
            internal,
        ),
        (
            channel(json!({"sources": ["https://100.64.0.1/x.mp3"]})),
            internal,
        ),
    ] {
        let refused = request(
            &app,
            Method::POST,
            &format!("{CATALOGUE}/channels"),
            Some(&catalogue),
            Some(json!({ "values": values })),
        )
        .await;
        assert_invalid(&refused, message);
    }
    // A path of the site and an https address stay fine.
    let saved = create(
        &app,
        &catalogue,
        "channels",
        channel(json!({
            "isPopup": true,
            "popupUrl": "/ouvir-radio-online?streamId=x&popup=1",
            "sources": ["/stream/x.mp3", "https://203.0.114.9:8000/x.mp3"],
        })),
    )
    .await;
    let id = saved["id"].as_i64().unwrap();
    // Replacing an item is checked the same way.
    let refused = request(
        &app,
        Method::PUT,
        &format!("{CATALOGUE}/channels/{id}"),
        Some(&catalogue),
        Some(json!({"values": channel(json!({"sources": ["https://localhost:8000/x.mp3"]}))})),
    )
    .await;
    assert_invalid(&refused, internal);
    let refused = request(
        &app,
        Method::PUT,
        &format!("{CATALOGUE}/channels/{id}"),
        Some(&catalogue),
        Some(json!({"values": channel(json!({"popupUrl": "javascript:alert(1)"}))})),
    )
    .await;
    assert_invalid(&refused, popup);
    create(
        &app,
        &catalogue,
        "channels",
        json!({
            "name": "Y", "streamId": "y", "isPopup": true,
            "popupUrl": "https://festival.example/player", "sources": ["/stream/y.mp3"],
        }),
    )
    .await;

    let affiliate = |stream_url: &str| {
        json!({
            "name": "Onda Serra", "sid": "serra", "frequency": "98,1", "city": "Gramado", "state": "RS",
            "streamUrl": stream_url,
        })
    };
    for unsafe_url in [
        "javascript:alert(document.domain)",
        "//evil.example/x.mp3",
        "http://icecast.example/x.mp3",
    ] {
        let refused = request(
            &app,
            Method::POST,
            &format!("{CATALOGUE}/affiliates"),
            Some(&catalogue),
            Some(json!({ "values": affiliate(unsafe_url) })),
        )
        .await;
        assert_invalid(&refused, "O campo Endereço do stream é inválido");
    }
    create(&app, &catalogue, "affiliates", affiliate("/stream/serra.mp3")).await;
}

async fn a_station_gets_its_channels_from_the_back_office(backend: Backend) {
    let app = app(backend).await;
    let (_, catalogue) = staff(&app, "catalogo@exemplo.com", &[7]).await;
    let streams = "/api/v1/aovivo/getAvailableStreams";
    assert_eq!(
        public(&app, streams).await,
        json!([]),
        "no channel without the demo"
    );

    let main = create(
        &app,
        &catalogue,
        "channels",
        json!({
            "name": "Principal", "streamId": "radio_1", "color": "#FF5F1F",
            "sources": ["/stream/radio_1.aac", "/stream/radio_1_aacp.aac", "/stream/radio_1.mp3"],
        }),
    )
    .await;
    assert_eq!(
        main["values"]["metaId"], "radio_1",
        "its own programme by default"
    );
    assert_eq!(main["values"]["color"], "#ff5f1f");
    create(
        &app,
        &catalogue,
        "channels",
        json!({
            "name": "Hits", "streamId": "radio_hits", "isPro": true,
            "sources": ["https://icecast.example:8000/hits.mp3"],
        }),
    )
    .await;
    let listed = public(&app, streams).await;
    assert_eq!(listed[0]["streamId"], "radio_1");
    assert_eq!(listed[0]["streamName"], "Principal");
    assert_eq!(listed[0]["imageUrl"], "/media/img/stream/radio_1.svg");
    let kinds: Vec<(String, String)> = listed[0]["sources"]
        .as_array()
        .unwrap()
        .iter()
        .map(|source| {
            (
                source["type"].as_str().unwrap().to_owned(),
                source["codec"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("audio/aac".to_owned(), "AAC-HE".to_owned()),
            ("audio/aacp".to_owned(), "AAC+".to_owned()),
            ("audio/mpeg".to_owned(), "MP3".to_owned()),
        ]
    );
    assert_eq!(listed[1]["pro"], true);
    assert_eq!(
        listed[1]["sources"],
        json!([]),
        "a PRO channel's sources are for PRO"
    );
    let picture = app.get("/media/img/stream/radio_1.svg").await;
    assert_eq!(picture.status, 200);

    // Addresses the players could not use, colours the pictures could not draw, and ids with spaces
    // are refused by name.
    for (values, message) in [
        (
            json!({"name": "X", "streamId": "x", "sources": ["/stream/../x.mp3"]}),
            "O campo Fontes, na ordem em que os players tentam é inválido",
        ),
        (
            json!({"name": "X", "streamId": "x", "sources": ["javascript:alert(1)"]}),
            "O campo Fontes, na ordem em que os players tentam é inválido",
        ),
        (
            json!({"name": "X", "streamId": "x", "color": "red\"/><script>", "sources": ["/stream/x.mp3"]}),
            "O campo Cor é inválido",
        ),
        (
            json!({"name": "X", "streamId": "Rádio 2", "sources": ["/stream/x.mp3"]}),
            "O campo Identificador é inválido",
        ),
        (
            json!({"name": "X", "streamId": "radio_1", "sources": ["/stream/x.mp3"]}),
            "Já existe um item com este valor em Identificador",
        ),
        (
            json!({"name": "X", "streamId": "x"}),
            "Preencha o campo Fontes, na ordem em que os players tentam",
        ),
    ] {
        let refused = request(
            &app,
            Method::POST,
            &format!("{CATALOGUE}/channels"),
            Some(&catalogue),
            Some(json!({ "values": values })),
        )
        .await;
        assert_invalid(&refused, message);
    }

    // Moved below the other and deleted with its sources.
    let id = main["id"].as_i64().unwrap();
    ok(
        &app,
        Method::POST,
        &format!("{CATALOGUE}/channels/{id}/move"),
        &catalogue,
        Some(json!({"by": 1})),
    )
    .await;
    assert_eq!(public(&app, streams).await[0]["streamId"], "radio_hits");
    ok(
        &app,
        Method::DELETE,
        &format!("{CATALOGUE}/channels/{id}"),
        &catalogue,
        None,
    )
    .await;
    assert_eq!(public(&app, streams).await.as_array().unwrap().len(), 1);
}

async fn podcast_shows_and_polls_come_from_the_back_office(backend: Backend) {
    let app = app(backend).await;
    let (_, catalogue) = staff(&app, "catalogo@exemplo.com", &[7]).await;

    // A podcast show: on the grid once it has its player id.
    let show = create(
        &app,
        &catalogue,
        "podcasts",
        json!({
            "name": "Conversa de Estúdio", "hostType": "mixcloud", "playerStyle": "show",
            "playerColor": "#00897B", "showId": "conversa-de-estudio",
        }),
    )
    .await;
    assert_eq!(show["slug"], "conversa-de-estudio");
    let grid = public(&app, "/api/v1/getPodcastsData").await;
    assert!(grid.to_string().contains("Conversa de Estúdio"), "{grid}");
    let wrong = request(
        &app,
        Method::POST,
        &format!("{CATALOGUE}/podcasts"),
        Some(&catalogue),
        Some(json!({"values": {"name": "X", "hostType": "youtube", "playerStyle": "show"}})),
    )
    .await;
    assert_invalid(&wrong, "O campo Onde os episódios tocam é inválido");

    // A poll: the newest active one is on the home page and takes votes.
    assert_eq!(
        request(&app, Method::GET, "/api/v1/poll/get", None, None)
            .await
            .status,
        404,
        "no poll without the demo"
    );
    let poll = create(
        &app,
        &catalogue,
        "polls",
        json!({
            "title": "Qual o melhor horário?", "answers": ["Manhã", "Tade", "Noite"],
        }),
    )
    .await;
    let shown = public(&app, "/api/v1/poll/get").await;
    assert_eq!(shown["pollId"], poll["id"]);
    assert_eq!(shown["respostas"][1]["resposta"], "Tade");
    let (_, voter) = listener(&app, "ouvinte@exemplo.com", true).await;
    let afternoon = shown["respostas"][1]["id"].clone();
    let voted = request(
        &app,
        Method::POST,
        "/api/v1/poll/vote",
        Some(&voter),
        Some(json!({"pollId": poll["id"], "answerId": afternoon})),
    )
    .await;
    assert_eq!(voted.status, 200, "{}", voted.text());

    // Fixing a typo keeps the answer and its vote; a removed answer goes.
    let id = poll["id"].as_i64().unwrap();
    ok(
        &app,
        Method::PUT,
        &format!("{CATALOGUE}/polls/{id}"),
        &catalogue,
        Some(json!({"values": {"title": "Qual o melhor horário?", "isActive": true, "answers": ["Manhã", "Tarde"]}})),
    )
    .await;
    let shown = public(&app, "/api/v1/poll/get").await;
    assert_eq!(shown["respostas"][1]["id"], afternoon);
    assert_eq!(shown["respostas"][1]["resposta"], "Tarde");
    assert_eq!(shown["respostas"][1]["qtd"], 1);
    assert_eq!(shown["respostas"].as_array().unwrap().len(), 2);

    // A newer poll takes the home page; switched off, the older one is back.
    let newer = create(
        &app,
        &catalogue,
        "polls",
        json!({
            "title": "Qual gênero você quer ouvir?", "answers": ["MPB", "Rock"],
        }),
    )
    .await;
    let listed = ok(&app, Method::GET, &format!("{CATALOGUE}/polls"), &catalogue, None).await;
    assert_eq!(listed["items"][0]["id"], newer["id"], "newest first");
    assert_eq!(public(&app, "/api/v1/poll/get").await["pollId"], newer["id"]);
    ok(
        &app,
        Method::PUT,
        &format!("{CATALOGUE}/polls/{}", newer["id"]),
        &catalogue,
        Some(json!({"values": {"title": "Qual gênero você quer ouvir?", "isActive": false, "answers": ["MPB", "Rock"]}})),
    )
    .await;
    assert_eq!(public(&app, "/api/v1/poll/get").await["pollId"], poll["id"]);
}

async fn videos_and_their_playlists_come_from_the_back_office(backend: Backend) {
    let app = app(backend).await;
    let (_, catalogue) = staff(&app, "catalogo@exemplo.com", &[7]).await;
    assert_eq!(
        public(&app, "/api/v1/videos/getYoutubePlaylists").await,
        json!([])
    );
    assert_eq!(public(&app, "/api/v1/videos/getTvChannels").await, json!([]));

    let playlist = create(
        &app,
        &catalogue,
        "playlists",
        json!({"title": "Ao vivo no estúdio", "externalId": "PLestudio2026aovivo"}),
    )
    .await;
    let taken = request(
        &app,
        Method::POST,
        &format!("{CATALOGUE}/playlists"),
        Some(&catalogue),
        Some(json!({"values": {"title": "Outra", "externalId": "PLestudio2026aovivo"}})),
    )
    .await;
    assert_invalid(&taken, "Já existe um item com este valor em Playlist no YouTube");
    let wrong = request(
        &app,
        Method::POST,
        &format!("{CATALOGUE}/videos"),
        Some(&catalogue),
        Some(json!({"values": {"title": "Sem vídeo", "youtubeId": "não é um id"}})),
    )
    .await;
    assert_invalid(&wrong, "O campo Vídeo no YouTube é inválido");

    // A video without a picture shows the platform's thumbnail; the one marked leads the page.
    let first = create(
        &app,
        &catalogue,
        "videos",
        json!({
            "title": "Acústico da manhã", "youtubeId": "dQw4w9WgXcQ", "playlistId": playlist["id"],
            "description": "Gravado no estúdio A", "isFeatured": true,
        }),
    )
    .await;
    assert_eq!(first["slug"], "acustico-da-manha");
    let listed = public(&app, "/api/v1/videos/getYoutubePlaylists/PLestudio2026aovivo").await;
    assert_eq!(listed[0]["title"], "Acústico da manhã");
    assert_eq!(listed[0]["playlistId"], "PLestudio2026aovivo");
    assert_eq!(
        listed[0]["videoImage"],
        "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"
    );
    let shown = public(&app, "/api/v1/videos/getYoutubeVideoByTitle/acustico-da-manha").await;
    assert_eq!(shown["videoId"], "dQw4w9WgXcQ");
    let tv = public(&app, "/api/v1/videos/getTvChannels").await;
    assert!(
        tv[0]["embedUrl"]
            .as_str()
            .unwrap()
            .contains("list=PLestudio2026aovivo"),
        "{tv}"
    );

    let second = create(
        &app,
        &catalogue,
        "videos",
        json!({"title": "Entrevista", "youtubeId": "abcdefghijk", "imageUrl": "/media/img/x.png"}),
    )
    .await;
    let lead = public(&app, "/api/v1/videos/getYoutubeLatestVideos/2").await;
    assert_eq!(lead[0]["slug"], "acustico-da-manha", "the featured one leads");
    assert_eq!(lead[1]["videoImage"], "/media/img/x.png");
    ok(
        &app,
        Method::PUT,
        &format!("{CATALOGUE}/videos/{}", second["id"]),
        &catalogue,
        Some(json!({"values": {"title": "Entrevista", "youtubeId": "abcdefghijk", "isFeatured": true}})),
    )
    .await;
    let lead = public(&app, "/api/v1/videos/getYoutubeLatestVideos/2").await;
    assert_eq!(
        lead[0]["slug"], "entrevista",
        "one lead video: the one just marked"
    );
    let items = ok(
        &app,
        Method::GET,
        &format!("{CATALOGUE}/videos"),
        &catalogue,
        None,
    )
    .await;
    let featured: Vec<&Value> = items["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|item| item["values"]["isFeatured"] == true)
        .collect();
    assert_eq!(featured.len(), 1, "{items}");

    // A playlist with videos stays; removed, its videos go first.
    let kept = request(
        &app,
        Method::DELETE,
        &format!("{CATALOGUE}/playlists/{}", playlist["id"]),
        Some(&catalogue),
        None,
    )
    .await;
    assert_eq!(kept.status, 409, "{}", kept.text());
    for video in [&first, &second] {
        ok(
            &app,
            Method::DELETE,
            &format!("{CATALOGUE}/videos/{}", video["id"]),
            &catalogue,
            None,
        )
        .await;
    }
    assert_eq!(
        public(&app, "/api/v1/videos/getYoutubeLatestVideos/2").await,
        json!([])
    );
}

async fn other_podcasts_come_from_the_back_office(backend: Backend) {
    let app = app(backend).await;
    let (_, catalogue) = staff(&app, "catalogo@exemplo.com", &[7]).await;
    let playlists = "/api/v1/external/mixcloud/playlists";
    assert_eq!(public(&app, playlists).await, json!([]));
    // Every station has the five categories of the routes (main.rs seeds them once, demo or not).
    assert!(onda_server::seed::seed_fixed_content(&app.state).await.unwrap());
    assert!(!onda_server::seed::seed_fixed_content(&app.state).await.unwrap());
    let shown = public(&app, playlists).await;
    let slugs: Vec<&str> = shown
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["slug"].as_str().unwrap())
        .collect();
    assert_eq!(
        slugs,
        [
            "recentes",
            "notícias",
            "arquivo-musical",
            "super-montagens",
            "giro-de-notícias"
        ]
    );
    assert!(
        public(&app, "/api/v1/external/mixcloud/cloudcasts/recentes").await["data"]
            .as_array()
            .unwrap()
            .is_empty()
    );

    // A category is renamed and described, never added or removed.
    let listed = ok(
        &app,
        Method::GET,
        &format!("{CATALOGUE}/podcastCategories"),
        &catalogue,
        None,
    )
    .await;
    assert_eq!(listed["total"], 5);
    let archive = listed["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|item| item["slug"] == "arquivo-musical")
        .unwrap()
        .clone();
    ok(
        &app,
        Method::PUT,
        &format!("{CATALOGUE}/podcastCategories/{}", archive["id"]),
        &catalogue,
        Some(json!({"values": {"name": "Acervo", "description": "Raridades do arquivo da {station}."}})),
    )
    .await;
    let renamed = public(&app, playlists).await;
    assert_eq!(renamed[2]["name"], "Acervo");
    assert_eq!(renamed[2]["description"], "Raridades do arquivo da Onda FM.");
    for (method, path) in [
        (Method::POST, format!("{CATALOGUE}/podcastCategories")),
        (
            Method::DELETE,
            format!("{CATALOGUE}/podcastCategories/{}", archive["id"]),
        ),
    ] {
        let refused = request(
            &app,
            method.clone(),
            &path,
            Some(&catalogue),
            Some(json!({"values": {"name": "Outra"}})),
        )
        .await;
        assert_eq!(refused.status, 409, "{method} {path}: {}", refused.text());
        assert_eq!(refused.json()["message"], messages::CATALOGUE_FIXED);
    }

    // A recording: on its category's page and among the newest, with its tags and its category's picture.
    let missing = request(
        &app,
        Method::POST,
        &format!("{CATALOGUE}/recordings"),
        Some(&catalogue),
        Some(json!({"values": {"name": "Sem categoria"}})),
    )
    .await;
    assert_invalid(&missing, "Preencha o campo Categoria");
    let recording = create(
        &app,
        &catalogue,
        "recordings",
        json!({
            "name": "Especial Gal Costa", "collectionId": archive["id"],
            "description": "Entrevistas do acervo", "tags": ["MPB", " ", "Especial", "MPB"],
        }),
    )
    .await;
    assert_eq!(recording["slug"], "especial-gal-costa");
    assert_eq!(recording["values"]["tags"], json!(["MPB", "Especial"]));
    for slug in ["arquivo-musical", "recentes"] {
        let page = public(&app, &format!("/api/v1/external/mixcloud/cloudcasts/{slug}")).await;
        let first = &page["data"][0];
        assert_eq!(first["name"], "Especial Gal Costa", "{slug}: {page}");
        assert_eq!(first["tags"], json!([{"name": "MPB"}, {"name": "Especial"}]));
        assert_eq!(first["image"], "/media/img/collection/arquivo-musical.svg");
        assert!(
            first["playerUrl"]
                .as_str()
                .unwrap()
                .ends_with("feed=%2Fonda%2Fespecial-gal-costa%2F"),
            "{first}"
        );
    }
    assert!(
        public(&app, "/api/v1/external/mixcloud/cloudcasts/super-montagens").await["data"]
            .as_array()
            .unwrap()
            .is_empty()
    );

    // Its address at the player host when it is not the slug; tags rewritten.
    let id = recording["id"].as_i64().unwrap();
    ok(
        &app,
        Method::PUT,
        &format!("{CATALOGUE}/recordings/{id}"),
        &catalogue,
        Some(json!({"values": {
            "name": "Especial Gal Costa", "collectionId": archive["id"],
            "playerKey": "especial-gal-costa-1987", "tags": ["Tropicália"],
        }})),
    )
    .await;
    let page = public(&app, "/api/v1/external/mixcloud/cloudcasts/arquivo-musical").await;
    assert_eq!(page["data"][0]["tags"], json!([{"name": "Tropicália"}]));
    assert!(
        page["data"][0]["playerUrl"]
            .as_str()
            .unwrap()
            .ends_with("feed=%2Fonda%2Fespecial-gal-costa-1987%2F"),
        "{page}"
    );

    // A newer one leads; deleted, it goes with its tags.
    let newer = create(
        &app,
        &catalogue,
        "recordings",
        json!({"name": "Boletim da manhã", "collectionId": archive["id"], "tags": ["Notícias"]}),
    )
    .await;
    let recent = public(&app, "/api/v1/external/mixcloud/cloudcasts/recentes").await;
    assert_eq!(recent["data"][0]["slug"], "boletim-da-manha");
    assert_eq!(recent["data"][1]["slug"], "especial-gal-costa");
    ok(
        &app,
        Method::DELETE,
        &format!("{CATALOGUE}/recordings/{}", newer["id"]),
        &catalogue,
        None,
    )
    .await;
    let recent = public(&app, "/api/v1/external/mixcloud/cloudcasts/recentes").await;
    assert_eq!(recent["data"].as_array().unwrap().len(), 1);
    let orphans: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM podcast_recording_tags WHERE recording_id = $1")
            .bind(newer["id"].as_i64().unwrap())
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(orphans, 0);
}
