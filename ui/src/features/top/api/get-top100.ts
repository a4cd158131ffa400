/** The top 100 (TP-04, TP-05, G44): GET getTop100Years, then GET getTop100/{year}. */
import { queryOptions } from '@tanstack/react-query';
import type { Top100Year } from '@/generated/Top100Year';
import type { TopItem } from '@/generated/TopItem';
import { api } from '@/lib/api';

export function getTop100Years(): Promise<Top100Year[]> {
  return api.get<Top100Year[]>('getTop100Years');
}

export function getTop100(year: string): Promise<TopItem[]> {
  return api.get<TopItem[]>(`getTop100/${year}`);
}

export const top100YearsQueryOptions = () =>
  queryOptions({
    queryKey: ['top100-years'],
    queryFn: getTop100Years,
    staleTime: 5 * 60_000,
  });

/** A year without a list answers 404, the page's not-found view: not retried. */
export const top100QueryOptions = (year: string | undefined) =>
  queryOptions({
    queryKey: ['top100', year],
    queryFn: () => getTop100(year ?? ''),
    retry: false,
  });
