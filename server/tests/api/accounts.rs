//! Accounts over the real router on both databases: registration, confirmation, login (C10), sessions
//! by cookie and bearer, logout, password reset, resend, rate limits (ID-*, S01, S08, S09, G05, G62, G63).

use crate::accounts_common::*;
use crate::common::{Backend, TestApp};
use axum::http::Method;
use serde_json::json;
use std::time::{Duration, Instant};

on_both_databases!(
    registration_validates_every_field,
    duplicate_email_is_refused_case_insensitively,
    unconfirmed_login_gets_no_session,
    confirm_email_paths,
    confirmation_code_expires_and_resend_invalidates,
    resend_paths_and_cooldown,
    login_paths_and_cookie,
    token_works_by_cookie_and_by_bearer,
    logout_revokes_the_session,
    get_profile_without_or_with_bad_token_is_401,
    password_reset_is_single_use_and_expires,
    reset_request_paths,
    login_rate_limit,
    register_rate_limit,
    reset_request_rate_limit,
    oversized_emails_write_nothing,
    guesses_from_many_addresses_do_not_lock_the_owner_out,
    wrong_guesses_on_one_account_wait_longer_and_longer,
    an_address_over_its_own_limits_is_refused_even_with_the_right_password,
    reset_requests_are_limited_per_address,
    forged_forwarded_hops_do_not_move_the_limit,
    concurrent_registrations_never_pass_the_limit,
    an_oversized_body_is_413_in_the_envelope,
    session_secret_is_generated_once_and_kept,
    confirmation_attempts_are_limited,
);

/// ID-08, C01, S01.
async fn registration_validates_every_field(backend: Backend) {
    let app = app(backend).await;
    let long_name = "a".repeat(51);
    let long_email = format!("{}@x.com", "a".repeat(45));
    assert_eq!(long_email.len(), 51);
    for (name, email, password) in [
        (long_name.as_str(), "a@b.com", PASSWORD),
        ("Jo", "a@b.com", PASSWORD),
        ("João3", "a@b.com", PASSWORD),
        ("José", long_email.as_str(), PASSWORD),
        ("José", "not-an-email", PASSWORD),
        ("José", "a@b.com", "abc"),
        ("José", "a@b.com", &"a".repeat(21)),
        ("José", "a@b.com", "abcde"),
    ] {
        let response = post(
            &app,
            "/api/v1/profile/registerUser",
            json!({"name": name, "email": email, "password": password}),
        )
        .await;
        assert_invalid(&response, "Preencha todos os campos corretamente");
    }
    // The boundaries that pass: 50-character name and e-mail, 6- and 20-character passwords.
    let email50 = format!("{}@x.com", "b".repeat(44));
    assert_eq!(email50.len(), 50);
    register(&app, &"á".repeat(50), &email50).await;
    let response = post(
        &app,
        "/api/v1/profile/registerUser",
        json!({"name": "José da Silva", "email": "jose@x.com", "password": "a".repeat(20)}),
    )
    .await;
    response.success_data();
    let response = post(
        &app,
        "/api/v1/profile/registerUser",
        json!({"name": "José da Silva", "email": "jose2@x.com", "password": "123456"}),
    )
    .await;
    assert_eq!(response.json()["message"], "user registered");
    // Missing fields are a 400 too.
    let response = post(&app, "/api/v1/profile/registerUser", json!({"name": "José"})).await;
    assert_eq!(response.status, 400);
}

/// ID-09.
async fn duplicate_email_is_refused_case_insensitively(backend: Backend) {
    let app = app(backend).await;
    register(&app, "Maria Souza", "maria@exemplo.com").await;
    let response = post(
        &app,
        "/api/v1/profile/registerUser",
        json!({"name": "Maria Souza", "email": "MARIA@Exemplo.com", "password": PASSWORD}),
    )
    .await;
    assert_refused(&response, "email already registered");
}

/// C10: success, 'unconfirmed e-mail', data.user, no token and no cookie.
async fn unconfirmed_login_gets_no_session(backend: Backend) {
    let app = app(backend).await;
    let id = register(&app, "Maria Souza", "maria@exemplo.com").await;
    let response = login(&app, "maria@exemplo.com", PASSWORD).await;
    let json = response.json();
    assert_eq!(response.status, 200);
    assert_eq!(json["status"], "success");
    assert_eq!(json["message"], "unconfirmed e-mail");
    assert_eq!(json["data"]["user"]["userId"], id);
    assert_eq!(json["data"]["user"]["emailConfirmed"], false);
    assert_eq!(json["data"]["user"]["name"], "Maria Souza");
    assert!(json["data"].get("token").is_none(), "{json}");
    assert!(response.header("set-cookie").is_none());
    let sessions: i64 = sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM sessions")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(sessions, 0);
}

/// ID-12.
async fn confirm_email_paths(backend: Backend) {
    let app = app(backend).await;
    let id = register(&app, "Maria Souza", "maria@exemplo.com").await;
    let code = code_of(&app, id).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    assert_refused(
        &post(
            &app,
            "/api/v1/profile/confirmEmail",
            json!({"userId": id, "code": wrong}),
        )
        .await,
        "wrong code",
    );
    assert_invalid(
        &post(
            &app,
            "/api/v1/profile/confirmEmail",
            json!({"userId": id, "code": "12345"}),
        )
        .await,
        "O código de confirmação tem 6 números",
    );
    let response = post(
        &app,
        "/api/v1/profile/confirmEmail",
        json!({"userId": id, "code": code}),
    )
    .await;
    let cookie = response.header("set-cookie").unwrap().to_owned();
    let data = response.success_data();
    assert_eq!(data["user"]["emailConfirmed"], true);
    let token = data["token"].as_str().unwrap();
    assert!(cookie.contains(&format!("a1_token={token}")), "{cookie}");
    let profile = get_auth(&app, "/api/v1/profile/getProfile", token)
        .await
        .success_data();
    assert_eq!(profile["userId"], id);
    assert_eq!(profile["email"], "maria@exemplo.com");
    assert_refused(
        &post(
            &app,
            "/api/v1/profile/confirmEmail",
            json!({"userId": id, "code": code}),
        )
        .await,
        "email already confirmed",
    );
}

/// G62: a code lasts 24 h; a resend makes the previous one invalid.
async fn confirmation_code_expires_and_resend_invalidates(backend: Backend) {
    let app = app(backend).await;
    let id = register(&app, "Maria Souza", "maria@exemplo.com").await;
    let first = code_of(&app, id).await;
    post(
        &app,
        "/api/v1/profile/resendConfirmationEmail",
        json!({"name": "Maria Souza", "userId": id, "email": "maria@exemplo.com"}),
    )
    .await
    .success_data();
    let second = code_of(&app, id).await;
    if first != second {
        assert_refused(
            &post(
                &app,
                "/api/v1/profile/confirmEmail",
                json!({"userId": id, "code": first}),
            )
            .await,
            "wrong code",
        );
    }
    // Expire the live code: it no longer confirms.
    sqlx::query("UPDATE email_codes SET expires_at = $1 WHERE user_id = $2")
        .bind(time::OffsetDateTime::now_utc().unix_timestamp() - 1)
        .bind(id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_refused(
        &post(
            &app,
            "/api/v1/profile/confirmEmail",
            json!({"userId": id, "code": second}),
        )
        .await,
        "wrong code",
    );
    // Both e-mails reached the outbox, each with its code and link.
    let mails = outbox(&app);
    assert_eq!(mails.len(), 2);
    assert!(mails[1].contains(&second));
    assert!(mails[1].contains(&format!(
        "http://radio.test/?profile=confirmEmail&userId={id}&code={second}"
    )));
}

/// G63/S09: one resend per 60 s per user; wrong user/e-mail pairs and confirmed users are refused.
async fn resend_paths_and_cooldown(backend: Backend) {
    let app = app(backend).await;
    let id = register(&app, "Maria Souza", "maria@exemplo.com").await;
    let body = json!({"name": "Maria Souza", "userId": id, "email": "maria@exemplo.com"});
    post(&app, "/api/v1/profile/resendConfirmationEmail", body.clone())
        .await
        .success_data();
    let response = post(&app, "/api/v1/profile/resendConfirmationEmail", body).await;
    assert_eq!(response.status, 429);
    assert_eq!(response.json()["status"], 429);
    assert_refused(
        &post(
            &app,
            "/api/v1/profile/resendConfirmationEmail",
            json!({"name": "x", "userId": id, "email": "other@exemplo.com"}),
        )
        .await,
        "user not found",
    );
    let (other, _) = confirmed_user(&app, "joana@exemplo.com").await;
    assert_refused(
        &post(
            &app,
            "/api/v1/profile/resendConfirmationEmail",
            json!({"name": "x", "userId": other, "email": "joana@exemplo.com"}),
        )
        .await,
        "email already confirmed",
    );
}

/// ID-02, ID-04, S08.
async fn login_paths_and_cookie(backend: Backend) {
    let app = app(backend).await;
    let (id, _) = confirmed_user(&app, "maria@exemplo.com").await;
    let response = login(&app, "Maria@Exemplo.com", PASSWORD).await;
    let cookie = response.header("set-cookie").unwrap().to_owned();
    let data = response.success_data();
    assert_eq!(data["user"]["emailConfirmed"], true);
    assert_eq!(data["user"]["userId"], id);
    assert!(data["token"].as_str().is_some_and(|t| !t.is_empty()));
    for part in [
        "a1_token=",
        "Path=/",
        "HttpOnly",
        "SameSite=Strict",
        "Max-Age=2592000",
    ] {
        assert!(cookie.contains(part), "{part} missing from {cookie}");
    }
    assert!(!cookie.contains("Secure"), "plain http: {cookie}");
    assert_refused(
        &login(&app, "maria@exemplo.com", "errada1").await,
        "invalid email or password",
    );
    assert_refused(
        &login(&app, "ninguem@exemplo.com", PASSWORD).await,
        "invalid email or password",
    );
    assert_invalid(
        &login(&app, "", "").await,
        "Insere o seu email e a sua senha para fazer o login!",
    );
    set_disabled(&app, id).await;
    assert_refused(&login(&app, "maria@exemplo.com", PASSWORD).await, "user disabled");

    // Over https the cookie is Secure.
    let secure = app_with(backend, |config| {
        config.public_url = Some("https://radio.test".to_owned());
    })
    .await;
    confirmed_user(&secure, "maria@exemplo.com").await;
    let response = login(&secure, "maria@exemplo.com", PASSWORD).await;
    assert!(response.header("set-cookie").unwrap().contains("; Secure"));
}

/// C11: the cookie or the bearer header; either alone is enough.
async fn token_works_by_cookie_and_by_bearer(backend: Backend) {
    let app = app(backend).await;
    let (id, token) = confirmed_user(&app, "maria@exemplo.com").await;
    let by_cookie = call(
        &app,
        Call {
            method: Method::GET,
            path: "/api/v1/profile/getProfile",
            body: None,
            bearer: None,
            cookie: Some(&token),
            ip: None,
        },
    )
    .await
    .success_data();
    assert_eq!(by_cookie["userId"], id);
    let by_bearer = get_auth(&app, "/api/v1/profile/getProfile", &token)
        .await
        .success_data();
    assert_eq!(by_bearer["userId"], id);
}

/// ID-21, G05.
async fn logout_revokes_the_session(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = confirmed_user(&app, "maria@exemplo.com").await;
    let second = login(&app, "maria@exemplo.com", PASSWORD).await.success_data()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let response = post_auth(&app, "/api/v1/profile/logout", &token, json!({})).await;
    let cookie = response.header("set-cookie").unwrap().to_owned();
    assert!(
        cookie.contains("a1_token=;") && cookie.contains("Max-Age=0"),
        "{cookie}"
    );
    let json = response.json();
    assert_eq!(json["status"], "success");
    assert_eq!(json["message"], "logged out");
    assert!(json["data"].is_null());
    assert_unauthorized(&get_auth(&app, "/api/v1/profile/getProfile", &token).await);
    // Only that session: the other login still works.
    get_auth(&app, "/api/v1/profile/getProfile", &second)
        .await
        .success_data();
    // Logout without a session is still a success.
    post(&app, "/api/v1/profile/logout", json!({}))
        .await
        .success_data();
}

/// ID-21.
async fn get_profile_without_or_with_bad_token_is_401(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = confirmed_user(&app, "maria@exemplo.com").await;
    let response = app.get("/api/v1/profile/getProfile").await;
    assert_unauthorized(&response);
    assert_eq!(response.json()["message"], "unauthorized");
    assert_unauthorized(&get_auth(&app, "/api/v1/profile/getProfile", "not-a-token").await);
    // A token signed with another secret.
    let mut forged = token.clone();
    forged.pop();
    forged.push(if token.ends_with('A') { 'B' } else { 'A' });
    assert_unauthorized(&get_auth(&app, "/api/v1/profile/getProfile", &forged).await);
    // An expired session row.
    sqlx::query("UPDATE sessions SET expires_at = 1")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_unauthorized(&get_auth(&app, "/api/v1/profile/getProfile", &token).await);
}

fn reset_token_from(mail: &str) -> String {
    let start = mail.find("&token=").unwrap() + "&token=".len();
    mail[start..start + 64].to_owned()
}

/// ID-17, G62: single use, 24 h, the new password logs in, other sessions end.
async fn password_reset_is_single_use_and_expires(backend: Backend) {
    let app = app(backend).await;
    let (id, token) = confirmed_user(&app, "maria@exemplo.com").await;
    post(
        &app,
        "/api/v1/profile/requestPasswordReset",
        json!({"email": "MARIA@exemplo.com"}),
    )
    .await
    .success_data();
    let mails = outbox(&app);
    let mail = mails.last().unwrap();
    assert!(mail.contains(&format!(
        "http://radio.test/?profile=resetPassword&userId={id}&token="
    )));
    let reset = reset_token_from(mail);
    assert_invalid(
        &post(
            &app,
            "/api/v1/profile/resetPassword",
            json!({"userId": id, "newPassword": "12345", "resetToken": reset}),
        )
        .await,
        "A senha não deve conter menos de 6 caracteres",
    );
    assert_refused(
        &post(
            &app,
            "/api/v1/profile/resetPassword",
            json!({"userId": id + 1, "newPassword": "novasenha", "resetToken": reset}),
        )
        .await,
        "invalid data",
    );
    post(
        &app,
        "/api/v1/profile/resetPassword",
        json!({"userId": id, "newPassword": "novasenha", "resetToken": reset}),
    )
    .await
    .success_data();
    assert_refused(
        &post(
            &app,
            "/api/v1/profile/resetPassword",
            json!({"userId": id, "newPassword": "outrasenha", "resetToken": reset}),
        )
        .await,
        "invalid data",
    );
    assert_refused(
        &login(&app, "maria@exemplo.com", PASSWORD).await,
        "invalid email or password",
    );
    login(&app, "maria@exemplo.com", "novasenha").await.success_data();
    assert_unauthorized(&get_auth(&app, "/api/v1/profile/getProfile", &token).await);
    // The stored token is a hash, never the token itself.
    let stored: String = sqlx::query_scalar("SELECT token_hash FROM reset_tokens")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_ne!(stored, reset);

    // An expired token.
    post(
        &app,
        "/api/v1/profile/requestPasswordReset",
        json!({"email": "maria@exemplo.com"}),
    )
    .await
    .success_data();
    let late = reset_token_from(outbox(&app).last().unwrap());
    sqlx::query("UPDATE reset_tokens SET expires_at = 1")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_refused(
        &post(
            &app,
            "/api/v1/profile/resetPassword",
            json!({"userId": id, "newPassword": "novasenha2", "resetToken": late}),
        )
        .await,
        "invalid data",
    );
}

/// ID-15 (HTTP side).
async fn reset_request_paths(backend: Backend) {
    let app = app(backend).await;
    assert_refused(
        &post(
            &app,
            "/api/v1/profile/requestPasswordReset",
            json!({"email": "x@y.com"}),
        )
        .await,
        "user not found",
    );
    assert_invalid(
        &post(
            &app,
            "/api/v1/profile/requestPasswordReset",
            json!({"email": " "}),
        )
        .await,
        "Insira seu e-mail de cadastro para criar uma nova senha",
    );
}

/// S09: login 10 per 15 min per IP + e-mail, right or wrong password alike.
async fn login_rate_limit(backend: Backend) {
    let app = app(backend).await;
    confirmed_user(&app, "maria@exemplo.com").await;
    // Five wrong and five right: few enough failures that no reply is slowed.
    for _ in 0..5 {
        assert_refused(
            &login_with(&app, "10.9.9.9", "maria@exemplo.com", "errada1").await,
            "invalid email or password",
        );
        login_with(&app, "10.9.9.9", "maria@exemplo.com", PASSWORD)
            .await
            .success_data();
    }
    let response = login_from(&app, "10.9.9.9", "maria@exemplo.com").await;
    assert_eq!(response.status, 429);
    assert_eq!(response.json()["status"], 429);
    assert_eq!(response.json()["message"], "too many requests");
    // Another address is not affected.
    assert_refused(
        &login_from(&app, "10.9.9.8", "maria@exemplo.com").await,
        "invalid email or password",
    );
}

/// S09: register 5 per hour per IP.
async fn register_rate_limit(backend: Backend) {
    let app = app(backend).await;
    for n in 0..6 {
        let response = call(
            &app,
            Call {
                method: Method::POST,
                path: "/api/v1/profile/registerUser",
                body: Some(json!({"name": "Maria Souza", "email": format!("m{n}@exemplo.com"), "password": PASSWORD})),
                bearer: None,
                cookie: None,
                ip: Some("10.1.1.1"),
            },
        )
        .await;
        if n < 5 {
            response.success_data();
        } else {
            assert_eq!(response.status, 429);
        }
    }
}

/// S09: requestPasswordReset 5 per hour per e-mail.
async fn reset_request_rate_limit(backend: Backend) {
    let app = app(backend).await;
    confirmed_user(&app, "maria@exemplo.com").await;
    for _ in 0..5 {
        post(
            &app,
            "/api/v1/profile/requestPasswordReset",
            json!({"email": "maria@exemplo.com"}),
        )
        .await
        .success_data();
    }
    let response = post(
        &app,
        "/api/v1/profile/requestPasswordReset",
        json!({"email": "MARIA@exemplo.com"}),
    )
    .await;
    assert_eq!(response.status, 429);
}

/// Without ONDA_SESSION_SECRET a secret is generated once and stored; a new app over the same database
/// (a restart, another instance) accepts the tokens.
async fn session_secret_is_generated_once_and_kept(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = confirmed_user(&app, "maria@exemplo.com").await;
    let secret = app.state.db.setting("session_secret").await.unwrap().unwrap();
    assert_eq!(secret.len(), 64);
    let restarted = onda_server::AppState::new(app.state.db.clone(), (*app.state.config).clone());
    let router = onda_server::router(restarted);
    let response = tower::ServiceExt::oneshot(
        router,
        axum::http::Request::get("/api/v1/profile/getProfile")
            .header("authorization", format!("Bearer {token}"))
            .body(axum::body::Body::empty())
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(response.status(), 200);
    let _: &TestApp = &app;
}

/// Not in S09 but needed: the 10⁶ codes cannot be guessed; 10 attempts per 15 min per user.
async fn confirmation_attempts_are_limited(backend: Backend) {
    let app = app(backend).await;
    let id = register(&app, "Maria Souza", "maria@exemplo.com").await;
    let code = code_of(&app, id).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..10 {
        assert_refused(
            &post(
                &app,
                "/api/v1/profile/confirmEmail",
                json!({"userId": id, "code": wrong}),
            )
            .await,
            "wrong code",
        );
    }
    let response = post(
        &app,
        "/api/v1/profile/confirmEmail",
        json!({"userId": id, "code": code}),
    )
    .await;
    assert_eq!(response.status, 429);
}

// -------------------------------------------------------------------------------------------------
// Abuse paths

async fn rate_limit_rows(app: &TestApp) -> Vec<(String, i64)> {
    sqlx::query_as("SELECT bucket, slot FROM rate_limit_slots")
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap()
}

/// A wrong password for `email` from `ip`.
async fn login_from(app: &TestApp, ip: &str, email: &str) -> crate::common::TestResponse {
    login_with(app, ip, email, "errada1").await
}

async fn login_with(app: &TestApp, ip: &str, email: &str, password: &str) -> crate::common::TestResponse {
    call(
        app,
        Call {
            method: Method::POST,
            path: "/api/v1/profile/login",
            body: Some(json!({"email": email, "password": password})),
            bearer: None,
            cookie: None,
            ip: Some(ip),
        },
    )
    .await
}

/// Disk: a 1 MB e-mail at login or reset is answered before anything is stored (it grew the database
/// by 2 MB per request), and what the limits store is a fixed-size hash whatever the key.
async fn oversized_emails_write_nothing(backend: Backend) {
    let app = app(backend).await;
    let huge = format!("{}@exemplo.com", "a".repeat(1_000_000));
    for _ in 0..3 {
        assert_refused(
            &post(
                &app,
                "/api/v1/profile/login",
                json!({"email": huge, "password": "x"}),
            )
            .await,
            "invalid email or password",
        );
        assert_refused(
            &post(
                &app,
                "/api/v1/profile/requestPasswordReset",
                json!({"email": huge}),
            )
            .await,
            "user not found",
        );
    }
    assert_refused(
        &post(
            &app,
            "/api/v1/profile/login",
            json!({"email": "maria@exemplo.com", "password": "x".repeat(200_000)}),
        )
        .await,
        "invalid email or password",
    );
    assert!(rate_limit_rows(&app).await.is_empty());
    // A hit stores the SHA-256 of its key, never the key.
    let long_ok = format!("{}@x.com", "b".repeat(44));
    login_from(&app, "10.3.3.3", &long_ok).await;
    let rows = rate_limit_rows(&app).await;
    assert_eq!(
        rows.len(),
        3,
        "per address + e-mail, per address, the e-mail's failures: {rows:?}"
    );
    assert!(
        rows.iter()
            .all(|(bucket, _)| bucket.len() == 64 && !bucket.contains('@'))
    );
}

/// Wrong guesses on one account from many addresses slow the guessers down but never lock the owner
/// out (they answered 429 to the right password once 30 had come from anywhere): after 30 of them at
/// once from six addresses, each within its own budget, the right password from another address logs
/// in, slowed as any answer on the e-mail is (at most 8 s), never refused.
async fn guesses_from_many_addresses_do_not_lock_the_owner_out(backend: Backend) {
    let app = std::sync::Arc::new(app(backend).await);
    confirmed_user(&app, "maria@exemplo.com").await;
    // At once, so the later guesses' delays overlap instead of adding up to minutes.
    let guesses: Vec<_> = (0..30)
        .map(|n| {
            let app = app.clone();
            tokio::spawn(
                async move { login_from(&app, &format!("10.7.0.{}", n % 6), "Maria@exemplo.com").await },
            )
        })
        .collect();
    for guess in guesses {
        assert_refused(&guess.await.unwrap(), "invalid email or password");
    }
    let started = Instant::now();
    let response = login_with(&app, "10.7.1.1", "maria@exemplo.com", PASSWORD).await;
    let elapsed = started.elapsed();
    assert_eq!(response.json()["message"], "logged in", "{}", response.text());
    response.success_data();
    assert!(
        elapsed < Duration::from_millis(9000),
        "the owner waited {elapsed:?}"
    );
}

/// A wrong password on one account is answered later and later as its recent failures grow (the first
/// few at once: an owner's typos), from whatever address; the right password then waits as long as a
/// wrong one, and an e-mail without failures not at all.
async fn wrong_guesses_on_one_account_wait_longer_and_longer(backend: Backend) {
    let app = app(backend).await;
    confirmed_user(&app, "maria@exemplo.com").await;
    let mut waits = Vec::new();
    for _ in 0..8 {
        let started = Instant::now();
        let response = login_from(&app, &random_ip(), "maria@exemplo.com").await;
        waits.push(started.elapsed());
        assert_refused(&response, "invalid email or password");
    }
    assert!(
        waits[..5].iter().all(|wait| *wait < Duration::from_millis(500)),
        "{waits:?}"
    );
    for (wait, least) in waits[5..].iter().zip([500, 1000, 2000]) {
        assert!(*wait >= Duration::from_millis(least), "{waits:?}");
    }
    // The owner gets in, as late as a ninth wrong guess would be answered (4 s): an answer that came
    // sooner would tell a guesser that gave up waiting that its guess was wrong.
    let started = Instant::now();
    login_with(&app, &random_ip(), "maria@exemplo.com", PASSWORD)
        .await
        .success_data();
    let elapsed = started.elapsed();
    assert!(
        (Duration::from_millis(4000)..Duration::from_millis(6000)).contains(&elapsed),
        "the owner waited {elapsed:?}"
    );
    // An e-mail nobody guesses at waits for nothing.
    confirmed_user(&app, "joao@exemplo.com").await;
    let started = Instant::now();
    login_with(&app, &random_ip(), "joao@exemplo.com", PASSWORD)
        .await
        .success_data();
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "{:?}",
        started.elapsed()
    );
}

/// The limits of the caller's own address still hold whatever the password: 10 attempts per 15 min on
/// one e-mail, 100 on any e-mails.
async fn an_address_over_its_own_limits_is_refused_even_with_the_right_password(backend: Backend) {
    let app = app(backend).await;
    confirmed_user(&app, "maria@exemplo.com").await;
    for _ in 0..10 {
        login_with(&app, "10.6.1.1", "maria@exemplo.com", PASSWORD)
            .await
            .success_data();
    }
    let response = login_with(&app, "10.6.1.1", "maria@exemplo.com", PASSWORD).await;
    assert_eq!(response.status, 429);
    assert_eq!(response.json()["status"], 429);

    // Spraying many e-mails from one address (one failure each, none slowed).
    for n in 0..100 {
        assert_refused(
            &login_from(&app, "10.8.8.8", &format!("pessoa{n}@exemplo.com")).await,
            "invalid email or password",
        );
    }
    let response = login_with(&app, "10.8.8.8", "maria@exemplo.com", PASSWORD).await;
    assert_eq!(response.status, 429);
    assert_eq!(response.json()["status"], 429);
    // The owner elsewhere is not affected.
    login_with(&app, "10.8.8.9", "maria@exemplo.com", PASSWORD)
        .await
        .success_data();
}

/// One address cannot mail many inboxes through the reset form: 20 requests per hour.
async fn reset_requests_are_limited_per_address(backend: Backend) {
    let app = app(backend).await;
    for n in 0..20 {
        let response = call(
            &app,
            Call {
                method: Method::POST,
                path: "/api/v1/profile/requestPasswordReset",
                body: Some(json!({"email": format!("p{n}@exemplo.com")})),
                bearer: None,
                cookie: None,
                ip: Some("10.6.6.6"),
            },
        )
        .await;
        assert_refused(&response, "user not found");
    }
    let response = call(
        &app,
        Call {
            method: Method::POST,
            path: "/api/v1/profile/requestPasswordReset",
            body: Some(json!({"email": "outra@exemplo.com"})),
            bearer: None,
            cookie: None,
            ip: Some("10.6.6.6"),
        },
    )
    .await;
    assert_eq!(response.status, 429);
}

/// Behind a trusted proxy the client is the rightmost hop the proxy did not add: a client that writes
/// its own X-Forwarded-For hop before ours still hits its own budget (it got a fresh one per hop).
async fn forged_forwarded_hops_do_not_move_the_limit(backend: Backend) {
    let app = app(backend).await;
    for n in 0..6 {
        let forged = format!("192.0.2.{n}, 10.5.5.5");
        let response = call(
            &app,
            Call {
                method: Method::POST,
                path: "/api/v1/profile/registerUser",
                body: Some(json!({"name": "Maria Souza", "email": format!("f{n}@exemplo.com"), "password": PASSWORD})),
                bearer: None,
                cookie: None,
                ip: Some(&forged),
            },
        )
        .await;
        if n < 5 {
            response.success_data();
        } else {
            assert_eq!(response.status, 429, "the forged hop gave a fresh budget");
        }
    }
}

/// 30 registrations at once from one fresh address: exactly the limit's 5 get through (the check was
/// DELETE, COUNT, INSERT and let 6 through).
async fn concurrent_registrations_never_pass_the_limit(backend: Backend) {
    let app = std::sync::Arc::new(app(backend).await);
    let attempts = (0..30).map(|n| {
        let app = app.clone();
        tokio::spawn(async move {
            call(
                &app,
                Call {
                    method: Method::POST,
                    path: "/api/v1/profile/registerUser",
                    body: Some(json!({"name": "Maria Souza", "email": format!("c{n}@exemplo.com"), "password": PASSWORD})),
                    bearer: None,
                    cookie: None,
                    ip: Some("10.4.4.4"),
                },
            )
            .await
            .status
            .as_u16()
        })
    });
    let mut statuses = Vec::new();
    for attempt in attempts.collect::<Vec<_>>() {
        statuses.push(attempt.await.unwrap());
    }
    assert_eq!(statuses.iter().filter(|&&s| s == 200).count(), 5, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|&&s| s == 429).count(), 25, "{statuses:?}");
}

/// A JSON body over the 1 MiB limit is 413 in the envelope (it was a 400 'Failed to buffer…').
async fn an_oversized_body_is_413_in_the_envelope(backend: Backend) {
    let app = app(backend).await;
    let body = json!({"email": "a@b.com", "password": "x".repeat(2 * 1024 * 1024)});
    for path in ["/api/v1/profile/login", "/api/v1/payments/webhook"] {
        let response = post(&app, path, body.clone()).await;
        assert_eq!(response.status.as_u16(), 413, "{path}: {}", response.text());
        assert_eq!(response.json()["status"], 413);
        assert_eq!(response.json()["message"], "request body too large");
    }
    assert!(rate_limit_rows(&app).await.is_empty());
}
