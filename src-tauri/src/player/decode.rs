//! Decoding a live byte stream with symphonia into interleaved f32 samples.

use std::io::Read;

use symphonia::core::{
    codecs::audio::AudioDecoderOptions,
    errors::Error as SymphoniaError,
    formats::{FormatOptions, TrackType, probe::Hint},
    io::{MediaSourceStream, ReadOnlySource},
    meta::MetadataOptions,
};

use super::output::Format;

/// Decodes `reader` until it ends, an unrecoverable error, or `sink` returns false. Malformed
/// packets are skipped (a live stream joined mid-frame starts with some), as symphonia advises.
pub fn decode(
    reader: impl Read + Send + Sync + 'static,
    content_type: Option<&str>,
    mut sink: impl FnMut(Format, &[f32]) -> bool,
) -> Result<(), String> {
    let stream = MediaSourceStream::new(Box::new(ReadOnlySource::new(reader)), Default::default());
    let mut hint = Hint::new();
    match content_type.map(|t| t.split(';').next().unwrap_or("").trim()) {
        Some("audio/aac" | "audio/aacp" | "audio/x-aac") => hint.with_extension("aac"),
        _ => hint.with_extension("mp3"),
    };
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
    let params = track
        .codec_params
        .as_ref()
        .and_then(|params| params.audio())
        .ok_or("no audio codec parameters")?
        .clone();
    let mut decoder = symphonia::default::get_codecs()
        .make_audio_decoder(&params, &AudioDecoderOptions::default())
        .map_err(|error| format!("codec: {error}"))?;
    let mut samples = Vec::<f32>::new();
    loop {
        let packet = match format.next_packet() {
            Ok(Some(packet)) => packet,
            Ok(None) => return Ok(()),
            Err(SymphoniaError::IoError(error)) if error.kind() == std::io::ErrorKind::UnexpectedEof => {
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
        if !sink(format_now, &samples) {
            return Ok(());
        }
    }
}
