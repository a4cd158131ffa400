//! The bundled alarm sound: a soft three-note chime (C major arpeggio, bell-like partials, slow
//! decay) synthesised in code, so it ships in the binary at no size cost and needs no file or
//! network. It is the last link of the alarm's chain and must always work.

use std::f32::consts::TAU;

pub const SAMPLE_RATE: u32 = 44_100;
pub const CHANNELS: u16 = 2;

/// One cycle of the chime (notes and a pause), interleaved stereo f32; the ringer loops it.
pub fn chime() -> Vec<f32> {
    // C5, E5, G5, then C6 held; seconds from the start.
    let notes: [(f32, f32); 4] = [(523.25, 0.0), (659.25, 0.35), (783.99, 0.7), (1046.5, 1.05)];
    let length = 3.0_f32;
    let frames = (length * SAMPLE_RATE as f32) as usize;
    let mut out = vec![0.0_f32; frames * 2];
    for (freq, start) in notes {
        let first = (start * SAMPLE_RATE as f32) as usize;
        for frame in first..frames {
            let t = (frame - first) as f32 / SAMPLE_RATE as f32;
            // A 5 ms attack avoids a click; the decay is a bell's.
            let envelope = (t / 0.005).min(1.0) * (-t * 2.2).exp();
            let tone = (TAU * freq * t).sin()
                + 0.35 * (TAU * freq * 2.0 * t).sin() * (-t * 4.0).exp()
                + 0.12 * (TAU * freq * 3.0 * t).sin() * (-t * 6.0).exp();
            let sample = 0.22 * envelope * tone;
            out[frame * 2] += sample;
            out[frame * 2 + 1] += sample;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chime_is_audible_and_never_clips() {
        let chime = chime();
        assert_eq!(chime.len(), 3 * 44_100 * 2);
        let peak = chime.iter().fold(0.0_f32, |m, s| m.max(s.abs()));
        assert!(peak > 0.2 && peak < 1.0, "peak {peak}");
        // It fades out by the end of the cycle, so the loop has no click.
        let tail = &chime[chime.len() - 200..];
        assert!(tail.iter().all(|s| s.abs() < 0.02));
    }
}
