//! The programme grid in the back office (`/api/v1/backoffice/schedule/…`, permission 7, the
//! catalogue's, as the programmes and channels are): a channel's weekly slots, its one-off changes
//! for a date, and the playlist that plays outside the slots that name one.
//!
//! The rules (slots never overlap on a channel, around the week and across midnight; changes never
//! overlap each other; a change cuts into the weekly slots of its date only) live in
//! `data::schedule`. A save writes its row first, then takes the channel's row and checks the grid as
//! the transaction sees it, so that two saves on one channel cannot both slip in the same hour.

use axum::response::Response;
use onda_shared::schedule::{
    DefaultPlaylistInput, ExceptionInput, PlaylistOption, ProgramOption, ScheduleChannelOption,
    ScheduleEditor, ScheduleException, SlotFill, SlotInput, WeeklySlot,
};
use serde_json::Value;
use sqlx::AnyConnection;
use time::Date;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    audit::record,
    kit::{self, Area, Save, Staff, opt, text},
    no_store,
};
use crate::{
    AppState, Error, Result,
    clock::now,
    data::schedule::{self as rules, brasilia_date},
    db::Arg,
    error::ok,
    extract::{ApiJson, ApiPath},
    openapi::{EmptyReply, Reply},
    staff::CATALOGUE,
};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(schedule_editor))
        .routes(routes!(slot_create))
        .routes(routes!(slot_update, slot_delete))
        .routes(routes!(exception_create))
        .routes(routes!(exception_update, exception_delete))
        .routes(routes!(default_playlist_set))
}

struct Slots;

kit::versioned_area!(Slots: WeeklySlot, "schedule_slots", "schedule_slot", rules::NO_SLOT, rules::STALE,
    load rules::weekly_slot, copy |_area, slot| serde_json::to_value(slot).unwrap_or(Value::Null),
    version |slot| Some(slot.version));

struct Exceptions;

kit::versioned_area!(Exceptions: ScheduleException, "schedule_exceptions", "schedule_exception",
    rules::NO_EXCEPTION, rules::STALE,
    load rules::exception, copy |_area, change| serde_json::to_value(change).unwrap_or(Value::Null),
    version |change| Some(change.version));

/// The channel named by a path, 404 when it is not one of the station's.
async fn channel(state: &AppState, stream_id: &str) -> Result<String> {
    let known = rules::channels(&state.db)
        .await?
        .into_iter()
        .find(|(id, _, _)| id == stream_id);
    known
        .map(|(id, _, _)| id)
        .ok_or_else(|| Error::not_found(rules::NO_CHANNEL))
}

/// A slot's or change's common fields, checked.
struct Checked {
    program_id: i64,
    start: i64,
    end: i64,
    presenters: String,
    fill: SlotFill,
    playlist_id: Option<i64>,
}

impl Checked {
    fn columns(&self) -> Vec<(&'static str, Arg)> {
        vec![
            ("program_id", Arg::Int(self.program_id)),
            ("start_minute", Arg::Int(self.start)),
            ("end_minute", Arg::Int(self.end)),
            ("presenters", text(&self.presenters)),
            ("fill", text(self.fill.as_str())),
            ("playlist_id", opt(self.playlist_id)),
        ]
    }
}

/// Checks what the body says alone; what needs the database is [`check_references`].
#[allow(clippy::too_many_arguments)]
fn check(
    program_id: i64,
    start: &str,
    end: &str,
    presenters: &str,
    fill: SlotFill,
    playlist_id: Option<i64>,
) -> Result<Checked> {
    let start = rules::parse_time(start.trim(), false).ok_or_else(|| Error::bad_request(rules::BAD_TIME))?;
    let end = rules::parse_time(end.trim(), true).ok_or_else(|| Error::bad_request(rules::BAD_TIME))?;
    if start == end {
        return Err(Error::bad_request(rules::SAME_TIMES));
    }
    let presenters = presenters.trim();
    if presenters.chars().count() > rules::MAX_PRESENTERS {
        return Err(Error::bad_request(rules::PRESENTERS_TOO_LONG));
    }
    if fill == SlotFill::Playlist && playlist_id.is_none() {
        return Err(Error::bad_request(rules::PLAYLIST_NEEDED));
    }
    Ok(Checked {
        program_id,
        start,
        end,
        presenters: presenters.to_owned(),
        fill,
        playlist_id,
    })
}

async fn check_references(conn: &mut AnyConnection, checked: &Checked) -> Result<()> {
    if !rules::program_exists(&mut *conn, checked.program_id).await? {
        return Err(Error::bad_request(rules::NO_PROGRAM));
    }
    if let Some(playlist) = checked.playlist_id
        && !rules::playlist_exists(&mut *conn, playlist).await?
    {
        return Err(Error::bad_request(rules::NO_PLAYLIST));
    }
    Ok(())
}

fn check_weekday(weekday: u8) -> Result<u8> {
    if (1..=7).contains(&weekday) {
        Ok(weekday)
    } else {
        Err(Error::bad_request(rules::BAD_WEEKDAY))
    }
}

/// A change's date: real, not past, and within the planning horizon.
fn check_date(text: &str) -> Result<Date> {
    let date = rules::parse_date(text.trim()).ok_or_else(|| Error::bad_request(rules::BAD_DATE))?;
    let today = brasilia_date(now());
    if date < today {
        return Err(Error::bad_request(rules::PAST_DATE));
    }
    if date > today + time::Duration::days(rules::MAX_DAYS_AHEAD) {
        return Err(Error::bad_request(rules::BAD_DATE));
    }
    Ok(date)
}

/// After the row is written: the channel's row taken, then the grid as this transaction sees it must
/// hold no overlap with the saved slot.
async fn refuse_weekly_overlap(
    conn: &mut AnyConnection,
    stream_id: &str,
    id: i64,
    weekday: u8,
    c: &Checked,
) -> Result<()> {
    rules::lock_channel(&mut *conn, stream_id).await?;
    let grid = rules::grid(&mut *conn, stream_id, brasilia_date(now())).await?;
    if grid.weekly_clash(weekday, c.start, c.end, Some(id)).is_some() {
        return Err(Error::bad_request(rules::OVERLAP));
    }
    Ok(())
}

async fn refuse_exception_overlap(
    conn: &mut AnyConnection,
    stream_id: &str,
    id: i64,
    date: Date,
    c: &Checked,
) -> Result<()> {
    rules::lock_channel(&mut *conn, stream_id).await?;
    let grid = rules::grid(&mut *conn, stream_id, date - time::Duration::days(1)).await?;
    if grid.exception_clash(date, c.start, c.end, Some(id)).is_some() {
        return Err(Error::bad_request(rules::EXCEPTION_OVERLAP));
    }
    Ok(())
}

kit::staff_path! {
    get "/backoffice/schedule/{streamId}", params(("streamId" = String, Path, description = "The channel"))
        => "The channel's weekly grid, its changes from today on, and the programmes and playlists to choose from":
        Reply<ScheduleEditor>,
        401 "No session", 403 "No catalogue permission", 404 "No such channel";
    /// Everything the schedule editor shows for one channel.
    pub async fn schedule_editor(
        Staff(state, _): Staff<CATALOGUE>,
        ApiPath(stream_id): ApiPath<String>,
    ) -> Result<Response> {
        let channels = rules::channels(&state.db).await?;
        let Some((stream_id, stream_name, _)) = channels.iter().find(|(id, _, _)| *id == stream_id).cloned() else {
            return Err(Error::not_found(rules::NO_CHANNEL));
        };
        let today = brasilia_date(now());
        let programs: Vec<(i64, String, String)> =
            sqlx::query_as("SELECT id, title, host FROM programs ORDER BY title, id")
                .fetch_all(&state.db.pool)
                .await?;
        let playlists: Vec<(i64, String)> = sqlx::query_as("SELECT id, name FROM playlists ORDER BY name, id")
            .fetch_all(&state.db.pool)
            .await?;
        Ok(no_store(ok(ScheduleEditor {
            slots: rules::weekly_slots(&state.db, &stream_id).await?,
            exceptions: rules::exceptions(&state.db, &stream_id, today).await?,
            default_playlist_id: rules::default_playlist(&state.db, &stream_id).await?,
            channels: channels
                .into_iter()
                .map(|(stream_id, name, _)| ScheduleChannelOption { stream_id, name })
                .collect(),
            programs: programs
                .into_iter()
                .map(|(id, title, host)| ProgramOption { id, title, host })
                .collect(),
            playlists: playlists
                .into_iter()
                .map(|(id, name)| PlaylistOption { id, name })
                .collect(),
            today: rules::format_date(today),
            stream_id,
            stream_name,
        })))
    }
}

kit::staff_path! {
    post "/backoffice/schedule/{streamId}/slots", params(("streamId" = String, Path, description = "The channel")),
        body SlotInput => "The slot as stored (version 1)": Reply<WeeklySlot>,
        400 "A field breaks a rule, or the slot overlaps another (the Portuguese message)",
        401 "No session", 403 "No catalogue permission", 404 "No such channel";
    /// A new weekly slot.
    pub async fn slot_create(
        Staff(state, user): Staff<CATALOGUE>,
        ApiPath(stream_id): ApiPath<String>,
        body: std::result::Result<ApiJson<SlotInput>, Error>,
    ) -> Result<Response> {
        let stream_id = channel(&state, &stream_id).await?;
        let ApiJson(input) = body?;
        let weekday = check_weekday(input.weekday)?;
        let checked = check(input.program_id, &input.start, &input.end, &input.presenters, input.fill, input.playlist_id)?;
        check_references(&mut *state.db.pool.acquire().await?, &checked).await?;
        let mut row = checked.columns();
        row.push(("stream_id", text(&stream_id)));
        row.push(("weekday", Arg::Int(i64::from(weekday))));
        let mut save = Save::insert(&state, &Slots, row, None).await?;
        let id = save.id();
        refuse_weekly_overlap(save.conn(), &stream_id, id, weekday, &checked).await?;
        let after = save.finish(&user, "create", None).await?;
        state.schedule.invalidate(Some(&stream_id));
        Ok(no_store(ok(after)))
    }
}

kit::staff_path! {
    put "/backoffice/schedule/slots/{id}", id "The weekly slot", body SlotInput
        => "The slot as stored now (version bumped)": Reply<WeeklySlot>,
        400 "A field breaks a rule, the slot overlaps another, or no version",
        401 "No session", 403 "No catalogue permission", 404 "No such slot", 409 "Someone saved it since it was loaded";
    /// Changes a weekly slot (its day, hours, programme, presenters or fill). `version` must be the
    /// loaded one.
    pub async fn slot_update(
        Staff(state, user): Staff<CATALOGUE>,
        ApiPath(id): ApiPath<String>,
        body: std::result::Result<ApiJson<SlotInput>, Error>,
    ) -> Result<Response> {
        let id = Slots.id(&id)?;
        let ApiJson(input) = body?;
        let weekday = check_weekday(input.weekday)?;
        let checked = check(input.program_id, &input.start, &input.end, &input.presenters, input.fill, input.playlist_id)?;
        let version = kit::sent_version(input.version)?;
        check_references(&mut *state.db.pool.acquire().await?, &checked).await?;
        let (mut save, before) = Save::open(&state, &Slots, id).await?;
        save.check_version(&before, Some(version))?;
        let mut row = checked.columns();
        row.push(("weekday", Arg::Int(i64::from(weekday))));
        save.set_versioned(row, version).await?;
        let stream_id = rules::channel_of(save.conn(), id, false).await?.unwrap_or_default();
        refuse_weekly_overlap(save.conn(), &stream_id, id, weekday, &checked).await?;
        let after = save.finish(&user, "update", Some(&before)).await?;
        state.schedule.invalidate(Some(&stream_id));
        Ok(no_store(ok(after)))
    }
}

kit::staff_path! {
    delete "/backoffice/schedule/slots/{id}", id "The weekly slot" => "Deleted": EmptyReply,
        401 "No session", 403 "No catalogue permission", 404 "No such slot";
    /// Removes a weekly slot: its hours fall to the channel's default playlist.
    pub async fn slot_delete(Staff(state, user): Staff<CATALOGUE>, ApiPath(id): ApiPath<String>) -> Result<Response> {
        let reply = kit::delete(&state, &user, &Slots, Slots.id(&id)?, |_| None).await?;
        state.schedule.invalidate(None);
        Ok(reply)
    }
}

kit::staff_path! {
    post "/backoffice/schedule/{streamId}/exceptions", params(("streamId" = String, Path, description = "The channel")),
        body ExceptionInput => "The change as stored (version 1)": Reply<ScheduleException>,
        400 "A field breaks a rule, the date has passed, or the change overlaps another change",
        401 "No session", 403 "No catalogue permission", 404 "No such channel";
    /// A one-off change for a date: it takes the place of the weekly slots it overlaps, that day only.
    pub async fn exception_create(
        Staff(state, user): Staff<CATALOGUE>,
        ApiPath(stream_id): ApiPath<String>,
        body: std::result::Result<ApiJson<ExceptionInput>, Error>,
    ) -> Result<Response> {
        let stream_id = channel(&state, &stream_id).await?;
        let ApiJson(input) = body?;
        let date = check_date(&input.date)?;
        let checked = check(input.program_id, &input.start, &input.end, &input.presenters, input.fill, input.playlist_id)?;
        let note = check_note(&input.note)?;
        check_references(&mut *state.db.pool.acquire().await?, &checked).await?;
        let mut row = checked.columns();
        row.push(("stream_id", text(&stream_id)));
        row.push(("on_date", text(&rules::format_date(date))));
        row.push(("note", text(&note)));
        let mut save = Save::insert(&state, &Exceptions, row, None).await?;
        let id = save.id();
        refuse_exception_overlap(save.conn(), &stream_id, id, date, &checked).await?;
        let after = save.finish(&user, "create", None).await?;
        state.schedule.invalidate(Some(&stream_id));
        Ok(no_store(ok(after)))
    }
}

fn check_note(note: &str) -> Result<String> {
    let note = note.trim();
    if note.chars().count() > rules::MAX_NOTE {
        return Err(Error::bad_request(rules::NOTE_TOO_LONG));
    }
    Ok(note.to_owned())
}

kit::staff_path! {
    put "/backoffice/schedule/exceptions/{id}", id "The one-off change", body ExceptionInput
        => "The change as stored now (version bumped)": Reply<ScheduleException>,
        400 "A field breaks a rule, the change overlaps another, or no version",
        401 "No session", 403 "No catalogue permission", 404 "No such change", 409 "Someone saved it since it was loaded";
    /// Changes a one-off change. `version` must be the loaded one.
    pub async fn exception_update(
        Staff(state, user): Staff<CATALOGUE>,
        ApiPath(id): ApiPath<String>,
        body: std::result::Result<ApiJson<ExceptionInput>, Error>,
    ) -> Result<Response> {
        let id = Exceptions.id(&id)?;
        let ApiJson(input) = body?;
        let date = check_date(&input.date)?;
        let checked = check(input.program_id, &input.start, &input.end, &input.presenters, input.fill, input.playlist_id)?;
        let note = check_note(&input.note)?;
        let version = kit::sent_version(input.version)?;
        check_references(&mut *state.db.pool.acquire().await?, &checked).await?;
        let (mut save, before) = Save::open(&state, &Exceptions, id).await?;
        save.check_version(&before, Some(version))?;
        let mut row = checked.columns();
        row.push(("on_date", text(&rules::format_date(date))));
        row.push(("note", text(&note)));
        save.set_versioned(row, version).await?;
        let stream_id = rules::channel_of(save.conn(), id, true).await?.unwrap_or_default();
        refuse_exception_overlap(save.conn(), &stream_id, id, date, &checked).await?;
        let after = save.finish(&user, "update", Some(&before)).await?;
        state.schedule.invalidate(Some(&stream_id));
        Ok(no_store(ok(after)))
    }
}

kit::staff_path! {
    delete "/backoffice/schedule/exceptions/{id}", id "The one-off change" => "Deleted": EmptyReply,
        401 "No session", 403 "No catalogue permission", 404 "No such change";
    /// Removes a one-off change: the weekly grid airs that day again.
    pub async fn exception_delete(Staff(state, user): Staff<CATALOGUE>, ApiPath(id): ApiPath<String>) -> Result<Response> {
        let reply = kit::delete(&state, &user, &Exceptions, Exceptions.id(&id)?, |_| None).await?;
        state.schedule.invalidate(None);
        Ok(reply)
    }
}

kit::staff_path! {
    put "/backoffice/schedule/{streamId}/default-playlist", params(("streamId" = String, Path, description = "The channel")),
        body DefaultPlaylistInput => "Saved": EmptyReply,
        400 "No such playlist", 401 "No session", 403 "No catalogue permission", 404 "No such channel";
    /// The playlist the channel plays outside the slots that name one (`null`: the channel's whole
    /// music library).
    pub async fn default_playlist_set(
        Staff(state, user): Staff<CATALOGUE>,
        ApiPath(stream_id): ApiPath<String>,
        body: std::result::Result<ApiJson<DefaultPlaylistInput>, Error>,
    ) -> Result<Response> {
        let stream_id = channel(&state, &stream_id).await?;
        let ApiJson(input) = body?;
        let mut tx = state.db.pool.begin().await?;
        if let Some(playlist) = input.playlist_id
            && !rules::playlist_exists(&mut tx, playlist).await?
        {
            return Err(Error::bad_request(rules::NO_PLAYLIST));
        }
        let before = rules::default_playlist_on(&mut tx, &stream_id).await?;
        rules::set_default_playlist(&mut tx, &stream_id, input.playlist_id).await?;
        record(
            &mut tx,
            user.user_id,
            "schedule_channel.default_playlist",
            "schedule_channel",
            None,
            Some(&serde_json::json!({ "streamId": stream_id, "playlistId": before })),
            Some(&serde_json::json!({ "streamId": stream_id, "playlistId": input.playlist_id })),
        )
        .await?;
        tx.commit().await?;
        state.schedule.invalidate(Some(&stream_id));
        Ok(no_store(ok(())))
    }
}
