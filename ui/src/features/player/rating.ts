/**
 * Rating the song on air (doc1 §4 "Rating", G06, G60, G61): like (10) or dislike (1), one vote per
 * play. A play is identified by `sha1(song + '|' + artist + '|' + time)` (hex, Web Crypto); the
 * votes are kept in localStorage under 'ratings' as `{musicHash, rating}`, at most 200, the oldest
 * dropped first.
 *
 * The store follows the item on air (set by the runtime) and keeps its hash, its stored vote and
 * whether a vote is in flight; `rate()` is the whole flow: login check (the login modal opens, no
 * request), stored vote ('Seu voto já foi registrado', no request), the call, the toasts.
 */
import { useSyncExternalStore } from 'react';
import type { NowPlaying } from '@/generated/NowPlaying';
import type { RateSongReply } from '@/generated/RateSongReply';
import type { RateSongRequest } from '@/generated/RateSongRequest';
import { ApiError } from '@/lib/api';
import { RATINGS_STORAGE_KEY, RATINGS_STORAGE_MAX } from '@/lib/constants';
import { readLocalJson, writeLocalJson } from '@/lib/storage';

export type RatingValue = 10 | 1;

export interface StoredRating {
  musicHash: string;
  rating: number;
}

/** G60: sha1 of song|artist|time, lowercase hex. */
export async function musicHash(song: string, artist: string, time: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${song}|${artist}|${time}`);
  const digest = await crypto.subtle.digest('SHA-1', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function isStoredRating(value: unknown): value is StoredRating {
  return (
    typeof value === 'object' &&
    value !== null &&
    'musicHash' in value &&
    typeof value.musicHash === 'string' &&
    'rating' in value &&
    typeof value.rating === 'number'
  );
}

export function readRatings(): StoredRating[] {
  const stored = readLocalJson<unknown>(RATINGS_STORAGE_KEY);
  return Array.isArray(stored) ? stored.filter(isStoredRating) : [];
}

export function findRating(hash: string): number | null {
  return readRatings().find((entry) => entry.musicHash === hash)?.rating ?? null;
}

/** Adds (or moves to the newest place) a vote; keeps the newest 200. */
export function storeRating(hash: string, rating: number): void {
  const kept = readRatings().filter((entry) => entry.musicHash !== hash);
  kept.push({ musicHash: hash, rating });
  writeLocalJson(RATINGS_STORAGE_KEY, kept.slice(-RATINGS_STORAGE_MAX));
}

// ── The store ────────────────────────────────────────────────────────────────────────────────

export interface RatingState {
  /** The play being rated, with its metaId. */
  item: NowPlaying | null;
  metaId: string | null;
  /** Its G60 hash, once computed. */
  hash: string | null;
  /** The vote stored for it, if any. */
  rating: number | null;
  inFlight: boolean;
}

export type RateOutcome =
  'rated' | 'login-required' | 'already-rated' | 'not-counted' | 'busy' | 'unavailable' | 'failed';

/** Everything the flow touches outside itself, injectable for tests. */
export interface RatingDeps {
  isLoggedIn: () => boolean;
  openLogin: () => void;
  send: (request: RateSongRequest) => Promise<RateSongReply>;
  toast: { success(text: string): void; info(text: string): void; error(text: string): void };
  /** The session ended under us (401). */
  onUnauthorized: () => void;
  /** The server found the vote out of date ('rating not counted'): ask what is on air. */
  refreshNowPlaying: () => void;
}

export const RATING_MESSAGES = {
  alreadyVoted: 'already voted',
  notCounted: 'rating not counted',
} as const;

export class RatingStore {
  private state: RatingState = {
    item: null,
    metaId: null,
    hash: null,
    rating: null,
    inFlight: false,
  };
  private readonly listeners = new Set<() => void>();
  private seq = 0;

  constructor(
    private readonly deps: RatingDeps,
    private readonly texts: {
      success: string;
      alreadyRated: string;
      failure: string;
      notCounted: string;
    },
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): RatingState => this.state;

  /** The item on air changed: the previous rating no longer applies (doc1 §4). */
  setItem(item: NowPlaying | null, metaId: string | null): Promise<void> {
    const same =
      item &&
      this.state.item &&
      metaId === this.state.metaId &&
      item.song === this.state.item.song &&
      item.artist === this.state.item.artist &&
      item.time === this.state.item.time;
    if (same) {
      // The same play (a late cover, say): keep its hash and vote, follow the fresh object.
      if (item !== this.state.item) this.set({ item });
      return Promise.resolve();
    }
    const seq = ++this.seq;
    this.set({ item, metaId, hash: null, rating: null, inFlight: false });
    if (!item || !item.song || !item.artist) return Promise.resolve();
    return musicHash(item.song, item.artist, item.time).then(
      (hash) => {
        if (seq !== this.seq) return;
        this.set({ hash, rating: findRating(hash) });
      },
      () => undefined,
    );
  }

  /** Like (10) or dislike (1) the current play. */
  async rate(value: RatingValue): Promise<RateOutcome> {
    const { item, metaId, hash, inFlight } = this.state;
    if (!item || !metaId || !hash) return 'unavailable';
    if (!this.deps.isLoggedIn()) {
      this.deps.openLogin();
      return 'login-required';
    }
    if (this.state.rating !== null || findRating(hash) !== null) {
      this.set({ rating: this.state.rating ?? findRating(hash) });
      this.deps.toast.info(this.texts.alreadyRated);
      return 'already-rated';
    }
    if (inFlight) return 'busy';
    this.set({ inFlight: true });
    const seq = this.seq;
    try {
      await this.deps.send({ metaId, song: item.song, artist: item.artist, rating: value });
      storeRating(hash, value);
      this.afterVote(seq, value);
      this.deps.toast.success(this.texts.success);
      return 'rated';
    } catch (error) {
      this.afterVote(seq, null);
      if (error instanceof ApiError && error.message === RATING_MESSAGES.alreadyVoted) {
        storeRating(hash, value);
        if (seq === this.seq) this.set({ rating: value });
        this.deps.toast.info(this.texts.alreadyRated);
        return 'already-rated';
      }
      if (error instanceof ApiError && error.message === RATING_MESSAGES.notCounted) {
        this.deps.toast.info(this.texts.notCounted);
        this.deps.refreshNowPlaying();
        return 'not-counted';
      }
      if (error instanceof ApiError && error.code === 401) {
        this.deps.onUnauthorized();
        this.deps.openLogin();
        return 'login-required';
      }
      this.deps.toast.error(this.texts.failure);
      return 'failed';
    }
  }

  private afterVote(seq: number, rating: number | null) {
    // The track may have changed while the vote travelled: then the new play's state stays.
    if (seq !== this.seq) return;
    this.set({ inFlight: false, ...(rating === null ? {} : { rating }) });
  }

  private set(patch: Partial<RatingState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }
}

export function useRatingState(store: RatingStore): RatingState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
