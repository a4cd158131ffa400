/** Now playing: the spec's polling, the push channel, and titles timed to the listener's ear. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NowPlaying } from '@/generated/NowPlaying';
import type { NowPlayingEvent } from '@/generated/NowPlayingEvent';
import {
  NOW_PLAYING_EVENTS_RETRY_MIN_MS,
  NOW_PLAYING_FIRST_MS,
  NOW_PLAYING_POLL_MS,
} from '@/lib/constants';
import { mockApi } from '@/test/api-mock';
import { getCurrentSongInfo } from './api/live-api';
import { NowPlayingService } from './now-playing';
import { eventSourceOpener } from './now-playing-events';
import { MAIN, nowPlaying } from './testing/fixtures';

const START = new Date('2026-11-22T13:02:00Z');

/** A stand-in EventSource: the test emits messages and errors. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private readonly handlers = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, handler: (event: MessageEvent<string>) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = '') {
    for (const handler of this.handlers.get(type) ?? []) {
      handler(new MessageEvent(type, { data }));
    }
  }
  push(event: NowPlayingEvent) {
    this.emit('nowplaying', JSON.stringify(event));
  }
  static get last(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource opened');
    return last;
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  FakeEventSource.instances = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function settle() {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

function songCalls(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.includes('getCurrentSongInfo'));
}

describe('polling (doc1 §4 "Now playing")', () => {
  it('first call after 1.5 s, then every 10 s, with the 5-minute FYC bucket (PL-13)', async () => {
    const item = nowPlaying();
    const fetchMock = mockApi({ [`/api/v1/aovivo/getCurrentSongInfo/${MAIN}`]: item });
    const service = new NowPlayingService({ fetchCurrent: (id) => getCurrentSongInfo(id) });
    service.setMetaId(MAIN);
    service.start();

    vi.advanceTimersByTime(NOW_PLAYING_FIRST_MS - 1);
    expect(songCalls(fetchMock)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    const bucket = Math.floor(Date.now() / 300_000);
    expect(songCalls(fetchMock)).toEqual([
      `/api/v1/aovivo/getCurrentSongInfo/${MAIN}?FYC=${bucket}`,
    ]);
    await settle();
    expect(service.getSnapshot()).toMatchObject({ current: item, loading: false, failed: false });

    await vi.advanceTimersByTimeAsync(NOW_PLAYING_POLL_MS - 1);
    expect(songCalls(fetchMock)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(songCalls(fetchMock)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(NOW_PLAYING_POLL_MS * 3);
    expect(songCalls(fetchMock)).toHaveLength(5);
    // 31.5 s later the clock crossed 13:05: a new bucket.
    expect(songCalls(fetchMock).at(-1)).toMatch(/FYC=\d+$/);
    expect(Number(songCalls(fetchMock).at(-1)?.split('FYC=')[1])).toBe(
      Math.floor(Date.now() / 300_000),
    );
    service.stop();
  });

  it('a stream change fetches at once once polling runs; a listener choice always does (PL-08)', async () => {
    const fetchCurrent = vi.fn(async (metaId: string) => nowPlaying({ metaId }));
    const service = new NowPlayingService({ fetchCurrent });
    service.setMetaId(MAIN);
    service.start();
    service.setMetaId('teste_2'); // before the first tick: the tick asks for it
    expect(fetchCurrent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(NOW_PLAYING_FIRST_MS);
    expect(fetchCurrent.mock.calls).toEqual([['teste_2']]);
    service.setMetaId(MAIN);
    expect(fetchCurrent.mock.calls.at(-1)).toEqual([MAIN]);
    service.setMetaId(MAIN, { fetchNow: true });
    expect(fetchCurrent).toHaveBeenCalledTimes(3);
    service.stop();
  });

  it("the page's item is shown at once; the polls keep the spec's timing and replace it", async () => {
    const seeded = nowPlaying({ song: 'Do servidor', startedAtMs: Date.now() - 60_000 });
    const next = nowPlaying({ song: 'Seguinte', startedAtMs: Date.now() });
    const fetchCurrent = vi.fn(async () => next);
    const service = new NowPlayingService({ fetchCurrent });
    service.seed(seeded);
    expect(service.getSnapshot()).toEqual({
      metaId: MAIN,
      current: seeded,
      loading: false,
      failed: false,
    });
    // The main stream is then selected: nothing is cleared and nothing is asked before the tick.
    service.setMetaId(MAIN);
    service.start();
    expect(service.getSnapshot().current).toBe(seeded);
    await vi.advanceTimersByTimeAsync(NOW_PLAYING_FIRST_MS - 1);
    expect(fetchCurrent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCurrent).toHaveBeenCalledTimes(1);
    expect(service.getSnapshot().current).toBe(next);
    service.stop();
  });

  it("the page's item never replaces what is known, nor shows under another stream", () => {
    const service = new NowPlayingService({ fetchCurrent: async () => nowPlaying() });
    // A listener whose saved stream is another one: that stream's item comes from the poll.
    service.setMetaId('teste_2');
    service.seed(nowPlaying());
    expect(service.getSnapshot()).toMatchObject({
      metaId: 'teste_2',
      current: null,
      loading: true,
    });
    // Switching to the main stream afterwards starts empty and asks, as before.
    const other = new NowPlayingService({ fetchCurrent: async () => nowPlaying() });
    const shown = nowPlaying({ song: 'Já na tela' });
    other.seed(shown);
    other.seed(nowPlaying({ song: 'Outra' }));
    expect(other.getSnapshot().current).toBe(shown);
  });

  it('an answer for the previous stream is dropped', async () => {
    let resolve: (item: NowPlaying) => void = () => undefined;
    const service = new NowPlayingService({
      fetchCurrent: () => new Promise<NowPlaying>((done) => (resolve = done)),
    });
    service.setMetaId(MAIN, { fetchNow: true });
    service.setMetaId('teste_2');
    resolve(nowPlaying());
    await settle();
    expect(service.getSnapshot()).toMatchObject({ metaId: 'teste_2', current: null });
  });

  it('a failure keeps what was shown and flags it', async () => {
    const first = nowPlaying();
    const fetchCurrent = vi
      .fn<(metaId: string) => Promise<NowPlaying>>()
      .mockResolvedValueOnce(first)
      .mockRejectedValueOnce(new Error('down'));
    const service = new NowPlayingService({ fetchCurrent });
    service.setMetaId(MAIN, { fetchNow: true });
    await settle();
    service.refresh();
    await settle();
    expect(service.getSnapshot()).toMatchObject({ current: first, failed: true });
  });

  it('an older answer never replaces a newer item', async () => {
    const newer = nowPlaying({ startedAtMs: Date.now() });
    const older = nowPlaying({ startedAtMs: Date.now() - 180_000 });
    const fetchCurrent = vi
      .fn<(metaId: string) => Promise<NowPlaying>>()
      .mockResolvedValueOnce(newer)
      .mockResolvedValueOnce(older);
    const service = new NowPlayingService({ fetchCurrent });
    service.setMetaId(MAIN, { fetchNow: true });
    await settle();
    service.refresh();
    await settle();
    expect(service.getSnapshot().current).toBe(newer);
  });
});

describe('push channel and timing to the ear', () => {
  it('applies a track change when the listener hears it: start + buffer latency, clock skew corrected', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const first = nowPlaying({ startedAtMs: Date.now() - 60_000 });
    let latency: number | null = 5000;
    const service = new NowPlayingService({
      fetchCurrent: async () => first,
      openEvents: eventSourceOpener(),
      latencyMs: () => latency,
    });
    service.setMetaId(MAIN, { fetchNow: true });
    await settle();
    service.setListening(true);
    expect(FakeEventSource.last.url).toBe(`/api/v1/aovivo/events/${MAIN}`);

    // The server's clock is 2 s ahead of ours; the first message is the item on air.
    const serverNow = () => Date.now() + 2000;
    FakeEventSource.last.push({ nowPlaying: first, serverTimeMs: serverNow() });
    expect(service.getSnapshot().current).toEqual(first);

    // A change that just reached the server's live edge: heard 5 s from now.
    const next = nowPlaying({ startedAtMs: serverNow() });
    FakeEventSource.last.push({ nowPlaying: next, serverTimeMs: serverNow() });
    vi.advanceTimersByTime(4999);
    expect(service.getSnapshot().current).toEqual(first);
    vi.advanceTimersByTime(1);
    expect(service.getSnapshot().current).toEqual(next);

    // A change that started 3 s ago on the server: heard in 2 s.
    const third = nowPlaying({ startedAtMs: serverNow() - 3000 });
    FakeEventSource.last.push({ nowPlaying: third, serverTimeMs: serverNow() });
    vi.advanceTimersByTime(1999);
    expect(service.getSnapshot().current).toEqual(next);
    vi.advanceTimersByTime(1);
    expect(service.getSnapshot().current).toEqual(third);

    // Not listening (no latency): at once. The same item from a poll does not delay it again.
    latency = null;
    const fourth = nowPlaying({ startedAtMs: serverNow() });
    FakeEventSource.last.push({ nowPlaying: fourth, serverTimeMs: serverNow() });
    expect(service.getSnapshot().current).toEqual(fourth);

    service.setListening(false);
    expect(FakeEventSource.last.closed).toBe(true);
  });

  it('a wrong clock cannot hold a title back longer than the latency', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const service = new NowPlayingService({
      fetchCurrent: async () => nowPlaying(),
      openEvents: eventSourceOpener(),
      latencyMs: () => 3000,
    });
    service.setMetaId(MAIN);
    service.setListening(true);
    const first = nowPlaying();
    FakeEventSource.last.push({ nowPlaying: first, serverTimeMs: Date.now() });
    // An item "starting" an hour in the future by the server's clock.
    const next = nowPlaying({ startedAtMs: Date.now() + 3_600_000 });
    FakeEventSource.last.push({ nowPlaying: next, serverTimeMs: Date.now() });
    vi.advanceTimersByTime(3000);
    expect(service.getSnapshot().current).toEqual(next);
  });

  it('reconnects with a backoff of 1 s doubling; a message resets it', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const service = new NowPlayingService({
      fetchCurrent: async () => nowPlaying(),
      openEvents: eventSourceOpener(),
    });
    service.setMetaId(MAIN);
    service.setListening(true);
    expect(FakeEventSource.instances).toHaveLength(1);

    FakeEventSource.last.emit('error');
    expect(FakeEventSource.instances[0]?.closed).toBe(true);
    vi.advanceTimersByTime(NOW_PLAYING_EVENTS_RETRY_MIN_MS - 1);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);

    FakeEventSource.last.emit('error');
    vi.advanceTimersByTime(NOW_PLAYING_EVENTS_RETRY_MIN_MS * 2 - 1);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(3);

    FakeEventSource.last.push({ nowPlaying: nowPlaying(), serverTimeMs: Date.now() });
    FakeEventSource.last.emit('error');
    vi.advanceTimersByTime(NOW_PLAYING_EVENTS_RETRY_MIN_MS);
    expect(FakeEventSource.instances).toHaveLength(4);

    // Another stream: a new channel for its metaId.
    service.setMetaId('teste_2');
    expect(FakeEventSource.last.url).toBe('/api/v1/aovivo/events/teste_2');
    service.stop();
    expect(FakeEventSource.last.closed).toBe(true);
  });

  it('without EventSource the polling alone works', async () => {
    vi.stubGlobal('EventSource', undefined);
    expect(eventSourceOpener()).toBeNull();
    const item = nowPlaying();
    const service = new NowPlayingService({
      fetchCurrent: async () => item,
      openEvents: eventSourceOpener(),
      latencyMs: () => 4000,
    });
    service.setMetaId(MAIN);
    service.setListening(true);
    service.start();
    await vi.advanceTimersByTimeAsync(NOW_PLAYING_FIRST_MS);
    await settle();
    expect(service.getSnapshot().current).toBe(item);
    service.stop();
  });

  it('a polled track change is timed to the ear as well', async () => {
    const first = nowPlaying({ startedAtMs: Date.now() - 100_000 });
    const next = nowPlaying({ startedAtMs: Date.now() });
    const fetchCurrent = vi
      .fn<(metaId: string) => Promise<NowPlaying>>()
      .mockResolvedValueOnce(first)
      .mockResolvedValue(next);
    const service = new NowPlayingService({ fetchCurrent, latencyMs: () => 4000 });
    service.setMetaId(MAIN, { fetchNow: true });
    await settle();
    service.refresh();
    await settle();
    expect(service.getSnapshot().current).toBe(first);
    vi.advanceTimersByTime(4000);
    expect(service.getSnapshot().current).toBe(next);
  });
});
