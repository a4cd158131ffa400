//! Serving the built UI: static files with ETags (G38), the page routes of the routes table (doc3 §2.1)
//! answered with the app's HTML (200), unknown paths answered with the same HTML carrying the 404 page
//! (C07, G42), and the middleware every response passes through (security headers, compression, tracing).

use std::{borrow::Cow, path::PathBuf, sync::OnceLock};

use axum::{
    Router,
    body::Body,
    extract::{DefaultBodyLimit, State},
    http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Uri, header},
    response::{IntoResponse, Redirect, Response},
};
use rust_embed::RustEmbed;
use sha2::{Digest, Sha256};
use tower_http::{
    catch_panic::CatchPanicLayer,
    compression::{
        CompressionLayer,
        predicate::{DefaultPredicate, NotForContentType, Predicate},
    },
    cors::{AllowCredentials, AllowOrigin, CorsLayer},
    trace::TraceLayer,
};

use onda_shared::hunt::HuntInfo;

use crate::{
    AppState,
    html::escape,
    prerendered_shell::{self, PrerenderedShell, Visit},
    site::{Listing, site_page},
    web::head::{ImagePreload, PageHead},
};

mod cross_origin;
pub mod head;
mod initial_data;

pub use cross_origin::CROSS_SITE_REFUSED;

pub use initial_data::INITIAL_DATA_ID;
use initial_data::{InitialData, PageData};

/// The production build of `ui/` (`npm run build`), compiled into release binaries. Debug builds read
/// the folder at run time, so a rebuilt UI shows without recompiling the server.
#[derive(RustEmbed)]
// Relative to server/ (rust-embed's base); a `$CARGO_MANIFEST_DIR` here is not expanded without
// its interpolate-folder-path feature, and with `allow_missing` the binary then silently had no UI.
#[folder = "../ui/dist"]
#[allow_missing = true]
struct UiAssets;

/// Used when the UI has not been built: the server still answers every page with valid HTML.
const FALLBACK_INDEX: &str = r#"<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Onda</title></head>
<body><div id="root"></div><noscript>A interface ainda não foi construída: rode <code>npm run build</code>.</noscript></body></html>"#;

pub fn router(state: AppState) -> Router {
    Router::new().fallback(serve_ui).with_state(state)
}

/// The middleware stack of the whole application (outermost last). `hot` (the live radio's polled,
/// pushed and streamed paths) joins after compression and request tracing, which cost those paths a
/// third of their throughput (bench/nowplaying.sh) and gain them nothing: audio and a short JSON do not
/// shrink, and their failures are logged by the handlers.
pub fn apply_middleware(router: Router, hot: Router, state: &AppState) -> Router {
    // Built once: the CSP depends only on the configuration.
    let policy = content_security_policy(&state.config);
    let security = SecurityHeaders {
        csp: HeaderValue::from_str(&policy).unwrap_or_else(|_| HeaderValue::from_static(DEFAULT_CSP)),
        embed_csp: HeaderValue::from_str(&embeddable_policy(&policy))
            .unwrap_or_else(|_| HeaderValue::from_static(DEFAULT_CSP)),
        https: state.config.is_https(),
    };
    let mut router = router;
    // Request logs only when asked for (RUST_LOG=tower_http=debug): at the default level the layer
    // would log nothing and still cost every request.
    if tracing::enabled!(target: "tower_http::trace", tracing::Level::DEBUG) {
        router = router.layer(TraceLayer::new_for_http().make_span_with(
            |request: &axum::http::Request<Body>| {
                tracing::debug_span!(
                    "request",
                    method = %request.method(),
                    uri = %loggable_uri(request.uri()),
                    version = ?request.version(),
                )
            },
        ));
    }
    router
        // Audio (the house spot, demo files) is compressed already.
        .layer(
            CompressionLayer::new()
                .compress_when(DefaultPredicate::new().and(NotForContentType::const_new("audio/"))),
        )
        .merge(hot)
        .layer(DefaultBodyLimit::max(1024 * 1024))
        .layer(tower::util::MapResponseLayer::new(move |response| {
            security_headers(response, &security)
        }))
        .layer(CatchPanicLayer::custom(|_panic| {
            crate::Error::Internal(anyhow::anyhow!("handler panicked")).into_response()
        }))
        // Inside CORS, so a refusal still carries the desktop app's CORS headers and its preflights
        // (OPTIONS, a safe method) are answered as before.
        .layer(axum::middleware::from_fn(cross_origin::refuse_cross_site))
        .layer(desktop_cors())
        // Outermost, so every reply (a refusal, a preflight, a panic's 500) has its id and is counted.
        .layer(crate::observe::ObserveLayer)
}

/// Paths whose query string is the listener's location (the home widgets' coordinates): the request
/// log shows their path only.
const PRIVATE_QUERY_PATHS: &[&str] = &["/api/v1/external/"];

/// The request's URI as the request log shows it (tower-http's default span, with the query string
/// of [`PRIVATE_QUERY_PATHS`] left out).
pub fn loggable_uri(uri: &Uri) -> String {
    let path = uri.path();
    let private = PRIVATE_QUERY_PATHS.iter().any(|prefix| {
        path.get(..prefix.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(prefix))
    });
    match uri.query() {
        Some(_) if private => format!("{path}?[redacted]"),
        _ => uri.to_string(),
    }
}

/// The desktop app's webview (Tauri v2: `tauri://localhost` on Linux and macOS, `http(s)://tauri.localhost`
/// on Windows) calls this server from its own origin; those origins, and no other, may read the
/// replies. Credentials are allowed because the UI's fetches always say `credentials: 'include'`;
/// the app authenticates with its bearer token, and cookies never cross from a website origin.
/// `Access-Control-Allow-Credentials` goes only with an allowed origin: sent to any other, it tells
/// nothing useful and invites a misreading of the policy.
pub const DESKTOP_ORIGINS: [&str; 3] = [
    "tauri://localhost",
    "http://tauri.localhost",
    "https://tauri.localhost",
];

fn desktop_cors() -> CorsLayer {
    CorsLayer::new()
        .allow_origin(AllowOrigin::list(DESKTOP_ORIGINS.map(HeaderValue::from_static)))
        .allow_methods([
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
        ])
        .allow_headers([header::ACCEPT, header::CONTENT_TYPE, header::AUTHORIZATION])
        .allow_credentials(AllowCredentials::predicate(|origin, _| {
            DESKTOP_ORIGINS
                .iter()
                .any(|allowed| allowed.as_bytes() == origin.as_bytes())
        }))
        .max_age(std::time::Duration::from_secs(600))
}

/// What a page path is, from the routes table (doc3 §2.1 united with doc2, C06).
#[derive(Debug, PartialEq, Eq)]
pub enum PageMatch {
    Page { noindex: bool },
    Redirect(&'static str),
    NotFound,
}

/// A catalogue collection's key as the back office's addresses carry it (`/a1catalogo/artists`).
fn catalogue_key(key: &str) -> bool {
    (1..=20).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

pub use crate::site::EMBED_PLAYER_PATH;

/// Marks a response that other sites may frame (see [`security_headers`]).
#[derive(Clone, Copy)]
struct Embeddable;

/// The 'outros' podcast categories (C05), with the unaccented aliases, as they appear in a raw path.
const OTHER_PODCAST_SLUGS: &[&str] = &[
    "recentes",
    "noticias",
    "not%C3%ADcias",
    "arquivo-musical",
    "super-montagens",
    "giro-de-noticias",
    "giro-de-not%C3%ADcias",
];

/// Classifies a raw (still percent-encoded) request path. Slugs are accepted by shape here; whether a
/// slug exists is decided by the page itself (and, for server-rendered previews, by later issues).
pub fn classify(raw_path: &str) -> PageMatch {
    let path = if raw_path.len() > 1 {
        raw_path.trim_end_matches('/')
    } else {
        raw_path
    };
    if let Some(page) = site_page(path) {
        return match page.listing {
            Listing::Redirect(to) => PageMatch::Redirect(to),
            listing => PageMatch::Page {
                noindex: listing == Listing::NoIndex,
            },
        };
    }
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let page = PageMatch::Page { noindex: false };
    let valid = |slug: &str| !slug.is_empty();
    match segments.as_slice() {
        ["noticias", slug] | ["noticias", "tags", slug] => {
            if valid(slug) {
                page
            } else {
                PageMatch::NotFound
            }
        }
        [
            "jornalistas" | "artistas" | "videos" | "clientes" | "promocoes" | "as-10-mais" | "as-100-mais"
            | "programacao",
            slug,
        ] if valid(slug) => page,
        // C08: the slug is `{musicSlug}+{artistSlug}` with exactly one literal '+'.
        ["musicas", slug] => {
            let parts: Vec<&str> = slug.split('+').collect();
            if parts.len() == 2 && parts.iter().all(|part| !part.is_empty()) {
                page
            } else {
                PageMatch::NotFound
            }
        }
        // The newsroom's editor and preview of an item, the editors of a promotion and of a hunt (staff
        // only; the API checks the permission).
        ["a1redacao", id]
        | ["a1redacao", id, "previa"]
        | ["a1promocoes", id]
        | ["a1promocoes", "cacas", id]
            if id.bytes().all(|b| b.is_ascii_digit()) && valid(id) =>
        {
            PageMatch::Page { noindex: true }
        }
        // The catalogue desk: a collection's list, a new item, an item (the keys are lower-case words).
        // The schedule editor of a channel and a playlist's editor.
        ["a1programacao", channel] | ["a1programacao", "playlists", channel] if valid(channel) => {
            PageMatch::Page { noindex: true }
        }
        ["a1catalogo", key] | ["a1catalogo", key, "novo"] if catalogue_key(key) => {
            PageMatch::Page { noindex: true }
        }
        ["a1catalogo", key, id]
            if catalogue_key(key) && id.bytes().all(|b| b.is_ascii_digit()) && valid(id) =>
        {
            PageMatch::Page { noindex: true }
        }
        ["podcasts", show] if valid(show) => page,
        ["podcasts", "outros", category] if OTHER_PODCAST_SLUGS.contains(category) => page,
        _ => PageMatch::NotFound,
    }
}

async fn serve_ui(State(state): State<AppState>, method: Method, uri: Uri, headers: HeaderMap) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let path = uri.path();
    let files = UiFiles::new(&state);
    if let Some(name) = asset_name(path) {
        // The build's Brotli copy when the browser takes it (looked up first: no need to read both).
        let brotli = (name.starts_with("assets/") && accepts_brotli(&headers))
            .then(|| files.get(&format!("{name}{BROTLI_SUFFIX}")))
            .flatten();
        if let Some(served) = brotli
            .map(Served::Brotli)
            .or_else(|| files.get(name).map(Served::AsIs))
        {
            return file_response(name, served, &headers);
        }
        // A missing script or image is a plain 404: answering HTML would only confuse the browser.
        if path.starts_with("/assets/") || path.contains('.') {
            return (
                StatusCode::NOT_FOUND,
                [(header::CACHE_CONTROL, "no-cache")],
                "Not found",
            )
                .into_response();
        }
    }
    match classify(path) {
        PageMatch::Redirect(to) => Redirect::permanent(to).into_response(),
        PageMatch::Page { noindex } => {
            // Share previews and search engines read the item's title, description and image here.
            let (status, head) = match head::page_head(&state, path).await {
                PageHead::Found(head) => (StatusCode::OK, Some(head)),
                PageHead::Missing => (StatusCode::NOT_FOUND, None),
                PageHead::Plain => (StatusCode::OK, None),
            };
            let embedded_player = path.trim_end_matches('/') == EMBED_PLAYER_PATH;
            let (initial, shell, preloads) = if status == StatusCode::OK {
                let data = InitialData::gather(&state, PageData::of(path, uri.query())).await;
                let shell = (!embedded_player)
                    .then(|| {
                        let message = data
                            .hunt_info
                            .as_ref()
                            .and_then(Option::as_ref)
                            .map(banner_message);
                        let page_data = data.frame_fill();
                        let song_on_air = data.song_on_air();
                        // No session cookie: React's first frame is anonymous and offers 'Entrar'.
                        let anonymous =
                            crate::extract::cookie(&headers, crate::auth::COOKIE).is_none_or(str::is_empty);
                        let station_header =
                            data.shell_header(anonymous, path.trim_end_matches('/').is_empty());
                        files.prerendered_shell(|shell| {
                            let visit = Visit {
                                path,
                                headers: &headers,
                                hunt_message: message,
                                station_name: data.station_name(),
                                page_data: page_data.as_ref(),
                                song_on_air: song_on_air.as_ref(),
                                station_header: station_header.as_ref(),
                            };
                            let page = shell.page(&visit);
                            (page.html, page.preload_links, page.deferred_scripts_id)
                        })
                    })
                    .flatten();
                (data.to_script_json(), shell, data.image_preloads())
            } else {
                (None, None, Vec::new())
            };
            let mut response = page_response(
                &state,
                &files,
                path,
                status,
                noindex,
                PageExtras {
                    head: head.as_ref(),
                    initial: initial.as_deref(),
                    shell: shell.as_ref().map(|(html, _, _)| html.as_str()),
                    page_scripts: shell.as_ref().map(|(_, links, _)| links.as_str()),
                    deferred_scripts_id: shell.as_ref().and_then(|(_, _, id)| id.as_deref()),
                    preloads: &preloads,
                },
            );
            if embedded_player {
                response.extensions_mut().insert(Embeddable);
            }
            response
        }
        PageMatch::NotFound => page_response(
            &state,
            &files,
            path,
            StatusCode::NOT_FOUND,
            false,
            PageExtras::default(),
        ),
    }
}

/// The banner's text, chosen as the UI's banner chooses it (ui/src/features/hunt/HuntBanner.tsx).
fn banner_message(hunt: &HuntInfo) -> &str {
    [&hunt.bannerMessage, &hunt.banner_message, &hunt.tx_titulo]
        .into_iter()
        .find(|text| !text.is_empty())
        .map_or("", String::as_str)
}

/// `"/assets/index-abc.js"` → `"assets/index-abc.js"`, for paths that name a file.
fn asset_name(path: &str) -> Option<&str> {
    let name = path.trim_start_matches('/');
    let last = name.rsplit('/').next().unwrap_or_default();
    (last.contains('.') && !name.contains("..")).then_some(name)
}

struct UiFile {
    bytes: Cow<'static, [u8]>,
    etag: String,
}

/// The built UI, from the binary or, when `ONDA_UI_DIR` is set, from a folder.
enum UiFiles {
    Embedded,
    Dir(PathBuf),
}

impl UiFiles {
    fn new(state: &AppState) -> Self {
        match &state.config.ui_dir {
            Some(dir) => Self::Dir(dir.clone()),
            None => Self::Embedded,
        }
    }

    /// Runs `f` on the build's prerendered shell, if the build has one: parsed once from the binary,
    /// or read each time from `ONDA_UI_DIR` (a rebuilt UI shows without a restart).
    fn prerendered_shell<T>(&self, f: impl FnOnce(&PrerenderedShell) -> T) -> Option<T> {
        static EMBEDDED: OnceLock<Option<PrerenderedShell>> = OnceLock::new();
        match self {
            Self::Embedded => EMBEDDED
                .get_or_init(|| {
                    UiAssets::get(prerendered_shell::FILE)
                        .and_then(|file| PrerenderedShell::parse(&file.data))
                })
                .as_ref()
                .map(f),
            Self::Dir(_) => {
                let file = self.get(prerendered_shell::FILE)?;
                PrerenderedShell::parse(&file.bytes).as_ref().map(f)
            }
        }
    }

    fn get(&self, name: &str) -> Option<UiFile> {
        match self {
            Self::Embedded => UiAssets::get(name).map(|file| UiFile {
                etag: format!("\"{}\"", hex::encode(&file.metadata.sha256_hash()[..12])),
                bytes: file.data,
            }),
            Self::Dir(dir) => {
                let bytes = std::fs::read(dir.join(name)).ok()?;
                let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&bytes)[..12]));
                Some(UiFile {
                    bytes: Cow::Owned(bytes),
                    etag,
                })
            }
        }
    }
}

/// The suffix of the Brotli copy the UI build writes beside each script and stylesheet
/// (ui/vite.config.ts `precompressAssets`, quality 11: 13-16% smaller than gzip at level 9, and no
/// compression work per request).
const BROTLI_SUFFIX: &str = ".br";

/// A build file as it is sent: its own bytes (which the compression layer may still compress), or its
/// Brotli copy.
enum Served {
    AsIs(UiFile),
    Brotli(UiFile),
}

/// Whether `Accept-Encoding` takes `br`: named, and without `q=0` (RFC 9110 12.5.3; a `*` is not
/// taken as a yes: the compression layer answers those).
fn accepts_brotli(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            parts.next().is_some_and(|name| name.eq_ignore_ascii_case("br"))
                && parts.all(|param| {
                    let Some((key, value)) = param.split_once('=') else {
                        return true;
                    };
                    !key.trim().eq_ignore_ascii_case("q")
                        || value.trim().parse::<f32>().ok().is_none_or(|q| q > 0.0)
                })
        })
}

fn file_response(name: &str, served: Served, request_headers: &HeaderMap) -> Response {
    let (file, encoding) = match served {
        Served::AsIs(file) => (file, None),
        Served::Brotli(file) => (file, Some(HeaderValue::from_static("br"))),
    };
    // Hashed build outputs never change under the same name; everything else is revalidated.
    let cache = if name.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let etag = HeaderValue::from_str(&file.etag).unwrap_or_else(|_| HeaderValue::from_static("\"0\""));
    let matches = request_headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| {
            tags.split(',')
                .any(|tag| tag.trim() == file.etag || tag.trim() == "*")
        });
    let vary = name.starts_with("assets/");
    if matches {
        let mut response = (
            StatusCode::NOT_MODIFIED,
            [
                (header::ETAG, etag),
                (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
            ],
        )
            .into_response();
        if vary {
            response
                .headers_mut()
                .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
        return response;
    }
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    let content_type = HeaderValue::from_str(mime.as_ref())
        .unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"));
    let mut response = Response::builder()
        .header(header::CONTENT_TYPE, content_type)
        .header(header::ETAG, etag)
        .header(header::CACHE_CONTROL, cache);
    if vary {
        // Which bytes come back depends on Accept-Encoding (the Brotli copy or not), so caches keep
        // them apart (the compression layer sees the header and does not add it twice).
        response = response.header(header::VARY, "accept-encoding");
    }
    if let Some(encoding) = encoding {
        response = response.header(header::CONTENT_ENCODING, encoding);
    }
    response
        .body(Body::from(file.bytes.into_owned()))
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

/// What a page's HTML carries beyond the app's template.
#[derive(Default)]
struct PageExtras<'a> {
    /// The item's title, description and image for share previews and search engines.
    head: Option<&'a head::Head>,
    /// [`InitialData`] as script-safe JSON.
    initial: Option<&'a str>,
    /// The shell's first frame for `#root` ([`prerendered_shell`]).
    shell: Option<&'a str>,
    /// The page's scripts as modulepreload links ([`PrerenderedShell::page_preload_links`]).
    page_scripts: Option<&'a str>,
    /// Where the page's module preloads wait until its drawn first screen is shown
    /// ([`PrerenderedShell::deferred_scripts_id`]).
    deferred_scripts_id: Option<&'a str>,
    /// Pictures the page's first screen draws from its initial data ([`InitialData::image_preloads`]).
    preloads: &'a [ImagePreload],
}

fn page_response(
    state: &AppState,
    files: &UiFiles,
    path: &str,
    status: StatusCode,
    noindex: bool,
    PageExtras {
        head,
        initial,
        shell,
        page_scripts,
        deferred_scripts_id,
        preloads,
    }: PageExtras<'_>,
) -> Response {
    let template = files
        .get("index.html")
        .and_then(|file| String::from_utf8(file.bytes.into_owned()).ok())
        .unwrap_or_else(|| FALLBACK_INDEX.to_owned());
    let mut html = render_page(&template, &state.config.station_name, path, status, noindex);
    if let Some(head) = head {
        html = head::apply_head(&html, head, &state.config.station_name);
    }
    if !preloads.is_empty() {
        let links: String = preloads.iter().map(ImagePreload::link).collect();
        html = html.replacen("</head>", &format!("{links}</head>"), 1);
    }
    if let Some(links) = page_scripts.filter(|links| !links.is_empty()) {
        html = html.replacen("</head>", &format!("{links}</head>"), 1);
    }
    if let Some(id) = deferred_scripts_id {
        html = prerendered_shell::defer_module_preloads(&html, id);
    }
    if let Some(shell) = shell {
        html = prerendered_shell::place_frame(&html, shell);
    }
    if let Some(json) = initial {
        html = html.replacen(
            "</body>",
            &format!("<script type=\"application/json\" id=\"{INITIAL_DATA_ID}\">{json}</script></body>"),
            1,
        );
    }
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        html,
    )
        .into_response()
}

/// Fills the app's HTML for one page: the title, robots, and for pages a crawler or a no-JavaScript
/// visitor must understand (the 404 page, the app landing page) a server-rendered body that the React
/// app replaces when it starts.
pub fn render_page(template: &str, station: &str, path: &str, status: StatusCode, noindex: bool) -> String {
    let station = escape(station);
    let (title, body) = if status == StatusCode::NOT_FOUND {
        (
            format!("Página não encontrada | {station}"),
            "<main class=\"ssr-page\"><h1>Ops! Página não encontrada.</h1><p><a href=\"/\">Voltar para o início</a></p></main>"
                .to_owned(),
        )
    } else if path.trim_end_matches('/') == "/open-app" {
        (
            format!("Aplicativo | {station}"),
            format!(
                "<main class=\"ssr-page\"><h1>Abra o aplicativo da {station}</h1><p><a href=\"/aplicativos\">Baixe o aplicativo</a></p></main>"
            ),
        )
    } else {
        (station.clone(), String::new())
    };
    let mut head = format!("<title>{title}</title>");
    if noindex {
        head.push_str("<meta name=\"robots\" content=\"noindex, nofollow\">");
    }
    let mut html = match (template.find("<title>"), template.find("</title>")) {
        (Some(start), Some(end)) if end > start => {
            format!(
                "{}{}{}",
                &template[..start],
                head,
                &template[end + "</title>".len()..]
            )
        }
        _ => template.replacen("</head>", &format!("{head}</head>"), 1),
    };
    if !body.is_empty() {
        html = html.replacen(
            "<div id=\"root\"></div>",
            &format!("<div id=\"root\">{body}</div>"),
            1,
        );
    }
    html
}

/// The CSP is what the UI needs and no more: our own scripts only, inline styles (Mantine sets CSS
/// variables in style attributes), images and media from anywhere over https (covers and streams may
/// live on a CDN), and no framing by other sites.
const DEFAULT_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob: https:; media-src 'self' blob: https:; font-src 'self' data:; \
     connect-src 'self'; frame-src 'self' https://www.youtube-nocookie.com https://www.youtube.com; \
     frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'";

/// [`DEFAULT_CSP`], plus what Firebase Auth's popup flow needs when social login is configured
/// ([`crate::config::Config::firebase_web`]): Google's API loader script, the identity and token
/// endpoints, and the auth domain's and Google's sign-in frames.
pub fn content_security_policy(config: &crate::config::Config) -> String {
    let policy = base_policy(config);
    // The podcast player host's iframe (PD-03); a host that is not plain https is left out.
    match reqwest::Url::parse(&config.podcast_player_url) {
        Ok(url) if url.scheme() == "https" && url.host_str().is_some() => {
            let origin = url.origin().ascii_serialization();
            policy.replacen("frame-src 'self'", &format!("frame-src 'self' {origin}"), 1)
        }
        _ => policy,
    }
}

fn base_policy(config: &crate::config::Config) -> String {
    let Some(web) = config.firebase_web() else {
        return DEFAULT_CSP.to_owned();
    };
    format!(
        "default-src 'self'; script-src 'self' https://apis.google.com; \
         style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob: https:; media-src 'self' blob: https:; font-src 'self' data:; \
         connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com \
         https://www.googleapis.com; \
         frame-src 'self' https://www.youtube-nocookie.com https://www.youtube.com https://{} \
         https://accounts.google.com; \
         frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'",
        web.auth_domain
    )
}

/// `policy` with framing allowed from any http(s) site: the embeddable player's page only.
fn embeddable_policy(policy: &str) -> String {
    policy.replacen("frame-ancestors 'self'", "frame-ancestors *", 1)
}

/// Security headers on every response (the CSP built once by [`apply_middleware`]).
/// What the security headers depend on, computed once at start-up.
#[derive(Clone)]
struct SecurityHeaders {
    csp: HeaderValue,
    /// The CSP of the [`Embeddable`] page: [`Self::csp`] with `frame-ancestors *`.
    embed_csp: HeaderValue,
    https: bool,
}

/// Adds the security headers a response lacks (a plain response map: no boxed future per request).
fn security_headers(mut response: Response, config: &SecurityHeaders) -> Response {
    let embeddable = response.extensions().get::<Embeddable>().is_some();
    let headers = response.headers_mut();
    // Document-only headers are left off JSON and off the radio's audio and HLS playlists: the hot
    // replies (now playing, polled by every listener; a playlist reloaded every few seconds, a
    // one-kilobyte delta update that the whole page policy would double) stay small. None of them
    // is a document a browser renders, so the policy would govern nothing there.
    let document = !headers.get(header::CONTENT_TYPE).is_some_and(|kind| {
        let kind = kind.as_bytes();
        kind.starts_with(b"application/json")
            || kind.starts_with(b"audio/")
            || kind.starts_with(b"application/vnd.apple.mpegurl")
    });
    if document {
        let set = |headers: &mut HeaderMap, name: HeaderName, value: &'static str| {
            if let header::Entry::Vacant(slot) = headers.entry(name) {
                slot.insert(HeaderValue::from_static(value));
            }
        };
        if let header::Entry::Vacant(slot) = headers.entry(header::CONTENT_SECURITY_POLICY) {
            slot.insert(if embeddable {
                config.embed_csp.clone()
            } else {
                config.csp.clone()
            });
        }
        // X-Frame-Options has no 'anyone' value: the embeddable page goes without it.
        if !embeddable {
            set(headers, header::X_FRAME_OPTIONS, "SAMEORIGIN");
        }
        set(
            headers,
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(), geolocation=(self), payment=()",
        );
        set(
            headers,
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin-allow-popups",
        );
    }
    // A document's policy is set above; what is left is what every reply carries.
    crate::reply_headers::plain_reply_security(headers, config.https);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_request_log_leaves_out_the_widgets_coordinates() {
        let uri = |text: &str| text.parse::<Uri>().unwrap();
        for private in [
            "/api/v1/external/weather?lat=-23.550520&lon=-46.633308",
            "/api/v1/external/geocode?lon=-46.633308&lat=-23.550520",
            "/API/v1/External/air?lat=-23.550520&lon=-46.633308",
        ] {
            let logged = loggable_uri(&uri(private));
            assert!(!logged.contains("23.55") && !logged.contains("46.63"), "{logged}");
            assert!(logged.ends_with("?[redacted]"), "{logged}");
        }
        assert_eq!(
            loggable_uri(&uri("/api/v1/external/currency")),
            "/api/v1/external/currency"
        );
        assert_eq!(
            loggable_uri(&uri("/api/v1/news/getNews?page=2")),
            "/api/v1/news/getNews?page=2"
        );
    }

    #[test]
    fn brotli_is_sent_to_those_who_take_it() {
        let accepts = |values: &[&str]| {
            let mut headers = HeaderMap::new();
            for value in values {
                headers.append(header::ACCEPT_ENCODING, HeaderValue::from_str(value).unwrap());
            }
            accepts_brotli(&headers)
        };
        assert!(accepts(&["gzip, deflate, br, zstd"]));
        assert!(accepts(&["gzip", "br"]));
        assert!(accepts(&["BR;q=0.5"]));
        assert!(accepts(&["br ; level=1"]));
        assert!(!accepts(&[]));
        assert!(!accepts(&["gzip, deflate"]));
        assert!(!accepts(&["br;q=0, gzip"]));
        assert!(!accepts(&["br; Q=0.000"]));
        assert!(
            !accepts(&["*"]),
            "a wildcard is the compression layer's to answer"
        );
        assert!(!accepts(&["brotli"]));
    }

    /// The copy of the UI in the binary is the built `ui/dist` (CI builds the UI before the tests).
    #[test]
    fn the_binary_carries_the_built_ui() {
        let built = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/dist/index.html");
        if built.exists() {
            let embedded = UiAssets::get("index.html").expect("index.html embedded");
            assert_eq!(embedded.data.as_ref(), std::fs::read(built).unwrap().as_slice());
        }
    }

    #[test]
    fn classifies_the_routes_table() {
        assert_eq!(classify("/"), PageMatch::Page { noindex: false });
        assert_eq!(classify("/a1stats"), PageMatch::Page { noindex: true });
        for staff in [
            "/a1inbox",
            "/a1redacao",
            "/a1redacao/nova",
            "/a1redacao/42",
            "/a1redacao/42/previa",
            "/a1pessoas",
            "/a1promocoes",
            "/a1promocoes/nova",
            "/a1promocoes/7",
            "/a1promocoes/cacas/nova",
            "/a1promocoes/cacas/3",
            "/a1catalogo",
            "/a1catalogo/parametros",
            "/a1catalogo/artists",
            "/a1catalogo/artists/novo",
            "/a1catalogo/artists/12",
            "/a1aovivo",
        ] {
            assert_eq!(classify(staff), PageMatch::Page { noindex: true }, "{staff}");
        }
        assert_eq!(classify("/a1redacao/x"), PageMatch::NotFound);
        assert_eq!(classify("/a1promocoes/cacas/x"), PageMatch::NotFound);
        assert_eq!(classify("/a1catalogo/artists/x"), PageMatch::NotFound);
        // The desktop app's alarm clock: on the website it explains where the alarm lives.
        assert_eq!(classify("/despertador"), PageMatch::Page { noindex: true });
        assert_eq!(classify("/stats"), PageMatch::NotFound);
        assert_eq!(classify("/termos"), PageMatch::Redirect("/termos/privacidade"));
        assert_eq!(classify("/termos/outra"), PageMatch::NotFound);
        assert_eq!(classify("/noticias/musica"), PageMatch::Page { noindex: false });
        assert_eq!(
            classify("/noticias/tags/samba"),
            PageMatch::Page { noindex: false }
        );
        assert_eq!(
            classify("/musicas/evidencias+chitaozinho-e-xororo"),
            PageMatch::Page { noindex: false }
        );
        assert_eq!(classify("/musicas/sem-mais"), PageMatch::NotFound);
        assert_eq!(classify("/musicas/a+b+c"), PageMatch::NotFound);
        assert_eq!(
            classify("/podcasts/outros/recentes"),
            PageMatch::Page { noindex: false }
        );
        assert_eq!(classify("/podcasts/outros/desconhecido"), PageMatch::NotFound);
        assert_eq!(classify("/podcasts/show/qualquer"), PageMatch::NotFound);
        assert_eq!(classify("/pagina-que-nao-existe"), PageMatch::NotFound);
        assert_eq!(classify("/noticias/"), PageMatch::Page { noindex: false });
        // Every fixed page of the site's list is a page (or its redirect), with or without a slash.
        for page in crate::site::SITE_PAGES {
            let expected = match page.listing {
                Listing::Redirect(to) => PageMatch::Redirect(to),
                listing => PageMatch::Page {
                    noindex: listing == Listing::NoIndex,
                },
            };
            assert_eq!(classify(page.path), expected, "{}", page.path);
            if page.path != "/" {
                assert_eq!(classify(&format!("{}/", page.path)), expected, "{}/", page.path);
            }
        }
    }

    #[test]
    fn renders_title_robots_and_404_body() {
        let template = "<html><head><title>x</title></head><body><div id=\"root\"></div></body></html>";
        let html = render_page(template, "Onda <FM>", "/nada", StatusCode::NOT_FOUND, false);
        assert!(html.contains("Ops! Página não encontrada."));
        assert!(html.contains("Onda &lt;FM&gt;"));
        let html = render_page(template, "Onda", "/a1stats", StatusCode::OK, true);
        assert!(html.contains("<meta name=\"robots\" content=\"noindex, nofollow\">"));
    }
}
