import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@/lib/constants';
import { normalizeQuery } from './api/search-api';

/**
 * The query to ask the server for: the typed text once typing has paused for 500 ms (doc1 §2). An
 * emptied box clears it at once, so no request is sent and the suggestions go away (SE-04).
 */
export function useDebouncedQuery(text: string): string {
  const query = normalizeQuery(text);
  const [debounced, setDebounced] = useState(query);
  // Clearing is not debounced (state adjusted while rendering).
  if (query === '' && debounced !== '') setDebounced('');
  useEffect(() => {
    if (query === '') return undefined;
    const timer = window.setTimeout(() => setDebounced(query), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query]);
  return query === '' ? '' : debounced;
}
