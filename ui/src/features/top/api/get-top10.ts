/** The top 10 (TP-01..TP-03): GET getTop10Categories, then GET getTop10/{category id}. */
import { queryOptions } from '@tanstack/react-query';
import type { Top10Category } from '@/generated/Top10Category';
import type { TopItem } from '@/generated/TopItem';
import { api } from '@/lib/api';

export function getTop10Categories(): Promise<Top10Category[]> {
  return api.get<Top10Category[]>('getTop10Categories');
}

export function getTop10(key: string): Promise<TopItem[]> {
  return api.get<TopItem[]>(`getTop10/${encodeURIComponent(key)}`);
}

export const top10CategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['top10-categories'],
    queryFn: getTop10Categories,
    staleTime: 5 * 60_000,
  });

/** An unknown category answers 404, the page's not-found view: not retried. */
export const top10QueryOptions = (key: string | undefined) =>
  queryOptions({
    queryKey: ['top10', key],
    queryFn: () => getTop10(key ?? ''),
    retry: false,
  });
