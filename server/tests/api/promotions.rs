//! Promotions: PR-04, PR-14, the G48 refusals row by row, G50 ownership, C12 winners, C17
//! paging, and the winner draw through the real binary.

use axum::http::StatusCode;
use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::{
    accounts_common::{assert_invalid, assert_unauthorized, get_auth, outbox, post_auth},
    common::{Backend, TestApp},
    players_common::{Flags, listener, make_pro, promotion, station},
};

on_both_databases!(
    open_and_closed_lists_page_count_before_offset_pr04,
    one_promotion_by_slug_or_404,
    save_answer_refusals_follow_g48,
    answer_modes_and_ownership_g49_g50,
    racing_first_answers_store_one,
    winners_need_a_session_c12,
    draw_winners_through_the_binary,
);

const SAVE: &str = "/api/v1/promotions/saveAnswer";

fn list(response: &crate::common::TestResponse) -> Vec<Value> {
    response.success_data().as_array().unwrap().clone()
}

fn slugs(items: &[Value]) -> Vec<String> {
    items
        .iter()
        .map(|item| item["url_promocao"].as_str().unwrap().to_owned())
        .collect()
}

async fn open_and_closed_lists_page_count_before_offset_pr04(backend: Backend) {
    let app = station(backend).await;
    let open = list(&app.get("/api/v1/promotions/getAllPublishedPromotions").await);
    assert!(!open.is_empty(), "the demo has open promotions");
    for item in &open {
        assert_eq!(item["isOpen"], true, "{item}");
        for key in [
            "id_promocao",
            "tx_promocao",
            "url_promocao",
            "tx_descricao",
            "tx_descricao_curta",
            "tx_regulamento",
            "tx_banner",
            "tx_banner_destaque",
            "tx_imageNew",
            "tx_featuredImageNew",
            "tx_colorScheme",
            "pro",
            "rs_editavel",
            "rs_multiple",
            "rs_keywords",
            "filial",
        ] {
            assert!(item.get(key).is_some(), "{key} missing: {item}");
        }
        assert!(["S", "N"].contains(&item["rs_multiple"].as_str().unwrap()));
    }
    // Count, then offset: two pages of 4 continue each other and equal one page of 8.
    let first = list(&app.get("/api/v1/promotions/getClosedPromotions/4/0").await);
    let second = list(&app.get("/api/v1/promotions/getClosedPromotions/4/4").await);
    let both = list(&app.get("/api/v1/promotions/getClosedPromotions/8/0").await);
    assert_eq!(first.len(), 4);
    assert!(!second.is_empty() && second.len() <= 4);
    assert_eq!(
        [slugs(&first), slugs(&second)].concat(),
        slugs(&both)[..first.len() + second.len()]
    );
    assert!(both.iter().all(|item| item["isOpen"] == false));
    // PR-04 as written: at most 40 each, the second continues the first.
    let all = list(&app.get("/api/v1/promotions/getClosedPromotions/40/0").await);
    assert!(all.len() <= 40);
    let rest = list(&app.get("/api/v1/promotions/getClosedPromotions/40/40").await);
    assert!(
        rest.iter()
            .all(|item| !slugs(&all).contains(&item["url_promocao"].as_str().unwrap().to_owned()))
    );
    // Ended latest first.
    let ends: Vec<&str> = all.iter().map(|item| item["dt_fim"].as_str().unwrap()).collect();
    assert!(ends.windows(2).all(|pair| pair[0] >= pair[1]), "{ends:?}");
    // C17 defaults: 6 from the first, or `count` from the first.
    let default = list(&app.get("/api/v1/promotions/getClosedPromotions").await);
    assert_eq!(slugs(&default), slugs(&all)[..default.len()]);
    assert_eq!(default.len(), all.len().min(6));
    let three = list(&app.get("/api/v1/promotions/getClosedPromotions/3").await);
    assert_eq!(slugs(&three), slugs(&all)[..3]);
    for bad in ["0/0", "101/0", "abc/0", "4/-1", "4/9999999"] {
        let response = app
            .get(&format!("/api/v1/promotions/getClosedPromotions/{bad}"))
            .await;
        assert_eq!(response.status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(response.json()["status"], 400);
    }
    // An unpublished promotion shows nowhere.
    sqlx::query("UPDATE promotions SET is_published = 0 WHERE slug = $1")
        .bind(slugs(&open)[0].clone())
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let open_after = list(&app.get("/api/v1/promotions/getAllPublishedPromotions").await);
    assert_eq!(open_after.len(), open.len() - 1);
}

async fn one_promotion_by_slug_or_404(backend: Backend) {
    let app = station(backend).await;
    let id = promotion(
        &app,
        "festival-de-verao",
        Flags {
            pro: true,
            ..Flags::default()
        },
    )
    .await;
    let data = app
        .get("/api/v1/promotions/getPromotionBySlug/festival-de-verao")
        .await
        .success_data();
    assert_eq!(data["id_promocao"], id);
    assert_eq!(data["pro"], true);
    assert_eq!(data["isOpen"], true);
    assert_eq!(data["question"], "Por quê?");
    // S11: the stored HTML goes out sanitised.
    assert!(
        !data["tx_descricao"].as_str().unwrap().contains("<script"),
        "{data}"
    );
    assert!(data["dt_fim"].as_str().unwrap().ends_with("-03:00"));
    for slug in ["nao-existe", &"x".repeat(300)] {
        let response = app
            .get(&format!("/api/v1/promotions/getPromotionBySlug/{slug}"))
            .await;
        assert_eq!(response.status, StatusCode::NOT_FOUND);
        assert_eq!(response.json()["status"], 404);
        assert_eq!(response.json()["message"], "promotion not found");
    }
    // Not started yet: not public.
    sqlx::query("UPDATE promotions SET starts_at = $1 WHERE id = $2")
        .bind(onda_server::clock::now() + 3_600)
        .bind(id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let response = app
        .get("/api/v1/promotions/getPromotionBySlug/festival-de-verao")
        .await;
    assert_eq!(response.status, StatusCode::NOT_FOUND);
}

fn forbidden(response: &crate::common::TestResponse, message: &str) {
    let json = response.json();
    assert_eq!(response.status, StatusCode::FORBIDDEN, "{json}");
    assert_eq!(json["status"], 403);
    assert_eq!(json["message"], message);
}

async fn save(
    app: &TestApp,
    token: &str,
    promotion: i64,
    id: Value,
    answer: &str,
) -> crate::common::TestResponse {
    post_auth(
        app,
        SAVE,
        token,
        json!({"idUserPromotion": id, "idPromotion": promotion, "answer": answer}),
    )
    .await
}

/// G48, row by row, and PR-14.
async fn save_answer_refusals_follow_g48(backend: Backend) {
    let app = station(backend).await;
    let open = promotion(&app, "aberta", Flags::default()).await;
    let pro_only = promotion(
        &app,
        "so-pro",
        Flags {
            pro: true,
            ..Flags::default()
        },
    )
    .await;
    let closed = promotion(
        &app,
        "encerrada",
        Flags {
            closed: true,
            ..Flags::default()
        },
    )
    .await;
    let keyword = promotion(
        &app,
        "palavra",
        Flags {
            single_word: true,
            ..Flags::default()
        },
    )
    .await;
    let (_, incomplete) = listener(&app, "incompleta@exemplo.com", false).await;
    let (maria, token) = listener(&app, "maria@exemplo.com", true).await;

    // No login: 401 (PR-14), for saveAnswer and getUserAnswer.
    let body = json!({"idUserPromotion": null, "idPromotion": open, "answer": "Porque sim"});
    assert_unauthorized(&app.post_json(SAVE, &body).await);
    assert_unauthorized(&app.get(&format!("/api/v1/promotions/getUserAnswer/{open}")).await);
    // PRO-only, user not PRO.
    forbidden(
        &save(&app, &token, pro_only, Value::Null, "Porque sim").await,
        "pro only",
    );
    // Incomplete registration.
    forbidden(
        &save(&app, &incomplete, open, Value::Null, "Porque sim").await,
        "registration incomplete",
    );
    // Closed.
    assert_invalid(
        &save(&app, &token, closed, Value::Null, "Porque sim").await,
        "promotion closed",
    );
    // Over the limit: 351 characters (accented ones count once), 31 on a single-word promotion.
    let long = "é".repeat(351);
    assert_invalid(
        &save(&app, &token, open, Value::Null, &long).await,
        "answer too long",
    );
    assert_invalid(
        &save(&app, &token, keyword, Value::Null, &"a".repeat(31)).await,
        "answer too long",
    );
    assert_invalid(
        &save(&app, &token, open, Value::Null, "   ").await,
        "answer required",
    );
    // Nothing was stored by any refusal.
    let stored: i64 = sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM promotion_answers")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(stored, 0);
    // The limits themselves pass: 350 and 30.
    let response = save(&app, &token, open, Value::Null, &"é".repeat(350)).await;
    assert_eq!(response.json()["message"], "answer saved");
    assert_eq!(response.success_data()["tx_resposta"], "é".repeat(350));
    let response = save(&app, &token, keyword, json!(0), &"a".repeat(30)).await;
    assert_eq!(response.json()["status"], "success");
    // Second answer on a non-editable promotion.
    assert_invalid(
        &save(&app, &token, open, Value::Null, "Outra").await,
        "answer already given",
    );
    // PRO makes the PRO-only promotion answerable.
    make_pro(&app, maria).await;
    assert_eq!(
        save(&app, &token, pro_only, Value::Null, "Sou PRO").await.json()["status"],
        "success"
    );
    // Unknown promotion: 404; a body of the wrong shape: 400.
    let response = save(&app, &token, 999_999, Value::Null, "x").await;
    assert_eq!(response.status, StatusCode::NOT_FOUND);
    let response = post_auth(&app, SAVE, &token, json!({"idPromotion": "x"})).await;
    assert_eq!(response.status, StatusCode::BAD_REQUEST);
}

/// G49 modes on the server side and the G50 ownership check.
async fn answer_modes_and_ownership_g49_g50(backend: Backend) {
    let app = station(backend).await;
    let editable = promotion(
        &app,
        "editavel",
        Flags {
            editable: true,
            ..Flags::default()
        },
    )
    .await;
    let multiple = promotion(
        &app,
        "multipla",
        Flags {
            multiple: true,
            ..Flags::default()
        },
    )
    .await;
    let other = promotion(
        &app,
        "outra",
        Flags {
            editable: true,
            ..Flags::default()
        },
    )
    .await;
    let (_, ana) = listener(&app, "ana@exemplo.com", true).await;
    let (_, bia) = listener(&app, "bia@exemplo.com", true).await;

    assert_eq!(
        get_auth(
            &app,
            &format!("/api/v1/promotions/getUserAnswer/{editable}"),
            &ana
        )
        .await
        .success_data(),
        Value::Null
    );
    let first = save(&app, &ana, editable, Value::Null, "Primeira")
        .await
        .success_data();
    let answer_id = first["id_participante_promocao"].as_i64().unwrap();
    // A new answer instead of an edit is refused; the edit with the id is stored.
    assert_invalid(
        &save(&app, &ana, editable, Value::Null, "Nova").await,
        "answer already given",
    );
    let edited = save(&app, &ana, editable, json!(answer_id), "Editada")
        .await
        .success_data();
    assert_eq!(edited["id_participante_promocao"], answer_id);
    let mine = get_auth(
        &app,
        &format!("/api/v1/promotions/getUserAnswer/{editable}"),
        &ana,
    )
    .await
    .success_data();
    assert_eq!(mine["tx_resposta"], "Editada");
    assert_eq!(mine["id_participante_promocao"], answer_id);
    // G50: Bia cannot edit Ana's answer, nor can Ana move it to another promotion.
    forbidden(
        &save(&app, &bia, editable, json!(answer_id), "Roubada").await,
        "not your answer",
    );
    forbidden(
        &save(&app, &ana, other, json!(answer_id), "Movida").await,
        "not your answer",
    );
    forbidden(
        &save(&app, &ana, editable, json!(987_654), "Inventada").await,
        "not your answer",
    );
    assert_eq!(
        get_auth(
            &app,
            &format!("/api/v1/promotions/getUserAnswer/{editable}"),
            &ana
        )
        .await
        .success_data()["tx_resposta"],
        "Editada"
    );
    assert_eq!(
        get_auth(
            &app,
            &format!("/api/v1/promotions/getUserAnswer/{editable}"),
            &bia
        )
        .await
        .success_data(),
        Value::Null
    );
    // Multiple answers: every one is stored; getUserAnswer shows the latest; edits are not a thing.
    for text in ["Um", "Dois", "Três"] {
        assert_eq!(
            save(&app, &ana, multiple, Value::Null, text).await.json()["status"],
            "success"
        );
    }
    let latest = get_auth(
        &app,
        &format!("/api/v1/promotions/getUserAnswer/{multiple}"),
        &ana,
    )
    .await
    .success_data();
    assert_eq!(latest["tx_resposta"], "Três");
    let id = latest["id_participante_promocao"].clone();
    assert_invalid(
        &save(&app, &ana, multiple, id, "Mudar").await,
        "answer already given",
    );
    let count: i64 =
        sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM promotion_answers WHERE promotion_id = $1")
            .bind(multiple)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(count, 3);
}

/// One answer per person holds when the first answers race (the database decides).
async fn racing_first_answers_store_one(backend: Backend) {
    let app = station(backend).await;
    let single = promotion(&app, "unica", Flags::default()).await;
    let (_, token) = listener(&app, "rapida@exemplo.com", true).await;
    let replies = join_all((0..12).map(|n| {
        let app = &app;
        let token = token.clone();
        async move { save(app, &token, single, Value::Null, &format!("Resposta {n}")).await }
    }))
    .await;
    let saved = replies.iter().filter(|r| r.json()["status"] == "success").count();
    assert_eq!(saved, 1);
    assert!(
        replies
            .iter()
            .all(|r| r.status == StatusCode::OK || r.status == StatusCode::BAD_REQUEST)
    );
    let count: i64 = sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM promotion_answers")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(count, 1);
}

/// C12: winners are personal data; a session (bearer or cookie) is needed.
async fn winners_need_a_session_c12(backend: Backend) {
    let app = station(backend).await;
    let closed = list(&app.get("/api/v1/promotions/getClosedPromotions/40/0").await);
    let with_winners: i64 =
        sqlx::query_scalar("SELECT promotion_id FROM promotion_winners ORDER BY promotion_id LIMIT 1")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert!(closed.iter().any(|item| item["id_promocao"] == with_winners));
    let path = format!("/api/v1/promotions/getPromotionWinners/{with_winners}");
    assert_unauthorized(&app.get(&path).await);
    let (_, token) = listener(&app, "curiosa@exemplo.com", false).await;
    let winners = list(&get_auth(&app, &path, &token).await);
    assert!(!winners.is_empty());
    for winner in &winners {
        for key in [
            "tx_nome",
            "tx_sobrenome",
            "tx_cidade",
            "id_estado",
            "dt_vencedor",
            "sg_estado",
        ] {
            assert!(winner.get(key).is_some(), "{key}: {winner}");
        }
        assert_eq!(winner["dt_vencedor"].as_str().unwrap().len(), 10);
    }
    // The cookie works as well as the bearer.
    let response = crate::accounts_common::call(
        &app,
        crate::accounts_common::Call {
            method: axum::http::Method::GET,
            path: &path,
            body: None,
            bearer: None,
            cookie: Some(&token),
            ip: None,
        },
    )
    .await;
    assert_eq!(response.json()["status"], "success");
    // None yet: an empty list; unknown: 404.
    let fresh = promotion(
        &app,
        "sem-ganhadores",
        Flags {
            closed: true,
            ..Flags::default()
        },
    )
    .await;
    let none = list(
        &get_auth(
            &app,
            &format!("/api/v1/promotions/getPromotionWinners/{fresh}"),
            &token,
        )
        .await,
    );
    assert!(none.is_empty());
    let response = get_auth(&app, "/api/v1/promotions/getPromotionWinners/999999", &token).await;
    assert_eq!(response.status, StatusCode::NOT_FOUND);
}

/// `onda-server admin draw-winners` through the real binary: n distinct participants, recorded, e-mailed,
/// reproducible from the seed, an open promotion refused.
async fn draw_winners_through_the_binary(backend: Backend) {
    let app = station(backend).await;
    let id = promotion(
        &app,
        "sorteio",
        Flags {
            editable: true,
            ..Flags::default()
        },
    )
    .await;
    let mut tokens = Vec::new();
    for n in 0..6 {
        let (user, token) = listener(&app, &format!("fa{n}@exemplo.com"), true).await;
        assert_eq!(
            save(&app, &token, id, Value::Null, "Eu!").await.json()["status"],
            "success"
        );
        tokens.push((user, token));
    }
    // A disabled account is not eligible.
    let disabled = tokens[5].0;
    sqlx::query("UPDATE users SET disabled = 1 WHERE id = $1")
        .bind(disabled)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_onda-server"))
            .args(args)
            .env("DATABASE_URL", app.state.config.database_url())
            .env("ONDA_DATA_DIR", app.dir.path())
            .env("ONDA_PUBLIC_URL", "http://radio.test")
            .env("RUST_LOG", "error")
            .output()
            .unwrap()
    };
    // Open: refused, nothing recorded.
    let output = run(&["admin", "draw-winners", "sorteio", "3"]);
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("ainda está aberta"),
        "{output:?}"
    );
    sqlx::query("UPDATE promotions SET ends_at = $1 WHERE id = $2")
        .bind(onda_server::clock::now() - 60)
        .bind(id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let output = run(&[
        "admin",
        "draw-winners",
        "sorteio",
        "3",
        "--seed",
        "cafe",
        "--by",
        "Joana",
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains("3 ganhador(es) entre 5 participante(s), semente cafe"),
        "{stdout}"
    );
    let winners: Vec<i64> =
        sqlx::query_scalar("SELECT user_id FROM promotion_winners WHERE promotion_id = $1 ORDER BY id")
            .bind(id)
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    let mut eligible: Vec<i64> = tokens[..5].iter().map(|(user, _)| *user).collect();
    eligible.sort_unstable();
    assert_eq!(winners, onda_server::draw::pick("cafe", &eligible, 3));
    assert!(!winners.contains(&disabled));
    let (by, seed, participants): (String, String, i64) =
        sqlx::query_as("SELECT drawn_by, seed, participants FROM promotion_draws WHERE promotion_id = $1")
            .bind(id)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!((by.as_str(), seed.as_str(), participants), ("Joana", "cafe", 5));
    // Each winner got the Portuguese e-mail.
    let mails = outbox(&app);
    let won: Vec<&String> = mails
        .iter()
        .filter(|mail| mail.contains("Você foi sorteado(a)"))
        .collect();
    assert_eq!(won.len(), 3, "{mails:?}");
    assert!(won[0].contains("http://radio.test/promocoes/sorteio"));
    // The page lists them, with the city and state of their profile.
    let listed = list(
        &get_auth(
            &app,
            &format!("/api/v1/promotions/getPromotionWinners/{id}"),
            &tokens[0].1,
        )
        .await,
    );
    assert_eq!(listed.len(), 3);
    assert_eq!(listed[0]["tx_cidade"], "São Paulo");
    assert_eq!(listed[0]["sg_estado"], "SP");
    // The draw verifies; a second draw picks among the rest only.
    let output = run(&["admin", "verify-draw", "1"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("confere"));
    let output = run(&["admin", "draw-winners", "sorteio", "5"]);
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("2 ganhador(es) entre 2 participante(s)"));
    let output = run(&["admin", "draw-winners", "sorteio", "1"]);
    assert!(!output.status.success(), "nobody is left");
    let output = run(&["admin", "draw-winners", "nao-existe", "1"]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("nenhuma promoção"));
}
