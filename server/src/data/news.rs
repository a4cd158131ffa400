//! News items (`news`, with `news_categories`, `tags`, `news_tags` and `news_daily_views`): every read
//! of a public item, for the API's lists and single items, the pages' heads and first frame, the
//! feeds, the sitemap, the podcast episodes, the view counters and the search index.
//!
//! The rule that makes an item public is written once, in [`PUBLIC`]: its publication time has come.
//! A draft has no publication time far enough in the past, an item scheduled for later has one in the
//! future, and an unpublished one is moved out of reach by the back office; every list below holds
//! only what `PUBLIC` lets through.

use std::collections::{HashMap, HashSet};

use onda_shared::{
    media_content::PodcastEpisode,
    news::{MostReadNews, NewsItem, Tag},
    shell::NewsCategory,
};
use sqlx::{Row, any::AnyRow};

use crate::{
    Result,
    clock::{iso, now},
    db::{Arg, Db, bind_all, placeholders},
};

/// The one test of a public item, over `news n`, with the current time as `$1`.
pub const PUBLIC: &str = "n.published_at <= $1";

/// The longest slug looked up (longer ones cannot exist).
pub const MAX_SLUG: usize = 200;

/// The columns of a news item and the joins that bring its category, journalist and podcast show.
const ITEM_SELECT: &str = "SELECT n.id, n.slug, n.title, n.title_home, n.subtitle, n.published_at, n.updated_at, \
     n.author, n.source, c.name AS category_name, c.slug AS category_slug, n.image_url, n.featured_image_url, \
     n.image_caption, n.image_link, n.cover_video_youtube_id, n.cover_video_file_name, n.podcast_id, \
     ps.host_type AS podcast_type, n.podcast_player_style, n.podcast_player_color, n.keyword, n.is_pro, \
     j.name AS journalist_name, j.slug AS journalist_slug, j.image_url AS journalist_image";
/// The joins that follow `FROM news n`.
const ITEM_JOINS: &str = " JOIN news_categories c ON c.id = n.category_id \
     LEFT JOIN journalists j ON j.id = n.journalist_id \
     LEFT JOIN podcast_shows ps ON ps.id = n.podcast_show_id";

fn item_from_row(row: &AnyRow) -> Result<NewsItem> {
    let title: String = row.try_get("title")?;
    let title_home: String = row.try_get("title_home")?;
    let image: String = row.try_get("image_url")?;
    let youtube: String = row.try_get("cover_video_youtube_id")?;
    let video_file: String = row.try_get("cover_video_file_name")?;
    Ok(NewsItem {
        id: row.try_get("id")?,
        slug: row.try_get("slug")?,
        title_home: if title_home.is_empty() {
            title.clone()
        } else {
            title_home
        },
        title,
        subtitle: row.try_get("subtitle")?,
        date: iso(row.try_get("published_at")?),
        update_date: row.try_get::<Option<i64>, _>("updated_at")?.map(iso),
        author: row.try_get("author")?,
        source: row.try_get("source")?,
        category_name: row.try_get("category_name")?,
        category_slug: row.try_get("category_slug")?,
        image_new: image.clone(),
        image,
        featured_image: row.try_get("featured_image_url")?,
        image_caption: row.try_get("image_caption")?,
        image_link: row.try_get("image_link")?,
        cover_video: !youtube.is_empty() || !video_file.is_empty(),
        cover_video_youtube_id: youtube,
        cover_video_file_name: video_file,
        podcast_id: row.try_get("podcast_id")?,
        podcast_type: row
            .try_get::<Option<String>, _>("podcast_type")?
            .unwrap_or_default(),
        podcast_player_style: row.try_get("podcast_player_style")?,
        podcast_player_color: row.try_get("podcast_player_color")?,
        tag_slug: String::new(),
        tag_news: Vec::new(),
        keyword: row.try_get("keyword")?,
        pro: row.try_get::<i64, _>("is_pro")? != 0,
        journalist_name: row.try_get("journalist_name")?,
        journalist_slug: row.try_get("journalist_slug")?,
        journalist_image_file: row.try_get("journalist_image")?,
        new_news: false,
        content: None,
        full_content: None,
        teaser: None,
    })
}

/// Reuters wire items in a list: G32 lets lists leave them out, the home page has a block of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Wire {
    #[default]
    Any,
    Without,
    Only,
}

/// Which public items a list holds; every field narrows it. Items come newest first.
#[derive(Debug, Clone, Default)]
pub struct Listing {
    /// PRO items are listed too (as teasers, like every list item).
    pub include_pro: bool,
    pub wire: Wire,
    pub category_id: Option<i64>,
    pub category_slug: Option<String>,
    pub tag_id: Option<i64>,
    pub journalist_id: Option<i64>,
    /// Only items listed after this one: published later, or at the same time with a larger id.
    pub after: Option<(i64, i64)>,
    /// Only these items.
    pub ids: Option<Vec<i64>>,
    /// Leave the item with this slug out.
    pub exclude_slug: Option<String>,
}

impl Listing {
    /// Every public item, PRO ones included.
    pub fn all() -> Self {
        Self {
            include_pro: true,
            ..Self::default()
        }
    }

    /// The WHERE clause over `n`/`c` and its arguments, [`PUBLIC`] first.
    fn filter(&self) -> (String, Vec<Arg>) {
        let mut filter = vec![PUBLIC.to_owned()];
        let mut args = vec![Arg::Int(now())];
        fn next(args: &mut Vec<Arg>, arg: Arg) -> String {
            args.push(arg);
            format!("${}", args.len())
        }
        if !self.include_pro {
            filter.push("n.is_pro = 0".into());
        }
        match self.wire {
            Wire::Any => {}
            Wire::Without => filter.push("n.source <> 'reuters'".into()),
            Wire::Only => filter.push("n.source = 'reuters'".into()),
        }
        if let Some(id) = self.category_id {
            filter.push(format!("n.category_id = {}", next(&mut args, Arg::Int(id))));
        }
        if let Some(slug) = &self.category_slug {
            filter.push(format!("c.slug = {}", next(&mut args, Arg::Text(slug.clone()))));
        }
        if let Some(id) = self.tag_id {
            filter.push(format!(
                "n.id IN (SELECT nt.news_id FROM news_tags nt WHERE nt.tag_id = {})",
                next(&mut args, Arg::Int(id))
            ));
        }
        if let Some(id) = self.journalist_id {
            filter.push(format!("n.journalist_id = {}", next(&mut args, Arg::Int(id))));
        }
        if let Some((published, id)) = self.after {
            let published = next(&mut args, Arg::Int(published));
            let id = next(&mut args, Arg::Int(id));
            filter.push(format!(
                "(n.published_at > {published} OR (n.published_at = {published} AND n.id > {id}))"
            ));
        }
        if let Some(ids) = &self.ids {
            let list: Vec<String> = ids.iter().map(|id| next(&mut args, Arg::Int(*id))).collect();
            filter.push(if list.is_empty() {
                "1 = 0".to_owned()
            } else {
                format!("n.id IN ({})", list.join(", "))
            });
        }
        if let Some(slug) = &self.exclude_slug {
            filter.push(format!("n.slug <> {}", next(&mut args, Arg::Text(slug.clone()))));
        }
        (filter.join(" AND "), args)
    }
}

/// A page of the items `listing` holds, newest first, with their tags.
///
/// Two steps in one statement: the page's ids first, over `news` and its categories only (the
/// covering indexes of migration 0043 answer it without reading a row), then the wide columns and
/// the joins for those ids alone. A deep OFFSET otherwise fetched and joined every skipped item.
pub async fn list(db: &Db, listing: &Listing, limit: i64, offset: i64) -> Result<Vec<NewsItem>> {
    let (filter, mut args) = listing.filter();
    let next = args.len() + 1;
    let sql = format!(
        "{ITEM_SELECT} FROM (SELECT n.id FROM news n JOIN news_categories c ON c.id = n.category_id \
         WHERE {filter} ORDER BY n.published_at DESC, n.id DESC LIMIT ${} OFFSET ${}) page \
         JOIN news n ON n.id = page.id{ITEM_JOINS} ORDER BY n.published_at DESC, n.id DESC",
        next,
        next + 1
    );
    args.push(Arg::Int(limit));
    args.push(Arg::Int(offset));
    let rows = bind_all(sqlx::query(&sql), &args).fetch_all(&db.pool).await?;
    let mut items = rows.iter().map(item_from_row).collect::<Result<Vec<_>>>()?;
    attach_tags(db, &mut items).await?;
    Ok(items)
}

/// Fills `tagNews`/`tagSlug` of a page of items with one query.
async fn attach_tags(db: &Db, items: &mut [NewsItem]) -> Result<()> {
    if items.is_empty() {
        return Ok(());
    }
    let ids: Vec<i64> = items
        .iter()
        .map(|item| item.id)
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    let sql = format!(
        "SELECT nt.news_id, t.name, t.slug FROM news_tags nt JOIN tags t ON t.id = nt.tag_id \
         WHERE nt.news_id IN ({}) ORDER BY nt.news_id, nt.position, t.id",
        placeholders(1, ids.len())
    );
    let mut query = sqlx::query_as::<_, (i64, String, String)>(&sql);
    for id in &ids {
        query = query.bind(*id);
    }
    let mut by_news: HashMap<i64, Vec<Tag>> = HashMap::new();
    for (news_id, n, u) in query.fetch_all(&db.pool).await? {
        by_news.entry(news_id).or_default().push(Tag { n, u });
    }
    for item in items.iter_mut() {
        item.tag_news = by_news.get(&item.id).cloned().unwrap_or_default();
        item.tag_slug = item.tag_news.first().map(|tag| tag.u.clone()).unwrap_or_default();
    }
    Ok(())
}

/// The news categories, in editorial order.
pub async fn categories(db: &Db) -> Result<Vec<NewsCategory>> {
    let rows: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT id, name, slug FROM news_categories ORDER BY position, id")
            .fetch_all(&db.pool)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name, slug)| NewsCategory { id, name, slug })
        .collect())
}

/// A category's id and name by its slug.
pub async fn category(db: &Db, slug: &str) -> Result<Option<(i64, String)>> {
    if slug.len() > MAX_SLUG {
        return Ok(None);
    }
    Ok(
        sqlx::query_as("SELECT id, name FROM news_categories WHERE slug = $1")
            .bind(slug)
            .fetch_optional(&db.pool)
            .await?,
    )
}

/// Every tag as `{n, u}` (name, slug), by name.
pub async fn tags(db: &Db) -> Result<Vec<Tag>> {
    let rows: Vec<(String, String)> = sqlx::query_as("SELECT name, slug FROM tags ORDER BY LOWER(name), id")
        .fetch_all(&db.pool)
        .await?;
    Ok(rows.into_iter().map(|(n, u)| Tag { n, u }).collect())
}

/// A tag by its slug.
pub struct TagRow {
    pub id: i64,
    pub name: String,
    pub slug: String,
    /// The tag page's title ('' = its name).
    pub title: String,
}

pub async fn tag(db: &Db, slug: &str) -> Result<Option<TagRow>> {
    let row: Option<(i64, String, String, String)> =
        sqlx::query_as("SELECT id, name, slug, title FROM tags WHERE slug = $1")
            .bind(slug)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.map(|(id, name, slug, title)| TagRow {
        id,
        name,
        slug,
        title,
    }))
}

/// Which of these items are editors' picks.
pub async fn featured_among(db: &Db, ids: &[i64]) -> Result<HashSet<i64>> {
    if ids.is_empty() {
        return Ok(HashSet::new());
    }
    let sql = format!(
        "SELECT id FROM news WHERE is_featured = 1 AND id IN ({})",
        placeholders(1, ids.len())
    );
    let mut query = sqlx::query_scalar::<_, i64>(&sql);
    for id in ids {
        query = query.bind(*id);
    }
    Ok(query.fetch_all(&db.pool).await?.into_iter().collect())
}

/// The public items most read since the Brasília day `since` (the daily counters newsViewsHit feeds).
pub async fn most_read(db: &Db, since: &str, count: i64) -> Result<Vec<MostReadNews>> {
    let rows: Vec<(i64, String, String, i64, String, i64)> = sqlx::query_as(&format!(
        "SELECT n.id, n.slug, n.title, n.published_at, n.image_url, CAST(SUM(v.views) AS BIGINT) AS total \
         FROM news_daily_views v JOIN news n ON n.id = v.news_id \
         WHERE {PUBLIC} AND v.day >= $2 \
         GROUP BY n.id, n.slug, n.title, n.published_at, n.image_url \
         ORDER BY total DESC, n.published_at DESC, n.id DESC LIMIT $3"
    ))
    .bind(now())
    .bind(since)
    .bind(count)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(
            |(news_id, slug, title, published_at, image_new, views)| MostReadNews {
                news_id,
                slug,
                title,
                date: iso(published_at),
                image_new,
                views,
            },
        )
        .collect())
}

/// One public item by slug with its text columns (content, teaser); `None` when unknown or not public.
pub async fn public_by_slug(db: &Db, slug: &str) -> Result<Option<(NewsItem, String, String)>> {
    if slug.is_empty() || slug.len() > MAX_SLUG {
        return Ok(None);
    }
    single_where(
        db,
        &format!("{PUBLIC} AND n.slug = $2"),
        vec![Arg::Int(now()), Arg::Text(slug.to_owned())],
    )
    .await
}

/// The one item `filter` selects, mapped as every public call maps it, with its content and teaser.
async fn single_where(db: &Db, filter: &str, args: Vec<Arg>) -> Result<Option<(NewsItem, String, String)>> {
    let sql = format!("{ITEM_SELECT}, n.content, n.teaser FROM news n{ITEM_JOINS} WHERE {filter}");
    let Some(row) = bind_all(sqlx::query(&sql), &args)
        .fetch_optional(&db.pool)
        .await?
    else {
        return Ok(None);
    };
    let mut item = item_from_row(&row)?;
    let content: String = row.try_get("content")?;
    let teaser: String = row.try_get("teaser")?;
    attach_tags(db, std::slice::from_mut(&mut item)).await?;
    Ok(Some((item, content, teaser)))
}

/// What `getSingleNews/{slug}` answers for a published item: its content, or only its teaser when it
/// is PRO (S04). `None` for an unknown slug. Also written into the item's page (its initial data,
/// web/initial_data.rs), so the page draws the item without asking for it.
pub async fn public_item(db: &Db, slug: &str) -> Result<Option<NewsItem>> {
    let Some((mut item, content, teaser)) = public_by_slug(db, slug).await? else {
        return Ok(None);
    };
    if item.pro {
        item.teaser = Some(teaser);
    } else {
        item.content = Some(content.clone());
        item.full_content = Some(content);
    }
    Ok(Some(item))
}

/// The back office's preview: the item by id in whatever state, as the public single-news call
/// answers it, with everything filled (content, full content and teaser), so the editor renders the
/// real article page. The caller fixes the date of an item that is not public.
pub async fn preview_item(db: &Db, id: i64) -> Result<Option<NewsItem>> {
    let Some((mut item, content, teaser)) = single_where(db, "n.id = $1", vec![Arg::Int(id)]).await? else {
        return Ok(None);
    };
    item.content = Some(content.clone());
    item.full_content = Some(content);
    item.teaser = Some(teaser);
    Ok(Some(item))
}

/// Where an item stands in the lists, as `(publication time, id)`: for checkForNewNews (G33). An item
/// taken down since the caller listed it counts from the date it had (`intended_at`, kept by the
/// back office), so the caller still hears of newer items; a hidden one without it, from its last
/// change. `None` for an unknown id.
pub async fn listed_at(db: &Db, id: i64) -> Result<Option<(i64, i64)>> {
    let published: Option<i64> = sqlx::query_scalar(
        "SELECT CASE WHEN published_at <= $2 THEN published_at ELSE COALESCE(intended_at, changed_at) END \
         FROM news WHERE id = $1",
    )
    .bind(id)
    .bind(now())
    .fetch_optional(&db.pool)
    .await?;
    Ok(published.map(|published| (published, id)))
}

/// The public items sharing the most of these tags (slugs, or lowercase names), most shared first
/// and newest first among equals, leaving `exclude` (a slug) out: their ids, at most `count`.
pub async fn ranked_by_tags(db: &Db, wanted: &[String], exclude: &str, count: i64) -> Result<Vec<i64>> {
    if wanted.is_empty() {
        return Ok(Vec::new());
    }
    let list = placeholders(4, wanted.len());
    let sql = format!(
        "SELECT nt.news_id, CAST(COUNT(*) AS BIGINT) AS shared, MAX(n.published_at) AS published \
         FROM news_tags nt JOIN tags t ON t.id = nt.tag_id JOIN news n ON n.id = nt.news_id \
         WHERE {PUBLIC} AND n.slug <> $2 AND (t.slug IN ({list}) OR LOWER(t.name) IN ({list})) \
         GROUP BY nt.news_id ORDER BY shared DESC, published DESC, nt.news_id DESC LIMIT $3"
    );
    let mut ranking = sqlx::query_as::<_, (i64, i64, i64)>(&sql)
        .bind(now())
        .bind(exclude)
        .bind(count);
    for tag in wanted {
        ranking = ranking.bind(tag.as_str());
    }
    Ok(ranking
        .fetch_all(&db.pool)
        .await?
        .into_iter()
        .map(|(id, _, _)| id)
        .collect())
}

/// A public item as its feed entry shows it.
pub struct FeedEntry {
    pub slug: String,
    pub title: String,
    pub subtitle: String,
    /// The article; `None` for a PRO item (S04: its text is for subscribers).
    pub content: Option<String>,
    pub author: String,
    pub category: String,
    pub image: String,
    pub published: i64,
    pub updated: Option<i64>,
}

/// The newest public items for the RSS/Atom feeds, of one category or all.
pub async fn feed_entries(db: &Db, category_id: Option<i64>, limit: i64) -> Result<Vec<FeedEntry>> {
    let mut sql = format!(
        "SELECT n.slug, n.title, n.subtitle, n.content, n.is_pro, n.author, n.image_url, \
         n.published_at, n.updated_at, c.name AS category FROM news n \
         JOIN news_categories c ON c.id = n.category_id WHERE {PUBLIC}"
    );
    if category_id.is_some() {
        sql.push_str(" AND n.category_id = $3");
    }
    sql.push_str(" ORDER BY n.published_at DESC, n.id DESC LIMIT $2");
    let mut query = sqlx::query(&sql).bind(now()).bind(limit);
    if let Some(id) = category_id {
        query = query.bind(id);
    }
    let rows = query.fetch_all(&db.pool).await?;
    let mut entries = Vec::with_capacity(rows.len());
    for row in &rows {
        let pro = row.try_get::<i64, _>("is_pro")? != 0;
        entries.push(FeedEntry {
            slug: row.try_get("slug")?,
            title: row.try_get("title")?,
            subtitle: row.try_get("subtitle")?,
            content: if pro { None } else { Some(row.try_get("content")?) },
            author: row.try_get("author")?,
            category: row.try_get("category")?,
            image: row.try_get("image_url")?,
            published: row.try_get("published_at")?,
            updated: row.try_get("updated_at")?,
        });
    }
    Ok(entries)
}

/// A podcast show's public episodes (the items attached to it), newest first.
pub async fn episodes(db: &Db, show_id: i64, count: i64, offset: i64) -> Result<Vec<PodcastEpisode>> {
    let rows = sqlx::query(&format!(
        "SELECT n.slug, n.title, n.subtitle, n.published_at, n.image_url, n.is_pro FROM news n \
         WHERE {PUBLIC} AND n.podcast_show_id = $2 ORDER BY n.published_at DESC, n.id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(now())
    .bind(show_id)
    .bind(count)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(PodcastEpisode {
                slug: row.try_get("slug")?,
                title: row.try_get("title")?,
                subtitle: row.try_get("subtitle")?,
                date: iso(row.try_get("published_at")?),
                image: row.try_get("image_url")?,
                pro: row.try_get::<i64, _>("is_pro")? != 0,
            })
        })
        .collect()
}

/// Which of these ids are public items (a draft's id counts no view), read inside the caller's
/// transaction.
pub async fn public_among(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    ids: &[i64],
    now: i64,
) -> Result<HashSet<i64>> {
    if ids.is_empty() {
        return Ok(HashSet::new());
    }
    let sql = format!(
        "SELECT n.id FROM news n WHERE {PUBLIC} AND n.id IN ({})",
        placeholders(2, ids.len())
    );
    let mut query = sqlx::query_scalar::<_, i64>(&sql).bind(now);
    for id in ids {
        query = query.bind(*id);
    }
    Ok(query.fetch_all(&mut **tx).await?.into_iter().collect())
}

/// One more opening of a public item (its all-time counter); false when no public item has the slug.
pub async fn count_view(db: &Db, slug: &str) -> Result<bool> {
    let done = sqlx::query(&format!(
        "UPDATE news SET views = views + 1 WHERE id = (SELECT n.id FROM news n WHERE {PUBLIC} AND n.slug = $2)"
    ))
    .bind(now())
    .bind(slug)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// A page of public items in id order as `(slug, last change)`: the sitemap's news files.
pub async fn sitemap_page(db: &Db, limit: i64, offset: i64) -> Result<Vec<(String, i64)>> {
    Ok(sqlx::query_as(&format!(
        "SELECT n.slug, COALESCE(n.updated_at, n.published_at) FROM news n WHERE {PUBLIC} \
         ORDER BY n.id LIMIT $2 OFFSET $3"
    ))
    .bind(now())
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?)
}

/// What a public item's link preview shows.
pub struct Preview {
    pub title: String,
    pub subtitle: String,
    /// The article, or the teaser of a PRO item (S04: a PRO item's text is for PRO readers; its
    /// preview says only what the teaser says). HTML.
    pub body: String,
    pub image: String,
    pub featured_image: String,
    pub youtube_id: String,
}

pub async fn preview(db: &Db, slug: &str) -> Result<Option<Preview>> {
    let Some(row) = sqlx::query(&format!(
        "SELECT n.title, n.subtitle, n.content, n.teaser, n.is_pro, n.image_url, n.featured_image_url, \
         n.cover_video_youtube_id FROM news n WHERE {PUBLIC} AND n.slug = $2"
    ))
    .bind(now())
    .bind(slug)
    .fetch_optional(&db.pool)
    .await?
    else {
        return Ok(None);
    };
    let pro = row.try_get::<i64, _>("is_pro")? != 0;
    Ok(Some(Preview {
        title: row.try_get("title")?,
        subtitle: row.try_get("subtitle")?,
        body: row.try_get(if pro { "teaser" } else { "content" })?,
        image: row.try_get("image_url")?,
        featured_image: row.try_get("featured_image_url")?,
        youtube_id: row.try_get("cover_video_youtube_id")?,
    }))
}

/// The columns the search index reads of an item, with its category's name.
pub const SEARCH_SELECT: &str = "SELECT n.id, n.slug, n.title, n.subtitle, n.keyword, n.content, n.teaser, \
     n.is_pro, c.name AS category FROM news n JOIN news_categories c ON c.id = n.category_id";

/// Every public item, as [`SEARCH_SELECT`] rows.
pub async fn search_rows(db: &Db, now: i64) -> Result<Vec<AnyRow>> {
    Ok(sqlx::query(&format!("{SEARCH_SELECT} WHERE {PUBLIC}"))
        .bind(now)
        .fetch_all(&db.pool)
        .await?)
}

/// Public items written or edited in `(since, now]`: by their publication, their 'updated at', or any
/// save of the back office (`changed_at`, which also covers a republished item keeping its old date).
pub async fn search_rows_changed(db: &Db, since: i64, now: i64) -> Result<Vec<AnyRow>> {
    Ok(sqlx::query(&format!(
        "{SEARCH_SELECT} WHERE {PUBLIC} AND \
         (n.published_at > $2 OR n.changed_at > $2 OR (n.updated_at IS NOT NULL AND n.updated_at > $2))"
    ))
    .bind(now)
    .bind(since)
    .fetch_all(&db.pool)
    .await?)
}

/// These items, public or not, as [`SEARCH_SELECT`] rows.
pub async fn search_rows_by_ids(db: &Db, ids: &[i64]) -> Result<Vec<AnyRow>> {
    let mut rows = Vec::with_capacity(ids.len());
    // Integers only, so the list is written into the statement; chunks keep it a sane size.
    for chunk in ids.chunks(500) {
        let list = chunk.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        rows.extend(
            sqlx::query(&format!("{SEARCH_SELECT} WHERE n.id IN ({list})"))
                .fetch_all(&db.pool)
                .await?,
        );
    }
    Ok(rows)
}

/// Items saved in `(since, now]` that are not public now (back to draft, unpublished).
pub async fn hidden_since(db: &Db, since: i64, now: i64) -> Result<Vec<i64>> {
    Ok(
        sqlx::query_scalar("SELECT id FROM news WHERE changed_at > $1 AND published_at > $2")
            .bind(since)
            .bind(now)
            .fetch_all(&db.pool)
            .await?,
    )
}

/// The ids of every public item.
pub async fn public_ids(db: &Db, now: i64) -> Result<Vec<i64>> {
    Ok(
        sqlx::query_scalar(&format!("SELECT n.id FROM news n WHERE {PUBLIC}"))
            .bind(now)
            .fetch_all(&db.pool)
            .await?,
    )
}

/// How many items are public at `now`.
pub async fn public_count_at(db: &Db, now: i64) -> Result<i64> {
    Ok(
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM news n WHERE {PUBLIC}"))
            .bind(now)
            .fetch_one(&db.pool)
            .await?,
    )
}

/// The tag names of these items, in each item's order, as `(news id, name)`.
pub async fn tag_names(db: &Db, ids: &[i64]) -> Result<Vec<(i64, String)>> {
    let mut names = Vec::new();
    // Integers only, so the list is written into the statement; chunks keep it a sane size.
    for chunk in ids.chunks(500) {
        let list = chunk.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        names.extend(
            sqlx::query_as::<_, (i64, String)>(&format!(
                "SELECT nt.news_id, t.name FROM news_tags nt JOIN tags t ON t.id = nt.tag_id \
                 WHERE nt.news_id IN ({list}) ORDER BY nt.news_id, nt.position"
            ))
            .fetch_all(&db.pool)
            .await?,
        );
    }
    Ok(names)
}
