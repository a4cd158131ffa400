//! What a command of the desktop app (src-tauri) rejects with: `{ kind, message }`. The kind tells the
//! UI what went wrong, so it can pick its own (Portuguese) text and decide whether a retry may help; the
//! message is the app's English detail for the logs, never shown as is.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Why a desktop command failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub enum CommandErrorKind {
    /// The UI sent what the app refuses (an alarm without id or stream, an alarm it cannot read such as
    /// a bad time): the same call fails again.
    InvalidInput,
    /// The alarms file could not be written (disk full, no permission): the change holds until the app
    /// quits, and a later save may succeed.
    AlarmStore,
    /// The station server did not give its stream list (unreachable, or an answer that is not the
    /// list): a later call may succeed.
    StreamsUnavailable,
    /// The app failed itself (a background task panicked).
    Internal,
}

/// The rejection of a desktop command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct CommandError {
    pub kind: CommandErrorKind,
    /// English detail for the logs (an I/O error's text, the refused field).
    pub message: String,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_command_error_is_a_kind_and_a_message() {
        let error = CommandError {
            kind: CommandErrorKind::StreamsUnavailable,
            message: "stream list unavailable".into(),
        };
        let value = serde_json::to_value(&error).unwrap();
        assert_eq!(
            value,
            json!({ "kind": "streamsUnavailable", "message": "stream list unavailable" })
        );
        assert_eq!(serde_json::from_value::<CommandError>(value).unwrap(), error);
    }

    #[test]
    fn kinds_are_camel_case_words() {
        let cases = [
            (CommandErrorKind::InvalidInput, "invalidInput"),
            (CommandErrorKind::AlarmStore, "alarmStore"),
            (CommandErrorKind::StreamsUnavailable, "streamsUnavailable"),
            (CommandErrorKind::Internal, "internal"),
        ];
        for (kind, word) in cases {
            assert_eq!(serde_json::to_value(kind).unwrap(), json!(word));
        }
    }
}
