//! The back office's people area on both databases: the permission matrix of every call,
//! the search, PRO granted and revoked as the listener's profile sees it, staff permissions replaced
//! (and one's own permission 8 kept), an account disabled (its session ends, login is refused) and
//! enabled again, the refusals' messages, and the audit rows every change writes.

use axum::http::Method;
use onda_shared::validation::messages;
use serde_json::{Value, json};

use crate::{
    accounts_common::{
        Call, PASSWORD, assert_invalid, assert_refused, assert_unauthorized, call, confirmed_user, get_auth,
        login,
    },
    common::{Backend, TestApp, TestResponse},
    players_common::{listener, make_pro, staff},
};

on_both_databases!(
    every_people_call_needs_permission_8,
    search_by_email_or_name_newest_first,
    grant_and_revoke_pro_show_in_the_profile,
    permissions_are_replaced_but_never_ones_own_8,
    disabling_ends_sessions_and_login_until_enabled,
    bad_input_and_unknown_accounts,
    the_last_holder_of_permission_8_is_kept,
);

const PEOPLE: &str = "/api/v1/backoffice/people";
const AUDIT: &str = "/api/v1/backoffice/audit";
/// The refusal of a change that would leave no active account able to manage people.
const LAST_PEOPLE_MANAGER: &str =
    "A equipe ficaria sem ninguém com a permissão de Pessoas: dê essa permissão a outra pessoa ativa antes";

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
    assert_eq!(
        response.header("cache-control"),
        Some("no-store"),
        "{method} {path}"
    );
    response.success_data()
}

async fn is_pro(app: &TestApp, token: &str) -> bool {
    get_auth(app, "/api/v1/profile/getProfile", token)
        .await
        .success_data()["isPro"]
        .as_bool()
        .unwrap()
}

/// The audit rows about one account, newest first.
async fn audit_of(app: &TestApp, token: &str, id: i64) -> Vec<Value> {
    ok(
        app,
        Method::GET,
        &format!("{AUDIT}?entity=user&entityId={id}"),
        token,
        None,
    )
    .await["items"]
        .as_array()
        .unwrap()
        .clone()
}

fn today() -> String {
    onda_server::clock::today().to_string()
}

async fn every_people_call_needs_permission_8(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (_, admin_token) = staff(&app, "pessoas@exemplo.com", &[8]).await;
    let (target, _) = listener(&app, "alvo@exemplo.com", false).await;
    let (_, listener_token) = listener(&app, "ouvinte@exemplo.com", false).await;
    let (pro_id, pro_token) = listener(&app, "pro@exemplo.com", false).await;
    make_pro(&app, pro_id).await;
    let mut refused = vec![listener_token, pro_token];
    for permission in 1..=7 {
        refused.push(
            staff(&app, &format!("staff{permission}@exemplo.com"), &[permission])
                .await
                .1,
        );
    }
    let calls: Vec<(Method, String, Option<Value>)> = vec![
        (Method::GET, format!("{PEOPLE}?q=alvo&page=1&perPage=5"), None),
        (Method::GET, format!("{PEOPLE}/{target}"), None),
        (
            Method::PUT,
            format!("{PEOPLE}/{target}/permissions"),
            Some(json!({"permissions": [1]})),
        ),
        (
            Method::POST,
            format!("{PEOPLE}/{target}/pro"),
            Some(json!({"until": null})),
        ),
        (Method::DELETE, format!("{PEOPLE}/{target}/pro"), None),
        (
            Method::POST,
            format!("{PEOPLE}/{target}/disabled"),
            Some(json!({"disabled": false})),
        ),
    ];
    for (method, path, body) in &calls {
        assert_unauthorized(&request(&app, method.clone(), path, None, body.clone()).await);
        for token in &refused {
            let response = request(&app, method.clone(), path, Some(token), body.clone()).await;
            assert_eq!(response.status, 403, "{method} {path}: {}", response.text());
            assert_eq!(response.json()["message"], "no permission");
            assert!(response.json()["data"].is_null());
        }
        ok(&app, method.clone(), path, &admin_token, body.clone()).await;
    }
    // Nothing the refused calls sent changed anything: four audit rows, the allowed calls'.
    let rows = audit_of(&app, &admin_token, target).await;
    let actions: Vec<&str> = rows.iter().map(|r| r["action"].as_str().unwrap()).collect();
    assert_eq!(
        actions,
        [
            "user.enable",
            "user.pro.revoke",
            "user.pro.grant",
            "user.permissions"
        ]
    );
}

async fn search_by_email_or_name_newest_first(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (_, token) = staff(&app, "pessoas@exemplo.com", &[8]).await;
    let (first, _) = listener(&app, "joana.silva@exemplo.com", false).await;
    let (second, _) = listener(&app, "JOAO@Exemplo.com", false).await;
    sqlx::query("UPDATE users SET name = 'Zabumba', last_name = 'Xiquexique', created_at = created_at + 10 WHERE id = $1")
        .bind(second)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    make_pro(&app, second).await;

    let page = ok(&app, Method::GET, &format!("{PEOPLE}?q=JOA"), &token, None).await;
    assert_eq!(page["total"], 2);
    let items = page["items"].as_array().unwrap();
    assert_eq!(items[0]["id"], second, "newest first: {page}");
    assert_eq!(items[1]["id"], first);
    assert_eq!(items[0]["name"], "Zabumba Xiquexique");
    assert_eq!(items[0]["email"], "JOAO@Exemplo.com");
    assert_eq!(items[0]["isPro"], true);
    assert_eq!(items[0]["proUntil"], Value::Null);
    assert_eq!(items[0]["confirmed"], true);
    assert_eq!(items[0]["disabled"], false);
    assert_eq!(items[0]["permissions"], json!([]));
    assert_eq!(items[1]["isPro"], false);
    assert!(items[0]["createdAt"].as_str().unwrap().contains('T'));

    // By name, case-insensitive, across first and last name.
    let page = ok(
        &app,
        Method::GET,
        &format!("{PEOPLE}?q=zabumba%20xique"),
        &token,
        None,
    )
    .await;
    assert_eq!(page["total"], 1);
    assert_eq!(page["items"][0]["id"], second);
    // By id.
    let page = ok(&app, Method::GET, &format!("{PEOPLE}?q={first}"), &token, None).await;
    assert!(page["items"].as_array().unwrap().iter().any(|i| i["id"] == first));
    // LIKE's own characters are literal.
    let page = ok(&app, Method::GET, &format!("{PEOPLE}?q=%25_"), &token, None).await;
    assert_eq!(page["total"], 0);
    // The staff member is found with their permissions; no query lists everyone, paged.
    let page = ok(&app, Method::GET, &format!("{PEOPLE}?q=pessoas"), &token, None).await;
    assert_eq!(page["items"][0]["permissions"], json!([8]));
    let page = ok(
        &app,
        Method::GET,
        &format!("{PEOPLE}?perPage=2&page=2"),
        &token,
        None,
    )
    .await;
    assert_eq!(page["total"], 3);
    assert_eq!(page["items"].as_array().unwrap().len(), 1);
    assert_eq!(page["perPage"], 2);
}

async fn grant_and_revoke_pro_show_in_the_profile(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (_, token) = staff(&app, "pessoas@exemplo.com", &[8]).await;
    let (id, listener_token) = confirmed_user(&app, "maria@exemplo.com").await;
    assert!(!is_pro(&app, &listener_token).await);

    let person = ok(
        &app,
        Method::POST,
        &format!("{PEOPLE}/{id}/pro"),
        &token,
        Some(json!({"until": "2099-12-31"})),
    )
    .await;
    assert_eq!(person["account"]["isPro"], true);
    assert_eq!(person["account"]["proUntil"], "2099-12-31");
    let subscription = &person["subscriptions"][0];
    assert_eq!(subscription["source"], "manual");
    assert_eq!(subscription["status"], "active");
    assert_eq!(subscription["currentPeriodEnd"], "2099-12-31");
    assert_eq!(subscription["live"], true);
    assert!(is_pro(&app, &listener_token).await);

    // Open-ended on top: no end date.
    let person = ok(
        &app,
        Method::POST,
        &format!("{PEOPLE}/{id}/pro"),
        &token,
        Some(json!({})),
    )
    .await;
    assert_eq!(person["account"]["proUntil"], Value::Null);
    assert_eq!(person["subscriptions"].as_array().unwrap().len(), 2);
    // Today is still PRO.
    ok(
        &app,
        Method::POST,
        &format!("{PEOPLE}/{id}/pro"),
        &token,
        Some(json!({"until": today()})),
    )
    .await;

    let person = ok(&app, Method::DELETE, &format!("{PEOPLE}/{id}/pro"), &token, None).await;
    assert_eq!(person["account"]["isPro"], false);
    assert!(
        person["subscriptions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["status"] == "revoked" && s["live"] == false)
    );
    assert!(!is_pro(&app, &listener_token).await);

    let rows = audit_of(&app, &token, id).await;
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0]["action"], "user.pro.revoke");
    assert_eq!(rows[0]["actor"], "pessoas@exemplo.com");
    assert_eq!(rows[0]["before"]["isPro"], true);
    assert_eq!(rows[0]["after"]["isPro"], false);
    assert_eq!(rows[3]["action"], "user.pro.grant");
    assert_eq!(rows[3]["before"]["isPro"], false);
    assert_eq!(rows[3]["after"]["proUntil"], "2099-12-31");
    assert_eq!(rows[3]["after"]["email"], "maria@exemplo.com");
}

async fn permissions_are_replaced_but_never_ones_own_8(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (me, token) = staff(&app, "pessoas@exemplo.com", &[8]).await;
    let (id, their_token) = listener(&app, "maria@exemplo.com", false).await;
    let path = format!("{PEOPLE}/{id}/permissions");

    let person = ok(
        &app,
        Method::PUT,
        &path,
        &token,
        Some(json!({"permissions": [5, 4, 5]})),
    )
    .await;
    assert_eq!(person["account"]["permissions"], json!([4, 5]));
    // The new permission opens its area at once.
    let response = request(
        &app,
        Method::GET,
        "/api/v1/backoffice/news",
        Some(&their_token),
        None,
    )
    .await;
    assert_eq!(response.status, 200, "{}", response.text());

    let person = ok(
        &app,
        Method::PUT,
        &path,
        &token,
        Some(json!({"permissions": [8]})),
    )
    .await;
    assert_eq!(person["account"]["permissions"], json!([8]));
    let response = request(
        &app,
        Method::GET,
        "/api/v1/backoffice/news",
        Some(&their_token),
        None,
    )
    .await;
    assert_eq!(response.status, 403);
    // They now hold 8: they may take it from me, and I may not.
    let person = ok(&app, Method::PUT, &path, &token, Some(json!({"permissions": []}))).await;
    assert_eq!(person["account"]["permissions"], json!([]));

    let mine = format!("{PEOPLE}/{me}/permissions");
    for body in [json!({"permissions": []}), json!({"permissions": [1, 2, 3]})] {
        assert_invalid(
            &request(&app, Method::PUT, &mine, Some(&token), Some(body)).await,
            messages::PEOPLE_SELF_LOCKOUT,
        );
    }
    let person = ok(
        &app,
        Method::PUT,
        &mine,
        &token,
        Some(json!({"permissions": [1, 8]})),
    )
    .await;
    assert_eq!(person["account"]["permissions"], json!([1, 8]));

    for bad in [json!([0]), json!([9]), json!([-1]), json!(vec![1; 33])] {
        assert_invalid(
            &request(
                &app,
                Method::PUT,
                &path,
                Some(&token),
                Some(json!({"permissions": bad})),
            )
            .await,
            messages::PEOPLE_PERMISSIONS,
        );
    }

    let rows = audit_of(&app, &token, id).await;
    assert_eq!(rows.len(), 3);
    assert!(
        rows.iter()
            .all(|r| r["action"] == "user.permissions" && r["entity"] == "user")
    );
    assert_eq!(rows[2]["before"]["permissions"], json!([]));
    assert_eq!(rows[2]["after"]["permissions"], json!([4, 5]));
    assert_eq!(rows[0]["before"]["permissions"], json!([8]));
    assert_eq!(audit_of(&app, &token, me).await.len(), 1);
}

async fn disabling_ends_sessions_and_login_until_enabled(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (me, token) = staff(&app, "pessoas@exemplo.com", &[8]).await;
    let (id, their_token) = confirmed_user(&app, "maria@exemplo.com").await;
    let path = format!("{PEOPLE}/{id}/disabled");
    assert!(!is_pro(&app, &their_token).await);

    let person = ok(&app, Method::POST, &path, &token, Some(json!({"disabled": true}))).await;
    assert_eq!(person["account"]["disabled"], true);
    assert_unauthorized(&get_auth(&app, "/api/v1/profile/getProfile", &their_token).await);
    assert_refused(&login(&app, "maria@exemplo.com", PASSWORD).await, "user disabled");
    let live: i64 = sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM sessions WHERE user_id = $1 AND revoked_at IS NULL",
    )
    .bind(id)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(live, 0);

    let person = ok(
        &app,
        Method::POST,
        &path,
        &token,
        Some(json!({"disabled": false})),
    )
    .await;
    assert_eq!(person["account"]["disabled"], false);
    // The old session stays ended; a new login works.
    assert_unauthorized(&get_auth(&app, "/api/v1/profile/getProfile", &their_token).await);
    let data = login(&app, "maria@exemplo.com", PASSWORD).await.success_data();
    let fresh = data["token"].as_str().unwrap();
    assert!(!is_pro(&app, fresh).await);

    // Nobody disables their own account (enabling it is harmless).
    assert_invalid(
        &request(
            &app,
            Method::POST,
            &format!("{PEOPLE}/{me}/disabled"),
            Some(&token),
            Some(json!({"disabled": true})),
        )
        .await,
        messages::PEOPLE_SELF_DISABLE,
    );
    let rows = audit_of(&app, &token, id).await;
    let actions: Vec<&str> = rows.iter().map(|r| r["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["user.enable", "user.disable"]);
    assert_eq!(rows[1]["before"]["disabled"], false);
    assert_eq!(rows[1]["after"]["disabled"], true);
}

async fn bad_input_and_unknown_accounts(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (_, token) = staff(&app, "pessoas@exemplo.com", &[8]).await;
    let (id, _) = listener(&app, "maria@exemplo.com", false).await;

    let long = "a".repeat(101);
    assert_invalid(
        &request(
            &app,
            Method::GET,
            &format!("{PEOPLE}?q={long}"),
            Some(&token),
            None,
        )
        .await,
        messages::PEOPLE_QUERY,
    );
    ok(
        &app,
        Method::GET,
        &format!("{PEOPLE}?q={}", "a".repeat(100)),
        &token,
        None,
    )
    .await;
    for query in ["page=0", "perPage=101", "page=x"] {
        let response = request(
            &app,
            Method::GET,
            &format!("{PEOPLE}?{query}"),
            Some(&token),
            None,
        )
        .await;
        assert_eq!(response.status, 400, "{query}");
    }
    for until in [
        json!("2020-01-01"),
        json!("2099-02-30"),
        json!("31/12/2099"),
        json!("x"),
    ] {
        assert_invalid(
            &request(
                &app,
                Method::POST,
                &format!("{PEOPLE}/{id}/pro"),
                Some(&token),
                Some(json!({"until": until})),
            )
            .await,
            messages::PEOPLE_PRO_UNTIL,
        );
    }
    for (method, suffix, body) in [
        (Method::PUT, "/permissions", json!({"permissions": "8"})),
        (Method::POST, "/pro", json!({"until": 5})),
        (Method::POST, "/disabled", json!({})),
    ] {
        let response = request(
            &app,
            method,
            &format!("{PEOPLE}/{id}{suffix}"),
            Some(&token),
            Some(body),
        )
        .await;
        assert_eq!(response.status, 400, "{suffix}: {}", response.text());
    }
    assert!(audit_of(&app, &token, id).await.is_empty());

    for missing in ["999999999", "0", "abc", "1e3"] {
        for (method, suffix, body) in [
            (Method::GET, "", None),
            (Method::PUT, "/permissions", Some(json!({"permissions": [1]}))),
            (Method::POST, "/pro", Some(json!({"until": null}))),
            (Method::DELETE, "/pro", None),
            (Method::POST, "/disabled", Some(json!({"disabled": true}))),
        ] {
            let response = request(
                &app,
                method.clone(),
                &format!("{PEOPLE}/{missing}{suffix}"),
                Some(&token),
                body,
            )
            .await;
            assert_eq!(response.status, 404, "{method} {missing}{suffix}");
            assert_eq!(response.json()["message"], "account not found");
        }
    }
}

/// Enabled accounts holding permission 8.
async fn people_managers(app: &TestApp) -> i64 {
    sqlx::query_scalar(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM staff_permissions p JOIN users u ON u.id = p.user_id \
         WHERE p.permission = 8 AND u.disabled = 0",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap()
}

/// Nobody can remove their own permission 8, but two holders could take it from each other at the
/// same moment (or one disable the other while losing it), each having checked that the other still
/// held it, and leave the station with nobody able to manage its staff. Whichever change comes second
/// is refused now; with another manager left, removing or disabling one goes through.
async fn the_last_holder_of_permission_8_is_kept(backend: Backend) {
    let app = TestApp::new(backend).await;
    let mut refusals = 0;
    for round in 0..3 {
        let (ana, ana_token) = staff(&app, &format!("ana{round}@exemplo.com"), &[8]).await;
        let (bia, bia_token) = staff(&app, &format!("bia{round}@exemplo.com"), &[8]).await;
        // Only this round's pair holds 8 (the last round left one manager).
        sqlx::query("DELETE FROM staff_permissions WHERE permission = 8 AND user_id NOT IN ($1, $2)")
            .bind(ana)
            .bind(bia)
            .execute(&app.state.db.pool)
            .await
            .unwrap();
        let take_bias = format!("{PEOPLE}/{bia}/permissions");
        let take_anas = format!("{PEOPLE}/{ana}/permissions");
        let disable_ana = format!("{PEOPLE}/{ana}/disabled");
        let (first, second) = if round == 1 {
            // Bia disables Ana while Ana takes Bia's 8.
            tokio::join!(
                request(
                    &app,
                    Method::PUT,
                    &take_bias,
                    Some(&ana_token),
                    Some(json!({"permissions": [1]}))
                ),
                request(
                    &app,
                    Method::POST,
                    &disable_ana,
                    Some(&bia_token),
                    Some(json!({"disabled": true})),
                ),
            )
        } else {
            tokio::join!(
                request(
                    &app,
                    Method::PUT,
                    &take_bias,
                    Some(&ana_token),
                    Some(json!({"permissions": [1]}))
                ),
                request(
                    &app,
                    Method::PUT,
                    &take_anas,
                    Some(&bia_token),
                    Some(json!({"permissions": [2]})),
                ),
            )
        };
        assert_eq!(
            people_managers(&app).await,
            1,
            "round {round}: {} / {}",
            first.text(),
            second.text()
        );
        let statuses = [first.status.as_u16(), second.status.as_u16()];
        assert!(statuses.contains(&200), "round {round}: {statuses:?}");
        for response in [&first, &second] {
            match response.status.as_u16() {
                200 => {}
                400 => {
                    assert_invalid(response, LAST_PEOPLE_MANAGER);
                    refusals += 1;
                }
                // The second came after the first had ended: its caller no longer holds 8, or was
                // disabled and lost the session.
                401 | 403 => {}
                other => panic!("round {round}: {other} {}", response.text()),
            }
        }
    }
    assert!(refusals > 0, "the changes never overlapped");

    // With another manager left, one can be removed or disabled.
    let (_, token) = staff(&app, "pessoas@exemplo.com", &[8]).await;
    let (cris, _) = staff(&app, "cris@exemplo.com", &[8]).await;
    let (dani, _) = staff(&app, "dani@exemplo.com", &[8]).await;
    sqlx::query(
        "DELETE FROM staff_permissions WHERE permission = 8 AND user_id NOT IN \
         (SELECT id FROM users WHERE email IN ('pessoas@exemplo.com', 'cris@exemplo.com', 'dani@exemplo.com'))",
    )
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let person = ok(
        &app,
        Method::PUT,
        &format!("{PEOPLE}/{cris}/permissions"),
        &token,
        Some(json!({"permissions": [1]})),
    )
    .await;
    assert_eq!(person["account"]["permissions"], json!([1]));
    let person = ok(
        &app,
        Method::POST,
        &format!("{PEOPLE}/{dani}/disabled"),
        &token,
        Some(json!({"disabled": true})),
    )
    .await;
    assert_eq!(person["account"]["disabled"], true);
    assert_eq!(people_managers(&app).await, 1);
    // A disabled holder manages nobody: taking their 8 away leaves the count as it is.
    let person = ok(
        &app,
        Method::PUT,
        &format!("{PEOPLE}/{dani}/permissions"),
        &token,
        Some(json!({"permissions": []})),
    )
    .await;
    assert_eq!(person["account"]["permissions"], json!([]));
    assert_eq!(people_managers(&app).await, 1);
}
