/** GET /api/v1/programs/getProgramsData: the programme cards of /programacao (AF-01). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Program } from '@/generated/Program';
import { api } from '@/lib/api';

export function getProgrammes(): Promise<Program[]> {
  return api.get<Program[]>('programs/getProgramsData');
}

export const programmesQueryOptions = () =>
  queryOptions({
    queryKey: ['programs'],
    queryFn: getProgrammes,
    staleTime: 300_000,
  });

export function useProgrammes() {
  return useQuery(programmesQueryOptions());
}
