/**
 * Where the player's error and stall texts are shown, so a listener reads each once and where they
 * look: on the live page, in the page's own notices (PlayerNotices, under its play button) while
 * those are on screen; otherwise the stall text in the player bar and the errors as a toast
 * (player-runtime.tsx). The bar's line is too short to hold an error's whole text on a phone, and
 * the toast stays until it is closed.
 */
import { type RefObject, useEffect, useSyncExternalStore } from 'react';

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
 * Called by the page's notices: they count as shown while `place` is in the screen above the
 * player bar (everywhere when the browser cannot tell). `onShown` runs as they come into view
 * (the runtime hides the toast of an error they now show).
 */
export function useShowsPlayerNotices(
  place: RefObject<HTMLElement | null>,
  onShown: () => void,
): void {
  useEffect(() => {
    let counted = false;
    const count = (visible: boolean) => {
      if (visible === counted) return;
      counted = visible;
      shown += visible ? 1 : -1;
      listeners.forEach((listener) => listener());
      if (visible) onShown();
    };
    const element = place.current;
    if (!element || typeof IntersectionObserver !== 'function') {
      count(true);
      return () => count(false);
    }
    const bar = getComputedStyle(document.documentElement)
      .getPropertyValue('--onda-player-height')
      .trim();
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries[entries.length - 1];
        if (last) count(last.isIntersecting);
      },
      { rootMargin: `0px 0px -${bar || '64px'} 0px` },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      count(false);
    };
    // Registered once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
