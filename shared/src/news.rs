//! Wire types of the news and tracking endpoints (`/api/v1/news/*`, `/api/v1/tracking/*`; doc2 §3 "News
//! item", §7; decisions G31–G33, G54, C20, C34/S04).
//!
//! Instants are ISO 8601 strings with the Brasília offset (`2026-11-21T19:00:00-03:00`, G54); the
//! tracking bodies carry epoch milliseconds.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A tag as the tags list and the news items carry it: `n` = name, `u` = URL slug (/noticias/tags/{u}).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Tag {
    pub n: String,
    pub u: String,
}

/// A news item (doc2 §3). Lists carry it without `content`/`fullContent`/`teaser`; getSingleNews adds
/// `content` and `fullContent` for normal items and only `teaser` for PRO items (S04); getSingleProNews
/// adds `content` and `fullContent` for PRO users.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct NewsItem {
    #[ts(type = "number")]
    pub id: i64,
    pub slug: String,
    pub title: String,
    /// Shorter title for the home blocks; equals `title` when the newsroom gave none.
    pub title_home: String,
    pub subtitle: String,
    /// Publication instant, ISO 8601 with -03:00.
    pub date: String,
    /// 'Updated at' instant when edited after publishing.
    pub update_date: Option<String>,
    /// Byline ('Redação Onda FM', 'Reuters' or the journalist's name).
    pub author: String,
    /// 'redacao' or 'reuters'.
    pub source: String,
    pub category_name: String,
    pub category_slug: String,
    /// Square cover.
    pub image_new: String,
    /// The same cover under its older name (doc2 §3 'image/oldImage').
    pub image: String,
    /// Wide cover.
    pub featured_image: String,
    pub image_caption: String,
    pub image_link: String,
    /// True when a cover video replaces the cover image.
    pub cover_video: bool,
    pub cover_video_youtube_id: String,
    pub cover_video_file_name: String,
    /// Episode key at the player host (podcast episodes), else ''.
    pub podcast_id: String,
    /// Player host of the episode's show (e.g. 'mixcloud'), else ''.
    pub podcast_type: String,
    pub podcast_player_style: String,
    pub podcast_player_color: String,
    /// Slug of the first tag ('' when none).
    pub tag_slug: String,
    /// Tags in display order.
    pub tag_news: Vec<Tag>,
    pub keyword: String,
    /// PRO item: its text is only for PRO users (S04).
    pub pro: bool,
    pub journalist_name: Option<String>,
    pub journalist_slug: Option<String>,
    pub journalist_image_file: Option<String>,
    /// Set on the items of checkForNewNews (the UI's 'new' badge); false elsewhere.
    pub new_news: bool,
    /// Sanitised HTML; single-news replies only, never for PRO items on getSingleNews.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub content: Option<String>,
    /// Same as `content` (the older name); same rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub full_content: Option<String>,
    /// PRO items on getSingleNews: the part non-PRO readers may see (HTML).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub teaser: Option<String>,
}

/// `GET /api/v1/news/getHomeNews` (G31): the home news widget. `featured` + `secondary` + `side` are the
/// 12 newest items (PRO teasers included, Reuters excluded) with the editor's pick first; `reuters` are up
/// to 5 wire items and `mundo` the 'Mundo' block, neither repeating an item shown above.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct HomeNews {
    pub featured: Option<NewsItem>,
    /// Up to 6.
    pub secondary: Vec<NewsItem>,
    /// The rest of the 12 (up to 5).
    pub side: Vec<NewsItem>,
    /// Up to 5.
    pub reuters: Vec<NewsItem>,
    /// Up to 4 newest items of the 'mundo' category.
    pub mundo: Vec<NewsItem>,
}

/// `tagMeta` of getDataNewsByTag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct TagMeta {
    /// Page heading ('Notícias sobre MPB').
    pub title: String,
    pub n: String,
    pub u: String,
}

/// `GET /api/v1/news/getDataNewsByTag/{offset}/{count}/{tagSlug}`: `data.tagMeta`, `data.newsArray`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct TagNews {
    pub tag_meta: TagMeta,
    pub news_array: Vec<NewsItem>,
}

/// `GET /api/v1/news/getNewsMostRead/{count}`: `data[] {newsId, slug, title, date, imageNew}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct MostReadNews {
    #[ts(type = "number")]
    pub news_id: i64,
    pub slug: String,
    pub title: String,
    pub date: String,
    pub image_new: String,
    /// Reads in the last seven Brasília days.
    #[ts(type = "number")]
    pub views: i64,
}

/// `GET /api/v1/news/checkForNewNews/{latestId}[/{category}]` (G33).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct NewNews {
    /// How many items are newer than `latestId` (at most 12).
    #[ts(type = "number")]
    pub count: i64,
    /// Those items, newest first, flagged `newNews`.
    pub items: Vec<NewsItem>,
}

/// One entry of a news-views batch: the item and when it was seen (epoch milliseconds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct NewsView {
    #[ts(type = "number")]
    pub news_id: i64,
    #[ts(type = "number")]
    pub timestamp: i64,
}

/// Body of `POST /api/v1/tracking/newsViewsHit` and `newsViewsHitAuth`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct NewsViewsHit {
    /// When the batch was sent, epoch milliseconds.
    #[ts(type = "number")]
    pub send_time: i64,
    /// 32 hex digits, one per browser session (G57).
    pub session_hash: String,
    /// 1 to 100 views.
    pub news_views: Vec<NewsView>,
}

/// `data` of newsViewsHit: how many views were counted (a session counts an item once per day).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct NewsViewsCounted {
    #[ts(type = "number")]
    pub counted: i64,
}

/// Body of `POST /api/v1/tracking/newsHit`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct NewsHit {
    pub slug: String,
}

/// Body of `POST /api/v1/tracking/tagHit`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct TagHit {
    pub tag: String,
}
