//! The treasure hunt: HT-11, the public hunt info (C30, G18, G19), the server deciding wins
//! (S13), the chest's one e-mail, sharing to hunt again, and the stock race: 200 concurrent page views
//! against a stock of 5 give exactly 5 wins.

use axum::http::StatusCode;
use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::{
    accounts_common::{assert_invalid, assert_refused, assert_unauthorized, outbox, post_auth},
    common::{Backend, TestApp},
    players_common::{listener, station},
};

on_both_databases!(
    hunt_info_is_public_with_prizes_and_totals,
    hunt_calls_need_a_session_ht11,
    incomplete_registrations_are_not_tracked_s13,
    win_open_share_and_hunt_again,
    no_odds_no_prize,
    a_failed_mail_keeps_the_chest_closed,
    two_hundred_views_against_five_prizes,
    every_page_carries_the_active_hunt_for_its_first_frame,
);

const INFO: &str = "/api/v1/cacaAoTesouro/checkInfoActiveHunt";
const VIEW: &str = "/api/v1/cacaAoTesouro/setPageViewAndCheckWin";
const OPEN: &str = "/api/v1/cacaAoTesouro/changeLogStatusAndSendMail";
const RESERVED: &str = "/api/v1/cacaAoTesouro/checkSomeReservedPrize";
const SHARE: &str = "/api/v1/cacaAoTesouro/setShareSituation";
const STATUS: &str = "/api/v1/cacaAoTesouro/checkHuntAndPrizes";

async fn odds(app: &TestApp, probability: f64) {
    sqlx::query("UPDATE treasure_hunts SET win_probability = $1")
        .bind(probability)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
}

async fn remaining(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT CAST(SUM(remaining_quantity) AS BIGINT) FROM hunt_prizes")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn hunt_info_is_public_with_prizes_and_totals(backend: Backend) {
    let app = station(backend).await;
    let response = app.get(INFO).await;
    assert!(response.header("cache-control").unwrap().starts_with("public"));
    let hunt = response.success_data();
    // C30: both shapes, same values.
    assert_eq!(hunt["idHunt"], hunt["id_tesouro"]);
    assert_eq!(hunt["huntEndDate"], hunt["dt_fim"]);
    assert_eq!(hunt["bannerMessage"], hunt["banner_message"]);
    assert_eq!(hunt["situacao"], true);
    assert!(!hunt["tx_regulamento"].as_str().unwrap().is_empty());
    let prizes = hunt["prizes"].as_array().unwrap();
    assert_eq!(prizes.len(), 6, "the demo hunt has 6 prizes");
    let mut total = 0;
    let mut won = 0;
    for prize in prizes {
        assert_eq!(prize["tx_nome"], prize["prizeName"]);
        let all = prize["numberTotalPrize"].as_i64().unwrap();
        let left = prize["prizeRemainingQuantity"].as_i64().unwrap();
        assert_eq!(prize["prizesWon"], all - left);
        assert_eq!(
            prize["prizeIcon"],
            i64::from(onda_shared::hunt::prize_icon_level(left, all)),
            "{prize}"
        );
        total += all;
        won += all - left;
    }
    assert_eq!(hunt["totalPrizes"], total);
    assert_eq!(hunt["prizesWon"], won);
    // No active hunt: null.
    sqlx::query("UPDATE treasure_hunts SET is_active = 0")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(app.get(INFO).await.success_data(), Value::Null);
}

async fn hunt_calls_need_a_session_ht11(backend: Backend) {
    let app = station(backend).await;
    for path in [STATUS, VIEW, OPEN, RESERVED] {
        assert_unauthorized(&app.post_json(path, &json!({})).await);
    }
    assert_unauthorized(&app.post_json(SHARE, &json!({"shareSituation": "facebook"})).await);
    // A revoked session is no session.
    let (user, token) = listener(&app, "ex@exemplo.com", true).await;
    onda_server::auth::revoke_user_sessions(&app.state.db, user, None)
        .await
        .unwrap();
    assert_unauthorized(&post_auth(&app, VIEW, &token, json!({})).await);
}

async fn incomplete_registrations_are_not_tracked_s13(backend: Backend) {
    let app = station(backend).await;
    odds(&app, 1.0).await;
    let (user, token) = listener(&app, "incompleta@exemplo.com", false).await;
    let response = post_auth(&app, VIEW, &token, json!({})).await;
    assert_eq!(response.status, StatusCode::FORBIDDEN);
    assert_eq!(response.json()["message"], "registration incomplete");
    let views: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM hunt_players WHERE user_id = $1")
            .bind(user)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(views, 0);
    let status = post_auth(&app, STATUS, &token, json!({})).await.success_data();
    assert_eq!(status["registrationComplete"], false);
    assert_eq!(status["canWin"], false);
    assert_eq!(status["huntActive"], true);
}

async fn win_open_share_and_hunt_again(backend: Backend) {
    let app = station(backend).await;
    odds(&app, 1.0).await;
    let before = remaining(&app).await;
    let (_, token) = listener(&app, "sortuda@exemplo.com", true).await;
    assert_eq!(
        post_auth(&app, RESERVED, &token, json!({})).await.success_data(),
        Value::Null
    );

    let won = post_auth(&app, VIEW, &token, json!({})).await;
    assert_eq!(won.json()["message"], "prize won");
    let prize = won.success_data();
    assert_eq!(prize["status"], "reserved");
    assert!(!prize["prizeName"].as_str().unwrap().is_empty());
    assert_eq!(remaining(&app).await, before - 1);
    // One pending prize at most: more views win nothing.
    let again = post_auth(&app, VIEW, &token, json!({})).await;
    assert_eq!(again.success_data(), Value::Null);
    assert_eq!(again.json()["message"], "prize pending");
    let status = post_auth(&app, STATUS, &token, json!({})).await.success_data();
    assert_eq!(status["canWin"], false);
    assert_eq!(status["pendingPrize"]["idLog"], prize["idLog"]);
    assert_eq!(status["prizesWon"], 1);
    // The chest shows again after a login.
    assert_eq!(
        post_auth(&app, RESERVED, &token, json!({})).await.success_data()["idLog"],
        prize["idLog"]
    );
    // Sharing before opening is refused.
    assert_invalid(
        &post_auth(&app, SHARE, &token, json!({"shareSituation": "twitter"})).await,
        "prize not opened",
    );

    // Opening sends the e-mail once, however often it is clicked.
    let clicks = join_all((0..5).map(|_| post_auth(&app, OPEN, &token, json!({})))).await;
    for click in &clicks {
        let opened = click.success_data();
        assert_eq!(opened["status"], "opened", "{opened}");
        assert_eq!(opened["idLog"], prize["idLog"]);
    }
    let mails: Vec<String> = outbox(&app)
        .into_iter()
        .filter(|mail| mail.contains("caça ao tesouro"))
        .collect();
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains(prize["prizeName"].as_str().unwrap()));
    assert!(mails[0].contains("sortuda@exemplo.com"));
    assert_eq!(
        post_auth(&app, RESERVED, &token, json!({})).await.success_data(),
        Value::Null
    );

    // Sharing: only the three networks; then the user hunts again.
    let response = post_auth(&app, SHARE, &token, json!({"shareSituation": "instagram"})).await;
    assert_eq!(response.status, StatusCode::BAD_REQUEST);
    let response = post_auth(&app, SHARE, &token, json!({"shareSituation": "whatsapp"})).await;
    assert_eq!(response.json()["status"], "success");
    let shared: String = sqlx::query_scalar("SELECT share_situation FROM hunt_wins")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(shared, "whatsapp");
    let status = post_auth(&app, STATUS, &token, json!({})).await.success_data();
    assert_eq!(status["canWin"], true);
    assert_eq!(status["pendingPrize"], Value::Null);
    let second = post_auth(&app, VIEW, &token, json!({})).await.success_data();
    assert_eq!(second["status"], "reserved");
    assert_ne!(second["idLog"], prize["idLog"]);
    // With nothing opened, a share is a no-op.
    let (_, other) = listener(&app, "outra@exemplo.com", true).await;
    let response = post_auth(&app, SHARE, &other, json!({"shareSituation": "facebook"})).await;
    assert_eq!(response.json()["message"], "nothing to share");
    assert_refused(
        &post_auth(&app, OPEN, &other, json!({})).await,
        "no prize pending",
    );
}

async fn no_odds_no_prize(backend: Backend) {
    let app = station(backend).await;
    odds(&app, 0.0).await;
    let before = remaining(&app).await;
    let (user, token) = listener(&app, "azarada@exemplo.com", true).await;
    // 20 views use up the minute's 20 chances.
    for _ in 0..20 {
        assert_eq!(
            post_auth(&app, VIEW, &token, json!({})).await.success_data(),
            Value::Null
        );
    }
    assert_eq!(remaining(&app).await, before);
    let views: i64 = sqlx::query_scalar("SELECT page_views FROM hunt_players WHERE user_id = $1")
        .bind(user)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(views, 20);
    // Beyond 20 chances a minute, views count but cannot win, even at certain odds.
    odds(&app, 1.0).await;
    let late = post_auth(&app, VIEW, &token, json!({})).await;
    assert_eq!(late.status, StatusCode::OK);
    assert_eq!(late.success_data(), Value::Null);
    assert_eq!(remaining(&app).await, before);
    // Stock gone: nobody wins.
    sqlx::query("UPDATE hunt_prizes SET remaining_quantity = 0")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let (_, fresh) = listener(&app, "tarde@exemplo.com", true).await;
    assert_eq!(
        post_auth(&app, VIEW, &fresh, json!({})).await.success_data(),
        Value::Null
    );
}

/// HT-09 on the server: when the mail cannot leave, the chest stays closed for another click.
async fn a_failed_mail_keeps_the_chest_closed(backend: Backend) {
    let app = TestApp::with_config(backend, |config| {
        config.argon2_memory_kib = 64;
        config.argon2_iterations = 1;
        // Nothing listens on port 9: the SMTP connection is refused at once.
        config.smtp_url = Some("smtp://127.0.0.1:9".to_owned());
    })
    .await;
    odds(&app, 1.0).await;
    let (_, token) = listener(&app, "semcorreio@exemplo.com", true).await;
    let prize = post_auth(&app, VIEW, &token, json!({})).await.success_data();
    assert_refused(&post_auth(&app, OPEN, &token, json!({})).await, "email not sent");
    let reserved = post_auth(&app, RESERVED, &token, json!({})).await.success_data();
    assert_eq!(reserved["idLog"], prize["idLog"]);
    assert_eq!(reserved["status"], "reserved");
}

/// S13 under load: 200 listeners view a page at once, odds certain, 5 prizes left: exactly 5 win, the
/// stock ends at 0 and never below, nobody holds two.
async fn two_hundred_views_against_five_prizes(backend: Backend) {
    let app = station(backend).await;
    odds(&app, 1.0).await;
    sqlx::query("UPDATE hunt_prizes SET remaining_quantity = 0")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    sqlx::query(
        "UPDATE hunt_prizes SET remaining_quantity = CASE WHEN position = 0 THEN 3 WHEN position = 1 THEN 2 ELSE 0 END",
    )
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(remaining(&app).await, 5);
    let mut tokens = Vec::new();
    for n in 0..200 {
        tokens.push(listener(&app, &format!("cacador{n}@exemplo.com"), true).await.1);
    }
    let replies = join_all(tokens.iter().map(|token| post_auth(&app, VIEW, token, json!({})))).await;
    assert!(
        replies.iter().all(|r| r.status == StatusCode::OK),
        "no error under the race"
    );
    let wins = replies.iter().filter(|r| !r.success_data().is_null()).count();
    assert_eq!(wins, 5);
    assert_eq!(remaining(&app).await, 0);
    let (logged, users): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT), CAST(COUNT(DISTINCT user_id) AS BIGINT) FROM hunt_wins",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!((logged, users), (5, 5));
    let negative: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM hunt_prizes WHERE remaining_quantity < 0")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(negative, 0);
}

/// The hunt banner sits above every page; written into the HTML, the shell draws it in its
/// first frame instead of pushing the page down when checkInfoActiveHunt returns. The JSON is the
/// endpoint's, and text from the database cannot close the script element.
async fn every_page_carries_the_active_hunt_for_its_first_frame(backend: Backend) {
    let app = station(backend).await;
    let hostile = "Caça </script><script>alert(1)</script> <!-- já";
    sqlx::query("UPDATE treasure_hunts SET banner_message = $1")
        .bind(hostile)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let api = app.get(INFO).await.success_data();
    for path in ["/", "/musicas", "/ouvir-radio-online"] {
        let page = app.get(path).await;
        assert_eq!(page.status, StatusCode::OK);
        let data = page.initial_data().expect("initial data in the page");
        assert_eq!(data["huntInfo"], api, "{path}: the endpoint's own answer");
        assert_eq!(data["huntInfo"]["bannerMessage"], hostile);
    }
    // A missing page says nothing; without an active hunt the data says so (null).
    assert!(app.get("/noticias/nao-existe").await.initial_data().is_none());
    sqlx::query("UPDATE treasure_hunts SET is_active = 0")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let data = app.get("/").await.initial_data().unwrap();
    assert_eq!(data["huntInfo"], Value::Null);
}
