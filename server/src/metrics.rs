//! The server's figures for Prometheus (`GET /metrics`, in `routes::shell`), named and labelled as
//! Prometheus' conventions ask: base units in the names (`_seconds`, `_bytes`), `_total` on counters,
//! and only labels with a known, small set of values (a route's template, never its path; a channel,
//! a mount, a client kind; never a user or an address).
//!
//! Two kinds of figures:
//! - events, counted where they happen into [`METRICS`] (one per process, as Prometheus' own clients
//!   keep theirs): requests and their latency, now-playing announcements, role changes, database
//!   errors, rate-limit refusals, e-mails, backups;
//! - states, read from the running station when scraped ([`render`]): listeners, mounts' last audio,
//!   live sources, the engine's role, the database pool, the mail queue, the widget providers, and
//!   the process (CPU, memory, open files, from `/proc` by the library's process collector).

use std::sync::LazyLock;

use prometheus::{
    Encoder, Gauge, GaugeVec, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, IntGaugeVec,
    Opts, Registry, TextEncoder,
};

use crate::{AppState, radio::leader::Role};

/// The event counters, registered once in the process's registry.
pub struct Metrics {
    registry: Registry,
    pub http_requests: IntCounterVec,
    pub http_duration: HistogramVec,
    pub now_playing_announcements: IntCounterVec,
    pub role_changes: IntCounter,
    pub db_errors: IntCounterVec,
    pub rate_limited: IntCounterVec,
    pub mail: IntCounterVec,
    pub backups: IntCounterVec,
    pub backup_last_success: IntGauge,
    pub backup_last_duration: Gauge,
    pub backup_last_size: IntGauge,
}

/// Registers a metric just made in `registry`. Names, help texts and labels are constants, which
/// the library refuses only when malformed: a mistake there fails every test at once
/// (`every_metric_is_named_once`), so it is a programming error, not a state to carry on in.
#[allow(clippy::expect_used)]
fn registered<M: prometheus::core::Collector + Clone + 'static>(
    registry: &Registry,
    metric: prometheus::Result<M>,
) -> M {
    let metric = metric.expect("a well-formed metric");
    registry
        .register(Box::new(metric.clone()))
        .expect("a metric registered once");
    metric
}

fn counter_vec(registry: &Registry, name: &str, help: &str, labels: &[&str]) -> IntCounterVec {
    registered(registry, IntCounterVec::new(Opts::new(name, help), labels))
}

impl Metrics {
    fn new() -> Self {
        let registry = Registry::new();
        #[cfg(target_os = "linux")]
        {
            let _ = registry.register(Box::new(
                prometheus::process_collector::ProcessCollector::for_self(),
            ));
        }
        let http_duration = HistogramVec::new(
            HistogramOpts::new(
                "onda_http_request_duration_seconds",
                "Time to the head of each reply (a stream's or push channel's body goes on after it).",
            )
            .buckets(vec![
                0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
            ]),
            &["route", "method"],
        );
        Self {
            http_requests: counter_vec(
                &registry,
                "onda_http_requests_total",
                "HTTP requests answered, by route template, method and status.",
                &["route", "method", "status"],
            ),
            http_duration: registered(&registry, http_duration),
            now_playing_announcements: counter_vec(
                &registry,
                "onda_now_playing_announcements_total",
                "Items put on air and announced to the push channels, by channel (metaId).",
                &["meta"],
            ),
            role_changes: registered(
                &registry,
                IntCounter::new(
                    "onda_engine_role_changes_total",
                    "Times this instance's engine changed role (single, leader, follower).",
                ),
            ),
            db_errors: counter_vec(
                &registry,
                "onda_db_errors_total",
                "Database errors that reached a reply as a 500, by kind.",
                &["kind"],
            ),
            rate_limited: counter_vec(
                &registry,
                "onda_rate_limit_refusals_total",
                "Requests refused by a rate limit or a connection cap, by limit.",
                &["limit"],
            ),
            mail: counter_vec(
                &registry,
                "onda_mail_messages_total",
                "E-mails handed to the mail server (or the outbox), by outcome.",
                &["outcome"],
            ),
            backups: counter_vec(
                &registry,
                "onda_backups_total",
                "Scheduled backups, by outcome.",
                &["outcome"],
            ),
            backup_last_success: registered(
                &registry,
                IntGauge::new(
                    "onda_backup_last_success_timestamp_seconds",
                    "When the last scheduled backup was written (Unix time).",
                ),
            ),
            backup_last_duration: registered(
                &registry,
                Gauge::new(
                    "onda_backup_last_duration_seconds",
                    "How long the last scheduled backup took.",
                ),
            ),
            backup_last_size: registered(
                &registry,
                IntGauge::new(
                    "onda_backup_last_size_bytes",
                    "The size of the last scheduled backup's file.",
                ),
            ),
            registry,
        }
    }
}

/// The process's counters.
pub static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The label of a method: the usual ones by name, anything else as `other`, so a client inventing
/// methods adds no series.
pub fn method_label(method: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

/// Counts a reply of `route` (a template) and the time to its head.
pub fn observe_request(route: &str, method: &'static str, status: axum::http::StatusCode, seconds: f64) {
    METRICS
        .http_requests
        .with_label_values(&[route, method, status.as_str()])
        .inc();
    METRICS
        .http_duration
        .with_label_values(&[route, method])
        .observe(seconds);
}

/// Counts a database error by kind (a pool exhausted, a connection lost, the database's refusal).
pub fn database_error(error: &sqlx::Error) {
    let kind = match error {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed => "pool",
        sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::Protocol(_) => "connection",
        sqlx::Error::Database(_) => "database",
        _ => "other",
    };
    METRICS.db_errors.with_label_values(&[kind]).inc();
}

/// The widget providers as the metrics name them, in the order of [`crate::widget_cache::Widgets`].
const PROVIDERS: [&str; 5] = ["weather", "air", "geocode", "currency", "crypto"];

/// The content type of [`render`]'s text.
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

/// Every figure as Prometheus' text exposition format: the counters, and the station's state now.
pub async fn render(state: &AppState) -> String {
    let now = Registry::new();
    let gauge_vec = |name: &str, help: &str, labels: &[&str]| {
        registered(&now, IntGaugeVec::new(Opts::new(name, help), labels))
    };
    let float_vec = |name: &str, help: &str, labels: &[&str]| {
        registered(&now, GaugeVec::new(Opts::new(name, help), labels))
    };

    gauge_vec("onda_build_info", "The running release (always 1).", &["version"])
        .with_label_values(&[env!("CARGO_PKG_VERSION")])
        .set(1);

    let listeners = gauge_vec(
        "onda_listeners",
        "Listeners connected to this instance, by channel (streamId), mount, codec and client kind.",
        &["stream", "mount", "codec", "client"],
    );
    for (stream, mount, client, count) in state.radio.listeners.by_mount() {
        let codec = if mount.starts_with("/hls/") {
            "hls"
        } else {
            crate::radio::codec_of(&mount).map_or("other", codec_label)
        };
        listeners
            .with_label_values(&[&*stream, &*mount, codec, client])
            .set(count);
    }
    gauge_vec(
        "onda_listener_capacity",
        "How many stream listeners this instance serves at once.",
        &[],
    )
    .with_label_values::<&str>(&[])
    .set(i64::try_from(state.radio.listener_capacity()).unwrap_or(i64::MAX));

    let last_audio = float_vec(
        "onda_mount_last_audio_timestamp_seconds",
        "When audio was last put out on a mount (Unix time); a silent channel stops moving it.",
        &["stream", "mount"],
    );
    for name in state.radio.mount_names() {
        if let Some(info) = state.radio.mount(&name)
            && let Some(ms) = info.mount.last_audio_ms()
        {
            #[allow(clippy::cast_precision_loss)]
            last_audio
                .with_label_values(&[&*info.mount.stream_id, &*name])
                .set(ms as f64 / 1000.0);
        }
    }

    let connected = gauge_vec(
        "onda_live_source_connected",
        "Whether a studio source is connected to the channel on this instance (1) or not (0).",
        &["stream"],
    );
    let since = gauge_vec(
        "onda_live_source_connected_since_timestamp_seconds",
        "When the connected studio source connected (Unix time).",
        &["stream"],
    );
    let live_slot = gauge_vec(
        "onda_schedule_live_slot_on_air",
        "Whether the programme grid has a live slot on air on the channel now (1) or not (0).",
        &["stream"],
    );
    for feed in state.radio.live_feeds() {
        let session = feed.session();
        connected
            .with_label_values(&[&*feed.stream_id])
            .set(i64::from(session.is_some()));
        if let Some(session) = session {
            since
                .with_label_values(&[&*feed.stream_id])
                .set(session.since_ms / 1000);
        }
        let live = state
            .schedule
            .slot_at(&state.db, &feed.stream_id, crate::clock::now())
            .await
            .ok()
            .flatten()
            .is_some_and(|slot| slot.fill == onda_shared::schedule::SlotFill::Live);
        live_slot
            .with_label_values(&[&*feed.stream_id])
            .set(i64::from(live));
    }

    let role = gauge_vec(
        "onda_engine_role",
        "The role of this instance's station engine (1 for the current one).",
        &["role"],
    );
    let current = state.radio.role.get();
    for candidate in [Role::Off, Role::Single, Role::Leader, Role::Follower] {
        role.with_label_values(&[candidate.name()])
            .set(i64::from(candidate == current));
    }

    let pool = gauge_vec(
        "onda_db_pool_connections",
        "Database connections held by the pool, by state (idle or in use).",
        &["state"],
    );
    let size = i64::from(state.db.pool.size());
    let idle = i64::try_from(state.db.pool.num_idle()).unwrap_or(0);
    pool.with_label_values(&["idle"]).set(idle);
    pool.with_label_values(&["in_use"]).set((size - idle).max(0));
    gauge_vec(
        "onda_db_pool_max_connections",
        "The most connections the database pool opens.",
        &[],
    )
    .with_label_values::<&str>(&[])
    .set(i64::from(state.db.pool.options().get_max_connections()));

    if let Ok(waiting) = crate::data::submissions::unmailed_count(&state.db).await {
        gauge_vec(
            "onda_mail_queue_length",
            "Listeners' form submissions whose e-mail has not left yet (retried with growing waits).",
            &[],
        )
        .with_label_values::<&str>(&[])
        .set(waiting);
    }

    let up = gauge_vec(
        "onda_widget_provider_up",
        "Whether a home widget provider's last call succeeded (1) or it is failing now (0).",
        &["provider"],
    );
    let failures = gauge_vec(
        "onda_widget_provider_consecutive_failures",
        "Failed calls to a home widget provider since its last success.",
        &["provider"],
    );
    for (provider, failed) in PROVIDERS.iter().zip(state.widgets.failures()) {
        up.with_label_values(&[*provider]).set(i64::from(failed == 0));
        failures.with_label_values(&[*provider]).set(i64::from(failed));
    }

    gauge_vec(
        "onda_backup_interval_seconds",
        "Time between scheduled backups (0 when ONDA_BACKUP_DIR is unset).",
        &[],
    )
    .with_label_values::<&str>(&[])
    .set(if state.config.backup_dir.is_some() {
        i64::try_from(state.config.backup_every.0.as_secs()).unwrap_or(i64::MAX)
    } else {
        0
    });

    let mut families = METRICS.registry.gather();
    families.extend(now.gather());
    families.sort_by(|a, b| a.name().cmp(b.name()));
    let mut out = Vec::new();
    if let Err(err) = TextEncoder::new().encode(&families, &mut out) {
        tracing::error!(error = %err, "metrics not encoded");
    }
    String::from_utf8(out).unwrap_or_default()
}

fn codec_label(codec: crate::radio::mount::Codec) -> &'static str {
    use crate::radio::mount::Codec;
    match codec {
        Codec::Mp3 => "mp3",
        Codec::AacHe => "aac_he",
        Codec::AacPlus => "aac_plus",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_metric_is_named_once() {
        // Building the counters registers each one; a malformed name or a clash would panic here.
        let metrics = Metrics::new();
        let names: Vec<String> = metrics
            .registry
            .gather()
            .iter()
            .map(|family| family.name().to_owned())
            .collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len());
        assert!(
            names
                .iter()
                .all(|name| name.starts_with("onda_") || name.starts_with("process_"))
        );
    }
}
