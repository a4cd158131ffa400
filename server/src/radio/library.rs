//! What the autoDJ plays: tracks with their metadata and one encoded rendition per codec on disk.
//!
//! Two sources fill a stream's library:
//! - **the demo library** (no music folder configured): songs of the demo music catalogue and spots of
//!   the demo advertisers are synthesised and encoded once, in the background, into
//!   `<data dir>/radio/demo/`; a stream starts as soon as its first track exists, and later starts find
//!   the files already there (names carry a hash of everything that shapes the audio);
//! - **a music folder** (`ONDA_MUSIC_DIR`): audio files read with their tags and artwork. MP3 files are
//!   sent as they are on the MP3 mount; the AAC renditions (and MP3 for other formats) are transcoded
//!   the first time a track is queued and cached in `<data dir>/radio/cache/`. A `<folder>/<streamId>/`
//!   subfolder, when present, is that stream's own library.
//!
//! Loudness (`loudness`): every track is measured once as it enters the library, and airs brought to
//! the station's target. Demo items, the jingle and the spots are rendered at the target; a folder
//! track that is not at it gets a normalised rendition per codec (MP3 included, which then no longer
//! passes through), cached under a name that carries the target and the gain.
//!
//! A file that is missing or does not decode is logged and skipped: the stream never stops, and when
//! nothing at all is playable it carries the station's jingle.

use std::{
    collections::HashMap,
    path::{Path, PathBuf},
    sync::{
        Arc, RwLock,
        atomic::{AtomicBool, Ordering},
    },
};

use bytes::Bytes;
use onda_shared::live::MetaType;
use sha2::{Digest, Sha256};
use tokio::sync::Notify;

use super::{
    encode::{self, AacProfile},
    frames::{self, Frame},
    loudness::{self, Book, Level, Loudness},
    mount::Codec,
    synth::{self, Pcm, Style},
};

/// Bump when the synthesiser or the encoder settings change, so cached demo files are rebuilt.
pub const DEMO_AUDIO_VERSION: u32 = 2;

/// Everything the now-playing entity shows about a track (G36), minus the instant it went on air.
#[derive(Debug, Clone, PartialEq)]
pub struct TrackMeta {
    pub song: String,
    pub artist: String,
    pub artist_slug: String,
    pub music_slug: String,
    pub album: String,
    pub year: Option<i32>,
    pub cover_large: String,
    pub cover_small: String,
    pub meta_type: MetaType,
}

impl TrackMeta {
    /// `Artist - Song`, the ICY StreamTitle.
    pub fn stream_title(&self) -> String {
        if self.artist.is_empty() {
            self.song.clone()
        } else {
            format!("{} - {}", self.artist, self.song)
        }
    }
}

/// How a library entry gets its audio.
#[derive(Debug, Clone)]
pub enum Origin {
    /// Synthesised demo audio, rendered ahead of time into these files.
    Demo { files: HashMap<Codec, PathBuf> },
    /// A file of the music folder.
    File { path: PathBuf },
    /// The station jingle, kept in memory: the last resort that keeps a stream on air.
    Jingle {
        renditions: Arc<HashMap<Codec, Rendition>>,
    },
}

#[derive(Debug, Clone)]
pub struct Entry {
    /// Stable key (hash), used for cache files and the cover URL.
    pub key: String,
    pub meta: TrackMeta,
    pub origin: Origin,
}

/// One codec's audio of a track, split into frames for pacing.
///
/// A rendition on disk keeps only its frame index in memory and reads the audio a block at a time as
/// it airs: every stream holds the track on air and the next one, and a three-minute song is 3 MB in
/// MP3 alone, so whole tracks in memory were most of the server's resident memory. The
/// files are the demo library, the music folder and the transcode cache, read moments before from
/// the page cache; the jingle and the house ad, rendered at start, stay in memory.
#[derive(Debug, Clone)]
pub struct Rendition {
    source: Source,
    /// Exactly as long as the track (the scan's growing vector had up to twice the room).
    pub frames: Arc<[Frame]>,
}

#[derive(Debug, Clone)]
enum Source {
    Memory(Bytes),
    File(Arc<FileSource>),
}

/// How much audio one read brings in: about 4 s of MP3 at 128 kbit/s, so a stream costs a read every
/// few seconds per codec, and a block is freed once the playout moves past it.
const READ_BLOCK: usize = 64 * 1024;

#[derive(Debug)]
struct FileSource {
    path: PathBuf,
    file: std::fs::File,
    /// The last block read: (its offset in the file, its bytes).
    block: std::sync::Mutex<(usize, Bytes)>,
}

impl FileSource {
    /// `len` bytes at `offset`, from the current block or a new one read from the file.
    fn read(&self, offset: usize, len: usize) -> std::io::Result<Bytes> {
        use std::os::unix::fs::FileExt;
        let mut block = self
            .block
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let (start, data) = &*block;
        if offset >= *start && offset + len <= start + data.len() {
            return Ok(data.slice(offset - start..offset - start + len));
        }
        let mut buffer = vec![0; len.max(READ_BLOCK)];
        let mut filled = 0;
        while filled < buffer.len() {
            let read = self
                .file
                .read_at(&mut buffer[filled..], (offset + filled) as u64)?;
            if read == 0 {
                break;
            }
            filled += read;
        }
        if filled < len {
            return Err(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                "the file is shorter than its frame index",
            ));
        }
        buffer.truncate(filled);
        *block = (offset, Bytes::from(buffer));
        Ok(block.1.slice(0..len))
    }
}

impl Rendition {
    /// A rendition held in memory (the jingle, the house ad).
    pub fn parse(codec: Codec, data: Bytes) -> Self {
        Self {
            frames: scan(codec, &data).into(),
            source: Source::Memory(data),
        }
    }

    /// A rendition read from `path` as it airs; only the frame index stays in memory.
    pub fn open(codec: Codec, path: &Path) -> Result<Self, LibraryError> {
        let file = std::fs::File::open(path).map_err(io(path))?;
        // The whole file once, for the index; the buffer is freed on return.
        let data = std::fs::read(path).map_err(io(path))?;
        Ok(Self {
            frames: scan(codec, &data).into(),
            source: Source::File(Arc::new(FileSource {
                path: path.to_owned(),
                file,
                block: std::sync::Mutex::new((0, Bytes::new())),
            })),
        })
    }

    pub fn duration_us(&self) -> u64 {
        self.frames.iter().map(Frame::duration_us).sum()
    }

    /// The bytes of frame `index`; `None` past the end, or when the file can no longer be read (the
    /// track then ends early on this codec and the stream goes on with the next one).
    pub fn frame_bytes(&self, index: usize) -> Option<Bytes> {
        let frame = self.frames.get(index)?;
        match &self.source {
            Source::Memory(data) => Some(data.slice(frame.offset..frame.offset + frame.len)),
            Source::File(source) => match source.read(frame.offset, frame.len) {
                Ok(bytes) => Some(bytes),
                Err(err) => {
                    tracing::warn!(path = %source.path.display(), error = %err, "track unreadable; skipped");
                    None
                }
            },
        }
    }
}

fn scan(codec: Codec, data: &[u8]) -> Vec<Frame> {
    match codec {
        Codec::Mp3 => frames::mp3_frames(data),
        Codec::AacHe | Codec::AacPlus => frames::adts_frames(data),
    }
}

/// A track ready to air: its metadata and a rendition for every codec the stream carries.
#[derive(Debug, Clone)]
pub struct Prepared {
    pub entry: Arc<Entry>,
    pub renditions: HashMap<Codec, Rendition>,
}

impl Prepared {
    pub fn duration_us(&self) -> u64 {
        self.renditions
            .get(&Codec::Mp3)
            .map(Rendition::duration_us)
            .unwrap_or_default()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LibraryError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{0}: no audio could be decoded")]
    Undecodable(PathBuf),
    #[error("{path}: {message}")]
    Decode { path: PathBuf, message: String },
    #[error(transparent)]
    Encode(#[from] encode::EncodeError),
    #[error("loudness measurement: {0}")]
    Loudness(String),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> LibraryError + '_ {
    move |source| LibraryError::Io {
        path: path.to_owned(),
        source,
    }
}

/// The tracks of one stream. Grows while the demo library renders; readers wait for the first entry.
#[derive(Debug, Default)]
pub struct Shelf {
    music: RwLock<Vec<Arc<Entry>>>,
    commercials: RwLock<Vec<Arc<Entry>>>,
    added: Notify,
    /// Tracks are still being added (the demo library rendering, the music folder being read).
    filling: AtomicBool,
}

impl Shelf {
    /// Marks the shelf as growing (`true`) until its source has added everything (`false`).
    pub fn set_filling(&self, filling: bool) {
        self.filling.store(filling, Ordering::SeqCst);
    }

    /// Whether more tracks are on their way: the rotation would rather wait for one than repeat.
    pub fn is_filling(&self) -> bool {
        self.filling.load(Ordering::SeqCst)
    }

    pub fn add(&self, entry: Entry) {
        let entry = Arc::new(entry);
        let list = match entry.meta.meta_type {
            MetaType::Music => &self.music,
            MetaType::Commercial => &self.commercials,
        };
        list.write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(entry);
        self.added.notify_waiters();
    }

    pub fn music(&self) -> Vec<Arc<Entry>> {
        self.music
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    pub fn commercials(&self) -> Vec<Arc<Entry>> {
        self.commercials
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// Resolves once an entry is added after this call began (or at once if `music()` is non-empty).
    pub async fn wait_for_music(&self) {
        loop {
            let notified = self.added.notified();
            if !self.music().is_empty() {
                return;
            }
            notified.await;
        }
    }
}

/// Reads (and when needed transcodes or normalises) every rendition `codecs` asks for. Blocking: run
/// it on the blocking pool.
pub fn prepare(
    entry: &Arc<Entry>,
    codecs: &[Codec],
    cache_dir: &Path,
    loudness: &Book,
) -> Result<Prepared, LibraryError> {
    let mut renditions = HashMap::new();
    match &entry.origin {
        Origin::Jingle { renditions: ready } => {
            for codec in codecs {
                if let Some(rendition) = ready.get(codec) {
                    renditions.insert(*codec, rendition.clone());
                }
            }
        }
        Origin::Demo { files } => {
            for codec in codecs {
                let Some(path) = files.get(codec) else {
                    continue;
                };
                renditions.insert(*codec, Rendition::open(*codec, path)?);
            }
        }
        Origin::File { path } => {
            renditions = prepare_file(path, &entry.key, codecs, cache_dir, loudness.level(&entry.key))?;
        }
    }
    for (codec, rendition) in &renditions {
        if rendition.frames.is_empty() {
            let path = match &entry.origin {
                Origin::File { path } => path.clone(),
                _ => PathBuf::from(&entry.key),
            };
            tracing::warn!(?codec, path = %path.display(), "rendition without frames");
            return Err(LibraryError::Undecodable(path));
        }
    }
    Ok(Prepared {
        entry: entry.clone(),
        renditions,
    })
}

/// A file's renditions: as it is (`Level::AsIs`: the MP3 itself, transcodes for the rest) or
/// normalised, each cached under a name that carries the processing (`Level::tag`).
fn prepare_file(
    path: &Path,
    key: &str,
    codecs: &[Codec],
    cache_dir: &Path,
    level: Level,
) -> Result<HashMap<Codec, Rendition>, LibraryError> {
    let is_mp3 = path
        .extension()
        .and_then(|ext| ext.to_str())
        .is_some_and(|ext| ext.eq_ignore_ascii_case("mp3"));
    let tag = level.tag();
    let mut renditions = HashMap::new();
    let mut pcm: Option<Pcm> = None;
    for codec in codecs {
        if *codec == Codec::Mp3 && is_mp3 && tag.is_none() {
            renditions.insert(Codec::Mp3, Rendition::open(Codec::Mp3, path)?);
            continue;
        }
        let cached = match &tag {
            Some(tag) => cache_dir.join(format!("{key}.{tag}.{}", cache_extension(*codec))),
            None => cache_dir.join(format!("{key}.{}", cache_extension(*codec))),
        };
        if cached.exists()
            && let Ok(rendition) = Rendition::open(*codec, &cached)
        {
            renditions.insert(*codec, rendition);
            continue;
        }
        if pcm.is_none() {
            let decoded = decode_file(path)?;
            // Once per file, for every codec that needs it.
            pcm = Some(match level {
                Level::AsIs => decoded,
                Level::Normalise { target, measured } => loudness::to_target(&decoded, &measured, target)?,
            });
        }
        let Some(samples) = pcm.as_ref() else {
            continue;
        };
        let data = encode_rendition(samples, *codec)?;
        write_atomically(&cached, &data)?;
        drop(data);
        renditions.insert(*codec, Rendition::open(*codec, &cached)?);
    }
    Ok(renditions)
}

fn cache_extension(codec: Codec) -> &'static str {
    match codec {
        Codec::Mp3 => "mp3",
        Codec::AacHe => "he.aac",
        Codec::AacPlus => "hev2.aac",
    }
}

/// Encodes PCM for a mount's codec at its nominal bitrate.
pub fn encode_rendition(pcm: &Pcm, codec: Codec) -> Result<Vec<u8>, LibraryError> {
    Ok(match codec {
        Codec::Mp3 => encode::encode_mp3(pcm, codec.kbps())?,
        Codec::AacHe => encode::encode_aac(pcm, AacProfile::HeV1, codec.kbps())?,
        Codec::AacPlus => encode::encode_aac(pcm, AacProfile::HeV2, codec.kbps())?,
    })
}

/// Writes through a temporary file and a rename, so a crash or a second instance never sees half a file.
pub fn write_atomically(path: &Path, data: &[u8]) -> Result<(), LibraryError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io(parent))?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, data).map_err(io(&tmp))?;
    std::fs::rename(&tmp, path).map_err(io(path))
}

/// Decodes any format symphonia knows into 16-bit stereo PCM (mono is duplicated: HE-AAC v2 needs two
/// channels).
pub fn decode_file(path: &Path) -> Result<Pcm, LibraryError> {
    use symphonia::core::{
        codecs::audio::AudioDecoderOptions,
        errors::Error as SymError,
        formats::{FormatOptions, TrackType, probe::Hint},
        io::MediaSourceStream,
        meta::MetadataOptions,
    };

    let decode_error = |message: String| LibraryError::Decode {
        path: path.to_owned(),
        message,
    };
    let file = std::fs::File::open(path).map_err(io(path))?;
    let stream = MediaSourceStream::new(Box::new(file), Default::default());
    let mut hint = Hint::new();
    if let Some(ext) = path.extension().and_then(|ext| ext.to_str()) {
        hint.with_extension(ext);
    }
    let mut format = symphonia::default::get_probe()
        .probe(
            &hint,
            stream,
            FormatOptions::default(),
            MetadataOptions::default(),
        )
        .map_err(|err| decode_error(err.to_string()))?;
    let (track_id, params) = {
        let track = format
            .default_track(TrackType::Audio)
            .ok_or_else(|| LibraryError::Undecodable(path.to_owned()))?;
        let params = track
            .codec_params
            .as_ref()
            .and_then(|params| params.audio())
            .cloned()
            .ok_or_else(|| LibraryError::Undecodable(path.to_owned()))?;
        (track.id, params)
    };
    let mut sample_rate = params.sample_rate.unwrap_or(synth::SAMPLE_RATE);
    let mut decoder = symphonia::default::get_codecs()
        .make_audio_decoder(&params, &AudioDecoderOptions::default())
        .map_err(|err| decode_error(err.to_string()))?;
    let mut samples: Vec<i16> = Vec::new();
    let mut interleaved: Vec<i16> = Vec::new();
    loop {
        let packet = match format.next_packet() {
            Ok(Some(packet)) => packet,
            Ok(None) | Err(SymError::IoError(_)) | Err(SymError::ResetRequired) => break,
            Err(err) => return Err(decode_error(err.to_string())),
        };
        if packet.track_id != track_id {
            continue;
        }
        let decoded = match decoder.decode(&packet) {
            Ok(decoded) => decoded,
            // A damaged frame is skipped, as players do.
            Err(SymError::DecodeError(_)) => continue,
            Err(err) => return Err(decode_error(err.to_string())),
        };
        sample_rate = decoded.spec().rate();
        let channels = decoded.spec().channels().count().max(1);
        interleaved.clear();
        decoded.copy_to_vec_interleaved(&mut interleaved);
        match channels {
            1 => samples.extend(interleaved.iter().flat_map(|&s| [s, s])),
            2 => samples.extend_from_slice(&interleaved),
            n => samples.extend(interleaved.chunks_exact(n).flat_map(|frame| [frame[0], frame[1]])),
        }
    }
    if samples.is_empty() {
        return Err(LibraryError::Undecodable(path.to_owned()));
    }
    Ok(Pcm {
        sample_rate,
        channels: 2,
        samples,
    })
}

/// A stable key for a file of the music folder: its path, size and modification time.
pub fn file_key(path: &Path) -> String {
    let meta = std::fs::metadata(path).ok();
    let size = meta.as_ref().map(std::fs::Metadata::len).unwrap_or_default();
    let modified = meta
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_secs())
        .unwrap_or_default();
    short_hash(&format!("{}|{size}|{modified}", path.display()))
}

pub fn short_hash(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    hex::encode(&digest[..10])
}

/// Audio file extensions the folder scan picks up.
const AUDIO_EXTENSIONS: &[&str] = &["mp3", "flac", "ogg", "oga", "wav", "m4a"];

/// Every audio file under `dir`, sorted (the rotation shuffles them; sorting makes scans repeatable).
pub fn scan_folder(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_owned()];
    while let Some(folder) = pending.pop() {
        let Ok(read) = std::fs::read_dir(&folder) else {
            tracing::warn!(folder = %folder.display(), "music folder cannot be read");
            continue;
        };
        for item in read.flatten() {
            let path = item.path();
            if path.is_dir() {
                pending.push(path);
            } else if path
                .extension()
                .and_then(|ext| ext.to_str())
                .is_some_and(|ext| AUDIO_EXTENSIONS.iter().any(|a| ext.eq_ignore_ascii_case(a)))
            {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Tags of a music file (lofty): title, artist, album, year and the front cover, if any.
#[derive(Debug, Default, Clone)]
pub struct FileTags {
    pub title: Option<String>,
    pub artist: Option<String>,
    pub album: Option<String>,
    pub year: Option<i32>,
    pub picture: Option<(String, Vec<u8>)>,
}

pub fn read_tags(path: &Path) -> FileTags {
    use lofty::{
        file::TaggedFileExt,
        picture::PictureType,
        tag::{Accessor, ItemKey},
    };

    let Ok(tagged) = lofty::read_from_path(path) else {
        return FileTags::default();
    };
    let Some(tag) = tagged.primary_tag().or_else(|| tagged.first_tag()) else {
        return FileTags::default();
    };
    let text = |value: Option<std::borrow::Cow<'_, str>>| {
        value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
    };
    let year = tag
        .get_string(ItemKey::Year)
        .or_else(|| tag.get_string(ItemKey::RecordingDate))
        .and_then(|date| date.get(..4)?.parse::<i32>().ok());
    let picture = tag
        .pictures()
        .iter()
        .find(|p| p.pic_type() == PictureType::CoverFront)
        .or_else(|| tag.pictures().first())
        .map(|p| {
            let mime = p
                .mime_type()
                .map(|m| m.as_str().to_owned())
                .unwrap_or_else(|| "image/jpeg".to_owned());
            (mime, p.data().to_vec())
        });
    FileTags {
        title: text(tag.title()),
        artist: text(tag.artist()),
        album: text(tag.album()),
        year,
        picture,
    }
}

/// Demo audio style for a song of the catalogue, from its artist's country and the album's year.
pub fn demo_style(country: &str, year: i32, seed: u64) -> Style {
    match country {
        "BR" => Style::Mpb,
        "IT" => Style::Italian,
        _ if year < 1985 => Style::Classic,
        _ if year >= 2010 && seed.is_multiple_of(2) => Style::Dance,
        "GB" | "IE" if !seed.is_multiple_of(3) => Style::Rock,
        _ => Style::Pop,
    }
}

/// A music file's loudness: decoded once, measured. Blocking.
pub fn measure_file(path: &Path) -> Result<Loudness, LibraryError> {
    loudness::measure(&decode_file(path)?)
}

/// Renders one item of the autoDJ's demo library into `files` unless they already exist: measured,
/// brought to `target` (unless `None`), encoded. Returns the measurement when it rendered. Blocking.
pub fn render_demo_at(
    files: &HashMap<Codec, PathBuf>,
    render: impl FnOnce() -> Pcm,
    target: Option<f64>,
) -> Result<Option<Loudness>, LibraryError> {
    if files.values().all(|path| path.exists()) {
        return Ok(None);
    }
    let Some(target) = target else {
        render_demo(files, render)?;
        return Ok(None);
    };
    let pcm = render();
    let measured = loudness::measure(&pcm)?;
    let pcm = loudness::to_target(&pcm, &measured, target)?;
    render_demo(files, || pcm)?;
    Ok(Some(measured))
}

/// Renders and encodes one demo item into `files` unless they already exist. Blocking.
pub fn render_demo(
    files: &HashMap<Codec, PathBuf>,
    render: impl FnOnce() -> Pcm,
) -> Result<(), LibraryError> {
    if files.values().all(|path| path.exists()) {
        return Ok(());
    }
    let pcm = render();
    for (codec, path) in files {
        if path.exists() {
            continue;
        }
        let data = encode_rendition(&pcm, *codec)?;
        write_atomically(path, &data)?;
    }
    Ok(())
}

/// The jingle's key: its loudness is stored under it, so it names the synthesiser's version too.
pub fn jingle_key(station: &str) -> String {
    format!("jingle-v{DEMO_AUDIO_VERSION}-{}", short_hash(station))
}

/// The jingle every stream falls back to, rendered in memory at start, at `target` when one is set.
/// `known` is its stored loudness; the measurement is returned when it had to be made.
pub fn jingle(
    station: &str,
    codecs: &[Codec],
    target: Option<f64>,
    known: Option<Loudness>,
) -> Result<(Entry, Option<Loudness>), LibraryError> {
    let mut pcm = synth::render_station_id(station, 6.0);
    let mut measured = None;
    if let Some(target) = target {
        let loudness = match known {
            Some(loudness) => loudness,
            None => *measured.insert(loudness::measure(&pcm)?),
        };
        if !loudness::at_target(&loudness, target) {
            pcm = loudness::to_target(&pcm, &loudness, target)?;
        }
    }
    let mut renditions = HashMap::new();
    for codec in codecs {
        let data = encode_rendition(&pcm, *codec)?;
        renditions.insert(*codec, Rendition::parse(*codec, Bytes::from(data)));
    }
    let entry = Entry {
        key: jingle_key(station),
        meta: TrackMeta {
            song: station.to_owned(),
            artist: String::new(),
            artist_slug: String::new(),
            music_slug: String::new(),
            album: String::new(),
            year: None,
            cover_large: "/media/logo.svg".to_owned(),
            cover_small: "/media/logo.svg".to_owned(),
            meta_type: MetaType::Commercial,
        },
        origin: Origin::Jingle {
            renditions: Arc::new(renditions),
        },
    };
    Ok((entry, measured))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same audio read from disk a block at a time gives the bytes the in-memory rendition gives,
    /// frame by frame; a file cut short under a playing track ends it without a panic.
    #[test]
    fn a_rendition_on_disk_reads_the_same_frames_and_survives_truncation() {
        let pcm = synth::render_station_id("Onda FM", 12.0);
        let data = encode_rendition(&pcm, Codec::Mp3).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("id.mp3");
        std::fs::write(&path, &data).unwrap();

        let memory = Rendition::parse(Codec::Mp3, Bytes::from(data.clone()));
        let disk = Rendition::open(Codec::Mp3, &path).unwrap();
        assert_eq!(memory.frames, disk.frames);
        assert!(data.len() > 2 * READ_BLOCK, "the test spans several blocks");
        for index in 0..memory.frames.len() {
            assert_eq!(
                memory.frame_bytes(index),
                disk.frame_bytes(index),
                "frame {index}"
            );
        }
        assert_eq!(disk.frame_bytes(memory.frames.len()), None);

        // Truncated to half: the first half still reads (a new block), the end no longer does.
        std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .unwrap()
            .set_len((data.len() / 2) as u64)
            .unwrap();
        assert_eq!(disk.frame_bytes(0), memory.frame_bytes(0));
        let last = disk.frames.len() - 1;
        assert_eq!(disk.frame_bytes(last), None);
    }
}
