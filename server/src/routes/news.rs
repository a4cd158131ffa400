//! News (doc2 §2, §3, §7; decisions C09, C20, C21, C34, C40, G31–G33, G54, S04): categories, the paged
//! lists, the home widget, tags, most read of the week, single items (PRO items as teasers only), the
//! check for newer items and related news.
//!
//! Every list is one query for the items (their category, journalist and podcast show joined in) plus one
//! query for the tags of the whole page, whatever its size.

use std::collections::{HashMap, HashSet};

use axum::{
    Json,
    extract::{Query, State},
};
use onda_shared::{
    Envelope,
    news::{HomeNews, MostReadNews, NewNews, NewsItem, Tag, TagMeta, TagNews},
    shell::NewsCategory,
};
use sqlx::{Row, any::AnyRow};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result, accounts,
    auth::AuthUser,
    clock::{brasilia_day, iso, now},
    db::{Arg, Db, bind_all, placeholders},
    error::ok,
    extract::{ApiPath, path_flag, path_number},
    openapi::{Reply, tags},
};

/// Server messages (endpoints.json): an unknown category or an empty result, an unknown tag.
pub const NO_NEWS_FOUND: &str = "no news found";
pub const TAG_NOT_FOUND: &str = "tag not found";
pub const NEWS_NOT_FOUND: &str = "news not found";
pub const PRO_ONLY: &str = "pro only";

/// Largest page a list call may ask for, and the farthest offset.
const MAX_COUNT: i64 = 100;
const MAX_OFFSET: i64 = 1_000_000;
/// G33: checkForNewNews reports up to 12 newer items.
const NEW_NEWS_MAX: i64 = 12;
/// Home widget (doc2 §2 "Home widgets", constants HOME_NEWS_*).
const HOME_NEWS: i64 = 12;
const HOME_SECONDARY: usize = 6;
const HOME_REUTERS: i64 = 5;
const HOME_MUNDO: usize = 4;
/// C20: fewer related items than this and the latest ones are used instead.
const RELATED_MIN: i64 = 6;
const RELATED_MAX_TAGS: usize = 20;
const MAX_SLUG: usize = 200;

/// getNewsMostRead sums a week of daily counters (every item read that week): computed at most once per
/// this many seconds for each database and count, since a minute-old ranking is as good as a fresh one.
const MOST_READ_TTL: i64 = 60;
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_categories))
        .routes(routes!(get_news))
        .routes(routes!(get_news_in_category))
        .routes(routes!(get_home_news))
        .routes(routes!(get_tags))
        .routes(routes!(get_data_news_by_tag))
        .routes(routes!(get_most_read))
        .routes(routes!(get_single_news))
        .routes(routes!(get_single_pro_news))
        .routes(routes!(check_for_new_news))
        .routes(routes!(check_for_new_news_in_category))
        .routes(routes!(get_related_news))
}

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

/// Items matching `filter` (SQL over `n`/`c`, placeholders from `$1`), newest first, with their tags.
///
/// Two steps in one statement: the page's ids first, over `news` and its categories only (the
/// covering indexes of migration 0043 answer it without reading a row), then the wide columns and
/// the joins for those ids alone. A deep OFFSET otherwise fetched and joined every skipped item.
pub(crate) async fn fetch_items(
    db: &Db,
    filter: &str,
    mut args: Vec<Arg>,
    limit: i64,
    offset: i64,
) -> Result<Vec<NewsItem>> {
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

/// The id of a category slug; an unknown one is the spec's 404 'no news found'.
async fn category_id(db: &Db, slug: &str) -> Result<i64> {
    let slug = slug.trim().to_lowercase();
    if slug.len() > MAX_SLUG {
        return Err(Error::not_found(NO_NEWS_FOUND));
    }
    sqlx::query_scalar("SELECT id FROM news_categories WHERE slug = $1")
        .bind(slug)
        .fetch_optional(&db.pool)
        .await?
        .ok_or_else(|| Error::not_found(NO_NEWS_FOUND))
}

// ---------------------------------------------------------------------------------------------------
// Handlers

/// The news categories, in editorial order.
#[utoipa::path(get, path = "/news/getCategories", tag = tags::NEWS,
    responses((status = 200, description = "Every category", body = Reply<Vec<NewsCategory>>)))]
async fn get_categories(State(state): State<AppState>) -> Result<Json<Envelope<Vec<NewsCategory>>>> {
    let rows: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT id, name, slug FROM news_categories ORDER BY position, id")
            .fetch_all(&state.db.pool)
            .await?;
    Ok(ok(rows
        .into_iter()
        .map(|(id, name, slug)| NewsCategory { id, name, slug })
        .collect()))
}

/// A page of the newest news items.
///
/// `getNews/{offset}/{count}/{pro}/{reuters}[/{category}]` (C40: offset first). `pro` = include PRO items
/// (as teasers, like every list item); `reuters` = leave Reuters wire items out (G32).
#[utoipa::path(get, path = "/news/getNews/{offset}/{count}/{pro}/{reuters}", tag = tags::NEWS,
    params(
        ("offset" = String, Path, pattern = "^(0|[1-9][0-9]{0,5}|1000000)$", description = "Items to skip, 0 to 1000000"),
        ("count" = String, Path, pattern = "^([1-9][0-9]?|100)$", description = "Page size, 1 to 100"),
        ("pro" = String, Path, pattern = "^(0|1|true|false)$", description = "Include PRO items (as teasers): 0, 1, true or false"),
        ("reuters" = String, Path, pattern = "^(0|1|true|false)$", description = "Leave Reuters wire items out: 0, 1, true or false"),
    ),
    responses((status = 200, description = "The page, newest first", body = Reply<Vec<NewsItem>>)))]
async fn get_news(
    State(state): State<AppState>,
    ApiPath(params): ApiPath<Vec<String>>,
) -> Result<Json<Envelope<Vec<NewsItem>>>> {
    let [offset, count, pro, reuters, rest @ ..] = params.as_slice() else {
        return Err(Error::bad_request("invalid path"));
    };
    let offset = path_number(offset, "offset", 0, MAX_OFFSET)?;
    let count = path_number(count, "count", 1, MAX_COUNT)?;
    let include_pro = path_flag(pro, "flag")?;
    let exclude_reuters = path_flag(reuters, "flag")?;
    let mut filter = vec!["n.published_at <= $1".to_owned()];
    let mut args = vec![Arg::Int(now())];
    if !include_pro {
        filter.push("n.is_pro = 0".into());
    }
    if exclude_reuters {
        filter.push("n.source <> 'reuters'".into());
    }
    if let Some(category) = rest.first() {
        args.push(Arg::Int(category_id(&state.db, category).await?));
        filter.push(format!("n.category_id = ${}", args.len()));
    }
    let items = fetch_items(&state.db, &filter.join(" AND "), args, count, offset).await?;
    Ok(ok(items))
}

/// A page of the newest news items of one category (an unknown category is a 404).
#[utoipa::path(get, path = "/news/getNews/{offset}/{count}/{pro}/{reuters}/{category}", tag = tags::NEWS,
    params(
        ("offset" = String, Path, pattern = "^(0|[1-9][0-9]{0,5}|1000000)$", description = "Items to skip, 0 to 1000000"),
        ("count" = String, Path, pattern = "^([1-9][0-9]?|100)$", description = "Page size, 1 to 100"),
        ("pro" = String, Path, pattern = "^(0|1|true|false)$", description = "Include PRO items (as teasers): 0, 1, true or false"),
        ("reuters" = String, Path, pattern = "^(0|1|true|false)$", description = "Leave Reuters wire items out: 0, 1, true or false"),
        ("category" = String, Path, description = "Category slug"),
    ),
    responses((status = 200, description = "The page, newest first", body = Reply<Vec<NewsItem>>)))]
async fn get_news_in_category(
    state: State<AppState>,
    params: ApiPath<Vec<String>>,
) -> Result<Json<Envelope<Vec<NewsItem>>>> {
    get_news(state, params).await
}

/// The home page's news blocks.
///
/// `getHomeNews` (G31): the 12 newest non-Reuters items with the newest editor's pick among them first
/// (1 featured, 6 secondary, 5 side), up to 5 Reuters items and the 'Mundo' block, without repeats.
#[utoipa::path(get, path = "/news/getHomeNews", tag = tags::NEWS,
    responses((status = 200, description = "Featured, secondary, side, Reuters and 'Mundo' items", body = Reply<HomeNews>)))]
async fn get_home_news(State(state): State<AppState>) -> Result<Json<Envelope<HomeNews>>> {
    let db = &state.db;
    let now = now();
    let mut main = fetch_items(
        db,
        "n.published_at <= $1 AND n.source <> 'reuters'",
        vec![Arg::Int(now)],
        HOME_NEWS,
        0,
    )
    .await?;
    let picks: HashSet<i64> = {
        let ids: Vec<i64> = main.iter().map(|item| item.id).collect();
        if ids.is_empty() {
            HashSet::new()
        } else {
            let sql = format!(
                "SELECT id FROM news WHERE is_featured = 1 AND id IN ({})",
                placeholders(1, ids.len())
            );
            let mut query = sqlx::query_scalar::<_, i64>(&sql);
            for id in &ids {
                query = query.bind(*id);
            }
            query.fetch_all(&db.pool).await?.into_iter().collect()
        }
    };
    if let Some(position) = main.iter().position(|item| picks.contains(&item.id)) {
        let pick = main.remove(position);
        main.insert(0, pick);
    }
    let reuters = fetch_items(
        db,
        "n.published_at <= $1 AND n.source = 'reuters'",
        vec![Arg::Int(now)],
        HOME_REUTERS,
        0,
    )
    .await?;
    let shown: HashSet<i64> = main.iter().chain(&reuters).map(|item| item.id).collect();
    let mundo: Vec<NewsItem> = fetch_items(
        db,
        "n.published_at <= $1 AND c.slug = $2",
        vec![Arg::Int(now), Arg::Text("mundo".into())],
        HOME_MUNDO as i64 + shown.len() as i64,
        0,
    )
    .await?
    .into_iter()
    .filter(|item| !shown.contains(&item.id))
    .take(HOME_MUNDO)
    .collect();
    let mut main = main.into_iter();
    let featured = main.next();
    let secondary: Vec<NewsItem> = main.by_ref().take(HOME_SECONDARY).collect();
    Ok(ok(HomeNews {
        featured,
        secondary,
        side: main.collect(),
        reuters,
        mundo,
    }))
}

/// Every tag as `{n, u}` (name, slug), by name.
#[utoipa::path(get, path = "/news/getTags", tag = tags::NEWS,
    responses((status = 200, description = "Every tag", body = Reply<Vec<Tag>>)))]
async fn get_tags(State(state): State<AppState>) -> Result<Json<Envelope<Vec<Tag>>>> {
    let rows: Vec<(String, String)> = sqlx::query_as("SELECT name, slug FROM tags ORDER BY LOWER(name), id")
        .fetch_all(&state.db.pool)
        .await?;
    Ok(ok(rows.into_iter().map(|(n, u)| Tag { n, u }).collect()))
}

/// A tag's details and a page of its news items.
///
/// `getDataNewsByTag/{offset}/{count}/{tagSlug}` (C40: offset first): `tagMeta` and `newsArray`, PRO items
/// as teasers. Unknown tag: 404 'tag not found'; a page with no items: success with message 'no news found'.
#[utoipa::path(get, path = "/news/getDataNewsByTag/{offset}/{count}/{tag}", tag = tags::NEWS,
    params(
        ("offset" = String, Path, pattern = "^(0|[1-9][0-9]{0,5}|1000000)$", description = "Items to skip, 0 to 1000000"),
        ("count" = String, Path, pattern = "^([1-9][0-9]?|100)$", description = "Page size, 1 to 100"),
        ("tag" = String, Path, description = "Tag slug; unknown: 404"),
    ),
    responses((status = 200, description = "The tag and the page (message 'no news found' when empty)", body = Reply<TagNews>)))]
async fn get_data_news_by_tag(
    State(state): State<AppState>,
    ApiPath((offset, count, tag)): ApiPath<(String, String, String)>,
) -> Result<Json<Envelope<TagNews>>> {
    let offset = path_number(&offset, "offset", 0, MAX_OFFSET)?;
    let count = path_number(&count, "count", 1, MAX_COUNT)?;
    let slug = tag.trim().to_lowercase();
    if slug.is_empty() || slug.len() > MAX_SLUG {
        return Err(Error::not_found(TAG_NOT_FOUND));
    }
    let (tag_id, name, slug, title): (i64, String, String, String) =
        sqlx::query_as("SELECT id, name, slug, title FROM tags WHERE slug = $1")
            .bind(&slug)
            .fetch_optional(&state.db.pool)
            .await?
            .ok_or_else(|| Error::not_found(TAG_NOT_FOUND))?;
    let news_array = fetch_items(
        &state.db,
        "n.published_at <= $1 AND n.id IN (SELECT nt.news_id FROM news_tags nt WHERE nt.tag_id = $2)",
        vec![Arg::Int(now()), Arg::Int(tag_id)],
        count,
        offset,
    )
    .await?;
    let message = if news_array.is_empty() {
        NO_NEWS_FOUND
    } else {
        "success"
    };
    Ok(Json(Envelope {
        message: message.to_owned(),
        ..Envelope::success(TagNews {
            tag_meta: TagMeta {
                title: if title.is_empty() { name.clone() } else { title },
                n: name,
                u: slug,
            },
            news_array,
        })
    }))
}

/// The most read news items of the last seven days.
///
/// `getNewsMostRead/{count}`: the items most read in the last seven Brasília days (today included), by
/// the counters newsViewsHit feeds; cached for `MOST_READ_TTL` seconds.
#[utoipa::path(get, path = "/news/getNewsMostRead/{count}", tag = tags::NEWS,
    params(("count" = String, Path, pattern = "^([1-9]|1[0-9]|20)$", description = "How many, 1 to 20")),
    responses((status = 200, description = "The most read items, most read first", body = Reply<Vec<MostReadNews>>)))]
async fn get_most_read(
    State(state): State<AppState>,
    ApiPath(count): ApiPath<String>,
) -> Result<Json<Envelope<Vec<MostReadNews>>>> {
    let count = path_number(&count, "count", 1, 20)?;
    let now = now();
    let key = count;
    let cached = state
        .most_read_cache
        .get(&key)
        .filter(|(at, _)| now - at < MOST_READ_TTL);
    if let Some((_, list)) = cached {
        return Ok(ok(list));
    }
    let since = brasilia_day(now - 6 * 86_400);
    let rows: Vec<(i64, String, String, i64, String, i64)> = sqlx::query_as(
        "SELECT n.id, n.slug, n.title, n.published_at, n.image_url, CAST(SUM(v.views) AS BIGINT) AS total \
         FROM news_daily_views v JOIN news n ON n.id = v.news_id \
         WHERE v.day >= $1 AND n.published_at <= $2 \
         GROUP BY n.id, n.slug, n.title, n.published_at, n.image_url \
         ORDER BY total DESC, n.published_at DESC, n.id DESC LIMIT $3",
    )
    .bind(since)
    .bind(now)
    .bind(count)
    .fetch_all(&state.db.pool)
    .await?;
    let list: Vec<MostReadNews> = rows
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
        .collect();
    state.most_read_cache.insert(key, (now, list.clone()));
    Ok(ok(list))
}

/// One item by slug with its text columns; `None` when unknown or not public.
async fn single(db: &Db, slug: &str) -> Result<Option<(NewsItem, String, String)>> {
    if slug.is_empty() || slug.len() > MAX_SLUG {
        return Ok(None);
    }
    single_where(
        db,
        "n.slug = $1 AND n.published_at <= $2",
        vec![Arg::Text(slug.to_owned()), Arg::Int(now())],
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

/// The back office's preview (issue 20): the item by id in whatever state, as the public single-news
/// call answers it, with everything filled (content, full content and teaser), so the editor renders
/// the real article page. The caller fixes the date of an item that is not public.
pub(crate) async fn preview_item(db: &Db, id: i64) -> Result<Option<NewsItem>> {
    let Some((mut item, content, teaser)) = single_where(db, "n.id = $1", vec![Arg::Int(id)]).await? else {
        return Ok(None);
    };
    item.content = Some(content.clone());
    item.full_content = Some(content);
    item.teaser = Some(teaser);
    Ok(Some(item))
}

/// One news item by slug (a PRO item carries only its teaser).
///
/// `getSingleNews/{slug}`: the item with its content; a PRO item carries only its teaser (S04). Unknown
/// slug (including the reserved words of C09): 404.
#[utoipa::path(get, path = "/news/getSingleNews/{slug}", tag = tags::NEWS,
    params(("slug" = String, Path, description = "News item slug; unknown: 404")),
    responses((status = 200, description = "The item", body = Reply<NewsItem>)))]
async fn get_single_news(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> Result<Json<Envelope<NewsItem>>> {
    let item = public_item(&state.db, &slug)
        .await?
        .ok_or_else(|| Error::not_found(NEWS_NOT_FOUND))?;
    Ok(ok(item))
}

/// What `getSingleNews/{slug}` answers for a published item: its content, or only its teaser when it
/// is PRO (S04). `None` for an unknown slug. Also written into the item's page (its initial data,
/// web/initial_data.rs), so the page draws the item without asking for it.
pub async fn public_item(db: &Db, slug: &str) -> Result<Option<NewsItem>> {
    let Some((mut item, content, teaser)) = single(db, slug).await? else {
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

/// One news item by slug with its whole content, for PRO subscribers.
///
/// `getSingleProNews/{slug}` (S04): 401 without a session, 403 'pro only' for non-PRO users, else the
/// whole item.
#[utoipa::path(get, path = "/news/getSingleProNews/{slug}", tag = tags::NEWS,
    params(("slug" = String, Path, description = "News item slug; unknown: 404")),
    security(("bearer" = []), ("cookie" = [])),
    responses(
        (status = 200, description = "The whole item", body = Reply<NewsItem>),
        (status = 403, description = "The user is not a PRO subscriber ('pro only')", body = crate::openapi::ErrorReply),
    ))]
async fn get_single_pro_news(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(slug): ApiPath<String>,
) -> Result<Json<Envelope<NewsItem>>> {
    if !accounts::is_pro(&state.db, user.user_id).await? {
        return Err(Error::Forbidden(PRO_ONLY.into()));
    }
    let (mut item, content, teaser) = single(&state.db, &slug)
        .await?
        .ok_or_else(|| Error::not_found(NEWS_NOT_FOUND))?;
    if item.pro {
        item.teaser = Some(teaser);
    }
    item.content = Some(content.clone());
    item.full_content = Some(content);
    Ok(ok(item))
}

/// The news items published after a given one.
///
/// `checkForNewNews/{latestId}[/{category}]` (G33): `{count, items}` of the items published after
/// `latestId` (any kind, PRO as teasers), newest first, up to 12, flagged `newNews`.
#[utoipa::path(get, path = "/news/checkForNewNews/{latest}", tag = tags::NEWS,
    params(("latest" = String, Path, pattern = "^[1-9][0-9]{0,8}$", description = "Id of the newest item the caller has; unknown: 404")),
    responses((status = 200, description = "Up to 12 newer items, newest first", body = Reply<NewNews>)))]
async fn check_for_new_news(
    State(state): State<AppState>,
    ApiPath(params): ApiPath<Vec<String>>,
) -> Result<Json<Envelope<NewNews>>> {
    let [latest, rest @ ..] = params.as_slice() else {
        return Err(Error::bad_request("invalid path"));
    };
    let latest = path_number(latest, "latestId", 1, i64::from(i32::MAX))?;
    // An item taken down since the caller listed it counts from the date it had (`intended_at`, kept
    // by the back office), so the caller still hears of newer items; a hidden one without it, from its
    // last change.
    let published: i64 = sqlx::query_scalar(
        "SELECT CASE WHEN published_at <= $2 THEN published_at ELSE COALESCE(intended_at, changed_at) END \
         FROM news WHERE id = $1",
    )
    .bind(latest)
    .bind(now())
    .fetch_optional(&state.db.pool)
    .await?
    .ok_or_else(|| Error::not_found(NEWS_NOT_FOUND))?;
    let mut args = vec![Arg::Int(now()), Arg::Int(published), Arg::Int(latest)];
    let mut filter =
        "n.published_at <= $1 AND (n.published_at > $2 OR (n.published_at = $2 AND n.id > $3))".to_owned();
    if let Some(category) = rest.first() {
        args.push(Arg::Int(category_id(&state.db, category).await?));
        filter.push_str(" AND n.category_id = $4");
    }
    let mut items = fetch_items(&state.db, &filter, args, NEW_NEWS_MAX, 0).await?;
    for item in &mut items {
        item.new_news = true;
    }
    Ok(ok(NewNews {
        count: items.len() as i64,
        items,
    }))
}

/// The news items of one category published after a given one.
#[utoipa::path(get, path = "/news/checkForNewNews/{latest}/{category}", tag = tags::NEWS,
    params(
        ("latest" = String, Path, pattern = "^[1-9][0-9]{0,8}$", description = "Id of the newest item the caller has; unknown: 404"),
        ("category" = String, Path, description = "Category slug; unknown: 404"),
    ),
    responses((status = 200, description = "Up to 12 newer items, newest first", body = Reply<NewNews>)))]
async fn check_for_new_news_in_category(
    state: State<AppState>,
    params: ApiPath<Vec<String>>,
) -> Result<Json<Envelope<NewNews>>> {
    check_for_new_news(state, params).await
}

/// Lowercase, accents folded, spaces to hyphens: how an artist name ('Elis Regina') becomes a tag slug.
fn slugish(text: &str) -> String {
    let folded: String = text
        .to_lowercase()
        .chars()
        .map(|ch| match ch {
            'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            'ñ' => 'n',
            ch if ch.is_ascii_alphanumeric() => ch,
            _ => '-',
        })
        .collect();
    folded
        .split('-')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// News items related to a list of tags.
///
/// `getRelatedNews/{count}/{tags}` (C20): items sharing the most of the given tags (slugs joined by '_',
/// or percent-encoded tag/artist names), newest first among equals. With fewer matches than
/// min(6, count) the latest items are answered instead (up to min(6, count)). `?exclude={slug}` leaves the
/// current item out of both.
#[utoipa::path(get, path = "/news/getRelatedNews/{count}/{tags}", tag = tags::NEWS,
    params(
        ("count" = String, Path, pattern = "^([1-9]|1[0-9]|20)$", description = "How many, 1 to 20"),
        ("tags" = String, Path, description = "Tag slugs or names joined by '_'"),
        ("exclude" = Option<String>, Query, description = "Slug of the item to leave out"),
    ),
    responses((status = 200, description = "The related items, most shared tags first", body = Reply<Vec<NewsItem>>)))]
async fn get_related_news(
    State(state): State<AppState>,
    ApiPath((count, tags)): ApiPath<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<Envelope<Vec<NewsItem>>>> {
    let count = path_number(&count, "count", 1, 20)?;
    let mut wanted: Vec<String> = Vec::new();
    for part in tags.split('_') {
        let part = part.trim();
        if part.is_empty() || part.len() > MAX_SLUG {
            continue;
        }
        for candidate in [part.to_lowercase(), slugish(part)] {
            if !candidate.is_empty() && !wanted.contains(&candidate) {
                wanted.push(candidate);
            }
        }
        if wanted.len() >= 2 * RELATED_MAX_TAGS {
            break;
        }
    }
    if wanted.is_empty() {
        return Err(Error::bad_request("invalid tags"));
    }
    let exclude = query
        .get("exclude")
        .map(|slug| slug.trim().to_owned())
        .unwrap_or_default();
    let db = &state.db;
    let now = now();
    let list = placeholders(4, wanted.len());
    let sql = format!(
        "SELECT nt.news_id, CAST(COUNT(*) AS BIGINT) AS shared, MAX(n.published_at) AS published \
         FROM news_tags nt JOIN tags t ON t.id = nt.tag_id JOIN news n ON n.id = nt.news_id \
         WHERE n.published_at <= $1 AND n.slug <> $2 AND (t.slug IN ({list}) OR LOWER(t.name) IN ({list})) \
         GROUP BY nt.news_id ORDER BY shared DESC, published DESC, nt.news_id DESC LIMIT $3"
    );
    let mut ranking = sqlx::query_as::<_, (i64, i64, i64)>(&sql)
        .bind(now)
        .bind(&exclude)
        .bind(count);
    for tag in &wanted {
        ranking = ranking.bind(tag.as_str());
    }
    let ranked: Vec<i64> = ranking
        .fetch_all(&db.pool)
        .await?
        .into_iter()
        .map(|(id, _, _)| id)
        .collect();
    let needed = RELATED_MIN.min(count);
    if (ranked.len() as i64) < needed {
        let latest = fetch_items(
            db,
            "n.published_at <= $1 AND n.slug <> $2",
            vec![Arg::Int(now), Arg::Text(exclude)],
            needed,
            0,
        )
        .await?;
        return Ok(ok(latest));
    }
    let mut args: Vec<Arg> = ranked.iter().map(|id| Arg::Int(*id)).collect();
    args.push(Arg::Int(now));
    let filter = format!(
        "n.id IN ({}) AND n.published_at <= ${}",
        placeholders(1, ranked.len()),
        ranked.len() + 1
    );
    let mut items = fetch_items(db, &filter, args, count, 0).await?;
    let position: HashMap<i64, usize> = ranked.iter().enumerate().map(|(at, id)| (*id, at)).collect();
    items.sort_by_key(|item| position.get(&item.id).copied().unwrap_or(usize::MAX));
    Ok(ok(items))
}
