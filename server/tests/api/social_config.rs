//! Social login configuration for the UI: the station profile's `socialAuth` and the CSP hosts Firebase
//! Auth's popup flow needs, present only when the API key, auth domain and project are all set.

// Test helpers outside #[test] functions panic on purpose.

use crate::common::{Backend, TestApp};
use serde_json::json;

on_both_databases!(
    social_auth_is_off_by_default,
    social_auth_needs_all_three_settings,
    social_auth_fills_the_station_and_the_csp,
);

const GOOGLE_HOSTS: &[&str] = &[
    "https://apis.google.com",
    "https://identitytoolkit.googleapis.com",
    "https://securetoken.googleapis.com",
    "https://www.googleapis.com",
    "https://accounts.google.com",
];

async fn csp(app: &TestApp) -> String {
    let page = app.get("/").await;
    page.header("content-security-policy").expect("CSP").to_owned()
}

async fn social_auth_is_off_by_default(backend: Backend) {
    let app = TestApp::new(backend).await;
    let station = app.get("/api/v1/station").await.success_data();
    assert!(station.get("socialAuth").is_none(), "{station}");
    let csp = csp(&app).await;
    assert!(csp.contains("script-src 'self';"), "{csp}");
    for host in GOOGLE_HOSTS {
        assert!(!csp.contains(host), "{host} in {csp}");
    }
    assert!(!csp.contains("firebaseapp.com"), "{csp}");
}

async fn social_auth_needs_all_three_settings(backend: Backend) {
    // The project alone (server-side token check) does not turn the buttons on.
    let app = TestApp::with_config(backend, |config| {
        config.firebase_project_id = Some("onda-test".to_owned());
        config.firebase_api_key = Some("AIza-test-key".to_owned());
    })
    .await;
    let station = app.get("/api/v1/station").await.success_data();
    assert!(station.get("socialAuth").is_none(), "{station}");
    assert!(!csp(&app).await.contains("https://apis.google.com"));
}

async fn social_auth_fills_the_station_and_the_csp(backend: Backend) {
    let app = TestApp::with_config(backend, |config| {
        config.firebase_project_id = Some("onda-test".to_owned());
        config.firebase_api_key = Some("AIza-test-key".to_owned());
        config.firebase_auth_domain = Some("onda-test.firebaseapp.com".to_owned());
    })
    .await;
    let station = app.get("/api/v1/station").await.success_data();
    assert_eq!(
        station["socialAuth"],
        json!({
            "apiKey": "AIza-test-key",
            "authDomain": "onda-test.firebaseapp.com",
            "projectId": "onda-test",
            "providers": ["google", "facebook"],
        })
    );
    let csp = csp(&app).await;
    for host in GOOGLE_HOSTS {
        assert!(csp.contains(host), "{host} missing in {csp}");
    }
    assert!(csp.contains("https://onda-test.firebaseapp.com"), "{csp}");
    // The rest of the policy is unchanged.
    assert!(csp.contains("default-src 'self'") && csp.contains("object-src 'none'"));
    assert!(csp.contains("frame-ancestors 'self'") && !csp.contains("unsafe-eval"));
}
