/**
 * What the player state machine needs from the preroll (doc1 §4 "Preroll ads"), kept apart from the
 * VAST code (preroll.ts) so the machine can be tested with a scripted preroll and the VAST library
 * stays out of the main bundle.
 */

/** How a preroll attempt ended: it is never replayed after any of these. */
export type PrerollOutcome = 'played' | 'error' | 'timeout';

/** Tracking calls of one ad (VAST impression, quartiles, complete, error, click). */
export interface AdTracking {
  /** The ad started: impression and creativeView. */
  impression(): void;
  /** Playback position, for start and the quartiles. */
  progress(positionS: number, durationS: number | null): void;
  complete(): void;
  /** A VAST error code (402 timeout, 405 media could not be played, …). */
  error(code: number): void;
  /** The listener opened the click-through link. */
  click(): void;
}

/** A preroll ready to play. */
export interface PrerollAd {
  mediaUrl: string;
  mediaType: string;
  title: string;
  durationS: number | null;
  clickThroughUrl: string | null;
  /** The companion image for the 640x360 slot, when the ad has one. */
  imageUrl: string | null;
  tracking: AdTracking;
}

/**
 * - 'unknown': not known yet whether this listener gets ads (the session is loading);
 * - 'none': no ad (PRO, no ad URL, or already played/errored);
 * - 'loading': asking the ad server; 'ready': {@link PrerollSource.ad} is playable;
 * - 'failed': no playable ad came back.
 */
export type PrerollStatus = 'unknown' | 'none' | 'loading' | 'ready' | 'failed';

export interface PrerollSource {
  status(): PrerollStatus;
  ad(): PrerollAd | null;
  /** Starts the ad request if it was not made yet (the first live play). */
  request(): void;
  /** The attempt is over: never again on this page. */
  settle(outcome: PrerollOutcome): void;
  /** Called on every status change. */
  subscribe(listener: () => void): () => void;
}
