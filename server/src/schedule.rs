//! The programme grid in memory: each channel's grid, read from the database at most every
//! [`FRESH_FOR`] (and at once after a save on this instance), what is on air now and next, and the
//! push of a programme change to every page and app listening to the channel.
//!
//! A grid is a few dozen rows, so now and next are worked out from it on every call; the clock task
//! ([`ScheduleBook::run`]) compares them each second and wakes the channel's subscribers when the
//! programme on air, or the one announced next, changes. Another instance's save reaches this one's
//! pages within [`FRESH_FOR`].

use std::{
    collections::HashMap,
    sync::{Arc, OnceLock, RwLock},
    time::{Duration, Instant},
};

use onda_shared::schedule::{ScheduleNow, ScheduleSlot, ScheduleWeek};
use tokio::sync::watch;

use crate::{
    Result,
    clock::now,
    data::schedule::{self as rules, Grid},
    db::Db,
};

/// How long a grid read from the database is used before it is read again.
pub const FRESH_FOR: Duration = Duration::from_secs(20);

/// A channel: its name and metaId, and its grid when read.
struct Channel {
    name: String,
    meta_id: String,
    grid: Option<(Instant, Arc<Grid>)>,
    announced: watch::Sender<Option<Arc<ScheduleNow>>>,
}

#[derive(Default)]
pub struct ScheduleBook {
    /// Only the station's own channels: a request naming another id adds nothing.
    channels: RwLock<Option<HashMap<String, Channel>>>,
    clock: OnceLock<()>,
}

impl ScheduleBook {
    fn read<T>(&self, f: impl FnOnce(&HashMap<String, Channel>) -> T) -> Option<T> {
        self.channels
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .as_ref()
            .map(f)
    }

    async fn load_channels(&self, db: &Db) -> Result<()> {
        if self.read(|_| ()).is_some() {
            return Ok(());
        }
        let rows = rules::channels(db).await?;
        let mut channels = self
            .channels
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if channels.is_none() {
            *channels = Some(
                rows.into_iter()
                    .map(|(stream_id, name, meta_id)| {
                        (
                            stream_id,
                            Channel {
                                name,
                                meta_id,
                                grid: None,
                                announced: watch::channel(None).0,
                            },
                        )
                    })
                    .collect(),
            );
        }
        Ok(())
    }

    /// The channel's grid, `None` when `stream_id` is not one of the station's channels.
    pub async fn grid(&self, db: &Db, stream_id: &str) -> Result<Option<Arc<Grid>>> {
        self.load_channels(db).await?;
        let cached = self.read(|channels| {
            channels.get(stream_id).map(|channel| {
                channel
                    .grid
                    .as_ref()
                    .filter(|(read, _)| read.elapsed() < FRESH_FOR)
                    .map(|(_, grid)| grid.clone())
            })
        });
        match cached.flatten() {
            None => Ok(None),
            Some(Some(grid)) => Ok(Some(grid)),
            Some(None) => {
                // Changes from yesterday on: one that started yesterday may still be on air.
                let since = rules::brasilia_date(now()) - time::Duration::days(1);
                let mut conn = db.pool.acquire().await?;
                let grid = Arc::new(rules::grid(&mut conn, stream_id, since).await?);
                if let Some(channel) = self
                    .channels
                    .write()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .as_mut()
                    .and_then(|channels| channels.get_mut(stream_id))
                {
                    channel.grid = Some((Instant::now(), grid.clone()));
                }
                Ok(Some(grid))
            }
        }
    }

    /// Forgets a channel's grid after a save (and the channel list, when `stream_id` is `None`).
    pub fn invalidate(&self, stream_id: Option<&str>) {
        let mut channels = self
            .channels
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match (stream_id, channels.as_mut()) {
            (Some(stream_id), Some(map)) => {
                if let Some(channel) = map.get_mut(stream_id) {
                    channel.grid = None;
                }
            }
            (None, Some(map)) => map.values_mut().for_each(|channel| channel.grid = None),
            _ => {}
        }
    }

    /// The channel's next seven days.
    pub async fn week(&self, db: &Db, stream_id: &str) -> Result<Option<ScheduleWeek>> {
        let Some(grid) = self.grid(db, stream_id).await? else {
            return Ok(None);
        };
        let name = self
            .read(|channels| channels.get(stream_id).map(|c| c.name.clone()))
            .flatten()
            .unwrap_or_default();
        Ok(Some(ScheduleWeek {
            stream_id: stream_id.to_owned(),
            stream_name: name,
            days: grid.week(now()),
        }))
    }

    /// On air now and next.
    pub async fn now(&self, db: &Db, stream_id: &str) -> Result<Option<ScheduleNow>> {
        let Some(grid) = self.grid(db, stream_id).await? else {
            return Ok(None);
        };
        let (on_air, next) = grid.now_next(now());
        Ok(Some(ScheduleNow {
            stream_id: stream_id.to_owned(),
            now: on_air.map(|airing| airing.wire()),
            next: next.map(|airing| airing.wire()),
        }))
    }

    /// The slot on air on a channel at `at` (Unix seconds, within the grid's days: from yesterday on).
    pub async fn slot_at(&self, db: &Db, stream_id: &str, at: i64) -> Result<Option<ScheduleSlot>> {
        let Some(grid) = self.grid(db, stream_id).await? else {
            return Ok(None);
        };
        Ok(grid.now_next(at).0.map(|airing| airing.wire()))
    }

    /// A channel's metaId, `None` when `stream_id` is not one of the station's channels.
    pub async fn meta_of_stream(&self, db: &Db, stream_id: &str) -> Result<Option<String>> {
        self.load_channels(db).await?;
        Ok(self
            .read(|channels| channels.get(stream_id).map(|channel| channel.meta_id.clone()))
            .flatten())
    }

    /// The playlist the autoDJ plays on a channel at `at` (Unix seconds): the playlist of the slot on
    /// air then (a live slot's is what airs while the studio is silent), else the channel's default;
    /// `None` for the channel's whole library.
    pub async fn playlist_at(&self, db: &Db, stream_id: &str, at: i64) -> Result<Option<i64>> {
        let Some(grid) = self.grid(db, stream_id).await? else {
            return Ok(None);
        };
        if let Some(playlist) = grid.now_next(at).0.and_then(|airing| airing.rule.playlist_id) {
            return Ok(Some(playlist));
        }
        rules::default_playlist(db, stream_id).await
    }

    /// The streamId of a metaId's first channel (the push channel is by metaId).
    pub async fn stream_of_meta(&self, db: &Db, meta_id: &str) -> Result<Option<String>> {
        self.load_channels(db).await?;
        Ok(self
            .read(|channels| {
                let mut ids: Vec<&String> = channels
                    .iter()
                    .filter(|(_, channel)| channel.meta_id == meta_id)
                    .map(|(id, _)| id)
                    .collect();
                ids.sort();
                // The channel whose streamId is the metaId (onda_1) first, as the player names it.
                ids.iter()
                    .find(|id| id.as_str() == meta_id)
                    .or_else(|| ids.first())
                    .map(|id| (*id).clone())
            })
            .flatten())
    }

    /// Programme changes of a channel: the current now-and-next first, then each change. Starts the
    /// clock task on first use.
    pub async fn subscribe(
        self: &Arc<Self>,
        db: &Db,
        stream_id: &str,
    ) -> Result<Option<watch::Receiver<Option<Arc<ScheduleNow>>>>> {
        self.load_channels(db).await?;
        if self.clock.set(()).is_ok() {
            tokio::spawn(self.clone().run(db.clone()));
        }
        let receiver = self
            .read(|channels| channels.get(stream_id).map(|c| c.announced.subscribe()))
            .flatten();
        if receiver.is_some()
            && self
                .read(|c| c.get(stream_id).map(|c| c.announced.borrow().is_none()))
                .flatten()
                == Some(true)
        {
            self.announce(db, stream_id).await?;
        }
        Ok(receiver)
    }

    /// Publishes the channel's now-and-next when it differs from what was announced.
    async fn announce(&self, db: &Db, stream_id: &str) -> Result<()> {
        let Some(current) = self.now(db, stream_id).await? else {
            return Ok(());
        };
        self.read(|channels| {
            if let Some(channel) = channels.get(stream_id) {
                channel.announced.send_if_modified(|announced| {
                    let same = announced
                        .as_deref()
                        .is_some_and(|before| same_programmes(before, &current));
                    if !same {
                        *announced = Some(Arc::new(current.clone()));
                    }
                    !same
                });
            }
        });
        Ok(())
    }

    /// Each second, announces the channels whose programme changed (only channels someone listens to).
    async fn run(self: Arc<Self>, db: Db) {
        let mut tick = tokio::time::interval(Duration::from_secs(1));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            tick.tick().await;
            let listened: Vec<String> = self
                .read(|channels| {
                    channels
                        .iter()
                        .filter(|(_, channel)| channel.announced.receiver_count() > 0)
                        .map(|(id, _)| id.clone())
                        .collect()
                })
                .unwrap_or_default();
            for stream_id in listened {
                if let Err(err) = self.announce(&db, &stream_id).await {
                    tracing::warn!(error = %err, %stream_id, "programme change not announced");
                }
            }
        }
    }
}

/// Whether two announcements name the same programmes at the same times (the wire's other fields
/// follow from those).
fn same_programmes(a: &ScheduleNow, b: &ScheduleNow) -> bool {
    let key = |slot: &Option<onda_shared::schedule::ScheduleSlot>| {
        slot.as_ref().map(|slot| {
            (
                slot.id,
                slot.special,
                slot.starts_at.clone(),
                slot.ends_at.clone(),
                slot.presenters.clone(),
            )
        })
    };
    key(&a.now) == key(&b.now) && key(&a.next) == key(&b.next)
}
