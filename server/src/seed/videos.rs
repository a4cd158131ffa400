//! Video playlists and videos of the station's channel (`demo/videos.json`).

use serde::Deserialize;

use super::{
    Tx,
    batch::{Rows, ids, row},
    demo::{DAY, Demo, HOUR, parse, pick, slugify, youtube_id},
};
use crate::Result;

#[derive(Deserialize)]
struct VideoData {
    playlists: Vec<Playlist>,
}

#[derive(Deserialize)]
struct Playlist {
    title: String,
    description: String,
    videos: Vec<Video>,
}

#[derive(Deserialize)]
struct Video {
    title: String,
    description: String,
    #[serde(default)]
    featured: bool,
}

pub async fn seed(tx: &mut Tx, demo: &Demo) -> Result<()> {
    let data: VideoData = parse("videos.json", include_str!("../../demo/videos.json"))?;
    let mut playlists = Rows::new(
        "video_playlists",
        &["external_id", "slug", "title", "description", "position"],
    );
    for (position, playlist) in data.playlists.iter().enumerate() {
        let slug = slugify(&playlist.title);
        // Playlist ids at the video host are 'PL' and 32 characters.
        let external = format!(
            "PL{}{}{}",
            youtube_id(&["playlist", &demo.slug, &slug]),
            youtube_id(&["playlist-2", &demo.slug, &slug]),
            &youtube_id(&["playlist-3", &demo.slug, &slug])[..10]
        );
        playlists.push(row![
            external,
            slug,
            demo.fill(&playlist.title),
            demo.fill(&playlist.description),
            position as i64
        ]);
    }
    playlists.insert(tx).await?;
    let playlist_ids = ids(tx, "SELECT slug, id FROM video_playlists").await?;

    let mut videos = Rows::new(
        "videos",
        &[
            "playlist_id",
            "youtube_id",
            "slug",
            "title",
            "description",
            "image_url",
            "is_featured",
            "published_at",
        ],
    );
    // Newest first within a playlist; the playlists' videos interleave over the last weeks.
    for (list_index, playlist) in data.playlists.iter().enumerate() {
        let playlist_id = playlist_ids[&slugify(&playlist.title)];
        for (index, video) in playlist.videos.iter().enumerate() {
            let title = demo.fill(&video.title);
            let slug = slugify(&title);
            let at = demo.now
                - (index as i64 * 4 + list_index as i64) * DAY
                - 6 * HOUR
                - pick(&["video", &slug], 300) as i64 * 60;
            videos.push(row![
                playlist_id,
                youtube_id(&["video", &demo.slug, &slug]),
                &slug,
                title,
                demo.fill(&video.description),
                format!("/media/img/video/{slug}.svg"),
                video.featured,
                at,
            ]);
        }
    }
    videos.insert(tx).await?;
    Ok(())
}
