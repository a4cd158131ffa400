//! The external custom-search service (`ONDA_SEARCH_API_URL`, `ONDA_SEARCH_API_KEY`,
//! `ONDA_SEARCH_ENGINE_ID`), when one is configured: called with the query, the engine id, 10 results and
//! the title and link fields; its key stays on the server (S16); replies are cached for ten minutes, and
//! a failure falls back to the station's own index, so a listener never sees an outage.

use std::{
    collections::HashMap,
    sync::{Mutex, OnceLock},
    time::{Duration, Instant},
};

use onda_shared::search::SearchSuggestion;
use serde::Deserialize;

use super::MAX_RESULTS;
use crate::{AppState, Result};

const EXTERNAL_TTL: Duration = Duration::from_secs(600);
const EXTERNAL_CACHE_MAX: usize = 2000;
const EXTERNAL_TIMEOUT: Duration = Duration::from_secs(4);

/// Replies of the external service by normalised query, with when they were fetched.
#[derive(Default)]
pub struct ExternalSearchCache {
    replies: Mutex<HashMap<String, (Instant, Vec<SearchSuggestion>)>>,
    client: OnceLock<reqwest::Client>,
}

/// The suggestions for a normalised, non-empty query.
pub async fn suggestions(state: &AppState, q: &str) -> Result<Vec<SearchSuggestion>> {
    if let Some(external) = state.config.external_search() {
        match external_search(state, &external, q).await {
            Ok(results) => return Ok(results),
            Err(err) => tracing::warn!(error = %err, "external search failed; answering from the own index"),
        }
    }
    state.search.search(&state.db, q, MAX_RESULTS).await
}

#[derive(Deserialize)]
struct ExternalReply {
    #[serde(default)]
    items: Vec<ExternalItem>,
}

#[derive(Deserialize)]
struct ExternalItem {
    #[serde(default)]
    title: String,
    #[serde(default)]
    link: String,
}

async fn external_search(
    state: &AppState,
    external: &crate::config::ExternalSearch<'_>,
    q: &str,
) -> anyhow::Result<Vec<SearchSuggestion>> {
    let cache = &state.search_cache;
    let key = q.to_lowercase();
    {
        let replies = cache
            .replies
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((at, results)) = replies.get(&key)
            && at.elapsed() < EXTERNAL_TTL
        {
            return Ok(results.clone());
        }
    }
    let client = match cache.client.get() {
        Some(client) => client.clone(),
        None => {
            let client = reqwest::Client::builder().timeout(EXTERNAL_TIMEOUT).build()?;
            cache.client.get_or_init(|| client).clone()
        }
    };
    let reply: ExternalReply = client
        .get(external.url)
        .query(&[
            ("key", external.key),
            ("cx", external.engine_id),
            ("q", q),
            ("num", "10"),
            ("fields", "items(title,link)"),
        ])
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let own = state.config.public_url();
    let results: Vec<SearchSuggestion> = reply
        .items
        .into_iter()
        .filter(|item| !item.title.trim().is_empty() && is_safe_link(&item.link))
        .take(MAX_RESULTS)
        .map(|item| SearchSuggestion {
            title: item.title.trim().to_owned(),
            // Our own pages open inside the app.
            link: match item.link.strip_prefix(&own) {
                Some(path) if path.starts_with('/') => path.to_owned(),
                _ => item.link,
            },
        })
        .collect();
    let mut replies = cache
        .replies
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if replies.len() >= EXTERNAL_CACHE_MAX {
        replies.retain(|_, (at, _)| at.elapsed() < EXTERNAL_TTL);
        if replies.len() >= EXTERNAL_CACHE_MAX {
            replies.clear();
        }
    }
    replies.insert(key, (Instant::now(), results.clone()));
    Ok(results)
}

/// Only web links reach the page (a `javascript:` link from a compromised service would run on click).
fn is_safe_link(link: &str) -> bool {
    let lower = link.trim().to_ascii_lowercase();
    lower.starts_with("https://")
        || lower.starts_with("http://")
        || (lower.starts_with('/') && !lower.starts_with("//"))
}

#[cfg(test)]
mod tests {
    use super::is_safe_link;

    #[test]
    fn only_web_links_pass() {
        assert!(is_safe_link("https://example.com/a"));
        assert!(is_safe_link("/noticias/x"));
        assert!(!is_safe_link("javascript:alert(1)"));
        assert!(!is_safe_link("//evil.example/x"));
        assert!(!is_safe_link("data:text/html,x"));
    }
}
