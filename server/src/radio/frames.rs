//! Splits encoded audio into frames, so the playout can publish it at the pace of real time.
//!
//! A live stream is paced by frame durations, not byte counts: each frame is an independently decodable
//! unit (an MPEG audio frame, an ADTS frame) with a known number of samples. These parsers also read
//! arbitrary user MP3 files, so they trust nothing: a header is accepted only when the next frame also
//! starts with a valid header (or the data ends exactly there), which rejects the false syncs that
//! tags, album art and garbage are full of; anything that does not parse is skipped byte by byte, and
//! a truncated tail is dropped. No input makes them panic.

/// One frame of encoded audio inside a buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    /// Where the frame (header included) starts in the buffer.
    pub offset: usize,
    /// Its length in bytes, header included.
    pub len: usize,
    /// How many samples per channel it decodes to, at `sample_rate`.
    pub samples: u32,
    pub sample_rate: u32,
}

impl Frame {
    /// How long the frame plays, rounded to the nearest microsecond.
    pub fn duration_us(&self) -> u64 {
        let rate = u64::from(self.sample_rate);
        if rate == 0 {
            return 0;
        }
        (u64::from(self.samples) * 1_000_000 + rate / 2) / rate
    }
}

/// The frames of an MPEG-1/2/2.5 Layer III stream (a whole `.mp3` file or a part of a stream).
///
/// A leading (or embedded) ID3v2 tag is skipped, as is anything that is not a frame. A Xing, Info or
/// VBRI frame carries no audio (only seek tables and encoder details) and is left out.
pub fn mp3_frames(data: &[u8]) -> Vec<Frame> {
    scan(data, MP3_HEADER_LEN, |bytes| {
        let header = Mp3Header::parse(bytes)?;
        Some(Parsed {
            len: header.len,
            samples: header.samples,
            sample_rate: header.sample_rate,
            audio: !header.is_info_frame(bytes),
        })
    })
}

/// The frames of an ADTS stream (AAC-LC, HE-AAC v1 and v2).
///
/// For HE-AAC the ADTS header carries the core rate, half the output rate, and SBR doubles the samples
/// on decoding: 1024 core samples per raw data block at the header's rate give the right duration either
/// way, so that is what `samples` and `sample_rate` report.
pub fn adts_frames(data: &[u8]) -> Vec<Frame> {
    scan(data, ADTS_HEADER_LEN, |bytes| {
        let header = AdtsHeader::parse(bytes)?;
        Some(Parsed {
            len: header.len,
            samples: header.samples,
            sample_rate: header.sample_rate,
            audio: true,
        })
    })
}

const MP3_HEADER_LEN: usize = 4;
const ADTS_HEADER_LEN: usize = 7;

/// What a format's header parser reports about the frame starting at a position.
struct Parsed {
    len: usize,
    samples: u32,
    sample_rate: u32,
    /// False for a frame that decodes to nothing (an MP3 Xing/Info/VBRI frame).
    audio: bool,
}

/// The frame walk shared by both formats. `parse` reads a header at the start of its slice; it only
/// looks at the header (and, for MP3, at the first bytes of the frame) and needs at least `min_header`
/// bytes.
fn scan(data: &[u8], min_header: usize, parse: impl Fn(&[u8]) -> Option<Parsed>) -> Vec<Frame> {
    let mut frames = Vec::new();
    let mut pos = 0;
    while let Some(rest) = data.get(pos..) {
        if rest.len() < min_header {
            break;
        }
        if let Some(tag_len) = id3v2_len(rest) {
            pos = pos.saturating_add(tag_len);
            continue;
        }
        let Some(frame) = parse(rest) else {
            pos += 1;
            continue;
        };
        // A frame claims its own length; believe it only when it is whole and another frame (or the
        // end of the data, or a trailing tag) follows exactly there.
        let end = pos.saturating_add(frame.len);
        let confirmed = match data.get(end..) {
            None => false,
            Some(next) => next.is_empty() || is_trailer(next, min_header) || parse(next).is_some(),
        };
        if !confirmed {
            pos += 1;
            continue;
        }
        if frame.audio {
            frames.push(Frame {
                offset: pos,
                len: frame.len,
                samples: frame.samples,
                sample_rate: frame.sample_rate,
            });
        }
        pos = end;
    }
    frames
}

/// Whether what follows a frame is something a file may legitimately end with (or the next file of a
/// concatenation may start with): an ID3 or APE tag, or a last header cut short.
fn is_trailer(next: &[u8], min_header: usize) -> bool {
    next.starts_with(b"TAG")
        || next.starts_with(b"APETAGEX")
        || id3v2_len(next).is_some()
        || (next.len() < min_header && next.first() == Some(&0xFF))
}

/// The total length of an ID3v2 tag starting at `data`: the 10-byte header, the syncsafe size and
/// the optional footer.
fn id3v2_len(data: &[u8]) -> Option<usize> {
    let header = data.get(..10)?;
    if &header[..3] != b"ID3" || header[3] == 0xFF || header[4] == 0xFF {
        return None;
    }
    let size = &header[6..10];
    if size.iter().any(|byte| byte & 0x80 != 0) {
        return None;
    }
    let body = size
        .iter()
        .fold(0usize, |acc, &byte| (acc << 7) | usize::from(byte));
    let footer = if header[5] & 0x10 != 0 { 10 } else { 0 };
    Some(10 + body + footer)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MpegVersion {
    V1,
    V2,
    V25,
}

struct Mp3Header {
    version: MpegVersion,
    mono: bool,
    crc: bool,
    len: usize,
    samples: u32,
    sample_rate: u32,
}

impl Mp3Header {
    /// Kilobits per second by bitrate index: MPEG-1 Layer III, then MPEG-2 and 2.5 Layer III. Index 0
    /// (free format) has no computable frame length and 15 is invalid.
    const BITRATES: [[u32; 16]; 2] = [
        [
            0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0,
        ],
        [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0],
    ];

    fn parse(bytes: &[u8]) -> Option<Self> {
        let &[b0, b1, b2, b3, ..] = bytes else {
            return None;
        };
        if b0 != 0xFF || b1 & 0xE0 != 0xE0 {
            return None;
        }
        let version = match (b1 >> 3) & 0b11 {
            0b00 => MpegVersion::V25,
            0b10 => MpegVersion::V2,
            0b11 => MpegVersion::V1,
            _ => return None,
        };
        // Layer III only: the stream codec; Layer I/II files are not music libraries' business.
        if (b1 >> 1) & 0b11 != 0b01 {
            return None;
        }
        let crc = b1 & 1 == 0;
        let kbps = Self::BITRATES[usize::from(version != MpegVersion::V1)][usize::from(b2 >> 4)];
        let rate_index = usize::from((b2 >> 2) & 0b11);
        let base_rate = [44_100, 48_000, 32_000].get(rate_index).copied()?;
        // Emphasis 0b10 is reserved: real encoders never write it, so it marks a false sync.
        if kbps == 0 || b3 & 0b11 == 0b10 {
            return None;
        }
        let (sample_rate, samples, coefficient) = match version {
            MpegVersion::V1 => (base_rate, 1152, 144),
            MpegVersion::V2 => (base_rate / 2, 576, 72),
            MpegVersion::V25 => (base_rate / 4, 576, 72),
        };
        let padding = u32::from((b2 >> 1) & 1);
        let len = coefficient * kbps * 1000 / sample_rate + padding;
        Some(Self {
            version,
            mono: b3 >> 6 == 0b11,
            crc,
            len: usize::try_from(len).ok()?,
            samples,
            sample_rate,
        })
    }

    /// A Xing or Info frame (LAME, most encoders) has its tag right after the side information; a
    /// VBRI frame (Fraunhofer) 32 bytes after the header.
    fn is_info_frame(&self, frame: &[u8]) -> bool {
        let side_info = match (self.version, self.mono) {
            (MpegVersion::V1, false) => 32,
            (MpegVersion::V1, true) | (_, false) => 17,
            (_, true) => 9,
        };
        let at = MP3_HEADER_LEN + if self.crc { 2 } else { 0 } + side_info;
        matches!(frame.get(at..at + 4), Some(b"Xing" | b"Info")) || matches!(frame.get(36..40), Some(b"VBRI"))
    }
}

struct AdtsHeader {
    len: usize,
    samples: u32,
    sample_rate: u32,
}

impl AdtsHeader {
    const RATES: [u32; 13] = [
        96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000, 7_350,
    ];

    fn parse(bytes: &[u8]) -> Option<Self> {
        let &[b0, b1, b2, b3, b4, b5, b6, ..] = bytes else {
            return None;
        };
        // Sync 0xFFF, then the MPEG version bit (either), and a layer that is always 0.
        if b0 != 0xFF || b1 & 0xF6 != 0xF0 {
            return None;
        }
        let protection_absent = b1 & 1 == 1;
        let sample_rate = Self::RATES.get(usize::from((b2 >> 2) & 0x0F)).copied()?;
        let len = (usize::from(b3 & 0b11) << 11) | (usize::from(b4) << 3) | usize::from(b5 >> 5);
        let header_len = if protection_absent { 7 } else { 9 };
        if len <= header_len {
            return None;
        }
        let blocks = u32::from(b6 & 0b11) + 1;
        Some(Self {
            len,
            samples: 1024 * blocks,
            sample_rate,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An MPEG-1 Layer III frame header: 128 kbps, 44.1 kHz, joint stereo, no CRC.
    fn mp3_frame(padding: bool, fill: u8) -> Vec<u8> {
        let b2 = 0x90 | if padding { 0x02 } else { 0 };
        let len = 417 + usize::from(padding);
        let mut frame = vec![fill; len];
        frame[..4].copy_from_slice(&[0xFF, 0xFB, b2, 0x64]);
        frame
    }

    /// An ADTS header for one raw block of `payload` bytes at 22.05 kHz (HE-AAC's core rate), stereo.
    fn adts_frame(payload: usize, fill: u8) -> Vec<u8> {
        let len = 7 + payload;
        let mut frame = vec![fill; len];
        frame[..7].copy_from_slice(&[
            0xFF,
            0xF1,
            (1 << 6) | (7 << 2),
            (2 << 6) | ((len >> 11) as u8 & 0b11),
            (len >> 3) as u8,
            ((len as u8 & 0b111) << 5) | 0x1F,
            0xFC,
        ]);
        frame
    }

    /// Deterministic pseudo-random bytes (xorshift), so a failing case can be reproduced.
    fn noise(len: usize, seed: u64) -> Vec<u8> {
        let mut x = seed | 1;
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 24) as u8
            })
            .collect()
    }

    #[test]
    fn mp3_frames_follow_lengths_with_padding() {
        let mut data = Vec::new();
        for i in 0..10 {
            data.extend(mp3_frame(i % 3 == 0, 0x55));
        }
        let frames = mp3_frames(&data);
        assert_eq!(frames.len(), 10);
        assert_eq!(frames[0].len, 418);
        assert_eq!(frames[1].offset, 418);
        assert_eq!(frames[1].len, 417);
        assert!(
            frames
                .iter()
                .all(|f| f.samples == 1152 && f.sample_rate == 44_100)
        );
        assert_eq!(frames[0].duration_us(), 26_122);
        let last = frames[9];
        assert_eq!(last.offset + last.len, data.len());
    }

    #[test]
    fn mp3_id3v2_tag_and_leading_garbage_are_skipped() {
        // A tag whose body contains what looks like a frame header, then garbage with a false sync.
        let mut data = b"ID3\x04\x00\x00\x00\x00\x00\x20".to_vec();
        let mut body = vec![0u8; 32];
        body[4..8].copy_from_slice(&[0xFF, 0xFB, 0x90, 0x64]);
        data.extend(body);
        data.extend([0x00, 0xFF, 0xFB, 0x90, 0x64, 0x12, 0x34]);
        let start = data.len();
        for _ in 0..4 {
            data.extend(mp3_frame(false, 0));
        }
        data.extend(b"TAG");
        data.extend([0u8; 125]);
        let frames = mp3_frames(&data);
        assert_eq!(frames.len(), 4);
        assert_eq!(frames[0].offset, start);
    }

    #[test]
    fn mp3_info_frame_is_left_out() {
        let mut info = mp3_frame(false, 0);
        // Stereo MPEG-1 without CRC: the tag follows 32 bytes of side information.
        info[36..40].copy_from_slice(b"Info");
        let mut data = info;
        data.extend(mp3_frame(false, 0));
        data.extend(mp3_frame(false, 0));
        let frames = mp3_frames(&data);
        assert_eq!(frames.len(), 2);
        assert_eq!(frames[0].offset, 417);
    }

    #[test]
    fn mpeg2_and_crc_headers_parse() {
        // MPEG-2 Layer III, 64 kbps, 22.05 kHz, with CRC: 72 * 64000 / 22050 = 208 bytes.
        let mut frame = vec![0u8; 208];
        frame[..4].copy_from_slice(&[0xFF, 0xF2, 0x80, 0xC4]);
        let data = [frame.clone(), frame.clone(), frame].concat();
        let frames = mp3_frames(&data);
        assert_eq!(frames.len(), 3);
        assert!(
            frames
                .iter()
                .all(|f| f.samples == 576 && f.sample_rate == 22_050 && f.len == 208)
        );
    }

    #[test]
    fn a_truncated_tail_is_dropped() {
        let mut data = Vec::new();
        for _ in 0..5 {
            data.extend(mp3_frame(false, 0x11));
        }
        data.truncate(data.len() - 100);
        assert_eq!(mp3_frames(&data).len(), 4);

        let mut data = Vec::new();
        for _ in 0..5 {
            data.extend(adts_frame(300, 0x11));
        }
        data.truncate(data.len() - 3);
        assert_eq!(adts_frames(&data).len(), 4);
        // A header cut in the middle is no frame either, and the frame before it still counts.
        data.truncate(307 * 4 + 3);
        assert_eq!(adts_frames(&data).len(), 4);
    }

    #[test]
    fn adts_frames_report_core_samples_at_the_header_rate() {
        let mut data = Vec::new();
        for i in 0..6 {
            data.extend(adts_frame(100 + i * 7, 0x42));
        }
        let frames = adts_frames(&data);
        assert_eq!(frames.len(), 6);
        assert!(
            frames
                .iter()
                .all(|f| f.samples == 1024 && f.sample_rate == 22_050)
        );
        // 1024 samples at 22.05 kHz: the 2048 output samples of HE-AAC at 44.1 kHz.
        assert_eq!(frames[0].duration_us(), 46_440);
        assert_eq!(frames[5].offset + frames[5].len, data.len());
    }

    #[test]
    fn adts_garbage_between_frames_is_skipped() {
        let mut data = noise(50, 7);
        data.extend(adts_frame(200, 0));
        data.extend(adts_frame(200, 0));
        data.extend([0xFF, 0xF1, 0x00]);
        data.extend(adts_frame(200, 0));
        let frames = adts_frames(&data);
        assert_eq!(frames.len(), 3);
        assert_eq!(frames[0].offset, 50);
    }

    #[test]
    fn random_and_hostile_bytes_never_panic() {
        for seed in 1..400u64 {
            let len = (seed as usize * 37) % 5000;
            let mut data = noise(len, seed);
            // Sprinkle sync words and tag magic so the header paths are exercised, not just skipped.
            for (i, chunk) in data.chunks_mut(97).enumerate() {
                match (i + seed as usize) % 5 {
                    0 if chunk.len() >= 4 => chunk[..4].copy_from_slice(&[0xFF, 0xFB, 0x90, 0x64]),
                    1 if chunk.len() >= 2 => chunk[..2].copy_from_slice(&[0xFF, 0xF1]),
                    2 if chunk.len() >= 10 => chunk[..10].copy_from_slice(b"ID3\x03\x00\x10\x7F\x7F\x7F\x7F"),
                    _ => {}
                }
            }
            for frame in mp3_frames(&data).into_iter().chain(adts_frames(&data)) {
                assert!(frame.offset + frame.len <= data.len());
                assert!(frame.duration_us() > 0);
            }
        }
        for len in 0..12 {
            let data = vec![0xFF; len];
            let _ = mp3_frames(&data);
            let _ = adts_frames(&data);
        }
    }
}
