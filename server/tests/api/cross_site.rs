//! Requests a browser sends on another site's behalf: a state-changing one is refused even with the
//! staff member's session cookie on it, while the station's own pages, the desktop app and clients
//! that are not browsers go on as before. And the CORS headers speak only to the desktop app.

use axum::{
    body::Body,
    http::{Method, Request, StatusCode, header},
};

use crate::{
    common::{Backend, TestApp, TestResponse},
    newsroom::multipart,
    players_common::staff,
};

on_both_databases!(
    a_foreign_site_cannot_upload_or_log_out_with_a_staff_cookie,
    the_station_the_desktop_app_and_non_browsers_are_not_cross_site,
    credentials_are_allowed_only_to_the_desktop_origins,
);

const IMAGES: &str = "/api/v1/backoffice/images";
const EVIL: &str = "https://evil.example";

/// A PNG as wide as the pages' pictures must be.
fn png() -> Vec<u8> {
    let picture = image::RgbImage::from_fn(640, 360, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 90])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// A request as a browser page at `origin` sends it, with the session cookie (`site`: what the
/// browser says of the page's site relative to ours; `None` for a browser too old to say).
fn from_page(
    method: Method,
    path: &str,
    cookie: &str,
    origin: Option<&str>,
    site: Option<&str>,
) -> axum::http::request::Builder {
    let mut builder = Request::builder()
        .method(method)
        .uri(path)
        .header(header::HOST, "radio.test")
        .header(header::COOKIE, format!("a1_token={cookie}"));
    if let Some(origin) = origin {
        builder = builder.header(header::ORIGIN, origin);
    }
    if let Some(site) = site {
        builder = builder.header("sec-fetch-site", site);
    }
    builder
}

async fn upload(app: &TestApp, token: &str, origin: Option<&str>, site: Option<&str>) -> TestResponse {
    let (content_type, body) = multipart("foto.png", &png());
    app.request(
        from_page(Method::POST, IMAGES, token, origin, site)
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(body))
            .unwrap(),
    )
    .await
}

async fn logout(app: &TestApp, token: &str, origin: Option<&str>, site: Option<&str>) -> TestResponse {
    app.request(
        from_page(Method::POST, "/api/v1/profile/logout", token, origin, site)
            .body(Body::empty())
            .unwrap(),
    )
    .await
}

async fn session_alive(app: &TestApp, token: &str) -> bool {
    let response = app
        .request(
            Request::get("/api/v1/profile/getProfile")
                .header(header::COOKIE, format!("a1_token={token}"))
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    response.status == StatusCode::OK
}

fn assert_cross_site_refused(response: &TestResponse) {
    assert_eq!(response.status, StatusCode::FORBIDDEN, "{}", response.text());
    assert_eq!(response.json()["message"], onda_server::web::CROSS_SITE_REFUSED);
}

async fn a_foreign_site_cannot_upload_or_log_out_with_a_staff_cookie(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (_, token) = staff(&app, "redacao@exemplo.com", &[5]).await;
    // Today's browsers say where the page is; older ones only send the origin.
    for (origin, site) in [
        (Some(EVIL), Some("cross-site")),
        (Some("https://outro.radio.test"), Some("same-site")),
        (None, Some("cross-site")),
        (Some(EVIL), None),
        (Some("null"), None),
    ] {
        assert_cross_site_refused(&upload(&app, &token, origin, site).await);
        assert_cross_site_refused(&logout(&app, &token, origin, site).await);
    }
    assert!(
        session_alive(&app, &token).await,
        "no refused logout ended the session"
    );
}

async fn the_station_the_desktop_app_and_non_browsers_are_not_cross_site(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (_, token) = staff(&app, "redacao@exemplo.com", &[5]).await;
    for (origin, site) in [
        (Some("http://radio.test"), Some("same-origin")),
        // Older browsers: the page's origin is the host asked.
        (Some("http://radio.test"), None),
        // The desktop app's webview is another origin that the station trusts.
        (Some("tauri://localhost"), Some("cross-site")),
        (Some("http://tauri.localhost"), Some("cross-site")),
        // Not a page: a script, a provider's webhook.
        (None, None),
    ] {
        let response = upload(&app, &token, origin, site).await;
        assert_eq!(
            response.status,
            StatusCode::OK,
            "{origin:?} {site:?}: {}",
            response.text()
        );
    }
    // Safe methods are never refused, whoever asks.
    let response = app
        .request(
            from_page(
                Method::GET,
                "/api/v1/profile/getProfile",
                &token,
                Some(EVIL),
                Some("cross-site"),
            )
            .body(Body::empty())
            .unwrap(),
        )
        .await;
    assert_eq!(response.status, StatusCode::OK);
    // And the station's own page logs out.
    let response = logout(&app, &token, Some("http://radio.test"), Some("same-origin")).await;
    assert_eq!(response.status, StatusCode::OK);
    assert!(!session_alive(&app, &token).await);
}

async fn credentials_are_allowed_only_to_the_desktop_origins(backend: Backend) {
    let app = TestApp::new(backend).await;
    let ask = |origin: &'static str| {
        app.request(
            Request::get("/health")
                .header(header::ORIGIN, origin)
                .body(Body::empty())
                .unwrap(),
        )
    };
    let foreign = ask(EVIL).await;
    assert_eq!(foreign.header("access-control-allow-origin"), None);
    assert_eq!(foreign.header("access-control-allow-credentials"), None);
    let desktop = ask("tauri://localhost").await;
    assert_eq!(
        desktop.header("access-control-allow-origin"),
        Some("tauri://localhost")
    );
    assert_eq!(desktop.header("access-control-allow-credentials"), Some("true"));
    // The preflight of a foreign origin gets no grant either.
    let preflight = app
        .request(
            Request::builder()
                .method(Method::OPTIONS)
                .uri("/api/v1/profile/logout")
                .header(header::ORIGIN, EVIL)
                .header("access-control-request-method", "POST")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(preflight.header("access-control-allow-credentials"), None);
    assert_eq!(preflight.header("access-control-allow-origin"), None);
}
