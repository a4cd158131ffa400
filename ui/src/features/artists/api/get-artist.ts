/** GET getSingleArtist/{slug}: one artist's page; an unknown slug answers 404 (not-found view). */
import { queryOptions } from '@tanstack/react-query';
import type { Artist } from '@/generated/Artist';
import { ApiError, api } from '@/lib/api';

export function getArtist(slug: string): Promise<Artist> {
  return api.get<Artist>(`getSingleArtist/${encodeURIComponent(slug)}`);
}

export const artistQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['artist', slug],
    queryFn: () => getArtist(slug),
    retry: (count, error) => !(error instanceof ApiError && error.code === 404) && count < 2,
  });
