//! Podcast shows and the 'outros' playlists with their recordings (`demo/podcasts.json`). The shows'
//! episodes are written by `news` (an episode is a news item of the 'podcast' category).

use serde::Deserialize;
use time::OffsetDateTime;

use super::{
    Tx,
    batch::{Rows, ids, row},
    demo::{Demo, HOUR, parse, pick, slugify},
};
use crate::Result;

#[derive(Deserialize)]
struct PodcastData {
    shows: Vec<Show>,
    collections: Vec<Collection>,
}

#[derive(Deserialize)]
struct Show {
    slug: String,
    name: String,
    subtitle: String,
    description: String,
    host: String,
    show_id: String,
    player_style: String,
    player_color: String,
    every_days: i64,
    /// Brasília time of day episodes come out, 'hh:mm'.
    time: String,
    #[serde(default)]
    pro: bool,
    tags: Vec<String>,
    episodes: Vec<Episode>,
}

#[derive(Deserialize)]
pub struct Episode {
    pub title: String,
    pub description: String,
    pub tags: Vec<String>,
}

#[derive(Deserialize)]
struct Collection {
    slug: String,
    alias: String,
    name: String,
    meta_key: String,
    #[serde(default = "playlist")]
    kind: String,
    description: String,
    #[serde(default)]
    items: Vec<Recording>,
    #[serde(default)]
    generated: Option<Generated>,
}

fn playlist() -> String {
    "playlist".to_owned()
}

#[derive(Deserialize)]
struct Recording {
    name: String,
    description: String,
    tags: Vec<String>,
}

/// Recordings produced on a schedule (news bulletins): `{date}` and `{hour}` in the texts.
#[derive(Deserialize)]
struct Generated {
    every_hours: i64,
    /// Local (Brasília) hour of the first bulletin of the day.
    at_hour: i64,
    count: i64,
    minutes: i64,
    name: String,
    description: String,
    tags: Vec<String>,
}

/// A show as written, for the episodes `news` writes.
pub struct SeededShow {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub host: String,
    pub pro: bool,
    pub player_style: String,
    pub player_color: String,
    pub every_days: i64,
    pub time: String,
    pub tags: Vec<String>,
    pub episodes: Vec<Episode>,
}

pub async fn seed(tx: &mut Tx, demo: &Demo) -> Result<Vec<SeededShow>> {
    let data: PodcastData = parse("podcasts.json", include_str!("../../demo/podcasts.json"))?;

    let mut shows = Rows::new(
        "podcast_shows",
        &[
            "slug",
            "name",
            "subtitle",
            "description",
            "thumb_url",
            "image_featured_url",
            "host_type",
            "show_id",
            "player_style",
            "player_color",
            "is_pro",
            "position",
        ],
    );
    for (position, show) in data.shows.iter().enumerate() {
        shows.push(row![
            &show.slug,
            demo.fill(&show.name),
            demo.fill(&show.subtitle),
            demo.fill(&show.description),
            format!("/media/img/podcast/{}.svg", show.slug),
            format!("/media/img/podcast-wide/{}.svg", show.slug),
            "mixcloud",
            &show.show_id,
            &show.player_style,
            &show.player_color,
            show.pro,
            position as i64,
        ]);
    }
    shows.insert(tx).await?;
    let show_ids = ids(tx, "SELECT slug, id FROM podcast_shows").await?;

    seed_collections(tx, demo).await?;
    let collection_ids = ids(tx, "SELECT slug, id FROM podcast_collections").await?;

    let mut recordings = Rows::new(
        "podcast_recordings",
        &[
            "collection_id",
            "slug",
            "name",
            "description",
            "audio_url",
            "image_url",
            "duration_seconds",
            "published_at",
        ],
    );
    // Tags are rows of their own (the back office edits them as a list), written once the recordings
    // have their ids.
    let mut tagged: Vec<(String, Vec<String>)> = Vec::new();
    for collection in &data.collections {
        let id = collection_ids[&collection.slug];
        let image = format!("/media/img/collection/{}.svg", collection.alias);
        let mut push = |name: String, description: String, tags: &[String], minutes: i64, at: i64| {
            let slug = slugify(&name);
            let duration = minutes * 60 + pick(&["duration", &slug], 240) as i64 - 120;
            tagged.push((slug.clone(), tags.to_vec()));
            recordings.push(row![
                id,
                &slug,
                name,
                description,
                format!("/media/audio/podcasts/{slug}.mp3"),
                &image,
                duration.max(60),
                at,
            ]);
        };
        // Hand-written recordings: one every three days, newest first.
        for (index, item) in collection.items.iter().enumerate() {
            let at = demo.now
                - 5 * HOUR
                - index as i64 * 3 * 24 * HOUR
                - pick(&["rec", &item.name], 300) as i64 * 60;
            let minutes = 45 + pick(&["minutes", &item.name], 30) as i64;
            push(
                demo.fill(&item.name),
                demo.fill(&item.description),
                &item.tags,
                minutes,
                at,
            );
        }
        // Scheduled bulletins, at the last slots before the seed instant (Brasília time).
        if let Some(generated) = &collection.generated {
            let step = generated.every_hours * HOUR;
            let anchor = generated.at_hour * HOUR;
            let local = demo.now - 3 * HOUR;
            let last_slot = (local - anchor).div_euclid(step) * step + anchor + 3 * HOUR;
            for index in 0..generated.count {
                let at = last_slot - index * step;
                let (date, hour) = date_label(at);
                let fill = |text: &str| demo.fill(text).replace("{date}", &date).replace("{hour}", &hour);
                push(
                    fill(&generated.name),
                    fill(&generated.description),
                    &generated.tags,
                    generated.minutes,
                    at,
                );
            }
        }
    }
    recordings.insert(tx).await?;
    let recording_ids = ids(tx, "SELECT slug, id FROM podcast_recordings").await?;
    let mut tags = Rows::new("podcast_recording_tags", &["recording_id", "position", "name"]);
    for (slug, names) in &tagged {
        for (position, name) in names.iter().enumerate() {
            tags.push(row![recording_ids[slug], position as i64, name]);
        }
    }
    tags.insert(tx).await?;

    Ok(data
        .shows
        .into_iter()
        .map(|show| SeededShow {
            id: show_ids[&show.slug],
            name: demo.fill(&show.name),
            description: demo.fill(&show.description),
            slug: show.slug,
            host: show.host,
            pro: show.pro,
            player_style: show.player_style,
            player_color: show.player_color,
            every_days: show.every_days.max(1),
            time: show.time,
            tags: show.tags,
            episodes: show.episodes,
        })
        .collect())
}

/// The five 'outros podcasts' categories (C05: their addresses are the routes'), on any station that
/// lacks them, demo or not: staff rename and describe them and file recordings under them in the back
/// office, but never add or remove one. Returns how many were written.
pub async fn seed_collections(tx: &mut Tx, demo: &Demo) -> Result<usize> {
    let data: PodcastData = parse("podcasts.json", include_str!("../../demo/podcasts.json"))?;
    let mut written = 0;
    for (position, collection) in data.collections.iter().enumerate() {
        let done = sqlx::query(
            "INSERT INTO podcast_collections (slug, alias, name, description, meta_key, kind, image_url, position) \
             SELECT $1, $2, $3, $4, $5, $6, $7, $8 WHERE NOT EXISTS (SELECT 1 FROM podcast_collections WHERE slug = $1)",
        )
        .bind(&collection.slug)
        .bind(&collection.alias)
        .bind(&collection.name)
        .bind(demo.fill(&collection.description))
        .bind(&collection.meta_key)
        .bind(&collection.kind)
        .bind(format!("/media/img/collection/{}.svg", collection.alias))
        .bind(position as i64)
        .execute(&mut **tx)
        .await?;
        written += usize::try_from(done.rows_affected()).unwrap_or(0);
    }
    Ok(written)
}

/// 'sexta-feira, 7 de março' and the hour, in Brasília time.
fn date_label(unix: i64) -> (String, String) {
    const WEEKDAYS: [&str; 7] = [
        "segunda-feira",
        "terça-feira",
        "quarta-feira",
        "quinta-feira",
        "sexta-feira",
        "sábado",
        "domingo",
    ];
    const MONTHS: [&str; 12] = [
        "janeiro",
        "fevereiro",
        "março",
        "abril",
        "maio",
        "junho",
        "julho",
        "agosto",
        "setembro",
        "outubro",
        "novembro",
        "dezembro",
    ];
    let at = OffsetDateTime::from_unix_timestamp(unix - 3 * HOUR).unwrap_or(OffsetDateTime::UNIX_EPOCH);
    let weekday = WEEKDAYS[at.weekday().number_days_from_monday() as usize];
    let month = MONTHS[usize::from(u8::from(at.month())) - 1];
    (
        format!("{weekday}, {} de {month}", at.day()),
        format!("{:02}", at.hour()),
    )
}
