//! Generated media: the station logo and the images of the demo content. Everything here is produced
//! by the server itself, so the embedded default needs no network and no image files.
//!
//! `GET /media/img/{kind}/{slug}.svg` draws a deterministic SVG for a row of the content tables: the
//! colours and pattern come from a hash of the slug, the text (title, name, category) from the row,
//! so the same URL always gives the same picture and an unknown slug answers 404.

use axum::{
    extract::State,
    http::header,
    response::{IntoResponse, Response},
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{AppState, Error, Result, extract::ApiPath, html::escape, openapi::tags};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(logo)).routes(routes!(image))
}

/// The station's wordmark: a sound-wave badge and the configured name.
#[utoipa::path(get, path = "/media/logo.svg", tag = tags::MEDIA,
    responses((status = 200, description = "The logo", content_type = "image/svg+xml")))]
async fn logo(State(state): State<AppState>) -> impl IntoResponse {
    let name = escape(&state.config.station_name);
    // An SVG used as an <img> cannot load the page's web fonts: textLength makes whatever font the
    // browser falls back to fill exactly the space reserved here, instead of overflowing the viewBox.
    let text_width = state.config.station_name.chars().count() * 19;
    let width = 64 + text_width + 4;
    let svg = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="56" viewBox="0 0 {width} 56" role="img" aria-label="{name}">
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

/// How an image of a kind is drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    /// Editorial cover: pattern, category badge, headline.
    Cover,
    /// Person: large initials in a ring, name below.
    Portrait,
    /// Record sleeve: vinyl rings, album title and artist.
    Album,
    /// Podcast art: microphone waves, show name.
    Show,
    /// Generic card: title and subtitle, with an optional icon.
    Card(Icon),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Icon {
    None,
    Play,
    Gift,
    Wave,
    Star,
}

struct Kind {
    name: &'static str,
    width: u32,
    height: u32,
    style: Style,
    /// Two TEXT columns (title, subtitle) of the row with slug `$1`.
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

const NEWS_SQL: &str = "SELECT n.title, c.name FROM news n JOIN news_categories c ON c.id = n.category_id \
                        WHERE n.slug = $1";
const ARTIST_SQL: &str = "SELECT name, country FROM artists WHERE slug = $1";
const ALBUM_SQL: &str = "SELECT al.name, ar.name FROM albums al JOIN artists ar ON ar.id = al.artist_id \
                         WHERE al.slug = $1";
const PODCAST_SQL: &str = "SELECT name, subtitle FROM podcast_shows WHERE slug = $1";
const CLIENT_SQL: &str = "SELECT name, segment FROM clients WHERE slug = $1";
const SPOT_SQL: &str =
    "SELECT s.name, c.name FROM spots s JOIN clients c ON c.id = s.client_id WHERE s.slug = $1";
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
    kind("video", 640, 360, Style::Card(Icon::Play), VIDEO_SQL),
    kind("program", 800, 450, Style::Card(Icon::Wave), PROGRAM_SQL),
    kind("partner", 400, 200, Style::Card(Icon::None), PARTNER_SQL),
    kind("client", 400, 400, Style::Card(Icon::None), CLIENT_SQL),
    kind("client-wide", 400, 200, Style::Card(Icon::None), CLIENT_SQL),
    kind("client-large", 1000, 1000, Style::Card(Icon::None), CLIENT_SQL),
    kind("spot", 400, 400, Style::Card(Icon::Wave), SPOT_SQL),
    kind("spot-wide", 400, 200, Style::Card(Icon::Wave), SPOT_SQL),
    kind("spot-large", 1000, 1000, Style::Card(Icon::Wave), SPOT_SQL),
    kind("promotion", 800, 800, Style::Card(Icon::Star), PROMOTION_SQL),
    kind(
        "promotion-wide",
        1280,
        720,
        Style::Card(Icon::Star),
        PROMOTION_SQL,
    ),
    kind(
        "promotion-banner",
        1200,
        400,
        Style::Card(Icon::Star),
        PROMOTION_SQL,
    ),
    kind(
        "promotion-hero",
        1920,
        640,
        Style::Card(Icon::Star),
        PROMOTION_SQL,
    ),
    kind("stream", 300, 300, Style::Card(Icon::Wave), STREAM_SQL),
    kind("prize", 300, 300, Style::Card(Icon::Gift), PRIZE_SQL),
];

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
    let (title, subtitle) = row.ok_or_else(not_found)?;
    let svg = render(kind, slug, &title, &subtitle, &state.config.station_name);
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

const FONT: &str = "Inter, 'Helvetica Neue', Arial, sans-serif";

fn render(kind: &Kind, slug: &str, title: &str, subtitle: &str, station: &str) -> String {
    // The same entity looks the same in every size (album and album-small, client and client-wide).
    let seed = fnv("pattern", slug);
    let (mut from, to) = PALETTES[(fnv("palette", slug) % PALETTES.len() as u64) as usize];
    if kind.name == "stream" && subtitle.starts_with('#') && subtitle.len() == 7 {
        from = subtitle;
    }
    let (w, h) = (f64::from(kind.width), f64::from(kind.height));
    let short = w.min(h);
    let angle = fnv("angle", slug) % 4;
    let (x2, y2) = [(1, 1), (1, 0), (0, 1), (1, 0)][angle as usize];
    let mut svg = String::with_capacity(4096);
    svg.push_str(&format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" role="img" aria-label="{label}">"#,
        label = escape(title)
    ));
    svg.push_str(&format!(
        r##"<defs><linearGradient id="bg" x1="0" y1="0" x2="{x2}" y2="{y2}"><stop offset="0" stop-color="{from}"/><stop offset="1" stop-color="{to}"/></linearGradient><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.35" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient></defs>"##
    ));
    svg.push_str(&format!(r#"<rect width="{w}" height="{h}" fill="url(#bg)"/>"#));
    pattern(&mut svg, seed, w, h);

    match kind.style {
        Style::Cover => {
            svg.push_str(&format!(r#"<rect width="{w}" height="{h}" fill="url(#shade)"/>"#));
            let pad = short * 0.08;
            let size = (h * 0.085).max(14.0);
            text_line(
                &mut svg,
                pad,
                pad + size * 0.6,
                size * 0.45,
                700,
                0.85,
                &station.to_uppercase(),
            );
            let badge_size = size * 0.42;
            let badge_w = badge_size * 0.62 * subtitle.chars().count() as f64 + badge_size * 1.6;
            let lines = wrap(title, ((w - 2.0 * pad) / (size * 0.56)) as usize, 3);
            let top = h - pad - size * 1.15 * lines.len() as f64;
            svg.push_str(&format!(
                r##"<rect x="{pad}" y="{y}" width="{badge_w:.0}" height="{bh:.0}" rx="{r:.0}" fill="#fff" fill-opacity="0.92"/>"##,
                y = top - badge_size * 2.6,
                bh = badge_size * 1.8,
                r = badge_size * 0.9
            ));
            svg.push_str(&format!(
                r##"<text x="{x:.0}" y="{y:.0}" font-family="{FONT}" font-size="{badge_size:.0}" font-weight="700" fill="{from}">{text}</text>"##,
                x = pad + badge_size * 0.8,
                y = top - badge_size * 1.28,
                text = escape(&subtitle.to_uppercase())
            ));
            for (index, line) in lines.iter().enumerate() {
                let y = top + size * 0.85 + index as f64 * size * 1.15;
                text_line(&mut svg, pad, y, size, 800, 1.0, line);
            }
        }
        Style::Portrait => {
            let initials = initials(title);
            let (cx, cy, r) = if w > h * 1.5 {
                (w * 0.78, h * 0.5, h * 0.34)
            } else {
                (w * 0.5, h * 0.44, short * 0.27)
            };
            svg.push_str(&format!(
                r##"<circle cx="{cx}" cy="{cy}" r="{r}" fill="#fff" fill-opacity="0.16"/><circle cx="{cx}" cy="{cy}" r="{r2}" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="{sw}"/>"##,
                r2 = r * 1.12,
                sw = (short * 0.012).max(1.0)
            ));
            svg.push_str(&format!(
                r##"<text x="{cx}" y="{y:.0}" text-anchor="middle" font-family="{FONT}" font-size="{size:.0}" font-weight="800" fill="#fff">{text}</text>"##,
                y = cy + r * 0.36,
                size = r * 0.95,
                text = escape(&initials)
            ));
            if w > h * 1.5 {
                let size = h * 0.16;
                for (index, line) in wrap(title, ((w * 0.55) / (size * 0.56)) as usize, 2)
                    .iter()
                    .enumerate()
                {
                    text_line(
                        &mut svg,
                        w * 0.06,
                        h * 0.45 + index as f64 * size * 1.15,
                        size,
                        800,
                        1.0,
                        line,
                    );
                }
            } else if kind.name != "journalist" || short >= 300.0 {
                let size = short * 0.075;
                for (index, line) in wrap(title, (w * 0.9 / (size * 0.56)) as usize, 2)
                    .iter()
                    .enumerate()
                {
                    centered(
                        &mut svg,
                        w / 2.0,
                        cy + r * 1.12 + size * 1.6 + index as f64 * size * 1.15,
                        size,
                        700,
                        line,
                    );
                }
            }
        }
        Style::Album => {
            let (cx, cy, r) = (w * 0.66, h * 0.4, short * 0.3);
            for step in 0..5 {
                svg.push_str(&format!(
                    r##"<circle cx="{cx}" cy="{cy}" r="{rr:.1}" fill="none" stroke="#fff" stroke-opacity="{o:.2}" stroke-width="{sw:.1}"/>"##,
                    rr = r * (1.0 - f64::from(step) * 0.17),
                    o = 0.5 - f64::from(step) * 0.08,
                    sw = (short * 0.006).max(0.6)
                ));
            }
            svg.push_str(&format!(
                r##"<circle cx="{cx}" cy="{cy}" r="{rr:.1}" fill="#fff" fill-opacity="0.85"/>"##,
                rr = r * 0.14
            ));
            svg.push_str(&format!(r#"<rect width="{w}" height="{h}" fill="url(#shade)"/>"#));
            let pad = short * 0.07;
            let size = short * 0.085;
            let lines = wrap(title, ((w - 2.0 * pad) / (size * 0.56)) as usize, 2);
            let top = h - pad - size * 0.9 - size * 1.15 * lines.len() as f64;
            for (index, line) in lines.iter().enumerate() {
                text_line(
                    &mut svg,
                    pad,
                    top + size + index as f64 * size * 1.15,
                    size,
                    800,
                    1.0,
                    line,
                );
            }
            text_line(&mut svg, pad, h - pad, size * 0.62, 600, 0.85, subtitle);
        }
        Style::Show => {
            let (cx, cy) = (w * 0.5, if w > h * 1.5 { h * 0.42 } else { h * 0.36 });
            let s = short * 0.11;
            svg.push_str(&format!(
                r##"<rect x="{x:.1}" y="{y:.1}" width="{mw:.1}" height="{mh:.1}" rx="{r:.1}" fill="#fff"/><path d="M{ax:.1} {ay:.1}a{ar:.1} {ar:.1} 0 0 0 {ad:.1} 0M{cx:.1} {by:.1}v{lh:.1}" fill="none" stroke="#fff" stroke-width="{sw:.1}" stroke-linecap="round"/>"##,
                x = cx - s * 0.5,
                y = cy - s * 1.1,
                mw = s,
                mh = s * 1.6,
                r = s * 0.5,
                ax = cx - s * 0.95,
                ay = cy,
                ar = s * 0.95,
                ad = s * 1.9,
                by = cy + s * 0.95,
                lh = s * 0.45,
                sw = s * 0.16
            ));
            for step in 1..=3 {
                let rr = s * (1.4 + f64::from(step) * 0.55);
                svg.push_str(&format!(
                    r##"<path d="M{x1:.1} {y1:.1}a{rr:.1} {rr:.1} 0 0 1 0 {d:.1}M{x2:.1} {y1:.1}a{rr:.1} {rr:.1} 0 0 0 0 {d:.1}" fill="none" stroke="#fff" stroke-opacity="{o:.2}" stroke-width="{sw:.1}" stroke-linecap="round"/>"##,
                    x1 = cx + rr * 0.7,
                    x2 = cx - rr * 0.7,
                    y1 = cy - rr * 0.7,
                    d = rr * 1.4,
                    o = 0.75 - f64::from(step) * 0.18,
                    sw = s * 0.12
                ));
            }
            let size = short * 0.085;
            let lines = wrap(title, (w * 0.9 / (size * 0.56)) as usize, 2);
            let base = cy + s * 3.4;
            for (index, line) in lines.iter().enumerate() {
                centered(
                    &mut svg,
                    w / 2.0,
                    base + index as f64 * size * 1.15,
                    size,
                    800,
                    line,
                );
            }
            if kind.name != "collection" && !subtitle.is_empty() {
                let y = base + lines.len() as f64 * size * 1.15 + size * 0.1;
                centered_faint(&mut svg, w / 2.0, y, size * 0.55, subtitle);
            }
        }
        Style::Card(icon) => {
            let wide = w > h * 1.4;
            let size = if wide { h * 0.14 } else { short * 0.09 };
            let (cx, icon_y) = (w * 0.5, if wide { h * 0.3 } else { h * 0.34 });
            let s = short * if wide { 0.1 } else { 0.09 };
            match icon {
                Icon::None => {
                    let initials = initials(title);
                    let r = short * if wide { 0.16 } else { 0.17 };
                    svg.push_str(&format!(
                        r##"<circle cx="{cx}" cy="{icon_y:.1}" r="{r:.1}" fill="#fff" fill-opacity="0.92"/><text x="{cx}" y="{ty:.1}" text-anchor="middle" font-family="{FONT}" font-size="{fs:.0}" font-weight="800" fill="{from}">{text}</text>"##,
                        ty = icon_y + r * 0.36,
                        fs = r * 0.95,
                        text = escape(&initials)
                    ));
                }
                Icon::Play => svg.push_str(&format!(
                    r##"<circle cx="{cx}" cy="{icon_y:.1}" r="{r:.1}" fill="#fff" fill-opacity="0.9"/><path d="M{x1:.1} {y1:.1}L{x2:.1} {icon_y:.1}L{x1:.1} {y2:.1}Z" fill="{from}"/>"##,
                    r = s * 1.3,
                    x1 = cx - s * 0.45,
                    x2 = cx + s * 0.65,
                    y1 = icon_y - s * 0.6,
                    y2 = icon_y + s * 0.6
                )),
                Icon::Gift => svg.push_str(&format!(
                    r##"<rect x="{x:.1}" y="{y:.1}" width="{bw:.1}" height="{bh:.1}" rx="{r:.1}" fill="#fff"/><rect x="{lx:.1}" y="{y:.1}" width="{lw:.1}" height="{bh:.1}" fill="{from}"/><path d="M{cx:.1} {y:.1}c{a:.1} {b:.1} {c:.1} {b:.1} 0 0M{cx:.1} {y:.1}c{na:.1} {b:.1} {nc:.1} {b:.1} 0 0" fill="none" stroke="#fff" stroke-width="{sw:.1}"/>"##,
                    x = cx - s * 1.2,
                    y = icon_y - s * 0.6,
                    bw = s * 2.4,
                    bh = s * 1.7,
                    r = s * 0.15,
                    lx = cx - s * 0.18,
                    lw = s * 0.36,
                    a = s * 0.9,
                    b = -s * 1.1,
                    c = s * 0.2,
                    na = -s * 0.9,
                    nc = -s * 0.2,
                    sw = s * 0.14
                )),
                Icon::Wave => {
                    let bars = [0.5, 0.9, 1.4, 0.8, 1.2, 0.6, 1.0];
                    for (index, bar) in bars.iter().enumerate() {
                        let x = cx + (index as f64 - 3.0) * s * 0.42;
                        svg.push_str(&format!(
                            r##"<line x1="{x:.1}" y1="{y1:.1}" x2="{x:.1}" y2="{y2:.1}" stroke="#fff" stroke-width="{sw:.1}" stroke-linecap="round"/>"##,
                            y1 = icon_y - bar * s * 0.7,
                            y2 = icon_y + bar * s * 0.7,
                            sw = s * 0.24
                        ));
                    }
                }
                Icon::Star => {
                    let points: Vec<String> = (0..10)
                        .map(|index| {
                            let radius = if index % 2 == 0 { s * 1.2 } else { s * 0.5 };
                            let angle = std::f64::consts::PI * (f64::from(index) / 5.0 - 0.5);
                            format!("{:.1},{:.1}", cx + radius * angle.cos(), icon_y + radius * angle.sin())
                        })
                        .collect();
                    svg.push_str(&format!(
                        r##"<polygon points="{}" fill="#fff" fill-opacity="0.92"/>"##,
                        points.join(" ")
                    ));
                    if subtitle == "1" {
                        let bs = size * 0.5;
                        svg.push_str(&format!(
                            r##"<rect x="{x:.1}" y="{y:.1}" width="{bw:.1}" height="{bh:.1}" rx="{r:.1}" fill="#111"/><text x="{tx:.1}" y="{ty:.1}" text-anchor="middle" font-family="{FONT}" font-size="{bs:.0}" font-weight="800" fill="#ffd54f">PRO</text>"##,
                            x = w - bs * 4.6,
                            y = bs * 1.2,
                            bw = bs * 3.4,
                            bh = bs * 1.7,
                            r = bs * 0.4,
                            tx = w - bs * 2.9,
                            ty = bs * 2.5
                        ));
                    }
                }
            }
            let lines = wrap(
                title,
                (w * 0.88 / (size * 0.56)) as usize,
                if wide { 2 } else { 3 },
            );
            let base = icon_y + s * 2.2 + size * 0.6;
            for (index, line) in lines.iter().enumerate() {
                centered(&mut svg, cx, base + index as f64 * size * 1.15, size, 800, line);
            }
            let caption = match icon {
                Icon::Star => "PROMOÇÃO",
                Icon::Gift => "CAÇA AO TESOURO",
                _ if kind.name.starts_with("spot") || kind.name.starts_with("client") => subtitle,
                _ if kind.name == "program" => subtitle,
                _ => "",
            };
            if !caption.is_empty() && base + lines.len() as f64 * size * 1.15 < h - size * 0.3 {
                centered_faint(
                    &mut svg,
                    cx,
                    base + lines.len() as f64 * size * 1.15 + size * 0.05,
                    size * 0.55,
                    caption,
                );
            }
        }
    }
    svg.push_str("</svg>");
    svg
}

/// Decorative shapes behind the text: circles, waves, stripes or rings, placed by the hash.
fn pattern(svg: &mut String, seed: u64, w: f64, h: f64) {
    let short = w.min(h);
    let mut next = {
        let mut state = seed | 1;
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % 10_000) as f64 / 10_000.0
        }
    };
    match seed % 4 {
        0 => {
            for _ in 0..5 {
                svg.push_str(&format!(
                    r##"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="#fff" fill-opacity="{:.2}"/>"##,
                    next() * w,
                    next() * h,
                    short * (0.12 + next() * 0.35),
                    0.05 + next() * 0.08
                ));
            }
        }
        1 => {
            for index in 0..4 {
                let y = h * (0.2 + f64::from(index) * 0.2);
                let a = short * (0.05 + next() * 0.08);
                svg.push_str(&format!(
                    r##"<path d="M0 {y:.1}C{c1:.1} {y1:.1} {c2:.1} {y2:.1} {w} {y:.1}" fill="none" stroke="#fff" stroke-opacity="{o:.2}" stroke-width="{sw:.1}"/>"##,
                    c1 = w * 0.3,
                    c2 = w * 0.7,
                    y1 = y - a * 2.0,
                    y2 = y + a * 2.0,
                    o = 0.1 + next() * 0.12,
                    sw = short * (0.01 + next() * 0.02)
                ));
            }
        }
        2 => {
            let step = short * (0.12 + next() * 0.08);
            let mut x = -h;
            while x < w {
                svg.push_str(&format!(
                    r##"<line x1="{x:.1}" y1="{h}" x2="{x2:.1}" y2="0" stroke="#fff" stroke-opacity="0.07" stroke-width="{sw:.1}"/>"##,
                    x2 = x + h,
                    sw = step * 0.35
                ));
                x += step;
            }
        }
        _ => {
            let (cx, cy) = (w * (0.6 + next() * 0.4), h * next());
            for index in 1..=6 {
                svg.push_str(&format!(
                    r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="none" stroke="#fff" stroke-opacity="0.09" stroke-width="{sw:.1}"/>"##,
                    r = short * 0.12 * f64::from(index),
                    sw = short * 0.012
                ));
            }
        }
    }
}

fn text_line(svg: &mut String, x: f64, y: f64, size: f64, weight: u32, opacity: f64, text: &str) {
    svg.push_str(&format!(
        r##"<text x="{x:.1}" y="{y:.1}" font-family="{FONT}" font-size="{size:.1}" font-weight="{weight}" fill="#fff" fill-opacity="{opacity}">{}</text>"##,
        escape(text)
    ));
}

fn centered(svg: &mut String, x: f64, y: f64, size: f64, weight: u32, text: &str) {
    svg.push_str(&format!(
        r##"<text x="{x:.1}" y="{y:.1}" text-anchor="middle" font-family="{FONT}" font-size="{size:.1}" font-weight="{weight}" fill="#fff">{}</text>"##,
        escape(text)
    ));
}

fn centered_faint(svg: &mut String, x: f64, y: f64, size: f64, text: &str) {
    svg.push_str(&format!(
        r##"<text x="{x:.1}" y="{y:.1}" text-anchor="middle" font-family="{FONT}" font-size="{size:.1}" font-weight="600" fill="#fff" fill-opacity="0.8" letter-spacing="1">{}</text>"##,
        escape(text)
    ));
}

/// Up to `max_lines` lines of at most `width` characters, the last one cut with '…' when needed.
fn wrap(text: &str, width: usize, max_lines: usize) -> Vec<String> {
    let width = width.max(4);
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut words = text.split_whitespace().peekable();
    while let Some(word) = words.next() {
        let needed = current.chars().count() + usize::from(!current.is_empty()) + word.chars().count();
        if needed <= width || current.is_empty() {
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
            continue;
        }
        lines.push(std::mem::take(&mut current));
        current.push_str(word);
        if lines.len() == max_lines {
            let last = lines.last_mut().map(|line| {
                let mut cut: String = line.chars().take(width.saturating_sub(1)).collect();
                cut.push('…');
                cut
            });
            if let (Some(slot), Some(cut)) = (lines.last_mut(), last) {
                *slot = cut;
            }
            return lines;
        }
        if words.peek().is_none() {
            break;
        }
    }
    if !current.is_empty() {
        if current.chars().count() > width {
            current = current.chars().take(width.saturating_sub(1)).collect::<String>() + "…";
        }
        lines.push(current);
    }
    lines
}

/// 'Marisa Monte' → 'MM', 'ABBA' → 'AB', 'U2' → 'U2'.
fn initials(name: &str) -> String {
    let words: Vec<&str> = name
        .split(|c: char| c.is_whitespace() || c == '-' || c == '&')
        .filter(|word| word.chars().next().is_some_and(char::is_alphanumeric))
        .filter(|word| !matches!(*word, "de" | "da" | "do" | "das" | "dos" | "e" | "the" | "The"))
        .collect();
    let letters: String = match words.as_slice() {
        [] => "?".to_owned(),
        [single] => single.chars().take(2).collect(),
        [first, .., last] => first.chars().take(1).chain(last.chars().take(1)).collect(),
    };
    letters.to_uppercase()
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

    #[test]
    fn wrapping_keeps_lines_short_and_marks_cuts() {
        let lines = wrap(
            "Um título bem comprido para caber em poucas linhas de texto",
            16,
            2,
        );
        assert_eq!(lines.len(), 2);
        assert!(lines.iter().all(|line| line.chars().count() <= 16), "{lines:?}");
        assert!(lines[1].ends_with('…'), "{lines:?}");
        assert_eq!(wrap("Curto", 16, 2), vec!["Curto".to_owned()]);
    }

    #[test]
    fn initials_skip_particles() {
        assert_eq!(initials("Marisa Monte"), "MM");
        assert_eq!(initials("Chitãozinho & Xororó"), "CX");
        assert_eq!(initials("Rede Cine Arte"), "RA");
        assert_eq!(initials("U2"), "U2");
        assert_eq!(initials("The Beatles"), "BE");
    }
}
