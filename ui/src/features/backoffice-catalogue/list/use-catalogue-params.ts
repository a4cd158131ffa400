/**
 * A list's search and page, kept in the address like the newsroom's and the promotions', so the
 * back button, a reload and a link sent to a colleague show the same list:
 * `/a1catalogo/artists?q=ana&pagina=2`.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@/lib/router';
import type { ListFilters } from '../api/catalogue-api';

function positive(raw: string | null): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

export function readCatalogueParams(search: URLSearchParams): ListFilters {
  return { q: search.get('q') ?? '', page: positive(search.get('pagina')) ?? 1 };
}

/** The query string of a list state, defaults left out (`''` for the plain list). */
export function catalogueParamsSearch(filters: ListFilters): string {
  const search = new URLSearchParams();
  if (filters.q.trim()) search.set('q', filters.q.trim());
  if (filters.page > 1) search.set('pagina', String(filters.page));
  return search.toString();
}

export function useCatalogueParams() {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the params
  const filters = useMemo(() => readCatalogueParams(search), [key]);
  /** Changes the list; a new search starts again at page 1. */
  const update = useCallback(
    (patch: Partial<ListFilters>, options: { replace?: boolean } = {}) => {
      const next = { ...filters, ...patch };
      if (!('page' in patch)) next.page = 1;
      setSearch(catalogueParamsSearch(next), { replace: options.replace });
    },
    [filters, setSearch],
  );
  return { filters, update };
}
