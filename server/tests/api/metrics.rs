//! `GET /metrics`: Prometheus' text format, read back by Prometheus' own parser (the
//! `prometheus-client` package) and linted by `promtool check metrics` where it is installed; never
//! public; the station's state in it (listeners, the engine, mounts, live sources, the pool); and the
//! request id every reply and log line carries.

use std::{
    collections::HashMap,
    path::PathBuf,
    process::{Command, Stdio},
    time::Duration,
};

use axum::{
    body::Body,
    extract::ConnectInfo,
    http::{Request, header},
};

use crate::common::{Backend, TestApp};
use crate::radio_common::{on_air, serve};

on_both_databases!(
    metrics_parse_and_count_requests_by_route_template,
    metrics_are_answered_to_loopback_or_a_token_only,
);
on_sqlite!(listeners_the_engine_and_mounts_show_in_the_metrics);

/// The Python with the `prometheus-client` package: `ONDA_TEST_PYTHON`, else scripts/test.sh's.
fn python() -> PathBuf {
    std::env::var_os("ONDA_TEST_PYTHON").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/py-venv/bin/python3"),
        PathBuf::from,
    )
}

/// Reads the exposition on stdin with Prometheus' parser and prints every sample as JSON.
const PARSE: &str = r#"
import json, sys
from prometheus_client.parser import text_string_to_metric_families
out = []
for family in text_string_to_metric_families(sys.stdin.read()):
    for sample in family.samples:
        out.append({"family": family.name, "type": family.type, "name": sample.name,
                    "labels": sample.labels, "value": sample.value})
print(json.dumps(out))
"#;

#[derive(Debug)]
struct Sample {
    family: String,
    kind: String,
    name: String,
    labels: HashMap<String, String>,
    value: f64,
}

/// The samples of an exposition, as Prometheus' parser reads them (it fails the test on bad text).
fn parse(text: &str) -> Vec<Sample> {
    use std::io::Write;
    let mut child = Command::new(python())
        .args(["-c", PARSE])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python with prometheus-client (scripts/test.sh sets up target/py-venv)");
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "Prometheus' parser refused the text: {}\n{text}",
        String::from_utf8_lossy(&output.stderr)
    );
    let samples: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).unwrap();
    samples
        .into_iter()
        .map(|sample| Sample {
            family: sample["family"].as_str().unwrap().to_owned(),
            kind: sample["type"].as_str().unwrap().to_owned(),
            name: sample["name"].as_str().unwrap().to_owned(),
            labels: serde_json::from_value(sample["labels"].clone()).unwrap(),
            value: sample["value"].as_f64().unwrap(),
        })
        .collect()
}

/// `promtool check metrics`, Prometheus' linter of names, units and help (Debian's `prometheus`
/// package, which `.ci/run` installs).
fn promtool_lint(text: &str) {
    use std::io::Write;
    let mut child = Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("promtool (apt-get install prometheus)");
    child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "promtool check metrics: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

fn value(samples: &[Sample], name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    samples
        .iter()
        .find(|sample| {
            sample.name == name
                && labels
                    .iter()
                    .all(|(key, wanted)| sample.labels.get(*key).map(String::as_str) == Some(*wanted))
        })
        .map(|sample| sample.value)
}

async fn scrape(app: &TestApp) -> (String, Vec<Sample>) {
    let response = app.get("/metrics").await;
    assert_eq!(response.status, 200, "{}", response.text());
    assert_eq!(
        response.header("content-type"),
        Some("text/plain; version=0.0.4; charset=utf-8")
    );
    assert_eq!(response.header("cache-control"), Some("no-store"));
    let text = response.text();
    let samples = parse(&text);
    (text, samples)
}

async fn metrics_parse_and_count_requests_by_route_template(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (text, before) = scrape(&app).await;
    promtool_lint(&text);
    let route = [
        ("route", "/api/v1/news/getSingleNews/{slug}"),
        ("method", "GET"),
        ("status", "404"),
    ];
    let counted = |samples: &[Sample]| value(samples, "onda_http_requests_total", &route).unwrap_or(0.0);
    let first = counted(&before);
    for id in ["987654321", "987654322", "987654323"] {
        app.get(&format!("/api/v1/news/getSingleNews/{id}")).await;
    }
    let (_, after) = scrape(&app).await;
    // Other tests in this process count into the same registry: at least this test's three.
    assert!(counted(&after) >= first + 3.0, "{}", counted(&after));
    // The template, never the path: no label carries the ids asked for.
    assert!(
        after
            .iter()
            .all(|sample| sample.labels.values().all(|label| !label.contains("98765432"))),
        "a raw path became a label"
    );
    let histogram = value(
        &after,
        "onda_http_request_duration_seconds_count",
        &[("route", "/api/v1/news/getSingleNews/{slug}"), ("method", "GET")],
    )
    .unwrap();
    assert!(histogram >= 3.0);
    // Every family the operator's dashboard and alerts read.
    for family in [
        "onda_http_requests",
        "onda_http_request_duration_seconds",
        "onda_engine_role",
        "onda_db_pool_connections",
        "onda_db_pool_max_connections",
        "onda_mail_queue_length",
        "onda_widget_provider_up",
        "onda_listener_capacity",
        "onda_build_info",
        "process_resident_memory_bytes",
        "process_cpu_seconds",
        "process_open_fds",
    ] {
        assert!(
            after.iter().any(|sample| sample.family == family),
            "{family} missing from:\n{text}"
        );
    }
    let kind = |family: &str| {
        after
            .iter()
            .find(|sample| sample.family == family)
            .map(|sample| sample.kind.clone())
    };
    assert_eq!(kind("onda_http_requests").as_deref(), Some("counter"));
    assert_eq!(
        kind("onda_http_request_duration_seconds").as_deref(),
        Some("histogram")
    );
    // Nothing runs the engine here: the role is 'off', one-hot.
    assert_eq!(value(&after, "onda_engine_role", &[("role", "off")]), Some(1.0));
    assert_eq!(
        value(&after, "onda_engine_role", &[("role", "leader")]),
        Some(0.0)
    );
    let max = value(&after, "onda_db_pool_max_connections", &[]).unwrap();
    assert!(max >= 1.0);
    // The widget providers answer nothing in the tests (a closed port) and were not asked: well.
    assert_eq!(
        value(&after, "onda_widget_provider_up", &[("provider", "weather")]),
        Some(1.0)
    );
    assert_eq!(value(&after, "onda_mail_queue_length", &[]), Some(0.0));
}

fn from(address: [u8; 4]) -> ConnectInfo<std::net::SocketAddr> {
    ConnectInfo(std::net::SocketAddr::from((address, 40_000)))
}

async fn metrics_are_answered_to_loopback_or_a_token_only(backend: Backend) {
    let app = TestApp::with_config(backend, |config| {
        config.metrics_token = Some("s3gr3do-do-prometheus".to_owned());
        config.trusted_proxies = vec![std::net::IpAddr::from([127, 0, 0, 1])];
    })
    .await;
    let ask = |peer: [u8; 4], headers: &[(&str, &str)]| {
        let mut request = Request::get("/metrics");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let mut request = request.body(Body::empty()).unwrap();
        request.extensions_mut().insert(from(peer));
        request
    };
    // A scraper on this machine, straight: answered.
    let local = app.request(ask([127, 0, 0, 1], &[])).await;
    assert_eq!(local.status, 200);
    // From elsewhere, or through a proxy on this machine (which names its client): refused.
    for (peer, headers) in [
        ([203, 0, 113, 9], vec![]),
        ([127, 0, 0, 1], vec![("x-forwarded-for", "203.0.113.9")]),
        ([127, 0, 0, 1], vec![("x-real-ip", "203.0.113.9")]),
        ([203, 0, 113, 9], vec![("authorization", "Bearer errado")]),
        ([203, 0, 113, 9], vec![("authorization", "Basic czNncjNkbw==")]),
    ] {
        let refused = app.request(ask(peer, &headers)).await;
        assert_eq!(refused.status, 401, "{peer:?} {headers:?}");
        assert_eq!(refused.json()["status"], 401);
        assert!(!refused.text().contains("onda_"), "no figure leaks");
    }
    // From elsewhere with the token: answered.
    let scraper = app
        .request(ask(
            [203, 0, 113, 9],
            &[("authorization", "Bearer s3gr3do-do-prometheus")],
        ))
        .await;
    assert_eq!(scraper.status, 200);
    assert!(scraper.text().contains("onda_engine_role"));

    // Without a token configured, nobody from elsewhere.
    let open = TestApp::empty(backend).await;
    let mut request = Request::get("/metrics")
        .header(header::AUTHORIZATION, "Bearer ")
        .body(Body::empty())
        .unwrap();
    request.extensions_mut().insert(from([203, 0, 113, 9]));
    assert_eq!(open.request(request).await.status, 401);
}

async fn listeners_the_engine_and_mounts_show_in_the_metrics(backend: Backend) {
    let app = on_air(backend).await;
    let served = serve(&app.state).await;
    let client = reqwest::Client::new();
    let mut listener = client.get(served.url("/stream/onda_1.mp3")).send().await.unwrap();
    assert_eq!(listener.status(), 200);
    let _ = crate::radio_common::read_for(&mut listener, Duration::from_millis(500), 4096).await;
    let text = client
        .get(served.url("/metrics"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    promtool_lint(&text);
    let samples = parse(&text);
    assert_eq!(
        value(
            &samples,
            "onda_listeners",
            &[
                ("stream", "onda_1"),
                ("mount", "onda_1.mp3"),
                ("codec", "mp3"),
                ("client", "http")
            ]
        ),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        value(&samples, "onda_engine_role", &[("role", "single")]),
        Some(1.0)
    );
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    let last_audio = value(
        &samples,
        "onda_mount_last_audio_timestamp_seconds",
        &[("stream", "onda_1"), ("mount", "onda_1.mp3")],
    )
    .unwrap();
    assert!((now - last_audio).abs() < 5.0, "{now} vs {last_audio}");
    assert_eq!(
        value(&samples, "onda_live_source_connected", &[("stream", "onda_1")]),
        Some(0.0)
    );
    assert!(
        value(&samples, "onda_now_playing_announcements_total", &[]).unwrap_or(0.0) >= 1.0,
        "{text}"
    );

    // The request id: made here when the client sends none, the proxy's when it sends one.
    let reply = client.get(served.url("/health")).send().await.unwrap();
    let made = reply.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert_eq!(made.len(), 32, "{made}");
    let reply = client
        .get(served.url("/health"))
        .header("x-request-id", "nginx-4f2a")
        .send()
        .await
        .unwrap();
    assert_eq!(reply.headers()["x-request-id"], "nginx-4f2a");
    // The HLS shortcut's replies too.
    let playlist = client
        .get(served.url("/hls/onda_1/mp3.m3u8"))
        .header("x-request-id", "hls-1")
        .send()
        .await
        .unwrap();
    assert_eq!(playlist.headers()["x-request-id"], "hls-1");
    drop(listener);
}

on_sqlite!(every_log_line_of_a_request_carries_its_id);

/// The real binary, its logs in JSON and in text: a line written while serving a request (the
/// request log of `RUST_LOG=tower_http=debug`) names the request's id.
async fn every_log_line_of_a_request_carries_its_id(_backend: Backend) {
    for (format, id) in [("json", "teste-json-1"), ("text", "teste-texto-1")] {
        let dir = tempfile::tempdir().unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut child = Command::new(env!("CARGO_BIN_EXE_onda-server"))
            .env("ONDA_ADDR", format!("127.0.0.1:{port}"))
            .env("ONDA_DATA_DIR", dir.path())
            .env("ONDA_SEED_DEMO", "false")
            .env("ONDA_RADIO", "false")
            .env("ONDA_LOG_FORMAT", format)
            .env("RUST_LOG", "info,tower_http=debug")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let client = reqwest::Client::new();
        let url = format!("http://127.0.0.1:{port}/api/v1/getAppParameters");
        let mut answered = None;
        for _ in 0..600 {
            if let Ok(reply) = client.get(&url).header("x-request-id", id).send().await {
                answered = Some(reply);
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let reply = answered.expect("the server answers");
        assert_eq!(reply.headers()["x-request-id"], id);
        let _ = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status();
        let output = tokio::task::spawn_blocking(move || {
            let _ = child.wait();
            let mut text = String::new();
            use std::io::Read;
            child.stderr.take().unwrap().read_to_string(&mut text).unwrap();
            text
        })
        .await
        .unwrap();
        let lines: Vec<&str> = output.lines().filter(|line| line.contains(id)).collect();
        assert!(!lines.is_empty(), "no line names {id}:\n{output}");
        for line in lines {
            if format == "json" {
                let entry: serde_json::Value = serde_json::from_str(line).unwrap();
                let spans = entry["spans"].as_array().unwrap();
                assert!(spans.iter().any(|span| span["request_id"] == id), "{line}");
            } else {
                assert!(line.contains(&format!("request_id={id}")), "{line}");
            }
        }
    }
}

on_sqlite!(the_dashboard_and_the_alerts_read_what_the_server_exports);

fn deploy() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../deploy")
}

fn promtool(args: &[&str]) {
    let output = Command::new("promtool")
        .args(args)
        .output()
        .expect("promtool (apt-get install prometheus)");
    assert!(
        output.status.success(),
        "promtool {args:?}: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The metric names a PromQL text reads (`onda_…` and `process_…`; a histogram's series by its family).
fn metric_names(expr: &str) -> Vec<String> {
    let mut names = Vec::new();
    for prefix in ["onda_", "process_"] {
        for (at, _) in expr.match_indices(prefix) {
            if expr[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                continue;
            }
            let name: String = expr[at..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                .collect();
            let family = ["_bucket", "_count", "_sum"]
                .iter()
                .find_map(|suffix| name.strip_suffix(suffix))
                .unwrap_or(&name)
                .to_owned();
            names.push(family);
        }
    }
    names
}

/// The alerting rules pass Prometheus' checks and their unit tests (each alert fires when it should
/// and not before); the example configuration loads them; every query of the Grafana dashboard is valid
/// PromQL; and both read only metrics the server defines.
async fn the_dashboard_and_the_alerts_read_what_the_server_exports(_backend: Backend) {
    let alerts = deploy().join("prometheus/onda-alerts.yml");
    promtool(&["check", "rules", alerts.to_str().unwrap()]);
    promtool(&[
        "test",
        "rules",
        deploy().join("prometheus/onda-alerts.test.yml").to_str().unwrap(),
    ]);
    let scratch = tempfile::tempdir().unwrap();
    let config = std::fs::read_to_string(deploy().join("prometheus/prometheus.yml"))
        .unwrap()
        .replace("/etc/prometheus/onda-alerts.yml", alerts.to_str().unwrap());
    let config_file = scratch.path().join("prometheus.yml");
    std::fs::write(&config_file, config).unwrap();
    promtool(&["check", "config", config_file.to_str().unwrap()]);

    let dashboard: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(deploy().join("grafana/onda-dashboard.json")).unwrap())
            .expect("the dashboard is JSON");
    let exprs: Vec<String> = dashboard["panels"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|panel| panel["targets"].as_array().cloned().unwrap_or_default())
        .map(|target| target["expr"].as_str().unwrap().to_owned())
        .collect();
    assert!(exprs.len() >= 15, "{} queries", exprs.len());
    // Each query as a recording rule, so promtool parses it (the dashboard's variable as any instance).
    let mut rules = String::from("groups:\n  - name: dashboard\n    rules:\n");
    for (n, expr) in exprs.iter().enumerate() {
        let expr = expr.replace("$instance", ".*");
        rules.push_str(&format!(
            "      - record: dashboard:query{n}\n        expr: {}\n",
            serde_json::to_string(&expr).unwrap()
        ));
    }
    let rules_file = scratch.path().join("dashboard-rules.yml");
    std::fs::write(&rules_file, rules).unwrap();
    promtool(&["check", "rules", rules_file.to_str().unwrap()]);

    let defined =
        std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/metrics.rs")).unwrap();
    let process = [
        "process_resident_memory_bytes",
        "process_cpu_seconds_total",
        "process_open_fds",
        "process_max_fds",
    ];
    let alert_text = std::fs::read_to_string(&alerts).unwrap();
    let mut read = metric_names(&alert_text);
    for expr in &exprs {
        read.extend(metric_names(expr));
    }
    assert!(read.len() > 30);
    for name in read {
        assert!(
            defined.contains(&format!("\"{name}\"")) || process.contains(&name.as_str()),
            "{name} is read by the dashboard or the alerts but the server exports no such metric"
        );
    }
}
