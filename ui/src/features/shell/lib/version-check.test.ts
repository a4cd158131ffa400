import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  UPDATE_CHECK_FIRST_MS,
  UPDATE_CHECK_REFERENCE_DELAY_MS,
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_CHECK_OFFLINE_RETRY_MS,
} from '@/lib/constants';
import {
  findAssetUrls,
  startVersionCheck,
  versionSignature,
  withCacheBuster,
} from './version-check';

const SCRIPT = 'http://localhost/assets/index-abc.js';
const STYLE = 'http://localhost/assets/index-abc.css';

/** A HEAD server whose ETag per file can be changed during the test. */
function fakeServer() {
  const etags: Record<string, string> = { [SCRIPT]: '"v1-js"', [STYLE]: '"v1-css"' };
  let down = false;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    if (down) throw new TypeError('Failed to fetch');
    const url = String(input).replace(/[?&]v=\d+$/, '');
    return new Response(null, { status: 200, headers: { ETag: etags[url] ?? '"x"' } });
  });
  return {
    fetchMock,
    etags,
    setDown: (value: boolean) => {
      down = value;
    },
  };
}

async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('version check helpers', () => {
  it('finds the page scripts and stylesheets under /assets/', () => {
    document.head.innerHTML = `
      <script type="module" src="/assets/index-abc.js"></script>
      <script src="https://cdn.example/other.js"></script>
      <link rel="stylesheet" href="/assets/index-abc.css">
      <link rel="modulepreload" href="/assets/react-xyz.js">
      <link rel="icon" href="/favicon.svg">`;
    expect(findAssetUrls()).toEqual([
      'http://localhost:3000/assets/index-abc.js',
      'http://localhost:3000/assets/index-abc.css',
      'http://localhost:3000/assets/react-xyz.js',
    ]);
    document.head.innerHTML = '';
  });

  it('adds a cache-buster that changes every 5 minutes', () => {
    expect(withCacheBuster('/assets/a.js', 0)).toBe('/assets/a.js?v=0');
    expect(withCacheBuster('/assets/a.js', 299_999)).toBe('/assets/a.js?v=0');
    expect(withCacheBuster('/assets/a.js', 300_000)).toBe('/assets/a.js?v=1');
    expect(withCacheBuster('/assets/a.js?x=1', 600_000)).toBe('/assets/a.js?x=1&v=2');
  });

  it('identifies a version by ETag, then Last-Modified, then Content-Length', () => {
    const headers = (init: Record<string, string>) => new Response(null, { headers: init });
    expect(versionSignature(headers({ ETag: '"a"', 'Last-Modified': 'x' }))).toBe('etag:"a"');
    expect(versionSignature(headers({ 'Last-Modified': 'Mon' }))).toBe('modified:Mon');
    expect(versionSignature(headers({ 'Content-Length': '12' }))).toBe('length:12');
    expect(versionSignature(headers({}))).toBeNull();
    expect(versionSignature(new Response(null, { status: 404 }))).toBe('missing');
  });
});

describe('startVersionCheck', () => {
  let online = true;
  let stop: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    online = true;
  });

  afterEach(() => {
    stop?.();
    stop = undefined;
  });

  /** Starts the checker; the reference readings come at once unless the test says otherwise. */
  function start(server: ReturnType<typeof fakeServer>, onUpdate = vi.fn(), referenceDelayMs = 0) {
    stop = startVersionCheck({
      onUpdate,
      referenceDelayMs,
      getUrls: () => [SCRIPT, STYLE],
      fetchImpl: server.fetchMock as unknown as typeof fetch,
      isOnline: () => online,
    });
    return onUpdate;
  }

  it('reads the reference 10 s after start, then checks first at 1,380,000 ms with HEAD and a cache-buster', async () => {
    const server = fakeServer();
    start(server, vi.fn(), UPDATE_CHECK_REFERENCE_DELAY_MS);
    // The page's own loading comes first.
    await advance(UPDATE_CHECK_REFERENCE_DELAY_MS - 1);
    expect(server.fetchMock).not.toHaveBeenCalled();
    await advance(1);
    expect(server.fetchMock).toHaveBeenCalledTimes(2);

    await advance(UPDATE_CHECK_FIRST_MS - UPDATE_CHECK_REFERENCE_DELAY_MS - 1);
    expect(server.fetchMock).toHaveBeenCalledTimes(2);

    await advance(1);
    expect(server.fetchMock).toHaveBeenCalledTimes(4);
    const [url, init] = server.fetchMock.mock.calls[2] as [string, RequestInit];
    expect(init.method).toBe('HEAD');
    const bucket = Math.floor(Date.now() / 300_000);
    expect(url).toBe(`${SCRIPT}?v=${bucket}`);
  });

  it('repeats every 23 minutes while nothing changes', async () => {
    const server = fakeServer();
    const onUpdate = start(server);
    await advance(UPDATE_CHECK_FIRST_MS);
    await advance(UPDATE_CHECK_INTERVAL_MS);
    await advance(UPDATE_CHECK_INTERVAL_MS);
    expect(server.fetchMock).toHaveBeenCalledTimes(8);
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('reports an update when an ETag changes', async () => {
    const server = fakeServer();
    const onUpdate = start(server);
    await advance(0);
    server.etags[SCRIPT] = '"v2-js"';
    await advance(UPDATE_CHECK_FIRST_MS);
    expect(onUpdate).toHaveBeenCalledTimes(1);

    // It stops checking once the bar is shown.
    const calls = server.fetchMock.mock.calls.length;
    await advance(UPDATE_CHECK_INTERVAL_MS * 2);
    expect(server.fetchMock.mock.calls.length).toBe(calls);
  });

  it('retries every 120,000 ms while offline, then resumes the 23-minute cycle', async () => {
    const server = fakeServer();
    const onUpdate = start(server);
    await advance(0);
    online = false;
    await advance(UPDATE_CHECK_FIRST_MS);
    expect(server.fetchMock).toHaveBeenCalledTimes(2);

    server.etags[STYLE] = '"v2-css"';
    await advance(UPDATE_CHECK_OFFLINE_RETRY_MS);
    expect(server.fetchMock).toHaveBeenCalledTimes(2);

    online = true;
    await advance(UPDATE_CHECK_OFFLINE_RETRY_MS);
    expect(server.fetchMock).toHaveBeenCalledTimes(4);
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('treats a failing request like being offline', async () => {
    const server = fakeServer();
    const onUpdate = start(server);
    await advance(0);
    server.setDown(true);
    await advance(UPDATE_CHECK_FIRST_MS);
    const afterFailure = server.fetchMock.mock.calls.length;

    server.setDown(false);
    server.etags[SCRIPT] = '"v3-js"';
    await advance(UPDATE_CHECK_OFFLINE_RETRY_MS - 1);
    expect(server.fetchMock.mock.calls.length).toBe(afterFailure);
    await advance(1);
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });
});

describe('the files checked by default', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
  });

  it('are the ones the page started with, not the chunks loaded later', async () => {
    document.head.innerHTML = `
      <script type="module" src="/assets/index-abc.js"></script>
      <link rel="stylesheet" href="/assets/index-abc.css">`;
    const asked: string[] = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input).replace(/[?&]v=\d+$/, ''));
      return new Response(null, { status: 200, headers: { ETag: '"same"' } });
    });
    const stop = startVersionCheck({ onUpdate: vi.fn(), fetchImpl, isOnline: () => true });
    await advance(UPDATE_CHECK_REFERENCE_DELAY_MS);
    // A page visited later: Vite adds its chunk's preload link.
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="modulepreload" href="/assets/MusicListPage-def.js">',
    );
    await advance(UPDATE_CHECK_FIRST_MS);
    stop();
    expect(new Set(asked)).toEqual(
      new Set([
        'http://localhost:3000/assets/index-abc.js',
        'http://localhost:3000/assets/index-abc.css',
      ]),
    );
    expect(asked).toHaveLength(4);
  });
});
