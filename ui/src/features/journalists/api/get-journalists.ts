/** GET getJournalistsData: every journalist (active or not, G46). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Journalist } from '@/generated/Journalist';
import { api } from '@/lib/api';

export function getJournalists(): Promise<Journalist[]> {
  return api.get<Journalist[]>('getJournalistsData');
}

export const journalistsQueryOptions = () =>
  queryOptions({
    queryKey: ['journalists'],
    queryFn: getJournalists,
    staleTime: 5 * 60_000,
  });

/** The list shows the active ones, the page resolves any. */
export function useJournalists() {
  return useQuery(journalistsQueryOptions());
}
