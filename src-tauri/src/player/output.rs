//! Where decoded audio goes: the sound card (rodio, on its own thread) or, in tests and on machines
//! without one, a null output that only counts.
//!
//! The decoder pushes interleaved f32 samples into a shared queue; the output pulls them at the
//! device's pace. Volume is applied as the samples leave the queue, so a change (or an alarm's
//! fade-in) is heard within one device buffer whatever the output.

use std::{
    collections::VecDeque,
    sync::{
        Arc, Condvar, Mutex, MutexGuard,
        atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering},
    },
    thread,
    time::Duration,
};

/// The sample format of what is queued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Format {
    pub rate: u32,
    pub channels: u16,
}

/// Most audio kept waiting: a live stream drains at real time, so more than this means the output is
/// gone (no device); the oldest audio is dropped so play resumes near the live edge. (A file is
/// decoded only a little ahead, so it never reaches this.)
const MAX_QUEUED_SECONDS: usize = 8;

/// Audio waiting for the output, shared by the decoder (producer) and the output (consumer).
#[derive(Debug, Default)]
pub struct AudioQueue {
    inner: Mutex<Queue>,
    /// Linear gain, f32 bits.
    volume: AtomicU32,
    /// Samples handed to the output since creation (silence fill not counted).
    played: AtomicU64,
    /// A paused file: the output plays silence and the queue keeps its audio.
    paused: AtomicBool,
    changed: Condvar,
}

#[derive(Debug, Default)]
struct Queue {
    format: Option<Format>,
    samples: VecDeque<f32>,
}

impl AudioQueue {
    pub fn new(volume: f32) -> Arc<Self> {
        let queue = Arc::new(Self::default());
        queue.set_volume(volume);
        queue
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A panic while holding this lock leaves plain sample data behind, which is still usable.
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn set_volume(&self, volume: f32) {
        self.volume
            .store(volume.clamp(0.0, 1.0).to_bits(), Ordering::Relaxed);
    }

    pub fn volume(&self) -> f32 {
        f32::from_bits(self.volume.load(Ordering::Relaxed))
    }

    /// Samples the output has taken (for tests and the stats of the bench).
    pub fn played(&self) -> u64 {
        self.played.load(Ordering::Relaxed)
    }

    /// Holds (or releases) the queued audio: while paused the output takes nothing.
    pub fn set_paused(&self, paused: bool) {
        self.paused.store(paused, Ordering::Relaxed);
        self.changed.notify_all();
    }

    pub fn paused(&self) -> bool {
        self.paused.load(Ordering::Relaxed)
    }

    /// Appends decoded audio. A new format drops what was queued in the old one.
    pub fn push(&self, format: Format, samples: &[f32]) {
        let mut queue = self.lock();
        if queue.format != Some(format) {
            queue.samples.clear();
            queue.format = Some(format);
        }
        queue.samples.extend(samples.iter().copied());
        let max = MAX_QUEUED_SECONDS * format.rate as usize * usize::from(format.channels);
        if queue.samples.len() > max {
            let excess = queue.samples.len() - max;
            queue.samples.drain(..excess);
        }
        self.changed.notify_all();
    }

    /// Drops what is queued (pause, stop, a new stream): the next sound is the live edge.
    pub fn clear(&self) {
        self.lock().samples.clear();
        self.changed.notify_all();
    }

    pub fn format(&self) -> Option<Format> {
        self.lock().format
    }

    pub fn queued(&self) -> usize {
        self.lock().samples.len()
    }

    /// Fills `out` from the queue (volume applied), returning how many samples were real audio; the
    /// rest of `out` is left untouched. Stops early at a format other than `format`.
    pub fn take(&self, format: Format, out: &mut [f32]) -> usize {
        let volume = self.volume();
        let mut queue = self.lock();
        if queue.format != Some(format) || self.paused() {
            return 0;
        }
        let n = out.len().min(queue.samples.len());
        for (slot, sample) in out.iter_mut().zip(queue.samples.drain(..n)) {
            *slot = sample * volume;
        }
        self.played.fetch_add(n as u64, Ordering::Relaxed);
        n
    }

    /// Waits until something is queued or `limit` passes.
    pub fn wait(&self, limit: Duration) {
        let queue = self.lock();
        if queue.samples.is_empty() {
            let _ = self.changed.wait_timeout(queue, limit);
        }
    }
}

/// Something that plays the queue. Dropping it stops the output.
pub trait Output: Send + Sync {
    /// A short name for logs.
    fn name(&self) -> &'static str;
}

/// Consumes the queue at real time without a sound card (tests, CI, headless machines), keeping
/// the peak level it saw so tests can tell sound from silence and check the volume.
pub struct NullOutput {
    stop: Arc<AtomicBool>,
    pub peak: Arc<AtomicU32>,
}

impl NullOutput {
    pub fn start(queue: Arc<AudioQueue>) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let peak = Arc::new(AtomicU32::new(0));
        let (stop_flag, peak_level) = (stop.clone(), peak.clone());
        let _ = thread::Builder::new()
            .name("onda-null-output".into())
            .spawn(move || {
                let tick = Duration::from_millis(20);
                let mut buffer = Vec::new();
                while !stop_flag.load(Ordering::Relaxed) {
                    thread::sleep(tick);
                    let Some(format) = queue.format() else {
                        continue;
                    };
                    let per_tick = (format.rate as usize * usize::from(format.channels)) / 50;
                    buffer.resize(per_tick, 0.0);
                    let n = queue.take(format, &mut buffer);
                    let loudest = buffer[..n].iter().fold(0.0_f32, |m, s| m.max(s.abs()));
                    peak_level.fetch_max(loudest.to_bits(), Ordering::Relaxed);
                }
            });
        Self { stop, peak }
    }

    /// The loudest sample taken so far (after volume), and resets it.
    pub fn take_peak(&self) -> f32 {
        f32::from_bits(self.peak.swap(0, Ordering::Relaxed))
    }
}

impl Drop for NullOutput {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Output for NullOutput {
    fn name(&self) -> &'static str {
        "null"
    }
}

/// The sound card through rodio, on its own thread (cpal streams must stay on the thread that made
/// them). When the device errors (unplugged headphones, a Bluetooth speaker switched off), the
/// stream is rebuilt on whatever is the default device then, retrying every second; the queue keeps
/// its place meanwhile.
pub struct RodioOutput {
    stop: Arc<AtomicBool>,
}

impl RodioOutput {
    pub fn start(queue: Arc<AudioQueue>) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let stop_flag = stop.clone();
        let _ = thread::Builder::new()
            .name("onda-audio-output".into())
            .spawn(move || rodio_loop(&queue, &stop_flag));
        Self { stop }
    }
}

impl Drop for RodioOutput {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Output for RodioOutput {
    fn name(&self) -> &'static str {
        "rodio"
    }
}

fn rodio_loop(queue: &Arc<AudioQueue>, stop: &AtomicBool) {
    let mut logged_failure = false;
    while !stop.load(Ordering::Relaxed) {
        let lost = Arc::new(AtomicBool::new(false));
        let lost_flag = lost.clone();
        let opened = rodio::OutputStreamBuilder::from_default_device().and_then(|builder| {
            builder
                .with_error_callback(move |error| {
                    tracing::warn!(%error, "audio output error; reopening on the default device");
                    lost_flag.store(true, Ordering::Relaxed);
                })
                .open_stream_or_fallback()
        });
        let mut stream = match opened {
            Ok(stream) => stream,
            Err(error) => {
                if !logged_failure {
                    tracing::warn!(%error, "no audio output device; retrying every second");
                    logged_failure = true;
                }
                thread::sleep(Duration::from_secs(1));
                continue;
            }
        };
        logged_failure = false;
        stream.log_on_drop(false);
        tracing::info!("audio output open");
        let sink = rodio::Sink::connect_new(stream.mixer());
        let mut current: Option<Format> = None;
        while !stop.load(Ordering::Relaxed) && !lost.load(Ordering::Relaxed) {
            let format = queue.format();
            // A source ends when the queue's format changes; the next one takes the new format.
            if let Some(format) = format
                && (sink.empty() || Some(format) != current)
            {
                sink.clear();
                sink.append(LiveSource::new(queue.clone(), format));
                sink.play();
                current = Some(format);
            }
            thread::sleep(Duration::from_millis(100));
        }
        sink.stop();
        drop(stream);
    }
}

/// An endless rodio source over the queue: silence while the queue is empty (so the device keeps
/// its clock), until the queue's format changes.
struct LiveSource {
    queue: Arc<AudioQueue>,
    format: Format,
    buffer: Vec<f32>,
    filled: usize,
    position: usize,
}

impl LiveSource {
    fn new(queue: Arc<AudioQueue>, format: Format) -> Self {
        // About 20 ms a batch keeps the lock rarely taken and the latency low.
        let batch = (format.rate as usize * usize::from(format.channels) / 50).max(64);
        Self {
            queue,
            format,
            buffer: vec![0.0; batch],
            filled: 0,
            position: 0,
        }
    }
}

impl Iterator for LiveSource {
    type Item = f32;

    fn next(&mut self) -> Option<f32> {
        if self.position >= self.filled {
            if self.queue.format() != Some(self.format) {
                return None;
            }
            let n = self.queue.take(self.format, &mut self.buffer);
            // A whole batch of silence on underrun (20 ms, whole frames, so channels stay aligned).
            let filled = if n == 0 { self.buffer.len() } else { n };
            for slot in &mut self.buffer[n..filled] {
                *slot = 0.0;
            }
            self.filled = filled;
            self.position = 0;
        }
        let sample = self.buffer[self.position];
        self.position += 1;
        Some(sample)
    }
}

impl rodio::Source for LiveSource {
    fn current_span_len(&self) -> Option<usize> {
        None
    }

    fn channels(&self) -> rodio::ChannelCount {
        self.format.channels
    }

    fn sample_rate(&self) -> rodio::SampleRate {
        self.format.rate
    }

    fn total_duration(&self) -> Option<Duration> {
        None
    }
}
