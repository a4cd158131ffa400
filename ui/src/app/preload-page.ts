/**
 * Fetches the chunk of the page at an address before React draws it (first visit: the page's chunk
 * downloads with the app's).
 *
 * The first render reaches a page's lazy component only after the shell's modules have run and React
 * has drawn its way down to it; fetched from there, the page's chunk (and the small shared chunks it
 * imports) arrived a round trip or more after the app, and the page's largest picture waited for it.
 * boot.tsx calls this first, so the page downloads while the app's modules run.
 */
import { isValidElement } from 'react';
import { matchRoutes, type Params, type RouteObject } from '@/lib/router';

/** A route element that can fetch its page: a lazy page, or a route element that picks one. */
interface Preloadable {
  preload: (params: Params) => Promise<unknown>;
}

function preloadOf(element: unknown): Preloadable['preload'] | null {
  if (!isValidElement(element)) return null;
  const type = element.type as Partial<Preloadable> | string;
  return typeof type === 'object' || typeof type === 'function' ? (type.preload ?? null) : null;
}

export function preloadPage(routes: RouteObject[], pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    // A failure here is the page's to report when it renders (lazy.ts retries then).
    preloadOf(match.route.element)?.(match.params).catch(() => undefined);
  }
}
