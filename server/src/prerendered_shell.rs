//! The app's first frame written into each page's HTML, so a phone paints the header, the player bar,
//! the hunt banner and the cookie notice before the JavaScript has arrived (the first visit:
//! contentful paint). React replaces it on its first commit.
//!
//! The HTML is not ours to write: the UI build renders the real layout with React
//! (ui/src/prerender/shell.tsx) into `prerendered-shell.json`, once per layout (the header differs
//! under 768 px) and per variant of the visit (cookie notice or not, hunt banner or not). This module
//! only picks one and fills the hunt's message in. A few pages (those whose first screen needs no data
//! but the station's name: the home page's hero) are drawn too, into the layout's `<main>`, so their
//! largest paint is in that first frame. The file also names the consent cookie and the
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
    /// Where the layout's `<main>` takes the page's first screen (an older build has none).
    #[serde(default)]
    page_slot: String,
    /// The pages drawn with their first screen, each a React Router pattern with its template per
    /// layout (ui/src/prerender/shell.tsx, frame-template.ts).
    #[serde(default)]
    page_frames: Vec<PageFrame>,
    /// The id of the `<template>` that holds the app's preload links on a drawn page
    /// ([`PrerenderedShell::deferred_scripts_id`]); an older build has none and defers nothing.
    #[serde(default)]
    deferred_scripts_id: String,
    /// Mantine's theme variables and global classes, the same for every rendering.
    styles: String,
    mobile: HashMap<String, ShellVariant>,
    desktop: HashMap<String, ShellVariant>,
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

/// A variant of a layout: its HTML, or, for one drawn from the station's header (`plain+station`…),
/// a template the station's data fills in ([`Visit::station_header`]).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum ShellVariant {
    Html(String),
    Template(Vec<FramePiece>),
}

impl From<String> for ShellVariant {
    fn from(html: String) -> Self {
        Self::Html(html)
    }
}

/// A page's first screen, drawn into `<main>` (the largest paint comes before any script): a
/// template per layout whose slots and optional parts the page's data fills in.
#[derive(Debug, Deserialize)]
struct PageFrame {
    path: String,
    data: FrameSource,
    mobile: Vec<FramePiece>,
    desktop: Vec<FramePiece>,
}

/// What a frame's slots are filled from.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum FrameSource {
    /// The station's profile (`stationName`) alone.
    Station,
    /// The page's news item.
    NewsItem,
    /// The first songs of /musicas.
    MusicList,
    /// The song on air: the live page's hero (and the shell's player bar and widget).
    Live,
}

/// A piece of a frame's template: HTML with `{{onda:name}}` slots, written always or, for an
/// optional part (`when`), when the data has that part, else `otherwise`.
#[derive(Debug, Deserialize)]
struct FramePiece {
    html: String,
    #[serde(default)]
    when: Option<String>,
    #[serde(default)]
    otherwise: String,
}

impl FramePiece {
    /// A piece written always.
    fn whole(html: &str) -> Self {
        Self {
            html: html.to_owned(),
            when: None,
            otherwise: String::new(),
        }
    }
}

/// The page's data as a frame's: the values of its slots (raw text: they are escaped here) and the
/// optional parts present, for frames of `source`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameFill {
    pub source: FrameSource,
    pub slots: Vec<(String, String)>,
    pub parts: Vec<&'static str>,
}

/// The shell's part of a page's HTML ([`PrerenderedShell::page`]).
pub struct ShellPage {
    /// `#root`'s content.
    pub html: String,
    /// The head's links to the page's files.
    pub preload_links: String,
    /// The `<template>` the module preloads wait in, on a page drawn with its first screen.
    pub deferred_scripts_id: Option<String>,
}

/// What the page's first frame depends on.
pub struct Visit<'a> {
    pub path: &'a str,
    pub headers: &'a HeaderMap,
    /// The active hunt's banner message; `None` when no hunt is active.
    pub hunt_message: Option<&'a str>,
    /// The station's name as the page's data gives it to React; `None` when the lookup failed
    /// (React then draws another name: no page is drawn here).
    pub station_name: Option<&'a str>,
    /// The page's data as a frame's, when it has data a frame can draw.
    pub page_data: Option<&'a FrameFill>,
    /// The song on air as the player bar and the header's widget show it (`song`, `artist` and
    /// `coverSmall` slots), when one is on: the layout's `+song` variant draws it.
    pub song_on_air: Option<&'a FrameFill>,
    /// The header as the station's data draws it (the logo, the top bar's text and title, 'Entrar'
    /// for a visit without a session: server/src/web/initial_data.rs `shell_header`), when the
    /// layout's `+station` template can draw it; `None`: the variant drawn without the station.
    pub station_header: Option<&'a FrameFill>,
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

    /// What the page takes from the shell for a visit, its first screen filled once.
    pub fn page(&self, visit: &Visit<'_>) -> ShellPage {
        let drawn = self.drawn_page(visit);
        let is_drawn = drawn.is_some();
        ShellPage {
            preload_links: self.preload_links(visit, is_drawn),
            deferred_scripts_id: self.deferred_id(is_drawn).map(str::to_owned),
            html: self.html_with(visit, drawn),
        }
    }

    /// The HTML for `#root`: the theme styles and the visitor's layout in the visit's variant.
    pub fn html(&self, visit: &Visit<'_>) -> String {
        self.html_with(visit, self.drawn_page(visit))
    }

    fn html_with(&self, visit: &Visit<'_>, page: Option<String>) -> String {
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
        let layout_is_phone = is_phone(visit.headers);
        let layout = if layout_is_phone {
            &self.mobile
        } else {
            &self.desktop
        };
        let page = page.unwrap_or_default();
        // The most the visit's data can draw, then less: the song on air in the player bar and the
        // widget (`+song`), the station's header (`+station`). A variant the build lacks (an older
        // one) or a slot without a value falls back to the next: a frame drawn otherwise than
        // React's first frame would be replaced with a jump.
        let station_name = visit.station_name.unwrap_or_default();
        let song = visit.song_on_air;
        let header = visit.station_header;
        let candidates = [
            (
                format!("{key}+song+station"),
                song.zip(header).map(|(s, h)| vec![s, h]),
            ),
            (format!("{key}+song"), song.map(|s| vec![s])),
            (format!("{key}+station"), header.map(|h| vec![h])),
            (key.to_owned(), Some(Vec::new())),
        ];
        let html = candidates
            .into_iter()
            .filter_map(|(name, fills)| Some((layout.get(&name)?, fills?)))
            .find_map(|(variant, fills)| fill_variant(variant, &fills, station_name))
            .map(|html| {
                // After the slots: a message holding a slot's mark stays as it is.
                let html = html.replace(&self.hunt_message_slot, &message);
                if self.page_slot.is_empty() {
                    html
                } else {
                    html.replacen(&self.page_slot, &page, 1)
                }
            })
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
    /// The first screen the build drew for the visit's page, filled in for the visit's layout: none
    /// when the build has no page slot, when no frame's pattern matches, or when the page lacks the
    /// frame's data (a news address with no item, an item or a list the frame cannot draw, a slot
    /// without a value, an unknown station name, with which React draws another).
    fn drawn_page(&self, visit: &Visit<'_>) -> Option<String> {
        if self.page_slot.is_empty() {
            return None;
        }
        let frame = best_match(&self.page_frames, |frame| &frame.path, visit.path)?;
        let station_name = visit.station_name?;
        let data = match frame.data {
            FrameSource::Station => None,
            source => Some(visit.page_data.filter(|fill| fill.source == source)?),
        };
        let pieces = if is_phone(visit.headers) {
            &frame.mobile
        } else {
            &frame.desktop
        };
        fill_frame(pieces, data, station_name)
    }

    /// Preload links for the files of the page at `path` (raw, as requested), so they download
    /// with the app instead of after it has run and reached the page (the page's largest
    /// picture waited for them). Scripts as `modulepreload` at low priority, like the app's own: the
    /// stylesheets, fonts and the page's picture go first. Stylesheets as `preload`, not linked: the
    /// first paint does not wait for them; the app links them when it imports the page (Vite's
    /// loader, `crossorigin` as here, so the download is reused; it finds a linked one and adds
    /// none). A page drawn with its first screen has them linked: that screen is drawn with them.
    /// '' when no pattern matches.
    pub fn page_preload_links(&self, visit: &Visit<'_>) -> String {
        self.preload_links(visit, self.drawn_page(visit).is_some())
    }

    fn preload_links(&self, visit: &Visit<'_>, drawn: bool) -> String {
        let Some(page) = best_match(&self.page_preloads, |page| &page.path, visit.path) else {
            return String::new();
        };
        let safe = |file: &&String| file.starts_with("assets/") && !file.contains(['"', '<', '>']);
        let scripts = page.scripts.iter().filter(safe).map(|file| {
            format!("<link rel=\"modulepreload\" crossorigin fetchpriority=\"low\" href=\"/{file}\">")
        });
        let styles = page.styles.iter().filter(safe).map(|file| {
            if drawn {
                format!("<link rel=\"stylesheet\" crossorigin href=\"/{file}\">")
            } else {
                format!(
                    "<link rel=\"preload\" as=\"style\" crossorigin fetchpriority=\"low\" href=\"/{file}\">"
                )
            }
        });
        styles.chain(scripts).collect()
    }
}

impl PrerenderedShell {
    /// On a page drawn with its whole first screen, the id of the `<template>` to move the page's
    /// module preload links into ([`defer_module_preloads`]); `None` elsewhere, and with an older
    /// build. Only there: other pages' first screen is React's, which needs the app as early as it
    /// can come.
    pub fn deferred_scripts_id(&self, visit: &Visit<'_>) -> Option<&str> {
        self.deferred_id(self.drawn_page(visit).is_some())
    }

    fn deferred_id(&self, drawn: bool) -> Option<&str> {
        (!self.deferred_scripts_id.is_empty() && drawn).then_some(self.deferred_scripts_id.as_str())
    }
}

/// The id of the empty element that ends the frame ([`place_frame`]).
const FRAME_END_ID: &str = "onda-frame-end";

/// `frame` put into the page's empty `#root`, painted whole or not at all: the head asks the
/// browser to hold its first paint until the element after the frame is parsed (`<link rel=expect
/// blocking=render>`; a browser without it ignores the link). The parser yields now and then; a
/// paint in between showed the frame half drawn (the cookie notice's first lines, anchored to the
/// bottom, or the top bar's icon without its text), and the rest arriving moved them: a layout shift
/// of up to 0.1 on a phone (CI, /noticias at 375 px). A page whose `#root` has a body of its own (the
/// 404 and app pages) is returned as it is.
pub fn place_frame(html: &str, frame: &str) -> String {
    const EMPTY_ROOT: &str = "<div id=\"root\"></div>";
    if !html.contains(EMPTY_ROOT) {
        return html.to_owned();
    }
    html.replacen(
        EMPTY_ROOT,
        &format!("<div id=\"root\">{frame}</div><template id=\"{FRAME_END_ID}\"></template>"),
        1,
    )
    .replacen(
        "</head>",
        &format!("<link rel=\"expect\" href=\"#{FRAME_END_ID}\" blocking=\"render\"></head>"),
        1,
    )
}

/// The head's module preload links (the app's, from index.html, and the page's own) moved into an
/// inert `<template id="{id}">` at its end, which ui/src/main.tsx puts back once the server-drawn
/// first screen is shown (on a slow phone line the app's 180 kB no longer share it with
/// the stylesheets and fonts that screen waits for; the app starts one round trip later).
pub fn defer_module_preloads(html: &str, id: &str) -> String {
    let Some(head_end) = html.find("</head>") else {
        return html.to_owned();
    };
    let (head, rest) = html.split_at(head_end);
    let mut kept = String::with_capacity(head.len());
    let mut moved = String::new();
    let mut tail = head;
    while let Some(start) = tail.find("<link rel=\"modulepreload\"") {
        let Some(len) = tail[start..].find('>') else {
            break;
        };
        kept.push_str(&tail[..start]);
        moved.push_str(&tail[start..=start + len]);
        tail = &tail[start + len + 1..];
    }
    kept.push_str(tail);
    if moved.is_empty() {
        return html.to_owned();
    }
    format!(
        "{kept}<template id=\"{id}\">{moved}</template>{rest}",
        id = escape(id)
    )
}

/// A layout's variant filled from `fills` (their slots and parts together); a variant with no fills
/// is written as it is.
fn fill_variant(variant: &ShellVariant, fills: &[&FrameFill], station_name: &str) -> Option<String> {
    let whole;
    let pieces = match variant {
        ShellVariant::Html(html) if fills.is_empty() => return Some(html.clone()),
        ShellVariant::Html(html) => {
            whole = [FramePiece::whole(html)];
            &whole[..]
        }
        ShellVariant::Template(pieces) => &pieces[..],
    };
    let Some(first) = fills.first() else {
        return fill_frame(pieces, None, station_name);
    };
    let merged = FrameFill {
        source: first.source,
        slots: fills.iter().flat_map(|fill| fill.slots.iter().cloned()).collect(),
        parts: fills.iter().flat_map(|fill| fill.parts.iter().copied()).collect(),
    };
    fill_frame(pieces, Some(&merged), station_name)
}

/// A frame's HTML: each piece for the parts `data` has, then every `{{onda:name}}` slot replaced by
/// its value (`stationName`: the station's), escaped, in one pass (a value that holds a slot's mark
/// stays as it is). A slot the page passed through `encodeURIComponent` (in a share link's address)
/// gets its value encoded the same way. `None` when a slot has no value: a frame drawn otherwise
/// than React's first frame would be replaced with a jump.
fn fill_frame(pieces: &[FramePiece], data: Option<&FrameFill>, station_name: &str) -> Option<String> {
    let has = |part: &str| data.is_some_and(|data| data.parts.contains(&part));
    let template: String = pieces
        .iter()
        .map(|piece| match &piece.when {
            Some(part) if !has(part) => piece.otherwise.as_str(),
            _ => piece.html.as_str(),
        })
        .collect();
    let mut html = String::with_capacity(template.len() + 512);
    let mut rest = template.as_str();
    while let Some((start, mark)) = next_slot(rest) {
        let after = &rest[start + mark.open.len()..];
        let Some(len) = after.find(mark.close) else {
            break;
        };
        let name = &after[..len];
        let value = if name == "stationName" {
            Some(station_name)
        } else {
            data.and_then(|data| data.slots.iter().find(|(slot, _)| slot == name))
                .map(|(_, value)| value.as_str())
        };
        let Some(value) = value else {
            // A list shorter than the frame draws, say: React alone draws that page.
            tracing::debug!(
                slot = name,
                "a page frame's slot has no value: the page is drawn without it"
            );
            return None;
        };
        html.push_str(&rest[..start]);
        if mark.encoded {
            let encoded = percent_encoding::utf8_percent_encode(value, URI_COMPONENT).to_string();
            html.push_str(&escape(&encoded));
        } else {
            html.push_str(&escape(value));
        }
        rest = &after[len + mark.close.len()..];
    }
    html.push_str(rest);
    Some(html)
}

/// How a slot is marked in a frame's template (ui/src/prerender/frame-template.ts `slot`).
struct SlotMark {
    open: &'static str,
    close: &'static str,
    /// The mark as `encodeURIComponent` writes it.
    encoded: bool,
}

const SLOT_MARKS: [SlotMark; 2] = [
    SlotMark {
        open: "{{onda:",
        close: "}}",
        encoded: false,
    },
    SlotMark {
        open: "%7B%7Bonda%3A",
        close: "%7D%7D",
        encoded: true,
    },
];

/// The first slot's position in `html` and its mark.
fn next_slot(html: &str) -> Option<(usize, &'static SlotMark)> {
    SLOT_MARKS
        .iter()
        .filter_map(|mark| html.find(mark.open).map(|start| (start, mark)))
        .min_by_key(|(start, _)| *start)
}

/// What `encodeURIComponent` leaves as it is: letters, digits and `-_.!~*'()`.
const URI_COMPONENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// The item whose React Router pattern matches `path` best ([`pattern_rank`]).
fn best_match<'a, T>(items: &'a [T], pattern: impl Fn(&T) -> &str, path: &str) -> Option<&'a T> {
    items
        .iter()
        .filter_map(|item| pattern_rank(pattern(item), path).map(|rank| (rank, item)))
        .max_by_key(|(rank, _)| *rank)
        .map(|(_, item)| item)
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
                let mut html = format!("<header>{layout}</header><main>PAGE</main>");
                if key.starts_with("hunt") {
                    html.push_str("<aside>SLOT</aside>");
                }
                if key.ends_with("cookie") {
                    html.push_str("<div data-testid=\"cookie-notice\"></div>");
                }
                if key.starts_with("hunt") || key == "plain" {
                    let bar =
                        "<footer>{{onda:song}} – {{onda:artist}} <img src=\"{{onda:coverSmall}}\"></footer>";
                    map.insert(format!("{key}+song"), format!("{html}{bar}").into());
                }
                map.insert(key.to_owned(), html.into());
            }
            // The station's header, as the build writes its templates: the logo in two places,
            // the top bar's text or React's default, 'Entrar' for an anonymous visit.
            let header = |song: bool| {
                let mut pieces = vec![
                    piece("<nav><img src=\"{{onda:logoUrl}}\" alt=\"{{onda:logoAlt}}\">"),
                    FramePiece {
                        html: "<a>{{onda:topBarText}}</a>".into(),
                        when: Some("headerBarText".into()),
                        otherwise: "<a>Ouça a {{onda:stationName}} ao vivo</a>".into(),
                    },
                    FramePiece {
                        html: "<button>Entrar</button>".into(),
                        when: Some("anonymous".into()),
                        otherwise: String::new(),
                    },
                    piece(&format!("</nav><header>{layout}</header><main>PAGE</main>")),
                ];
                if song {
                    pieces.push(piece(
                        "<footer>{{onda:song}} <img src=\"{{onda:logoUrl}}\"></footer>",
                    ));
                }
                ShellVariant::Template(pieces)
            };
            map.insert("plain+station".into(), header(false));
            map.insert("plain+song+station".into(), header(true));
            map
        };
        PrerenderedShell {
            consent_cookie: "a1_cookieConsent".into(),
            hunt_path: "/caca-ao-tesouro".into(),
            hunt_message_slot: "SLOT".into(),
            page_slot: "PAGE".into(),
            page_frames: vec![
                PageFrame {
                    path: "/".into(),
                    data: FrameSource::Station,
                    mobile: vec![piece("<h1>{{onda:stationName}}</h1><p>phone</p>")],
                    desktop: vec![piece("<h1>{{onda:stationName}}</h1><p>wide</p>")],
                },
                PageFrame {
                    path: "/noticias/:slug".into(),
                    data: FrameSource::NewsItem,
                    mobile: news_frame(),
                    desktop: news_frame(),
                },
            ],
            deferred_scripts_id: "onda-deferred-scripts".into(),
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

    fn piece(html: &str) -> FramePiece {
        FramePiece {
            html: html.into(),
            when: None,
            otherwise: String::new(),
        }
    }

    /// A news item's frame as the build writes it: a title, an optional subtitle, a cover whose
    /// text is the caption or else the title.
    fn news_frame() -> Vec<FramePiece> {
        vec![
            piece("<h1>{{onda:title}}</h1>"),
            FramePiece {
                html: "<p>{{onda:subtitle}}</p>".into(),
                when: Some("subtitle".into()),
                otherwise: String::new(),
            },
            piece("<img src=\"{{onda:imageNew}}\" alt=\"{{onda:"),
            FramePiece {
                html: "imageCaption}}\"><figcaption>{{onda:imageCaption}}</figcaption>".into(),
                when: Some("caption".into()),
                otherwise: "title}}\">".into(),
            },
        ]
    }

    fn news_fill(parts: &[&'static str]) -> FrameFill {
        FrameFill {
            source: FrameSource::NewsItem,
            slots: [
                ("title", "Chuva & \"frio\" {{onda:subtitle}}"),
                ("subtitle", "Frente fria"),
                ("imageNew", "/media/a.jpg"),
                ("imageCaption", "Foto: <Ana>"),
            ]
            .into_iter()
            .map(|(name, value)| (name.to_owned(), value.to_owned()))
            .collect(),
            parts: parts.to_vec(),
        }
    }

    /// A visit from a desktop browser to `path`, the station's name known.
    fn links(shell: &PrerenderedShell, path: &str) -> String {
        shell.page_preload_links(&Visit {
            path,
            headers: &HeaderMap::new(),
            hunt_message: None,
            station_name: Some("Rádio"),
            page_data: None,
            song_on_air: None,
            station_header: None,
        })
    }

    #[test]
    fn a_page_s_scripts_are_preloaded_by_the_best_matching_pattern() {
        let shell = shell();
        let links = links(&shell, "/noticias/show-de-mpb");
        assert_eq!(
            links,
            "<link rel=\"modulepreload\" crossorigin fetchpriority=\"low\" href=\"/assets/Item.js\">\
             <link rel=\"modulepreload\" crossorigin fetchpriority=\"low\" href=\"/assets/shared.js\">"
        );
        let mut with_styles = self::shell();
        with_styles.page_preloads[1].styles = vec!["assets/Tags.css".into()];
        assert!(self::links(&with_styles, "/noticias/tags").starts_with(
            "<link rel=\"preload\" as=\"style\" crossorigin fetchpriority=\"low\" href=\"/assets/Tags.css\">\
             <link rel=\"modulepreload\""
        ));
        // A literal segment ranks before a parameter, as in React Router.
        assert!(self::links(&shell, "/noticias/tags").contains("Tags.js"));
        assert!(self::links(&shell, "/noticias/tags/mpb").contains("Tag.js"));
        assert!(self::links(&shell, "/").contains("Home.js"));
        for none in [
            "/noticias",
            "/noticias/",
            "/noticias/a/b/c",
            "/Noticias/x",
            "/outra",
        ] {
            assert_eq!(self::links(&shell, none), "", "{none}");
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
            station_name: Some("Rádio <Onda>"),
            page_data: None,
            song_on_air: None,
            station_header: None,
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
                station_name: None,
                page_data: None,
                song_on_air: None,
                station_header: None,
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
    fn a_page_drawn_by_the_build_fills_main_with_the_station_s_name_and_links_its_styles() {
        let home = html("/", Some("a1_cookieConsent=1"), None);
        assert!(
            home.contains("<main><h1>Rádio &lt;Onda&gt;</h1><p>wide</p></main>"),
            "{home}"
        );
        assert!(!home.contains("{{onda:") && !home.contains("PAGE"));
        // Other pages, and a page whose name React would not draw, get an empty <main>.
        assert!(html("/noticias", None, None).contains("<main></main>"));
        let mut headers = HeaderMap::new();
        headers.insert("sec-ch-ua-mobile", HeaderValue::from_static("?1"));
        let visit = |station_name| Visit {
            path: "/",
            headers: &headers,
            hunt_message: None,
            station_name,
            page_data: None,
            song_on_air: None,
            station_header: None,
        };
        let mut shell = shell();
        assert!(
            shell
                .html(&visit(Some("R")))
                .contains("<main><h1>R</h1><p>phone</p></main>")
        );
        assert!(shell.html(&visit(None)).contains("<main></main>"));
        // The drawn screen's styles are linked (the paint waits for them), not only preloaded.
        shell.page_preloads[0].styles = vec!["assets/Home.css".into()];
        assert!(
            shell
                .page_preload_links(&visit(Some("R")))
                .starts_with("<link rel=\"stylesheet\" crossorigin href=\"/assets/Home.css\">")
        );
        assert!(
            shell
                .page_preload_links(&visit(None))
                .starts_with("<link rel=\"preload\" as=\"style\"")
        );
    }

    #[test]
    fn a_news_item_s_frame_takes_its_parts_and_escaped_texts() {
        let headers = HeaderMap::new();
        let draw = |path, fill: Option<&FrameFill>| {
            let page = shell().html(&Visit {
                path,
                headers: &headers,
                hunt_message: None,
                station_name: Some("Rádio"),
                page_data: fill,
                song_on_air: None,
                station_header: None,
            });
            let start = page.find("<main>").unwrap() + "<main>".len();
            page[start..page.find("</main>").unwrap()].to_owned()
        };
        let full = news_fill(&["subtitle", "caption"]);
        // A value holding a slot's mark is written as it is, not filled in again.
        assert_eq!(
            draw("/noticias/chuva", Some(&full)),
            "<h1>Chuva &amp; &quot;frio&quot; {{onda:subtitle}}</h1><p>Frente fria</p>\
             <img src=\"/media/a.jpg\" alt=\"Foto: &lt;Ana&gt;\"><figcaption>Foto: &lt;Ana&gt;</figcaption>"
        );
        assert_eq!(
            draw("/noticias/chuva", Some(&news_fill(&[]))),
            "<h1>Chuva &amp; &quot;frio&quot; {{onda:subtitle}}</h1>\
             <img src=\"/media/a.jpg\" alt=\"Chuva &amp; &quot;frio&quot; {{onda:subtitle}}\">"
        );
        // No item (a category page, an item the frame cannot draw): nothing drawn; nor with
        // another page's data.
        assert_eq!(draw("/noticias/esportes", None), "");
        let other = FrameFill {
            source: FrameSource::MusicList,
            ..full.clone()
        };
        assert_eq!(draw("/noticias/chuva", Some(&other)), "");
        // A slot without a value draws nothing rather than a frame React would replace with a jump.
        let mut missing = news_fill(&["caption"]);
        missing.slots.retain(|(name, _)| name != "imageCaption");
        assert_eq!(draw("/noticias/chuva", Some(&missing)), "");
    }

    #[test]
    fn a_slot_inside_a_link_is_filled_encoded_as_the_page_encodes_it() {
        let pieces = vec![piece(
            "<h1>{{onda:title}}</h1><a href=\"https://x.example/?t=%7B%7Bonda%3Atitle%7D%7D%20na%20%7B%7Bonda%3AstationName%7D%7D&amp;u=%7B%7Bonda%3AimageNew%7D%7D\">",
        )];
        let fill = news_fill(&[]);
        // encodeURIComponent's set: `*'()!~-_.` stay; the rest, and every byte of a letter with an
        // accent, is encoded; then the whole is HTML-escaped (a `'` is written as an entity). The
        // value's own slot mark is written as it is, encoded, not filled in again.
        assert_eq!(
            fill_frame(&pieces, Some(&fill), "Rádio (Onda)'s").unwrap(),
            "<h1>Chuva &amp; &quot;frio&quot; {{onda:subtitle}}</h1><a href=\"https://x.example/?t=\
             Chuva%20%26%20%22frio%22%20%7B%7Bonda%3Asubtitle%7D%7D%20na%20R%C3%A1dio%20(Onda)&#39;s\
             &amp;u=%2Fmedia%2Fa.jpg\">"
        );
        let mut missing = news_fill(&[]);
        missing.slots.retain(|(name, _)| name != "imageNew");
        assert_eq!(fill_frame(&pieces, Some(&missing), "Rádio"), None);
    }

    #[test]
    fn a_drawn_page_s_scripts_wait_in_a_template() {
        let shell = shell();
        let headers = HeaderMap::new();
        let fill = news_fill(&[]);
        let visit = |path, page_data| Visit {
            path,
            headers: &headers,
            hunt_message: None,
            station_name: Some("Rádio"),
            page_data,
            song_on_air: None,
            station_header: None,
        };
        assert_eq!(
            shell.deferred_scripts_id(&visit("/", None)),
            Some("onda-deferred-scripts")
        );
        assert_eq!(
            shell.deferred_scripts_id(&visit("/noticias/chuva", Some(&fill))),
            Some("onda-deferred-scripts")
        );
        assert_eq!(shell.deferred_scripts_id(&visit("/noticias/chuva", None)), None);
        // A frame that cannot be filled is not drawn: the page is React's, its scripts stay.
        let mut short = news_fill(&["caption"]);
        short.slots.retain(|(name, _)| name != "imageCaption");
        assert_eq!(
            shell.deferred_scripts_id(&visit("/noticias/chuva", Some(&short))),
            None
        );
        assert_eq!(shell.deferred_scripts_id(&visit("/musicas", None)), None);

        let page = "<html><head><title>x</title>\
            <script type=\"module\" crossorigin src=\"/assets/index.js\"></script>\
            <link rel=\"modulepreload\" crossorigin href=\"/assets/boot.js\">\
            <link rel=\"stylesheet\" href=\"/assets/boot.css\">\
            <link rel=\"modulepreload\" crossorigin fetchpriority=\"low\" href=\"/assets/Home.js\">\
            </head><body><link rel=\"modulepreload\" href=\"/body.js\"></body></html>";
        assert_eq!(
            defer_module_preloads(page, "later"),
            "<html><head><title>x</title>\
            <script type=\"module\" crossorigin src=\"/assets/index.js\"></script>\
            <link rel=\"stylesheet\" href=\"/assets/boot.css\">\
            <template id=\"later\"><link rel=\"modulepreload\" crossorigin href=\"/assets/boot.js\">\
            <link rel=\"modulepreload\" crossorigin fetchpriority=\"low\" href=\"/assets/Home.js\"></template>\
            </head><body><link rel=\"modulepreload\" href=\"/body.js\"></body></html>"
        );
        let plain = "<html><head><title>x</title></head><body></body></html>";
        assert_eq!(defer_module_preloads(plain, "later"), plain);
    }

    #[test]
    fn the_frame_is_painted_once_it_is_parsed_whole() {
        let page = "<html><head><title>x</title></head><body><div id=\"root\"></div></body></html>";
        assert_eq!(
            place_frame(page, "<header>Rádio</header>"),
            "<html><head><title>x</title>\
            <link rel=\"expect\" href=\"#onda-frame-end\" blocking=\"render\"></head><body>\
            <div id=\"root\"><header>Rádio</header></div><template id=\"onda-frame-end\"></template>\
            </body></html>"
        );
        // The 404 page's `#root` has a body of its own: no frame, and no paint held for one.
        let own = "<html><head></head><body><div id=\"root\"><h1>404</h1></div></body></html>";
        assert_eq!(place_frame(own, "<header>Rádio</header>"), own);
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

    fn song(song: &str, artist: &str) -> FrameFill {
        FrameFill {
            source: FrameSource::Live,
            slots: vec![
                ("song".into(), song.into()),
                ("artist".into(), artist.into()),
                ("coverSmall".into(), "/media/c.svg".into()),
            ],
            parts: Vec::new(),
        }
    }

    #[test]
    fn the_player_bar_in_the_frame_draws_the_song_on_air() {
        let mut consent = HeaderMap::new();
        consent.insert(header::COOKIE, HeaderValue::from_static("a1_cookieConsent=1"));
        let on_air = song("Ascolta <il> tuo cuore", "Laura & Pausini");
        let visit = |path, hunt_message, song_on_air| Visit {
            path,
            headers: &consent,
            hunt_message,
            station_name: Some("Onda FM"),
            page_data: None,
            song_on_air,
            station_header: None,
        };
        let html = shell().html(&visit("/contato", None, Some(&on_air)));
        assert!(
            html.contains(
                "<footer>Ascolta &lt;il&gt; tuo cuore – Laura &amp; Pausini <img src=\"/media/c.svg\"></footer>"
            ),
            "{html}"
        );
        // Between songs: the variant without it.
        let html = shell().html(&visit("/contato", None, None));
        assert!(!html.contains("<footer>"), "{html}");
        // A hunt message is written after the song's slots: a mark in it stays as it is.
        let html = shell().html(&visit("/contato", Some("ache {{onda:song}}"), Some(&on_air)));
        assert!(html.contains("<aside>ache {{onda:song}}</aside>"), "{html}");
        assert!(html.contains("<footer>Ascolta &lt;il&gt;"), "{html}");
        // A build without the variant (here the cookie notice's), or a song lacking a slot: the
        // variant without the song.
        let html = shell().html(&Visit {
            headers: &HeaderMap::new(),
            ..visit("/contato", None, Some(&on_air))
        });
        assert!(
            html.contains("cookie-notice") && !html.contains("<footer>"),
            "{html}"
        );
        let mut no_cover = song("a", "b");
        no_cover.slots.pop();
        let html = shell().html(&visit("/contato", None, Some(&no_cover)));
        assert!(!html.contains("<footer>") && !html.contains("{{onda:"), "{html}");
    }

    #[test]
    fn the_header_in_the_frame_is_the_station_s() {
        let mut consent = HeaderMap::new();
        consent.insert(header::COOKIE, HeaderValue::from_static("a1_cookieConsent=1"));
        let station = |text: Option<&str>, anonymous: bool| {
            let mut slots = vec![
                ("logoUrl".to_owned(), "/media/logo.svg".to_owned()),
                ("logoAlt".to_owned(), "Onda & Cia".to_owned()),
            ];
            let mut parts = Vec::new();
            if let Some(text) = text {
                slots.push(("topBarText".to_owned(), text.to_owned()));
                parts.push("headerBarText");
            }
            if anonymous {
                parts.push("anonymous");
            }
            FrameFill {
                source: FrameSource::Station,
                slots,
                parts,
            }
        };
        let on_air = song("Garota", "Tom");
        let visit = |header, song_on_air| Visit {
            path: "/contato",
            headers: &consent,
            hunt_message: None,
            station_name: Some("Rádio <Onda>"),
            page_data: None,
            song_on_air,
            station_header: header,
        };
        let full = station(Some("Ouça <já>"), true);
        let html = shell().html(&visit(Some(&full), None));
        assert!(
            html.contains(
                "<nav><img src=\"/media/logo.svg\" alt=\"Onda &amp; Cia\"><a>Ouça &lt;já&gt;</a><button>Entrar</button></nav>"
            ),
            "{html}"
        );
        // No text: React's default, with the station's name; a session: no 'Entrar'.
        let bare = station(None, false);
        let html = shell().html(&visit(Some(&bare), None));
        assert!(
            html.contains("<a>Ouça a Rádio &lt;Onda&gt; ao vivo</a></nav>"),
            "{html}"
        );
        // With the song on air: both, in the one template.
        let html = shell().html(&visit(Some(&full), Some(&on_air)));
        assert!(
            html.contains("<button>Entrar</button>")
                && html.contains("<footer>Garota <img src=\"/media/logo.svg\"></footer>"),
            "{html}"
        );
        // Without the station's header: the variant drawn without it, with the song or not.
        let html = shell().html(&visit(None, Some(&on_air)));
        assert!(
            !html.contains("<nav>") && html.contains("<footer>Garota – Tom"),
            "{html}"
        );
        // A header missing a slot's value falls back the same way, never leaving a mark.
        let mut no_logo = station(Some("x"), true);
        no_logo.slots.remove(0);
        let html = shell().html(&visit(Some(&no_logo), None));
        assert!(!html.contains("<nav>") && !html.contains("{{onda:"), "{html}");
        // A build without the template (the cookie notice's variants here): the plain variant.
        let html = shell().html(&Visit {
            headers: &HeaderMap::new(),
            ..visit(Some(&full), None)
        });
        assert!(
            html.contains("cookie-notice") && !html.contains("<nav>"),
            "{html}"
        );
    }

    #[test]
    fn a_page_takes_from_the_shell_what_each_part_would_give() {
        let headers = HeaderMap::new();
        let fill = news_fill(&[]);
        let on_air = song("a", "b");
        for (path, page_data, song_on_air) in [
            ("/", None, None),
            ("/noticias/x", Some(&fill), Some(&on_air)),
            ("/noticias/x", None, None),
            ("/contato", None, Some(&on_air)),
        ] {
            let visit = Visit {
                path,
                headers: &headers,
                hunt_message: Some("Ache o baú"),
                station_name: Some("Rádio"),
                page_data,
                song_on_air,
                station_header: None,
            };
            let page = shell().page(&visit);
            assert_eq!(page.html, shell().html(&visit), "{path}");
            assert_eq!(page.preload_links, shell().page_preload_links(&visit), "{path}");
            assert_eq!(
                page.deferred_scripts_id.as_deref(),
                shell().deferred_scripts_id(&visit),
                "{path}"
            );
        }
    }
}
