// A sound card for the desktop app that plays in real time and can be listened to: a private
// PulseAudio server with one null sink. The app's ALSA default device is routed to it (alsa-plugins'
// pulse PCM), so rodio's output is paced by the sink's clock exactly as by a real card, and `parec`
// records the sink's monitor, so a test can say what was heard and when.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** Samples per second of the recording (mono, 16-bit): enough to tell sound from silence. */
const RECORD_RATE = 8000;

/**
 * Starts `pulseaudio` with a null sink named `onda_test`. Returns `{ server, asoundrc, record(),
 * stop() }`: `server` is the PULSE_SERVER value for clients, `asoundrc` the ALSA configuration that
 * sends the default device there.
 */
export async function startNullSink() {
  const runtime = mkdtempSync(join(tmpdir(), 'onda-pulse-'));
  mkdirSync(join(runtime, 'pulse'));
  const socket = join(runtime, 'pulse/native');
  const server = `unix:${socket}`;
  const child = spawn(
    'pulseaudio',
    [
      '--daemonize=no',
      '--exit-idle-time=-1',
      '--use-pid-file=no',
      '-n',
      `--load=module-native-protocol-unix socket=${socket} auth-anonymous=1`,
      '--load=module-null-sink sink_name=onda_test rate=44100 channels=2',
    ],
    {
      env: { ...process.env, XDG_RUNTIME_DIR: runtime, HOME: runtime },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  let spawnError = null;
  child.once('error', (error) => (spawnError = error));
  const env = { ...process.env, PULSE_SERVER: server };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (spawnError)
      throw new Error(
        `pulseaudio could not start (${spawnError.message}): apt-get install pulseaudio`,
      );
    if (child.exitCode !== null) throw new Error(`pulseaudio exited: ${output}`);
    if (spawnSync('pactl', ['info'], { env, stdio: 'ignore' }).status === 0) break;
    if (Date.now() > deadline) throw new Error(`pulseaudio did not answer: ${output}`);
    await sleep(100);
  }
  return {
    server,
    asoundrc: 'pcm.!default { type pulse }\nctl.!default { type pulse }\n',
    /** Records the sink from now on; `stop()` returns what was heard. */
    record() {
      return startRecording(env);
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((ok) => (child.exitCode !== null ? ok() : child.once('exit', ok)));
      rmSync(runtime, { recursive: true, force: true });
    },
  };
}

function startRecording(env) {
  const child = spawn(
    'parec',
    ['-d', 'onda_test.monitor', '--raw', '--format=s16le', `--rate=${RECORD_RATE}`, '--channels=1'],
    { env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const chunks = [];
  let bytes = 0;
  // The wall-clock time of the recording's first sample, from the first chunk's arrival.
  let startedAt = null;
  child.stdout.on('data', (chunk) => {
    if (startedAt === null) startedAt = Date.now() - (chunk.length / 2 / RECORD_RATE) * 1000;
    chunks.push(chunk);
    bytes += chunk.length;
  });
  return {
    /** Ends the recording: `{ startedAt, rate, samples }` with a helper to measure sound. */
    async stop() {
      child.kill('SIGTERM');
      await new Promise((ok) => (child.exitCode !== null ? ok() : child.once('exit', ok)));
      const all = Buffer.concat(chunks, bytes);
      const samples = new Int16Array(all.buffer, all.byteOffset, Math.floor(all.length / 2));
      return new Recording(startedAt ?? Date.now(), RECORD_RATE, samples);
    },
  };
}

/** What the sink played, with wall-clock times. */
export class Recording {
  constructor(startedAt, rate, samples) {
    this.startedAt = startedAt;
    this.rate = rate;
    this.samples = samples;
  }

  /**
   * Seconds with sound between two wall-clock times (ms), in 100 ms windows whose peak is above
   * `floor` (of 32767): silence from a null sink is exact zeros, so any music counts.
   */
  soundSeconds(from = this.startedAt, to = this.startedAt + this.durationMs(), floor = 200) {
    const window = this.rate / 10;
    const first = Math.max(0, Math.floor(((from - this.startedAt) / 1000) * this.rate));
    const last = Math.min(
      this.samples.length,
      Math.floor(((to - this.startedAt) / 1000) * this.rate),
    );
    let windows = 0;
    for (let start = first; start + window <= last; start += window) {
      let peak = 0;
      for (let i = start; i < start + window; i += 1)
        peak = Math.max(peak, Math.abs(this.samples[i]));
      if (peak > floor) windows += 1;
    }
    return windows / 10;
  }

  durationMs() {
    return (this.samples.length / this.rate) * 1000;
  }
}
