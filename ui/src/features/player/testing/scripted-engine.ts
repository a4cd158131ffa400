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
} from '../engines/types';

export class ScriptedEngine implements PlayerEngine {
  readonly kind = 'scripted';
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

  load(source: EngineSource): void {
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
}
