//! Test harness: the real router over a real, fresh database per test, on SQLite and on PostgreSQL.
//!
//! Write a test as `async fn name(backend: Backend)` and list it in `on_both_databases!(name, …)`: that
//! generates `name::sqlite` and `name::postgres`. PostgreSQL comes from `ONDA_TEST_POSTGRES_URL`
//! (default `postgres://postgres@127.0.0.1:5432/postgres`); each test creates its own database and
//! drops it afterwards.

use axum::{
    Router,
    body::{Body, Bytes},
    http::{HeaderMap, Method, Request, StatusCode, header},
};
use http_body_util::BodyExt;
pub use onda_server::db::Backend;
use onda_server::{AppState, Config, db::Db};
use serde_json::Value;
use tower::ServiceExt;

/// Generates a `sqlite` and a `postgres` test for each named `async fn(Backend)`.
#[macro_export]
macro_rules! on_both_databases {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::$name($crate::common::Backend::Sqlite).await
                }
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    super::$name($crate::common::Backend::Postgres).await
                }
            }
        )*
    };
}

/// Tests of what no database changes (sockets, timers): on SQLite only.
macro_rules! on_sqlite {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::$name($crate::common::Backend::Sqlite).await
                }
            }
        )*
    };
}

/// A local address nothing listens on (port 1, tcpmux, is never served here): connections are
/// refused at once.
pub const CLOSED_PORT_URL: &str = "http://127.0.0.1:1";

pub struct TestApp {
    pub state: AppState,
    pub router: Router,
    pub dir: tempfile::TempDir,
    postgres_db: Option<String>,
}

fn postgres_admin_url() -> String {
    std::env::var("ONDA_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

impl TestApp {
    /// A fresh database with the demo content seeded, as a first start would leave it.
    pub async fn new(backend: Backend) -> Self {
        Self::build_from(backend, |_| {}, true, true).await
    }

    /// A fresh, migrated database with no demo content.
    pub async fn empty(backend: Backend) -> Self {
        Self::build(backend, |_| {}, false).await
    }

    /// Like `new`, with configuration changes (applied before connecting).
    pub async fn with_config(backend: Backend, configure: impl FnOnce(&mut Config)) -> Self {
        Self::build(backend, configure, true).await
    }

    async fn build(backend: Backend, configure: impl FnOnce(&mut Config), seed: bool) -> Self {
        Self::build_from(backend, configure, seed, false).await
    }

    /// `template`: start from a copy of a database migrated and seeded once per test process with
    /// the default configuration (a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on
    /// PostgreSQL) rather than migrating and seeding again: the seed is most of a test's time.
    async fn build_from(
        backend: Backend,
        configure: impl FnOnce(&mut Config),
        seed: bool,
        template: bool,
    ) -> Self {
        logs::install();
        let dir = tempfile::tempdir().expect("temp dir");
        let mut config = Config::for_data_dir(dir.path());
        // The home widgets' providers are the real services by default: a test that does not start
        // its stand-in gets a closed local port, answered at once, never the internet.
        for url in [
            &mut config.weather_url,
            &mut config.air_url,
            &mut config.geocode_url,
            &mut config.currency_url,
            &mut config.crypto_url,
        ] {
            *url = CLOSED_PORT_URL.to_owned();
        }
        let mut postgres_db = None;
        match backend {
            Backend::Sqlite => {
                if template {
                    let source = SQLITE_TEMPLATE.get_or_init(sqlite_template).await;
                    std::fs::copy(source, dir.path().join("onda.db")).expect("copy the template");
                }
            }
            Backend::Postgres => {
                let name = format!("onda_test_{}", random_hex(8));
                let admin = postgres_admin_url();
                let from = if template {
                    format!(
                        " TEMPLATE {}",
                        POSTGRES_TEMPLATE.get_or_init(postgres_template).await
                    )
                } else {
                    String::new()
                };
                let conn = admin_pool(&admin).await;
                // The template's last session may still be closing on the server for a moment
                // ('being accessed by other users'): try again shortly.
                let mut attempts = 0;
                loop {
                    match sqlx::query(&format!("CREATE DATABASE {name}{from}"))
                        .execute(&conn)
                        .await
                    {
                        Ok(_) => break,
                        Err(err) if attempts < 50 && err.to_string().contains("other users") => {
                            attempts += 1;
                            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                        }
                        Err(err) => panic!("cannot create test database on {admin}: {err}"),
                    }
                }
                conn.close().await;
                let base = admin
                    .rsplit_once('/')
                    .map(|(base, _)| base.to_owned())
                    .unwrap_or(admin);
                config.database_url = Some(format!("{base}/{name}"));
                postgres_db = Some(name);
            }
        }
        configure(&mut config);
        let db = Db::connect(&config.database_url())
            .await
            .expect("connect test database");
        let state = AppState::new(db, config);
        if seed && !template && state.config.seed_demo {
            onda_server::seed::seed_demo(&state)
                .await
                .expect("seed demo content");
        }
        let router = onda_server::router(state.clone());
        Self {
            state,
            router,
            dir,
            postgres_db,
        }
    }

    /// The router over a state built elsewhere (a restored station); nothing to drop with it.
    pub fn from_state(state: AppState) -> Self {
        let router = onda_server::router(state.clone());
        Self {
            state,
            router,
            dir: tempfile::tempdir().expect("temp dir"),
            postgres_db: None,
        }
    }

    pub async fn request(&self, request: Request<Body>) -> TestResponse {
        let response = self
            .router
            .clone()
            .oneshot(request)
            .await
            .expect("router never fails");
        let status = response.status();
        let headers = response.headers().clone();
        let body = response
            .into_body()
            .collect()
            .await
            .expect("read body")
            .to_bytes();
        TestResponse {
            status,
            headers,
            body,
        }
    }

    pub async fn get(&self, path: &str) -> TestResponse {
        self.request(Request::get(path).body(Body::empty()).expect("request"))
            .await
    }

    pub async fn head(&self, path: &str) -> TestResponse {
        self.request(Request::head(path).body(Body::empty()).expect("request"))
            .await
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> TestResponse {
        self.request(
            Request::builder()
                .method(Method::POST)
                .uri(path)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(body.to_string()))
                .expect("request"),
        )
        .await
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let Some(name) = self.postgres_db.take() else {
            return;
        };
        // Drop runs outside async; a short-lived runtime on its own thread removes the database.
        let handle = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async move {
                let conn = admin_pool(&postgres_admin_url()).await;
                let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&conn)
                    .await;
                conn.close().await;
            });
        });
        let _ = handle.join();
    }
}

pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl TestResponse {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|err| panic!("not JSON ({err}): {}", String::from_utf8_lossy(&self.body)))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|value| value.to_str().ok())
    }

    /// The data a page's HTML carries for the app's first frame (`<script type="application/json"
    /// id="onda-initial-data">`); `None` when the page has none. No '<' may be inside the
    /// element: text from the database must not be able to close it.
    pub fn initial_data(&self) -> Option<Value> {
        let html = self.text();
        let start = html.find("<script type=\"application/json\" id=\"onda-initial-data\">")?;
        let rest = &html[start..];
        let json = &rest[rest.find('>')? + 1..rest.find("</script>")?];
        assert!(!json.contains('<'), "no '<' inside the script element: {json}");
        Some(serde_json::from_str(json).unwrap_or_else(|err| panic!("initial data ({err}): {json}")))
    }

    /// Asserts the envelope shape (AP-01) and a success status, returning `data`.
    pub fn success_data(&self) -> Value {
        let json = self.json();
        assert_eq!(self.status, StatusCode::OK, "HTTP status of {json}");
        assert_envelope(&json);
        assert_eq!(json["status"], "success", "{json}");
        json["data"].clone()
    }
}

/// AP-01: keys status, message and data; status is 'success' or another value.
pub fn assert_envelope(json: &Value) {
    let object = json
        .as_object()
        .unwrap_or_else(|| panic!("envelope is not an object: {json}"));
    for key in ["status", "message", "data"] {
        assert!(object.contains_key(key), "envelope lacks {key}: {json}");
    }
    assert!(json["status"].is_string() || json["status"].is_number(), "{json}");
    assert!(json["message"].is_string(), "{json}");
}

async fn admin_pool(url: &str) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .unwrap_or_else(|err| panic!("PostgreSQL at {url} is needed for the postgres tests: {err}"))
}

static SQLITE_TEMPLATE: tokio::sync::OnceCell<std::path::PathBuf> = tokio::sync::OnceCell::const_new();
static POSTGRES_TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();

/// A database of the default configuration, migrated and seeded. On SQLite `copy_to` receives a
/// standalone copy (`VACUUM INTO`: whole, whatever is still in the write-ahead log).
async fn seeded(config: Config, copy_to: Option<&std::path::Path>) {
    let db = Db::connect(&config.database_url())
        .await
        .expect("connect the template database");
    let state = AppState::new(db, config);
    onda_server::seed::seed_demo(&state)
        .await
        .expect("seed the template database");
    if let Some(path) = copy_to {
        sqlx::query(&format!("VACUUM INTO '{}'", path.display()))
            .execute(&state.db.pool)
            .await
            .expect("copy the template database");
    }
    state.db.pool.close().await;
}

/// The SQLite template, under the target folder (the test process's id in its name).
async fn sqlite_template() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("api-template-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("template folder");
    let template = dir.join("template.db");
    seeded(Config::for_data_dir(&dir), Some(&template)).await;
    template
}

/// The PostgreSQL template database; the templates of test processes that have ended are dropped.
async fn postgres_template() -> String {
    let admin = postgres_admin_url();
    let conn = admin_pool(&admin).await;
    let old: Vec<String> =
        sqlx::query_scalar("SELECT datname FROM pg_database WHERE datname LIKE 'onda_template_%'")
            .fetch_all(&conn)
            .await
            .unwrap_or_default();
    for name in old {
        let pid = name.split('_').nth(2).unwrap_or_default();
        if !std::path::Path::new(&format!("/proc/{pid}")).exists() {
            let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                .execute(&conn)
                .await;
        }
    }
    let name = format!("onda_template_{}_{}", std::process::id(), random_hex(4));
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&conn)
        .await
        .unwrap_or_else(|err| panic!("cannot create the template database on {admin}: {err}"));
    conn.close().await;
    let base = admin
        .rsplit_once('/')
        .map(|(base, _)| base.to_owned())
        .unwrap_or(admin);
    let dir = tempfile::tempdir().expect("temp dir");
    let mut config = Config::for_data_dir(dir.path());
    config.database_url = Some(format!("{base}/{name}"));
    seeded(config, None).await;
    name
}

pub fn random_hex(bytes: usize) -> String {
    (0..bytes)
        .map(|_| format!("{:02x}", rand::random::<u8>()))
        .collect()
}

/// The station's logs, as one test sees them.
///
/// One subscriber for the whole process, installed before any test's station logs a line, that
/// writes only what the thread inside `logs::capture` emits. A subscriber scoped to the test
/// (`with_default`) was flaky: tracing caches each call site's interest process-wide, and a site
/// first reached by another test's thread at the wrong moment stayed "never" for the scoped one.
/// Here every site's interest is "sometimes", so each event asks the filter on its own thread.
pub mod logs {
    use std::{
        cell::RefCell,
        io::Write,
        sync::{Arc, Mutex, OnceLock},
    };
    use tracing_subscriber::{Layer, filter::dynamic_filter_fn, fmt::MakeWriter, layer::SubscriberExt};

    thread_local! {
        static CAPTURED: RefCell<Option<Arc<Mutex<Vec<u8>>>>> = const { RefCell::new(None) };
    }

    fn capturing() -> bool {
        CAPTURED.with(|captured| captured.borrow().is_some())
    }

    /// Called by every `TestApp` before its station starts, so no site registers before it.
    pub fn install() {
        static INSTALLED: OnceLock<()> = OnceLock::new();
        INSTALLED.get_or_init(|| {
            let layer = tracing_subscriber::fmt::layer()
                .with_writer(ThreadWriter)
                .with_ansi(false)
                // Dynamic: asked at every event (a plain `filter_fn` is cached per call site).
                .with_filter(dynamic_filter_fn(|_, _| capturing()));
            tracing::subscriber::set_global_default(tracing_subscriber::registry().with(layer))
                .expect("no other subscriber in the test binary");
        });
    }

    /// Runs `work` on this thread with every log line at every level written down, and returns
    /// them. The station's tasks must run on this thread too (a current-thread runtime).
    pub fn capture(work: impl FnOnce()) -> String {
        install();
        let lines = Arc::new(Mutex::new(Vec::new()));
        CAPTURED.with(|captured| *captured.borrow_mut() = Some(Arc::clone(&lines)));
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
        CAPTURED.with(|captured| *captured.borrow_mut() = None);
        if let Err(panic) = outcome {
            std::panic::resume_unwind(panic);
        }
        let bytes = lines.lock().unwrap().clone();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    struct ThreadWriter;

    impl Write for ThreadWriter {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            CAPTURED.with(|captured| {
                if let Some(lines) = captured.borrow().as_ref() {
                    lines.lock().unwrap().extend_from_slice(bytes);
                }
            });
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl<'a> MakeWriter<'a> for ThreadWriter {
        type Writer = ThreadWriter;

        fn make_writer(&'a self) -> Self::Writer {
            ThreadWriter
        }
    }
}

/// An empty PostgreSQL database of its own (no tables), dropped with the guard: a place to restore
/// a backup into.
pub struct EmptyPostgres {
    pub url: String,
    name: String,
}

impl EmptyPostgres {
    pub async fn new() -> Self {
        let admin = postgres_admin_url();
        let name = format!("onda_empty_{}", random_hex(8));
        let conn = admin_pool(&admin).await;
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&conn)
            .await
            .unwrap();
        conn.close().await;
        let base = admin
            .rsplit_once('/')
            .map(|(base, _)| base.to_owned())
            .unwrap_or(admin);
        Self {
            url: format!("{base}/{name}"),
            name,
        }
    }
}

impl Drop for EmptyPostgres {
    fn drop(&mut self) {
        let name = self.name.clone();
        let handle = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async move {
                let conn = admin_pool(&postgres_admin_url()).await;
                let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&conn)
                    .await;
                conn.close().await;
            });
        });
        let _ = handle.join();
    }
}
