/**
 * The promotions list's search, filter and page, kept in the address like the newsroom's, so the
 * back button, a reload and a link sent to a colleague all show the same list:
 * `/a1promocoes?q=ingressos&situacao=open&pagina=2`. Unknown values are read as 'no filter'.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@/lib/router';
import type { PromotionFilters } from '../api/promotions-api';
import { CAMPAIGN_STATUSES } from '../messages';

function positive(raw: string | null): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

export function readPromotionParams(search: URLSearchParams): PromotionFilters {
  const rawStatus = search.get('situacao');
  return {
    q: search.get('q') ?? '',
    status: CAMPAIGN_STATUSES.find((status) => status === rawStatus) ?? null,
    page: positive(search.get('pagina')) ?? 1,
  };
}

/** The query string of a list state, defaults left out (`''` for the plain list). */
export function promotionParamsSearch(filters: PromotionFilters): string {
  const search = new URLSearchParams();
  if (filters.q.trim()) search.set('q', filters.q.trim());
  if (filters.status) search.set('situacao', filters.status);
  if (filters.page > 1) search.set('pagina', String(filters.page));
  return search.toString();
}

/** True when a search or a filter narrows the list. */
export const hasFilters = (filters: PromotionFilters) =>
  filters.q.trim() !== '' || filters.status !== null;

export function usePromotionParams() {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the identity of the params
  const filters = useMemo(() => readPromotionParams(search), [key]);
  /** Changes the list; any change but the page itself starts again at page 1. */
  const update = useCallback(
    (patch: Partial<PromotionFilters>, options: { replace?: boolean } = {}) => {
      const next = { ...filters, ...patch };
      if (!('page' in patch)) next.page = 1;
      setSearch(promotionParamsSearch(next), { replace: options.replace });
    },
    [filters, setSearch],
  );
  const clear = useCallback(() => setSearch(''), [setSearch]);
  return { filters, update, clear };
}
