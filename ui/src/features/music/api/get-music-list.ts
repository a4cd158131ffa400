/**
^ * The music list of /musicas (MU-01..MU-03): GET getMusicData/{offset}/{count} without filters, else
 * GET getFilteredMusicData/{offset}/{count}?letra&traducao&video&busca (offset before count, C40).
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Music } from '@/generated/Music';
import { api } from '@/lib/api';
import { MUSIC_PAGE, hasFilter, type MusicFilters } from '../music';

export function fetchMusicPage(filters: MusicFilters, offset: number): Promise<Music[]> {
  if (!hasFilter(filters)) return api.get<Music[]>(`getMusicData/${offset}/${MUSIC_PAGE}`);
  const query = new URLSearchParams({
    letra: String(filters.letra),
    traducao: String(filters.traducao),
    video: String(filters.video),
    busca: filters.busca.trim(),
  });
  return api.get<Music[]>(`getFilteredMusicData/${offset}/${MUSIC_PAGE}?${query.toString()}`);
}

/**
 * How long a list is taken as current. The catalogue changes when staff edit it, not by the minute;
 * and the first page the server wrote into /musicas (app/query-client.ts) would otherwise be asked
 * for again as the page mounts.
 */
const MUSIC_LIST_STALE_MS = 60_000;

/** Pages of 20 until an empty one; each filter set is its own list. */
export const musicListInfiniteQueryOptions = (filters: MusicFilters) =>
  infiniteQueryOptions({
    queryKey: ['music', filters],
    staleTime: MUSIC_LIST_STALE_MS,
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchMusicPage(filters, pageParam),
    getNextPageParam: (last, pages) => (last.length === 0 ? undefined : pages.length * MUSIC_PAGE),
  });
