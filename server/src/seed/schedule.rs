//! The demo station's week: autoDJ playlists made from the demo catalogue and a full weekly grid on
//! the main channel, built from the demo programmes' days and hours, with a music programme in the
//! weekend's gaps, so a newcomer always finds a programme on air.

use super::{
    Tx,
    batch::{Rows, row},
    demo::{Demo, slugify},
};
use crate::{Result, clock::now_ms, data::schedule::parse_time};

/// Shows presented from the studio: live, with a playlist when the studio is silent.
const LIVE_SHOWS: &[&str] = &["Bom Dia", "Notícias", "Volta pra Casa"];

/// Which songs (id, year, artist's country) a demo playlist takes.
type Fits = Box<dyn Fn(&(i64, i64, String)) -> bool>;

pub async fn seed(tx: &mut Tx, demo: &Demo) -> Result<()> {
    let main = demo.fill("{slug}_1");

    // The weekend's music programme, for the hours no show covers.
    let filler_title = demo.fill("Seleção {station}");
    let filler_slug = slugify(&filler_title);
    let position: i64 = sqlx::query_scalar("SELECT CAST(COUNT(*) AS BIGINT) FROM programs")
        .fetch_one(&mut **tx)
        .await?;
    let mut filler = Rows::new(
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
    filler.push(row![
        &filler_slug,
        &filler_title,
        // A music programme has no presenter.
        "",
        demo.fill("Os sucessos da {station} sem parar, entre um programa e outro no fim de semana."),
        format!("/media/img/program/{filler_slug}.svg"),
        "Sábado e domingo, entre os programas",
        "6,7",
        "06:00",
        "18:00",
        position,
    ]);
    filler.insert(tx).await?;

    // Playlists from the songs the station has audio for.
    let songs: Vec<(i64, i64, String)> = sqlx::query_as(
        "SELECT s.id, s.year, a.country FROM songs s JOIN artists a ON a.id = s.artist_id \
         WHERE s.track_url <> '' ORDER BY s.id",
    )
    .fetch_all(&mut **tx)
    .await?;
    let updated_at = now_ms() / 1000;
    let lists: [(String, &str, Fits); 4] = [
        (
            demo.fill("Sucessos {station}"),
            "Toda a música da rádio: o que toca fora dos programas.",
            Box::new(|_| true),
        ),
        (
            "Clássicos".to_owned(),
            "Os sucessos de antes de 2000.",
            Box::new(|(_, year, _)| *year < 2000),
        ),
        (
            "Brasil".to_owned(),
            "Música brasileira.",
            Box::new(|(_, _, country)| country == "BR"),
        ),
        (
            "Lançamentos".to_owned(),
            "Os sucessos deste século.",
            Box::new(|(_, year, _)| *year >= 2005),
        ),
    ];
    let mut playlist_ids = Vec::new();
    for (name, description, fits) in &lists {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO playlists (name, description, updated_at) VALUES ($1, $2, $3) RETURNING id",
        )
        .bind(name)
        .bind(*description)
        .bind(updated_at)
        .fetch_one(&mut **tx)
        .await?;
        let mut items = Rows::new("playlist_items", &["playlist_id", "song_id", "position"]);
        for (position, (song, ..)) in songs.iter().filter(|song| fits(song)).enumerate() {
            items.push(row![id, *song, position as i64]);
        }
        items.insert(tx).await?;
        playlist_ids.push(id);
    }
    let (hits, classics, brasil) = (playlist_ids[0], playlist_ids[1], playlist_ids[2]);
    sqlx::query("INSERT INTO schedule_channels (stream_id, default_playlist_id) VALUES ($1, $2)")
        .bind(&main)
        .bind(hits)
        .execute(&mut **tx)
        .await?;

    // The main channel's week: each programme on its days and hours.
    let programs: Vec<(i64, String, String, String, String, String)> = sqlx::query_as(
        "SELECT id, title, host, weekdays, start_time, end_time FROM programs ORDER BY position, id",
    )
    .fetch_all(&mut **tx)
    .await?;
    let mut slots = Rows::new(
        "schedule_slots",
        &[
            "stream_id",
            "program_id",
            "weekday",
            "start_minute",
            "end_minute",
            "presenters",
            "fill",
            "playlist_id",
        ],
    );
    for (id, title, host, weekdays, start, end) in &programs {
        let times = parse_time(start, false).zip(parse_time(end, true));
        let playlist = if title.contains("Clássicos") || title.contains("Flashback") {
            classics
        } else if title.contains("MPB") || title.contains("Acústico") {
            brasil
        } else {
            hits
        };
        let fill = if LIVE_SHOWS.iter().any(|show| title.contains(show)) {
            "live"
        } else {
            "playlist"
        };
        let presenters = host.as_str();
        let mut push = |weekday: i64, start: i64, end: i64| {
            slots.push(row![&main, *id, weekday, start, end, presenters, fill, playlist]);
        };
        if title == &filler_title {
            // The weekend's music programme fills the gaps between the shows.
            for (weekday, from, to) in [
                (6, "06:00", "08:00"),
                (6, "14:00", "18:00"),
                (7, "06:00", "09:00"),
                (7, "12:00", "18:00"),
            ] {
                if let (Some(from), Some(to)) = (parse_time(from, false), parse_time(to, true)) {
                    push(weekday, from, to);
                }
            }
        } else if let Some((start, end)) = times {
            for weekday in weekdays
                .split(',')
                .filter_map(|day| day.trim().parse::<i64>().ok())
            {
                push(weekday, start, end);
            }
        }
    }
    slots.insert(tx).await?;
    Ok(())
}
