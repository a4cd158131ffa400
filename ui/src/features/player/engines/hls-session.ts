/**
 * One HLS source on the `<audio>` element, positioned at a wall-clock instant: natively where the
 * browser plays HLS with its dates (Safari), through hls.js elsewhere. A chunk of its own, fetched
 * the first time timeshift is used (hls-timeshift.ts has the design); hls.js is another, fetched
 * only where it is needed.
 */
import type Hls from 'hls.js';
import type { ErrorData, LevelDetails } from 'hls.js';
import { positionAt, windowOf } from './hls-timeline';
import { nativeDatedHls, type DatedMedia, type TimeshiftHost } from './hls-timeshift';
import type { EngineErrorCode, TimeshiftWindow } from './types';

export type HlsClass = typeof Hls;

let hlsJs: Promise<HlsClass> | null = null;

/** hls.js's light build (audio renditions need none of the rest), fetched once. */
export function loadHlsJs(): Promise<HlsClass> {
  hlsJs ??= import('hls.js/dist/hls.light.mjs').then(
    (module) => module.default,
    (error: unknown) => {
      hlsJs = null;
      throw error;
    },
  );
  return hlsJs;
}

/** Fetches what a session on `audio` will need: hls.js, unless the browser plays HLS itself. */
export function prepareSession(audio: HTMLAudioElement): void {
  if (!nativeDatedHls(audio)) void loadHlsJs().catch(() => undefined);
}

/** Media element readyState HAVE_CURRENT_DATA: the position's audio is there. */
const HAVE_CURRENT_DATA = 2;

/** A network error answered 4xx (out of the window, no session) will not get better by retrying. */
function errorCode(data: ErrorData): EngineErrorCode {
  if (data.type === 'networkError') {
    const status = data.response?.code ?? 0;
    return status >= 400 && status < 500 ? 'unsupported' : 'network';
  }
  return data.type === 'mediaError' ? 'decode' : 'unknown';
}

export interface SessionOptions {
  url: string;
  /** The instant to start at (epoch ms, the playlist's program date time). */
  atMs: number;
  /** play() was asked for already: play as soon as the element has its source. */
  play: boolean;
  /** hls.js, injectable for tests. */
  loadHls?: () => Promise<HlsClass>;
  now?: () => number;
}

export class HlsSession {
  private readonly audio: HTMLAudioElement;
  private readonly host: TimeshiftHost;
  private readonly now: () => number;
  private readonly native: boolean;
  private destroyed = false;
  private hls: Hls | null = null;
  private details: LevelDetails | null = null;
  private detailsReadAt = 0;
  /** The instant asked for: what is heard until the element plays from it. */
  private targetMs: number;
  /** hls.js waits for the media playlist to ask for the target's segment first. */
  private startPending = false;
  private playWanted: boolean;
  private readonly cleanups: (() => void)[] = [];

  constructor(audio: HTMLAudioElement, host: TimeshiftHost, options: SessionOptions) {
    this.audio = audio;
    this.host = host;
    this.now = options.now ?? Date.now;
    this.targetMs = options.atMs;
    this.playWanted = options.play;
    this.native = nativeDatedHls(audio);
    if (this.native) {
      const onMetadata = () => this.positionNative();
      audio.addEventListener('loadedmetadata', onMetadata);
      this.cleanups.push(() => audio.removeEventListener('loadedmetadata', onMetadata));
      audio.src = options.url;
      this.playIfWanted();
      return;
    }
    (options.loadHls ?? loadHlsJs)().then(
      (HlsJs) => {
        if (!this.destroyed) this.attach(HlsJs, options.url);
      },
      (error: unknown) => {
        if (this.destroyed) return;
        this.host.emit({ type: 'error', code: 'network', message: `hls.js: ${String(error)}` });
      },
    );
  }

  /** The element has its source (play() can go to it). */
  get attached(): boolean {
    return this.native || this.hls !== null;
  }

  /** play() before the element has its source: played once it has. */
  holdPlay(): boolean {
    if (this.attached) return false;
    this.playWanted = true;
    return true;
  }

  seekTo(atMs: number): void {
    this.targetMs = atMs;
    if (this.native) {
      this.positionNative();
      return;
    }
    // Before the playlist, the start is placed at the target anyway.
    if (!this.hls || this.startPending || !this.details) return;
    const position = positionAt(this.details.fragments, atMs);
    if (position !== null) this.audio.currentTime = position;
  }

  playingDateMs(): number {
    let date: number | null = null;
    if (this.native) {
      const start = (this.audio as DatedMedia).getStartDate?.().getTime() ?? NaN;
      if (Number.isFinite(start)) date = start + this.audio.currentTime * 1000;
    } else {
      date = this.hls?.playingDate?.getTime() ?? null;
    }
    // While it seeks, or waits for the target's audio, what will be heard is the target.
    if (date === null || this.audio.seeking || this.audio.readyState < HAVE_CURRENT_DATA) {
      return this.targetMs;
    }
    return date;
  }

  window(): TimeshiftWindow | null {
    if (this.native) {
      const start = (this.audio as DatedMedia).getStartDate?.().getTime() ?? NaN;
      const { seekable } = this.audio;
      if (!Number.isFinite(start) || seekable.length === 0) return null;
      return {
        startMs: start + seekable.start(0) * 1000,
        endMs: start + seekable.end(seekable.length - 1) * 1000,
      };
    }
    const bounds = this.details ? windowOf(this.details.fragments) : null;
    if (!bounds) return null;
    // The playlist was read a moment ago: the edge has moved on since, at the speed of time.
    return { startMs: bounds.startMs, endMs: bounds.endMs + (this.now() - this.detailsReadAt) };
  }

  /** hls.js lets go of the element (its downloads stop); the engine then sets or drops its src. */
  destroy(): void {
    this.destroyed = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    const hls = this.hls;
    this.hls = null;
    hls?.destroy();
  }

  private attach(HlsJs: HlsClass, url: string) {
    const hls = new HlsJs({
      // The first segment asked for is the target's, once the media playlist placed it.
      autoStartLoad: false,
      // The page's CSP allows scripts from the site only: no worker made from a blob.
      enableWorker: false,
      // An hour of audio behind the listener is of no use to keep in memory.
      backBufferLength: 60,
      // The titles come from the server's onAir answer: no metadata text tracks, whose `data:`
      // source the page's CSP (media-src) refuses anyway.
      enableID3MetadataCues: false,
      enableDateRangeMetadataCues: false,
      enableEmsgMetadataCues: false,
    });
    this.hls = hls;
    const { Events } = HlsJs;
    hls.on(Events.MANIFEST_PARSED, (_event, data) => {
      // One rendition for the whole session, the full-quality one: no codec switch mid-song.
      let best = 0;
      data.levels.forEach((level, index) => {
        if (level.bitrate > (data.levels[best]?.bitrate ?? 0)) best = index;
      });
      hls.loadLevel = best;
      this.startPending = true;
      hls.startLoad(-1);
    });
    hls.on(Events.LEVEL_LOADED, (_event, data) => {
      this.details = data.details;
      this.detailsReadAt = this.now();
      if (!this.startPending) return;
      this.startPending = false;
      const position = positionAt(data.details.fragments, this.targetMs);
      // Again from the target's segment: what hls.js asked for at its live edge is let go.
      if (position !== null) hls.startLoad(position);
    });
    hls.on(Events.ERROR, (_event, data) => {
      // hls.js retries what can be retried; a fatal error is the player's to handle.
      if (data.fatal)
        this.host.emit({ type: 'error', code: errorCode(data), message: data.details });
    });
    hls.attachMedia(this.audio);
    hls.loadSource(url);
    this.playIfWanted();
  }

  private playIfWanted() {
    if (!this.playWanted) return;
    this.playWanted = false;
    this.audio.play().catch((error: unknown) => {
      // Refused without a gesture: the player sees a pause, and offers 'Tocar'.
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        this.host.emit({ type: 'paused' });
      }
    });
  }

  private positionNative() {
    const start = (this.audio as DatedMedia).getStartDate?.().getTime() ?? NaN;
    if (!Number.isFinite(start)) return;
    let seconds = (this.targetMs - start) / 1000;
    const { seekable } = this.audio;
    if (seekable.length > 0) {
      seconds = Math.min(
        Math.max(seconds, seekable.start(0)),
        seekable.end(seekable.length - 1) - 0.5,
      );
    }
    this.audio.currentTime = Math.max(0, seconds);
  }
}
