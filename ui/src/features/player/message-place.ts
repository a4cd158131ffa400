/**
 * Where the player's error and stall texts are shown, so a listener reads each once: on the live
 * page, in the page's own notices (PlayerNotices, under its play button); elsewhere the stall text in
 * the player bar and the errors as a toast (player-runtime.tsx). The bar's line is too short to
 * hold an error's whole text on a phone, and the toast stays until it is closed.
 */
import { useEffect, useSyncExternalStore } from 'react';

let shown = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live page's notices are on screen: the player's texts are theirs alone. */
export function pageShowsPlayerNotices(): boolean {
  return shown > 0;
}

/** For the bar: whether a page shows the player's texts itself. */
export function usePageShowsPlayerNotices(): boolean {
  return useSyncExternalStore(subscribe, pageShowsPlayerNotices, () => false);
}

/**
 * Called by the page's notices while they are on screen. `onShown` runs as they appear (the
 * runtime hides the toast of an error they now show).
 */
export function useShowsPlayerNotices(onShown: () => void): void {
  useEffect(() => {
    shown += 1;
    listeners.forEach((listener) => listener());
    onShown();
    return () => {
      shown -= 1;
      listeners.forEach((listener) => listener());
    };
    // Registered once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
