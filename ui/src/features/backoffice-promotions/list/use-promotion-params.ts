/**
 * The promotions list's search, filter and page, kept in the address (the back office's
 * `useUrlFilters`): `/a1promocoes?q=ingressos&situacao=open&pagina=2`. Unknown values are read as
 * 'no filter'.
 */
import { filtersSearch, readPage, useUrlFilters } from '@/features/backoffice/list/use-url-filters';
import type { PromotionFilters } from '../api/promotions-api';
import { CAMPAIGN_STATUSES } from '../messages';

export function readPromotionParams(search: URLSearchParams): PromotionFilters {
  const rawStatus = search.get('situacao');
  return {
    q: search.get('q') ?? '',
    status: CAMPAIGN_STATUSES.find((status) => status === rawStatus) ?? null,
    page: readPage(search),
  };
}

/** The query string of a list state, defaults left out (`''` for the plain list). */
export const promotionParamsSearch = (filters: PromotionFilters) =>
  filtersSearch(filters, { situacao: filters.status });

/** True when a search or a filter narrows the list. */
export const hasFilters = (filters: PromotionFilters) =>
  filters.q.trim() !== '' || filters.status !== null;

export const usePromotionParams = () => useUrlFilters(readPromotionParams, promotionParamsSearch);
