import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  isChunkLoadError,
  reloadForNewBuild,
} from './chunk-reload';

const CHROME = new TypeError(
  'Failed to fetch dynamically imported module: https://radio.example/assets/HomePage-abc.js',
);

function deps(now = 1_000_000) {
  const store = new Map<string, string>();
  return {
    storage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    },
    reload: vi.fn(),
    online: () => true,
    now: () => now,
    store,
  };
}

describe('a chunk gone with a new build', () => {
  it('recognises the browsers’ fetch failures, not a module’s own error', () => {
    expect(isChunkLoadError(CHROME)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new ReferenceError('x is not defined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads the page once, then leaves a repeated failure to the error page', () => {
    const first = deps();
    expect(reloadForNewBuild(CHROME, first)).toBe(true);
    expect(first.reload).toHaveBeenCalledTimes(1);
    expect(first.store.get(CHUNK_RELOAD_KEY)).toBe('1000000');

    // The reloaded page fails again at once: no reload loop.
    const again = { ...first, now: () => 1_000_000 + CHUNK_RELOAD_WINDOW_MS - 1, reload: vi.fn() };
    expect(reloadForNewBuild(CHROME, again)).toBe(false);
    expect(again.reload).not.toHaveBeenCalled();

    // A later deploy may reload again.
    const later = { ...first, now: () => 1_000_000 + CHUNK_RELOAD_WINDOW_MS, reload: vi.fn() };
    expect(reloadForNewBuild(CHROME, later)).toBe(true);
    expect(later.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload offline, for other errors or without session storage', () => {
    const offline = { ...deps(), online: () => false };
    expect(reloadForNewBuild(CHROME, offline)).toBe(false);
    const other = deps();
    expect(reloadForNewBuild(new Error('boom'), other)).toBe(false);
    const noStorage = {
      ...deps(),
      storage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => undefined,
      },
    };
    expect(reloadForNewBuild(CHROME, noStorage)).toBe(false);
    expect(offline.reload).not.toHaveBeenCalled();
    expect(other.reload).not.toHaveBeenCalled();
    expect(noStorage.reload).not.toHaveBeenCalled();
  });
});
