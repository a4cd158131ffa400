/**
 * A list's search and page, kept in the address (the back office's `useUrlFilters`):
 * `/a1catalogo/artists?q=ana&pagina=2`.
 */
import { filtersSearch, readPage, useUrlFilters } from '@/features/backoffice/list/use-url-filters';
import type { ListFilters } from '../api/catalogue-api';

export const readCatalogueParams = (search: URLSearchParams): ListFilters => ({
  q: search.get('q') ?? '',
  page: readPage(search),
});

/** The query string of a list state, defaults left out (`''` for the plain list). */
export const catalogueParamsSearch = (filters: ListFilters) => filtersSearch(filters);

export const useCatalogueParams = () => useUrlFilters(readCatalogueParams, catalogueParamsSearch);
