/**
 * What a listener behind live is told is playing: the follower asks the onAir endpoint (here a
 * function answering like it) on each seek, and again only when the heard instant leaves the play
 * the last answer named. The player is the real state machine on a scripted engine.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnAirAt } from '@/generated/OnAirAt';
import type { HeardOnAir } from './heard-on-air';
import {
  HEARD_CHECK_MS,
  HEARD_UNKNOWN_LENGTH_MS,
  HeardOnAirFollower,
} from './heard-on-air-follower';
import { MAIN, nowPlaying, TIMESHIFT_STREAMS } from './testing/fixtures';
import { setupMachine } from './testing/machine-setup';
import type { ScriptedTimeshift } from './testing/scripted-engine';

const START = Date.parse('2026-11-22T13:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});

/** A song of `length` ms that started at `startedAtMs`, as the server would answer about it. */
function answer(atMs: number, startedAtMs: number, length: number, song: string): OnAirAt {
  return {
    streamId: MAIN,
    atMs,
    nowPlaying: nowPlaying({ song, startedAtMs, durationMs: length }),
    programme: null,
  };
}

function setup(reply: (atMs: number) => OnAirAt) {
  const { machine, engine } = setupMachine({ streams: TIMESHIFT_STREAMS, timeshift: true });
  const asked: number[] = [];
  const shown: (HeardOnAir | null)[] = [];
  const follower = new HeardOnAirFollower(
    machine,
    async (streamId, atMs) => {
      expect(streamId).toBe(MAIN);
      asked.push(atMs);
      return reply(atMs);
    },
    (value) => shown.push(value),
  );
  const stop = follower.start();
  const timeshift = engine.timeshift as ScriptedTimeshift;
  /** Time passes, and the HLS source plays on by as much. */
  const play = async (ms: number) => {
    await vi.advanceTimersByTimeAsync(ms);
    if (timeshift.dateMs !== null) timeshift.dateMs += ms;
    await vi.advanceTimersByTimeAsync(HEARD_CHECK_MS);
  };
  return { machine, engine, asked, shown, stop, play };
}

describe('what was on air at the instant heard', () => {
  it('nothing is asked at live; behind live, the instant heard at once, then the answer', async () => {
    const { machine, engine, asked, shown } = setup((atMs) =>
      answer(atMs, atMs - 5000, 200_000, 'Canção de antes'),
    );
    machine.playLive();
    engine.started();
    await vi.advanceTimersByTimeAsync(5 * HEARD_CHECK_MS);
    expect(asked).toEqual([]);
    expect(shown).toEqual([]);

    machine.rewind();
    expect(asked).toEqual([START + 5 * HEARD_CHECK_MS - 30_000]);
    expect(shown[0]).toMatchObject({ item: null, loading: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(shown.at(-1)).toMatchObject({
      atMs: asked[0],
      loading: false,
      item: { song: 'Canção de antes' },
    });
  });

  it('asks again only when the instant heard leaves the song; the song shown stays meanwhile', async () => {
    let songs = 0;
    const { machine, engine, asked, shown, play } = setup((atMs) => {
      songs += 1;
      // Each answer: a 10 s song that started 2 s before the instant asked about.
      return answer(atMs, atMs - 2000, 10_000, `Canção ${songs}`);
    });
    machine.playLive();
    engine.started();
    machine.rewind();
    engine.started();
    await vi.advanceTimersByTimeAsync(0);
    const first = asked[0] as number;
    await play(6000);
    expect(asked).toEqual([first]);
    await play(2500);
    // 8.5 s on from 2 s into a 10 s song, plus the checks' second: the next one is on.
    expect(asked).toHaveLength(2);
    expect((asked[1] as number) - first).toBeGreaterThanOrEqual(8000);
    expect(shown.at(-2)).toMatchObject({ loading: true, item: { song: 'Canção 1' } });
    await vi.advanceTimersByTimeAsync(0);
    expect(shown.at(-1)).toMatchObject({ loading: false, item: { song: 'Canção 2' } });
  });

  it('a play of unknown length is asked about again after 30 s heard', async () => {
    const { machine, engine, asked, play } = setup((atMs) => ({
      streamId: MAIN,
      atMs,
      nowPlaying: null,
      programme: null,
    }));
    machine.playLive();
    engine.started();
    machine.rewind();
    engine.started();
    await vi.advanceTimersByTimeAsync(0);
    await play(HEARD_UNKNOWN_LENGTH_MS - 2 * HEARD_CHECK_MS);
    expect(asked).toHaveLength(1);
    await play(2 * HEARD_CHECK_MS);
    expect(asked).toHaveLength(2);
  });

  it('each seek asks at once, within the song or not; back at live nothing is shown', async () => {
    const { machine, engine, asked, shown, stop } = setup((atMs) =>
      answer(atMs, atMs - 60_000, 600_000, 'Longa'),
    );
    machine.playLive();
    engine.started();
    machine.rewind();
    engine.started();
    await vi.advanceTimersByTimeAsync(0);
    machine.rewind();
    expect(asked).toHaveLength(2);
    expect(asked[1]).toBe((asked[0] as number) - 30_000);
    machine.goLive();
    expect(shown.at(-1)).toBeNull();
    stop();
    expect(shown.at(-1)).toBeNull();
  });
});
