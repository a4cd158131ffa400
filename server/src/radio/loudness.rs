//! Even loudness on air (EBU R128): each track's integrated loudness and true peak are measured once,
//! and the autoDJ airs a rendition brought to one target (`ONDA_LOUDNESS_TARGET`, -16 LUFS by
//! default) by a gain and a true-peak limiter, so a quiet master and a loud one sound alike and a
//! quiet one raised by 15 dB does not clip.
//!
//! The signal processing is pure functions over [`Pcm`]; [`Book`] keeps the measurements, in memory
//! and in the `track_loudness` table, so a track is measured when it enters the library and never
//! again, not even at the next start.

use std::{
    collections::{HashMap, VecDeque},
    sync::RwLock,
};

use ebur128::{EbuR128, Mode};

use super::{library::LibraryError, synth::Pcm};
use crate::{clock::now_ms, db::Db};

/// The target when `ONDA_LOUDNESS_TARGET` is not set: what streaming services use for music on
/// phones and the web (a broadcast chain's -23 would sound quiet beside them).
pub const DEFAULT_TARGET_LUFS: f64 = -16.0;

/// The highest true peak a normalised track reaches: a decibel of room for the lossy encoders, whose
/// output overshoots the input's peaks a little.
pub const CEILING_DBTP: f64 = -1.0;

/// The limiter works to its ceiling less this: its own inter-sample estimate is a short filter, and
/// the gain changes within a sample's interval; this keeps a 4x-oversampled measurement (ebur128's)
/// under the ceiling too.
const MARGIN_DB: f64 = 0.3;

/// How far ahead the limiter sees a peak coming, and so how long its attack ramps: 5 ms is short
/// enough not to pump audibly, long enough that the ramp adds no click.
const LOOKAHEAD_SECS: f64 = 0.005;

/// How fast the limiter lets go after a peak (time constant).
const RELEASE_SECS: f64 = 0.1;

/// Below the R128 absolute gate a track is silence: it keeps its level.
const SILENCE_LUFS: f64 = -70.0;

/// A floor for the true peak of digital silence, so the stored figure stays a finite number.
const SILENCE_DBTP: f64 = -120.0;

/// The most a track is raised or lowered: a near-silent file (a hidden track, a mistake) is not
/// raised into noise.
const MAX_BOOST_DB: f64 = 24.0;
const MAX_CUT_DB: f64 = -30.0;

/// Within this of the target, and with no risk of clipping, a track airs as it is (an MP3 then passes
/// through untouched): re-encoding for less than half a decibel would cost more than it gives.
const AT_TARGET_DB: f64 = 0.5;

/// After limiting a track with tall peaks it sits below the target (the limiter took energy away):
/// up to this many passes raise it again by the shortfall.
const MAKEUP_PASSES: usize = 3;

/// Part of every normalised rendition's name: bump when the processing changes, so renditions made
/// the old way are rendered again.
pub const RENDER_VERSION: u32 = 1;

/// A track's loudness, as measured before any processing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Loudness {
    pub integrated_lufs: f64,
    pub true_peak_dbtp: f64,
}

fn ebu(pcm: &Pcm, mode: Mode) -> Result<EbuR128, LibraryError> {
    let channels = u32::from(pcm.channels.max(1));
    let mut meter = EbuR128::new(channels, pcm.sample_rate, mode).map_err(loudness_error)?;
    // A second at a time: the meter's history is fed the same way, and the slices stay small.
    let chunk = pcm.sample_rate as usize * usize::from(pcm.channels.max(1));
    for piece in pcm.samples.chunks(chunk.max(1)) {
        let whole = piece.len() - piece.len() % usize::from(pcm.channels.max(1));
        meter.add_frames_i16(&piece[..whole]).map_err(loudness_error)?;
    }
    Ok(meter)
}

fn loudness_error(err: ebur128::Error) -> LibraryError {
    LibraryError::Loudness(err.to_string())
}

/// Integrated loudness (LUFS) and true peak (dBTP, the highest of the channels) of `pcm`.
pub fn measure(pcm: &Pcm) -> Result<Loudness, LibraryError> {
    let meter = ebu(pcm, Mode::I | Mode::TRUE_PEAK)?;
    let mut peak: f64 = 0.0;
    for channel in 0..u32::from(pcm.channels.max(1)) {
        peak = peak.max(meter.true_peak(channel).map_err(loudness_error)?);
    }
    Ok(Loudness {
        integrated_lufs: finite_or(meter.loudness_global().map_err(loudness_error)?, SILENCE_LUFS),
        true_peak_dbtp: finite_or(to_db(peak), SILENCE_DBTP),
    })
}

/// Integrated loudness only: the makeup passes need no true peak, which is most of the cost.
fn integrated(pcm: &Pcm) -> Result<f64, LibraryError> {
    let meter = ebu(pcm, Mode::I)?;
    Ok(finite_or(
        meter.loudness_global().map_err(loudness_error)?,
        SILENCE_LUFS,
    ))
}

fn finite_or(value: f64, floor: f64) -> f64 {
    if value.is_finite() {
        value.max(floor)
    } else {
        floor
    }
}

fn to_db(linear: f64) -> f64 {
    20.0 * linear.log10()
}

fn to_linear(db: f64) -> f64 {
    10f64.powf(db / 20.0)
}

/// The gain (dB) that brings `measured` to `target`; none for silence.
pub fn gain_db(measured: &Loudness, target: f64) -> f64 {
    if measured.integrated_lufs <= SILENCE_LUFS {
        return 0.0;
    }
    (target - measured.integrated_lufs).clamp(MAX_CUT_DB, MAX_BOOST_DB)
}

/// Whether the track is close enough to `target`, peaks included, to air as it is.
pub fn at_target(measured: &Loudness, target: f64) -> bool {
    let gain = gain_db(measured, target);
    gain.abs() <= AT_TARGET_DB && measured.true_peak_dbtp + gain <= 0.0
}

/// `pcm` brought to `target`: the gain, the true-peak limiter, and makeup passes should the
/// limiter have left it short of the target.
pub fn to_target(pcm: &Pcm, measured: &Loudness, target: f64) -> Result<Pcm, LibraryError> {
    let mut gain = gain_db(measured, target);
    let mut out = gain_and_limit(pcm, gain, CEILING_DBTP);
    if measured.integrated_lufs <= SILENCE_LUFS {
        return Ok(out);
    }
    for _ in 0..MAKEUP_PASSES {
        let short = target - integrated(&out)?;
        if short < 0.2 || gain >= MAX_BOOST_DB {
            break;
        }
        gain = (gain + short).min(MAX_BOOST_DB);
        out = gain_and_limit(pcm, gain, CEILING_DBTP);
    }
    Ok(out)
}

/// `pcm` raised or lowered by `gain_db`, its true peak held under `ceiling_dbtp` by a look-ahead
/// brickwall limiter.
///
/// The limiter, offline over the whole track: for every frame the gain that would keep it under the
/// ceiling (sample peaks and the inter-sample peaks a 4x interpolation finds, all channels linked so
/// the stereo image does not wander); the lowest of those over the next 5 ms (the look-ahead); a
/// release towards unity with a 100 ms time constant; and a 5 ms moving average, which turns each
/// step down into a smooth ramp that is complete when the peak arrives. Every value averaged for a
/// frame is at most that frame's own need, so the average is too: nothing passes the ceiling.
pub fn gain_and_limit(pcm: &Pcm, gain_db: f64, ceiling_dbtp: f64) -> Pcm {
    let channels = usize::from(pcm.channels.max(1));
    let frames = pcm.samples.len() / channels;
    let gain = to_linear(gain_db) as f32 / 32768.0;
    let signal: Vec<f32> = pcm.samples[..frames * channels]
        .iter()
        .map(|&s| f32::from(s) * gain)
        .collect();
    let ceiling = to_linear(ceiling_dbtp - MARGIN_DB) as f32;
    let smooth = limiter_gains(&signal, channels, pcm.sample_rate, ceiling);

    let mut samples = Vec::with_capacity(frames * channels);
    for (frame, g) in signal.chunks_exact(channels).zip(&smooth) {
        for &x in frame {
            samples.push((x * g * 32768.0).round().clamp(-32768.0, 32767.0) as i16);
        }
    }
    Pcm {
        sample_rate: pcm.sample_rate,
        channels: pcm.channels.max(1),
        samples,
    }
}

/// The limiter's gain for every frame of `signal` (interleaved, `channels` wide), ceiling linear.
fn limiter_gains(signal: &[f32], channels: usize, sample_rate: u32, ceiling: f32) -> Vec<f32> {
    let need: Vec<f32> = peaks(signal, channels, ceiling / 2.0)
        .into_iter()
        .map(|peak| if peak > ceiling { ceiling / peak } else { 1.0 })
        .collect();
    let lookahead = ((LOOKAHEAD_SECS * f64::from(sample_rate)) as usize).max(1);
    let ahead = forward_minimum(&need, lookahead);
    let release = 1.0 - (-1.0 / (RELEASE_SECS * f64::from(sample_rate))).exp() as f32;
    let mut held = Vec::with_capacity(ahead.len());
    let mut level = 1.0f32;
    for &want in &ahead {
        level = if want < level {
            want
        } else {
            level + (want - level) * release
        };
        held.push(level);
    }
    moving_average(&held, lookahead)
}

/// Taps per phase of the 4x interpolator (the prototype is a Hann-windowed sinc of 48 taps).
const TAPS: usize = 12;

/// The three in-between phases (1/4, 2/4, 3/4 of a sample) of the interpolator, each normalised to
/// unity gain at DC.
fn interpolator() -> [[f32; TAPS]; 3] {
    let mut phases = [[0.0f32; TAPS]; 3];
    for (p, phase) in phases.iter_mut().enumerate() {
        let offset = (p + 1) as f64 / 4.0;
        let mut sum = 0.0;
        for (k, tap) in phase.iter_mut().enumerate() {
            // Tap k weighs input sample n - TAPS/2 + 1 + k for the point n + offset.
            let t = k as f64 - (TAPS / 2 - 1) as f64 - offset;
            let sinc = if t.abs() < 1e-12 {
                1.0
            } else {
                (std::f64::consts::PI * t).sin() / (std::f64::consts::PI * t)
            };
            let window = 0.5 + 0.5 * (std::f64::consts::PI * t / (TAPS / 2) as f64).cos();
            *tap = (sinc * window) as f32;
            sum += sinc * window;
        }
        for tap in phase.iter_mut() {
            *tap /= sum as f32;
        }
    }
    phases
}

/// Per frame, the highest absolute value over its channels of the sample and of the interpolated
/// points between it and the next frame. Only where a sample reaches `threshold` (6 dB under the
/// ceiling) is the interpolation worth its cost: music's inter-sample peaks rise a few dB over the
/// samples around them, not more.
fn peaks(signal: &[f32], channels: usize, threshold: f32) -> Vec<f32> {
    let frames = signal.len() / channels;
    let phases = interpolator();
    let mut out = vec![0.0f32; frames];
    // One channel at a time, with TAPS zeros on both sides, so every window is a plain slice.
    let before = TAPS / 2 - 1;
    let mut padded = vec![0.0f32; frames + 2 * TAPS];
    for c in 0..channels {
        for (n, slot) in padded[before..before + frames].iter_mut().enumerate() {
            *slot = signal[n * channels + c];
        }
        for (n, peak) in out.iter_mut().enumerate() {
            // padded[before + n] is sample n; the window of the points after it starts at n.
            let here = padded[before + n].abs();
            let next = padded[before + n + 1].abs();
            *peak = peak.max(here);
            if here.max(next) < threshold {
                continue;
            }
            let window = &padded[n..n + TAPS];
            for phase in &phases {
                let value: f32 = window.iter().zip(phase).map(|(x, tap)| x * tap).sum();
                *peak = peak.max(value.abs());
            }
        }
    }
    out
}

/// `out[i]` is the lowest of `values[i..i + window]` (monotonic queue: linear time).
fn forward_minimum(values: &[f32], window: usize) -> Vec<f32> {
    let mut out = vec![0.0; values.len()];
    let mut queue: VecDeque<usize> = VecDeque::new();
    for i in (0..values.len()).rev() {
        while queue.back().is_some_and(|&j| values[j] >= values[i]) {
            queue.pop_back();
        }
        queue.push_back(i);
        while queue.front().is_some_and(|&j| j >= i + window) {
            queue.pop_front();
        }
        out[i] = queue.front().map_or(1.0, |&j| values[j]);
    }
    out
}

/// `out[i]` is the mean of `values[i + 1 - window..=i]`; before the start, the first value repeats
/// (never more than any value it stands for, which the limiter's guarantee needs).
fn moving_average(values: &[f32], window: usize) -> Vec<f32> {
    let Some(&first) = values.first() else {
        return Vec::new();
    };
    let mut sum = f64::from(first) * window as f64;
    let mut out = Vec::with_capacity(values.len());
    for i in 0..values.len() {
        let leaving = if i >= window { values[i - window] } else { first };
        sum += f64::from(values[i]) - f64::from(leaving);
        // In f64, the running sum's rounding stays far below the limiter's margin.
        out.push((sum / window as f64) as f32);
    }
    out
}

/// The processing a track gets on air.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Level {
    /// Normalisation is off, the track is not measured yet, or it is already at the target.
    AsIs,
    /// Brought to `target` from what was `measured`.
    Normalise { target: f64, measured: Loudness },
}

impl Level {
    /// For file names: the processing version, the target and the gain, so a change of either
    /// renders the track again (`n1t-16.0g+12.3`).
    pub fn tag(&self) -> Option<String> {
        match self {
            Self::AsIs => None,
            Self::Normalise { target, measured } => Some(format!(
                "n{RENDER_VERSION}t{target:.1}g{:+.1}",
                gain_db(measured, *target)
            )),
        }
    }
}

/// A target's tag in file names of audio rendered at it (the demo library, `t-16.0`).
pub fn target_tag(target: f64) -> String {
    format!("n{RENDER_VERSION}t{target:.1}")
}

/// Every track's measurement, loaded at start and added to as tracks enter the library.
#[derive(Debug)]
pub struct Book {
    db: Db,
    /// `None`: normalisation is off (`ONDA_LOUDNESS_TARGET=off`).
    pub target: Option<f64>,
    measured: RwLock<HashMap<String, Loudness>>,
}

impl Book {
    /// The stored measurements.
    pub async fn load(db: &Db, target: Option<f64>) -> Result<Self, LibraryError> {
        let rows: Vec<(String, f64, f64)> =
            sqlx::query_as("SELECT track_key, integrated_lufs, true_peak_dbtp FROM track_loudness")
                .fetch_all(&db.pool)
                .await?;
        let measured = rows
            .into_iter()
            .map(|(key, integrated_lufs, true_peak_dbtp)| {
                (
                    key,
                    Loudness {
                        integrated_lufs,
                        true_peak_dbtp,
                    },
                )
            })
            .collect();
        Ok(Self {
            db: db.clone(),
            target,
            measured: RwLock::new(measured),
        })
    }

    pub fn get(&self, key: &str) -> Option<Loudness> {
        self.measured
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(key)
            .copied()
    }

    pub fn len(&self) -> usize {
        self.measured
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Keeps a measurement, in memory at once and in the database.
    pub async fn record(&self, key: &str, loudness: Loudness) -> Result<(), LibraryError> {
        self.measured
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(key.to_owned(), loudness);
        sqlx::query(
            "INSERT INTO track_loudness (track_key, integrated_lufs, true_peak_dbtp, measured_at) \
             VALUES ($1, $2, $3, $4) \
             ON CONFLICT (track_key) DO UPDATE SET integrated_lufs = excluded.integrated_lufs, \
             true_peak_dbtp = excluded.true_peak_dbtp, measured_at = excluded.measured_at",
        )
        .bind(key)
        .bind(loudness.integrated_lufs)
        .bind(loudness.true_peak_dbtp)
        .bind(now_ms())
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// How the track `key` airs.
    pub fn level(&self, key: &str) -> Level {
        match (self.target, self.get(key)) {
            (Some(target), Some(measured)) if !at_target(&measured, target) => {
                Level::Normalise { target, measured }
            }
            _ => Level::AsIs,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

    use super::*;
    use crate::radio::synth::{self, SAMPLE_RATE};

    /// A stereo sine at `peak_db` dBFS.
    fn sine(freq: f64, peak_db: f64, seconds: f64) -> Pcm {
        let amplitude = to_linear(peak_db) * 32767.0;
        let frames = (seconds * f64::from(SAMPLE_RATE)) as usize;
        let mut samples = Vec::with_capacity(frames * 2);
        for n in 0..frames {
            let value = (amplitude * (std::f64::consts::TAU * freq * n as f64 / f64::from(SAMPLE_RATE)).sin())
                .round() as i16;
            samples.extend([value, value]);
        }
        Pcm {
            sample_rate: SAMPLE_RATE,
            channels: 2,
            samples,
        }
    }

    /// Uniform white noise (xorshift), independent per channel, at `peak_db`.
    fn noise(peak_db: f64, seconds: f64, seed: u64) -> Pcm {
        let amplitude = to_linear(peak_db) * 32767.0;
        let mut state = seed | 1;
        let frames = (seconds * f64::from(SAMPLE_RATE)) as usize;
        let samples = (0..frames * 2)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let unit = (state >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0;
                (unit * amplitude).round() as i16
            })
            .collect();
        Pcm {
            sample_rate: SAMPLE_RATE,
            channels: 2,
            samples,
        }
    }

    fn scaled(pcm: &Pcm, db: f64) -> Pcm {
        let gain = to_linear(db);
        Pcm {
            samples: pcm
                .samples
                .iter()
                .map(|&s| (f64::from(s) * gain).round().clamp(-32768.0, 32767.0) as i16)
                .collect(),
            ..pcm.clone()
        }
    }

    /// A 1 kHz sine's loudness follows from its level (K-weighting is about +0.7 dB at 1 kHz, two
    /// channels add 3 dB, a sine's mean square is 3 dB under its peak), and its true peak is its peak.
    #[test]
    fn a_sine_measures_where_theory_puts_it() {
        let measured = measure(&sine(997.0, -20.0, 5.0)).unwrap();
        assert!(
            (measured.integrated_lufs - (-20.0 - 3.01 + 3.01 - 0.691 + 0.7)).abs() < 0.3,
            "{measured:?}"
        );
        assert!((measured.true_peak_dbtp - (-20.0)).abs() < 0.2, "{measured:?}");
        // Ten decibels down measures ten decibels down.
        let quieter = measure(&sine(997.0, -30.0, 5.0)).unwrap();
        assert!(
            (measured.integrated_lufs - quieter.integrated_lufs - 10.0).abs() < 0.05,
            "{quieter:?}"
        );
    }

    #[test]
    fn silence_measures_as_silence_and_keeps_its_level() {
        let silence = Pcm {
            sample_rate: SAMPLE_RATE,
            channels: 2,
            samples: vec![0; 2 * SAMPLE_RATE as usize],
        };
        let measured = measure(&silence).unwrap();
        assert_eq!(measured.integrated_lufs, SILENCE_LUFS);
        assert_eq!(measured.true_peak_dbtp, SILENCE_DBTP);
        assert_eq!(gain_db(&measured, -16.0), 0.0);
        assert_eq!(to_target(&silence, &measured, -16.0).unwrap(), silence);
    }

    /// Noise raised by 15 dB would clip by far: the limiter keeps its true peak, by ebur128's own
    /// 4x-oversampled measurement, under the ceiling. A sine near a quarter of the sample rate, whose
    /// peaks fall between samples, is held too.
    #[test]
    fn the_limiter_keeps_the_true_peak_under_the_ceiling() {
        for (name, pcm, gain) in [
            ("noise", noise(-6.0, 4.0, 7), 15.0),
            ("fs/4 sine", sine(11_025.0 * 0.999, -3.0, 3.0), 6.0),
            ("bass", sine(60.0, -12.0, 3.0), 18.0),
            (
                "song",
                synth::render_song("limiter", synth::Style::Rock, 6.0),
                12.0,
            ),
        ] {
            let out = gain_and_limit(&pcm, gain, CEILING_DBTP);
            let measured = measure(&out).unwrap();
            assert!(measured.true_peak_dbtp <= CEILING_DBTP, "{name}: {measured:?}");
            assert_eq!(out.samples.len(), pcm.samples.len());
        }
        // Under the ceiling, the limiter is a plain gain.
        let quiet = sine(440.0, -30.0, 1.0);
        let out = gain_and_limit(&quiet, 6.0, CEILING_DBTP);
        let expected = scaled(&quiet, 6.0);
        let largest_difference = out
            .samples
            .iter()
            .zip(&expected.samples)
            .map(|(a, b)| (i32::from(*a) - i32::from(*b)).abs())
            .max()
            .unwrap();
        assert!(largest_difference <= 1, "{largest_difference}");
    }

    /// The limiter's attack is a ramp, not a step: a burst after quiet music is met by a gain that
    /// falls at most 1/220 of unity per frame (the 5 ms average), reaches what the burst needs in
    /// time, and lets go slowly after it.
    #[test]
    fn the_limiter_ramps_its_gain() {
        let frames = 88_200;
        let mut signal = vec![0.1f32; 2 * frames];
        for sample in &mut signal[2 * 20_000..2 * 20_100] {
            *sample = 2.0;
        }
        let gains = limiter_gains(&signal, 2, SAMPLE_RATE, 1.0);
        let lookahead = (LOOKAHEAD_SECS * f64::from(SAMPLE_RATE)) as usize;
        let largest_step = gains
            .windows(2)
            .map(|pair| (pair[1] - pair[0]).abs())
            .fold(0.0f32, f32::max);
        // A mean of `lookahead` values between 0 and 1 moves by at most 1/lookahead per frame.
        assert!(largest_step <= 1.0 / lookahead as f32 + 1e-6, "{largest_step}");
        let falling = gains[..20_000]
            .windows(2)
            .filter(|pair| pair[1] < pair[0])
            .count();
        assert!(falling >= lookahead - 2, "a ramp of {falling} frames");
        for (frame, gain) in gains.iter().enumerate() {
            let peak = signal[2 * frame];
            assert!(peak * gain <= 1.0 + 1e-6, "frame {frame}: {peak} × {gain}");
        }
        // Untouched well before the burst, back near unity some releases after it.
        assert_eq!(gains[20_000 - 2 * lookahead], 1.0);
        assert!(
            gains[20_100 + 10 * 4_410] > 0.95,
            "{}",
            gains[20_100 + 10 * 4_410]
        );
        assert!(gains[20_100 + 4_410] < 0.9);
    }

    /// A track at -36 LUFS and one at -16 both come out at the target, within half a unit; a loud
    /// master comes down.
    #[test]
    fn tracks_at_any_level_come_out_at_the_target() {
        let song = synth::render_song("normalise", synth::Style::Pop, 8.0);
        let song_lufs = measure(&song).unwrap().integrated_lufs;
        for (name, pcm) in [
            ("sine at -36", {
                let pcm = sine(440.0, -36.0, 5.0);
                let off = measure(&pcm).unwrap().integrated_lufs + 36.0;
                scaled(&pcm, -off)
            }),
            ("sine at -16", {
                let pcm = sine(440.0, -16.0, 5.0);
                let off = measure(&pcm).unwrap().integrated_lufs + 16.0;
                scaled(&pcm, -off)
            }),
            ("noise", noise(-30.0, 5.0, 3)),
            ("song at -36", scaled(&song, -36.0 - song_lufs)),
            ("song at -16", scaled(&song, -16.0 - song_lufs)),
            ("loud song", gain_and_limit(&song, -8.0 - song_lufs, -0.1)),
        ] {
            let measured = measure(&pcm).unwrap();
            let out = to_target(&pcm, &measured, DEFAULT_TARGET_LUFS).unwrap();
            let after = measure(&out).unwrap();
            assert!(
                (after.integrated_lufs - DEFAULT_TARGET_LUFS).abs() <= 0.5,
                "{name}: {measured:?} → {after:?}"
            );
            assert!(after.true_peak_dbtp <= CEILING_DBTP, "{name}: {after:?}");
        }
    }

    #[test]
    fn a_track_near_the_target_airs_as_it_is_and_names_carry_the_gain() {
        let near = Loudness {
            integrated_lufs: -16.3,
            true_peak_dbtp: -2.0,
        };
        assert!(at_target(&near, -16.0));
        // Near in loudness, but its peaks would clip once raised.
        let peaky = Loudness {
            integrated_lufs: -16.3,
            true_peak_dbtp: -0.1,
        };
        assert!(!at_target(&peaky, -16.0));
        let quiet = Loudness {
            integrated_lufs: -28.34,
            true_peak_dbtp: -9.0,
        };
        assert!(!at_target(&quiet, -16.0));
        let level = Level::Normalise {
            target: -16.0,
            measured: quiet,
        };
        assert_eq!(level.tag().as_deref(), Some("n1t-16.0g+12.3"));
        assert_eq!(Level::AsIs.tag(), None);
        assert_eq!(target_tag(-14.0), "n1t-14.0");
    }

    #[test]
    fn the_running_minimum_and_average_hold_their_bounds() {
        let values = [1.0, 0.5, 1.0, 1.0, 0.2, 1.0, 1.0, 1.0];
        assert_eq!(
            forward_minimum(&values, 3),
            vec![0.5, 0.5, 0.2, 0.2, 0.2, 1.0, 1.0, 1.0]
        );
        let averaged = moving_average(&forward_minimum(&values, 3), 3);
        for (i, value) in values.iter().enumerate() {
            assert!(averaged[i] <= *value, "{i}: {averaged:?}");
        }
    }

    /// bench/loudness.sh: what a four-minute song costs to bring to the target, step by step, and
    /// its encodes for comparison. Figures, run in release: `cargo test --release -p onda-server --lib
    /// radio::loudness::tests::bench_a_four_minute_song -- --ignored --nocapture`.
    #[test]
    #[ignore = "a benchmark: prints figures"]
    fn bench_a_four_minute_song() {
        use std::time::Instant;

        use crate::radio::{library::encode_rendition, mount::Codec};

        let song = synth::render_song("bench-loudness", synth::Style::Rock, 240.0);
        // Mastered 15 dB under the target, so the limiter has work to do once it is raised.
        let quiet = {
            let lufs = measure(&song).unwrap().integrated_lufs;
            gain_and_limit(&song, DEFAULT_TARGET_LUFS - 15.0 - lufs, 0.0)
        };
        let time = |label: &str, run: &mut dyn FnMut()| {
            let started = Instant::now();
            run();
            println!("{label}: {:.3} s", started.elapsed().as_secs_f64());
        };
        let mut measured = None;
        time("measure (integrated + true peak)", &mut || {
            measured = Some(measure(&quiet).unwrap());
        });
        let measured = measured.unwrap();
        println!(
            "  {:.1} LUFS, {:.1} dBTP, gain {:+.1} dB",
            measured.integrated_lufs,
            measured.true_peak_dbtp,
            gain_db(&measured, DEFAULT_TARGET_LUFS)
        );
        time("gain + limiter (one pass)", &mut || {
            gain_and_limit(&quiet, gain_db(&measured, DEFAULT_TARGET_LUFS), CEILING_DBTP);
        });
        let mut out = None;
        time("to_target (gain, limiter, makeup passes)", &mut || {
            out = Some(to_target(&quiet, &measured, DEFAULT_TARGET_LUFS).unwrap());
        });
        let out = out.unwrap();
        let after = measure(&out).unwrap();
        println!(
            "  after: {:.2} LUFS, {:.2} dBTP",
            after.integrated_lufs, after.true_peak_dbtp
        );
        for codec in [Codec::Mp3, Codec::AacHe, Codec::AacPlus] {
            time(&format!("encode {codec:?}"), &mut || {
                encode_rendition(&out, codec).unwrap();
            });
        }
    }
}
