/** GET getSpotData/{slug}: one spot, for the spot modal; an unknown slug answers 404. */
import { queryOptions } from '@tanstack/react-query';
import type { Spot } from '@/generated/Spot';
import { api } from '@/lib/api';

export function getSpot(slug: string): Promise<Spot> {
  return api.get<Spot>(`getSpotData/${encodeURIComponent(slug)}`);
}

export const spotQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['spots', slug],
    queryFn: () => getSpot(slug),
    staleTime: 300_000,
    retry: false,
  });
