//! Even loudness on what a listener receives: two files of a music folder mastered 20 dB apart are
//! measured once when the station starts, and the MP3 mount airs both at the target (EBU R128), so a
//! listener hears them within a loudness unit of each other.

use std::time::{Duration, Instant};

use ebur128::{EbuR128, Mode};
use onda_server::radio::{encode, frames, library, loudness, synth};
use onda_shared::icy::IcyReader;

use crate::common::{Backend, TestApp};
use crate::radio_common::*;

/// Short tracks keep the test quick; long enough for R128's gating and a clear measurement.
const TRACK_SECONDS: f32 = 9.0;

/// Integrated loudness (LUFS) of stereo PCM, by ebur128 directly: the test's own measurement.
fn lufs(samples: &[i16], sample_rate: u32) -> f64 {
    let mut meter = EbuR128::new(2, sample_rate, Mode::I).unwrap();
    meter.add_frames_i16(samples).unwrap();
    meter.loudness_global().unwrap()
}

/// MP3 bytes decoded by the server's decoder (symphonia), through a file.
fn decode(bytes: &[u8], dir: &std::path::Path, name: &str) -> synth::Pcm {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    library::decode_file(&path).unwrap()
}

/// Where each track of a received stream starts, in samples: each new ICY title marks the metadata
/// block after its first bytes, so the track began within the interval before it; there, the
/// quietest 20 ms (the old song's fade-out and the encoders' padding) is the junction.
fn boundaries(changes: &[usize], pcm: &synth::Pcm, audio: &[u8]) -> Vec<usize> {
    let frames = frames::mp3_frames(audio);
    let offsets: Vec<usize> = frames.iter().map(|frame| frame.offset).collect();
    let frame_samples: Vec<usize> = frames
        .iter()
        .scan(0usize, |at, frame| {
            let start = *at;
            *at += frame.samples as usize;
            Some(start)
        })
        .collect();
    let rate = pcm.sample_rate as usize;
    let block = rate / 50;
    let total = pcm.samples.len() / 2;
    changes
        .iter()
        .map(|&byte| {
            let frame = offsets.partition_point(|&offset| offset < byte);
            let at = frame_samples.get(frame).copied().unwrap_or(total);
            // The metadata interval is 16,000 bytes, 1 s at 128 kbps; a little room either side.
            let from = at.saturating_sub(rate * 13 / 10);
            let to = (at + rate / 5).min(total.saturating_sub(block));
            (from..to)
                .step_by(block / 4)
                .min_by_key(|&start| {
                    pcm.samples[2 * start..2 * (start + block)]
                        .iter()
                        .map(|&s| i64::from(s) * i64::from(s))
                        .sum::<i64>()
                })
                .unwrap_or(at)
        })
        .collect()
}

async fn two_files_mastered_20_db_apart_reach_the_listener_at_the_target(backend: Backend) {
    let music = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    // One music-like signal, mastered loud (-12 LUFS, limited) and quiet (-32 LUFS).
    let song = synth::render_song("loudness-on-air", synth::Style::Pop, TRACK_SECONDS);
    let measured = loudness::measure(&song).unwrap();
    let loud = loudness::to_target(&song, &measured, -12.0).unwrap();
    let quiet = loudness::gain_and_limit(&song, -32.0 - measured.integrated_lufs, 0.0);
    let loud_mp3 = encode::encode_mp3(&loud, 128).unwrap();
    let quiet_mp3 = encode::encode_mp3(&quiet, 128).unwrap();
    let as_mastered = [
        lufs(&decode(&loud_mp3, work.path(), "loud.mp3").samples, 44_100),
        lufs(&decode(&quiet_mp3, work.path(), "quiet.mp3").samples, 44_100),
    ];
    assert!(
        (as_mastered[0] - as_mastered[1] - 20.0).abs() < 1.0,
        "the files are 20 dB apart: {as_mastered:?}"
    );
    std::fs::write(music.path().join("Banda Alta - Forte.mp3"), &loud_mp3).unwrap();
    std::fs::write(music.path().join("Banda Baixa - Fraca.mp3"), &quiet_mp3).unwrap();

    let app = TestApp::with_config(backend, |config| {
        radio_config(config);
        config.music_dir = Some(music.path().to_owned());
        // A folder of its own: no renditions from an earlier run.
        config.radio_dir = None;
        // Each song measured on its own: no overlap mixing the end of one into the next.
        config.crossfade_seconds = 0.0;
    })
    .await;
    app.state.radio.start(&app.state).await.unwrap();
    let main = main_id(&app);
    let hub = app.state.radio.hub.clone();

    // Both files are measured once, in the background, and the measurement is stored.
    let started = Instant::now();
    loop {
        let stored: Vec<(String, f64)> = sqlx::query_as(
            "SELECT track_key, integrated_lufs FROM track_loudness WHERE track_key NOT LIKE 'jingle-%'",
        )
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
        if stored.len() == 2 {
            let mut levels: Vec<f64> = stored.iter().map(|(_, lufs)| *lufs).collect();
            levels.sort_by(f64::total_cmp);
            assert!((levels[1] - as_mastered[0]).abs() < 1.0, "{stored:?}");
            assert!((levels[0] - as_mastered[1]).abs() < 1.0, "{stored:?}");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "not measured: {stored:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // The track after the next one on air was chosen and prepared once the measurements were in:
    // from its start on, everything airs normalised. (Earlier tracks may air as mastered: the
    // first song does not wait for the measurement.)
    let playing = || hub.current(&main).map(|on_air| on_air.now.started_at_ms);
    for _ in 0..2 {
        let before = playing();
        wait_for(Duration::from_secs(30), || playing() != before).await;
    }

    let served = serve(&app.state).await;
    let mut response = reqwest::Client::new()
        .get(served.url(&format!("/stream/{main}.mp3")))
        .header("icy-metadata", "1")
        .send()
        .await
        .unwrap();
    let metaint: usize = response.headers()["icy-metaint"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    // The end of the last track before, two whole tracks, the start of the next one.
    let wire = read_for(
        &mut response,
        Duration::from_secs_f32(2.0 * TRACK_SECONDS + 3.5),
        usize::MAX,
    )
    .await;
    let mut reader = IcyReader::new(metaint);
    let mut audio = Vec::new();
    let mut changes: Vec<(usize, String)> = Vec::new();
    for piece in wire.chunks(64) {
        let read = reader.push(piece);
        audio.extend_from_slice(&read.audio);
        for title in read.titles {
            if changes.last().is_none_or(|(_, last)| *last != title) {
                changes.push((audio.len(), title));
            }
        }
    }
    // The first title is the one on air at the start of the burst, not a change.
    let titles: Vec<&str> = changes.iter().map(|(_, title)| title.as_str()).collect();
    assert!(changes.len() >= 4, "titles in the stream: {titles:?}");
    let pcm = decode(&audio, work.path(), "received.mp3");
    let starts = boundaries(
        &changes[1..].iter().map(|(at, _)| *at).collect::<Vec<_>>(),
        &pcm,
        &audio,
    );

    let mut heard = Vec::new();
    for (index, pair) in starts.windows(2).enumerate().take(2) {
        let (from, to) = (pair[0], pair[1]);
        let seconds = (to - from) as f64 / 44_100.0;
        assert!(
            (seconds - f64::from(TRACK_SECONDS)).abs() < 0.6,
            "a whole track is {seconds:.2} s (boundaries {starts:?}, titles {titles:?})"
        );
        let title = &changes[index + 1].1;
        heard.push((title.clone(), lufs(&pcm.samples[2 * from..2 * to], 44_100)));
    }
    assert_ne!(heard[0].0, heard[1].0, "both songs: {heard:?}");
    for (title, level) in &heard {
        assert!(
            (level - loudness::DEFAULT_TARGET_LUFS).abs() <= 1.0,
            "{title} reached the listener at {level:.2} LUFS: {heard:?} (as mastered: {as_mastered:?})"
        );
    }
    assert!(
        (heard[0].1 - heard[1].1).abs() <= 1.0,
        "the two songs differ by {:.2} LU: {heard:?}",
        heard[0].1 - heard[1].1
    );
}

on_both_databases!(two_files_mastered_20_db_apart_reach_the_listener_at_the_target);
