/**
 * Wall-clock instants ↔ media time over an HLS media playlist's segments, from their
 * `EXT-X-PROGRAM-DATE-TIME` (hls.js gives each fragment `programDateTime` in epoch ms, and its
 * `start` and `duration` in seconds on the media element's timeline). Pure, so the mapping is
 * tested without a browser; hls-timeshift.ts applies it to hls.js's level details.
 */

/** What these functions read of an hls.js `Fragment`. */
export interface DatedFragment {
  start: number;
  duration: number;
  programDateTime: number | null;
}

/** The window the fragments cover: the oldest dated one's start to the newest one's end. */
export function windowOf(
  fragments: readonly DatedFragment[],
): { startMs: number; endMs: number } | null {
  const first = fragments.find((fragment) => fragment.programDateTime !== null);
  const last = fragments.findLast((fragment) => fragment.programDateTime !== null);
  if (!first || !last || first.programDateTime === null || last.programDateTime === null) {
    return null;
  }
  return { startMs: first.programDateTime, endMs: last.programDateTime + last.duration * 1000 };
}

/**
 * The media time (seconds) at which the instant `atMs` plays: inside the fragment that covers it,
 * at the next fragment's start when it falls in a gap between two (a discontinuity), at the first
 * fragment's start before the window, and a little before the newest fragment's end after it (the
 * very end would leave nothing to play). `null` without dated fragments.
 */
export function positionAt(fragments: readonly DatedFragment[], atMs: number): number | null {
  const dated = fragments.filter(
    (fragment): fragment is DatedFragment & { programDateTime: number } =>
      fragment.programDateTime !== null,
  );
  const first = dated[0];
  const last = dated.at(-1);
  if (!first || !last) return null;
  if (atMs <= first.programDateTime) return first.start;
  // The last fragment that starts at or before the instant (they are in playlist order).
  let low = 0;
  let high = dated.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((dated[middle]?.programDateTime ?? Infinity) <= atMs) low = middle;
    else high = middle - 1;
  }
  const fragment = dated[low] ?? first;
  const offset = (atMs - fragment.programDateTime) / 1000;
  if (offset < fragment.duration) return fragment.start + offset;
  const next = dated[low + 1];
  if (next) return next.start;
  return last.start + Math.max(0, last.duration - END_MARGIN_S);
}

/** How far before the window's very end a seek past it lands. */
const END_MARGIN_S = 0.5;

/** The instant heard at media time `seconds` (its fragment's date plus the offset into it). */
export function dateAt(fragments: readonly DatedFragment[], seconds: number): number | null {
  let best: (DatedFragment & { programDateTime: number }) | null = null;
  for (const fragment of fragments) {
    if (fragment.programDateTime === null) continue;
    if (fragment.start > seconds) break;
    best = fragment as DatedFragment & { programDateTime: number };
  }
  if (!best) return null;
  return best.programDateTime + (seconds - best.start) * 1000;
}
