/** Scroll positions of the window, read the same way by the pages and their tests. */

export function scrollTop(): number {
  return window.scrollY || document.documentElement.scrollTop || 0;
}

/** Pixels between the bottom of the viewport and the end of the document. */
export function distanceToEnd(): number {
  const height = document.documentElement.scrollHeight;
  return Math.max(0, height - (scrollTop() + window.innerHeight));
}
