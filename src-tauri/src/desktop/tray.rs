//! The tray: every control is a menu item, since Linux trays send no clicks. Built behind
//! `catch_unwind`: without an AppIndicator library the tray crate panics, and the app must still run
//! (closing the window then quits, since nothing else could bring it back).

use std::sync::{Arc, Mutex, atomic::Ordering};

use tauri::{
    AppHandle, Emitter, Manager, Runtime,
    menu::{CheckMenuItem, Menu, MenuEvent, MenuItem, PredefinedMenuItem, Submenu},
    tray::TrayIconBuilder,
};

use super::{Desktop, TRAY_EVENT, actions, lock};
use crate::{alarm::Ringing, player::PlayerState};

const VOLUME_STEP: f32 = 0.1;

pub struct TrayItems<R: Runtime> {
    menu: Menu<R>,
    now_playing: MenuItem<R>,
    /// The grid's 'No ar' and 'A seguir' lines, under the song: in the menu only when the grid has
    /// a programme on air (a disabled item cannot be hidden, only taken out).
    programme_now: MenuItem<R>,
    programme_next: MenuItem<R>,
    /// Whether each of the two is in the menu.
    programme_shown: Mutex<(bool, bool)>,
    play_pause: MenuItem<R>,
    /// Timeshift, through the UI's player: back 30 s, and back to live.
    rewind: MenuItem<R>,
    live: MenuItem<R>,
    streams: Submenu<R>,
    stream_items: Mutex<Vec<(String, CheckMenuItem<R>)>>,
    mute: CheckMenuItem<R>,
    snooze: MenuItem<R>,
    stop_alarm: MenuItem<R>,
    stats: MenuItem<R>,
    staff: Mutex<bool>,
}

/// Whether the tray exists (closing the window hides it only then).
pub struct HasTray(pub bool);

pub fn create<R: Runtime>(app: &AppHandle<R>) -> bool {
    let built = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| build(app)));
    match built {
        Ok(Ok(items)) => {
            app.manage(items);
            refresh(app);
            let handle = app.clone();
            // The stream list comes from the server: filled in when it answers.
            std::thread::spawn(move || fill_streams(&handle));
            true
        }
        Ok(Err(error)) => {
            tracing::warn!(%error, "no tray icon; the app runs without it");
            false
        }
        Err(_) => {
            tracing::warn!("the tray library is missing (libayatana-appindicator3); no tray icon");
            false
        }
    }
}

fn build<R: Runtime>(app: &AppHandle<R>) -> tauri::Result<TrayItems<R>> {
    let now_playing = MenuItem::with_id(app, "now", "Onda FM", false, None::<&str>)?;
    let programme_now = MenuItem::with_id(app, "programme-now", "", false, None::<&str>)?;
    let programme_next = MenuItem::with_id(app, "programme-next", "", false, None::<&str>)?;
    let play_pause = MenuItem::with_id(app, "toggle", "Tocar", true, None::<&str>)?;
    let rewind = MenuItem::with_id(app, "rewind", "Voltar 30 segundos", false, None::<&str>)?;
    let live = MenuItem::with_id(app, "live", "Ao vivo", false, None::<&str>)?;
    let streams = Submenu::with_id(app, "streams", "Stream", true)?;
    let up = MenuItem::with_id(app, "volume-up", "Aumentar volume", true, None::<&str>)?;
    let down = MenuItem::with_id(app, "volume-down", "Diminuir volume", true, None::<&str>)?;
    let mute = CheckMenuItem::with_id(app, "mute", "Sem som", true, false, None::<&str>)?;
    let snooze = MenuItem::with_id(app, "alarm-snooze", "Soneca", false, None::<&str>)?;
    let stop_alarm = MenuItem::with_id(app, "alarm-stop", "Desligar despertador", false, None::<&str>)?;
    let show = MenuItem::with_id(app, "show", "Mostrar/ocultar janela", true, None::<&str>)?;
    let stats = MenuItem::with_id(app, "stats", "Estatísticas", true, None::<&str>)?;
    let quit = MenuItem::with_id(app, "quit", "Sair", true, None::<&str>)?;
    let menu = Menu::with_items(
        app,
        &[
            &now_playing,
            &PredefinedMenuItem::separator(app)?,
            &play_pause,
            &rewind,
            &live,
            &streams,
            &up,
            &down,
            &mute,
            &PredefinedMenuItem::separator(app)?,
            &snooze,
            &stop_alarm,
            &PredefinedMenuItem::separator(app)?,
            &show,
            &quit,
        ],
    )?;
    let mut builder = TrayIconBuilder::with_id("onda")
        .menu(&menu)
        .tooltip("Onda FM")
        .show_menu_on_left_click(true)
        .on_menu_event(on_menu_event);
    if let Some(icon) = app.default_window_icon() {
        builder = builder.icon(icon.clone());
    }
    builder.build(app)?;
    Ok(TrayItems {
        menu,
        now_playing,
        programme_now,
        programme_next,
        programme_shown: Mutex::new((false, false)),
        play_pause,
        rewind,
        live,
        streams,
        stream_items: Mutex::new(Vec::new()),
        mute,
        snooze,
        stop_alarm,
        stats,
        staff: Mutex::new(false),
    })
}

fn fill_streams<R: Runtime>(app: &AppHandle<R>) {
    let Some(desktop) = app.try_state::<Arc<Desktop>>() else {
        return;
    };
    let Some(items) = app.try_state::<TrayItems<R>>() else {
        return;
    };
    let Some(list) = super::fetch_streams(&desktop.config.server_url) else {
        return;
    };
    desktop.remember_streams(&list);
    let mut stream_items = lock(&items.stream_items);
    for stream in list.into_iter().filter(|s| s.mp3.is_some()) {
        let id = format!("stream:{}", stream.id);
        if let Ok(item) = CheckMenuItem::with_id(app, id, &stream.name, true, false, None::<&str>)
            && items.streams.append(&item).is_ok()
        {
            stream_items.push((stream.mp3.unwrap_or_default(), item));
        }
    }
    drop(stream_items);
    refresh(app);
}

/// The first stream of the tray's list (what play starts when nothing was played yet).
pub fn first_stream<R: Runtime>(app: &AppHandle<R>) -> Option<String> {
    app.try_state::<TrayItems<R>>()
        .and_then(|items| lock(&items.stream_items).first().map(|(url, _)| url.clone()))
}

/// The UI says what its player offers of timeshift (the channel's HLS window, playing behind live):
/// the tray's 'Voltar 30 segundos' and 'Ao vivo' and the media controls' seeking follow it.
#[tauri::command]
pub fn tray_set_timeshift<R: Runtime>(app: AppHandle<R>, offered: bool, shifted: bool) -> crate::Result<()> {
    if let Some(desktop) = app.try_state::<Arc<Desktop>>() {
        *lock(&desktop.timeshift) = super::TimeshiftOffer { offered, shifted };
    }
    refresh(&app);
    super::media::refresh(&app);
    Ok(())
}

/// The UI says whether the signed-in user is staff; the tray shows the statistics item then.
#[tauri::command]
pub fn tray_set_staff<R: Runtime>(app: AppHandle<R>, staff: bool) -> crate::Result<()> {
    set_staff(&app, staff);
    Ok(())
}

/// Shows the statistics item (staff only) or takes it away.
fn set_staff<R: Runtime>(app: &AppHandle<R>, staff: bool) {
    let Some(items) = app.try_state::<TrayItems<R>>() else {
        return;
    };
    let mut current = lock(&items.staff);
    if *current == staff {
        return;
    }
    let result = if staff {
        // Just before 'Sair'.
        let position = items
            .menu
            .items()
            .map(|all| all.len().saturating_sub(1))
            .unwrap_or(0);
        items.menu.insert(&items.stats, position)
    } else {
        items.menu.remove(&items.stats)
    };
    if result.is_ok() {
        *current = staff;
    }
}

/// Brings the menu's texts and checks in line with the player and the alarm.
pub fn refresh<R: Runtime>(app: &AppHandle<R>) {
    let (Some(items), Some(desktop)) = (app.try_state::<TrayItems<R>>(), app.try_state::<Arc<Desktop>>())
    else {
        return;
    };
    let state = desktop.player.state();
    let now = match (&state, desktop.player.track()) {
        (PlayerState::Playing, Some(track)) => format!("♪ {}", track.stream_title),
        (PlayerState::Playing, None) => "♪ Onda FM".to_owned(),
        (PlayerState::Connecting | PlayerState::Reconnecting { .. }, _) => "Carregando...".to_owned(),
        (PlayerState::Failed { .. }, _) => "Não é possível tocar o stream.".to_owned(),
        _ => "Onda FM".to_owned(),
    };
    let _ = items.now_playing.set_text(now);
    refresh_programme(app, &items, &desktop);
    let playing = actions::is_active(&state);
    let _ = items
        .play_pause
        .set_text(if playing { "Pausar" } else { "Tocar" });
    let offer = *lock(&desktop.timeshift);
    let attached = desktop.ui_attached.load(Ordering::Relaxed);
    let _ = items.rewind.set_enabled(attached && offer.offered && playing);
    let _ = items.live.set_enabled(attached && offer.shifted);
    let _ = items.mute.set_checked(lock(&desktop.muted_from).is_some());
    let url = desktop.player.url();
    // Behind live the player plays the channel's HLS recording, not its mount: still that channel.
    let channel = desktop.playing_stream().map(|id| format!("stream:{id}"));
    for (stream_url, item) in lock(&items.stream_items).iter() {
        let chosen =
            url.as_deref() == Some(stream_url.as_str()) || channel.as_deref() == Some(item.id().as_ref());
        let _ = item.set_checked(chosen);
    }
    let ringing: Option<Ringing> = desktop
        .alarm
        .try_lock()
        .ok()
        .and_then(|runtime| runtime.scheduler.ringing.clone());
    let _ = items.snooze.set_enabled(ringing.is_some());
    let _ = items.stop_alarm.set_enabled(ringing.is_some());
}

/// The grid's lines under the song, and in the tooltip (where the platform shows one: not Linux's
/// AppIndicator, hence the menu lines).
fn refresh_programme<R: Runtime>(app: &AppHandle<R>, items: &TrayItems<R>, desktop: &Desktop) {
    let lines = lock(&desktop.programme)
        .as_ref()
        .and_then(crate::programme::tray_lines);
    if let Some(icon) = app.tray_by_id("onda") {
        let _ = icon.set_tooltip(Some(crate::programme::tooltip(lines.as_ref())));
    }
    let (on_air, next) = match &lines {
        Some((on_air, next)) => (Some(on_air.as_str()), next.as_deref()),
        None => (None, None),
    };
    let mut shown = lock(&items.programme_shown);
    // Right under the song (position 0), the next line under the one on air.
    show_line(&items.menu, &items.programme_now, &mut shown.0, on_air, 1);
    show_line(&items.menu, &items.programme_next, &mut shown.1, next, 2);
}

/// Puts `item` in the menu at `position` with `text`, or takes it out when there is no text.
fn show_line<R: Runtime>(
    menu: &Menu<R>,
    item: &MenuItem<R>,
    shown: &mut bool,
    text: Option<&str>,
    position: usize,
) {
    match text {
        Some(text) => {
            let _ = item.set_text(text);
            if !*shown && menu.insert(item, position).is_ok() {
                *shown = true;
            }
        }
        None => {
            if *shown && menu.remove(item).is_ok() {
                *shown = false;
            }
        }
    }
}

fn on_menu_event<R: Runtime>(app: &AppHandle<R>, event: MenuEvent) {
    let Some(desktop) = app.try_state::<Arc<Desktop>>() else {
        return;
    };
    let desktop = desktop.inner().clone();
    let id = event.id().as_ref();
    match id {
        "toggle" => {
            // The UI's player drives the native one when the UI is there; it hears this event.
            if desktop.ui_attached.load(Ordering::Relaxed) {
                let _ = app.emit(TRAY_EVENT, "toggle");
                return;
            }
            if actions::is_active(&desktop.player.state()) {
                desktop.player.pause();
            } else if desktop.player.url().is_some() {
                desktop.player.play(None);
            } else if let Some(first) = first_stream(app) {
                desktop.player.play(Some(first));
            }
        }
        // Timeshift belongs to the UI's player (it knows the window and falls back to the mount).
        "rewind" | "live" => {
            if desktop.ui_attached.load(Ordering::Relaxed) {
                let _ = app.emit(TRAY_EVENT, id);
            }
        }
        "volume-up" | "volume-down" | "mute" => {
            let mut muted = lock(&desktop.muted_from);
            let level = match (id, *muted) {
                ("mute", None) => {
                    *muted = Some(desktop.player.volume());
                    0.0
                }
                ("mute", Some(before)) => {
                    *muted = None;
                    before
                }
                (_, Some(before)) => {
                    *muted = None;
                    before
                }
                ("volume-up", None) => desktop.player.volume() + VOLUME_STEP,
                _ => desktop.player.volume() - VOLUME_STEP,
            };
            drop(muted);
            desktop.player.set_volume(level.clamp(0.0, 1.0));
        }
        "alarm-snooze" => actions::alarm_action(app, &desktop, true),
        "alarm-stop" => actions::alarm_action(app, &desktop, false),
        "show" => {
            if let Some(window) = app.get_webview_window("main") {
                if window.is_visible().unwrap_or(false) {
                    let _ = window.hide();
                } else {
                    actions::show_window(app);
                }
            }
        }
        "stats" => {
            if let Some(window) = app.get_webview_window("main") {
                let _ = window.show();
                let _ = window.set_focus();
                let _ = app.emit(TRAY_EVENT, "open-stats");
            }
        }
        "quit" => actions::quit(app, &desktop),
        other => {
            if let Some(url) = other.strip_prefix("stream:").and_then(|_| {
                app.try_state::<TrayItems<R>>().and_then(|items| {
                    lock(&items.stream_items)
                        .iter()
                        .find(|(_, item)| item.id().as_ref() == other)
                        .map(|(url, _)| url.clone())
                })
            }) {
                if desktop.ui_attached.load(Ordering::Relaxed) {
                    let _ = app.emit(TRAY_EVENT, other);
                } else {
                    desktop.player.play(Some(url));
                }
            }
        }
    }
    refresh(app);
}
