/** GET getClientsSingleData/{slug}: one client's page; an unknown slug answers 404 (not-found view). */
import { queryOptions } from '@tanstack/react-query';
import type { Client } from '@/generated/Client';
import { api } from '@/lib/api';

export function getClient(slug: string): Promise<Client> {
  return api.get<Client>(`getClientsSingleData/${encodeURIComponent(slug)}`);
}

export const clientQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['clients', 'single', slug],
    queryFn: () => getClient(slug),
    staleTime: 300_000,
    retry: false,
  });
