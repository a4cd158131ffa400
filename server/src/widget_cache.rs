//! The home widgets' cache (G23): what the weather, geocoding, air-quality, currency and crypto
//! providers answered, shared by every listener, so a million visitors cost a provider one call per
//! cache period and per map cell.
//!
//! - An answer is fresh for its provider's period (weather and air 10 min, the place 24 h, quotes and
//!   coins 60 s); after that the next request asks the provider again.
//! - Concurrent misses of one key make one call (single flight): the first starts it on a task of its
//!   own and every request of that key awaits the same result. On its own task, a call finishes (and
//!   is cached) even when the listener who started it goes away.
//! - When the call fails or times out, the last good answer is served, marked stale, for up to
//!   [`STALE_FOR`]; after that the request is answered an error.
//! - A failure is remembered (an outage memory, a small circuit breaker): for [`RETRY_AFTER`] after
//!   it, then twice that after a second failure in a row and so on up to [`RETRY_AFTER_MAX`], the key
//!   is not asked again, and when the provider itself is down (no connection, a timeout, a 5xx or a
//!   429) no key of that provider is: listeners get the stale answer or the error at once instead of
//!   each waiting two seconds for a provider that is down. A good answer clears it.
//! - The map is bounded: an anonymous client can name any coordinate, so past `capacity` keys the one
//!   touched longest ago goes, and at most [`MAX_FLIGHTS`] calls per provider are under way at a time.
//!
//! `cache::Memo` (start over when full) does not fit here: forgetting everything would also forget
//! the good answers that a provider outage needs, and a burst of new cells would empty it.

use std::{
    collections::HashMap,
    fmt,
    hash::Hash,
    panic::AssertUnwindSafe,
    sync::{Arc, Mutex, MutexGuard, PoisonError},
    time::{Duration, Instant},
};

use futures_util::future::{BoxFuture, FutureExt, Shared};
use onda_shared::widgets::{AirQuality, Crypto, Currency, Place, Weather};

use crate::config::Config;

/// How long a provider may take for the whole exchange (connect, answer, body).
pub const UPSTREAM_TIMEOUT: Duration = Duration::from_secs(2);
/// How old the last good answer may be and still be served, marked stale, when the provider fails.
pub const STALE_FOR: Duration = Duration::from_secs(3600);
/// After a failed call the key (the whole provider when it is down) is not asked again for this
/// long; each further failure in a row doubles it, up to [`RETRY_AFTER_MAX`].
pub const RETRY_AFTER: Duration = Duration::from_secs(5);
/// The longest a failure holds back the next call.
pub const RETRY_AFTER_MAX: Duration = Duration::from_secs(60);
/// Calls under way to one provider at a time; past it a request is answered from the cache or refused
/// at once (a burst of new cells must not become a burst at the provider).
pub const MAX_FLIGHTS: usize = 32;

pub const WEATHER_FRESH: Duration = Duration::from_secs(10 * 60);
pub const AIR_FRESH: Duration = Duration::from_secs(10 * 60);
/// Municipalities do not move: a day, which also keeps us far below Nominatim's 1 request/s.
pub const GEOCODE_FRESH: Duration = Duration::from_secs(24 * 3600);
pub const MARKETS_FRESH: Duration = Duration::from_secs(60);
/// Cells kept per coordinate cache. A cell is ~1 km, so this covers every town where listeners are
/// many times over; one entry is a few hundred bytes.
pub const CELLS: usize = 10_000;
/// Nominatim's usage policy: at most one request per second from the whole application.
pub const NOMINATIM_INTERVAL: Duration = Duration::from_secs(1);

/// Why a provider gave no answer. Never carries the request URL: it holds the coordinates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UpstreamError {
    Timeout,
    /// No connection (refused, DNS, TLS, reset).
    Unreachable,
    /// The provider answered with this HTTP status.
    Status(u16),
    /// The answer is not what the provider documents (the serde message, which quotes no input).
    Malformed(String),
    /// Our own limit (calls under way, Nominatim's pace) said not now.
    Busy,
}

impl fmt::Display for UpstreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Timeout => write!(f, "timed out after {} s", UPSTREAM_TIMEOUT.as_secs()),
            Self::Unreachable => write!(f, "unreachable"),
            Self::Status(code) => write!(f, "answered HTTP {code}"),
            Self::Malformed(why) => write!(f, "unexpected answer: {why}"),
            Self::Busy => write!(f, "busy (our own limit)"),
        }
    }
}

impl UpstreamError {
    /// Whether the provider as a whole is down or refusing us (no connection, a timeout, a 5xx, a 429),
    /// rather than one key's answer being wrong: then no key of it is asked for a while.
    pub fn is_outage(&self) -> bool {
        match self {
            Self::Timeout | Self::Unreachable => true,
            Self::Status(code) => *code >= 500 || *code == 429,
            Self::Malformed(_) | Self::Busy => false,
        }
    }
}

impl From<reqwest::Error> for UpstreamError {
    fn from(error: reqwest::Error) -> Self {
        if error.is_timeout() {
            Self::Timeout
        } else if let Some(status) = error.status() {
            Self::Status(status.as_u16())
        } else {
            Self::Unreachable
        }
    }
}

/// A map cell of about 1 km: latitude and longitude rounded to 2 decimals, kept as hundredths of a
/// degree so that equal cells are equal keys and the text sent to a provider has exactly 2 decimals.
/// Only the cell ever leaves the server or enters the cache, never the listener's own coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    lat: i32,
    lon: i32,
}

impl Cell {
    /// The cell holding a point; `None` unless latitude is in -90…90 and longitude in -180…180.
    pub fn at(lat: f64, lon: f64) -> Option<Self> {
        let valid = lat.is_finite()
            && lon.is_finite()
            && (-90.0..=90.0).contains(&lat)
            && (-180.0..=180.0).contains(&lon);
        // In range, ×100 fits an i32 with room to spare.
        #[allow(clippy::cast_possible_truncation)]
        valid.then(|| Self {
            lat: (lat * 100.0).round() as i32,
            lon: (lon * 100.0).round() as i32,
        })
    }

    /// Latitude with 2 decimals: `-23.55`.
    pub fn lat(&self) -> String {
        hundredths(self.lat)
    }

    /// Longitude with 2 decimals: `-46.63`.
    pub fn lon(&self) -> String {
        hundredths(self.lon)
    }
}

/// `-2355` → `-23.55`, `-5` → `-0.05`, formatted from the integer so no float noise reaches a URL.
fn hundredths(value: i32) -> String {
    let sign = if value < 0 { "-" } else { "" };
    let abs = value.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// An answer from the cache.
#[derive(Debug, Clone, PartialEq)]
pub struct Served<V> {
    pub value: V,
    /// The provider failed; this is its last good answer (at most [`STALE_FOR`] old).
    pub stale: bool,
    /// How long a browser or CDN may reuse it: until this server would ask the provider again.
    pub max_age: Duration,
}

type Flight<V> = Shared<BoxFuture<'static, Result<V, UpstreamError>>>;

struct Entry<V> {
    good: Option<(V, Instant)>,
    /// The last failure: when, what, and until when it holds back the next call.
    failed: Option<Failure>,
}

#[derive(Clone)]
struct Failure {
    at: Instant,
    until: Instant,
    error: UpstreamError,
}

impl<V> Entry<V> {
    /// The last time the provider was asked for this key.
    fn touched(&self) -> Option<Instant> {
        let good = self.good.as_ref().map(|(_, at)| *at);
        let failed = self.failed.as_ref().map(|failure| failure.at);
        good.max(failed)
    }

    /// Whether it can still answer anything: a good value young enough to serve stale, or a failure
    /// that still holds back a retry.
    fn useful(&self, now: Instant) -> bool {
        let good = self
            .good
            .as_ref()
            .is_some_and(|(_, at)| now.saturating_duration_since(*at) < STALE_FOR);
        let failed = self.failed.as_ref().is_some_and(|failure| now < failure.until);
        good || failed
    }
}

struct Inner<K, V> {
    entries: HashMap<K, Entry<V>>,
    flights: HashMap<K, Flight<V>>,
    /// The provider is down (see [`UpstreamError::is_outage`]): no key is asked until then.
    outage: Option<Failure>,
    /// Failed calls in a row (none since the last good answer), which set how long the next failure
    /// is remembered.
    failures: u32,
    /// Added to the clock (see [`WidgetCache::age`]).
    skew: Duration,
}

impl<K: Eq + Hash + Clone, V: Clone> Inner<K, V> {
    fn now(&self) -> Instant {
        Instant::now() + self.skew
    }

    /// The entry of `key`, made room for: past `capacity`, entries with nothing left to serve go
    /// first, then the one asked longest ago.
    fn entry(&mut self, key: K, capacity: usize, now: Instant) -> &mut Entry<V> {
        if !self.entries.contains_key(&key) && self.entries.len() >= capacity {
            self.entries.retain(|_, entry| entry.useful(now));
            if self.entries.len() >= capacity {
                let oldest = self
                    .entries
                    .iter()
                    .min_by_key(|(_, entry)| entry.touched())
                    .map(|(key, _)| key.clone());
                if let Some(oldest) = oldest {
                    self.entries.remove(&oldest);
                }
            }
        }
        self.entries.entry(key).or_insert(Entry {
            good: None,
            failed: None,
        })
    }

    /// The failure that holds back a call for `key` now, its own or the provider's outage.
    fn holding(&self, key: &K, now: Instant) -> Option<&Failure> {
        let own = self.entries.get(key).and_then(|entry| entry.failed.as_ref());
        [own, self.outage.as_ref()]
            .into_iter()
            .flatten()
            .filter(|failure| now < failure.until)
            .max_by_key(|failure| failure.until)
    }

    /// How long until the provider may be asked for `key` again (zero: at once).
    fn retry_in(&self, key: &K, now: Instant) -> Duration {
        self.holding(key, now).map_or(Duration::ZERO, |failure| {
            failure.until.saturating_duration_since(now)
        })
    }

    /// What a request gets when the provider cannot answer now: the last good value if it is at
    /// most [`STALE_FOR`] old (stale), else `error`.
    fn fallback(&self, key: &K, now: Instant, error: UpstreamError) -> Result<Served<V>, UpstreamError> {
        let Some(entry) = self.entries.get(key) else {
            return Err(error);
        };
        let retry_in = self.retry_in(key, now);
        match &entry.good {
            Some((value, at)) if now.saturating_duration_since(*at) <= STALE_FOR => Ok(Served {
                value: value.clone(),
                stale: true,
                max_age: retry_in,
            }),
            _ => Err(error),
        }
    }
}

/// One provider's answers by key (a [`Cell`], or `()` for the quotes and coins).
pub struct WidgetCache<K, V> {
    /// Names the provider in the logs.
    provider: &'static str,
    fresh_for: Duration,
    capacity: usize,
    inner: Arc<Mutex<Inner<K, V>>>,
}

fn lock<K, V>(inner: &Mutex<Inner<K, V>>) -> MutexGuard<'_, Inner<K, V>> {
    // A panic while holding the lock leaves maps that are still valid: keep using them.
    inner.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<K, V> WidgetCache<K, V>
where
    K: Eq + Hash + Clone + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
{
    pub fn new(provider: &'static str, fresh_for: Duration, capacity: usize) -> Self {
        Self {
            provider,
            fresh_for,
            capacity: capacity.max(1),
            inner: Arc::new(Mutex::new(Inner {
                entries: HashMap::new(),
                flights: HashMap::new(),
                outage: None,
                failures: 0,
                skew: Duration::ZERO,
            })),
        }
    }

    /// The answer for `key`: fresh from the cache, else from `fetch` (one call however many
    /// requests miss at once), else the last good answer marked stale, else the provider's error.
    pub async fn get<F, Fut>(&self, key: K, fetch: F) -> Result<Served<V>, UpstreamError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<V, UpstreamError>> + Send + 'static,
    {
        let flight = {
            let mut inner = lock(&self.inner);
            let now = inner.now();
            match inner.flights.get(&key) {
                Some(flight) => flight.clone(),
                None => {
                    if let Some((value, at)) = inner.entries.get(&key).and_then(|entry| entry.good.as_ref()) {
                        let age = now.saturating_duration_since(*at);
                        if age < self.fresh_for {
                            return Ok(Served {
                                value: value.clone(),
                                stale: false,
                                max_age: self.fresh_for - age,
                            });
                        }
                    }
                    if let Some(failure) = inner.holding(&key, now) {
                        let error = failure.error.clone();
                        return inner.fallback(&key, now, error);
                    }
                    if inner.flights.len() >= MAX_FLIGHTS {
                        return inner.fallback(&key, now, UpstreamError::Busy);
                    }
                    let flight = self.start(key.clone(), fetch());
                    inner.flights.insert(key.clone(), flight.clone());
                    flight
                }
            }
        };
        match flight.await {
            Ok(value) => Ok(Served {
                value,
                stale: false,
                max_age: self.fresh_for,
            }),
            Err(error) => {
                let inner = lock(&self.inner);
                let now = inner.now();
                inner.fallback(&key, now, error)
            }
        }
    }

    /// Runs one call on a task of its own; the task stores its outcome and retires the flight.
    /// Called with the lock held, so the task cannot retire the flight before it is registered.
    fn start<Fut>(&self, key: K, fetch: Fut) -> Flight<V>
    where
        Fut: Future<Output = Result<V, UpstreamError>> + Send + 'static,
    {
        let inner = Arc::clone(&self.inner);
        let provider = self.provider;
        let capacity = self.capacity;
        let task = tokio::spawn(async move {
            // A panicking adapter must not leave its flight registered for ever.
            let result = AssertUnwindSafe(fetch)
                .catch_unwind()
                .await
                .unwrap_or_else(|_| Err(UpstreamError::Malformed("adapter panicked".to_owned())));
            let mut inner = lock(&inner);
            let now = inner.now();
            inner.flights.remove(&key);
            match &result {
                Ok(value) => {
                    inner.failures = 0;
                    inner.outage = None;
                    let entry = inner.entry(key, capacity, now);
                    entry.good = Some((value.clone(), now));
                    entry.failed = None;
                }
                // Our own pace said not now: the provider was not asked, so nothing is known about
                // it and the next request may try again.
                Err(UpstreamError::Busy) => {}
                Err(error) => {
                    let held = backoff(inner.failures);
                    inner.failures = inner.failures.saturating_add(1);
                    let failure = Failure {
                        at: now,
                        until: now + held,
                        error: error.clone(),
                    };
                    // Logged once per failed call, not per waiting listener; never with the URL.
                    tracing::warn!(
                        provider,
                        %error,
                        retry_in_s = held.as_secs(),
                        "home widget provider failed"
                    );
                    if error.is_outage() {
                        inner.outage = Some(failure.clone());
                    }
                    inner.entry(key, capacity, now).failed = Some(failure);
                }
            }
            result
        });
        async move {
            task.await
                .unwrap_or_else(|_| Err(UpstreamError::Malformed("call aborted".to_owned())))
        }
        .boxed()
        .shared()
    }

    /// How long until the provider may be asked for `key` again: zero unless a failure (its own or
    /// the provider's outage) holds it back. An answer the provider could not give may be reused
    /// this long.
    pub fn retry_in(&self, key: &K) -> Duration {
        let inner = lock(&self.inner);
        let now = inner.now();
        inner.retry_in(key, now)
    }

    /// Calls that failed in a row since the provider last answered (0 when it is well).
    pub fn failures(&self) -> u32 {
        lock(&self.inner).failures
    }

    /// Moves this cache's clock forward, as if `by` had passed: the tests see fresh answers expire and
    /// stale ones run out without waiting an hour.
    pub fn age(&self, by: Duration) {
        lock(&self.inner).skew += by;
    }

    /// Keys held (at most the capacity).
    pub fn len(&self) -> usize {
        lock(&self.inner).entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// How long a failure holds back the next call after `before` failures in a row: [`RETRY_AFTER`],
/// doubled for each, at most [`RETRY_AFTER_MAX`].
fn backoff(before: u32) -> Duration {
    RETRY_AFTER
        .saturating_mul(1 << before.min(16))
        .min(RETRY_AFTER_MAX)
}

/// A pace shared by every call to one provider: slots `interval` apart.
pub struct Throttle {
    interval: Duration,
    next: Mutex<Option<Instant>>,
}

impl Throttle {
    pub fn new(interval: Duration) -> Self {
        Self {
            interval,
            next: Mutex::new(None),
        }
    }

    /// Takes the next free slot and says how long to wait for it, or `None` (taking nothing) when it
    /// is more than `max_wait` away: a caller then gives up rather than queue behind a crowd.
    pub fn reserve(&self, max_wait: Duration) -> Option<Duration> {
        let mut next = self.next.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        let slot = next.map_or(now, |next| next.max(now));
        let wait = slot - now;
        if wait > max_wait {
            return None;
        }
        *next = Some(slot + self.interval);
        Some(wait)
    }
}

/// Every widget provider's cache, the client that calls them and Nominatim's pace; one per server.
pub struct Widgets {
    /// Identifies the station to the providers (Nominatim's policy asks for it), 2 s per call.
    pub client: reqwest::Client,
    pub weather: WidgetCache<Cell, Weather>,
    pub air: WidgetCache<Cell, AirQuality>,
    /// `None`: Nominatim knows no place there (the sea); cached like a place.
    pub geocode: WidgetCache<Cell, Option<Place>>,
    pub currency: WidgetCache<(), Currency>,
    pub crypto: WidgetCache<(), Crypto>,
    /// At most one Nominatim request per second from this server.
    pub nominatim: Arc<Throttle>,
}

impl Widgets {
    /// Each provider's failures in a row: weather, air, geocode, currency, crypto.
    pub fn failures(&self) -> [u32; 5] {
        [
            self.weather.failures(),
            self.air.failures(),
            self.geocode.failures(),
            self.currency.failures(),
            self.crypto.failures(),
        ]
    }

    pub fn new(config: &Config) -> Self {
        let user_agent = format!(
            "{} (onda-server/{}; +{})",
            config.station_name,
            env!("CARGO_PKG_VERSION"),
            config.public_url()
        );
        let client = reqwest::Client::builder()
            .user_agent(user_agent)
            .timeout(UPSTREAM_TIMEOUT)
            .build()
            .unwrap_or_default();
        Self {
            client,
            weather: WidgetCache::new("open-meteo forecast", WEATHER_FRESH, CELLS),
            air: WidgetCache::new("open-meteo air quality", AIR_FRESH, CELLS),
            geocode: WidgetCache::new("nominatim reverse", GEOCODE_FRESH, CELLS),
            currency: WidgetCache::new("awesomeapi quotes", MARKETS_FRESH, 1),
            crypto: WidgetCache::new("coingecko markets", MARKETS_FRESH, 1),
            nominatim: Arc::new(Throttle::new(NOMINATIM_INTERVAL)),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[test]
    fn a_cell_is_two_decimals_of_the_point() {
        let cell = Cell::at(-23.550_52, -46.633_308).unwrap();
        assert_eq!(
            (cell.lat(), cell.lon()),
            ("-23.55".to_owned(), "-46.63".to_owned())
        );
        assert_eq!(Cell::at(-23.546, -46.634), Some(cell));
        let tiny = Cell::at(-0.004, 0.05).unwrap();
        assert_eq!((tiny.lat(), tiny.lon()), ("0.00".to_owned(), "0.05".to_owned()));
        assert_eq!(Cell::at(-0.05, 180.0).unwrap().lat(), "-0.05");
        assert_eq!(Cell::at(90.0, -180.0).unwrap().lon(), "-180.00");
        for (lat, lon) in [(f64::NAN, 0.0), (0.0, f64::INFINITY), (90.01, 0.0), (0.0, -180.5)] {
            assert_eq!(Cell::at(lat, lon), None, "{lat} {lon}");
        }
    }

    #[tokio::test]
    async fn concurrent_misses_make_one_call_and_fresh_hits_none() {
        let cache = Arc::new(WidgetCache::<(), u32>::new("test", Duration::from_secs(60), 1));
        let calls = Arc::new(AtomicUsize::new(0));
        let requests = (0..20).map(|_| {
            let cache = cache.clone();
            let calls = calls.clone();
            async move {
                cache
                    .get((), move || async move {
                        calls.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        Ok(7)
                    })
                    .await
            }
        });
        for served in futures_util::future::join_all(requests).await {
            assert_eq!(served.unwrap().value, 7);
        }
        let again = cache.get((), || async { Ok(8) }).await.unwrap();
        assert_eq!((again.value, again.stale), (7, false));
        assert!(again.max_age <= Duration::from_secs(60));
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_failure_serves_the_last_good_answer_for_an_hour() {
        let cache = WidgetCache::<(), u32>::new("test", Duration::from_secs(60), 1);
        cache.get((), || async { Ok(1) }).await.unwrap();
        cache.age(Duration::from_secs(61));
        let stale = cache
            .get((), || async { Err(UpstreamError::Timeout) })
            .await
            .unwrap();
        assert_eq!((stale.value, stale.stale), (1, true));
        // Within the retry window the provider is not asked again.
        let calls = Arc::new(AtomicUsize::new(0));
        let counter = calls.clone();
        let held = cache
            .get((), move || async move {
                counter.fetch_add(1, Ordering::SeqCst);
                Ok(3)
            })
            .await
            .unwrap();
        assert_eq!((held.value, held.stale), (1, true));
        assert_eq!(calls.load(Ordering::SeqCst), 0);
        // Past the hour the failure is the answer.
        cache.age(STALE_FOR);
        let error = cache
            .get((), || async { Err(UpstreamError::Status(500)) })
            .await
            .unwrap_err();
        assert_eq!(error, UpstreamError::Status(500));
        // And a recovery is served fresh.
        cache.age(RETRY_AFTER_MAX);
        let back = cache.get((), || async { Ok(2) }).await.unwrap();
        assert_eq!((back.value, back.stale), (2, false));
    }

    /// `left` is `right` less the few moments the test took since the failure.
    #[track_caller]
    fn assert_close(left: Duration, right: Duration) {
        assert!(
            left <= right && right - left < Duration::from_millis(500),
            "{left:?} is not about {right:?}"
        );
    }

    #[tokio::test]
    async fn an_outage_holds_back_every_key_for_a_while_that_grows_to_a_bound() {
        let cache = WidgetCache::<u32, u32>::new("test", Duration::from_secs(60), 10);
        let calls = Arc::new(AtomicUsize::new(0));
        let ask = |key: u32, answer: Result<u32, UpstreamError>| {
            let calls = calls.clone();
            let cache = &cache;
            async move {
                cache
                    .get(key, move || async move {
                        calls.fetch_add(1, Ordering::SeqCst);
                        answer
                    })
                    .await
            }
        };
        assert_eq!(
            ask(1, Err(UpstreamError::Unreachable)).await,
            Err(UpstreamError::Unreachable)
        );
        assert_close(cache.retry_in(&1), RETRY_AFTER);
        // Another key of the same provider is not asked either.
        assert_eq!(ask(2, Ok(2)).await, Err(UpstreamError::Unreachable));
        assert_close(cache.retry_in(&2), RETRY_AFTER);
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        // Each failure in a row doubles the wait, up to the bound.
        let mut held = RETRY_AFTER;
        for _ in 0..6 {
            cache.age(held);
            assert!(ask(1, Err(UpstreamError::Status(503))).await.is_err());
            held = (held * 2).min(RETRY_AFTER_MAX);
            assert_close(cache.retry_in(&1), held);
        }
        assert_eq!(held, RETRY_AFTER_MAX);
        assert_eq!(calls.load(Ordering::SeqCst), 7);
        // Back: a good answer clears it, and the next failure starts again from the first wait.
        cache.age(RETRY_AFTER_MAX);
        assert_eq!(ask(2, Ok(2)).await.map(|served| served.value), Ok(2));
        assert_eq!(cache.retry_in(&1), Duration::ZERO);
        assert_eq!(ask(1, Ok(1)).await.map(|served| served.value), Ok(1));
        cache.age(Duration::from_secs(61));
        assert!(ask(1, Err(UpstreamError::Timeout)).await.unwrap().stale);
        assert_close(cache.retry_in(&1), RETRY_AFTER);
    }

    #[tokio::test]
    async fn a_wrong_answer_for_one_key_holds_back_only_that_key() {
        let cache = WidgetCache::<u32, u32>::new("test", Duration::from_secs(60), 10);
        let wrong = UpstreamError::Malformed("x".to_owned());
        assert_eq!(
            cache
                .get(1, || async { Err(UpstreamError::Malformed("x".to_owned())) })
                .await,
            Err(wrong.clone())
        );
        assert_eq!(cache.get(1, || async { Ok(1) }).await, Err(wrong));
        assert_eq!(cache.get(2, || async { Ok(2) }).await.unwrap().value, 2);
    }

    #[tokio::test]
    async fn our_own_limit_is_not_a_provider_failure() {
        let cache = WidgetCache::<(), u32>::new("test", Duration::from_secs(60), 1);
        let busy = cache.get((), || async { Err(UpstreamError::Busy) }).await;
        assert_eq!(busy, Err(UpstreamError::Busy));
        // No retry window: the next request asks.
        let served = cache.get((), || async { Ok(4) }).await.unwrap();
        assert_eq!((served.value, served.stale), (4, false));
    }

    #[tokio::test]
    async fn the_map_keeps_its_capacity_and_drops_the_oldest() {
        let cache = WidgetCache::<u32, u32>::new("test", Duration::from_secs(60), 3);
        for key in 0..3 {
            cache.get(key, move || async move { Ok(key) }).await.unwrap();
            cache.age(Duration::from_secs(1));
        }
        cache.get(3, || async { Ok(3) }).await.unwrap();
        assert_eq!(cache.len(), 3);
        // Key 0 was the oldest: asking it again calls the provider.
        let calls = Arc::new(AtomicUsize::new(0));
        let counter = calls.clone();
        cache
            .get(0, move || async move {
                counter.fetch_add(1, Ordering::SeqCst);
                Ok(0)
            })
            .await
            .unwrap();
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        assert_eq!(cache.len(), 3);
    }

    #[test]
    fn the_throttle_spaces_slots_and_refuses_a_long_wait() {
        let throttle = Throttle::new(Duration::from_secs(1));
        assert_eq!(throttle.reserve(Duration::from_secs(1)), Some(Duration::ZERO));
        let second = throttle.reserve(Duration::from_secs(1)).unwrap();
        assert!(second > Duration::from_millis(900), "{second:?}");
        assert_eq!(throttle.reserve(Duration::from_secs(1)), None);
    }
}
