import { useEffect, useRef } from 'react';

/**
 * Calls `onNear` when the page is scrolled within `distance` px of its bottom, `debounceMs` after
 * the last scroll (the episode list and the 'outros' list load their next page this way).
 */
export function useNearBottom(
  onNear: () => void,
  enabled: boolean,
  distance: number,
  debounceMs: number,
) {
  const callback = useRef(onNear);
  useEffect(() => {
    callback.current = onNear;
  });
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    const check = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const bottom = window.scrollY + window.innerHeight;
        if (document.documentElement.scrollHeight - bottom <= distance) callback.current();
      }, debounceMs);
    };
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, distance, debounceMs]);
}
