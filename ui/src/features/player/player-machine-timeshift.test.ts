/**
 * The state machine's timeshift: a stream with an HLS source, on an engine that can play it, heard
 * behind live (pause and resume from the paused instant, back 30 s, a song's or programme's start,
 * the seek bar, 'Ao vivo', the mount as the fallback). A scripted engine plays the audio system's
 * part, fake timers the clock.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PAUSE_STOP_BUFFERING_MS,
  STALL_RECONNECT_MS,
  TIMESHIFT_WINDOW_DEFAULT_MS,
  TIMESHIFT_WINDOW_MARGIN_MS,
} from '@/lib/constants';
import { isBehindLive } from './player-machine';
import {
  MAIN,
  MAIN_STREAM,
  PUBLIC_STREAMS,
  SEMI_STREAM,
  TIMESHIFT_STREAMS,
  withTimeshift,
} from './testing/fixtures';
import { ScriptedPreroll, scriptedAd, setupMachine } from './testing/machine-setup';
import type { ScriptedEngine, ScriptedTimeshift } from './testing/scripted-engine';

const HLS = `/hls/${MAIN}.m3u8`;
const START = new Date('2026-11-22T13:00:00Z').getTime();
const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});

async function flush() {
  await Promise.resolve();
  await Promise.resolve();
}

/** The scripted engine's timeshift side (the engines here are built with it). */
function timeshiftOf(engine: ScriptedEngine): ScriptedTimeshift {
  if (!engine.timeshift) throw new Error('an engine without timeshift');
  return engine.timeshift;
}

/** The main stream with its HLS source, playing live on the mount with 2 s in the buffer. */
function playingLive(options: Parameters<typeof setupMachine>[0] = {}) {
  const setup = setupMachine({ streams: TIMESHIFT_STREAMS, timeshift: true, ...options });
  setup.engine.latencyMs = 2000;
  setup.machine.playLive();
  setup.engine.started();
  return setup;
}

describe('timeshift is offered', () => {
  it('for a stream with an HLS source on an engine that plays it; not otherwise', () => {
    expect(setupMachine({ timeshift: true }).machine.getSnapshot().timeshift).toBeNull();
    expect(setupMachine({ streams: TIMESHIFT_STREAMS }).machine.getSnapshot().timeshift).toBeNull();
    const { machine, engine } = setupMachine({ streams: TIMESHIFT_STREAMS, timeshift: true });
    expect(machine.getSnapshot().timeshift).toEqual({
      shifted: false,
      seekMs: null,
      seekSeq: 0,
      pausedAtMs: null,
    });
    machine.prepareTimeshift();
    expect(engine.calls).toEqual(['prepare']);
  });

  it('an engine that cannot play HLS here (no Media Source, no dated native HLS): none', () => {
    const { machine, engine } = setupMachine({
      streams: TIMESHIFT_STREAMS,
      timeshift: 'unavailable',
    });
    expect(machine.getSnapshot().timeshift).toBeNull();
    machine.seekTo(START - MINUTE);
    machine.rewind();
    expect(engine.calls).toEqual([]);
  });

  it('live playback keeps to the mounts: the HLS source is never a live source', () => {
    const { machine, engine } = setupMachine({ streams: TIMESHIFT_STREAMS, timeshift: true });
    engine.playableTypes.add('application/vnd.apple.mpegurl');
    machine.playLive();
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    engine.fail('unsupported');
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.mp3`);
    engine.fail('unsupported');
    // The mounts ran out: retries of the last one, not the HLS source.
    expect(engine.loads.every((url) => url.startsWith('/stream/'))).toBe(true);
    expect(engine.timeshiftCalls).toEqual([]);
  });
});

describe('pause and resume', () => {
  it('resumes from the instant heard when paused: the HLS source at now − buffer', () => {
    const { machine, engine } = playingLive();
    vi.advanceTimersByTime(MINUTE);
    const heard = Date.now() - 2000;
    machine.toggleLive();
    expect(machine.getSnapshot().timeshift?.pausedAtMs).toBe(heard);
    vi.advanceTimersByTime(PAUSE_STOP_BUFFERING_MS);
    expect(engine.calls.at(-1)).toBe('stopBuffering');
    expect(isBehindLive(machine.getSnapshot())).toBe(true);

    vi.advanceTimersByTime(5 * MINUTE);
    expect(machine.timeshiftPosition()).toEqual({
      atMs: heard,
      liveMs: Date.now(),
      startMs: Date.now() - TIMESHIFT_WINDOW_DEFAULT_MS,
    });
    machine.toggleLive();
    expect(engine.timeshiftCalls).toEqual([`loadAt ${HLS} ${heard}`]);
    expect(engine.calls.at(-1)).toBe('play');
    expect(machine.getSnapshot()).toMatchObject({
      status: 'loading',
      shouldBePlaying: true,
      src: HLS,
      timeshift: { shifted: true, seekMs: heard, seekSeq: 1, pausedAtMs: null },
    });
    engine.started();
    expect(machine.getSnapshot().status).toBe('playing');
    // 5 min 3 s behind (the pause) plus the mount's 2 s buffer, as heard.
    vi.advanceTimersByTime(10_000);
    timeshiftOf(engine).dateMs = heard + 10_000;
    const position = machine.timeshiftPosition();
    expect(position && position.liveMs - position.atMs).toBe(
      5 * MINUTE + PAUSE_STOP_BUFFERING_MS + 2000,
    );
  });

  it('a pause shorter than 10 s rejoins the live edge on the mount, as without timeshift', () => {
    const { machine, engine } = playingLive();
    machine.toggleLive();
    vi.advanceTimersByTime(5000);
    machine.toggleLive();
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    expect(engine.loads).toHaveLength(2);
    expect(engine.timeshiftCalls).toEqual([]);
    expect(machine.getSnapshot().timeshift).toMatchObject({ shifted: false, pausedAtMs: null });
  });

  it('behind live, a short pause resumes the loaded HLS source; a long one loads it again', () => {
    const { machine, engine } = playingLive();
    machine.rewind();
    engine.started();
    const loadsBefore = engine.calls.length;
    timeshiftOf(engine).dateMs = START - 2000 - 30_000 + 4000;
    machine.toggle();
    expect(machine.getSnapshot().timeshift?.pausedAtMs).toBe(START - 28_000);
    vi.advanceTimersByTime(1000);
    machine.toggle();
    // Within the 3 s the buffer is still there: play, nothing loaded.
    expect(engine.calls.slice(loadsBefore)).toEqual(['pause', 'play']);
    engine.started();
    vi.advanceTimersByTime(PAUSE_STOP_BUFFERING_MS);
    expect(engine.calls.at(-1)).toBe('play');

    timeshiftOf(engine).dateMs = START - 20_000;
    machine.toggle();
    vi.advanceTimersByTime(PAUSE_STOP_BUFFERING_MS);
    expect(engine.calls.at(-1)).toBe('stopBuffering');
    vi.advanceTimersByTime(MINUTE);
    machine.toggle();
    expect(engine.timeshiftCalls.at(-1)).toBe(`loadAt ${HLS} ${START - 20_000}`);
  });

  it('an instant that left the window resumes live, with a notice', () => {
    const { machine, engine, messages } = playingLive();
    machine.toggleLive();
    vi.advanceTimersByTime(TIMESHIFT_WINDOW_DEFAULT_MS + MINUTE);
    machine.toggleLive();
    expect(messages).toEqual([{ kind: 'timeshift-expired' }]);
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    expect(machine.getSnapshot().timeshift).toMatchObject({ shifted: false, pausedAtMs: null });
  });

  it('nothing of the radio heard yet (the mount loading): no instant to carry on from', () => {
    const { machine, engine } = setupMachine({ streams: TIMESHIFT_STREAMS, timeshift: true });
    machine.playLive();
    machine.pause();
    expect(machine.getSnapshot().timeshift?.pausedAtMs).toBeNull();
    vi.advanceTimersByTime(MINUTE);
    machine.toggleLive();
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
  });
});

describe('seeking', () => {
  it('back 30 s from live loads the HLS source at the instant heard − 30 s', () => {
    const { machine, engine } = playingLive();
    vi.advanceTimersByTime(MINUTE);
    machine.rewind();
    const target = Date.now() - 2000 - 30_000;
    expect(engine.timeshiftCalls).toEqual([`loadAt ${HLS} ${target}`]);
    expect(machine.getSnapshot()).toMatchObject({
      status: 'loading',
      src: HLS,
      timeshift: { shifted: true, seekMs: target, seekSeq: 1 },
    });
    expect(isBehindLive(machine.getSnapshot())).toBe(true);
    // While it loads, the position is the target.
    expect(machine.timeshiftPosition()?.atMs).toBe(target);
  });

  it('back 30 s again moves the loaded source from what it plays: no new load', () => {
    const { machine, engine } = playingLive();
    machine.rewind();
    engine.started();
    vi.advanceTimersByTime(10_000);
    timeshiftOf(engine).dateMs = START - 32_000 + 10_000;
    machine.rewind();
    expect(engine.timeshiftCalls).toEqual([
      `loadAt ${HLS} ${START - 32_000}`,
      `seekTo ${START - 52_000}`,
    ]);
    expect(engine.loads).toHaveLength(1);
    expect(machine.getSnapshot()).toMatchObject({
      status: 'playing',
      timeshift: { shifted: true, seekMs: START - 52_000, seekSeq: 2 },
    });
  });

  it('a seek while paused plays from there', async () => {
    const { machine, engine } = playingLive();
    machine.rewind();
    engine.started();
    machine.pause();
    machine.seekTo(START - 5 * MINUTE);
    await flush();
    expect(engine.calls.slice(-2)).toEqual([`seekTo ${START - 5 * MINUTE}`, 'play']);
    expect(machine.getSnapshot()).toMatchObject({
      shouldBePlaying: true,
      status: 'loading',
      timeshift: { pausedAtMs: null, seekMs: START - 5 * MINUTE },
    });
    vi.advanceTimersByTime(PAUSE_STOP_BUFFERING_MS);
    expect(engine.calls).not.toContain('stopBuffering');
  });

  it('clamps to the window the playlist tells, carried forward with time', () => {
    const { machine, engine } = playingLive();
    machine.rewind();
    engine.started();
    // A station on air for 20 minutes: its window is 20 minutes, not the default 2 hours.
    timeshiftOf(engine).windowNow = { startMs: START - 20 * MINUTE, endMs: START - 3000 };
    engine.progress(1, null);
    vi.advanceTimersByTime(MINUTE);
    expect(machine.timeshiftPosition()).toMatchObject({
      startMs: START - 20 * MINUTE,
      liveMs: START - 3000 + MINUTE,
    });
    // The start of a song that began before the window: its oldest segment, and a little more.
    machine.seekTo(START - 45 * MINUTE);
    expect(engine.timeshiftCalls.at(-1)).toBe(
      `seekTo ${START - 20 * MINUTE + TIMESHIFT_WINDOW_MARGIN_MS}`,
    );
  });

  it('on the mount, the window is never older than 2 hours before now', () => {
    const { machine, engine } = playingLive();
    machine.seekTo(START - 3 * 60 * MINUTE);
    expect(engine.timeshiftCalls).toEqual([
      `loadAt ${HLS} ${START - TIMESHIFT_WINDOW_DEFAULT_MS + TIMESHIFT_WINDOW_MARGIN_MS}`,
    ]);
  });

  it('a seek within 10 s of the live edge is the live edge: the mount', () => {
    const { machine, engine } = playingLive();
    machine.rewind();
    engine.started();
    machine.seekTo(Date.now() - 6000);
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    expect(engine.loads).toHaveLength(2);
    expect(machine.getSnapshot().timeshift).toMatchObject({ shifted: false, seekMs: null });
    expect(isBehindLive(machine.getSnapshot())).toBe(false);
  });

  it('a seek from a stopped player (never played) plays, after the preroll', () => {
    const preroll = new ScriptedPreroll();
    const ad = scriptedAd();
    const { machine, engine } = setupMachine({
      streams: TIMESHIFT_STREAMS,
      timeshift: true,
      preroll,
    });
    machine.seekTo(START - 10 * MINUTE);
    expect(machine.getSnapshot()).toMatchObject({
      locked: false,
      ad: { phase: 'waiting' },
      timeshift: { shifted: true, seekMs: START - 10 * MINUTE },
    });
    expect(engine.timeshiftCalls).toEqual([]);
    preroll.set('ready', ad);
    engine.end();
    expect(engine.timeshiftCalls).toEqual([`loadAt ${HLS} ${START - 10 * MINUTE}`]);
  });
});

describe('back to live', () => {
  it("'Ao vivo' plays the mount from the live edge, with a new request", () => {
    const { machine, engine } = playingLive();
    machine.rewind();
    engine.started();
    machine.goLive();
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    expect(engine.source?.url).toBe(`/stream/${MAIN}.aac?_=${Date.now()}`);
    expect(machine.getSnapshot()).toMatchObject({
      status: 'loading',
      timeshift: { shifted: false, seekMs: null, pausedAtMs: null, seekSeq: 1 },
    });
    engine.started();
    // Already live: nothing to do.
    machine.goLive();
    expect(engine.loads).toHaveLength(2);
  });

  it('an HLS error behind live falls back to the mount with a notice, no retries counted', () => {
    const { machine, engine, messages } = playingLive();
    machine.rewind();
    engine.fail('unsupported');
    expect(messages).toEqual([{ kind: 'timeshift-failed' }]);
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    expect(machine.getSnapshot()).toMatchObject({
      status: 'loading',
      shouldBePlaying: true,
      retries: 0,
      error: null,
      timeshift: { shifted: false },
    });
    engine.started();
    expect(machine.getSnapshot().status).toBe('playing');
  });

  it('HLS that stalls for 10 s behind live has failed too: the mount', () => {
    const { machine, engine, messages } = playingLive();
    machine.rewind();
    engine.started();
    engine.stall();
    vi.advanceTimersByTime(STALL_RECONNECT_MS);
    expect(messages).toEqual([{ kind: 'timeshift-failed' }]);
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
  });

  it('a stream without an HLS source goes back to live with a notice', () => {
    const { machine, engine, messages } = playingLive();
    machine.rewind();
    engine.started();
    machine.pause();
    vi.advanceTimersByTime(PAUSE_STOP_BUFFERING_MS);
    // The list changes under it (a PRO list without the HLS entry): no timeshift any more.
    machine.setStreams([MAIN_STREAM, ...PUBLIC_STREAMS.slice(1)]);
    expect(machine.getSnapshot().timeshift).toBeNull();
    machine.toggleLive();
    expect(messages).toEqual([]);
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
  });

  it('another stream has its own window: the paused instant does not follow', () => {
    const semi = withTimeshift({
      ...SEMI_STREAM,
      sources: [{ src: '/stream/teste_2.mp3', type: 'audio/mpeg', codec: 'MP3' }],
    });
    const { machine } = playingLive({
      access: { loggedIn: true, isPro: false },
      streams: [...TIMESHIFT_STREAMS.filter((s) => s.streamId !== semi.streamId), semi],
    });
    vi.advanceTimersByTime(MINUTE);
    machine.pause();
    expect(machine.getSnapshot().timeshift?.pausedAtMs).not.toBeNull();
    machine.chooseStream(semi.streamId, { play: false });
    expect(machine.getSnapshot().timeshift).toMatchObject({ shifted: false, pausedAtMs: null });
  });
});
