import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsBatch } from '@/generated/AnalyticsBatch';
import { errorReply, mockApi, mockApiDown } from '@/test/api-mock';
import {
  ANALYTICS_QUEUE_MAX,
  clearTrackedEvents,
  pendingAnalytics,
  resetAnalytics,
  startAnalyticsSender,
  track,
  trackedEvents,
} from './analytics';
import { ANALYTICS_FLUSH_DEBOUNCE_MS, ANALYTICS_RETRY_MS } from './constants';

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

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe('analytics sender', () => {
  beforeEach(() => {
    resetAnalytics();
    vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
  });
  afterEach(() => {
    resetAnalytics();
  });

  function posted(fetchMock: ReturnType<typeof mockApi>): AnalyticsBatch[] {
    return fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith('/api/v1/analytics/events'))
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as AnalyticsBatch);
  }

  it('sends nothing until started, then one batch 5 s after the last event', async () => {
    const fetchMock = mockApi({ '/api/v1/analytics/events': { stored: 2 } });
    track('player', 'milestone', undefined, { value: 1, streamId: 'teste_1' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(posted(fetchMock)).toEqual([]);

    startAnalyticsSender({ clientId: () => 'browser-hash' });
    track('pro-page', 'faq-open', 'Quanto custa?');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_DEBOUNCE_MS - 1);
    expect(posted(fetchMock)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const at = Date.parse('2026-11-22T12:00:00Z');
    expect(posted(fetchMock)).toEqual([
      {
        clientId: 'browser-hash',
        events: [
          {
            category: 'player',
            action: 'milestone',
            label: null,
            value: 1,
            streamId: 'teste_1',
            at,
          },
          {
            category: 'pro-page',
            action: 'faq-open',
            label: 'Quanto custa?',
            value: null,
            streamId: null,
            at: at + 60_000,
          },
        ],
      },
    ]);
    expect(pendingAnalytics()).toEqual([]);
    // The log for tests and the console keeps everything.
    expect(trackedEvents()).toHaveLength(2);
  });

  it('keeps unsent events after a failure and retries with the new ones', async () => {
    const down = mockApiDown();
    startAnalyticsSender({ clientId: () => 'browser-hash' });
    track('player', 'heartbeat', undefined, { value: 240, streamId: 'teste_1' });
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_DEBOUNCE_MS);
    expect(down).toHaveBeenCalledTimes(1);
    expect(pendingAnalytics()).toHaveLength(1);

    const fetchMock = mockApi({ '/api/v1/analytics/events': { stored: 2 } });
    track('player', 'heartbeat', undefined, { value: 240, streamId: 'teste_1' });
    await vi.advanceTimersByTimeAsync(ANALYTICS_RETRY_MS - 1);
    expect(posted(fetchMock)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(posted(fetchMock)).toHaveLength(1);
    expect(posted(fetchMock)[0]?.events).toHaveLength(2);
    expect(pendingAnalytics()).toEqual([]);
  });

  it('a server error also keeps the events', async () => {
    mockApi({ '/api/v1/analytics/events': new Error('boom') });
    startAnalyticsSender({ clientId: () => 'browser-hash' });
    track('player', 'milestone', undefined, { value: 5 });
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_DEBOUNCE_MS);
    expect(pendingAnalytics()).toHaveLength(1);
  });

  it('a batch refused as invalid (400) is dropped, not retried forever', async () => {
    const fetchMock = mockApi({
      '/api/v1/analytics/events': errorReply(400, 'invalid event', 400),
    });
    startAnalyticsSender({ clientId: () => 'browser-hash' });
    track('x', 'y', 'z'.repeat(500));
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_DEBOUNCE_MS);
    expect(pendingAnalytics()).toEqual([]);
    // The label was cut to the endpoint's 200 characters anyway.
    expect(posted(fetchMock)[0]?.events[0]?.label).toHaveLength(200);
    await vi.advanceTimersByTimeAsync(ANALYTICS_RETRY_MS * 4);
    expect(posted(fetchMock)).toHaveLength(1);
  });

  it('hands what is left to sendBeacon when the page goes away', async () => {
    mockApi();
    const beacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    try {
      startAnalyticsSender({ clientId: () => 'browser-hash' });
      track('player', 'heartbeat', 'partial', { value: 42, streamId: 'teste_1' });
      window.dispatchEvent(new Event('pagehide'));
      expect(beacon).toHaveBeenCalledTimes(1);
      const [url, data] = beacon.mock.calls[0] ?? [];
      expect(url).toBe('/api/v1/analytics/events');
      vi.useRealTimers(); // jsdom's FileReader reports through timers
      const body = JSON.parse(await readBlob(data as Blob)) as AnalyticsBatch;
      expect(body).toMatchObject({
        clientId: 'browser-hash',
        events: [{ action: 'heartbeat', label: 'partial', value: 42, streamId: 'teste_1' }],
      });
      expect(pendingAnalytics()).toEqual([]);
    } finally {
      Reflect.deleteProperty(navigator, 'sendBeacon');
    }
  });

  it('a refused beacon keeps the events', () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: () => false, configurable: true });
    try {
      startAnalyticsSender({ clientId: () => 'browser-hash' });
      track('player', 'heartbeat', undefined, { value: 240 });
      window.dispatchEvent(new Event('pagehide'));
      expect(pendingAnalytics()).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(navigator, 'sendBeacon');
    }
  });
});
