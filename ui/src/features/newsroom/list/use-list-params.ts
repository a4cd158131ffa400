/**
 * The list's search and filters, kept in the address so the back button, a reload and a link sent
 * to a colleague all show the same list: `/a1redacao?q=chuva&editoria=2&estado=scheduled&
 * jornalista=3&pagina=2`. Unknown or malformed values are read as 'no filter'.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@/lib/router';
import type { NewsState } from '@/generated/NewsState';
import type { NewsroomFilters } from '../api/newsroom-api';

export const NEWS_STATES: readonly NewsState[] = ['draft', 'scheduled', 'published', 'unpublished'];

function positive(raw: string | null): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

export function readListParams(search: URLSearchParams): NewsroomFilters {
  const rawState = search.get('estado');
  return {
    q: search.get('q') ?? '',
    categoryId: positive(search.get('editoria')),
    state: NEWS_STATES.find((state) => state === rawState) ?? null,
    journalistId: positive(search.get('jornalista')),
    page: positive(search.get('pagina')) ?? 1,
  };
}

/** The query string of a list state, defaults left out (`''` for the plain list). */
export function listParamsSearch(filters: NewsroomFilters): string {
  const search = new URLSearchParams();
  if (filters.q.trim()) search.set('q', filters.q.trim());
  if (filters.categoryId !== null) search.set('editoria', String(filters.categoryId));
  if (filters.state) search.set('estado', filters.state);
  if (filters.journalistId !== null) search.set('jornalista', String(filters.journalistId));
  if (filters.page > 1) search.set('pagina', String(filters.page));
  return search.toString();
}

/** True when a search or a filter narrows the list. */
export const hasFilters = (filters: NewsroomFilters) =>
  filters.q.trim() !== '' ||
  filters.categoryId !== null ||
  filters.state !== null ||
  filters.journalistId !== null;

export function useListParams() {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the params
  const filters = useMemo(() => readListParams(search), [key]);
  /**
   * Changes the list; any change but the page itself starts again at page 1. Typing replaces the
   * history entry instead of adding one per word.
   */
  const update = useCallback(
    (patch: Partial<NewsroomFilters>, options: { replace?: boolean } = {}) => {
      const next = { ...filters, ...patch };
      if (!('page' in patch)) next.page = 1;
      setSearch(listParamsSearch(next), { replace: options.replace });
    },
    [filters, setSearch],
  );
  const clear = useCallback(() => setSearch(''), [setSearch]);
  return { filters, update, clear };
}
