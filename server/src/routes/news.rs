//! News (doc2 §2, §3, §7; decisions C09, C20, C21, C34, C40, G31–G33, G54, S04): categories, the paged
//! lists, the home widget, tags, most read of the week, single items (PRO items as teasers only), the
//! check for newer items and related news.
//!
//! The queries and the rule of what is public are data/news.rs's; here are the paths, their checks and
//! the shape of each answer.

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
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState, Error, Result, accounts,
    auth::AuthUser,
    clock::{brasilia_day, now},
    data::news::{self, Listing, Wire},
    db::Db,
    error::ok,
    extract::{ApiPath, path_flag, path_number},
    openapi::{Reply, tags},
};

/// Server messages (doc2 §7, doc3 §7): an unknown category or an empty result, an unknown tag.
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
use crate::data::news::MAX_SLUG;

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

/// The id of a category slug; an unknown one is the 404 'no news found' (doc2 §8).
async fn category_id(db: &Db, slug: &str) -> Result<i64> {
    let slug = slug.trim().to_lowercase();
    news::category(db, &slug)
        .await?
        .map(|(id, _)| id)
        .ok_or_else(|| Error::not_found(NO_NEWS_FOUND))
}

// ---------------------------------------------------------------------------------------------------
// Handlers

/// The news categories, in editorial order.
#[utoipa::path(get, path = "/news/getCategories", tag = tags::NEWS,
    responses((status = 200, description = "Every category", body = Reply<Vec<NewsCategory>>)))]
async fn get_categories(State(state): State<AppState>) -> Result<Json<Envelope<Vec<NewsCategory>>>> {
    Ok(ok(news::categories(&state.db).await?))
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
    let listing = Listing {
        include_pro,
        wire: if exclude_reuters { Wire::Without } else { Wire::Any },
        category_id: match rest.first() {
            Some(category) => Some(category_id(&state.db, category).await?),
            None => None,
        },
        ..Listing::default()
    };
    Ok(ok(news::list(&state.db, &listing, count, offset).await?))
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
    let everything = Listing::all();
    let without_wire = Listing {
        wire: Wire::Without,
        ..everything.clone()
    };
    let mut main = news::list(db, &without_wire, HOME_NEWS, 0).await?;
    let ids: Vec<i64> = main.iter().map(|item| item.id).collect();
    let picks = news::featured_among(db, &ids).await?;
    if let Some(position) = main.iter().position(|item| picks.contains(&item.id)) {
        let pick = main.remove(position);
        main.insert(0, pick);
    }
    let wire_only = Listing {
        wire: Wire::Only,
        ..everything.clone()
    };
    let reuters = news::list(db, &wire_only, HOME_REUTERS, 0).await?;
    let shown: HashSet<i64> = main.iter().chain(&reuters).map(|item| item.id).collect();
    let mundo_only = Listing {
        category_slug: Some("mundo".into()),
        ..everything
    };
    let mundo: Vec<NewsItem> = news::list(db, &mundo_only, HOME_MUNDO as i64 + shown.len() as i64, 0)
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
    Ok(ok(news::tags(&state.db).await?))
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
    let news::TagRow {
        id: tag_id,
        name,
        slug,
        title,
    } = news::tag(&state.db, &slug)
        .await?
        .ok_or_else(|| Error::not_found(TAG_NOT_FOUND))?;
    let tagged = Listing {
        tag_id: Some(tag_id),
        ..Listing::all()
    };
    let news_array = news::list(&state.db, &tagged, count, offset).await?;
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
    let list = news::most_read(&state.db, &since, count).await?;
    state.most_read_cache.insert(key, (now, list.clone()));
    Ok(ok(list))
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
    let item = news::public_item(&state.db, &slug)
        .await?
        .ok_or_else(|| Error::not_found(NEWS_NOT_FOUND))?;
    Ok(ok(item))
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
    let (mut item, content, teaser) = news::public_by_slug(&state.db, &slug)
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
    // An item taken down since the caller listed it still says where it stood (news::listed_at).
    let after = news::listed_at(&state.db, latest)
        .await?
        .ok_or_else(|| Error::not_found(NEWS_NOT_FOUND))?;
    let newer = Listing {
        after: Some(after),
        category_id: match rest.first() {
            Some(category) => Some(category_id(&state.db, category).await?),
            None => None,
        },
        ..Listing::all()
    };
    let mut items = news::list(&state.db, &newer, NEW_NEWS_MAX, 0).await?;
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
    let ranked = news::ranked_by_tags(db, &wanted, &exclude, count).await?;
    let needed = RELATED_MIN.min(count);
    if (ranked.len() as i64) < needed {
        let latest = Listing {
            exclude_slug: Some(exclude),
            ..Listing::all()
        };
        return Ok(ok(news::list(db, &latest, needed, 0).await?));
    }
    let chosen = Listing {
        ids: Some(ranked.clone()),
        ..Listing::all()
    };
    let mut items = news::list(db, &chosen, count, 0).await?;
    let position: HashMap<i64, usize> = ranked.iter().enumerate().map(|(at, id)| (*id, at)).collect();
    items.sort_by_key(|item| position.get(&item.id).copied().unwrap_or(usize::MAX));
    Ok(ok(items))
}
