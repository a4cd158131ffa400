//! Helpers of the account tests: an app without demo content, cheap argon2 parameters, a trusted
//! local proxy (so each request can carry its own client address), and shortcuts for the flows.

use axum::{
    body::Body,
    http::{Method, Request, header},
};
use serde_json::{Value, json};

use crate::common::{Backend, TestApp, TestResponse};

pub const PASSWORD: &str = "segredo1";

pub async fn app(backend: Backend) -> TestApp {
    app_with(backend, |_| {}).await
}

pub async fn app_with(backend: Backend, configure: impl FnOnce(&mut onda_server::Config)) -> TestApp {
    TestApp::with_config(backend, |config| {
        config.seed_demo = false;
        config.argon2_memory_kib = 64;
        config.argon2_iterations = 1;
        config.trusted_proxies = vec![std::net::IpAddr::from([127, 0, 0, 1])];
        config.public_url = Some("http://radio.test".to_owned());
        configure(config);
    })
    .await
}

/// A random client address (10.x.y.z), so per-IP limits do not interfere between calls.
pub fn random_ip() -> String {
    format!(
        "10.{}.{}.{}",
        rand::random::<u8>(),
        rand::random::<u8>(),
        rand::random::<u8>()
    )
}

pub struct Call<'a> {
    pub method: Method,
    pub path: &'a str,
    pub body: Option<Value>,
    pub bearer: Option<&'a str>,
    pub cookie: Option<&'a str>,
    pub ip: Option<&'a str>,
}

pub async fn call(app: &TestApp, call: Call<'_>) -> TestResponse {
    let mut builder = Request::builder().method(call.method).uri(call.path);
    let random = random_ip();
    builder = builder.header("x-forwarded-for", call.ip.unwrap_or(&random));
    if let Some(token) = call.bearer {
        builder = builder.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    if let Some(token) = call.cookie {
        builder = builder.header(header::COOKIE, format!("a1_browserHash=x; a1_token={token}"));
    }
    let request = match call.body {
        Some(body) => builder
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string())),
        None => builder.body(Body::empty()),
    }
    .unwrap();
    app.request(request).await
}

pub async fn post(app: &TestApp, path: &str, body: Value) -> TestResponse {
    call(
        app,
        Call {
            method: Method::POST,
            path,
            body: Some(body),
            bearer: None,
            cookie: None,
            ip: None,
        },
    )
    .await
}

pub async fn post_auth(app: &TestApp, path: &str, token: &str, body: Value) -> TestResponse {
    call(
        app,
        Call {
            method: Method::POST,
            path,
            body: Some(body),
            bearer: Some(token),
            cookie: None,
            ip: None,
        },
    )
    .await
}

pub async fn get_auth(app: &TestApp, path: &str, token: &str) -> TestResponse {
    call(
        app,
        Call {
            method: Method::GET,
            path,
            body: None,
            bearer: Some(token),
            cookie: None,
            ip: None,
        },
    )
    .await
}

/// Asserts a business refusal: HTTP 200, status 'error', the literal message.
pub fn assert_refused(response: &TestResponse, message: &str) {
    let json = response.json();
    assert_eq!(response.status, 200, "{json}");
    assert_eq!(json["status"], "error", "{json}");
    assert_eq!(json["message"], message, "{json}");
}

/// Asserts a 400 with `status:400` and the message.
pub fn assert_invalid(response: &TestResponse, message: &str) {
    let json = response.json();
    assert_eq!(response.status, 400, "{json}");
    assert_eq!(json["status"], 400, "{json}");
    assert_eq!(json["message"], message, "{json}");
}

pub fn assert_unauthorized(response: &TestResponse) {
    assert_eq!(response.status, 401, "{}", response.text());
    assert_eq!(response.json()["status"], 401);
}

/// Registers a user and returns its id (unconfirmed).
pub async fn register(app: &TestApp, name: &str, email: &str) -> i64 {
    let data = post(
        app,
        "/api/v1/profile/registerUser",
        json!({"name": name, "email": email, "password": PASSWORD}),
    )
    .await
    .success_data();
    assert_eq!(data["user"]["emailConfirmed"], false);
    data["user"]["userId"].as_i64().unwrap()
}

/// The live confirmation code of a user.
pub async fn code_of(app: &TestApp, user_id: i64) -> String {
    sqlx::query_scalar("SELECT code FROM email_codes WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

/// Registers and confirms a user; returns (userId, token).
pub async fn confirmed_user(app: &TestApp, email: &str) -> (i64, String) {
    let id = register(app, "Maria Souza", email).await;
    let code = code_of(app, id).await;
    let data = post(
        app,
        "/api/v1/profile/confirmEmail",
        json!({"userId": id, "code": code}),
    )
    .await
    .success_data();
    (id, data["token"].as_str().unwrap().to_owned())
}

pub async fn login(app: &TestApp, email: &str, password: &str) -> TestResponse {
    post(
        app,
        "/api/v1/profile/login",
        json!({"email": email, "password": password}),
    )
    .await
}

/// The texts of the .eml files in the outbox, quoted-printable decoded.
pub fn outbox(app: &TestApp) -> Vec<String> {
    let dir = app.dir.path().join("outbox");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    files.sort();
    files
        .iter()
        .map(|path| decode_qp(&std::fs::read_to_string(path).unwrap()))
        .collect()
}

/// Undoes quoted-printable soft breaks and `=XX` escapes (enough for the tests' assertions).
pub fn decode_qp(text: &str) -> String {
    if !text.contains("Content-Transfer-Encoding: quoted-printable") {
        return text.to_owned();
    }
    let joined = text.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && i + 2 < bytes.len()
            && let Some(byte) = std::str::from_utf8(&bytes[i + 1..i + 3])
                .ok()
                .and_then(|hex| u8::from_str_radix(hex, 16).ok())
        {
            out.push(byte);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

pub async fn set_disabled(app: &TestApp, user_id: i64) {
    sqlx::query("UPDATE users SET disabled = 1 WHERE id = $1")
        .bind(user_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
}
