//! PRO FAQ, legal texts, home poll and sentences of the day, the treasure hunt (`demo/pages.json`,
//! `demo/legal/*.html`).

use serde::Deserialize;

use super::{
    Tx,
    batch::{Rows, row},
    demo::{DAY, Demo, HOUR, parse, slugify},
};
use crate::Result;

#[derive(Deserialize)]
struct PagesData {
    faq: Vec<Faq>,
    poll: Poll,
    sentences: Vec<(String, String)>,
    hunt: Hunt,
}

#[derive(Deserialize)]
struct Faq {
    question: String,
    answer: String,
}

#[derive(Deserialize)]
struct Poll {
    title: String,
    answers: Vec<(String, i64)>,
}

#[derive(Deserialize)]
struct Hunt {
    title: String,
    description: String,
    banner_message: String,
    started_days_ago: i64,
    ends_in_days: i64,
    rules: String,
    prizes: Vec<Prize>,
}

#[derive(Deserialize)]
struct Prize {
    name: String,
    description: String,
    total: i64,
    remaining: i64,
}

const LEGAL: [(&str, &str, &str); 2] = [
    (
        "privacidade",
        "Política de Privacidade",
        include_str!("../../demo/legal/privacidade.html"),
    ),
    ("uso", "Termos de Uso", include_str!("../../demo/legal/uso.html")),
];

/// The privacy policy and the terms of use every station has (the routes /termos/privacidade and
/// /termos/uso read them, and the back office edits but never creates them): the model texts, with the
/// station's name, for any slug missing. Answers how many were written.
pub async fn seed_legal_texts(tx: &mut Tx, demo: &Demo) -> Result<usize> {
    let mut written = 0;
    for (slug, title, html) in LEGAL {
        let done = sqlx::query(
            "INSERT INTO legal_texts (slug, title, content, updated_at) SELECT $1, $2, $3, $4 \
             WHERE NOT EXISTS (SELECT 1 FROM legal_texts WHERE slug = $1)",
        )
        .bind(slug)
        .bind(title)
        .bind(demo.fill(html.trim()))
        .bind(demo.now)
        .execute(&mut **tx)
        .await?;
        written += usize::try_from(done.rows_affected()).unwrap_or(0);
    }
    Ok(written)
}

pub async fn seed(tx: &mut Tx, demo: &Demo) -> Result<()> {
    let data: PagesData = parse("pages.json", include_str!("../../demo/pages.json"))?;

    let mut faqs = Rows::new("pro_faqs", &["question", "answer", "position"]);
    for (position, faq) in data.faq.iter().enumerate() {
        faqs.push(row![
            demo.fill(&faq.question),
            demo.fill(&faq.answer),
            position as i64
        ]);
    }
    faqs.insert(tx).await?;

    // A station that ran without the demo already has its own legal texts (`seed_legal_texts`),
    // which staff may have edited: those stay.
    let existing: Vec<String> = sqlx::query_scalar("SELECT slug FROM legal_texts")
        .fetch_all(&mut **tx)
        .await?;
    let mut legal = Rows::new("legal_texts", &["slug", "title", "content", "updated_at"]);
    for (slug, title, html) in LEGAL {
        if !existing.iter().any(|have| have == slug) {
            legal.push(row![slug, title, demo.fill(html.trim()), demo.now - 30 * DAY]);
        }
    }
    legal.insert(tx).await?;

    let poll_id: i64 = sqlx::query_scalar(
        "INSERT INTO polls (title, is_active, created_at) VALUES ($1, 1, $2) RETURNING id",
    )
    .bind(demo.fill(&data.poll.title))
    .bind(demo.now - 4 * DAY)
    .fetch_one(&mut **tx)
    .await?;
    let mut answers = Rows::new("poll_answers", &["poll_id", "text", "votes", "position"]);
    for (position, (text, votes)) in data.poll.answers.iter().enumerate() {
        answers.push(row![poll_id, text, *votes, position as i64]);
    }
    answers.insert(tx).await?;

    let mut sentences = Rows::new("day_sentences", &["text", "author"]);
    for (text, author) in &data.sentences {
        sentences.push(row![text, author]);
    }
    sentences.insert(tx).await?;

    let hunt = &data.hunt;
    let title = demo.fill(&hunt.title);
    let hunt_id: i64 = sqlx::query_scalar(
        "INSERT INTO treasure_hunts (title, description, rules, banner_message, is_active, starts_at, ends_at) \
         VALUES ($1, $2, $3, $4, 1, $5, $6) RETURNING id",
    )
    .bind(&title)
    .bind(demo.fill(&hunt.description))
    .bind(demo.fill(&hunt.rules))
    .bind(demo.fill(&hunt.banner_message))
    .bind(demo.now - hunt.started_days_ago * DAY - 2 * HOUR)
    .bind(demo.now + hunt.ends_in_days * DAY)
    .fetch_one(&mut **tx)
    .await?;
    let mut prizes = Rows::new(
        "hunt_prizes",
        &[
            "hunt_id",
            "slug",
            "name",
            "description",
            "image_url",
            "total_quantity",
            "remaining_quantity",
            "position",
        ],
    );
    for (position, prize) in hunt.prizes.iter().enumerate() {
        let name = demo.fill(&prize.name);
        let slug = slugify(&name);
        prizes.push(row![
            hunt_id,
            &slug,
            name,
            demo.fill(&prize.description),
            format!("/media/img/prize/{slug}.svg"),
            prize.total,
            prize.remaining.min(prize.total),
            position as i64,
        ]);
    }
    prizes.insert(tx).await?;
    Ok(())
}
