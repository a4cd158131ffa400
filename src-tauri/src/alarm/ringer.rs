//! The alarm's sound on the native player: streams through a [`Player`] of its own (so the alarm
//! keeps its volume and fade apart from the listening player), the bundled chime pushed into the same
//! output queue in a loop.

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    thread,
    time::Duration,
};

use super::{RingSource, Ringer, SourceStatus, tone};
use crate::player::{AudioQueue, Format, Listener, Output, Player, PlayerConfig, PlayerState};

/// Turns a stream id into a playable (MP3) URL; `None` when the stream is unknown or unreachable.
pub type Resolver = Box<dyn FnMut(&str) -> Option<String> + Send>;

pub struct PlayerRinger {
    player: Player,
    queue: Arc<AudioQueue>,
    resolve: Resolver,
    chime: Option<Arc<AtomicBool>>,
    /// A source that could not even be resolved.
    unresolved: Option<String>,
}

impl PlayerRinger {
    pub fn new(queue: Arc<AudioQueue>, output: Box<dyn Output>, resolve: Resolver) -> Self {
        let listener: Listener = Arc::new(|_| {});
        let player = Player::new(PlayerConfig::default(), queue.clone(), output, listener);
        Self {
            player,
            queue,
            resolve,
            chime: None,
            unresolved: None,
        }
    }

    fn stop_chime(&mut self) {
        if let Some(flag) = self.chime.take() {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

impl Ringer for PlayerRinger {
    fn start(&mut self, source: &RingSource, volume: f32) {
        self.stop();
        self.player.set_volume(volume);
        self.queue.set_volume(volume);
        match source {
            RingSource::Stream { stream_id } | RingSource::Fallback { stream_id } => {
                match (self.resolve)(stream_id) {
                    Some(url) => self.player.play(Some(url)),
                    None => self.unresolved = Some(format!("stream {stream_id} unavailable")),
                }
            }
            RingSource::Bundled => {
                let stop = Arc::new(AtomicBool::new(false));
                self.chime = Some(stop.clone());
                let queue = self.queue.clone();
                let _ = thread::Builder::new()
                    .name("onda-alarm-chime".into())
                    .spawn(move || {
                        let chime = tone::chime();
                        let format = Format {
                            rate: tone::SAMPLE_RATE,
                            channels: tone::CHANNELS,
                        };
                        // Keep about one cycle queued ahead of the output.
                        while !stop.load(Ordering::Relaxed) {
                            if queue.format() != Some(format) || queue.queued() < chime.len() {
                                queue.push(format, &chime);
                            }
                            thread::sleep(Duration::from_millis(200));
                        }
                        queue.clear();
                    });
            }
        }
    }

    fn status(&mut self) -> SourceStatus {
        if let Some(reason) = &self.unresolved {
            return SourceStatus::Failed(reason.clone());
        }
        if self.chime.is_some() {
            return SourceStatus::Sounding;
        }
        match self.player.state() {
            PlayerState::Playing => SourceStatus::Sounding,
            PlayerState::Failed { reason } => SourceStatus::Failed(reason),
            _ => SourceStatus::Starting,
        }
    }

    fn set_volume(&mut self, volume: f32) {
        self.queue.set_volume(volume);
    }

    fn stop(&mut self) {
        self.unresolved = None;
        self.stop_chime();
        self.player.stop();
        self.queue.clear();
    }
}
