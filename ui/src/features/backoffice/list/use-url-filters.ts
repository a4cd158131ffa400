/**
 * A list's search, filters and page, kept in the address so the back button, a reload and a link
 * sent to a colleague all show the same list (`/a1redacao?q=chuva&pagina=2`). Each desk says how
 * its filters read from and write to the query string; unknown values are read as 'no filter'.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@/lib/router';

/** A positive integer parameter, else null. */
export function positiveParam(raw: string | null): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

/** The page parameter (`pagina`), 1 when absent or malformed. */
export const readPage = (search: URLSearchParams) => positiveParam(search.get('pagina')) ?? 1;

/**
 * The query string of a list state, defaults left out (`''` for the plain list): the search, the
 * desk's own filters (`extra`, set in that order) and the page.
 */
export function filtersSearch(
  filters: { q: string; page: number },
  extra: Record<string, string | number | null> = {},
): string {
  const search = new URLSearchParams();
  if (filters.q.trim()) search.set('q', filters.q.trim());
  for (const [name, value] of Object.entries(extra))
    if (value !== null && value !== '') search.set(name, String(value));
  if (filters.page > 1) search.set('pagina', String(filters.page));
  return search.toString();
}

export type UpdateFilters<F> = (patch: Partial<F>, options?: { replace?: boolean }) => void;

export function useUrlFilters<F extends { page: number }>(
  read: (search: URLSearchParams) => F,
  write: (filters: F) => string,
) {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the params
  const filters = useMemo(() => read(search), [key]);
  /**
   * Changes the list; any change but the page itself starts again at page 1. Typing replaces the
   * history entry instead of adding one per word.
   */
  const update: UpdateFilters<F> = useCallback(
    (patch, options = {}) => {
      const next = { ...filters, ...patch };
      if (!('page' in patch)) next.page = 1;
      setSearch(write(next), { replace: options.replace });
    },
    [filters, setSearch, write],
  );
  const clear = useCallback(() => setSearch(''), [setSearch]);
  return { filters, update, clear };
}
