//! The signed-in user's bearer token, kept in the OS keyring (Secret Service on Linux, the Keychain on
//! macOS, the Credential Manager on Windows) so a restart does not ask for the login again. Never in a
//! plain file: without a reachable keyring (no Secret Service on the session bus) the token lives in
//! memory for this run only, and the log says so once.
//!
//! One entry per station: service [`SERVICE`], user = the station server's URL, so two stations do
//! not share a token. Plain Rust (no `tauri::`); the calls block on D-Bus, so the commands run them
//! off the main thread.

use std::sync::{
    Mutex, PoisonError,
    atomic::{AtomicBool, Ordering},
};

use keyring::{Entry, Error as KeyringError};

/// The keyring service name of the app's entries.
pub const SERVICE: &str = "onda-fm";

/// Where the token of one station lives.
pub struct TokenStore {
    server_url: String,
    /// The token of this run: what was loaded or saved last (the only copy when no keyring answers).
    memory: Mutex<Option<String>>,
    /// The keyring failed once: not asked again this run (and the log line is written once).
    unreachable: Mutex<bool>,
}

impl TokenStore {
    /// The store of the station at `server_url` (the configured base address).
    pub fn new(server_url: &str) -> Self {
        Self {
            server_url: server_url.to_owned(),
            memory: Mutex::new(None),
            unreachable: Mutex::new(false),
        }
    }

    fn entry(&self) -> Option<Entry> {
        if *self.unreachable.lock().unwrap_or_else(PoisonError::into_inner) {
            return None;
        }
        match Entry::new(SERVICE, &self.server_url) {
            Ok(entry) => Some(entry),
            Err(error) => {
                self.give_up(&error);
                None
            }
        }
    }

    fn give_up(&self, error: &KeyringError) {
        /// The log line is written once per run.
        static LOGGED: AtomicBool = AtomicBool::new(false);
        *self.unreachable.lock().unwrap_or_else(PoisonError::into_inner) = true;
        if !LOGGED.swap(true, Ordering::Relaxed) {
            tracing::warn!(
                %error,
                "no OS keyring reachable (Secret Service): the session token is kept in memory only, \
                 so the login will be asked again after a restart; it is never written to a file"
            );
        }
    }

    /// The stored token: this run's, else the keyring's.
    pub fn load(&self) -> Option<String> {
        if let Some(token) = self.memory.lock().unwrap_or_else(PoisonError::into_inner).clone() {
            return Some(token);
        }
        let entry = self.entry()?;
        match entry.get_password() {
            Ok(token) if !token.is_empty() => {
                *self.memory.lock().unwrap_or_else(PoisonError::into_inner) = Some(token.clone());
                Some(token)
            }
            Ok(_) | Err(KeyringError::NoEntry) => None,
            Err(error) => {
                self.give_up(&error);
                None
            }
        }
    }

    /// Keeps `token` (a login took effect). Returns whether the keyring holds it (else memory only).
    pub fn save(&self, token: &str) -> bool {
        *self.memory.lock().unwrap_or_else(PoisonError::into_inner) = Some(token.to_owned());
        let Some(entry) = self.entry() else {
            return false;
        };
        match entry.set_password(token) {
            Ok(()) => true,
            Err(error) => {
                self.give_up(&error);
                false
            }
        }
    }

    /// Forgets the token (logout, a 401 that ended the session).
    pub fn clear(&self) {
        *self.memory.lock().unwrap_or_else(PoisonError::into_inner) = None;
        let Some(entry) = self.entry() else {
            return;
        };
        match entry.delete_credential() {
            Ok(()) | Err(KeyringError::NoEntry) => {}
            Err(error) => self.give_up(&error),
        }
    }

    /// Whether the keyring answered so far (false once it failed).
    pub fn keyring_reachable(&self) -> bool {
        !*self.unreachable.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
