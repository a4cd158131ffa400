//! Third-party JSON services (the podcast catalogue, the video platform): one client and one cache of
//! replies by URL, shared by the podcast and video routes.
//!
//! A reply is served from the cache for [`EXTERNAL_TTL`]; when the service fails, the last good copy is
//! served however old, so a listener sees yesterday's list rather than an error.

use std::{
    collections::HashMap,
    sync::Mutex,
    time::{Duration, Instant},
};

use serde_json::Value;

/// How long a third-party reply is served from the cache before it is asked again.
pub const EXTERNAL_TTL: Duration = Duration::from_secs(300);
const EXTERNAL_TIMEOUT: Duration = Duration::from_secs(5);
/// At most this many URLs are remembered.
const MAX_ENTRIES: usize = 1024;

/// JSON replies of third-party services by URL, with the instant each was fetched; one per server.
#[derive(Default)]
pub struct ExternalCache {
    entries: Mutex<HashMap<String, (Instant, Value)>>,
    client: std::sync::OnceLock<reqwest::Client>,
}

impl ExternalCache {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (Instant, Value)>> {
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Forgets every reply; the next calls ask the services again.
    pub fn clear(&self) {
        self.lock().clear();
    }

    /// The reply of `url`: fresh from the cache, else fetched; when the service fails, the last good
    /// copy however old, else `None` (the caller decides what an absent service means).
    pub async fn get_json(&self, url: &str) -> Option<Value> {
        let cached = self.lock().get(url).cloned();
        if let Some((at, value)) = &cached
            && at.elapsed() < EXTERNAL_TTL
        {
            return Some(value.clone());
        }
        match self.fetch(url).await {
            Ok(value) => {
                let mut entries = self.lock();
                // URLs are built from request parameters (show slugs, playlist ids): a bound keeps
                // an anonymous client from growing the map; the next calls simply ask again.
                if entries.len() >= MAX_ENTRIES && !entries.contains_key(url) {
                    entries.clear();
                }
                entries.insert(url.to_owned(), (Instant::now(), value.clone()));
                Some(value)
            }
            Err(error) => {
                // The URL may carry an API key: log the host only.
                let host = reqwest::Url::parse(url)
                    .ok()
                    .and_then(|u| u.host_str().map(str::to_owned))
                    .unwrap_or_default();
                tracing::warn!(%host, %error, "third-party service failed");
                cached.map(|(_, value)| value)
            }
        }
    }

    async fn fetch(&self, url: &str) -> std::result::Result<Value, reqwest::Error> {
        let client = self.client.get_or_init(|| {
            reqwest::Client::builder()
                .timeout(EXTERNAL_TIMEOUT)
                .build()
                .unwrap_or_default()
        });
        client
            .get(url)
            .send()
            .await?
            .error_for_status()?
            .json::<Value>()
            .await
    }
}
