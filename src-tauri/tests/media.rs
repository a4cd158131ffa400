//! The OS media controls (MPRIS) against the real player and the real station, inside a private
//! D-Bus session (tests/bus), driven by `playerctl` the way a desktop's media keys and panel do.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod bus;
mod support;

use std::{
    process::Command,
    sync::{Arc, Mutex, OnceLock},
    time::Duration,
};

use bus::{is_child, private_home, run_in_private_session};
use onda_desktop::{
    media_controls::{MediaAction, MediaControls, drive, now_playing},
    player::{AudioQueue, NullOutput, Player, PlayerConfig, PlayerEvent, PlayerState, TrackInfo},
};
use support::{station, wait_until};

/// `playerctl -p onda_fm <args>`, its output trimmed.
fn playerctl(args: &[&str]) -> String {
    let output = Command::new("playerctl")
        .arg("--player=onda_fm")
        .args(args)
        .output()
        .expect("run playerctl");
    String::from_utf8_lossy(&output.stdout).trim().to_owned()
}

fn wait_status(want: &str) -> bool {
    wait_until(Duration::from_secs(20), || playerctl(&["status"]) == want)
}

#[test]
fn media_keys_drive_the_player_and_the_desktop_sees_the_song() {
    if !is_child() {
        let home = private_home();
        run_in_private_session(
            "media_keys_drive_the_player_and_the_desktop_sees_the_song",
            ":",
            home.path(),
            &[("playerctl", "playerctl")],
        );
        return;
    }
    let url = station().mp3_url();

    // The desktop's wiring, without the window: every player event republishes.
    let published: Arc<OnceLock<MediaControls>> = Arc::new(OnceLock::new());
    let seen: Arc<Mutex<(PlayerState, Option<TrackInfo>)>> = Arc::new(Mutex::new((PlayerState::Idle, None)));
    let listener = {
        let published = published.clone();
        let seen = seen.clone();
        Arc::new(move |event: PlayerEvent| {
            let mut seen = seen.lock().unwrap();
            match event {
                PlayerEvent::State { state } => seen.0 = state,
                PlayerEvent::Track { track } => seen.1 = Some(track),
                PlayerEvent::Volume { .. } | PlayerEvent::Progress { .. } | PlayerEvent::Timeshift { .. } => {
                }
            }
            if let Some(controls) = published.get() {
                let (status, now) = now_playing(&seen.0, seen.1.as_ref(), Some("Onda FM"));
                controls.update(status, &now, 1.0).unwrap();
            }
        })
    };
    let queue = AudioQueue::new(1.0);
    let output = NullOutput::start(queue.clone());
    let player = Arc::new(Player::new(
        PlayerConfig {
            stall_timeout: Duration::from_millis(2500),
            retries: 3,
            retry_interval: Duration::from_secs(1),
        },
        queue,
        Box::new(output),
        listener,
    ));
    let actions = Arc::new(Mutex::new(Vec::new()));
    let controls = {
        let player = player.clone();
        let actions = actions.clone();
        MediaControls::start(
            "Onda FM",
            Arc::new(move |action| {
                actions.lock().unwrap().push(action);
                let first = url.clone();
                drive(&player, action, move || Some(first));
            }),
        )
        .expect("the MPRIS player is on the bus")
    };
    assert!(published.set(controls).is_ok());

    // Desktops find it by its name, stopped.
    assert!(playerctl(&["--list-all"]).lines().any(|name| name == "onda_fm"));
    assert_eq!(playerctl(&["status"]), "Stopped");
    assert_eq!(playerctl(&["metadata", "xesam:title"]), "Onda FM");

    // Play from the OS starts the stream.
    playerctl(&["play"]);
    assert!(wait_until(Duration::from_secs(30), || player.state() == PlayerState::Playing));
    assert!(wait_status("Playing"));

    // The song on air is published (title, artist, the stream as the album).
    assert!(wait_until(Duration::from_secs(20), || player.track().is_some()));
    assert!(
        wait_until(Duration::from_secs(20), || {
            let shown = playerctl(&["metadata", "xesam:title"]);
            player.track().is_some_and(|track| track.title == shown)
        }),
        "the desktop shows {:?} while the player has {:?}",
        playerctl(&["metadata", "xesam:title"]),
        player.track()
    );
    assert_eq!(playerctl(&["metadata", "xesam:album"]), "Onda FM");

    // PlayPause (the media key) pauses, which disconnects, and resumes at the live edge.
    playerctl(&["play-pause"]);
    assert!(wait_until(Duration::from_secs(10), || player.state() == PlayerState::Paused));
    assert!(wait_status("Paused"));
    playerctl(&["play-pause"]);
    assert!(wait_until(Duration::from_secs(30), || player.state() == PlayerState::Playing));
    assert!(wait_status("Playing"));

    // Stop disconnects too (a live stream has nothing else to stop), and Play comes back.
    playerctl(&["stop"]);
    assert!(wait_until(Duration::from_secs(10), || player.state() == PlayerState::Paused));
    playerctl(&["play"]);
    assert!(wait_until(Duration::from_secs(30), || player.state() == PlayerState::Playing));

    // A live stream says it cannot seek or skip.
    let can = |property: &str| {
        let output = Command::new("dbus-send")
            .args([
                "--session",
                "--print-reply=literal",
                "--dest=org.mpris.MediaPlayer2.onda_fm",
                "/org/mpris/MediaPlayer2",
                "org.freedesktop.DBus.Properties.Get",
                "string:org.mpris.MediaPlayer2.Player",
            ])
            .arg(format!("string:{property}"))
            .output()
            .expect("run dbus-send");
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    };
    assert!(can("CanSeek").ends_with("false"), "{}", can("CanSeek"));
    assert!(can("CanGoNext").ends_with("false"));
    assert!(can("CanPause").ends_with("true"));

    let actions = actions.lock().unwrap().clone();
    assert_eq!(
        actions,
        [
            MediaAction::Play,
            MediaAction::PlayPause,
            MediaAction::PlayPause,
            MediaAction::Stop,
            MediaAction::Play
        ]
    );
    player.stop();
}
