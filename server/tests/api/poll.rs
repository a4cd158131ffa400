//! The home poll and its votes, and the sentence of the day, on both databases (HW-05, G34 and the vote
//! beyond it): the newest active poll, one vote per account or per browser enforced by the database
//! (also when two arrive at once), counts that add up, the caller's own vote in `poll/get`, refusals
//! with clear messages and a rate limit per address.

use axum::{
    body::Body,
    http::{Method, Request, header},
};
use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::{
    accounts_common::{self, confirmed_user, random_ip},
    common::{Backend, TestApp, TestResponse, assert_envelope, random_hex},
};

on_both_databases!(
    hw_05_poll_and_days_sentence,
    poll_and_sentence_missing_are_404,
    one_vote_per_account,
    one_vote_per_browser,
    a_double_vote_at_once_stores_one,
    vote_refusals_count_nothing,
    votes_are_rate_limited_per_address,
);

const VOTED: &str = "Seu voto foi registrado com sucesso. Obrigado!";
const ALREADY_VOTED: &str = "Seu voto já foi registrado";
const CLOSED: &str = "Esta enquete já foi encerrada.";
const NO_BROWSER: &str = "Não foi possível identificar seu navegador. Ative os cookies e tente novamente.";

fn list(data: &Value) -> Vec<Value> {
    data.as_array()
        .unwrap_or_else(|| panic!("not a list: {data}"))
        .clone()
}

/// A poll of its own (the account tests' app has no demo content): its id and its answers' ids.
async fn make_poll(app: &TestApp, title: &str, active: bool, created_at: i64) -> (i64, Vec<i64>) {
    let poll_id: i64 = sqlx::query_scalar(
        "INSERT INTO polls (title, is_active, created_at) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(title)
    .bind(i64::from(active))
    .bind(created_at)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    let mut answers = Vec::new();
    for (position, text) in ["Samba", "Rock", "Sertanejo"].iter().enumerate() {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO poll_answers (poll_id, text, votes, position) VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(poll_id)
        .bind(*text)
        .bind(10_i64)
        .bind(i64::try_from(position).unwrap())
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
        answers.push(id);
    }
    (poll_id, answers)
}

struct As<'a> {
    bearer: Option<&'a str>,
    browser: Option<&'a str>,
    ip: Option<&'a str>,
}

const ANONYMOUS: As<'static> = As {
    bearer: None,
    browser: None,
    ip: None,
};

async fn send(app: &TestApp, method: Method, path: &str, body: Option<Value>, who: &As<'_>) -> TestResponse {
    let random = random_ip();
    let mut request = Request::builder()
        .method(method)
        .uri(path)
        .header("x-forwarded-for", who.ip.unwrap_or(&random));
    if let Some(token) = who.bearer {
        request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    if let Some(hash) = who.browser {
        request = request.header(
            header::COOKIE,
            format!("a1_cookieConsent=1; a1_browserHash={hash}"),
        );
    }
    let request = match body {
        Some(body) => request
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string())),
        None => request.body(Body::empty()),
    };
    app.request(request.unwrap()).await
}

async fn vote(app: &TestApp, poll_id: i64, answer_id: i64, who: &As<'_>) -> TestResponse {
    send(
        app,
        Method::POST,
        "/api/v1/poll/vote",
        Some(json!({"pollId": poll_id, "answerId": answer_id})),
        who,
    )
    .await
}

async fn shown(app: &TestApp, who: &As<'_>) -> Value {
    send(app, Method::GET, "/api/v1/poll/get", None, who)
        .await
        .success_data()
}

fn counts(poll: &Value) -> Vec<i64> {
    list(&poll["respostas"])
        .iter()
        .map(|answer| answer["qtd"].as_i64().unwrap())
        .collect()
}

fn assert_invalid(response: &TestResponse, message: &str) {
    let json = response.json();
    assert_envelope(&json);
    assert_eq!(response.status.as_u16(), 400, "{json}");
    assert_eq!(json["status"], 400);
    assert_eq!(json["message"], message);
}

async fn stored_votes(app: &TestApp, poll_id: i64) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM poll_votes WHERE poll_id = $1")
        .bind(poll_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

fn browser() -> String {
    random_hex(16)
}

async fn hw_05_poll_and_days_sentence(backend: Backend) {
    let app = TestApp::new(backend).await;
    let poll = app.get("/api/v1/poll/get").await.success_data();
    assert!(poll["pollId"].as_i64().unwrap() > 0);
    assert_eq!(
        poll["title"],
        "Qual estilo você mais quer ouvir na programação de sábado?"
    );
    let answers = list(&poll["respostas"]);
    assert_eq!(answers.len(), 5);
    assert_eq!(answers[0]["resposta"], "Clássicos dos anos 80");
    assert_eq!(answers[0]["qtd"], 1342);
    assert!(answers.iter().all(|answer| answer["qtd"].is_i64()));
    assert!(poll["votedAnswerId"].is_null(), "no vote yet");

    let sentence = app.get("/api/v1/getDaysSentence").await.success_data();
    let text = sentence.as_str().unwrap();
    assert!(text.len() > 5, "{text}");
    // The same day gives the same sentence.
    assert_eq!(app.get("/api/v1/getDaysSentence").await.success_data(), sentence);

    // A newer active poll replaces the shown one; an inactive one never shows.
    sqlx::query("INSERT INTO polls (title, is_active, created_at) VALUES ('Inativa', 0, 9999999999)")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        app.get("/api/v1/poll/get").await.success_data()["title"],
        poll["title"]
    );
}

async fn poll_and_sentence_missing_are_404(backend: Backend) {
    let app = TestApp::new(backend).await;
    for sql in [
        "DELETE FROM poll_answers",
        "DELETE FROM polls",
        "DELETE FROM day_sentences",
    ] {
        sqlx::query(sql).execute(&app.state.db.pool).await.unwrap();
    }
    for (path, message) in [
        ("/api/v1/poll/get", "no poll"),
        ("/api/v1/getDaysSentence", "no sentence"),
    ] {
        let response = app.get(path).await;
        let json = response.json();
        assert_envelope(&json);
        assert_eq!(response.status.as_u16(), 404, "{json}");
        assert_eq!(json["message"], message);
    }
}

async fn one_vote_per_account(backend: Backend) {
    let app = accounts_common::app(backend).await;
    let (poll_id, answers) = make_poll(&app, "Qual ritmo no sábado?", true, 1_800_000_000).await;
    let (_, token) = confirmed_user(&app, "ana@exemplo.com").await;
    let ana = As {
        bearer: Some(&token),
        ..ANONYMOUS
    };
    assert!(shown(&app, &ana).await["votedAnswerId"].is_null());

    let response = vote(&app, poll_id, answers[1], &ana).await;
    let poll = response.success_data();
    assert_eq!(response.json()["message"], VOTED);
    assert_eq!(poll["pollId"], poll_id);
    assert_eq!(poll["title"], "Qual ritmo no sábado?");
    assert_eq!(poll["votedAnswerId"], answers[1]);
    assert_eq!(counts(&poll), [10, 11, 10]);

    // Once: the same answer or another, from any address or browser.
    for answer in [answers[1], answers[2]] {
        let again = As {
            bearer: Some(&token),
            browser: Some("0123456789abcdef0123456789abcdef"),
            ip: None,
        };
        assert_invalid(&vote(&app, poll_id, answer, &again).await, ALREADY_VOTED);
    }
    let poll = shown(&app, &ana).await;
    assert_eq!(poll["votedAnswerId"], answers[1]);
    assert_eq!(counts(&poll), [10, 11, 10]);
    assert_eq!(stored_votes(&app, poll_id).await, 1);
    // Someone else has not voted.
    assert!(shown(&app, &ANONYMOUS).await["votedAnswerId"].is_null());
    let (_, other) = confirmed_user(&app, "bia@exemplo.com").await;
    let bia = As {
        bearer: Some(&other),
        ..ANONYMOUS
    };
    assert!(shown(&app, &bia).await["votedAnswerId"].is_null());
    assert_eq!(
        counts(&vote(&app, poll_id, answers[1], &bia).await.success_data()),
        [10, 12, 10]
    );
    // The reply carries the caller's vote: never kept by a shared cache.
    let reply = send(&app, Method::GET, "/api/v1/poll/get", None, &ana).await;
    assert_eq!(reply.header("cache-control"), Some("private, no-cache"));
}

async fn one_vote_per_browser(backend: Backend) {
    let app = accounts_common::app(backend).await;
    let (poll_id, answers) = make_poll(&app, "Enquete", true, 1_800_000_000).await;
    let first = browser();
    let visitor = As {
        browser: Some(&first),
        ..ANONYMOUS
    };
    let poll = vote(&app, poll_id, answers[0], &visitor).await.success_data();
    assert_eq!(poll["votedAnswerId"], answers[0]);
    assert_eq!(counts(&poll), [11, 10, 10]);
    assert_eq!(shown(&app, &visitor).await["votedAnswerId"], answers[0]);
    // The hash is compared as the UI makes it, whatever the case it comes in.
    let upper = first.to_uppercase();
    let same = As {
        browser: Some(&upper),
        ..ANONYMOUS
    };
    assert_invalid(&vote(&app, poll_id, answers[2], &same).await, ALREADY_VOTED);

    // Another browser is another voter.
    let second = browser();
    let other = As {
        browser: Some(&second),
        ..ANONYMOUS
    };
    assert!(shown(&app, &other).await["votedAnswerId"].is_null());
    let poll = vote(&app, poll_id, answers[2], &other).await.success_data();
    assert_eq!(counts(&poll), [11, 10, 11]);
    assert_eq!(stored_votes(&app, poll_id).await, 2);

    // Without a session a browser hash is needed, and only one the UI could have made.
    for hash in [
        None,
        Some(""),
        Some("abc"),
        Some("0123456789abcdef0123456789abcdeX"),
    ] {
        let who = As {
            browser: hash,
            ..ANONYMOUS
        };
        assert_invalid(&vote(&app, poll_id, answers[0], &who).await, NO_BROWSER);
    }
    assert_eq!(counts(&shown(&app, &ANONYMOUS).await), [11, 10, 11]);
}

/// Two tabs (or two instances) sending the same voter's vote at once: one row, one count.
async fn a_double_vote_at_once_stores_one(backend: Backend) {
    let app = accounts_common::app(backend).await;
    let (poll_id, answers) = make_poll(&app, "Enquete", true, 1_800_000_000).await;
    let (_, token) = confirmed_user(&app, "ana@exemplo.com").await;
    let hash = browser();
    for who in [
        As {
            browser: Some(&hash),
            ..ANONYMOUS
        },
        As {
            bearer: Some(&token),
            ..ANONYMOUS
        },
    ] {
        let replies = join_all((0..8).map(|n| vote(&app, poll_id, answers[n % 3], &who))).await;
        let accepted = replies
            .iter()
            .filter(|reply| reply.status.as_u16() == 200)
            .count();
        assert_eq!(accepted, 1);
        for reply in replies.iter().filter(|reply| reply.status.as_u16() != 200) {
            assert_invalid(reply, ALREADY_VOTED);
        }
    }
    assert_eq!(stored_votes(&app, poll_id).await, 2);
    let total: i64 = counts(&shown(&app, &ANONYMOUS).await).iter().sum();
    assert_eq!(total, 30 + 2);
}

async fn vote_refusals_count_nothing(backend: Backend) {
    let app = accounts_common::app(backend).await;
    let (poll_id, answers) = make_poll(&app, "Enquete", true, 1_800_000_000).await;
    let (closed_id, closed_answers) = make_poll(&app, "Encerrada", false, 1_700_000_000).await;
    let hash = browser();
    let visitor = As {
        browser: Some(&hash),
        ..ANONYMOUS
    };

    let unknown = vote(&app, 999_999, answers[0], &visitor).await;
    assert_eq!(unknown.status.as_u16(), 404, "{}", unknown.text());
    assert_eq!(unknown.json()["message"], "poll not found");
    assert_invalid(
        &vote(&app, poll_id, closed_answers[0], &visitor).await,
        "answerId is not an answer of this poll",
    );
    assert_invalid(
        &vote(&app, poll_id, 0, &visitor).await,
        "answerId is not an answer of this poll",
    );
    assert_invalid(&vote(&app, closed_id, closed_answers[0], &visitor).await, CLOSED);
    for body in [
        json!({}),
        json!({"pollId": poll_id}),
        json!({"pollId": "1", "answerId": answers[0]}),
        json!({"pollId": poll_id, "answerId": 1.5}),
        json!({"pollId": poll_id, "answerId": 1e30}),
        json!("1:1"),
    ] {
        let response = send(
            &app,
            Method::POST,
            "/api/v1/poll/vote",
            Some(body.clone()),
            &visitor,
        )
        .await;
        assert_eq!(response.status.as_u16(), 400, "{body}: {}", response.text());
    }
    assert_eq!(
        stored_votes(&app, poll_id).await + stored_votes(&app, closed_id).await,
        0
    );
    assert_eq!(counts(&shown(&app, &visitor).await), [10, 10, 10]);
    // The refusals did not spend the visitor's vote.
    vote(&app, poll_id, answers[0], &visitor).await.success_data();
}

async fn votes_are_rate_limited_per_address(backend: Backend) {
    let app = accounts_common::app(backend).await;
    let (poll_id, answers) = make_poll(&app, "Enquete", true, 1_800_000_000).await;
    let ip = random_ip();
    for _ in 0..30 {
        let hash = browser();
        let who = As {
            browser: Some(&hash),
            ip: Some(&ip),
            ..ANONYMOUS
        };
        vote(&app, poll_id, answers[0], &who).await.success_data();
    }
    let hash = browser();
    let limited = vote(
        &app,
        poll_id,
        answers[0],
        &As {
            browser: Some(&hash),
            ip: Some(&ip),
            ..ANONYMOUS
        },
    )
    .await;
    assert_eq!(limited.status.as_u16(), 429, "{}", limited.text());
    // Another address is not held back.
    vote(
        &app,
        poll_id,
        answers[0],
        &As {
            browser: Some(&hash),
            ..ANONYMOUS
        },
    )
    .await
    .success_data();
    assert_eq!(counts(&shown(&app, &ANONYMOUS).await)[0], 10 + 31);
}
