//! Affiliates, live streams, the weekly schedule, partners and the /tv channels (`demo/station.json`).

use serde::Deserialize;

use super::{
    Tx,
    batch::{Rows, ids, row},
    demo::{Demo, parse, slugify, youtube_id},
};
use crate::Result;

/// Settings key of the /tv page's two channels (JSON list of {slug, title, description, youtubeId}).
pub const TV_CHANNELS_KEY: &str = "tv_channels";

#[derive(Deserialize)]
struct StationData {
    affiliates: Vec<Affiliate>,
    streams: Vec<Stream>,
    programs: Vec<Program>,
    partners: Vec<Partner>,
    tv: Vec<TvChannel>,
}

#[derive(Deserialize)]
struct Affiliate {
    city: String,
    state: String,
    frequency: String,
    street: String,
    cep: String,
    /// Absent: `{city}@{slug}fm.com.br`; empty: the affiliate has no e-mail (the page shows '-').
    email: Option<String>,
    phone: String,
}

#[derive(Deserialize)]
struct Stream {
    stream_id: String,
    meta_id: String,
    name: String,
    color: String,
    description: String,
    #[serde(default)]
    semi_pro: bool,
    #[serde(default)]
    pro: bool,
    #[serde(default)]
    popup: bool,
    #[serde(default)]
    popup_url: String,
    #[serde(default)]
    popup_id: String,
    #[serde(default)]
    popup_config: String,
    #[serde(default)]
    dolby: bool,
    sources: Vec<Source>,
}

#[derive(Deserialize)]
struct Source {
    src: String,
    mime_type: String,
    codec: String,
}

#[derive(Deserialize)]
struct Program {
    title: String,
    host: String,
    days_label: String,
    weekdays: String,
    start: String,
    end: String,
    description: String,
}

#[derive(Deserialize)]
struct Partner {
    name: String,
    link: String,
    description: String,
}

#[derive(Deserialize)]
struct TvChannel {
    slug: String,
    title: String,
    description: String,
}

pub async fn seed(tx: &mut Tx, demo: &Demo) -> Result<()> {
    let data: StationData = parse("station.json", include_str!("../../demo/station.json"))?;

    let mut affiliates = Rows::new(
        "affiliates",
        &[
            "sid",
            "name",
            "frequency",
            "city",
            "state",
            "street",
            "cep",
            "email",
            "phone",
            "stream_url",
        ],
    );
    for affiliate in &data.affiliates {
        let city_slug = slugify(&affiliate.city).replace('-', "_");
        let sid = format!("{}_{city_slug}", demo.slug);
        let email = match &affiliate.email {
            Some(email) => demo.fill(email),
            None => format!("{}@{}fm.com.br", city_slug.replace('_', ""), demo.slug),
        };
        affiliates.push(row![
            &sid,
            format!("{} {}", demo.station, affiliate.city),
            &affiliate.frequency,
            &affiliate.city,
            &affiliate.state,
            &affiliate.street,
            &affiliate.cep,
            email,
            &affiliate.phone,
            format!("/stream/{sid}.mp3"),
        ]);
    }
    affiliates.insert(tx).await?;

    let mut streams = Rows::new(
        "streams",
        &[
            "stream_id",
            "meta_id",
            "name",
            "description",
            "image_url",
            "color",
            "is_semi_pro",
            "is_pro",
            "is_popup",
            "popup_url",
            "popup_id",
            "popup_config",
            "is_dolby",
            "position",
        ],
    );
    for (position, stream) in data.streams.iter().enumerate() {
        let id = demo.fill(&stream.stream_id);
        streams.push(row![
            &id,
            demo.fill(&stream.meta_id),
            demo.fill(&stream.name),
            demo.fill(&stream.description),
            format!("/media/img/stream/{id}.svg"),
            &stream.color,
            stream.semi_pro,
            stream.pro,
            stream.popup,
            demo.fill(&stream.popup_url),
            demo.fill(&stream.popup_id),
            &stream.popup_config,
            stream.dolby,
            position as i64,
        ]);
    }
    streams.insert(tx).await?;
    let stream_ids = ids(tx, "SELECT stream_id, id FROM streams").await?;
    let mut sources = Rows::new(
        "stream_sources",
        &["stream_id", "src", "mime_type", "codec", "position"],
    );
    for stream in &data.streams {
        let id = stream_ids[&demo.fill(&stream.stream_id)];
        for (position, source) in stream.sources.iter().enumerate() {
            sources.push(row![
                id,
                demo.fill(&source.src),
                &source.mime_type,
                &source.codec,
                position as i64
            ]);
        }
    }
    sources.insert(tx).await?;

    let mut programs = Rows::new(
        "programs",
        &[
            "slug",
            "title",
            "host",
            "description",
            "image_url",
            "days_label",
            "weekdays",
            "start_time",
            "end_time",
            "position",
        ],
    );
    for (position, program) in data.programs.iter().enumerate() {
        let title = demo.fill(&program.title);
        let slug = slugify(&title);
        programs.push(row![
            &slug,
            title,
            demo.fill(&program.host),
            demo.fill(&program.description),
            format!("/media/img/program/{slug}.svg"),
            &program.days_label,
            &program.weekdays,
            &program.start,
            &program.end,
            position as i64,
        ]);
    }
    programs.insert(tx).await?;

    let mut partners = Rows::new(
        "partners",
        &["slug", "name", "description", "image_url", "link", "position"],
    );
    for (position, partner) in data.partners.iter().enumerate() {
        let slug = slugify(&partner.name);
        partners.push(row![
            &slug,
            &partner.name,
            demo.fill(&partner.description),
            format!("/media/img/partner/{slug}.svg"),
            &partner.link,
            position as i64,
        ]);
    }
    partners.insert(tx).await?;

    let channels: Vec<serde_json::Value> = data
        .tv
        .iter()
        .map(|channel| {
            serde_json::json!({
                "slug": channel.slug,
                "title": demo.fill(&channel.title),
                "description": demo.fill(&channel.description),
                "youtubeId": youtube_id(&["tv", &demo.slug, &channel.slug]),
            })
        })
        .collect();
    sqlx::query("INSERT INTO settings (key, value) VALUES ($1, $2)")
        .bind(TV_CHANNELS_KEY)
        .bind(serde_json::Value::Array(channels).to_string())
        .execute(&mut **tx)
        .await?;
    Ok(())
}
