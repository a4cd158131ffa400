/**
 * Analytics events (category, action, optional label). There is no analytics service yet: events go
 * to an in-memory queue, also exposed as `window.__ondaAnalytics` so end-to-end tests (and anyone
 * in the browser console) can read them. This module is where the first-party analytics endpoint
 * will plug in: `track` stays the only entry point, and the queue is what a batching sender will
 * drain. Nothing leaves the browser today.
 */

export interface AnalyticsEvent {
  category: string;
  action: string;
  label?: string;
  /** Epoch milliseconds. */
  at: number;
}

/** Oldest events are dropped beyond this, so a long visit cannot grow the queue without bound. */
export const ANALYTICS_QUEUE_MAX = 500;

declare global {
  interface Window {
    __ondaAnalytics?: AnalyticsEvent[];
  }
}

function queue(): AnalyticsEvent[] {
  if (typeof window === 'undefined') return fallbackQueue;
  window.__ondaAnalytics ??= [];
  return window.__ondaAnalytics;
}

const fallbackQueue: AnalyticsEvent[] = [];

/** Records one event. Never throws: analytics must not break a page. */
export function track(category: string, action: string, label?: string): void {
  try {
    const events = queue();
    events.push(
      label === undefined
        ? { category, action, at: Date.now() }
        : { category, action, label, at: Date.now() },
    );
    if (events.length > ANALYTICS_QUEUE_MAX) events.splice(0, events.length - ANALYTICS_QUEUE_MAX);
  } catch {
    // Analytics is best effort.
  }
}

/** The events recorded so far (a copy). */
export function trackedEvents(): AnalyticsEvent[] {
  return [...queue()];
}

/** Empties the queue (tests; later, the sender after a successful flush). */
export function clearTrackedEvents(): void {
  queue().length = 0;
}
