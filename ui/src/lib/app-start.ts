/**
 * When main.tsx starts the app (first paint): after the server-drawn frame is on screen,
 * and on a page whose whole first screen the server drew, after that screen has been shown.
 */
import { DEFERRED_SCRIPTS_ID } from './deferred-scripts';

/** Runs `start` once the next frame is out (or after 100 ms, in a tab that draws none). */
export function afterNextPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // A frame callback runs before the paint; the timeout after it, once the frame is out. Hidden
  // tabs draw no frames: the second timeout starts the app anyway.
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

/**
 * Resolves in a task of its own (a message-channel tick: no timer clamping); the browser may answer
 * input or draw a frame before it.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Longest a drawn page waits for its paint to be reported before it starts the app anyway. */
export const PAINT_WAIT_MS = 3000;

/**
 * Runs `start` once the browser reports the page's largest paint (a frame-timing entry comes after
 * the frame is presented, where a frame callback runs before it), or the first contentful paint
 * where largest-paint entries are not supported; after the next frame where neither is. A page
 * opened in a background tab reports no largest paint: it starts after `PAINT_WAIT_MS`.
 */
export function afterFirstScreenShown(start: () => void) {
  const types =
    typeof PerformanceObserver === 'undefined' ? [] : PerformanceObserver.supportedEntryTypes;
  const type = types.includes('largest-contentful-paint')
    ? 'largest-contentful-paint'
    : types.includes('paint')
      ? 'paint'
      : null;
  if (!type) return afterNextPaint(start);
  let started = false;
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().length > 0) once();
  });
  const once = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    clearTimeout(timer);
    start();
  };
  const timer = setTimeout(once, PAINT_WAIT_MS);
  observer.observe({ type, buffered: true });
}

/** The deferred preload links into the head: the app's files download from here on. */
export function releaseDeferredScripts(template: HTMLTemplateElement) {
  document.head.append(template.content.cloneNode(true));
  template.remove();
}

/** The template holding the app's preload links, on a page whose whole first screen was drawn. */
export function deferredScripts(): HTMLTemplateElement | null {
  const template = document.getElementById(DEFERRED_SCRIPTS_ID);
  return template instanceof HTMLTemplateElement ? template : null;
}
