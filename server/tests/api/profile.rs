//! Profile over the real router on both databases: updateProfile's rules (doc3 §5),
//! whitelist (S02), current password (C32), CPF uniqueness, registrationComplete (G13), deleteProfile
//! (S03), states and cities, and the authorisation matrix of every protected endpoint (PF-*, ID-21).

use crate::accounts_common::*;
use crate::common::{Backend, TestApp};
use axum::http::Method;
use onda_server::admin::{self, AdminCommand};
use serde_json::{Value, json};

on_both_databases!(
    every_field_rule_has_its_message,
    birthday_age_boundaries_are_inclusive,
    valid_update_is_stored_and_registration_completes,
    whitelist_ignores_email_and_pro,
    password_change_needs_the_current_password_and_revokes_other_sessions,
    social_only_account_changes_password_with_false,
    cpf_already_registered,
    nothing_changed_is_refused,
    delete_profile_paths,
    the_last_people_manager_cannot_delete_the_account,
    states_and_cities,
    authorisation_matrix,
);

const SP: i64 = 35;
const SAO_PAULO: i64 = 3_550_308;

async fn seeded(backend: Backend) -> TestApp {
    let app = app(backend).await;
    onda_server::seed::seed_reference(&app.state).await.unwrap();
    app
}

async fn update(app: &TestApp, token: &str, user: Value, password: Value) -> crate::common::TestResponse {
    post_auth(
        app,
        "/api/v1/profile/updateProfile",
        token,
        json!({"user": user, "password": password}),
    )
    .await
}

/// PF-06 and every other rule of doc3 §5.
async fn every_field_rule_has_its_message(backend: Backend) {
    let app = seeded(backend).await;
    let (_, token) = confirmed_user(&app, "maria@exemplo.com").await;
    let cases: Vec<(Value, &str)> = vec![
        (
            json!({"name": " A "}),
            "O nome deve ter no mínimo 2 e no máximo 30 carateres",
        ),
        (
            json!({"name": "a".repeat(31)}),
            "O nome deve ter no mínimo 2 e no máximo 30 carateres",
        ),
        (
            json!({"name": ""}),
            "O nome deve ter no mínimo 2 e no máximo 30 carateres",
        ),
        (
            json!({"lastName": "B"}),
            "O sobrenome deve ter no mínimo 2 e no máximo 30 carateres",
        ),
        (
            json!({"lastName": "b".repeat(31)}),
            "O sobrenome deve ter no mínimo 2 e no máximo 30 carateres",
        ),
        (json!({"cep": "12345-67"}), "O CEP informado é inválido"),
        (json!({"cep": "1234-5678"}), "O CEP informado é inválido"),
        (
            json!({"district": "AB"}),
            "O bairro deve ter no mínimo 3 e no máximo 30 carateres",
        ),
        (
            json!({"district": "d".repeat(31)}),
            "O bairro deve ter no mínimo 3 e no máximo 30 carateres",
        ),
        (
            json!({"street": "s".repeat(61)}),
            "O endereço deve ter no mínimo 3 e no máximo 60 carateres",
        ),
        (
            json!({"street": "Ru"}),
            "O endereço deve ter no mínimo 3 e no máximo 60 carateres",
        ),
        (
            json!({"addressSupplement": "c".repeat(31)}),
            "O complemento deve ter no máximo 30 carateres",
        ),
        (
            json!({"streetNumber": "123456"}),
            "O número do endereço deve ter no máximo 5 dígitos",
        ),
        (
            json!({"streetNumber": "-1"}),
            "O número do endereço deve ter no máximo 5 dígitos",
        ),
        (
            json!({"streetNumber": 123456}),
            "O número do endereço deve ter no máximo 5 dígitos",
        ),
        (
            json!({"telefone": "(11) 9876-543"}),
            "O telefone informado é inválido",
        ),
        (
            json!({"telefone": "(11) 987654-3210"}),
            "O telefone informado é inválido",
        ),
        (
            json!({"telefone": "11987654321"}),
            "O telefone informado é inválido",
        ),
        (json!({"cpf": "529.982.247-24"}), "O CPF informado é inválido"),
        (json!({"cpf": "111.111.111-11"}), "O CPF informado é inválido"),
        (json!({"cpf": "123"}), "O CPF informado é inválido"),
        (
            json!({"birthday": "2000-02-30"}),
            "A data de nascimento informado é inválido",
        ),
        (
            json!({"birthday": "15/06/2000"}),
            "A data de nascimento informado é inválido",
        ),
        (json!({"gender": "OUTRO"}), "O gênero informado é inválido"),
        (
            json!({"stateId": 99, "cityId": null}),
            "O estado informado é inválido",
        ),
        (
            json!({"stateId": 33, "cityId": SAO_PAULO}),
            "A cidade informada é inválida",
        ),
        (
            json!({"newPassword": "12345"}),
            "A senha deve ter no mínimo 6 carateres",
        ),
        (
            json!({"newPassword": "123456", "confirmPassword": "1234567"}),
            "As senhas estão diferentes",
        ),
    ];
    for (user, message) in cases {
        let response = update(&app, &token, user.clone(), json!(PASSWORD)).await;
        assert_eq!(response.json()["message"], message, "for {user}");
        assert_invalid(&response, message);
    }
    // G16: with several failures the first message comes back, and nothing is stored.
    let response = update(
        &app,
        &token,
        json!({"name": " A ", "lastName": "B", "cep": "12345-67", "district": "AB",
               "street": "s".repeat(61), "addressSupplement": "c".repeat(31),
               "streetNumber": "123456", "telefone": "(11) 9876-543"}),
        json!(false),
    )
    .await;
    assert_invalid(&response, "O nome deve ter no mínimo 2 e no máximo 30 carateres");
    let profile = get_auth(&app, "/api/v1/profile/getProfile", &token)
        .await
        .success_data();
    assert_eq!(profile["name"], "Maria Souza");
    assert!(profile["cep"].is_null());
}

fn date_years_ago(years: i32, days_offset: i64) -> String {
    let today = time::OffsetDateTime::now_utc()
        .to_offset(time::macros::offset!(-3))
        .date();
    let mut date = today.replace_year(today.year() - years).unwrap_or_else(|_| {
        // 29 February in a non-leap year: the birthday is 1 March.
        time::Date::from_calendar_date(today.year() - years, time::Month::March, 1).unwrap()
    });
    date += time::Duration::days(days_offset);
    date.to_string()
}

/// PF-05, G17: 4 and 110 inclusive, in America/Sao_Paulo.
async fn birthday_age_boundaries_are_inclusive(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = confirmed_user(&app, "maria@exemplo.com").await;
    for (birthday, ok) in [
        (date_years_ago(4, 0), true),    // 4 today
        (date_years_ago(4, 1), false),   // 4 tomorrow: 3 today
        (date_years_ago(110, 0), true),  // 110 today
        (date_years_ago(111, 0), false), // 111 today
        (date_years_ago(111, 1), true),  // 111 tomorrow: still 110
        (date_years_ago(30, 0), true),
        (date_years_ago(0, 1), false), // the future
    ] {
        let response = update(&app, &token, json!({"birthday": birthday}), json!(false)).await;
        if ok {
            assert_eq!(response.success_data()["user"]["birthday"], birthday.as_str());
        } else {
            assert_invalid(&response, "A data de nascimento informado é inválido");
        }
    }
}

fn complete_profile() -> Value {
    json!({
        "name": "Maria", "lastName": "Souza", "cpf": "52998224725", "birthday": "1990-05-20",
        "gender": "FEMININO", "telefone": "(11) 98765-4321", "cep": "01310-100", "stateId": SP,
        "cityId": SAO_PAULO, "district": "Bela Vista", "street": "Avenida Paulista",
        "streetNumber": 1578, "addressSupplement": "", "newsletter": true
    })
}

/// PF-09, G13.
async fn valid_update_is_stored_and_registration_completes(backend: Backend) {
    let app = seeded(backend).await;
    let (id, token) = confirmed_user(&app, "maria@exemplo.com").await;
    let before = get_auth(&app, "/api/v1/profile/getProfile", &token)
        .await
        .success_data();
    assert_eq!(before["registrationComplete"], false);
    assert_eq!(before["isPro"], false);
    let response = update(&app, &token, complete_profile(), json!(false)).await;
    let json = response.json();
    assert_eq!(json["message"], "profile updated");
    let user = response.success_data()["user"].clone();
    assert_eq!(user["userId"], id);
    assert_eq!(user["cpf"], "529.982.247-25");
    assert_eq!(user["streetNumber"], "1578");
    assert_eq!(user["stateId"], SP);
    assert_eq!(user["cityId"], SAO_PAULO);
    assert_eq!(user["newsletter"], true);
    assert!(user["addressSupplement"].is_null());
    assert_eq!(user["registrationComplete"], true);
    let profile = get_auth(&app, "/api/v1/profile/getProfile", &token)
        .await
        .success_data();
    assert_eq!(profile, user);
    // Every field of the User object is there.
    for field in [
        "userId",
        "email",
        "name",
        "lastName",
        "gender",
        "birthday",
        "cpf",
        "telefone",
        "cep",
        "district",
        "street",
        "streetNumber",
        "addressSupplement",
        "cityId",
        "stateId",
        "emailConfirmed",
        "newsletter",
        "isPro",
        "registrationComplete",
    ] {
        assert!(profile.get(field).is_some(), "{field} missing: {profile}");
    }
    // Clearing one required-for-completion field makes it incomplete again; absent fields stay.
    let user = update(&app, &token, json!({"district": ""}), json!(false))
        .await
        .success_data()["user"]
        .clone();
    assert!(user["district"].is_null());
    assert_eq!(user["street"], "Avenida Paulista");
    assert_eq!(user["registrationComplete"], false);
    // A client cannot set it.
    let user = update(
        &app,
        &token,
        json!({"registrationComplete": true, "lastName": "Souza Lima"}),
        json!(false),
    )
    .await
    .success_data()["user"]
        .clone();
    assert_eq!(user["registrationComplete"], false);
}

/// PF-12, S02.
async fn whitelist_ignores_email_and_pro(backend: Backend) {
    let app = app(backend).await;
    let (id, token) = confirmed_user(&app, "maria@exemplo.com").await;
    let (other, _) = confirmed_user(&app, "joana@exemplo.com").await;
    update(
        &app,
        &token,
        json!({"email": "novo@exemplo.com", "isPro": true, "emailConfirmed": false,
               "userId": other, "lastName": "Lima"}),
        json!(false),
    )
    .await
    .success_data();
    let profile = get_auth(&app, "/api/v1/profile/getProfile", &token)
        .await
        .success_data();
    assert_eq!(profile["userId"], id);
    assert_eq!(profile["email"], "maria@exemplo.com");
    assert_eq!(profile["isPro"], false);
    assert_eq!(profile["emailConfirmed"], true);
    assert_eq!(profile["lastName"], "Lima");
    let last: Option<String> = sqlx::query_scalar("SELECT last_name FROM users WHERE id = $1")
        .bind(other)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(last, None, "the other user is untouched");
}

/// PF-11, C32, S08.
async fn password_change_needs_the_current_password_and_revokes_other_sessions(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = confirmed_user(&app, "maria@exemplo.com").await;
    let other_session = login(&app, "maria@exemplo.com", PASSWORD).await.success_data()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_refused(
        &update(
            &app,
            &token,
            json!({"newPassword": "novasenha"}),
            json!("errada1"),
        )
        .await,
        "wrong password",
    );
    assert_refused(
        &update(&app, &token, json!({"newPassword": "novasenha"}), json!(false)).await,
        "wrong password",
    );
    let response = update(
        &app,
        &token,
        json!({"newPassword": "novasenha", "confirmPassword": "novasenha"}),
        json!(PASSWORD),
    )
    .await;
    assert_eq!(response.json()["message"], "password updated");
    response.success_data();
    assert_unauthorized(&get_auth(&app, "/api/v1/profile/getProfile", &other_session).await);
    get_auth(&app, "/api/v1/profile/getProfile", &token)
        .await
        .success_data();
    assert_refused(
        &login(&app, "maria@exemplo.com", PASSWORD).await,
        "invalid email or password",
    );
    login(&app, "maria@exemplo.com", "novasenha").await.success_data();
}

/// C32: an account without a local password sets one with `password: false`.
async fn social_only_account_changes_password_with_false(backend: Backend) {
    let app = app(backend).await;
    let (id, token) = confirmed_user(&app, "maria@exemplo.com").await;
    sqlx::query("UPDATE users SET password_hash = NULL, firebase_uid = 'uid-1' WHERE id = $1")
        .bind(id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    update(&app, &token, json!({"newPassword": "novasenha"}), json!(false))
        .await
        .success_data();
    login(&app, "maria@exemplo.com", "novasenha").await.success_data();
}

/// PF-11.
async fn cpf_already_registered(backend: Backend) {
    let app = app(backend).await;
    let (_, maria) = confirmed_user(&app, "maria@exemplo.com").await;
    let (_, joana) = confirmed_user(&app, "joana@exemplo.com").await;
    update(&app, &maria, json!({"cpf": "529.982.247-25"}), json!(false))
        .await
        .success_data();
    // Bare or masked, it is the same CPF.
    assert_refused(
        &update(&app, &joana, json!({"cpf": "52998224725"}), json!(false)).await,
        "cpf already registered",
    );
    // Re-sending one's own CPF with another change is fine.
    update(
        &app,
        &maria,
        json!({"cpf": "529.982.247-25", "lastName": "Souza"}),
        json!(false),
    )
    .await
    .success_data();
}

async fn nothing_changed_is_refused(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = confirmed_user(&app, "maria@exemplo.com").await;
    assert_invalid(
        &update(&app, &token, json!({"name": "Maria Souza"}), json!(false)).await,
        "Não há alterações realizadas",
    );
}

/// PF-15, PF-16, S03.
async fn delete_profile_paths(backend: Backend) {
    let app = app(backend).await;
    let (maria, token) = confirmed_user(&app, "maria@exemplo.com").await;
    let (joana, joana_token) = confirmed_user(&app, "joana@exemplo.com").await;
    // Another user's id/e-mail: 403, and that user still exists.
    let response = post_auth(
        &app,
        "/api/v1/profile/deleteProfile",
        &token,
        json!({"userId": joana, "email": "joana@exemplo.com"}),
    )
    .await;
    assert_eq!(response.status, 403);
    assert_eq!(response.json()["status"], 403);
    let response = post_auth(
        &app,
        "/api/v1/profile/deleteProfile",
        &token,
        json!({"userId": maria, "email": "joana@exemplo.com"}),
    )
    .await;
    assert_eq!(response.status, 403);
    get_auth(&app, "/api/v1/profile/getProfile", &joana_token)
        .await
        .success_data();
    // Active PRO refuses.
    sqlx::query(
        "INSERT INTO subscriptions (user_id, plan, source, status, current_period_end, created_at, updated_at) \
         VALUES ($1, 'monthly', 'processor', 'active', NULL, 0, 0)",
    )
    .bind(maria)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    assert_refused(
        &post_auth(
            &app,
            "/api/v1/profile/deleteProfile",
            &token,
            json!({"userId": maria, "email": "maria@exemplo.com"}),
        )
        .await,
        "active pro subscription",
    );
    sqlx::query("UPDATE subscriptions SET status = 'expired'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let other_session = login(&app, "maria@exemplo.com", PASSWORD).await.success_data()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let response = post_auth(
        &app,
        "/api/v1/profile/deleteProfile",
        &token,
        json!({"userId": maria, "email": "MARIA@exemplo.com"}),
    )
    .await;
    assert!(response.header("set-cookie").unwrap().contains("Max-Age=0"));
    assert_eq!(response.success_data(), Value::Null);
    assert_unauthorized(&get_auth(&app, "/api/v1/profile/getProfile", &token).await);
    assert_unauthorized(&get_auth(&app, "/api/v1/profile/getProfile", &other_session).await);
    assert_refused(
        &login(&app, "maria@exemplo.com", PASSWORD).await,
        "invalid email or password",
    );
    // The address can register again.
    register(&app, "Maria Souza", "maria@exemplo.com").await;
}

/// The last enabled account holding the people permission cannot delete itself (nobody could give
/// the permission again); with a second manager it can.
async fn the_last_people_manager_cannot_delete_the_account(backend: Backend) {
    let app = app(backend).await;
    let (maria, token) = confirmed_user(&app, "maria@exemplo.com").await;
    let grant = |email: &str| AdminCommand::GrantPermission {
        email: email.to_owned(),
        permission: onda_server::staff::PEOPLE,
    };
    admin::run(&app.state, grant("maria@exemplo.com")).await.unwrap();
    let delete = || {
        post_auth(
            &app,
            "/api/v1/profile/deleteProfile",
            &token,
            json!({"userId": maria, "email": "maria@exemplo.com"}),
        )
    };
    assert_refused(&delete().await, "last people manager");
    get_auth(&app, "/api/v1/profile/getProfile", &token)
        .await
        .success_data();
    // A disabled holder does not count as a manager.
    let (joana, _) = confirmed_user(&app, "joana@exemplo.com").await;
    admin::run(&app.state, grant("joana@exemplo.com")).await.unwrap();
    set_disabled(&app, joana).await;
    assert_refused(&delete().await, "last people manager");
    // With another enabled manager, the account goes.
    confirmed_user(&app, "ana@exemplo.com").await;
    admin::run(&app.state, grant("ana@exemplo.com")).await.unwrap();
    assert_eq!(delete().await.success_data(), Value::Null);
    assert_unauthorized(&get_auth(&app, "/api/v1/profile/getProfile", &token).await);
}

async fn states_and_cities(backend: Backend) {
    let app = seeded(backend).await;
    let states = app.get("/api/v1/profile/getStates").await.success_data();
    let states = states.as_array().unwrap();
    assert_eq!(states.len(), 27);
    assert!(
        states
            .iter()
            .any(|s| s["stateId"] == SP && s["stateName"] == "São Paulo")
    );
    let cities = app
        .get(&format!("/api/v1/profile/getCitiesByState/{SP}"))
        .await
        .success_data();
    let cities = cities.as_array().unwrap();
    assert_eq!(cities.len(), 645);
    assert!(
        cities
            .iter()
            .any(|c| c["cityId"] == SAO_PAULO && c["cityName"] == "São Paulo")
    );
    let total: usize = {
        let mut total = 0;
        for state in states {
            let path = format!("/api/v1/profile/getCitiesByState/{}", state["stateId"]);
            total += app.get(&path).await.success_data().as_array().unwrap().len();
        }
        total
    };
    let stored: i64 = sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM cities")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert!(total >= 5570, "the IBGE list has 5570 municipalities: {total}");
    assert_eq!(total as i64, stored, "every municipality is served");
    assert_eq!(app.get("/api/v1/profile/getCitiesByState/xx").await.status, 400);
    assert_eq!(
        app.get("/api/v1/profile/getCitiesByState/99")
            .await
            .success_data(),
        json!([])
    );
}

/// ID-21, PF-11, PF-16: every protected endpoint answers 401 without a session and with a revoked
/// one, by bearer and by cookie.
async fn authorisation_matrix(backend: Backend) {
    let app = app(backend).await;
    let (id, token) = confirmed_user(&app, "maria@exemplo.com").await;
    post_auth(&app, "/api/v1/profile/logout", &token, json!({}))
        .await
        .success_data();
    let protected: [(Method, &str, Option<Value>); 3] = [
        (Method::GET, "/api/v1/profile/getProfile", None),
        (
            Method::POST,
            "/api/v1/profile/updateProfile",
            Some(json!({"user": {"lastName": "Lima"}, "password": false})),
        ),
        (
            Method::POST,
            "/api/v1/profile/deleteProfile",
            Some(json!({"userId": id, "email": "maria@exemplo.com"})),
        ),
    ];
    for (method, path, body) in protected {
        for (bearer, cookie) in [
            (None, None),
            (Some(token.as_str()), None),
            (None, Some(token.as_str())),
        ] {
            let response = call(
                &app,
                Call {
                    method: method.clone(),
                    path,
                    body: body.clone(),
                    bearer,
                    cookie,
                    ip: None,
                },
            )
            .await;
            assert_unauthorized(&response);
        }
    }
    // Nothing acted: the user is there, unchanged.
    let last: Option<String> = sqlx::query_scalar("SELECT last_name FROM users WHERE id = $1")
        .bind(id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(last, None);
    // A disabled user's live session is refused too.
    let fresh = login(&app, "maria@exemplo.com", PASSWORD).await.success_data()["token"]
        .as_str()
        .unwrap()
        .to_owned();
    set_disabled(&app, id).await;
    assert_unauthorized(&get_auth(&app, "/api/v1/profile/getProfile", &fresh).await);
}
