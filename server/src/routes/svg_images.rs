//! Generated media: the station logo and the images of the demo content. Everything here is produced
//! by the server itself, so the embedded default needs no network and no image files.
//!
//! `GET /media/img/{kind}/{slug}.svg` draws a deterministic SVG for a row of the content tables: the
//! colours, the background pattern and the composition come from a hash of the slug, the pictogram
//! from the kind and the row (a news item's category, an advertiser's segment), so the same URL always
//! gives the same picture and an unknown slug answers 404.
//!
//! The pictures carry no text. Every page prints the title next to its picture, so a title
//! drawn into the image showed twice, and thumbnails, the news hero and album covers crop the image
//! ("ECONOMI"). The subject is drawn instead, centred so that a crop keeps it: a category pictogram,
//! an abstract portrait, a vinyl record, a microphone. The row's title is only the accessible name.

mod icons;

use std::fmt::Write;

use axum::{
    extract::State,
    http::header,
    response::{IntoResponse, Response},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use self::icons::Icon;
use crate::{
    AppState, Error, Result, data::settings::wordmark_size, extract::ApiPath, html::escape, openapi::tags,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(logo)).routes(routes!(image))
}

/// The station's wordmark: a sound-wave badge and the configured name.
#[utoipa::path(get, path = "/media/logo.svg", tag = tags::MEDIA,
    responses((status = 200, description = "The logo", content_type = "image/svg+xml")))]
async fn logo(State(state): State<AppState>) -> impl IntoResponse {
    let name = escape(&state.config.station_name);
    // The size the pages reserve for it (the app parameters' logo) is the one drawn here.
    let (width, height) = wordmark_size(&state.config.station_name);
    // An SVG used as an <img> cannot load the page's web fonts: textLength makes whatever font the
    // browser falls back to fill exactly the space reserved here, instead of overflowing the viewBox.
    let text_width = width - 64 - 4;
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{name}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff7a18"/><stop offset="1" stop-color="#d6246e"/></linearGradient></defs>
<circle cx="28" cy="28" r="26" fill="url(#g)"/>
<path d="M12 30c4-10 8-10 12 0s8 10 12 0 8-10 10-4" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>
<text x="64" y="38" font-family="Inter, 'Helvetica Neue', Arial, sans-serif" font-size="30" font-weight="800" fill="#1f1f2e" textLength="{text_width}" lengthAdjust="spacingAndGlyphs">{name}</text>
</svg>"##
    );
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        svg,
    )
}

/// What a picture of a kind shows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    /// Editorial cover: the category's pictogram.
    Cover,
    /// Person: an abstract head-and-shoulders silhouette.
    Portrait,
    /// Record sleeve: a vinyl record.
    Album,
    /// Podcast art: a microphone (a collection: headphones) in sound waves.
    Show,
    /// Any other card: an emblem of what it is.
    Card(Emblem),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Emblem {
    /// A video: a play button on a film strip.
    Play,
    /// A programme of the schedule.
    Radio,
    /// An institutional partner.
    Partner,
    /// An advertiser: its segment's pictogram.
    Segment,
    /// A commercial spot: a loudspeaker in sound bars.
    Spot,
    /// A promotion: a prize pictogram, and a crown when it is for PRO subscribers.
    Promotion,
    /// A stream: a broadcast mast in the stream's colour.
    Broadcast,
    /// A treasure-hunt prize.
    Gift,
}

struct Kind {
    name: &'static str,
    width: u32,
    height: u32,
    style: Style,
    /// Two TEXT columns of the row with slug `$1`: the title (the accessible name) and a hint for the
    /// drawing (category, segment, colour, PRO flag).
    sql: &'static str,
}

const fn kind(name: &'static str, width: u32, height: u32, style: Style, sql: &'static str) -> Kind {
    Kind {
        name,
        width,
        height,
        style,
        sql,
    }
}

const NEWS_SQL: &str = "SELECT n.title, c.slug FROM news n JOIN news_categories c ON c.id = n.category_id \
                        WHERE n.slug = $1";
const ARTIST_SQL: &str = "SELECT name, country FROM artists WHERE slug = $1";
const ALBUM_SQL: &str = "SELECT al.name, ar.name FROM albums al JOIN artists ar ON ar.id = al.artist_id \
                         WHERE al.slug = $1";
const PODCAST_SQL: &str = "SELECT name, subtitle FROM podcast_shows WHERE slug = $1";
const CLIENT_SQL: &str = "SELECT name, segment FROM clients WHERE slug = $1";
const SPOT_SQL: &str =
    "SELECT s.name, c.segment FROM spots s JOIN clients c ON c.id = s.client_id WHERE s.slug = $1";
const PROMOTION_SQL: &str = "SELECT title, CAST(is_pro AS TEXT) FROM promotions WHERE slug = $1";

const JOURNALIST_SQL: &str = "SELECT name, slug FROM journalists WHERE slug = $1";
const COLLECTION_SQL: &str = "SELECT name, meta_key FROM podcast_collections WHERE alias = $1 OR slug = $1";
const VIDEO_SQL: &str = "SELECT title, slug FROM videos WHERE slug = $1";
const PROGRAM_SQL: &str = "SELECT title, host FROM programs WHERE slug = $1";
const PARTNER_SQL: &str = "SELECT name, slug FROM partners WHERE slug = $1";
const STREAM_SQL: &str = "SELECT name, color FROM streams WHERE stream_id = $1";
const PRIZE_SQL: &str = "SELECT name, slug FROM hunt_prizes WHERE slug = $1";

const KINDS: &[Kind] = &[
    kind("news", 1200, 675, Style::Cover, NEWS_SQL),
    kind("news-wide", 1600, 600, Style::Cover, NEWS_SQL),
    kind("journalist", 400, 400, Style::Portrait, JOURNALIST_SQL),
    kind("artist", 800, 800, Style::Portrait, ARTIST_SQL),
    kind("artist-banner", 1600, 500, Style::Portrait, ARTIST_SQL),
    kind("album", 1000, 1000, Style::Album, ALBUM_SQL),
    kind("album-small", 150, 150, Style::Album, ALBUM_SQL),
    kind("podcast", 600, 600, Style::Show, PODCAST_SQL),
    kind("podcast-wide", 1200, 500, Style::Show, PODCAST_SQL),
    kind("collection", 600, 600, Style::Show, COLLECTION_SQL),
    kind("video", 640, 360, Style::Card(Emblem::Play), VIDEO_SQL),
    kind("program", 800, 450, Style::Card(Emblem::Radio), PROGRAM_SQL),
    kind("partner", 400, 200, Style::Card(Emblem::Partner), PARTNER_SQL),
    kind("client", 400, 400, Style::Card(Emblem::Segment), CLIENT_SQL),
    kind("client-wide", 400, 200, Style::Card(Emblem::Segment), CLIENT_SQL),
    kind(
        "client-large",
        1000,
        1000,
        Style::Card(Emblem::Segment),
        CLIENT_SQL,
    ),
    kind("spot", 400, 400, Style::Card(Emblem::Spot), SPOT_SQL),
    kind("spot-wide", 400, 200, Style::Card(Emblem::Spot), SPOT_SQL),
    kind("spot-large", 1000, 1000, Style::Card(Emblem::Spot), SPOT_SQL),
    kind(
        "promotion",
        800,
        800,
        Style::Card(Emblem::Promotion),
        PROMOTION_SQL,
    ),
    kind(
        "promotion-wide",
        1280,
        720,
        Style::Card(Emblem::Promotion),
        PROMOTION_SQL,
    ),
    kind(
        "promotion-banner",
        1200,
        400,
        Style::Card(Emblem::Promotion),
        PROMOTION_SQL,
    ),
    kind(
        "promotion-hero",
        1920,
        640,
        Style::Card(Emblem::Promotion),
        PROMOTION_SQL,
    ),
    kind("stream", 300, 300, Style::Card(Emblem::Broadcast), STREAM_SQL),
    kind("prize", 300, 300, Style::Card(Emblem::Gift), PRIZE_SQL),
];

/// The size of the generated picture at `url` (`/media/img/{kind}/{slug}.svg`): its kind's. `None`
/// for another address or an unknown kind.
pub fn picture_size(url: &str) -> Option<(u32, u32)> {
    let (kind, file) = url.strip_prefix("/media/img/")?.split_once('/')?;
    file.strip_suffix(".svg")?;
    let kind = KINDS.iter().find(|candidate| candidate.name == kind)?;
    Some((kind.width, kind.height))
}

/// A generated picture of a content row (news, artist, album, podcast, client, promotion...).
#[utoipa::path(get, path = "/media/img/{kind}/{file}", tag = tags::MEDIA,
    params(
        ("kind" = String, Path, pattern = "^(news|news-wide|journalist|artist|artist-banner|album|album-small|podcast|podcast-wide|collection|video|program|partner|client|client-wide|client-large|spot|spot-wide|spot-large|promotion|promotion-wide|promotion-banner|promotion-hero|stream|prize)$",
            description = "news, news-wide, journalist, artist, artist-banner, album, \
            album-small, podcast, podcast-wide, collection, video, program, partner, client, client-wide, \
            client-large, spot, spot-wide, spot-large, promotion, promotion-wide, promotion-banner, \
            promotion-hero, stream or prize; anything else: 404"),
        ("file" = String, Path, pattern = "^[^/]+\\.svg$", description = "`{slug}.svg`; unknown: 404"),
    ),
    responses((status = 200, description = "The picture", content_type = "image/svg+xml")))]
async fn image(
    State(state): State<AppState>,
    ApiPath((kind, file)): ApiPath<(String, String)>,
) -> Result<Response> {
    let not_found = || Error::not_found("image not found");
    let slug = file.strip_suffix(".svg").ok_or_else(not_found)?;
    let kind = KINDS
        .iter()
        .find(|candidate| candidate.name == kind)
        .ok_or_else(not_found)?;
    let row: Option<(String, String)> = sqlx::query_as(kind.sql)
        .bind(slug)
        .fetch_optional(&state.db.pool)
        .await?;
    let (title, hint) = row.ok_or_else(not_found)?;
    let svg = render(kind, slug, &title, &hint);
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        svg,
    )
        .into_response())
}

/// Gradient pairs, picked by the slug's hash.
const PALETTES: &[(&str, &str)] = &[
    ("#ff5f1f", "#c2185b"),
    ("#6a11cb", "#2575fc"),
    ("#11998e", "#2bb673"),
    ("#fc466b", "#3f5efb"),
    ("#f7971e", "#e2a200"),
    ("#0f2027", "#2c5364"),
    ("#ee0979", "#ff6a00"),
    ("#8e2de2", "#4a00e0"),
    ("#00897b", "#7cb342"),
    ("#e65c00", "#c99a06"),
    ("#1d2b64", "#8e6f9e"),
    ("#c31432", "#240b36"),
    ("#134e5e", "#4f9a6e"),
    ("#ff512f", "#dd2476"),
    ("#3a1c71", "#d76d77"),
    ("#005c97", "#363795"),
];

/// Appends formatted SVG to a `String` (writing to a `String` cannot fail).
macro_rules! put {
    ($svg:expr, $($arg:tt)*) => {{
        let _ = write!($svg, $($arg)*);
    }};
}

fn render(kind: &Kind, slug: &str, title: &str, hint: &str) -> String {
    // The same entity looks the same in every size (album and album-small, client and client-wide).
    let (mut from, to) = PALETTES[(fnv("palette", slug) % PALETTES.len() as u64) as usize];
    if kind.name == "stream" && is_colour(hint) {
        from = hint;
    }
    let (w, h) = (f64::from(kind.width), f64::from(kind.height));
    let short = w.min(h);
    let wide = w > h * 1.4;
    let mut svg = String::with_capacity(4096);
    // An <img> takes its text from its alt; opened on its own, the picture is named by its row.
    put!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" aria-label="{}">"#,
        escape(title)
    );
    background(&mut svg, slug, from, to, w, h);

    match kind.style {
        Style::Cover => {
            let icon = category_icon(hint);
            watermark(&mut svg, icon, slug, w, h);
            emblem(&mut svg, icon, w / 2.0, h / 2.0, h * 0.22);
        }
        Style::Portrait => {
            // A banner keeps the person on its right, away from the name the page sets on its left.
            let cx = if wide { w * 0.74 } else { w / 2.0 };
            portrait(&mut svg, fnv("portrait", slug), cx, h, short);
        }
        Style::Album => album(&mut svg, fnv("layout", slug), from, to, w, h),
        Style::Show => {
            let icon = if kind.name == "collection" {
                icons::HEADPHONES
            } else {
                icons::MICROPHONE
            };
            let (cx, cy, r) = (w / 2.0, h / 2.0, short * 0.2);
            sound_waves(&mut svg, cx, cy, r);
            emblem(&mut svg, icon, cx, cy, r);
        }
        Style::Card(kind_emblem) => {
            let (cx, cy) = (w / 2.0, h / 2.0);
            let r = short * if wide { 0.28 } else { 0.22 };
            match kind_emblem {
                Emblem::Play => {
                    film_strip(&mut svg, w, h);
                    play_button(&mut svg, from, cx, cy, r);
                }
                Emblem::Spot | Emblem::Broadcast | Emblem::Radio => {
                    let icon = match kind_emblem {
                        Emblem::Spot => icons::SPEAKERPHONE,
                        Emblem::Broadcast => icons::BROADCAST,
                        _ => icons::RADIO,
                    };
                    equaliser(&mut svg, fnv("bars", slug), w, h);
                    emblem(&mut svg, icon, cx, cy, r);
                }
                Emblem::Partner | Emblem::Segment | Emblem::Promotion | Emblem::Gift => {
                    let icon = match kind_emblem {
                        Emblem::Partner => icons::HANDSHAKE,
                        Emblem::Segment => segment_icon(hint, slug),
                        Emblem::Promotion => [
                            icons::GIFT,
                            icons::TROPHY,
                            icons::TICKET,
                            icons::CONFETTI,
                            icons::STAR,
                        ][(fnv("prize", slug) % 5) as usize],
                        _ => icons::GIFT,
                    };
                    watermark(&mut svg, icon, slug, w, h);
                    emblem(&mut svg, icon, cx, cy, r);
                }
            }
            if kind_emblem == Emblem::Promotion && hint == "1" {
                pro_badge(&mut svg, w, short);
            }
        }
    }
    svg.push_str("</svg>");
    svg
}

fn is_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].chars().all(|c| c.is_ascii_hexdigit())
}

/// A news category's pictogram (its slug, `seed::shell::CATEGORIES`).
fn category_icon(category: &str) -> Icon {
    match category {
        "carros" => icons::CAR,
        "economia" => icons::CHART,
        "mundo" => icons::WORLD,
        "musica" => icons::MUSIC,
        "politica" => icons::CAPITOL,
        "saude" => icons::HEARTBEAT,
        "tecnologia" => icons::CPU,
        "cotidiano" => icons::CITY,
        "cinema" => icons::MOVIE,
        "moda" => icons::HANGER,
        "gastronomia" => icons::KITCHEN,
        "viagem" => icons::PLANE,
        "podcast" => icons::MICROPHONE,
        "outros" => icons::SPARKLES,
        _ => icons::NEWS,
    }
}

/// An advertiser's segment (G45) as a pictogram; two of them vary with the business.
fn segment_icon(segment: &str, slug: &str) -> Icon {
    let either = fnv("segment", slug).is_multiple_of(2);
    match segment {
        "Automotivo" => icons::CAR,
        "Alimentos e Bebidas" if either => icons::COFFEE,
        "Alimentos e Bebidas" => icons::KITCHEN,
        "Turismo" if either => icons::PLANE,
        "Turismo" => icons::BEACH,
        "Cultura e Entretenimento" => icons::THEATER,
        "Serviços" => icons::BRIEFCASE,
        _ => icons::STORE,
    }
}

/// A small deterministic generator (xorshift) for placing shapes.
struct Dice(u64);

impl Dice {
    /// A number in [0, 1).
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % 10_000) as f64 / 10_000.0
    }
}

/// The gradient, a soft light and a pattern, all chosen by the slug.
fn background(svg: &mut String, slug: &str, from: &str, to: &str, w: f64, h: f64) {
    let (x1, y1, x2, y2) =
        [(0, 0, 1, 1), (0, 0, 1, 0), (0, 0, 0, 1), (1, 0, 0, 1)][(fnv("angle", slug) % 4) as usize];
    let mut dice = Dice(fnv("light", slug) | 1);
    let (lx, ly) = (0.15 + dice.next() * 0.7, 0.05 + dice.next() * 0.4);
    put!(
        svg,
        r##"<defs><linearGradient id="bg" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"><stop offset="0" stop-color="{from}"/><stop offset="1" stop-color="{to}"/></linearGradient><radialGradient id="light" cx="{lx:.2}" cy="{ly:.2}" r="0.75"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>"##
    );
    put!(
        svg,
        r#"<rect width="{w}" height="{h}" fill="url(#bg)"/><rect width="{w}" height="{h}" fill="url(#light)"/>"#
    );
    pattern(svg, fnv("pattern", slug), w, h);
}

/// Decorative shapes: bubbles, waves, stripes, rings, a dot grid or confetti, placed by the hash.
fn pattern(svg: &mut String, seed: u64, w: f64, h: f64) {
    let short = w.min(h);
    let mut dice = Dice(seed | 1);
    match seed % 6 {
        0 => {
            for _ in 0..5 {
                put!(
                    svg,
                    r##"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="#fff" fill-opacity="{:.2}"/>"##,
                    dice.next() * w,
                    dice.next() * h,
                    short * (0.12 + dice.next() * 0.35),
                    0.05 + dice.next() * 0.08
                );
            }
        }
        1 => {
            for index in 0..4 {
                let y = h * (0.2 + f64::from(index) * 0.2);
                let a = short * (0.05 + dice.next() * 0.08);
                put!(
                    svg,
                    r##"<path d="M0 {y:.1}C{c1:.1} {y1:.1} {c2:.1} {y2:.1} {w} {y:.1}" fill="none" stroke="#fff" stroke-opacity="{o:.2}" stroke-width="{sw:.1}"/>"##,
                    c1 = w * 0.3,
                    c2 = w * 0.7,
                    y1 = y - a * 2.0,
                    y2 = y + a * 2.0,
                    o = 0.1 + dice.next() * 0.12,
                    sw = short * (0.01 + dice.next() * 0.02)
                );
            }
        }
        2 => {
            let step = short * (0.12 + dice.next() * 0.08);
            let mut x = -h;
            while x < w {
                put!(
                    svg,
                    r##"<line x1="{x:.1}" y1="{h}" x2="{x2:.1}" y2="0" stroke="#fff" stroke-opacity="0.07" stroke-width="{sw:.1}"/>"##,
                    x2 = x + h,
                    sw = step * 0.35
                );
                x += step;
            }
        }
        3 => {
            let (cx, cy) = (w * (0.6 + dice.next() * 0.4), h * dice.next());
            for index in 1..=6 {
                put!(
                    svg,
                    r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="none" stroke="#fff" stroke-opacity="0.09" stroke-width="{sw:.1}"/>"##,
                    r = short * 0.12 * f64::from(index),
                    sw = short * 0.012
                );
            }
        }
        4 => {
            let step = short * (0.06 + dice.next() * 0.04);
            put!(
                svg,
                r##"<defs><pattern id="dots" width="{step:.1}" height="{step:.1}" patternUnits="userSpaceOnUse"><circle cx="{c:.1}" cy="{c:.1}" r="{r:.1}" fill="#fff" fill-opacity="0.16"/></pattern></defs><rect width="{w}" height="{h}" fill="url(#dots)"/>"##,
                c = step / 2.0,
                r = step * 0.12
            );
        }
        _ => {
            for index in 0..14 {
                let (x, y) = (dice.next() * w, dice.next() * h);
                let size = short * (0.025 + dice.next() * 0.035);
                let angle = dice.next() * 180.0;
                let opacity = 0.12 + dice.next() * 0.14;
                match index % 3 {
                    0 => put!(
                        svg,
                        r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="{:.1}" fill="#fff" fill-opacity="{opacity:.2}" transform="rotate({angle:.0} {x:.1} {y:.1})"/>"##,
                        x - size,
                        y - size * 0.3,
                        size * 2.0,
                        size * 0.6,
                        size * 0.3
                    ),
                    1 => put!(
                        svg,
                        r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="#fff" stroke-opacity="{opacity:.2}" stroke-width="{:.1}"/>"##,
                        size * 0.7,
                        size * 0.25
                    ),
                    _ => put!(
                        svg,
                        r##"<path d="M{:.1} {:.1}l{:.1} {:.1}h{:.1}z" fill="#fff" fill-opacity="{opacity:.2}" transform="rotate({angle:.0} {x:.1} {y:.1})"/>"##,
                        x,
                        y - size,
                        size,
                        size * 1.7,
                        -size * 2.0
                    ),
                }
            }
        }
    }
}

/// A pictogram `size` across, centred at (cx, cy), turned by `angle` degrees.
fn icon(svg: &mut String, icon: Icon, cx: f64, cy: f64, size: f64, angle: f64, opacity: f64) {
    let k = size / 24.0;
    put!(
        svg,
        r##"<g transform="translate({x:.1} {y:.1}) scale({k:.3}) rotate({angle:.0} 12 12)" fill="none" stroke="#fff" stroke-opacity="{opacity:.2}" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round">"##,
        x = cx - size / 2.0,
        y = cy - size / 2.0
    );
    for d in icon {
        put!(svg, r#"<path d="{d}"/>"#);
    }
    svg.push_str("</g>");
}

/// The subject: a pictogram in a translucent disc of radius `r`.
fn emblem(svg: &mut String, pictogram: Icon, cx: f64, cy: f64, r: f64) {
    put!(
        svg,
        r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="#fff" fill-opacity="0.16"/><circle cx="{cx:.1}" cy="{cy:.1}" r="{r2:.1}" fill="none" stroke="#fff" stroke-opacity="0.45" stroke-width="{sw:.1}"/>"##,
        r2 = r * 1.12,
        sw = (r * 0.03).max(0.8)
    );
    icon(svg, pictogram, cx, cy, r * 1.3, 0.0, 1.0);
}

/// A large faint copy of the pictogram, turned and running off one corner.
fn watermark(svg: &mut String, pictogram: Icon, slug: &str, w: f64, h: f64) {
    let seed = fnv("watermark", slug);
    let (fx, fy) = [(0.86, 0.78), (0.14, 0.8), (0.85, 0.22), (0.12, 0.2)][(seed % 4) as usize];
    let angle = if seed.is_multiple_of(2) { -14.0 } else { 12.0 };
    icon(svg, pictogram, w * fx, h * fy, h.max(w * 0.5) * 0.9, angle, 0.1);
}

/// An abstract head and shoulders (no face, no initials), with one of four hair outlines.
fn portrait(svg: &mut String, seed: u64, cx: f64, h: f64, short: f64) {
    let hr = short * 0.15;
    let hy = h * 0.42;
    put!(
        svg,
        r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="#fff" fill-opacity="0.12"/><circle cx="{cx:.1}" cy="{cy:.1}" r="{r2:.1}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="{sw:.1}"/>"##,
        cy = h * 0.5,
        r = short * 0.4,
        r2 = short * 0.44,
        sw = (short * 0.008).max(0.8)
    );
    svg.push_str(r##"<g fill="#fff">"##);
    match seed % 4 {
        // Long hair, behind the head and down to the shoulders.
        1 => put!(
            svg,
            r#"<path d="M{x1:.1} {y1:.1}a{rx:.1} {ry:.1} 0 0 1 {d:.1} 0v{l:.1}h{nd:.1}z" fill-opacity="0.55"/>"#,
            x1 = cx - hr * 1.25,
            y1 = hy,
            rx = hr * 1.25,
            ry = hr * 1.3,
            d = hr * 2.5,
            l = hr * 1.6,
            nd = -hr * 2.5
        ),
        // A bun on top.
        2 => put!(
            svg,
            r#"<circle cx="{cx:.1}" cy="{y:.1}" r="{r:.1}" fill-opacity="0.92"/>"#,
            y = hy - hr * 1.08,
            r = hr * 0.45
        ),
        // Curls around the top of the head.
        3 => {
            for step in 0..7 {
                let angle = std::f64::consts::PI * (1.0 + f64::from(step) / 6.0);
                put!(
                    svg,
                    r#"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill-opacity="0.92"/>"#,
                    x = cx + hr * 0.95 * angle.cos(),
                    y = hy + hr * 0.95 * angle.sin(),
                    r = hr * 0.38
                );
            }
        }
        _ => {}
    }
    let top = hy + hr * 1.3;
    let half = short * 0.3;
    let corner = half * 0.6;
    put!(
        svg,
        r#"<circle cx="{cx:.1}" cy="{hy:.1}" r="{hr:.1}" fill-opacity="0.92"/><path d="M{left:.1} {h}V{y1:.1}A{corner:.1} {corner:.1} 0 0 1 {x1:.1} {top:.1}H{x2:.1}A{corner:.1} {corner:.1} 0 0 1 {right:.1} {y1:.1}V{h}z" fill-opacity="0.92"/>"#,
        left = cx - half,
        right = cx + half,
        y1 = top + corner,
        x1 = cx - half + corner,
        x2 = cx + half - corner
    );
    svg.push_str("</g>");
}

/// A vinyl record: out of its sleeve, centred, or large and running off the corner.
fn album(svg: &mut String, seed: u64, from: &str, to: &str, w: f64, h: f64) {
    let short = w.min(h);
    let angle = (seed % 360) as f64;
    match seed % 3 {
        0 => {
            vinyl(svg, w * 0.6, h / 2.0, short * 0.33, angle, from, to);
            // The sleeve in front, with its own art: a sun over bands, clipped to the sleeve.
            let (x, y, side) = (w * 0.12, h / 2.0 - short * 0.34, short * 0.68);
            put!(
                svg,
                r##"<defs><clipPath id="sleeve"><rect x="{x:.1}" y="{y:.1}" width="{side:.1}" height="{side:.1}" rx="{r:.1}"/></clipPath></defs><g clip-path="url(#sleeve)"><rect x="{x:.1}" y="{y:.1}" width="{side:.1}" height="{side:.1}" fill="{to}"/><circle cx="{sx:.1}" cy="{sy:.1}" r="{sr:.1}" fill="{from}"/>"##,
                r = side * 0.02,
                sx = x + side * 0.62,
                sy = y + side * 0.5,
                sr = side * 0.3
            );
            for band in 0..4 {
                put!(
                    svg,
                    r##"<rect x="{x:.1}" y="{by:.1}" width="{side:.1}" height="{bh:.1}" fill="#fff" fill-opacity="{o:.2}"/>"##,
                    by = y + side * (0.62 + f64::from(band) * 0.1),
                    bh = side * 0.05,
                    o = 0.35 - f64::from(band) * 0.07
                );
            }
            put!(
                svg,
                r##"</g><rect x="{x:.1}" y="{y:.1}" width="{side:.1}" height="{side:.1}" rx="{r:.1}" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="{sw:.1}"/>"##,
                r = side * 0.02,
                sw = (side * 0.008).max(0.6)
            );
        }
        1 => vinyl(svg, w / 2.0, h / 2.0, short * 0.38, angle, from, to),
        _ => vinyl(svg, w * 0.6, h * 0.6, short * 0.52, angle, from, to),
    }
}

fn vinyl(svg: &mut String, cx: f64, cy: f64, r: f64, angle: f64, label: &str, accent: &str) {
    put!(
        svg,
        r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="#141418"/>"##
    );
    for groove in 0..8 {
        put!(
            svg,
            r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{rr:.1}" fill="none" stroke="#fff" stroke-opacity="0.08" stroke-width="{sw:.2}"/>"##,
            rr = r * (0.94 - f64::from(groove) * 0.07),
            sw = (r * 0.008).max(0.3)
        );
    }
    // The light on the grooves: two opposite wedges.
    for turn in [0.0, 180.0] {
        let a = (angle + turn).to_radians();
        let b = (angle + turn + 28.0).to_radians();
        put!(
            svg,
            r##"<path d="M{cx:.1} {cy:.1}L{x1:.1} {y1:.1}A{r:.1} {r:.1} 0 0 1 {x2:.1} {y2:.1}z" fill="#fff" fill-opacity="0.09"/>"##,
            x1 = cx + r * a.cos(),
            y1 = cy + r * a.sin(),
            x2 = cx + r * b.cos(),
            y2 = cy + r * b.sin()
        );
    }
    let lr = r * 0.34;
    put!(
        svg,
        r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{lr:.1}" fill="{label}"/><path d="M{x1:.1} {cy:.1}A{lr:.1} {lr:.1} 0 0 0 {x2:.1} {cy:.1}z" fill="{accent}" fill-opacity="0.85" transform="rotate({angle:.0} {cx:.1} {cy:.1})"/><circle cx="{cx:.1}" cy="{cy:.1}" r="{ring:.1}" fill="none" stroke="#fff" stroke-opacity="0.4" stroke-width="{sw:.2}"/><circle cx="{cx:.1}" cy="{cy:.1}" r="{hole:.1}" fill="#141418"/>"##,
        x1 = cx - lr,
        x2 = cx + lr,
        ring = lr * 0.82,
        sw = (r * 0.01).max(0.4),
        hole = (r * 0.035).max(1.0)
    );
}

/// Arcs either side of a podcast's microphone.
fn sound_waves(svg: &mut String, cx: f64, cy: f64, r: f64) {
    for step in 1..=3 {
        let rr = r * (1.25 + f64::from(step) * 0.4);
        put!(
            svg,
            r##"<path d="M{x1:.1} {y1:.1}a{rr:.1} {rr:.1} 0 0 1 0 {d:.1}M{x2:.1} {y1:.1}a{rr:.1} {rr:.1} 0 0 0 0 {d:.1}" fill="none" stroke="#fff" stroke-opacity="{o:.2}" stroke-width="{sw:.1}" stroke-linecap="round"/>"##,
            x1 = cx + rr * 0.7,
            x2 = cx - rr * 0.7,
            y1 = cy - rr * 0.7,
            d = rr * 1.4,
            o = 0.7 - f64::from(step) * 0.17,
            sw = r * 0.07
        );
    }
}

/// Level bars across the bottom, as on a radio's display.
fn equaliser(svg: &mut String, seed: u64, w: f64, h: f64) {
    let mut dice = Dice(seed | 1);
    let count = 24;
    let step = w / f64::from(count);
    for index in 0..count {
        let level = h * (0.08 + dice.next() * 0.22);
        put!(
            svg,
            r##"<rect x="{x:.1}" y="{y:.1}" width="{bw:.1}" height="{level:.1}" rx="{r:.1}" fill="#fff" fill-opacity="0.13"/>"##,
            x = f64::from(index) * step + step * 0.2,
            y = h - level,
            bw = step * 0.6,
            r = step * 0.2
        );
    }
}

/// Sprocket holes along the top and bottom edges of a video's picture.
fn film_strip(svg: &mut String, w: f64, h: f64) {
    let band = h * 0.09;
    let hole = band * 0.5;
    put!(
        svg,
        r##"<rect width="{w}" height="{band:.1}" fill="#000" fill-opacity="0.28"/><rect y="{y:.1}" width="{w}" height="{band:.1}" fill="#000" fill-opacity="0.28"/>"##,
        y = h - band
    );
    let mut x = hole * 0.5;
    while x < w {
        for y in [band * 0.25, h - band * 0.75] {
            put!(
                svg,
                r##"<rect x="{x:.1}" y="{y:.1}" width="{hole:.1}" height="{hole:.1}" rx="{r:.1}" fill="#fff" fill-opacity="0.35"/>"##,
                r = hole * 0.2
            );
        }
        x += hole * 2.0;
    }
}

fn play_button(svg: &mut String, colour: &str, cx: f64, cy: f64, r: f64) {
    let s = r * 0.42;
    put!(
        svg,
        r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="#fff" fill-opacity="0.92"/><path d="M{x1:.1} {y1:.1}L{x2:.1} {cy:.1}L{x1:.1} {y2:.1}z" fill="{colour}" stroke="{colour}" stroke-width="{sw:.1}" stroke-linejoin="round"/>"##,
        x1 = cx - s * 0.75,
        x2 = cx + s * 1.05,
        y1 = cy - s,
        y2 = cy + s,
        sw = s * 0.2
    );
}

/// A PRO promotion: a crown on a dark pill in the top right corner.
fn pro_badge(svg: &mut String, w: f64, short: f64) {
    let (bw, bh) = (short * 0.2, short * 0.12);
    let (x, y) = (w - bw - short * 0.06, short * 0.06);
    put!(
        svg,
        r##"<rect x="{x:.1}" y="{y:.1}" width="{bw:.1}" height="{bh:.1}" rx="{r:.1}" fill="#111" fill-opacity="0.88"/><g transform="translate({ix:.1} {iy:.1}) scale({k:.3})" fill="#ffd54f" stroke="#ffd54f" stroke-width="1.6" stroke-linejoin="round">"##,
        r = bh / 2.0,
        ix = x + bw / 2.0 - bh * 0.36,
        iy = y + bh * 0.14,
        k = bh * 0.72 / 24.0
    );
    for d in icons::CROWN {
        put!(svg, r#"<path d="{d}"/>"#);
    }
    svg.push_str("</g>");
}

fn fnv(salt: &str, text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in salt.bytes().chain([0]).chain(text.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash ^ (hash >> 29)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TITLE: &str = "Economia cresce 3% no trimestre & surpreende <analistas>";

    fn hint_for(kind: &Kind) -> &'static str {
        match kind.style {
            Style::Cover => "economia",
            Style::Card(Emblem::Segment | Emblem::Spot) => "Alimentos e Bebidas",
            Style::Card(Emblem::Promotion) => "1",
            Style::Card(Emblem::Broadcast) => "#1e88e5",
            _ => "BR",
        }
    }

    /// The title used to be drawn into the picture, showed twice beside the page's own and was
    /// cut wherever the picture is cropped. Now no kind draws any text: the title is only the name.
    #[test]
    fn no_picture_carries_text() {
        for kind in KINDS {
            for slug in ["economia-cresce", "a", "marisa-monte", "promo-verao-2026"] {
                let svg = render(kind, slug, TITLE, hint_for(kind));
                let doc = roxmltree::Document::parse(&svg)
                    .unwrap_or_else(|err| panic!("{} {slug}: {err}\n{svg}", kind.name));
                let root = doc.root_element();
                assert_eq!(root.tag_name().name(), "svg");
                assert_eq!(root.attribute("role"), Some("img"), "{}", kind.name);
                assert_eq!(root.attribute("aria-label"), Some(TITLE), "{}", kind.name);
                assert_eq!(root.attribute("width"), Some(kind.width.to_string().as_str()));
                for node in doc.descendants() {
                    assert!(
                        !matches!(
                            node.tag_name().name(),
                            "text" | "tspan" | "textPath" | "foreignObject"
                        ),
                        "{} {slug} draws text",
                        kind.name
                    );
                    if node.is_text() {
                        let text = node.text().unwrap_or_default();
                        assert!(text.trim().is_empty(), "{} {slug}: text {text:?}", kind.name);
                    }
                }
                // The title appears once: as the accessible name.
                assert_eq!(svg.matches("Economia cresce").count(), 1, "{}", kind.name);
            }
        }
    }

    #[test]
    fn the_same_slug_draws_the_same_picture_and_slugs_vary() {
        let news = KINDS.iter().find(|kind| kind.name == "news").unwrap();
        assert_eq!(
            render(news, "uma-noticia", TITLE, "economia"),
            render(news, "uma-noticia", TITLE, "economia")
        );
        for kind in KINDS {
            let pictures: std::collections::HashSet<String> = (0..24)
                .map(|index| render(kind, &format!("item-{index}"), TITLE, hint_for(kind)))
                .collect();
            assert!(
                pictures.len() >= 20,
                "{}: {} distinct of 24",
                kind.name,
                pictures.len()
            );
        }
        // Every background pattern and every album and portrait layout is in use.
        let patterns: std::collections::HashSet<u64> = (0..60)
            .map(|index| fnv("pattern", &format!("item-{index}")) % 6)
            .collect();
        assert_eq!(patterns.len(), 6);
    }

    #[test]
    fn the_subject_follows_the_row() {
        let news = KINDS.iter().find(|kind| kind.name == "news").unwrap();
        let economy = render(news, "x", TITLE, "economia");
        let cars = render(news, "x", TITLE, "carros");
        assert!(economy.contains(icons::CHART[1]) && !economy.contains(icons::CAR[2]));
        assert!(cars.contains(icons::CAR[2]));
        // An album is a vinyl record (its label and spindle hole), a person a silhouette.
        let album = KINDS.iter().find(|kind| kind.name == "album-small").unwrap();
        assert!(render(album, "x", TITLE, "").contains(r##"fill="#141418""##));
        let promotion = KINDS.iter().find(|kind| kind.name == "promotion").unwrap();
        assert!(render(promotion, "x", TITLE, "1").contains(icons::CROWN[0]));
        assert!(!render(promotion, "x", TITLE, "0").contains(icons::CROWN[0]));
        let stream = KINDS.iter().find(|kind| kind.name == "stream").unwrap();
        assert!(render(stream, "x", TITLE, "#1e88e5").contains("#1e88e5"));
    }
}
