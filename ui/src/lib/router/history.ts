/**
 * Where the router reads and writes the address: the browser's history, or one in memory (tests,
 * the build's prerender). Entries carry `{ usr, key, idx }` in `history.state`, the shape React
 * Router wrote, so an entry made before this router (a reload, the back button) still reads.
 */

/** An address inside the site. */
export interface Path {
  pathname: string;
  /** '' or '?…' */
  search: string;
  /** '' or '#…' */
  hash: string;
}

/** Where the router is: the address, the state it was pushed with, and the entry's key. */
export interface Location extends Path {
  state: unknown;
  /** Unique per history entry ('default' for one the router did not make). */
  key: string;
}

/** A destination: an address, or the parts of one (missing parts: see resolveTo). */
export type To = string | Partial<Path>;

export interface History {
  readonly location: Location;
  push(path: Path, state?: unknown): void;
  replace(path: Path, state?: unknown): void;
  go(delta: number): void;
  /** Called after every change of entry, by the router or by the browser (back, forward). */
  listen(listener: (location: Location) => void): () => void;
}

interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function isAbsoluteUrl(to: string): boolean {
  return ABSOLUTE_URL.test(to);
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  const hashAt = path.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = path.slice(hashAt);
    path = path.slice(0, hashAt);
  }
  const searchAt = path.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = path.slice(searchAt);
    path = path.slice(0, searchAt);
  }
  if (path) parsed.pathname = path;
  return parsed;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const fragment = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return pathname + query + fragment;
}

/** `..` and `.` segments of a relative path, against the directory it is relative to. */
function resolvePathname(relative: string, from: string): string {
  const segments = from.replace(/\/+$/, '').split('/');
  for (const segment of relative.split('/')) {
    if (segment === '..') {
      if (segments.length > 1) segments.pop();
    } else if (segment !== '.') segments.push(segment);
  }
  return segments.length > 1 ? segments.join('/') : '/';
}

/**
 * A destination as a full address, from `from` (the current page's address): a missing pathname is
 * the current one (`{ search: '?page=2' }`, `'?page=2'`), a relative one is resolved against it;
 * a missing search or hash is empty.
 */
export function resolveTo(to: To, from: string): Path {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  const pathname = parts.pathname
    ? parts.pathname.startsWith('/')
      ? parts.pathname
      : resolvePathname(parts.pathname, from)
    : from;
  return {
    pathname,
    search: parts.search && parts.search !== '?' ? parts.search.replace(/^\?*/, '?') : '',
    hash: parts.hash && parts.hash !== '#' ? parts.hash.replace(/^#*/, '#') : '',
  };
}

/**
 * Goes to `to`, resolved against the history's current address; a number goes that many entries
 * back or forward. The one way the router's hooks, links and the tests' handle move.
 */
export function navigateHistory(
  history: History,
  to: To | number,
  { replace = false, state }: { replace?: boolean; state?: unknown } = {},
): void {
  if (typeof to === 'number') {
    history.go(to);
    return;
  }
  const path = resolveTo(to, history.location.pathname);
  if (replace) history.replace(path, state);
  else history.push(path, state);
}

function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = (window.history.state ?? {}) as EntryState;
  return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
}

/** The browser's history: the address bar, back and forward. */
export function createBrowserHistory(): History {
  const listeners = new Set<(location: Location) => void>();
  let location = readLocation();
  let index = (window.history.state as EntryState | null)?.idx ?? 0;
  const notify = () => {
    location = readLocation();
    for (const listener of listeners) listener(location);
  };
  const write = (how: 'pushState' | 'replaceState', path: Path, state: unknown) => {
    if (how === 'pushState') index += 1;
    const entry: EntryState = { usr: state ?? null, key: newKey(), idx: index };
    try {
      window.history[how](entry, '', createPath(path));
    } catch {
      // Safari limits history calls per interval; the page still changes, by a full load.
      window.location.assign(createPath(path));
      return;
    }
    notify();
  };
  const onPopState = () => {
    index = (window.history.state as EntryState | null)?.idx ?? index;
    notify();
  };
  return {
    get location() {
      // Someone else may have moved the address (a pushState outside the router): read it again
      // when it differs, and keep the same object while it does not (the router compares them).
      const fresh = readLocation();
      if (createPath(fresh) !== createPath(location) || fresh.key !== location.key)
        location = fresh;
      return location;
    },
    push: (path, state) => write('pushState', path, state),
    replace: (path, state) => write('replaceState', path, state),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      if (listeners.size === 0) window.addEventListener('popstate', onPopState);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('popstate', onPopState);
      };
    },
  };
}

/** A history in memory, starting at the last of `initialEntries`. */
export function createMemoryHistory(initialEntries: To[] = ['/']): History {
  const listeners = new Set<(location: Location) => void>();
  const entries: Location[] = (initialEntries.length ? initialEntries : ['/']).map((to, i) => ({
    ...resolveTo(to, '/'),
    state: null,
    key: i === 0 ? 'default' : newKey(),
  }));
  let index = entries.length - 1;
  const current = (): Location =>
    entries[index] ?? entries[0] ?? { ...resolveTo('/', '/'), state: null, key: 'default' };
  const notify = () => {
    const location = current();
    for (const listener of listeners) listener(location);
  };
  return {
    get location() {
      return current();
    },
    push(path, state) {
      index += 1;
      entries.splice(index, entries.length - index, {
        ...path,
        state: state ?? null,
        key: newKey(),
      });
      notify();
    },
    replace(path, state) {
      entries[index] = { ...path, state: state ?? null, key: newKey() };
      notify();
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
