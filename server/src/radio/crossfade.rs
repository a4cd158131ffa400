//! Crossfades between songs, spliced into the encoded stream.
//!
//! The playout airs pre-encoded frames, one track after another, paced by their durations. A
//! crossfade re-encodes only the seconds where two songs overlap: the outgoing song's last frames and
//! the incoming song's first frames are decoded, mixed with equal-power fades and encoded again into a
//! *blend* that airs in their place. Every frame keeps its codec's length, so the stream stays
//! frame-exact and the playout's clock is untouched: the channel simply runs the overlap's length
//! shorter.
//!
//! Two details keep the joins inaudible:
//! - **Alignment.** An encoder delays its input (LAME by 1105 samples, HE-AAC by a few thousand, as
//!   measured by [`delay`]). The blend is encoded with the outgoing song's own audio before it and the
//!   incoming song's after it, shifted by that delay, so each blend frame decodes to exactly the
//!   samples of the frame it replaces, and a decoder's overlap from one frame to the next hears
//!   continuous audio on both sides of a join.
//! - **MP3's bit reservoir.** An MP3 frame may begin its data in the bytes of the frames before it;
//!   across a join those bytes belong to another encode. The frame before each join is rewritten at
//!   320 kbit/s, with the bytes the frame after the join needs placed at its end: a valid stream (a
//!   variable bitrate is ordinary in MP3) in which one frame is larger. ADTS frames have no reservoir.

use std::{collections::HashMap, sync::OnceLock};

use bytes::Bytes;

use super::{
    frames::{self, Frame},
    library::{self, LibraryError, Prepared, Rendition},
    mount::Codec,
    synth::{Pcm, SAMPLE_RATE},
};

/// The default overlap between songs (`ONDA_CROSSFADE_SECONDS`).
pub const DEFAULT_SECONDS: f64 = 2.0;

/// Where decoding the outgoing track starts, for its audio from frame `from` on to be exact: a decoder
/// started mid-stream lacks its predecessor's overlap (and, for MP3, its reservoir). FDK's HE-AAC
/// decoder puts out silence for its first six frames and is exact from the eighth. HE-AAC v2's
/// parametric stereo is coded as changes from frame to frame, and a decoder started at some frames
/// never finds the right stereo image again: that track is decoded from its first frame (a four-minute
/// song in well under a second).
fn decode_from(codec: Codec, from: usize) -> usize {
    match codec {
        Codec::Mp3 => from.saturating_sub(3),
        Codec::AacHe => from.saturating_sub(10),
        Codec::AacPlus => 0,
    }
}

/// How a crossfade joins two tracks on one codec.
#[derive(Debug, Clone)]
pub struct Joint {
    /// How many frames of the outgoing track air.
    pub cut: usize,
    /// Replaces the outgoing track's frame `cut - 1` (MP3: it carries the reservoir the blend's first
    /// frame reads).
    pub last: Option<Bytes>,
    /// The mix, airing in place of the incoming track's first `blend.frames.len()` frames.
    pub blend: Rendition,
}

/// A crossfade between two tracks: a joint per codec, all made together or none.
#[derive(Debug, Clone, Default)]
pub struct Splice {
    pub joints: HashMap<Codec, Joint>,
}

#[derive(Debug, thiserror::Error)]
pub enum CrossfadeError {
    #[error("{0:?}: the track has no rendition in this codec")]
    Missing(Codec),
    #[error("{0:?}: a track too short to overlap")]
    TooShort(Codec),
    #[error("{0:?}: frames of another shape than the stream's own encoder makes")]
    Shape(Codec),
    #[error("{0:?}: a frame could not be read")]
    Unreadable(Codec),
    #[error("{0:?}: no room to carry the bit reservoir across the join")]
    Reservoir(Codec),
    #[error("{0:?}: the encoder's delay could not be measured")]
    Delay(Codec),
    #[error(transparent)]
    Library(#[from] LibraryError),
}

/// Output samples (per channel, at 44.1 kHz) of one frame of `codec`.
pub fn frame_samples(codec: Codec) -> usize {
    match codec {
        Codec::Mp3 => 1152,
        // 1024 core samples, doubled by SBR.
        Codec::AacHe | Codec::AacPlus => 2048,
    }
}

/// One frame's duration in microseconds (what the playout's cursors add up).
pub fn frame_us(codec: Codec) -> u64 {
    (frame_samples(codec) as u64 * 1_000_000 + u64::from(SAMPLE_RATE) / 2) / u64::from(SAMPLE_RATE)
}

/// Keeps the overlaps of every codec summing to the same length: a codec's overlap is a whole number
/// of its frames, so each crossfade takes the number closest to the configured length plus what
/// earlier ones took too little (or too much). MP3 and AAC frames differ in length; without this
/// the mounts would drift apart by up to half a frame per song.
#[derive(Debug, Default)]
pub struct Overlaps {
    owed_us: HashMap<Codec, i64>,
}

impl Overlaps {
    /// The overlap, in frames of `codec`, of the next crossfade.
    pub fn frames(&self, codec: Codec, overlap_us: u64) -> usize {
        let want = i64::try_from(overlap_us).unwrap_or(0) + self.owed_us.get(&codec).copied().unwrap_or(0);
        let frame = i64::try_from(frame_us(codec)).unwrap_or(1).max(1);
        usize::try_from((want + frame / 2).div_euclid(frame)).unwrap_or(0)
    }

    /// Records a crossfade that aired with `frames` frames of `codec`.
    pub fn aired(&mut self, codec: Codec, overlap_us: u64, frames: usize) {
        let taken = i64::try_from(frames as u64 * frame_us(codec)).unwrap_or(0);
        *self.owed_us.entry(codec).or_default() += i64::try_from(overlap_us).unwrap_or(0) - taken;
    }
}

/// Plans the crossfade from `out` into `into`, overlapping `frames[codec]` frames of each codec.
/// Blocking (a few seconds of audio decoded and encoded per codec): run it on the blocking pool.
pub fn plan(
    out: &Prepared,
    into: &Prepared,
    frames: &HashMap<Codec, usize>,
) -> Result<Splice, CrossfadeError> {
    let mut splice = Splice::default();
    for (&codec, &overlap) in frames {
        let a = out.renditions.get(&codec).ok_or(CrossfadeError::Missing(codec))?;
        let b = into
            .renditions
            .get(&codec)
            .ok_or(CrossfadeError::Missing(codec))?;
        splice.joints.insert(codec, joint(codec, a, b, overlap)?);
    }
    Ok(splice)
}

/// The joint of one codec: `a`'s last `overlap` frames and `b`'s first `overlap` mixed.
fn joint(codec: Codec, a: &Rendition, b: &Rendition, overlap: usize) -> Result<Joint, CrossfadeError> {
    let n = frame_samples(codec);
    let delay = delay(codec).ok_or(CrossfadeError::Delay(codec))?;
    // Frames of real audio around the blend: enough for the encoder's delay and its first frames.
    let pre = delay.div_ceil(n) + 2;
    let post = pre + 1;
    let (na, nb) = (a.frames.len(), b.frames.len());
    if overlap == 0 || na < overlap + pre + 1 || nb < overlap + post + 1 {
        return Err(CrossfadeError::TooShort(codec));
    }
    let cut = na - overlap;
    let first = decode_from(codec, cut - pre);
    let warm_up = cut - pre - first;
    for frame in a.frames[first..].iter().chain(&b.frames[..overlap + post]) {
        if !native(codec, frame) {
            return Err(CrossfadeError::Shape(codec));
        }
    }
    let a_bytes = read(codec, a, first..na)?;
    let b_bytes = read(codec, b, 0..overlap + post)?;

    // Stereo samples (interleaved, so two values per sample) of each part.
    let decoded_a = decode(codec, &a_bytes);
    let decoded_b = decode(codec, &b_bytes);
    let at = |frame: usize| frame * n * 2;
    let before = &decoded_a[at(warm_up)..at(warm_up + pre)];
    let tail = &decoded_a[at(warm_up + pre)..];
    let head = &decoded_b[..at(overlap)];
    let after = &decoded_b[at(overlap)..];

    // What the blend's encode should decode to, frame by frame; its input is that, `delay` earlier.
    let mut wanted = Vec::with_capacity(at(pre + overlap + post));
    wanted.extend_from_slice(before);
    wanted.extend(mix(tail, head));
    wanted.extend_from_slice(after);
    let input = Pcm {
        sample_rate: SAMPLE_RATE,
        channels: 2,
        samples: wanted.get(delay * 2..).unwrap_or_default().to_vec(),
    };
    let encoded = library::encode_rendition(&input, codec)?;
    let encoded_frames = scan(codec, &encoded);
    if encoded_frames.len() < pre + overlap {
        return Err(CrossfadeError::TooShort(codec));
    }
    let frame_bytes = |frame: &Frame| &encoded[frame.offset..frame.offset + frame.len];
    let mut blend: Vec<Vec<u8>> = encoded_frames[pre..pre + overlap]
        .iter()
        .map(|frame| frame_bytes(frame).to_vec())
        .collect();

    let mut last = None;
    if codec == Codec::Mp3 {
        // Into the blend: its first frame's reservoir, from its own encode, rides on `a`'s last frame.
        let preroll: Vec<&[u8]> = encoded_frames[..pre].iter().map(frame_bytes).collect();
        let needed = reservoir(
            &preroll,
            main_data_begin(&blend[0]).ok_or(CrossfadeError::Shape(codec))?,
        )
        .ok_or(CrossfadeError::Reservoir(codec))?;
        if !needed.is_empty() {
            let a_last = &a_bytes[a_bytes.len() - overlap - 1];
            last = Some(Bytes::from(
                bridge(a_last, &needed).ok_or(CrossfadeError::Reservoir(codec))?,
            ));
        }
        // Out of the blend: `b`'s frame after it reads its reservoir from `b`'s own frames before it.
        let b_head: Vec<&[u8]> = b_bytes[..overlap].iter().map(|f| &f[..]).collect();
        let resume = &b_bytes[overlap];
        let needed = reservoir(
            &b_head,
            main_data_begin(resume).ok_or(CrossfadeError::Shape(codec))?,
        )
        .ok_or(CrossfadeError::Reservoir(codec))?;
        if !needed.is_empty() {
            let end = blend.len() - 1;
            blend[end] = bridge(&blend[end], &needed).ok_or(CrossfadeError::Reservoir(codec))?;
        }
    }
    Ok(Joint {
        cut,
        last,
        blend: Rendition::parse(codec, Bytes::from(blend.concat())),
    })
}

/// Equal-power fades: the outgoing song at cos, the incoming one at sin, so two unrelated songs keep
/// the loudness of one through the overlap.
fn mix<'a>(tail: &'a [i16], head: &'a [i16]) -> impl Iterator<Item = i16> + 'a {
    let len = (tail.len() / 2).max(1) as f64;
    tail.chunks_exact(2)
        .zip(head.chunks_exact(2))
        .enumerate()
        .flat_map(move |(i, (a, b))| {
            let phase = (i as f64 + 0.5) / len * std::f64::consts::FRAC_PI_2;
            let (fade_out, fade_in) = (phase.cos(), phase.sin());
            [0, 1].map(|c| {
                let value = f64::from(a[c]) * fade_out + f64::from(b[c]) * fade_in;
                value.round().clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16
            })
        })
}

/// Whether a frame is what the stream's own encoder makes for `codec` (44.1 kHz MPEG-1 Layer III
/// without CRC, or HE-AAC at a 22.05 kHz core): only those can be decoded, re-encoded and joined.
fn native(codec: Codec, frame: &Frame) -> bool {
    match codec {
        Codec::Mp3 => frame.samples == 1152 && frame.sample_rate == SAMPLE_RATE,
        Codec::AacHe | Codec::AacPlus => frame.samples == 1024 && frame.sample_rate == SAMPLE_RATE / 2,
    }
}

fn read(
    codec: Codec,
    rendition: &Rendition,
    range: std::ops::Range<usize>,
) -> Result<Vec<Bytes>, CrossfadeError> {
    range
        .map(|index| {
            rendition
                .frame_bytes(index)
                .ok_or(CrossfadeError::Unreadable(codec))
        })
        .collect()
}

fn scan(codec: Codec, data: &[u8]) -> Vec<Frame> {
    match codec {
        Codec::Mp3 => frames::mp3_frames(data),
        Codec::AacHe | Codec::AacPlus => frames::adts_frames(data),
    }
}

/// Decodes frames into interleaved stereo, exactly `frame_samples` per frame: a frame that does not
/// decode (the first of a stream started mid-way) counts as silence, so positions stay exact.
pub fn decode(codec: Codec, frames: &[Bytes]) -> Vec<i16> {
    let n = frame_samples(codec) * 2;
    let mut out = Vec::with_capacity(frames.len() * n);
    match codec {
        Codec::Mp3 => decode_mp3(frames, n, &mut out),
        Codec::AacHe | Codec::AacPlus => decode_adts(frames, n, &mut out),
    }
    out
}

fn decode_mp3(frames: &[Bytes], n: usize, out: &mut Vec<i16>) {
    use symphonia::core::{
        codecs::audio::{AudioCodecParameters, AudioDecoderOptions, well_known::CODEC_ID_MP3},
        packet::Packet,
        units::{Duration, Timestamp},
    };
    let mut params = AudioCodecParameters::new();
    params.for_codec(CODEC_ID_MP3).with_sample_rate(SAMPLE_RATE);
    let decoder =
        symphonia::default::get_codecs().make_audio_decoder(&params, &AudioDecoderOptions::default());
    let Ok(mut decoder) = decoder else {
        out.resize(frames.len() * n, 0);
        return;
    };
    let mut samples: Vec<i16> = Vec::with_capacity(n);
    for (index, frame) in frames.iter().enumerate() {
        let start = out.len();
        let packet = Packet::new(
            0,
            Timestamp::new(i64::try_from(index * n / 2).unwrap_or(0)),
            Duration::new((n / 2) as u64),
            frame.to_vec(),
        );
        if let Ok(decoded) = decoder.decode(&packet) {
            samples.clear();
            decoded.copy_to_vec_interleaved(&mut samples);
            if decoded.spec().channels().count() == 1 {
                out.extend(samples.iter().flat_map(|&s| [s, s]));
            } else {
                out.extend_from_slice(&samples);
            }
        }
        out.resize(start + n, 0);
    }
}

fn decode_adts(frames: &[Bytes], n: usize, out: &mut Vec<i16>) {
    use fdk_aac::dec::{Decoder, Transport};
    let mut decoder = Decoder::new(Transport::Adts);
    // HE-AAC v2 is coded in mono with parametric stereo: ask for both channels back.
    let _ = decoder.set_min_output_channels(2);
    let mut pcm = vec![0i16; 8192];
    for frame in frames {
        let start = out.len();
        let mut rest: &[u8] = frame;
        while !rest.is_empty() {
            match decoder.fill(rest) {
                Ok(taken) if taken > 0 => rest = &rest[taken..],
                _ => break,
            }
        }
        if decoder.decode_frame(&mut pcm).is_ok() {
            let size = decoder.decoded_frame_size().min(pcm.len());
            // Before the decoder has seen SBR data it may put out the core rate's half frame: silence.
            if size == n {
                out.extend_from_slice(&pcm[..size]);
            }
        }
        out.resize(start + n, 0);
    }
}

/// The delay, in samples, from an encoder's input to what a decoder of its frames puts out (from the
/// first frame): measured once per codec by encoding a chirp and finding the shift at which the decoded
/// signal matches it best.
pub fn delay(codec: Codec) -> Option<usize> {
    static DELAYS: OnceLock<HashMap<Codec, Option<usize>>> = OnceLock::new();
    *DELAYS
        .get_or_init(|| {
            [Codec::Mp3, Codec::AacHe, Codec::AacPlus]
                .into_iter()
                .map(|codec| (codec, measure_delay(codec)))
                .collect()
        })
        .get(&codec)?
}

fn measure_delay(codec: Codec) -> Option<usize> {
    const LEN: usize = 3 * SAMPLE_RATE as usize;
    const MAX_LAG: usize = 24_576;
    const WINDOW: usize = 4_096;
    // A chirp from 200 Hz to 3 kHz: inside every codec's coded band (HE-AAC codes the band above
    // about 5 kHz parametrically, not as a waveform) and like itself at no shift but one. Periodic
    // test signals and broadband noise both mislead the search by whole frames.
    let rate = f64::from(SAMPLE_RATE);
    let chirp: Vec<f64> = (0..LEN)
        .map(|i| {
            let t = i as f64 / rate;
            (std::f64::consts::TAU * (200.0 * t + 0.5 * 933.0 * t * t)).sin() * 8_000.0
        })
        .collect();
    let pcm = Pcm {
        sample_rate: SAMPLE_RATE,
        channels: 2,
        samples: chirp.iter().flat_map(|v| [*v as i16, *v as i16]).collect(),
    };
    let encoded = library::encode_rendition(&pcm, codec).ok()?;
    let frames: Vec<Bytes> = scan(codec, &encoded)
        .iter()
        .map(|f| Bytes::copy_from_slice(&encoded[f.offset..f.offset + f.len]))
        .collect();
    let decoded: Vec<f64> = decode(codec, &frames)
        .iter()
        .step_by(2)
        .map(|s| f64::from(*s))
        .collect();
    let from = SAMPLE_RATE as usize;
    let reference = &chirp[from..from + WINDOW];
    (0..MAX_LAG)
        .filter_map(|lag| {
            let got = decoded.get(from + lag..from + lag + WINDOW)?;
            let error: f64 = reference.iter().zip(got).map(|(r, g)| (g - r) * (g - r)).sum();
            Some((lag, error))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(lag, _)| lag)
}

/// `main_data_begin` of an MPEG-1 Layer III frame without CRC: how many bytes of the frames before it
/// its data starts in.
fn main_data_begin(frame: &[u8]) -> Option<usize> {
    side_info_len(frame)?;
    Some((usize::from(frame[4]) << 1) | usize::from(frame[5] >> 7))
}

/// The side information's length (17 bytes mono, 32 stereo) of an MPEG-1 Layer III frame without CRC
/// at 44.1 kHz; `None` for any other frame.
fn side_info_len(frame: &[u8]) -> Option<usize> {
    let header = frame.get(..4)?;
    let mpeg1_layer3_no_crc = header[0] == 0xFF && header[1] == 0xFB;
    let rate_44100 = (header[2] >> 2) & 0b11 == 0;
    if !mpeg1_layer3_no_crc || !rate_44100 {
        return None;
    }
    let side = if header[3] >> 6 == 0b11 { 17 } else { 32 };
    (frame.len() >= 4 + side).then_some(side)
}

/// The last `len` bytes of the frames' main data (each frame's bytes after its side information),
/// which a following frame with `main_data_begin == len` starts its data in.
fn reservoir(frames: &[&[u8]], len: usize) -> Option<Vec<u8>> {
    let mut bytes: Vec<u8> = Vec::with_capacity(len);
    for frame in frames.iter().rev() {
        if bytes.len() >= len {
            break;
        }
        let data = &frame[4 + side_info_len(frame)?..];
        let take = (len - bytes.len()).min(data.len());
        bytes.splice(0..0, data[data.len() - take..].iter().copied());
    }
    (bytes.len() == len).then_some(bytes)
}

/// `frame` rewritten at 320 kbit/s with `tail` at the end of its main data: the frame decodes as
/// before (its own data comes first) and the next frame finds `tail` as its reservoir.
fn bridge(frame: &[u8], tail: &[u8]) -> Option<Vec<u8>> {
    // 144 × 320,000 / 44,100 bytes, without the padding byte.
    const LEN: usize = 1044;
    const BITRATE_320: u8 = 14;
    let side = side_info_len(frame)?;
    let data = &frame[4 + side..];
    if 4 + side + data.len() + tail.len() > LEN {
        return None;
    }
    let mut out = vec![0u8; LEN];
    out[..4 + side].copy_from_slice(&frame[..4 + side]);
    // Bitrate index 14, padding bit cleared; the sample rate and private bit kept.
    out[2] = (BITRATE_320 << 4) | (frame[2] & 0b0000_1101);
    out[4 + side..4 + side + data.len()].copy_from_slice(data);
    out[LEN - tail.len()..].copy_from_slice(tail);
    Some(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

    use std::sync::Arc;

    use super::*;
    use crate::radio::library::{Entry, Origin, TrackMeta};

    fn tone(hz: f64, seconds: f64, amplitude: f64) -> Pcm {
        let len = (seconds * f64::from(SAMPLE_RATE)) as usize;
        let samples = (0..len)
            .flat_map(|i| {
                let t = i as f64 / f64::from(SAMPLE_RATE);
                let s = ((t * hz * std::f64::consts::TAU).sin() * amplitude * 32767.0) as i16;
                [s, s]
            })
            .collect();
        Pcm {
            sample_rate: SAMPLE_RATE,
            channels: 2,
            samples,
        }
    }

    /// A song of `pcm` prepared in `codecs`, as the playout holds one.
    pub(super) fn song(key: &str, pcm: &Pcm, codecs: &[Codec]) -> Prepared {
        let renditions = codecs
            .iter()
            .map(|&codec| {
                let data = library::encode_rendition(pcm, codec).unwrap();
                (codec, Rendition::parse(codec, Bytes::from(data)))
            })
            .collect();
        Prepared {
            entry: Arc::new(Entry {
                key: key.to_owned(),
                meta: TrackMeta {
                    song: key.to_owned(),
                    artist: String::new(),
                    artist_slug: String::new(),
                    music_slug: String::new(),
                    album: String::new(),
                    year: None,
                    cover_large: String::new(),
                    cover_small: String::new(),
                    meta_type: onda_shared::live::MetaType::Music,
                },
                origin: Origin::Demo {
                    files: HashMap::new(),
                },
            }),
            renditions,
        }
    }

    fn track(codec: Codec, pcm: &Pcm) -> Prepared {
        song("", pcm, &[codec])
    }

    fn frames_of(rendition: &Rendition, range: std::ops::Range<usize>) -> Vec<Bytes> {
        range.map(|i| rendition.frame_bytes(i).unwrap()).collect()
    }

    /// The stream as a listener receives it across a crossfade: `a` up to the cut (its last frame
    /// replaced), the blend, then `b` after the blend.
    fn spliced(a: &Rendition, b: &Rendition, joint: &Joint) -> Vec<Bytes> {
        let mut stream = frames_of(a, 0..joint.cut);
        if let Some(last) = &joint.last {
            *stream.last_mut().unwrap() = last.clone();
        }
        let blend = joint.blend.frames.len();
        stream.extend(frames_of(&joint.blend, 0..blend));
        stream.extend(frames_of(b, blend..b.frames.len()));
        stream
    }

    fn rms(samples: &[i16]) -> f64 {
        let left: Vec<f64> = samples.chunks_exact(2).map(|s| f64::from(s[0])).collect();
        (left.iter().map(|v| v * v).sum::<f64>() / left.len().max(1) as f64).sqrt()
    }

    /// Signal-to-difference ratio of `got` against `want`, in dB.
    fn snr(got: &[i16], want: &[i16]) -> f64 {
        let (mut signal, mut noise) = (0.0, 0.0);
        for (g, w) in got.iter().zip(want) {
            signal += f64::from(*w).powi(2);
            noise += (f64::from(*g) - f64::from(*w)).powi(2);
        }
        10.0 * (signal / noise.max(1.0)).log10()
    }

    /// Power of `hz` in `samples` (left channel), by Goertzel, normalised per sample.
    fn power_at(samples: &[i16], hz: f64) -> f64 {
        let w = std::f64::consts::TAU * hz / f64::from(SAMPLE_RATE);
        let (mut s1, mut s2) = (0.0, 0.0);
        let left: Vec<f64> = samples.chunks_exact(2).map(|s| f64::from(s[0])).collect();
        for x in &left {
            let s0 = x + 2.0 * w.cos() * s1 - s2;
            s2 = s1;
            s1 = s0;
        }
        let power = s1 * s1 + s2 * s2 - 2.0 * w.cos() * s1 * s2;
        power / (left.len() as f64).powi(2)
    }

    #[test]
    fn the_encoders_delays_are_measured() {
        let mp3 = delay(Codec::Mp3).unwrap();
        // LAME's 576 samples plus the decoder's 529.
        assert_eq!(mp3, 1105);
        for codec in [Codec::AacHe, Codec::AacPlus] {
            let aac = delay(codec).unwrap();
            println!("{codec:?}: {aac} samples");
            assert!((2048..20_000).contains(&aac), "{codec:?}: {aac}");
        }
    }

    /// Two tones crossfaded on every codec: the stream keeps its frames, runs the overlap shorter, has
    /// no gap or click at either join (the audio there matches each song decoded alone), and carries
    /// both tones in the middle of the overlap.
    #[test]
    fn a_crossfade_joins_two_songs_without_a_gap() {
        for codec in [Codec::Mp3, Codec::AacHe, Codec::AacPlus] {
            let n = frame_samples(codec) * 2;
            let a = track(codec, &tone(440.0, 8.0, 0.3));
            let b = track(codec, &tone(660.0, 8.0, 0.3));
            let overlap = Overlaps::default().frames(codec, 2_000_000);
            let splice = plan(&a, &b, &[(codec, overlap)].into()).unwrap();
            let joint = &splice.joints[&codec];
            let (ra, rb) = (&a.renditions[&codec], &b.renditions[&codec]);
            assert_eq!(joint.cut, ra.frames.len() - overlap);
            assert_eq!(joint.blend.frames.len(), overlap);
            if codec == Codec::Mp3 {
                // Every byte of the rewritten frames is part of a frame.
                let blend = frames_of(&joint.blend, 0..overlap).concat();
                assert_eq!(frames::mp3_frames(&blend).len(), overlap);
            }

            let stream = spliced(ra, rb, joint);
            assert_eq!(
                stream.len(),
                ra.frames.len() + rb.frames.len() - overlap,
                "{codec:?}"
            );
            let heard = decode(codec, &stream);
            let alone_a = decode(codec, &frames_of(ra, 0..ra.frames.len()));
            let alone_b = decode(codec, &frames_of(rb, 0..rb.frames.len()));

            // The overlap is the two songs mixed, as each decodes alone.
            let join = joint.cut * n;
            let resume = join + overlap * n;
            let ideal: Vec<i16> = mix(&alone_a[join..join + overlap * n], &alone_b[..overlap * n]).collect();
            let blend = snr(&heard[join..resume], &ideal);
            // Out of the blend: song B exactly as it plays alone.
            let ms = |ms: usize| ms * 441 / 10 * 2;
            let got = &heard[resume..resume + ms(120)];
            let want = &alone_b[overlap * n..overlap * n + ms(120)];
            let out_of = snr(got, want);
            println!("{codec:?}: {overlap} frames; SNR of the blend {blend:.1} dB, after it {out_of:.1} dB");
            assert!(
                blend > 15.0 && out_of > 15.0,
                "{codec:?}: {blend:.1} dB, {out_of:.1} dB"
            );

            // No gap anywhere across the overlap: every 10 ms keeps most of one tone's level.
            let level = rms(&alone_a[ms(1000)..ms(2000)]);
            for window in heard[join - ms(200)..resume + ms(200)].chunks(ms(10)) {
                assert!(
                    rms(window) > level * 0.6,
                    "{codec:?}: a dip to {:.0} of {level:.0}",
                    rms(window)
                );
            }
            // Half-way, both songs sound, at about equal strength.
            let middle = &heard[join + overlap * n / 2 - ms(100)..join + overlap * n / 2 + ms(100)];
            let (p440, p660) = (power_at(middle, 440.0), power_at(middle, 660.0));
            assert!(
                p440 > 0.0 && (p440 / p660).log10().abs() < 0.5,
                "{codec:?}: {p440} {p660}"
            );
        }
    }

    #[test]
    fn overlaps_keep_every_codec_to_the_same_length() {
        let mut overlaps = Overlaps::default();
        let (mut mp3_us, mut aac_us) = (0u64, 0u64);
        for _ in 0..1000 {
            let mp3 = overlaps.frames(Codec::Mp3, 2_000_000);
            overlaps.aired(Codec::Mp3, 2_000_000, mp3);
            mp3_us += mp3 as u64 * frame_us(Codec::Mp3);
            let aac = overlaps.frames(Codec::AacHe, 2_000_000);
            overlaps.aired(Codec::AacHe, 2_000_000, aac);
            aac_us += aac as u64 * frame_us(Codec::AacHe);
        }
        // A thousand crossfades later, within one frame of each other and of 2,000 s.
        assert!(mp3_us.abs_diff(2_000_000_000) <= frame_us(Codec::Mp3));
        assert!(aac_us.abs_diff(2_000_000_000) <= frame_us(Codec::AacHe));
    }

    #[test]
    fn a_frame_without_room_for_the_reservoir_is_not_bridged() {
        // A 320 kbit/s frame is already full.
        let mut frame = vec![0u8; 1044];
        frame[..4].copy_from_slice(&[0xFF, 0xFB, 0xE0, 0x00]);
        assert!(bridge(&frame, &[1; 100]).is_none());
        // A 128 kbit/s frame takes 511 bytes of reservoir at its end.
        let mut frame = vec![7u8; 417];
        frame[..4].copy_from_slice(&[0xFF, 0xFB, 0x90, 0x00]);
        let bridged = bridge(&frame, &[1; 511]).unwrap();
        assert_eq!(bridged.len(), 1044);
        assert_eq!(frames::mp3_frames(&bridged).len(), 1);
        assert!(bridged.ends_with(&[1; 511]) && bridged[36..417] == frame[36..]);
        // CRC-protected frames (0xFA) and other rates are left alone.
        frame[1] = 0xFA;
        assert!(bridge(&frame, &[1; 10]).is_none());
    }
}

#[cfg(test)]
mod bench {
    #![allow(clippy::unwrap_used, clippy::print_stdout)]

    use std::time::Instant;

    use super::*;
    use crate::radio::synth::{Style, render_song};

    /// bench/loudness.sh: what one crossfade between two four-minute songs costs on each codec, in one
    /// core's seconds. Figures, run in release: `cargo test --release -p onda-server --lib
    /// radio::crossfade::bench -- --ignored --nocapture`.
    #[test]
    #[ignore = "a benchmark: prints figures"]
    fn bench_a_crossfade() {
        let started = Instant::now();
        for codec in [Codec::Mp3, Codec::AacHe, Codec::AacPlus] {
            delay(codec);
        }
        println!(
            "encoder delays measured (once per process): {:.3} s",
            started.elapsed().as_secs_f64()
        );
        let all = [Codec::Mp3, Codec::AacHe, Codec::AacPlus];
        let song = |seed: &str| super::tests::song(seed, &render_song(seed, Style::Pop, 240.0), &all);
        let (a, b) = (song("bench-crossfade-a"), song("bench-crossfade-b"));
        let overlaps = Overlaps::default();
        for codec in [Codec::Mp3, Codec::AacHe, Codec::AacPlus] {
            let frames = [(codec, overlaps.frames(codec, 2_000_000))].into();
            let started = Instant::now();
            plan(&a, &b, &frames).unwrap();
            println!(
                "a 2 s crossfade on {codec:?}: {:.3} s",
                started.elapsed().as_secs_f64()
            );
        }
    }
}
