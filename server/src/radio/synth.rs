//! Procedural music for the demo library: songs, the station jingle, commercial beds, the house ad and
//! the alarm tone, all deterministic from a seed string so every start renders the same files.
//!
//! A piece is a list of note events (bass, chords, melody, drums) composed from a key, a tempo, a chord
//! progression and song sections; each event is rendered only over its own span into a stereo f32
//! buffer, a small Schroeder reverb gives it a room, and the master is levelled and limited. Voices are
//! phase accumulators over one shared sine table (no `sin()` per sample), plucked strings are
//! Karplus–Strong, drums are pitch-swept sines and filtered noise — cheap enough that a test renders
//! seconds of music in a debug build in a fraction of a second.

use std::{f32::consts::TAU, sync::OnceLock};

/// Every demo item is rendered at 44.1 kHz stereo, the rate of the mounts.
pub const SAMPLE_RATE: u32 = 44_100;
const SR: f32 = SAMPLE_RATE as f32;

/// 16-bit interleaved PCM.
#[derive(Debug, Clone, PartialEq)]
pub struct Pcm {
    pub sample_rate: u32,
    pub channels: u16,
    pub samples: Vec<i16>,
}

impl Pcm {
    pub fn duration_secs(&self) -> f64 {
        let frames = self.samples.len() / usize::from(self.channels.max(1));
        frames as f64 / f64::from(self.sample_rate.max(1))
    }
}

/// The feel of a song.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Style {
    Pop,
    Rock,
    /// Bossa-nova groove: nylon guitar, rim clicks, seventh chords.
    Mpb,
    /// 1980s synth pop.
    Classic,
    /// Four on the floor.
    Dance,
    /// A slow ballad in three.
    Italian,
}

// ── Randomness ──────────────────────────────────────────────────────────────────────────────────

/// SplitMix64 seeded from the FNV-1a hash of the seed string: tiny, fast and the same everywhere.
struct Rng(u64);

impl Rng {
    fn new(seed: &str) -> Self {
        let mut hash = 0xcbf2_9ce4_8422_2325_u64;
        for byte in seed.bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        Self(hash)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn range(&mut self, low: f32, high: f32) -> f32 {
        low + (high - low) * self.unit()
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

// ── Oscillators ─────────────────────────────────────────────────────────────────────────────────

const TABLE_BITS: u32 = 12;
const TABLE_LEN: usize = 1 << TABLE_BITS;

fn sine_table() -> &'static [f32] {
    static TABLE: OnceLock<Vec<f32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..=TABLE_LEN)
            .map(|i| (i as f32 / TABLE_LEN as f32 * TAU).sin())
            .collect()
    })
}

/// sin(2π·phase) for a phase in cycles, by table lookup with linear interpolation.
#[inline]
fn sine(table: &[f32], phase: f32) -> f32 {
    let position = (phase - phase.floor()) * TABLE_LEN as f32;
    let index = position as usize;
    let frac = position - index as f32;
    let a = table[index];
    let b = table[index + 1];
    a + (b - a) * frac
}

fn midi_hz(note: f32) -> f32 {
    440.0 * ((note - 69.0) / 12.0).exp2()
}

/// The timbres of pitched notes.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Voice {
    /// Round sine bass with a touch of second harmonic.
    Bass,
    /// Soft additive pad (saw-like, few harmonics), slow attack.
    Pad,
    /// Electric piano: two-operator FM with a decaying index.
    Keys,
    /// Flute-ish lead: sine with vibrato and a breath of third harmonic.
    Lead,
    /// Bright FM bell (jingles, the alarm).
    Bell,
    /// Plucked string (Karplus–Strong); `bright` selects steel over nylon.
    Pluck { bright: bool },
    /// Square-ish synth lead for the 80s style.
    Synth,
}

#[derive(Debug, Clone, Copy)]
enum Drum {
    Kick,
    Snare,
    Rim,
    HatClosed,
    HatOpen,
    Clap,
}

#[derive(Debug, Clone, Copy)]
enum Sound {
    Tone { voice: Voice, note: f32 },
    Drum(Drum),
}

#[derive(Debug, Clone, Copy)]
struct Event {
    start: f32,
    length: f32,
    gain: f32,
    /// -1 left … 1 right.
    pan: f32,
    sound: Sound,
}

/// Adds events to a stereo buffer, each over its own span only.
struct Mixer {
    left: Vec<f32>,
    right: Vec<f32>,
    noise: u32,
}

impl Mixer {
    fn new(seconds: f32) -> Self {
        let frames = (seconds.max(0.1) * SR) as usize;
        Self {
            left: vec![0.0; frames],
            right: vec![0.0; frames],
            noise: 0x1234_5678,
        }
    }

    fn frames(&self) -> usize {
        self.left.len()
    }

    #[inline]
    fn white(&mut self) -> f32 {
        // xorshift32: plenty for hats and snares.
        self.noise ^= self.noise << 13;
        self.noise ^= self.noise >> 17;
        self.noise ^= self.noise << 5;
        (self.noise as f32 / u32::MAX as f32) * 2.0 - 1.0
    }

    fn add(&mut self, event: &Event) {
        let start = (event.start.max(0.0) * SR) as usize;
        if start >= self.frames() {
            return;
        }
        // Constant-power pan.
        let angle = (event.pan.clamp(-1.0, 1.0) + 1.0) * 0.25 * std::f32::consts::PI;
        let (gain_l, gain_r) = (angle.cos() * event.gain, angle.sin() * event.gain);
        match event.sound {
            Sound::Tone { voice, note } => {
                self.tone(voice, midi_hz(note), start, event.length, gain_l, gain_r)
            }
            Sound::Drum(drum) => self.drum(drum, start, gain_l, gain_r),
        }
    }

    fn tone(&mut self, voice: Voice, hz: f32, start: usize, length: f32, gain_l: f32, gain_r: f32) {
        if let Voice::Pluck { bright } = voice {
            self.pluck(hz, start, length, bright, gain_l, gain_r);
            return;
        }
        let table = sine_table();
        let (attack, release) = match voice {
            Voice::Pad => (0.25, 0.6),
            Voice::Lead => (0.04, 0.15),
            Voice::Synth => (0.01, 0.1),
            Voice::Bass => (0.008, 0.06),
            Voice::Keys | Voice::Bell => (0.004, 0.25),
            Voice::Pluck { .. } => (0.0, 0.0),
        };
        let held = length.max(attack);
        let total = ((held + release) * SR) as usize;
        let end = (start + total).min(self.frames());
        let step = hz / SR;
        let mut phase = 0.0f32;
        for (i, frame) in (start..end).enumerate() {
            let t = i as f32 / SR;
            let envelope = if t < attack {
                t / attack
            } else if t < held {
                1.0
            } else {
                1.0 - (t - held) / release
            };
            let value = match voice {
                Voice::Bass => {
                    let decay = 0.55 + 0.45 * (-t * 3.0).exp();
                    (sine(table, phase) + 0.25 * sine(table, phase * 2.0)) * decay
                }
                Voice::Pad => {
                    0.6 * sine(table, phase)
                        + 0.3 * sine(table, phase * 2.0 + 0.1)
                        + 0.15 * sine(table, phase * 3.0 + 0.2)
                        + 0.08 * sine(table, phase * 4.0 + 0.3)
                }
                Voice::Keys => {
                    let index = 1.6 * (-t * 6.0).exp() + 0.2;
                    let modulator = sine(table, phase * 1.0) * index;
                    sine(table, phase + modulator * 0.16) * (0.35 + 0.65 * (-t * 1.8).exp())
                }
                Voice::Lead => {
                    let vibrato = 0.004 * sine(table, t * 5.2) * (t * 2.0).min(1.0);
                    let p = phase * (1.0 + vibrato);
                    sine(table, p) + 0.12 * sine(table, p * 3.0)
                }
                Voice::Bell => {
                    let index = 2.4 * (-t * 3.5).exp();
                    let modulator = sine(table, phase * 3.5) * index;
                    sine(table, phase + modulator * 0.12) * (-t * 2.2).exp()
                }
                Voice::Synth => {
                    let s = sine(table, phase);
                    // A softened square: odd harmonics through a gentle saturator.
                    (s * 2.5).tanh() * 0.7 + 0.2 * sine(table, phase * 2.0)
                }
                Voice::Pluck { .. } => 0.0,
            };
            let sample = value * envelope.max(0.0);
            self.left[frame] += sample * gain_l;
            self.right[frame] += sample * gain_r;
            phase += step;
            if phase >= 1024.0 {
                phase -= 1024.0;
            }
        }
    }

    /// Karplus–Strong: a noise burst circulating in a delay line one period long, averaged each pass.
    fn pluck(&mut self, hz: f32, start: usize, length: f32, bright: bool, gain_l: f32, gain_r: f32) {
        let period = (SR / hz.max(20.0)).max(2.0) as usize;
        let mut line: Vec<f32> = (0..period).map(|_| self.white()).collect();
        // Nylon: pre-filter the excitation so the attack is soft.
        if !bright {
            for i in 1..period {
                line[i] = 0.5 * (line[i] + line[i - 1]);
            }
        }
        let damping = if bright { 0.498 } else { 0.4965 };
        let total = ((length + 0.8) * SR) as usize;
        let end = (start + total).min(self.frames());
        let release_at = (length * SR) as usize;
        let mut index = 0;
        for (i, frame) in (start..end).enumerate() {
            let next = (index + 1) % period;
            let value = line[index];
            line[index] = (line[index] + line[next]) * damping;
            index = next;
            let fade = if i > release_at {
                1.0 - (i - release_at) as f32 / (0.8 * SR)
            } else {
                1.0
            };
            // Short fade-in so the burst never clicks.
            let attack = (i as f32 / 40.0).min(1.0);
            let sample = value * fade.max(0.0) * attack;
            self.left[frame] += sample * gain_l;
            self.right[frame] += sample * gain_r;
        }
    }

    fn drum(&mut self, drum: Drum, start: usize, gain_l: f32, gain_r: f32) {
        let table = sine_table();
        let (seconds, _) = match drum {
            Drum::Kick => (0.45, ()),
            Drum::Snare | Drum::Clap => (0.25, ()),
            Drum::Rim => (0.06, ()),
            Drum::HatClosed => (0.06, ()),
            Drum::HatOpen => (0.3, ()),
        };
        let end = (start + (seconds * SR) as usize).min(self.frames());
        let mut phase = 0.0f32;
        let mut low = 0.0f32;
        for (i, frame) in (start..end).enumerate() {
            let t = i as f32 / SR;
            let noise = self.white();
            let value = match drum {
                Drum::Kick => {
                    let hz = 45.0 + 85.0 * (-t * 28.0).exp();
                    phase += hz / SR;
                    let click = if i < 60 {
                        noise * 0.3 * (1.0 - i as f32 / 60.0)
                    } else {
                        0.0
                    };
                    sine(table, phase) * (-t * 7.0).exp() + click
                }
                Drum::Snare => {
                    phase += 185.0 / SR;
                    0.45 * sine(table, phase) * (-t * 25.0).exp() + 0.55 * noise * (-t * 16.0).exp()
                }
                Drum::Clap => {
                    // Three quick bursts then a tail.
                    let burst = ((t * 90.0) as i32) < 3 && (t * 90.0).fract() < 0.6;
                    noise
                        * if burst {
                            0.9
                        } else {
                            (-(t - 0.033).max(0.0) * 18.0).exp() * 0.6
                        }
                }
                Drum::Rim => {
                    phase += 1650.0 / SR;
                    sine(table, phase) * (-t * 90.0).exp() + 0.3 * noise * (-t * 120.0).exp()
                }
                Drum::HatClosed | Drum::HatOpen => {
                    // High-pass: noise minus its low-passed self.
                    low += 0.35 * (noise - low);
                    let decay = if matches!(drum, Drum::HatClosed) {
                        60.0
                    } else {
                        9.0
                    };
                    (noise - low) * (-t * decay).exp()
                }
            };
            let fade_in = (i as f32 / 20.0).min(1.0);
            self.left[frame] += value * gain_l * fade_in;
            self.right[frame] += value * gain_r * fade_in;
        }
    }

    /// A light Schroeder reverb (four combs, two all-passes per side), mixed in at `wet`.
    fn reverb(&mut self, wet: f32) {
        fn channel(input: &[f32], combs: [usize; 4], allpasses: [usize; 2]) -> Vec<f32> {
            let mut out = vec![0.0f32; input.len()];
            for &delay in &combs {
                let mut line = vec![0.0f32; delay];
                let mut filtered = 0.0f32;
                let mut index = 0;
                for (o, &x) in out.iter_mut().zip(input) {
                    let y = line[index];
                    filtered = y * 0.7 + filtered * 0.3;
                    line[index] = x + filtered * 0.78;
                    index = if index + 1 == delay { 0 } else { index + 1 };
                    *o += y * 0.25;
                }
            }
            for &delay in &allpasses {
                let mut line = vec![0.0f32; delay];
                let mut index = 0;
                for o in out.iter_mut() {
                    let buffered = line[index];
                    let y = -*o + buffered;
                    line[index] = *o + buffered * 0.5;
                    index = if index + 1 == delay { 0 } else { index + 1 };
                    *o = y;
                }
            }
            out
        }
        let left = channel(&self.left, [1116, 1188, 1277, 1356], [556, 441]);
        let right = channel(&self.right, [1139, 1211, 1300, 1379], [579, 464]);
        for (dry, wet_sample) in self.left.iter_mut().zip(&left) {
            *dry += wet_sample * wet;
        }
        for (dry, wet_sample) in self.right.iter_mut().zip(&right) {
            *dry += wet_sample * wet;
        }
    }

    /// Fades, levels to a common loudness, limits peaks to -1 dBFS and converts to 16-bit PCM.
    fn master(mut self, fade_in: f32, fade_out: f32) -> Pcm {
        let frames = self.frames();
        let fade_in = ((fade_in * SR) as usize).max(1).min(frames);
        let fade_out = ((fade_out * SR) as usize).max(1).min(frames);
        for i in 0..frames {
            let mut gain = 1.0;
            if i < fade_in {
                gain *= i as f32 / fade_in as f32;
            }
            if i + fade_out > frames {
                let x = (frames - i) as f32 / fade_out as f32;
                gain *= x * x;
            }
            self.left[i] *= gain;
            self.right[i] *= gain;
        }
        let energy: f64 = self
            .left
            .iter()
            .chain(&self.right)
            .map(|&s| f64::from(s) * f64::from(s))
            .sum();
        let rms = (energy / (2 * frames.max(1)) as f64).sqrt() as f32;
        // About -16 dBFS RMS: broadcast-like loudness with room for the limiter.
        let level = if rms > 1e-6 { 0.16 / rms } else { 1.0 };
        let ceiling = 0.89; // -1 dBFS
        let mut samples = Vec::with_capacity(frames * 2);
        for i in 0..frames {
            for value in [self.left[i], self.right[i]] {
                let x = value * level;
                // Soft knee above 0.6 that never exceeds the ceiling.
                let y = if x.abs() <= 0.6 {
                    x
                } else {
                    x.signum() * (0.6 + (ceiling - 0.6) * ((x.abs() - 0.6) / (ceiling - 0.6)).tanh())
                };
                samples.push((y * 32767.0) as i16);
            }
        }
        Pcm {
            sample_rate: SAMPLE_RATE,
            channels: 2,
            samples,
        }
    }
}

// ── Composition ─────────────────────────────────────────────────────────────────────────────────

const MAJOR: [i32; 7] = [0, 2, 4, 5, 7, 9, 11];
const MINOR: [i32; 7] = [0, 2, 3, 5, 7, 8, 10];

/// Chord progressions as scale degrees (0 = I).
const PROGRESSIONS_MAJOR: &[[usize; 4]] = &[
    [0, 4, 5, 3],
    [5, 3, 0, 4],
    [0, 5, 3, 4],
    [0, 3, 4, 3],
    [1, 4, 0, 5],
];
const PROGRESSIONS_MINOR: &[[usize; 4]] = &[[0, 5, 2, 6], [0, 3, 4, 0], [0, 6, 5, 6], [0, 3, 6, 2]];

struct Song {
    root: i32,
    scale: [i32; 7],
    bpm: f32,
    beats_per_bar: usize,
    progression: [usize; 4],
    chorus_progression: [usize; 4],
    sevenths: bool,
}

impl Song {
    fn beat(&self) -> f32 {
        60.0 / self.bpm
    }

    fn bar(&self) -> f32 {
        self.beat() * self.beats_per_bar as f32
    }

    /// MIDI note of a scale degree (any integer; octaves wrap).
    fn degree(&self, degree: i32) -> i32 {
        let octave = degree.div_euclid(7);
        self.root + self.scale[degree.rem_euclid(7) as usize] + 12 * octave
    }

    /// Chord tones (degrees) of the chord on `degree`: triad, plus the seventh when the style likes it.
    fn chord(&self, degree: usize) -> Vec<i32> {
        let d = degree as i32;
        let mut tones = vec![d, d + 2, d + 4];
        if self.sevenths {
            tones.push(d + 6);
        }
        tones
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Section {
    Intro,
    Verse,
    Chorus,
    Bridge,
}

/// Section of each bar: intro, then verse/chorus pairs with a bridge, ending on a chorus.
fn sections(bars: usize) -> Vec<Section> {
    let mut plan = Vec::with_capacity(bars);
    let pattern = [
        (Section::Intro, 2),
        (Section::Verse, 8),
        (Section::Chorus, 8),
        (Section::Verse, 8),
        (Section::Chorus, 8),
        (Section::Bridge, 4),
        (Section::Chorus, 8),
    ];
    let mut index = 0;
    while plan.len() < bars {
        let (section, length) = if index < pattern.len() {
            pattern[index]
        } else if (index - pattern.len()) % 2 == 0 {
            (Section::Verse, 8)
        } else {
            (Section::Chorus, 8)
        };
        plan.extend(std::iter::repeat_n(section, length));
        index += 1;
    }
    plan.truncate(bars);
    // Short pieces still end on their chorus.
    if bars >= 4 {
        let tail = bars.min(4);
        for section in plan.iter_mut().skip(bars - tail) {
            if *section != Section::Intro {
                *section = Section::Chorus;
            }
        }
    }
    plan
}

/// A melodic motif: (beat offset within the bar, length in beats, step from the chord root in scale
/// degrees). Repeated per section, so the tune has a recognisable shape.
type Motif = Vec<(f32, f32, i32)>;

fn motif(rng: &mut Rng, beats_per_bar: usize, busy: bool) -> Motif {
    let mut notes = Vec::new();
    let mut beat: f32 = if rng.unit() < 0.4 { 0.5 } else { 0.0 };
    let mut step = *rng.pick(&[0, 2, 4]);
    while beat < beats_per_bar as f32 - 0.25 {
        let length: f32 = if busy {
            *rng.pick(&[0.5, 0.5, 1.0, 0.75])
        } else {
            *rng.pick(&[1.0, 1.0, 1.5, 2.0, 0.5])
        };
        let length = length.min(beats_per_bar as f32 - beat);
        notes.push((beat, length * 0.92, step));
        beat += length;
        // Mostly steps, sometimes leaps, pulled back towards the chord.
        step += *rng.pick(&[-1, 1, 1, -2, 2, 0, 3, -3]);
        step = step.clamp(-2, 7);
    }
    notes
}

/// Composes and renders a song.
pub fn render_song(seed: &str, style: Style, seconds: f32) -> Pcm {
    let mut rng = Rng::new(&format!("song|{seed}|{style:?}"));
    let minor = match style {
        Style::Dance | Style::Classic => rng.unit() < 0.5,
        Style::Italian | Style::Rock => rng.unit() < 0.35,
        _ => rng.unit() < 0.2,
    };
    let (bpm_low, bpm_high, beats_per_bar) = match style {
        Style::Pop => (92.0, 118.0, 4),
        Style::Rock => (108.0, 136.0, 4),
        Style::Mpb => (128.0, 146.0, 4),
        Style::Classic => (104.0, 122.0, 4),
        Style::Dance => (120.0, 128.0, 4),
        Style::Italian => (72.0, 92.0, 3),
    };
    let progressions = if minor {
        PROGRESSIONS_MINOR
    } else {
        PROGRESSIONS_MAJOR
    };
    let song = Song {
        root: 45 + rng.below(10) as i32,
        scale: if minor { MINOR } else { MAJOR },
        bpm: rng.range(bpm_low, bpm_high).round(),
        beats_per_bar,
        progression: *rng.pick(progressions),
        chorus_progression: *rng.pick(progressions),
        sevenths: matches!(style, Style::Mpb) || (matches!(style, Style::Pop) && rng.unit() < 0.3),
    };
    let seconds = seconds.max(1.0);
    let bars = (seconds / song.bar()).ceil() as usize + 1;
    let plan = sections(bars);
    let verse_motifs = [
        motif(
            &mut rng,
            beats_per_bar,
            matches!(style, Style::Dance | Style::Rock),
        ),
        motif(&mut rng, beats_per_bar, false),
    ];
    let chorus_motifs = [
        motif(&mut rng, beats_per_bar, true),
        motif(&mut rng, beats_per_bar, false),
    ];
    let lead_voice = match style {
        Style::Classic | Style::Dance => Voice::Synth,
        Style::Italian => Voice::Lead,
        Style::Mpb => *rng.pick(&[Voice::Lead, Voice::Keys]),
        Style::Rock => Voice::Pluck { bright: true },
        Style::Pop => *rng.pick(&[Voice::Lead, Voice::Synth, Voice::Bell]),
    };
    let chord_voice = match style {
        Style::Mpb => Voice::Pluck { bright: false },
        Style::Rock => Voice::Pluck { bright: true },
        Style::Italian => *rng.pick(&[Voice::Pad, Voice::Keys]),
        Style::Classic | Style::Dance => Voice::Pad,
        Style::Pop => *rng.pick(&[Voice::Keys, Voice::Pad]),
    };

    let mut events = Vec::new();
    let beat = song.beat();
    for (bar, section) in plan.iter().enumerate() {
        let t0 = bar as f32 * song.bar();
        if t0 >= seconds {
            break;
        }
        let progression = if *section == Section::Chorus {
            song.chorus_progression
        } else {
            song.progression
        };
        let chord_degree = progression[bar % 4];
        let chord = song.chord(chord_degree);
        let energy = match section {
            Section::Intro => 0.5,
            Section::Verse => 0.8,
            Section::Bridge => 0.7,
            Section::Chorus => 1.0,
        };

        // Chords: held pads, struck keys, strummed or picked strings.
        match chord_voice {
            Voice::Pluck { bright } => {
                let hits: &[f32] = if bright {
                    &[0.0, 1.5, 2.0, 3.0]
                } else {
                    // Bossa: syncopated comping.
                    &[0.0, 1.5, 2.5, 3.0]
                };
                for &hit in hits.iter().filter(|h| **h < beats_per_bar as f32) {
                    for (i, tone) in chord.iter().enumerate() {
                        events.push(Event {
                            start: t0 + hit * beat + i as f32 * 0.012,
                            length: beat * 0.9,
                            gain: 0.11 * energy,
                            pan: -0.3 + 0.2 * i as f32,
                            sound: Sound::Tone {
                                voice: chord_voice,
                                note: (song.degree(*tone) + 12) as f32,
                            },
                        });
                    }
                }
            }
            Voice::Keys => {
                for hit in [0.0, 2.0].into_iter().filter(|h| *h < beats_per_bar as f32) {
                    for (i, tone) in chord.iter().enumerate() {
                        events.push(Event {
                            start: t0 + hit * beat,
                            length: beat * 1.8,
                            gain: 0.08 * energy,
                            pan: -0.25 + 0.17 * i as f32,
                            sound: Sound::Tone {
                                voice: Voice::Keys,
                                note: (song.degree(*tone) + 12) as f32,
                            },
                        });
                    }
                }
            }
            _ => {
                for (i, tone) in chord.iter().enumerate() {
                    events.push(Event {
                        start: t0,
                        length: song.bar() * 0.98,
                        gain: 0.06 * energy,
                        pan: -0.5 + 0.33 * i as f32,
                        sound: Sound::Tone {
                            voice: Voice::Pad,
                            note: (song.degree(*tone) + 12) as f32,
                        },
                    });
                }
            }
        }

        // Bass: the root, in the style's rhythm.
        let bass_pattern: &[(f32, i32)] = match style {
            Style::Dance => &[(0.5, 0), (1.5, 0), (2.5, 0), (3.5, 7)],
            Style::Rock => &[(0.0, 0), (1.0, 0), (2.0, 0), (2.5, 0), (3.0, 4)],
            Style::Mpb => &[(0.0, 0), (1.5, 4), (2.0, 4), (3.5, 0)],
            Style::Italian => &[(0.0, 0), (2.0, 4)],
            Style::Classic => &[
                (0.0, 0),
                (0.5, 0),
                (1.0, 0),
                (1.5, 0),
                (2.0, 0),
                (2.5, 0),
                (3.0, 0),
                (3.5, 0),
            ],
            Style::Pop => &[(0.0, 0), (1.5, 0), (2.0, 4), (3.0, 0)],
        };
        if *section != Section::Intro || bar % 2 == 1 {
            for &(at, step) in bass_pattern {
                if at >= beats_per_bar as f32 {
                    continue;
                }
                events.push(Event {
                    start: t0 + at * beat,
                    length: beat * 0.45,
                    gain: 0.32,
                    pan: 0.0,
                    sound: Sound::Tone {
                        voice: Voice::Bass,
                        note: (song.degree(chord_degree as i32 + step) - 12) as f32,
                    },
                });
            }
        }

        // Melody: the section's motif on the current chord, resting in the intro.
        if *section != Section::Intro {
            let motifs = if *section == Section::Chorus {
                &chorus_motifs
            } else {
                &verse_motifs
            };
            let motif = &motifs[(bar / 2) % 2];
            let lift = if *section == Section::Chorus { 7 } else { 0 };
            for &(at, length, step) in motif {
                events.push(Event {
                    start: t0 + at * beat,
                    length: length * beat,
                    gain: 0.16,
                    pan: 0.15,
                    sound: Sound::Tone {
                        voice: lead_voice,
                        note: (song.degree(chord_degree as i32 + step + lift) + 12) as f32,
                    },
                });
            }
        }

        // Drums.
        let full = *section != Section::Intro;
        let hits: Vec<(f32, Drum, f32)> = match style {
            Style::Dance => {
                let mut hits: Vec<(f32, Drum, f32)> = (0..4).map(|b| (b as f32, Drum::Kick, 0.9)).collect();
                if full {
                    hits.extend((0..4).map(|b| (b as f32 + 0.5, Drum::HatOpen, 0.25)));
                    hits.extend([(1.0, Drum::Clap, 0.45), (3.0, Drum::Clap, 0.45)]);
                }
                hits
            }
            Style::Mpb => {
                let mut hits = vec![(0.0, Drum::Kick, 0.5), (2.0, Drum::Kick, 0.5)];
                if full {
                    hits.extend(
                        [0.0, 1.5, 3.0, 4.5, 6.0]
                            .iter()
                            .map(|eighth| (eighth * 0.5 + (bar % 2) as f32 * 0.5, Drum::Rim, 0.35)),
                    );
                    hits.extend((0..8).map(|e| (e as f32 * 0.5, Drum::HatClosed, 0.12)));
                }
                hits
            }
            Style::Italian => {
                if full {
                    vec![
                        (0.0, Drum::Kick, 0.45),
                        (1.0, Drum::HatClosed, 0.12),
                        (2.0, Drum::HatClosed, 0.12),
                    ]
                } else {
                    Vec::new()
                }
            }
            Style::Rock | Style::Pop | Style::Classic => {
                let mut hits = vec![(0.0, Drum::Kick, 0.85), (2.0, Drum::Kick, 0.8)];
                if matches!(style, Style::Rock) {
                    hits.push((2.5, Drum::Kick, 0.6));
                }
                if full {
                    hits.extend([(1.0, Drum::Snare, 0.55), (3.0, Drum::Snare, 0.55)]);
                    let hat_gain = if matches!(style, Style::Rock) { 0.2 } else { 0.14 };
                    hits.extend((0..8).map(|e| (e as f32 * 0.5, Drum::HatClosed, hat_gain)));
                }
                hits
            }
        };
        for (at, drum, gain) in hits {
            if at < beats_per_bar as f32 {
                events.push(Event {
                    start: t0 + at * beat,
                    length: 0.0,
                    gain: gain * energy.max(0.7),
                    pan: match drum {
                        Drum::HatClosed | Drum::HatOpen => 0.35,
                        Drum::Rim => -0.25,
                        _ => 0.0,
                    },
                    sound: Sound::Drum(drum),
                });
            }
        }
    }
    render(events, seconds, 0.18, seconds.min(40.0) * 0.07 + 0.3)
}

fn render(events: Vec<Event>, seconds: f32, wet: f32, fade_out: f32) -> Pcm {
    let mut mixer = Mixer::new(seconds);
    for event in &events {
        mixer.add(event);
    }
    mixer.reverb(wet);
    mixer.master(0.02, fade_out)
}

/// A rising arpeggio over the tonic in a bell timbre, a pad swell and a closing chime: the station's
/// sonic logo, between songs and at the start of breaks.
pub fn render_station_id(seed: &str, seconds: f32) -> Pcm {
    let mut rng = Rng::new(&format!("jingle|{seed}"));
    let seconds = seconds.max(1.5);
    let root = 60 + rng.below(5) as i32;
    let steps = [0, 4, 7, 12, 16, 19, 24];
    let span = (seconds * 0.45).min(2.0);
    let mut events = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        events.push(Event {
            start: 0.05 + span * i as f32 / steps.len() as f32,
            length: 0.3,
            gain: 0.22,
            pan: -0.6 + 1.2 * i as f32 / steps.len() as f32,
            sound: Sound::Tone {
                voice: Voice::Bell,
                note: (root + step) as f32,
            },
        });
    }
    for (i, step) in [0, 4, 7, 11].iter().enumerate() {
        events.push(Event {
            start: 0.0,
            length: seconds - 0.8,
            gain: 0.07,
            pan: -0.4 + 0.27 * i as f32,
            sound: Sound::Tone {
                voice: Voice::Pad,
                note: (root - 12 + step) as f32,
            },
        });
    }
    let chime = span + 0.15;
    for step in [12, 19, 24, 28] {
        events.push(Event {
            start: chime,
            length: seconds - chime - 0.3,
            gain: 0.14,
            pan: 0.0,
            sound: Sound::Tone {
                voice: Voice::Bell,
                note: (root + step) as f32,
            },
        });
    }
    events.push(Event {
        start: chime,
        length: 0.0,
        gain: 0.5,
        pan: 0.0,
        sound: Sound::Drum(Drum::Kick),
    });
    render(events, seconds, 0.3, (seconds * 0.3).min(1.5))
}

/// An advertiser's spot bed: an attention sting, then a bright, busy loop that leaves room for a
/// voice, and a closing sting. Distinct per seed.
pub fn render_commercial(seed: &str, seconds: f32) -> Pcm {
    let seconds = seconds.max(3.0);
    let mut rng = Rng::new(&format!("spot|{seed}"));
    let style = *rng.pick(&[Style::Pop, Style::Dance, Style::Classic]);
    let bed = render_song(&format!("spot-bed|{seed}"), style, seconds);
    let sting = render_station_id(&format!("spot-sting|{seed}"), 2.0);
    overlay(
        bed,
        &[(&sting, 0.0, 0.8), (&sting, (seconds - 2.2).max(0.0), 0.6)],
    )
}

/// The house preroll: the station's sting over a short upbeat bed.
pub fn render_ad_spot(seconds: f32) -> Pcm {
    let seconds = seconds.max(3.0);
    let bed = render_song("house-ad", Style::Pop, seconds);
    let sting = render_station_id("house-ad", 2.5);
    overlay(
        bed,
        &[(&sting, 0.0, 0.9), (&sting, (seconds - 2.7).max(0.0), 0.7)],
    )
}

/// A gentle wake-up: a four-note marimba-like figure repeating and slowly growing louder and higher.
pub fn render_alarm_tone(seconds: f32) -> Pcm {
    let seconds = seconds.max(2.0);
    let figure = [0, 4, 7, 12, 7, 4];
    let step = 0.22;
    let mut events = Vec::new();
    let mut t = 0.1;
    let mut i = 0usize;
    while t < seconds - 0.5 {
        let progress = t / seconds;
        let octave = if progress > 0.6 { 12 } else { 0 };
        events.push(Event {
            start: t,
            length: 0.18,
            gain: 0.08 + 0.2 * progress,
            pan: if i.is_multiple_of(2) { -0.2 } else { 0.2 },
            sound: Sound::Tone {
                voice: Voice::Bell,
                note: (67 + figure[i % figure.len()] + octave) as f32,
            },
        });
        t += if (i + 1).is_multiple_of(figure.len()) {
            step * 3.0
        } else {
            step
        };
        i += 1;
    }
    // No levelling here would lose the crescendo: render, then scale the whole to a fixed peak.
    let mut mixer = Mixer::new(seconds);
    for event in &events {
        mixer.add(event);
    }
    mixer.reverb(0.25);
    mixer.master(0.01, 0.4)
}

/// Mixes `(pcm, at_seconds, gain)` layers over `base` (same rate and channels), re-limited.
fn overlay(base: Pcm, layers: &[(&Pcm, f32, f32)]) -> Pcm {
    let frames = base.samples.len() / 2;
    let mut mixer = Mixer::new(frames as f32 / SR);
    for (i, pair) in base.samples.chunks_exact(2).enumerate().take(mixer.frames()) {
        mixer.left[i] = f32::from(pair[0]) / 32768.0;
        mixer.right[i] = f32::from(pair[1]) / 32768.0;
    }
    for (layer, at, gain) in layers {
        let offset = (at * SR) as usize;
        for (i, pair) in layer.samples.chunks_exact(2).enumerate() {
            let Some(slot) = (offset + i < mixer.frames()).then_some(offset + i) else {
                break;
            };
            mixer.left[slot] += f32::from(pair[0]) / 32768.0 * gain;
            mixer.right[slot] += f32::from(pair[1]) / 32768.0 * gain;
        }
    }
    mixer.master(0.005, 0.3)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn rms(pcm: &Pcm) -> f64 {
        let sum: f64 = pcm.samples.iter().map(|&s| f64::from(s) * f64::from(s)).sum();
        (sum / pcm.samples.len() as f64).sqrt() / 32768.0
    }

    fn peak(pcm: &Pcm) -> i32 {
        pcm.samples.iter().map(|&s| i32::from(s).abs()).max().unwrap_or(0)
    }

    /// The longest run of near-silent 50 ms windows, in seconds.
    fn longest_silence(pcm: &Pcm) -> f64 {
        let window = (SAMPLE_RATE / 20) as usize * 2;
        let mut longest = 0;
        let mut run = 0;
        for chunk in pcm.samples.chunks(window) {
            let loud = chunk.iter().map(|&s| i32::from(s).abs()).max().unwrap_or(0);
            if loud < 300 {
                run += 1;
                longest = longest.max(run);
            } else {
                run = 0;
            }
        }
        longest as f64 * 0.05
    }

    #[test]
    fn songs_are_deterministic_and_distinct() {
        let a = render_song("aguas-de-marco", Style::Mpb, 4.0);
        assert_eq!(a, render_song("aguas-de-marco", Style::Mpb, 4.0));
        let b = render_song("sina", Style::Mpb, 4.0);
        assert_ne!(a.samples, b.samples);
        assert_eq!(a.channels, 2);
        assert!((a.duration_secs() - 4.0).abs() < 0.01);
    }

    #[test]
    fn every_style_is_loud_enough_unclipped_and_never_silent_long() {
        for style in [
            Style::Pop,
            Style::Rock,
            Style::Mpb,
            Style::Classic,
            Style::Dance,
            Style::Italian,
        ] {
            let pcm = render_song("teste", style, 8.0);
            let level = rms(&pcm);
            assert!((0.08..0.3).contains(&level), "{style:?}: rms {level}");
            assert!(peak(&pcm) <= 29_200, "{style:?}: peak {}", peak(&pcm));
            // The fade at the end is the only quiet part.
            assert!(
                longest_silence(&pcm) < 1.0,
                "{style:?}: silence {}",
                longest_silence(&pcm)
            );
        }
    }

    #[test]
    fn jingles_spots_ad_and_alarm_render() {
        for (name, pcm, seconds) in [
            ("jingle", render_station_id("Onda FM", 6.0), 6.0),
            ("spot", render_commercial("padaria-pao-quente", 20.0), 20.0),
            ("ad", render_ad_spot(10.0), 10.0),
            ("alarm", render_alarm_tone(8.0), 8.0),
        ] {
            assert!((pcm.duration_secs() - seconds).abs() < 0.01, "{name}");
            assert!(rms(&pcm) > 0.03, "{name}: rms {}", rms(&pcm));
            assert!(peak(&pcm) <= 29_200, "{name}");
        }
        assert_ne!(
            render_commercial("a", 5.0).samples,
            render_commercial("b", 5.0).samples
        );
    }

    #[test]
    fn rendering_is_fast() {
        let started = std::time::Instant::now();
        let pcm = render_song("velocidade", Style::Pop, 8.0);
        let elapsed = started.elapsed();
        assert!(pcm.duration_secs() > 7.9);
        // Generous even for a debug build on a busy CI core.
        assert!(elapsed.as_secs_f64() < 4.0, "8 s of audio took {elapsed:?}");
    }
}
