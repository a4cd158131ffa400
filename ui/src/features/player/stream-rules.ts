/**
 * The stream rules of doc1 §4 as pure functions: who may play what, which stream is the default,
 * which source of a stream to load, and the live edge's cache-buster.
 */
import type { Stream } from '@/generated/Stream';
import type { StreamSource } from '@/generated/StreamSource';
import { isSafeLink } from '@/lib/safe-link';

export interface StreamAccess {
  /** `null` while the start-up session check has not answered. */
  loggedIn: boolean | null;
  isPro: boolean | null;
}

export type AccessVerdict = 'ok' | 'login-required' | 'pro-required' | 'unknown';

/**
 * semiPro and pro streams need a login; pro streams need PRO (doc1 §4 "Selecting a stream").
 * 'unknown' while the session is not known yet and the answer depends on it.
 */
export function checkAccess(stream: Stream, access: StreamAccess): AccessVerdict {
  if (!stream.semiPro && !stream.pro) return 'ok';
  if (access.loggedIn === null) return 'unknown';
  if (!access.loggedIn) return 'login-required';
  if (!stream.pro) return 'ok';
  if (access.isPro === null) return 'unknown';
  return access.isPro ? 'ok' : 'pro-required';
}

/**
 * "The first stream that is neither pro nor semiPro" (doc1 §4). Popup and Dolby Atmos streams are
 * skipped when another such stream exists: neither can start by itself in every browser.
 */
export function defaultStream(streams: readonly Stream[]): Stream | null {
  const free = streams.filter((stream) => !stream.pro && !stream.semiPro);
  return free.find((stream) => !stream.isPopup && !stream.dolby) ?? free[0] ?? null;
}

/**
 * The address a popup stream's window opens: the channel's own, when it is a path of the site or an
 * https address, else the live page in window mode for that stream (what the back office suggests),
 * so a stored `javascript:` or `data:` address never reaches `window.open`.
 */
export function popupAddress(stream: Stream): string {
  if (isSafeLink(stream.popupUrl)) return stream.popupUrl;
  return `/ouvir-radio-online?streamId=${encodeURIComponent(stream.streamId)}&popup=1`;
}

/** The codec name the server gives a built-in channel's HLS source (its last source). */
export const TIMESHIFT_CODEC = 'HLS';

/**
 * The stream's HLS source for timeshift (a built-in channel's `/hls/{streamId}.m3u8`, its src used
 * exactly as given: a pro channel's may carry a token), or `null`. Not a live source: the mount
 * plays the live edge with less delay, so live playback never picks it (a browser that plays HLS
 * natively would otherwise take it once the mounts failed).
 */
export function timeshiftSource(stream: Stream): StreamSource | null {
  return stream.sources.find((source) => source.codec === TIMESHIFT_CODEC && source.src) ?? null;
}

/** The sources to try, in the server's order, keeping those the engine says it can play. */
export function playableSources(
  stream: Stream,
  canPlay: (type: string) => boolean,
): StreamSource[] {
  const sources = stream.sources.filter((source) => source.src && source.codec !== TIMESHIFT_CODEC);
  const playable = sources.filter((source) => !source.type || canPlay(source.type));
  // When no type is claimed, trying them all beats refusing to play.
  return playable.length > 0 ? playable : sources;
}

/**
 * Safari-like browsers (Safari and other WebKit browsers; not Chrome, Edge, Opera, Firefox for iOS
 * or Android browsers): the only ones where the Dolby Atmos stream is offered (doc1 §4).
 */
export function isSafariLike(userAgent: string): boolean {
  return (
    /Safari\//.test(userAgent) &&
    /AppleWebKit\//.test(userAgent) &&
    !/(Chrome|Chromium|CriOS|FxiOS|EdgiOS|Edg|OPR|SamsungBrowser)\//.test(userAgent) &&
    !/Android/.test(userAgent)
  );
}

/**
 * The live edge: a fresh URL for every (re)start, so neither the browser's cache nor a stale
 * buffer can replay old audio (research/stations.md §4 point 5).
 */
export function withCacheBuster(src: string, now: number): string {
  return `${src}${src.includes('?') ? '&' : '?'}_=${now}`;
}
