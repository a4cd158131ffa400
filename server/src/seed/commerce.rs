//! Advertisers with their spots (`demo/clients.json`) and promotions with winners
//! (`demo/promotions.json`).

use serde::Deserialize;

use super::{
    Tx,
    batch::{Rows, ids, row},
    demo::{DAY, Demo, HOUR, parse, pick, slugify},
};
use crate::Result;

#[derive(Deserialize)]
struct ClientData {
    clients: Vec<Client>,
}

#[derive(Deserialize)]
struct Client {
    name: String,
    segment: String,
    link: String,
    short: String,
    description: String,
    #[serde(default = "yes")]
    image: bool,
    locations: Vec<String>,
    spots: Vec<Spot>,
}

#[derive(Deserialize)]
struct Spot {
    name: String,
    #[serde(default = "yes")]
    audio: bool,
    transcript: String,
}

fn yes() -> bool {
    true
}

/// The segments of /clientes (G45).
const SEGMENTS: [&str; 6] = [
    "Estabelecimentos",
    "Automotivo",
    "Cultura e Entretenimento",
    "Serviços",
    "Turismo",
    "Alimentos e Bebidas",
];

#[derive(Deserialize)]
struct PromotionData {
    rules_template: String,
    open: Vec<OpenPromotion>,
    closed: Vec<ClosedPromotion>,
    first_names: Vec<String>,
    last_names: Vec<String>,
    cities: Vec<(String, i64)>,
}

#[derive(Deserialize)]
struct OpenPromotion {
    title: String,
    mode: String,
    #[serde(default)]
    pro: bool,
    #[serde(default)]
    single_word: bool,
    #[serde(default)]
    affiliate: String,
    color_scheme: String,
    ends_in_days: i64,
    started_days_ago: i64,
    winners: i64,
    short: String,
    prize: String,
    question: String,
    description: String,
}

#[derive(Deserialize)]
struct ClosedPromotion {
    title: String,
    ended_days_ago: i64,
    prize: String,
    question: String,
    short: String,
}

pub async fn seed(tx: &mut Tx, demo: &Demo) -> Result<()> {
    seed_clients(tx, demo).await?;
    seed_promotions(tx, demo).await
}

async fn seed_clients(tx: &mut Tx, demo: &Demo) -> Result<()> {
    let data: ClientData = parse("clients.json", include_str!("../../demo/clients.json"))?;
    let mut clients = Rows::new(
        "clients",
        &[
            "slug",
            "name",
            "short_description",
            "description",
            "image_url",
            "segment",
            "link",
            "position",
        ],
    );
    for (position, client) in data.clients.iter().enumerate() {
        if !SEGMENTS.contains(&client.segment.as_str()) {
            return Err(
                anyhow::anyhow!("clients.json: {:?} has segment {:?}", client.name, client.segment).into(),
            );
        }
        let slug = slugify(&client.name);
        clients.push(row![
            &slug,
            &client.name,
            demo.fill(&client.short),
            demo.fill(&client.description),
            if client.image {
                format!("/media/img/client/{slug}.svg")
            } else {
                String::new()
            },
            &client.segment,
            &client.link,
            position as i64,
        ]);
    }
    clients.insert(tx).await?;
    let client_ids = ids(tx, "SELECT slug, id FROM clients").await?;

    let mut locations = Rows::new("client_locations", &["client_id", "location", "position"]);
    let mut spots = Rows::new(
        "spots",
        &[
            "client_id",
            "slug",
            "name",
            "audio_url",
            "image_url",
            "transcript",
            "link",
            "position",
        ],
    );
    for client in &data.clients {
        let client_slug = slugify(&client.name);
        let id = client_ids[&client_slug];
        for (position, location) in client.locations.iter().enumerate() {
            locations.push(row![id, location, position as i64]);
        }
        for (position, spot) in client.spots.iter().enumerate() {
            let slug = format!("{client_slug}-{}", slugify(&spot.name));
            spots.push(row![
                id,
                &slug,
                &spot.name,
                if spot.audio {
                    format!("/media/audio/spots/{slug}.mp3")
                } else {
                    String::new()
                },
                format!("/media/img/spot/{slug}.svg"),
                demo.fill(&spot.transcript),
                &client.link,
                position as i64,
            ]);
        }
    }
    locations.insert(tx).await?;
    spots.insert(tx).await?;
    Ok(())
}

async fn seed_promotions(tx: &mut Tx, demo: &Demo) -> Result<()> {
    let data: PromotionData = parse("promotions.json", include_str!("../../demo/promotions.json"))?;
    let mut promotions = Rows::new(
        "promotions",
        &[
            "slug",
            "title",
            "description",
            "short_description",
            "rules",
            "question",
            "banner_url",
            "featured_banner_url",
            "image_url",
            "featured_image_url",
            "color_scheme",
            "is_pro",
            "is_editable",
            "is_multiple",
            "is_single_word",
            "affiliate",
            "is_published",
            "starts_at",
            "ends_at",
        ],
    );
    let rules = |title: &str, prize: &str, question: &str, starts: i64, ends: i64, winners: i64| {
        demo.fill(&data.rules_template)
            .replace("{title}", title)
            .replace("{prize}", prize)
            .replace("{question}", question)
            .replace("{start}", &brazilian_date(demo, starts))
            .replace("{end}", &brazilian_date(demo, ends))
            .replace("{winners}", &winners.to_string())
    };
    let mut push = |title: String,
                    description: String,
                    short: String,
                    rules: String,
                    question: String,
                    (color, pro, editable, multiple, single_word): (&str, bool, bool, bool, bool),
                    affiliate: String,
                    (starts, ends): (i64, i64)| {
        let slug = slugify(&title);
        promotions.push(row![
            &slug,
            title,
            description,
            short,
            rules,
            question,
            format!("/media/img/promotion-banner/{slug}.svg"),
            format!("/media/img/promotion-hero/{slug}.svg"),
            format!("/media/img/promotion/{slug}.svg"),
            format!("/media/img/promotion-wide/{slug}.svg"),
            color,
            pro,
            editable,
            multiple,
            single_word,
            affiliate,
            true,
            starts,
            ends,
        ]);
    };
    for promotion in &data.open {
        let title = demo.fill(&promotion.title);
        let starts = demo.now - promotion.started_days_ago * DAY - 9 * HOUR;
        let ends = end_of_day(demo.now + promotion.ends_in_days * DAY);
        let prize = demo.fill(&promotion.prize);
        let question = demo.fill(&promotion.question);
        let affiliate = if promotion.affiliate.is_empty() {
            String::new()
        } else {
            format!(
                "{}_{}",
                demo.slug,
                slugify(&promotion.affiliate).replace('-', "_")
            )
        };
        push(
            title.clone(),
            format!(
                "{}<p><strong>Prêmio:</strong> {prize}.</p>",
                demo.fill(&promotion.description)
            ),
            demo.fill(&promotion.short),
            rules(&title, &prize, &question, starts, ends, promotion.winners),
            question,
            (
                promotion.color_scheme.as_str(),
                promotion.pro,
                promotion.mode == "editavel",
                promotion.mode == "multipla",
                promotion.single_word,
            ),
            affiliate,
            (starts, ends),
        );
    }
    for promotion in &data.closed {
        let title = demo.fill(&promotion.title);
        let ends = end_of_day(demo.now - promotion.ended_days_ago * DAY);
        let starts = ends - 21 * DAY + HOUR;
        let prize = demo.fill(&promotion.prize);
        let question = demo.fill(&promotion.question);
        let winners = winner_count(&title);
        let mode = pick(&["mode", &title], 3);
        push(
            title.clone(),
            format!(
                "<p>{}</p><p><strong>Prêmio:</strong> {prize}.</p><p>Promoção encerrada. Obrigado a todos que \
                 participaram!</p>",
                demo.fill(&promotion.short)
            ),
            demo.fill(&promotion.short),
            rules(&title, &prize, &question, starts, ends, winners),
            question,
            ("L", false, mode == 0, mode == 1, false),
            String::new(),
            (starts, ends),
        );
    }
    promotions.insert(tx).await?;
    let promotion_ids = ids(tx, "SELECT slug, id FROM promotions").await?;

    let mut winners = Rows::new(
        "promotion_winners",
        &[
            "promotion_id",
            "first_name",
            "last_name",
            "city",
            "state_id",
            "won_on",
        ],
    );
    for promotion in &data.closed {
        let title = demo.fill(&promotion.title);
        let id = promotion_ids[&slugify(&title)];
        let won_on = demo.day(end_of_day(demo.now - promotion.ended_days_ago * DAY) + 3 * DAY);
        for index in 0..winner_count(&title) {
            let n = index.to_string();
            let first =
                &data.first_names[pick(&["first", &title, &n], data.first_names.len() as u64) as usize];
            let last = &data.last_names[pick(&["last", &title, &n], data.last_names.len() as u64) as usize];
            let (city, state) = &data.cities[pick(&["city", &title, &n], data.cities.len() as u64) as usize];
            winners.push(row![id, first, last, city, Some(*state), &won_on]);
        }
    }
    winners.insert(tx).await?;
    Ok(())
}

fn winner_count(title: &str) -> i64 {
    1 + pick(&["winners", title], 5) as i64
}

/// 23:59:59 Brasília time of the day of `unix`.
fn end_of_day(unix: i64) -> i64 {
    let local = unix - 3 * HOUR;
    local.div_euclid(DAY) * DAY + DAY - 1 + 3 * HOUR
}

/// 'dd/mm/aaaa' in Brasília time.
fn brazilian_date(demo: &Demo, unix: i64) -> String {
    let iso = demo.day(unix);
    let mut parts = iso.split('-');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(year), Some(month), Some(day)) => format!("{day}/{month}/{year}"),
        _ => iso,
    }
}
