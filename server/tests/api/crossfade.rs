//! Crossfades on what a listener receives: two songs of a music folder (steady tones, so any gap or
//! click shows) air with the configured overlap, the first fading out under the second, with no gap
//! at either join; each song's airtime is shortened by the overlap.

use std::time::Duration;

use onda_server::radio::{encode, library, synth};
use onda_shared::icy::IcyReader;

use crate::common::{Backend, TestApp};
use crate::radio_common::*;

/// Long enough for a crossfade to be planned in steady play (after the start's burst).
const SONG_SECONDS: f64 = 10.0;

fn tone(hz: f64) -> synth::Pcm {
    let len = (SONG_SECONDS * 44_100.0) as usize;
    synth::Pcm {
        sample_rate: 44_100,
        channels: 2,
        samples: (0..len)
            .flat_map(|i| {
                let s = ((i as f64 / 44_100.0 * hz * std::f64::consts::TAU).sin() * 0.3 * 32_767.0) as i16;
                [s, s]
            })
            .collect(),
    }
}

/// Power of `hz` in the left channel of `samples`, per sample (Goertzel).
fn power_at(samples: &[i16], hz: f64) -> f64 {
    let w = std::f64::consts::TAU * hz / 44_100.0;
    let (mut s1, mut s2) = (0.0f64, 0.0f64);
    let mut count = 0.0;
    for pair in samples.chunks_exact(2) {
        let s0 = f64::from(pair[0]) + 2.0 * w.cos() * s1 - s2;
        s2 = s1;
        s1 = s0;
        count += 1.0;
    }
    (s1 * s1 + s2 * s2 - 2.0 * w.cos() * s1 * s2) / (count * count)
}

fn rms(samples: &[i16]) -> f64 {
    let sum: f64 = samples.chunks_exact(2).map(|s| f64::from(s[0]).powi(2)).sum();
    (sum / (samples.len() / 2).max(1) as f64).sqrt()
}

async fn songs_fade_into_each_other_without_a_gap(backend: Backend) {
    let music = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    std::fs::write(
        music.path().join("Banda Grave - Lá.mp3"),
        encode::encode_mp3(&tone(440.0), 128).unwrap(),
    )
    .unwrap();
    std::fs::write(
        music.path().join("Banda Aguda - Mi.mp3"),
        encode::encode_mp3(&tone(660.0), 128).unwrap(),
    )
    .unwrap();
    let app = TestApp::with_config(backend, |config| {
        radio_config(config);
        config.music_dir = Some(music.path().to_owned());
        config.radio_dir = None;
        config.loudness_target.0 = None;
        config.crossfade_seconds = 2.0;
    })
    .await;
    app.state.radio.start(&app.state).await.unwrap();
    let main = main_id(&app);
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
    // The start's burst, then three songs in real time: crossfades are planned in steady play.
    let wire = read_for(&mut response, Duration::from_secs(26), usize::MAX).await;
    let mut reader = IcyReader::new(metaint);
    let mut audio = Vec::new();
    for piece in wire.chunks(64) {
        audio.extend_from_slice(&reader.push(piece).audio);
    }
    let path = work.path().join("received.mp3");
    std::fs::write(&path, &audio).unwrap();
    let pcm = library::decode_file(&path).unwrap();

    // 100 ms windows where both tones sound at comparable strength: the middle of a crossfade.
    let window = 4_410 * 2;
    let mixed: Vec<usize> = pcm
        .samples
        .chunks_exact(window)
        .enumerate()
        .filter(|(_, chunk)| {
            let (low, high) = (power_at(chunk, 440.0), power_at(chunk, 660.0));
            low > 0.0 && high > 0.0 && (low / high).log10().abs() < 1.0
        })
        .map(|(index, _)| index)
        .collect();
    // Half a second or more of both: a crossfade (a hard cut puts both in one window at most).
    let crossfades: Vec<&[usize]> = mixed
        .chunk_by(|a, b| b - a == 1)
        .filter(|group| group.len() >= 5)
        .collect();
    assert!(
        !crossfades.is_empty(),
        "no crossfade heard: mixed windows {mixed:?}"
    );

    // Around every crossfade heard, from a second before to a second after, the level never dips:
    // no encoder padding, no silent frame, no click of a broken frame at either join.
    // A steady tone at 0.3 of full scale.
    let level = 0.3 * 32_767.0 / 2f64.sqrt();
    for group in &crossfades {
        let from = (group[0] * window).saturating_sub(window * 10);
        let to = ((group[group.len() - 1] + 1) * window + window * 10).min(pcm.samples.len());
        for (index, piece) in pcm.samples[from..to].chunks_exact(882).enumerate() {
            assert!(
                rms(piece) > level * 0.5,
                "a dip to {:.0} (of {level:.0}) at {:.2} s; crossfade windows (100 ms) {mixed:?}",
                rms(piece),
                (from / 2 + index * 441) as f64 / 44_100.0
            );
        }
    }

    // Each song that faded into the next aired 2 s shorter than its 10 s: the history's start times.
    let starts: Vec<i64> = sqlx::query_scalar(
        "SELECT started_at_ms FROM play_history WHERE meta_id = $1 AND meta_type = 'music' ORDER BY started_at_ms",
    )
    .bind(&main)
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    let airtimes: Vec<i64> = starts.windows(2).map(|pair| pair[1] - pair[0]).collect();
    let shortened = airtimes.iter().filter(|ms| (**ms - 8_000).abs() < 200).count();
    assert!(shortened >= crossfades.len(), "song airtimes (ms): {airtimes:?}");
    assert!(
        airtimes
            .iter()
            .all(|ms| (*ms - 8_000).abs() < 200 || (*ms - 10_000).abs() < 200),
        "song airtimes (ms): {airtimes:?}"
    );
}

on_sqlite!(songs_fade_into_each_other_without_a_gap);
