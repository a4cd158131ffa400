//! The song notification is one notification replaced in place: inside a private D-Bus session
//! (tests/bus), a stand-in `org.freedesktop.Notifications` server records every `Notify` call while
//! the real player plays the real station and its songs change.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod bus;
mod support;

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::Duration,
};

use bus::{is_child, private_home, run_in_private_session};
use onda_desktop::{
    player::{AudioQueue, NullOutput, Player, PlayerConfig, PlayerEvent},
    track_notifier::{TrackNotifier, track_text},
};
use support::{station, wait_until};
use zbus::{blocking::connection, interface, zvariant::OwnedValue};

#[derive(Debug, Clone)]
struct Notify {
    replaces_id: u32,
    summary: String,
    body: String,
    transient: bool,
}

/// The notification daemon a desktop runs, reduced to recording what it is asked.
struct StandIn {
    calls: Arc<Mutex<Vec<Notify>>>,
    last_id: u32,
}

#[interface(name = "org.freedesktop.Notifications")]
impl StandIn {
    #[allow(clippy::too_many_arguments)]
    fn notify(
        &mut self,
        _app_name: String,
        replaces_id: u32,
        _app_icon: String,
        summary: String,
        body: String,
        _actions: Vec<String>,
        hints: HashMap<String, OwnedValue>,
        _expire_timeout: i32,
    ) -> u32 {
        let transient = hints
            .get("transient")
            .and_then(|value| bool::try_from(value).ok())
            .unwrap_or(false);
        self.calls.lock().unwrap().push(Notify {
            replaces_id,
            summary,
            body,
            transient,
        });
        // As the spec says: a known id is replaced (and kept), 0 gets a new one.
        if replaces_id == 0 {
            self.last_id += 1;
            self.last_id
        } else {
            replaces_id
        }
    }

    fn close_notification(&self, _id: u32) {}

    fn get_capabilities(&self) -> Vec<String> {
        vec!["body".into()]
    }

    fn get_server_information(&self) -> (String, String, String, String) {
        ("stand-in".into(), "onda".into(), "1".into(), "1.2".into())
    }
}

#[test]
fn each_new_song_replaces_the_one_song_notification() {
    if !is_child() {
        let home = private_home();
        run_in_private_session(
            "each_new_song_replaces_the_one_song_notification",
            ":",
            home.path(),
            &[],
        );
        return;
    }
    let calls = Arc::new(Mutex::new(Vec::new()));
    let _server = connection::Builder::session()
        .unwrap()
        .serve_at(
            "/org/freedesktop/Notifications",
            StandIn {
                calls: calls.clone(),
                // Not the first id, so a replaced notification is told from a fresh one.
                last_id: 40,
            },
        )
        .unwrap()
        .name("org.freedesktop.Notifications")
        .unwrap()
        .build()
        .unwrap();

    // The desktop's wiring: each song the player reports goes to the notifier.
    let notifier = Arc::new(TrackNotifier::new());
    let songs = Arc::new(Mutex::new(Vec::new()));
    let listener = {
        let notifier = notifier.clone();
        let songs = songs.clone();
        Arc::new(move |event: PlayerEvent| {
            if let PlayerEvent::Track { track } = event {
                let (summary, body) = track_text(&track);
                let id = notifier.show(&summary, &body).expect("notified");
                songs.lock().unwrap().push((summary, body, id));
            }
        })
    };
    let queue = AudioQueue::new(1.0);
    let output = NullOutput::start(queue.clone());
    let player = Player::new(PlayerConfig::default(), queue, Box::new(output), listener);
    player.play(Some(station().mp3_url()));

    // The demo station changes songs every few seconds: three songs, three calls.
    assert!(
        wait_until(Duration::from_secs(60), || songs.lock().unwrap().len() >= 3),
        "songs seen: {:?}",
        songs.lock().unwrap()
    );
    player.stop();
    let songs = songs.lock().unwrap().clone();
    let calls = calls.lock().unwrap().clone();
    assert!(calls.len() >= 3, "{calls:?}");

    // The first song opens the notification; every later one replaces it, under the same id.
    assert_eq!(calls[0].replaces_id, 0, "{calls:?}");
    let id = songs[0].2;
    assert_eq!(id, 41);
    for call in &calls[1..] {
        assert_eq!(call.replaces_id, id, "{calls:?}");
    }
    assert!(songs.iter().all(|(_, _, shown)| *shown == id));
    // What it shows is the song on air, not kept in the notification list.
    for (call, (summary, body, _)) in calls.iter().zip(&songs) {
        assert_eq!((&call.summary, &call.body), (summary, body));
        assert!(call.transient);
    }
    let titles: std::collections::HashSet<_> = calls.iter().map(|call| call.body.clone()).collect();
    assert!(titles.len() >= 2, "the songs changed: {calls:?}");
}
