//! The per-page head search engines and link previews read (title, description, canonical, Open Graph
//! and Twitter tags) that `web/mod.rs` puts into the app's HTML, and the image the page's first screen
//! draws, preloaded.
//!
//! A link to a news item, a song, an artist, a podcast or a promotion shared on WhatsApp or Facebook is
//! previewed from the HTML the server sends, since those crawlers run no JavaScript: the item is looked
//! up here; an unknown one leaves the plain shell. Everything taken from the database is escaped.

use std::borrow::Cow;

use sqlx::Row;

use crate::{
    AppState, Result,
    data::news,
    html::{cut_words, escape, plain_excerpt},
    site::PUBLIC_PAGES,
};

/// Titles are cut to this many characters before ' | ' and the station name.
pub const TITLE_CHARS: usize = 60;
/// Descriptions are cut to about this many characters.
pub const DESCRIPTION_CHARS: usize = 160;
/// From this width a news item's page shows its wide (8:3) cover instead of the 16:9 one: the
/// BREAKPOINT_SM of doc2 §9 (C18), which the UI's NewsPicture uses for its `<source media>`.
pub const WIDE_COVER_MIN_WIDTH_PX: u32 = 768;

// ---------------------------------------------------------------------------------------------------
// Page heads

/// The head of one page, unescaped (escaped by [`Head::html`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Head {
    /// The full `<title>`: up to 60 characters of the item's title, ' | ', the station name.
    pub title: String,
    pub description: String,
    /// Absolute URL of the preview image ('' = none).
    pub image: String,
    /// Absolute canonical URL of the page.
    pub url: String,
    /// Open Graph type: website, article, music.song, profile.
    pub kind: &'static str,
    /// Static sections keep the shell's `<title>` (the app sets theirs when it starts); the tags
    /// still name the section.
    pub keep_document_title: bool,
    /// The pictures the page's first screen shows (a news item's cover), fetched with the HTML
    /// instead of after the app and the item's API call (the largest contentful paint).
    pub preload: Vec<ImagePreload>,
}

/// `<link rel="preload" as="image">` for a picture the page will draw, for the viewports in `media`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImagePreload {
    /// The address exactly as the page's `<img>`/`<source>` names it (site-relative), so the
    /// browser reuses the download.
    pub href: String,
    /// A media query, or `None` for every viewport.
    pub media: Option<String>,
}

impl ImagePreload {
    /// The `<link>`, escaped; `fetchpriority=high`: the page's largest picture goes before the
    /// app's scripts (preloaded at low priority).
    pub fn link(&self) -> String {
        let media = self
            .media
            .as_ref()
            .map(|media| format!(" media=\"{}\"", escape(media)))
            .unwrap_or_default();
        format!(
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{}\"{media}>",
            escape(&self.href)
        )
    }

    /// What a news item's page draws as its cover (ui/src/features/news/NewsArticlePage.tsx `Cover`
    /// and NewsPicture): nothing when a YouTube video replaces it; the wide picture from
    /// [`WIDE_COVER_MIN_WIDTH_PX`] and the 16:9 one below it; either one alone when it is the only one.
    pub fn news_cover(image: &str, featured: &str, youtube_id: &str) -> Vec<Self> {
        let preload = |href: &str, media: Option<String>| Self {
            href: href.to_owned(),
            media,
        };
        if !youtube_id.is_empty() {
            return Vec::new();
        }
        match (image.is_empty(), featured.is_empty()) {
            (true, true) => Vec::new(),
            (false, true) => vec![preload(image, None)],
            (true, false) => vec![preload(featured, None)],
            (false, false) => vec![
                preload(
                    image,
                    Some(format!("(max-width: {}.98px)", WIDE_COVER_MIN_WIDTH_PX - 1)),
                ),
                preload(
                    featured,
                    Some(format!("(min-width: {WIDE_COVER_MIN_WIDTH_PX}px)")),
                ),
            ],
        }
    }
}

impl Head {
    /// The tags that go into `<head>`, the `<title>` first.
    pub fn html(&self, station: &str) -> String {
        let e = escape;
        let mut out = if self.keep_document_title {
            String::new()
        } else {
            format!("<title>{}</title>", e(&self.title))
        };
        out.push_str(&format!(
            "<meta name=\"description\" content=\"{}\">\
             <link rel=\"canonical\" href=\"{}\">\
             <meta property=\"og:site_name\" content=\"{}\">\
             <meta property=\"og:locale\" content=\"pt_BR\">\
             <meta property=\"og:type\" content=\"{}\">\
             <meta property=\"og:title\" content=\"{}\">\
             <meta property=\"og:description\" content=\"{}\">\
             <meta property=\"og:url\" content=\"{}\">",
            e(&self.description),
            e(&self.url),
            e(station),
            self.kind,
            e(&self.title),
            e(&self.description),
            e(&self.url),
        ));
        if self.image.is_empty() {
            out.push_str("<meta name=\"twitter:card\" content=\"summary\">");
        } else {
            out.push_str(&format!(
                "<meta property=\"og:image\" content=\"{0}\">\
                 <meta name=\"twitter:card\" content=\"summary_large_image\">\
                 <meta name=\"twitter:image\" content=\"{0}\">",
                e(&self.image)
            ));
        }
        out.push_str(&format!(
            "<meta name=\"twitter:title\" content=\"{}\"><meta name=\"twitter:description\" content=\"{}\">",
            e(&self.title),
            e(&self.description)
        ));
        for image in &self.preload {
            out.push_str(&image.link());
        }
        out
    }
}

/// `title` cut to [`TITLE_CHARS`], then ' | ' and the station name (G01).
pub fn page_title(title: &str, station: &str) -> String {
    let title = title.trim();
    let cut: String = title.chars().take(TITLE_CHARS).collect();
    format!("{} | {station}", cut.trim_end())
}

fn absolute(public_url: &str, url: &str) -> String {
    if url.is_empty() || url.starts_with("https://") || url.starts_with("http://") {
        url.to_owned()
    } else if url.starts_with('/') {
        format!("{public_url}{url}")
    } else {
        format!("{public_url}/{url}")
    }
}

/// `%C3%AD` → `í`; invalid encodings leave the segment as it was.
pub(crate) fn percent_decode(segment: &str) -> String {
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Ok(byte) = u8::from_str_radix(segment.get(i + 1..i + 3).unwrap_or("zz"), 16)
        {
            out.push(byte);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| segment.to_owned())
}

/// The head of the page at `raw_path` (still percent-encoded), when the server knows more than the
/// shell's default: an existing content item or a static section. `None` leaves the page as it is.
pub async fn page_head(state: &AppState, raw_path: &str) -> PageHead {
    match item_head(state, raw_path).await {
        Ok(head) => head,
        Err(err) => {
            // A preview is an extra: the page is still served, with the plain shell.
            tracing::warn!(error = %err, path = raw_path, "page head lookup failed");
            PageHead::Plain
        }
    }
}

/// What the server knows of a page before the app runs.
pub enum PageHead {
    /// A section or an item that exists: its title, description and image.
    Found(Head),
    /// The address has an item's shape (a news item, an artist, a song, a podcast show) but no such
    /// item exists: the page answers 404, as a crawler must be told, while the app shows the page's
    /// own not-found view.
    Missing,
    /// Nothing to add: the shell as it is.
    Plain,
}

async fn item_head(state: &AppState, raw_path: &str) -> Result<PageHead> {
    let station = &state.config.station_name;
    let public = state.config.public_url();
    let path = if raw_path.len() > 1 {
        raw_path.trim_end_matches('/')
    } else {
        raw_path
    };
    let url = format!("{public}{path}");
    let head = |title: &str, description: String, image: &str, kind: &'static str| Head {
        title: page_title(title, station),
        description,
        image: absolute(&public, image),
        url: url.clone(),
        kind,
        keep_document_title: false,
        preload: Vec::new(),
    };
    if let Some(page) = PUBLIC_PAGES.iter().find(|page| page.path == path) {
        let title = if path == "/" {
            station.clone()
        } else {
            page_title(page.title, station)
        };
        return Ok(PageHead::Found(Head {
            title,
            description: page.description.to_owned(),
            image: String::new(),
            url,
            kind: "website",
            keep_document_title: true,
            preload: Vec::new(),
        }));
    }
    let segments: Vec<String> = path
        .trim_start_matches('/')
        .split('/')
        .map(percent_decode)
        .collect();
    let segments: Vec<&str> = segments.iter().map(String::as_str).collect();
    let db = &state.db.pool;
    match segments.as_slice() {
        ["noticias", slug] => {
            // C09: category slugs and 'tags' are lists, not items.
            if let Some((_, name)) = news::category(&state.db, slug).await? {
                return Ok(PageHead::Found(head(
                    &format!("Notícias de {name}"),
                    format!("As últimas notícias de {name}."),
                    "",
                    "website",
                )));
            }
            // S04: a PRO item's preview says only what its teaser says (news::Preview::body).
            let Some(item) = news::preview(&state.db, slug).await? else {
                return Ok(PageHead::Missing);
            };
            // The subtitle is plain text; the body is HTML.
            let description = if item.subtitle.trim().is_empty() {
                plain_excerpt(&item.body, DESCRIPTION_CHARS)
            } else {
                cut_words(&item.subtitle, DESCRIPTION_CHARS)
            };
            let preload = ImagePreload::news_cover(&item.image, &item.featured_image, &item.youtube_id);
            let image = if item.featured_image.is_empty() {
                item.image
            } else {
                item.featured_image
            };
            Ok(PageHead::Found(Head {
                preload,
                ..head(&item.title, description, &image, "article")
            }))
        }
        ["programacao", slug] => {
            let Some((programme, host)) = crate::data::schedule::programme_by_slug(&state.db, slug).await?
            else {
                return Ok(PageHead::Missing);
            };
            let description = if programme.description.trim().is_empty() {
                if host.trim().is_empty() {
                    format!("{}: horários e apresentação.", programme.title)
                } else {
                    format!("{}, com {host}: horários e apresentação.", programme.title)
                }
            } else {
                plain_excerpt(&programme.description, DESCRIPTION_CHARS)
            };
            Ok(PageHead::Found(head(
                &programme.title,
                description,
                &programme.image_url,
                "website",
            )))
        }
        ["artistas", slug] => {
            let Some(row) =
                sqlx::query("SELECT name, biography, image_url, banner_url FROM artists WHERE slug = $1")
                    .bind(*slug)
                    .fetch_optional(db)
                    .await?
            else {
                return Ok(PageHead::Missing);
            };
            let name: String = row.try_get("name")?;
            let biography: String = row.try_get("biography")?;
            let description = if biography.trim().is_empty() {
                format!("Músicas e biografia de {name}.")
            } else {
                plain_excerpt(&biography, DESCRIPTION_CHARS)
            };
            let image: String = row.try_get("image_url")?;
            Ok(PageHead::Found(head(&name, description, &image, "profile")))
        }
        ["musicas", pair] => {
            let Some((song_slug, artist_slug)) = pair.split_once('+') else {
                return Ok(PageHead::Missing);
            };
            let Some(row) = sqlx::query(
                "SELECT s.name, a.name AS artist, al.cover_url, s.year FROM songs s \
                 JOIN artists a ON a.id = s.artist_id JOIN albums al ON al.id = s.album_id \
                 WHERE s.slug = $1 AND a.slug = $2",
            )
            .bind(song_slug)
            .bind(artist_slug)
            .fetch_optional(db)
            .await?
            else {
                return Ok(PageHead::Missing);
            };
            let name: String = row.try_get("name")?;
            let artist: String = row.try_get("artist")?;
            let cover: String = row.try_get("cover_url")?;
            Ok(PageHead::Found(head(
                &format!("{name} - {artist}"),
                format!("Ouça {name}, de {artist}: letra, tradução e vídeo."),
                &cover,
                "music.song",
            )))
        }
        // 'outros' is the other podcasts' page, not a show.
        ["podcasts", "outros"] => Ok(PageHead::Plain),
        ["podcasts", slug] => {
            let Some(row) = sqlx::query(
                "SELECT name, subtitle, description, image_featured_url, thumb_url FROM podcast_shows WHERE slug = $1",
            )
            .bind(*slug)
            .fetch_optional(db)
            .await?
            else {
                return Ok(PageHead::Missing);
            };
            let name: String = row.try_get("name")?;
            let subtitle: String = row.try_get("subtitle")?;
            let description: String = row.try_get("description")?;
            let text = if description.trim().is_empty() {
                subtitle
            } else {
                description
            };
            let featured: String = row.try_get("image_featured_url")?;
            let thumb: String = row.try_get("thumb_url")?;
            let image = if featured.is_empty() { thumb } else { featured };
            Ok(PageHead::Found(head(
                &name,
                plain_excerpt(&text, DESCRIPTION_CHARS),
                &image,
                "website",
            )))
        }
        ["promocoes", slug] => {
            let Some((title, text, image)) = crate::data::promotions::preview(&state.db, slug).await? else {
                return Ok(PageHead::Plain);
            };
            Ok(PageHead::Found(head(
                &title,
                plain_excerpt(&text, DESCRIPTION_CHARS),
                &image,
                "website",
            )))
        }
        _ => Ok(PageHead::Plain),
    }
}

/// Replaces the page's `<title>` with the head's tags (or adds them before `</head>`).
pub fn apply_head(html: &str, head: &Head, station: &str) -> String {
    let tags = head.html(station);
    // The built index.html carries the site's generic description: the page's own replaces it, or a
    // share preview (which reads the first one) would show the generic text.
    let html = if tags.contains("<meta name=\"description\"") {
        without_tag(html, "<meta name=\"description\"")
    } else {
        Cow::Borrowed(html)
    };
    let html = html.as_ref();
    match (html.find("<title>"), html.find("</title>")) {
        (Some(start), Some(end)) if end > start && !head.keep_document_title => {
            format!("{}{}{}", &html[..start], tags, &html[end + "</title>".len()..])
        }
        _ => html.replacen("</head>", &format!("{tags}</head>"), 1),
    }
}

/// `html` without the first tag starting with `start` (up to its closing `>`).
fn without_tag<'a>(html: &'a str, start: &str) -> Cow<'a, str> {
    let Some(from) = html.find(start) else {
        return Cow::Borrowed(html);
    };
    match html[from..].find('>') {
        Some(len) => Cow::Owned(format!("{}{}", &html[..from], &html[from + len + 1..])),
        None => Cow::Borrowed(html),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_are_cut_at_60_and_carry_the_station() {
        let long = "a".repeat(80);
        assert_eq!(
            page_title(&long, "Onda FM"),
            format!("{} | Onda FM", "a".repeat(60))
        );
        assert_eq!(page_title("Curto", "Onda FM"), "Curto | Onda FM");
    }

    #[test]
    fn excerpts_drop_tags_and_cut_at_a_word() {
        let text = plain_excerpt("<p>Um <b>dois</b> &amp; três</p><script>x</script>", 160);
        assert_eq!(text, "Um dois & três x");
        let cut = plain_excerpt(&"palavra ".repeat(50), 30);
        assert!(cut.ends_with('…') && cut.chars().count() <= 31, "{cut}");
    }

    #[test]
    fn head_tags_are_escaped() {
        let head = Head {
            title: "<script>alert(\"x\")</script> | Onda".into(),
            description: "a \"quoted\" & <b>bold</b>".into(),
            image: "https://x/i.jpg?a=1&b=2".into(),
            url: "https://x/noticias/a".into(),
            kind: "article",
            keep_document_title: false,
            preload: vec![ImagePreload {
                href: "/media/a.webp?x=\"><script>".into(),
                media: None,
            }],
        };
        let html = head.html("Onda & Cia");
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(&quot;x&quot;)"));
        assert!(html.contains("content=\"https://x/i.jpg?a=1&amp;b=2\""));
        assert!(html.contains("content=\"Onda &amp; Cia\""));
    }

    #[test]
    fn a_news_cover_is_preloaded_as_the_page_draws_it() {
        let media = |list: Vec<ImagePreload>| {
            list.into_iter()
                .map(|image| (image.href, image.media.unwrap_or_default()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            media(ImagePreload::news_cover("/n.webp", "/w.webp", "")),
            [
                ("/n.webp".to_owned(), "(max-width: 767.98px)".to_owned()),
                ("/w.webp".to_owned(), "(min-width: 768px)".to_owned()),
            ]
        );
        assert_eq!(
            media(ImagePreload::news_cover("/n.webp", "", "")),
            [("/n.webp".to_owned(), String::new())]
        );
        assert_eq!(
            media(ImagePreload::news_cover("", "/w.webp", "")),
            [("/w.webp".to_owned(), String::new())]
        );
        assert!(ImagePreload::news_cover("/n.webp", "/w.webp", "dQw4w9WgXcQ").is_empty());
        assert!(ImagePreload::news_cover("", "", "").is_empty());
    }

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("not%C3%ADcias"), "notícias");
        assert_eq!(percent_decode("50%"), "50%");
    }
}
