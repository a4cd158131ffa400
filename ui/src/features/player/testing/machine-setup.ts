/** Builds a PlayerMachine around a ScriptedEngine for the unit tests. */
import type { Stream } from '@/generated/Stream';
import {
  PlayerMachine,
  type KeyValueStorage,
  type PlayerMachineOptions,
  type PlayerMessage,
} from '../player-machine';
import type { PrerollAd, PrerollOutcome, PrerollSource, PrerollStatus } from '../preroll-types';
import type { StreamAccess } from '../stream-rules';
import { MAIN, PUBLIC_STREAMS } from './fixtures';
import { ScriptedEngine } from './scripted-engine';

export const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
export const SAFARI_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

export class MapStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  read(key: string) {
    return this.values.get(key) ?? null;
  }
  write(key: string, value: string) {
    this.values.set(key, value);
  }
  remove(key: string) {
    this.values.delete(key);
  }
}

/** A preroll the test drives: set `status` / `ready` and call `changed()`. */
export class ScriptedPreroll implements PrerollSource {
  current: PrerollStatus = 'loading';
  loaded: PrerollAd | null = null;
  requests = 0;
  settled: PrerollOutcome[] = [];
  private readonly listeners = new Set<() => void>();
  status() {
    return this.current;
  }
  ad() {
    return this.current === 'ready' ? this.loaded : null;
  }
  request() {
    this.requests += 1;
  }
  settle(outcome: PrerollOutcome) {
    this.settled.push(outcome);
    this.current = 'none';
  }
  subscribe(listener: () => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  set(status: PrerollStatus, ad: PrerollAd | null = this.loaded) {
    this.current = status;
    this.loaded = ad;
    for (const listener of [...this.listeners]) listener();
  }
}

export function scriptedAd(): PrerollAd & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    mediaUrl: '/media/ads/spot.mp3',
    mediaType: 'audio/mpeg',
    title: 'Padaria Central',
    durationS: 15,
    clickThroughUrl: 'https://padaria.example',
    imageUrl: null,
    tracking: {
      impression: () => calls.push('impression'),
      progress: (position) => calls.push(`progress ${position}`),
      complete: () => calls.push('complete'),
      error: (code) => calls.push(`error ${code}`),
      click: () => calls.push('click'),
    },
  };
}

export interface SetupOptions extends Partial<Omit<PlayerMachineOptions, 'engine'>> {
  streams?: Stream[] | null;
  access?: StreamAccess;
  saved?: string;
  /**
   * The engine offers timeshift (the website's does; the desktop's not); 'unavailable': it has the
   * capability but says it cannot play HLS in this browser.
   */
  timeshift?: boolean | 'unavailable';
}

export function setupMachine({ timeshift, ...options }: SetupOptions = {}) {
  const engine = new ScriptedEngine({ timeshift: !!timeshift });
  if (engine.timeshift && timeshift === 'unavailable') engine.timeshift.available = false;
  const messages: PlayerMessage[] = [];
  const storage = new MapStorage();
  if (options.saved) storage.write('streamId', options.saved);
  const selected: { streamId: string; chosen: boolean }[] = [];
  const machine = new PlayerMachine({
    engine,
    notify: (message) => messages.push(message),
    onStreamSelected: (stream, chosen) => selected.push({ streamId: stream.streamId, chosen }),
    storage,
    userAgent: CHROME_UA,
    ...options,
  });
  machine.setMainStreamId(MAIN);
  machine.setAccess(options.access ?? { loggedIn: false, isPro: false });
  if (options.streams !== null) machine.setStreams(options.streams ?? PUBLIC_STREAMS);
  return { engine, machine, messages, storage, selected };
}
