//! Social login (registerUserFirebase / loginFirebase) with ID tokens signed by a test RSA key whose
//! public key a local HTTP server (spawned per test on 127.0.0.1:0) publishes as a JWKS: every server
//! message of the social catalogue (doc1 §8), the Facebook exemption (S07), linking, forged tokens,
//! audience/issuer/expiry and the key cache (ID-24, ID-27).

use std::sync::{
    Arc,
    atomic::{AtomicUsize, Ordering},
};

use crate::accounts_common::*;
use crate::common::{Backend, TestApp};
use axum::{Router, routing::get};
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};

const PROJECT: &str = "onda-test";

/// Test-only RSA keys (generated for this test file; never used anywhere else).
const KEY: &str = r"-----BEGIN RSA PRIVATE KEY-----
MIIEpAIBAAKCAQEAz5SD6T+1P0HyuLxW97N+JEhaEpwWgdL17gAuIaYOhEDavOmH
s6TMAbwHgvXTrIC9dAs1Vk61qlH6SHVce+blOByO3OW1ypLvWIkzpBl8hMJ6HxFV
bBMhNeAjuMG1chhYTQLaIiYbLE4n24yPXkpb3shLkZw6RuZQ/kUmI6hzlRn/YmsE
90yrPy5jFfm16uNBDGoEDkSwhVqOCAFLCxD/pYyZVoncNYe9IPlAuAgOkQzl1uBO
JNjIxkJZxmkG7YJb/ZrzVp3a7aMEPpX3wvQLOQtFxHsFmrGUDXWfjoO0lyyYC0WH
+x5cjeCTu3nDxU3cnUqYcVrQOP2c3haAJq9FaQIDAQABAoIBABEdAl8JdIzZiAQ4
6saTErQ1Ds/39FcRqFrNwv/dK9c1bZMjgZ+K15LRCKGAWMog9v2JKwWJiaqYBZVR
r6U7XOxqVlDZ00n3ISpgbVR7EWv0iJLlH/DABv3lE6zYs3fLkAQRVyB3mcfmTZzp
EqzIXpiYVLqVcayEsmq0Erff3F+PVhmMXesi4qiU+HUkwl+NxEghsDRFnmKdRa/I
mj6vuhCWYxCGqh+V2r1wU4+C+Cu55XE3pmeFBIKuQwSPH+/jPX35w1XL7WUpe4Ob
VRvGov4DBmefjMsWBEofNBxLdSWiq+lNd1PK3AvfkKJSA1Jf3OSiXo71tOJQsFk3
MNXw+nECgYEA7nMyyn/fCTolhK9ycsjZLfzEHCzDdhQR6XyyyyW9UatuX+By4UbM
QKGAZpdaAwAgGGQhvnR7ClHGPrjTNdB2GeQi1EAqXqh6FazCYHLBjMuCLQErXi5q
dl6GNSSxKbcH8eKfzqO23NsBJo+HqhkSx/oGfmUkfQXpW8xnSZtxuDUCgYEA3tut
MK6i8kLWT67qmIvVrcPjGzJMRcFr4Ui49qqfgElpn879UPb6TFhI5wXiapRhcmBb
LHcD3FHD5v1fx2ZWiKPDNKq90Thfb31FOXI6m2T1cAIX3eGOEzSfC91Pg0pJDygP
l0MdyA/yl30IDf+o/fdOwNxkYwYWWtlSoMQbRuUCgYEA5ZNwIVs/5+hd2wP4kt8h
io9EWUQX5IWqQTzX/5MUVZ9SI2k78f1yBf/4Wc360cy7GgC+JFqNZAAbeKQGZleQ
fZkSl3w3zu8yq8+rTaTvCJmfeakYkhLqWZDkciIjmGAqfA6PgipJkxYgY3npSjHd
zT/CJMtIeD7K0KFaCJpqwMkCgYAJU9p42iZZy3Ba33BUOC4WWseLoNxOYx0Xzcpo
EJYicXApTymNFPk+7scGXFmwqks11VCbmNOhig6QAXTbzK28hFYsQyU0t45PBUg7
ckt/q4cWTBAhqkofBanOflHQpfBO4Rdd9mItuHUn4ATRSS0SjCJQsijFeEDBRq1N
q0eU/QKBgQCX+Vkv8W2KynGxx8Zzl6vSov3rmfiHWNNpzzae70LoGMs+DkKnrSKh
dQX3iSaiDp1UeZ2ndm5vWm7mwf5VSDtsniV4vq54l6Qo4DifYoQC7o66ljQOCpsb
pkhxXVYQHHgsPjcGcUxr2b7OakrKWVCE1bOv0gFHzkw5qtMxzTpecw==
-----END RSA PRIVATE KEY-----
";
/// The JWKS modulus of KEY (base64url); the exponent is AQAB.
const KEY_N: &str = "z5SD6T-1P0HyuLxW97N-JEhaEpwWgdL17gAuIaYOhEDavOmHs6TMAbwHgvXTrIC9dAs1Vk61qlH6SHVce-blOByO3OW1ypLvWIkzpBl8hMJ6HxFVbBMhNeAjuMG1chhYTQLaIiYbLE4n24yPXkpb3shLkZw6RuZQ_kUmI6hzlRn_YmsE90yrPy5jFfm16uNBDGoEDkSwhVqOCAFLCxD_pYyZVoncNYe9IPlAuAgOkQzl1uBOJNjIxkJZxmkG7YJb_ZrzVp3a7aMEPpX3wvQLOQtFxHsFmrGUDXWfjoO0lyyYC0WH-x5cjeCTu3nDxU3cnUqYcVrQOP2c3haAJq9FaQ";
/// KEY's public half as a self-signed X.509 certificate (the other published format).
const KEY_CERT: &str = r"-----BEGIN CERTIFICATE-----
MIIDCzCCAfOgAwIBAgIUGLFZI35ntAnzXiWXVZiO9N9P45cwDQYJKoZIhvcNAQEL
BQAwFDESMBAGA1UEAwwJb25kYS10ZXN0MCAXDTI2MTEyMjAxMjg1MFoYDzIxMjYx
MDI5MDEyODUwWjAUMRIwEAYDVQQDDAlvbmRhLXRlc3QwggEiMA0GCSqGSIb3DQEB
AQUAA4IBDwAwggEKAoIBAQDPlIPpP7U/QfK4vFb3s34kSFoSnBaB0vXuAC4hpg6E
QNq86YezpMwBvAeC9dOsgL10CzVWTrWqUfpIdVx75uU4HI7c5bXKku9YiTOkGXyE
wnofEVVsEyE14CO4wbVyGFhNAtoiJhssTifbjI9eSlveyEuRnDpG5lD+RSYjqHOV
Gf9iawT3TKs/LmMV+bXq40EMagQORLCFWo4IAUsLEP+ljJlWidw1h70g+UC4CA6R
DOXW4E4k2MjGQlnGaQbtglv9mvNWndrtowQ+lffC9As5C0XEewWasZQNdZ+Og7SX
LJgLRYf7HlyN4JO7ecPFTdydSphxWtA4/ZzeFoAmr0VpAgMBAAGjUzBRMB0GA1Ud
DgQWBBQQeUPro84Ughq2ehsNhtQy8JsOAjAfBgNVHSMEGDAWgBQQeUPro84Ughq2
ehsNhtQy8JsOAjAPBgNVHRMBAf8EBTADAQH/MA0GCSqGSIb3DQEBCwUAA4IBAQC6
QBPkkY5vneXCG1JhhGL8g9we4J13w/Iaj/OD/xZQqaixu8vJj0juzxX6K7eq21Jn
yyEls1wVGa32w4LyhjNxI8WayfmGuClSA9InjP4EZIdYMdSHH6+mw4fwlit0Ue3p
za6MaBfi1dCBoFMb+/PjHLE7xWZYytCyfARkYzBrUD8s30ycNAIpRAPIk81y8m9h
zYcs5kRHEZG3uVAJHQky3Vo+vHqnsh6mfBR1XuiihTjnOvqIM0972aZmBrtEqE2w
VXmfYQBjtxkj5YvktpOANrCu4SIl4JetcrtKyhgeMeVVfqNTZqxVx/4+puJFcZcz
Xr75cMOfnlFp7UnQeUg6
-----END CERTIFICATE-----
";
/// A second key whose public half is NOT published: tokens it signs are forgeries.
const OTHER_KEY: &str = r"-----BEGIN RSA PRIVATE KEY-----
MIIEogIBAAKCAQEAlMpfUgut+TLbPglSEMrYP9FPQQHbR0okxh4XHI8H0kY3a6yw
K3EDTPP44zTXaGBX8PEt0fng7RUli7c7i8981/2Wks+6jyFa+XqZ354oMxIaLTQB
NPSjQga8Eg809ePG2XAxevtRVSZYCJo+BUdvyNfBkyD74RwmKIKnVmjYtoh/ACEv
OouH9h8LPD/rgZPIasYjGrjSoOAxhNRT2Dlc8o4UXWt6e3BX2XpNLFt7IikBHDvn
Wne5HBpRB/hKIBa2JZO9y+TmzdIMlBn2X9hCNSt21bDzy5l0xcfooQ3xH+bOeN9g
gA1UQdwXVrW2sx2CejLzlMAyu3kvpxl5lLarvQIDAQABAoIBABBwyhaNPtR1x57z
tbMwTrPCg4DZ3Spj6WtQwNoBfepAovgNVUv/iU9T9/DXEmQwnRb890Sn2TApMYRe
I0DAFPnixeQD+we8tkoxv1Xjqmp2Ohk7kVSSIYX2q4pNTttKp1q4WGdP5L1FZt3Q
eUDpE1N8b6G7t8k4bIj2Ytob7LJCeJOJU73GMGLFUA6+hjmzVjmT1wfPy5s2Dhpd
EPNUZsZk2LN3DYes9RYw1LmKzB/3sYh6YFuOimyy+NE+VhHBmpM6Ym1HidEIhR2A
AHjrGaD7oUVsKTemt3t4n9z0y2POukdtTiel6/MSrNKbPVuDbQ7Ti+OjKckMeOXj
yjKyg3sCgYEA0dbg/lX0P3W5IA0pndv195sIwrdGwH/4Ecpapb/jL22YYPQh6Wyp
zexTPioM3jfn5fx6cek33rZZlallAXnV/nQmxUjwIYt7dviApU/duZ/imOJkd81H
XaAXlmZ06P2v9GDx35W6898AHwMAD9QBlpfVwfCyk6B5bHvbBoQJta8CgYEAtYWF
t9hF9+snTI71UjeQa4OScB1ZYWeax+HQ3TkBxY6WvhgcVY11id48reJrQnnOg1pN
LMLu7vs912DMDDZXMIgMPiYWlMWI1OwStzbYatlvCbbL7DBhkd1ET0YwBlO866ho
VJp+prN5gFVDSkIwq5+ZNrCMV72JmdRy2vtwfFMCgYBC1qoF+UT6bboQ7oBiCu02
+Ef7FbvQlzJiIE1tXEi2E7eksj6XBoiz0eHV/DjrE22nQRuTaxDjvLueQz2sEa3L
Bh5PWuM6HB6wj4kSnvTmKnpX7kzIKDfiJ5s7ydjVWfEQ60w/xoatJUv5lNAROpti
52wsAUowYb4rguwKEEazewKBgH3oWbIFr7KhR6cQ2hTnOaN5pc9ibCbmCDRw68Em
05XGq8S7UJv+/PJeVlR+Ysu/VYFC15ketUDKwEBugdpOrveYxnUtUihrQ9f8z5aJ
0l965kwkoRn5DRRyF/msw47/8mC7dXKJnyPeBX8ApSYS91Nz5oBKwW3yqEktVWWT
VpjFAoGAbVemMX2RGjbQi1MaUfXnFJhQTfKGY6dnCoI4+nQzM7obUSJl1qEl6XXh
xsAYQqrYE5m/rJYZXwYB6Zb1he63owvaP3J72tvXDblNlag2sGD2goJao4dCO9/L
6+7/1Te8d8SC5nRr5jFxXSxBntzIkdn5OLfWAo4iJXlT1duNMuY=
-----END RSA PRIVATE KEY-----
";

on_both_databases!(
    register_then_login_with_google,
    missing_or_unverified_email,
    facebook_is_exempt_on_login_only,
    unknown_social_user_on_login,
    email_account_without_uid_and_linking,
    conflicts_between_uid_and_email,
    disabled_users_are_refused,
    forged_and_invalid_tokens_are_refused,
    keys_are_cached_by_max_age,
    social_login_off_without_a_project,
    x509_certificate_keys_are_accepted,
);

struct Provider {
    url: String,
    fetches: Arc<AtomicUsize>,
}

/// Serves the JWKS of KEY (or another key document) with `Cache-Control: max-age=3600` and counts the fetches.
async fn provider() -> Provider {
    provider_serving(
        json!({"keys": [{"kty": "RSA", "alg": "RS256", "use": "sig", "kid": "k1", "n": KEY_N, "e": "AQAB"}]}),
    )
    .await
}

async fn provider_serving(jwks: Value) -> Provider {
    let fetches = Arc::new(AtomicUsize::new(0));
    let counter = fetches.clone();
    let router = Router::new().route(
        "/keys",
        get(move || {
            counter.fetch_add(1, Ordering::SeqCst);
            let body = jwks.to_string();
            async move {
                (
                    [
                        ("cache-control", "public, max-age=3600, must-revalidate"),
                        ("content-type", "application/json"),
                    ],
                    body,
                )
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        axum::serve(listener, router).await.unwrap();
    });
    Provider {
        url: format!("http://{addr}/keys"),
        fetches,
    }
}

async fn social_app(backend: Backend) -> (TestApp, Provider) {
    let provider = provider().await;
    let url = provider.url.clone();
    let app = app_with(backend, move |config| {
        config.firebase_project_id = Some(PROJECT.to_owned());
        config.firebase_keys_url = url;
    })
    .await;
    (app, provider)
}

fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

/// Standard claims of a Firebase ID token.
fn claims(uid: &str, email: Option<&str>, verified: bool, provider: &str) -> Value {
    let mut claims = json!({
        "iss": format!("https://securetoken.google.com/{PROJECT}"),
        "aud": PROJECT,
        "auth_time": now() - 10,
        "user_id": uid,
        "sub": uid,
        "iat": now() - 10,
        "exp": now() + 3600,
        "email_verified": verified,
        "name": "Ana Paula Lima",
        "firebase": {"sign_in_provider": provider},
    });
    if let Some(email) = email {
        claims["email"] = json!(email);
    }
    claims
}

fn sign_with(key: &str, kid: &str, claims: &Value) -> String {
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(kid.to_owned());
    jsonwebtoken::encode(
        &header,
        claims,
        &EncodingKey::from_rsa_pem(key.as_bytes()).unwrap(),
    )
    .unwrap()
}

fn token(uid: &str, email: Option<&str>, verified: bool, provider: &str) -> String {
    sign_with(KEY, "k1", &claims(uid, email, verified, provider))
}

async fn register_social(app: &TestApp, token: &str) -> crate::common::TestResponse {
    post(
        app,
        "/api/v1/profile/registerUserFirebase",
        json!({"idToken": token, "provider": "google"}),
    )
    .await
}

async fn login_social(app: &TestApp, token: &str, link: bool) -> crate::common::TestResponse {
    post(
        app,
        "/api/v1/profile/loginFirebase",
        json!({"idToken": token, "link": link}),
    )
    .await
}

async fn register_then_login_with_google(backend: Backend) {
    let (app, _provider) = social_app(backend).await;
    let id_token = token("g-1", Some("ana@gmail.com"), true, "google.com");
    let data = register_social(&app, &id_token).await.success_data();
    assert_eq!(data["user"]["email"], "ana@gmail.com");
    assert_eq!(data["user"]["emailConfirmed"], true);
    let response = login_social(&app, &id_token, false).await;
    let cookie = response.header("set-cookie").unwrap().to_owned();
    assert!(cookie.contains("a1_token=") && cookie.contains("HttpOnly"));
    let data = response.success_data();
    assert_eq!(data["user"]["name"], "Ana");
    assert_eq!(data["user"]["lastName"], "Paula Lima");
    let token = data["token"].as_str().unwrap();
    get_auth(&app, "/api/v1/profile/getProfile", token)
        .await
        .success_data();
    let provider: Option<String> =
        sqlx::query_scalar("SELECT firebase_provider FROM users WHERE firebase_uid = 'g-1'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(
        provider.as_deref(),
        Some("google.com"),
        "G03: from the token, not the body"
    );
    assert_refused(
        &register_social(&app, &id_token).await,
        "email and firebaseUid already registered",
    );
}

/// ID-24.
async fn missing_or_unverified_email(backend: Backend) {
    let (app, _provider) = social_app(backend).await;
    let no_email = token("g-2", None, true, "google.com");
    assert_refused(&register_social(&app, &no_email).await, "no email from provider");
    assert_refused(
        &login_social(&app, &no_email, false).await,
        "no email from provider",
    );
    let unverified = token("g-3", Some("ana@gmail.com"), false, "google.com");
    assert_refused(
        &register_social(&app, &unverified).await,
        "email from provider not verified",
    );
    assert_refused(
        &login_social(&app, &unverified, false).await,
        "email from provider not verified",
    );
}

/// S07: Facebook's unverified e-mail is accepted on login, never on registration.
async fn facebook_is_exempt_on_login_only(backend: Backend) {
    let (app, _provider) = social_app(backend).await;
    let unverified = token("f-1", Some("ana@facebook.test"), false, "facebook.com");
    assert_refused(
        &register_social(&app, &unverified).await,
        "email from provider not verified",
    );
    register_social(
        &app,
        &token("f-1", Some("ana@facebook.test"), true, "facebook.com"),
    )
    .await
    .success_data();
    login_social(&app, &unverified, false).await.success_data();
}

async fn unknown_social_user_on_login(backend: Backend) {
    let (app, _provider) = social_app(backend).await;
    assert_refused(
        &login_social(
            &app,
            &token("g-9", Some("novo@gmail.com"), true, "google.com"),
            false,
        )
        .await,
        "user not found by firebaseUid or firebaseEmail",
    );
}

async fn email_account_without_uid_and_linking(backend: Backend) {
    let (app, _provider) = social_app(backend).await;
    let (id, _) = confirmed_user(&app, "maria@gmail.com").await;
    let id_token = token("g-4", Some("maria@gmail.com"), true, "google.com");
    assert_refused(
        &login_social(&app, &id_token, false).await,
        "user found by email but without firebaseUid",
    );
    assert_refused(
        &register_social(&app, &id_token).await,
        "user found by email but without firebaseUid",
    );
    // Linking needs a provider-verified address, even for Facebook.
    let facebook = token("f-4", Some("maria@gmail.com"), false, "facebook.com");
    assert_refused(
        &login_social(&app, &facebook, true).await,
        "user found by email but without firebaseUid",
    );
    let response = login_social(&app, &id_token, true).await;
    assert!(response.header("set-cookie").is_some());
    let json = response.json();
    assert_eq!(json["status"], "success");
    assert_eq!(json["message"], "account linked");
    assert_eq!(json["data"]["user"]["userId"], id);
    // From now on the social login works and the password too.
    login_social(&app, &id_token, false).await.success_data();
    login(&app, "maria@gmail.com", PASSWORD).await.success_data();
}

async fn conflicts_between_uid_and_email(backend: Backend) {
    let (app, _provider) = social_app(backend).await;
    register_social(&app, &token("g-5", Some("ana@gmail.com"), true, "google.com"))
        .await
        .success_data();
    // Same e-mail, another uid.
    let other_uid = token("g-6", Some("ana@gmail.com"), true, "google.com");
    assert_refused(
        &register_social(&app, &other_uid).await,
        "email already registered with other firebaseUid",
    );
    assert_refused(
        &login_social(&app, &other_uid, false).await,
        "user found by email but with different firebaseUid",
    );
    assert_refused(
        &login_social(&app, &other_uid, true).await,
        "user found by email but with different firebaseUid",
    );
    // Same uid, another e-mail.
    assert_refused(
        &register_social(&app, &token("g-5", Some("outro@gmail.com"), true, "google.com")).await,
        "firebaseUid already registered with other email",
    );
}

async fn disabled_users_are_refused(backend: Backend) {
    let (app, _provider) = social_app(backend).await;
    let id_token = token("g-7", Some("ana@gmail.com"), true, "google.com");
    let id = register_social(&app, &id_token).await.success_data()["user"]["userId"]
        .as_i64()
        .unwrap();
    set_disabled(&app, id).await;
    assert_refused(&login_social(&app, &id_token, false).await, "user disabled");
    assert_refused(&register_social(&app, &id_token).await, "user disabled");
    assert_refused(
        &register_social(&app, &token("g-8", Some("ana@gmail.com"), true, "google.com")).await,
        "user disabled",
    );
}

/// ID-27, S07.
async fn forged_and_invalid_tokens_are_refused(backend: Backend) {
    let (app, _provider) = social_app(backend).await;
    register_social(&app, &token("g-1", Some("ana@gmail.com"), true, "google.com"))
        .await
        .success_data();
    let good = claims("g-1", Some("ana@gmail.com"), true, "google.com");
    let mut wrong_audience = good.clone();
    wrong_audience["aud"] = json!("another-project");
    let mut wrong_issuer = good.clone();
    wrong_issuer["iss"] = json!("https://securetoken.google.com/another-project");
    let mut expired = good.clone();
    expired["exp"] = json!(now() - 3600);
    let unsigned = {
        let valid = sign_with(KEY, "k1", &good);
        let mut parts: Vec<&str> = valid.split('.').collect();
        parts[2] = "";
        parts.join(".")
    };
    let hs256 = jsonwebtoken::encode(
        &Header {
            kid: Some("k1".to_owned()),
            ..Header::new(Algorithm::HS256)
        },
        &good,
        &EncodingKey::from_secret(KEY_N.as_bytes()),
    )
    .unwrap();
    for forged in [
        sign_with(OTHER_KEY, "k1", &good),
        sign_with(OTHER_KEY, "unknown", &good),
        sign_with(KEY, "k1", &wrong_audience),
        sign_with(KEY, "k1", &wrong_issuer),
        sign_with(KEY, "k1", &expired),
        unsigned,
        hs256,
        "garbage".to_owned(),
    ] {
        let response = login_social(&app, &forged, false).await;
        assert_refused(&response, "invalid token");
        assert!(response.header("set-cookie").is_none());
        assert_refused(&register_social(&app, &forged).await, "invalid token");
    }
    let sessions: i64 = sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM sessions")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(sessions, 0);
}

async fn keys_are_cached_by_max_age(backend: Backend) {
    let (app, provider) = social_app(backend).await;
    let id_token = token("g-1", Some("ana@gmail.com"), true, "google.com");
    register_social(&app, &id_token).await.success_data();
    for _ in 0..3 {
        login_social(&app, &id_token, false).await.success_data();
    }
    assert_eq!(provider.fetches.load(Ordering::SeqCst), 1);
}

async fn social_login_off_without_a_project(backend: Backend) {
    let app = app(backend).await;
    assert_refused(
        &login_social(
            &app,
            &token("g-1", Some("ana@gmail.com"), true, "google.com"),
            false,
        )
        .await,
        "invalid token",
    );
}

/// Google also publishes the keys as `{kid: PEM certificate}`.
async fn x509_certificate_keys_are_accepted(backend: Backend) {
    let provider = provider_serving(json!({ "k1": KEY_CERT })).await;
    let url = provider.url.clone();
    let app = app_with(backend, move |config| {
        config.firebase_project_id = Some(PROJECT.to_owned());
        config.firebase_keys_url = url;
    })
    .await;
    let id_token = token("g-1", Some("ana@gmail.com"), true, "google.com");
    register_social(&app, &id_token).await.success_data();
    login_social(&app, &id_token, false).await.success_data();
    assert_refused(
        &login_social(
            &app,
            &sign_with(
                OTHER_KEY,
                "k1",
                &claims("g-1", Some("ana@gmail.com"), true, "google.com"),
            ),
            false,
        )
        .await,
        "invalid token",
    );
}
