//! The programme grid on both databases: the demo week on the main channel (a programme on air at
//! every hour), now and next at chosen instants in Brasília time, the week with a one-off change, a
//! programme's page, the editor's rules (overlaps around the week and across midnight, changes that
//! overlap, stale versions), the permission matrix of every staff call, playlists, the push of a
//! programme change, and the monthly ECAD report over a month of recorded plays.

use std::time::Duration;

use axum::http::Method;
use onda_server::clock::{BRT_OFFSET_SECONDS, ahead, now};
use serde_json::{Value, json};

use crate::{
    accounts_common::{Call, call},
    common::{Backend, TestApp, TestResponse},
    players_common::{listener, staff},
    radio_common::serve,
};

on_both_databases!(
    the_demo_week_has_a_programme_on_air_at_every_hour,
    now_and_next_follow_the_brasilia_clock,
    a_one_off_change_takes_the_place_of_the_weekly_slots_for_its_date,
    a_programme_page_lists_its_times,
    the_editor_refuses_overlaps_around_the_week_and_across_midnight,
    every_schedule_call_needs_the_catalogue_permission,
    playlists_are_made_checked_and_kept_while_in_use,
    a_programme_change_is_pushed,
    the_ecad_report_lists_a_month_of_plays,
    an_uploaded_song_airs_in_its_playlists_hours,
);

const MAIN: &str = "onda_1";
const OTHER: &str = "onda_classicos";
const EDITOR: &str = "/api/v1/backoffice/schedule";

async fn request(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> TestResponse {
    call(
        app,
        Call {
            method,
            path,
            body,
            bearer: token,
            cookie: None,
            ip: None,
        },
    )
    .await
}

async fn ok(app: &TestApp, method: Method, path: &str, token: &str, body: Option<Value>) -> Value {
    let response = request(app, method.clone(), path, Some(token), body).await;
    assert_eq!(response.status, 200, "{method} {path}: {}", response.text());
    response.success_data()
}

async fn refused(app: &TestApp, method: Method, path: &str, token: &str, body: Value) -> (u16, String) {
    let response = request(app, method, path, Some(token), Some(body)).await;
    let message = response.json()["message"].as_str().unwrap_or_default().to_owned();
    (response.status.as_u16(), message)
}

/// Seconds to add to the clock to reach `weekday` (1 = Monday) at `hh:mm` Brasília, at least an hour
/// from now.
fn until(weekday: i64, minutes: i64) -> i64 {
    let current = now();
    let local = current + BRT_OFFSET_SECONDS;
    let days = local.div_euclid(86_400);
    // 1970-01-01 was a Thursday (ISO 4).
    let today = (days + 3).rem_euclid(7) + 1;
    let mut target_day = days + (weekday - today).rem_euclid(7);
    let mut target = target_day * 86_400 + minutes * 60 - BRT_OFFSET_SECONDS;
    if target < current + 3600 {
        target_day += 7;
        target = target_day * 86_400 + minutes * 60 - BRT_OFFSET_SECONDS;
    }
    target - current
}

async fn public_now(app: &TestApp, stream: &str) -> Value {
    let response = app.get(&format!("/api/v1/schedule/{stream}/now")).await;
    assert_eq!(response.status, 200, "{}", response.text());
    assert_eq!(
        response.header("cache-control"),
        Some("public, max-age=10, stale-while-revalidate=10")
    );
    response.success_data()
}

async fn program_id(app: &TestApp, slug: &str) -> i64 {
    sqlx::query_scalar("SELECT id FROM programs WHERE slug = $1")
        .bind(slug)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn the_demo_week_has_a_programme_on_air_at_every_hour(backend: Backend) {
    let app = TestApp::new(backend).await;
    let response = app.get(&format!("/api/v1/schedule/{MAIN}")).await;
    assert_eq!(response.status, 200, "{}", response.text());
    let week = response.success_data();
    assert_eq!(week["streamName"], "Normal");
    let days = week["days"].as_array().unwrap();
    assert_eq!(days.len(), 7);
    // Every day is covered from midnight to midnight, with no gap and no overlap.
    for day in days {
        let slots = day["slots"].as_array().unwrap();
        assert!(!slots.is_empty(), "{day}");
        let date = day["date"].as_str().unwrap();
        assert_eq!(
            slots[0]["startsAt"].as_str().unwrap(),
            format!("{date}T00:00:00-03:00"),
            "{day}"
        );
        for pair in slots.windows(2) {
            assert_eq!(pair[0]["endsAt"], pair[1]["startsAt"], "{date}: {pair:?}");
        }
        assert_eq!(slots.last().unwrap()["end"], "00:00", "{date}");
    }
    // At any hour of the week something is on air.
    for hour in [0, 5, 6, 11, 12, 13, 17, 19, 20, 23] {
        for weekday in 1..=7 {
            let data = ahead(until(weekday, hour * 60 + 7), public_now(&app, MAIN)).await;
            assert!(data["now"].is_object(), "weekday {weekday} {hour}h: {data}");
            assert!(data["next"].is_object(), "weekday {weekday} {hour}h: {data}");
        }
    }
    assert_eq!(app.get("/api/v1/schedule/nao_existe").await.status, 404);
    assert_eq!(app.get("/api/v1/schedule/nao_existe/now").await.status, 404);
    // A channel without a grid answers an empty week, nothing on air.
    let other = public_now(&app, OTHER).await;
    assert!(other["now"].is_null() && other["next"].is_null(), "{other}");
}

async fn now_and_next_follow_the_brasilia_clock(backend: Backend) {
    let app = TestApp::new(backend).await;
    // Monday 07:30 in Brasília (10:30 UTC): the morning show, then the musical morning at 09:00.
    let data = ahead(until(1, 7 * 60 + 30), public_now(&app, MAIN)).await;
    assert_eq!(data["now"]["program"]["title"], "Bom Dia Onda FM", "{data}");
    assert_eq!(data["now"]["presenters"], "Carla Menezes e Rodrigo Paiva");
    assert_eq!(data["now"]["fill"], "live");
    assert_eq!(data["now"]["start"], "06:00");
    assert_eq!(data["now"]["end"], "09:00");
    assert!(
        data["now"]["startsAt"]
            .as_str()
            .unwrap()
            .ends_with("T06:00:00-03:00")
    );
    assert_eq!(data["next"]["program"]["title"], "Manhã Musical");
    assert_eq!(data["next"]["start"], "09:00");
    assert!(
        data["now"]["program"]["imageUrl"]
            .as_str()
            .unwrap()
            .starts_with("/media/img/program/")
    );
    // Sunday 23:59: the night show until midnight, then the late-night show on Monday.
    let data = ahead(until(7, 23 * 60 + 59), public_now(&app, MAIN)).await;
    assert_eq!(data["now"]["program"]["title"], "Noite Romântica", "{data}");
    assert_eq!(data["next"]["program"]["title"], "Madrugada Onda FM");
    assert_eq!(data["next"]["start"], "00:00");
    // Saturday afternoon: the weekend's music programme fills the gap.
    let data = ahead(until(6, 15 * 60), public_now(&app, MAIN)).await;
    assert_eq!(data["now"]["program"]["title"], "Seleção Onda FM", "{data}");
    assert_eq!(data["now"]["presenters"], "");
    assert_eq!(data["next"]["program"]["title"], "Flashback");
}

async fn a_one_off_change_takes_the_place_of_the_weekly_slots_for_its_date(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (_, token) = staff(&app, "grade@exemplo.com", &[7]).await;
    let shift = until(1, 8 * 60);
    // Next Monday (a week and more away when today is Monday), a match from 08:00 to 10:30.
    let monday = ahead(shift, async { onda_server::clock::brasilia_day(now()) }).await;
    let news = program_id(&app, "onda-fm-noticias").await;
    let created = ok(
        &app,
        Method::POST,
        &format!("{EDITOR}/{MAIN}/exceptions"),
        &token,
        Some(
            json!({ "date": monday, "programId": news, "start": "08:00", "end": "10:30",
            "presenters": "Equipe de esportes", "fill": "live", "note": "Final do campeonato" }),
        ),
    )
    .await;
    assert_eq!(created["version"], 1);
    assert_eq!(created["date"], monday);
    let data = ahead(shift, public_now(&app, MAIN)).await;
    assert_eq!(data["now"]["program"]["slug"], "onda-fm-noticias", "{data}");
    assert_eq!(data["now"]["special"], true);
    assert_eq!(data["now"]["presenters"], "Equipe de esportes");
    assert_eq!(data["next"]["program"]["title"], "Manhã Musical");
    assert_eq!(data["next"]["start"], "10:30");
    // Before it, the morning show stops at 08:00.
    let data = ahead(shift - 3600, public_now(&app, MAIN)).await;
    assert_eq!(data["now"]["program"]["title"], "Bom Dia Onda FM");
    assert_eq!(data["now"]["end"], "08:00");
    // The week shows that day cut around the change; a week later, the usual grid.
    let week = ahead(shift - 3600, async {
        app.get(&format!("/api/v1/schedule/{MAIN}")).await.success_data()
    })
    .await;
    let day = week["days"][0]["slots"].as_array().unwrap();
    let titles: Vec<(&str, &str)> = day
        .iter()
        .map(|slot| {
            (
                slot["program"]["title"].as_str().unwrap(),
                slot["start"].as_str().unwrap(),
            )
        })
        .collect();
    assert!(
        titles.starts_with(&[
            ("Madrugada Onda FM", "00:00"),
            ("Bom Dia Onda FM", "06:00"),
            ("Onda FM Notícias", "08:00"),
            ("Manhã Musical", "10:30"),
            ("Onda FM Notícias", "12:00")
        ]),
        "{titles:?}"
    );
    let later = ahead(shift + 7 * 86_400, public_now(&app, MAIN)).await;
    assert_eq!(later["now"]["program"]["title"], "Bom Dia Onda FM");
    // A second change overlapping the first is refused; one after it is fine.
    let (status, message) = refused(
        &app,
        Method::POST,
        &format!("{EDITOR}/{MAIN}/exceptions"),
        &token,
        json!({ "date": monday, "programId": news, "start": "10:00", "end": "11:00", "fill": "live" }),
    )
    .await;
    assert_eq!(
        (status, message.as_str()),
        (
            400,
            "Já existe uma mudança de programação neste horário deste dia."
        )
    );
    ok(
        &app,
        Method::POST,
        &format!("{EDITOR}/{MAIN}/exceptions"),
        &token,
        Some(json!({ "date": monday, "programId": news, "start": "10:30", "end": "11:00", "fill": "live" })),
    )
    .await;
    // A past date is refused; so is a playlist slot without its playlist.
    let (status, message) = refused(
        &app,
        Method::POST,
        &format!("{EDITOR}/{MAIN}/exceptions"),
        &token,
        json!({ "date": "2020-01-01", "programId": news, "start": "10:00", "end": "11:00", "fill": "live" }),
    )
    .await;
    assert_eq!((status, message.as_str()), (400, "A data já passou."));
    let (status, message) = refused(
        &app,
        Method::POST,
        &format!("{EDITOR}/{MAIN}/exceptions"),
        &token,
        json!({ "date": monday, "programId": news, "start": "20:00", "end": "21:00", "fill": "playlist" }),
    )
    .await;
    assert_eq!(
        (status, message.as_str()),
        (400, "Escolha a playlist que toca neste horário.")
    );
    // Deleting the change brings the grid back.
    let id = created["id"].as_i64().unwrap();
    ok(
        &app,
        Method::DELETE,
        &format!("{EDITOR}/exceptions/{id}"),
        &token,
        None,
    )
    .await;
    let data = ahead(shift, public_now(&app, MAIN)).await;
    assert_eq!(data["now"]["program"]["title"], "Bom Dia Onda FM");
    // Every change is in the audit log.
    let actions: Vec<String> =
        sqlx::query_scalar("SELECT action FROM audit_log WHERE entity = 'schedule_exception' ORDER BY id")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(
        actions,
        [
            "schedule_exception.create",
            "schedule_exception.create",
            "schedule_exception.delete"
        ]
    );
}

async fn a_programme_page_lists_its_times(backend: Backend) {
    let app = TestApp::new(backend).await;
    let response = app.get("/api/v1/programs/bom-dia-onda-fm").await;
    assert_eq!(response.status, 200, "{}", response.text());
    let page = response.success_data();
    assert_eq!(page["title"], "Bom Dia Onda FM");
    assert_eq!(page["host"], "Carla Menezes e Rodrigo Paiva");
    assert_eq!(
        page["airings"],
        json!([{ "streamId": MAIN, "streamName": "Normal", "weekdays": [1, 2, 3, 4, 5],
            "daysLabel": "Segunda a sexta", "start": "06:00", "end": "09:00",
            "presenters": "Carla Menezes e Rodrigo Paiva" }])
    );
    assert_eq!(page["next"]["program"]["slug"], "bom-dia-onda-fm");
    let news = app.get("/api/v1/programs/onda-fm-noticias").await.success_data();
    assert_eq!(news["airings"][0]["daysLabel"], "Segunda a sábado");
    assert_eq!(app.get("/api/v1/programs/nao-existe").await.status, 404);
    // The page's address is served with the programme's head.
    let html = app.get("/programacao/bom-dia-onda-fm").await;
    assert_eq!(html.status, 200);
    assert!(
        html.text().contains("<title>Bom Dia Onda FM"),
        "{}",
        &html.text()[..600.min(html.text().len())]
    );
    assert_eq!(app.get("/programacao/nao-existe").await.status, 404);
}

async fn the_editor_refuses_overlaps_around_the_week_and_across_midnight(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (_, token) = staff(&app, "grade@exemplo.com", &[7]).await;
    let show = program_id(&app, "flashback").await;
    let slots = format!("{EDITOR}/{OTHER}/slots");
    let slot = |weekday: i64, start: &str, end: &str| json!({ "programId": show, "weekday": weekday, "start": start, "end": end, "fill": "live" });
    // Sunday 22:00 to Monday 02:00.
    let late = ok(
        &app,
        Method::POST,
        &slots,
        &token,
        Some(slot(7, "22:00", "02:00")),
    )
    .await;
    assert_eq!(
        (late["start"].as_str(), late["end"].as_str()),
        (Some("22:00"), Some("02:00"))
    );
    const OVERLAP: &str = "Este horário se sobrepõe a outro programa da grade deste canal.";
    for (weekday, start, end) in [
        (1, "01:00", "03:00"),
        (7, "21:00", "22:30"),
        (6, "23:00", "23:30"),
    ] {
        let body = slot(weekday, start, end);
        let (status, message) = refused(&app, Method::POST, &slots, &token, body).await;
        if weekday == 6 {
            assert_eq!(status, 200, "Saturday night does not touch Sunday's slot");
        } else {
            assert_eq!(
                (status, message.as_str()),
                (400, OVERLAP),
                "{weekday} {start}-{end}"
            );
        }
    }
    // Back to back on both sides.
    ok(
        &app,
        Method::POST,
        &slots,
        &token,
        Some(slot(1, "02:00", "06:00")),
    )
    .await;
    let evening = ok(
        &app,
        Method::POST,
        &slots,
        &token,
        Some(slot(7, "20:00", "22:00")),
    )
    .await;
    // Moving a slot onto another is refused, and a stale version is a 409.
    let id = evening["id"].as_i64().unwrap();
    let mut moved = slot(7, "21:00", "23:00");
    moved["version"] = json!(1);
    let (status, message) = refused(&app, Method::PUT, &format!("{EDITOR}/slots/{id}"), &token, moved).await;
    assert_eq!((status, message.as_str()), (400, OVERLAP));
    let mut earlier = slot(7, "19:00", "22:00");
    earlier["version"] = json!(1);
    let saved = ok(
        &app,
        Method::PUT,
        &format!("{EDITOR}/slots/{id}"),
        &token,
        Some(earlier.clone()),
    )
    .await;
    assert_eq!(
        (saved["version"].as_i64(), saved["start"].as_str()),
        (Some(2), Some("19:00"))
    );
    let (status, _) = refused(
        &app,
        Method::PUT,
        &format!("{EDITOR}/slots/{id}"),
        &token,
        earlier,
    )
    .await;
    assert_eq!(status, 409);
    // Times are checked, and the end differs from the start.
    for (start, end, message) in [
        (
            "7:00",
            "08:00",
            "Informe o horário no formato HH:MM (00:00 a 23:59; 24:00 para meia-noite no fim).",
        ),
        (
            "24:00",
            "01:00",
            "Informe o horário no formato HH:MM (00:00 a 23:59; 24:00 para meia-noite no fim).",
        ),
        ("10:00", "10:00", "O fim deve ser diferente do início."),
    ] {
        let (status, text) = refused(&app, Method::POST, &slots, &token, slot(3, start, end)).await;
        assert_eq!((status, text.as_str()), (400, message));
    }
    let (status, text) = refused(&app, Method::POST, &slots, &token, slot(8, "10:00", "11:00")).await;
    assert_eq!((status, text.as_str()), (400, "Escolha um dia da semana."));
    let (status, text) = refused(
        &app,
        Method::POST,
        &slots,
        &token,
        json!({ "programId": 999_999, "weekday": 3, "start": "10:00", "end": "11:00", "fill": "live" }),
    )
    .await;
    assert_eq!((status, text.as_str()), (400, "Programa não encontrado."));
    // The editor lists the channel's week; the public grid shows it (after the save, at once).
    let editor = ok(&app, Method::GET, &format!("{EDITOR}/{OTHER}"), &token, None).await;
    assert_eq!(editor["slots"].as_array().unwrap().len(), 4);
    assert!(editor["programs"].as_array().unwrap().len() > 5);
    let week = app.get(&format!("/api/v1/schedule/{OTHER}")).await.success_data();
    let total: usize = week["days"]
        .as_array()
        .unwrap()
        .iter()
        .map(|day| day["slots"].as_array().unwrap().len())
        .sum();
    assert!(total >= 4, "{week}");
    // Deleted, the hour is free again.
    let late_id = late["id"].as_i64().unwrap();
    ok(
        &app,
        Method::DELETE,
        &format!("{EDITOR}/slots/{late_id}"),
        &token,
        None,
    )
    .await;
    ok(
        &app,
        Method::POST,
        &slots,
        &token,
        Some(slot(1, "01:00", "02:00")),
    )
    .await;
    assert_eq!(
        request(
            &app,
            Method::DELETE,
            &format!("{EDITOR}/slots/{late_id}"),
            Some(&token),
            None
        )
        .await
        .status,
        404
    );
}

async fn every_schedule_call_needs_the_catalogue_permission(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (_, catalogue) = staff(&app, "catalogo@exemplo.com", &[7]).await;
    let (_, newsroom) = staff(&app, "redacao@exemplo.com", &[5]).await;
    let (_, listener_token) = listener(&app, "ouvinte@exemplo.com", false).await;
    let calls: Vec<(Method, String, Option<Value>)> = vec![
        (Method::GET, format!("{EDITOR}/{MAIN}"), None),
        (Method::POST, format!("{EDITOR}/{MAIN}/slots"), Some(json!({}))),
        (Method::PUT, format!("{EDITOR}/slots/1"), Some(json!({}))),
        (Method::DELETE, format!("{EDITOR}/slots/1"), None),
        (
            Method::POST,
            format!("{EDITOR}/{MAIN}/exceptions"),
            Some(json!({})),
        ),
        (Method::PUT, format!("{EDITOR}/exceptions/1"), Some(json!({}))),
        (Method::DELETE, format!("{EDITOR}/exceptions/1"), None),
        (
            Method::PUT,
            format!("{EDITOR}/{MAIN}/default-playlist"),
            Some(json!({ "playlistId": null })),
        ),
        (Method::GET, "/api/v1/backoffice/playlists".to_owned(), None),
        (
            Method::POST,
            "/api/v1/backoffice/playlists".to_owned(),
            Some(json!({})),
        ),
        (Method::GET, "/api/v1/backoffice/playlists/1".to_owned(), None),
        (
            Method::PUT,
            "/api/v1/backoffice/playlists/1".to_owned(),
            Some(json!({})),
        ),
        (
            Method::DELETE,
            "/api/v1/backoffice/playlists/999999".to_owned(),
            None,
        ),
        (
            Method::GET,
            "/api/v1/backoffice/playlists/tracks?q=am".to_owned(),
            None,
        ),
        (
            Method::GET,
            format!("/api/v1/backoffice/reports/ecad/{MAIN}/2026-11"),
            None,
        ),
    ];
    for (method, path, body) in calls {
        let anonymous = request(&app, method.clone(), &path, None, body.clone()).await;
        assert_eq!(anonymous.status, 401, "{method} {path}");
        for token in [&listener_token, &newsroom] {
            let response = request(&app, method.clone(), &path, Some(token), body.clone()).await;
            assert_eq!(response.status, 403, "{method} {path}");
        }
        let allowed = request(&app, method.clone(), &path, Some(&catalogue), body.clone()).await;
        assert!(
            ![401, 403, 500].contains(&allowed.status.as_u16()),
            "{method} {path}: {}",
            allowed.status
        );
    }
}

async fn playlists_are_made_checked_and_kept_while_in_use(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (_, token) = staff(&app, "playlists@exemplo.com", &[7]).await;
    const LISTS: &str = "/api/v1/backoffice/playlists";
    // The demo's playlists, the first one the main channel's default.
    let all = ok(&app, Method::GET, LISTS, &token, None).await;
    let hits = all
        .as_array()
        .unwrap()
        .iter()
        .find(|list| list["name"] == "Sucessos Onda FM")
        .unwrap()
        .clone();
    assert!(
        hits["tracks"].as_i64().unwrap() > 10 && hits["usedBy"].as_i64().unwrap() > 1,
        "{hits}"
    );
    let candidates = ok(&app, Method::GET, &format!("{LISTS}/tracks?q=a"), &token, None).await;
    assert_eq!(candidates, json!([]), "one letter is too little to search");
    let candidates = ok(&app, Method::GET, &format!("{LISTS}/tracks?q=an"), &token, None).await;
    let songs: Vec<i64> = candidates
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["songId"].as_i64())
        .take(3)
        .collect();
    assert_eq!(songs.len(), 3, "{candidates}");
    let body = |name: &str, tracks: Value, version: Option<i64>| {
        json!({ "name": name, "description": "Para a noite", "songSeparationMinutes": 120,
            "artistSeparationMinutes": 20, "jingleEvery": 3, "tracks": tracks, "version": version })
    };
    let tracks = json!([{ "songId": songs[0] }, { "songId": songs[1] }, { "filePath": "noite/lenta.mp3" }]);
    let created = ok(
        &app,
        Method::POST,
        LISTS,
        &token,
        Some(body("Noite", tracks, None)),
    )
    .await;
    assert_eq!(created["version"], 1);
    assert_eq!(created["tracks"].as_array().unwrap().len(), 3);
    assert_eq!(created["tracks"][2]["playable"], false, "no music folder here");
    assert_eq!(created["jingleEvery"], 3);
    let id = created["id"].as_i64().unwrap();
    // The same name again, an unknown song, a path leaving the folder, bad rules: refused.
    for (input, message) in [
        (
            body("Noite", json!([]), None),
            "Já existe uma playlist com este nome.",
        ),
        (
            body("Outra", json!([{ "songId": 99_999_999 }]), None),
            "Uma das músicas não está no catálogo.",
        ),
        (
            body("Outra", json!([{ "filePath": "../etc/passwd" }]), None),
            "Cada faixa é uma música do catálogo ou um arquivo da pasta de músicas.",
        ),
        (
            body("Outra", json!([{ "songId": 1, "filePath": "a.mp3" }]), None),
            "Cada faixa é uma música do catálogo ou um arquivo da pasta de músicas.",
        ),
        (
            body("", json!([]), None),
            "Dê um nome à playlist (até 80 caracteres).",
        ),
    ] {
        let (status, text) = refused(&app, Method::POST, LISTS, &token, input).await;
        assert_eq!((status, text.as_str()), (400, message));
    }
    let mut bad = body("Outra", json!([]), None);
    bad["songSeparationMinutes"] = json!(5000);
    assert_eq!(refused(&app, Method::POST, LISTS, &token, bad).await.0, 400);
    // Saved with its version: reordered, one track fewer; stale saves are refused.
    let reordered = json!([{ "songId": songs[2] }, { "songId": songs[0] }]);
    let saved = ok(
        &app,
        Method::PUT,
        &format!("{LISTS}/{id}"),
        &token,
        Some(body("Noite calma", reordered.clone(), Some(1))),
    )
    .await;
    assert_eq!(saved["version"], 2);
    assert_eq!(saved["tracks"][0]["songId"], songs[2]);
    let (status, _) = refused(
        &app,
        Method::PUT,
        &format!("{LISTS}/{id}"),
        &token,
        body("Noite calma", reordered, Some(1)),
    )
    .await;
    assert_eq!(status, 409);
    // In a slot, it cannot be deleted; out of it, it can.
    let show = program_id(&app, "noite-romantica").await;
    let slot = ok(
        &app,
        Method::POST,
        &format!("{EDITOR}/{OTHER}/slots"),
        &token,
        Some(json!({ "programId": show, "weekday": 2, "start": "20:00", "end": "23:00", "fill": "playlist", "playlistId": id })),
    )
    .await;
    assert_eq!(slot["playlistName"], "Noite calma");
    let response = request(&app, Method::DELETE, &format!("{LISTS}/{id}"), Some(&token), None).await;
    assert_eq!(response.status, 409);
    let slot_id = slot["id"].as_i64().unwrap();
    ok(
        &app,
        Method::DELETE,
        &format!("{EDITOR}/slots/{slot_id}"),
        &token,
        None,
    )
    .await;
    ok(&app, Method::DELETE, &format!("{LISTS}/{id}"), &token, None).await;
    assert_eq!(
        request(&app, Method::GET, &format!("{LISTS}/{id}"), Some(&token), None)
            .await
            .status,
        404
    );
    // The channel's default playlist is set and cleared.
    let default = format!("{EDITOR}/{OTHER}/default-playlist");
    let hits_id = hits["id"].as_i64().unwrap();
    ok(
        &app,
        Method::PUT,
        &default,
        &token,
        Some(json!({ "playlistId": hits_id })),
    )
    .await;
    let editor = ok(&app, Method::GET, &format!("{EDITOR}/{OTHER}"), &token, None).await;
    assert_eq!(editor["defaultPlaylistId"], hits_id);
    assert_eq!(
        refused(
            &app,
            Method::PUT,
            &default,
            &token,
            json!({ "playlistId": 99_999 })
        )
        .await
        .0,
        400
    );
}

async fn a_programme_change_is_pushed(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (_, token) = staff(&app, "grade@exemplo.com", &[7]).await;
    let served = serve(&app.state).await;
    let mut events = reqwest::get(served.url(&format!("/api/v1/aovivo/events/{OTHER}")))
        .await
        .unwrap();
    let mut buffer = String::new();
    let mut received: Vec<Value> = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    let mut next_programme = async |buffer: &mut String, received: &mut Vec<Value>| {
        let wanted = received.len() + 1;
        while received.len() < wanted {
            let chunk = tokio::time::timeout_at(deadline, events.chunk())
                .await
                .expect("an event in time")
                .unwrap()
                .unwrap();
            buffer.push_str(&String::from_utf8_lossy(&chunk));
            while let Some(end) = buffer.find("\n\n") {
                let block: String = buffer.drain(..end + 2).collect();
                if let Some(data) = block
                    .contains("event: programme")
                    .then(|| block.lines().find_map(|l| l.strip_prefix("data: ")))
                    .flatten()
                {
                    received.push(serde_json::from_str(data).unwrap());
                }
            }
        }
    };
    next_programme(&mut buffer, &mut received).await;
    assert!(
        received[0]["now"].is_null(),
        "the channel has no grid yet: {}",
        received[0]
    );
    // A change on air from this minute on: announced within a couple of seconds.
    let current = now();
    let minute = (current + BRT_OFFSET_SECONDS).rem_euclid(86_400) / 60;
    let today = onda_server::clock::brasilia_day(current);
    let show = program_id(&app, "flashback").await;
    let fmt = |m: i64| format!("{:02}:{:02}", m.rem_euclid(1440) / 60, m.rem_euclid(1440) % 60);
    ok(
        &app,
        Method::POST,
        &format!("{EDITOR}/{OTHER}/exceptions"),
        &token,
        Some(json!({ "date": today, "programId": show, "start": fmt(minute), "end": fmt(minute + 30), "fill": "live" })),
    )
    .await;
    let saved_at = std::time::Instant::now();
    next_programme(&mut buffer, &mut received).await;
    assert!(
        saved_at.elapsed() < Duration::from_secs(3),
        "{:?}",
        saved_at.elapsed()
    );
    assert_eq!(received[1]["streamId"], OTHER);
    assert_eq!(
        received[1]["now"]["program"]["slug"], "flashback",
        "{}",
        received[1]
    );
    assert_eq!(received[1]["now"]["special"], true);
}

async fn the_ecad_report_lists_a_month_of_plays(backend: Backend) {
    let app = TestApp::new(backend).await;
    let (_, token) = staff(&app, "relatorio@exemplo.com", &[7]).await;
    // A song of the catalogue with its authors, ISRC and label filled.
    let (slug, artist_slug, name, artist): (String, String, String, String) = sqlx::query_as(
        "SELECT s.slug, a.slug, s.name, a.name FROM songs s JOIN artists a ON a.id = s.artist_id ORDER BY s.id LIMIT 1",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    sqlx::query("UPDATE songs SET authors = $1, isrc = $2, label = $3 WHERE slug = $4")
        .bind("Compositora Um / Compositor Dois")
        .bind("BRXYZ2600001")
        .bind("Selo Independente")
        .bind(&slug)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    // A month of plays: every 4 minutes across November 2026 on the main channel (10,800 plays), a
    // live title and a spot, plus plays in October and December that stay out.
    let start = 1_793_502_000_000_i64; // 2026-11-01T00:00:00-03:00
    let end = 1_796_094_000_000_i64; // 2026-12-01T00:00:00-03:00
    let mut rows = Vec::new();
    let mut at = start - 240_000;
    while at <= end {
        rows.push(at);
        at += 240_000;
    }
    let pool = &app.state.db.pool;
    for chunk in rows.chunks(500) {
        let mut sql = String::from(
            "INSERT INTO play_history (meta_id, song, artist, artist_slug, music_slug, meta_type, started_at_ms, \
             duration_ms, music_hash, origin) VALUES ",
        );
        let values: Vec<String> = chunk
            .iter()
            .map(|at| {
                let (kind, origin, duration) = match (at - start) / 240_000 {
                    1 => ("commercial", "autodj", 30_000),
                    2 => ("music", "live", 0),
                    _ => ("music", "autodj", 215_000),
                };
                format!(
                    "('{MAIN}', '{}', '{}', '{artist_slug}', '{slug}', '{kind}', {at}, {duration}, 'h{at}', '{origin}')",
                    name.replace('\'', "''"),
                    artist.replace('\'', "''")
                )
            })
            .collect();
        sql.push_str(&values.join(", "));
        sqlx::query(&sql).execute(pool).await.unwrap();
    }
    let response = request(
        &app,
        Method::GET,
        &format!("/api/v1/backoffice/reports/ecad/{MAIN}/2026-11"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(response.status, 200, "{}", response.text());
    assert_eq!(response.header("content-type"), Some("text/csv; charset=utf-8"));
    assert_eq!(
        response.header("content-disposition"),
        Some("attachment; filename=\"roteiro-musical-onda_1-2026-11.csv\"")
    );
    let csv = response.text();
    assert!(
        csv.starts_with("\u{feff}Roteiro musical;Onda FM\r\n"),
        "{}",
        &csv[..200]
    );
    let lines: Vec<&str> = csv.lines().collect();
    let header = lines
        .iter()
        .position(|line| line.starts_with("Data;Hora;"))
        .unwrap();
    assert_eq!(
        lines[header],
        "Data;Hora;Duração;Obra;Intérprete;Autores;ISRC;Gravadora;Execução;Tipo"
    );
    let plays = &lines[header + 1..];
    assert_eq!(
        plays.len(),
        30 * 24 * 15,
        "every play of November, none of the months around it"
    );
    assert!(lines.contains(&"Execuções;10800"));
    assert!(plays[0].starts_with("01/11/2026;00:00:00;03:35;"), "{}", plays[0]);
    assert!(
        plays[0]
            .ends_with(";Compositora Um / Compositor Dois;BRXYZ2600001;Selo Independente;Mecânica;Música"),
        "{}",
        plays[0]
    );
    assert!(
        plays[1].starts_with("01/11/2026;00:04:00;00:30;") && plays[1].ends_with(";Mecânica;Comercial"),
        "{}",
        plays[1]
    );
    // The live title's length is up to the next play.
    assert!(
        plays[2].starts_with("01/11/2026;00:08:00;04:00;") && plays[2].ends_with(";Ao vivo;Ao vivo"),
        "{}",
        plays[2]
    );
    assert!(
        plays.last().unwrap().starts_with("30/11/2026;23:56:00;"),
        "{}",
        plays.last().unwrap()
    );
    // The operator's command writes the same report.
    let printed = onda_server::admin::run(
        &app.state,
        onda_server::admin::AdminCommand::EcadReport {
            stream_id: MAIN.to_owned(),
            month: "2026-11".to_owned(),
        },
    )
    .await
    .unwrap();
    assert_eq!(format!("\u{feff}{printed}\r\n"), csv);
    // Wrong month or channel.
    assert_eq!(
        request(
            &app,
            Method::GET,
            &format!("/api/v1/backoffice/reports/ecad/{MAIN}/2026-13"),
            Some(&token),
            None
        )
        .await
        .status,
        400
    );
    assert_eq!(
        request(
            &app,
            Method::GET,
            "/api/v1/backoffice/reports/ecad/nao_existe/2026-11",
            Some(&token),
            None
        )
        .await
        .status,
        404
    );
}

/// A catalogue song given an uploaded track in the back office, alone in a channel's default
/// playlist, goes on air there: the upload joins the autoDJ's shelves, and the playlist's save wakes
/// the reader of the catalogue.
async fn an_uploaded_song_airs_in_its_playlists_hours(backend: Backend) {
    let app = crate::radio_common::station(backend).await;
    let (_, token) = staff(&app, "uploads@exemplo.com", &[7]).await;
    crate::radio_common::start(&app.state).await;
    let pcm =
        onda_server::radio::synth::render_song("uploaded-song", onda_server::radio::synth::Style::Pop, 3.0);
    let mp3 = onda_server::radio::encode::encode_mp3(&pcm, 128).unwrap();
    let uploaded = crate::backoffice_catalogue::upload(&app, Some(&token), &mp3).await;
    assert_eq!(uploaded.status, 200, "{}", uploaded.text());
    let url = uploaded.success_data()["url"].as_str().unwrap().to_owned();
    // A song of the catalogue the classics channel's demo library does not carry, its track the upload.
    let (song_id, song): (i64, String) = sqlx::query_as(
        "SELECT id, name FROM songs WHERE year >= 2010 AND track_url <> '' ORDER BY id LIMIT 1",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    sqlx::query("UPDATE songs SET track_url = $1 WHERE id = $2")
        .bind(&url)
        .bind(song_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let playlist = ok(
        &app,
        Method::POST,
        "/api/v1/backoffice/playlists",
        &token,
        Some(
            json!({ "name": "Só a nova", "description": "", "songSeparationMinutes": 0,
            "artistSeparationMinutes": 0, "jingleEvery": 0, "tracks": [{ "songId": song_id }] }),
        ),
    )
    .await;
    assert_eq!(playlist["tracks"][0]["playable"], true, "{playlist}");
    ok(
        &app,
        Method::PUT,
        &format!("{EDITOR}/{OTHER}/default-playlist"),
        &token,
        Some(json!({ "playlistId": playlist["id"] })),
    )
    .await;
    let meta: String = sqlx::query_scalar("SELECT meta_id FROM streams WHERE stream_id = $1")
        .bind(OTHER)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let hub = app.state.radio.hub.clone();
    crate::radio_common::wait_for(Duration::from_secs(60), || {
        hub.current(&meta).is_some_and(|on_air| on_air.now.song == song)
    })
    .await;
}
