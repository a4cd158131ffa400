//! HLS packed audio: each segment is raw audio frames (MP3 or ADTS) behind an ID3v2 tag that carries
//! the segment's start time and the title on air. The server writes the tag (`radio/hls.rs`); the
//! server's recorder and the desktop player take it off again, since strung-together segments must
//! be one continuous run of frames for a decoder that reads a plain stream, and the desktop player
//! reads the title to show what was on air at the moment it plays.

/// A segment's audio without the ID3v2 tag in front of it (the segment itself when it has none).
/// The tag's size is the header's four syncsafe bytes (seven bits each); a footer flag adds the
/// ten-byte footer. A tag that claims more than the segment holds leaves nothing.
pub fn without_id3(segment: &[u8]) -> &[u8] {
    if segment.len() < 10 || !segment.starts_with(b"ID3") {
        return segment;
    }
    let size = segment[6..10]
        .iter()
        .fold(0usize, |size, byte| (size << 7) | usize::from(byte & 0x7f));
    let footer = if segment[5] & 0x10 != 0 { 10 } else { 0 };
    segment.get(10 + size + footer..).unwrap_or_default()
}

/// The title (`TIT2`) of a segment's ID3v2.3 or v2.4 tag: what was on air as it began (a segment
/// ends where the title changes, so it holds one). Text in ISO-8859-1 or UTF-8; `None` without a
/// tag, without the frame, or in an encoding this does not read.
pub fn id3_title(segment: &[u8]) -> Option<String> {
    if segment.len() < 10 || !segment.starts_with(b"ID3") {
        return None;
    }
    let version = segment[3];
    let syncsafe = |bytes: &[u8]| {
        bytes
            .iter()
            .fold(0usize, |size, byte| (size << 7) | usize::from(byte & 0x7f))
    };
    let size = syncsafe(&segment[6..10]);
    let frames = segment.get(10..10 + size)?;
    let mut at = 0;
    while at + 10 <= frames.len() {
        let id = &frames[at..at + 4];
        if id[0] == 0 {
            break; // padding
        }
        let length = match version {
            4 => syncsafe(&frames[at + 4..at + 8]),
            _ => frames[at + 4..at + 8]
                .iter()
                .fold(0usize, |size, byte| (size << 8) | usize::from(*byte)),
        };
        let body = frames.get(at + 10..at + 10 + length)?;
        if id == b"TIT2" {
            let (encoding, text) = body.split_first()?;
            let text = match encoding {
                0 => text.iter().map(|&byte| char::from(byte)).collect(),
                3 => String::from_utf8_lossy(text).into_owned(),
                _ => return None,
            };
            let text = text.trim_end_matches('\0').trim().to_owned();
            return (!text.is_empty()).then_some(text);
        }
        at += 10 + length;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{id3_title, without_id3};

    /// An ID3v2.4 tag holding `frames` (id, body).
    fn tag(frames: &[(&[u8; 4], &[u8])]) -> Vec<u8> {
        let syncsafe = |len: usize| {
            let len = len as u32;
            [
                (len >> 21) & 0x7f,
                (len >> 14) & 0x7f,
                (len >> 7) & 0x7f,
                len & 0x7f,
            ]
            .map(|b| b as u8)
        };
        let mut body = Vec::new();
        for (id, frame) in frames {
            body.extend_from_slice(*id);
            body.extend_from_slice(&syncsafe(frame.len()));
            body.extend_from_slice(&[0, 0]);
            body.extend_from_slice(frame);
        }
        let mut out = b"ID3\x04\x00\x00".to_vec();
        out.extend_from_slice(&syncsafe(body.len()));
        out.extend_from_slice(&body);
        out
    }

    #[test]
    fn the_title_is_read_after_other_frames() {
        let mut private = b"com.apple.streaming.transportStreamTimestamp\0".to_vec();
        private.extend_from_slice(&90_000u64.to_be_bytes());
        let mut segment = tag(&[(b"PRIV", &private), (b"TIT2", "\u{3}Banda - Canção".as_bytes())]);
        segment.extend_from_slice(&[0xff, 0xfb]);
        assert_eq!(id3_title(&segment).as_deref(), Some("Banda - Canção"));
        assert_eq!(without_id3(&segment), &[0xff, 0xfb]);
    }

    #[test]
    fn latin1_titles_and_missing_ones() {
        assert_eq!(
            id3_title(&tag(&[(b"TIT2", b"\x00Can\xe7\xe3o")])).as_deref(),
            Some("Canção")
        );
        assert_eq!(id3_title(&tag(&[(b"PRIV", b"x")])), None);
        assert_eq!(id3_title(&tag(&[(b"TIT2", b"\x03")])), None);
        assert_eq!(id3_title(&[0xff, 0xfb, 0x90]), None);
        // A frame that claims more than the tag holds.
        let mut broken = tag(&[(b"TIT2", b"\x03abc")]);
        broken[17] = 0x7f;
        assert_eq!(id3_title(&broken), None);
    }

    #[test]
    fn the_tag_is_cut_off_and_the_frames_kept() {
        let mut segment = b"ID3\x04\x00\x00\x00\x00\x00\x05hello".to_vec();
        segment.extend_from_slice(&[0xff, 0xfb, 0x90, 0x00]);
        assert_eq!(without_id3(&segment), &[0xff, 0xfb, 0x90, 0x00]);
    }

    #[test]
    fn a_syncsafe_size_counts_seven_bits_a_byte() {
        // 0x01 0x00 → 128 bytes of tag.
        let mut segment = b"ID3\x04\x00\x00\x00\x00\x01\x00".to_vec();
        segment.extend(std::iter::repeat_n(0u8, 128));
        segment.push(0xff);
        assert_eq!(without_id3(&segment), &[0xff]);
    }

    #[test]
    fn a_footer_is_cut_off_too() {
        let mut segment = b"ID3\x04\x00\x10\x00\x00\x00\x02ab".to_vec();
        segment.extend_from_slice(b"3DI\x04\x00\x10\x00\x00\x00\x02");
        segment.push(0xff);
        assert_eq!(without_id3(&segment), &[0xff]);
    }

    #[test]
    fn untagged_or_truncated_segments() {
        assert_eq!(without_id3(&[0xff, 0xfb]), &[0xff, 0xfb]);
        assert!(without_id3(b"ID3\x04\x00\x00\x7f\x7f\x7f\x7f").is_empty());
    }
}
