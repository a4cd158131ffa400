//! Authorisation before anything else: every operation of the OpenAPI document that needs a session
//! answers 401 to an anonymous caller, and every staff operation 403 to a listener without the
//! permission, whatever the path and body hold (unknown ids, malformed JSON, a wrong shape): a caller
//! who may not use an operation learns nothing of what it would check.

use axum::http::Method;
use serde_json::Value;

use crate::{
    accounts_common::{Call, app, call},
    common::Backend,
    players_common::listener,
};

on_both_databases!(protected_operations_refuse_before_they_validate);

/// The document's path with every parameter filled with `value`.
fn fill(path: &str, value: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let end = rest[start..].find('}').map_or(rest.len(), |end| start + end + 1);
        out.push_str(value);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

async fn protected_operations_refuse_before_they_validate(backend: Backend) {
    let app = app(backend).await;
    let (_, token) = listener(&app, "ouvinte@exemplo.com", true).await;
    let document = serde_json::to_value(onda_server::routes::openapi()).unwrap();
    let mut failures = Vec::new();
    let mut checked = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let Some(security) = operation["security"].as_array() else {
                continue;
            };
            // Optional sessions ({} among the alternatives) and HTTP Basic (the live input) are not
            // a session to refuse.
            let needs_session = !security.is_empty()
                && security.iter().all(|requirement| {
                    requirement.as_object().is_some_and(|r| {
                        !r.is_empty() && (r.contains_key("bearer") || r.contains_key("cookie"))
                    })
                });
            if !needs_session {
                continue;
            }
            let staff = operation["tags"]
                .as_array()
                .is_some_and(|tags| tags.iter().any(|tag| tag == "staff"));
            let method = Method::from_bytes(method.to_ascii_uppercase().as_bytes()).unwrap();
            let has_body = operation.get("requestBody").is_some();
            for (value, body) in [
                ("999999999", Some(Value::String("{".into()))),
                ("nada-disso", Some(serde_json::json!({"inesperado": [1, 2]}))),
                ("-1", None),
            ] {
                let uri = fill(path, value);
                let body = if has_body { body } else { None };
                let mut callers = vec![("anonymous", None, 401)];
                if staff {
                    callers.push(("listener", Some(token.as_str()), 403));
                }
                for (who, bearer, expected) in callers {
                    let response = call(
                        &app,
                        Call {
                            method: method.clone(),
                            path: &uri,
                            body: body.clone(),
                            bearer,
                            cookie: None,
                            ip: None,
                        },
                    )
                    .await;
                    checked += 1;
                    if response.status != expected {
                        failures.push(format!(
                            "{who} {method} {uri}: {} (wanted {expected})",
                            response.status
                        ));
                    }
                }
            }
        }
    }
    assert!(checked > 150, "only {checked} calls: the document was not walked");
    assert!(
        failures.is_empty(),
        "{} refusals came late:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
