//! The back office's promotions and treasure hunts on both databases, on a station started
//! without the demo content (everything here is made through the back office): the permission matrix
//! of every call, a promotion created, answered by a listener, listed and exported, closed and drawn;
//! sanitising; stale saves; what cannot be deleted; a hunt created with its prizes going live, its
//! stock following the wins, and the refusals that keep the winners' records whole.

use axum::http::Method;
use onda_shared::validation::messages;
use serde_json::{Value, json};

use crate::{
    accounts_common::{Call, app, assert_invalid, assert_unauthorized, call, get_auth, post_auth},
    common::{Backend, TestApp, TestResponse},
    players_common::{listener, make_pro, staff},
};

on_both_databases!(
    every_promotion_and_hunt_call_needs_permission_6,
    a_promotion_made_in_the_back_office_takes_answers_and_is_drawn,
    promotion_html_is_sanitised_and_fields_checked,
    stale_saves_and_deletes_are_refused,
    a_hunt_made_in_the_back_office_goes_live_and_keeps_its_stock,
);

const PROMOTIONS: &str = "/api/v1/backoffice/promotions";
const HUNTS: &str = "/api/v1/backoffice/hunts";
const AUDIT: &str = "/api/v1/backoffice/audit";

fn now() -> i64 {
    onda_server::clock::now()
}

fn iso(at: i64) -> String {
    onda_server::clock::iso(at)
}

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

/// A staff call that must succeed, never cached.
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

/// An open promotion's editor input.
fn promotion_input(title: &str) -> Value {
    json!({
        "title": title,
        "shortDescription": "Concorra a um par de ingressos",
        "description": "<p>Conte qual música você quer ouvir no show.</p>",
        "rules": "<p>Um ganhador por CPF.</p>",
        "question": "Qual música?",
        "imageUrl": "",
        "bannerUrl": "",
        "colorScheme": "L",
        "isPro": false,
        "isEditable": true,
        "isMultiple": false,
        "isSingleWord": false,
        "affiliate": "",
        "isPublished": true,
        "startsAt": iso(now() - 60),
        "endsAt": iso(now() + 7 * 86_400),
    })
}

fn hunt_input() -> Value {
    json!({
        "title": "Caça de verão",
        "description": "Ache o baú navegando pelo site",
        "rules": "<p>Um prêmio por pessoa de cada vez.</p>",
        "bannerMessage": "A caça de verão começou!",
        "isActive": true,
        "startsAt": iso(now() - 60),
        "endsAt": iso(now() + 7 * 86_400),
        "winProbability": 1.0,
        "prizes": [
            {"name": "Camiseta", "description": "Tamanho M", "imageUrl": "", "totalQuantity": 2},
            {"name": "Caneca", "description": "", "imageUrl": "", "totalQuantity": 0},
        ],
    })
}

async fn audit_actions(app: &TestApp, token: &str, entity: &str, id: i64) -> Vec<String> {
    ok(
        app,
        Method::GET,
        &format!("{AUDIT}?entity={entity}&entityId={id}"),
        token,
        None,
    )
    .await["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["action"].as_str().unwrap().to_owned())
        .collect()
}

async fn every_promotion_and_hunt_call_needs_permission_6(backend: Backend) {
    let app = app(backend).await;
    let (_, admin) = staff(&app, "promocoes@exemplo.com", &[6, 8]).await;
    let (_, listener_token) = listener(&app, "ouvinte@exemplo.com", false).await;
    let (pro_id, pro_token) = listener(&app, "pro@exemplo.com", false).await;
    make_pro(&app, pro_id).await;
    let mut refused = vec![listener_token, pro_token];
    for permission in [1, 2, 3, 4, 5, 7, 8] {
        refused.push(
            staff(&app, &format!("staff{permission}@exemplo.com"), &[permission])
                .await
                .1,
        );
    }
    let promotion = ok(
        &app,
        Method::POST,
        PROMOTIONS,
        &admin,
        Some(promotion_input("Matriz de permissões")),
    )
    .await;
    let id = promotion["id"].as_i64().unwrap();
    let hunt = ok(&app, Method::POST, HUNTS, &admin, Some(hunt_input())).await;
    let hunt_id = hunt["id"].as_i64().unwrap();
    let mut update = promotion_input("Matriz de permissões");
    update["version"] = json!(1);
    let mut hunt_update = hunt_input();
    hunt_update["version"] = json!(1);
    let calls: Vec<(Method, String, Option<Value>)> = vec![
        (Method::GET, format!("{PROMOTIONS}?status=open"), None),
        (
            Method::POST,
            PROMOTIONS.to_owned(),
            Some(promotion_input("Outra promoção")),
        ),
        (Method::GET, format!("{PROMOTIONS}/{id}"), None),
        (Method::PUT, format!("{PROMOTIONS}/{id}"), Some(update)),
        (Method::GET, format!("{PROMOTIONS}/{id}/answers"), None),
        (Method::GET, format!("{PROMOTIONS}/{id}/answers.csv"), None),
        (Method::GET, HUNTS.to_owned(), None),
        (Method::POST, HUNTS.to_owned(), Some(hunt_input())),
        (Method::GET, format!("{HUNTS}/{hunt_id}"), None),
        (Method::PUT, format!("{HUNTS}/{hunt_id}"), Some(hunt_update)),
    ];
    for (method, path, body) in &calls {
        assert_unauthorized(&request(&app, method.clone(), path, None, body.clone()).await);
        for token in &refused {
            let response = request(&app, method.clone(), path, Some(token), body.clone()).await;
            assert_eq!(response.status, 403, "{method} {path}: {}", response.text());
            assert_eq!(response.json()["message"], "no permission");
        }
        let response = request(&app, method.clone(), path, Some(&admin), body.clone()).await;
        assert_eq!(response.status, 200, "{method} {path}: {}", response.text());
    }
    // The draw and the deletes, refused to the others too (checked before anything else is looked at).
    for (method, path, body) in [
        (
            Method::POST,
            format!("{PROMOTIONS}/{id}/draw"),
            Some(json!({"count": 1})),
        ),
        (Method::DELETE, format!("{PROMOTIONS}/{id}"), None),
        (Method::DELETE, format!("{HUNTS}/{hunt_id}"), None),
    ] {
        assert_unauthorized(&request(&app, method.clone(), &path, None, body.clone()).await);
        for token in &refused {
            let response = request(&app, method.clone(), &path, Some(token), body.clone()).await;
            assert_eq!(response.status, 403, "{method} {path}");
        }
    }
    // Nothing the refused calls sent was written: the promotion and the hunt are where the allowed
    // calls left them (one update each).
    assert_eq!(
        audit_actions(&app, &admin, "promotion", id).await,
        ["promotion.update", "promotion.create"]
    );
    assert_eq!(
        audit_actions(&app, &admin, "hunt", hunt_id).await,
        ["hunt.update", "hunt.create"]
    );
}

async fn a_promotion_made_in_the_back_office_takes_answers_and_is_drawn(backend: Backend) {
    let app = app(backend).await;
    // The states and municipalities every station has (main.rs seeds them, demo or not).
    onda_server::seed::seed_reference(&app.state).await.unwrap();
    let (_, admin) = staff(&app, "promocoes@exemplo.com", &[6, 8]).await;
    let created = ok(
        &app,
        Method::POST,
        PROMOTIONS,
        &admin,
        Some(promotion_input("Ingressos para o show")),
    )
    .await;
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["slug"], "ingressos-para-o-show");
    assert_eq!(created["url"], "/promocoes/ingressos-para-o-show");
    assert_eq!(created["status"], "open");
    assert_eq!(created["version"], 1);
    assert_eq!(created["answers"], 0);
    // A second one with the same title gets its own address.
    let twin = ok(
        &app,
        Method::POST,
        PROMOTIONS,
        &admin,
        Some(promotion_input("Ingressos para o show")),
    )
    .await;
    assert_eq!(twin["slug"], "ingressos-para-o-show-2");

    // The public pages show it at once, open.
    let (_, ana) = listener(&app, "ana@exemplo.com", true).await;
    let (_, bia) = listener(&app, "bia@exemplo.com", true).await;
    let public = get_auth(
        &app,
        "/api/v1/promotions/getPromotionBySlug/ingressos-para-o-show",
        &ana,
    )
    .await
    .success_data();
    assert_eq!(public["id_promocao"], id);
    assert_eq!(public["isOpen"], true);
    assert_eq!(public["rs_editavel"], "S");
    let open = get_auth(&app, "/api/v1/promotions/getAllPublishedPromotions", &ana)
        .await
        .success_data();
    assert!(open.as_array().unwrap().iter().any(|p| p["id_promocao"] == id));

    // Two listeners answer; one of them with a would-be formula.
    for (token, answer) in [(&ana, "Asa Branca"), (&bia, "=HYPERLINK(\"http://x\")")] {
        let saved = post_auth(
            &app,
            "/api/v1/promotions/saveAnswer",
            token,
            json!({"idPromotion": id, "answer": answer}),
        )
        .await;
        assert_eq!(saved.status, 200, "{}", saved.text());
        assert_eq!(saved.json()["status"], "success", "{}", saved.text());
    }
    let answers = ok(
        &app,
        Method::GET,
        &format!("{PROMOTIONS}/{id}/answers?perPage=1"),
        &admin,
        None,
    )
    .await;
    assert_eq!(answers["total"], 2);
    assert_eq!(answers["items"].as_array().unwrap().len(), 1);
    assert_eq!(answers["items"][0]["email"], "bia@exemplo.com", "latest first");
    assert_eq!(answers["items"][0]["name"], "Maria Souza");
    assert_eq!(answers["items"][0]["city"], "São Paulo");
    assert_eq!(answers["items"][0]["uf"], "SP");
    let csv = request(
        &app,
        Method::GET,
        &format!("{PROMOTIONS}/{id}/answers.csv"),
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(csv.header("content-type"), Some("text/csv; charset=utf-8"));
    assert!(
        csv.header("content-disposition")
            .unwrap()
            .contains("respostas-ingressos-para-o-show.csv")
    );
    let text = csv.text();
    assert!(text.starts_with('\u{feff}'));
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(text.contains("\"Asa Branca\""), "{text}");
    assert!(
        text.contains("\"'=HYPERLINK(\"\"http://x\"\")\""),
        "a formula is defused: {text}"
    );

    // Not drawn while open; a count out of range is refused first.
    let draw = format!("{PROMOTIONS}/{id}/draw");
    let early = request(&app, Method::POST, &draw, Some(&admin), Some(json!({"count": 1}))).await;
    assert_eq!(early.status, 409, "{}", early.text());
    assert_eq!(early.json()["message"], messages::DRAW_OPEN);
    assert_invalid(
        &request(&app, Method::POST, &draw, Some(&admin), Some(json!({"count": 0}))).await,
        messages::DRAW_COUNT,
    );

    // 'Encerrar agora': the editor saves the end as now; the site closes it.
    let mut close = promotion_input("Ingressos para o show");
    close["endsAt"] = json!(iso(now()));
    close["version"] = json!(1);
    let closed = ok(
        &app,
        Method::PUT,
        &format!("{PROMOTIONS}/{id}"),
        &admin,
        Some(close),
    )
    .await;
    assert_eq!(closed["status"], "closed");
    assert_eq!(closed["version"], 2);
    assert_eq!(closed["answers"], 2);
    assert_eq!(closed["participants"], 2);
    let late = post_auth(
        &app,
        "/api/v1/promotions/saveAnswer",
        &ana,
        json!({"idPromotion": id, "answer": "Outra"}),
    )
    .await;
    assert_ne!(
        late.json()["status"],
        "success",
        "a closed promotion takes no answer"
    );

    // The draw: one winner of two, then the other; then nobody is left.
    let first = ok(&app, Method::POST, &draw, &admin, Some(json!({"count": 1}))).await;
    assert_eq!(first["participants"], 2);
    assert_eq!(first["winners"].as_array().unwrap().len(), 1);
    assert_eq!(first["seed"].as_str().unwrap().len(), 64);
    let second = ok(&app, Method::POST, &draw, &admin, Some(json!({"count": 5}))).await;
    assert_eq!(second["participants"], 1);
    let winners = second["winners"].as_array().unwrap();
    assert_eq!(winners.len(), 2);
    let mut emails: Vec<&str> = winners.iter().map(|w| w["email"].as_str().unwrap()).collect();
    emails.sort_unstable();
    assert_eq!(emails, ["ana@exemplo.com", "bia@exemplo.com"]);
    assert_eq!(winners[0]["uf"], "SP");
    let empty = request(&app, Method::POST, &draw, Some(&admin), Some(json!({"count": 1}))).await;
    assert_eq!(empty.status, 409);
    assert_eq!(empty.json()["message"], messages::DRAW_EMPTY);
    // The draw can be repeated from what was stored.
    let draw_id = first["drawId"].as_i64().unwrap();
    let verified = onda_server::draw::verify_draw(&app.state, draw_id).await.unwrap();
    assert!(verified.contains("confere"), "{verified}");
    // The winners are public to listeners, and marked in the answers.
    let public = get_auth(
        &app,
        &format!("/api/v1/promotions/getPromotionWinners/{id}"),
        &ana,
    )
    .await
    .success_data();
    assert_eq!(public.as_array().unwrap().len(), 2);
    let answers = ok(
        &app,
        Method::GET,
        &format!("{PROMOTIONS}/{id}/answers"),
        &admin,
        None,
    )
    .await;
    assert!(
        answers["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|a| a["isWinner"] == true)
    );

    // The list: by status and title, with the counts.
    let list = ok(
        &app,
        Method::GET,
        &format!("{PROMOTIONS}?status=closed&q=INGRESSOS"),
        &admin,
        None,
    )
    .await;
    assert_eq!(list["total"], 1);
    assert_eq!(list["items"][0]["id"], id);
    assert_eq!(list["items"][0]["answers"], 2);
    assert_eq!(list["items"][0]["winners"], 2);
    let list = ok(
        &app,
        Method::GET,
        &format!("{PROMOTIONS}?status=open"),
        &admin,
        None,
    )
    .await;
    assert_eq!(list["total"], 1);
    assert_eq!(list["items"][0]["id"], twin["id"]);

    // With answers it cannot be deleted; the twin without any can.
    let refused = request(
        &app,
        Method::DELETE,
        &format!("{PROMOTIONS}/{id}"),
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(refused.status, 409);
    assert_eq!(refused.json()["message"], messages::PROMO_HAS_ANSWERS);
    let twin_id = twin["id"].as_i64().unwrap();
    ok(
        &app,
        Method::DELETE,
        &format!("{PROMOTIONS}/{twin_id}"),
        &admin,
        None,
    )
    .await;
    let gone = request(
        &app,
        Method::GET,
        &format!("{PROMOTIONS}/{twin_id}"),
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(gone.status, 404);
    let public = get_auth(
        &app,
        "/api/v1/promotions/getPromotionBySlug/ingressos-para-o-show-2",
        &ana,
    )
    .await;
    assert_eq!(public.status, 404);

    assert_eq!(
        audit_actions(&app, &admin, "promotion", id).await,
        [
            "promotion.draw",
            "promotion.draw",
            "promotion.update",
            "promotion.create"
        ]
    );
    assert_eq!(
        audit_actions(&app, &admin, "promotion", twin_id).await,
        ["promotion.delete", "promotion.create"]
    );
}

async fn promotion_html_is_sanitised_and_fields_checked(backend: Backend) {
    let app = app(backend).await;
    let (_, admin) = staff(&app, "promocoes@exemplo.com", &[6, 8]).await;
    let mut input = promotion_input("Promoção perigosa");
    input["description"] =
        json!("<p onclick=\"x()\">Oi<script>alert(1)</script><img src=\"/a.png\" onerror=\"alert(2)\"></p>");
    input["rules"] = json!(
        "<p>Regras</p><iframe src=\"https://evil.example\"></iframe><a href=\"javascript:alert(3)\">x</a>"
    );
    let saved = ok(&app, Method::POST, PROMOTIONS, &admin, Some(input)).await;
    let (_, ana) = listener(&app, "ana@exemplo.com", false).await;
    let public = get_auth(
        &app,
        "/api/v1/promotions/getPromotionBySlug/promocao-perigosa",
        &ana,
    )
    .await
    .success_data();
    for html in [
        &saved["description"],
        &saved["rules"],
        &public["tx_descricao"],
        &public["tx_regulamento"],
    ] {
        let html = html.as_str().unwrap().to_lowercase();
        for bad in ["<script", "onerror", "onclick", "javascript:", "<iframe"] {
            assert!(!html.contains(bad), "{bad} in {html}");
        }
    }
    assert!(saved["description"].as_str().unwrap().contains("Oi"));

    let cases: Vec<(&str, Value, &str)> = vec![
        ("title", json!("ab"), messages::PROMO_TITLE),
        ("title", json!("x".repeat(151)), messages::PROMO_TITLE),
        (
            "shortDescription",
            json!("x".repeat(301)),
            messages::PROMO_SHORT_DESCRIPTION,
        ),
        ("description", json!("<p> </p>"), messages::PROMO_DESCRIPTION),
        ("rules", json!(""), messages::PROMO_RULES),
        ("question", json!("x".repeat(301)), messages::PROMO_QUESTION),
        (
            "imageUrl",
            json!("https://elsewhere.example/x.png"),
            messages::PROMO_IMAGE,
        ),
        (
            "bannerUrl",
            json!("/media/images/../../etc"),
            messages::PROMO_IMAGE,
        ),
        ("colorScheme", json!("Z"), messages::PROMO_COLOR_SCHEME),
        ("affiliate", json!("x".repeat(61)), messages::PROMO_AFFILIATE),
        ("startsAt", json!("amanhã"), messages::PROMO_DATES),
        ("endsAt", json!(iso(now() - 86_400)), messages::PROMO_DATES),
        ("endsAt", json!("1999-01-01T00:00:00Z"), messages::PROMO_DATES),
    ];
    for (field, value, message) in cases {
        let mut input = promotion_input("Promoção válida");
        input[field] = value;
        assert_invalid(
            &request(&app, Method::POST, PROMOTIONS, Some(&admin), Some(input)).await,
            message,
        );
    }
    // A hidden draft may lack its texts; a NUL character is refused, not stored.
    let mut draft = promotion_input("Rascunho");
    draft["isPublished"] = json!(false);
    draft["rules"] = json!("");
    draft["description"] = json!("");
    let hidden = ok(&app, Method::POST, PROMOTIONS, &admin, Some(draft)).await;
    assert_eq!(hidden["status"], "hidden");
    let public = get_auth(&app, "/api/v1/promotions/getPromotionBySlug/rascunho", &ana).await;
    assert_eq!(public.status, 404, "a hidden promotion is not public");
    let mut nul = promotion_input("Com\0nulo");
    nul["isPublished"] = json!(false);
    assert_eq!(
        request(&app, Method::POST, PROMOTIONS, Some(&admin), Some(nul))
            .await
            .status,
        400
    );
    // Unknown ids are 404 everywhere; nonsense ids too.
    for path in [
        format!("{PROMOTIONS}/999999"),
        format!("{PROMOTIONS}/abc/answers"),
        format!("{HUNTS}/999999"),
    ] {
        assert_eq!(
            request(&app, Method::GET, &path, Some(&admin), None).await.status,
            404,
            "{path}"
        );
    }
}

async fn stale_saves_and_deletes_are_refused(backend: Backend) {
    let app = app(backend).await;
    let (_, admin) = staff(&app, "promocoes@exemplo.com", &[6, 8]).await;
    let created = ok(
        &app,
        Method::POST,
        PROMOTIONS,
        &admin,
        Some(promotion_input("Duas abas")),
    )
    .await;
    let id = created["id"].as_i64().unwrap();
    let mut first = promotion_input("Duas abas, a primeira");
    first["version"] = json!(1);
    ok(
        &app,
        Method::PUT,
        &format!("{PROMOTIONS}/{id}"),
        &admin,
        Some(first),
    )
    .await;
    let mut second = promotion_input("Duas abas, a segunda");
    second["version"] = json!(1);
    let stale = request(
        &app,
        Method::PUT,
        &format!("{PROMOTIONS}/{id}"),
        Some(&admin),
        Some(second.clone()),
    )
    .await;
    assert_eq!(stale.status, 409);
    assert_eq!(stale.json()["message"], messages::PROMO_STALE);
    second.as_object_mut().unwrap().remove("version");
    assert_eq!(
        request(
            &app,
            Method::PUT,
            &format!("{PROMOTIONS}/{id}"),
            Some(&admin),
            Some(second)
        )
        .await
        .status,
        400
    );
    let stored = ok(&app, Method::GET, &format!("{PROMOTIONS}/{id}"), &admin, None).await;
    assert_eq!(stored["title"], "Duas abas, a primeira");
    assert_eq!(stored["slug"], "duas-abas", "the address never changes");

    let hunt = ok(&app, Method::POST, HUNTS, &admin, Some(hunt_input())).await;
    let hunt_id = hunt["id"].as_i64().unwrap();
    let mut a = hunt_input();
    a["version"] = json!(1);
    ok(
        &app,
        Method::PUT,
        &format!("{HUNTS}/{hunt_id}"),
        &admin,
        Some(a.clone()),
    )
    .await;
    let stale = request(
        &app,
        Method::PUT,
        &format!("{HUNTS}/{hunt_id}"),
        Some(&admin),
        Some(a),
    )
    .await;
    assert_eq!(stale.status, 409);
    assert_eq!(stale.json()["message"], messages::HUNT_STALE);
}

async fn a_hunt_made_in_the_back_office_goes_live_and_keeps_its_stock(backend: Backend) {
    let app = app(backend).await;
    let (_, admin) = staff(&app, "promocoes@exemplo.com", &[6, 8]).await;
    let info = "/api/v1/cacaAoTesouro/checkInfoActiveHunt";
    let (_, ana) = listener(&app, "ana@exemplo.com", true).await;
    assert_eq!(get_auth(&app, info, &ana).await.success_data(), Value::Null);

    // Refusals first: the shared rules, then the dates.
    let cases: Vec<(&str, Value, &str)> = vec![
        ("title", json!("ab"), messages::HUNT_TITLE),
        ("rules", json!(""), messages::HUNT_RULES),
        ("bannerMessage", json!("x".repeat(201)), messages::HUNT_BANNER),
        ("winProbability", json!(1.5), messages::HUNT_PROBABILITY),
        ("prizes", json!([]), messages::HUNT_PRIZES),
        (
            "prizes",
            json!([{"name": "", "totalQuantity": 1}]),
            messages::HUNT_PRIZE_NAME,
        ),
        (
            "prizes",
            json!([{"name": "Boné", "totalQuantity": -1}]),
            messages::HUNT_PRIZE_QUANTITY,
        ),
        (
            "prizes",
            json!([{"id": 999, "name": "Boné", "totalQuantity": 1}]),
            messages::HUNT_PRIZE_UNKNOWN,
        ),
        ("endsAt", json!(iso(now() - 86_400)), messages::PROMO_DATES),
    ];
    for (field, value, message) in cases {
        let mut input = hunt_input();
        input[field] = value;
        assert_invalid(
            &request(&app, Method::POST, HUNTS, Some(&admin), Some(input)).await,
            message,
        );
    }

    let mut input = hunt_input();
    input["rules"] = json!("<p>Regras</p><script>alert(1)</script>");
    let created = ok(&app, Method::POST, HUNTS, &admin, Some(input)).await;
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["status"], "open");
    assert!(!created["rules"].as_str().unwrap().contains("<script"));
    let prizes = created["prizes"].as_array().unwrap().clone();
    assert_eq!(prizes.len(), 2);
    assert_eq!(created["stock"][0]["remainingQuantity"], 2);

    // Live at once for listeners, with the banner and the prizes.
    let live = get_auth(&app, info, &ana).await.success_data();
    assert_eq!(live["idHunt"], id);
    assert_eq!(live["bannerMessage"], "A caça de verão começou!");
    assert_eq!(live["totalPrizes"], 2);

    // A listener wins the only prize in stock (probability 1).
    let won = post_auth(
        &app,
        "/api/v1/cacaAoTesouro/setPageViewAndCheckWin",
        &ana,
        json!({}),
    )
    .await;
    assert_eq!(won.json()["message"], "prize won", "{}", won.text());
    let draft = ok(&app, Method::GET, &format!("{HUNTS}/{id}"), &admin, None).await;
    assert_eq!(draft["stock"][0]["won"], 1);
    assert_eq!(draft["stock"][0]["remainingQuantity"], 1);
    assert_eq!(draft["players"], 1);
    let list = ok(&app, Method::GET, HUNTS, &admin, None).await;
    assert_eq!(list["items"][0]["prizesWon"], 1);
    assert_eq!(list["items"][0]["totalPrizes"], 2);

    // The stock follows the total minus what was won; never under it, and a won prize stays.
    let with = |prizes: Value, version: i64| {
        let mut input = hunt_input();
        input["prizes"] = prizes;
        input["version"] = json!(version);
        input
    };
    let camiseta = prizes[0]["id"].as_i64().unwrap();
    let caneca = prizes[1]["id"].as_i64().unwrap();
    let path = format!("{HUNTS}/{id}");
    assert_invalid(
        &request(
            &app,
            Method::PUT,
            &path,
            Some(&admin),
            Some(with(
                json!([{"id": camiseta, "name": "Camiseta", "totalQuantity": 0}]),
                1,
            )),
        )
        .await,
        messages::HUNT_PRIZE_BELOW_WON,
    );
    assert_invalid(
        &request(
            &app,
            Method::PUT,
            &path,
            Some(&admin),
            Some(with(
                json!([{"id": caneca, "name": "Caneca", "totalQuantity": 3}]),
                1,
            )),
        )
        .await,
        messages::HUNT_PRIZE_WON,
    );
    let saved = ok(
        &app,
        Method::PUT,
        &path,
        &admin,
        Some(with(
            json!([
                {"name": "Boné", "totalQuantity": 4},
                {"id": camiseta, "name": "Camiseta GG", "totalQuantity": 5},
            ]),
            1,
        )),
    )
    .await;
    assert_eq!(saved["version"], 2);
    let names: Vec<&str> = saved["prizes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Boné", "Camiseta GG"],
        "the caneca (never won) is removed, the order kept"
    );
    assert_eq!(saved["stock"][1]["remainingQuantity"], 4, "5 in all, 1 won");
    assert_eq!(saved["stock"][0]["remainingQuantity"], 4);
    let live = get_auth(&app, info, &ana).await.success_data();
    assert_eq!(live["totalPrizes"], 9);
    assert_eq!(live["prizesWon"], 1);

    // Deactivated, it leaves the site; with a win it cannot be deleted; a fresh one can.
    let mut off = with(saved["prizes"].clone(), 2);
    off["isActive"] = json!(false);
    let off = ok(&app, Method::PUT, &path, &admin, Some(off)).await;
    assert_eq!(off["status"], "hidden");
    assert_eq!(get_auth(&app, info, &ana).await.success_data(), Value::Null);
    let refused = request(&app, Method::DELETE, &path, Some(&admin), None).await;
    assert_eq!(refused.status, 409);
    assert_eq!(refused.json()["message"], messages::HUNT_HAS_WINS);
    let spare = ok(&app, Method::POST, HUNTS, &admin, Some(hunt_input())).await;
    let spare_id = spare["id"].as_i64().unwrap();
    ok(&app, Method::DELETE, &format!("{HUNTS}/{spare_id}"), &admin, None).await;
    assert_eq!(
        request(
            &app,
            Method::GET,
            &format!("{HUNTS}/{spare_id}"),
            Some(&admin),
            None
        )
        .await
        .status,
        404
    );
    assert_eq!(
        audit_actions(&app, &admin, "hunt", id).await,
        ["hunt.update", "hunt.update", "hunt.create"]
    );
}
