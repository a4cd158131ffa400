//! The network side of timeshift: a channel's HLS playlist played from a wall-clock instant.
//!
//! The server publishes each channel as HLS packed audio: a master playlist naming one media
//! playlist per codec, and in each a window of segments dated by `EXT-X-PROGRAM-DATE-TIME` (the air
//! clock). Here the MP3 rendition is taken (symphonia has no HE-AAC), the segment holding the instant
//! asked is found, and from it on the segments' frames, without their ID3 tags, go to the decoder as
//! one continuous MP3 stream; the playlist is read again for new segments as they are needed. How far
//! into the first segment the instant lies is reported ([`Start`]): the decoder drops that much.
//!
//! Playlists are parsed with m3u8-rs, the maintained HLS parser of the Rust ecosystem. Only the
//! master playlist request carries the listener's bearer token (a PRO channel's master answers with
//! URLs that carry their own signed token), so no segment request, possibly to a CDN, sees it.

use std::time::Duration;

use bytes::Bytes;
use futures_util::StreamExt;
use m3u8_rs::Playlist;
use reqwest::Url;
use tokio::sync::mpsc;

use super::stream::StreamEnd;

/// The part of the channel that can be played, in Unix ms on the air clock: the oldest segment's
/// start to the newest one's end, as last read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub start_ms: i64,
    pub end_ms: i64,
}

/// Where the audio handed to the decoder starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Start {
    /// The first segment's date: its first sample.
    pub segment_ms: i64,
    /// The instant to be heard first (within that segment): what comes before it is dropped.
    pub at_ms: i64,
}

/// The HLS codec of MP3 (RFC 6381's `mp4a.40.34`), how the master playlist names the MP3 rendition.
const MP3_CODEC: &str = "mp4a.40.34";

/// A two-hour window lists about 1,800 segments (some 130 kB); anything past this is not a playlist.
const MAX_PLAYLIST_BYTES: usize = 4 * 1024 * 1024;

/// A segment of a few seconds at 320 kbit/s is under 300 kB.
const MAX_SEGMENT_BYTES: usize = 8 * 1024 * 1024;

/// Segments handed over but not yet decoded: the decoder reads only a little ahead of what is heard,
/// so at most this many are fetched before they are needed.
pub const SEGMENTS_AHEAD: usize = 2;

/// One segment of a media playlist.
#[derive(Debug, Clone, PartialEq)]
struct Listed {
    seq: u64,
    at_ms: i64,
    duration_ms: i64,
    url: Url,
}

/// A media playlist as read.
#[derive(Debug, Clone, PartialEq)]
struct Media {
    segments: Vec<Listed>,
    target_duration: Duration,
    ended: bool,
}

impl Media {
    fn window(&self) -> Option<Window> {
        let first = self.segments.first()?;
        let last = self.segments.last()?;
        Some(Window {
            start_ms: first.at_ms,
            end_ms: last.at_ms + last.duration_ms,
        })
    }

    /// The segment that holds `at_ms`: before the window, the first; past it, the last.
    fn holding(&self, at_ms: i64) -> Option<&Listed> {
        self.segments
            .iter()
            .rev()
            .find(|segment| segment.at_ms <= at_ms)
            .or_else(|| self.segments.first())
    }
}

/// What to play: the channel's master (or media) playlist, the listener's token for it, and the
/// instant (Unix ms on the air clock).
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    pub url: &'a str,
    pub bearer: Option<&'a str>,
    pub at_ms: i64,
}

/// Streams the channel of `request` from its instant into `audio`,
/// segment after segment, until the decoder is gone, the playlist ends or something fails.
/// `on_start` is called once, before any audio; `on_window` each time the playlist was read;
/// `on_segment` with each segment's date and title (its ID3 tag's) as it is handed over.
pub async fn run(
    client: &reqwest::Client,
    request: Request<'_>,
    audio: mpsc::Sender<Bytes>,
    mut on_start: impl FnMut(Start),
    mut on_window: impl FnMut(Window),
    mut on_segment: impl FnMut(i64, Option<String>),
) -> StreamEnd {
    let Request { url, bearer, at_ms } = request;
    let result = async {
        let url = Url::parse(url).map_err(|error| StreamEnd::Connect(format!("url: {error}")))?;
        let (media_url, mut media) = media_playlist(client, &url, bearer).await?;
        let window = media
            .window()
            .ok_or_else(|| StreamEnd::Connect("the playlist lists no segment".into()))?;
        on_window(window);
        let first = media
            .holding(at_ms)
            .ok_or_else(|| StreamEnd::Connect("the playlist lists no segment".into()))?;
        on_start(Start {
            segment_ms: first.at_ms,
            at_ms: at_ms.clamp(first.at_ms, first.at_ms + first.duration_ms),
        });
        let mut next_seq = first.seq;
        loop {
            // A segment that left the window while the player was held up: carry on from the oldest.
            if let Some(oldest) = media.segments.first().filter(|oldest| oldest.seq > next_seq) {
                tracing::info!(
                    from = next_seq,
                    to = oldest.seq,
                    "timeshift: segments gone, skipping ahead"
                );
                next_seq = oldest.seq;
            }
            let due: Vec<Listed> = media
                .segments
                .iter()
                .filter(|segment| segment.seq >= next_seq)
                .cloned()
                .collect();
            for segment in due {
                let bytes = fetch(client, &segment.url, None, MAX_SEGMENT_BYTES).await?;
                let frames = Bytes::copy_from_slice(onda_shared::packed_audio::without_id3(&bytes));
                on_segment(segment.at_ms, onda_shared::packed_audio::id3_title(&bytes));
                if audio.send(frames).await.is_err() {
                    return Err(StreamEnd::Dropped);
                }
                next_seq = segment.seq + 1;
            }
            // Everything listed was handed over: wait for the next segment (about one target
            // duration apart), reading the playlist at half that.
            loop {
                if media.ended {
                    return Err(StreamEnd::Closed("the playlist ended".into()));
                }
                if audio.is_closed() {
                    return Err(StreamEnd::Dropped);
                }
                tokio::time::sleep((media.target_duration / 2).max(Duration::from_millis(500))).await;
                media = read_media(client, &media_url).await?;
                if let Some(window) = media.window() {
                    on_window(window);
                }
                if media.segments.last().is_some_and(|last| last.seq >= next_seq) {
                    break;
                }
            }
        }
    }
    .await;
    match result {
        Ok(()) => StreamEnd::Closed("the playlist ended".into()),
        Err(end) => end,
    }
}

/// The media playlist behind `url`: `url` itself when it is one, else the master's MP3 rendition.
async fn media_playlist(
    client: &reqwest::Client,
    url: &Url,
    bearer: Option<&str>,
) -> Result<(Url, Media), StreamEnd> {
    let bytes = fetch(client, url, bearer, MAX_PLAYLIST_BYTES).await?;
    match parse(&bytes)? {
        Playlist::MediaPlaylist(media) => Ok((url.clone(), media_of(url, &media)?)),
        Playlist::MasterPlaylist(master) => {
            let variant = master
                .variants
                .iter()
                .filter(|variant| !variant.is_i_frame)
                .find(|variant| {
                    variant
                        .codecs
                        .as_deref()
                        .is_some_and(|codecs| codecs.contains(MP3_CODEC))
                })
                .ok_or_else(|| StreamEnd::Connect("no MP3 rendition in the master playlist".into()))?;
            let media_url = url
                .join(&variant.uri)
                .map_err(|error| StreamEnd::Connect(format!("rendition url: {error}")))?;
            let media = read_media(client, &media_url).await?;
            Ok((media_url, media))
        }
    }
}

async fn read_media(client: &reqwest::Client, url: &Url) -> Result<Media, StreamEnd> {
    let bytes = fetch(client, url, None, MAX_PLAYLIST_BYTES).await?;
    match parse(&bytes)? {
        Playlist::MediaPlaylist(media) => media_of(url, &media),
        Playlist::MasterPlaylist(_) => Err(StreamEnd::Connect(
            "a master playlist where a media one was due".into(),
        )),
    }
}

fn parse(bytes: &[u8]) -> Result<Playlist, StreamEnd> {
    m3u8_rs::parse_playlist_res(bytes).map_err(|_| StreamEnd::Closed("the playlist could not be read".into()))
}

/// The segments with their sequence numbers, dates and absolute URLs. A segment without its own
/// date follows the one before it; the first must have one, since an undated window cannot be
/// placed on the clock.
fn media_of(base: &Url, playlist: &m3u8_rs::MediaPlaylist) -> Result<Media, StreamEnd> {
    let mut segments = Vec::with_capacity(playlist.segments.len());
    let mut next_at: Option<i64> = None;
    for (index, segment) in playlist.segments.iter().enumerate() {
        let at_ms = segment
            .program_date_time
            .map(|date| date.timestamp_millis())
            .or(next_at)
            .ok_or_else(|| StreamEnd::Connect("the playlist has no EXT-X-PROGRAM-DATE-TIME".into()))?;
        let duration_ms = (f64::from(segment.duration) * 1000.0).round() as i64;
        let url = base
            .join(&segment.uri)
            .map_err(|error| StreamEnd::Connect(format!("segment url: {error}")))?;
        segments.push(Listed {
            seq: playlist.media_sequence + index as u64,
            at_ms,
            duration_ms,
            url,
        });
        next_at = Some(at_ms + duration_ms);
    }
    Ok(Media {
        segments,
        target_duration: Duration::from_secs(playlist.target_duration.max(1)),
        ended: playlist.end_list,
    })
}

/// One GET, whole, refused past `max` bytes; a status other than success fails with it.
async fn fetch(
    client: &reqwest::Client,
    url: &Url,
    bearer: Option<&str>,
    max: usize,
) -> Result<Vec<u8>, StreamEnd> {
    let mut request = client.get(url.clone());
    if let Some(token) = bearer {
        request = request.bearer_auth(token);
    }
    let response = request
        .send()
        .await
        .map_err(|error| StreamEnd::Connect(error.to_string()))?;
    if !response.status().is_success() {
        return Err(StreamEnd::Connect(format!("HTTP {}", response.status())));
    }
    if response
        .content_length()
        .is_some_and(|length| length > max as u64)
    {
        return Err(StreamEnd::Closed(format!("{url} is larger than {max} bytes")));
    }
    let mut body = Vec::new();
    let mut stream = response.bytes_stream();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|error| StreamEnd::Closed(error.to_string()))?;
        if body.len() + chunk.len() > max {
            return Err(StreamEnd::Closed(format!("{url} is larger than {max} bytes")));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    const PLAYLIST: &str = "#EXTM3U\n#EXT-X-VERSION:9\n#EXT-X-TARGETDURATION:4\n\
        #EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=36.0\n#EXT-X-MEDIA-SEQUENCE:7\n#EXT-X-DISCONTINUITY-SEQUENCE:0\n\
        #EXT-X-PROGRAM-DATE-TIME:2026-11-29T14:00:00.000Z\n#EXTINF:4.000,\nmp3/7.mp3?t=abc\n\
        #EXT-X-PROGRAM-DATE-TIME:2026-11-29T14:00:04.000Z\n#EXTINF:4.000,\nmp3/8.mp3?t=abc\n\
        #EXTINF:3.500,\nmp3/9.mp3?t=abc\n";

    fn media() -> Media {
        let base = Url::parse("http://station.test/hls/main/mp3.m3u8?t=abc").unwrap();
        let Playlist::MediaPlaylist(playlist) = parse(PLAYLIST.as_bytes()).unwrap() else {
            panic!("a media playlist");
        };
        media_of(&base, &playlist).unwrap()
    }

    fn at(time: &str) -> i64 {
        chrono::DateTime::parse_from_rfc3339(time)
            .unwrap()
            .timestamp_millis()
    }

    #[test]
    fn segments_are_numbered_dated_and_resolved() {
        let media = media();
        let seqs: Vec<u64> = media.segments.iter().map(|s| s.seq).collect();
        assert_eq!(seqs, [7, 8, 9]);
        assert_eq!(media.segments[0].at_ms, at("2026-11-29T14:00:00Z"));
        // The undated third segment follows the second.
        assert_eq!(media.segments[2].at_ms, at("2026-11-29T14:00:08Z"));
        assert_eq!(
            media.segments[1].url.as_str(),
            "http://station.test/hls/main/mp3/8.mp3?t=abc"
        );
        assert_eq!(media.target_duration, Duration::from_secs(4));
        assert_eq!(
            media.window(),
            Some(Window {
                start_ms: at("2026-11-29T14:00:00Z"),
                end_ms: at("2026-11-29T14:00:11.5Z"),
            })
        );
    }

    #[test]
    fn the_segment_holding_an_instant() {
        let media = media();
        assert_eq!(media.holding(at("2026-11-29T14:00:05Z")).unwrap().seq, 8);
        assert_eq!(media.holding(at("2026-11-29T14:00:04Z")).unwrap().seq, 8);
        // Before the window: the oldest; past it: the newest.
        assert_eq!(media.holding(at("2026-11-29T13:00:00Z")).unwrap().seq, 7);
        assert_eq!(media.holding(at("2026-11-29T15:00:00Z")).unwrap().seq, 9);
    }

    #[test]
    fn an_undated_playlist_cannot_be_placed() {
        let base = Url::parse("http://station.test/a.m3u8").unwrap();
        let Playlist::MediaPlaylist(playlist) =
            parse(b"#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\n1.mp3\n").unwrap()
        else {
            panic!("a media playlist");
        };
        assert!(matches!(media_of(&base, &playlist), Err(StreamEnd::Connect(_))));
    }
}
