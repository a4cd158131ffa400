//! AutoDJ playlists in the back office (`/api/v1/backoffice/playlists*`, permission 7, the catalogue's):
//! the list, the editor's load and save (name, rotation rules and tracks: catalogue songs and files of
//! the music folder), delete (refused while the grid uses the playlist), and the tracks an editor may
//! add. The rotation rules are what the autoDJ keeps while the playlist airs (docs/radio.md).

use axum::{extract::Query, response::Response};
use onda_shared::schedule::{Playlist, PlaylistInput, PlaylistSummary, PlaylistTrack};
use serde::Deserialize;
use serde_json::Value;
use sqlx::AnyConnection;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    contains_pattern,
    kit::{self, Area, Save, Staff, text},
    no_store,
};
use crate::{
    AppState, Error, Result,
    clock::now,
    data::playlists::{self as lists, MAX_PATH},
    db::Arg,
    error::ok,
    extract::{ApiJson, ApiPath},
    openapi::{EmptyReply, Reply},
    staff::CATALOGUE,
};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(playlists_list, playlist_create))
        .routes(routes!(playlist_tracks))
        .routes(routes!(playlist_get, playlist_update, playlist_delete))
}

/// Playlists for the save kit. The loader has no access to the configuration, so it reports folder
/// files as unplayable; the handlers answer a copy read with the music folder.
struct Playlists;

async fn load_for_audit(conn: &mut AnyConnection, id: i64) -> Result<Option<Playlist>> {
    lists::load(conn, id, None).await
}

kit::versioned_area!(Playlists: Playlist, "playlists", "playlist", lists::NOT_FOUND, lists::STALE,
    load load_for_audit, copy |_area, playlist| serde_json::to_value(playlist).unwrap_or(Value::Null),
    version |playlist| Some(playlist.version));

/// The input, checked: (name, description, song minutes, artist minutes, jingle every, tracks).
struct Checked {
    columns: Vec<(&'static str, Arg)>,
    tracks: Vec<(Option<i64>, Option<String>)>,
}

async fn check(state: &AppState, input: &PlaylistInput) -> Result<Checked> {
    let name = input.name.trim();
    if name.is_empty() || name.chars().count() > lists::MAX_NAME {
        return Err(Error::bad_request(lists::NAME_REQUIRED));
    }
    let description = input.description.trim();
    if description.chars().count() > lists::MAX_DESCRIPTION {
        return Err(Error::bad_request(lists::DESCRIPTION_TOO_LONG));
    }
    let separation = 0..=lists::MAX_SEPARATION_MINUTES;
    if !separation.contains(&input.song_separation_minutes)
        || !separation.contains(&input.artist_separation_minutes)
    {
        return Err(Error::bad_request(lists::BAD_SEPARATION));
    }
    if !(0..=lists::MAX_JINGLE_EVERY).contains(&input.jingle_every) {
        return Err(Error::bad_request(lists::BAD_JINGLE));
    }
    if input.tracks.len() > lists::MAX_TRACKS {
        return Err(Error::bad_request(lists::TOO_MANY_TRACKS));
    }
    let mut tracks = Vec::with_capacity(input.tracks.len());
    for track in &input.tracks {
        match (track.song_id, track.file_path.as_deref().map(str::trim)) {
            (Some(song), None) if song > 0 => tracks.push((Some(song), None)),
            (None, Some(path)) if safe_path(path) => tracks.push((None, Some(path.to_owned()))),
            _ => return Err(Error::bad_request(lists::BAD_TRACK)),
        }
    }
    let songs: Vec<i64> = tracks.iter().filter_map(|(song, _)| *song).collect();
    let mut conn = state.db.pool.acquire().await?;
    let mut distinct = songs.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if lists::known_songs(&mut conn, &distinct).await? != distinct.len() {
        return Err(Error::bad_request(lists::UNKNOWN_SONG));
    }
    Ok(Checked {
        columns: vec![
            ("name", text(name)),
            ("description", text(description)),
            ("song_separation_min", Arg::Int(input.song_separation_minutes)),
            ("artist_separation_min", Arg::Int(input.artist_separation_minutes)),
            ("jingle_every", Arg::Int(input.jingle_every)),
            ("updated_at", Arg::Int(now())),
        ],
        tracks,
    })
}

/// A path inside the music folder: relative, without `..`, of a sensible length.
fn safe_path(path: &str) -> bool {
    !path.is_empty()
        && path.len() <= MAX_PATH
        && !path.starts_with('/')
        && !path.contains('\0')
        && std::path::Path::new(path)
            .components()
            .all(|part| matches!(part, std::path::Component::Normal(_)))
}

async fn answer(state: &AppState, id: i64) -> Result<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let playlist = lists::load(&mut conn, id, state.config.music_dir.as_deref())
        .await?
        .ok_or_else(|| Error::not_found(lists::NOT_FOUND))?;
    Ok(no_store(ok(playlist)))
}

kit::staff_path! {
    get "/backoffice/playlists" => "Every playlist, by name": Reply<Vec<PlaylistSummary>>,
        401 "No session", 403 "No catalogue permission";
    /// The playlists with their size and how many slots and channels play them.
    pub async fn playlists_list(Staff(state, _): Staff<CATALOGUE>) -> Result<Response> {
        Ok(no_store(ok(lists::summaries(&state.db).await?)))
    }
}

kit::staff_path! {
    get "/backoffice/playlists/{id}", id "The playlist" => "The playlist with its tracks": Reply<Playlist>,
        401 "No session", 403 "No catalogue permission", 404 "No such playlist";
    /// A playlist as its editor shows it; each track says whether the radio has audio for it.
    pub async fn playlist_get(Staff(state, _): Staff<CATALOGUE>, ApiPath(id): ApiPath<String>) -> Result<Response> {
        answer(&state, Playlists.id(&id)?).await
    }
}

kit::staff_path! {
    post "/backoffice/playlists", body PlaylistInput => "The playlist as stored (version 1)": Reply<Playlist>,
        400 "A field breaks a rule (the Portuguese message)", 401 "No session", 403 "No catalogue permission";
    /// A new playlist.
    pub async fn playlist_create(
        Staff(state, user): Staff<CATALOGUE>,
        body: std::result::Result<ApiJson<PlaylistInput>, Error>,
    ) -> Result<Response> {
        let ApiJson(input) = body?;
        let checked = check(&state, &input).await?;
        let mut save = Save::insert(&state, &Playlists, checked.columns, None)
            .await
            .map_err(name_taken)?;
        let id = save.id();
        lists::write_tracks(save.conn(), id, &checked.tracks).await?;
        save.finish(&user, "create", None).await?;
        // A song just given its audio is on the autoDJ's shelves before the playlist's hour.
        state.radio.library_changed.notify_one();
        answer(&state, id).await
    }
}

/// A save refused for its name: the kit reports a refused insert as a server error.
fn name_taken(err: Error) -> Error {
    match err {
        Error::Database(sqlx::Error::Database(db)) if db.is_unique_violation() => {
            Error::bad_request(lists::NAME_TAKEN)
        }
        other => other,
    }
}

kit::staff_path! {
    put "/backoffice/playlists/{id}", id "The playlist", body PlaylistInput
        => "The playlist as stored now (version bumped)": Reply<Playlist>,
        400 "A field breaks a rule, or no version", 401 "No session", 403 "No catalogue permission",
        404 "No such playlist", 409 "Someone saved it since it was loaded";
    /// Replaces a playlist's name, rules and tracks. `version` must be the loaded one.
    pub async fn playlist_update(
        Staff(state, user): Staff<CATALOGUE>,
        ApiPath(id): ApiPath<String>,
        body: std::result::Result<ApiJson<PlaylistInput>, Error>,
    ) -> Result<Response> {
        let id = Playlists.id(&id)?;
        let ApiJson(input) = body?;
        let version = kit::sent_version(input.version)?;
        let checked = check(&state, &input).await?;
        let (mut save, before) = Save::open(&state, &Playlists, id).await?;
        save.check_version(&before, Some(version))?;
        save.set_versioned(checked.columns, version).await.map_err(name_taken)?;
        lists::write_tracks(save.conn(), id, &checked.tracks).await?;
        save.finish(&user, "update", Some(&before)).await?;
        state.radio.library_changed.notify_one();
        answer(&state, id).await
    }
}

kit::staff_path! {
    delete "/backoffice/playlists/{id}", id "The playlist" => "Deleted": EmptyReply,
        401 "No session", 403 "No catalogue permission", 404 "No such playlist",
        409 "The grid uses it (a slot, a change or a channel's default)";
    /// Deletes a playlist the grid does not use.
    pub async fn playlist_delete(Staff(state, user): Staff<CATALOGUE>, ApiPath(id): ApiPath<String>) -> Result<Response> {
        let id = Playlists.id(&id)?;
        let used = lists::uses(&mut *state.db.pool.acquire().await?, id).await?;
        kit::delete(&state, &user, &Playlists, id, |_| {
            (used > 0).then(|| Error::Conflict(lists::IN_USE.to_owned()))
        })
        .await
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TrackQuery {
    /// Part of an artist's name, a song's title or a file's path (at least 2 characters; up to 100).
    #[serde(default)]
    q: String,
}

/// How many candidates one search answers.
const CANDIDATES: i64 = 50;

kit::staff_path! {
    get "/backoffice/playlists/tracks", params(TrackQuery)
        => "Up to 50 catalogue songs and music-folder files that match": Reply<Vec<PlaylistTrack>>,
        400 "The query is too long", 401 "No session", 403 "No catalogue permission";
    /// Tracks an editor may add to a playlist: catalogue songs by artist or title, and files of the
    /// music folder by path.
    pub async fn playlist_tracks(
        Staff(state, _): Staff<CATALOGUE>,
        query: std::result::Result<Query<TrackQuery>, axum::extract::rejection::QueryRejection>,
    ) -> Result<Response> {
        let Query(query) = query.map_err(|err| Error::bad_request(err.body_text()))?;
        let q = query.q.trim().to_lowercase();
        if q.chars().count() > 100 {
            return Err(Error::bad_request("Busca: até 100 caracteres."));
        }
        if q.chars().count() < 2 {
            return Ok(no_store(ok(Vec::<PlaylistTrack>::new())));
        }
        let mut found = lists::song_candidates(&state.db, &contains_pattern(&q), CANDIDATES).await?;
        if let Some(dir) = state.config.music_dir.clone() {
            let room = usize::try_from(CANDIDATES).unwrap_or(50).saturating_sub(found.len());
            let files = tokio::task::spawn_blocking(move || {
                crate::radio::library::scan_folder(&dir)
                    .into_iter()
                    .filter_map(|path| Some(path.strip_prefix(&dir).ok()?.to_str()?.to_owned()))
                    .filter(|path| path.to_lowercase().contains(&q))
                    .take(room)
                    .collect::<Vec<String>>()
            })
            .await
            .map_err(|err| Error::Internal(err.into()))?;
            found.extend(files.into_iter().map(|path| PlaylistTrack {
                label: lists::file_label(&path),
                song_id: None,
                playable: true,
                file_path: Some(path),
            }));
        }
        Ok(no_store(ok(found)))
    }
}
