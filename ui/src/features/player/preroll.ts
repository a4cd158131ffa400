/**
 * The preroll (doc1 §4 "Preroll ads", C33): a VAST request to the app parameters'
 * `preroll.adManagerUrl`, then `preroll.targetingUrl` if the first gives nothing (an empty URL means
 * no ad). Every non-PRO listener gets it, anonymous or logged in; a PRO listener causes no request
 * at all. The ad is requested as soon as the listener is known not to be PRO and the page has
 * loaded, so it is usually ready when play is pressed; it plays once per page, and never again after
 * it errored.
 *
 * VAST fetching, parsing and tracking are @dailymotion/vast-client's (VASTClient, VASTTracker),
 * loaded on demand so PRO listeners never download it.
 */
import { resolveApiPath } from '@/lib/api';
import { AD_HEIGHT, AD_WIDTH } from '@/lib/constants';
import type {
  AdTracking,
  PrerollAd,
  PrerollOutcome,
  PrerollSource,
  PrerollStatus,
} from './preroll-types';

export interface PrerollEligibility {
  /** `null` while it is not known yet (the session check or the app parameters are loading). */
  isPro: boolean | null;
  /** The ad tag URLs in order (empty strings are dropped). */
  urls: readonly string[];
}

export type VastLoader = (url: string) => Promise<PrerollAd | null>;

/**
 * Runs `run` once the page has loaded (its `load` event) and the browser is next idle (React's first
 * frame, drawn in slices, leaves no idle time until it is done), 2 s after the load at the latest.
 */
function afterPageLoad(run: () => void): void {
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2_000 });
    else setTimeout(run, 0);
  };
  if (typeof document === 'undefined' || document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

type Phase = 'unknown' | 'none' | 'idle' | 'loading' | 'ready' | 'failed' | 'done';

export class PrerollProvider implements PrerollSource {
  private phase: Phase = 'unknown';
  private loaded: PrerollAd | null = null;
  private urls: string[] = [];
  private requestSeq = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly loadAd: VastLoader) {}

  /** The session and the app parameters decide whether there is an ad at all. */
  setEligibility({ isPro, urls }: PrerollEligibility): void {
    this.urls = urls.filter((url) => url.trim() !== '');
    if (this.phase === 'done') return;
    if (isPro === true || (isPro === false && this.urls.length === 0)) {
      this.requestSeq += 1;
      this.loaded = null;
      this.setPhase('none');
      return;
    }
    if (isPro === null) {
      // Not known yet (session or app parameters loading): the player waits, up to 7 s.
      if (this.phase === 'none') this.setPhase('unknown');
      return;
    }
    // Known not PRO (C33: ads are initialised as soon as isPro is known to be false), once the
    // page's own files are in: the ad client (13 kB) and its VAST request competed with the page's
    // largest picture when the app parameters came with the page. Play asks at once
    // (request()); a request already made is not made again.
    if (this.phase === 'unknown' || this.phase === 'none') {
      this.setPhase('idle');
      afterPageLoad(() => this.request());
    }
  }

  status(): PrerollStatus {
    switch (this.phase) {
      case 'unknown':
        return 'unknown';
      case 'idle':
      case 'loading':
        return 'loading';
      case 'ready':
        return 'ready';
      case 'failed':
        return 'failed';
      default:
        return 'none';
    }
  }

  ad(): PrerollAd | null {
    return this.phase === 'ready' ? this.loaded : null;
  }

  request(): void {
    if (this.phase !== 'idle') return;
    this.setPhase('loading');
    const seq = ++this.requestSeq;
    void this.fetchFirstPlayable([...this.urls]).then((ad) => {
      if (seq !== this.requestSeq || this.phase !== 'loading') return;
      this.loaded = ad;
      this.setPhase(ad ? 'ready' : 'failed');
    });
  }

  settle(outcome: PrerollOutcome): void {
    void outcome;
    this.requestSeq += 1;
    this.loaded = null;
    this.setPhase('done');
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private async fetchFirstPlayable(urls: string[]): Promise<PrerollAd | null> {
    for (const url of urls) {
      try {
        const ad = await this.loadAd(url);
        if (ad) return ad;
      } catch {
        // The next ad tag, if any.
      }
    }
    return null;
  }

  private setPhase(phase: Phase) {
    if (phase === this.phase) return;
    this.phase = phase;
    for (const listener of [...this.listeners]) listener();
  }
}

// ── VAST through @dailymotion/vast-client ────────────────────────────────────────────────────

/** The parts of the library's parsed objects we read (its own typings are mostly `any`). */
interface VastMediaFile {
  fileURL: string | null;
  mimeType: string | null;
}
interface VastCreative {
  type: string;
  duration: number;
  mediaFiles: VastMediaFile[];
  videoClickThroughURLTemplate: { url: string | null } | null;
  /** Companion creatives. */
  variations?: VastCompanion[];
}
interface VastCompanion {
  width: number | string;
  height: number | string;
  staticResources: { url: string; creativeType: string | null }[];
}
interface VastAd {
  title: string | null;
  creatives: VastCreative[];
}
interface VastResponse {
  ads: VastAd[];
}

/** The tracking events we follow, in the order a complete play fires them. */
export const TRACKED_AD_EVENTS = [
  'creativeView',
  'start',
  'firstQuartile',
  'midpoint',
  'thirdQuartile',
  'complete',
  'clickthrough',
] as const;

/** An {@link AdTracking} that also lists the VAST events it fired (tests, debugging). */
export interface RecordedAdTracking extends AdTracking {
  readonly fired: readonly string[];
}

/**
 * Audio first (the station's ads are audio spots); a video file's sound plays as well. Files the
 * engine says it cannot play are skipped.
 */
export function pickMediaFile(
  files: readonly VastMediaFile[],
  canPlay: (type: string) => boolean,
): VastMediaFile | null {
  const usable = files.filter((file) => file.fileURL && (!file.mimeType || canPlay(file.mimeType)));
  return usable.find((file) => file.mimeType?.startsWith('audio/')) ?? usable[0] ?? null;
}

/** The companion image for the 640x360 slot: that size first, else the first image. */
export function pickCompanionImage(creatives: readonly VastCreative[]): string | null {
  const images = creatives
    .filter((creative) => creative.type === 'companion')
    .flatMap((creative) => creative.variations ?? [])
    .flatMap((companion) =>
      companion.staticResources
        .filter((resource) => !resource.creativeType || resource.creativeType.startsWith('image/'))
        .map((resource) => ({
          url: resource.url.trim(),
          slot: Number(companion.width) === AD_WIDTH && Number(companion.height) === AD_HEIGHT,
        })),
    )
    .filter((image) => image.url);
  return (images.find((image) => image.slot) ?? images[0])?.url ?? null;
}

/** An ad tag on our own server (`/api/v1/ads/vast`) follows the API origin (desktop app). */
export function resolveAdTagUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : resolveApiPath(url.startsWith('/') ? url : `/${url}`);
}

export interface VastLoaderOptions {
  /** Whether the engine can play a media type (audio/mpeg, …). */
  canPlay: (type: string) => boolean;
  /** The whole request may take this long (the player waits 7 s in all). */
  timeoutMs: number;
}

/** Fetches and parses one ad tag; the first linear creative with a playable file wins. */
/** What vast-client expects of a URL handler: the parsed document, or the error and its status. */
type UrlHandlerResult =
  | { xml: Document; details: { byteLength: number; statusCode: number; rawXml: string } }
  | { error: unknown; statusCode: number | null };

/**
 * vast-client's own URL handler throws inside its timeout timer, so a slow ad server becomes an
 * uncaught page error (seen when the clock runs ahead of the ad request). This one aborts the request
 * quietly and answers what the library expects: the same results, nothing thrown.
 */
export const quietUrlHandler = {
  async get(
    url: string,
    options: { timeout?: number; withCredentials?: boolean },
  ): Promise<UrlHandlerResult> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeout ?? AD_REQUEST_TIMEOUT_MS);
    try {
      const response = await fetch(url, {
        signal: controller.signal,
        credentials: options.withCredentials ? 'include' : 'omit',
      });
      if (!response.ok) {
        return {
          error: new Error(`URLHandler: ${response.statusText} (${response.status})`),
          statusCode: response.status,
        };
      }
      const rawXml = await response.text();
      const xml = new DOMParser().parseFromString(rawXml, 'text/xml');
      return { xml, details: { byteLength: rawXml.length, statusCode: response.status, rawXml } };
    } catch (error) {
      return { error, statusCode: controller.signal.aborted ? 408 : null };
    } finally {
      clearTimeout(timer);
    }
  },
};

/** The fallback request timeout when the caller gives none (vast-client's own default). */
const AD_REQUEST_TIMEOUT_MS = 120_000;

export function createVastLoader({ canPlay, timeoutMs }: VastLoaderOptions): VastLoader {
  return async (url) => {
    const { VASTClient, VASTTracker } = await import('@dailymotion/vast-client');
    const client = new VASTClient();
    const response = (await client.get(resolveAdTagUrl(url), {
      timeout: timeoutMs,
      withCredentials: false,
      urlHandler: quietUrlHandler,
    } as Parameters<typeof client.get>[1])) as VastResponse;
    for (const ad of response.ads ?? []) {
      for (const creative of ad.creatives ?? []) {
        if (creative.type !== 'linear') continue;
        const media = pickMediaFile(creative.mediaFiles ?? [], canPlay);
        if (!media?.fileURL) continue;
        const tracker = new VASTTracker(client, ad as never, creative as never);
        return {
          mediaUrl: media.fileURL,
          mediaType: media.mimeType ?? '',
          title: ad.title?.trim() ?? '',
          durationS: creative.duration > 0 ? creative.duration : null,
          clickThroughUrl: creative.videoClickThroughURLTemplate?.url?.trim() || null,
          imageUrl: pickCompanionImage(ad.creatives ?? []),
          tracking: trackingFor(tracker),
        };
      }
    }
    return null;
  };
}

interface TrackerLike {
  on(event: string, handler: (...args: unknown[]) => void): unknown;
  trackImpression(): void;
  setDuration(duration: number): void;
  setProgress(progress: number): void;
  complete(): void;
  error(macros?: Record<string, unknown>): void;
  click(fallbackClickThroughURL?: string | null): void;
}

function trackingFor(tracker: TrackerLike): RecordedAdTracking {
  const fired: string[] = [];
  for (const name of TRACKED_AD_EVENTS) tracker.on(name, () => fired.push(name));
  let durationKnown = false;
  return {
    fired,
    impression: () => tracker.trackImpression(),
    progress: (positionS, durationS) => {
      if (!durationKnown && durationS && durationS > 0) {
        tracker.setDuration(durationS);
        durationKnown = true;
      }
      tracker.setProgress(positionS);
    },
    complete: () => tracker.complete(),
    error: (code) => {
      fired.push(`error ${code}`);
      tracker.error({ ERRORCODE: code });
    },
    click: () => tracker.click(),
  };
}
