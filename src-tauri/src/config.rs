//! Desktop configuration from the environment, read once at start and managed as Tauri state.

use std::fmt;

use tauri::Url;

/// The environment variable naming the station server the UI talks to.
pub const SERVER_URL_ENV: &str = "ONDA_SERVER_URL";

/// The station's public address, used when `ONDA_SERVER_URL` is unset or blank.
pub const DEFAULT_SERVER_URL: &str = "https://www.ondafm.com.br";

/// What the desktop app needs to know about its station.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DesktopConfig {
    /// Base address of the station server (API, streams, media), without a trailing slash.
    pub server_url: String,
}

impl DesktopConfig {
    /// Reads the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_server_url(std::env::var(SERVER_URL_ENV).ok().as_deref())
    }

    /// Builds the configuration from the raw `ONDA_SERVER_URL` value: unset or blank means the default,
    /// anything else must be an absolute `http(s)` URL.
    pub fn from_server_url(raw: Option<&str>) -> Result<Self, ConfigError> {
        let raw = match raw.map(str::trim) {
            Some(value) if !value.is_empty() => value,
            _ => DEFAULT_SERVER_URL,
        };
        let invalid = |reason: &'static str| ConfigError::InvalidServerUrl {
            value: raw.to_owned(),
            reason,
        };
        let url = Url::parse(raw).map_err(|_| invalid("not an absolute URL"))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(invalid("the scheme must be http or https"));
        }
        if url.host_str().is_none_or(str::is_empty) {
            return Err(invalid("there is no host"));
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err(invalid("a base address has no query or fragment"));
        }
        Ok(Self {
            server_url: url.as_str().trim_end_matches('/').to_owned(),
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigError {
    InvalidServerUrl { value: String, reason: &'static str },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidServerUrl { value, reason } => {
                write!(
                    f,
                    "{SERVER_URL_ENV}={value:?} is not a usable station address: {reason}"
                )
            }
        }
    }
}

impl std::error::Error for ConfigError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unset_or_blank_means_the_public_station() {
        for raw in [None, Some(""), Some("   ")] {
            let config = DesktopConfig::from_server_url(raw).unwrap();
            assert_eq!(config.server_url, DEFAULT_SERVER_URL, "for {raw:?}");
        }
    }

    #[test]
    fn accepts_http_and_https_and_drops_the_trailing_slash() {
        let cases = [
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
            ("http://127.0.0.1:8080/", "http://127.0.0.1:8080"),
            (" https://radio.example.com.br/ ", "https://radio.example.com.br"),
            ("https://example.com/onda/", "https://example.com/onda"),
        ];
        for (raw, expected) in cases {
            let config = DesktopConfig::from_server_url(Some(raw)).unwrap();
            assert_eq!(config.server_url, expected, "for {raw:?}");
        }
    }

    #[test]
    fn rejects_what_is_not_a_base_address() {
        let cases = [
            ("127.0.0.1:8080", "not an absolute URL"),
            ("localhost:8080", "http or https"),
            ("www.ondafm.com.br", "not an absolute URL"),
            ("ftp://example.com", "http or https"),
            ("file:///tmp/ui", "http or https"),
            ("https://example.com/?a=1", "query"),
            ("https://example.com/#top", "fragment"),
        ];
        for (raw, expected) in cases {
            let err = DesktopConfig::from_server_url(Some(raw)).unwrap_err();
            let message = err.to_string();
            assert!(message.contains(SERVER_URL_ENV), "{raw:?}: {message}");
            assert!(message.contains(expected), "{raw:?}: {message}");
        }
    }
}
