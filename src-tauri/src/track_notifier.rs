//! The song notification on Linux: one notification replaced in place at each new song (the
//! Notifications spec's `replaces_id`), not a pile of them. tauri-plugin-notification cannot replace
//! one, so this calls notify-rust (the library the plugin uses) directly and keeps the handle: its
//! D-Bus connection stays open, which GNOME 46+ also needs to keep the notification on screen. The
//! alarm's notifications stay on the plugin, each its own.
//!
//! Plain Rust (no `tauri::`), tested against a stand-in notification server.

use std::sync::{Mutex, PoisonError};

use notify_rust::{Hint, Notification, NotificationHandle};

use crate::player::TrackInfo;

/// The summary and body of a song's notification: the artist (else the station) and the title.
pub fn track_text(track: &TrackInfo) -> (String, String) {
    (
        track.artist.clone().unwrap_or_else(|| "Onda FM".to_owned()),
        track.title.clone(),
    )
}

/// Shows the current song, always in the same notification.
#[derive(Default)]
pub struct TrackNotifier {
    shown: Mutex<Option<NotificationHandle>>,
}

impl TrackNotifier {
    pub fn new() -> Self {
        Self::default()
    }

    /// Shows `summary`/`body`, replacing the song shown before. Returns the notification's id.
    pub fn show(&self, summary: &str, body: &str) -> Result<u32, notify_rust::error::Error> {
        let mut shown = self.shown.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(handle) = shown.as_mut() {
            handle.summary(summary).body(body);
            match handle.update() {
                Ok(()) => return Ok(handle.id()),
                // The server went away (a desktop restart): a new notification on a new connection.
                Err(error) => tracing::debug!(%error, "song notification not replaced; showing a new one"),
            }
        }
        let handle = Notification::new()
            .appname("Onda FM")
            .summary(summary)
            .body(body)
            // A song is news only now: not kept in the notification list.
            .hint(Hint::Transient(true))
            .show()?;
        let id = handle.id();
        *shown = Some(handle);
        Ok(id)
    }
}
