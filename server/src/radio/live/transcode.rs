//! What a studio sends, made into every mount of its channel: the input is split into whole frames;
//! frames of the mount's own codec pass through untouched, and the rest is decoded once to PCM and
//! encoded in real time for the channel's other codecs (MP3 by LAME, HE-AAC v1 and v2 by FDK AAC, with
//! the autoDJ's settings, so a listener's decoder sees the same stream format whoever is on air).
//!
//! MP3 input is decoded by symphonia, AAC input (LC or HE, in ADTS) by FDK AAC, which alone decodes
//! HE-AAC's spectral band replication. Nothing here trusts the input: junk between frames is skipped by
//! the frame parser, a frame that does not decode is dropped, and no input makes it panic.

use std::collections::HashMap;

use bytes::{Bytes, BytesMut};
use fdk_aac::{dec as fdk_dec, enc as fdk};
use mp3lame_encoder as lame;
use symphonia::core::{
    codecs::audio::{AudioCodecParameters, AudioDecoder, AudioDecoderOptions, well_known::CODEC_ID_MP3},
    packet::Packet,
    units::{Duration as Ticks, Timestamp},
};

use super::super::{frames, mount::Codec, synth::SAMPLE_RATE};

/// Bytes of input without a single frame after which the rest is dropped (a source sending junk
/// never grows memory); the next valid frame starts again.
const MAX_UNFRAMED: usize = 64 * 1024;

/// One frame ready for a mount, with how long it plays.
#[derive(Debug, Clone)]
pub struct LiveFrame {
    pub data: Bytes,
    pub duration_us: u64,
}

/// What one push produced.
#[derive(Debug, Default)]
pub struct Output {
    pub frames: HashMap<Codec, Vec<LiveFrame>>,
    /// A title the source carried in the stream (an ID3v2 tag between frames), the latest one.
    pub title: Option<String>,
}

/// Splits a byte stream into whole frames of one codec, keeping an incomplete tail for the next push.
pub struct FrameSplitter {
    codec: Codec,
    buffer: BytesMut,
}

impl FrameSplitter {
    pub fn new(codec: Codec) -> Self {
        Self {
            codec,
            buffer: BytesMut::new(),
        }
    }

    /// The whole frames now available, and any ID3v2 title found between them.
    pub fn push(&mut self, data: &[u8]) -> (Vec<(Bytes, frames::Frame)>, Option<String>) {
        self.buffer.extend_from_slice(data);
        let found = match self.codec {
            Codec::Mp3 => frames::mp3_frames(&self.buffer),
            Codec::AacHe | Codec::AacPlus => frames::adts_frames(&self.buffer),
        };
        let Some(last) = found.last() else {
            if self.buffer.len() > MAX_UNFRAMED {
                // Keep the last bytes: they may be the start of a frame.
                let keep = self.buffer.split_off(self.buffer.len() - 8);
                self.buffer = keep;
            }
            return (Vec::new(), None);
        };
        let mut title = None;
        let mut gap_start = 0;
        for frame in &found {
            if frame.offset > gap_start
                && let Some(found_title) = id3_title(&self.buffer[gap_start..frame.offset])
            {
                title = Some(found_title);
            }
            gap_start = frame.offset + frame.len;
        }
        let end = last.offset + last.len;
        let data = self.buffer.split_to(end).freeze();
        let out = found
            .into_iter()
            .map(|frame| (data.slice(frame.offset..frame.offset + frame.len), frame))
            .collect();
        (out, title)
    }
}

/// Turns a source's bytes into frames for every codec of the channel.
pub struct Transcoder {
    input: Codec,
    splitter: FrameSplitter,
    decoder: Decoder,
    /// Encoders for the codecs the input is not, made on the first decoded audio (its rate and
    /// channels known).
    encoders: Vec<(Codec, Encoder, FrameSplitter)>,
    wanted: Vec<Codec>,
    /// The rate the encoders were made for; a change of rate in the input makes them anew.
    encoder_rate: u32,
    /// MP3 input passes through only at the autoDJ's rate: at another, a listener's decoder would
    /// meet a change of rate mid-stream, so it is encoded again (LAME resamples).
    passthrough: bool,
    pcm: Vec<i16>,
}

impl Transcoder {
    /// `input` is the codec the source sends; `outputs` every codec of the channel.
    pub fn new(input: Codec, outputs: &[Codec]) -> Self {
        Self {
            input,
            splitter: FrameSplitter::new(input),
            decoder: Decoder::new(input),
            encoders: Vec::new(),
            wanted: outputs.to_vec(),
            encoder_rate: 0,
            passthrough: true,
            pcm: Vec::new(),
        }
    }

    pub fn push(&mut self, data: &[u8]) -> Output {
        let mut output = Output::default();
        let (frames, title) = self.splitter.push(data);
        output.title = title;
        let needs_decoding = self.wanted.iter().any(|codec| !self.passes_through(*codec))
            || (self.input == Codec::Mp3 && self.wanted.contains(&Codec::Mp3));
        for (bytes, frame) in frames {
            if self.input == Codec::Mp3 {
                self.passthrough = frame.sample_rate == SAMPLE_RATE;
            }
            if self.wanted.contains(&self.input) && self.passes_through(self.input) {
                output.frames.entry(self.input).or_default().push(LiveFrame {
                    data: bytes.clone(),
                    duration_us: frame.duration_us(),
                });
            }
            if !needs_decoding {
                continue;
            }
            self.pcm.clear();
            let Some(rate) = self.decoder.decode(&bytes, &mut self.pcm) else {
                continue;
            };
            if rate != self.encoder_rate {
                self.make_encoders(rate);
            }
            for (codec, encoder, splitter) in &mut self.encoders {
                if *codec == self.input && self.passthrough {
                    continue;
                }
                let encoded = encoder.encode(&self.pcm);
                let (frames, _) = splitter.push(&encoded);
                output
                    .frames
                    .entry(*codec)
                    .or_default()
                    .extend(frames.into_iter().map(|(data, frame)| LiveFrame {
                        duration_us: frame.duration_us(),
                        data,
                    }));
            }
        }
        output
    }

    fn passes_through(&self, codec: Codec) -> bool {
        codec == self.input && (self.input != Codec::Mp3 || self.passthrough)
    }

    fn make_encoders(&mut self, rate: u32) {
        self.encoder_rate = rate;
        self.encoders = self
            .wanted
            .iter()
            .filter(|codec| **codec != self.input || self.input == Codec::Mp3)
            .filter_map(|&codec| match Encoder::new(codec, rate) {
                Ok(encoder) => Some((codec, encoder, FrameSplitter::new(codec))),
                Err(err) => {
                    tracing::warn!(?codec, rate, error = %err, "live encoder unavailable");
                    None
                }
            })
            .collect();
    }
}

/// Decodes one frame at a time to interleaved 16-bit stereo.
enum Decoder {
    Mp3(Option<Box<dyn AudioDecoder>>),
    Aac(Box<fdk_dec::Decoder>),
}

impl Decoder {
    fn new(input: Codec) -> Self {
        match input {
            Codec::Mp3 => {
                let mut params = AudioCodecParameters::new();
                params.for_codec(CODEC_ID_MP3);
                let decoder = symphonia::default::get_codecs()
                    .make_audio_decoder(&params, &AudioDecoderOptions::default())
                    .map_err(|err| tracing::warn!(error = %err, "MP3 decoder unavailable"))
                    .ok();
                Self::Mp3(decoder)
            }
            Codec::AacHe | Codec::AacPlus => {
                let mut decoder = fdk_dec::Decoder::new(fdk_dec::Transport::Adts);
                // Parametric stereo decodes to two channels, mono is duplicated below.
                let _ = decoder.set_max_output_channels(2);
                Self::Aac(Box::new(decoder))
            }
        }
    }

    /// Appends the frame's audio as stereo to `pcm`; its sample rate, or `None` when nothing decoded.
    fn decode(&mut self, frame: &[u8], pcm: &mut Vec<i16>) -> Option<u32> {
        match self {
            Self::Mp3(decoder) => {
                let decoder = decoder.as_mut()?;
                let packet = Packet::new(0, Timestamp::ZERO, Ticks::from(1152u64), frame.to_vec());
                let decoded = decoder.decode(&packet).ok()?;
                let rate = decoded.spec().rate();
                let channels = decoded.spec().channels().count().max(1);
                let mut interleaved: Vec<i16> = Vec::with_capacity(decoded.frames() * channels);
                decoded.copy_to_vec_interleaved(&mut interleaved);
                to_stereo(&interleaved, channels, pcm);
                Some(rate)
            }
            Self::Aac(decoder) => {
                decoder.fill(frame).ok()?;
                let mut buffer = vec![0i16; 2048 * 8];
                let mut rate = None;
                while decoder.decode_frame(&mut buffer).is_ok() {
                    let info = decoder.stream_info();
                    let channels = usize::try_from(info.numChannels).unwrap_or(0).max(1);
                    let samples = usize::try_from(info.frameSize).unwrap_or(0) * channels;
                    rate = u32::try_from(info.sampleRate).ok().filter(|rate| *rate > 0);
                    to_stereo(&buffer[..samples.min(buffer.len())], channels, pcm);
                }
                rate
            }
        }
    }
}

fn to_stereo(interleaved: &[i16], channels: usize, pcm: &mut Vec<i16>) {
    match channels {
        1 => pcm.extend(interleaved.iter().flat_map(|&sample| [sample, sample])),
        2 => pcm.extend_from_slice(interleaved),
        n => pcm.extend(interleaved.chunks_exact(n).flat_map(|frame| [frame[0], frame[1]])),
    }
}

/// A streaming encoder with the autoDJ's settings (`encode`), fed any amount of stereo PCM.
enum Encoder {
    Mp3(Box<lame::Encoder>),
    Aac {
        encoder: Box<fdk::Encoder>,
        /// Samples per channel FDK takes per call: whole frames only (see `encode::encode_aac`).
        frame_len: usize,
        pending: Vec<i16>,
        buffer: Vec<u8>,
    },
}

impl Encoder {
    fn new(codec: Codec, rate: u32) -> Result<Self, String> {
        match codec {
            Codec::Mp3 => {
                let mut builder = lame::Builder::new().ok_or("LAME not allocated")?;
                builder.set_num_channels(2).map_err(|err| err.to_string())?;
                builder.set_sample_rate(rate).map_err(|err| err.to_string())?;
                builder
                    .set_output_sample_rate(std::num::NonZeroU32::new(SAMPLE_RATE))
                    .map_err(|err| err.to_string())?;
                builder
                    .set_brate(lame::Bitrate::Kbps128)
                    .map_err(|err| err.to_string())?;
                builder
                    .set_mode(lame::Mode::JointStereo)
                    .map_err(|err| err.to_string())?;
                builder
                    .set_vbr_mode(lame::VbrMode::Off)
                    .map_err(|err| err.to_string())?;
                builder
                    .set_quality(lame::Quality::Good)
                    .map_err(|err| err.to_string())?;
                builder
                    .set_to_write_vbr_tag(false)
                    .map_err(|err| err.to_string())?;
                Ok(Self::Mp3(Box::new(
                    builder.build().map_err(|err| err.to_string())?,
                )))
            }
            Codec::AacHe | Codec::AacPlus => {
                let encoder = fdk::Encoder::new(fdk::EncoderParams {
                    bit_rate: fdk::BitRate::Cbr(codec.kbps() * 1000),
                    sample_rate: rate,
                    transport: fdk::Transport::Adts,
                    channels: fdk::ChannelMode::Stereo,
                    audio_object_type: if codec == Codec::AacPlus {
                        fdk::AudioObjectType::Mpeg4HeAacV2
                    } else {
                        fdk::AudioObjectType::Mpeg4HeAac
                    },
                })
                .map_err(|err| err.to_string())?;
                let info = encoder.info().map_err(|err| err.to_string())?;
                Ok(Self::Aac {
                    frame_len: usize::try_from(info.frameLength).unwrap_or(1024).max(1),
                    buffer: vec![0; usize::try_from(info.maxOutBufBytes).unwrap_or(0).max(8192)],
                    encoder: Box::new(encoder),
                    pending: Vec::new(),
                })
            }
        }
    }

    /// Encodes `pcm` (interleaved stereo); returns whatever whole or partial frames came out.
    fn encode(&mut self, pcm: &[i16]) -> Vec<u8> {
        let mut out = Vec::new();
        match self {
            Self::Mp3(encoder) => {
                out.reserve(lame::max_required_buffer_size(pcm.len() / 2));
                if let Err(err) = encoder.encode_to_vec(lame::InterleavedPcm(pcm), &mut out) {
                    tracing::debug!(error = %err, "live MP3 encoding failed");
                }
            }
            Self::Aac {
                encoder,
                frame_len,
                pending,
                buffer,
            } => {
                pending.extend_from_slice(pcm);
                let whole = *frame_len * 2;
                let mut used = 0;
                while pending.len() - used >= whole {
                    match encoder.encode(&pending[used..used + whole], buffer) {
                        Ok(step) if step.input_consumed == whole => {
                            out.extend_from_slice(&buffer[..step.output_size.min(buffer.len())]);
                        }
                        Ok(_) | Err(_) => {
                            tracing::debug!("live AAC encoding failed");
                        }
                    }
                    used += whole;
                }
                pending.drain(..used);
            }
        }
        out
    }
}

/// The 'Artist - Title' of an ID3v2 tag somewhere in `gap` (TPE1 and TIT2), as an encoder writes one
/// into a stream on a song change. Only text frames are read; anything malformed gives `None`.
fn id3_title(gap: &[u8]) -> Option<String> {
    let start = gap.windows(3).position(|window| window == b"ID3")?;
    let tag = &gap[start..];
    let header = tag.get(..10)?;
    let version = header[3];
    if !(3..=4).contains(&version) {
        return None;
    }
    let size = syncsafe(&header[6..10])?;
    let body = tag.get(10..10 + size).unwrap_or(&tag[10..]);
    let (mut artist, mut title) = (None, None);
    let mut pos = 0;
    while let Some(frame_header) = body.get(pos..pos + 10) {
        let id = &frame_header[..4];
        if id[0] == 0 {
            break;
        }
        let len = if version == 4 {
            syncsafe(&frame_header[4..8])?
        } else {
            usize::try_from(u32::from_be_bytes(frame_header[4..8].try_into().ok()?)).ok()?
        };
        let content = body.get(pos + 10..pos + 10 + len)?;
        match id {
            b"TIT2" => title = id3_text(content),
            b"TPE1" => artist = id3_text(content),
            _ => {}
        }
        pos += 10 + len;
    }
    let title = title.filter(|title| !title.is_empty())?;
    Some(match artist.filter(|artist| !artist.is_empty()) {
        Some(artist) => format!("{artist} - {title}"),
        None => title,
    })
}

fn syncsafe(bytes: &[u8]) -> Option<usize> {
    if bytes.iter().any(|byte| byte & 0x80 != 0) {
        return None;
    }
    Some(
        bytes
            .iter()
            .fold(0usize, |size, &byte| (size << 7) | usize::from(byte)),
    )
}

/// An ID3v2 text frame's content: an encoding byte, then the text (NUL-terminated lists keep the first).
fn id3_text(content: &[u8]) -> Option<String> {
    let (&encoding, text) = content.split_first()?;
    let decoded = match encoding {
        0 => text.iter().map(|&byte| char::from(byte)).collect(),
        3 => String::from_utf8_lossy(text).into_owned(),
        1 | 2 => {
            let (big_endian, text) = match text {
                [0xFE, 0xFF, rest @ ..] => (true, rest),
                [0xFF, 0xFE, rest @ ..] => (false, rest),
                rest => (encoding == 2, rest),
            };
            let units: Vec<u16> = text
                .chunks_exact(2)
                .map(|pair| {
                    if big_endian {
                        u16::from_be_bytes([pair[0], pair[1]])
                    } else {
                        u16::from_le_bytes([pair[0], pair[1]])
                    }
                })
                .collect();
            String::from_utf16_lossy(&units)
        }
        _ => return None,
    };
    let first = decoded.split('\0').next().unwrap_or_default().trim();
    Some(first.chars().take(200).collect())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::radio::{encode, synth};

    fn tone_mp3(seconds: f32) -> Vec<u8> {
        let pcm = synth::render_commercial("live", seconds);
        encode::encode_mp3(&pcm, 128).unwrap()
    }

    fn id3(artist: &str, title: &str) -> Vec<u8> {
        let mut body = Vec::new();
        for (id, text) in [(b"TPE1", artist), (b"TIT2", title)] {
            body.extend_from_slice(id);
            body.extend_from_slice(&u32::try_from(text.len() + 1).unwrap().to_be_bytes());
            body.extend_from_slice(&[0, 0, 3]);
            body.extend_from_slice(text.as_bytes());
        }
        let size = body.len();
        let mut tag = b"ID3\x03\x00\x00".to_vec();
        tag.extend(
            (0..4)
                .rev()
                .map(|shift| u8::try_from((size >> (7 * shift)) & 0x7F).unwrap()),
        );
        tag.extend_from_slice(&body);
        tag
    }

    #[test]
    fn mp3_input_passes_through_and_becomes_he_aac_in_real_time_sized_frames() {
        let input = tone_mp3(4.0);
        let mut transcoder = Transcoder::new(Codec::Mp3, &[Codec::Mp3, Codec::AacHe, Codec::AacPlus]);
        let mut totals: HashMap<Codec, u64> = HashMap::new();
        let mut passed = Vec::new();
        // In odd-sized pieces, as a socket delivers them.
        for piece in input.chunks(1234) {
            let out = transcoder.push(piece);
            for (codec, frames) in out.frames {
                for frame in frames {
                    *totals.entry(codec).or_default() += frame.duration_us;
                    if codec == Codec::Mp3 {
                        passed.extend_from_slice(&frame.data);
                    }
                }
            }
        }
        // The MP3 is the input's own frames, byte for byte (all but the last, held for its successor).
        assert!(input.starts_with(&passed) && passed.len() > input.len() * 9 / 10);
        let mp3 = totals[&Codec::Mp3];
        for codec in [Codec::AacHe, Codec::AacPlus] {
            let aac = totals[&codec];
            // The encoders' delay keeps the last fraction of a second inside them.
            assert!(
                aac > mp3 - 600_000 && aac <= mp3 + 100_000,
                "{codec:?}: {aac} µs against {mp3}"
            );
        }
    }

    #[test]
    fn aac_input_becomes_mp3() {
        let pcm = synth::render_commercial("live-aac", 3.0);
        let input = encode::encode_aac(&pcm, encode::AacProfile::HeV1, 64).unwrap();
        let mut transcoder = Transcoder::new(Codec::AacHe, &[Codec::Mp3, Codec::AacHe]);
        let mut mp3 = 0;
        let mut aac = 0;
        for piece in input.chunks(999) {
            let out = transcoder.push(piece);
            mp3 += out.frames.get(&Codec::Mp3).map_or(0, |frames| {
                frames.iter().map(|frame| frame.duration_us).sum::<u64>()
            });
            aac += out.frames.get(&Codec::AacHe).map_or(0, |frames| {
                frames.iter().map(|frame| frame.duration_us).sum::<u64>()
            });
        }
        assert!(aac > 2_500_000, "{aac}");
        assert!(mp3 > 2_000_000, "{mp3}");
    }

    #[test]
    fn junk_is_survived_and_titles_in_the_stream_are_read() {
        let mut transcoder = Transcoder::new(Codec::Mp3, &[Codec::Mp3, Codec::AacHe]);
        let junk: Vec<u8> = (0..200_000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        let out = transcoder.push(&junk);
        assert!(out.frames.values().all(Vec::is_empty));
        let mut stream = id3("Banda", "Canção");
        stream.extend_from_slice(&tone_mp3(1.0));
        let mut title = None;
        let mut audio = 0;
        for piece in stream.chunks(700) {
            let out = transcoder.push(piece);
            title = title.or(out.title);
            audio += out.frames.get(&Codec::Mp3).map_or(0, Vec::len);
        }
        assert_eq!(title.as_deref(), Some("Banda - Canção"));
        assert!(audio > 30);
    }
}
