/**
 * The list's search and filters, kept in the address (the back office's `useUrlFilters`):
 * `/a1redacao?q=chuva&editoria=2&estado=scheduled&jornalista=3&pagina=2`. Unknown or malformed
 * values are read as 'no filter'.
 */
import {
  filtersSearch,
  positiveParam,
  readPage,
  useUrlFilters,
} from '@/features/backoffice/list/use-url-filters';
import type { NewsState } from '@/generated/NewsState';
import type { NewsroomFilters } from '../api/newsroom-api';

export const NEWS_STATES: readonly NewsState[] = ['draft', 'scheduled', 'published', 'unpublished'];

export function readListParams(search: URLSearchParams): NewsroomFilters {
  const rawState = search.get('estado');
  return {
    q: search.get('q') ?? '',
    categoryId: positiveParam(search.get('editoria')),
    state: NEWS_STATES.find((state) => state === rawState) ?? null,
    journalistId: positiveParam(search.get('jornalista')),
    page: readPage(search),
  };
}

/** The query string of a list state, defaults left out (`''` for the plain list). */
export const listParamsSearch = (filters: NewsroomFilters) =>
  filtersSearch(filters, {
    editoria: filters.categoryId,
    estado: filters.state,
    jornalista: filters.journalistId,
  });

/** True when a search or a filter narrows the list. */
export const hasFilters = (filters: NewsroomFilters) =>
  filters.q.trim() !== '' ||
  filters.categoryId !== null ||
  filters.state !== null ||
  filters.journalistId !== null;

export const useListParams = () => useUrlFilters(readListParams, listParamsSearch);
