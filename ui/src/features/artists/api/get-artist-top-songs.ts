/** GET artists/getArtistsTopSongs/{slug}/{count}: the artist's top songs with previews (AR-03). */
import { queryOptions } from '@tanstack/react-query';
import type { ArtistTopSong } from '@/generated/ArtistTopSong';
import { api } from '@/lib/api';
import { ARTIST_TOP_SONGS } from '../artists';

export function getArtistTopSongs(slug: string): Promise<ArtistTopSong[]> {
  return api.get<ArtistTopSong[]>(
    `artists/getArtistsTopSongs/${encodeURIComponent(slug)}/${ARTIST_TOP_SONGS}`,
  );
}

/** A failure is only logged by the page (doc2 §8), so it is not retried. */
export const artistTopSongsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['artist-top-songs', slug],
    queryFn: () => getArtistTopSongs(slug),
    retry: false,
  });
