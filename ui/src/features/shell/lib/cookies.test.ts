import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsBatch } from '@/generated/AnalyticsBatch';
import { pendingAnalytics, resetAnalytics, startAnalyticsSender, track } from '@/lib/analytics';
import { ANALYTICS_FLUSH_DEBOUNCE_MS, ANALYTICS_RETRY_MAX_MS } from '@/lib/constants';
import { getCookie } from '@/lib/storage';
import { mockApi } from '@/test/api-mock';
import {
  acceptCookies,
  analyticsClientId,
  browserHash,
  ensureBrowserHash,
  hasCookieConsent,
} from './cookies';

const EVENTS = '/api/v1/analytics/events';

function posted(fetchMock: ReturnType<typeof mockApi>): AnalyticsBatch[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith(EVENTS))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as AnalyticsBatch);
}

describe('cookies before and after consent (LGPD)', () => {
  beforeEach(() => {
    resetAnalytics();
    vi.useFakeTimers();
  });
  afterEach(() => {
    resetAnalytics();
  });

  it('analytics wait without a browser hash until the notice is accepted, then leave under it', async () => {
    const fetchMock = mockApi({ [EVENTS]: { stored: 2 } });
    startAnalyticsSender({ clientId: analyticsClientId });
    track('player', 'heartbeat', undefined, { value: 240, streamId: 'teste_1' });
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_DEBOUNCE_MS + ANALYTICS_RETRY_MAX_MS);
    expect(posted(fetchMock)).toEqual([]);
    expect(getCookie('a1_browserHash')).toBeNull();
    expect(analyticsClientId()).toBeNull();
    expect(pendingAnalytics()).toHaveLength(1);

    // Leaving the page before consent hands nothing to sendBeacon either.
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    try {
      window.dispatchEvent(new Event('pagehide'));
      expect(beacon).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'sendBeacon');
    }

    track('pro-page', 'faq-open');
    acceptCookies();
    await vi.advanceTimersByTimeAsync(0);
    expect(hasCookieConsent()).toBe(true);
    const hash = getCookie('a1_browserHash');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    const batches = posted(fetchMock);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.clientId).toBe(hash);
    expect(batches[0]?.events.map((event) => event.action)).toEqual(['heartbeat', 'faq-open']);
    expect(pendingAnalytics()).toEqual([]);
  });

  it('browserHash only reads; ensureBrowserHash creates once and keeps it', () => {
    expect(browserHash()).toBeNull();
    const hash = ensureBrowserHash();
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(browserHash()).toBe(hash);
    expect(ensureBrowserHash()).toBe(hash);
    // A hash made for an anonymous vote is not consent: analytics still wait.
    expect(analyticsClientId()).toBeNull();
  });
});
