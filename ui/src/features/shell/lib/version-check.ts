/**
 * App version check (doc1 §4, G38). The page's own script and style files are asked with HEAD and a
 * cache-buster that changes every 5 minutes; the first answer's ETag (else Last-Modified, else
 * Content-Length) is remembered for each file. A later answer that differs — or a file that has
 * disappeared because a new build replaced it — means a new version is online.
 *
 * Timing: the reference values are read {@link UPDATE_CHECK_REFERENCE_DELAY_MS} after the checker
 * starts (the page's own loading first); the first comparison runs {@link UPDATE_CHECK_FIRST_MS}
 * (23 min) after the start and then every {@link UPDATE_CHECK_INTERVAL_MS}. When the
 * browser is offline or a request fails, the next attempt comes after
 * {@link UPDATE_CHECK_OFFLINE_RETRY_MS} (2 min). After a change is found the checker stops.
 */
import {
  UPDATE_CHECK_CACHE_BUSTER_BUCKET_MS,
  UPDATE_CHECK_FIRST_MS,
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_CHECK_OFFLINE_RETRY_MS,
  UPDATE_CHECK_REFERENCE_DELAY_MS,
} from '@/lib/constants';

/** The URLs of the page's own build files (`/assets/…` scripts and stylesheets). */
export function findAssetUrls(doc: Document = document): string[] {
  const urls = new Set<string>();
  doc.querySelectorAll<HTMLScriptElement>('script[src]').forEach((script) => {
    if (script.src.includes('/assets/')) urls.add(script.src);
  });
  doc
    .querySelectorAll<HTMLLinkElement>(
      'link[rel~="stylesheet"][href], link[rel="modulepreload"][href]',
    )
    .forEach((link) => {
      if (link.href.includes('/assets/')) urls.add(link.href);
    });
  return [...urls];
}

/** `url?v={5-minute bucket}` (appended with `&` when the URL has a query already). */
export function withCacheBuster(url: string, now: number): string {
  const bucket = Math.floor(now / UPDATE_CHECK_CACHE_BUSTER_BUCKET_MS);
  return `${url}${url.includes('?') ? '&' : '?'}v=${bucket}`;
}

/** What identifies one version of a file: ETag, else Last-Modified, else Content-Length. */
export function versionSignature(response: Response): string | null {
  if (response.status === 404 || response.status === 410) return 'missing';
  const headers = response.headers;
  const etag = headers.get('etag');
  if (etag) return `etag:${etag}`;
  const modified = headers.get('last-modified');
  if (modified) return `modified:${modified}`;
  const length = headers.get('content-length');
  if (length) return `length:${length}`;
  return null;
}

export interface VersionCheckOptions {
  onUpdate: () => void;
  getUrls?: () => string[];
  fetchImpl?: typeof fetch;
  isOnline?: () => boolean;
  now?: () => number;
  /** Delay before the reference readings (default {@link UPDATE_CHECK_REFERENCE_DELAY_MS}). */
  referenceDelayMs?: number;
}

class OfflineError extends Error {}

/** Starts checking; returns a function that stops it. */
export function startVersionCheck(options: VersionCheckOptions): () => void {
  // By default the files the page started with (index.html's script, its preloads, the styles and
  // the first page's chunks), read once: the page chunks fetched later are of the same build, and a
  // new build always changes the entry script (it names every chunk), so asking for each of them
  // every 23 minutes would only multiply the requests.
  let startFiles: string[] | null = null;
  const {
    onUpdate,
    getUrls = () => (startFiles ??= findAssetUrls()),
    fetchImpl = (input, init) => fetch(input, init),
    isOnline = () => navigator.onLine !== false,
    now = () => Date.now(),
    referenceDelayMs = UPDATE_CHECK_REFERENCE_DELAY_MS,
  } = options;

  const reference = new Map<string, string>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function headSignature(url: string): Promise<string | null> {
    const response = await fetchImpl(withCacheBuster(url, now()), {
      method: 'HEAD',
      cache: 'no-store',
      credentials: 'same-origin',
    });
    // Server trouble is not a new version: treat it like being offline and retry.
    if (response.status >= 500) throw new OfflineError(`HTTP ${response.status}`);
    return versionSignature(response);
  }

  /** Reads every file; returns true when one differs from its reference. */
  async function poll(): Promise<boolean> {
    if (!isOnline()) throw new OfflineError('offline');
    const urls = getUrls();
    const signatures = await Promise.all(urls.map(headSignature));
    let changed = false;
    urls.forEach((url, index) => {
      const signature = signatures[index];
      if (signature == null) return;
      const known = reference.get(url);
      if (known === undefined) reference.set(url, signature);
      else if (known !== signature) changed = true;
    });
    return changed;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => void run(), delay);
  }

  async function run() {
    if (stopped) return;
    try {
      const changed = await poll();
      if (stopped) return;
      if (changed) {
        stopped = true;
        onUpdate();
        return;
      }
      schedule(UPDATE_CHECK_INTERVAL_MS);
    } catch {
      schedule(UPDATE_CHECK_OFFLINE_RETRY_MS);
    }
  }

  async function takeReference() {
    if (stopped) return;
    // Reference values early, so a build deployed during the first 23 minutes is noticed too.
    try {
      if (isOnline()) await poll();
    } catch {
      // No reference yet: the first successful check takes it.
    }
    schedule(Math.max(0, UPDATE_CHECK_FIRST_MS - referenceDelayMs));
  }

  timer = setTimeout(() => void takeReference(), referenceDelayMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
