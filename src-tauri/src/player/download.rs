//! A finite file (a preroll ad, a music preview, a playlist track, a podcast episode) downloaded into
//! memory while it plays: the network side appends, the decoder reads and seeks through a blocking
//! [`DownloadReader`] that waits for bytes not yet arrived. Unlike a live stream, a file has an end,
//! a length and a position, so symphonia can report its duration and seek in it.
//!
//! The whole file stays in memory for seeking back; [`MAX_FILE_BYTES`] bounds it (an hour of
//! 128 kbit/s audio is 58 MB, so only an oversized or endless answer is refused).

use std::{
    io::{self, Read, Seek, SeekFrom},
    sync::{
        Arc, Condvar, Mutex, MutexGuard,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use symphonia::core::io::MediaSource;

/// Largest file the player keeps (bytes).
pub const MAX_FILE_BYTES: u64 = 256 * 1024 * 1024;

/// The bytes of one file as they arrive, shared by the download task and the decoder.
#[derive(Debug, Default)]
pub struct Download {
    inner: Mutex<State>,
    arrived: Condvar,
}

#[derive(Debug, Default)]
struct State {
    bytes: Vec<u8>,
    /// The length the server announced (`Content-Length`), when it did.
    length: Option<u64>,
    /// `Some` once the download is over: `Ok` complete, `Err` why it broke off.
    end: Option<Result<(), String>>,
}

impl Download {
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The server answered with this `Content-Length`.
    pub fn set_length(&self, length: Option<u64>) {
        self.lock().length = length;
    }

    /// Appends a chunk; refuses (and ends the download) past [`MAX_FILE_BYTES`].
    pub fn push(&self, chunk: &[u8]) -> Result<(), String> {
        let mut state = self.lock();
        if state.bytes.len() as u64 + chunk.len() as u64 > MAX_FILE_BYTES {
            let reason = format!("file larger than {MAX_FILE_BYTES} bytes");
            state.end = Some(Err(reason.clone()));
            self.arrived.notify_all();
            return Err(reason);
        }
        state.bytes.extend_from_slice(chunk);
        self.arrived.notify_all();
        Ok(())
    }

    /// The download is over, whole (`Ok`) or broken off.
    pub fn finish(&self, end: Result<(), String>) {
        let mut state = self.lock();
        if state.end.is_none() {
            state.end = Some(end);
        }
        self.arrived.notify_all();
    }

    /// Bytes received so far.
    pub fn received(&self) -> usize {
        self.lock().bytes.len()
    }

    /// A reader from the start; `cancel` makes a waiting read give up.
    pub fn reader(self: &Arc<Self>, cancel: Arc<AtomicBool>) -> DownloadReader {
        DownloadReader {
            download: self.clone(),
            position: 0,
            cancel,
        }
    }
}

/// Reads a [`Download`] as a seekable file: a read past what has arrived waits for more, and ends
/// (0 bytes) only at the real end of the file.
pub struct DownloadReader {
    download: Arc<Download>,
    position: u64,
    cancel: Arc<AtomicBool>,
}

/// How often a waiting read looks at the cancel flag.
const WAIT_STEP: Duration = Duration::from_millis(100);

impl DownloadReader {
    /// Waits until byte `at` has arrived or the download ended; returns the state then.
    fn wait_for(&self, at: u64) -> io::Result<MutexGuard<'_, State>> {
        let mut state = self.download.lock();
        loop {
            if self.cancel.load(Ordering::Relaxed) {
                return Err(io::Error::new(io::ErrorKind::Interrupted, "cancelled"));
            }
            if (state.bytes.len() as u64) > at {
                return Ok(state);
            }
            match &state.end {
                Some(Ok(())) => return Ok(state),
                Some(Err(reason)) => return Err(io::Error::other(reason.clone())),
                None => {}
            }
            state = self
                .download
                .arrived
                .wait_timeout(state, WAIT_STEP)
                .map(|(guard, _)| guard)
                .unwrap_or_else(|poisoned| poisoned.into_inner().0);
        }
    }

    /// The file's length: the announced one, else (once complete) what arrived.
    fn length(&self) -> Option<u64> {
        let state = self.download.lock();
        state
            .length
            .or_else(|| matches!(state.end, Some(Ok(()))).then_some(state.bytes.len() as u64))
    }
}

impl Read for DownloadReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let state = self.wait_for(self.position)?;
        let start = usize::try_from(self.position)
            .unwrap_or(usize::MAX)
            .min(state.bytes.len());
        let n = buf.len().min(state.bytes.len() - start);
        buf[..n].copy_from_slice(&state.bytes[start..start + n]);
        drop(state);
        self.position += n as u64;
        Ok(n)
    }
}

impl Seek for DownloadReader {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let target = match to {
            SeekFrom::Start(offset) => Some(offset),
            SeekFrom::Current(delta) => self.position.checked_add_signed(delta),
            SeekFrom::End(delta) => {
                let length = match self.length() {
                    Some(length) => length,
                    // No announced length: the end is known once everything arrived.
                    None => {
                        drop(self.wait_for(u64::MAX)?);
                        self.download.lock().bytes.len() as u64
                    }
                };
                length.checked_add_signed(delta)
            }
        };
        let target =
            target.ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "seek before the start"))?;
        self.position = target;
        Ok(target)
    }
}

impl MediaSource for DownloadReader {
    fn is_seekable(&self) -> bool {
        true
    }

    fn byte_len(&self) -> Option<u64> {
        self.length()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use std::thread;

    use super::*;

    #[test]
    fn a_read_waits_for_bytes_and_ends_at_the_end() {
        let download = Download::new();
        let mut reader = download.reader(Arc::new(AtomicBool::new(false)));
        let writer = download.clone();
        let feeder = thread::spawn(move || {
            for chunk in [b"abc".as_slice(), b"defg"] {
                thread::sleep(Duration::from_millis(30));
                writer.push(chunk).unwrap();
            }
            writer.finish(Ok(()));
        });
        let mut all = Vec::new();
        reader.read_to_end(&mut all).unwrap();
        feeder.join().unwrap();
        assert_eq!(all, b"abcdefg");
        assert_eq!(reader.byte_len(), Some(7));
    }

    #[test]
    fn seeking_back_and_from_the_end() {
        let download = Download::new();
        download.set_length(Some(6));
        download.push(b"012345").unwrap();
        download.finish(Ok(()));
        let mut reader = download.reader(Arc::new(AtomicBool::new(false)));
        let mut two = [0; 2];
        reader.seek(SeekFrom::End(-2)).unwrap();
        reader.read_exact(&mut two).unwrap();
        assert_eq!(&two, b"45");
        reader.seek(SeekFrom::Start(1)).unwrap();
        reader.read_exact(&mut two).unwrap();
        assert_eq!(&two, b"12");
        assert!(reader.seek(SeekFrom::Current(-10)).is_err());
    }

    #[test]
    fn a_broken_download_is_an_error_not_an_end() {
        let download = Download::new();
        download.push(b"ab").unwrap();
        download.finish(Err("connection reset".into()));
        let mut reader = download.reader(Arc::new(AtomicBool::new(false)));
        let mut all = Vec::new();
        let error = reader.read_to_end(&mut all).unwrap_err();
        assert_eq!(all, b"ab");
        assert_eq!(error.to_string(), "connection reset");
    }

    #[test]
    fn cancel_wakes_a_waiting_read() {
        let download = Download::new();
        let cancel = Arc::new(AtomicBool::new(false));
        let mut reader = download.reader(cancel.clone());
        let flag = cancel.clone();
        let canceller = thread::spawn(move || {
            thread::sleep(Duration::from_millis(50));
            flag.store(true, Ordering::Relaxed);
        });
        let mut one = [0; 1];
        assert_eq!(
            reader.read(&mut one).unwrap_err().kind(),
            io::ErrorKind::Interrupted
        );
        canceller.join().unwrap();
    }

    #[test]
    fn an_oversized_file_is_refused() {
        let download = Download::new();
        let too_big = vec![0_u8; usize::try_from(MAX_FILE_BYTES).unwrap() + 1];
        assert!(download.push(&too_big).is_err());
        assert_eq!(download.received(), 0);
    }
}
