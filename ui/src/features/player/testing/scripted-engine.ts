/**
 * A {@link PlayerEngine} for unit tests: it records every command and lets the test play the part
 * of the audio system (`engine.started()`, `engine.fail('network')`, `engine.stall()`, …). Only
 * tests import it.
 */
import type {
  EngineErrorCode,
  EngineEvent,
  EngineListener,
  EngineSource,
  PlayerEngine,
  TimeshiftCapability,
  TimeshiftWindow,
} from '../engines/types';

/**
 * The engine's timeshift side, scripted: it records `loadAt`/`seekTo` in the engine's `calls`
 * ('loadAt <url> <ms>', 'seekTo <ms>'), and answers the playing date and the window the test sets.
 */
export class ScriptedTimeshift implements TimeshiftCapability {
  /** What canTimeshift() answers (read once, by the machine's constructor). */
  available = true;
  /** What playingDateMs() answers while an HLS source is loaded (loadAt and seekTo set it). */
  dateMs: number | null = null;
  /** What window() answers while an HLS source is loaded. */
  windowNow: TimeshiftWindow | null = null;
  /** An HLS source is loaded (loadAt, until the next load or stopBuffering). */
  loaded = false;

  constructor(private readonly engine: ScriptedEngine) {}

  canTimeshift(): boolean {
    return this.available;
  }
  prepare(): void {
    this.engine.calls.push('prepare');
  }
  loadAt(source: EngineSource, atMs: number): void {
    this.engine.source = source;
    this.loaded = true;
    this.dateMs = atMs;
    this.engine.calls.push(`loadAt ${source.url} ${atMs}`);
    this.engine.emit({ type: 'loading' });
  }
  seekTo(atMs: number): void {
    this.dateMs = atMs;
    this.engine.calls.push(`seekTo ${atMs}`);
  }
  playingDateMs(): number | null {
    return this.loaded ? this.dateMs : null;
  }
  window(): TimeshiftWindow | null {
    return this.loaded ? this.windowNow : null;
  }
}

export class ScriptedEngine implements PlayerEngine {
  readonly kind = 'scripted';
  /** Present when built with `{ timeshift: true }` (the website's engine has it, the desktop's not). */
  readonly timeshift?: ScriptedTimeshift;
  /** Set to script an engine that reconnects by itself (the desktop's native one). */
  reconnectsItself = false;
  /** Every command, in order: 'load <url>', 'play', 'pause', 'stopBuffering', 'unlock'. */
  readonly calls: string[] = [];
  source: EngineSource | null = null;
  volume = 1;
  /** What bufferLatencyMs() answers. */
  latencyMs: number | null = null;
  /** Media types canPlay() accepts. */
  playableTypes = new Set(['audio/mpeg', 'audio/aac']);
  /** When true, play() is refused like a browser's autoplay policy does. */
  blockPlay = false;
  destroyed = false;
  private readonly listeners = new Set<EngineListener>();

  constructor({ timeshift = false }: { timeshift?: boolean } = {}) {
    if (timeshift) this.timeshift = new ScriptedTimeshift(this);
  }

  load(source: EngineSource): void {
    if (this.timeshift) this.timeshift.loaded = false;
    this.source = source;
    this.calls.push(`load ${source.url}`);
    this.emit({ type: 'loading' });
  }

  play(): Promise<void> {
    this.calls.push('play');
    return this.blockPlay
      ? Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'))
      : Promise.resolve();
  }

  pause(): void {
    this.calls.push('pause');
  }

  stopBuffering(): void {
    if (this.timeshift) this.timeshift.loaded = false;
    this.source = null;
    this.calls.push('stopBuffering');
  }

  setVolume(level: number): void {
    this.volume = level;
  }

  bufferLatencyMs(): number | null {
    return this.source ? this.latencyMs : null;
  }

  canPlay(type: string): boolean {
    return this.playableTypes.has(type);
  }

  unlock(): void {
    this.calls.push('unlock');
  }

  subscribe(listener: EngineListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  destroy(): void {
    this.destroyed = true;
    this.listeners.clear();
  }

  // ── The test's side: what the audio system reports ─────────────────────────────────────────
  emit(event: EngineEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
  started(): void {
    this.emit({ type: 'playing' });
  }
  stall(): void {
    this.emit({ type: 'waiting' });
  }
  pausedBySystem(): void {
    this.emit({ type: 'paused' });
  }
  end(): void {
    this.emit({ type: 'ended' });
  }
  fail(code: EngineErrorCode = 'network'): void {
    this.emit({ type: 'error', code });
  }
  progress(positionS: number, durationS: number | null): void {
    this.emit({ type: 'progress', positionS, durationS });
  }
  /** The URL of the last load(), without its cache-buster. */
  get loadedPath(): string | null {
    return this.source ? this.source.url.replace(/[?&]_=\d+$/, '') : null;
  }
  /** The URLs of every load(), in order. */
  get loads(): string[] {
    return this.calls.filter((call) => call.startsWith('load ')).map((call) => call.slice(5));
  }
  /** Every loadAt() and seekTo(), in order ('loadAt <url> <ms>', 'seekTo <ms>'). */
  get timeshiftCalls(): string[] {
    return this.calls.filter((call) => call.startsWith('loadAt ') || call.startsWith('seekTo '));
  }
}
