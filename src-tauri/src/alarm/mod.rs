//! The PRO radio alarm clock, plain Rust (no `tauri::`).
//!
//! - Wall-clock tick: [`Scheduler::tick`] is called every second or so with the local time and
//!   compares it with the last tick it saw. Long sleeps are not used: the monotonic clock stops
//!   during suspend, so a sleep until 07:00 would ring hours late.
//! - Everything that matters across a restart (the alarms, the last tick, a pending snooze) is kept
//!   in a JSON file ([`store`]); an occurrence that passed while the app was closed or the machine
//!   asleep rings if it is within [`GRACE`], and is reported as missed otherwise, never rung late.
//! - An alarm always makes sound: its stream, then the second stream, then the bundled chime
//!   ([`tone`]); the [`Ringer`] says when a source fails or stays silent, and every event names the
//!   source that rang.

pub mod ringer;
pub mod store;
pub mod tone;

use std::{collections::BTreeSet, time::Duration};

use chrono::{Datelike, NaiveDateTime, NaiveTime, TimeDelta, Weekday};
use serde::{Deserialize, Serialize};

/// How late an occurrence may still ring (the app starting, the machine waking up).
pub const GRACE: TimeDelta = TimeDelta::minutes(5);
/// A source gets this long to make sound before the next one in the chain is tried.
pub const SOURCE_TIMEOUT: TimeDelta = TimeDelta::seconds(15);
/// A ringing alarm nobody stops goes quiet after this long.
pub const RING_LIMIT: TimeDelta = TimeDelta::minutes(60);
/// How often the app calls [`Scheduler::tick`].
pub const TICK: Duration = Duration::from_secs(1);

/// One alarm as the user set it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Alarm {
    pub id: String,
    #[serde(default)]
    pub label: String,
    pub enabled: bool,
    /// Local time, "HH:MM".
    pub time: NaiveTime,
    /// ISO weekdays 1 (Monday) – 7 (Sunday); empty: once, at the next `time` after `armed_at`.
    #[serde(default)]
    pub days: BTreeSet<u8>,
    /// The stream to wake up with (the server's stream id).
    pub stream_id: String,
    /// Target level 0–1, reached after `fade_in_seconds`.
    pub volume: f32,
    #[serde(default)]
    pub fade_in_seconds: u32,
    pub snooze_minutes: u32,
    /// For one-off alarms: when it was set (it rings at the first `time` after this).
    #[serde(default)]
    pub armed_at: Option<NaiveDateTime>,
}

impl Alarm {
    fn rings_on(&self, weekday: Weekday) -> bool {
        self.days.is_empty()
            || self
                .days
                .contains(&u8::try_from(weekday.number_from_monday()).unwrap_or(0))
    }

    /// Occurrences in `(after, until]`, oldest first.
    fn occurrences(&self, after: NaiveDateTime, until: NaiveDateTime) -> Vec<NaiveDateTime> {
        if !self.enabled || until <= after {
            return Vec::new();
        }
        // A week back is enough: older occurrences of a repeating alarm repeat within it.
        let from = after.max(until - TimeDelta::days(8));
        let mut out = Vec::new();
        let mut day = from.date();
        while day <= until.date() {
            let at = day.and_time(self.time);
            let once_ok = self.days.is_empty() && self.armed_at.is_some_and(|armed| at > armed);
            if at > after && at <= until && self.rings_on(day.weekday()) && (!self.days.is_empty() || once_ok)
            {
                out.push(at);
            }
            match day.succ_opt() {
                Some(next) => day = next,
                None => break,
            }
        }
        out
    }

    /// The next time it rings after `now`, if ever.
    pub fn next_after(&self, now: NaiveDateTime) -> Option<NaiveDateTime> {
        self.occurrences(now, now + TimeDelta::days(8)).first().copied()
    }
}

/// Where the sound comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum RingSource {
    /// The alarm's own stream.
    Stream { stream_id: String },
    /// The second stream, after the first failed.
    Fallback { stream_id: String },
    /// The chime shipped with the app: always works, no network needed.
    Bundled,
}

/// How the current source is doing, as the [`Ringer`] sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceStatus {
    /// Connecting, no sound yet.
    Starting,
    Sounding,
    Failed(String),
}

/// What makes the sound; the app plays streams with the native player, tests record calls.
pub trait Ringer {
    fn start(&mut self, source: &RingSource, volume: f32);
    fn status(&mut self) -> SourceStatus;
    fn set_volume(&mut self, volume: f32);
    fn stop(&mut self);
}

/// What the scheduler reports; the app turns these into UI events and notifications.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum AlarmEvent {
    Ringing {
        alarm_id: String,
        source: RingSource,
        /// Why the previous source was left, when this is a fallback.
        reason: Option<String>,
    },
    Snoozed {
        alarm_id: String,
        until: NaiveDateTime,
    },
    Stopped {
        alarm_id: String,
    },
    /// An occurrence that passed while the app could not ring (closed, asleep) beyond the grace.
    Missed {
        alarm_id: String,
        at: NaiveDateTime,
    },
}

/// What survives a restart.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AlarmState {
    pub alarms: Vec<Alarm>,
    /// The second stream of the chain (settings), if any.
    #[serde(default)]
    pub fallback_stream_id: Option<String>,
    /// The last wall-clock time the scheduler looked.
    #[serde(default)]
    pub last_tick: Option<NaiveDateTime>,
    #[serde(default)]
    pub snooze: Option<Snooze>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Snooze {
    pub alarm_id: String,
    pub until: NaiveDateTime,
}

/// The alarm that is sounding now.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Ringing {
    pub alarm_id: String,
    pub source: RingSource,
    pub started: NaiveDateTime,
    /// When the current source started (its timeout counts from here).
    pub source_started: NaiveDateTime,
}

#[derive(Debug, Default)]
pub struct Scheduler {
    pub state: AlarmState,
    pub ringing: Option<Ringing>,
}

impl Scheduler {
    pub fn new(state: AlarmState) -> Self {
        Self { state, ringing: None }
    }

    pub fn alarm(&self, id: &str) -> Option<&Alarm> {
        self.state.alarms.iter().find(|alarm| alarm.id == id)
    }

    /// Adds or replaces an alarm; a one-off alarm is armed from `now`.
    pub fn upsert(&mut self, mut alarm: Alarm, now: NaiveDateTime) {
        alarm.volume = alarm.volume.clamp(0.0, 1.0);
        alarm.days.retain(|day| (1..=7).contains(day));
        if alarm.days.is_empty() && alarm.enabled {
            alarm.armed_at = Some(now);
        }
        match self.state.alarms.iter_mut().find(|a| a.id == alarm.id) {
            Some(existing) => *existing = alarm,
            None => self.state.alarms.push(alarm),
        }
    }

    pub fn remove(&mut self, id: &str, ringer: &mut dyn Ringer) {
        if self.ringing.as_ref().is_some_and(|r| r.alarm_id == id) {
            ringer.stop();
            self.ringing = None;
        }
        if self.state.snooze.as_ref().is_some_and(|s| s.alarm_id == id) {
            self.state.snooze = None;
        }
        self.state.alarms.retain(|alarm| alarm.id != id);
    }

    /// One look at the clock. Returns what happened; the caller persists `state` when it is not empty
    /// (and now and then for `last_tick`).
    pub fn tick(&mut self, now: NaiveDateTime, ringer: &mut dyn Ringer) -> Vec<AlarmEvent> {
        let mut events = Vec::new();
        // A clock set back (or the first tick ever) starts counting from now.
        let last = match self.state.last_tick {
            Some(last) if last <= now => last,
            _ => now,
        };
        self.state.last_tick = Some(now);

        let mut due: Vec<(NaiveDateTime, String)> = Vec::new();
        for alarm in &self.state.alarms {
            for at in alarm.occurrences(last, now) {
                due.push((at, alarm.id.clone()));
            }
        }
        if let Some(snooze) = self.state.snooze.clone()
            && snooze.until > last
            && snooze.until <= now
        {
            self.state.snooze = None;
            due.push((snooze.until, snooze.alarm_id));
        }
        due.sort();
        for (at, alarm_id) in due {
            if now - at > GRACE {
                events.push(AlarmEvent::Missed {
                    alarm_id: alarm_id.clone(),
                    at,
                });
                self.finish_once(&alarm_id);
            } else if self.ringing.is_none() {
                events.extend(self.ring(&alarm_id, now, ringer));
            }
        }

        events.extend(self.supervise(now, ringer));
        events
    }

    fn ring(&mut self, alarm_id: &str, now: NaiveDateTime, ringer: &mut dyn Ringer) -> Vec<AlarmEvent> {
        let Some(alarm) = self.alarm(alarm_id).cloned() else {
            return Vec::new();
        };
        let source = RingSource::Stream {
            stream_id: alarm.stream_id.clone(),
        };
        let volume = fade_level(&alarm, TimeDelta::zero());
        ringer.start(&source, volume);
        self.ringing = Some(Ringing {
            alarm_id: alarm.id.clone(),
            source: source.clone(),
            started: now,
            source_started: now,
        });
        self.finish_once(&alarm.id);
        vec![AlarmEvent::Ringing {
            alarm_id: alarm.id,
            source,
            reason: None,
        }]
    }

    /// A one-off alarm is done once it rang (or was missed).
    fn finish_once(&mut self, alarm_id: &str) {
        if let Some(alarm) = self.state.alarms.iter_mut().find(|a| a.id == alarm_id)
            && alarm.days.is_empty()
        {
            alarm.enabled = false;
        }
    }

    /// The ringing alarm: fade-in, the fallback chain, the time limit.
    fn supervise(&mut self, now: NaiveDateTime, ringer: &mut dyn Ringer) -> Vec<AlarmEvent> {
        let Some(ringing) = self.ringing.clone() else {
            return Vec::new();
        };
        let Some(alarm) = self.alarm(&ringing.alarm_id).cloned() else {
            ringer.stop();
            self.ringing = None;
            return Vec::new();
        };
        if now - ringing.started >= RING_LIMIT {
            ringer.stop();
            self.ringing = None;
            return vec![AlarmEvent::Stopped { alarm_id: alarm.id }];
        }
        let failure = match ringer.status() {
            SourceStatus::Sounding => None,
            SourceStatus::Failed(reason) => Some(reason),
            SourceStatus::Starting if now - ringing.source_started >= SOURCE_TIMEOUT => {
                Some(format!("no sound after {} s", SOURCE_TIMEOUT.num_seconds()))
            }
            SourceStatus::Starting => None,
        };
        if let Some(reason) = failure {
            let next = match &ringing.source {
                RingSource::Stream { stream_id } => match &self.state.fallback_stream_id {
                    Some(second) if second != stream_id => RingSource::Fallback {
                        stream_id: second.clone(),
                    },
                    _ => RingSource::Bundled,
                },
                RingSource::Fallback { .. } => RingSource::Bundled,
                // The chime does not fail; if the device does, keep asking it.
                RingSource::Bundled => RingSource::Bundled,
            };
            tracing::warn!(alarm = %alarm.id, ?ringing.source, %reason, ?next, "alarm source failed");
            ringer.stop();
            ringer.start(&next, fade_level(&alarm, now - ringing.started));
            self.ringing = Some(Ringing {
                source: next.clone(),
                source_started: now,
                ..ringing
            });
            return vec![AlarmEvent::Ringing {
                alarm_id: alarm.id,
                source: next,
                reason: Some(reason),
            }];
        }
        ringer.set_volume(fade_level(&alarm, now - ringing.started));
        Vec::new()
    }

    /// Silences the ringing alarm and rings it again `snooze_minutes` later.
    pub fn snooze(&mut self, now: NaiveDateTime, ringer: &mut dyn Ringer) -> Option<AlarmEvent> {
        let ringing = self.ringing.take()?;
        ringer.stop();
        let minutes = self
            .alarm(&ringing.alarm_id)
            .map_or(9, |alarm| alarm.snooze_minutes.max(1));
        let until = now + TimeDelta::minutes(i64::from(minutes));
        self.state.snooze = Some(Snooze {
            alarm_id: ringing.alarm_id.clone(),
            until,
        });
        Some(AlarmEvent::Snoozed {
            alarm_id: ringing.alarm_id,
            until,
        })
    }

    /// Silences the ringing (or snoozed) alarm for this occurrence.
    pub fn stop(&mut self, ringer: &mut dyn Ringer) -> Option<AlarmEvent> {
        let id = match (self.ringing.take(), self.state.snooze.take()) {
            (Some(ringing), _) => ringing.alarm_id,
            (None, Some(snooze)) => snooze.alarm_id,
            (None, None) => return None,
        };
        ringer.stop();
        Some(AlarmEvent::Stopped { alarm_id: id })
    }

    /// The next alarm to ring after `now` (snooze included), for the UI and the tray.
    pub fn next(&self, now: NaiveDateTime) -> Option<(String, NaiveDateTime)> {
        let snooze = self.state.snooze.as_ref().map(|s| (s.until, s.alarm_id.clone()));
        self.state
            .alarms
            .iter()
            .filter_map(|alarm| alarm.next_after(now).map(|at| (at, alarm.id.clone())))
            .chain(snooze)
            .min()
            .map(|(at, id)| (id, at))
    }
}

/// The volume `elapsed` into the ringing: a linear ramp from a tenth of the target.
fn fade_level(alarm: &Alarm, elapsed: TimeDelta) -> f32 {
    let target = alarm.volume.clamp(0.0, 1.0);
    if alarm.fade_in_seconds == 0 {
        return target;
    }
    let fade = f64::from(alarm.fade_in_seconds);
    let progress = (elapsed.num_milliseconds() as f64 / 1000.0 / fade).clamp(0.0, 1.0);
    let start = f64::from(target) * 0.1;
    (start + (f64::from(target) - start) * progress) as f32
}
