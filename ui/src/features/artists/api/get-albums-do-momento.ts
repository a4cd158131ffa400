/** GET artists/getAlbumsDoMomento/{count}: the 'Álbuns do momento' slider of /artistas (AR-02). */
import { queryOptions } from '@tanstack/react-query';
import type { Album } from '@/generated/Album';
import { api } from '@/lib/api';
import { ALBUMS_SLIDER } from '../artists';

export function getAlbumsDoMomento(): Promise<Album[]> {
  return api.get<Album[]>(`artists/getAlbumsDoMomento/${ALBUMS_SLIDER}`);
}

export const albumsDoMomentoQueryOptions = () =>
  queryOptions({
    queryKey: ['albums-do-momento'],
    queryFn: getAlbumsDoMomento,
    staleTime: 5 * 60_000,
  });
