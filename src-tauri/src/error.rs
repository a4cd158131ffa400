//! The one error of the app's commands. Tauri rejects the UI's `invoke` with its serialised form, the
//! shared wire type `{ kind, message }` ([`CommandError`], generated for the UI), so the UI tells the
//! failures apart by kind instead of by text. The messages are the English texts the commands gave
//! before they had a kind; the UI logs them and shows its own.
//!
//! Player, audio device and keyring troubles are not here on purpose: the player reports them as
//! `onda://player` events (it reconnects and fails on its own time, not within a command), the output
//! reopens the default device by itself, and the session token falls back to memory when no keyring
//! answers.

use onda_shared::desktop::{CommandError, CommandErrorKind};
use serde::{Serialize, Serializer};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The UI sent what the app refuses.
    #[error("{0}")]
    InvalidInput(String),
    /// The alarms file could not be written.
    #[error(transparent)]
    AlarmStore(std::io::Error),
    /// The station server did not give its stream list.
    #[error("stream list unavailable")]
    StreamsUnavailable,
    /// A task of the app failed (a blocking call run off the main thread panicked).
    #[error(transparent)]
    Internal(#[from] tauri::Error),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn kind(&self) -> CommandErrorKind {
        match self {
            Self::InvalidInput(_) => CommandErrorKind::InvalidInput,
            Self::AlarmStore(_) => CommandErrorKind::AlarmStore,
            Self::StreamsUnavailable => CommandErrorKind::StreamsUnavailable,
            Self::Internal(_) => CommandErrorKind::Internal,
        }
    }

    /// What the UI receives.
    pub fn to_wire(&self) -> CommandError {
        CommandError {
            kind: self.kind(),
            message: self.to_string(),
        }
    }
}

/// Tauri serialises a command's error into the rejection; the wire type keeps that shape defined once.
impl Serialize for Error {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        self.to_wire().serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn wire(error: &Error) -> serde_json::Value {
        serde_json::to_value(error).unwrap()
    }

    #[test]
    fn invalid_input_keeps_its_message() {
        let error = Error::InvalidInput("alarm id and stream are required".into());
        assert_eq!(
            wire(&error),
            json!({ "kind": "invalidInput", "message": "alarm id and stream are required" })
        );
    }

    #[test]
    fn alarm_store_carries_the_io_error_text() {
        let io = std::io::Error::new(std::io::ErrorKind::PermissionDenied, "read-only file system");
        assert_eq!(
            wire(&Error::AlarmStore(io)),
            json!({ "kind": "alarmStore", "message": "read-only file system" })
        );
    }

    #[test]
    fn streams_unavailable_says_so() {
        assert_eq!(
            wire(&Error::StreamsUnavailable),
            json!({ "kind": "streamsUnavailable", "message": "stream list unavailable" })
        );
    }

    #[test]
    fn internal_carries_tauri_s_text() {
        let error = Error::from(tauri::Error::FailedToReceiveMessage);
        assert_eq!(
            wire(&error),
            json!({ "kind": "internal", "message": tauri::Error::FailedToReceiveMessage.to_string() })
        );
    }

    #[test]
    fn the_wire_form_reads_back_as_the_shared_type() {
        let error = Error::InvalidInput("bad time".into());
        let parsed: CommandError = serde_json::from_value(wire(&error)).unwrap();
        assert_eq!(parsed, error.to_wire());
    }
}
