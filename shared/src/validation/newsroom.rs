//! The checks of the newsroom's editor: the server runs them on every save and the UI runs
//! the same rules, read from the generated limits and messages. [`news_input`] answers the input
//! normalised (trimmed, blank tags dropped, repeated tags once) or the message of the first rule it
//! breaks, in the editor's order. What needs the database (the category, journalist and podcast show
//! exist) or a clock (the publication date) is the server's.

use super::*;
use crate::newsroom::{NewsInput, NewsState};

type Checked<T> = Result<T, &'static str>;

fn chars(value: &str) -> usize {
    value.chars().count()
}

/// Trimmed `value` when it has at most `max` characters, else `message`.
fn at_most(value: &str, max: usize, message: &'static str) -> Checked<String> {
    let value = value.trim();
    if chars(value) <= max {
        Ok(value.to_owned())
    } else {
        Err(message)
    }
}

/// Whether editor HTML shows anything: text outside the tags, or a picture or an embed.
pub fn html_has_content(html: &str) -> bool {
    let mut in_tag = false;
    for ch in html.chars() {
        match ch {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag && !c.is_whitespace() => return true,
            _ => {}
        }
    }
    let lower = html.to_ascii_lowercase();
    lower.contains("<img") || lower.contains("<iframe")
}

/// A YouTube video id: 11 characters of `A-Z a-z 0-9 - _`.
pub fn youtube_id(value: &str) -> bool {
    value.len() == 11
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A cover the editor may store: one uploaded through the back office (`/media/images/<32 hex>`), or a
/// picture of the site's own (`/media/img/…`, the demo's generated ones), never an outside address.
pub fn cover_url(value: &str) -> bool {
    if let Some(key) = value.strip_prefix("/media/images/") {
        return key.len() == 32 && key.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    }
    value.strip_prefix("/media/img/").is_some_and(|rest| {
        !rest.is_empty()
            && !rest.contains("..")
            && rest
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'-' | b'_'))
    })
}

/// The editor's save. `scheduled` is taken as `published` (the date says which it is).
pub fn news_input(input: &NewsInput) -> Checked<NewsInput> {
    let title = input.title.trim().to_owned();
    if !(NEWSROOM_TITLE_MIN..=NEWSROOM_TITLE_MAX).contains(&chars(&title)) {
        return Err(messages::NEWSROOM_TITLE);
    }
    let title_home = at_most(
        &input.title_home,
        NEWSROOM_TITLE_HOME_MAX,
        messages::NEWSROOM_TITLE_HOME,
    )?;
    let subtitle = at_most(
        &input.subtitle,
        NEWSROOM_SUBTITLE_MAX,
        messages::NEWSROOM_SUBTITLE,
    )?;
    let state = match input.state {
        NewsState::Scheduled => NewsState::Published,
        other => other,
    };
    let content = input.content.trim().to_owned();
    if chars(&content) > NEWSROOM_CONTENT_MAX {
        return Err(messages::NEWSROOM_CONTENT_LONG);
    }
    // A draft may be empty; what goes public has a text.
    if state == NewsState::Published && !html_has_content(&content) {
        return Err(messages::NEWSROOM_CONTENT);
    }
    let teaser = at_most(&input.teaser, NEWSROOM_TEASER_MAX, messages::NEWSROOM_TEASER)?;
    if input.is_pro && state == NewsState::Published && !html_has_content(&teaser) {
        return Err(messages::NEWSROOM_TEASER);
    }
    if input.category_id <= 0 {
        return Err(messages::NEWSROOM_CATEGORY);
    }
    let mut tags: Vec<String> = Vec::new();
    for tag in &input.tags {
        let tag = tag.split_whitespace().collect::<Vec<_>>().join(" ");
        if tag.is_empty() {
            continue;
        }
        if chars(&tag) > NEWSROOM_TAG_MAX {
            return Err(messages::NEWSROOM_TAGS);
        }
        if !tags.iter().any(|seen| seen.to_lowercase() == tag.to_lowercase()) {
            tags.push(tag);
        }
    }
    if tags.len() > NEWSROOM_TAGS_MAX {
        return Err(messages::NEWSROOM_TAGS);
    }
    if input.journalist_id.is_some_and(|id| id <= 0) {
        return Err(messages::NEWSROOM_JOURNALIST);
    }
    let author = at_most(&input.author, NEWSROOM_AUTHOR_MAX, messages::NEWSROOM_AUTHOR)?;
    let image_url = input.image_url.trim().to_owned();
    if !image_url.is_empty() && !cover_url(&image_url) {
        return Err(messages::NEWSROOM_IMAGE);
    }
    let image_caption = at_most(
        &input.image_caption,
        NEWSROOM_CAPTION_MAX,
        messages::NEWSROOM_CAPTION,
    )?;
    let cover_video_youtube_id = input.cover_video_youtube_id.trim().to_owned();
    if !cover_video_youtube_id.is_empty() && !youtube_id(&cover_video_youtube_id) {
        return Err(messages::NEWSROOM_YOUTUBE);
    }
    if input.podcast_show_id.is_some_and(|id| id <= 0) {
        return Err(messages::NEWSROOM_PODCAST);
    }
    // The episode's key at the player host: a path segment it understands, so no spaces or quotes.
    let podcast_id = input.podcast_id.trim().to_owned();
    if chars(&podcast_id) > NEWSROOM_PODCAST_ID_MAX
        || podcast_id
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>'))
    {
        return Err(messages::NEWSROOM_PODCAST);
    }
    let keyword = at_most(&input.keyword, NEWSROOM_KEYWORD_MAX, messages::NEWSROOM_KEYWORD)?;
    Ok(NewsInput {
        title,
        title_home,
        subtitle,
        content,
        teaser,
        category_id: input.category_id,
        tags,
        journalist_id: input.journalist_id,
        author,
        image_url,
        image_caption,
        cover_video_youtube_id,
        podcast_show_id: input.podcast_show_id,
        // An episode key means nothing without its show.
        podcast_id: if input.podcast_show_id.is_some() {
            podcast_id
        } else {
            String::new()
        },
        keyword,
        is_pro: input.is_pro,
        is_featured: input.is_featured,
        state,
        publish_at: input
            .publish_at
            .as_deref()
            .map(str::trim)
            .filter(|at| !at.is_empty())
            .map(str::to_owned),
        version: input.version,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> NewsInput {
        NewsInput {
            title: "  Festival de inverno  ".into(),
            title_home: String::new(),
            subtitle: String::new(),
            content: "<p>Texto</p>".into(),
            teaser: String::new(),
            category_id: 1,
            tags: vec!["Samba".into(), " samba ".into(), "  ".into(), "MPB".into()],
            journalist_id: None,
            author: String::new(),
            image_url: String::new(),
            image_caption: String::new(),
            cover_video_youtube_id: String::new(),
            podcast_show_id: None,
            podcast_id: "x".into(),
            keyword: String::new(),
            is_pro: false,
            is_featured: false,
            state: NewsState::Scheduled,
            publish_at: Some(" ".into()),
            version: None,
        }
    }

    #[test]
    fn normalises_and_checks_in_order() {
        let checked = news_input(&input()).unwrap();
        assert_eq!(checked.title, "Festival de inverno");
        assert_eq!(checked.tags, vec!["Samba", "MPB"]);
        assert_eq!(checked.state, NewsState::Published);
        assert_eq!(checked.publish_at, None);
        assert_eq!(checked.podcast_id, "");
        let with = |change: fn(&mut NewsInput)| {
            let mut input = input();
            change(&mut input);
            news_input(&input).err()
        };
        assert_eq!(with(|i| i.title = "abc".into()), Some(messages::NEWSROOM_TITLE));
        assert_eq!(
            with(|i| i.content = "<p> </p>".into()),
            Some(messages::NEWSROOM_CONTENT)
        );
        assert_eq!(
            with(|i| {
                i.content = String::new();
                i.state = NewsState::Draft;
            }),
            None
        );
        assert_eq!(with(|i| i.is_pro = true), Some(messages::NEWSROOM_TEASER));
        assert_eq!(with(|i| i.category_id = 0), Some(messages::NEWSROOM_CATEGORY));
        assert_eq!(
            with(|i| i.tags = (0..11).map(|n| format!("t{n}")).collect()),
            Some(messages::NEWSROOM_TAGS)
        );
        assert_eq!(
            with(|i| i.tags = vec!["x".repeat(41)]),
            Some(messages::NEWSROOM_TAGS)
        );
        assert_eq!(
            with(|i| i.image_url = "https://example.com/a.jpg".into()),
            Some(messages::NEWSROOM_IMAGE)
        );
        assert_eq!(
            with(|i| i.image_url = "/media/img/../../etc/passwd".into()),
            Some(messages::NEWSROOM_IMAGE)
        );
        assert_eq!(
            with(|i| i.image_url = format!("/media/images/{}", "a".repeat(32))),
            None
        );
        assert_eq!(
            with(|i| i.cover_video_youtube_id = "not a video".into()),
            Some(messages::NEWSROOM_YOUTUBE)
        );
        assert_eq!(with(|i| i.cover_video_youtube_id = "dQw4w9WgXcQ".into()), None);
    }

    #[test]
    fn content_is_text_or_media() {
        assert!(!html_has_content("<p><br></p>"));
        assert!(html_has_content("<p>a</p>"));
        assert!(html_has_content("<p><img src=\"/media/images/x\"></p>"));
    }
}
