//! The session token against a real Secret Service: each test runs again inside a private D-Bus
//! session (tests/bus) where a real `gnome-keyring-daemon` is started and unlocked with an empty
//! throwaway password — or, for the fallback, with no Secret Service on the bus at all.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod bus;

use std::path::Path;

use bus::{is_child, private_home, run_in_private_session};
use onda_desktop::session_token::TokenStore;

const STATION: &str = "http://127.0.0.1:8080";
const OTHER_STATION: &str = "https://radio.example.com.br";

/// Whether any file under `dir` contains `needle` in the clear.
fn any_file_contains(dir: &Path, needle: &str) -> Option<std::path::PathBuf> {
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if let Some(found) = any_file_contains(&path, needle) {
                return Some(found);
            }
        } else if let Ok(bytes) = std::fs::read(&path)
            && bytes
                .windows(needle.len())
                .any(|window| window == needle.as_bytes())
        {
            return Some(path);
        }
    }
    None
}

const TOKEN: &str = "onda-test-token-7f3a9c1e5b";

#[test]
fn the_token_is_kept_in_the_secret_service_per_station_and_cleared() {
    if is_child() {
        tracing_subscriber::fmt()
            .with_writer(std::io::stderr)
            .with_ansi(false)
            .init();
        // A login: the token goes to the keyring.
        let store = TokenStore::new(STATION);
        assert_eq!(store.load(), None, "a fresh keyring has no token");
        assert!(store.save(TOKEN), "the Secret Service took the token");
        assert!(store.keyring_reachable());

        // A restart: a new store (nothing in memory) finds it in the keyring.
        let restarted = TokenStore::new(STATION);
        assert_eq!(restarted.load().as_deref(), Some(TOKEN));

        // Another station does not share it.
        assert_eq!(TokenStore::new(OTHER_STATION).load(), None);

        // Logout: gone from the keyring too.
        restarted.clear();
        assert_eq!(restarted.load(), None);
        assert_eq!(TokenStore::new(STATION).load(), None);
        // Clearing twice is fine.
        TokenStore::new(STATION).clear();
        return;
    }
    let home = private_home();
    // A throwaway password: gnome-keyring 42 creates no login keyring for an empty one.
    // The daemon forks before it owns its name: wait until its login keyring is the default one.
    let setup = "printf onda-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null || exit 3
        for _ in $(seq 1 100); do
          dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets \\
            org.freedesktop.Secret.Service.ReadAlias string:default 2>/dev/null | grep -q collection/login && break
          sleep 0.1
        done";
    let Some(output) = run_in_private_session(
        "the_token_is_kept_in_the_secret_service_per_station_and_cleared",
        setup,
        home.path(),
        &[("gnome-keyring-daemon", "gnome-keyring")],
    ) else {
        return;
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("kept in memory only"),
        "the keyring was reachable\n{stderr}"
    );
    // The keyring file is encrypted: the token is in no file of the home in the clear.
    assert_eq!(any_file_contains(home.path(), TOKEN), None);
}

#[test]
fn without_a_keyring_the_token_stays_in_memory_and_never_in_a_file() {
    if is_child() {
        tracing_subscriber::fmt()
            .with_writer(std::io::stderr)
            .with_ansi(false)
            .init();
        let store = TokenStore::new(STATION);
        assert_eq!(store.load(), None);
        assert!(!store.save(TOKEN), "no Secret Service: memory only");
        assert!(!store.keyring_reachable());
        // This run keeps it …
        assert_eq!(store.load().as_deref(), Some(TOKEN));
        // … a restart does not have it.
        assert_eq!(TokenStore::new(STATION).load(), None);
        store.clear();
        assert_eq!(store.load(), None);
        return;
    }
    let home = private_home();
    // A session bus with nobody owning org.freedesktop.secrets.
    let Some(output) = run_in_private_session(
        "without_a_keyring_the_token_stays_in_memory_and_never_in_a_file",
        ":",
        home.path(),
        &[],
    ) else {
        return;
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr.matches("kept in memory only").count(),
        1,
        "one clear log line for the run\n{stderr}"
    );
    assert_eq!(any_file_contains(home.path(), TOKEN), None);
}
