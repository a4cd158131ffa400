//! The network side of the player.
//!
//! A live stream is one connection: an HTTP GET with `Icy-MetaData: 1`, the ICY blocks stripped
//! (shared::icy), the audio bytes handed to the decoder through a bounded channel, the titles
//! reported as they arrive. A connection is never resumed: after any break the whole chain is
//! rebuilt, since the metadata byte counter means nothing on a new connection.
//!
//! A file is one plain GET into a [`Download`], whose end is the file's end.

use std::{io, time::Duration};

use bytes::Bytes;
use futures_util::StreamExt;
use onda_shared::icy::IcyReader;
use tokio::sync::mpsc;

use super::download::Download;

/// Why a connection ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamEnd {
    /// Could not connect, or the server refused (the status says why).
    Connect(String),
    /// The server closed the stream or the network broke it off.
    Closed(String),
    /// The decoder is gone (we stopped this connection).
    Dropped,
}

/// How long a silent connection is given before it is counted as broken; the player's watchdog is
/// shorter and acts first, this only guards a task nobody watches.
const READ_TIMEOUT: Duration = Duration::from_secs(30);

pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(5))
        .read_timeout(READ_TIMEOUT)
        .user_agent(concat!("OndaDesktop/", env!("CARGO_PKG_VERSION")))
        .build()
        .unwrap_or_else(|_| reqwest::Client::new())
}

/// Streams `url` into `audio` until it ends; each new `StreamTitle` goes to `on_title`. `on_connected`
/// gets the response's content type once the server accepted.
pub async fn run(
    client: &reqwest::Client,
    url: &str,
    audio: mpsc::Sender<Bytes>,
    mut on_connected: impl FnMut(Option<String>),
    mut on_title: impl FnMut(String),
) -> StreamEnd {
    let response = match client.get(url).header("Icy-MetaData", "1").send().await {
        Ok(response) => response,
        Err(error) => return StreamEnd::Connect(error.to_string()),
    };
    if !response.status().is_success() {
        return StreamEnd::Connect(format!("HTTP {}", response.status()));
    }
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned)
    };
    let content_type = header("content-type");
    let mut icy = header("icy-metaint")
        .and_then(|value| value.trim().parse::<usize>().ok())
        .filter(|&metaint| metaint > 0)
        .map(IcyReader::new);
    on_connected(content_type);
    let mut body = response.bytes_stream();
    while let Some(chunk) = body.next().await {
        let chunk = match chunk {
            Ok(chunk) => chunk,
            Err(error) => return StreamEnd::Closed(error.to_string()),
        };
        let audio_bytes = match icy.as_mut() {
            Some(reader) => {
                let piece = reader.push(&chunk);
                for title in piece.titles {
                    on_title(title);
                }
                Bytes::from(piece.audio)
            }
            None => chunk,
        };
        if audio_bytes.is_empty() {
            continue;
        }
        if audio.send(audio_bytes).await.is_err() {
            return StreamEnd::Dropped;
        }
    }
    StreamEnd::Closed("the server closed the stream".into())
}

/// Downloads the file at `url` into `into` (see [`super::download`]); `on_connected` gets the
/// response's content type once the server accepted. Returns how the download ended, which is also
/// recorded in `into` for the decoder: a file that arrived whole is not a failure.
pub async fn download(
    client: &reqwest::Client,
    url: &str,
    into: &Download,
    mut on_connected: impl FnMut(Option<String>),
) -> Result<(), StreamEnd> {
    let response = match client.get(url).send().await {
        Ok(response) => response,
        Err(error) => {
            into.finish(Err(error.to_string()));
            return Err(StreamEnd::Connect(error.to_string()));
        }
    };
    if !response.status().is_success() {
        let reason = format!("HTTP {}", response.status());
        into.finish(Err(reason.clone()));
        return Err(StreamEnd::Connect(reason));
    }
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned);
    into.set_length(response.content_length());
    on_connected(content_type);
    let mut body = response.bytes_stream();
    while let Some(chunk) = body.next().await {
        let pushed = match chunk {
            Ok(chunk) => into.push(&chunk),
            Err(error) => Err(error.to_string()),
        };
        if let Err(reason) = pushed {
            into.finish(Err(reason.clone()));
            return Err(StreamEnd::Closed(reason));
        }
    }
    into.finish(Ok(()));
    Ok(())
}

/// The decoder's end of the channel as a blocking `Read`: the bytes in order, then end of file once
/// the connection is gone.
pub struct ChannelReader {
    rx: mpsc::Receiver<Bytes>,
    current: Bytes,
}

impl ChannelReader {
    pub fn new(rx: mpsc::Receiver<Bytes>) -> Self {
        Self {
            rx,
            current: Bytes::new(),
        }
    }
}

impl io::Read for ChannelReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.current.is_empty() {
            match self.rx.blocking_recv() {
                Some(bytes) => self.current = bytes,
                None => return Ok(0),
            }
        }
        let n = buf.len().min(self.current.len());
        buf[..n].copy_from_slice(&self.current.split_to(n));
        Ok(n)
    }
}

/// `Artist - Title` as the station writes it, split; a title without the separator is all title.
pub fn split_title(stream_title: &str) -> (Option<String>, String) {
    match stream_title.split_once(" - ") {
        Some((artist, title)) if !artist.trim().is_empty() => {
            (Some(artist.trim().to_owned()), title.trim().to_owned())
        }
        _ => (None, stream_title.trim().to_owned()),
    }
}
