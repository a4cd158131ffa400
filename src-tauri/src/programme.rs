//! The programme grid on the desktop: the tray's 'No ar' / 'A seguir' lines, the 'Começou' notification
//! and when to ask the station again. The Rust side has no push channel (the song on air comes inside
//! the stream itself, as ICY titles), so the app asks `GET /api/v1/schedule/{streamId}/now` when the
//! programme on air should end or the next one begin, and every few minutes besides, since the back
//! office can change the grid at any time.
//!
//! Plain Rust (no `tauri::`): `desktop::programme` wires it to the tray and the notifications.

use std::time::Duration;

use chrono::{DateTime, Utc};
use onda_shared::{
    envelope::Envelope,
    schedule::{ScheduleNow, ScheduleSlot},
};

/// Asked again at least this often: a change in the back office shows within minutes.
pub const POLL_MAX: Duration = Duration::from_secs(5 * 60);
/// Never sooner than this, so a server whose clock lags ours is not asked in a tight loop.
pub const POLL_MIN: Duration = Duration::from_secs(5);
/// After a failed request (station unreachable, channel gone).
pub const RETRY: Duration = Duration::from_secs(60);
/// Asked this long after a boundary, so the station has already moved on to the next slot.
const AFTER_BOUNDARY: Duration = Duration::from_secs(2);

/// 'No ar: Manhã da Onda (até 10:00)'.
pub fn on_air_line(slot: &ScheduleSlot) -> String {
    format!("No ar: {} (até {})", slot.program.title, slot.end)
}

/// 'A seguir: Jornal da Onda às 10:00'.
pub fn next_line(slot: &ScheduleSlot) -> String {
    format!("A seguir: {} às {}", slot.program.title, slot.start)
}

/// What the tray shows: the programme on air and, when there is one, the next. Nothing when the grid
/// has nothing on air (the autoDJ's music): a lone 'A seguir' would read as if the radio were off.
pub fn tray_lines(now: &ScheduleNow) -> Option<(String, Option<String>)> {
    let on_air = now.now.as_ref()?;
    Some((on_air_line(on_air), now.next.as_ref().map(next_line)))
}

/// The tray's tooltip: the app's name, then the programme lines when there are some.
pub fn tooltip(lines: Option<&(String, Option<String>)>) -> String {
    let mut text = "Onda FM".to_owned();
    if let Some((on_air, next)) = lines {
        text.push('\n');
        text.push_str(on_air);
        if let Some(next) = next {
            text.push('\n');
            text.push_str(next);
        }
    }
    text
}

/// 'Começou: Manhã da Onda — com Ana e Beto' (without the presenters when the grid names none).
pub fn started_line(slot: &ScheduleSlot) -> String {
    let presenters = slot.presenters.trim();
    if presenters.is_empty() {
        format!("Começou: {}", slot.program.title)
    } else {
        format!("Começou: {} — com {presenters}", slot.program.title)
    }
}

/// Which slot is on air: a weekly slot repeats every week with the same id, and a one-off change's id
/// may equal a weekly slot's, so the id alone does not tell two airings apart.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Airing {
    special: bool,
    id: i64,
    starts_at: String,
    slug: String,
}

impl Airing {
    fn of(slot: &ScheduleSlot) -> Self {
        Self {
            special: slot.special,
            id: slot.id,
            starts_at: slot.starts_at.clone(),
            slug: slot.program.slug.clone(),
        }
    }
}

/// Tells when a new programme begins on the channel watched, from successive answers of
/// `/schedule/{streamId}/now`.
#[derive(Debug, Default)]
pub struct ProgrammeWatch {
    stream_id: Option<String>,
    /// What was on air at the last answer; `None` before the first answer for this channel (and
    /// `Some(None)` when the grid had nothing on air then).
    on_air: Option<Option<Airing>>,
}

impl ProgrammeWatch {
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes the channel's latest answer and returns the programme that has just begun, to announce.
    /// The first answer for a channel (the app starting, the listener changing channel) announces
    /// nothing: that programme did not begin now, the listener arrived in the middle of it.
    pub fn observe(&mut self, now: &ScheduleNow) -> Option<ScheduleSlot> {
        let current = now.now.as_ref().map(Airing::of);
        let same_channel = self.stream_id.as_deref() == Some(now.stream_id.as_str());
        let before = if same_channel { self.on_air.take() } else { None };
        self.stream_id = Some(now.stream_id.clone());
        self.on_air = Some(current.clone());
        let before = before?;
        let current = current?;
        match before {
            // The same programme again: the same airing asked twice, or the programme going on in a
            // slot of its own (across midnight, or booked twice in a row) is no news to the listener.
            Some(before) if before == current || before.slug == current.slug => None,
            _ => now.now.clone(),
        }
    }
}

/// How long until the answer may change: just after the programme on air ends or the next one begins
/// (whichever is first), within [`POLL_MIN`] and [`POLL_MAX`].
pub fn next_poll(now: &ScheduleNow, at: DateTime<Utc>) -> Duration {
    let boundaries = [
        now.now.as_ref().map(|slot| slot.ends_at.as_str()),
        now.next.as_ref().map(|slot| slot.starts_at.as_str()),
    ];
    let soonest = boundaries
        .into_iter()
        .flatten()
        .filter_map(|instant| DateTime::parse_from_rfc3339(instant).ok())
        .map(|instant| instant.signed_duration_since(at))
        .min();
    match soonest {
        Some(until) => until
            .to_std()
            // Already past (our clock ahead of the station's): ask again soon.
            .unwrap_or(Duration::ZERO)
            .saturating_add(AFTER_BOUNDARY)
            .clamp(POLL_MIN, POLL_MAX),
        None => POLL_MAX,
    }
}

/// Asks the station what is on air on `stream_id` and next. `None` when it cannot say (unreachable,
/// an error reply, not one of its channels).
pub async fn fetch(client: &reqwest::Client, server: &str, stream_id: &str) -> Option<ScheduleNow> {
    let url = format!("{server}/api/v1/schedule/{stream_id}/now");
    let reply = match client.get(&url).send().await {
        Ok(reply) => reply,
        Err(error) => {
            tracing::debug!(%error, "programme on air not fetched");
            return None;
        }
    };
    if !reply.status().is_success() {
        tracing::debug!(status = %reply.status(), stream_id, "programme on air not available");
        return None;
    }
    match reply.json::<Envelope<Option<ScheduleNow>>>().await {
        Ok(envelope) => envelope.data,
        Err(error) => {
            tracing::debug!(%error, "programme on air not readable");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use onda_shared::schedule::{ScheduleProgram, SlotFill};

    use super::*;

    fn slot(id: i64, slug: &str, title: &str, start: &str, end: &str, presenters: &str) -> ScheduleSlot {
        ScheduleSlot {
            id,
            special: false,
            program: ScheduleProgram {
                slug: slug.to_owned(),
                title: title.to_owned(),
                image_url: String::new(),
                description: String::new(),
            },
            presenters: presenters.to_owned(),
            fill: SlotFill::Live,
            start: start.to_owned(),
            end: end.to_owned(),
            starts_at: format!("2025-03-10T{start}:00-03:00"),
            ends_at: format!("2025-03-10T{end}:00-03:00"),
        }
    }

    fn morning() -> ScheduleSlot {
        slot(
            1,
            "manha-da-onda",
            "Manhã da Onda",
            "06:00",
            "10:00",
            "Ana e Beto",
        )
    }

    fn news() -> ScheduleSlot {
        slot(2, "jornal-da-onda", "Jornal da Onda", "10:00", "11:00", "")
    }

    fn on(stream_id: &str, now: Option<ScheduleSlot>, next: Option<ScheduleSlot>) -> ScheduleNow {
        ScheduleNow {
            stream_id: stream_id.to_owned(),
            now,
            next,
        }
    }

    fn at(instant: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(instant).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn the_tray_shows_the_programme_on_air_and_the_next() {
        let lines = tray_lines(&on("onda_1", Some(morning()), Some(news()))).unwrap();
        assert_eq!(lines.0, "No ar: Manhã da Onda (até 10:00)");
        assert_eq!(lines.1.as_deref(), Some("A seguir: Jornal da Onda às 10:00"));
        assert_eq!(
            tooltip(Some(&lines)),
            "Onda FM\nNo ar: Manhã da Onda (até 10:00)\nA seguir: Jornal da Onda às 10:00"
        );

        let last = tray_lines(&on("onda_1", Some(news()), None)).unwrap();
        assert_eq!(last, ("No ar: Jornal da Onda (até 11:00)".to_owned(), None));
        assert_eq!(tooltip(Some(&last)), "Onda FM\nNo ar: Jornal da Onda (até 11:00)");
    }

    #[test]
    fn nothing_is_shown_when_nothing_is_on_air() {
        assert_eq!(tray_lines(&on("onda_1", None, Some(news()))), None);
        assert_eq!(tooltip(None), "Onda FM");
    }

    #[test]
    fn the_notification_names_the_presenters_when_there_are_some() {
        assert_eq!(
            started_line(&morning()),
            "Começou: Manhã da Onda — com Ana e Beto"
        );
        assert_eq!(started_line(&news()), "Começou: Jornal da Onda");
    }

    #[test]
    fn a_programme_beginning_is_announced_once() {
        let mut watch = ProgrammeWatch::new();
        // The app starting in the middle of a programme: nothing began now.
        assert_eq!(watch.observe(&on("onda_1", Some(morning()), Some(news()))), None);
        assert_eq!(watch.observe(&on("onda_1", Some(morning()), Some(news()))), None);
        assert_eq!(watch.observe(&on("onda_1", Some(news()), None)), Some(news()));
        assert_eq!(watch.observe(&on("onda_1", Some(news()), None)), None);
    }

    #[test]
    fn nothing_is_announced_when_nothing_is_on_air() {
        let mut watch = ProgrammeWatch::new();
        assert_eq!(watch.observe(&on("onda_1", Some(morning()), Some(news()))), None);
        assert_eq!(watch.observe(&on("onda_1", None, Some(news()))), None);
        assert_eq!(watch.observe(&on("onda_1", None, Some(news()))), None);
        // After a gap, the next programme is news again.
        assert_eq!(watch.observe(&on("onda_1", Some(news()), None)), Some(news()));
    }

    #[test]
    fn changing_channel_announces_nothing() {
        let mut watch = ProgrammeWatch::new();
        assert_eq!(watch.observe(&on("onda_1", Some(morning()), None)), None);
        assert_eq!(watch.observe(&on("onda_2", Some(news()), None)), None);
        assert_eq!(watch.observe(&on("onda_1", Some(morning()), None)), None);
    }

    #[test]
    fn a_programme_going_on_in_a_new_slot_is_not_announced_again() {
        let mut watch = ProgrammeWatch::new();
        let late = slot(7, "madrugada", "Madrugada", "22:00", "00:00", "");
        let mut after_midnight = slot(8, "madrugada", "Madrugada", "00:00", "02:00", "");
        after_midnight.starts_at = "2025-03-11T00:00:00-03:00".to_owned();
        assert_eq!(watch.observe(&on("onda_1", Some(late), None)), None);
        assert_eq!(watch.observe(&on("onda_1", Some(after_midnight), None)), None);
    }

    #[test]
    fn a_one_off_change_sharing_a_weekly_slots_id_is_another_programme() {
        let mut watch = ProgrammeWatch::new();
        let mut special = morning();
        special.special = true;
        special.program.slug = "especial".to_owned();
        special.program.title = "Especial".to_owned();
        assert_eq!(watch.observe(&on("onda_1", Some(morning()), None)), None);
        // A one-off change whose id equals the weekly slot's is still another programme.
        assert_eq!(
            watch.observe(&on("onda_1", Some(special.clone()), None)),
            Some(special)
        );
    }

    #[test]
    fn the_station_is_asked_again_when_the_answer_changes() {
        let answer = on("onda_1", Some(morning()), Some(news()));
        // 09:50: ten minutes to the end, but never more than POLL_MAX.
        assert_eq!(next_poll(&answer, at("2025-03-10T09:50:00-03:00")), POLL_MAX);
        // 09:59:30: just after 10:00.
        assert_eq!(
            next_poll(&answer, at("2025-03-10T09:59:30-03:00")),
            Duration::from_secs(32)
        );
        // The same instant written in UTC.
        assert_eq!(
            next_poll(&answer, at("2025-03-10T12:59:30Z")),
            Duration::from_secs(32)
        );
        // Our clock ahead of the station's: soon, not at once.
        assert_eq!(next_poll(&answer, at("2025-03-10T10:00:05-03:00")), POLL_MIN);
        // Nothing on air and a next programme: when it begins.
        let gap = on("onda_1", None, Some(news()));
        assert_eq!(
            next_poll(&gap, at("2025-03-10T09:58:00-03:00")),
            Duration::from_secs(122)
        );
        // An empty grid: every few minutes.
        assert_eq!(
            next_poll(&on("onda_1", None, None), at("2025-03-10T09:58:00-03:00")),
            POLL_MAX
        );
    }
}
