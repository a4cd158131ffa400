//! Encoders from PCM to the stream codecs: MP3 (LAME) and HE-AAC v1/v2 in ADTS (FDK AAC).
//!
//! The output is raw frames meant to be concatenated into a live stream, so it carries no ID3 tag and
//! no Xing/LAME info frame (a player would take one for the start of a new file), and the encoder is
//! flushed so the last notes of a track are not lost. Mono input is duplicated to stereo: every
//! mount is stereo and HE-AAC v2's parametric stereo needs two channels.

use std::{borrow::Cow, num::NonZeroU32};

use fdk_aac::enc as fdk;
use mp3lame_encoder as lame;

use super::synth::{Pcm, SAMPLE_RATE};

/// The two HE-AAC flavours the AAC mounts carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AacProfile {
    /// HE-AAC v1 (AOT 5): AAC-LC at half the rate plus spectral band replication ('AAC-HE').
    HeV1,
    /// HE-AAC v2 (AOT 29): v1 plus parametric stereo, for the lowest bitrates ('AAC+').
    HeV2,
}

#[derive(Debug, thiserror::Error)]
pub enum EncodeError {
    #[error("unsupported PCM: {0}")]
    UnsupportedPcm(&'static str),
    #[error("{0} kbps is not an MP3 bitrate")]
    Mp3Bitrate(u32),
    #[error("the MP3 encoder could not be allocated")]
    Mp3Alloc,
    #[error("MP3 encoder setup: {0}")]
    Mp3Setup(lame::BuildError),
    #[error("MP3 encoding: {0}")]
    Mp3(lame::EncodeError),
    #[error("AAC encoding: {0}")]
    Aac(fdk::EncoderError),
    #[error("the AAC encoder did not take a whole frame")]
    AacStalled,
}

impl From<lame::BuildError> for EncodeError {
    fn from(err: lame::BuildError) -> Self {
        Self::Mp3Setup(err)
    }
}

impl From<lame::EncodeError> for EncodeError {
    fn from(err: lame::EncodeError) -> Self {
        Self::Mp3(err)
    }
}

impl From<fdk::EncoderError> for EncodeError {
    fn from(err: fdk::EncoderError) -> Self {
        Self::Aac(err)
    }
}

/// Encodes to constant-bitrate joint-stereo MP3 at 44.1 kHz (LAME resamples other input rates, so
/// every track of a stream shares one rate).
///
/// LAME delays the audio by 1105 samples (its 576-sample encoder delay plus the decoder's 529) and pads
/// the last frame with silence; without the info frame nothing tells a decoder to trim either, which is
/// what a live stream wants anyway.
pub fn encode_mp3(pcm: &Pcm, kbps: u32) -> Result<Vec<u8>, EncodeError> {
    let samples = stereo(pcm)?;
    if samples.is_empty() {
        return Ok(Vec::new());
    }
    let mut builder = lame::Builder::new().ok_or(EncodeError::Mp3Alloc)?;
    builder.set_num_channels(2)?;
    builder.set_sample_rate(pcm.sample_rate)?;
    builder.set_output_sample_rate(NonZeroU32::new(SAMPLE_RATE))?;
    builder.set_brate(mp3_bitrate(kbps)?)?;
    builder.set_mode(lame::Mode::JointStereo)?;
    builder.set_vbr_mode(lame::VbrMode::Off)?;
    // -q 5: LAME's own speed/quality default; lower settings cost twice the time for little at 128k.
    builder.set_quality(lame::Quality::Good)?;
    // The info frame would be a bogus first frame in the middle of a stream.
    builder.set_to_write_vbr_tag(false)?;
    let mut encoder = builder.build()?;

    // Feeding a second at a time keeps the worst-case output reservation small.
    let chunk = 2 * SAMPLE_RATE as usize;
    let mut out = Vec::with_capacity(samples.len() / 8);
    for piece in samples.chunks(chunk) {
        out.reserve(lame::max_required_buffer_size(piece.len() / 2));
        encoder.encode_to_vec(lame::InterleavedPcm(piece), &mut out)?;
    }
    // The plain flush pads the last frame with silence and empties the encoder's delay line; the
    // "no gap" flush would keep the tail for a next file that never comes.
    out.reserve(7200);
    encoder.flush_to_vec::<lame::FlushGap>(&mut out)?;
    Ok(out)
}

/// Encodes to HE-AAC v1 or v2 in ADTS at the input's sample rate (44.1 kHz for everything the station
/// renders), constant bitrate.
///
/// Each ADTS frame holds 1024 core samples at half the rate, i.e. 2048 output samples. The encoder
/// delays the audio by a few thousand samples (FDK's `nDelay`, SBR included) and the tail is padded with
/// silence up to a whole frame.
pub fn encode_aac(pcm: &Pcm, profile: AacProfile, kbps: u32) -> Result<Vec<u8>, EncodeError> {
    let samples = stereo(pcm)?;
    if samples.is_empty() {
        return Ok(Vec::new());
    }
    let encoder = fdk::Encoder::new(fdk::EncoderParams {
        bit_rate: fdk::BitRate::Cbr(kbps.saturating_mul(1000)),
        sample_rate: pcm.sample_rate,
        transport: fdk::Transport::Adts,
        channels: fdk::ChannelMode::Stereo,
        audio_object_type: match profile {
            AacProfile::HeV1 => fdk::AudioObjectType::Mpeg4HeAac,
            AacProfile::HeV2 => fdk::AudioObjectType::Mpeg4HeAacV2,
        },
    })?;
    let info = encoder.info()?;
    let frame_len = usize::try_from(info.frameLength).unwrap_or(0).max(1);
    let delay = usize::try_from(info.nDelay).unwrap_or(0);
    let mut buffer = vec![0u8; usize::try_from(info.maxOutBufBytes).unwrap_or(0).max(8192)];
    let mut out = Vec::with_capacity(samples.len() / 16);

    // FDK flushes only when told `numInSamples = -1`, which the crate cannot express (an empty slice is
    // 0, "wait for more"). Silence does the same: the delay line empties once `nDelay` zeros have
    // followed the audio, and the last frame is completed with zeros.
    //
    // Every call hands over exactly one frame (`frameLength` samples per channel). FDK mis-places a
    // call's samples when the previous call left a partial frame in its input buffer with HE-AAC v2
    // (it divides the offset by the core's single channel): valgrind shows heap writes past the buffer
    // and the process dies. Whole frames per call never leave one.
    let frames_fed = samples.len() / 2;
    let complete = (frame_len - frames_fed % frame_len) % frame_len;
    let zeros = complete + delay.div_ceil(frame_len) * frame_len;
    let mut input = Vec::with_capacity(samples.len() + zeros * 2);
    input.extend_from_slice(&samples);
    input.resize(samples.len() + zeros * 2, 0);
    for frame in input.chunks(frame_len * 2) {
        let step = encoder.encode(frame, &mut buffer)?;
        if step.input_consumed != frame.len() {
            return Err(EncodeError::AacStalled);
        }
        out.extend_from_slice(buffer.get(..step.output_size).ok_or(EncodeError::AacStalled)?);
    }
    Ok(out)
}

/// Interleaved stereo samples of `pcm`: borrowed when already stereo, duplicated from mono.
fn stereo(pcm: &Pcm) -> Result<Cow<'_, [i16]>, EncodeError> {
    if pcm.sample_rate == 0 {
        return Err(EncodeError::UnsupportedPcm("sample rate 0"));
    }
    match pcm.channels {
        1 => Ok(Cow::Owned(pcm.samples.iter().flat_map(|&s| [s, s]).collect())),
        2 => {
            // A dangling half frame would shift the channels of everything after it.
            let whole = pcm.samples.len() & !1;
            Ok(Cow::Borrowed(pcm.samples.get(..whole).unwrap_or_default()))
        }
        _ => Err(EncodeError::UnsupportedPcm("only mono and stereo are encoded")),
    }
}

fn mp3_bitrate(kbps: u32) -> Result<lame::Bitrate, EncodeError> {
    use lame::Bitrate::*;
    Ok(match kbps {
        32 => Kbps32,
        40 => Kbps40,
        48 => Kbps48,
        64 => Kbps64,
        80 => Kbps80,
        96 => Kbps96,
        112 => Kbps112,
        128 => Kbps128,
        160 => Kbps160,
        192 => Kbps192,
        224 => Kbps224,
        256 => Kbps256,
        320 => Kbps320,
        other => return Err(EncodeError::Mp3Bitrate(other)),
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stdout)]

    use std::{io::Cursor, time::Instant};

    use symphonia::core::{
        codecs::audio::AudioDecoderOptions,
        formats::{FormatOptions, TrackType, probe::Hint},
        io::MediaSourceStream,
        meta::MetadataOptions,
    };

    use super::*;
    use crate::radio::{
        frames::{adts_frames, mp3_frames},
        synth::{Style, render_song},
    };

    fn five_seconds() -> Pcm {
        render_song("encode-test", Style::Pop, 5.0)
    }

    /// Decodes MP3 bytes with symphonia into interleaved f32 samples and the channel count.
    fn decode_mp3(data: Vec<u8>) -> (Vec<f32>, usize) {
        let stream = MediaSourceStream::new(Box::new(Cursor::new(data)), Default::default());
        let mut hint = Hint::new();
        hint.with_extension("mp3");
        let mut format = symphonia::default::get_probe()
            .probe(
                &hint,
                stream,
                FormatOptions::default(),
                MetadataOptions::default(),
            )
            .unwrap();
        let track = format.default_track(TrackType::Audio).unwrap();
        let params = track.codec_params.as_ref().unwrap().audio().unwrap().clone();
        let track_id = track.id;
        let mut decoder = symphonia::default::get_codecs()
            .make_audio_decoder(&params, &AudioDecoderOptions::default())
            .unwrap();
        let (mut samples, mut channels, mut chunk) = (Vec::new(), 0, Vec::<f32>::new());
        while let Ok(Some(packet)) = format.next_packet() {
            if packet.track_id != track_id {
                continue;
            }
            let decoded = decoder.decode(&packet).unwrap();
            channels = decoded.spec().channels().count();
            chunk.clear();
            decoded.copy_to_vec_interleaved(&mut chunk);
            samples.extend_from_slice(&chunk);
        }
        (samples, channels)
    }

    #[test]
    fn mp3_round_trip_keeps_duration_and_sound() {
        let pcm = five_seconds();
        let started = Instant::now();
        let mp3 = encode_mp3(&pcm, 128).unwrap();
        let elapsed = started.elapsed();
        println!("encode_mp3 128k: 5 s of audio in {elapsed:?}");

        // Raw frames only: no ID3 tag, no info frame, no ID3v1 trailer.
        assert_eq!(&mp3[..2], &[0xFF, 0xFB]);
        // The Xing/Info tag would sit 36 bytes into the first frame (MPEG-1 stereo); LAME's version string
        // may still appear in frames' ancillary bits, which players ignore.
        assert!(&mp3[36..40] != b"Xing" && &mp3[36..40] != b"Info");
        assert!(!mp3.starts_with(b"ID3") && !mp3[mp3.len() - 128..].starts_with(b"TAG"));

        let frames = mp3_frames(&mp3);
        let last = frames.last().unwrap();
        assert_eq!(last.offset + last.len, mp3.len(), "every byte belongs to a frame");
        assert!(
            frames
                .iter()
                .all(|f| f.sample_rate == 44_100 && f.samples == 1152)
        );
        // 128 kbps CBR at 44.1 kHz: 417 or 418 bytes.
        assert!(frames.iter().all(|f| f.len == 417 || f.len == 418));
        let total_us: u64 = frames.iter().map(|f| f.duration_us()).sum();
        let frame_us = frames[0].duration_us();
        // The flush adds the encoder delay and pads the last frame: at most one frame past the audio
        // plus the delay, and never short of it.
        let expected = 5_000_000 + 1105 * 1_000_000 / 44_100;
        assert!(
            total_us + frame_us >= expected && total_us <= expected + frame_us,
            "{total_us} µs"
        );

        let (decoded, channels) = decode_mp3(mp3);
        assert_eq!(channels, 2);
        let secs = decoded.len() as f64 / 2.0 / 44_100.0;
        assert!((5.0..5.2).contains(&secs), "decoded {secs} s");
        // Music, not silence, in every half second of the five.
        for (i, window) in decoded.chunks(44_100).take(10).enumerate() {
            let rms = (window.iter().map(|s| s * s).sum::<f32>() / window.len() as f32).sqrt();
            assert!(rms > 0.01, "window {i} is silent: rms {rms}");
        }
    }

    #[test]
    fn mp3_of_mono_and_other_rates_is_44k_stereo() {
        let mono = Pcm {
            sample_rate: 48_000,
            channels: 1,
            samples: (0..48_000)
                .map(|i| ((i as f32 * 0.05).sin() * 8000.0) as i16)
                .collect(),
        };
        let frames = mp3_frames(&encode_mp3(&mono, 64).unwrap());
        assert!(frames.iter().all(|f| f.sample_rate == 44_100));
        let secs: u64 = frames.iter().map(|f| f.duration_us()).sum();
        assert!((1_000_000..1_100_000).contains(&secs), "{secs}");
        assert!(matches!(
            encode_mp3(&mono, 100),
            Err(EncodeError::Mp3Bitrate(100))
        ));
        let empty = Pcm {
            samples: Vec::new(),
            ..mono
        };
        assert!(encode_mp3(&empty, 128).unwrap().is_empty());
    }

    #[test]
    fn mp3_files_concatenate_and_tolerate_tags() {
        let a = encode_mp3(&render_song("a", Style::Rock, 1.0), 128).unwrap();
        let b = encode_mp3(&render_song("b", Style::Dance, 1.0), 128).unwrap();
        let (fa, fb) = (mp3_frames(&a).len(), mp3_frames(&b).len());
        let joined = [a.clone(), b.clone()].concat();
        assert_eq!(mp3_frames(&joined).len(), fa + fb);

        // An ID3v2 tag in front (with a fake frame header in its body), and an ID3v1 tag at the end.
        let mut tagged = b"ID3\x03\x00\x00\x00\x00\x02\x00".to_vec();
        let mut body = vec![0u8; 256];
        body[10..14].copy_from_slice(&[0xFF, 0xFB, 0x90, 0x64]);
        tagged.extend(body);
        tagged.extend(&a);
        tagged.extend(b"TAG");
        tagged.extend([b' '; 125]);
        let frames = mp3_frames(&tagged);
        assert_eq!(frames.len(), fa);
        assert_eq!(frames[0].offset, 266);

        // Cut in the middle of a frame: the partial frame goes, the others stay.
        let cut = &a[..a.len() - 200];
        assert_eq!(mp3_frames(cut).len(), fa - 1);
    }

    #[test]
    fn aac_both_profiles_frame_to_five_seconds() {
        let pcm = five_seconds();
        for (profile, kbps) in [(AacProfile::HeV1, 64), (AacProfile::HeV2, 32)] {
            let started = Instant::now();
            let aac = encode_aac(&pcm, profile, kbps).unwrap();
            println!(
                "encode_aac {profile:?} {kbps}k: 5 s of audio in {:?}",
                started.elapsed()
            );
            let frames = adts_frames(&aac);
            let last = frames.last().unwrap();
            assert_eq!(last.offset + last.len, aac.len(), "every byte belongs to a frame");
            for frame in &frames {
                assert_eq!(aac[frame.offset], 0xFF);
                assert_eq!(aac[frame.offset + 1] & 0xF0, 0xF0);
                // The core runs at half of 44.1 kHz.
                assert_eq!((frame.samples, frame.sample_rate), (1024, 22_050));
            }
            let frame_us = frames[0].duration_us();
            let total_us: u64 = frames.iter().map(|f| f.duration_us()).sum();
            // The flush appends the encoder delay (FDK: about 3.5 frames for v1, 4.5 for v2 with PS).
            assert!(
                total_us >= 5_000_000 && total_us - 5_000_000 <= 5 * frame_us,
                "{profile:?}: {total_us} µs in {} frames",
                frames.len()
            );
            // The bitrate is what was asked for, give or take the silent frames of the flush.
            let kbps_measured = aac.len() as f64 * 8.0 / (total_us as f64 / 1e6) / 1000.0;
            assert!(
                kbps_measured > kbps as f64 * 0.6 && kbps_measured < kbps as f64 * 1.1,
                "{kbps_measured}"
            );
        }
    }

    #[test]
    fn aac_files_concatenate() {
        let one = encode_aac(&render_song("c", Style::Mpb, 1.0), AacProfile::HeV1, 64).unwrap();
        let n = adts_frames(&one).len();
        let joined = [one.clone(), one.clone(), one].concat();
        assert_eq!(adts_frames(&joined).len(), 3 * n);
    }

    #[test]
    fn unsupported_pcm_is_an_error_not_a_panic() {
        let bad = Pcm {
            sample_rate: 44_100,
            channels: 6,
            samples: vec![0; 600],
        };
        assert!(matches!(
            encode_mp3(&bad, 128),
            Err(EncodeError::UnsupportedPcm(_))
        ));
        assert!(matches!(
            encode_aac(&bad, AacProfile::HeV1, 64),
            Err(EncodeError::UnsupportedPcm(_))
        ));
        let zero_rate = Pcm {
            sample_rate: 0,
            channels: 2,
            samples: vec![0; 600],
        };
        assert!(encode_aac(&zero_rate, AacProfile::HeV2, 32).is_err());
        let odd_rate = Pcm {
            sample_rate: 1234,
            channels: 2,
            samples: vec![0; 6000],
        };
        assert!(encode_aac(&odd_rate, AacProfile::HeV1, 64).is_err());
    }
}
