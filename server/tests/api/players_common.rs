//! Helpers of the promotions and hunt tests: the demo station with cheap password hashing, listeners
//! with a complete registration made straight in the database (so a test can have hundreds), and
//! promotions with exactly the flags a test needs.

use onda_server::clock::now;
use serde_json::Value;

use crate::common::{Backend, TestApp};

/// São Paulo (state 35, IBGE 3550308), filled by the reference seed.
pub const SP: i64 = 35;
pub const SAO_PAULO: i64 = 3_550_308;

/// The demo station (promotions, the hunt, states and cities), argon2 cheap, a trusted local proxy.
pub async fn station(backend: Backend) -> TestApp {
    TestApp::with_config(backend, |config| {
        config.argon2_memory_kib = 64;
        config.argon2_iterations = 1;
        config.trusted_proxies = vec![std::net::IpAddr::from([127, 0, 0, 1])];
        config.public_url = Some("http://radio.test".to_owned());
    })
    .await
}

/// A valid CPF (check digits computed) made from `n`, masked as the server stores it.
pub fn cpf(n: u32) -> String {
    let base = format!("{:09}", 100_000_000 + n % 800_000_000);
    let mut digits: Vec<u32> = base.chars().map(|c| c.to_digit(10).unwrap()).collect();
    for len in [9usize, 10] {
        let sum: u32 = digits
            .iter()
            .enumerate()
            .map(|(i, d)| d * (u32::try_from(len).unwrap() + 1 - u32::try_from(i).unwrap()))
            .sum();
        let rest = (sum * 10) % 11;
        digits.push(if rest == 10 { 0 } else { rest });
    }
    let s: String = digits.iter().map(|d| char::from_digit(*d, 10).unwrap()).collect();
    format!("{}.{}.{}-{}", &s[0..3], &s[3..6], &s[6..9], &s[9..11])
}

/// A confirmed listener holding the staff `permissions` (through the operator's command): (id, token).
pub async fn staff(app: &TestApp, email: &str, permissions: &[i64]) -> (i64, String) {
    let (id, token) = listener(app, email, false).await;
    for &permission in permissions {
        onda_server::admin::run(
            &app.state,
            onda_server::admin::AdminCommand::GrantPermission {
                email: email.to_owned(),
                permission,
            },
        )
        .await
        .unwrap();
    }
    (id, token)
}

/// A confirmed listener; `complete` fills every profile field G13 asks for. Returns (id, token).
pub async fn listener(app: &TestApp, email: &str, complete: bool) -> (i64, String) {
    let n: u32 = rand::random::<u32>() % 700_000_000;
    let id: i64 = if complete {
        sqlx::query_scalar(
            "INSERT INTO users (email, password_hash, name, last_name, gender, birthday, cpf, telefone, cep, \
             district, street, street_number, state_id, city_id, email_confirmed, created_at) \
             VALUES ($1, NULL, 'Maria', 'Souza', 'FEMININO', '1990-05-20', $2, '(11) 98765-4321', '01310-100', \
             'Bela Vista', 'Avenida Paulista', '1578', $3, $4, 1, $5) RETURNING id",
        )
        .bind(email)
        .bind(cpf(n))
        .bind(SP)
        .bind(SAO_PAULO)
        .bind(now())
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
    } else {
        sqlx::query_scalar(
            "INSERT INTO users (email, name, email_confirmed, created_at) VALUES ($1, 'Maria', 1, $2) RETURNING id",
        )
        .bind(email)
        .bind(now())
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
    };
    let token = onda_server::auth::create_session(&app.state, id).await.unwrap();
    (id, token)
}

/// Makes a listener PRO (a manual subscription without end).
pub async fn make_pro(app: &TestApp, user_id: i64) {
    sqlx::query(
        "INSERT INTO subscriptions (user_id, plan, source, status, current_period_end, created_at, updated_at) \
         VALUES ($1, 'annual', 'manual', 'active', NULL, $2, $2)",
    )
    .bind(user_id)
    .bind(now())
    .execute(&app.state.db.pool)
    .await
    .unwrap();
}

/// The flags of a test promotion.
#[derive(Default, Clone, Copy)]
pub struct Flags {
    pub pro: bool,
    pub editable: bool,
    pub multiple: bool,
    pub single_word: bool,
    /// Ended an hour ago.
    pub closed: bool,
}

/// A published promotion with these flags; returns its id.
pub async fn promotion(app: &TestApp, slug: &str, flags: Flags) -> i64 {
    let now = now();
    let (starts, ends) = if flags.closed {
        (now - 30 * 86_400, now - 3_600)
    } else {
        (now - 86_400, now + 30 * 86_400)
    };
    sqlx::query_scalar(
        "INSERT INTO promotions (slug, title, description, rules, question, is_pro, is_editable, is_multiple, \
         is_single_word, starts_at, ends_at) \
         VALUES ($1, $2, '<p>Descrição</p><script>alert(1)</script>', '<p>Regulamento</p>', 'Por quê?', $3, $4, $5, $6, $7, $8) \
         RETURNING id",
    )
    .bind(slug)
    .bind(format!("Promoção {slug}"))
    .bind(i64::from(flags.pro))
    .bind(i64::from(flags.editable))
    .bind(i64::from(flags.multiple))
    .bind(i64::from(flags.single_word))
    .bind(starts)
    .bind(ends)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap()
}

/// `status` of an envelope as a string or a number.
pub fn status_of(json: &Value) -> String {
    match &json["status"] {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
