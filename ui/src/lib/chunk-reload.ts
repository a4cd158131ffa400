/**
 * A new build replaces the chunks of the old one: a page left open from before asks for a page
 * chunk that is no longer on the server. The page is then loaded again from the server (the
 * address is already the page's), once: a second failure within {@link CHUNK_RELOAD_WINDOW_MS} is
 * left to the error page, and offline there is nothing newer to get.
 */

export const CHUNK_RELOAD_WINDOW_MS = 10_000;
export const CHUNK_RELOAD_KEY = 'onda:chunkReloadAt';

/** The browsers' messages for a module or its stylesheet that could not be fetched. */
const FETCH_FAILED =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && FETCH_FAILED.test(error.message);
}

export interface ChunkReloadDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
  online?: () => boolean;
  now?: () => number;
}

/** Reloads the page for a chunk that failed to load; false when it does not (then show the error). */
export function reloadForNewBuild(error: unknown, deps: ChunkReloadDeps = {}): boolean {
  const {
    storage = window.sessionStorage,
    reload = () => window.location.reload(),
    online = () => navigator.onLine !== false,
    now = () => Date.now(),
  } = deps;
  if (!isChunkLoadError(error) || !online()) return false;
  try {
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY)) || 0;
    if (now() - last < CHUNK_RELOAD_WINDOW_MS) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(now()));
  } catch {
    // No session storage (private mode): without a guard against a reload loop, show the error.
    return false;
  }
  reload();
  return true;
}
