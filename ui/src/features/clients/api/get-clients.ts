/** GET getClientsData: the clients directory of /clientes (CL-01). */
import { queryOptions } from '@tanstack/react-query';
import type { ClientsData } from '@/generated/ClientsData';
import { api } from '@/lib/api';

export function getClients(): Promise<ClientsData> {
  return api.get<ClientsData>('getClientsData');
}

export const clientsQueryOptions = () =>
  queryOptions({
    queryKey: ['clients'],
    queryFn: getClients,
    staleTime: 300_000,
  });
