/** Listening analytics (doc1 §4, PL-19): heartbeat every 240 s, milestones 1, 5, 15, 30, 60, 90… */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_INTERVAL_MS } from '@/lib/constants';
import { ListeningTracker, milestoneMinute } from './listening-analytics';

const MINUTE = 60_000;

function setup() {
  const track = vi.fn();
  const tracker = new ListeningTracker(track);
  const events = () =>
    track.mock.calls.map(([category, action, label, extra]) => ({
      category,
      action,
      label,
      ...extra,
    }));
  return { tracker, track, events };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T13:00:00Z') });
});

describe('listening analytics', () => {
  it('milestone minutes: 1, 5, 15, 30, 60, then every 30', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(milestoneMinute)).toEqual([1, 5, 15, 30, 60, 90, 120, 150]);
  });

  it('continuous listening: a heartbeat every 240 s and milestones at 1, 5, 15, 30, 60, 90', () => {
    const { tracker, events } = setup();
    tracker.update(true, 'teste_1');
    vi.advanceTimersByTime(MINUTE - 1);
    expect(events()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events()).toEqual([
      { category: 'player', action: 'milestone', label: undefined, value: 1, streamId: 'teste_1' },
    ]);

    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS - MINUTE);
    expect(events().at(-1)).toEqual({
      category: 'player',
      action: 'heartbeat',
      label: undefined,
      value: 240,
      streamId: 'teste_1',
    });

    vi.advanceTimersByTime(90 * MINUTE - HEARTBEAT_INTERVAL_MS);
    const milestones = events()
      .filter((event) => event.action === 'milestone')
      .map((event) => event.value);
    expect(milestones).toEqual([1, 5, 15, 30, 60, 90]);
    const heartbeats = events().filter((event) => event.action === 'heartbeat');
    expect(heartbeats).toHaveLength(Math.floor((90 * MINUTE) / HEARTBEAT_INTERVAL_MS));
    expect(heartbeats.every((event) => event.value === 240)).toBe(true);
  });

  it('only listening time counts, summed over pauses; a pause sends the partial heartbeat', () => {
    const { tracker, events } = setup();
    tracker.update(true, 'teste_1');
    vi.advanceTimersByTime(40_000);
    tracker.update(false, 'teste_1');
    expect(events()).toEqual([
      { category: 'player', action: 'heartbeat', label: 'partial', value: 40, streamId: 'teste_1' },
    ]);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(events()).toHaveLength(1);
    tracker.update(true, 'teste_1');
    vi.advanceTimersByTime(20_000);
    expect(events().at(-1)).toMatchObject({ action: 'milestone', value: 1 });
    expect(tracker.listenedMs).toBe(MINUTE);
  });

  it('a stream change closes the old stream listening and carries the cumulative minutes', () => {
    const { tracker, events } = setup();
    tracker.update(true, 'teste_1');
    vi.advanceTimersByTime(30_000);
    tracker.update(true, 'teste_2');
    expect(events()).toEqual([
      { category: 'player', action: 'heartbeat', label: 'partial', value: 30, streamId: 'teste_1' },
    ]);
    vi.advanceTimersByTime(30_000);
    expect(events().at(-1)).toMatchObject({ action: 'milestone', value: 1, streamId: 'teste_2' });
  });
});
