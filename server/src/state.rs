//! The state every handler shares. Cloned for every request by the router and the middleware, so it is
//! one `Arc` (one atomic increment per clone); handlers reach the fields through `Deref`.

use std::{ops::Deref, sync::Arc};

use bytes::Bytes;
use onda_shared::news::MostReadNews;

use crate::{
    auth::AuthState,
    cache::Memo,
    config::Config,
    connections::{Caps, ConnectionBook},
    db::Db,
    external::ExternalCache,
    mail::Mailer,
    radio::Radio,
    radio::house_ad::HouseAd,
    search::{SearchIndex, external::ExternalSearchCache},
    widget_cache::Widgets,
};

/// getNewsMostRead's rankings by count, with the instant each was computed (counts are 1–20).
pub type MostReadCache = Memo<i64, (i64, Vec<MostReadNews>)>;
/// getMetaHistory's reply per metaId, with the item on air when it was made.
pub type HistoryCache = Memo<String, (String, Bytes)>;

#[derive(Clone)]
pub struct AppState(Arc<Shared>);

pub struct Shared {
    pub db: Db,
    pub config: Arc<Config>,
    /// Session signing keys and the social-login key cache.
    pub auth: Arc<AuthState>,
    pub mailer: Arc<Mailer>,
    /// getNewsMostRead's short-lived rankings.
    pub most_read_cache: Arc<MostReadCache>,
    /// The station engine (started by `Radio::start`; idle in tests that don't start it).
    pub radio: Arc<Radio>,
    /// getMetaHistory replies, valid while the same item is on air.
    pub history_cache: Arc<HistoryCache>,
    /// The house preroll's audio, rendered on first use.
    pub house_ad: Arc<HouseAd>,
    /// The site search index (built at start-up by `search::run_refresh`, or on first use).
    pub search: Arc<SearchIndex>,
    /// Replies of the external search service, when one is configured.
    pub search_cache: Arc<ExternalSearchCache>,
    /// Replies of the third-party podcast catalogue and video platform.
    pub external_cache: Arc<ExternalCache>,
    /// The home widgets' providers (weather, place, air, quotes, coins): their client and caches.
    pub widgets: Arc<Widgets>,
    /// What each client address holds open (connections, push channels, listeners).
    pub connections: Arc<ConnectionBook>,
    /// The programme grid: each channel's grid, on air now and next, and programme changes pushed.
    pub schedule: Arc<crate::schedule::ScheduleBook>,
}

impl Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl AppState {
    pub fn new(db: Db, config: Config) -> Self {
        let mailer = Mailer::new(&config);
        let widgets = Widgets::new(&config);
        let max_listeners = crate::radio::listener_capacity(config.max_listeners);
        let count = |value: u64| usize::try_from(value).unwrap_or(usize::MAX);
        let caps = Caps {
            connections_per_address: count(config.max_connections_per_address),
            push_per_address: count(config.max_push_per_address),
            listeners_per_address: count(config.max_listeners_per_address),
            push_total: crate::radio::push_capacity(config.max_push),
        };
        Self(Arc::new(Shared {
            db,
            config: Arc::new(config),
            auth: Arc::new(AuthState::new()),
            mailer: Arc::new(mailer),
            most_read_cache: Arc::new(Memo::new(32)),
            radio: Arc::new(Radio::new(max_listeners)),
            history_cache: Arc::new(Memo::new(1000)),
            house_ad: Arc::default(),
            search: Arc::default(),
            search_cache: Arc::default(),
            external_cache: Arc::default(),
            widgets: Arc::new(widgets),
            connections: Arc::new(ConnectionBook::new(caps)),
            schedule: Arc::default(),
        }))
    }
}
