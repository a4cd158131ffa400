/**
 * Viewport breakpoints (doc1 §4): under 576 xs, under 768 sm, under 992 md, under 1200 lg, else xl.
 * One shared resize listener, debounced by {@link RESIZE_DEBOUNCE_MS}; components read it through
 * {@link useBreakpoint}.
 */
import { useSyncExternalStore } from 'react';
import {
  BREAKPOINT_LG,
  BREAKPOINT_MD,
  BREAKPOINT_SM,
  BREAKPOINT_XS,
  DESKTOP_MIN_WIDTH,
  RESIZE_DEBOUNCE_MS,
} from './constants';

export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export function breakpointFor(width: number): Breakpoint {
  if (width < BREAKPOINT_XS) return 'xs';
  if (width < BREAKPOINT_SM) return 'sm';
  if (width < BREAKPOINT_MD) return 'md';
  if (width < BREAKPOINT_LG) return 'lg';
  return 'xl';
}

const listeners = new Set<() => void>();
let width = typeof window === 'undefined' ? BREAKPOINT_LG : window.innerWidth;
let timer: ReturnType<typeof setTimeout> | undefined;

function onResize() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    if (window.innerWidth === width) return;
    width = window.innerWidth;
    listeners.forEach((listener) => listener());
  }, RESIZE_DEBOUNCE_MS);
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    width = window.innerWidth;
    window.addEventListener('resize', onResize);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
      timer = undefined;
    }
  };
}

function getSnapshot() {
  // Nobody listens yet: read the live width so the first render is right.
  if (listeners.size === 0) width = window.innerWidth;
  return width;
}

export interface ViewportInfo {
  width: number;
  breakpoint: Breakpoint;
  /** < 768 px (C18). */
  isMobile: boolean;
}

/** The width a server render assumes (the build's prerendered shell draws one per layout). */
let serverWidth = BREAKPOINT_LG;

/** Sets the width {@link useBreakpoint} reports in a server render (src/prerender/shell.tsx). */
export function setServerRenderWidth(value: number) {
  serverWidth = value;
}

/** The current viewport width and breakpoint; updates 100 ms after the last resize event. */
export function useBreakpoint(): ViewportInfo {
  const current = useSyncExternalStore(subscribe, getSnapshot, () => serverWidth);
  return {
    width: current,
    breakpoint: breakpointFor(current),
    isMobile: current < DESKTOP_MIN_WIDTH,
  };
}
