//! Clients and spots on both databases (CL-01, CL-03, CL-04, CL-06, CL-07 data; G45, S11): the list with
//! its locations, a client by slug, a spot by slug, 404s for unknown slugs (never 500), sanitised HTML.

// Test helpers outside #[test] functions panic on purpose.

use crate::common::{Backend, TestApp, assert_envelope};
use serde_json::Value;

on_both_databases!(
    cl_01_clients_list_with_segments_and_locations,
    cl_03_client_by_slug,
    cl_06_spot_by_slug,
    cl_07_unknown_slugs_are_404_never_500,
    client_html_is_sanitised,
    g45_segment_falls_back_to_the_keyword_map,
    spot_audio_is_the_engines_mp3,
);

const SEGMENTS: [&str; 6] = [
    "Estabelecimentos",
    "Automotivo",
    "Cultura e Entretenimento",
    "Serviços",
    "Turismo",
    "Alimentos e Bebidas",
];

fn list(data: &Value) -> Vec<Value> {
    data.as_array()
        .unwrap_or_else(|| panic!("not a list: {data}"))
        .clone()
}

fn find<'a>(clients: &'a [Value], slug: &str) -> &'a Value {
    clients.iter().find(|client| client["slug"] == slug).unwrap()
}

async fn cl_01_clients_list_with_segments_and_locations(backend: Backend) {
    let app = TestApp::new(backend).await;
    let data = app.get("/api/v1/getClientsData").await.success_data();
    let clients = list(&data["clientsData"]);
    assert_eq!(clients.len(), 16);
    for client in &clients {
        assert!(
            SEGMENTS.contains(&client["segment"].as_str().unwrap()),
            "{client}"
        );
        assert_eq!(
            client["numSpots"].as_u64().unwrap() as usize,
            list(&client["spots"]).len()
        );
    }
    let auto = find(&clients, "auto-center-pioneiro");
    assert_eq!(auto["segment"], "Automotivo");
    assert_eq!(list(&auto["locations"]), ["São Paulo/SP", "Campinas/SP"]);
    assert_eq!(auto["numSpots"], 2);
    assert!(
        auto["imageFile"]
            .as_str()
            .unwrap()
            .starts_with("/media/img/client/")
    );
    // 'Sem praça' and the default image are the UI's: the data says no locations and null.
    let pousada = find(&clients, "pousada-recanto-das-aguas");
    assert!(list(&pousada["locations"]).is_empty());
    assert!(pousada["imageFile"].is_null());

    let all = list(&data["allLocations"]);
    let mut sorted = all.clone();
    sorted.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
    sorted.dedup();
    assert_eq!(all, sorted, "allLocations sorted and unique");
    assert!(all.contains(&Value::from("Campinas/SP")));
}

async fn cl_03_client_by_slug(backend: Backend) {
    let app = TestApp::new(backend).await;
    let client = app
        .get("/api/v1/getClientsSingleData/cervejaria-serra-dourada")
        .await
        .success_data();
    assert_eq!(client["name"], "Cervejaria Serra Dourada");
    assert!(client["description"].as_str().unwrap().starts_with("<p>"));
    assert_eq!(list(&client["locations"]).len(), 3);
    assert!(client["link"].as_str().unwrap().starts_with("https://"));
    let spots = list(&client["spots"]);
    assert_eq!(spots.len(), 1);
    // CL-04: a spot without audio carries null.
    assert!(spots[0]["audioFile"].is_null(), "{}", spots[0]);
    assert_eq!(spots[0]["clientName"], "Cervejaria Serra Dourada");

    let auto = app
        .get("/api/v1/getClientsSingleData/auto-center-pioneiro")
        .await
        .success_data();
    let spots = list(&auto["spots"]);
    assert_eq!(spots[0]["name"], "Revisão de férias");
    assert!(spots[0]["audioFile"].as_str().unwrap().ends_with(".mp3"));
}

async fn cl_06_spot_by_slug(backend: Backend) {
    let app = TestApp::new(backend).await;
    let spot = app
        .get("/api/v1/getSpotData/auto-center-pioneiro-revisao-de-ferias")
        .await
        .success_data();
    let mut keys: Vec<_> = spot.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "audioFile",
            "clientImageFile",
            "clientLink",
            "clientName",
            "clientSlug",
            "imageFile",
            "link",
            "name",
            "slug",
            "transcript"
        ]
    );
    assert_eq!(spot["name"], "Revisão de férias");
    assert_eq!(spot["clientName"], "Auto Center Pioneiro");
    assert_eq!(spot["clientSlug"], "auto-center-pioneiro");
    assert!(
        spot["transcript"]
            .as_str()
            .unwrap()
            .contains("<strong>Locutor:</strong>")
    );
}

async fn cl_07_unknown_slugs_are_404_never_500(backend: Backend) {
    let app = TestApp::new(backend).await;
    let long = "a".repeat(500);
    for (path, message) in [
        (
            "/api/v1/getClientsSingleData/nao-existe".to_owned(),
            "client not found",
        ),
        (format!("/api/v1/getClientsSingleData/{long}"), "client not found"),
        (
            "/api/v1/getClientsSingleData/%27%3B%20DROP%20TABLE%20clients".to_owned(),
            "client not found",
        ),
        ("/api/v1/getSpotData/nao-existe".to_owned(), "spot not found"),
        (format!("/api/v1/getSpotData/{long}"), "spot not found"),
    ] {
        let response = app.get(&path).await;
        let json = response.json();
        assert_envelope(&json);
        assert_eq!(response.status.as_u16(), 404, "{path}: {json}");
        assert_eq!(json["message"], message);
    }
}

async fn client_html_is_sanitised(backend: Backend) {
    let app = TestApp::new(backend).await;
    sqlx::query("UPDATE clients SET description = $1 WHERE slug = 'hotel-mar-azul'")
        .bind("<p onmouseover=\"x()\">Oi</p><script>alert(1)</script><img src=x onerror=alert(1)>")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE spots SET transcript = $1 WHERE slug = 'hotel-mar-azul-pacote-de-verao'")
        .bind("<p>Fala</p><a href=\"javascript:alert(1)\">x</a><style>p{}</style>")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let client = app
        .get("/api/v1/getClientsSingleData/hotel-mar-azul")
        .await
        .success_data();
    assert_eq!(client["description"], "<p>Oi</p>");
    let spot = app
        .get("/api/v1/getSpotData/hotel-mar-azul-pacote-de-verao")
        .await
        .success_data();
    let transcript = spot["transcript"].as_str().unwrap();
    assert!(transcript.starts_with("<p>Fala</p>"));
    for bad in ["javascript", "<style", "alert"] {
        assert!(!transcript.contains(bad), "{transcript}");
    }
}

async fn g45_segment_falls_back_to_the_keyword_map(backend: Backend) {
    let app = TestApp::new(backend).await;
    sqlx::query("INSERT INTO clients (slug, name, segment) VALUES ('moto-x', 'Motopeças X', '')")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    sqlx::query("INSERT INTO clients (slug, name, segment) VALUES ('advocacia-y', 'Advocacia Y', 'Outro')")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let clients = list(&app.get("/api/v1/getClientsData").await.success_data()["clientsData"]);
    assert_eq!(find(&clients, "moto-x")["segment"], "Automotivo");
    assert_eq!(find(&clients, "advocacia-y")["segment"], "Serviços");
    assert_eq!(find(&clients, "moto-x")["numSpots"], 0);
}

/// The spot modal's player: a spot's `audioFile` answers MP3 bytes (the engine's demo rendition of the
/// commercial), the same bytes twice; a spot without audio, an unknown name and anything that is not a
/// spot's file name are 404s.
async fn spot_audio_is_the_engines_mp3(backend: Backend) {
    let app = TestApp::with_config(backend, |config| config.demo_track_seconds = Some(2.0)).await;
    let spot = app
        .get("/api/v1/getSpotData/auto-center-pioneiro-revisao-de-ferias")
        .await
        .success_data();
    let url = spot["audioFile"].as_str().unwrap().to_owned();
    assert_eq!(
        url,
        "/media/audio/spots/auto-center-pioneiro-revisao-de-ferias.mp3"
    );
    let response = app.get(&url).await;
    assert_eq!(response.status.as_u16(), 200);
    assert_eq!(response.header("content-type"), Some("audio/mpeg"));
    let body = &response.body;
    assert!(body.len() > 4_000, "{} bytes", body.len());
    assert!(
        body.starts_with(b"ID3") || (body[0] == 0xFF && body[1] & 0xE0 == 0xE0),
        "{:02X?}",
        &body[..4]
    );
    let again = app.get(&url).await;
    assert_eq!(again.body, response.body);

    // A spot without audio has no file.
    let silent: (String,) = sqlx::query_as("SELECT slug FROM spots WHERE audio_url = '' ORDER BY id LIMIT 1")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    for path in [
        format!("/media/audio/spots/{}.mp3", silent.0),
        "/media/audio/spots/nao-existe.mp3".to_owned(),
        "/media/audio/spots/auto-center-pioneiro-revisao-de-ferias".to_owned(),
        "/media/audio/spots/auto-center-pioneiro-revisao-de-ferias.ogg".to_owned(),
        "/media/audio/spots/..%2F..%2Fonda.db.mp3".to_owned(),
        "/media/audio/spots/%2E%2E.mp3".to_owned(),
        format!("/media/audio/spots/{}.mp3", "a".repeat(500)),
    ] {
        assert_eq!(app.get(&path).await.status.as_u16(), 404, "{path}");
    }
}
