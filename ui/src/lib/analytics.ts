/**
 * Analytics events (category, action, optional label, value and stream). `track()` is the only
 * entry point. Every event is:
 *
 * 1. appended to an in-memory log, also exposed as `window.__ondaAnalytics`, so end-to-end tests
 *    (and anyone in the browser console) can read what was tracked (at most 500, oldest dropped);
 * 2. put in the outbox of the batching sender, which — once started from boot.tsx with
 *    {@link startAnalyticsSender} — POSTs `{clientId, events}` to `/api/v1/analytics/events`
 *    5 s after the last event, keeps the events when the call fails and retries later (30 s,
 *    doubling to 5 minutes), and hands what is left to `navigator.sendBeacon` when the page is
 *    hidden or closed.
 *
 * `clientId` is the long-lived browser hash (cookie a1_browserHash); it is null until the cookie
 * notice is accepted, and until then nothing is sent: the events wait in the outbox (in memory only)
 * and leave with the first flush after consent. Nothing here ever throws.
 */
import type { AnalyticsBatch } from '@/generated/AnalyticsBatch';
import type { AnalyticsEvent as WireAnalyticsEvent } from '@/generated/AnalyticsEvent';
import { api, ApiError, resolveApiPath } from './api';
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_FLUSH_DEBOUNCE_MS,
  ANALYTICS_RETRY_MAX_MS,
  ANALYTICS_RETRY_MS,
} from './constants';

export interface AnalyticsEvent {
  category: string;
  action: string;
  label?: string;
  /** A number that goes with the event (listening seconds, milestone minutes). */
  value?: number;
  /** The stream being heard, for listening events. */
  streamId?: string;
  /** Epoch milliseconds. */
  at: number;
}

export interface TrackExtra {
  value?: number;
  streamId?: string;
}

/** Oldest events are dropped beyond this, so a long visit cannot grow the queue without bound. */
export const ANALYTICS_QUEUE_MAX = 500;
export const ANALYTICS_ENDPOINT = 'analytics/events';

declare global {
  interface Window {
    __ondaAnalytics?: AnalyticsEvent[];
  }
}

const fallbackQueue: AnalyticsEvent[] = [];

function queue(): AnalyticsEvent[] {
  if (typeof window === 'undefined') return fallbackQueue;
  window.__ondaAnalytics ??= [];
  return window.__ondaAnalytics;
}

// ── The sender's state ───────────────────────────────────────────────────────────────────────
let outbox: WireAnalyticsEvent[] = [];
let sender: { clientId: () => string | null; stop: () => void } | null = null;
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = ANALYTICS_RETRY_MS;
let sending: Promise<void> | null = null;

/** The endpoint's limits: category and action 64 characters, label 200. */
const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function toWire(event: AnalyticsEvent): WireAnalyticsEvent {
  return {
    category: clip(event.category, 64),
    action: clip(event.action, 64),
    label: event.label === undefined ? null : clip(event.label, 200),
    value: event.value ?? null,
    streamId: event.streamId ?? null,
    at: event.at,
  };
}

function scheduleFlush(delay: number) {
  if (!sender) return;
  clearTimeout(flushTimer);
  flushTimer = setTimeout(() => {
    flushTimer = undefined;
    void flushAnalytics();
  }, delay);
}

/** Records one event. Never throws: analytics must not break a page. */
export function track(category: string, action: string, label?: string, extra?: TrackExtra): void {
  try {
    const event: AnalyticsEvent = { category, action, at: Date.now() };
    if (label !== undefined) event.label = label;
    if (extra?.value !== undefined) event.value = extra.value;
    if (extra?.streamId !== undefined) event.streamId = extra.streamId;
    const events = queue();
    events.push(event);
    if (events.length > ANALYTICS_QUEUE_MAX) events.splice(0, events.length - ANALYTICS_QUEUE_MAX);
    outbox.push(toWire(event));
    if (outbox.length > ANALYTICS_QUEUE_MAX) outbox.splice(0, outbox.length - ANALYTICS_QUEUE_MAX);
    // While a retry is pending the next attempt keeps its time; otherwise debounce.
    if (retryDelay === ANALYTICS_RETRY_MS) scheduleFlush(ANALYTICS_FLUSH_DEBOUNCE_MS);
  } catch {
    // Analytics is best effort.
  }
}

/** The events recorded so far (a copy). */
export function trackedEvents(): AnalyticsEvent[] {
  return [...queue()];
}

/** Empties the log (tests). */
export function clearTrackedEvents(): void {
  queue().length = 0;
}

/** The events not sent yet (a copy). */
export function pendingAnalytics(): WireAnalyticsEvent[] {
  return [...outbox];
}

/**
 * Sends what is in the outbox now (in batches of 100). On failure the events stay and a retry is
 * scheduled; without a client id (no cookie consent yet) they stay until a flush that has one.
 * Never rejects.
 */
export function flushAnalytics(): Promise<void> {
  if (!sender || outbox.length === 0) return Promise.resolve();
  if (sending) return sending;
  const active = sender;
  const clientId = active.clientId();
  if (!clientId) return Promise.resolve();
  sending = (async () => {
    try {
      while (outbox.length > 0 && sender === active) {
        const batch = outbox.slice(0, ANALYTICS_BATCH_MAX);
        const body: AnalyticsBatch = { clientId, events: batch };
        try {
          await api.post(ANALYTICS_ENDPOINT, body);
        } catch (error) {
          // A batch the server refuses as invalid would fail forever: it is dropped. Anything else
          // (network, 5xx, 429) is kept for the retry.
          if (!(error instanceof ApiError && error.httpStatus === 400)) throw error;
        }
        // Events tracked meanwhile were appended after the batch: drop exactly the batch.
        outbox.splice(0, batch.length);
      }
      retryDelay = ANALYTICS_RETRY_MS;
    } catch {
      scheduleFlush(retryDelay);
      retryDelay = Math.min(retryDelay * 2, ANALYTICS_RETRY_MAX_MS);
    } finally {
      sending = null;
    }
  })();
  return sending;
}

/** The page is going away: what is left goes with sendBeacon (which survives the unload). */
function beaconFlush() {
  if (!sender || outbox.length === 0) return;
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  const clientId = sender.clientId();
  if (!clientId) return;
  const batch = outbox.slice(0, ANALYTICS_BATCH_MAX);
  const body: AnalyticsBatch = { clientId, events: batch };
  try {
    const queued = navigator.sendBeacon(
      resolveApiPath(ANALYTICS_ENDPOINT),
      new Blob([JSON.stringify(body)], { type: 'application/json' }),
    );
    if (queued) outbox.splice(0, batch.length);
  } catch {
    // Kept for the next visit of this page (or lost with it).
  }
}

export interface AnalyticsSenderOptions {
  /** The browser hash (a1_browserHash), or null while it may not exist (no consent): wait. */
  clientId: () => string | null;
}

/** Starts the sender (once, from boot.tsx); returns its stop function. */
export function startAnalyticsSender({ clientId }: AnalyticsSenderOptions): () => void {
  sender?.stop();
  const onPageHide = () => beaconFlush();
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') beaconFlush();
  };
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onVisibility);
  const current = {
    clientId,
    stop: () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(flushTimer);
      flushTimer = undefined;
      if (sender === current) sender = null;
    },
  };
  sender = current;
  retryDelay = ANALYTICS_RETRY_MS;
  if (outbox.length > 0) scheduleFlush(ANALYTICS_FLUSH_DEBOUNCE_MS);
  return current.stop;
}

/** Back to a fresh page (tests). */
export function resetAnalytics(): void {
  sender?.stop();
  sender = null;
  outbox = [];
  retryDelay = ANALYTICS_RETRY_MS;
  sending = null;
  clearTrackedEvents();
}
