//! The studio's live input, driven by real source clients from Debian: ffmpeg (Icecast 2.4's `PUT`, as
//! `icecast://` sends it) and Liquidsoap (the legacy `SOURCE` method). What listeners hear is proven by
//! the audio itself: their bytes are decoded by ffmpeg and searched for the source's test tone (1 kHz
//! from ffmpeg, 440 Hz from Liquidsoap), on the MP3 and the AAC mounts, with listeners connected
//! before the source who stay connected through every switch. Also: the now playing follows the
//! source and its metadata, every refusal, junk and too-fast input, the back office's passwords,
//! status and cut-off with its permission matrix.
//!
//! The tests print what they measured (how soon the source went on air, how long each tone was heard):
//! figures for the record, read with `--nocapture`.
#![allow(clippy::print_stdout)]

use std::{
    io::Write as _,
    net::SocketAddr,
    process::{Child, Command, Stdio},
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::{Duration, Instant},
};

use axum::http::Method;
use serde_json::Value;
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpStream,
};

use crate::{
    accounts_common::{Call, assert_unauthorized, call},
    common::{Backend, TestApp, TestResponse},
    players_common::{listener, make_pro, staff},
    radio_common::{self, Served, serve, wait_for},
};

on_sqlite!(
    a_studio_goes_live_on_every_mount_and_hands_back_to_the_autodj,
    an_aac_studio_reaches_mp3_listeners_and_the_affiliates,
    a_stalled_studio_hands_back_to_the_autodj_and_takes_over_again,
    junk_and_a_too_fast_source_never_stop_the_channel,
);
on_both_databases!(
    sources_are_refused_as_icecast_refuses_them,
    staff_set_passwords_see_the_source_and_cut_it_off,
);

pub const PASSWORD: &str = "segredo-da-fonte";
const LIVE: &str = "/api/v1/backoffice/live-sources";

async fn station(backend: Backend) -> TestApp {
    let app = TestApp::with_config(backend, |config| {
        radio_common::radio_config(config);
        config.source_password = Some(PASSWORD.to_owned());
        // The refusals' test counts on the slowing, not on waiting 8 s for it.
        config.login_delay_max_ms = 600;
    })
    .await;
    radio_common::start(&app.state).await;
    app
}

/// A listener reading a mount in the background for as long as it lives.
pub struct Ear {
    bytes: Arc<Mutex<Vec<u8>>>,
    ended: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<()>,
}

impl Ear {
    pub async fn connect(url: &str) -> Self {
        let mut response = reqwest::get(url).await.unwrap();
        assert_eq!(response.status().as_u16(), 200, "{url}");
        let bytes: Arc<Mutex<Vec<u8>>> = Arc::default();
        let ended = Arc::new(AtomicBool::new(false));
        let (sink, end) = (bytes.clone(), ended.clone());
        let task = tokio::spawn(async move {
            while let Ok(Some(chunk)) = response.chunk().await {
                sink.lock().unwrap().extend_from_slice(&chunk);
            }
            end.store(true, Ordering::SeqCst);
        });
        Self { bytes, ended, task }
    }

    pub fn heard(&self) -> Vec<u8> {
        self.bytes.lock().unwrap().clone()
    }

    pub fn still_connected(&self) -> bool {
        !self.ended.load(Ordering::SeqCst)
    }
}

impl Drop for Ear {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Decodes `audio` with ffmpeg and answers, per half second, how much of its energy is at `hz`
/// (Goertzel), and what ffmpeg reported as errors (nothing, for a clean stream).
pub fn tone_profile(audio: &[u8], hz: f64) -> (Vec<f64>, String) {
    let mut child = Command::new("ffmpeg")
        .args([
            "-hide_banner",
            "-v",
            "error",
            "-i",
            "pipe:0",
            "-ac",
            "1",
            "-ar",
            "8000",
            "-f",
            "s16le",
            "pipe:1",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ffmpeg (Debian package ffmpeg) decodes what listeners heard; .ci/run installs it");
    let mut stdin = child.stdin.take().unwrap();
    let input = audio.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let samples: Vec<f64> = output
        .stdout
        .chunks_exact(2)
        .map(|pair| f64::from(i16::from_le_bytes([pair[0], pair[1]])))
        .collect();
    let window = 4000;
    let coefficient = 2.0 * (2.0 * std::f64::consts::PI * hz / 8000.0).cos();
    let ratios = samples
        .chunks_exact(window)
        .map(|part| {
            let (mut previous, mut before) = (0.0, 0.0);
            for sample in part {
                let current = sample + coefficient * previous - before;
                before = previous;
                previous = current;
            }
            let power = previous * previous + before * before - coefficient * previous * before;
            let total: f64 = part.iter().map(|sample| sample * sample).sum::<f64>() * window as f64 / 2.0;
            if total < 1.0 { 0.0 } else { power / total }
        })
        .collect();
    (ratios, String::from_utf8_lossy(&output.stderr).into_owned())
}

/// The longest run of half seconds dominated by the tone, and whether any half second before it and
/// any after it are not (the autoDJ around the live programme).
fn tone_run(ratios: &[f64]) -> (usize, bool, bool) {
    let tone: Vec<bool> = ratios.iter().map(|ratio| *ratio > 0.8).collect();
    let (mut best, mut best_end, mut run) = (0, 0, 0);
    for (index, is_tone) in tone.iter().enumerate() {
        run = if *is_tone { run + 1 } else { 0 };
        if run > best {
            best = run;
            best_end = index + 1;
        }
    }
    let start = best_end - best;
    let before = tone[..start].iter().any(|is_tone| !is_tone);
    let after = tone[best_end..].iter().any(|is_tone| !is_tone);
    (best, before, after)
}

/// ffmpeg streaming a sine tone in real time to `mount` with `PUT` (its `icecast://` protocol).
fn ffmpeg_source(addr: SocketAddr, mount: &str, password: &str, hz: u32, seconds: u32) -> Child {
    Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-re", "-f", "lavfi", "-i"])
        .arg(format!(
            "sine=frequency={hz}:sample_rate=44100:duration={seconds}"
        ))
        .args([
            "-ac",
            "2",
            "-c:a",
            "libmp3lame",
            "-b:a",
            "128k",
            "-content_type",
            "audio/mpeg",
        ])
        .args(["-ice_name", "Manhã da Onda", "-f", "mp3"])
        .arg(format!("icecast://source:{password}@{addr}{mount}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ffmpeg (Debian package ffmpeg) is the live source here; .ci/run installs it")
}

/// Liquidsoap streaming a sine tone with the legacy `SOURCE` method (`output.icecast`'s default in
/// Debian's Liquidsoap 2.1), reconnecting on its own as it does.
pub struct Liquidsoap {
    child: Child,
    _dir: tempfile::TempDir,
}

impl Liquidsoap {
    pub fn start(addr: SocketAddr, mount: &str, hz: u32) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("studio.liq");
        std::fs::write(
            &script,
            format!(
                "settings.init.allow_root.set(true)\nsettings.log.stdout.set(true)\nsettings.log.file.set(false)\n\
                 output.icecast(%mp3(bitrate=128, samplerate=44100), host=\"{}\", port={}, \
                 password=\"{PASSWORD}\", mount=\"{mount}\", name=\"Estúdio Liquidsoap\", sine({hz}.))\n",
                addr.ip(),
                addr.port()
            ),
        )
        .unwrap();
        let child = Command::new("liquidsoap")
            .arg(&script)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("liquidsoap (Debian package liquidsoap) is the legacy source here; .ci/run installs it");
        Self { child, _dir: dir }
    }
}

impl Drop for Liquidsoap {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The song on air for the main channel.
async fn now_playing(served: &Served, meta_id: &str) -> Value {
    let reply: Value = reqwest::get(served.url(&format!("/api/v1/aovivo/getCurrentSongInfo/{meta_id}")))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    reply["data"].clone()
}

async fn wait_for_song(
    served: &Served,
    meta_id: &str,
    limit: Duration,
    wanted: impl Fn(&Value) -> bool,
) -> Value {
    let started = Instant::now();
    loop {
        let now = now_playing(served, meta_id).await;
        if wanted(&now) {
            return now;
        }
        assert!(started.elapsed() < limit, "not on air within {limit:?}: {now}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn basic(password: &str) -> String {
    use base64::Engine as _;
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("source:{password}"))
    )
}

/// A raw source connection: sends `head` and answers the status code of the reply and the socket.
async fn raw_source(addr: SocketAddr, head: &str) -> (u16, String, TcpStream) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut reply = Vec::new();
    let mut buffer = [0u8; 4096];
    while !reply.windows(4).any(|window| window == b"\r\n\r\n") {
        let read = tokio::time::timeout(Duration::from_secs(15), stream.read(&mut buffer))
            .await
            .expect("an answer")
            .unwrap();
        if read == 0 {
            break;
        }
        reply.extend_from_slice(&buffer[..read]);
    }
    let text = String::from_utf8_lossy(&reply).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    // A refusal's body follows its head.
    let mut rest = Vec::new();
    if status != 200 && status != 100 {
        let _ = tokio::time::timeout(Duration::from_secs(2), stream.read_to_end(&mut rest)).await;
    }
    (status, text + &String::from_utf8_lossy(&rest), stream)
}

fn put_head(mount: &str, authorization: &str, content_type: &str) -> String {
    format!(
        "PUT {mount} HTTP/1.1\r\nHost: onda\r\nAuthorization: {authorization}\r\nContent-Type: {content_type}\r\n\
         ice-name: Teste\r\nExpect: 100-continue\r\n\r\n"
    )
}

async fn a_studio_goes_live_on_every_mount_and_hands_back_to_the_autodj(backend: Backend) {
    let app = station(backend).await;
    let served = serve(&app.state).await;
    let meta_id = app.state.config.main_stream_id();
    let mp3 = Ear::connect(&served.url(&format!("/stream/{meta_id}.mp3"))).await;
    let aac = Ear::connect(&served.url(&format!("/stream/{meta_id}.aac"))).await;
    let before = now_playing(&served, &meta_id).await;
    tokio::time::sleep(Duration::from_secs(3)).await;

    // ffmpeg, with PUT: on air under its ice-name within a couple of seconds of connecting.
    let mut ffmpeg = ffmpeg_source(served.addr, &format!("/stream/{meta_id}.mp3"), PASSWORD, 1000, 14);
    let connected = Instant::now();
    let live = wait_for_song(&served, &meta_id, Duration::from_secs(8), |now| {
        now["song"] == "Manhã da Onda"
    })
    .await;
    println!("live on air {:?} after ffmpeg started", connected.elapsed());
    assert_eq!(live["artist"], "");
    assert_eq!(
        live["cover"]["1000"], "/media/logo.svg",
        "a show name shows the station's picture"
    );
    // The source is no listener: the two ears are all the main mounts count.
    let listeners: usize = ["mp3", "aac"]
        .iter()
        .map(|ext| {
            app.state
                .radio
                .mount(&format!("{meta_id}.{ext}"))
                .unwrap()
                .mount
                .listeners()
        })
        .sum();
    assert_eq!(listeners, 2);

    // A song change as encoders send it: a catalogue song shows with its cover and page.
    let (song, artist, slug): (String, String, String) = sqlx::query_as(
        "SELECT s.name, a.name, s.slug FROM songs s JOIN artists a ON a.id = s.artist_id ORDER BY s.id LIMIT 1",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    updinfo(&served, &meta_id, &format!("{artist} - {song}")).await;
    let matched = wait_for_song(&served, &meta_id, Duration::from_secs(6), |now| {
        now["song"] == song.as_str()
    })
    .await;
    assert_eq!(matched["musicSlug"], slug.as_str());
    assert_eq!(matched["metaType"], "music");
    // In the history, as an autoDJ play is.
    let recorded: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM play_history WHERE meta_id = $1 AND song = $2")
            .bind(&meta_id)
            .bind(&song)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert!(recorded >= 1);

    // A programme's name: shown as the title, with the programme's picture.
    let (programme, picture): (String, String) =
        sqlx::query_as("SELECT title, image_url FROM programs WHERE image_url <> '' ORDER BY id LIMIT 1")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    updinfo(&served, &meta_id, &programme).await;
    let show = wait_for_song(&served, &meta_id, Duration::from_secs(6), |now| {
        now["song"] == programme.as_str()
    })
    .await;
    assert_eq!(show["cover"]["1000"], picture.as_str());
    assert_eq!(
        show["metaType"], "music",
        "shown as what is on air, not as a break"
    );

    // ffmpeg ends: the autoDJ is back on air within 2 s (the figure is printed; the limit leaves room
    // for a loaded machine).
    let status = tokio::task::spawn_blocking(move || ffmpeg.wait())
        .await
        .unwrap()
        .unwrap();
    assert!(status.success(), "ffmpeg: {status}");
    let ended = Instant::now();
    let back = wait_for_song(&served, &meta_id, Duration::from_secs(6), |now| {
        now["song"] != programme.as_str() && now["song"] != "Manhã da Onda"
    })
    .await;
    println!(
        "autoDJ back on air {:?} after the source left: {}",
        ended.elapsed(),
        back["song"]
    );
    assert!(
        back["metaType"] == "music" || back["metaType"] == "commercial",
        "{back} (before: {before})"
    );
    tokio::time::sleep(Duration::from_secs(4)).await;

    // The legacy SOURCE method, from Liquidsoap: the same channel goes live again (440 Hz).
    let liquidsoap = Liquidsoap::start(served.addr, &format!("/stream/{meta_id}.mp3"), 440);
    wait_for_song(&served, &meta_id, Duration::from_secs(15), |now| {
        now["song"] == "Estúdio Liquidsoap"
    })
    .await;
    tokio::time::sleep(Duration::from_secs(6)).await;
    drop(liquidsoap);
    wait_for_song(&served, &meta_id, Duration::from_secs(6), |now| {
        now["song"] != "Estúdio Liquidsoap"
    })
    .await;
    tokio::time::sleep(Duration::from_secs(4)).await;

    // Every listener stayed connected, and heard each tone in a run with the autoDJ around it, on
    // both codecs, with no decoding error anywhere (every switch on a frame boundary).
    for (name, ear) in [("MP3", &mp3), ("AAC", &aac)] {
        assert!(ear.still_connected(), "the {name} listener was dropped");
        let heard = ear.heard();
        for (hz, seconds) in [(1000.0, 6), (440.0, 4)] {
            let (ratios, errors) = tone_profile(&heard, hz);
            let (run, autodj_before, autodj_after) = tone_run(&ratios);
            println!(
                "{name}: {hz} Hz for {:.1} s of {:.1} s heard",
                run as f64 / 2.0,
                ratios.len() as f64 / 2.0
            );
            assert!(
                run >= seconds * 2,
                "{name}: {hz} Hz heard for {} half seconds",
                run
            );
            assert!(
                autodj_before && autodj_after,
                "{name}: the autoDJ around the {hz} Hz source"
            );
            assert!(errors.trim().is_empty(), "{name}: ffmpeg found errors: {errors}");
        }
    }
}

/// A title change as encoders send it (Icecast's updinfo), in UTF-8.
async fn updinfo(served: &Served, meta_id: &str, title: &str) {
    let reply = reqwest::Client::new()
        .get(served.url(&format!(
            "/admin/metadata?mount=/stream/{meta_id}.mp3&mode=updinfo&charset=UTF-8&song={}",
            url_encode(title)
        )))
        .header("authorization", basic(PASSWORD))
        .send()
        .await
        .unwrap();
    assert_eq!(reply.status().as_u16(), 200);
    assert!(reply.text().await.unwrap().contains("Metadata update successful"));
}

fn url_encode(text: &str) -> String {
    percent_encoding::utf8_percent_encode(text, percent_encoding::NON_ALPHANUMERIC).to_string()
}

async fn junk_and_a_too_fast_source_never_stop_the_channel(backend: Backend) {
    let app = station(backend).await;
    let served = serve(&app.state).await;
    let meta_id = app.state.config.main_stream_id();
    let mount = format!("/stream/{meta_id}.mp3");
    let ear = Ear::connect(&served.url(&mount)).await;

    // Junk: accepted as a source (it could be the start of audio), never on air, cut off once it has
    // sent nothing that decodes for 10 s; the autoDJ plays on meanwhile.
    let (status, _, mut junk) =
        raw_source(served.addr, &put_head(&mount, &basic(PASSWORD), "audio/mpeg")).await;
    assert_eq!(status, 100);
    let on_air = now_playing(&served, &meta_id).await;
    let started = Instant::now();
    let mut seed = 0x2545_f491_u32;
    let mut cut = false;
    while started.elapsed() < Duration::from_secs(14) {
        let noise: Vec<u8> = (0..4096)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                seed.to_le_bytes()[0]
            })
            .collect();
        if junk.write_all(&noise).await.is_err() {
            cut = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(cut, "a source sending junk was never cut off");
    assert!(
        started.elapsed() >= Duration::from_secs(9),
        "cut off after {:?}",
        started.elapsed()
    );
    let still = now_playing(&served, &meta_id).await;
    assert_ne!(still["song"], "Teste", "junk never goes on air");
    assert!(on_air["metaType"] == "music" || on_air["metaType"] == "commercial");

    // Too fast: two minutes of MP3 sent as fast as the socket takes them. The server reads at the
    // pace of real time (a few seconds of queue), so the sender is held back, and listeners hear it in
    // real time.
    let file = tempfile::NamedTempFile::new().unwrap();
    let made = Command::new("ffmpeg")
        .args([
            "-hide_banner",
            "-loglevel",
            "error",
            "-y",
            "-f",
            "lavfi",
            "-i",
            "sine=frequency=1000:duration=120",
        ])
        .args(["-ac", "2", "-c:a", "libmp3lame", "-b:a", "128k", "-f", "mp3"])
        .arg(file.path())
        .status()
        .unwrap();
    assert!(made.success());
    let audio = std::fs::read(file.path()).unwrap();
    // The sender's own buffer kept small, as the server keeps its receive buffer: what the kernels
    // hold is then a few seconds, and what was taken shows the server's pace.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_send_buffer_size(64 * 1024).unwrap();
    let mut fast = socket.connect(served.addr).await.unwrap();
    fast.write_all(put_head(&mount, &basic(PASSWORD), "audio/mpeg").as_bytes())
        .await
        .unwrap();
    let mut answer = [0u8; 64];
    let read = fast.read(&mut answer).await.unwrap();
    assert!(answer[..read].starts_with(b"HTTP/1.1 100"));
    let heard_before = ear.heard().len();
    let started = Instant::now();
    let mut sent = 0;
    for piece in audio.chunks(16 * 1024) {
        match tokio::time::timeout(
            Duration::from_secs(8).saturating_sub(started.elapsed()),
            fast.write_all(piece),
        )
        .await
        {
            Ok(Ok(())) => sent += piece.len(),
            _ => break,
        }
    }
    let seconds_sent = sent as f64 / 16_000.0;
    println!("too-fast source: {seconds_sent:.1} s of audio taken in 8 s");
    assert!(
        seconds_sent < 45.0,
        "{seconds_sent} s of audio taken in 8 s: not paced"
    );
    let heard = ear.heard()[heard_before..].to_vec();
    let heard_us = radio_common::mp3_duration_us(&heard);
    assert!(heard_us < 12_000_000, "the listener got {heard_us} µs in 8 s");
    assert!(ear.still_connected());
    // What it sent before it stopped would still play out (as from any source); cut it off instead.
    drop(fast);
    app.state.radio.live_feeds().iter().for_each(|feed| {
        feed.disconnect();
    });
    wait_for(Duration::from_secs(5), || {
        app.state
            .radio
            .live_feeds()
            .iter()
            .all(|feed| feed.session().is_none())
    })
    .await;
}

async fn sources_are_refused_as_icecast_refuses_them(backend: Backend) {
    let app = station(backend).await;
    let served = serve(&app.state).await;
    let meta_id = app.state.config.main_stream_id();
    let mount = format!("/stream/{meta_id}.mp3");

    // A real encoder with the wrong password gets nowhere.
    let mut wrong = ffmpeg_source(served.addr, &mount, "errada", 1000, 3);
    let output = tokio::task::spawn_blocking(move || {
        let status = wrong.wait().unwrap();
        let mut errors = String::new();
        std::io::Read::read_to_string(wrong.stderr.as_mut().unwrap(), &mut errors).unwrap();
        (status, errors)
    })
    .await
    .unwrap();
    assert!(!output.0.success(), "ffmpeg was let in: {}", output.1);
    assert!(output.1.contains("401"), "{}", output.1);

    // Each refusal with its status and a clear message.
    let (status, reply, _) = raw_source(served.addr, &put_head(&mount, &basic("errada"), "audio/mpeg")).await;
    assert_eq!(status, 401, "{reply}");
    assert!(
        reply.to_lowercase().contains("www-authenticate: basic"),
        "{reply}"
    );
    assert!(reply.contains("Senha da fonte incorreta"), "{reply}");
    let (status, reply, _) = raw_source(served.addr, &put_head(&mount, "Bearer x", "audio/mpeg")).await;
    assert_eq!(status, 401, "{reply}");
    let (status, reply, _) = raw_source(
        served.addr,
        &put_head("/stream/nao_existe.mp3", &basic(PASSWORD), "audio/mpeg"),
    )
    .await;
    assert_eq!(status, 404, "{reply}");
    assert!(reply.contains("Ponto de montagem desconhecido"), "{reply}");
    let (status, reply, _) = raw_source(
        served.addr,
        &put_head(&mount, &basic(PASSWORD), "application/ogg"),
    )
    .await;
    assert_eq!(status, 415, "{reply}");
    assert!(reply.contains("Formato não suportado"), "{reply}");
    let (status, reply, _) = raw_source(
        served.addr,
        &put_head(&format!("/stream/{meta_id}.aac"), &basic(PASSWORD), "audio/mpeg"),
    )
    .await;
    assert_eq!(status, 415, "MP3 on an AAC mount: {reply}");

    // One source at a time: the second gets 'Mountpoint in use', the first is untouched.
    let (status, _, mut first) = raw_source(
        served.addr,
        &format!(
            "SOURCE {mount} HTTP/1.0\r\nAuthorization: {}\r\nContent-Type: audio/mpeg\r\n\r\n",
            basic(PASSWORD)
        ),
    )
    .await;
    assert_eq!(status, 200, "the legacy method is answered 200 before its body");
    let (status, reply, _) = raw_source(served.addr, &put_head(&mount, &basic(PASSWORD), "audio/mpeg")).await;
    assert_eq!(status, 403, "{reply}");
    assert!(reply.contains("Mountpoint in use"), "{reply}");
    assert!(
        first.write_all(&[0xFF; 10]).await.is_ok(),
        "the first source is still connected"
    );
    drop(first);
    wait_for(Duration::from_secs(5), || {
        app.state
            .radio
            .live_feeds()
            .iter()
            .all(|feed| feed.session().is_none())
    })
    .await;

    // Metadata with the wrong password, or for a mount without a source.
    let client = reqwest::Client::new();
    let metadata = |password: &str| {
        client
            .get(served.url(&format!(
                "/admin/metadata?mount={mount}&mode=updinfo&song=A%20-%20B"
            )))
            .header("authorization", basic(password))
            .send()
    };
    assert_eq!(metadata("errada").await.unwrap().status().as_u16(), 401);
    assert_eq!(
        metadata(PASSWORD).await.unwrap().status().as_u16(),
        404,
        "no source live"
    );

    // Repeated failures from one address are slowed down, as logins are.
    let started = Instant::now();
    let (status, _, _) = raw_source(served.addr, &put_head(&mount, &basic("errada"), "audio/mpeg")).await;
    assert_eq!(status, 401);
    for _ in 0..6 {
        raw_source(served.addr, &put_head(&mount, &basic("errada"), "audio/mpeg")).await;
    }
    let slow = Instant::now();
    let (status, _, _) = raw_source(served.addr, &put_head(&mount, &basic(PASSWORD), "audio/mpeg")).await;
    assert_eq!(status, 100, "the right password still gets in");
    assert!(
        slow.elapsed() >= Duration::from_millis(500),
        "answered in {:?}",
        slow.elapsed()
    );
    println!("failures slowed: {:?} for the last", started.elapsed());
}

async fn request(app: &TestApp, method: Method, path: &str, token: Option<&str>) -> TestResponse {
    call(
        app,
        Call {
            method,
            path,
            body: None,
            bearer: token,
            cookie: None,
            ip: None,
        },
    )
    .await
}

async fn staff_set_passwords_see_the_source_and_cut_it_off(backend: Backend) {
    let app = station(backend).await;
    let served = serve(&app.state).await;
    let meta_id = app.state.config.main_stream_id();
    let mount = format!("/stream/{meta_id}.mp3");
    let (_, desk) = staff(&app, "estudio@exemplo.com", &[7]).await;
    let (_, plain) = listener(&app, "ouvinte@exemplo.com", false).await;
    let (pro_id, pro) = listener(&app, "pro@exemplo.com", true).await;
    make_pro(&app, pro_id).await;
    let password_path = format!("{LIVE}/{meta_id}/password");
    let disconnect_path = format!("{LIVE}/{meta_id}/disconnect");

    // The matrix: no session 401; a listener, a PRO listener and every other staff permission 403.
    let calls = [
        (Method::GET, LIVE.to_owned()),
        (Method::POST, password_path.clone()),
        (Method::DELETE, password_path.clone()),
        (Method::POST, disconnect_path.clone()),
    ];
    let mut refused = vec![plain.clone(), pro.clone()];
    for permission in [1, 2, 3, 4, 5, 6, 8] {
        refused.push(
            staff(&app, &format!("s{permission}@exemplo.com"), &[permission])
                .await
                .1,
        );
    }
    for (method, path) in &calls {
        assert_unauthorized(&request(&app, method.clone(), path, None).await);
        for token in &refused {
            let response = request(&app, method.clone(), path, Some(token)).await;
            assert_eq!(response.status, 403, "{method} {path}: {}", response.text());
        }
    }

    // The list: every channel, the main one first, with its mounts; nothing live.
    let list = request(&app, Method::GET, LIVE, Some(&desk)).await;
    assert_eq!(list.status, 200, "{}", list.text());
    assert_eq!(list.header("cache-control"), Some("no-store"));
    let channels = list.success_data();
    let main = &channels[0];
    assert_eq!(main["streamId"], meta_id.as_str());
    assert_eq!(main["mounts"][0], mount.as_str());
    assert_eq!(main["ownPassword"], false);
    assert_eq!(main["stationPassword"], true);
    assert!(main["live"].is_null());

    // Its own password: shown once, the station's no longer opens this channel.
    let set = request(&app, Method::POST, &password_path, Some(&desk)).await;
    assert_eq!(set.status, 200, "{}", set.text());
    let own = set.success_data()["password"].as_str().unwrap().to_owned();
    assert!(own.len() >= 24);
    let stored: Option<String> =
        sqlx::query_scalar("SELECT password_hash FROM live_sources WHERE stream_id = $1")
            .bind(&meta_id)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert!(stored.unwrap().starts_with("$argon2"), "stored hashed");
    let (status, _, _) = raw_source(served.addr, &put_head(&mount, &basic(PASSWORD), "audio/mpeg")).await;
    assert_eq!(status, 401);

    // A source with it: staff see it live, from where, since when; and cut it off.
    let mut ffmpeg = ffmpeg_source(served.addr, &mount, &own, 1000, 30);
    let start = Instant::now();
    let live = loop {
        let channels = request(&app, Method::GET, LIVE, Some(&desk)).await.success_data();
        if !channels[0]["live"].is_null() {
            break channels[0]["live"].clone();
        }
        assert!(start.elapsed() < Duration::from_secs(10), "never shown live");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(live["address"], "127.0.0.1");
    assert_eq!(live["mount"], format!("{meta_id}.mp3"));
    assert_eq!(live["name"], "Manhã da Onda");
    assert!(live["since"].as_str().unwrap().contains('T'));
    let cut = request(&app, Method::POST, &disconnect_path, Some(&desk)).await;
    assert_eq!(cut.status, 200, "{}", cut.text());
    let status = tokio::task::spawn_blocking(move || {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = ffmpeg.try_wait().unwrap() {
                return Some(status);
            }
            if Instant::now() > deadline {
                let _ = ffmpeg.kill();
                return None;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    })
    .await
    .unwrap();
    assert!(status.is_some(), "ffmpeg kept streaming after the cut-off");
    wait_for(Duration::from_secs(5), || {
        app.state
            .radio
            .live_feeds()
            .iter()
            .all(|feed| feed.session().is_none())
    })
    .await;
    let channels = request(&app, Method::GET, LIVE, Some(&desk)).await.success_data();
    assert!(channels[0]["live"].is_null(), "{}", channels[0]);
    assert_eq!(
        request(&app, Method::POST, &disconnect_path, Some(&desk))
            .await
            .status,
        404
    );

    // Removed: the station's password works again. Every change is in the audit log.
    assert_eq!(
        request(&app, Method::DELETE, &password_path, Some(&desk))
            .await
            .status,
        200
    );
    let (status, _, source) =
        raw_source(served.addr, &put_head(&mount, &basic(PASSWORD), "audio/mpeg")).await;
    assert_eq!(status, 100);
    drop(source);
    let actions: Vec<String> =
        sqlx::query_scalar("SELECT action FROM audit_log WHERE entity = 'live_source' ORDER BY id")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(
        actions,
        [
            "live_source.password",
            "live_source.disconnect",
            "live_source.password_removed"
        ]
    );
    assert_eq!(
        request(&app, Method::POST, &format!("{LIVE}/nada/password"), Some(&desk))
            .await
            .status,
        404
    );
}

async fn an_aac_studio_reaches_mp3_listeners_and_the_affiliates(backend: Backend) {
    let app = station(backend).await;
    let served = serve(&app.state).await;
    let meta_id = app.state.config.main_stream_id();
    let affiliate: String =
        sqlx::query_scalar("SELECT stream_url FROM affiliates WHERE stream_url LIKE '/stream/%' LIMIT 1")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    let mp3 = Ear::connect(&served.url(&format!("/stream/{meta_id}.mp3"))).await;
    let relay = Ear::connect(&served.url(&affiliate)).await;
    let aacp = Ear::connect(&served.url(&format!("/stream/{meta_id}_aacp.aac"))).await;
    tokio::time::sleep(Duration::from_secs(3)).await;

    // ffmpeg's own AAC-LC encoder, in ADTS, to the HE-AAC mount.
    let mut ffmpeg = Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-re", "-f", "lavfi", "-i"])
        .arg("sine=frequency=1000:sample_rate=44100:duration=8")
        .args([
            "-ac",
            "2",
            "-c:a",
            "aac",
            "-b:a",
            "128k",
            "-content_type",
            "audio/aac",
            "-f",
            "adts",
        ])
        .arg(format!(
            "icecast://source:{PASSWORD}@{}/stream/{meta_id}.aac",
            served.addr
        ))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let status = tokio::task::spawn_blocking(move || ffmpeg.wait())
        .await
        .unwrap()
        .unwrap();
    assert!(status.success());
    tokio::time::sleep(Duration::from_secs(5)).await;
    for (name, ear) in [("MP3", &mp3), ("affiliate", &relay), ("AAC+", &aacp)] {
        assert!(ear.still_connected(), "the {name} listener was dropped");
        let (ratios, errors) = tone_profile(&ear.heard(), 1000.0);
        let (run, before, after) = tone_run(&ratios);
        println!(
            "{name}: 1000 Hz from the AAC studio for {:.1} s",
            run as f64 / 2.0
        );
        assert!(run >= 10, "{name}: {run} half seconds of the AAC studio");
        assert!(before && after, "{name}: the autoDJ around the studio");
        assert!(errors.trim().is_empty(), "{name}: {errors}");
    }
}

async fn a_stalled_studio_hands_back_to_the_autodj_and_takes_over_again(backend: Backend) {
    let app = station(backend).await;
    let served = serve(&app.state).await;
    let meta_id = app.state.config.main_stream_id();
    let ear = Ear::connect(&served.url(&format!("/stream/{meta_id}.mp3"))).await;
    let mut ffmpeg = ffmpeg_source(served.addr, &format!("/stream/{meta_id}.mp3"), PASSWORD, 1000, 40);
    wait_for_song(&served, &meta_id, Duration::from_secs(8), |now| {
        now["song"] == "Manhã da Onda"
    })
    .await;
    tokio::time::sleep(Duration::from_secs(3)).await;

    // The encoder freezes (its machine hangs, its network stops) with its connection open.
    let signal = |name: &str, pid: u32| {
        let sent = Command::new("kill")
            .args([name, &pid.to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    };
    signal("-STOP", ffmpeg.id());
    let stalled = Instant::now();
    let back = wait_for_song(&served, &meta_id, Duration::from_secs(6), |now| {
        now["song"] != "Manhã da Onda"
    })
    .await;
    let fallback = stalled.elapsed();
    println!(
        "autoDJ back {fallback:?} after the source stalled: {}",
        back["song"]
    );
    tokio::time::sleep(Duration::from_secs(3)).await;

    // It comes back on the same connection: live again.
    signal("-CONT", ffmpeg.id());
    let resumed = Instant::now();
    wait_for_song(&served, &meta_id, Duration::from_secs(8), |now| {
        now["song"] == "Manhã da Onda"
    })
    .await;
    println!("live again {:?} after the source resumed", resumed.elapsed());
    tokio::time::sleep(Duration::from_secs(3)).await;
    let _ = ffmpeg.kill();
    let _ = ffmpeg.wait();
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert!(ear.still_connected());
    let (ratios, errors) = tone_profile(&ear.heard(), 1000.0);
    assert!(errors.trim().is_empty(), "{errors}");
    // Tone, the autoDJ while it stalled, tone again.
    let marks: String = ratios
        .iter()
        .map(|ratio| if *ratio > 0.8 { 'T' } else { '.' })
        .collect();
    println!("{marks}");
    let first = marks.find("TTTT").expect("the tone before the stall");
    let gap = marks[first..]
        .find("....")
        .map(|at| first + at)
        .expect("the autoDJ during the stall");
    assert!(marks[gap..].contains("TTTT"), "the tone after the stall: {marks}");
}
