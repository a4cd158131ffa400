/** GET /api/v1/getPartnersData: the partner cards of /parceiros (AF-01). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Partner } from '@/generated/Partner';
import { api } from '@/lib/api';

export function getPartners(): Promise<Partner[]> {
  return api.get<Partner[]>('getPartnersData');
}

export const partnersQueryOptions = () =>
  queryOptions({
    queryKey: ['partners'],
    queryFn: getPartners,
    staleTime: 300_000,
  });

export function usePartners() {
  return useQuery(partnersQueryOptions());
}
