/**
 * Smooth scrolling with a fixed duration (doc3 §9: 700 ms), which the browser's native
 * `scrollIntoView({ behavior: 'smooth' })` cannot promise. Frames come from requestAnimationFrame
 * (fake timers drive them in tests); visitors who prefer reduced motion jump straight there.
 */

/** Space kept above the target, so its heading does not touch the window's edge. */
export const SCROLL_MARGIN_PX = 16;

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** The document-relative scroll position that brings `element` to the top (minus the margin). */
export function scrollTargetOf(element: Element): number {
  return Math.max(0, element.getBoundingClientRect().top + window.scrollY - SCROLL_MARGIN_PX);
}

/**
 * Scrolls the window to `element` in `durationMs`, then calls `onDone`. Returns a cancel function
 * (a new click cancels the running animation). The target is measured again on every frame:
 * pictures, data and on-demand chunks (the footer) that arrive during the scroll move the section,
 * and a target fixed at the click would leave the visitor short of it.
 */
export function smoothScrollTo(
  element: Element,
  durationMs: number,
  onDone?: () => void,
): () => void {
  const from = window.scrollY;
  if (prefersReducedMotion() || durationMs <= 0 || from === scrollTargetOf(element)) {
    window.scrollTo(0, scrollTargetOf(element));
    onDone?.();
    return () => undefined;
  }
  let start: number | null = null;
  let frame = 0;
  const step = (now: number) => {
    start ??= now;
    const progress = Math.min(1, (now - start) / durationMs);
    const to = scrollTargetOf(element);
    window.scrollTo(0, Math.round(from + (to - from) * easeInOutCubic(progress)));
    if (progress < 1) {
      frame = window.requestAnimationFrame(step);
    } else {
      onDone?.();
    }
  };
  frame = window.requestAnimationFrame(step);
  return () => window.cancelAnimationFrame(frame);
}
