//! The OpenAPI document: served, complete in both directions (every route of the router is
//! documented; every documented operation is routed), tagged by area with `staff` on staff calls.
//! Schemathesis fuzzes it against a running server in the test command (`scripts/fuzz-api.sh`).

use std::collections::BTreeSet;
use std::path::Path;

use axum::{
    body::Body,
    http::{Method, Request},
};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

use crate::common::{Backend, TestApp};

on_both_databases!(document_is_served_and_every_operation_is_routed);

async fn document(app: &TestApp) -> Value {
    let response = app.get("/api/openapi.json").await;
    assert_eq!(response.status.as_u16(), 200);
    assert_eq!(response.header("content-type"), Some("application/json"));
    response.json()
}

fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut all = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().unwrap() {
            if ["get", "post", "put", "patch", "delete", "head", "options"].contains(&method.as_str()) {
                all.push((path.clone(), method.clone(), operation.clone()));
            }
        }
    }
    all
}

/// Each documented operation reaches a handler: never the API's 'route not found' fallback, never a
/// 405. Bodies are not read, so a live mount or push channel cannot hold the test.
async fn document_is_served_and_every_operation_is_routed(backend: Backend) {
    let app = TestApp::new(backend).await;
    let doc = document(&app).await;
    assert_eq!(doc["openapi"], "3.1.0");
    let operations = operations(&doc);
    assert!(operations.len() >= 4, "{} operations", operations.len());
    for (path, method, operation) in &operations {
        let tags = operation["tags"].as_array().map(Vec::len).unwrap_or(0);
        assert!(tags > 0, "{method} {path} has no tag");
        for code in ["400", "404", "413", "429"] {
            assert!(
                operation["responses"][code].is_object(),
                "{method} {path} does not document {code}"
            );
        }
        let uri = fill_parameters(path);
        let request = Request::builder()
            .method(Method::from_bytes(method.to_uppercase().as_bytes()).unwrap())
            .uri(&uri)
            .body(Body::empty())
            .unwrap();
        let response = app.router.clone().oneshot(request).await.unwrap();
        let status = response.status().as_u16();
        assert_ne!(status, 405, "{method} {uri}: not routed for this method");
        if status == 404 {
            let is_json = response
                .headers()
                .get("content-type")
                .is_some_and(|value| value.as_bytes().starts_with(b"application/json"));
            if is_json {
                let body = response.into_body().collect().await.unwrap().to_bytes();
                let json: Value = serde_json::from_slice(&body).unwrap();
                assert_ne!(json["message"], "route not found", "{method} {uri} is not routed");
            }
        }
    }
    // A refusal is HTTP 200 with `data: null`: every reply schema allows it.
    for (name, schema) in doc["components"]["schemas"].as_object().unwrap() {
        if name.starts_with("Reply_") {
            let variants = schema["properties"]["data"]["oneOf"].as_array();
            assert!(
                variants.is_some_and(|all| all.iter().any(|v| v["type"] == "null")),
                "{name}.data is not nullable: {}",
                schema["properties"]["data"]
            );
            // Reply<Option<T>> documents null twice (a oneOf in a oneOf), which no value can match
            // exactly once: `data` is nullable already, so an optional reply is documented as Reply<T>.
            assert!(
                !name.starts_with("Reply_Option_"),
                "{name}: document it as Reply<T>, whose data is already nullable"
            );
        }
    }
    // Operation ids are unique (OpenAPI requires it; clients generate names from them).
    let mut ids = BTreeSet::new();
    for (path, method, operation) in &operations {
        if let Some(id) = operation["operationId"].as_str() {
            assert!(
                ids.insert(id.to_owned()),
                "{method} {path}: operationId {id} is used twice"
            );
        }
    }
    // Tags name areas; staff calls carry `staff`.
    let tag_names: BTreeSet<&str> = doc["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tag| tag["name"].as_str().unwrap())
        .collect();
    for (path, method, operation) in &operations {
        for tag in operation["tags"].as_array().unwrap() {
            assert!(
                tag_names.contains(tag.as_str().unwrap()),
                "{method} {path}: tag {tag} is not described"
            );
        }
        // getUserPermissions tells any logged-in user which permissions they hold; the rest need one.
        if path.contains("/stats/") && !path.ends_with("/getUserPermissions") {
            assert!(
                operation["tags"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|tag| tag == "staff"),
                "{method} {path} needs a staff permission and is not tagged staff"
            );
        }
    }
}

/// `{name}` → a value every route accepts as a path segment.
fn fill_parameters(path: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    for ch in path.chars() {
        match ch {
            '{' => inside = true,
            '}' => {
                inside = false;
                out.push('1');
            }
            _ if inside => {}
            _ => out.push(ch),
        }
    }
    out
}

/// Areas whose routers still add raw `.route(` calls (documented nowhere). Empty when every area is
/// documented; the test below keeps a new raw route out of every other file.
const NOT_YET_DOCUMENTED: &[&str] = &[];

/// Every route goes through `utoipa_axum::routes!`, which documents it as it routes it; a raw axum
/// `.route(`, `.route_service(` or `.nest_service(` would serve a path the document does not list.
#[test]
fn no_route_bypasses_the_document() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut offenders = Vec::new();
    visit(&src, &mut |file, text| {
        let name = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if NOT_YET_DOCUMENTED.contains(&name.as_str()) {
            return;
        }
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            if [".route(", ".route_service(", ".nest_service("]
                .iter()
                .any(|call| code.contains(call))
            {
                offenders.push(format!("src/{name}:{}: {}", number + 1, line.trim()));
            }
        }
    });
    assert!(
        offenders.is_empty(),
        "routes that bypass the OpenAPI document (use utoipa_axum::routes!):\n{}",
        offenders.join("\n")
    );
}

fn visit(dir: &Path, each: &mut impl FnMut(&Path, &str)) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            visit(&path, each);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            each(&path, &std::fs::read_to_string(&path).unwrap());
        }
    }
}
