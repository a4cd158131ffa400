/** GET getSingleMusicData/{artistSlug}/{musicSlug} (C08: the API takes the artist first). */
import { queryOptions } from '@tanstack/react-query';
import type { Music } from '@/generated/Music';
import { ApiError, api } from '@/lib/api';

export function fetchSingleMusic(musicSlug: string, artistSlug: string): Promise<Music> {
  return api.get<Music>(
    `getSingleMusicData/${encodeURIComponent(artistSlug)}/${encodeURIComponent(musicSlug)}`,
  );
}

/** An unknown song answers 404 (the page's not-found view), which is not retried. */
export const singleMusicQueryOptions = (musicSlug: string, artistSlug: string) =>
  queryOptions({
    queryKey: ['music', musicSlug, artistSlug],
    queryFn: () => fetchSingleMusic(musicSlug, artistSlug),
    retry: (count, error) => !(error instanceof ApiError && error.code === 404) && count < 2,
  });
