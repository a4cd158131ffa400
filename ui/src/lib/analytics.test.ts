import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_QUEUE_MAX, clearTrackedEvents, track, trackedEvents } from './analytics';

describe('analytics', () => {
  afterEach(() => {
    clearTrackedEvents();
    vi.useRealTimers();
  });

  it('queues events with category, action, label and time, also on window.__ondaAnalytics', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
    track('pro-page', 'faq-open', 'Quanto custa?');
    track('pro-page', 'subscribe-click');
    const at = Date.parse('2026-11-22T12:00:00Z');
    expect(trackedEvents()).toEqual([
      { category: 'pro-page', action: 'faq-open', label: 'Quanto custa?', at },
      { category: 'pro-page', action: 'subscribe-click', at },
    ]);
    expect(window.__ondaAnalytics).toHaveLength(2);
  });

  it('returns a copy and can be cleared', () => {
    track('pro-page', 'a');
    const copy = trackedEvents();
    copy.pop();
    expect(trackedEvents()).toHaveLength(1);
    clearTrackedEvents();
    expect(trackedEvents()).toEqual([]);
  });

  it('keeps at most ANALYTICS_QUEUE_MAX events, dropping the oldest', () => {
    for (let i = 0; i < ANALYTICS_QUEUE_MAX + 5; i += 1) track('c', 'a', String(i));
    const events = trackedEvents();
    expect(events).toHaveLength(ANALYTICS_QUEUE_MAX);
    expect(events[0]?.label).toBe('5');
  });
});
