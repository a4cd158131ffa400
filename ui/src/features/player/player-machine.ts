/**
 * The player state machine (doc1 §4 "Player state" through "Preroll ads"), independent of React.
 *
 * It owns one {@link PlayerEngine} and decides everything the engine must not: which stream and
 * source to load, the live edge, retries, stalls, the preroll, the on-demand queue and the podcast
 * interplay. React reads it through `subscribe`/`getSnapshot` (useSyncExternalStore); the desktop
 * app plugs its native engine in through the same constructor.
 *
 * States (doc1 §4): `shouldBePlaying`; `status` loading | playing | paused | ended | error;
 * `isLive` true for the radio, 'otherMedia' for on-demand media; `locked` until the first play.
 *
 * Timings (lib/constants): pause stops buffering after 3 s (0 while loading); up to 3 reloads 1 s
 * apart on a stream error; the next on-demand track 300 ms after one ends; the preroll is waited
 * for up to 7 s in 1 s steps; the stream is re-selected 200 ms after the PRO list loads.
 *
 * Timeshift (engines/hls-timeshift.ts has the design): a stream with an HLS source, on an engine
 * that can play it, can be heard behind live. The live edge plays the mount; a pause remembers the
 * instant heard and 'Tocar' carries on from it; a seek (back 30 s, the song's or programme's start,
 * the seek bar) plays the HLS source from that instant, clamped to the window; 'Ao vivo', a seek
 * within 10 s of live, or any HLS failure (with a notice) goes back to the mount.
 */
import type { Stream } from '@/generated/Stream';
import {
  AD_WAIT_MAX_MS,
  AD_WAIT_STEP_MS,
  ONDEMAND_NEXT_TRACK_DELAY_MS,
  PAUSE_STOP_BUFFERING_MS,
  POPUP_WATCH_MS,
  STALL_RECONNECT_MS,
  STREAM_ERROR_RETRIES,
  STREAM_RESELECT_DELAY_MS,
  STREAM_RETRY_INTERVAL_MS,
  STREAM_STORAGE_KEY,
  TIMESHIFT_LIVE_TOLERANCE_MS,
  TIMESHIFT_STEP_MS,
  TIMESHIFT_WINDOW_DEFAULT_MS,
  TIMESHIFT_WINDOW_MARGIN_MS,
} from '@/lib/constants';
import type { EngineErrorCode, EngineEvent, PlayerEngine, TimeshiftWindow } from './engines/types';
import { PLAYER_TEXT } from './messages';
import type { PrerollAd, PrerollOutcome, PrerollSource } from './preroll-types';
import {
  checkAccess,
  defaultStream,
  isSafariLike,
  playableSources,
  popupAddress,
  timeshiftSource,
  withCacheBuster,
  type StreamAccess,
} from './stream-rules';

export type PlayerStatus = 'loading' | 'playing' | 'paused' | 'ended' | 'error';

/** One on-demand item (a music preview, a spot, a playlist track: see queue.ts). */
export interface QueueItem {
  /** Unique within its queue. */
  id: string;
  src: string;
  type?: string;
  title: string;
  artist?: string;
  album?: string;
  /** Cover image URL. */
  cover?: string;
}

/** The persistent notices of the live page (toasts are {@link PlayerMessage}s). */
export type PlayerNotice =
  | { kind: 'pro-required'; text: string }
  | { kind: 'popup-playing'; text: string; streamId: string }
  | { kind: 'dolby-active'; text: string };

/** What the listener must be told; the runtime turns these into toasts and the login modal. */
export type PlayerMessage =
  | { kind: 'login-required' }
  | { kind: 'pro-required' }
  | { kind: 'popup-blocked' }
  | { kind: 'dolby-active' }
  | { kind: 'dolby-unsupported' }
  | { kind: 'stream-error' }
  | { kind: 'track-error'; item: QueueItem }
  /** HLS failed while behind live: the mount plays the live edge instead. */
  | { kind: 'timeshift-failed' }
  /** The paused instant left the window before 'Tocar': the mount plays the live edge. */
  | { kind: 'timeshift-expired' };

export interface AdSnapshot {
  /** waiting: asking the ad server; starting: ad loaded in the engine; playing: heard. */
  phase: 'waiting' | 'starting' | 'playing';
  title: string;
  positionS: number;
  durationS: number | null;
  clickThroughUrl: string | null;
  /** The companion image for the 640x360 frame. */
  imageUrl: string | null;
}

export interface PlayerSnapshot {
  locked: boolean;
  shouldBePlaying: boolean;
  status: PlayerStatus;
  isLive: true | 'otherMedia';
  streams: readonly Stream[];
  streamId: string | null;
  /** The selected stream (derived from `streams` and `streamId`). */
  stream: Stream | null;
  /** The URL loaded in the engine (with its cache-buster); `null` once buffering stopped. */
  src: string | null;
  /** The error text on screen (stream or on-demand), until the next play. */
  error: string | null;
  /** Playback stalled: 'Erro de reprodução. Tentando reconectar...' until it resumes. */
  stalled: boolean;
  /** Automatic reloads made since the stream last played. */
  retries: number;
  notice: PlayerNotice | null;
  ad: AdSnapshot | null;
  queue: { items: readonly QueueItem[]; index: number } | null;
  /** A registered podcast player is playing. */
  podcastActive: boolean;
  /**
   * Timeshift, when the selected stream has an HLS source and the engine can play it; `null`
   * otherwise (no controls are offered).
   */
  timeshift: TimeshiftState | null;
}

export interface TimeshiftState {
  /** The HLS source plays (or loads), behind live; `false`: the mount, or nothing. */
  shifted: boolean;
  /**
   * The instant the last seek or resume asked for (epoch ms, the air clock); `null` at live. With
   * `seekSeq`, which changes on every seek, it tells the now-playing what to ask about.
   */
  seekMs: number | null;
  seekSeq: number;
  /** The instant heard when the listener paused: 'Tocar' carries on from there. */
  pausedAtMs: number | null;
}

/** Where the listener is in the window (epoch ms): for the seek bar and the behind-live text. */
export interface TimeshiftPosition {
  /** What is heard (or, paused, where 'Tocar' carries on). */
  atMs: number;
  /** The live edge. */
  liveMs: number;
  /** The window's oldest instant. */
  startMs: number;
}

/** A podcast player on a page (doc2 §2 Podcasts): paused whenever the radio starts. */
export interface PodcastHandle {
  pause(): void;
}

export interface PopupHandle {
  readonly closed: boolean;
}

export interface KeyValueStorage {
  read(key: string): string | null;
  write(key: string, value: string): void;
  remove(key: string): void;
}

export interface PlayerMachineOptions {
  engine: PlayerEngine;
  now?: () => number;
  notify?: (message: PlayerMessage) => void;
  /** Called whenever a stream becomes the selected one; `chosen` for a listener's valid choice. */
  onStreamSelected?: (stream: Stream, chosen: boolean) => void;
  storage?: KeyValueStorage;
  openWindow?: (url: string, name: string, features: string) => PopupHandle | null;
  userAgent?: string;
  preroll?: PrerollSource | null;
}

export type ChoiceResult =
  | 'selected'
  | 'unknown'
  | 'login-required'
  | 'pro-required'
  | 'popup'
  | 'popup-blocked'
  | 'dolby-fallback';

const INITIAL: PlayerSnapshot = {
  locked: true,
  shouldBePlaying: false,
  status: 'paused',
  isLive: true,
  streams: [],
  streamId: null,
  stream: null,
  src: null,
  error: null,
  stalled: false,
  retries: 0,
  notice: null,
  ad: null,
  queue: null,
  podcastActive: false,
  timeshift: null,
};

const TIMESHIFT_AT_LIVE: TimeshiftState = {
  shifted: false,
  seekMs: null,
  seekSeq: 0,
  pausedAtMs: null,
};

const memoryStorage = (): KeyValueStorage => {
  const values = new Map<string, string>();
  return {
    read: (key) => values.get(key) ?? null,
    write: (key, value) => values.set(key, value),
    remove: (key) => values.delete(key),
  };
};

type Timer = ReturnType<typeof setTimeout>;

export class PlayerMachine {
  private state: PlayerSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private readonly engine: PlayerEngine;
  private readonly now: () => number;
  private readonly notify: (message: PlayerMessage) => void;
  private readonly onStreamSelected: (stream: Stream, chosen: boolean) => void;
  private readonly storage: KeyValueStorage;
  private readonly openWindow: PlayerMachineOptions['openWindow'];
  private readonly safariLike: boolean;
  private readonly preroll: PrerollSource | null;
  private readonly unsubscribers: (() => void)[] = [];

  private access: StreamAccess = { loggedIn: null, isPro: null };
  private mainStreamId: string | null = null;
  /** The saved choice (localStorage 'streamId'), restored whenever it is allowed. */
  private preferredId: string | null;
  /** `?streamId=` or a campaign's stream, applied once the list (and the session) allow. */
  private pendingStartId: string | null = null;
  /** This page is a popup stream's own window: that stream plays here instead of opening another. */
  private popupWindowStreamId: string | null = null;
  private streamsUnavailable = false;
  private sourceIndex = 0;
  private loadSeq = 0;
  private adSettled = false;
  private adWaitStartedAt = 0;
  private currentAd: PrerollAd | null = null;
  private resumeLiveAfterPodcast = false;
  private readonly podcastPlayers = new Set<PodcastHandle>();
  /** The engine can play HLS with its dates here (fixed for the engine's life). */
  private readonly canTimeshift: boolean;
  /** The window as the engine last read it, and when (our clock): carried forward from there. */
  private knownWindow: (TimeshiftWindow & { seenAt: number }) | null = null;

  private stopBufferingTimer: Timer | undefined;
  private retryTimer: Timer | undefined;
  private stallTimer: Timer | undefined;
  private nextTimer: Timer | undefined;
  private reselectTimer: Timer | undefined;
  private adTimer: ReturnType<typeof setInterval> | undefined;
  private popupTimer: ReturnType<typeof setInterval> | undefined;

  constructor(options: PlayerMachineOptions) {
    this.engine = options.engine;
    this.now = options.now ?? Date.now;
    this.notify = options.notify ?? (() => undefined);
    this.onStreamSelected = options.onStreamSelected ?? (() => undefined);
    this.storage = options.storage ?? memoryStorage();
    this.openWindow = options.openWindow;
    this.safariLike = isSafariLike(options.userAgent ?? '');
    this.preroll = options.preroll ?? null;
    this.preferredId = this.storage.read(STREAM_STORAGE_KEY);
    this.canTimeshift = this.engine.timeshift?.canTimeshift() ?? false;
    this.unsubscribers.push(this.engine.subscribe((event) => this.onEngineEvent(event)));
    if (this.preroll) {
      this.unsubscribers.push(this.preroll.subscribe(() => this.onPrerollChange()));
    }
  }

  // ── Store ──────────────────────────────────────────────────────────────────────────────────
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): PlayerSnapshot => this.state;

  private set(patch: Partial<PlayerSnapshot>) {
    const next = { ...this.state, ...patch };
    next.stream = next.streams.find((stream) => stream.streamId === next.streamId) ?? null;
    // Timeshift follows the stream: offered while it has an HLS source the engine can play.
    const offered = this.canTimeshift && !!next.stream && timeshiftSource(next.stream) !== null;
    if (!offered) next.timeshift = null;
    else next.timeshift ??= TIMESHIFT_AT_LIVE;
    this.state = next;
    for (const listener of [...this.listeners]) listener();
  }

  // ── Live radio ─────────────────────────────────────────────────────────────────────────────
  /** Plays the selected live stream from the live edge (after the preroll, the first time). */
  playLive(): void {
    this.clearPlaybackTimers();
    this.resumeLiveAfterPodcast = false;
    this.pausePodcasts();
    if (this.state.ad) this.cancelAd();
    this.set({
      locked: false,
      isLive: true,
      queue: null,
      shouldBePlaying: true,
      status: 'loading',
      error: null,
      retries: 0,
      stalled: false,
      timeshift: this.state.timeshift && atLive(this.state.timeshift),
    });
    if (!this.state.stream) {
      // Starts when the list arrives, unless it could not be loaded.
      if (this.streamsUnavailable) this.failPendingPlay();
      return;
    }
    if (this.needsAd()) {
      this.startAdWait();
      return;
    }
    this.sourceIndex = 0;
    this.loadLive();
  }

  /**
   * Pauses whatever plays. A live stream stops buffering 3 s later (at once while loading). With
   * timeshift, the instant heard is kept: 'Tocar' carries on from it.
   */
  pause(): void {
    const { status, shouldBePlaying, isLive, timeshift } = this.state;
    const active = shouldBePlaying || status === 'loading' || status === 'playing';
    const pausedAtMs = this.pausedInstant();
    if (this.state.ad) this.cancelAd();
    this.clearTimer('retryTimer');
    this.clearTimer('stallTimer');
    this.clearTimer('nextTimer');
    if (!active) return;
    this.set({
      shouldBePlaying: false,
      stalled: false,
      status: 'paused',
      timeshift: timeshift && { ...timeshift, pausedAtMs },
    });
    if (isLive === true) {
      if (status === 'loading') {
        this.dropSource();
      } else {
        this.engine.pause();
        this.clearTimer('stopBufferingTimer');
        this.stopBufferingTimer = setTimeout(() => this.dropSource(), PAUSE_STOP_BUFFERING_MS);
      }
    } else {
      this.engine.pause();
    }
  }

  /** Pause for the live radio means stop (Media Session 'stop', and 'pause' on a live stream). */
  stop(): void {
    this.pause();
    if (this.state.isLive === true && this.state.src) {
      this.clearTimer('stopBufferingTimer');
      this.dropSource();
    }
  }

  /**
   * The live page's button: pauses while live audio loads or plays, otherwise plays live (from the
   * paused instant, with timeshift).
   */
  toggleLive(): void {
    if (isLiveActive(this.state)) this.pause();
    else this.resumeLive();
  }

  /** The bar's button: pauses whatever plays, resumes a paused on-demand track, else plays live. */
  toggle(): void {
    const { shouldBePlaying, status, isLive, queue } = this.state;
    if (shouldBePlaying && (status === 'loading' || status === 'playing')) this.pause();
    else if (isLive === 'otherMedia' && queue && status === 'paused') this.resumeQueue();
    else this.resumeLive();
  }

  /**
   * The live radio again after a pause: from the paused instant when timeshift has one still in
   * the window (the HLS source, or the same one still loaded when the pause was short); from the
   * live edge when it was within 10 s of live, when there is none, or, with a notice, when it has
   * left the window.
   */
  resumeLive(): void {
    const timeshift = this.state.timeshift;
    const at = timeshift?.pausedAtMs ?? null;
    if (!timeshift || at === null || this.state.isLive !== true) {
      this.playLive();
      return;
    }
    const { startMs, liveMs } = this.timeshiftBounds();
    if (liveMs - at < TIMESHIFT_LIVE_TOLERANCE_MS) {
      this.playLive();
      return;
    }
    if (at < startMs) {
      this.notify({ kind: 'timeshift-expired' });
      this.playLive();
      return;
    }
    if (timeshift.shifted && this.state.src && !this.state.ad) {
      // Paused a moment ago: the HLS source and its buffer are still there.
      this.clearPlaybackTimers();
      this.pausePodcasts();
      this.set({
        locked: false,
        shouldBePlaying: true,
        status: 'loading',
        error: null,
        stalled: false,
        timeshift: { ...timeshift, pausedAtMs: null },
      });
      this.startEngine();
      return;
    }
    this.playShifted(at);
  }

  // ── Timeshift ──────────────────────────────────────────────────────────────────────────────
  /** 'Voltar 30 segundos' (and the Media Session's seek backward). */
  rewind(ms: number = TIMESHIFT_STEP_MS): void {
    const position = this.timeshiftPosition();
    if (position) this.seekTo(position.atMs - ms);
  }

  /** The Media Session's seek forward: nearer live, or live itself. */
  forward(ms: number = TIMESHIFT_STEP_MS): void {
    const position = this.timeshiftPosition();
    if (position) this.seekTo(position.atMs + ms);
  }

  /**
   * Plays the selected stream from the wall-clock instant `atMs` (the start of a song or of a
   * programme, a point of the seek bar), clamped to the window; within 10 s of the live edge, the
   * live edge itself. A seek is a request to hear that instant: it plays, even from a pause.
   */
  seekTo(atMs: number): void {
    const timeshift = this.state.timeshift;
    if (!timeshift) return;
    const { startMs, liveMs } = this.timeshiftBounds();
    const target = Math.min(liveMs, Math.max(startMs + TIMESHIFT_WINDOW_MARGIN_MS, atMs));
    if (liveMs - target < TIMESHIFT_LIVE_TOLERANCE_MS) {
      this.goLive();
      return;
    }
    const engine = this.engine.timeshift;
    if (timeshift.shifted && this.state.src && engine && !this.state.ad) {
      // The HLS source is loaded: it moves, its buffer is used where it covers the target.
      this.clearPlaybackTimers();
      this.pausePodcasts();
      engine.seekTo(target);
      const playing = this.state.shouldBePlaying && this.state.status === 'playing';
      this.set({
        locked: false,
        shouldBePlaying: true,
        status: playing ? 'playing' : 'loading',
        error: null,
        stalled: false,
        timeshift: seekState(timeshift, target),
      });
      if (!playing) this.startEngine();
      return;
    }
    this.playShifted(target);
  }

  /** 'Ao vivo': the mount at the live edge (nothing happens when it already plays there). */
  goLive(): void {
    if (isLiveActive(this.state) && !this.state.timeshift?.shifted) return;
    this.playLive();
  }

  /** The pointer or the focus reached a timeshift control: the engine may fetch what it needs. */
  prepareTimeshift(): void {
    if (this.state.timeshift) this.engine.timeshift?.prepare?.();
  }

  /**
   * Where the listener is in the window, `null` without timeshift. Read when shown (it moves with
   * time): the heard instant while playing behind live, the paused instant while paused, the live
   * edge less the buffer on the mount.
   */
  timeshiftPosition(): TimeshiftPosition | null {
    const timeshift = this.state.timeshift;
    if (!timeshift) return null;
    const { startMs, liveMs } = this.timeshiftBounds();
    const active = this.state.shouldBePlaying;
    const atMs = !active && timeshift.pausedAtMs !== null ? timeshift.pausedAtMs : this.heardAtMs();
    return { atMs: Math.min(liveMs, Math.max(startMs, atMs)), liveMs, startMs };
  }

  // ── Streams ────────────────────────────────────────────────────────────────────────────────
  setMainStreamId(id: string | null): void {
    this.mainStreamId = id;
  }

  setAccess(access: StreamAccess): void {
    const same = access.loggedIn === this.access.loggedIn && access.isPro === this.access.isPro;
    this.access = access;
    if (same) return;
    // A pro-required notice no longer applies once the listener is PRO.
    if (access.isPro && this.state.notice?.kind === 'pro-required') this.set({ notice: null });
    this.reselect();
    this.applyPendingStart();
  }

  /** The public list (getAvailableStreams), or the public list again after a logout. */
  setStreams(streams: readonly Stream[]): void {
    this.clearTimer('reselectTimer');
    this.applyStreams(streams);
  }

  /** The list of getAvailableProStreams: applied and re-selected 200 ms later (doc1 §4). */
  setProStreams(streams: readonly Stream[]): void {
    this.clearTimer('reselectTimer');
    this.reselectTimer = setTimeout(() => this.applyStreams(streams), STREAM_RESELECT_DELAY_MS);
  }

  /**
   * The stream list could not be loaded (the server is down): a play waiting for it ends with the
   * stream error instead of 'Carregando...' forever.
   */
  setStreamsUnavailable(unavailable: boolean): void {
    this.streamsUnavailable = unavailable;
    if (unavailable && !this.state.stream) this.failPendingPlay();
  }

  /** `?streamId=` or a campaign's stream (G07): chosen once the list allows, with every check. */
  requestStartStream(streamId: string): void {
    this.pendingStartId = streamId;
    this.applyPendingStart();
  }

  /**
   * The page was opened as the window of popup stream `streamId` (`?streamId=…&popup=1`): choosing
   * it plays it here (opening its window again from inside it would only reload this one), and the
   * start choice starts playing (the listener asked for it by opening the window).
   */
  setPopupWindow(streamId: string): void {
    this.popupWindowStreamId = streamId;
    this.pendingStartId = streamId;
    this.applyPendingStart();
  }

  /**
   * A listener's choice (doc1 §4 "Selecting a stream"): refused for an unknown id (the saved choice
   * is cleared), a semiPro/pro stream without login, a pro stream without PRO; a popup stream opens
   * its window; Dolby Atmos only in Safari-like browsers. A valid choice is saved and, with
   * `play`, starts.
   */
  chooseStream(streamId: string, { play = true }: { play?: boolean } = {}): ChoiceResult {
    const stream = this.findStream(streamId);
    if (!stream) {
      this.storage.remove(STREAM_STORAGE_KEY);
      this.preferredId = null;
      return 'unknown';
    }
    const verdict = checkAccess(stream, this.access);
    if (verdict === 'login-required' || (verdict === 'unknown' && !this.access.loggedIn)) {
      this.notify({ kind: 'login-required' });
      return 'login-required';
    }
    if (verdict !== 'ok') {
      this.set({ notice: { kind: 'pro-required', text: PLAYER_TEXT.proRequired } });
      this.notify({ kind: 'pro-required' });
      return 'pro-required';
    }
    if (stream.isPopup && stream.streamId !== this.popupWindowStreamId)
      return this.openPopup(stream);
    let target = stream;
    let result: ChoiceResult = 'selected';
    if (stream.dolby) {
      if (this.safariLike) {
        this.notify({ kind: 'dolby-active' });
      } else {
        this.notify({ kind: 'dolby-unsupported' });
        const main = this.findStream(this.mainStreamId) ?? defaultStream(this.state.streams);
        if (!main) return 'dolby-fallback';
        target = main;
        result = 'dolby-fallback';
      }
    }
    if (this.state.notice?.kind === 'pro-required') this.set({ notice: null });
    // A popup stream playing in its own window is not the page's saved choice (restoring it would
    // open a window without a click on the next visit).
    this.select(target, { save: !target.isPopup, chosen: true });
    if (play && !(isLiveActive(this.state) && this.state.streamId === target.streamId)) {
      this.playLive();
    }
    return result;
  }

  /** The listener opened the ad's click-through link (VAST click tracking). */
  adClickThrough(): void {
    this.currentAd?.tracking.click();
  }

  dismissNotice(): void {
    if (this.state.notice?.kind !== 'popup-playing') this.set({ notice: null });
  }

  // ── On-demand queue (doc1 §3 Playlist track, §4) ───────────────────────────────────────────
  /** Plays a list of on-demand items from `startIndex`; the next starts 300 ms after one ends. */
  playQueue(items: readonly QueueItem[], startIndex = 0): void {
    if (items.length === 0) return;
    this.clearPlaybackTimers();
    if (this.state.ad) this.cancelAd();
    this.resumeLiveAfterPodcast = false;
    this.pausePodcasts();
    const index = Math.min(Math.max(0, startIndex), items.length - 1);
    this.set({
      locked: false,
      isLive: 'otherMedia',
      queue: { items: [...items], index },
      shouldBePlaying: true,
      error: null,
      retries: 0,
      stalled: false,
    });
    this.loadQueueItem();
  }

  /** Resumes a paused on-demand item where it stopped. */
  resumeQueue(): void {
    const { queue } = this.state;
    if (!queue) return;
    this.pausePodcasts();
    this.set({ locked: false, shouldBePlaying: true, status: 'loading', error: null });
    if (!this.state.src) {
      this.loadQueueItem();
      return;
    }
    this.startEngine();
  }

  // ── Podcasts (doc1 §4, doc2 §2 Podcasts) ───────────────────────────────────────────────────
  /** A podcast player on the page; it is paused whenever the radio (or on-demand media) starts. */
  registerPodcastPlayer(handle: PodcastHandle): () => void {
    this.podcastPlayers.add(handle);
    return () => {
      this.podcastPlayers.delete(handle);
    };
  }

  /** A podcast started: the radio pauses, to resume when the podcast pauses or ends. */
  podcastStarted(): void {
    const wasLive = this.state.isLive === true && this.state.shouldBePlaying;
    if (this.state.shouldBePlaying) this.pause();
    this.resumeLiveAfterPodcast = this.resumeLiveAfterPodcast || wasLive;
    this.set({ podcastActive: true });
  }

  /** The podcast paused or ended: the radio resumes if it was playing before. */
  podcastStopped(): void {
    if (!this.state.podcastActive && !this.resumeLiveAfterPodcast) return;
    this.set({ podcastActive: false });
    if (this.resumeLiveAfterPodcast) {
      this.resumeLiveAfterPodcast = false;
      this.resumeLive();
    }
  }

  // ── Misc ───────────────────────────────────────────────────────────────────────────────────
  /** 0–100 as the volume store keeps it. */
  setVolume(volume: number): void {
    this.engine.setVolume(Math.min(100, Math.max(0, volume)) / 100);
  }

  /** The first touch or click on a touch device (doc1 §4): lets later play() calls through. */
  unlockAudio(): void {
    this.engine.unlock();
  }

  /**
   * How far behind the live edge the listener hears (ms), when the engine knows; `null` behind
   * live on the HLS source, whose past the now-playing does not follow.
   */
  bufferLatencyMs(): number | null {
    if (this.state.isLive !== true || this.state.status !== 'playing') return null;
    if (this.state.timeshift?.shifted) return null;
    return this.engine.bufferLatencyMs();
  }

  destroy(): void {
    this.clearPlaybackTimers();
    this.clearTimer('reselectTimer');
    clearInterval(this.adTimer);
    clearInterval(this.popupTimer);
    for (const unsubscribe of this.unsubscribers) unsubscribe();
    this.listeners.clear();
    this.engine.destroy();
  }

  // ── Internals: live ────────────────────────────────────────────────────────────────────────
  private loadLive() {
    const stream = this.state.stream;
    if (!stream) return;
    const sources = playableSources(stream, (type) => this.engine.canPlay(type));
    if (sources.length === 0) {
      // A semiPro/pro stream before its sources arrived: wait for the PRO list.
      this.set({ status: 'loading', src: null });
      return;
    }
    const source = sources[Math.min(this.sourceIndex, sources.length - 1)];
    if (!source) return;
    const url = withCacheBuster(source.src, this.now());
    this.engine.load({ url, type: source.type || undefined, live: true });
    this.set({ src: url, status: 'loading' });
    this.startEngine();
  }

  /** The live edge, or the HLS source at the timeshift's instant when behind live. */
  private loadPlayback() {
    if (this.state.timeshift?.shifted) this.loadShifted();
    else this.loadLive();
  }

  // ── Internals: timeshift ───────────────────────────────────────────────────────────────────
  /** The instant heard now: the HLS source's date, or the mount's live edge less its buffer. */
  private heardAtMs(): number {
    const timeshift = this.state.timeshift;
    if (timeshift?.shifted) {
      return this.engine.timeshift?.playingDateMs() ?? timeshift.seekMs ?? this.now();
    }
    return this.now() - (this.engine.bufferLatencyMs() ?? 0);
  }

  /**
   * The instant a pause keeps: what was heard (the target while the HLS source loaded); nothing
   * when nothing of the radio was heard yet (the mount loading, the preroll).
   */
  private pausedInstant(): number | null {
    const { timeshift, isLive, status, ad } = this.state;
    if (!timeshift || isLive !== true) return null;
    if (timeshift.shifted) return this.heardAtMs();
    if (ad || status !== 'playing') return null;
    return this.heardAtMs();
  }

  /**
   * The window: as the HLS playlist last told it, carried forward by the time since (behind live,
   * the edge is the playlist's, on the air clock); on the mount the live edge is now, and the
   * window's start is never older than the default length before it.
   */
  private timeshiftBounds(): { startMs: number; liveMs: number } {
    const now = this.now();
    const known = this.knownWindow;
    const liveMs =
      this.state.timeshift?.shifted && known ? known.endMs + (now - known.seenAt) : now;
    const startMs = Math.max(known?.startMs ?? -Infinity, liveMs - TIMESHIFT_WINDOW_DEFAULT_MS);
    return { startMs: Math.min(startMs, liveMs), liveMs };
  }

  /** The engine read the playlist again: its window is the one to clamp to from now on. */
  private readWindow() {
    const window = this.engine.timeshift?.window();
    if (window) this.knownWindow = { ...window, seenAt: this.now() };
  }

  private playShifted(atMs: number) {
    const timeshift = this.state.timeshift;
    if (!timeshift) return;
    this.clearPlaybackTimers();
    this.resumeLiveAfterPodcast = false;
    this.pausePodcasts();
    if (this.state.ad) this.cancelAd();
    this.set({
      locked: false,
      isLive: true,
      queue: null,
      shouldBePlaying: true,
      status: 'loading',
      error: null,
      retries: 0,
      stalled: false,
      timeshift: { ...seekState(timeshift, atMs), shifted: true },
    });
    if (this.needsAd()) {
      this.startAdWait();
      return;
    }
    this.loadShifted();
  }

  private loadShifted() {
    const stream = this.state.stream;
    const source = stream ? timeshiftSource(stream) : null;
    const at = this.state.timeshift?.seekMs ?? null;
    const engine = this.engine.timeshift;
    if (!source || at === null || !engine) {
      this.fallBackToLive();
      return;
    }
    // The src exactly as the server gave it (a pro channel's carries its token); segments never
    // change, so no cache-buster either.
    engine.loadAt({ url: source.src, type: source.type || undefined, live: true }, at);
    this.set({ src: source.src, status: 'loading' });
    this.startEngine();
  }

  /** HLS failed behind live: the listener is told, and the mount plays the live edge. */
  private fallBackToLive() {
    const timeshift = this.state.timeshift;
    this.clearPlaybackTimers();
    this.engine.stopBuffering();
    this.set({
      src: null,
      retries: 0,
      stalled: false,
      timeshift: timeshift && atLive(timeshift),
    });
    this.notify({ kind: 'timeshift-failed' });
    if (!this.state.shouldBePlaying) return;
    this.set({ status: 'loading' });
    this.sourceIndex = 0;
    this.loadLive();
  }

  private startEngine() {
    const seq = ++this.loadSeq;
    this.engine.play().catch(() => {
      if (seq !== this.loadSeq || !this.state.shouldBePlaying) return;
      // Autoplay refused (no user gesture yet): back to idle, quietly.
      if (this.state.ad) this.cancelAd();
      this.clearPlaybackTimers();
      this.engine.stopBuffering();
      this.set({ shouldBePlaying: false, status: 'paused', src: null, stalled: false });
    });
  }

  private failPendingPlay() {
    if (!this.state.shouldBePlaying || this.state.isLive !== true) return;
    this.set({ status: 'error', shouldBePlaying: false, error: PLAYER_TEXT.streamError });
    this.notify({ kind: 'stream-error' });
  }

  private dropSource() {
    this.clearTimer('stopBufferingTimer');
    this.engine.stopBuffering();
    this.set({ src: null });
  }

  private onLiveFailure(code: EngineErrorCode) {
    if (!this.state.shouldBePlaying) return;
    this.clearTimer('stallTimer');
    // Behind live the mount is the fallback, whatever went wrong with HLS.
    if (this.state.timeshift?.shifted) {
      this.fallBackToLive();
      return;
    }
    const stream = this.state.stream;
    const sources = stream ? playableSources(stream, (type) => this.engine.canPlay(type)) : [];
    // A format the browser cannot play: the next source at once, before counting retries.
    if ((code === 'unsupported' || code === 'decode') && this.sourceIndex < sources.length - 1) {
      this.sourceIndex += 1;
      this.loadLive();
      return;
    }
    // An engine that reconnects by itself reports an error only once its own retries ran out.
    if (this.state.retries < STREAM_ERROR_RETRIES && !this.engine.reconnectsItself) {
      this.set({ retries: this.state.retries + 1, status: 'loading' });
      this.clearTimer('retryTimer');
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        if (this.state.shouldBePlaying && this.state.isLive === true) this.loadLive();
      }, STREAM_RETRY_INTERVAL_MS);
      return;
    }
    this.clearPlaybackTimers();
    this.engine.stopBuffering();
    this.set({
      status: 'error',
      shouldBePlaying: false,
      stalled: false,
      src: null,
      error: PLAYER_TEXT.streamError,
    });
    this.notify({ kind: 'stream-error' });
  }

  private armStallWatchdog() {
    this.clearTimer('stallTimer');
    // An engine that reconnects by itself does it for a stall too: no second reconnect from here.
    if (this.state.isLive !== true || this.engine.reconnectsItself) return;
    this.stallTimer = setTimeout(() => {
      this.stallTimer = undefined;
      // Still stalled: reconnect at the live edge; the stall text stays until sound returns.
      // (Behind live, HLS that stalls that long has failed: the mount, with a notice.)
      if (this.state.stalled && this.state.shouldBePlaying && this.state.isLive === true) {
        if (this.state.timeshift?.shifted) this.fallBackToLive();
        else this.loadLive();
      }
    }, STALL_RECONNECT_MS);
  }

  // ── Internals: engine events ───────────────────────────────────────────────────────────────
  private onEngineEvent(event: EngineEvent) {
    if (this.state.ad && this.currentAd) {
      this.onAdEngineEvent(event, this.currentAd);
      return;
    }
    switch (event.type) {
      case 'playing':
        if (!this.state.shouldBePlaying) return;
        this.clearTimer('stallTimer');
        this.set({ status: 'playing', stalled: false, error: null, retries: 0 });
        return;
      case 'waiting':
        if (this.state.shouldBePlaying && this.state.status === 'playing') {
          this.set({ stalled: true });
          this.armStallWatchdog();
        }
        return;
      case 'paused':
        // Paused by the system (headset, lock screen): the same as the listener pausing.
        if (this.state.shouldBePlaying) this.pause();
        return;
      case 'ended':
        if (!this.state.shouldBePlaying) return;
        if (this.state.isLive === true) this.onLiveFailure('network');
        else this.onQueueItemDone(false);
        return;
      case 'error':
        if (!this.state.shouldBePlaying) return;
        if (this.state.isLive === true) this.onLiveFailure(event.code);
        else this.onQueueItemDone(true);
        return;
      case 'progress':
        if (this.state.timeshift?.shifted) this.readWindow();
        return;
      default:
        return;
    }
  }

  // ── Internals: queue ───────────────────────────────────────────────────────────────────────
  private loadQueueItem() {
    const { queue } = this.state;
    const item = queue?.items[queue.index];
    if (!item) return;
    this.engine.load({ url: item.src, type: item.type, live: false });
    this.set({ src: item.src, status: 'loading' });
    this.startEngine();
  }

  private onQueueItemDone(failed: boolean) {
    const { queue } = this.state;
    if (!queue) return;
    const item = queue.items[queue.index];
    if (failed && item) {
      this.set({ error: PLAYER_TEXT.trackError });
      this.notify({ kind: 'track-error', item });
    }
    if (queue.index < queue.items.length - 1) {
      this.set({ status: 'loading' });
      this.clearTimer('nextTimer');
      this.nextTimer = setTimeout(() => {
        this.nextTimer = undefined;
        const current = this.state.queue;
        if (!current || !this.state.shouldBePlaying) return;
        this.set({ queue: { ...current, index: current.index + 1 }, error: null });
        this.loadQueueItem();
      }, ONDEMAND_NEXT_TRACK_DELAY_MS);
      return;
    }
    this.engine.stopBuffering();
    this.set({ status: failed ? 'error' : 'ended', shouldBePlaying: false, src: null });
  }

  // ── Internals: preroll ─────────────────────────────────────────────────────────────────────
  private needsAd(): boolean {
    return !!this.preroll && !this.adSettled && this.preroll.status() !== 'none';
  }

  private startAdWait() {
    const preroll = this.preroll;
    if (!preroll) return;
    this.adWaitStartedAt = this.now();
    this.set({
      ad: {
        phase: 'waiting',
        title: '',
        positionS: 0,
        durationS: null,
        clickThroughUrl: null,
        imageUrl: null,
      },
      status: 'loading',
      src: null,
    });
    preroll.request();
    clearInterval(this.adTimer);
    this.adTimer = setInterval(() => this.checkAd(), AD_WAIT_STEP_MS);
    this.checkAd();
  }

  private onPrerollChange() {
    if (this.state.ad?.phase === 'waiting') this.checkAd();
  }

  /** One step of the wait: play the ad once ready, give up on failure or after 7 s. */
  private checkAd() {
    const ad = this.state.ad;
    const preroll = this.preroll;
    if (!ad || !preroll) return;
    if (ad.phase === 'waiting') {
      const status = preroll.status();
      const ready = status === 'ready' ? preroll.ad() : null;
      if (ready) {
        this.playAd(ready);
        return;
      }
      if (status === 'none') {
        this.finishAd(null);
        return;
      }
      if (status === 'failed') {
        this.finishAd('error');
        return;
      }
    }
    if (ad.phase !== 'playing' && this.now() - this.adWaitStartedAt >= AD_WAIT_MAX_MS) {
      this.finishAd('timeout');
    }
  }

  private playAd(ad: PrerollAd) {
    this.currentAd = ad;
    this.set({
      ad: {
        phase: 'starting',
        title: ad.title,
        positionS: 0,
        durationS: ad.durationS,
        clickThroughUrl: ad.clickThroughUrl,
        imageUrl: ad.imageUrl,
      },
      src: ad.mediaUrl,
    });
    this.engine.load({ url: ad.mediaUrl, type: ad.mediaType || undefined, live: false });
    this.startEngine();
  }

  private onAdEngineEvent(event: EngineEvent, ad: PrerollAd) {
    const current = this.state.ad;
    if (!current) return;
    switch (event.type) {
      case 'playing':
        if (current.phase !== 'playing') {
          clearInterval(this.adTimer);
          this.adTimer = undefined;
          ad.tracking.impression();
          this.set({ ad: { ...current, phase: 'playing' } });
        }
        return;
      case 'progress':
        ad.tracking.progress(event.positionS, event.durationS);
        this.set({
          ad: {
            ...current,
            positionS: event.positionS,
            durationS: event.durationS ?? current.durationS,
          },
        });
        return;
      case 'ended':
        this.finishAd('played');
        return;
      case 'error':
        this.finishAd('error');
        return;
      case 'paused':
        if (this.state.shouldBePlaying) this.pause();
        return;
      default:
        return;
    }
  }

  /** The ad is over (or never came): the previous source, the live stream, resumes. */
  private finishAd(outcome: PrerollOutcome | null) {
    clearInterval(this.adTimer);
    this.adTimer = undefined;
    const ad = this.currentAd;
    if (ad && outcome === 'played') ad.tracking.complete();
    if (ad && outcome === 'error') ad.tracking.error(405);
    if (ad && outcome === 'timeout') ad.tracking.error(402);
    if (outcome) {
      this.adSettled = true;
      this.preroll?.settle(outcome);
    }
    this.currentAd = null;
    this.set({ ad: null });
    if (this.state.shouldBePlaying && this.state.isLive === true) {
      this.sourceIndex = 0;
      this.loadPlayback();
    }
  }

  /** The listener paused during the ad: an ad already heard counts as played. */
  private cancelAd() {
    clearInterval(this.adTimer);
    this.adTimer = undefined;
    if (this.state.ad?.phase === 'playing') {
      this.adSettled = true;
      this.preroll?.settle('played');
    }
    this.currentAd = null;
    this.engine.stopBuffering();
    this.set({ ad: null, src: null });
  }

  // ── Internals: streams ─────────────────────────────────────────────────────────────────────
  private findStream(id: string | null): Stream | null {
    if (!id) return null;
    return this.state.streams.find((stream) => stream.streamId === id) ?? null;
  }

  private autoSelectable(stream: Stream): boolean {
    return (
      !stream.isPopup &&
      (!stream.dolby || this.safariLike) &&
      checkAccess(stream, this.access) === 'ok'
    );
  }

  private applyStreams(streams: readonly Stream[]) {
    const before = this.state.stream;
    this.set({ streams: [...streams] });
    this.reselect();
    this.applyPendingStart();
    // The selected stream just got its sources (the PRO list): start what was asked for.
    const after = this.state.stream;
    if (
      after &&
      before?.streamId === after.streamId &&
      this.state.shouldBePlaying &&
      this.state.isLive === true &&
      !this.state.ad &&
      !this.state.src &&
      !this.retryTimer
    ) {
      this.loadPlayback();
    }
  }

  /**
   * The stream list changed or the session did (doc1 §4): the saved choice when allowed, else the
   * current stream when still present and allowed, else the first neither pro nor semiPro one. An
   * unknown saved id is cleared (PL-09).
   */
  private reselect() {
    if (this.state.streams.length === 0) return;
    // A popup stream's own window keeps its stream: the window was opened to play it. (Its start
    // choice can be applied before the session is known, when the page carried the stream list.)
    if (this.popupWindowStreamId && this.state.streamId === this.popupWindowStreamId) {
      const own = this.findStream(this.popupWindowStreamId);
      if (own && checkAccess(own, this.access) === 'ok') {
        this.select(own, { save: false, chosen: false });
        return;
      }
    }
    if (this.preferredId) {
      const saved = this.findStream(this.preferredId);
      if (!saved) {
        this.storage.remove(STREAM_STORAGE_KEY);
        this.preferredId = null;
      } else if (this.autoSelectable(saved)) {
        this.select(saved, { save: false, chosen: false });
        return;
      }
    }
    const current = this.findStream(this.state.streamId);
    if (current && this.autoSelectable(current)) {
      this.select(current, { save: false, chosen: false });
      return;
    }
    const fallback = defaultStream(this.state.streams);
    if (fallback) this.select(fallback, { save: false, chosen: false });
  }

  private applyPendingStart() {
    const id = this.pendingStartId;
    if (!id || this.state.streams.length === 0) return;
    const stream = this.findStream(id);
    if (stream && checkAccess(stream, this.access) === 'unknown') return; // wait for the session
    this.pendingStartId = null;
    this.chooseStream(id, { play: id === this.popupWindowStreamId });
  }

  private select(stream: Stream, { save, chosen }: { save: boolean; chosen: boolean }) {
    const changed = stream.streamId !== this.state.streamId;
    if (save) {
      this.storage.write(STREAM_STORAGE_KEY, stream.streamId);
      this.preferredId = stream.streamId;
    }
    const notice =
      this.state.notice?.kind === 'dolby-active' && !stream.dolby ? null : this.state.notice;
    // Another channel has another window, and a paused instant of this one means nothing there.
    if (changed) this.knownWindow = null;
    const timeshift = this.state.timeshift;
    this.set({
      timeshift: changed && timeshift ? atLive(timeshift) : timeshift,
      streamId: stream.streamId,
      notice:
        stream.dolby && this.safariLike
          ? { kind: 'dolby-active', text: PLAYER_TEXT.dolbyActive }
          : notice,
    });
    if (changed || chosen) this.onStreamSelected(stream, chosen);
    if (changed && this.state.shouldBePlaying && this.state.isLive === true && !this.state.ad) {
      this.playLive();
    }
  }

  private openPopup(stream: Stream): ChoiceResult {
    const handle = this.openWindow?.(
      popupAddress(stream),
      stream.popupId || `onda_${stream.streamId}`,
      stream.popupConfig,
    );
    if (!handle) {
      this.notify({ kind: 'popup-blocked' });
      return 'popup-blocked';
    }
    // One radio at a time: the page's player stops while the window plays.
    if (this.state.shouldBePlaying) this.stop();
    this.set({
      notice: { kind: 'popup-playing', text: PLAYER_TEXT.popupPlaying, streamId: stream.streamId },
    });
    clearInterval(this.popupTimer);
    this.popupTimer = setInterval(() => {
      if (!handle.closed) return;
      clearInterval(this.popupTimer);
      this.popupTimer = undefined;
      if (this.state.notice?.kind === 'popup-playing') this.set({ notice: null });
    }, POPUP_WATCH_MS);
    return 'popup';
  }

  // ── Internals: misc ────────────────────────────────────────────────────────────────────────
  private pausePodcasts() {
    for (const handle of [...this.podcastPlayers]) {
      try {
        handle.pause();
      } catch {
        // A broken podcast widget must not stop the radio.
      }
    }
    if (this.state.podcastActive) this.set({ podcastActive: false });
  }

  private clearTimer(
    name: 'stopBufferingTimer' | 'retryTimer' | 'stallTimer' | 'nextTimer' | 'reselectTimer',
  ) {
    clearTimeout(this[name]);
    this[name] = undefined;
  }

  private clearPlaybackTimers() {
    this.clearTimer('stopBufferingTimer');
    this.clearTimer('retryTimer');
    this.clearTimer('stallTimer');
    this.clearTimer('nextTimer');
  }
}

/** Back at the live edge: no seek, no paused instant (the sequence number goes on). */
function atLive(timeshift: TimeshiftState): TimeshiftState {
  return { ...timeshift, shifted: false, seekMs: null, pausedAtMs: null };
}

/** A seek to `atMs`: the now-playing asks again, and the paused instant is spent. */
function seekState(timeshift: TimeshiftState, atMs: number): TimeshiftState {
  return { ...timeshift, seekMs: atMs, seekSeq: timeshift.seekSeq + 1, pausedAtMs: null };
}

/**
 * Behind live: playing the HLS source, or paused with an instant to carry on from (the seek bar
 * and the behind-live text show where; the now-playing shows what was on air then).
 */
export function isBehindLive(state: PlayerSnapshot): boolean {
  const timeshift = state.timeshift;
  if (!timeshift || state.isLive !== true) return false;
  return timeshift.shifted || (!state.shouldBePlaying && timeshift.pausedAtMs !== null);
}

/** Live audio is loading or playing (the live page's button shows 'Carregando...' or 'Pausar'). */
export function isLiveActive(state: PlayerSnapshot): boolean {
  return (
    state.isLive === true &&
    state.shouldBePlaying &&
    (state.status === 'loading' || state.status === 'playing')
  );
}

/** The live page's play button label (doc1 §4 "Play button"). */
export function livePlayLabel(state: PlayerSnapshot): string {
  if (!isLiveActive(state)) return PLAYER_TEXT.play;
  return state.status === 'loading' ? PLAYER_TEXT.loading : PLAYER_TEXT.pause;
}

/** The bar's button label: the same words for whatever plays (live or on-demand). */
export function playLabel(state: PlayerSnapshot): string {
  if (!state.shouldBePlaying) return PLAYER_TEXT.play;
  if (state.status === 'loading') return PLAYER_TEXT.loading;
  return state.status === 'playing' ? PLAYER_TEXT.pause : PLAYER_TEXT.play;
}
