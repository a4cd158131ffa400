//! The newsroom (`/api/v1/backoffice/news*`, permission 5): the list staff search, the
//! editor's load and save, delete, and the preview that is the real article.
//!
//! States. Every public news query filters `published_at <= now`, so an item that must not be public
//! (a draft, or one taken down) is stored with `published_at` = [`HIDDEN_AT`] (9999-12-31): no public
//! path can show it, including one written later that forgets to look at the state. `state` says what
//! it is; a published item with a future `published_at` is scheduled, and appears by itself when its
//! time comes. A hidden item keeps the date it had or is meant to have in `intended_at`, which the
//! editor gets back as `publishAt`, so 'unpublish then republish' keeps the original date.
//!
//! Every save runs in one transaction with its audit row, bumps `version` (a stale one is a 409) and
//! `changed_at` (the list's order). Then the caches that could hide it are dropped and the search
//! index takes a pass, so lists, the home page, most read, search, feeds and the sitemap show the
//! change at once on this instance (other instances' indexes follow within their refresh period).

use axum::response::Response;
use onda_shared::{
    newsroom::{NewsDraft, NewsInput, NewsState, NewsroomPage, NewsroomRow},
    validation::{messages, news_input},
};
use serde_json::Value;
use sqlx::{AnyConnection, Row, any::AnyRow};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    EARLIEST,
    kit::{self, Area, Filter, Listing, Save, Slug, Staff, flag, opt, text},
    no_store,
};
use crate::{
    AppState, Error, Result,
    clock::{iso, now, parse_iso},
    data::news::preview_item,
    db::Arg,
    error::ok,
    extract::{ApiJson, ApiPath, path_number},
    html::sanitize_article,
    openapi::{EmptyReply, Reply},
    routes::news::NEWS_NOT_FOUND,
    staff::NEWSROOM,
    text::slugify,
};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(newsroom_list, newsroom_create))
        .routes(routes!(newsroom_get, newsroom_update, newsroom_delete))
        .routes(routes!(newsroom_preview))
}

/// `published_at` of an item that is not public: 9999-12-31 23:59:59 UTC, after any real date.
pub const HIDDEN_AT: i64 = 253_402_300_799;
/// Longest title search, in characters.
const QUERY_MAX: usize = 100;
/// The audit log keeps the record's fields, not megabytes: a body or teaser longer than this is cut
/// in the audit copy (its full length is noted beside it). The item itself is never cut.
const AUDIT_TEXT_MAX: usize = 2_000;

/// Every column the editor reads, with the journalist's name for the byline.
const COLUMNS: &str = "n.id, n.slug, n.title, n.title_home, n.subtitle, n.content, n.teaser, n.category_id, \
     n.journalist_id, n.author, n.image_url, n.featured_image_url, n.image_caption, n.cover_video_youtube_id, \
     n.podcast_show_id, n.podcast_id, n.keyword, n.is_pro, n.is_featured, n.state, n.published_at, \
     n.intended_at, n.updated_at, n.created_at, n.changed_at, n.version, j.name AS journalist_name";

/// A news row as stored, with its tags in order.
#[derive(Debug, Clone)]
struct Stored {
    id: i64,
    slug: String,
    title: String,
    title_home: String,
    subtitle: String,
    content: String,
    teaser: String,
    category_id: i64,
    journalist_id: Option<i64>,
    journalist_name: Option<String>,
    author: String,
    image_url: String,
    featured_image_url: String,
    image_caption: String,
    cover_video_youtube_id: String,
    podcast_show_id: Option<i64>,
    podcast_id: String,
    keyword: String,
    is_pro: bool,
    is_featured: bool,
    state: String,
    published_at: i64,
    intended_at: Option<i64>,
    updated_at: Option<i64>,
    created_at: Option<i64>,
    changed_at: i64,
    version: i64,
    tags: Vec<String>,
}

impl Stored {
    fn from_row(row: &AnyRow) -> Result<Self> {
        Ok(Self {
            id: row.try_get("id")?,
            slug: row.try_get("slug")?,
            title: row.try_get("title")?,
            title_home: row.try_get("title_home")?,
            subtitle: row.try_get("subtitle")?,
            content: row.try_get("content")?,
            teaser: row.try_get("teaser")?,
            category_id: row.try_get("category_id")?,
            journalist_id: row.try_get("journalist_id")?,
            journalist_name: row.try_get("journalist_name")?,
            author: row.try_get("author")?,
            image_url: row.try_get("image_url")?,
            featured_image_url: row.try_get("featured_image_url")?,
            image_caption: row.try_get("image_caption")?,
            cover_video_youtube_id: row.try_get("cover_video_youtube_id")?,
            podcast_show_id: row.try_get("podcast_show_id")?,
            podcast_id: row.try_get("podcast_id")?,
            keyword: row.try_get("keyword")?,
            is_pro: row.try_get::<i64, _>("is_pro")? != 0,
            is_featured: row.try_get::<i64, _>("is_featured")? != 0,
            state: row.try_get("state")?,
            published_at: row.try_get("published_at")?,
            intended_at: row.try_get("intended_at")?,
            updated_at: row.try_get("updated_at")?,
            created_at: row.try_get("created_at")?,
            changed_at: row.try_get("changed_at")?,
            version: row.try_get("version")?,
            tags: Vec::new(),
        })
    }

    fn state(&self) -> NewsState {
        match self.state.as_str() {
            "draft" => NewsState::Draft,
            "unpublished" => NewsState::Unpublished,
            _ => NewsState::Published,
        }
    }

    /// Public now (published and its time has come).
    fn is_public(&self, now: i64) -> bool {
        self.state() == NewsState::Published && self.published_at <= now
    }

    /// The byline the editor typed: '' when it is the default one (the journalist's name, or the
    /// newsroom's), which a save computes again.
    fn author_input(&self, station: &str) -> String {
        let default = match &self.journalist_name {
            Some(name) if self.journalist_id.is_some() => name.clone(),
            _ => newsroom_byline(station),
        };
        if self.author == default {
            String::new()
        } else {
            self.author.clone()
        }
    }

    fn draft(&self, station: &str, now: i64) -> NewsDraft {
        let state = self.state();
        let shown_state = if state == NewsState::Published && self.published_at > now {
            NewsState::Scheduled
        } else {
            state
        };
        let publish_at = if state == NewsState::Published {
            Some(iso(self.published_at))
        } else {
            self.intended_at.map(iso)
        };
        NewsDraft {
            id: self.id,
            slug: self.slug.clone(),
            input: NewsInput {
                title: self.title.clone(),
                title_home: self.title_home.clone(),
                subtitle: self.subtitle.clone(),
                content: self.content.clone(),
                teaser: self.teaser.clone(),
                category_id: self.category_id,
                tags: self.tags.clone(),
                journalist_id: self.journalist_id,
                author: self.author_input(station),
                image_url: self.image_url.clone(),
                image_caption: self.image_caption.clone(),
                cover_video_youtube_id: self.cover_video_youtube_id.clone(),
                podcast_show_id: self.podcast_show_id,
                podcast_id: self.podcast_id.clone(),
                keyword: self.keyword.clone(),
                is_pro: self.is_pro,
                is_featured: self.is_featured,
                state,
                publish_at,
                version: Some(self.version),
            },
            shown_state,
            url: format!("/noticias/{}", self.slug),
            created_at: iso(self.created_at.unwrap_or(self.changed_at)),
            updated_at: iso(self.changed_at),
        }
    }

    /// The record as the audit log keeps it: the editor's fields, long texts cut.
    fn audit_copy(&self, station: &str) -> Value {
        let mut value = serde_json::to_value(self.draft(station, now())).unwrap_or(Value::Null);
        for field in ["content", "teaser"] {
            if let Some(text) = value.get(field).and_then(Value::as_str) {
                let length = text.chars().count();
                if length > AUDIT_TEXT_MAX {
                    let cut: String = text.chars().take(AUDIT_TEXT_MAX).collect();
                    value[field] = Value::String(cut);
                    value[format!("{field}Length")] = Value::from(length);
                }
            }
        }
        value
    }
}

/// The default byline of an item with no journalist (the seed's own).
fn newsroom_byline(station: &str) -> String {
    format!("Redação {station}")
}

/// The row and its tags, read on `conn` (a transaction's, to see its own writes).
async fn load(conn: &mut AnyConnection, id: i64) -> Result<Option<Stored>> {
    let Some(row) = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM news n LEFT JOIN journalists j ON j.id = n.journalist_id WHERE n.id = $1"
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?
    else {
        return Ok(None);
    };
    let mut stored = Stored::from_row(&row)?;
    stored.tags = sqlx::query_scalar(
        "SELECT t.name FROM news_tags nt JOIN tags t ON t.id = nt.tag_id WHERE nt.news_id = $1 \
         ORDER BY nt.position, t.id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(Some(stored))
}

/// The newsroom's items for the save kit; the audit copy needs the station's name (the default byline).
struct News<'a> {
    station: &'a str,
}

impl<'a> News<'a> {
    fn of(state: &'a AppState) -> Self {
        Self {
            station: &state.config.station_name,
        }
    }
}

kit::versioned_area!(News<'_>: Stored, "news", "news", NEWS_NOT_FOUND, messages::NEWSROOM_STALE,
    load load, copy |news, stored| stored.audit_copy(news.station),
    version |stored| Some(stored.version));

// ---------------------------------------------------------------------------------------------------
// The list

kit::list_query! {
    pub(super) struct ListQuery {
        /// Words of the title (case-insensitive; up to 100 characters).
        #[param(max_length = 100)]
        q: Option<String>,
        /// A category's id or slug.
        #[param(max_length = 100)]
        category: Option<String>,
        /// `draft`, `scheduled`, `published` or `unpublished`.
        #[param(pattern = "^(draft|scheduled|published|unpublished)$")]
        state: Option<String>,
        /// A journalist's id.
        #[param(pattern = "^[0-9]{1,10}$")]
        journalist: Option<String>,
    }
}

kit::staff_path! {
    get "/backoffice/news", params(ListQuery) => "A page of items, last changed first": Reply<NewsroomPage>;
    /// The newsroom's items, last changed first, filtered.
    ///
    /// Each filter is one indexed column (migration 0048: changed_at alone and after state, category and
    /// journalist), so a page of 50,000 items is read from an index in change order; the title search
    /// scans titles only.
    pub(super) async fn newsroom_list(
        Staff(state, _): Staff<NEWSROOM>,
        Listing(query, (page, per_page)): Listing<ListQuery>,
    ) -> Result<Response> {
        if [&query.q, &query.category]
            .into_iter()
            .flatten()
            .any(|text| text.contains('\0'))
        {
            return Err(Error::bad_request("invalid query: NUL character"));
        }
        let now = now();
        let mut filter = Filter::default();
        if let Some(q) = kit::search(query.q.as_deref(), QUERY_MAX, "invalid q")? {
            filter.contains("n.title", q);
        }
        if let Some(category) = query.category.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
            if category.bytes().all(|b| b.is_ascii_digit()) {
                let n = filter.arg(Arg::Int(path_number(category, "category", 1, i64::MAX)?));
                filter.clause(format!("n.category_id = {n}"));
            } else if category.len() <= 100 {
                let n = filter.arg(Arg::Text(category.to_lowercase()));
                filter.clause(format!("c.slug = {n}"));
            } else {
                return Err(Error::bad_request("invalid category"));
            }
        }
        if let Some(journalist) = query.journalist.as_deref().filter(|j| !j.is_empty()) {
            let n = filter.arg(Arg::Int(path_number(journalist, "journalist", 1, i64::MAX)?));
            filter.clause(format!("n.journalist_id = {n}"));
        }
        match query
            .state
            .as_deref()
            .filter(|s| !s.is_empty())
            .map(NewsState::parse)
        {
            None => {}
            Some(None) => return Err(Error::bad_request("invalid state")),
            Some(Some(NewsState::Draft)) => filter.clause("n.state = 'draft'"),
            Some(Some(NewsState::Unpublished)) => filter.clause("n.state = 'unpublished'"),
            Some(Some(shown @ (NewsState::Published | NewsState::Scheduled))) => {
                let n = filter.arg(Arg::Int(now));
                let op = if shown == NewsState::Scheduled { ">" } else { "<=" };
                filter.clause(format!("n.state = 'published' AND n.published_at {op} {n}"));
            }
        }
        let from = "FROM news n JOIN news_categories c ON c.id = n.category_id";
        let select = format!(
            "SELECT n.id, n.slug, n.title, c.name AS category_name, n.state, n.published_at, n.changed_at, \
             n.author, j.name AS journalist_name, n.image_url, n.is_pro, n.views {from} \
             LEFT JOIN journalists j ON j.id = n.journalist_id"
        );
        let mut conn = state.db.pool.acquire().await?;
        let order = "n.changed_at DESC, n.id DESC";
        let listed = kit::page(&mut conn, from, &select, filter, order, (page, per_page)).await?;
        listed.map::<NewsroomPage>(|row| {
            let published_at: i64 = row.try_get("published_at")?;
            let stored_state: String = row.try_get("state")?;
            let state = match stored_state.as_str() {
                "draft" => NewsState::Draft,
                "unpublished" => NewsState::Unpublished,
                _ if published_at > now => NewsState::Scheduled,
                _ => NewsState::Published,
            };
            let author: String = row.try_get("author")?;
            let journalist: Option<String> = row.try_get("journalist_name")?;
            Ok(NewsroomRow {
                id: row.try_get("id")?,
                slug: row.try_get("slug")?,
                title: row.try_get("title")?,
                category_name: row.try_get("category_name")?,
                state,
                author: if author.is_empty() {
                    journalist.unwrap_or_default()
                } else {
                    author
                },
                publish_at: matches!(state, NewsState::Published | NewsState::Scheduled)
                    .then(|| iso(published_at)),
                updated_at: iso(row.try_get("changed_at")?),
                image_url: row.try_get("image_url")?,
                is_pro: row.try_get::<i64, _>("is_pro")? != 0,
                views: row.try_get("views")?,
            })
        })
    }
}

// ---------------------------------------------------------------------------------------------------
// One item

kit::staff_path! {
    get "/backoffice/news/{id}", id "The item"
        => "The item as stored, with its current version": Reply<NewsDraft>,
        404 "'news not found'";
    /// Everything the editor edits.
    pub(super) async fn newsroom_get(
        Staff(state, _): Staff<NEWSROOM>,
        ApiPath(id): ApiPath<String>,
    ) -> Result<Response> {
        let area = News::of(&state);
        let stored = kit::read(&state, &area, &id).await?;
        Ok(no_store(ok(stored.draft(area.station, now()))))
    }
}

kit::staff_path! {
    get "/backoffice/news/{id}/preview", id "The item"
        => "The public item with content, full content and teaser": Reply<onda_shared::news::NewsItem>,
        404 "'news not found'";
    /// The item as the public single-news call answers it, in any state (the editor's preview).
    pub(super) async fn newsroom_preview(
        Staff(state, _): Staff<NEWSROOM>,
        ApiPath(id): ApiPath<String>,
    ) -> Result<Response> {
        let id = News::of(&state).id(&id)?;
        let mut item = preview_item(&state.db, id)
            .await?
            .ok_or_else(|| Error::not_found(NEWS_NOT_FOUND))?;
        // A hidden item's stored date is the far-future marker: show the date it would go out with.
        let (published_at, intended_at): (i64, Option<i64>) =
            sqlx::query_as("SELECT published_at, intended_at FROM news WHERE id = $1")
                .bind(id)
                .fetch_one(&state.db.pool)
                .await?;
        if published_at >= HIDDEN_AT {
            item.date = iso(intended_at.unwrap_or_else(now));
        }
        Ok(no_store(ok(item)))
    }
}

// ---------------------------------------------------------------------------------------------------
// Saving

/// What a save stores besides the checked input.
struct Resolved {
    input: NewsInput,
    author: String,
    content: String,
    teaser: String,
    /// Unix seconds of `publishAt`, when one was sent.
    publish_at: Option<i64>,
}

/// Checks the input (the shared rules, then what needs the database) and derives what is stored.
async fn resolve(state: &AppState, conn: &mut AnyConnection, raw: &NewsInput) -> Result<Resolved> {
    if has_nul(raw) {
        // PostgreSQL stores no NUL character in text; no editor types one.
        return Err(Error::bad_request("invalid text: NUL character"));
    }
    let input = news_input(raw).map_err(Error::bad_request)?;
    let publish_at = match input.publish_at.as_deref() {
        None => None,
        Some(text) => Some(
            parse_iso(text)
                .filter(|at| (EARLIEST..HIDDEN_AT).contains(at))
                .ok_or_else(|| Error::bad_request(messages::NEWSROOM_PUBLISH_AT))?,
        ),
    };
    let category: Option<i64> = sqlx::query_scalar("SELECT id FROM news_categories WHERE id = $1")
        .bind(input.category_id)
        .fetch_optional(&mut *conn)
        .await?;
    if category.is_none() {
        return Err(Error::bad_request(messages::NEWSROOM_CATEGORY));
    }
    let journalist: Option<String> = match input.journalist_id {
        None => None,
        Some(id) => Some(
            sqlx::query_scalar("SELECT name FROM journalists WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?
                .ok_or_else(|| Error::bad_request(messages::NEWSROOM_JOURNALIST))?,
        ),
    };
    if let Some(show) = input.podcast_show_id {
        let found: Option<i64> = sqlx::query_scalar("SELECT id FROM podcast_shows WHERE id = $1")
            .bind(show)
            .fetch_optional(&mut *conn)
            .await?;
        if found.is_none() {
            return Err(Error::bad_request(messages::NEWSROOM_PODCAST));
        }
    }
    // The byline pages show: the one typed, else the journalist's name, else the newsroom's.
    let author = if !input.author.is_empty() {
        input.author.clone()
    } else {
        journalist.unwrap_or_else(|| newsroom_byline(&state.config.station_name))
    };
    let content = sanitize_article(&input.content, &state.config.podcast_player_url);
    let teaser = sanitize_article(&input.teaser, &state.config.podcast_player_url);
    Ok(Resolved {
        input,
        author,
        content,
        teaser,
        publish_at,
    })
}

fn has_nul(input: &NewsInput) -> bool {
    [
        &input.title,
        &input.title_home,
        &input.subtitle,
        &input.content,
        &input.teaser,
        &input.author,
        &input.image_url,
        &input.image_caption,
        &input.cover_video_youtube_id,
        &input.podcast_id,
        &input.keyword,
    ]
    .into_iter()
    .chain(&input.tags)
    .chain(&input.publish_at)
    .any(|text| text.contains('\0'))
}

/// `(published_at, intended_at)` for a save in `state`, given the item as it was (none when new).
/// Published: the date sent, else the date it already has if it is already published, else now.
/// Hidden: [`HIDDEN_AT`], keeping the date sent, or the one it had, as the intended one.
fn dates(state: NewsState, publish_at: Option<i64>, before: Option<&Stored>, now: i64) -> (i64, Option<i64>) {
    match state {
        NewsState::Draft | NewsState::Unpublished => {
            let kept = before.and_then(|before| {
                if before.state() == NewsState::Published {
                    Some(before.published_at)
                } else {
                    before.intended_at
                }
            });
            (HIDDEN_AT, publish_at.or(kept))
        }
        NewsState::Published | NewsState::Scheduled => {
            let at = publish_at.unwrap_or_else(|| match before {
                Some(before) if before.state() == NewsState::Published => before.published_at,
                _ => now,
            });
            (at, None)
        }
    }
}

/// The slug of a new item: from the title, one no item has and no page of /noticias/ uses (C09: the
/// category slugs and 'tags').
async fn news_slug<'t>(conn: &mut AnyConnection, title: &'t str) -> Result<Slug<'t>> {
    let mut reserved: Vec<String> = sqlx::query_scalar("SELECT slug FROM news_categories")
        .fetch_all(&mut *conn)
        .await?;
    reserved.push("tags".to_owned());
    Ok(Slug {
        title,
        fallback: "noticia",
        within: None,
        avoid: &[],
        reserved,
    })
}

/// The columns a save writes (both a new item and a change), given its dates and wide cover.
fn columns(
    resolved: &Resolved,
    (published_at, intended_at): (i64, Option<i64>),
    featured: &str,
    now: i64,
) -> Vec<(&'static str, Arg)> {
    let input = &resolved.input;
    vec![
        ("category_id", Arg::Int(input.category_id)),
        ("title", text(&input.title)),
        ("title_home", text(&input.title_home)),
        ("subtitle", text(&input.subtitle)),
        ("content", text(&resolved.content)),
        ("teaser", text(&resolved.teaser)),
        ("author", text(&resolved.author)),
        ("journalist_id", opt(input.journalist_id)),
        ("image_url", text(&input.image_url)),
        ("featured_image_url", text(featured)),
        ("image_caption", text(&input.image_caption)),
        ("cover_video_youtube_id", text(&input.cover_video_youtube_id)),
        ("podcast_show_id", opt(input.podcast_show_id)),
        ("podcast_id", text(&input.podcast_id)),
        ("keyword", text(&input.keyword)),
        ("is_pro", flag(input.is_pro)),
        ("is_featured", flag(input.is_featured)),
        ("published_at", Arg::Int(published_at)),
        ("state", text(stored_state(input.state))),
        ("intended_at", opt(intended_at)),
        ("changed_at", Arg::Int(now)),
    ]
}

/// The tags' ids in order: an existing tag by slug or by name (case-insensitive), else a new one.
async fn tag_ids(conn: &mut AnyConnection, names: &[String]) -> Result<Vec<i64>> {
    let mut ids = Vec::with_capacity(names.len());
    for name in names {
        let slug = slugify(name);
        if slug.is_empty() {
            return Err(Error::bad_request(messages::NEWSROOM_TAGS));
        }
        let found: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM tags WHERE slug = $1 OR LOWER(name) = LOWER($2) ORDER BY id LIMIT 1",
        )
        .bind(&slug)
        .bind(name)
        .fetch_optional(&mut *conn)
        .await?;
        let id = match found {
            Some(id) => id,
            None => {
                sqlx::query_scalar("INSERT INTO tags (slug, name) VALUES ($1, $2) RETURNING id")
                    .bind(&slug)
                    .bind(name)
                    .fetch_one(&mut *conn)
                    .await?
            }
        };
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

async fn write_tags(conn: &mut AnyConnection, news_id: i64, names: &[String]) -> Result<()> {
    sqlx::query("DELETE FROM news_tags WHERE news_id = $1")
        .bind(news_id)
        .execute(&mut *conn)
        .await?;
    for (position, tag_id) in tag_ids(conn, names).await?.into_iter().enumerate() {
        sqlx::query("INSERT INTO news_tags (news_id, tag_id, position) VALUES ($1, $2, $3)")
            .bind(news_id)
            .bind(tag_id)
            .bind(position as i64)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

kit::staff_path! {
    post "/backoffice/news", body NewsInput
        => "The item as stored (slug made from the title, version 1)": Reply<NewsDraft>,
        400 "A field breaks a rule (the Portuguese message of the first one)";
    /// A new item (any state).
    pub(super) async fn newsroom_create(
        Staff(state, user): Staff<NEWSROOM>,
        body: std::result::Result<ApiJson<NewsInput>, Error>,
    ) -> Result<Response> {
        let ApiJson(raw) = body?;
        // The checks and the slug are read before the transaction, whose first statement is the insert
        // (`Save::insert`): listeners write all the time (reading counters).
        let mut conn = state.db.pool.acquire().await?;
        let resolved = resolve(&state, &mut conn, &raw).await?;
        let slug = news_slug(&mut conn, &resolved.input.title).await?;
        drop(conn);
        let now = now();
        let input = &resolved.input;
        let dates = dates(input.state, resolved.publish_at, None, now);
        let mut row = columns(&resolved, dates, &input.image_url, now);
        row.extend([
            ("version", Arg::Int(1)),
            ("created_at", Arg::Int(now)),
            ("created_by", Arg::Int(user.user_id)),
        ]);
        let area = News::of(&state);
        let mut save = Save::insert(&state, &area, row, Some(slug)).await?;
        let id = save.id();
        write_tags(save.conn(), id, &input.tags).await?;
        let after = save.finish(&user, "create", None).await?;
        Ok(no_store(ok(after.draft(area.station, now))))
    }
}

/// The value of the `state` column.
fn stored_state(state: NewsState) -> &'static str {
    match state {
        NewsState::Draft => "draft",
        NewsState::Unpublished => "unpublished",
        NewsState::Published | NewsState::Scheduled => "published",
    }
}

kit::staff_path! {
    put "/backoffice/news/{id}", id "The item", body NewsInput
        => "The item as stored now (version bumped)": Reply<NewsDraft>,
        400 "A field breaks a rule, or no version was sent",
        404 "'news not found'",
        409 "Someone saved the item since it was loaded (NEWSROOM_STALE)";
    /// Replaces an item's fields. `version` must be the one the editor loaded (else 409); the slug never
    /// changes; an item edited while public gets its 'updated at' line.
    pub(super) async fn newsroom_update(
        Staff(state, user): Staff<NEWSROOM>,
        ApiPath(id): ApiPath<String>,
        body: std::result::Result<ApiJson<NewsInput>, Error>,
    ) -> Result<Response> {
        let area = News::of(&state);
        let id = area.id(&id)?;
        let ApiJson(raw) = body?;
        let (mut save, before) = Save::open(&state, &area, id).await?;
        let version = save.check_version(&before, raw.version)?;
        let resolved = resolve(&state, save.conn(), &raw).await?;
        let now = now();
        let input = &resolved.input;
        let dates = dates(input.state, resolved.publish_at, Some(&before), now);
        let updated_at = if before.is_public(now) && input.state == NewsState::Published {
            Some(now)
        } else {
            before.updated_at
        };
        // The wide cover follows a new picture; an unchanged one keeps the seed's wide rendition.
        let featured = if input.image_url == before.image_url {
            &before.featured_image_url
        } else {
            &input.image_url
        };
        let mut row = columns(&resolved, dates, featured, now);
        row.push(("updated_at", opt(updated_at)));
        save.set_versioned(row, version).await?;
        write_tags(save.conn(), id, &input.tags).await?;
        let after = save.finish(&user, "update", Some(&before)).await?;
        Ok(no_store(ok(after.draft(area.station, now))))
    }
}

kit::staff_path! {
    delete "/backoffice/news/{id}", id "The item" => "Deleted": EmptyReply,
        404 "'news not found'";
    /// Deletes an item with its tags' links and reading counters (the audit log keeps its fields).
    pub(super) async fn newsroom_delete(
        Staff(state, user): Staff<NEWSROOM>,
        ApiPath(id): ApiPath<String>,
    ) -> Result<Response> {
        let area = News::of(&state);
        // Its tags' links and reading counters go with it (ON DELETE CASCADE).
        kit::delete(&state, &user, &area, area.id(&id)?, |_| None).await
    }
}
