//! The native player against the real station engine (onda-server in-process), with a null output
//! so no sound card is needed. A proxy between them cuts or freezes the stream.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::{
    sync::{Arc, Mutex},
    time::Duration,
};

use onda_desktop::player::{AudioQueue, NullOutput, Player, PlayerConfig, PlayerEvent, PlayerState, stream};
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
    // The demo songs are 4 s long: titles arrive in the ICY blocks.
    assert!(wait_until(Duration::from_secs(15), || h.player.track().is_some()));
    let track = h.player.track().unwrap();
    assert!(!track.title.is_empty() && track.artist.is_some(), "{track:?}");
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
    assert!(titles.iter().all(|t| t.contains(" - ")), "{titles:?}");
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
