/** The desktop engine over a fake Tauri bridge: commands sent, native states mapped (PL-04, PL-05). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineEvent } from './types';
import { DesktopEngine, listenToTray, trayTimeshiftSync, type NativeEvent } from './desktop-engine';

type Handler = (message: unknown) => void;

function fakeTauri() {
  const callbacks = new Map<number, Handler>();
  const listeners = new Map<string, number>();
  const calls: [string, Record<string, unknown> | undefined][] = [];
  let next = 1;
  window.__TAURI_INTERNALS__ = {
    transformCallback: (callback: Handler) => {
      const id = next++;
      callbacks.set(id, callback);
      return id;
    },
    invoke: vi.fn(async (command: string, args?: Record<string, unknown>) => {
      calls.push([command, args]);
      if (command === 'plugin:event|listen') {
        listeners.set(String(args?.event), Number(args?.handler));
        return next++;
      }
      return undefined;
    }) as never,
  };
  const fire = (event: string, payload: unknown) => {
    const id = listeners.get(event);
    if (id !== undefined) callbacks.get(id)?.({ event, payload });
  };
  return { calls, fire };
}

describe('DesktopEngine', () => {
  let bridge: ReturnType<typeof fakeTauri>;
  beforeEach(() => {
    bridge = fakeTauri();
  });
  afterEach(() => {
    delete window.__TAURI_INTERNALS__;
  });

  it('says it reconnects by itself, so the machine does not retry on top of it', () => {
    expect(new DesktopEngine().reconnectsItself).toBe(true);
  });

  it('attaches, plays the loaded URL natively and pauses by disconnecting (PL-05)', async () => {
    const engine = new DesktopEngine();
    engine.load({ url: '/stream/onda_1.mp3?_=1', type: 'audio/mpeg' });
    await engine.play();
    engine.pause();
    engine.setVolume(3);
    engine.stopBuffering();
    const commands = bridge.calls.map(([command]) => command);
    expect(commands).toEqual([
      'plugin:event|listen',
      'player_attach',
      'player_play',
      'player_pause',
      'player_set_volume',
      'player_stop',
    ]);
    expect(bridge.calls[2]?.[1]).toEqual({ url: '/stream/onda_1.mp3?_=1', kind: 'live' });
    expect(bridge.calls[4]?.[1]).toEqual({ level: 1 });
  });

  it('maps the native states to engine events (reconnecting is a stall: PL-04)', () => {
    const engine = new DesktopEngine();
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));
    engine.load({ url: '/stream/onda_1.mp3' });
    const states: NativeEvent[] = [
      { type: 'state', state: { state: 'connecting' } },
      { type: 'state', state: { state: 'playing' } },
      { type: 'state', state: { state: 'reconnecting', attempt: 1 } },
      { type: 'state', state: { state: 'playing' } },
      { type: 'state', state: { state: 'failed', reason: 'connect: refused' } },
      { type: 'state', state: { state: 'paused' } },
    ];
    for (const state of states) bridge.fire('onda://player', state);
    expect(events).toEqual([
      { type: 'loading' },
      { type: 'playing' },
      { type: 'waiting' },
      { type: 'playing' },
      { type: 'error', code: 'network', message: 'connect: refused' },
      { type: 'paused' },
    ]);
  });

  it('plays a file as a file: once to its end, with its position on the way', async () => {
    const engine = new DesktopEngine();
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));
    engine.load({ url: '/media/ads/house.mp3', type: 'audio/mpeg', live: false });
    await engine.play();
    expect(bridge.calls.find(([command]) => command === 'player_play')?.[1]).toEqual({
      url: '/media/ads/house.mp3',
      kind: 'file',
    });
    const native: NativeEvent[] = [
      { type: 'state', state: { state: 'playing' } },
      { type: 'progress', positionS: 2.5, durationS: 10 },
      { type: 'state', state: { state: 'ended' } },
    ];
    for (const event of native) bridge.fire('onda://player', event);
    expect(events).toEqual([
      { type: 'loading' },
      { type: 'playing' },
      { type: 'progress', positionS: 2.5, durationS: 10 },
      { type: 'ended' },
    ]);
  });

  it('a live stream reports no position', () => {
    const engine = new DesktopEngine();
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));
    engine.load({ url: '/stream/onda_1.mp3', live: true });
    bridge.fire('onda://player', { type: 'progress', positionS: 1, durationS: null });
    expect(events).toEqual([{ type: 'loading' }]);
  });

  it('ignores native events once the source was dropped', () => {
    const engine = new DesktopEngine();
    const events: EngineEvent[] = [];
    engine.subscribe((event) => events.push(event));
    engine.load({ url: '/a.mp3' });
    engine.stopBuffering();
    bridge.fire('onda://player', { type: 'state', state: { state: 'playing' } });
    expect(events).toEqual([{ type: 'loading' }]);
  });

  it('offers only MP3, which the native decoder plays', () => {
    const engine = new DesktopEngine();
    expect(engine.canPlay('audio/mpeg')).toBe(true);
    expect(engine.canPlay('audio/aacp')).toBe(false);
    expect(engine.canPlay('application/vnd.apple.mpegurl')).toBe(false);
  });

  it('tray actions reach the UI player and the staff statistics route', () => {
    const targets = {
      toggle: vi.fn(),
      chooseStream: vi.fn(),
      navigate: vi.fn(),
      seekBy: vi.fn(),
      goLive: vi.fn(),
    };
    listenToTray(targets);
    bridge.fire('onda://tray', 'toggle');
    bridge.fire('onda://tray', 'stream:onda_2');
    bridge.fire('onda://tray', 'open-stats');
    bridge.fire('onda://tray', 'rewind');
    bridge.fire('onda://tray', 'seek:10000');
    bridge.fire('onda://tray', 'seek:nonsense');
    bridge.fire('onda://tray', 'live');
    expect(targets.toggle).toHaveBeenCalledTimes(1);
    expect(targets.chooseStream).toHaveBeenCalledWith('onda_2');
    expect(targets.navigate).toHaveBeenCalledWith('/a1stats');
    expect(targets.seekBy.mock.calls).toEqual([[-30_000], [10_000]]);
    expect(targets.goLive).toHaveBeenCalledTimes(1);
  });

  it('tells the tray what timeshift offers only when it changes', () => {
    const sync = trayTimeshiftSync();
    sync(true, false);
    sync(true, false);
    sync(true, true);
    sync(false, false);
    expect(bridge.calls.filter(([command]) => command === 'tray_set_timeshift')).toEqual([
      ['tray_set_timeshift', { offered: true, shifted: false }],
      ['tray_set_timeshift', { offered: true, shifted: true }],
      ['tray_set_timeshift', { offered: false, shifted: false }],
    ]);
  });

  describe('timeshift', () => {
    const HLS = { url: '/hls/onda_1.m3u8', type: 'application/vnd.apple.mpegurl', live: true };

    it('plays the HLS source natively from the instant asked, and seeks there once started', async () => {
      const engine = new DesktopEngine();
      const timeshift = engine.timeshift;
      expect(timeshift.canTimeshift()).toBe(true);
      const events: EngineEvent[] = [];
      engine.subscribe((event) => events.push(event));
      timeshift.loadAt(HLS, 1_000_000);
      // Loaded, not started: a seek only moves the instant to start from.
      timeshift.seekTo(1_010_000);
      expect(timeshift.playingDateMs()).toBe(1_010_000);
      expect(timeshift.window()).toBeNull();
      await engine.play();
      expect(bridge.calls.filter(([command]) => command.startsWith('player_'))).toEqual([
        ['player_attach', undefined],
        ['player_play_at', { url: '/hls/onda_1.m3u8', atMs: 1_010_000 }],
      ]);
      timeshift.seekTo(990_000);
      expect(bridge.calls.at(-1)).toEqual(['player_seek_to', { atMs: 990_000 }]);
      expect(events).toEqual([{ type: 'loading' }]);
    });

    it('reads the instant heard and the window from the native player', async () => {
      const engine = new DesktopEngine();
      const events: EngineEvent[] = [];
      engine.subscribe((event) => events.push(event));
      engine.timeshift.loadAt(HLS, 1_000_000);
      await engine.play();
      bridge.fire('onda://player', { type: 'state', state: { state: 'playing' } });
      bridge.fire('onda://player', {
        type: 'timeshift',
        atMs: 1_002_000,
        startMs: 900_000,
        endMs: 1_100_000,
      });
      expect(engine.timeshift.playingDateMs()).toBe(1_002_000);
      expect(engine.timeshift.window()).toEqual({ startMs: 900_000, endMs: 1_100_000 });
      expect(events).toEqual([
        { type: 'loading' },
        { type: 'playing' },
        { type: 'progress', positionS: 102, durationS: 200 },
      ]);
      // A play after a pause starts from the instant heard last.
      engine.pause();
      await engine.play();
      expect(bridge.calls.at(-1)).toEqual([
        'player_play_at',
        { url: '/hls/onda_1.m3u8', atMs: 1_002_000 },
      ]);
    });

    it('the mount again forgets the HLS place', async () => {
      const engine = new DesktopEngine();
      engine.timeshift.loadAt(HLS, 1_000_000);
      engine.load({ url: '/stream/onda_1.mp3', type: 'audio/mpeg' });
      expect(engine.timeshift.playingDateMs()).toBeNull();
      bridge.fire('onda://player', { type: 'timeshift', atMs: 1, startMs: 0, endMs: 2 });
      expect(engine.timeshift.window()).toBeNull();
      await engine.play();
      expect(bridge.calls.at(-1)?.[0]).toBe('player_play');
    });
  });
});
