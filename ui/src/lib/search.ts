import { SEARCH_QUERY_MAX_LENGTH } from './constants';

/** `/busca?q=…` for a search text (trimmed, capped at 100 characters, G02). */
export function searchHref(query: string): string {
  return `/busca?q=${encodeURIComponent(query.trim().slice(0, SEARCH_QUERY_MAX_LENGTH))}`;
}
