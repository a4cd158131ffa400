/**
 * Timeshift (pause, rewind, seek, 'Ao vivo') over a channel's HLS source, inside the website's
 * `<audio>` engine. The design:
 *
 * - Live at the edge plays the Icecast-style mount as before: the least delay, and the preroll,
 *   statistics and retries stay as they are. HLS is for the past: a resume after a pause, 'Voltar
 *   30 segundos', the start of the song or of the programme, the seek bar. Then the state machine
 *   switches the stream to its HLS source (`sources`' last entry, codec 'HLS') positioned at the
 *   wall-clock instant wanted, and 'Ao vivo' goes back to the mount. Should HLS fail (an error, a
 *   segment gone from the window, no HLS source), the mount is the fallback.
 * - Instants are the media playlist's program date times (the server's air clock): an instant is
 *   mapped to the media element's time through the fragments' `programDateTime` and `start`
 *   (hls-timeline.ts), and read back with `hls.playingDate`. The window is the playlist's: its
 *   oldest segment to its live edge (2 hours by default).
 * - hls.js (its light build) is fetched only when timeshift is first used, by a dynamic import, so
 *   no page's first load grows; so is the session code (hls-session.ts): this module is what every
 *   page carries. Safari plays HLS itself with its dates (`getStartDate()` plus `currentTime`),
 *   without hls.js. Chromium also answers that it plays HLS, but has no `getStartDate()`: it gets
 *   hls.js over Media Source Extensions like Firefox.
 * - The engine positions and reads back; the state machine (player-machine.ts) decides: when to
 *   switch, what to clamp, when to fall back.
 */
import type * as SessionModuleType from './hls-session';
import type { HlsSession, SessionOptions } from './hls-session';
import type { EngineEvent, EngineSource, TimeshiftCapability, TimeshiftWindow } from './types';

/** The engine around the session: its current source changes, and what the session observes. */
export interface TimeshiftHost {
  /** A new source: the engine takes `url` as its current one and announces `loading`. */
  begin(url: string): void;
  emit(event: EngineEvent): void;
}

/** Safari's date of the media timeline's origin, which other browsers lack. */
export interface DatedMedia {
  getStartDate?: () => Date;
}

/**
 * The browser plays HLS itself and dates it: Safari. (Chromium's own HLS answers `canPlayType`
 * too, but without `getStartDate()` an instant cannot be placed, so it gets hls.js.)
 */
export function nativeDatedHls(audio: HTMLAudioElement): boolean {
  return (
    audio.canPlayType('application/vnd.apple.mpegurl') !== '' &&
    typeof (audio as DatedMedia).getStartDate === 'function'
  );
}

function mediaSourceAvailable(): boolean {
  return (
    typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window)
  );
}

type SessionModule = typeof SessionModuleType;

let sessionModule: Promise<SessionModule> | null = null;

function loadSessionModule(): Promise<SessionModule> {
  sessionModule ??= import('./hls-session').catch((error: unknown) => {
    sessionModule = null;
    throw error;
  });
  return sessionModule;
}

/**
 * The `<audio>` engine's timeshift: the session of the current HLS source once its code is here,
 * and until then what was asked of it (the target instant, a play()).
 */
export class HlsTimeshift implements TimeshiftCapability {
  private readonly audio: HTMLAudioElement;
  private readonly host: TimeshiftHost;
  private readonly loadModule: () => Promise<SessionModule>;
  private readonly sessionOptions: Pick<SessionOptions, 'loadHls' | 'now'>;
  /** The current source's number; 0 when no HLS source is loaded. */
  private current = 0;
  private count = 0;
  private session: HlsSession | null = null;
  private targetMs: number | null = null;
  private playWanted = false;

  constructor(
    audio: HTMLAudioElement,
    host: TimeshiftHost,
    {
      loadModule = loadSessionModule,
      ...sessionOptions
    }: { loadModule?: () => Promise<SessionModule> } & Pick<SessionOptions, 'loadHls' | 'now'> = {},
  ) {
    this.audio = audio;
    this.host = host;
    this.loadModule = loadModule;
    this.sessionOptions = sessionOptions;
  }

  canTimeshift(): boolean {
    return nativeDatedHls(this.audio) || mediaSourceAvailable();
  }

  prepare(): void {
    if (!this.canTimeshift()) return;
    void this.loadModule().then(
      (module) => module.prepareSession(this.audio),
      () => undefined,
    );
  }

  loadAt(source: EngineSource, atMs: number): void {
    this.detach();
    const current = ++this.count;
    this.current = current;
    this.targetMs = atMs;
    this.host.begin(source.url);
    this.loadModule().then(
      ({ HlsSession }) => {
        if (this.current !== current || this.targetMs === null) return;
        this.session = new HlsSession(this.audio, this.host, {
          ...this.sessionOptions,
          url: source.url,
          atMs: this.targetMs,
          play: this.playWanted,
        });
        this.playWanted = false;
      },
      (error: unknown) => {
        if (this.current !== current) return;
        this.host.emit({ type: 'error', code: 'network', message: String(error) });
      },
    );
  }

  seekTo(atMs: number): void {
    if (!this.current) return;
    this.targetMs = atMs;
    this.session?.seekTo(atMs);
  }

  playingDateMs(): number | null {
    if (!this.current) return null;
    return this.session?.playingDateMs() ?? this.targetMs;
  }

  window(): TimeshiftWindow | null {
    return this.current ? (this.session?.window() ?? null) : null;
  }

  /**
   * The engine's play(): true when the HLS source takes care of it (its code or hls.js is still
   * being fetched: the element gets its source once they are, and plays then).
   */
  holdPlay(): boolean {
    if (!this.current) return false;
    if (this.session) return this.session.holdPlay();
    this.playWanted = true;
    return true;
  }

  /** Ends the HLS source (the engine then sets or drops the element's src). */
  detach(): void {
    this.current = 0;
    this.session?.destroy();
    this.session = null;
    this.targetMs = null;
    this.playWanted = false;
  }
}
