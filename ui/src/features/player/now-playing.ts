/**
 * What is on air (doc1 §4 "Now playing"), as a plain store: the widget, the bar, the live page,
 * rating and the Media Session read it.
 *
 * - Polling, as the spec says: the first getCurrentSongInfo call 1.5 s after start, then every
 *   10 s, each with the 5-minute FYC cache-buster; a stream change fetches at once.
 * - Beyond the spec, while the live radio plays: the server-sent events channel delivers a track
 *   change within a second of it reaching the server's live edge.
 * - Either way a new title is shown when the listener HEARS it: the listener is behind the live
 *   edge by the engine's buffer, so the change is delayed by that latency, measured from the
 *   item's start (server clock, corrected by the skew seen on the push channel). The delay is never
 *   more than the latency itself, so a wrong clock cannot hold a title back for long.
 */
import type { NowPlaying } from '@/generated/NowPlaying';
import type { NowPlayingEvent } from '@/generated/NowPlayingEvent';
import { NOW_PLAYING_FIRST_MS, NOW_PLAYING_POLL_MS } from '@/lib/constants';
import type { NowPlayingEventsOpener } from './now-playing-events';

export interface NowPlayingState {
  metaId: string | null;
  current: NowPlaying | null;
  /** No answer yet for this metaId. */
  loading: boolean;
  /** The last call failed (what was shown stays). */
  failed: boolean;
}

export interface NowPlayingServiceOptions {
  fetchCurrent: (metaId: string) => Promise<NowPlaying>;
  /** The push channel; `null` or absent: polling only. */
  openEvents?: NowPlayingEventsOpener | null;
  /** How far behind the live edge the listener hears (ms), `null` when not listening live. */
  latencyMs?: () => number | null;
  now?: () => number;
}

/** The identity of one play: the same fields as the rating hash (G60). */
export function playKey(item: Pick<NowPlaying, 'song' | 'artist' | 'time'>): string {
  return `${item.song}|${item.artist}|${item.time}`;
}

const INITIAL: NowPlayingState = { metaId: null, current: null, loading: false, failed: false };

export class NowPlayingService {
  private state: NowPlayingState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private readonly fetchCurrent: NowPlayingServiceOptions['fetchCurrent'];
  private readonly openEvents: NowPlayingEventsOpener | null;
  private readonly latencyMs: () => number | null;
  private readonly now: () => number;
  private started = false;
  private firstTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private pendingTimer: ReturnType<typeof setTimeout> | undefined;
  private pending: NowPlaying | null = null;
  private fetchSeq = 0;
  /** Server clock minus ours, from the push channel. */
  private skewMs = 0;
  private listening = false;
  private closeEvents: (() => void) | null = null;

  constructor(options: NowPlayingServiceOptions) {
    this.fetchCurrent = options.fetchCurrent;
    this.openEvents = options.openEvents ?? null;
    this.latencyMs = options.latencyMs ?? (() => null);
    this.now = options.now ?? Date.now;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): NowPlayingState => this.state;

  /** Starts polling: first call 1.5 s from now, then every 10 s. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.firstTimer = setTimeout(() => {
      this.firstTimer = undefined;
      void this.poll();
      this.pollTimer = setInterval(() => void this.poll(), NOW_PLAYING_POLL_MS);
    }, NOW_PLAYING_FIRST_MS);
  }

  stop(): void {
    this.started = false;
    clearTimeout(this.firstTimer);
    clearInterval(this.pollTimer);
    this.firstTimer = undefined;
    this.pollTimer = undefined;
    this.clearPending();
    this.disconnect();
  }

  /** The selected stream's metaId; `fetchNow` for a listener's choice (PL-08). */
  setMetaId(metaId: string | null, { fetchNow = false }: { fetchNow?: boolean } = {}): void {
    const changed = metaId !== this.state.metaId;
    if (changed) {
      this.clearPending();
      this.fetchSeq += 1;
      this.set({ metaId, current: null, loading: metaId !== null, failed: false });
      if (this.listening) this.connect();
    }
    // Before the first poll tick, that tick will ask for the new stream.
    if (metaId && (fetchNow || (changed && this.started && !this.firstTimer))) {
      void this.poll();
    }
  }

  /**
   * What the page said was on air (lib/initial-data.ts), shown until an answer replaces it. Only
   * before anything else is known, and only for its own stream: a listener whose saved stream is
   * another one gets that stream's item from the poll, as before. The polls are not moved.
   */
  seed(item: NowPlaying): void {
    if (this.state.current || (this.state.metaId !== null && this.state.metaId !== item.metaId)) {
      return;
    }
    this.set({ metaId: item.metaId, current: item, loading: false, failed: false });
  }

  /** Asks again now (after a vote the server found out of date). */
  refresh(): void {
    void this.poll();
  }

  /** Live audio is playing: follow the push channel; otherwise polling alone. */
  setListening(listening: boolean): void {
    if (listening === this.listening) return;
    this.listening = listening;
    if (listening) this.connect();
    else this.disconnect();
  }

  private async poll(): Promise<void> {
    const metaId = this.state.metaId;
    if (!metaId) return;
    const seq = ++this.fetchSeq;
    try {
      const item = await this.fetchCurrent(metaId);
      if (seq !== this.fetchSeq || metaId !== this.state.metaId) return;
      if (this.state.failed || this.state.loading) this.set({ failed: false, loading: false });
      this.receive(item);
    } catch {
      if (seq !== this.fetchSeq || metaId !== this.state.metaId) return;
      this.set({ failed: true, loading: false });
    }
  }

  private onPush(event: NowPlayingEvent, metaId: string) {
    if (metaId !== this.state.metaId) return;
    this.skewMs = event.serverTimeMs - this.now();
    if (this.state.loading || this.state.failed) this.set({ loading: false, failed: false });
    this.receive(event.nowPlaying);
  }

  private receive(item: NowPlaying) {
    const current = this.state.current;
    if (current && playKey(current) === playKey(item)) {
      // The same play (maybe a late cover): refresh silently, drop a now-stale pending change.
      if (this.pending && this.pending.startedAtMs <= item.startedAtMs) this.clearPending();
      if (JSON.stringify(current) !== JSON.stringify(item)) this.set({ current: item });
      return;
    }
    if (current && item.startedAtMs < current.startedAtMs) return; // an older answer
    if (this.pending && playKey(this.pending) === playKey(item)) return;
    const delay = current ? this.delayUntilHeard(item) : 0;
    this.clearPending();
    if (delay <= 0) {
      this.set({ current: item });
      return;
    }
    this.pending = item;
    this.pendingTimer = setTimeout(() => {
      this.pendingTimer = undefined;
      this.pending = null;
      this.set({ current: item });
    }, delay);
  }

  /** When the listener will hear the item's start: its server start + their buffer latency. */
  private delayUntilHeard(item: NowPlaying): number {
    const latency = this.latencyMs();
    if (latency === null || !(latency > 0)) return 0;
    const heardAt = item.startedAtMs - this.skewMs + latency;
    return Math.round(Math.min(latency, Math.max(0, heardAt - this.now())));
  }

  private connect() {
    this.disconnect();
    const metaId = this.state.metaId;
    if (!this.openEvents || !metaId) return;
    this.closeEvents = this.openEvents(metaId, (event) => this.onPush(event, metaId));
  }

  private disconnect() {
    this.closeEvents?.();
    this.closeEvents = null;
  }

  private clearPending() {
    clearTimeout(this.pendingTimer);
    this.pendingTimer = undefined;
    this.pending = null;
  }

  private set(patch: Partial<NowPlayingState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }
}
