//! The native player against the real station engine (onda-server in-process), with a null output
//! so no sound card is needed. A proxy between them cuts or freezes the stream.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

use onda_desktop::player::{
    AudioQueue, NullOutput, Player, PlayerConfig, PlayerEvent, PlayerState, SourceKind, TimeshiftPosition,
    stream,
};
use support::{Mode, Proxy, station, wait_until};

struct Harness {
    player: Player,
    events: Arc<Mutex<Vec<PlayerEvent>>>,
    peak: Arc<std::sync::atomic::AtomicU32>,
}

impl Harness {
    fn new(config: PlayerConfig) -> Self {
        let queue = AudioQueue::new(1.0);
        let output = NullOutput::start(queue.clone());
        let peak = output.peak.clone();
        let events = Arc::new(Mutex::new(Vec::new()));
        let sink = events.clone();
        let player = Player::new(
            config,
            queue,
            Box::new(output),
            Arc::new(move |event| sink.lock().unwrap().push(event)),
        );
        Self { player, events, peak }
    }

    fn states(&self) -> Vec<PlayerState> {
        self.events
            .lock()
            .unwrap()
            .iter()
            .filter_map(|event| match event {
                PlayerEvent::State { state } => Some(state.clone()),
                _ => None,
            })
            .collect()
    }

    /// The positions a file reported, in order.
    fn positions(&self) -> Vec<(f64, Option<f64>)> {
        self.events
            .lock()
            .unwrap()
            .iter()
            .filter_map(|event| match event {
                PlayerEvent::Progress {
                    position_s,
                    duration_s,
                } => Some((*position_s, *duration_s)),
                _ => None,
            })
            .collect()
    }

    /// The places a timeshift source reported, in order.
    fn shifts(&self) -> Vec<TimeshiftPosition> {
        self.events
            .lock()
            .unwrap()
            .iter()
            .filter_map(|event| match event {
                PlayerEvent::Timeshift {
                    at_ms,
                    start_ms,
                    end_ms,
                } => Some(TimeshiftPosition {
                    at_ms: *at_ms,
                    start_ms: *start_ms,
                    end_ms: *end_ms,
                }),
                _ => None,
            })
            .collect()
    }

    fn wait_state(&self, limit: Duration, want: impl Fn(&PlayerState) -> bool) -> bool {
        wait_until(limit, || want(&self.player.state()))
    }

    /// Seconds of stereo 44.1 kHz audio the output has taken.
    fn played_seconds(&self) -> f64 {
        self.player.queue().played() as f64 / 2.0 / 44_100.0
    }

    fn take_peak(&self) -> f32 {
        f32::from_bits(self.peak.swap(0, std::sync::atomic::Ordering::Relaxed))
    }
}

fn quick() -> PlayerConfig {
    PlayerConfig {
        stall_timeout: Duration::from_millis(2500),
        retries: 3,
        retry_interval: Duration::from_secs(1),
    }
}

#[test]
fn plays_seconds_of_the_real_stream_with_track_titles() {
    let url = station().mp3_url();
    let h = Harness::new(quick());
    h.player.play(Some(url));
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
    assert!(
        wait_until(Duration::from_secs(20), || h.played_seconds() >= 4.0),
        "only {:.1} s played",
        h.played_seconds()
    );
    // Music, not silence.
    assert!(h.take_peak() > 0.05);
    // The demo songs are 4 s long: titles arrive in the ICY blocks. A station ID between songs
    // is titled with the station's name alone, so wait for a song's "artist - title".
    assert!(
        wait_until(Duration::from_secs(20), || h
            .player
            .track()
            .is_some_and(|t| t.artist.is_some())),
        "{:?}",
        h.player.track()
    );
    let track = h.player.track().unwrap();
    assert!(!track.title.is_empty(), "{track:?}");
    assert_eq!(h.states()[..2], [PlayerState::Connecting, PlayerState::Playing]);
}

#[test]
fn icy_blocks_are_stripped_before_the_decoder() {
    // The bytes the decoder sees are whole MP3 frames back to back: one metadata block left in
    // would break the chain of frame headers.
    let url = station().mp3_url();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (audio, titles) = runtime.block_on(async {
        let (tx, mut rx) = tokio::sync::mpsc::channel(64);
        let titles = Arc::new(Mutex::new(Vec::new()));
        let seen = titles.clone();
        let client = stream::client();
        let task = tokio::spawn(async move {
            stream::run(&client, &url, tx, |_| {}, |t| seen.lock().unwrap().push(t)).await
        });
        let mut audio = Vec::new();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while let Ok(Some(bytes)) = tokio::time::timeout_at(deadline, rx.recv()).await {
            audio.extend_from_slice(&bytes);
        }
        task.abort();
        let titles = titles.lock().unwrap().clone();
        (audio, titles)
    });
    assert!(audio.len() > 16_000 * 3, "{} bytes", audio.len());
    let frames = onda_server::radio::frames::mp3_frames(&audio);
    let first = frames.first().expect("frames");
    let covered: usize = frames.iter().map(|f| f.len).sum();
    // Only a partial frame may hang off the end.
    assert!(audio.len() - first.offset - covered < 2000, "gaps between frames");
    for pair in frames.windows(2) {
        assert_eq!(
            pair[0].offset + pair[0].len,
            pair[1].offset,
            "a gap after a frame"
        );
    }
    assert!(!titles.is_empty(), "no StreamTitle read");
    // Songs and spots read "artist - title"; a station ID reads the station's name.
    assert!(titles.iter().any(|t| t.contains(" - ")), "{titles:?}");
    assert!(
        titles.iter().all(|t| t.contains(" - ") || t == "Onda FM"),
        "{titles:?}"
    );
}

#[test]
fn reconnects_when_the_server_drops_the_connection() {
    let url = station().mp3_url();
    let proxy = Proxy::start(&url);
    let h = Harness::new(quick());
    h.player.play(Some(proxy.url(&url)));
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
    assert!(wait_until(Duration::from_secs(10), || h.played_seconds() > 1.0));
    proxy.cut();
    assert!(
        h.wait_state(Duration::from_secs(5), |s| matches!(
            s,
            PlayerState::Reconnecting { .. }
        )),
        "{:?}",
        h.states()
    );
    assert!(h.wait_state(Duration::from_secs(10), |s| *s == PlayerState::Playing));
    let before = h.played_seconds();
    assert!(wait_until(Duration::from_secs(10), || h.played_seconds() > before + 2.0));
    assert!(h.states().contains(&PlayerState::Reconnecting { attempt: 1 }));
    assert!(!h.states().iter().any(|s| matches!(s, PlayerState::Failed { .. })));
}

#[test]
fn the_watchdog_restarts_a_stream_that_went_silent() {
    let url = station().mp3_url();
    let proxy = Proxy::start(&url);
    let h = Harness::new(quick());
    h.player.play(Some(proxy.url(&url)));
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
    // The connection stays open but nothing arrives: only the watchdog can notice.
    proxy.set_mode(Mode::Freeze);
    assert!(
        h.wait_state(Duration::from_secs(8), |s| matches!(
            s,
            PlayerState::Reconnecting { .. }
        )),
        "{:?}",
        h.states()
    );
    proxy.set_mode(Mode::Forward);
    assert!(h.wait_state(Duration::from_secs(15), |s| *s == PlayerState::Playing));
}

#[test]
fn gives_up_after_three_retries_one_second_apart() {
    let url = station().mp3_url();
    let proxy = Proxy::start(&url);
    proxy.set_mode(Mode::Refuse);
    let h = Harness::new(quick());
    let started = std::time::Instant::now();
    h.player.play(Some(proxy.url(&url)));
    assert!(h.wait_state(Duration::from_secs(15), |s| matches!(
        s,
        PlayerState::Failed { .. }
    )));
    let elapsed = started.elapsed();
    assert!(
        (Duration::from_millis(2900)..Duration::from_secs(8)).contains(&elapsed),
        "{elapsed:?}"
    );
    let states = h.states();
    assert_eq!(
        states[..4],
        [
            PlayerState::Connecting,
            PlayerState::Reconnecting { attempt: 1 },
            PlayerState::Reconnecting { attempt: 2 },
            PlayerState::Reconnecting { attempt: 3 },
        ],
        "{states:?}"
    );
    // Play after a failure starts a fresh round.
    proxy.set_mode(Mode::Forward);
    h.player.play(None);
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
}

#[test]
fn pause_disconnects_and_play_rejoins_the_live_edge() {
    let url = station().mp3_url();
    let proxy = Proxy::start(&url);
    let h = Harness::new(quick());
    h.player.play(Some(proxy.url(&url)));
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
    assert_eq!(proxy.open_connections(), 1);
    h.player.pause();
    assert!(h.wait_state(Duration::from_secs(2), |s| *s == PlayerState::Paused));
    assert!(
        wait_until(Duration::from_secs(3), || proxy.open_connections() == 0),
        "the stream download goes on while paused"
    );
    assert_eq!(h.player.queue().queued(), 0, "nothing old is kept to play later");
    h.player.play(None);
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
    assert_eq!(proxy.open_connections(), 1);
}

#[test]
fn volume_scales_the_output() {
    let url = station().mp3_url();
    let h = Harness::new(quick());
    h.player.play(Some(url));
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
    assert!(wait_until(Duration::from_secs(10), || h.played_seconds() > 2.0));
    h.player.set_volume(0.0);
    std::thread::sleep(Duration::from_millis(300));
    h.take_peak();
    std::thread::sleep(Duration::from_millis(1000));
    assert_eq!(h.take_peak(), 0.0);
    assert_eq!(h.player.volume(), 0.0);
    h.player.set_volume(0.5);
    std::thread::sleep(Duration::from_millis(1500));
    let peak = h.take_peak();
    assert!(peak > 0.01 && peak <= 0.5, "{peak}");
    assert!(
        h.events
            .lock()
            .unwrap()
            .contains(&PlayerEvent::Volume { level: 0.5 })
    );
}

/// The house preroll: a 10-second MP3 file the station synthesises.
fn house_ad() -> String {
    format!("{}/media/ads/house.mp3", station().base)
}

#[test]
fn a_file_plays_once_to_its_end_in_real_time() {
    let proxy = Proxy::start(&station().base);
    let h = Harness::new(quick());
    h.player
        .play_source(Some(proxy.url(&house_ad())), SourceKind::File);
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
    let started = std::time::Instant::now();
    assert!(
        h.wait_state(Duration::from_secs(25), |s| *s == PlayerState::Ended),
        "{:?}",
        h.states()
    );
    let heard = started.elapsed().as_secs_f64();
    // Played at the output's pace, to its last sample: ten seconds, not a download's instant.
    assert!((9.3..12.0).contains(&heard), "ended after {heard:.2} s");
    assert!(
        (9.8..10.3).contains(&h.played_seconds()),
        "{:.2} s of audio played",
        h.played_seconds()
    );
    assert_eq!(
        h.states(),
        [PlayerState::Connecting, PlayerState::Playing, PlayerState::Ended],
        "the end of a file is not a lost stream"
    );
    assert_eq!(proxy.accepted(), 1, "fetched once");
    // Duration and position along the way, the last one at the end.
    let positions = h.positions();
    assert!(positions.len() >= 20, "{} progress reports", positions.len());
    assert!(positions.windows(2).all(|w| w[1].0 >= w[0].0), "{positions:?}");
    let (last, duration) = *positions.last().unwrap();
    let duration = duration.expect("a duration");
    assert!((9.9..10.2).contains(&duration), "duration {duration}");
    assert!(
        (last - duration).abs() < 0.15,
        "last position {last} of {duration}"
    );
    assert_eq!(h.player.progress().map(|p| p.0), Some(last));
}

#[test]
fn a_file_pauses_in_place_resumes_and_seeks() {
    let h = Harness::new(quick());
    h.player.play_source(Some(house_ad()), SourceKind::File);
    assert!(wait_until(Duration::from_secs(20), || {
        h.player.progress().is_some_and(|(position, _)| position >= 2.0)
    }));
    h.player.pause();
    assert!(h.wait_state(Duration::from_secs(2), |s| *s == PlayerState::Paused));
    std::thread::sleep(Duration::from_millis(300));
    let held = h.played_seconds();
    std::thread::sleep(Duration::from_millis(1200));
    assert!(
        (h.played_seconds() - held).abs() < 0.01,
        "the output went on while paused"
    );
    // Play again (as the UI does: the same URL) carries on from there.
    h.player.play_source(Some(house_ad()), SourceKind::File);
    assert!(h.wait_state(Duration::from_secs(2), |s| *s == PlayerState::Playing));
    std::thread::sleep(Duration::from_millis(600));
    let (position, _) = h.player.progress().unwrap();
    assert!((2.0..4.0).contains(&position), "resumed at {position}");
    // A seek near the end: the position jumps there, and the rest is decoded at once.
    h.player.seek(8.5);
    assert!(wait_until(Duration::from_secs(2), || {
        h.player.progress().is_some_and(|(position, _)| position >= 8.6)
    }));
    // A seek back once it was all decoded plays that part again, and the file ends after it.
    h.player.seek(6.0);
    assert!(wait_until(Duration::from_secs(2), || {
        h.player
            .progress()
            .is_some_and(|(position, _)| (6.0..7.0).contains(&position))
    }));
    let sought = std::time::Instant::now();
    assert!(h.wait_state(Duration::from_secs(8), |s| *s == PlayerState::Ended));
    let rest = sought.elapsed().as_secs_f64();
    assert!(
        (2.8..4.5).contains(&rest),
        "ended {rest:.2} s after the seek back"
    );
    assert!(
        !h.states()
            .iter()
            .any(|s| matches!(s, PlayerState::Reconnecting { .. } | PlayerState::Failed { .. })),
        "{:?}",
        h.states()
    );
}

#[test]
fn a_file_that_cannot_be_fetched_fails_without_retrying() {
    let proxy = Proxy::start(&station().base);
    proxy.set_mode(Mode::Refuse);
    let h = Harness::new(quick());
    h.player
        .play_source(Some(proxy.url(&house_ad())), SourceKind::File);
    assert!(h.wait_state(Duration::from_secs(10), |s| matches!(
        s,
        PlayerState::Failed { .. }
    )));
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(proxy.accepted(), 1, "a file is not fetched again");
    assert!(
        !h.states()
            .iter()
            .any(|s| matches!(s, PlayerState::Reconnecting { .. })),
        "{:?}",
        h.states()
    );
}

#[test]
fn a_live_stream_after_a_file_is_live_again() {
    // The preroll, then the radio: the second source reconnects as a live stream does.
    let url = station().mp3_url();
    let proxy = Proxy::start(&url);
    let h = Harness::new(quick());
    h.player.play_source(Some(house_ad()), SourceKind::File);
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
    h.player.play(Some(proxy.url(&url)));
    assert!(wait_until(Duration::from_secs(2), || h.player.kind()
        == Some(SourceKind::Live)));
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
    assert_eq!(h.player.progress(), None);
    proxy.cut();
    assert!(h.wait_state(Duration::from_secs(10), |s| matches!(
        s,
        PlayerState::Reconnecting { .. }
    )));
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
}

// ── Timeshift: the channel's HLS window from an instant ─────────────────────────────────────────

#[test]
fn timeshift_plays_the_window_from_the_instant_asked() {
    let station = station();
    let (start, end) = station.hls_window(12);
    // Inside the oldest segment, not on its edge: the audio before the instant is dropped.
    let at = start + 2_500;
    let h = Harness::new(quick());
    h.player.play_at(station.hls_url(), at, None);
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
    assert_eq!(h.player.kind(), Some(SourceKind::Timeshift));
    assert!(
        wait_until(Duration::from_secs(20), || h.played_seconds() >= 4.0),
        "only {:.1} s played",
        h.played_seconds()
    );
    assert!(h.take_peak() > 0.05, "music, not silence");
    let shifts = h.shifts();
    let first = shifts.first().expect("the place is reported");
    assert!(
        (first.at_ms - at).abs() < 1_000,
        "starts at the instant asked: {} ms off",
        first.at_ms - at
    );
    assert!(
        first.start_ms <= at && first.end_ms >= end - 1,
        "{first:?} for {start}..{end}"
    );
    // The instant heard follows the audio played: more than 4 s of a segment boundary crossed.
    let place = h.player.timeshift().unwrap();
    let heard_s = (place.at_ms - at) as f64 / 1000.0;
    assert!(
        (heard_s - h.played_seconds()).abs() < 1.0,
        "heard {heard_s:.1} s past the instant, played {:.1} s",
        h.played_seconds()
    );
    assert!(place.at_ms < place.end_ms, "behind live: {place:?}");
    // What was on air then, from the segments' tags (the demo songs are 4 s long).
    assert!(
        wait_until(Duration::from_secs(10), || h
            .player
            .track()
            .is_some_and(|t| t.artist.is_some())),
        "{:?}",
        h.player.track()
    );
}

#[test]
fn timeshift_pause_keeps_the_instant_and_play_goes_on_from_it() {
    let station = station();
    let (start, _) = station.hls_window(12);
    let h = Harness::new(quick());
    h.player.play_at(station.hls_url(), start + 1_000, None);
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
    assert!(wait_until(Duration::from_secs(20), || h.played_seconds() >= 2.0));
    h.player.pause();
    assert!(h.wait_state(Duration::from_secs(2), |s| *s == PlayerState::Paused));
    let paused_at = h.player.timeshift().unwrap().at_ms;
    assert_eq!(h.player.queue().queued(), 0, "nothing is kept playing");
    std::thread::sleep(Duration::from_secs(3));
    let before = h.shifts().len();
    h.player.play(None);
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
    assert!(wait_until(Duration::from_secs(5), || h.shifts().len() > before + 1));
    let resumed = h.shifts()[before];
    assert!(
        (resumed.at_ms - paused_at).abs() < 1_000,
        "resumes where it paused, not 3 s later: {} ms off",
        resumed.at_ms - paused_at
    );
}

#[test]
fn timeshift_seeks_to_another_instant() {
    let station = station();
    let (start, end) = station.hls_window(16);
    let h = Harness::new(quick());
    h.player.play_at(station.hls_url(), end - 6_000, None);
    assert!(h.wait_state(Duration::from_secs(20), |s| *s == PlayerState::Playing));
    let target = start + 1_500;
    let before = h.shifts().len();
    h.player.seek_to(target);
    assert!(wait_until(Duration::from_secs(20), || h
        .shifts()
        .iter()
        .skip(before)
        .any(|place| (place.at_ms - target).abs() < 1_000)));
    assert!(h.wait_state(Duration::from_secs(5), |s| *s == PlayerState::Playing));
}

#[test]
fn a_refused_playlist_fails_at_once_without_retrying() {
    let station = station();
    let h = Harness::new(quick());
    h.player
        .play_at(format!("{}/hls/no-such-channel.m3u8", station.base), 0, None);
    assert!(h.wait_state(Duration::from_secs(10), |s| matches!(
        s,
        PlayerState::Failed { .. }
    )));
    assert!(
        !h.states()
            .iter()
            .any(|s| matches!(s, PlayerState::Reconnecting { .. })),
        "{:?}",
        h.states()
    );
}
