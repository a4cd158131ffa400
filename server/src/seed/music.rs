//! Artists, albums, songs (`demo/music.json`, lyrics from `demo/lyrics.json`), the top 10 lists and
//! the top 100 of every year (`demo/top_lists.json`).
//!
//! Per-song details that would only clutter the data file are derived deterministically from the
//! slugs: which songs have lyrics, a translation, a video or a playable track, and their play counts.

use std::collections::{HashMap, HashSet};

use serde::Deserialize;

use super::{
    Tx,
    batch::{Rows, ids, row},
    demo::{Demo, hash, parse, pick, slugify, youtube_id},
};
use crate::Result;

#[derive(Deserialize)]
struct MusicData {
    artists: Vec<Artist>,
}

#[derive(Deserialize)]
struct Artist {
    name: String,
    country: String,
    #[serde(default)]
    featured: bool,
    bio: String,
    albums: Vec<Album>,
}

#[derive(Deserialize)]
struct Album {
    name: String,
    year: i64,
    songs: Vec<SongEntry>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum SongEntry {
    Name(String),
    Detailed { name: String, lang: String },
}

#[derive(Deserialize)]
struct LyricsData {
    note_lyrics: String,
    note_translation: String,
    stanzas: HashMap<String, Vec<Stanza>>,
}

#[derive(Deserialize)]
struct Stanza {
    text: String,
    #[serde(default)]
    pt: String,
}

#[derive(Deserialize)]
struct TopLists {
    top10: Vec<Top10>,
    top100: Top100Years,
}

#[derive(Deserialize)]
struct Top10 {
    slug: String,
    name: String,
    keywords: String,
    description: String,
    songs: Vec<String>,
}

#[derive(Deserialize)]
struct Top100Years {
    first_year: i64,
    last_year: i64,
}

/// A song as written, for the top lists.
struct SongInfo {
    key: String,
    year: i64,
    plays: i64,
}

pub async fn seed(tx: &mut Tx, demo: &Demo) -> Result<()> {
    let data: MusicData = parse("music.json", include_str!("../../demo/music.json"))?;
    let lyrics: LyricsData = parse("lyrics.json", include_str!("../../demo/lyrics.json"))?;
    let lists: TopLists = parse("top_lists.json", include_str!("../../demo/top_lists.json"))?;

    let mut artists = Rows::new(
        "artists",
        &[
            "slug",
            "name",
            "country",
            "biography",
            "image_url",
            "banner_url",
            "is_featured",
            "position",
        ],
    );
    for (position, artist) in data.artists.iter().enumerate() {
        let slug = slugify(&artist.name);
        artists.push(row![
            &slug,
            &artist.name,
            &artist.country,
            demo.fill(&artist.bio),
            format!("/media/img/artist/{slug}.svg"),
            format!("/media/img/artist-banner/{slug}.svg"),
            artist.featured,
            position as i64,
        ]);
    }
    artists.insert(tx).await?;
    let artist_ids = ids(tx, "SELECT slug, id FROM artists").await?;

    let mut albums = Rows::new(
        "albums",
        &[
            "slug",
            "artist_id",
            "name",
            "release_year",
            "cover_url",
            "cover_small_url",
            "itunes_link",
            "is_featured",
            "position",
        ],
    );
    let mut position = 0_i64;
    for artist in &data.artists {
        let artist_slug = slugify(&artist.name);
        for album in &artist.albums {
            let slug = slugify(&format!("{} {}", artist.name, album.name));
            // 'Álbuns do momento': the recent albums and a rotating handful of classics.
            let featured = album.year >= 2010 || pick(&["album-featured", &slug], 5) == 0;
            albums.push(row![
                &slug,
                artist_ids[&artist_slug],
                &album.name,
                album.year,
                format!("/media/img/album/{slug}.svg"),
                format!("/media/img/album-small/{slug}.svg"),
                itunes_search(&format!("{} {}", artist.name, album.name)),
                featured,
                position,
            ]);
            position += 1;
        }
    }
    albums.insert(tx).await?;
    let album_ids = ids(tx, "SELECT slug, id FROM albums").await?;

    let mut songs = Rows::new(
        "songs",
        &[
            "slug",
            "artist_id",
            "album_id",
            "name",
            "year",
            "track_url",
            "preview_url",
            "has_lyrics",
            "lyrics",
            "has_translation",
            "translation",
            "has_video",
            "video_youtube_id",
            "video_file_name",
            "lyrics_video_youtube_id",
            "lyrics_video_file_name",
            "itunes_link",
            "plays",
        ],
    );
    let mut catalogue = Vec::new();
    for artist in &data.artists {
        let artist_slug = slugify(&artist.name);
        let default_lang = match artist.country.as_str() {
            "BR" | "PT" => "pt",
            "IT" => "it",
            "FR" | "BE" => "fr",
            "CO" | "ES" | "MX" | "AR" => "es",
            _ => "en",
        };
        for album in &artist.albums {
            let album_slug = slugify(&format!("{} {}", artist.name, album.name));
            for entry in &album.songs {
                let (name, lang) = match entry {
                    SongEntry::Name(name) => (name.as_str(), default_lang),
                    SongEntry::Detailed { name, lang } => (name.as_str(), lang.as_str()),
                };
                let slug = slugify(name);
                let key = format!("{artist_slug}/{slug}");
                let has_lyrics = pick(&["lyrics", &key], 10) < 7;
                let has_translation = has_lyrics && lang != "pt" && pick(&["translation", &key], 10) < 8;
                let has_video = pick(&["video", &key], 10) < 6;
                let playable = pick(&["track", &key], 10) < 9;
                let (lyrics_html, translation_html) = demo_lyrics(&lyrics, &key, name, lang)?;
                let plays = 500 + (hash(&["plays", &key]) % 20_000) as i64;
                let file = format!("{slug}+{artist_slug}");
                songs.push(row![
                    &slug,
                    artist_ids[&artist_slug],
                    album_ids[&album_slug],
                    name,
                    album.year,
                    if playable {
                        format!("/media/audio/music/{file}.mp3")
                    } else {
                        String::new()
                    },
                    format!("/media/audio/previews/{file}.mp3"),
                    has_lyrics,
                    if has_lyrics { lyrics_html } else { String::new() },
                    has_translation,
                    if has_translation {
                        translation_html
                    } else {
                        String::new()
                    },
                    has_video,
                    if has_video {
                        youtube_id(&["clip", &key])
                    } else {
                        String::new()
                    },
                    "",
                    if has_translation {
                        youtube_id(&["lyrics-video", &key])
                    } else {
                        String::new()
                    },
                    "",
                    itunes_search(&format!("{} {name}", artist.name)),
                    plays,
                ]);
                catalogue.push(SongInfo {
                    key,
                    year: album.year,
                    plays,
                });
            }
        }
    }
    let mut keys = HashSet::new();
    for song in &catalogue {
        if !keys.insert(song.key.as_str()) {
            return Err(anyhow::anyhow!("music.json: song {} appears twice", song.key).into());
        }
    }
    songs.insert(tx).await?;
    let song_ids = ids(
        tx,
        "SELECT a.slug || '/' || s.slug, s.id FROM songs s JOIN artists a ON a.id = s.artist_id",
    )
    .await?;

    let mut categories = Rows::new(
        "top10_categories",
        &["slug", "name", "description", "keywords", "position"],
    );
    for (position, list) in lists.top10.iter().enumerate() {
        categories.push(row![
            demo.fill(&list.slug),
            demo.fill(&list.name),
            demo.fill(&list.description),
            demo.fill(&list.keywords),
            position as i64,
        ]);
    }
    categories.insert(tx).await?;
    let category_ids = ids(tx, "SELECT slug, id FROM top10_categories").await?;
    let mut entries = Rows::new("top10_entries", &["category_id", "position", "song_id"]);
    for list in &lists.top10 {
        let category = category_ids[&demo.fill(&list.slug)];
        for (index, key) in list.songs.iter().enumerate() {
            let song = song_ids
                .get(key)
                .ok_or_else(|| anyhow::anyhow!("top_lists.json: {key:?} is not in music.json"))?;
            entries.push(row![category, index as i64 + 1, *song]);
        }
    }
    entries.insert(tx).await?;

    let years = lists.top100.first_year..=lists.top100.last_year;
    let mut top100_lists = Rows::new("top100_lists", &["year"]);
    for year in years.clone() {
        top100_lists.push(row![year]);
    }
    top100_lists.insert(tx).await?;
    let list_ids = ids(tx, "SELECT CAST(year AS TEXT), id FROM top100_lists").await?;
    let mut top100 = Rows::new("top100_entries", &["list_id", "position", "song_id"]);
    for year in years {
        let list = list_ids[&year.to_string()];
        for (index, key) in top100_of(&catalogue, year)?.into_iter().enumerate() {
            top100.push(row![list, index as i64 + 1, song_ids[key]]);
        }
    }
    top100.insert(tx).await?;
    Ok(())
}

/// The 100 songs of a year: only songs already released, the year's releases ranked highest, then a
/// stable per-year shuffle weighted by all-time plays.
fn top100_of(catalogue: &[SongInfo], year: i64) -> Result<Vec<&str>> {
    let year_text = year.to_string();
    let mut ranked: Vec<(i64, &str)> = catalogue
        .iter()
        .filter(|song| song.year <= year)
        .map(|song| {
            let novelty = match year - song.year {
                0 => 30_000,
                1 => 18_000,
                2 => 9_000,
                _ => 0,
            };
            let luck = (hash(&["top100", &year_text, &song.key]) % 15_000) as i64;
            (novelty + song.plays + luck, song.key.as_str())
        })
        .collect();
    if ranked.len() < 100 {
        return Err(anyhow::anyhow!(
            "music.json has {} songs released by {year}; the top 100 needs 100",
            ranked.len()
        )
        .into());
    }
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    Ok(ranked.into_iter().take(100).map(|(_, key)| key).collect())
}

/// Original demo verses (never a real song's lyrics) in the song's language, and their Portuguese
/// rendering as the translation.
fn demo_lyrics(data: &LyricsData, key: &str, song: &str, lang: &str) -> Result<(String, String)> {
    let stanzas = data
        .stanzas
        .get(lang)
        .or_else(|| data.stanzas.get("en"))
        .ok_or_else(|| anyhow::anyhow!("lyrics.json has no stanzas for {lang:?}"))?;
    let count = 2 + pick(&["stanza-count", key], 2) as usize;
    let first = pick(&["stanza", key], stanzas.len() as u64) as usize;
    let chosen: Vec<&Stanza> = (0..count.min(stanzas.len()))
        .map(|offset| &stanzas[(first + offset) % stanzas.len()])
        .collect();
    let verse = |text: &str| {
        let lines: Vec<String> = text.split(" / ").map(escape_html).collect();
        format!("<p>{}</p>", lines.join("<br>"))
    };
    let note = data.note_lyrics.replace("{song}", &escape_html(song));
    let lyrics = std::iter::once(format!("<p><em>{note}</em></p>"))
        .chain(chosen.iter().map(|stanza| verse(&stanza.text)))
        .collect::<Vec<_>>()
        .join("\n");
    let translation = std::iter::once(format!("<p><em>{}</em></p>", data.note_translation))
        .chain(chosen.iter().map(|stanza| verse(&stanza.pt)))
        .collect::<Vec<_>>()
        .join("\n");
    Ok((lyrics, translation))
}

fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// A store search link (the catalogue has no real store ids).
fn itunes_search(terms: &str) -> String {
    let query: String = terms
        .chars()
        .map(|ch| {
            if ch.is_alphanumeric() {
                ch.to_string()
            } else {
                "+".to_owned()
            }
        })
        .collect::<String>()
        .split('+')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("+");
    format!(
        "https://music.apple.com/br/search?term={}",
        percent_encode(&query)
    )
}

fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || byte == b'+' {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}
