/**
 * The podcast calls (doc2 §7; C36, C40, G51) and the same-origin 'outros' catalogue the server
 * fetches and caches (the browser never calls the third-party service).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CloudcastPage } from '@/generated/CloudcastPage';
import type { PodcastEpisode } from '@/generated/PodcastEpisode';
import type { PodcastPlaylist } from '@/generated/PodcastPlaylist';
import type { PodcastShow } from '@/generated/PodcastShow';
import { api } from '@/lib/api';

export const PODCAST_EPISODES_FIRST = 20;
export const PODCAST_EPISODES_NEXT = 20;
export const OTHER_PODCASTS_PAGE = 10;

const enc = encodeURIComponent;
const STALE_MS = 60_000;

export const podcastsQueryOptions = () =>
  queryOptions({
    queryKey: ['podcasts', 'shows'],
    queryFn: () => api.get<PodcastShow[]>('getPodcastsData'),
    staleTime: STALE_MS,
  });

/** Bearer call, only made when logged in (PD-02); `userId` keys the cache per account. */
export const proPodcastsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['podcasts', 'pro', userId],
    queryFn: () => api.get<PodcastShow[]>('getProPodcastsData'),
    staleTime: STALE_MS,
  });

/** `getPodcastEpisodes/{show}/{offset}/{count}`: 20 first, then 20 more per list end (PD-04). */
export const episodesQueryOptions = (show: string) =>
  infiniteQueryOptions({
    queryKey: ['podcasts', 'episodes', show],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api.get<PodcastEpisode[]>(
        `getPodcastEpisodes/${enc(show)}/${pageParam}/${pageParam === 0 ? PODCAST_EPISODES_FIRST : PODCAST_EPISODES_NEXT}`,
      ),
    getNextPageParam: (last, pages) => {
      const size = pages.length === 1 ? PODCAST_EPISODES_FIRST : PODCAST_EPISODES_NEXT;
      return last.length < size ? undefined : pages.reduce((n, p) => n + p.length, 0);
    },
    staleTime: STALE_MS,
  });

export const playlistsQueryOptions = () =>
  queryOptions({
    queryKey: ['podcasts', 'outros', 'playlists'],
    queryFn: () => api.get<PodcastPlaylist[]>('external/mixcloud/playlists'),
    staleTime: STALE_MS,
  });

/** 10 recordings per request, following the server's same-origin `paging.next` (PD-06). */
export const cloudcastsQueryOptions = (slug: string) =>
  infiniteQueryOptions({
    queryKey: ['podcasts', 'outros', 'cloudcasts', slug],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      api.get<CloudcastPage>(`external/mixcloud/cloudcasts/${enc(slug)}?offset=${pageParam}`),
    getNextPageParam: (last, pages) =>
      last.paging.next ? pages.length * OTHER_PODCASTS_PAGE : undefined,
    staleTime: STALE_MS,
  });
