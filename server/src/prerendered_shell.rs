//! The app's first frame written into each page's HTML, so a phone paints the header, the player bar,
//! the hunt banner and the cookie notice before the JavaScript has arrived (issue 19: first
//! contentful paint). React replaces it on its first commit.
//!
//! The HTML is not ours to write: the UI build renders the real layout with React
//! (ui/src/prerender/shell.tsx) into `prerendered-shell.json`, once per layout (the header differs
//! under 768 px) and per variant of the visit (cookie notice or not, hunt banner or not). This module
//! only picks one and fills the hunt's message in. The file also names the consent cookie and the
//! hunt page, so neither is copied here.
//!
//! The layout follows the browser's word for a phone (`Sec-CH-UA-Mobile`, else 'Mobi' in the user
//! agent, as MDN advises). One layout only, not both behind a media query: two copies of the header
//! in the page made every text in it ambiguous to a script or a test looking for it. A narrow
//! desktop window gets the desktop frame until React draws the right one.

use std::collections::HashMap;

use axum::http::{HeaderMap, header};
use serde::Deserialize;

use crate::html::escape;

/// The name of the file in the UI build.
pub const FILE: &str = "prerendered-shell.json";

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PrerenderedShell {
    consent_cookie: String,
    hunt_path: String,
    hunt_message_slot: String,
    /// Mantine's theme variables and global classes, the same for every rendering.
    styles: String,
    mobile: HashMap<String, String>,
    desktop: HashMap<String, String>,
    /// Each address pattern of the UI's routes with its page's scripts (an older build has none).
    #[serde(default)]
    page_preloads: Vec<PagePreload>,
}

/// The files of the page an address pattern draws, beyond what index.html loads already
/// (ui/scripts/prerender-shell.mjs): the page's chunk, the chunks it imports and their stylesheets.
#[derive(Debug, Deserialize)]
struct PagePreload {
    /// A React Router pattern: `/noticias/:slug`.
    path: String,
    scripts: Vec<String>,
    #[serde(default)]
    styles: Vec<String>,
}

/// What the page's first frame depends on.
pub struct Visit<'a> {
    pub path: &'a str,
    pub headers: &'a HeaderMap,
    /// The active hunt's banner message; `None` when no hunt is active.
    pub hunt_message: Option<&'a str>,
}

impl PrerenderedShell {
    /// `None` for a file that is not the build's (an older UI, a damaged file): pages then carry an
    /// empty `#root`, as before.
    pub fn parse(bytes: &[u8]) -> Option<Self> {
        match serde_json::from_slice::<Self>(bytes) {
            Ok(shell) if shell.variant_exists() => Some(shell),
            Ok(_) => {
                tracing::warn!("{FILE} lacks a variant: pages go without the prerendered shell");
                None
            }
            Err(err) => {
                tracing::warn!(error = %err, "{FILE} cannot be read: pages go without the prerendered shell");
                None
            }
        }
    }

    fn variant_exists(&self) -> bool {
        ["plain", "cookie", "hunt", "hunt+cookie"]
            .iter()
            .all(|key| self.mobile.contains_key(*key) && self.desktop.contains_key(*key))
    }

    /// The HTML for `#root`: the theme styles and the visitor's layout in the visit's variant.
    pub fn html(&self, visit: &Visit<'_>) -> String {
        let cookie_notice = !has_consent(visit.headers, &self.consent_cookie);
        let hunt = visit
            .hunt_message
            .filter(|_| visit.path.trim_end_matches('/') != self.hunt_path);
        let key = match (hunt.is_some(), cookie_notice) {
            (false, false) => "plain",
            (false, true) => "cookie",
            (true, false) => "hunt",
            (true, true) => "hunt+cookie",
        };
        let message = escape(hunt.unwrap_or_default());
        let layout = if is_phone(visit.headers) {
            &self.mobile
        } else {
            &self.desktop
        };
        let html = layout
            .get(key)
            .map(|html| html.replace(&self.hunt_message_slot, &message))
            .unwrap_or_default();
        // `inert`: nothing in it works before the scripts, so nothing takes a click or the focus (a
        // click waits for React's page). `aria-hidden` says the same to tools that read roles
        // without honouring `inert` (Playwright's role queries): the controls to find are React's.
        // `data-cookie-notice` tells the UI the notice is on screen (ui/src/lib/server-shell.ts).
        let marks = if cookie_notice {
            " inert aria-hidden=\"true\" data-cookie-notice"
        } else {
            " inert aria-hidden=\"true\""
        };
        format!(
            "{styles}<div class=\"onda-shell\"{marks}>{html}</div>",
            styles = self.styles
        )
    }
}

impl PrerenderedShell {
    /// Preload links for the files of the page at `path` (raw, as requested), so they download
    /// with the app instead of after it has run and reached the page (issue 19: the page's largest
    /// picture waited for them). Scripts as `modulepreload` at low priority, like the app's own: the
    /// stylesheets, fonts and the page's picture go first. Stylesheets as `preload`, not linked: the
    /// first paint does not wait for them; the app links them when it imports the page (Vite's
    /// loader, `crossorigin` as here, so the download is reused). '' when no pattern matches.
    pub fn page_preload_links(&self, path: &str) -> String {
        let Some(page) = self
            .page_preloads
            .iter()
            .filter_map(|page| pattern_rank(&page.path, path).map(|rank| (rank, page)))
            .max_by_key(|(rank, _)| *rank)
            .map(|(_, page)| page)
        else {
            return String::new();
        };
        let safe = |file: &&String| file.starts_with("assets/") && !file.contains(['"', '<', '>']);
        let scripts = page.scripts.iter().filter(safe).map(|file| {
            format!("<link rel=\"modulepreload\" crossorigin fetchpriority=\"low\" href=\"/{file}\">")
        });
        let styles = page.styles.iter().filter(safe).map(|file| {
            format!("<link rel=\"preload\" as=\"style\" crossorigin fetchpriority=\"low\" href=\"/{file}\">")
        });
        styles.chain(scripts).collect()
    }
}

/// Whether `path` matches the React Router `pattern` (same number of segments; `:name` takes any
/// non-empty segment, the others must be equal, case and all), ranked as React Router ranks: the
/// more literal segments, the better (`/noticias/tags` before `/noticias/:slug`).
fn pattern_rank(pattern: &str, path: &str) -> Option<usize> {
    let pattern: Vec<&str> = pattern.trim_matches('/').split('/').collect();
    let path: Vec<&str> = path.trim_matches('/').split('/').collect();
    if pattern.len() != path.len() {
        return None;
    }
    let mut literal = 0;
    for (expected, segment) in pattern.iter().zip(&path) {
        if expected.starts_with(':') {
            if segment.is_empty() {
                return None;
            }
        } else if expected == segment {
            literal += 1;
        } else {
            return None;
        }
    }
    Some(literal)
}

/// The browser says it is a phone: `Sec-CH-UA-Mobile: ?1` (Chromium), else 'Mobi' in its user agent.
fn is_phone(headers: &HeaderMap) -> bool {
    let header = |name| headers.get(name).and_then(|value| value.to_str().ok());
    match header("sec-ch-ua-mobile") {
        Some(hint) => hint.trim() == "?1",
        None => header(header::USER_AGENT.as_str()).is_some_and(|agent| agent.contains("Mobi")),
    }
}

/// The visitor accepted the cookie notice: the consent cookie holds '1' (ui/src/features/shell/lib/cookies.ts).
fn has_consent(headers: &HeaderMap, name: &str) -> bool {
    crate::extract::cookie(headers, name) == Some("1")
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use axum::http::HeaderValue;

    use super::*;

    fn shell() -> PrerenderedShell {
        let variants = |layout: &str| {
            let mut map = HashMap::new();
            for key in ["plain", "cookie", "hunt", "hunt+cookie"] {
                let mut html = format!("<header>{layout}</header>");
                if key.starts_with("hunt") {
                    html.push_str("<aside>SLOT</aside>");
                }
                if key.ends_with("cookie") {
                    html.push_str("<div data-testid=\"cookie-notice\"></div>");
                }
                map.insert(key.to_owned(), html);
            }
            map
        };
        PrerenderedShell {
            consent_cookie: "a1_cookieConsent".into(),
            hunt_path: "/caca-ao-tesouro".into(),
            hunt_message_slot: "SLOT".into(),
            styles: "<style data-mantine-styles=\"true\">:root{}</style>".into(),
            mobile: variants("mobile"),
            desktop: variants("desktop"),
            page_preloads: [
                ("/", "assets/Home.js"),
                ("/noticias/tags", "assets/Tags.js"),
                ("/noticias/:slug", "assets/Item.js"),
                ("/noticias/tags/:slug", "assets/Tag.js"),
            ]
            .into_iter()
            .map(|(path, file)| PagePreload {
                path: path.into(),
                scripts: vec![file.into(), "assets/shared.js".into()],
                styles: Vec::new(),
            })
            .collect(),
        }
    }

    #[test]
    fn a_page_s_scripts_are_preloaded_by_the_best_matching_pattern() {
        let shell = shell();
        let links = shell.page_preload_links("/noticias/show-de-mpb");
        assert_eq!(
            links,
            "<link rel=\"modulepreload\" crossorigin fetchpriority=\"low\" href=\"/assets/Item.js\">\
             <link rel=\"modulepreload\" crossorigin fetchpriority=\"low\" href=\"/assets/shared.js\">"
        );
        let mut with_styles = self::shell();
        with_styles.page_preloads[0].styles = vec!["assets/Home.css".into()];
        assert!(with_styles.page_preload_links("/").starts_with(
            "<link rel=\"preload\" as=\"style\" crossorigin fetchpriority=\"low\" href=\"/assets/Home.css\">\
             <link rel=\"modulepreload\""
        ));
        // A literal segment ranks before a parameter, as in React Router.
        assert!(shell.page_preload_links("/noticias/tags").contains("Tags.js"));
        assert!(shell.page_preload_links("/noticias/tags/mpb").contains("Tag.js"));
        assert!(shell.page_preload_links("/").contains("Home.js"));
        for none in [
            "/noticias",
            "/noticias/",
            "/noticias/a/b/c",
            "/Noticias/x",
            "/outra",
        ] {
            assert_eq!(shell.page_preload_links(none), "", "{none}");
        }
    }

    fn html(path: &str, cookie: Option<&str>, hunt: Option<&str>) -> String {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::USER_AGENT,
            HeaderValue::from_static("Mozilla/5.0 (X11; Linux x86_64)"),
        );
        if let Some(cookie) = cookie {
            headers.insert(header::COOKIE, HeaderValue::from_str(cookie).unwrap());
        }
        shell().html(&Visit {
            path,
            headers: &headers,
            hunt_message: hunt,
        })
    }

    #[test]
    fn the_layout_follows_the_browsers_word_for_a_phone() {
        let page = html("/", None, None);
        assert!(page.starts_with("<style data-mantine-styles=\"true\">"));
        assert!(page.contains(
            "<div class=\"onda-shell\" inert aria-hidden=\"true\" data-cookie-notice><header>desktop</header>"
        ));
        assert!(!page.contains("mobile"));
        assert!(
            html("/", Some("a1_cookieConsent=1"), None)
                .contains("<div class=\"onda-shell\" inert aria-hidden=\"true\"><header>desktop</header>")
        );
        let layout = |pairs: &[(&'static str, &'static str)]| {
            let mut headers = HeaderMap::new();
            for (name, value) in pairs {
                headers.insert(*name, HeaderValue::from_static(value));
            }
            shell().html(&Visit {
                path: "/",
                headers: &headers,
                hunt_message: None,
            })
        };
        let android = "Mozilla/5.0 (Linux; Android 11; moto g power) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
        assert!(layout(&[("user-agent", android)]).contains("<header>mobile</header>"));
        assert!(layout(&[("sec-ch-ua-mobile", "?1")]).contains("<header>mobile</header>"));
        // The hint wins over the user agent (a desktop browser emulating a phone's agent says ?0).
        assert!(
            layout(&[("sec-ch-ua-mobile", "?0"), ("user-agent", android)])
                .contains("<header>desktop</header>")
        );
        let ipad =
            "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1";
        assert!(layout(&[("user-agent", ipad)]).contains("<header>desktop</header>"));
        assert!(layout(&[]).contains("<header>desktop</header>"));
    }

    #[test]
    fn the_cookie_notice_waits_for_consent_only() {
        let notices = |page: String| page.matches("<div data-testid=\"cookie-notice\">").count();
        assert_eq!(notices(html("/", None, None)), 1);
        assert_eq!(notices(html("/", Some("a1_cookieConsent=0; x=1"), None)), 1);
        let accepted = html("/", Some("x=1; a1_cookieConsent=1"), None);
        assert_eq!(notices(accepted.clone()), 0);
        assert!(!accepted.contains("data-cookie-notice"));
    }

    #[test]
    fn the_hunt_banner_carries_its_message_escaped_except_on_the_hunt_page() {
        let page = html("/noticias", None, Some("Ache o baú <b>&</b>"));
        assert!(page.contains("<aside>Ache o baú &lt;b&gt;&amp;&lt;/b&gt;</aside>"));
        assert!(!page.contains("SLOT"));
        assert!(!html("/caca-ao-tesouro/", None, Some("x")).contains("<aside>"));
        assert!(!html("/", None, None).contains("<aside>"));
    }

    #[test]
    fn a_file_that_is_not_the_builds_is_ignored() {
        assert!(PrerenderedShell::parse(b"{}").is_none());
        assert!(PrerenderedShell::parse(b"not json").is_none());
        let mut incomplete = serde_json::json!({
            "consentCookie": "c", "huntPath": "/h", "huntMessageSlot": "S",
            "styles": "", "mobile": {"plain": ""}, "desktop": {"plain": ""}
        });
        assert!(PrerenderedShell::parse(incomplete.to_string().as_bytes()).is_none());
        for layout in ["mobile", "desktop"] {
            for key in ["cookie", "hunt", "hunt+cookie"] {
                incomplete[layout][key] = "".into();
            }
        }
        assert!(PrerenderedShell::parse(incomplete.to_string().as_bytes()).is_some());
    }
}
