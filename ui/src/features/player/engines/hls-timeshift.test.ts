/**
 * The `<audio>` engine's timeshift through hls.js, over a jsdom `<audio>` and a stand-in for hls.js
 * (a third-party library that needs Media Source Extensions, which jsdom lacks; the browser test
 * e2e/tests/player-timeshift.test.mjs plays the real one against the real server).
 */
import { describe, expect, it, vi } from 'vitest';
import type { HlsClass } from './hls-session';
import { HtmlAudioEngine } from './html-audio-engine';
import type { EngineEvent } from './types';

const T0 = Date.parse('2026-11-22T13:00:00Z');
const URL = '/hls/onda_1.m3u8';

type Handler = (event: string, data: unknown) => void;

/** hls.js's surface the session uses: events it can trigger, and the calls it records. */
class FakeHls {
  static readonly Events = {
    MANIFEST_PARSED: 'hlsManifestParsed',
    LEVEL_LOADED: 'hlsLevelLoaded',
    ERROR: 'hlsError',
  };
  static instances: FakeHls[] = [];
  readonly calls: string[] = [];
  readonly handlers = new Map<string, Handler[]>();
  loadLevel = -1;
  playingDate: Date | null = null;

  constructor(readonly config: Record<string, unknown>) {
    FakeHls.instances.push(this);
  }
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  attachMedia() {
    this.calls.push('attachMedia');
  }
  loadSource(url: string) {
    this.calls.push(`loadSource ${url}`);
  }
  startLoad(position: number) {
    this.calls.push(`startLoad ${position}`);
  }
  destroy() {
    this.calls.push('destroy');
  }
  trigger(event: string, data: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(event, data);
  }
}

/** A media playlist's details: `count` 4-second segments from media time 0, dated from T0. */
function details(count: number) {
  return {
    fragments: Array.from({ length: count }, (_, index) => ({
      start: index * 4,
      duration: 4,
      programDateTime: T0 + index * 4000,
    })),
  };
}

function setup() {
  FakeHls.instances = [];
  const audio = document.createElement('audio');
  const media = { readyState: 0, seeking: false, currentTime: 0 };
  for (const key of ['readyState', 'seeking'] as const) {
    Object.defineProperty(audio, key, { get: () => media[key], configurable: true });
  }
  Object.defineProperty(audio, 'currentTime', {
    get: () => media.currentTime,
    set: (value: number) => {
      media.currentTime = value;
    },
    configurable: true,
  });
  const play = vi.fn(async () => undefined);
  Object.assign(audio, { play, pause: vi.fn(), load: vi.fn() });
  let now = T0 + 60_000;
  const engine = new HtmlAudioEngine(audio, {
    loadHls: async () => FakeHls as unknown as HlsClass,
    now: () => now,
  });
  const events: EngineEvent[] = [];
  engine.subscribe((event) => events.push(event));
  const timeshift = engine.timeshift;
  /** The session's code and hls.js are fetched: let those promises settle. */
  const settle = () => vi.waitFor(() => expect(FakeHls.instances.length).toBeGreaterThan(0));
  return {
    audio,
    media,
    engine,
    events,
    timeshift,
    play,
    settle,
    advance: (ms: number) => (now += ms),
  };
}

describe('HtmlAudioEngine timeshift (hls.js)', () => {
  it('loadAt announces the playlist; play() waits until hls.js has the element', async () => {
    const { engine, events, timeshift, play, settle } = setup();
    timeshift.loadAt({ url: URL, live: true }, T0 + 30_000);
    expect(events).toEqual([{ type: 'loading' }]);
    await engine.play();
    expect(play).not.toHaveBeenCalled();
    // Until the playlist is read, what is heard is the target.
    expect(timeshift.playingDateMs()).toBe(T0 + 30_000);
    await settle();
    const hls = FakeHls.instances[0];
    expect(hls?.config).toMatchObject({ autoStartLoad: false, enableWorker: false });
    expect(hls?.calls).toEqual(['attachMedia', `loadSource ${URL}`]);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('the full-quality rendition, its first segment request at the target instant', async () => {
    const { timeshift, settle, advance } = setup();
    timeshift.loadAt({ url: URL, live: true }, T0 + 30_000);
    await settle();
    const hls = FakeHls.instances[0] as FakeHls;
    hls.trigger(FakeHls.Events.MANIFEST_PARSED, {
      levels: [{ bitrate: 64_000 }, { bitrate: 128_000 }, { bitrate: 32_000 }],
    });
    expect(hls.loadLevel).toBe(1);
    expect(hls.calls.at(-1)).toBe('startLoad -1');
    hls.trigger(FakeHls.Events.LEVEL_LOADED, { details: details(30) });
    expect(hls.calls.at(-1)).toBe('startLoad 30');
    // A playlist refresh places nothing again.
    hls.trigger(FakeHls.Events.LEVEL_LOADED, { details: details(31) });
    expect(hls.calls.filter((call) => call.startsWith('startLoad'))).toHaveLength(2);
    // The window: oldest segment to the edge, carried forward by the time since it was read.
    advance(3000);
    expect(timeshift.window()).toEqual({ startMs: T0, endMs: T0 + 124_000 + 3000 });
  });

  it('seeks place the element by the segments’ dates; the date is read back once there', async () => {
    const { media, timeshift, settle } = setup();
    timeshift.loadAt({ url: URL, live: true }, T0 + 30_000);
    await settle();
    const hls = FakeHls.instances[0] as FakeHls;
    hls.trigger(FakeHls.Events.MANIFEST_PARSED, { levels: [{ bitrate: 128_000 }] });
    hls.trigger(FakeHls.Events.LEVEL_LOADED, { details: details(30) });
    timeshift.seekTo(T0 + 50_500);
    expect(media.currentTime).toBe(50.5);
    expect(timeshift.playingDateMs()).toBe(T0 + 50_500);
    media.readyState = 4;
    hls.playingDate = new Date(T0 + 52_000);
    expect(timeshift.playingDateMs()).toBe(T0 + 52_000);
    media.seeking = true;
    expect(timeshift.playingDateMs()).toBe(T0 + 50_500);
  });

  it('a fatal error is the player’s (404: out of the window); others are hls.js’s to retry', async () => {
    const { events, timeshift, settle } = setup();
    timeshift.loadAt({ url: URL, live: true }, T0);
    await settle();
    const hls = FakeHls.instances[0] as FakeHls;
    hls.trigger(FakeHls.Events.ERROR, { fatal: false, type: 'networkError', details: 'x' });
    expect(events).toEqual([{ type: 'loading' }]);
    hls.trigger(FakeHls.Events.ERROR, {
      fatal: true,
      type: 'networkError',
      details: 'fragLoadError',
      response: { code: 404 },
    });
    expect(events.at(-1)).toEqual({
      type: 'error',
      code: 'unsupported',
      message: 'fragLoadError',
    });
  });

  it('a new source or stopBuffering lets hls.js go; a session replaced before it started never starts', async () => {
    const { engine, timeshift, settle } = setup();
    timeshift.loadAt({ url: URL, live: true }, T0);
    await settle();
    engine.load({ url: '/stream/onda_1.mp3?_=1', live: true });
    expect(FakeHls.instances[0]?.calls.at(-1)).toBe('destroy');
    expect(timeshift.playingDateMs()).toBeNull();
    expect(timeshift.window()).toBeNull();

    FakeHls.instances = [];
    timeshift.loadAt({ url: URL, live: true }, T0);
    engine.stopBuffering();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeHls.instances).toEqual([]);
  });
});
