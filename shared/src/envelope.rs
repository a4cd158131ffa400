//! The `{status, message, data}` envelope every JSON reply of the API carries (decision G41).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `status` of the envelope: the string `"success"`, the string `"error"` for a business refusal
/// answered with HTTP 200, or a number that the HTTP status code mirrors (400, 401, 403, 404, 429, 500).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
#[ts(export, export_to = "../../ui/src/generated/")]
pub enum Status {
    Word(StatusWord),
    Code(u16),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "../../ui/src/generated/")]
pub enum StatusWord {
    Success,
    Error,
}

impl Status {
    pub const SUCCESS: Status = Status::Word(StatusWord::Success);
    pub const ERROR: Status = Status::Word(StatusWord::Error);

    pub fn is_success(self) -> bool {
        self == Self::SUCCESS
    }
}

/// The reply envelope. `message` is a short English server message from the spec's catalogues
/// (for example `"invalid email or password"`); the UI maps it to the Portuguese text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "../../ui/src/generated/")]
pub struct Envelope<T> {
    pub status: Status,
    pub message: String,
    pub data: T,
}

impl<T> Envelope<T> {
    pub fn success(data: T) -> Self {
        Self {
            status: Status::SUCCESS,
            message: "success".to_owned(),
            data,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_serialises_as_word_or_number() {
        assert_eq!(serde_json::to_string(&Status::SUCCESS).unwrap(), "\"success\"");
        assert_eq!(serde_json::to_string(&Status::Code(401)).unwrap(), "401");
        let parsed: Status = serde_json::from_str("404").unwrap();
        assert_eq!(parsed, Status::Code(404));
        let parsed: Status = serde_json::from_str("\"error\"").unwrap();
        assert_eq!(parsed, Status::ERROR);
    }
}
