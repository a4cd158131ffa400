//! The alarm scheduler on a clock the test moves: repeat days, snooze, missed occurrences, restarts
//! (state through the JSON file), fade-in, and the fallback chain — with a recording ringer, and once
//! with the real player ringer against an unreachable stream.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::{collections::BTreeSet, sync::Arc, time::Duration};

use chrono::{NaiveDate, NaiveDateTime, NaiveTime, TimeDelta};
use onda_desktop::{
    alarm::{
        Alarm, AlarmEvent, AlarmState, RingSource, Ringer, Scheduler, SourceStatus, ringer::PlayerRinger,
        store::AlarmStore,
    },
    player::{AudioQueue, NullOutput},
};

/// Records what the scheduler asked for; the test decides how each source does.
#[derive(Default)]
struct FakeRinger {
    started: Vec<(RingSource, f32)>,
    volume: f32,
    status: Option<SourceStatus>,
    stops: usize,
}

impl Ringer for FakeRinger {
    fn start(&mut self, source: &RingSource, volume: f32) {
        self.started.push((source.clone(), volume));
        self.volume = volume;
        self.status = Some(SourceStatus::Starting);
    }
    fn status(&mut self) -> SourceStatus {
        self.status.clone().unwrap_or(SourceStatus::Starting)
    }
    fn set_volume(&mut self, volume: f32) {
        self.volume = volume;
    }
    fn stop(&mut self) {
        self.stops += 1;
        self.status = None;
    }
}

/// 2026-11-23 is a Monday.
fn at(day: u32, hour: u32, minute: u32, second: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, day)
        .unwrap()
        .and_hms_opt(hour, minute, second)
        .unwrap()
}

fn alarm(id: &str, hour: u32, minute: u32, days: &[u8]) -> Alarm {
    Alarm {
        id: id.into(),
        label: String::new(),
        enabled: true,
        time: NaiveTime::from_hms_opt(hour, minute, 0).unwrap(),
        days: days.iter().copied().collect::<BTreeSet<u8>>(),
        stream_id: "onda_1".into(),
        volume: 0.8,
        fade_in_seconds: 0,
        snooze_minutes: 9,
        armed_at: None,
    }
}

/// Ticks every second from `from` to `to` (inclusive), collecting events.
fn run(s: &mut Scheduler, r: &mut FakeRinger, from: NaiveDateTime, to: NaiveDateTime) -> Vec<AlarmEvent> {
    let mut events = Vec::new();
    let mut now = from;
    while now <= to {
        events.extend(s.tick(now, r));
        now += TimeDelta::seconds(1);
    }
    events
}

fn rang(events: &[AlarmEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            AlarmEvent::Ringing {
                alarm_id,
                reason: None,
                ..
            } => Some(alarm_id.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn rings_on_its_repeat_days_only() {
    let mut s = Scheduler::default();
    let mut r = FakeRinger::default();
    // Weekdays at 07:00.
    s.upsert(alarm("work", 7, 0, &[1, 2, 3, 4, 5]), at(23, 0, 0, 0));
    s.tick(at(23, 6, 59, 58), &mut r);
    // Monday: rings at 07:00:00 exactly.
    let events = run(&mut s, &mut r, at(23, 6, 59, 59), at(23, 7, 0, 0));
    assert_eq!(rang(&events), ["work"]);
    s.stop(&mut r);
    // Friday 27th rings, Saturday 28th and Sunday 29th do not, Monday 30th does: a tick a minute.
    s.tick(at(26, 23, 59, 0), &mut r);
    let mut events = Vec::new();
    let mut now = at(27, 0, 0, 0);
    while now <= at(30, 23, 0, 0) {
        for event in s.tick(now, &mut r) {
            if matches!(event, AlarmEvent::Ringing { .. }) {
                events.push(now);
            }
        }
        if s.ringing.is_some() {
            s.stop(&mut r);
        }
        now += TimeDelta::minutes(1);
    }
    assert_eq!(events, [at(27, 7, 0, 0), at(30, 7, 0, 0)]);
    let tuesday = NaiveDate::from_ymd_opt(2026, 12, 1)
        .unwrap()
        .and_hms_opt(7, 0, 0)
        .unwrap();
    assert_eq!(s.next(at(30, 23, 0, 0)).unwrap(), ("work".to_owned(), tuesday));
}

#[test]
fn a_one_off_alarm_rings_once_then_disables_itself() {
    let mut s = Scheduler::default();
    let mut r = FakeRinger::default();
    s.upsert(alarm("once", 6, 30, &[]), at(23, 22, 0, 0));
    // Not the same evening's 06:30 that already passed: the next morning.
    let events = run(&mut s, &mut r, at(23, 22, 0, 0), at(23, 22, 0, 5));
    assert!(rang(&events).is_empty());
    let events = run(&mut s, &mut r, at(24, 6, 29, 58), at(24, 6, 30, 1));
    assert_eq!(rang(&events), ["once"]);
    assert!(!s.alarm("once").unwrap().enabled);
    s.stop(&mut r);
    let events = run(&mut s, &mut r, at(25, 6, 29, 58), at(25, 6, 30, 1));
    assert!(rang(&events).is_empty());
}

#[test]
fn snooze_rings_again_after_its_minutes_and_stop_ends_it() {
    let mut s = Scheduler::default();
    let mut r = FakeRinger::default();
    s.upsert(alarm("a", 7, 0, &[1]), at(23, 0, 0, 0));
    s.tick(at(23, 6, 59, 59), &mut r);
    assert_eq!(rang(&s.tick(at(23, 7, 0, 0), &mut r)), ["a"]);
    let snoozed = s.snooze(at(23, 7, 0, 30), &mut r).unwrap();
    assert_eq!(
        snoozed,
        AlarmEvent::Snoozed {
            alarm_id: "a".into(),
            until: at(23, 7, 9, 30)
        }
    );
    assert!(s.ringing.is_none() && r.stops == 1);
    let events = run(&mut s, &mut r, at(23, 7, 0, 31), at(23, 7, 9, 29));
    assert!(rang(&events).is_empty());
    assert_eq!(rang(&s.tick(at(23, 7, 9, 30), &mut r)), ["a"]);
    assert_eq!(s.stop(&mut r), Some(AlarmEvent::Stopped { alarm_id: "a".into() }));
    assert!(s.state.snooze.is_none());
    let events = run(&mut s, &mut r, at(23, 7, 9, 31), at(23, 7, 30, 0));
    assert!(rang(&events).is_empty());
}

#[test]
fn survives_a_restart_and_reports_what_was_missed_instead_of_ringing_late() {
    let dir = tempfile::tempdir().unwrap();
    let store = AlarmStore::in_dir(dir.path());
    let mut r = FakeRinger::default();
    {
        let mut s = Scheduler::new(store.load().unwrap());
        s.upsert(alarm("early", 7, 0, &[1, 2, 3, 4, 5, 6, 7]), at(23, 0, 0, 0));
        s.upsert(alarm("later", 7, 3, &[1, 2, 3, 4, 5, 6, 7]), at(23, 0, 0, 0));
        s.tick(at(23, 6, 50, 0), &mut r);
        store.save(&s.state).unwrap();
    }
    // The app was closed from 06:50 to 07:06: 'early' is 6 minutes late (missed), 'later' 3 minutes
    // (within the grace: rings now).
    let mut s = Scheduler::new(store.load().unwrap());
    assert_eq!(s.state.alarms.len(), 2);
    let events = s.tick(at(23, 7, 6, 0), &mut r);
    assert_eq!(
        events,
        vec![
            AlarmEvent::Missed {
                alarm_id: "early".into(),
                at: at(23, 7, 0, 0)
            },
            AlarmEvent::Ringing {
                alarm_id: "later".into(),
                source: RingSource::Stream {
                    stream_id: "onda_1".into()
                },
                reason: None,
            },
        ]
    );
    // A snooze that ran out while the machine slept for hours is reported, not rung.
    s.snooze(at(23, 7, 6, 10), &mut r);
    store.save(&s.state).unwrap();
    let mut s = Scheduler::new(store.load().unwrap());
    let events = s.tick(at(23, 15, 0, 0), &mut r);
    assert_eq!(
        events,
        vec![AlarmEvent::Missed {
            alarm_id: "later".into(),
            at: at(23, 7, 15, 10)
        }]
    );
    assert!(s.ringing.is_none());
}

#[test]
fn a_clock_set_back_does_not_ring_twice() {
    let mut s = Scheduler::default();
    let mut r = FakeRinger::default();
    s.upsert(alarm("a", 7, 0, &[1]), at(23, 0, 0, 0));
    s.tick(at(23, 6, 59, 59), &mut r);
    assert_eq!(rang(&s.tick(at(23, 7, 0, 0), &mut r)), ["a"]);
    s.stop(&mut r);
    // Back an hour (time zone change, NTP), then forward past 07:00 again.
    s.tick(at(23, 6, 0, 0), &mut r);
    let events = run(&mut s, &mut r, at(23, 6, 0, 1), at(23, 6, 0, 3));
    assert!(rang(&events).is_empty());
}

#[test]
fn fades_in_to_the_alarm_volume() {
    let mut s = Scheduler::default();
    let mut r = FakeRinger::default();
    let mut a = alarm("a", 7, 0, &[1]);
    a.fade_in_seconds = 30;
    a.volume = 0.6;
    s.upsert(a, at(23, 0, 0, 0));
    s.tick(at(23, 6, 59, 59), &mut r);
    s.tick(at(23, 7, 0, 0), &mut r);
    assert!((r.started[0].1 - 0.06).abs() < 1e-3, "{}", r.started[0].1);
    r.status = Some(SourceStatus::Sounding);
    s.tick(at(23, 7, 0, 15), &mut r);
    assert!((r.volume - 0.33).abs() < 1e-3, "{}", r.volume);
    s.tick(at(23, 7, 0, 45), &mut r);
    assert!((r.volume - 0.6).abs() < 1e-3);
}

#[test]
fn falls_back_to_the_second_stream_then_the_bundled_sound() {
    let mut s = Scheduler::default();
    s.state.fallback_stream_id = Some("onda_2".into());
    let mut r = FakeRinger::default();
    s.upsert(alarm("a", 7, 0, &[1]), at(23, 0, 0, 0));
    s.tick(at(23, 6, 59, 59), &mut r);
    s.tick(at(23, 7, 0, 0), &mut r);
    // The first stream fails outright.
    r.status = Some(SourceStatus::Failed("connect: refused".into()));
    let events = s.tick(at(23, 7, 0, 1), &mut r);
    assert_eq!(
        events,
        vec![AlarmEvent::Ringing {
            alarm_id: "a".into(),
            source: RingSource::Fallback {
                stream_id: "onda_2".into()
            },
            reason: Some("connect: refused".into()),
        }]
    );
    // The second one connects but never sounds: after the source timeout, the chime.
    let events = run(&mut s, &mut r, at(23, 7, 0, 2), at(23, 7, 0, 16));
    assert!(
        matches!(
            events.as_slice(),
            [AlarmEvent::Ringing {
                source: RingSource::Bundled,
                reason: Some(_),
                ..
            }]
        ),
        "{events:?}"
    );
    assert_eq!(s.ringing.as_ref().unwrap().source, RingSource::Bundled);
    // Nobody stops it: it ends after the ring limit.
    r.status = Some(SourceStatus::Sounding);
    let events = s.tick(at(23, 8, 0, 0), &mut r);
    assert_eq!(events, vec![AlarmEvent::Stopped { alarm_id: "a".into() }]);
}

#[test]
fn the_real_ringer_plays_the_bundled_chime_when_every_stream_is_unreachable() {
    let station = support::station();
    let queue = AudioQueue::new(1.0);
    let output = NullOutput::start(queue.clone());
    let peak = output.peak.clone();
    let base = station.base.clone();
    // onda_1 resolves to a port where nothing listens; onda_2 is not a stream at all.
    let dead = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}/stream/onda_1.mp3", listener.local_addr().unwrap())
    };
    let mut ringer = PlayerRinger::new(
        queue.clone(),
        Box::new(output),
        Box::new(move |id: &str| match id {
            "onda_1" => Some(dead.clone()),
            "onda_2" => Some(format!("{base}/stream/nao-existe.mp3")),
            _ => None,
        }),
    );
    let mut s = Scheduler::new(AlarmState {
        fallback_stream_id: Some("onda_2".into()),
        ..AlarmState::default()
    });
    let start = at(23, 6, 59, 59);
    s.upsert(alarm("a", 7, 0, &[1]), at(23, 0, 0, 0));
    s.tick(start, &mut ringer);
    // Real time and scheduler time advance together, a tick every 250 ms.
    let mut sources = Vec::new();
    let began = std::time::Instant::now();
    while began.elapsed() < Duration::from_secs(25) {
        let now = start + TimeDelta::from_std(began.elapsed()).unwrap() + TimeDelta::seconds(1);
        for event in s.tick(now, &mut ringer) {
            if let AlarmEvent::Ringing { source, .. } = event {
                sources.push(source);
            }
        }
        if sources.last() == Some(&RingSource::Bundled) {
            break;
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    assert_eq!(
        sources,
        vec![
            RingSource::Stream {
                stream_id: "onda_1".into()
            },
            RingSource::Fallback {
                stream_id: "onda_2".into()
            },
            RingSource::Bundled,
        ]
    );
    peak.store(0, std::sync::atomic::Ordering::Relaxed);
    std::thread::sleep(Duration::from_millis(1500));
    let heard = f32::from_bits(peak.load(std::sync::atomic::Ordering::Relaxed));
    assert!(heard > 0.1, "the chime is not heard: peak {heard}");
    ringer.stop();
    let _ = Arc::strong_count(&queue);
}
