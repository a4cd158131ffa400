//! The foundation: envelope, shell endpoints, page routes, static files, headers (SH-*, AP-01).

// Test helpers outside #[test] functions panic on purpose.

use crate::common::{Backend, TestApp, assert_envelope};
use axum::{
    body::Body,
    extract::ConnectInfo,
    http::{Request, StatusCode, header},
};
use onda_server::admin::{self, AdminCommand};
use serde_json::json;

on_both_databases!(
    health_reports_the_database,
    app_parameters_have_every_field,
    maintenance_switch_changes_app_parameters,
    user_infos_answers_the_callers_address,
    categories_are_the_fourteen_of_the_routes_table,
    affiliates_carry_city_and_state,
    station_profile_comes_from_configuration,
    every_route_of_the_routes_table_answers_200,
    unknown_paths_answer_404_with_the_404_page,
    private_pages_are_noindex,
    unknown_api_paths_answer_a_json_404,
    malformed_json_gets_a_400_in_the_envelope,
    static_files_answer_head_with_etags,
    scripts_go_out_as_the_builds_brotli_copy,
    responses_carry_security_headers_and_compression,
    only_the_desktop_app_origin_may_call_across_origins,
);

async fn health_reports_the_database(backend: Backend) {
    let app = TestApp::empty(backend).await;
    let data = app.get("/health").await.success_data();
    assert_eq!(data["database"], backend.name());
}

/// SH-13.
async fn app_parameters_have_every_field(backend: Backend) {
    let app = TestApp::new(backend).await;
    let data = app.get("/api/v1/getAppParameters").await.success_data();
    assert!(data["logo"]["url"].as_str().is_some_and(|url| !url.is_empty()));
    assert_eq!(data["logo"]["alt"], "Onda FM");
    for field in ["text", "title", "link", "gradientFrom", "gradientTo"] {
        assert!(
            data["headerBar"][field].as_str().is_some_and(|v| !v.is_empty()),
            "headerBar.{field}: {data}"
        );
    }
    assert_eq!(data["headerBar"]["link"], "/ouvir-radio-online");
    assert_eq!(data["maintenance"], false);
    assert!(data["preroll"]["adManagerUrl"].is_string());
    assert!(data["preroll"]["targetingUrl"].is_string());
    assert!(data["enabledTests"].is_array());
    assert!(data["campaignStreams"].is_object(), "G07: {data}");

    // Without the seeded row the defaults still carry every field.
    let empty = TestApp::empty(backend).await;
    let data = empty.get("/api/v1/getAppParameters").await.success_data();
    assert_eq!(data["headerBar"]["link"], "/ouvir-radio-online");
    assert!(data["campaignStreams"].is_object());
}

/// SH-07's server half: the operator command flips the flag the UI reads.
async fn maintenance_switch_changes_app_parameters(backend: Backend) {
    let app = TestApp::new(backend).await;
    let said = admin::run(&app.state, AdminCommand::Maintenance { switch: "on".into() })
        .await
        .unwrap();
    assert!(said.contains("ligado"), "{said}");
    let data = app.get("/api/v1/getAppParameters").await.success_data();
    assert_eq!(data["maintenance"], true);
    admin::run(&app.state, AdminCommand::Maintenance { switch: "off".into() })
        .await
        .unwrap();
    let data = app.get("/api/v1/getAppParameters").await.success_data();
    assert_eq!(data["maintenance"], false);
}

/// SH-14, G04: the socket peer, or the first forwarded hop when the peer is a trusted proxy.
async fn user_infos_answers_the_callers_address(backend: Backend) {
    let app = TestApp::with_config(backend, |config| {
        config.trusted_proxies = vec!["10.0.0.1".parse().unwrap()];
    })
    .await;
    let from = |peer: &str, forwarded: Option<&str>| {
        let mut request = Request::get("/getUserInfos");
        if let Some(list) = forwarded {
            request = request.header("x-forwarded-for", list);
        }
        let mut request = request.body(Body::empty()).unwrap();
        request.extensions_mut().insert(ConnectInfo(
            format!("{peer}:5000").parse::<std::net::SocketAddr>().unwrap(),
        ));
        request
    };
    let direct = app.request(from("203.0.113.9", Some("1.2.3.4"))).await;
    assert_eq!(
        direct.success_data()["forwardedFor"],
        "203.0.113.9",
        "an untrusted peer cannot spoof"
    );
    assert_eq!(direct.header("cache-control"), Some("no-store"));
    let proxied = app
        .request(from("10.0.0.1", Some("198.51.100.7, 10.0.0.1")))
        .await;
    assert_eq!(proxied.success_data()["forwardedFor"], "198.51.100.7");
    let garbage = app.request(from("10.0.0.1", Some("not-an-ip"))).await;
    assert_eq!(garbage.success_data()["forwardedFor"], "10.0.0.1");
}

async fn categories_are_the_fourteen_of_the_routes_table(backend: Backend) {
    let app = TestApp::new(backend).await;
    let data = app.get("/api/v1/news/getCategories").await.success_data();
    let slugs: Vec<&str> = data
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["slug"].as_str().unwrap())
        .collect();
    let mut expected = vec![
        "musica",
        "saude",
        "economia",
        "politica",
        "tecnologia",
        "outros",
        "mundo",
        "cotidiano",
        "podcast",
        "cinema",
        "moda",
        "carros",
        "gastronomia",
        "viagem",
    ];
    let mut sorted = slugs.clone();
    sorted.sort_unstable();
    expected.sort_unstable();
    assert_eq!(sorted, expected);
    assert!(
        data.as_array()
            .unwrap()
            .iter()
            .all(|c| c["id"].is_number() && c["name"].is_string())
    );
    // The demo writes the name in Portuguese; the spec's 'Politica' is the same label without its
    // accent (C42: labels compare accent-insensitively).
    assert!(
        data.as_array().unwrap().iter().any(|c| c["name"] == "Política"),
        "{data}"
    );
}

async fn affiliates_carry_city_and_state(backend: Backend) {
    let app = TestApp::new(backend).await;
    let data = app.get("/api/v1/getAffiliatesData").await.success_data();
    let list = data.as_array().unwrap();
    assert_eq!(list.len(), 21);
    for affiliate in list {
        let cep = affiliate["enderecoCEP"].as_str().unwrap();
        let state = affiliate["state"].as_str().unwrap();
        assert!(
            cep.contains(&format!("/{state}")),
            "state readable from 'city/UF - ': {affiliate}"
        );
        assert!(
            affiliate["filial"].as_str().unwrap().contains(" - "),
            "{affiliate}"
        );
    }
}

async fn station_profile_comes_from_configuration(backend: Backend) {
    let app = TestApp::with_config(backend, |config| {
        config.station_name = "Rádio Teste".into();
        config.station_slug = "teste".into();
    })
    .await;
    let data = app.get("/api/v1/station").await.success_data();
    assert_eq!(data["name"], "Rádio Teste");
    assert_eq!(data["mainStreamId"], "teste_1");
    assert!(
        data["supportPhone"]
            .as_str()
            .is_some_and(|phone| !phone.is_empty())
    );
    assert!(!data["apps"].as_array().unwrap().is_empty());
    let html = app.get("/").await.text();
    assert!(html.contains("<title>Rádio Teste</title>"), "{html}");
}

/// SH-03 (with the slug routes of the routes table, doc3 §2.1; C06, C08, C41).
async fn every_route_of_the_routes_table_answers_200(backend: Backend) {
    let app = TestApp::new(backend).await;
    let routes = [
        "/",
        "/ouvir-radio-online",
        "/noticias",
        "/noticias/tags",
        "/jornalistas",
        "/artistas",
        "/musicas",
        "/as-10-mais",
        "/as-100-mais",
        "/podcasts",
        "/videos",
        "/tv",
        "/programacao",
        "/parceiros",
        "/afiliadas",
        "/clientes",
        "/promocoes",
        "/recomende",
        "/contato",
        "/trabalhe-conosco",
        "/anuncie-conosco",
        "/quem-somos",
        "/incorporar-player",
        "/sitemap",
        "/aplicativos",
        "/feeds",
        "/caca-ao-tesouro",
        "/a1stats",
        "/vantagens-da-assinatura-pro",
        "/open-app",
        "/perfil/editar-perfil",
        "/busca?q=x",
        "/busca",
        "/termos/privacidade",
        "/termos/uso",
        "/noticias/musica",
        "/noticias/tags/samba",
        "/jornalistas/alguem",
        "/as-10-mais/pop",
        "/as-100-mais/2010",
        "/podcasts/outros",
        "/podcasts/outros/recentes",
        "/podcasts/outros/not%C3%ADcias",
        "/videos/um-video",
        "/clientes/um-cliente",
        "/promocoes/uma-promocao",
        "/?profile=requestPasswordReset",
    ];
    // Item pages whose item the server looks up (share previews) answer 200 for a real item only
    // (seo.rs tests the 404 of a missing one): a demo news item, artist, song and podcast show.
    let db = &app.state.db.pool;
    let one =
        |sql: &'static str| async move { sqlx::query_scalar::<_, String>(sql).fetch_one(db).await.unwrap() };
    let items = [
        format!("/noticias/{}", one("SELECT slug FROM news ORDER BY id LIMIT 1").await),
        format!("/artistas/{}", one("SELECT slug FROM artists ORDER BY id LIMIT 1").await),
        format!(
            "/musicas/{}",
            one("SELECT s.slug || '+' || a.slug FROM songs s JOIN artists a ON a.id = s.artist_id ORDER BY s.id LIMIT 1")
                .await
        ),
        format!(
            "/podcasts/{}",
            one("SELECT slug FROM podcast_shows ORDER BY id LIMIT 1").await
        ),
    ];
    for route in routes.iter().copied().chain(items.iter().map(String::as_str)) {
        let response = app.get(route).await;
        assert_eq!(response.status, StatusCode::OK, "{route}");
        assert!(
            response.header("content-type").unwrap().starts_with("text/html"),
            "{route}"
        );
        assert!(
            !response.text().contains("Ops! Página não encontrada."),
            "{route}"
        );
    }
    let termos = app.get("/termos").await;
    assert!(termos.status.is_redirection());
    assert_eq!(termos.header("location"), Some("/termos/privacidade"), "C41");
}

/// SH-02, C07, C08, C05.
async fn unknown_paths_answer_404_with_the_404_page(backend: Backend) {
    let app = TestApp::new(backend).await;
    for path in [
        "/pagina-que-nao-existe",
        "/stats",
        "/musicas/sem-artista",
        "/musicas/a+b+c",
        "/termos/outro",
        "/podcasts/show/outra-coisa",
        "/noticias/tags/a/b",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status, StatusCode::NOT_FOUND, "{path}");
        let html = response.text();
        assert!(html.contains("Ops! Página não encontrada."), "{path}: {html}");
        assert!(html.contains("href=\"/\""), "{path}: link back to the start");
    }
}

/// SH-16, C45.
async fn private_pages_are_noindex(backend: Backend) {
    let app = TestApp::new(backend).await;
    for path in ["/open-app", "/a1stats", "/perfil/editar-perfil"] {
        let html = app.get(path).await.text();
        let head = &html[..html.find("</head>").unwrap()];
        assert!(
            head.contains("<meta name=\"robots\" content=\"noindex"),
            "{path}: {head}"
        );
    }
    assert!(
        app.get("/open-app")
            .await
            .text()
            .contains("href=\"/aplicativos\"")
    );
    assert!(!app.get("/").await.text().contains("noindex"));
}

/// AP-01 for errors: an unknown API path is a JSON envelope 404, not the HTML page.
async fn unknown_api_paths_answer_a_json_404(backend: Backend) {
    let app = TestApp::empty(backend).await;
    let response = app.get("/api/v1/naoExiste").await;
    assert_eq!(response.status, StatusCode::NOT_FOUND);
    let json = response.json();
    assert_envelope(&json);
    assert_eq!(json["status"], 404);
}

/// Bad input never gets a 500: a POST to a GET route, broken JSON.
async fn malformed_json_gets_a_400_in_the_envelope(backend: Backend) {
    let app = TestApp::empty(backend).await;
    let response = app.post_json("/api/v1/getAppParameters", &json!({"x": 1})).await;
    assert_eq!(response.status, StatusCode::METHOD_NOT_ALLOWED);
    let response = app
        .request(
            Request::post("/api/v1/naoExiste")
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from("{not json"))
                .unwrap(),
        )
        .await;
    assert!(response.status.is_client_error());
}

/// A station serving its UI from a folder (`ONDA_UI_DIR`) holding these build files (path, bytes).
async fn app_with_ui(backend: Backend, files: &[(&str, &[u8])]) -> TestApp {
    TestApp::with_config(backend, |config| {
        let ui = config.data_dir.join("ui");
        for (path, bytes) in files {
            let file = ui.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, bytes).unwrap();
        }
        config.ui_dir = Some(ui);
    })
    .await
}

/// G38: scripts and styles answer HEAD with an ETag, revalidate with 304, and change ETag on change.
async fn static_files_answer_head_with_etags(backend: Backend) {
    let app = app_with_ui(
        backend,
        &[
            (
                "index.html",
                b"<!doctype html><html><head><title>x</title><script type=\"module\" src=\"/assets/app.js\"></script></head><body><div id=\"root\"></div></body></html>",
            ),
            ("assets/app.js", b"console.log('v1')"),
        ],
    )
    .await;
    let head = app.head("/assets/app.js").await;
    assert_eq!(head.status, StatusCode::OK);
    assert!(head.body.is_empty(), "HEAD has no body");
    let etag = head.header("etag").expect("ETag on HEAD").to_owned();
    assert!(head.header("content-type").unwrap().contains("javascript"));
    assert!(head.header("cache-control").unwrap().contains("immutable"));

    let revalidate = app
        .request(
            Request::get("/assets/app.js")
                .header("if-none-match", &etag)
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(revalidate.status, StatusCode::NOT_MODIFIED);

    std::fs::write(
        app.state.config.ui_dir.as_ref().unwrap().join("assets/app.js"),
        "console.log('v2')",
    )
    .unwrap();
    let changed = app.head("/assets/app.js").await;
    assert_ne!(
        changed.header("etag").unwrap(),
        etag,
        "a new build gives a new ETag"
    );

    assert_eq!(app.get("/assets/missing.js").await.status, StatusCode::NOT_FOUND);
    let page = app.get("/noticias").await.text();
    assert!(
        page.contains("/assets/app.js") && page.contains("<title>Onda FM</title>"),
        "{page}"
    );
}

/// A browser that takes Brotli gets the build's `.br` copy of a script as it is (quality 11,
/// smaller than the gzip made per request), with its own ETag; others get the file, compressed per
/// request as before; caches are told the answer depends on Accept-Encoding.
async fn scripts_go_out_as_the_builds_brotli_copy(backend: Backend) {
    let script = "console.log('onda');\n".repeat(200);
    // Stands in for the Brotli bytes: the server sends the copy untouched, whatever it holds.
    let copy = b"\x1b\x0bbrotli copy of app.js".to_vec();
    let app = app_with_ui(
        backend,
        &[
            (
                "index.html",
                b"<!doctype html><html><body><div id=\"root\"></div></body></html>",
            ),
            ("assets/app.js", script.as_bytes()),
            ("assets/app.js.br", &copy),
            ("assets/other.js", script.as_bytes()),
        ],
    )
    .await;
    let get = |path: &'static str, accept: Option<&'static str>, etag: Option<String>| {
        let mut request = Request::get(path);
        if let Some(accept) = accept {
            request = request.header("accept-encoding", accept);
        }
        if let Some(etag) = etag {
            request = request.header("if-none-match", etag);
        }
        app.request(request.body(Body::empty()).unwrap())
    };

    // Chromium's header.
    let brotli = get("/assets/app.js", Some("gzip, deflate, br, zstd"), None).await;
    assert_eq!(brotli.status, StatusCode::OK);
    assert_eq!(brotli.header("content-encoding"), Some("br"));
    assert_eq!(brotli.body, copy);
    assert!(brotli.header("content-type").unwrap().contains("javascript"));
    assert!(brotli.header("cache-control").unwrap().contains("immutable"));
    assert_eq!(brotli.header("vary"), Some("accept-encoding"));
    let brotli_etag = brotli.header("etag").unwrap().to_owned();
    let revalidated = get("/assets/app.js", Some("br"), Some(brotli_etag.clone())).await;
    assert_eq!(revalidated.status, StatusCode::NOT_MODIFIED);
    assert_eq!(revalidated.header("vary"), Some("accept-encoding"));

    // No Brotli, or Brotli refused with q=0: the file itself, compressed per request when asked.
    let plain = get("/assets/app.js", None, None).await;
    assert_eq!(plain.header("content-encoding"), None);
    assert_eq!(plain.body, script.as_bytes());
    assert_eq!(plain.header("vary"), Some("accept-encoding"));
    assert_ne!(
        plain.header("etag").unwrap(),
        brotli_etag,
        "each form has its own ETag"
    );
    for accept in ["gzip", "br;q=0, gzip", "BR; Q=0.000, gzip"] {
        let gzip = get("/assets/app.js", Some(accept), None).await;
        assert_eq!(gzip.header("content-encoding"), Some("gzip"), "{accept}");
        assert_ne!(gzip.body, copy);
    }
    assert_eq!(get("/assets/app.js", Some("br;q=0.5"), None).await.body, copy);

    // A file the build wrote no copy of is compressed per request.
    let other = get("/assets/other.js", Some("br"), None).await;
    assert_eq!(other.status, StatusCode::OK);
    assert_ne!(other.body, copy);
    assert_ne!(
        other.body,
        script.as_bytes(),
        "compressed by the compression layer"
    );
}

async fn responses_carry_security_headers_and_compression(backend: Backend) {
    let app = TestApp::new(backend).await;
    let page = app.get("/").await;
    let csp = page.header("content-security-policy").expect("CSP");
    assert!(
        csp.contains("default-src 'self'") && csp.contains("script-src 'self'"),
        "{csp}"
    );
    assert!(!csp.contains("unsafe-eval"));
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(page.header("x-frame-options"), Some("SAMEORIGIN"));
    assert!(page.header("referrer-policy").is_some());

    // JSON replies are never documents: they may load nothing and be framed by nobody.
    let api = app.get("/api/v1/getAppParameters").await;
    assert_eq!(
        api.header("content-security-policy"),
        Some("default-src 'none'; frame-ancestors 'none'")
    );
    assert_eq!(api.header("x-content-type-options"), Some("nosniff"));

    let compressed = app
        .request(
            Request::get("/api/v1/getAffiliatesData")
                .header("accept-encoding", "gzip")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(compressed.header("content-encoding"), Some("gzip"));
}

/// The desktop app's webview calls the station from `tauri://localhost` (Windows: `http(s)://tauri.localhost`):
/// its preflight and its replies carry CORS headers for that origin, credentials included; any other
/// origin gets none, so a website elsewhere cannot read the API with a visitor's cookie.
async fn only_the_desktop_app_origin_may_call_across_origins(backend: Backend) {
    let app = TestApp::new(backend).await;
    for origin in ["tauri://localhost", "http://tauri.localhost"] {
        let preflight = app
            .request(
                Request::builder()
                    .method("OPTIONS")
                    .uri("/api/v1/profile/login")
                    .header(header::ORIGIN, origin)
                    .header(header::ACCESS_CONTROL_REQUEST_METHOD, "POST")
                    .header(
                        header::ACCESS_CONTROL_REQUEST_HEADERS,
                        "content-type,authorization",
                    )
                    .body(Body::empty())
                    .unwrap(),
            )
            .await;
        assert!(preflight.status.is_success(), "{origin}: {}", preflight.status);
        assert_eq!(preflight.header("access-control-allow-origin"), Some(origin));
        assert_eq!(preflight.header("access-control-allow-credentials"), Some("true"));
        let methods = preflight
            .header("access-control-allow-methods")
            .unwrap()
            .to_ascii_uppercase();
        assert!(methods.contains("POST"), "{methods}");
        let headers = preflight
            .header("access-control-allow-headers")
            .unwrap()
            .to_ascii_lowercase();
        assert!(
            headers.contains("authorization") && headers.contains("content-type"),
            "{headers}"
        );

        let reply = app
            .request(
                Request::get("/api/v1/getAppParameters")
                    .header(header::ORIGIN, origin)
                    .body(Body::empty())
                    .unwrap(),
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK);
        assert_eq!(reply.header("access-control-allow-origin"), Some(origin));
    }

    for origin in ["https://evil.example", "null", "tauri://localhost.evil.example"] {
        let reply = app
            .request(
                Request::get("/api/v1/getAppParameters")
                    .header(header::ORIGIN, origin)
                    .body(Body::empty())
                    .unwrap(),
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "the reply itself is unchanged");
        // Without an allowed origin the browser withholds the reply (tower-http still sends
        // allow-credentials, which alone grants nothing).
        assert_eq!(reply.header("access-control-allow-origin"), None, "{origin}");
    }
}
