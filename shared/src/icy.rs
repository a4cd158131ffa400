//! ICY (SHOUTcast/Icecast) in-band metadata, both ways.
//!
//! A client that sends `Icy-MetaData: 1` gets `icy-metaint: N` back, and after every N bytes of audio
//! one metadata block: a length byte L, then L × 16 bytes holding `StreamTitle='Artist - Title';`
//! padded with NULs. L = 0 means "unchanged". The server inserts the blocks ([`IcyWriter`]); the desktop
//! app and the tests strip them and read the titles back ([`IcyReader`]). Both sides live here because
//! this is a wire format between our server and our own clients.

/// Icecast's default interval (its source notes that SHOUTcast uses 8192).
pub const DEFAULT_METAINT: usize = 16_000;

/// The longest block the length byte can announce.
const MAX_BLOCK: usize = 255 * 16;

/// Builds the metadata block for a title: `StreamTitle='…';` padded to a multiple of 16. The title is
/// cut (on a character boundary) to fit, and a `';` inside it, which would end the field early for
/// every parser, becomes `'`.
pub fn metadata_block(title: &str) -> Vec<u8> {
    let clean = title.replace("';", "'");
    let prefix = "StreamTitle='";
    let suffix = "';";
    let room = MAX_BLOCK - prefix.len() - suffix.len();
    let mut cut = clean.len().min(room);
    while !clean.is_char_boundary(cut) {
        cut -= 1;
    }
    let text = format!("{prefix}{}{suffix}", &clean[..cut]);
    let blocks = text.len().div_ceil(16);
    let mut out = Vec::with_capacity(1 + blocks * 16);
    // `blocks` ≤ 255 by construction of `room`.
    out.push(u8::try_from(blocks).unwrap_or(u8::MAX));
    out.extend_from_slice(text.as_bytes());
    out.resize(1 + blocks * 16, 0);
    out
}

/// Inserts metadata blocks into one listener's audio bytes. Each listener has its own writer, since
/// listeners join at different byte offsets.
#[derive(Debug)]
pub struct IcyWriter {
    metaint: usize,
    /// Audio bytes still to send before the next block.
    until_block: usize,
    /// The title this listener last received in a block.
    sent_title: Option<String>,
}

impl IcyWriter {
    pub fn new(metaint: usize) -> Self {
        let metaint = metaint.max(1);
        Self {
            metaint,
            until_block: metaint,
            sent_title: None,
        }
    }

    pub fn metaint(&self) -> usize {
        self.metaint
    }

    /// Appends `audio` to `out`, with a block wherever the interval falls inside it. `title` is what is
    /// on air for these bytes; a block repeats it only when it changed since this listener's last one.
    pub fn write(&mut self, audio: &[u8], title: &str, out: &mut Vec<u8>) {
        let mut rest = audio;
        while !rest.is_empty() {
            let take = rest.len().min(self.until_block);
            out.extend_from_slice(&rest[..take]);
            rest = &rest[take..];
            self.until_block -= take;
            if self.until_block == 0 {
                if self.sent_title.as_deref() == Some(title) {
                    out.push(0);
                } else {
                    out.extend_from_slice(&metadata_block(title));
                    self.sent_title = Some(title.to_owned());
                }
                self.until_block = self.metaint;
            }
        }
    }
}

/// Strips metadata blocks from an ICY stream, handing back the audio and the titles in order.
#[derive(Debug)]
pub struct IcyReader {
    metaint: usize,
    state: ReadState,
    block: Vec<u8>,
}

#[derive(Debug, Clone, Copy)]
enum ReadState {
    /// Audio bytes left before the next length byte.
    Audio(usize),
    /// Expecting the length byte.
    Length,
    /// Metadata bytes left in the current block.
    Meta(usize),
}

/// What [`IcyReader::push`] found in a piece of the stream.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct IcyChunk {
    pub audio: Vec<u8>,
    /// New `StreamTitle` values, in stream order (unchanged blocks give none).
    pub titles: Vec<String>,
}

impl IcyReader {
    pub fn new(metaint: usize) -> Self {
        let metaint = metaint.max(1);
        Self {
            metaint,
            state: ReadState::Audio(metaint),
            block: Vec::new(),
        }
    }

    /// Feeds the next bytes as they arrived from the network (any split is fine).
    pub fn push(&mut self, mut data: &[u8]) -> IcyChunk {
        let mut chunk = IcyChunk::default();
        while !data.is_empty() {
            match self.state {
                ReadState::Audio(left) => {
                    let take = left.min(data.len());
                    chunk.audio.extend_from_slice(&data[..take]);
                    data = &data[take..];
                    self.state = if take == left {
                        ReadState::Length
                    } else {
                        ReadState::Audio(left - take)
                    };
                }
                ReadState::Length => {
                    let length = usize::from(data[0]) * 16;
                    data = &data[1..];
                    self.block.clear();
                    self.state = if length == 0 {
                        ReadState::Audio(self.metaint)
                    } else {
                        ReadState::Meta(length)
                    };
                }
                ReadState::Meta(left) => {
                    let take = left.min(data.len());
                    self.block.extend_from_slice(&data[..take]);
                    data = &data[take..];
                    if take == left {
                        if let Some(title) = stream_title(&self.block) {
                            chunk.titles.push(title);
                        }
                        self.state = ReadState::Audio(self.metaint);
                    } else {
                        self.state = ReadState::Meta(left - take);
                    }
                }
            }
        }
        chunk
    }
}

/// The `StreamTitle` of a metadata block, if it has one.
pub fn stream_title(block: &[u8]) -> Option<String> {
    let end = block.iter().position(|&b| b == 0).unwrap_or(block.len());
    let text = String::from_utf8_lossy(&block[..end]);
    let start = text.find("StreamTitle='")? + "StreamTitle='".len();
    let rest = &text[start..];
    let stop = rest.find("';").unwrap_or(rest.len());
    Some(rest[..stop].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_is_padded_to_sixteen_and_announces_its_length() {
        let block = metadata_block("Elis Regina - Águas de Março");
        assert_eq!((block.len() - 1) % 16, 0);
        assert_eq!(usize::from(block[0]) * 16, block.len() - 1);
        assert_eq!(
            stream_title(&block[1..]).as_deref(),
            Some("Elis Regina - Águas de Março")
        );
    }

    #[test]
    fn long_titles_are_cut_on_a_character_boundary() {
        let title = "ç".repeat(5000);
        let block = metadata_block(&title);
        assert!(block.len() <= 1 + MAX_BLOCK);
        let read = stream_title(&block[1..]).unwrap_or_default();
        assert!(read.chars().all(|c| c == 'ç') && !read.is_empty());
    }

    #[test]
    fn writer_and_reader_round_trip_in_any_split() {
        let mut writer = IcyWriter::new(100);
        let mut wire = Vec::new();
        let audio: Vec<u8> = (0..1000).map(|i| (i % 251) as u8).collect();
        writer.write(&audio[..350], "A - One", &mut wire);
        writer.write(&audio[350..420], "A - One", &mut wire);
        writer.write(&audio[420..], "B - Two", &mut wire);
        for split in [1, 7, 64, 5000] {
            let mut reader = IcyReader::new(100);
            let mut got = IcyChunk::default();
            for piece in wire.chunks(split) {
                let chunk = reader.push(piece);
                got.audio.extend(chunk.audio);
                got.titles.extend(chunk.titles);
            }
            assert_eq!(got.audio, audio, "split {split}");
            assert_eq!(got.titles, ["A - One", "B - Two"], "split {split}");
        }
    }

    #[test]
    fn unchanged_title_is_a_single_zero_byte() {
        let mut writer = IcyWriter::new(10);
        let mut wire = Vec::new();
        writer.write(&[1; 10], "X", &mut wire);
        let first = wire.len();
        writer.write(&[1; 10], "X", &mut wire);
        assert_eq!(wire.len() - first, 11);
        assert_eq!(wire.last(), Some(&0));
    }

    #[test]
    fn a_quote_semicolon_inside_a_title_cannot_end_the_field() {
        let block = metadata_block("Rock';Roll");
        assert_eq!(stream_title(&block[1..]).as_deref(), Some("Rock'Roll"));
    }
}
