/**
 * The site search (decision G02): `GET /api/v1/search?q=` → at most 10 `{title, link}`. The header
 * suggestions and the /busca results are the same call, so a submitted query is often cached already.
 */
import { queryOptions } from '@tanstack/react-query';
import type { SearchSuggestion } from '@/generated/SearchSuggestion';
import { api } from '@/lib/api';
import { SEARCH_QUERY_MAX_LENGTH } from '@/lib/constants';

/** A minute, like the server's Cache-Control: the index refreshes every few seconds anyway. */
const SEARCH_STALE_MS = 60_000;

/** G02: trimmed and capped at 100 characters, as the server does. */
export function normalizeQuery(text: string): string {
  return text.trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
}

export function searchSite(query: string, signal?: AbortSignal): Promise<SearchSuggestion[]> {
  return api.get<SearchSuggestion[]>(`search?q=${encodeURIComponent(query)}`, { signal });
}

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['search', query.toLowerCase()],
    queryFn: ({ signal }) => searchSite(query, signal),
    staleTime: SEARCH_STALE_MS,
    enabled: query !== '',
  });
