//! The station engine: a built-in autoDJ per channel feeding live MP3 and HE-AAC mounts, the listener
//! registry, what is on air (now playing, history, push) and external Icecast mounts.
//!
//! `Radio::start` reads the streams table: every source under `/stream/` becomes a local mount, grouped
//! into one channel per metaId (the main stream carries MP3, HE-AAC and HE-AAC v2 of the same
//! programme); affiliates whose stream URL is local relay the main channel's MP3 under their own id;
//! absolute source URLs are external Icecast mounts whose now playing and listeners are polled.

pub mod crossfade;
pub mod encode;
pub mod frames;
pub mod hls;
pub mod hls_audience;
pub mod house_ad;
pub mod icecast;
pub mod leader;
pub mod library;
pub mod listeners;
pub mod live;
pub mod loudness;
pub mod mount;
pub mod nowplaying;
pub mod playout;
pub mod replays;
pub mod rotation;
pub mod synth;
pub mod uploads;

use std::{
    collections::{BTreeMap, HashMap},
    path::{Path, PathBuf},
    sync::{
        Arc, PoisonError, RwLock,
        atomic::{AtomicBool, Ordering},
    },
};

use onda_shared::live::MetaType;
use sqlx::Row;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;

use self::{
    library::{Entry, Origin, Shelf, TrackMeta},
    listeners::ListenerBook,
    mount::{Codec, Mount},
    nowplaying::NowPlayingHub,
    playout::{ChannelSpec, PlayoutContext},
};
use crate::{
    AppState,
    db::Db,
    text::{slugify, stable_hash},
};

/// Who may listen to a mount (S05): the same rule as the stream list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Public,
    /// semiPro streams: any logged-in listener.
    LoggedIn,
    /// pro streams: PRO subscribers only.
    Pro,
}

impl Access {
    pub fn of(semi_pro: bool, pro: bool) -> Self {
        if pro {
            Self::Pro
        } else if semi_pro {
            Self::LoggedIn
        } else {
            Self::Public
        }
    }
}

/// A local mount and what its HTTP endpoint needs to know.
pub struct MountInfo {
    pub mount: Arc<Mount>,
    pub access: Access,
    pub stream_name: String,
    pub description: String,
    /// The channel's live input, when a studio may send to this mount (not an affiliate's relay).
    pub live: Option<Arc<live::LiveFeed>>,
}

pub struct Radio {
    pub hub: Arc<NowPlayingHub>,
    pub listeners: Arc<ListenerBook>,
    mounts: RwLock<HashMap<String, Arc<MountInfo>>>,
    /// Each local channel's live input, by metaId.
    live: RwLock<std::collections::BTreeMap<String, Arc<live::LiveFeed>>>,
    pub shutdown: CancellationToken,
    started: AtomicBool,
    /// Whether this instance plays out, follows another or has no engine (`leader`).
    pub role: leader::RoleCell,
    /// The secret a follower's relay presents to the leader's mounts (`leader`); set at start.
    relay_secret: std::sync::OnceLock<String>,
    /// One permit per stream listener this instance may serve (`listener_capacity`).
    listener_slots: Arc<Semaphore>,
    max_listeners: usize,
    /// Wakes the reader of the catalogue's uploaded songs (`uploads`): a playlist was saved.
    pub library_changed: Arc<tokio::sync::Notify>,
    /// Each local channel as HLS, by streamId (`hls`).
    hls: RwLock<HashMap<String, Arc<hls::ChannelHls>>>,
    /// The HLS players listening through this instance (`hls_audience`).
    pub hls_audience: Arc<hls_audience::HlsAudience>,
}

/// Open files kept for everything but listeners and push channels: a sixteenth of the limit, at least
/// this many.
const RESERVED_FILES: usize = 256;

/// How the open-file limit is shared: stream listeners and the now-playing push channels, the two
/// connections that stay open for hours, get what the reserve (the site, the database, the files)
/// leaves, three quarters to listeners and a quarter to push channels. Were the limit reached, the
/// server could accept no connection at all, pages and API included, and the clients over it would
/// wait in the kernel's queue for a socket that never frees; over its cap, a listener gets a 503
/// instead, and so does a push channel (`connections`).
fn file_budget() -> (usize, usize) {
    let files = rlimit::getrlimit(rlimit::Resource::NOFILE).map_or(1024, |(soft, _)| soft);
    let files = usize::try_from(files).unwrap_or(usize::MAX);
    let shared = files.saturating_sub((files / 16).max(RESERVED_FILES));
    let push = shared / 4;
    (shared - push, push)
}

/// How many listeners this instance serves at once: `configured`, or its share of the open-file
/// limit (`file_budget`).
pub fn listener_capacity(configured: Option<usize>) -> usize {
    configured
        .unwrap_or_else(|| file_budget().0)
        .min(Semaphore::MAX_PERMITS)
}

/// How many now-playing push channels this instance keeps open at once: `configured`, or their share
/// of the open-file limit (`file_budget`).
pub fn push_capacity(configured: Option<usize>) -> usize {
    configured.unwrap_or_else(|| file_budget().1)
}

impl Radio {
    pub fn new(max_listeners: usize) -> Self {
        let max_listeners = max_listeners.min(Semaphore::MAX_PERMITS);
        Self {
            hub: Arc::default(),
            listeners: Arc::new(ListenerBook::new()),
            mounts: RwLock::default(),
            live: RwLock::default(),
            shutdown: CancellationToken::new(),
            started: AtomicBool::new(false),
            role: leader::RoleCell::default(),
            relay_secret: std::sync::OnceLock::new(),
            listener_slots: Arc::new(Semaphore::new(max_listeners)),
            max_listeners,
            library_changed: Arc::default(),
            hls: RwLock::default(),
            hls_audience: Arc::default(),
        }
    }

    /// How many listeners this instance serves at once.
    pub fn listener_capacity(&self) -> usize {
        self.max_listeners
    }

    /// A place for one more listener, held for as long as the listener stays; `None` when the
    /// instance is full.
    pub fn listener_slot(&self) -> Option<OwnedSemaphorePermit> {
        self.listener_slots.clone().try_acquire_owned().ok()
    }

    /// A local channel as HLS, by its streamId.
    /// The channels published as HLS on this instance.
    pub fn hls_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = self
            .hls
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .keys()
            .cloned()
            .collect();
        ids.sort();
        ids
    }

    /// Every published rendition: its channel, its name and its window.
    pub fn hls_renditions(&self) -> Vec<(String, &'static str, Arc<hls::Store>)> {
        self.hls
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .flat_map(|(stream_id, channel)| {
                channel
                    .renditions
                    .iter()
                    .map(|(name, store)| (stream_id.clone(), *name, store.clone()))
            })
            .collect()
    }

    pub fn hls(&self, stream_id: &str) -> Option<Arc<hls::ChannelHls>> {
        self.hls
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(stream_id)
            .cloned()
    }

    pub fn mount(&self, name: &str) -> Option<Arc<MountInfo>> {
        self.mounts
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(name)
            .cloned()
    }

    pub fn mount_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .mounts
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .keys()
            .cloned()
            .collect();
        names.sort();
        names
    }

    /// Every local channel's live input, in metaId order.
    pub fn live_feeds(&self) -> Vec<Arc<live::LiveFeed>> {
        self.live
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .cloned()
            .collect()
    }

    /// The live input of the channel whose stream is `stream_id`.
    pub fn live_feed(&self, stream_id: &str) -> Option<Arc<live::LiveFeed>> {
        self.live_feeds()
            .into_iter()
            .find(|feed| feed.stream_id == stream_id)
    }

    /// The station's relay secret, once the engine has started on PostgreSQL.
    pub fn relay_secret(&self) -> Option<&str> {
        self.relay_secret.get().map(String::as_str)
    }

    /// Whether `presented` is the station's relay secret: another instance of the station relaying a
    /// mount (no access rules, not a listener). Compared in constant time.
    pub fn is_relay(&self, presented: &[u8]) -> bool {
        let Some(secret) = self.relay_secret.get() else {
            return false;
        };
        let secret = secret.as_bytes();
        secret.len() == presented.len()
            && !secret.is_empty()
            && secret
                .iter()
                .zip(presented)
                .fold(0u8, |diff, (a, b)| diff | (a ^ b))
                == 0
    }

    /// Ends every listener feed, push subscription and playout (server shutdown).
    pub fn stop(&self) {
        self.shutdown.cancel();
        for feed in self.live_feeds() {
            feed.disconnect();
        }
        for info in self
            .mounts
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
        {
            info.mount.close();
        }
    }

    /// Starts the engine once: mounts, libraries, playouts, listener accounting and Icecast pollers.
    pub async fn start(self: &Arc<Self>, state: &AppState) -> anyhow::Result<()> {
        if self.started.swap(true, Ordering::SeqCst) {
            return Ok(());
        }
        let config = &state.config;
        let db = &state.db;
        let streams = load_streams(db).await?;
        let affiliate_mounts = load_affiliate_mounts(db).await?;
        let main_meta = config.main_stream_id();

        let mut channels: BTreeMap<String, ChannelPlan> = BTreeMap::new();
        let mut externals = Vec::new();
        let mut feeds: BTreeMap<String, Arc<live::LiveFeed>> = BTreeMap::new();
        {
            let mut mounts = self.mounts.write().unwrap_or_else(PoisonError::into_inner);
            for stream in &streams {
                for src in &stream.sources {
                    if let Some(name) = src.strip_prefix("/stream/") {
                        let Some(codec) = codec_of(name) else {
                            // The Dolby Atmos HLS source has no local mount: only Safari plays it (G37).
                            continue;
                        };
                        let mount = Arc::new(Mount::new(
                            name.to_owned(),
                            stream.stream_id.clone(),
                            codec,
                            playout::CHUNK_PERIOD,
                        ));
                        let feed = feeds
                            .entry(stream.meta_id.clone())
                            .or_insert_with(|| {
                                let codecs = stream
                                    .sources
                                    .iter()
                                    .filter_map(|src| codec_of(src.strip_prefix("/stream/")?))
                                    .collect();
                                Arc::new(live::LiveFeed::new(
                                    stream.meta_id.clone(),
                                    stream.stream_id.clone(),
                                    codecs,
                                ))
                            })
                            .clone();
                        mounts.insert(
                            name.to_owned(),
                            Arc::new(MountInfo {
                                mount: mount.clone(),
                                access: Access::of(stream.semi_pro, stream.pro),
                                stream_name: stream.name.clone(),
                                description: stream.description.clone(),
                                live: Some(feed),
                            }),
                        );
                        let plan = channels
                            .entry(stream.meta_id.clone())
                            .or_insert_with(|| ChannelPlan {
                                meta_id: stream.meta_id.clone(),
                                stream_id: stream.stream_id.clone(),
                                breaks: false,
                                mounts: HashMap::new(),
                            });
                        plan.breaks |= !stream.pro;
                        plan.mounts.entry(codec).or_default().push(mount);
                    } else if src.starts_with("http://") || src.starts_with("https://") {
                        externals.push(icecast::External {
                            meta_id: stream.meta_id.clone(),
                            stream_id: stream.stream_id.clone(),
                            url: src.clone(),
                        });
                    }
                }
            }
            // Affiliates with a local stream URL relay the main programme under their own id.
            if let Some(main) = channels.get_mut(&main_meta) {
                for (sid, name) in affiliate_mounts {
                    let mount = Arc::new(Mount::new(name.clone(), sid, Codec::Mp3, playout::CHUNK_PERIOD));
                    mounts.insert(
                        name,
                        Arc::new(MountInfo {
                            mount: mount.clone(),
                            access: Access::Public,
                            stream_name: config.station_name.clone(),
                            description: String::new(),
                            live: None,
                        }),
                    );
                    main.mounts.entry(Codec::Mp3).or_default().push(mount);
                }
            }
        }

        *self.live.write().unwrap_or_else(PoisonError::into_inner) = feeds.clone();
        let radio_dir = config.radio_dir();
        let cache_dir = radio_dir.join("cache");
        let mut all_codecs: Vec<Codec> = channels
            .values()
            .flat_map(|plan| plan.mounts.keys().copied())
            .collect();
        all_codecs.sort();
        all_codecs.dedup();

        // Measurements made before: a track is measured once, when it first enters the library.
        let loudness = Arc::new(loudness::Book::load(db, config.loudness_target.0).await?);
        let runtime = tokio::runtime::Handle::current();

        // Shelves: a music folder, or the demo library rendered in the background.
        let mut shelves: HashMap<String, Arc<Shelf>> = HashMap::new();
        for plan in channels.values() {
            shelves.insert(plan.meta_id.clone(), Arc::default());
        }
        if let Some(music_dir) = config.music_dir.clone() {
            let plans: Vec<(String, String)> = channels
                .values()
                .map(|plan| (plan.meta_id.clone(), plan.stream_id.clone()))
                .collect();
            let catalogue = Catalogue::load(db).await?;
            let shelves = shelves.clone();
            let covers = radio_dir.join("covers");
            let filling = Filling::start(shelves.values());
            let (book, shutdown) = (loudness.clone(), self.shutdown.clone());
            tokio::task::spawn_blocking(move || {
                let files = fill_from_folder(&music_dir, &plans, &shelves, &catalogue, &covers);
                drop(filling);
                // Every song is on the shelf already: the first one airs as soon as it did before,
                // as it is if its turn comes before its measurement, at the target from then on.
                measure_folder(&files, &book, &runtime, &shutdown);
            });
        } else {
            let plan = demo_plan(state, &channels, &shelves, &radio_dir).await?;
            let shutdown = self.shutdown.clone();
            let filling = Filling::start(shelves.values());
            let book = loudness.clone();
            std::thread::Builder::new()
                .name("onda-demo-audio".into())
                .spawn(move || {
                    render_demo_library(plan, &shutdown, &book, &runtime);
                    drop(filling);
                })?;
        }

        self.publish_hls(config, &channels);
        self.hls_audience
            .set_per_address(usize::try_from(config.max_listeners_per_address).unwrap_or(usize::MAX));
        // Each programme recorded from those segments as it airs ('Ouvir de novo').
        tokio::spawn(replays::run(state.clone()));

        // The catalogue's uploaded songs join every shelf, whatever the rest of the library is.
        tokio::spawn(uploads::run(
            db.clone(),
            config.data_dir.clone(),
            shelves.values().cloned().collect(),
            loudness.clone(),
            self.library_changed.clone(),
            self.shutdown.clone(),
        ));

        let station = config.station_name.clone();
        let codecs = all_codecs.clone();
        let jingle_key = library::jingle_key(&station);
        let (target, known) = (loudness.target, loudness.get(&jingle_key));
        let (jingle, measured) =
            tokio::task::spawn_blocking(move || library::jingle(&station, &codecs, target, known)).await??;
        if let Some(measured) = measured
            && let Err(err) = loudness.record(&jingle_key, measured).await
        {
            tracing::warn!(error = %err, "the jingle's loudness not stored");
        }
        let ctx = PlayoutContext {
            db: db.clone(),
            hub: self.hub.clone(),
            cache_dir,
            jingle: Arc::new(jingle),
            shutdown: self.shutdown.clone(),
            loudness,
            schedule: state.schedule.clone(),
            crossfade: std::time::Duration::from_secs_f64(config.crossfade_seconds),
        };
        let programme = leader::Programme {
            channels: channels
                .into_values()
                .map(|plan| ChannelSpec {
                    shelf: shelves.get(&plan.meta_id).cloned().unwrap_or_default(),
                    live: feeds.get(&plan.meta_id).cloned(),
                    meta_id: plan.meta_id,
                    stream_id: plan.stream_id,
                    mounts: plan.mounts,
                    breaks: plan.breaks,
                })
                .collect(),
            ctx,
        };
        tokio::spawn(self.listeners.clone().run(db.clone(), self.shutdown.clone()));

        if db.backend == crate::db::Backend::Sqlite {
            // One instance: a source listed as live is one from before a restart.
            sqlx::query(
                "UPDATE live_sources SET live_since_ms = NULL, live_address = NULL, live_mount = NULL, \
                 live_name = NULL, live_agent = NULL, live_session = NULL, cut_requested = 0",
            )
            .execute(&db.pool)
            .await?;
        }
        match db.backend {
            // One instance by design: it plays out.
            crate::db::Backend::Sqlite => {
                self.role.set(leader::Role::Single);
                programme.play(&self.shutdown);
            }
            // Any number of instances: the one holding the lock plays out, the others relay it.
            crate::db::Backend::Postgres => {
                let secret = leader::relay_secret(db).await?;
                let _ = self.relay_secret.set(secret.clone());
                // Following until the lock is taken, so nothing below airs before that.
                self.role.set(leader::Role::Follower);
                tokio::spawn(leader::run(state.clone(), programme, secret));
            }
        }
        if !externals.is_empty() {
            tokio::spawn(icecast::run(
                externals,
                state.clone(),
                config.icecast_poll_seconds,
                self.shutdown.clone(),
            ));
        }
        tracing::info!(mounts = ?self.mount_names(), "station engine on air");
        Ok(())
    }
}

impl Radio {
    /// Cuts each local channel's codecs into HLS segments as they air (`hls`), each codec with a share
    /// of `ONDA_HLS_MAX_MB` by its bitrate.
    fn publish_hls(&self, config: &crate::Config, channels: &BTreeMap<String, ChannelPlan>) {
        let root = config.data_dir.join("hls");
        let window = std::time::Duration::from_secs(config.hls_window_minutes * 60);
        let total_kbps: u64 = channels
            .values()
            .flat_map(|plan| plan.mounts.keys())
            .map(|codec| u64::from(codec.kbps()))
            .sum::<u64>()
            .max(1);
        let mut published = HashMap::new();
        for plan in channels.values() {
            let mut renditions = Vec::new();
            let mut access = Access::Public;
            for (codec, mounts) in &plan.mounts {
                // The stream's own mount; the others relay it.
                let Some(mount) = mounts.first() else {
                    continue;
                };
                if let Some(info) = self.mount(&mount.name) {
                    access = info.access;
                }
                let bytes =
                    config.hls_max_mb.saturating_mul(1024 * 1024) / total_kbps * u64::from(codec.kbps());
                let dir = hls::rendition_dir(&root, &plan.stream_id, *codec);
                match hls::Store::open(dir, *codec, window, bytes, crate::clock::now_ms()) {
                    Ok(store) => {
                        let store = Arc::new(store);
                        tokio::spawn(hls::segment(mount.clone(), store.clone(), self.shutdown.clone()));
                        renditions.push((hls::rendition(*codec).0, store));
                    }
                    Err(err) => {
                        tracing::warn!(error = %err, stream_id = %plan.stream_id, "HLS not published")
                    }
                }
            }
            if renditions.is_empty() {
                continue;
            }
            let codecs: Vec<Codec> = plan.mounts.keys().copied().collect();
            published.insert(
                plan.stream_id.clone(),
                Arc::new(hls::ChannelHls {
                    access,
                    master: hls::master(&plan.stream_id, &codecs),
                    renditions,
                }),
            );
        }
        *self.hls.write().unwrap_or_else(PoisonError::into_inner) = published;
        tokio::spawn(self.hls_audience.clone().run(self.shutdown.clone()));
    }
}

/// The shelves being filled: while it lives, the playouts wait for a new song rather than repeat the
/// one on air (`Shelf::is_filling`); dropped when the filling ends, or if it panics.
struct Filling(Vec<Arc<Shelf>>);

impl Filling {
    fn start<'a>(shelves: impl Iterator<Item = &'a Arc<Shelf>>) -> Self {
        let shelves: Vec<Arc<Shelf>> = shelves.cloned().collect();
        shelves.iter().for_each(|shelf| shelf.set_filling(true));
        Self(shelves)
    }
}

impl Drop for Filling {
    fn drop(&mut self) {
        self.0.iter().for_each(|shelf| shelf.set_filling(false));
    }
}

/// A mount name's codec by its suffix, as the demo streams and docs/radio.md name them.
pub fn codec_of(name: &str) -> Option<Codec> {
    if name.ends_with("_aacp.aac") {
        Some(Codec::AacPlus)
    } else if name.ends_with(".aac") {
        Some(Codec::AacHe)
    } else if name.ends_with(".mp3") {
        Some(Codec::Mp3)
    } else {
        None
    }
}

struct ChannelPlan {
    meta_id: String,
    /// The stream whose id names the channel's music subfolder.
    stream_id: String,
    breaks: bool,
    mounts: HashMap<Codec, Vec<Arc<Mount>>>,
}

/// A row of `streams` with its sources, in position order.
#[derive(Debug, Clone)]
pub struct StreamRow {
    pub stream_id: String,
    pub meta_id: String,
    pub name: String,
    pub description: String,
    pub semi_pro: bool,
    pub pro: bool,
    pub sources: Vec<String>,
}

pub async fn load_streams(db: &Db) -> Result<Vec<StreamRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT s.stream_id, s.meta_id, s.name, s.description, s.is_semi_pro, s.is_pro, src.src \
         FROM streams s LEFT JOIN stream_sources src ON src.stream_id = s.id \
         ORDER BY s.position, s.id, src.position, src.id",
    )
    .fetch_all(&db.pool)
    .await?;
    let mut streams: Vec<StreamRow> = Vec::new();
    for row in rows {
        let stream_id: String = row.try_get(0)?;
        if streams.last().is_none_or(|last| last.stream_id != stream_id) {
            streams.push(StreamRow {
                stream_id,
                meta_id: row.try_get(1)?,
                name: row.try_get(2)?,
                description: row.try_get(3)?,
                semi_pro: row.try_get::<i64, _>(4)? != 0,
                pro: row.try_get::<i64, _>(5)? != 0,
                sources: Vec::new(),
            });
        }
        if let (Some(last), Some(src)) = (streams.last_mut(), row.try_get::<Option<String>, _>(6)?) {
            last.sources.push(src);
        }
    }
    Ok(streams)
}

async fn load_affiliate_mounts(db: &Db) -> Result<Vec<(String, String)>, sqlx::Error> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT sid, stream_url FROM affiliates WHERE stream_url LIKE '/stream/%' ORDER BY sid",
    )
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(sid, url)| {
            let name = url.strip_prefix("/stream/")?.to_owned();
            (codec_of(&name) == Some(Codec::Mp3)).then_some((sid, name))
        })
        .collect())
}

/// The demo catalogue's songs, to name demo tracks and to link folder tracks to artist and song pages.
#[derive(Debug, Clone, Default)]
struct Catalogue {
    songs: Vec<CatalogueSong>,
}

#[derive(Debug, Clone)]
struct CatalogueSong {
    slug: String,
    name: String,
    artist: String,
    artist_slug: String,
    country: String,
    album: String,
    year: i32,
    cover: String,
    cover_small: String,
}

impl Catalogue {
    async fn load(db: &Db) -> Result<Self, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT s.slug, s.name, a.name, a.slug, a.country, al.name, s.year, al.cover_url, al.cover_small_url \
             FROM songs s JOIN artists a ON a.id = s.artist_id JOIN albums al ON al.id = s.album_id \
             ORDER BY s.id",
        )
        .fetch_all(&db.pool)
        .await?;
        let songs = rows
            .iter()
            .map(|row| {
                Ok(CatalogueSong {
                    slug: row.try_get(0)?,
                    name: row.try_get(1)?,
                    artist: row.try_get(2)?,
                    artist_slug: row.try_get(3)?,
                    country: row.try_get(4)?,
                    album: row.try_get(5)?,
                    year: i32::try_from(row.try_get::<i64, _>(6)?).unwrap_or(0),
                    cover: row.try_get(7)?,
                    cover_small: row.try_get(8)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()?;
        Ok(Self { songs })
    }

    fn find(&self, artist: &str, title: &str) -> Option<&CatalogueSong> {
        let artist_slug = slugify(artist);
        let title_slug = slugify(title);
        self.songs
            .iter()
            .find(|song| song.artist_slug == artist_slug && slugify(&song.name) == title_slug)
    }

    fn artist_slug(&self, artist: &str) -> Option<&str> {
        let slug = slugify(artist);
        self.songs
            .iter()
            .find(|song| song.artist_slug == slug)
            .map(|song| song.artist_slug.as_str())
    }
}

/// Reads the music folder into the shelves: a `<folder>/<streamId>/` subfolder is that channel's
/// library, otherwise the whole folder is. Returns every file once, with its key.
fn fill_from_folder(
    music_dir: &Path,
    plans: &[(String, String)],
    shelves: &HashMap<String, Arc<Shelf>>,
    catalogue: &Catalogue,
    covers: &Path,
) -> Vec<(String, PathBuf)> {
    let mut cache: HashMap<PathBuf, Entry> = HashMap::new();
    let mut files_once = Vec::new();
    for (meta_id, stream_id) in plans {
        let own = music_dir.join(stream_id);
        let dir = if own.is_dir() { own } else { music_dir.to_owned() };
        let files = library::scan_folder(&dir);
        if files.is_empty() {
            tracing::warn!(folder = %dir.display(), %meta_id, "no audio files; the stream airs the jingle");
        }
        let Some(shelf) = shelves.get(meta_id) else {
            continue;
        };
        for path in files {
            let entry = cache
                .entry(path.clone())
                .or_insert_with(|| {
                    let entry = folder_entry(&path, catalogue, covers);
                    files_once.push((entry.key.clone(), path.clone()));
                    entry
                })
                .clone();
            shelf.add(entry);
        }
    }
    files_once
}

/// Measures the loudness of every file not measured before (decoded once each, one at a time, in
/// the background) and stores it. Nothing to do when normalisation is off. Blocking.
fn measure_folder(
    files: &[(String, PathBuf)],
    book: &loudness::Book,
    runtime: &tokio::runtime::Handle,
    shutdown: &CancellationToken,
) {
    if book.target.is_none() {
        return;
    }
    let started = std::time::Instant::now();
    let mut measured = 0;
    for (key, path) in files {
        if shutdown.is_cancelled() {
            return;
        }
        if book.get(key).is_some() {
            continue;
        }
        match library::measure_file(path) {
            Ok(loudness) => {
                if let Err(err) = runtime.block_on(book.record(key, loudness)) {
                    tracing::warn!(path = %path.display(), error = %err, "loudness not stored");
                }
                measured += 1;
            }
            // The playout skips it too, and says so when its turn comes.
            Err(err) => tracing::debug!(path = %path.display(), error = %err, "loudness not measured"),
        }
    }
    if measured > 0 {
        tracing::info!(
            measured,
            seconds = started.elapsed().as_secs(),
            "music folder loudness measured"
        );
    }
}

fn folder_entry(path: &Path, catalogue: &Catalogue, covers: &Path) -> Entry {
    let key = library::file_key(path);
    let tags = library::read_tags(path);
    let stem = path
        .file_stem()
        .and_then(|stem| stem.to_str())
        .unwrap_or_default()
        .to_owned();
    // 'Artist - Title.mp3' names the track when the file has no tags.
    let (name_artist, name_title) = match stem.split_once(" - ") {
        Some((artist, title)) => (artist.trim().to_owned(), title.trim().to_owned()),
        None => (String::new(), stem.clone()),
    };
    let artist = tags.artist.clone().unwrap_or(name_artist);
    let song = tags.title.clone().unwrap_or(name_title);
    let known = catalogue.find(&artist, &song);
    let (mut cover_large, mut cover_small) = known
        .map(|song| (song.cover.clone(), song.cover_small.clone()))
        .unwrap_or_else(|| ("/media/logo.svg".to_owned(), "/media/logo.svg".to_owned()));
    if let Some((mime, data)) = &tags.picture {
        let ext = if mime.contains("png") { "png" } else { "jpg" };
        let file = covers.join(format!("{key}.{ext}"));
        if file.exists() || library::write_atomically(&file, data).is_ok() {
            cover_large = format!("/media/radio/cover/{key}.{ext}");
            cover_small = cover_large.clone();
        }
    }
    Entry {
        meta: TrackMeta {
            artist_slug: known
                .map(|song| song.artist_slug.clone())
                .or_else(|| catalogue.artist_slug(&artist).map(str::to_owned))
                .unwrap_or_default(),
            music_slug: known.map(|song| song.slug.clone()).unwrap_or_default(),
            album: tags
                .album
                .clone()
                .or_else(|| known.map(|song| song.album.clone()))
                .unwrap_or_default(),
            year: tags.year.or_else(|| known.map(|song| song.year)),
            song,
            artist,
            cover_large,
            cover_small,
            meta_type: MetaType::Music,
        },
        key,
        origin: Origin::File {
            path: path.to_owned(),
        },
    }
}

/// One demo item to render, and the shelf it joins.
struct DemoItem {
    entry: Entry,
    render: DemoRender,
    shelf: Arc<Shelf>,
    /// Order of rendering: every channel's first song before anyone's second, except that the main
    /// channel's first two come first (its second must be ready before its first has played).
    rank: (usize, usize),
}

enum DemoRender {
    Song {
        seed: String,
        style: synth::Style,
        seconds: f32,
    },
    Commercial {
        seed: String,
        seconds: f32,
    },
}

/// How many demo songs a channel gets: the main programme plays the most.
const DEMO_SONGS_MAIN: usize = 10;
const DEMO_SONGS_OTHER: usize = 4;
const DEMO_COMMERCIALS: usize = 3;

/// Which catalogue songs suit a demo channel, by the stream's name after the station slug.
fn demo_fits(channel_suffix: &str, song: &CatalogueSong) -> bool {
    match channel_suffix {
        "classicos" => song.year < 2000,
        "hits" => song.year >= 2005,
        "mpb" => song.country == "BR",
        "roma" => song.country == "IT",
        _ => true,
    }
}

/// `want` songs of `fitting` (in its order), taken from each playlist in turn while any has a song
/// not taken yet, then from the rest.
fn draw<'a>(
    fitting: Vec<&'a CatalogueSong>,
    playlists: &[Vec<(String, String)>],
    want: usize,
) -> Vec<&'a CatalogueSong> {
    let mut members: Vec<Vec<&'a CatalogueSong>> = playlists
        .iter()
        .map(|list| {
            fitting
                .iter()
                .copied()
                .filter(|song| {
                    list.iter()
                        .any(|(slug, artist)| *slug == song.slug && *artist == song.artist_slug)
                })
                .collect()
        })
        .collect();
    let mut taken: Vec<&'a CatalogueSong> = Vec::with_capacity(want);
    let is_taken = |taken: &[&CatalogueSong], song: &CatalogueSong| {
        taken
            .iter()
            .any(|t| t.slug == song.slug && t.artist_slug == song.artist_slug)
    };
    while taken.len() < want {
        let mut progressed = false;
        for list in &mut members {
            while let Some(song) = list.first().copied() {
                list.remove(0);
                if !is_taken(&taken, song) {
                    taken.push(song);
                    progressed = true;
                    break;
                }
            }
            if taken.len() == want {
                break;
            }
        }
        if !progressed {
            break;
        }
    }
    for song in fitting {
        if taken.len() == want {
            break;
        }
        if !is_taken(&taken, song) {
            taken.push(song);
        }
    }
    taken
}

async fn demo_plan(
    state: &AppState,
    channels: &BTreeMap<String, ChannelPlan>,
    shelves: &HashMap<String, Arc<Shelf>>,
    radio_dir: &Path,
) -> anyhow::Result<Vec<DemoItem>> {
    let config = &state.config;
    let catalogue = Catalogue::load(&state.db).await?;
    let spots: Vec<(String, String, String, String)> = sqlx::query_as(
        "SELECT sp.slug, sp.name, c.name, sp.image_url FROM spots sp JOIN clients c ON c.id = sp.client_id \
         ORDER BY sp.position, sp.id",
    )
    .fetch_all(&state.db.pool)
    .await?;
    let demo_dir = radio_dir
        .join("demo")
        .join(format!("v{}", library::DEMO_AUDIO_VERSION));
    let target = config.loudness_target.0;
    let main_meta = config.main_stream_id();
    let slug_prefix = format!("{}_", config.station_slug);

    // The main channel first, so the station is on air as early as possible.
    let mut ordered: Vec<&ChannelPlan> = channels.values().collect();
    ordered.sort_by_key(|plan| plan.meta_id != main_meta);

    let mut items = Vec::new();
    for (channel_index, plan) in ordered.iter().enumerate() {
        let Some(shelf) = shelves.get(&plan.meta_id) else {
            continue;
        };
        let codecs: Vec<Codec> = plan.mounts.keys().copied().collect();
        let suffix = plan.meta_id.strip_prefix(&slug_prefix).unwrap_or(&plan.meta_id);
        let is_main = plan.meta_id == main_meta;
        let want = if is_main {
            DEMO_SONGS_MAIN
        } else {
            DEMO_SONGS_OTHER
        };
        let mut fitting: Vec<&CatalogueSong> = catalogue
            .songs
            .iter()
            .filter(|song| demo_fits(suffix, song))
            .collect();
        if fitting.is_empty() {
            fitting = catalogue.songs.iter().collect();
        }
        fitting.sort_by_key(|song| library::short_hash(&format!("{}|{}", plan.meta_id, song.slug)));
        // The playlists of the channel's grid each get their share, so every hour's playlist has
        // songs to play (a playlist none of whose songs were rendered would leave its hours to the
        // whole library, and one with a single song would repeat it for hours).
        let playlists = crate::data::playlists::songs_of_channel(&state.db, &plan.stream_id).await?;
        for (index, song) in draw(fitting, &playlists, want).into_iter().enumerate() {
            let seconds = config
                .demo_track_seconds
                .unwrap_or_else(|| 150.0 + (stable_hash(&["demo-length", &song.slug]) % 61) as f32);
            let style =
                library::demo_style(&song.country, song.year, stable_hash(&["demo-style", &song.slug]));
            let key = library::short_hash(&format!("song|{}|{seconds}|{style:?}", song.slug));
            items.push(DemoItem {
                entry: Entry {
                    meta: TrackMeta {
                        song: song.name.clone(),
                        artist: song.artist.clone(),
                        artist_slug: song.artist_slug.clone(),
                        music_slug: song.slug.clone(),
                        album: song.album.clone(),
                        year: Some(song.year),
                        cover_large: song.cover.clone(),
                        cover_small: song.cover_small.clone(),
                        meta_type: MetaType::Music,
                    },
                    origin: Origin::Demo {
                        files: demo_files(&demo_dir, &key, &codecs, target),
                    },
                    key,
                },
                render: DemoRender::Song {
                    seed: song.slug.clone(),
                    style,
                    seconds,
                },
                shelf: shelf.clone(),
                // The main stream is what a newcomer hears first: its songs are one step ahead, so
                // the one after the first is rendered right after it.
                rank: (
                    if is_main { index.saturating_sub(1) } else { index },
                    channel_index,
                ),
            });
        }
        if plan.breaks {
            for (index, (slug, name, client, image)) in spots.iter().take(DEMO_COMMERCIALS).enumerate() {
                let seconds = config.demo_track_seconds.map_or(20.0, |s| s.min(20.0));
                let key = library::short_hash(&format!("spot|{slug}|{seconds}"));
                items.push(DemoItem {
                    entry: Entry {
                        meta: TrackMeta {
                            song: name.clone(),
                            artist: client.clone(),
                            artist_slug: String::new(),
                            music_slug: String::new(),
                            album: String::new(),
                            year: None,
                            cover_large: image.clone(),
                            cover_small: image.clone(),
                            meta_type: MetaType::Commercial,
                        },
                        origin: Origin::Demo {
                            files: demo_files(&demo_dir, &key, &codecs, target),
                        },
                        key,
                    },
                    render: DemoRender::Commercial {
                        seed: slug.clone(),
                        seconds,
                    },
                    shelf: shelf.clone(),
                    // Commercials after the first songs: music first on a fresh start.
                    rank: (index + 1, channel_index),
                });
            }
        }
    }
    items.sort_by_key(|item| item.rank);
    Ok(items)
}

/// A demo item's files: `<key>.<ext>` as synthesised (the name the catalogue's and the clients'
/// audio routes share), `<key>.<target tag>.<ext>` brought to a loudness target.
fn demo_files(dir: &Path, key: &str, codecs: &[Codec], target: Option<f64>) -> HashMap<Codec, PathBuf> {
    let stem = match target {
        Some(target) => format!("{key}.{}", loudness::target_tag(target)),
        None => key.to_owned(),
    };
    codecs
        .iter()
        .map(|codec| {
            let ext = match codec {
                Codec::Mp3 => "mp3",
                Codec::AacHe => "he.aac",
                Codec::AacPlus => "hev2.aac",
            };
            (*codec, dir.join(format!("{stem}.{ext}")))
        })
        .collect()
}

/// Renders what is missing of the demo library, adding each item to its shelf as soon as it exists,
/// and stores the loudness of each item it renders.
fn render_demo_library(
    items: Vec<DemoItem>,
    shutdown: &CancellationToken,
    book: &loudness::Book,
    runtime: &tokio::runtime::Handle,
) {
    let started = std::time::Instant::now();
    let mut rendered = 0;
    for item in items {
        if shutdown.is_cancelled() {
            return;
        }
        let Origin::Demo { files } = &item.entry.origin else {
            continue;
        };
        let missing = files.values().any(|path| !path.exists());
        let render = || match &item.render {
            DemoRender::Song { seed, style, seconds } => synth::render_song(seed, *style, *seconds),
            DemoRender::Commercial { seed, seconds } => synth::render_commercial(seed, *seconds),
        };
        let result = library::render_demo_at(files, render, book.target);
        match result {
            Ok(measured) => {
                if let Some(measured) = measured
                    && let Err(err) = runtime.block_on(book.record(&item.entry.key, measured))
                {
                    tracing::warn!(error = %err, "demo track's loudness not stored");
                }
                rendered += usize::from(missing);
                item.shelf.add(item.entry);
            }
            Err(err) => tracing::warn!(error = %err, "demo track not rendered"),
        }
    }
    tracing::info!(
        rendered,
        seconds = started.elapsed().as_secs(),
        "demo music library ready"
    );
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    /// Every playlist of the grid gets its share of a demo channel's songs, a song in two playlists
    /// counting once, and the rest come in the channel's own order.
    #[test]
    fn demo_songs_are_drawn_from_every_playlist_in_turn() {
        let song = |slug: &str, year: i32| CatalogueSong {
            slug: slug.to_owned(),
            name: slug.to_owned(),
            artist: "a".to_owned(),
            artist_slug: "a".to_owned(),
            country: "BR".to_owned(),
            album: String::new(),
            year,
            cover: String::new(),
            cover_small: String::new(),
        };
        let songs: Vec<CatalogueSong> = (0..20).map(|i| song(&format!("s{i}"), 1960 + i * 3)).collect();
        let fitting: Vec<&CatalogueSong> = songs.iter().collect();
        let list = |range: std::ops::Range<usize>| -> Vec<(String, String)> {
            range.map(|i| (format!("s{i}"), "a".to_owned())).collect()
        };
        // Old songs, new songs, and one in both.
        let playlists = vec![list(0..5), list(14..20), list(4..5)];
        let drawn: Vec<&str> = draw(fitting.clone(), &playlists, 6)
            .iter()
            .map(|s| s.slug.as_str())
            .collect();
        assert_eq!(drawn, ["s0", "s14", "s4", "s1", "s15", "s2"]);
        // No grid: the channel's order.
        let drawn: Vec<&str> = draw(fitting, &[], 3).iter().map(|s| s.slug.as_str()).collect();
        assert_eq!(drawn, ["s0", "s1", "s2"]);
    }

    #[test]
    fn the_listener_cap_leaves_files_for_the_site() {
        assert_eq!(listener_capacity(Some(7)), 7);
        let (soft, _) = rlimit::getrlimit(rlimit::Resource::NOFILE).unwrap();
        let soft = usize::try_from(soft).unwrap();
        let shared = soft.saturating_sub((soft / 16).max(RESERVED_FILES));
        assert_eq!(listener_capacity(None) + push_capacity(None), shared);
        assert!(push_capacity(None) <= shared / 4);
        assert_eq!(push_capacity(Some(9)), 9);
        // A full house refuses the next listener until one leaves.
        let radio = Radio::new(1);
        let slot = radio.listener_slot().expect("one place");
        assert!(radio.listener_slot().is_none());
        drop(slot);
        assert!(radio.listener_slot().is_some());
    }
}
