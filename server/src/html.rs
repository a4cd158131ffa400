//! Server HTML: one sanitiser policy for every piece of stored rich text, escaping for HTML and XML
//! output, and plain-text excerpts of HTML.
//!
//! S11: HTML that editors write (legal texts, client descriptions, spot transcripts, PRO FAQ answers,
//! and everything the back office will store) is cleaned by [`sanitize`] with one allow-list, so a
//! new content type cannot forget a tag or get a looser list by copying an old one. Stored HTML is
//! also cleaned again on output, as a second line of defence for rows written by the seed or by SQL.

use std::{collections::HashSet, sync::LazyLock};

/// The allow-list: headings, paragraphs, emphasis, lists, quotes and links, nothing that runs, styles
/// or embeds. No `style`, no `class`, no event handlers, no images or media, no forms; link targets only
/// http(s), mailto, tel and relative URLs, and every link gets `rel="noopener noreferrer"`.
fn allow_list() -> ammonia::Builder<'static> {
    let mut builder = ammonia::Builder::empty();
    builder
        .tags(HashSet::from([
            "p",
            "br",
            "strong",
            "b",
            "em",
            "i",
            "u",
            "ul",
            "ol",
            "li",
            "a",
            "h2",
            "h3",
            "h4",
            "blockquote",
            "small",
        ]))
        .tag_attributes([("a", HashSet::from(["href", "title"]))].into_iter().collect())
        .url_schemes(HashSet::from(["http", "https", "mailto", "tel"]))
        .url_relative(ammonia::UrlRelative::PassThrough)
        .link_rel(Some("noopener noreferrer"))
        .clean_content_tags(HashSet::from(["script", "style"]));
    builder
}

static POLICY: LazyLock<ammonia::Builder<'static>> = LazyLock::new(allow_list);

/// Cleans server HTML with the one policy. Content of `<script>` and `<style>` is dropped with the tag;
/// other unknown tags are removed and their text kept.
pub fn sanitize(html: &str) -> String {
    POLICY.clean(html).to_string()
}

/// The players an article may embed: YouTube's (the editor's video button writes the privacy-enhanced
/// host) and the podcast host the site already frames (`ONDA_PODCAST_PLAYER_URL`, PD-03). The CSP's
/// `frame-src` lists the same hosts.
const YOUTUBE_EMBEDS: [&str; 2] = [
    "https://www.youtube-nocookie.com/embed/",
    "https://www.youtube.com/embed/",
];

/// A news item's body or teaser (the back office's editor): the same allow-list as [`sanitize`] plus
/// pictures (`<img>` from our own uploads, `/media/images/…`, or any https address, as the CSP's
/// `img-src`), `figure`/`figcaption`, `hr`, and `<iframe>` whose `src`, once normalised
/// ([`frame_address`]), lies under one of the players' addresses: YouTube's embed paths and
/// `podcast_player_url` (only when it is https). Any other frame
/// loses its address and is dropped whole, and a kept frame loses its contents (raw text a parser
/// would not read as markup, but nothing we need to pass on).
pub fn sanitize_article(html: &str, podcast_player_url: &str) -> String {
    let mut frames: Vec<reqwest::Url> = YOUTUBE_EMBEDS
        .iter()
        .filter_map(|prefix| reqwest::Url::parse(prefix).ok())
        .collect();
    if podcast_player_url.starts_with("https://")
        && podcast_player_url["https://".len()..].contains('/')
        && let Ok(player) = reqwest::Url::parse(podcast_player_url)
    {
        frames.push(player);
    }
    let mut builder = allow_list();
    builder
        .add_tags(["img", "figure", "figcaption", "iframe", "hr"])
        .add_tag_attributes("img", ["src", "alt", "title", "width", "height"])
        .add_tag_attributes("iframe", ["src", "title", "width", "height", "allowfullscreen"])
        .attribute_filter(move |element, attribute, value| {
            let keep = match (element, attribute) {
                ("img", "src") => {
                    value.starts_with("/media/images/")
                        || (value.starts_with("https://") && !value.contains(char::is_whitespace))
                }
                ("iframe", "src") => {
                    return frame_address(value, &frames).map(std::borrow::Cow::Owned);
                }
                (_, "width" | "height") => {
                    !value.is_empty() && value.len() <= 4 && value.bytes().all(|b| b.is_ascii_digit())
                }
                _ => true,
            };
            keep.then(|| value.into())
        });
    drop_bare_frames(&builder.clean(html).to_string())
}

/// A frame's address as the browser will load it, when that lies under one of the `players`: parsed
/// and normalised first (the scheme and host in lower case, the default port dropped, `.` and `..`
/// segments resolved, `%2e` spellings included), so a path that climbs out of a player's directory
/// is judged by where it lands, not by how it starts. A path still holding an encoded slash,
/// backslash or dot is refused too: a server may decode those into separators after we looked.
/// The normal form is what the article keeps.
fn frame_address(value: &str, players: &[reqwest::Url]) -> Option<String> {
    let url = reqwest::Url::parse(value).ok()?;
    let path = url.path().to_ascii_lowercase();
    if url.scheme() != "https"
        || !url.username().is_empty()
        || url.password().is_some()
        || ["%2e", "%2f", "%5c"].iter().any(|encoded| path.contains(encoded))
    {
        return None;
    }
    players
        .iter()
        .any(|player| {
            url.host_str() == player.host_str()
                && url.port_or_known_default() == player.port_or_known_default()
                && url.as_str().starts_with(player.as_str())
        })
        .then(|| url.to_string())
}

/// Removes every `<iframe>` left without a `src` (its address was refused) and empties the others.
/// Runs on the sanitiser's own serialisation: lower-case tags, attribute values in double quotes.
fn drop_bare_frames(html: &str) -> String {
    const OPEN: &str = "<iframe";
    const CLOSE: &str = "</iframe>";
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find(OPEN) {
        out.push_str(&rest[..start]);
        let tag = &rest[start..];
        // The end of the start tag, outside quoted values.
        let mut quoted = false;
        let end = tag
            .char_indices()
            .find(|&(_, ch)| {
                if ch == '"' {
                    quoted = !quoted;
                }
                ch == '>' && !quoted
            })
            .map_or(tag.len(), |(at, _)| at + 1);
        let start_tag = &tag[..end];
        let after = &tag[end..];
        let close = after.find(CLOSE).map_or(after.len(), |at| at + CLOSE.len());
        if start_tag.contains(" src=\"") {
            out.push_str(start_tag);
            out.push_str(CLOSE);
        }
        rest = &after[close..];
    }
    out.push_str(rest);
    out
}

/// Escapes text for HTML and XML (content and quoted attributes), dropping the control characters
/// XML 1.0 forbids.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(ch),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

/// Plain text of an HTML fragment, whitespace collapsed, cut near `max` characters at a word.
pub fn plain_excerpt(html: &str, max: usize) -> String {
    let mut text = String::with_capacity(html.len().min(4 * max));
    let mut in_tag = false;
    for ch in html.chars() {
        match ch {
            '<' => {
                in_tag = true;
                text.push(' ');
            }
            '>' if in_tag => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
        if text.len() > 8 * max {
            break;
        }
    }
    let text = text
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    cut_words(&text, max)
}

/// Plain text with whitespace collapsed, cut near `max` characters at a word ('…' marks the cut).
pub fn cut_words(text: &str, max: usize) -> String {
    let mut out = String::new();
    for word in text.split_whitespace() {
        if out.chars().count() + word.chars().count() + 1 > max {
            out.push('…');
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PODCAST: &str = "https://player-widget.mixcloud.com/widget/iframe/";

    #[test]
    fn articles_keep_pictures_and_known_players_only() {
        let clean = |html: &str| sanitize_article(html, PODCAST);
        assert_eq!(clean("<p>a<script>alert(1)</script></p>"), "<p>a</p>");
        assert_eq!(
            clean("<img src=x onerror=alert(1)>"),
            "<img>",
            "a relative address that is not ours, and the handler, are gone"
        );
        assert_eq!(
            clean("<img src=\"/media/images/abc\" alt=\"Capa\" onload=\"x()\">"),
            "<img src=\"/media/images/abc\" alt=\"Capa\">"
        );
        assert_eq!(clean("<img src=\"//evil.example/x.png\">"), "<img>");
        assert_eq!(
            clean("<a href=\"javascript:alert(1)\">x</a>"),
            "<a rel=\"noopener noreferrer\">x</a>"
        );
        let youtube = "<iframe src=\"https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ\" width=\"560\" \
                       height=\"315\" allowfullscreen=\"\"></iframe>";
        assert_eq!(clean(youtube), youtube);
        assert_eq!(
            clean("<p>x</p><iframe src=\"https://evil.example/embed/\" width=\"5\"></iframe><p>y</p>"),
            "<p>x</p><p>y</p>"
        );
        assert_eq!(
            clean("<iframe src=\"https://www.youtube.com/embed/x\"><script>alert(1)</script></iframe>"),
            "<iframe src=\"https://www.youtube.com/embed/x\"></iframe>"
        );
        assert!(clean(&format!("<iframe src=\"{PODCAST}?feed=/x/\"></iframe>")).contains(PODCAST));
        assert_eq!(
            clean("<iframe src=\"javascript:alert(1)\" srcdoc=\"<script>x</script>\"></iframe>"),
            ""
        );
        // A frame's address is judged as the browser will load it: dot segments, plain or
        // percent-encoded, would climb out of the players' paths to any page of the same host.
        for escape in [
            "https://www.youtube.com/embed/../../redirect?q=https://evil.example",
            "https://www.youtube.com/embed/x/../../watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com/embed/%2e%2e/%2E%2E/redirect?q=x",
            "https://www.youtube.com/embed/.%2e/redirect?q=x",
            "https://www.youtube.com/embed/..%2f..%2fredirect?q=x",
            "https://www.youtube.com/embed/..%2F..%2Fredirect?q=x",
            "https://www.youtube.com/embed/..%5c..%5credirect?q=x",
            "https://www.youtube.com/embed\\..\\..\\redirect?q=x",
            "https://www.youtube.com/embed/&#46;&#46;/redirect?q=x",
            "https://www.youtube.com@evil.example/embed/x",
            "https://www.youtube.com.evil.example/embed/x",
            "https://player-widget.mixcloud.com/widget/iframe/../../oauth/authorize",
        ] {
            assert_eq!(
                clean(&format!("<p>a</p><iframe src=\"{escape}\"></iframe>")),
                "<p>a</p>",
                "{escape}"
            );
        }
        // Ordinary embeds stay, written in their normal form.
        assert_eq!(
            clean("<iframe src=\"https://www.youtube.com/embed/dQw4w9WgXcQ?start=30\"></iframe>"),
            "<iframe src=\"https://www.youtube.com/embed/dQw4w9WgXcQ?start=30\"></iframe>"
        );
        assert_eq!(
            clean("<iframe src=\"HTTPS://WWW.YOUTUBE.COM:443/embed/./dQw4w9WgXcQ\"></iframe>"),
            "<iframe src=\"https://www.youtube.com/embed/dQw4w9WgXcQ\"></iframe>"
        );
        // The general policy still takes no media at all.
        assert_eq!(sanitize("<img src=\"/media/images/abc\">"), "");
    }
}
