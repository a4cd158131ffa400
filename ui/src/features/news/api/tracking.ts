/**
 * News tracking (doc3 §7 Tracking calls; G54, G57, G64): `newsHit` once when a single news page
 * opens, `tagHit` when a tag page opens, and the news views, batched: each view joins the batch and
 * the batch is sent 2 s after the last view, to `newsViewsHitAuth` with the session (bearer token
 * when the app holds one) or `newsViewsHit` anonymously. A successful send removes the views it
 * carried; after a failure they stay and go with the next batch. Failures are only logged.
 */
import type { NewsView } from '@/generated/NewsView';
import type { NewsViewsHit } from '@/generated/NewsViewsHit';
import { api } from '@/lib/api';
import {
  NEWS_SESSION_HASH_KEY,
  NEWS_VIEW_BATCH_DELAY_MS,
  NEWS_VIEW_BATCH_MAX,
} from '@/lib/constants';
import { getAuthToken, getSessionStatus } from '@/lib/session';

function logFailure(what: string, error: unknown) {
  console.warn(`[news] ${what} failed`, error);
}

/** G57: a random 128-bit hex value kept in sessionStorage (one per browser session). */
export function newsSessionHash(): string {
  try {
    const stored = window.sessionStorage.getItem(NEWS_SESSION_HASH_KEY);
    if (stored && /^[0-9a-f]{32}$/.test(stored)) return stored;
  } catch {
    // storage disabled: a hash for this page only
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const hash = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  try {
    window.sessionStorage.setItem(NEWS_SESSION_HASH_KEY, hash);
  } catch {
    // see above
  }
  return hash;
}

/** POST tracking/newsHit {slug}; silent on failure (TR-04). */
export function sendNewsHit(slug: string): void {
  api.post('tracking/newsHit', { slug }).catch((error: unknown) => logFailure('newsHit', error));
}

/** POST tracking/tagHit {tag}; silent on failure (TR-04). */
export function sendTagHit(tag: string): void {
  api.post('tracking/tagHit', { tag }).catch((error: unknown) => logFailure('tagHit', error));
}

// ── The news-views batch ──────────────────────────────────────────────────────────────────────
let pending: NewsView[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let sending: Promise<void> | null = null;

/** The views not sent yet (tests, debugging). */
export function pendingNewsViews(): NewsView[] {
  return [...pending];
}

/** Records a view of a news item; the batch goes 2 s after the last view. */
export function recordNewsView(newsId: number, at: number = Date.now()): void {
  pending.push({ newsId, timestamp: at });
  if (pending.length > NEWS_VIEW_BATCH_MAX) pending = pending.slice(-NEWS_VIEW_BATCH_MAX);
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    void flushNewsViews();
  }, NEWS_VIEW_BATCH_DELAY_MS);
}

/** Sends the pending views now (the timer does it; tests may call it). */
export function flushNewsViews(): Promise<void> {
  if (sending) return sending;
  if (pending.length === 0) return Promise.resolve();
  const batch = pending.slice(0, NEWS_VIEW_BATCH_MAX);
  const body: NewsViewsHit = {
    sendTime: Date.now(),
    sessionHash: newsSessionHash(),
    newsViews: batch,
  };
  const loggedIn = getSessionStatus() === 'authenticated';
  const path = loggedIn ? 'tracking/newsViewsHitAuth' : 'tracking/newsViewsHit';
  sending = api
    .post(path, body, { token: loggedIn ? getAuthToken() : null })
    .then(
      () => {
        pending = pending.filter((view) => !batch.includes(view));
      },
      (error: unknown) => logFailure('newsViewsHit', error),
    )
    .finally(() => {
      sending = null;
    });
  return sending;
}

/** Forgets every pending view and timer (tests). */
export function resetNewsTracking(): void {
  clearTimeout(timer);
  timer = undefined;
  pending = [];
  sending = null;
}
