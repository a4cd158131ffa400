/**
 * The website's engine: one `<audio>` element behind the {@link PlayerEngine} interface.
 *
 * - Timeshift: the same element plays a channel's HLS source at a wall-clock instant
 *   (hls-timeshift.ts: natively in Safari, through hls.js elsewhere, fetched on first use).
 *
 * - `stopBuffering()` removes the `src` and calls `load()`, which aborts the HTTP download, so a
 *   paused live stream really stops using the network (PL-05).
 * - Events left over from a previous source are dropped: a `pause`, `playing`, `waiting` or
 *   `ended` only counts when the element's state agrees with it, and an `error` only when the
 *   element holds an error for the current source.
 * - `bufferLatencyMs()` is the downloaded-but-not-yet-heard audio: buffered end − currentTime.
 */
import { HlsTimeshift } from './hls-timeshift';
import type {
  EngineErrorCode,
  EngineEvent,
  EngineListener,
  EngineSource,
  PlayerEngine,
  TimeshiftCapability,
} from './types';

/** HTMLMediaElement error codes (MediaError.MEDIA_ERR_*). */
const ERROR_CODES: Record<number, EngineErrorCode> = {
  2: 'network',
  3: 'decode',
  4: 'unsupported',
};

export class HtmlAudioEngine implements PlayerEngine {
  readonly kind = 'html';
  private readonly audio: HTMLAudioElement;
  private readonly listeners = new Set<EngineListener>();
  private readonly detach: () => void;
  private currentUrl: string | null = null;
  private unlocked = false;
  private readonly hls: HlsTimeshift;

  constructor(
    audio: HTMLAudioElement = document.createElement('audio'),
    timeshiftOptions: ConstructorParameters<typeof HlsTimeshift>[2] = {},
  ) {
    this.audio = audio;
    this.audio.preload = 'auto';
    this.hls = new HlsTimeshift(
      audio,
      {
        begin: (url) => {
          this.currentUrl = url;
          this.emit({ type: 'loading' });
        },
        emit: (event) => this.emit(event),
      },
      timeshiftOptions,
    );
    const handlers: Record<string, () => void> = {
      playing: () => {
        if (this.currentUrl && !this.audio.paused) this.emit({ type: 'playing' });
      },
      waiting: () => {
        if (this.currentUrl && !this.audio.paused) this.emit({ type: 'waiting' });
      },
      pause: () => {
        if (this.currentUrl && this.audio.paused && !this.audio.ended) {
          this.emit({ type: 'paused' });
        }
      },
      ended: () => {
        if (this.currentUrl && this.audio.ended) this.emit({ type: 'ended' });
      },
      error: () => {
        const error = this.audio.error;
        if (!this.currentUrl || !error) return;
        // MEDIA_ERR_ABORTED is our own doing (a new source, stopBuffering).
        if (error.code === 1) return;
        this.emit({
          type: 'error',
          code: ERROR_CODES[error.code] ?? 'unknown',
          message: error.message || undefined,
        });
      },
      timeupdate: () => {
        if (!this.currentUrl) return;
        const duration = this.audio.duration;
        this.emit({
          type: 'progress',
          positionS: this.audio.currentTime,
          durationS: Number.isFinite(duration) ? duration : null,
        });
      },
    };
    for (const [name, handler] of Object.entries(handlers)) {
      this.audio.addEventListener(name, handler);
    }
    this.detach = () => {
      for (const [name, handler] of Object.entries(handlers)) {
        this.audio.removeEventListener(name, handler);
      }
    };
  }

  /** The element, for the rare host that needs to put it in the page (none today). */
  get element(): HTMLAudioElement {
    return this.audio;
  }

  get timeshift(): TimeshiftCapability {
    return this.hls;
  }

  load(source: EngineSource): void {
    this.hls.detach();
    this.currentUrl = source.url;
    this.audio.src = source.url;
    this.emit({ type: 'loading' });
  }

  async play(): Promise<void> {
    this.unlocked = true;
    // An HLS source whose player is still being fetched plays once it is there.
    if (this.hls.holdPlay()) return;
    try {
      // Older engines return undefined instead of a promise.
      await this.audio.play();
    } catch (error) {
      // Only the autoplay refusal is the caller's business: a source that fails (NotSupportedError)
      // is reported by the `error` event, an interrupted load (AbortError) by nothing at all.
      if (error instanceof DOMException && error.name === 'NotAllowedError') throw error;
    }
  }

  pause(): void {
    this.audio.pause();
  }

  stopBuffering(): void {
    this.hls.detach();
    this.currentUrl = null;
    this.audio.pause();
    this.audio.removeAttribute('src');
    // load() with no source aborts the download and empties the buffer.
    this.audio.load();
  }

  setVolume(level: number): void {
    this.audio.volume = Math.min(1, Math.max(0, level));
  }

  bufferLatencyMs(): number | null {
    if (!this.currentUrl) return null;
    const { buffered } = this.audio;
    if (buffered.length === 0) return null;
    const latency = (buffered.end(buffered.length - 1) - this.audio.currentTime) * 1000;
    return Number.isFinite(latency) && latency >= 0 ? latency : null;
  }

  canPlay(type: string): boolean {
    return this.audio.canPlayType(type) !== '';
  }

  unlock(): void {
    if (this.unlocked) return;
    this.unlocked = true;
    // iOS lets an element play later only if it was loaded or played inside a user gesture.
    if (!this.currentUrl) this.audio.load();
  }

  subscribe(listener: EngineListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  destroy(): void {
    this.stopBuffering();
    this.detach();
    this.listeners.clear();
  }

  private emit(event: EngineEvent) {
    for (const listener of [...this.listeners]) listener(event);
  }
}
