//! Journalists, tags, news (`demo/newsroom.json`, `demo/news/*.json`), podcast episodes as news items,
//! and the daily read counters behind 'most read of the week'.

use std::collections::{HashMap, HashSet};

use serde::Deserialize;

use super::{
    Tx,
    batch::{Rows, ids, row},
    demo::{DAY, Demo, HOUR, hash, parse, pick, slugify, youtube_id},
    podcasts::SeededShow,
    shell::CATEGORIES,
};
use crate::Result;

#[derive(Deserialize)]
struct Newsroom {
    journalists: Vec<Journalist>,
    tags: Vec<Tag>,
}

#[derive(Deserialize)]
struct Journalist {
    slug: String,
    name: String,
    description: String,
    active: bool,
}

#[derive(Deserialize)]
struct Tag {
    slug: String,
    name: String,
    #[serde(default)]
    title: String,
}

/// The news files, one per category (`demo/news/{category}.json`).
const NEWS_FILES: [(&str, &str); 14] = [
    ("carros", include_str!("../../demo/news/carros.json")),
    ("economia", include_str!("../../demo/news/economia.json")),
    ("mundo", include_str!("../../demo/news/mundo.json")),
    ("musica", include_str!("../../demo/news/musica.json")),
    ("politica", include_str!("../../demo/news/politica.json")),
    ("saude", include_str!("../../demo/news/saude.json")),
    ("tecnologia", include_str!("../../demo/news/tecnologia.json")),
    ("cotidiano", include_str!("../../demo/news/cotidiano.json")),
    ("cinema", include_str!("../../demo/news/cinema.json")),
    ("moda", include_str!("../../demo/news/moda.json")),
    ("gastronomia", include_str!("../../demo/news/gastronomia.json")),
    ("viagem", include_str!("../../demo/news/viagem.json")),
    ("podcast", include_str!("../../demo/news/podcast.json")),
    ("outros", include_str!("../../demo/news/outros.json")),
];

#[derive(Deserialize)]
struct Article {
    #[serde(default)]
    slug: Option<String>,
    /// From the file name.
    #[serde(default)]
    category: String,
    title: String,
    #[serde(default)]
    title_home: String,
    subtitle: String,
    /// A journalist's slug, 'reuters' (wire item, home Reuters block) or 'redacao'.
    author: String,
    tags: Vec<String>,
    #[serde(default)]
    pro: bool,
    #[serde(default)]
    featured: bool,
    /// A cover video (a generated YouTube id).
    #[serde(default)]
    video: bool,
    /// Edited some hours after publishing ('updated at' line).
    #[serde(default)]
    updated: bool,
    /// Older than the normal spread (e.g. the inactive journalists' last articles).
    #[serde(default)]
    age_days: Option<i64>,
    #[serde(default)]
    caption: String,
    #[serde(default)]
    keyword: String,
    body: Vec<String>,
}

/// Journalist slug → (id, display name), for bylines.
pub struct SeededNewsroom {
    journalists: HashMap<String, (i64, String)>,
    tags: HashMap<String, i64>,
}

pub async fn seed_newsroom(tx: &mut Tx, demo: &Demo) -> Result<SeededNewsroom> {
    let data: Newsroom = parse("newsroom.json", include_str!("../../demo/newsroom.json"))?;
    let mut journalists = Rows::new(
        "journalists",
        &[
            "slug",
            "name",
            "description",
            "image_url",
            "is_active",
            "position",
        ],
    );
    for (position, journalist) in data.journalists.iter().enumerate() {
        journalists.push(row![
            &journalist.slug,
            &journalist.name,
            demo.fill(&journalist.description),
            format!("/media/img/journalist/{}.svg", journalist.slug),
            journalist.active,
            position as i64,
        ]);
    }
    journalists.insert(tx).await?;
    let journalist_ids = ids(tx, "SELECT slug, id FROM journalists").await?;

    let mut tags = Rows::new("tags", &["slug", "name", "title", "hits"]);
    for tag in &data.tags {
        let name = demo.fill(&tag.name);
        let title = if tag.title.is_empty() {
            format!("Notícias sobre {name}")
        } else {
            demo.fill(&tag.title)
        };
        let hits = 40 + pick(&["tag-hits", &tag.slug], 900) as i64;
        tags.push(row![demo.fill(&tag.slug), name, title, hits]);
    }
    tags.insert(tx).await?;

    Ok(SeededNewsroom {
        journalists: data
            .journalists
            .into_iter()
            .map(|journalist| {
                let id = journalist_ids[&journalist.slug];
                (journalist.slug, (id, journalist.name))
            })
            .collect(),
        tags: ids(tx, "SELECT slug, id FROM tags").await?,
    })
}

/// One news row before it is written.
struct Item {
    slug: String,
    category: String,
    title: String,
    title_home: String,
    subtitle: String,
    content: String,
    teaser: String,
    author: String,
    journalist_id: Option<i64>,
    source: &'static str,
    caption: String,
    cover_video: String,
    podcast: Option<(i64, String, String, String)>,
    keyword: String,
    pro: bool,
    featured: bool,
    published_at: i64,
    updated_at: Option<i64>,
    tags: Vec<String>,
}

pub async fn seed_news(
    tx: &mut Tx,
    demo: &Demo,
    newsroom: &SeededNewsroom,
    shows: &[SeededShow],
) -> Result<()> {
    let mut articles = Vec::new();
    for (category, json) in NEWS_FILES {
        let file: Vec<Article> = parse(&format!("news/{category}.json"), json)?;
        articles.extend(file.into_iter().map(|article| Article {
            category: category.to_owned(),
            ..article
        }));
    }
    let category_ids = ids(tx, "SELECT slug, id FROM news_categories").await?;
    let mut items = articles_in_time(demo, newsroom, articles)?;
    items.extend(episodes(demo, newsroom, shows)?);

    // C09: a news slug must not collide with the reserved words of /noticias/{…}.
    let reserved: HashSet<&str> = CATEGORIES.iter().map(|(slug, _)| *slug).chain(["tags"]).collect();
    let mut seen = HashSet::new();
    for item in &items {
        if reserved.contains(item.slug.as_str()) || !seen.insert(item.slug.clone()) {
            return Err(anyhow::anyhow!("demo news slug {:?} is reserved or repeated", item.slug).into());
        }
        if !category_ids.contains_key(&item.category) {
            return Err(
                anyhow::anyhow!("demo news {:?}: unknown category {:?}", item.slug, item.category).into(),
            );
        }
    }

    let mut news = Rows::new(
        "news",
        &[
            "slug",
            "category_id",
            "title",
            "title_home",
            "subtitle",
            "content",
            "teaser",
            "author",
            "journalist_id",
            "source",
            "image_url",
            "featured_image_url",
            "image_caption",
            "image_link",
            "cover_video_youtube_id",
            "cover_video_file_name",
            "podcast_show_id",
            "podcast_id",
            "podcast_player_style",
            "podcast_player_color",
            "keyword",
            "is_pro",
            "is_featured",
            "views",
            "published_at",
            "updated_at",
            "created_at",
            "changed_at",
        ],
    );
    let mut daily = Rows::new("news_daily_views", &["news_id", "day", "views"]);
    let mut daily_pending = Vec::new();
    for item in &items {
        let (show_id, podcast_id, style, color) = match &item.podcast {
            Some((id, key, style, color)) => (Some(*id), key.clone(), style.clone(), color.clone()),
            None => (None, String::new(), String::new(), String::new()),
        };
        let week = week_views(demo, item);
        let older = 150 + pick(&["views", &item.slug], 4000) as i64;
        let total: i64 = week.iter().map(|(_, views)| views).sum::<i64>() + older;
        news.push(row![
            &item.slug,
            category_ids[&item.category],
            &item.title,
            &item.title_home,
            &item.subtitle,
            &item.content,
            &item.teaser,
            &item.author,
            item.journalist_id,
            item.source,
            format!("/media/img/news/{}.svg", item.slug),
            format!("/media/img/news-wide/{}.svg", item.slug),
            &item.caption,
            "",
            &item.cover_video,
            "",
            show_id,
            podcast_id,
            style,
            color,
            &item.keyword,
            item.pro,
            item.featured,
            total,
            item.published_at,
            item.updated_at,
            item.published_at,
            item.updated_at.unwrap_or(item.published_at),
        ]);
        daily_pending.push((item.slug.clone(), week));
    }
    news.insert(tx).await?;
    let news_ids = ids(tx, "SELECT slug, id FROM news").await?;
    for (slug, week) in daily_pending {
        for (day, views) in week {
            daily.push(row![news_ids[&slug], day, views]);
        }
    }
    daily.insert(tx).await?;

    let mut news_tags = Rows::new("news_tags", &["news_id", "tag_id", "position"]);
    for item in &items {
        let mut seen = HashSet::new();
        for (position, tag) in item.tags.iter().enumerate() {
            let tag = demo.fill(tag);
            let tag_id = *newsroom
                .tags
                .get(&tag)
                .ok_or_else(|| anyhow::anyhow!("demo news {:?}: unknown tag {tag:?}", item.slug))?;
            if seen.insert(tag_id) {
                news_tags.push(row![news_ids[&item.slug], tag_id, position as i64]);
            }
        }
    }
    news_tags.insert(tx).await?;
    Ok(())
}

/// Articles get publication times spread over the last weeks: the files are per category, so the
/// categories are interleaved first and every stretch of days shows a mix of subjects.
fn articles_in_time(demo: &Demo, newsroom: &SeededNewsroom, articles: Vec<Article>) -> Result<Vec<Item>> {
    let mut by_category: Vec<(String, Vec<Article>)> = Vec::new();
    for article in articles {
        match by_category
            .iter_mut()
            .find(|(category, _)| *category == article.category)
        {
            Some((_, list)) => list.push(article),
            None => by_category.push((article.category.clone(), vec![article])),
        }
    }
    let mut queues: Vec<_> = by_category
        .into_iter()
        .map(|(_, list)| list.into_iter())
        .collect();
    let mut ordered = Vec::new();
    loop {
        let before = ordered.len();
        ordered.extend(queues.iter_mut().filter_map(Iterator::next));
        if ordered.len() == before {
            break;
        }
    }

    // Newsroom hours: four publication slots a day, newest first, never in the future.
    let mut slots: Vec<i64> = ["19:00", "15:30", "12:00", "08:30"]
        .iter()
        .flat_map(|time| {
            let last = demo.last_local_time(time);
            (0..ordered.len() as i64).map(move |days| last - days * DAY)
        })
        .collect();
    slots.sort_unstable_by(|a, b| b.cmp(a));

    let mut items = Vec::with_capacity(ordered.len());
    for (rank, article) in ordered.into_iter().enumerate() {
        let title = demo.fill(&article.title);
        let slug = match &article.slug {
            Some(slug) => demo.fill(slug),
            None => slugify(&title),
        };
        let jitter = pick(&["published", &slug], 40) as i64 * 60;
        let published_at = match article.age_days {
            Some(days) => demo.last_local_time("10:00") - days * DAY - jitter,
            None => (slots[rank] - jitter).min(demo.now - 10 * 60),
        };
        let (author, journalist_id, source) = match article.author.as_str() {
            "reuters" => ("Reuters".to_owned(), None, "reuters"),
            "redacao" => (format!("Redação {}", demo.station), None, "redacao"),
            slug => {
                let (id, name) = newsroom
                    .journalists
                    .get(slug)
                    .ok_or_else(|| anyhow::anyhow!("demo news {title:?}: unknown author {slug:?}"))?;
                (name.clone(), Some(*id), "redacao")
            }
        };
        let content = demo.fill(&article.body.join("\n"));
        let teaser = if article.pro {
            article
                .body
                .first()
                .map(|first| demo.fill(first))
                .unwrap_or_default()
        } else {
            String::new()
        };
        let caption = if article.caption.is_empty() {
            format!("Imagem ilustrativa – {}", demo.station)
        } else {
            demo.fill(&article.caption)
        };
        items.push(Item {
            cover_video: if article.video {
                youtube_id(&["news", &slug])
            } else {
                String::new()
            },
            keyword: if article.keyword.is_empty() {
                article
                    .tags
                    .first()
                    .map(|tag| demo.fill(tag).replace('-', " "))
                    .unwrap_or_default()
            } else {
                demo.fill(&article.keyword)
            },
            title_home: demo.fill(&article.title_home),
            subtitle: demo.fill(&article.subtitle),
            updated_at: article
                .updated
                .then(|| (published_at + 3 * HOUR + jitter).min(demo.now - 60)),
            category: article.category,
            tags: article.tags,
            pro: article.pro,
            featured: article.featured,
            slug,
            title,
            content,
            teaser,
            author,
            journalist_id,
            source,
            caption,
            podcast: None,
            published_at,
        });
    }
    Ok(items)
}

/// Podcast episodes are news items of the 'podcast' category (the episode list links to /noticias/{slug}).
fn episodes(demo: &Demo, newsroom: &SeededNewsroom, shows: &[SeededShow]) -> Result<Vec<Item>> {
    let mut items = Vec::new();
    for show in shows {
        let (journalist_id, host) = match newsroom.journalists.get(&show.host) {
            Some((id, name)) => (Some(*id), name.clone()),
            None => (None, demo.fill(&show.host)),
        };
        let count = show.episodes.len();
        for (index, episode) in show.episodes.iter().enumerate() {
            let number = count - index;
            let title = format!("{} #{number}: {}", show.name, demo.fill(&episode.title));
            let mut slug = format!("{}-{number}-{}", show.slug, slugify(&episode.title));
            if slug.len() > 80 {
                let cut = slug[..80].rfind('-').unwrap_or(80);
                slug.truncate(cut);
            }
            // Each show publishes at its own time of day, and its newest episode falls somewhere in
            // its cycle, so the shows do not all publish at once.
            let cycle_offset = pick(&["show-offset", &show.slug], show.every_days as u64) as i64 * DAY;
            let published_at =
                demo.last_local_time(&show.time) - cycle_offset - index as i64 * show.every_days * DAY;
            let description = demo.fill(&episode.description);
            let content = format!(
                "<p>{description}</p>\n<p>No episódio {number} do <strong>{name}</strong>, {host} recebe o ouvinte \
                 para mais uma conversa. {about}</p>\n<p>Ouça no player desta página, nos aplicativos da {station} \
                 ou no seu agregador de podcasts preferido. Gostou? Compartilhe com os amigos e mande sugestões \
                 de tema pela página de <a href='/contato'>contato</a>.</p>",
                name = show.name,
                about = show.description,
                station = demo.station,
            );
            let mut tags = vec!["podcast".to_owned()];
            tags.extend(show.tags.iter().cloned());
            tags.extend(episode.tags.iter().cloned());
            items.push(Item {
                slug: slug.clone(),
                category: "podcast".to_owned(),
                title,
                title_home: String::new(),
                subtitle: description.clone(),
                teaser: if show.pro {
                    format!("<p>{description}</p>")
                } else {
                    String::new()
                },
                content,
                author: host.clone(),
                journalist_id,
                source: "redacao",
                caption: format!("{} – podcast da {}", show.name, demo.station),
                cover_video: String::new(),
                podcast: Some((
                    show.id,
                    format!("/{}fm/{slug}/", demo.slug),
                    show.player_style.clone(),
                    show.player_color.clone(),
                )),
                keyword: format!("podcast {}", show.name.to_lowercase()),
                pro: show.pro,
                featured: false,
                published_at,
                updated_at: None,
                tags,
            });
        }
    }
    Ok(items)
}

/// Reads of the last seven Brasília days (today included) for one item: fresh items are read most,
/// with a stable per-item popularity so the 'most read' block has a clear order.
fn week_views(demo: &Demo, item: &Item) -> Vec<(String, i64)> {
    let popularity = 20 + (hash(&["popularity", &item.slug]) % 400) as i64;
    (0..7)
        .filter_map(|back| {
            let day_end = demo.now - back * DAY;
            if item.published_at > day_end {
                return None;
            }
            let age_days = (day_end - item.published_at) / DAY;
            let decay = 1 + age_days * age_days / 4;
            let views = popularity * 6 / decay + pick(&["daily", &item.slug, &back.to_string()], 25) as i64;
            Some((demo.day(day_end), views.max(1)))
        })
        .collect()
}
