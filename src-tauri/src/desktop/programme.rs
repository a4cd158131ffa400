//! The programme grid wired to the app: a thread follows the channel playing (else the main channel),
//! asks the station what is on air when that may have changed (`crate::programme`), keeps the answer
//! for the tray, and announces a programme that begins while that channel plays.

use std::{
    sync::{Arc, Weak},
    thread,
    time::{Duration, Instant},
};

use onda_shared::schedule::{ScheduleNow, ScheduleSlot};
use tauri::{AppHandle, Runtime};

use super::{Desktop, lock, tray};
use crate::{
    player::PlayerState,
    programme::{self, ProgrammeWatch},
};

/// How often the thread looks at which channel to follow: a channel change shows within a second,
/// without the player having to tell this thread.
const LOOK: Duration = Duration::from_secs(1);

pub fn spawn<R: Runtime>(app: AppHandle<R>, desktop: Weak<Desktop>) {
    let _ = thread::Builder::new()
        .name("onda-programme".into())
        .spawn(move || run(&app, &desktop));
}

fn run<R: Runtime>(app: &AppHandle<R>, desktop: &Weak<Desktop>) {
    let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            tracing::warn!(%error, "no programme grid in the tray");
            return;
        }
    };
    let client = crate::player::stream::client();
    let mut watch = ProgrammeWatch::new();
    let mut followed: Option<String> = None;
    // The tray asks for the stream list at start; the first channel it yields resets this at once.
    let mut due = Instant::now() + Duration::from_secs(10);
    while let Some(desktop) = desktop.upgrade() {
        let wanted = desktop.playing_stream().or_else(|| desktop.main_stream());
        if wanted != followed {
            followed = wanted;
            due = Instant::now();
            // The other channel's programme must not stay in the tray while this one's is asked.
            if lock(&desktop.programme).take().is_some() {
                tray::refresh(app);
            }
        }
        if Instant::now() >= due {
            due = Instant::now() + programme::RETRY;
            match &followed {
                Some(stream_id) => {
                    let server = desktop.config.server_url.clone();
                    if let Some(now) = runtime.block_on(programme::fetch(&client, &server, stream_id))
                        && now.stream_id == *stream_id
                    {
                        due = Instant::now() + programme::next_poll(&now, chrono::Utc::now());
                        let began = watch.observe(&now);
                        show(app, &desktop, now, began);
                    }
                }
                // No stream list yet (the tray fetches it at start; without a tray nobody may): ask
                // for it here, at most once per RETRY.
                None => {
                    if let Some(list) = super::fetch_streams(&desktop.config.server_url) {
                        desktop.remember_streams(&list);
                    }
                }
            }
        }
        drop(desktop);
        thread::sleep(LOOK);
    }
}

/// Keeps the answer for the tray and announces the programme that began, if the listener hears it.
fn show<R: Runtime>(
    app: &AppHandle<R>,
    desktop: &Arc<Desktop>,
    now: ScheduleNow,
    began: Option<ScheduleSlot>,
) {
    let stream_id = now.stream_id.clone();
    *lock(&desktop.programme) = Some(now);
    tray::refresh(app);
    let Some(slot) = began else {
        return;
    };
    // The song notification's setting covers this one too: both are news of what is on air, and a
    // listener who turned those off did not ask for more.
    let hearing = desktop.player.state() == PlayerState::Playing
        && desktop.playing_stream().as_deref() == Some(stream_id.as_str());
    if hearing && lock(&desktop.settings).notify_tracks {
        notify(
            app,
            desktop,
            &desktop.stream_name(&stream_id),
            &programme::started_line(&slot),
        );
    }
}

#[cfg(target_os = "linux")]
fn notify<R: Runtime>(_app: &AppHandle<R>, desktop: &Desktop, summary: &str, body: &str) {
    if let Err(error) = desktop.programme_notifier.show(summary, body) {
        tracing::debug!(%error, "programme notification not shown");
    }
}

#[cfg(not(target_os = "linux"))]
fn notify<R: Runtime>(app: &AppHandle<R>, _desktop: &Desktop, summary: &str, body: &str) {
    use tauri_plugin_notification::NotificationExt;
    let _ = app.notification().builder().title(summary).body(body).show();
}
