//! External Icecast mounts: a stream whose source is an absolute URL is played by listeners straight
//! from Icecast, and the station reads what is on air and how many listen from Icecast's status JSON
//! (`/status-json.xsl`, the documented machine interface since 2.4; the HTML pages are not scraped).
//!
//! A title change puts the item on air here exactly as the built-in autoDJ does (hub, push, history),
//! matched to the music catalogue by artist and title so its cover and pages show; listener counts
//! join the per-stream statistics.
//!
//! The status is fetched by the server from an address staff typed: only from public hosts, or the
//! private ones the operator listed (`address`), and never through a redirect.

pub mod address;

use std::{
    collections::{HashMap, HashSet},
    sync::Arc,
    time::Duration,
};

use serde_json::Value;
use tokio_util::sync::CancellationToken;

use super::nowplaying;
use crate::{AppState, clock::now_ms};

/// A stream source on an Icecast server.
#[derive(Debug, Clone)]
pub struct External {
    pub meta_id: String,
    pub stream_id: String,
    /// The listen URL, `http://host:8000/mount`.
    pub url: String,
}

impl External {
    /// `(status URL, mount path)` of the source.
    fn split(&self) -> Option<(String, String)> {
        let scheme_end = self.url.find("://")? + 3;
        let path_start = self.url[scheme_end..].find('/')? + scheme_end;
        let base = &self.url[..path_start];
        let path = self.url[path_start..].split(['?', '#']).next()?.to_owned();
        Some((format!("{base}/status-json.xsl"), path))
    }
}

/// One mount as the status JSON describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceStatus {
    pub mount: String,
    pub title: String,
    pub listeners: i64,
}

/// Parses `/status-json.xsl`: `icestats.source` is an object for one mount and an array for several.
pub fn parse_status(json: &Value) -> Vec<SourceStatus> {
    let sources = match json.pointer("/icestats/source") {
        Some(Value::Array(list)) => list.iter().collect(),
        Some(single @ Value::Object(_)) => vec![single],
        _ => Vec::new(),
    };
    sources
        .into_iter()
        .filter_map(|source| {
            let listen_url = source.get("listenurl")?.as_str()?;
            let mount = match listen_url.find("://") {
                Some(at) => listen_url[at + 3..]
                    .find('/')
                    .map(|slash| listen_url[at + 3 + slash..].to_owned())?,
                None => listen_url.to_owned(),
            };
            let text = |key: &str| {
                source
                    .get(key)
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .trim()
                    .to_owned()
            };
            // Some sources send artist and title apart; most send 'Artist - Title' as the title.
            let (artist, title) = (text("artist"), text("title"));
            let title = match (artist.is_empty(), title.is_empty()) {
                (false, false) => format!("{artist} - {title}"),
                (false, true) => artist,
                _ => title,
            };
            let listeners = source.get("listeners").and_then(Value::as_i64).unwrap_or(0);
            Some(SourceStatus {
                mount,
                title,
                listeners,
            })
        })
        .collect()
}

/// Why a status could not be read.
#[derive(Debug, thiserror::Error)]
pub enum PollError {
    #[error(transparent)]
    Refused(#[from] address::Refusal),
    /// Anything but a 2xx, redirects included: they are not followed.
    #[error("answered {0}")]
    Status(reqwest::StatusCode),
    #[error(transparent)]
    Http(#[from] reqwest::Error),
}

/// The poller's HTTP side. Both of its clients follow no redirect (a status is read from the address
/// asked, never from one it points to) and use no proxy (the address checked is the one connected
/// to). A host the operator listed is fetched as it resolves; any other connects only to public
/// addresses: a numeric host is judged before the request (`address::route`), and a name is resolved,
/// checked and connected to in one step (`address::PublicResolver`), so an answer that changes
/// between a check and the connection cannot slip through.
pub struct StatusClient {
    guarded: reqwest::Client,
    trusted: reqwest::Client,
    allow: address::AllowList,
}

impl StatusClient {
    pub fn new(allow: address::AllowList) -> reqwest::Result<Self> {
        let builder = || {
            reqwest::Client::builder()
                .timeout(Duration::from_secs(5))
                .user_agent(concat!("onda-server/", env!("CARGO_PKG_VERSION")))
                .redirect(reqwest::redirect::Policy::none())
                .no_proxy()
        };
        Ok(Self {
            guarded: builder()
                .dns_resolver(Arc::new(address::PublicResolver))
                .build()?,
            trusted: builder().build()?,
            allow,
        })
    }

    /// The mounts a status address describes.
    pub async fn fetch(&self, url: &str) -> Result<Vec<SourceStatus>, PollError> {
        let url = reqwest::Url::parse(url).map_err(|_| address::Refusal::NotWeb)?;
        let client = match address::route(&url, &self.allow)? {
            address::Route::Trusted => &self.trusted,
            address::Route::Guarded => &self.guarded,
        };
        let response = client.get(url).send().await.map_err(|err| {
            // The resolver's refusal comes back wrapped in the connection's error.
            let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(&err);
            while let Some(error) = cause {
                if let Some(refusal) = error.downcast_ref::<address::Refusal>() {
                    return PollError::Refused(*refusal);
                }
                cause = error.source();
            }
            PollError::Http(err)
        })?;
        if !response.status().is_success() {
            return Err(PollError::Status(response.status()));
        }
        let json: Value = response.json().await?;
        Ok(parse_status(&json))
    }
}

/// Polls every status URL of `externals` until shutdown.
pub async fn run(externals: Vec<External>, state: AppState, poll_seconds: u64, shutdown: CancellationToken) {
    let client = match StatusClient::new(address::allowed()) {
        Ok(client) => client,
        Err(err) => {
            tracing::error!(error = %err, "no HTTP client for Icecast");
            return;
        }
    };
    // A refused address is reported once, not on every poll.
    let mut reported: HashSet<String> = HashSet::new();
    let mut by_status: HashMap<String, Vec<(External, String)>> = HashMap::new();
    for external in externals {
        match external.split() {
            Some((status, path)) => by_status.entry(status).or_default().push((external, path)),
            None => tracing::warn!(url = %external.url, "not an Icecast mount URL"),
        }
    }
    let mut titles: HashMap<String, String> = HashMap::new();
    let mut tick = tokio::time::interval(Duration::from_secs(poll_seconds.max(1)));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            () = shutdown.cancelled() => return,
        }
        for (status_url, mounts) in &by_status {
            let statuses = match client.fetch(status_url).await {
                Ok(statuses) => statuses,
                Err(err) => {
                    if matches!(err, PollError::Refused(_)) && reported.insert(status_url.clone()) {
                        tracing::warn!(
                            url = %status_url,
                            error = %err,
                            variable = address::ALLOW_PRIVATE_VAR,
                            "Icecast status not polled: a local or private address the operator did not list"
                        );
                    } else {
                        tracing::debug!(url = %status_url, error = %err, "Icecast status unavailable");
                    }
                    for (external, _) in mounts {
                        state.radio.listeners.set_external(&external.stream_id, 0);
                    }
                    continue;
                }
            };
            for (external, path) in mounts {
                let found = statuses.iter().find(|status| status.mount == *path);
                let listeners = found.map_or(0, |status| status.listeners);
                state.radio.listeners.set_external(&external.stream_id, listeners);
                let Some(status) = found else { continue };
                // Two streams may share one metaId: the first one's title drives it.
                if status.title.is_empty() || titles.get(&external.meta_id) == Some(&status.title) {
                    continue;
                }
                titles.insert(external.meta_id.clone(), status.title.clone());
                on_air(&state, &external.meta_id, &status.title).await;
            }
        }
    }
}

/// Puts an Icecast title on air (`nowplaying::title_on_air`). With many instances only the leader
/// does (the others hear of it by `radio::leader`'s notification); every instance still polls, for the
/// listener counts its statistics add up.
async fn on_air(state: &AppState, meta_id: &str, title: &str) {
    if state.radio.role.get() == super::leader::Role::Follower {
        return;
    }
    nowplaying::title_on_air(&state.db, &state.radio.hub, meta_id, title, now_ms()).await;
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn status_json_with_one_or_many_sources() {
        let one: Value = serde_json::json!({"icestats": {"source": {
            "listenurl": "http://radio.local:8000/live.mp3", "title": "Elis Regina - Como Nossos Pais",
            "listeners": 7
        }}});
        assert_eq!(
            parse_status(&one),
            vec![SourceStatus {
                mount: "/live.mp3".into(),
                title: "Elis Regina - Como Nossos Pais".into(),
                listeners: 7
            }]
        );
        let many: Value = serde_json::json!({"icestats": {"source": [
            {"listenurl": "http://a:8000/a.mp3", "artist": "Djavan", "title": "Sina", "listeners": 1},
            {"listenurl": "http://a:8000/b.mp3", "listeners": 0}
        ]}});
        let parsed = parse_status(&many);
        assert_eq!(parsed[0].title, "Djavan - Sina");
        assert_eq!(parsed[1].title, "");
        assert!(parse_status(&serde_json::json!({"icestats": {}})).is_empty());
    }

    /// A stand-in for an Icecast server on 127.0.0.1: it counts the requests it gets and answers
    /// `answer` to each.
    async fn stub(answer: axum::response::Response) -> (u16, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
        use std::sync::{
            Arc,
            atomic::{AtomicUsize, Ordering},
        };
        let hits = Arc::new(AtomicUsize::new(0));
        let (status, headers, body) = {
            let (parts, body) = answer.into_parts();
            let body = axum::body::to_bytes(body, 1 << 16).await.unwrap();
            (parts.status, parts.headers, body)
        };
        let counted = hits.clone();
        let app = axum::Router::new().fallback(move || {
            counted.fetch_add(1, Ordering::SeqCst);
            let (status, headers, body) = (status, headers.clone(), body.clone());
            async move { (status, headers, body) }
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (port, hits)
    }

    fn status_json() -> axum::response::Response {
        use axum::response::IntoResponse;
        axum::Json(serde_json::json!({"icestats": {"source": {
            "listenurl": "http://icecast.internal:8000/live.mp3", "title": "Djavan - Sina", "listeners": 3
        }}}))
        .into_response()
    }

    fn redirect_to(port: u16) -> axum::response::Response {
        use axum::response::IntoResponse;
        axum::response::Redirect::temporary(&format!("http://127.0.0.1:{port}/status-json.xsl"))
            .into_response()
    }

    /// The poller asks for a channel's status by itself, with the addresses the back office stored:
    /// it must not reach the server's own machine or private network, by number or by a name that
    /// resolves there, unless the operator listed the address; and a listed server cannot send it
    /// elsewhere with a redirect.
    #[tokio::test]
    async fn the_poller_reaches_no_private_address_and_follows_no_redirect() {
        use std::sync::atomic::Ordering;
        let (inside, inside_hits) = stub(status_json()).await;
        let (redirecting, redirect_hits) = stub(redirect_to(inside)).await;
        // The operator trusts the redirecting server only.
        let client =
            StatusClient::new(address::AllowList::parse(&format!("127.0.0.1:{redirecting}"))).unwrap();

        for url in [
            format!("http://127.0.0.1:{inside}/status-json.xsl"),
            format!("http://localhost:{inside}/status-json.xsl"),
            format!("http://[::ffff:127.0.0.1]:{inside}/status-json.xsl"),
            format!("http://2130706433:{inside}/status-json.xsl"),
        ] {
            assert!(
                matches!(client.fetch(&url).await, Err(PollError::Refused(_))),
                "{url}"
            );
        }
        assert_eq!(
            inside_hits.load(Ordering::SeqCst),
            0,
            "a private address was reached"
        );

        let status = format!("http://127.0.0.1:{redirecting}/status-json.xsl");
        assert!(
            matches!(client.fetch(&status).await, Err(PollError::Status(code)) if code.is_redirection()),
            "a redirect is not a status"
        );
        assert_eq!(redirect_hits.load(Ordering::SeqCst), 1);
        assert_eq!(inside_hits.load(Ordering::SeqCst), 0, "the redirect was followed");

        // Listed by the operator, the same private server is polled.
        let trusting = StatusClient::new(address::AllowList::parse(&format!("127.0.0.1:{inside}"))).unwrap();
        let statuses = trusting
            .fetch(&format!("http://127.0.0.1:{inside}/status-json.xsl"))
            .await
            .unwrap();
        assert_eq!(statuses[0].title, "Djavan - Sina");
        assert_eq!(inside_hits.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn mount_urls_split_into_status_and_path() {
        let external = External {
            meta_id: "x".into(),
            stream_id: "x".into(),
            url: "http://127.0.0.1:8000/onda.mp3?type=.mp3".into(),
        };
        assert_eq!(
            external.split(),
            Some(("http://127.0.0.1:8000/status-json.xsl".into(), "/onda.mp3".into()))
        );
    }
}
