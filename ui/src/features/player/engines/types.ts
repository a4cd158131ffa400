/**
 * The audio engine interface: what the player state machine needs from "something that plays a
 * URL". Two implementations plug in behind it:
 *
 * - {@link HtmlAudioEngine} (`html-audio-engine.ts`): one `<audio>` element, the website.
 * - {@link DesktopEngine} (`desktop-engine.ts`): the desktop app's native player (Rust, over Tauri
 *   commands and events).
 *
 * Rules that keep both honest:
 * - No DOM types here: a native engine must be able to implement it from plain messages.
 * - Commands are fire-and-forget except {@link PlayerEngine.play}, which says whether playback was
 *   allowed (browsers refuse audio without a user gesture).
 * - Everything the engine observes comes back as {@link EngineEvent}s, in order, through
 *   {@link PlayerEngine.subscribe}. The engine never decides policy (retries, live edge, ads):
 *   the state machine does.
 * - Components never talk to an engine; only the state machine does.
 */

/** One playable source: a URL and, when known, its media type (for `canPlay`). */
export interface EngineSource {
  url: string;
  /** `audio/mpeg`, `audio/aac`, `audio/aacp`, `application/vnd.apple.mpegurl`, … */
  type?: string;
  /**
   * A live stream (endless: its end is a lost connection) rather than a file that plays once to its
   * end (an ad, a preview, a track). The `<audio>` element tells them apart itself; the native
   * engine is told, so it reconnects only a live stream.
   */
  live?: boolean;
}

/** Why a source failed, normalised from the engine's own error codes. */
export type EngineErrorCode =
  /** The download failed or broke off (retry may help). */
  | 'network'
  /** The data could not be decoded. */
  | 'decode'
  /** The format or the URL is not supported / not reachable at all (401/403/404 included). */
  | 'unsupported'
  | 'unknown';

export type EngineEvent =
  /** A source was loaded and the engine is fetching data before it can play. */
  | { type: 'loading' }
  /** Sound is coming out (first start, or after a stall or pause). */
  | { type: 'playing' }
  /** Playback stopped because data ran out (a stall): it resumes by itself with `playing`. */
  | { type: 'waiting' }
  /** Playback paused (by `pause()` or by the system, e.g. a headset unplugged). */
  | { type: 'paused' }
  /** The source ended (an on-demand track; a live stream that the server closed). */
  | { type: 'ended' }
  | { type: 'error'; code: EngineErrorCode; message?: string }
  /** Position and duration in seconds while playing (duration `null` for endless streams). */
  | { type: 'progress'; positionS: number; durationS: number | null };

export type EngineListener = (event: EngineEvent) => void;

/** The part of a channel's HLS timeshift window the engine can play, in wall-clock epoch ms. */
export interface TimeshiftWindow {
  /** The program date time of the oldest segment listed. */
  startMs: number;
  /** The live edge: the end of the newest segment, carried forward by the time since it was read. */
  endMs: number;
}

/**
 * What an engine offers to play a channel's HLS source at a wall-clock instant (timeshift: pause,
 * rewind, seek; hls-timeshift.ts). Instants are the program date times of the media playlist
 * (`EXT-X-PROGRAM-DATE-TIME`, the server's air clock). The engine positions and reads back; the
 * state machine decides when to use it, clamps to the window and falls back to the live mount.
 */
export interface TimeshiftCapability {
  /** Whether HLS can be played here with its dates (false: the controls are not offered). */
  canTimeshift(): boolean;
  /** Fetches ahead what `loadAt` will need (a player library), as a control is about to be used. */
  prepare?(): void;
  /**
   * Replaces the current source with an HLS playlist positioned at `atMs` (clamped into its window
   * once the playlist is read), without starting playback. Emits `loading`; a playlist or segment
   * that cannot be had (404 out of the window, 401/403) ends in an `error`.
   */
  loadAt(source: EngineSource, atMs: number): void;
  /** Moves the loaded HLS source to the wall-clock instant `atMs`. */
  seekTo(atMs: number): void;
  /** The wall-clock instant being heard (or about to be, while it loads); `null` before the playlist. */
  playingDateMs(): number | null;
  /** The window of the loaded playlist; `null` before it was read or with no HLS source loaded. */
  window(): TimeshiftWindow | null;
}

export interface PlayerEngine {
  /** 'html' for the `<audio>` engine, 'native' for the desktop one (for logs and tests only). */
  readonly kind: string;

  /**
   * The engine reconnects by itself (the desktop's native player: its stall watchdog and 3
   * retries 1 s apart, in Rust, where a hidden window's throttled timers do not reach): a `waiting`
   * is followed by `playing` or by an `error` that is final. The machine then shows the stall text
   * and the stream error without reloading on its own, so there is one retry policy, not two.
   */
  readonly reconnectsItself?: boolean;

  /**
   * Replaces the current source (the previous download is dropped) without starting playback.
   * Emits `loading`. The URL is used exactly as given: the caller adds any cache-buster.
   */
  load(source: EngineSource): void;

  /**
   * Starts (or resumes) playback of the loaded source. Resolves once the engine accepted the
   * request (sound may come later, announced by `playing`); rejects when playback is not allowed
   * (autoplay policy) — no `error` event is emitted for that.
   */
  play(): Promise<void>;

  /** Pauses; the source and whatever was buffered are kept. Emits `paused`. */
  pause(): void;

  /**
   * Drops the source and stops any network activity (the stream download ends). Emits nothing;
   * `load()` is needed before the next `play()`.
   */
  stopBuffering(): void;

  /** Output level, 0 (silent) to 1 (full), as a linear gain. */
  setVolume(level: number): void;

  /**
   * How far behind the downloaded live edge the listener is hearing, in milliseconds: for the
   * HTML engine the buffered end minus the playback position. `null` when unknown (nothing
   * loaded, or the engine cannot tell).
   */
  bufferLatencyMs(): number | null;

  /** Whether the engine can probably play this media type (used to pick a stream's source). */
  canPlay(type: string): boolean;

  /**
   * Touch devices only allow audio that was first started inside a user gesture: called from the
   * first touch or click, so later (asynchronous) `play()` calls work. A no-op where not needed.
   */
  unlock(): void;

  /**
   * Timeshift over HLS, where the engine has it: the website's (hls.js, or Safari's own HLS) and the
   * desktop's (the native player reads the playlist itself).
   */
  readonly timeshift?: TimeshiftCapability;

  /** Receives every {@link EngineEvent}; returns the unsubscribe function. */
  subscribe(listener: EngineListener): () => void;

  /** Releases the engine (tests, hot reload). */
  destroy(): void;
}
