/** GET /api/v1/getArtists/: every artist, for the search and the sliders of /artistas (AR-01). */
import { queryOptions } from '@tanstack/react-query';
import type { ArtistEntry } from '@/generated/ArtistEntry';
import { api } from '@/lib/api';

export function getArtists(): Promise<ArtistEntry[]> {
  return api.get<ArtistEntry[]>('/api/v1/getArtists/');
}

export const artistsQueryOptions = () =>
  queryOptions({
    queryKey: ['artists'],
    queryFn: getArtists,
    staleTime: 5 * 60_000,
  });
