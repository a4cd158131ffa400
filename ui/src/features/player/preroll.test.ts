/**
 * The preroll with a real VAST 4 document parsed by @dailymotion/vast-client, served through the
 * fetch test helpers (C33, PL-16, PL-17).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AD_WAIT_MAX_MS } from '@/lib/constants';
import { mockApi, rawReply, xmlResponse } from '@/test/api-mock';
import { PlayerMachine } from './player-machine';
import {
  createVastLoader,
  pickMediaFile,
  PrerollProvider,
  quietUrlHandler,
  resolveAdTagUrl,
  type RecordedAdTracking,
} from './preroll';
import { MAIN, PUBLIC_STREAMS } from './testing/fixtures';
import { ScriptedEngine } from './testing/scripted-engine';
import houseAd from './testing/fixtures/house-ad.vast.xml?raw';
import emptyVast from './testing/fixtures/empty.vast.xml?raw';

const AD_TAG = '/api/v1/ads/vast';
const TARGETING_TAG = 'http://localhost/api/v1/ads/targeting';

const canPlay = (type: string) => type === 'audio/mpeg' || type === 'video/mp4';

function vastCalls(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.includes('/ads/'));
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T13:00:00Z') });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the quiet URL handler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a slow ad server times out as a 408 result, with nothing thrown from a timer', async () => {
    vi.useFakeTimers();
    // A request that never answers until it is aborted.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) => {
            init.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      ),
    );
    const result = quietUrlHandler.get(AD_TAG, { timeout: 7000 });
    await vi.advanceTimersByTimeAsync(7000);
    await expect(result).resolves.toMatchObject({ statusCode: 408 });
    vi.unstubAllGlobals();
  });

  it('an error status comes back as the error and its status', async () => {
    mockApi({ [AD_TAG]: rawReply(() => new Response('no', { status: 503 })) });
    await expect(quietUrlHandler.get(AD_TAG, { timeout: 7000 })).resolves.toMatchObject({
      statusCode: 503,
    });
  });
});

describe('VAST parsing and tracking', () => {
  it('reads the inline linear ad: the audio file, title, duration, click-through', async () => {
    const fetchMock = mockApi({ [AD_TAG]: rawReply(() => xmlResponse(houseAd)) });
    const load = createVastLoader({ canPlay, timeoutMs: AD_WAIT_MAX_MS });
    const ad = await load(AD_TAG);
    expect(vastCalls(fetchMock)).toEqual([AD_TAG]);
    expect(ad).toMatchObject({
      mediaUrl: 'http://localhost/media/ads/house-1.mp3',
      mediaType: 'audio/mpeg',
      title: 'Padaria Central: pão quentinho toda hora',
      durationS: 15,
      clickThroughUrl: 'https://padaria.example/promo',
      // The companion made for the 640x360 slot.
      imageUrl: 'http://localhost/media/ads/house.svg',
    });
  });

  it('fires impression, start, quartiles and complete through VASTTracker', async () => {
    mockApi({ [AD_TAG]: rawReply(() => xmlResponse(houseAd)) });
    const pixels: string[] = [];
    vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation((value: string) => {
      pixels.push(value);
    });
    const ad = await createVastLoader({ canPlay, timeoutMs: AD_WAIT_MAX_MS })(AD_TAG);
    const tracking = ad?.tracking as RecordedAdTracking;
    tracking.impression();
    for (const position of [0.5, 4, 8, 12, 14.9]) tracking.progress(position, 15);
    tracking.complete();
    expect(tracking.fired).toEqual([
      'creativeView',
      'start',
      'firstQuartile',
      'midpoint',
      'thirdQuartile',
      'complete',
    ]);
    const events = pixels.map((url) => new URL(url).searchParams.get('event'));
    expect(events).toEqual([
      'impression',
      'start',
      'firstQuartile',
      'midpoint',
      'thirdQuartile',
      'complete',
    ]);
  });

  it('an error is reported with its VAST code', async () => {
    mockApi({ [AD_TAG]: rawReply(() => xmlResponse(houseAd)) });
    const pixels: string[] = [];
    vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation((value: string) => {
      pixels.push(value);
    });
    const ad = await createVastLoader({ canPlay, timeoutMs: AD_WAIT_MAX_MS })(AD_TAG);
    ad?.tracking.error(405);
    expect(pixels).toEqual(['http://localhost/api/v1/ads/track?event=error&code=405']);
  });

  it('a VAST without ads gives no ad', async () => {
    mockApi({ [AD_TAG]: rawReply(() => xmlResponse(emptyVast)) });
    expect(await createVastLoader({ canPlay, timeoutMs: AD_WAIT_MAX_MS })(AD_TAG)).toBeNull();
  });

  it('prefers audio, skips what the engine cannot play', () => {
    const files = [
      { fileURL: '/a.mp4', mimeType: 'video/mp4' },
      { fileURL: '/a.ogg', mimeType: 'audio/ogg' },
      { fileURL: '/a.mp3', mimeType: 'audio/mpeg' },
    ];
    expect(pickMediaFile(files, canPlay)?.fileURL).toBe('/a.mp3');
    expect(pickMediaFile(files.slice(0, 2), canPlay)?.fileURL).toBe('/a.mp4');
    expect(pickMediaFile(files.slice(1, 2), canPlay)).toBeNull();
  });

  it('our own ad tag follows the API origin; others are kept', () => {
    expect(resolveAdTagUrl(AD_TAG)).toBe(AD_TAG);
    expect(resolveAdTagUrl('https://ads.example/vast?x=1')).toBe('https://ads.example/vast?x=1');
  });
});

describe('who gets the preroll (C33)', () => {
  function provider() {
    return new PrerollProvider(createVastLoader({ canPlay, timeoutMs: AD_WAIT_MAX_MS }));
  }

  it('a PRO listener causes no ad request at all (PL-17)', async () => {
    const fetchMock = mockApi({ [AD_TAG]: rawReply(() => xmlResponse(houseAd)) });
    const preroll = provider();
    preroll.setEligibility({ isPro: null, urls: [AD_TAG, ''] });
    expect(preroll.status()).toBe('unknown');
    preroll.setEligibility({ isPro: true, urls: [AD_TAG, ''] });
    expect(preroll.status()).toBe('none');
    preroll.request();
    await vi.advanceTimersByTimeAsync(10);
    expect(vastCalls(fetchMock)).toEqual([]);
  });

  it('known not PRO (anonymous or logged in), on a loaded page: the ad is requested at once and gets ready', async () => {
    const fetchMock = mockApi({ [AD_TAG]: rawReply(() => xmlResponse(houseAd)) });
    const preroll = provider();
    preroll.setEligibility({ isPro: false, urls: [AD_TAG, ''] });
    expect(preroll.status()).toBe('loading');
    await vi.advanceTimersByTimeAsync(10);
    expect(vastCalls(fetchMock)).toEqual([AD_TAG]);
    expect(preroll.status()).toBe('ready');
    expect(preroll.ad()?.mediaUrl).toBe('http://localhost/media/ads/house-1.mp3');
  });

  it('while the page is still loading, the ad waits for it, unless play asks first', async () => {
    const fetchMock = mockApi({ [AD_TAG]: rawReply(() => xmlResponse(houseAd)) });
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const waiting = provider();
    waiting.setEligibility({ isPro: false, urls: [AD_TAG, ''] });
    await vi.advanceTimersByTimeAsync(10);
    expect(vastCalls(fetchMock)).toEqual([]);
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(10);
    expect(vastCalls(fetchMock)).toEqual([AD_TAG]);
    expect(waiting.status()).toBe('ready');

    readyState.mockReturnValue('interactive');
    const pressed = provider();
    pressed.setEligibility({ isPro: false, urls: [AD_TAG, ''] });
    pressed.request();
    await vi.advanceTimersByTimeAsync(10);
    expect(vastCalls(fetchMock)).toEqual([AD_TAG, AD_TAG]);
    expect(pressed.status()).toBe('ready');
    // The load event asks nothing more.
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(10);
    expect(vastCalls(fetchMock)).toEqual([AD_TAG, AD_TAG]);
  });

  it('no ad URL, no ad', () => {
    const preroll = provider();
    preroll.setEligibility({ isPro: false, urls: ['', ''] });
    expect(preroll.status()).toBe('none');
  });

  it('the targeting service is asked when the ad manager has nothing', async () => {
    const fetchMock = mockApi({
      [AD_TAG]: rawReply(() => xmlResponse(emptyVast)),
      '/api/v1/ads/targeting': rawReply(() => xmlResponse(houseAd)),
    });
    const preroll = provider();
    preroll.setEligibility({ isPro: false, urls: [AD_TAG, TARGETING_TAG] });
    await vi.advanceTimersByTimeAsync(10);
    expect(vastCalls(fetchMock)).toEqual([AD_TAG, TARGETING_TAG]);
    expect(preroll.status()).toBe('ready');
  });

  it('when both fail the preroll failed; once settled it never comes back', async () => {
    mockApi({ [AD_TAG]: rawReply(() => new Response('nope', { status: 500 })) });
    const preroll = provider();
    preroll.setEligibility({ isPro: false, urls: [AD_TAG] });
    await vi.advanceTimersByTimeAsync(10);
    expect(preroll.status()).toBe('failed');
    preroll.settle('error');
    preroll.setEligibility({ isPro: false, urls: [AD_TAG] });
    expect(preroll.status()).toBe('none');
  });
});

describe('preroll then live, end to end through the state machine', () => {
  it('first play: the VAST ad plays, then the live stream; the second play has no ad (PL-16)', async () => {
    mockApi({ [AD_TAG]: rawReply(() => xmlResponse(houseAd)) });
    vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(() => undefined);
    const engine = new ScriptedEngine();
    const preroll = new PrerollProvider(
      createVastLoader({ canPlay: (type) => engine.canPlay(type), timeoutMs: AD_WAIT_MAX_MS }),
    );
    const machine = new PlayerMachine({ engine, preroll });
    machine.setMainStreamId(MAIN);
    machine.setAccess({ loggedIn: false, isPro: false });
    machine.setStreams(PUBLIC_STREAMS);
    preroll.setEligibility({ isPro: false, urls: [AD_TAG, ''] });

    machine.playLive();
    await vi.advanceTimersByTimeAsync(10);
    expect(engine.loads).toEqual(['http://localhost/media/ads/house-1.mp3']);
    engine.started();
    expect(machine.getSnapshot().ad).toMatchObject({
      phase: 'playing',
      title: 'Padaria Central: pão quentinho toda hora',
      durationS: 15,
    });
    engine.progress(8, 15);
    engine.end();
    expect(engine.loadedPath).toBe(`/stream/${MAIN}.aac`);
    engine.started();
    machine.pause();
    machine.playLive();
    expect(engine.loads).toHaveLength(3);
    expect(engine.loads.filter((url) => url.includes('/ads/'))).toHaveLength(1);
  });
});
