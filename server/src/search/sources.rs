//! What the index holds, read from the database: one [`Doc`] per page a search can open.

use sqlx::Row;

use crate::{Result, data::news, db::Db, html::plain_excerpt, site::PUBLIC_PAGES};

/// Characters of an article's text that are indexed: the whole of any real article, with a bound
/// so one pasted book cannot swell the index.
const ARTICLE_TEXT_CHARS: usize = 20_000;

/// One searchable page: `title` is what the suggestion shows, `body` is matched too (subtitle,
/// keywords, the artist of a song, …) and its words' first letters match a word being typed; `text`
/// (an article's text) is matched by whole words only, so a long article does not flood the
/// prefix field; `link` is the site path.
#[derive(Debug, Clone, Hash, PartialEq, Eq)]
pub struct Doc {
    /// Unique across kinds: `news:12`, `artist:3`, …
    pub key: String,
    pub kind: &'static str,
    /// Row id (news only; 0 elsewhere).
    pub id: i64,
    pub title: String,
    pub body: String,
    pub text: String,
    pub link: String,
}

pub fn news_key(id: i64) -> String {
    format!("news:{id}")
}

/// A news item's document, from a row of `news::SEARCH_SELECT`. Its text is the article for everyone's items and only the public teaser
/// for PRO items (S04): a PRO article's words must not be findable, nor shown, by a non-subscriber.
fn news_doc(row: &sqlx::any::AnyRow) -> Result<Doc> {
    let id: i64 = row.try_get("id")?;
    let slug: String = row.try_get("slug")?;
    let subtitle: String = row.try_get("subtitle")?;
    let keyword: String = row.try_get("keyword")?;
    let category: String = row.try_get("category")?;
    let is_pro: i64 = row.try_get("is_pro")?;
    let article: String = row.try_get(if is_pro != 0 { "teaser" } else { "content" })?;
    Ok(Doc {
        key: news_key(id),
        kind: "news",
        id,
        title: row.try_get("title")?,
        body: format!("{subtitle} {keyword} {category}"),
        text: plain_excerpt(&article, ARTICLE_TEXT_CHARS),
        link: format!("/noticias/{slug}"),
    })
}

/// News documents of these rows, with each item's tags added to its body (a tag is a word an editor
/// chose for the item, as strong a hint as its keyword).
async fn news_docs(db: &Db, rows: &[sqlx::any::AnyRow]) -> Result<Vec<Doc>> {
    let mut docs = rows.iter().map(news_doc).collect::<Result<Vec<_>>>()?;
    let mut position: std::collections::HashMap<i64, usize> = std::collections::HashMap::new();
    for (index, doc) in docs.iter().enumerate() {
        position.insert(doc.id, index);
    }
    let ids: Vec<i64> = docs.iter().map(|doc| doc.id).collect();
    for (news_id, name) in news::tag_names(db, &ids).await? {
        if let Some(doc) = position.get(&news_id).and_then(|&index| docs.get_mut(index)) {
            doc.body.push(' ');
            doc.body.push_str(&name);
        }
    }
    Ok(docs)
}

/// Every published news item (PRO items too: their titles and teasers are public).
pub async fn all_news(db: &Db, now: i64) -> Result<Vec<Doc>> {
    news_docs(db, &news::search_rows(db, now).await?).await
}

/// Published items written or edited in `(since, now]` (news::search_rows_changed).
pub async fn news_changed(db: &Db, since: i64, now: i64) -> Result<Vec<Doc>> {
    news_docs(db, &news::search_rows_changed(db, since, now).await?).await
}

/// Items saved in `(since, now]` that are not public now (back to draft, unpublished): they leave the
/// index at once, whatever the count says.
pub async fn news_hidden_since(db: &Db, since: i64, now: i64) -> Result<Vec<i64>> {
    news::hidden_since(db, since, now).await
}

pub async fn published_news_count(db: &Db, now: i64) -> Result<i64> {
    news::public_count_at(db, now).await
}

pub async fn published_news_ids(db: &Db, now: i64) -> Result<Vec<i64>> {
    news::public_ids(db, now).await
}

pub async fn news_by_ids(db: &Db, ids: &[i64]) -> Result<Vec<Doc>> {
    news_docs(db, &news::search_rows_by_ids(db, ids).await?).await
}

/// Rows of a query as `(a, b, c, d)` text columns.
async fn texts(db: &Db, sql: &str, now: Option<i64>) -> Result<Vec<[String; 4]>> {
    let mut query = sqlx::query(sql);
    if let Some(now) = now {
        query = query.bind(now);
    }
    let rows = query.fetch_all(&db.pool).await?;
    rows.iter()
        .map(|row| {
            Ok([
                row.try_get::<String, _>(0)?,
                row.try_get::<String, _>(1)?,
                row.try_get::<String, _>(2)?,
                row.try_get::<String, _>(3)?,
            ])
        })
        .collect()
}

fn doc(kind: &'static str, slug: &str, title: String, body: String, link: String) -> Doc {
    Doc {
        key: format!("{kind}:{slug}"),
        kind,
        id: 0,
        title,
        body,
        text: String::new(),
        link,
    }
}

/// The small sources, each as a whole: artists, songs, podcast shows, journalists, videos, promotions,
/// tags, news categories and the static sections.
pub async fn small_sources(db: &Db, now: i64) -> Result<Vec<(&'static str, Vec<Doc>)>> {
    let mut out = Vec::new();

    let artists = texts(db, "SELECT slug, name, country, '' FROM artists", None).await?;
    out.push((
        "artist",
        artists
            .into_iter()
            .map(|[slug, name, _country, _]| {
                doc(
                    "artist",
                    &slug,
                    name,
                    "artista cantor banda".to_owned(),
                    format!("/artistas/{slug}"),
                )
            })
            .collect(),
    ));

    // C08: a song's page is /musicas/{musicSlug}+{artistSlug}.
    let songs = texts(
        db,
        "SELECT s.slug, s.name, a.slug, a.name FROM songs s JOIN artists a ON a.id = s.artist_id",
        None,
    )
    .await?;
    out.push((
        "song",
        songs
            .into_iter()
            .map(|[slug, name, artist_slug, artist]| {
                let key = format!("{slug}+{artist_slug}");
                doc(
                    "song",
                    &key,
                    format!("{name} - {artist}"),
                    "música letra".to_owned(),
                    format!("/musicas/{key}"),
                )
            })
            .collect(),
    ));

    // PD-01: PRO-only shows and shows without a player id are not listed.
    let shows = texts(
        db,
        "SELECT slug, name, subtitle, description FROM podcast_shows WHERE is_pro = 0 AND show_id <> ''",
        None,
    )
    .await?;
    out.push((
        "podcast",
        shows
            .into_iter()
            .map(|[slug, name, subtitle, description]| {
                doc(
                    "podcast",
                    &slug,
                    name,
                    format!("podcast {subtitle} {description}"),
                    format!("/podcasts/{slug}"),
                )
            })
            .collect(),
    ));

    let journalists = texts(
        db,
        "SELECT slug, name, description, '' FROM journalists WHERE is_active = 1",
        None,
    )
    .await?;
    out.push((
        "journalist",
        journalists
            .into_iter()
            .map(|[slug, name, description, _]| {
                let excerpt: String = description.chars().take(200).collect();
                doc(
                    "journalist",
                    &slug,
                    name,
                    format!("jornalista {excerpt}"),
                    format!("/jornalistas/{slug}"),
                )
            })
            .collect(),
    ));

    let videos = texts(db, "SELECT slug, title, description, '' FROM videos", None).await?;
    out.push((
        "video",
        videos
            .into_iter()
            .map(|[slug, title, description, _]| {
                let excerpt: String = description.chars().take(200).collect();
                doc(
                    "video",
                    &slug,
                    title,
                    format!("vídeo {excerpt}"),
                    format!("/videos/{slug}"),
                )
            })
            .collect(),
    ));

    let promotions = crate::data::promotions::search_rows(db, now).await?;
    out.push((
        "promotion",
        promotions
            .into_iter()
            .map(|(slug, title, short)| {
                doc(
                    "promotion",
                    &slug,
                    title,
                    format!("promoção {short}"),
                    format!("/promocoes/{slug}"),
                )
            })
            .collect(),
    ));

    let tags = texts(db, "SELECT slug, name, title, '' FROM tags", None).await?;
    out.push((
        "tag",
        tags.into_iter()
            .map(|[slug, name, title, _]| {
                doc(
                    "tag",
                    &slug,
                    format!("#{name}"),
                    format!("tag assunto {title}"),
                    format!("/noticias/tags/{slug}"),
                )
            })
            .collect(),
    ));

    let categories = texts(db, "SELECT slug, name, '', '' FROM news_categories", None).await?;
    let mut pages: Vec<Doc> = categories
        .into_iter()
        .map(|[slug, name, _, _]| {
            doc(
                "page",
                &format!("noticias/{slug}"),
                format!("Notícias de {name}"),
                "notícias categoria".to_owned(),
                format!("/noticias/{slug}"),
            )
        })
        .collect();
    pages.extend(PUBLIC_PAGES.iter().map(|page| {
        doc(
            "page",
            page.path,
            page.title.to_owned(),
            page.description.to_owned(),
            page.path.to_owned(),
        )
    }));
    out.push(("page", pages));
    Ok(out)
}
