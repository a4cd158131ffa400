import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEWS_VIEW_BATCH_DELAY_MS } from '@/lib/constants';
import { resetSession, setSession } from '@/lib/session';
import { errorReply, mockApi, rawReply } from '@/test/api-mock';
import {
  newsSessionHash,
  pendingNewsViews,
  recordNewsView,
  resetNewsTracking,
  sendNewsHit,
  sendTagHit,
} from './tracking';

const ANON = '/api/v1/tracking/newsViewsHit';
const AUTH = '/api/v1/tracking/newsViewsHitAuth';

interface Sent {
  path: string;
  body: Record<string, unknown>;
  auth: string | null;
}

function capture(status: () => number) {
  const sent: Sent[] = [];
  const reply = rawReply((url, init) => {
    const headers = new Headers(init?.headers);
    sent.push({
      path: url.pathname,
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      auth: headers.get('Authorization'),
    });
    const code = status();
    return new Response(
      JSON.stringify(
        code === 200
          ? { status: 'success', message: 'success', data: { counted: 1 } }
          : { status: code, message: 'down', data: null },
      ),
      { status: code, headers: { 'Content-Type': 'application/json' } },
    );
  });
  return { sent, reply };
}

beforeEach(() => {
  resetNewsTracking();
  resetSession();
  window.sessionStorage.clear();
  vi.useFakeTimers();
});

afterEach(() => {
  resetNewsTracking();
  resetSession();
  vi.restoreAllMocks();
});

describe('news views batch', () => {
  it('sends the views 2 s after the last view, anonymously to newsViewsHit', async () => {
    const { sent, reply } = capture(() => 200);
    mockApi({ [ANON]: reply, [AUTH]: errorReply(401, 'unauthorized') });
    recordNewsView(1, 1000);
    await vi.advanceTimersByTimeAsync(NEWS_VIEW_BATCH_DELAY_MS - 500);
    recordNewsView(2, 2000);
    await vi.advanceTimersByTimeAsync(NEWS_VIEW_BATCH_DELAY_MS - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe(ANON);
    expect(sent[0]?.auth).toBeNull();
    expect(sent[0]?.body).toMatchObject({
      sessionHash: newsSessionHash(),
      newsViews: [
        { newsId: 1, timestamp: 1000 },
        { newsId: 2, timestamp: 2000 },
      ],
    });
    expect(typeof sent[0]?.body.sendTime).toBe('number');
    expect(pendingNewsViews()).toEqual([]);
  });

  it('TR-02: a logged-in reader sends to newsViewsHitAuth with the bearer token', async () => {
    const { sent, reply } = capture(() => 200);
    mockApi({ [AUTH]: reply, [ANON]: reply });
    setSession({
      user: { userId: 7, name: 'Ana', email: 'ana@x.com', isPro: false },
      token: 'tok',
    });
    recordNewsView(5);
    await vi.advanceTimersByTimeAsync(NEWS_VIEW_BATCH_DELAY_MS);
    expect(sent.map((call) => call.path)).toEqual([AUTH]);
    expect(sent[0]?.auth).toBe('Bearer tok');
  });

  it('TR-03: after a failure the next batch carries the unsent views plus the new one; a success empties it', async () => {
    let code = 503;
    const { sent, reply } = capture(() => code);
    mockApi({ [ANON]: reply });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    recordNewsView(1, 10);
    await vi.advanceTimersByTimeAsync(NEWS_VIEW_BATCH_DELAY_MS);
    expect(sent).toHaveLength(1);
    expect(pendingNewsViews()).toEqual([{ newsId: 1, timestamp: 10 }]);
    expect(warn).toHaveBeenCalled();

    code = 200;
    recordNewsView(2, 20);
    await vi.advanceTimersByTimeAsync(NEWS_VIEW_BATCH_DELAY_MS);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body.newsViews).toEqual([
      { newsId: 1, timestamp: 10 },
      { newsId: 2, timestamp: 20 },
    ]);
    expect(pendingNewsViews()).toEqual([]);

    recordNewsView(3, 30);
    await vi.advanceTimersByTimeAsync(NEWS_VIEW_BATCH_DELAY_MS);
    expect(sent[2]?.body.newsViews).toEqual([{ newsId: 3, timestamp: 30 }]);
  });

  it('G57: the session hash is 32 hex digits kept in sessionStorage', () => {
    const hash = newsSessionHash();
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(newsSessionHash()).toBe(hash);
    window.sessionStorage.clear();
    expect(newsSessionHash()).not.toBe(hash);
  });
});

describe('hits', () => {
  it('TR-04: newsHit {slug} and tagHit {tag}; failures are silent', async () => {
    const bodies: unknown[] = [];
    const fail = rawReply((url, init) => {
      bodies.push([url.pathname, JSON.parse(String(init?.body))]);
      return new Response('{"status":500,"message":"x","data":null}', { status: 500 });
    });
    mockApi({ '/api/v1/tracking/newsHit': fail, '/api/v1/tracking/tagHit': fail });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    sendNewsHit('uma-noticia');
    sendTagHit('mpb');
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies).toEqual([
      ['/api/v1/tracking/newsHit', { slug: 'uma-noticia' }],
      ['/api/v1/tracking/tagHit', { tag: 'mpb' }],
    ]);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
