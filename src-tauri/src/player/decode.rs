//! Decoding with symphonia into interleaved f32 samples: a live byte stream (read once, front to
//! back) or a downloaded file (with a duration, and seekable).

use std::io::Read;

use symphonia::core::{
    codecs::audio::AudioDecoderOptions,
    errors::Error as SymphoniaError,
    formats::{FormatOptions, SeekMode, SeekTo, TrackType, probe::Hint},
    io::{MediaSource, MediaSourceStream, ReadOnlySource},
    meta::MetadataOptions,
    units::{Time, Timestamp},
};

use super::output::Format;

/// What the decoding loop reports to, and asks of, its caller.
pub trait Hooks {
    /// Decoded audio; returning false stops the decoding.
    fn samples(&mut self, format: Format, samples: &[f32]) -> bool;

    /// The source's length in seconds, when the container tells it (once, before any audio).
    fn duration(&mut self, _seconds: Option<f64>) {}

    /// A position (seconds) to seek to before the next packet, if the listener asked for one.
    fn seek_request(&mut self) -> Option<f64> {
        None
    }

    /// A seek happened: the next samples are from `seconds`.
    fn seeked(&mut self, _seconds: f64) {}

    /// The source was decoded to its end: true to go on (a seek was asked since), false to stop.
    fn at_end(&mut self) -> bool {
        false
    }
}

/// A live stream: decodes `reader` until it ends, an unrecoverable error, or `sink` returns false.
pub fn decode(
    reader: impl Read + Send + Sync + 'static,
    content_type: Option<&str>,
    sink: impl FnMut(Format, &[f32]) -> bool,
) -> Result<(), String> {
    struct Sink<F>(F);
    impl<F: FnMut(Format, &[f32]) -> bool> Hooks for Sink<F> {
        fn samples(&mut self, format: Format, samples: &[f32]) -> bool {
            (self.0)(format, samples)
        }
    }
    decode_source(
        Box::new(ReadOnlySource::new(reader)),
        content_type,
        None,
        &mut Sink(sink),
    )
}

/// Decodes `source` (a live stream or a seekable file) until it ends, an unrecoverable error, or the
/// hooks stop it. Malformed packets are skipped (a live stream joined mid-frame starts with some), as
/// symphonia advises. `extension` (of the URL) helps when the content type is missing or generic.
pub fn decode_source(
    source: Box<dyn MediaSource>,
    content_type: Option<&str>,
    extension: Option<&str>,
    hooks: &mut impl Hooks,
) -> Result<(), String> {
    let stream = MediaSourceStream::new(source, Default::default());
    let mut hint = Hint::new();
    let aac = matches!(
        content_type.map(|t| t.split(';').next().unwrap_or("").trim()),
        Some("audio/aac" | "audio/aacp" | "audio/x-aac")
    );
    hint.with_extension(if aac { "aac" } else { extension.unwrap_or("mp3") });
    if let Some(mime) = content_type {
        hint.mime_type(mime);
    }
    let mut format = symphonia::default::get_probe()
        .probe(
            &hint,
            stream,
            FormatOptions::default(),
            MetadataOptions::default(),
        )
        .map_err(|error| format!("probe: {error}"))?;
    let track = format.default_track(TrackType::Audio).ok_or("no audio track")?;
    let track_id = track.id;
    let time_base = track.time_base;
    let params = track
        .codec_params
        .as_ref()
        .and_then(|params| params.audio())
        .ok_or("no audio codec parameters")?
        .clone();
    let duration = match (track.num_frames, params.sample_rate) {
        (Some(frames), Some(rate)) if rate > 0 => Some(frames as f64 / f64::from(rate)),
        _ => time_base
            .zip(track.duration)
            .and_then(|(base, duration)| base.calc_duration(duration))
            .map(|time| time.as_secs_f64()),
    };
    hooks.duration(duration.filter(|seconds| seconds.is_finite() && *seconds > 0.0));
    let mut decoder = symphonia::default::get_codecs()
        .make_audio_decoder(&params, &AudioDecoderOptions::default())
        .map_err(|error| format!("codec: {error}"))?;
    let mut samples = Vec::<f32>::new();
    // After a seek, packets before the asked position (the seek lands on the frame before it).
    let mut skip_before: Option<Timestamp> = None;
    loop {
        if let Some(seconds) = hooks.seek_request() {
            let time = Time::try_from_secs_f64(seconds.max(0.0)).unwrap_or(Time::ZERO);
            match format.seek(
                SeekMode::Accurate,
                SeekTo::Time {
                    time,
                    track_id: Some(track_id),
                },
            ) {
                Ok(seeked) => {
                    decoder.reset();
                    skip_before = Some(seeked.required_ts);
                    let at = time_base
                        .and_then(|base| base.calc_time(seeked.required_ts))
                        .map_or(seconds, |time| time.as_secs_f64());
                    hooks.seeked(at);
                }
                // Past the end, or a file that cannot seek there: the position stays as it is.
                Err(error) => tracing::info!(%error, seconds, "seek refused"),
            }
        }
        let packet = match format.next_packet() {
            Ok(Some(packet)) => packet,
            Ok(None) => {
                if hooks.at_end() {
                    continue;
                }
                return Ok(());
            }
            Err(SymphoniaError::IoError(error)) if error.kind() == std::io::ErrorKind::UnexpectedEof => {
                if hooks.at_end() {
                    continue;
                }
                return Ok(());
            }
            Err(SymphoniaError::DecodeError(_)) => continue,
            Err(SymphoniaError::ResetRequired) => {
                decoder.reset();
                continue;
            }
            Err(error) => return Err(format!("demux: {error}")),
        };
        if packet.track_id != track_id {
            continue;
        }
        let decoded = match decoder.decode(&packet) {
            Ok(decoded) => decoded,
            Err(SymphoniaError::DecodeError(_)) => continue,
            Err(error) => return Err(format!("decode: {error}")),
        };
        if let Some(required) = skip_before {
            if packet
                .pts
                .get()
                .saturating_add(i64::try_from(packet.dur.get()).unwrap_or(i64::MAX))
                <= required.get()
            {
                continue;
            }
            skip_before = None;
        }
        let spec = decoded.spec();
        let channels = u16::try_from(spec.channels().count()).unwrap_or(2);
        let format_now = Format {
            rate: spec.rate(),
            channels,
        };
        samples.clear();
        decoded.copy_to_vec_interleaved(&mut samples);
        if samples.is_empty() {
            continue;
        }
        if !hooks.samples(format_now, &samples) {
            return Ok(());
        }
    }
}
