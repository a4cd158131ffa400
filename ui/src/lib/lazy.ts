/**
 * Components in chunks of their own, fetched when first shown: the pages (app/routes.tsx) and the
 * shell's parts a visit rarely needs (the login modal, the mobile menu, the preroll frame, …), so
 * a visit downloads the shell and one page, not the whole site.
 *
 * `lazyNamed(() => import('@/features/x/XPage'), 'XPage')` is a `React.lazy` component with a
 * `preload()` (a link or button the pointer rests on may fetch ahead). A component whose module is
 * already here renders at once, without suspending: React reads a thenable that settles
 * synchronously. A chunk gone with a new build reloads the page once (chunk-reload.ts); any other
 * failure reaches the nearest error boundary (React keeps a lazy component's failure; the error
 * page's 'Tentar de novo' reloads).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { reloadForNewBuild } from './chunk-reload';

// React's lazy() takes any component type; the component's own props are kept in C.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export type LazyNamed<C extends AnyComponent> = LazyExoticComponent<C> & {
  /** Fetches the chunk (once; after a failure, the next call tries again). */
  preload: () => Promise<C>;
  /**
   * The component's export name, which is its module's and its chunk's name: the build's table of
   * each page's files (scripts/prerender-shell.mjs) finds a page's chunk by it.
   */
  exportName: string;
};

const registry: LazyNamed<AnyComponent>[] = [];

export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyNamed<M[K] & AnyComponent> {
  type C = M[K] & AnyComponent;
  let loaded: C | undefined;
  let pending: Promise<C> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module[name] as C),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const component = lazy(() => {
    if (loaded) {
      const ready = loaded;
      // Settled already: React takes the module in this call and renders without a fallback.
      const settled = {
        then: (resolve: (module: { default: C }) => void) => resolve({ default: ready }),
      };
      return settled as unknown as Promise<{ default: C }>;
    }
    return preload().then(
      (value) => ({ default: value }),
      (error: unknown) => {
        // Reloading: what is on screen stays until the browser leaves the page.
        if (reloadForNewBuild(error)) return new Promise<never>(() => undefined);
        throw error;
      },
    );
  });
  const lazyComponent = Object.assign(component, { preload, exportName: String(name) });
  registry.push(lazyComponent);
  return lazyComponent;
}

/**
 * Loads every component made with `lazyNamed` in the modules imported so far (the tests render
 * any route or open any modal at once, as when everything was in one bundle).
 */
export async function preloadAllLazy(): Promise<void> {
  await Promise.all(registry.map((component) => component.preload()));
}

/** Handlers that fetch a lazy component's chunk as the pointer, a touch or the focus reaches a control. */
export function preloadOnIntent(component: { preload: () => Promise<unknown> }) {
  const preload = () => void component.preload().catch(() => undefined);
  return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload };
}
