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
static POLICY: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
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
});

/// Cleans server HTML with the one policy. Content of `<script>` and `<style>` is dropped with the tag;
/// other unknown tags are removed and their text kept.
pub fn sanitize(html: &str) -> String {
    POLICY.clean(html).to_string()
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
