//! Operator commands: grant-pro (with and without --until), revoke-pro, grant-permission,
//! disable-user; each says what it did, and an unknown e-mail fails (non-zero exit from the binary).

use crate::accounts_common::*;
use crate::common::{Backend, TestApp};
use onda_server::admin::{self, AdminCommand};

on_both_databases!(
    grant_and_revoke_pro,
    grant_pro_until_a_past_day_is_not_pro,
    grant_permission,
    disable_user_ends_sessions,
    unknown_email_fails,
    binary_exits_non_zero_on_unknown_email,
);

async fn is_pro(app: &TestApp, token: &str) -> bool {
    get_auth(app, "/api/v1/profile/getProfile", token)
        .await
        .success_data()["isPro"]
        .as_bool()
        .unwrap()
}

async fn grant_and_revoke_pro(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = confirmed_user(&app, "maria@exemplo.com").await;
    let done = admin::run(
        &app.state,
        AdminCommand::GrantPro {
            email: "MARIA@exemplo.com".to_owned(),
            until: None,
        },
    )
    .await
    .unwrap();
    assert_eq!(done, "PRO concedido a MARIA@exemplo.com sem data de término");
    assert!(is_pro(&app, &token).await);
    let done = admin::run(
        &app.state,
        AdminCommand::GrantPro {
            email: "maria@exemplo.com".to_owned(),
            until: Some("2099-12-31".to_owned()),
        },
    )
    .await
    .unwrap();
    assert_eq!(done, "PRO concedido a maria@exemplo.com até 2099-12-31");
    let done = admin::run(
        &app.state,
        AdminCommand::RevokePro {
            email: "maria@exemplo.com".to_owned(),
        },
    )
    .await
    .unwrap();
    assert_eq!(
        done,
        "PRO revogado de maria@exemplo.com (2 assinatura(s) encerrada(s))"
    );
    assert!(!is_pro(&app, &token).await);
    assert!(
        admin::run(
            &app.state,
            AdminCommand::GrantPro {
                email: "maria@exemplo.com".to_owned(),
                until: Some("31/12/2099".to_owned()),
            },
        )
        .await
        .is_err()
    );
}

async fn grant_pro_until_a_past_day_is_not_pro(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = confirmed_user(&app, "maria@exemplo.com").await;
    admin::run(
        &app.state,
        AdminCommand::GrantPro {
            email: "maria@exemplo.com".to_owned(),
            until: Some("2020-01-01".to_owned()),
        },
    )
    .await
    .unwrap();
    assert!(!is_pro(&app, &token).await);
}

async fn grant_permission(backend: Backend) {
    let app = app(backend).await;
    let (id, _) = confirmed_user(&app, "maria@exemplo.com").await;
    for _ in 0..2 {
        let done = admin::run(
            &app.state,
            AdminCommand::GrantPermission {
                email: "maria@exemplo.com".to_owned(),
                permission: 2,
            },
        )
        .await
        .unwrap();
        assert_eq!(done, "permissão 2 concedida a maria@exemplo.com");
    }
    let permissions: Vec<i64> =
        sqlx::query_scalar("SELECT permission FROM staff_permissions WHERE user_id = $1")
            .bind(id)
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(permissions, vec![2]);
}

async fn disable_user_ends_sessions(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = confirmed_user(&app, "maria@exemplo.com").await;
    let done = admin::run(
        &app.state,
        AdminCommand::DisableUser {
            email: "maria@exemplo.com".to_owned(),
        },
    )
    .await
    .unwrap();
    assert_eq!(done, "usuário maria@exemplo.com desativado e sessões encerradas");
    assert_unauthorized(&get_auth(&app, "/api/v1/profile/getProfile", &token).await);
    assert_refused(&login(&app, "maria@exemplo.com", PASSWORD).await, "user disabled");
}

async fn unknown_email_fails(backend: Backend) {
    let app = app(backend).await;
    for command in [
        AdminCommand::GrantPro {
            email: "x@y.com".to_owned(),
            until: None,
        },
        AdminCommand::RevokePro {
            email: "x@y.com".to_owned(),
        },
        AdminCommand::GrantPermission {
            email: "x@y.com".to_owned(),
            permission: 1,
        },
        AdminCommand::DisableUser {
            email: "x@y.com".to_owned(),
        },
    ] {
        let err = admin::run(&app.state, command).await.unwrap_err();
        assert_eq!(err.to_string(), "nenhum usuário com o e-mail x@y.com");
    }
}

async fn binary_exits_non_zero_on_unknown_email(backend: Backend) {
    let app = app(backend).await;
    confirmed_user(&app, "maria@exemplo.com").await;
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_onda-server"))
            .args(args)
            .env("DATABASE_URL", app.state.config.database_url())
            .env("ONDA_DATA_DIR", app.dir.path())
            .env("RUST_LOG", "error")
            .output()
            .unwrap()
    };
    let output = run(&["admin", "grant-pro", "ninguem@exemplo.com"]);
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("nenhum usuário com o e-mail ninguem@exemplo.com")
    );
    // 8 is people and the audit log; nothing is numbered above it.
    let output = run(&["admin", "grant-permission", "maria@exemplo.com", "9"]);
    assert!(!output.status.success(), "permission 9 is refused");
    let output = run(&["admin", "grant-permission", "maria@exemplo.com", "8"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let output = run(&["admin", "grant-pro", "maria@exemplo.com", "--until", "2099-01-31"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        "PRO concedido a maria@exemplo.com até 2099-01-31"
    );
}
