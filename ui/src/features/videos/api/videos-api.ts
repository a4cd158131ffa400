/** The video calls (doc2 §7; C39: all under /api/v1/videos/). */
import { queryOptions } from '@tanstack/react-query';
import type { TvChannel } from '@/generated/TvChannel';
import type { Video } from '@/generated/Video';
import type { VideoPlaylist } from '@/generated/VideoPlaylist';
import { api } from '@/lib/api';

export const LATEST_VIDEOS = 5;
const STALE_MS = 5 * 60_000;
const enc = encodeURIComponent;

export const playlistsQueryOptions = () =>
  queryOptions({
    queryKey: ['videos', 'playlists'],
    queryFn: () => api.get<VideoPlaylist[]>('videos/getYoutubePlaylists'),
    staleTime: STALE_MS,
  });

export const playlistVideosQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['videos', 'playlist', id],
    queryFn: () => api.get<Video[]>(`videos/getYoutubePlaylists/${enc(id)}`),
    staleTime: STALE_MS,
  });

/** The lead video of /videos (`getYoutubeLatestVideos/1`). */
export const featuredVideoQueryOptions = () =>
  queryOptions({
    queryKey: ['videos', 'featured'],
    queryFn: () => api.get<Video[]>('videos/getYoutubeLatestVideos/1'),
    staleTime: STALE_MS,
  });

export const latestVideosQueryOptions = () =>
  queryOptions({
    queryKey: ['videos', 'latest'],
    queryFn: () => api.get<Video[]>(`videos/getLatestVideos/${LATEST_VIDEOS}`),
    staleTime: STALE_MS,
  });

export const videoByTitleQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['videos', 'one', slug],
    queryFn: () => api.get<Video>(`videos/getYoutubeVideoByTitle/${enc(slug)}`),
    staleTime: STALE_MS,
    retry: false,
  });

export const tvChannelsQueryOptions = () =>
  queryOptions({
    queryKey: ['videos', 'tv'],
    queryFn: () => api.get<TvChannel[]>('videos/getTvChannels'),
    staleTime: STALE_MS,
  });
