/**
 * The live radio's HTTP calls (doc1 §7 "Player"), with their query options. All replies are the
 * `{status, message, data}` envelope, unwrapped by lib/api.
 */
import { queryOptions } from '@tanstack/react-query';
import type { NowPlaying } from '@/generated/NowPlaying';
import type { OnAirAt } from '@/generated/OnAirAt';
import type { RateSongReply } from '@/generated/RateSongReply';
import type { RateSongRequest } from '@/generated/RateSongRequest';
import type { Stream } from '@/generated/Stream';
import { api, resolveApiPath } from '@/lib/api';
import { META_HISTORY_MIN_AGE_MS, NOW_PLAYING_CACHE_BUCKET_MS } from '@/lib/constants';

/** GET aovivo/getAvailableStreams (public; semiPro/pro streams listed with `sources: []`). */
export function getAvailableStreams(): Promise<Stream[]> {
  return api.get<Stream[]>('aovivo/getAvailableStreams');
}

/** GET aovivo/getAvailableProStreams: 401 without a session (cookie on the web, bearer token). */
export function getAvailableProStreams(token?: string | null): Promise<Stream[]> {
  return api.get<Stream[]>('aovivo/getAvailableProStreams', { token });
}

/** The FYC cache-buster: changes every 5 minutes (doc1 §4 "Now playing"). */
export function nowPlayingCacheBucket(now: number): number {
  return Math.floor(now / NOW_PLAYING_CACHE_BUCKET_MS);
}

/** GET aovivo/getCurrentSongInfo/{metaId}?FYC={5-minute bucket}. */
export function getCurrentSongInfo(metaId: string, now: number = Date.now()): Promise<NowPlaying> {
  return api.get<NowPlaying>(
    `aovivo/getCurrentSongInfo/${encodeURIComponent(metaId)}?FYC=${nowPlayingCacheBucket(now)}`,
  );
}

/** GET aovivo/getMetaHistory/{metaId}: the last songs played, newest first (G35). */
export function getMetaHistory(metaId: string): Promise<NowPlaying[]> {
  return api.get<NowPlaying[]>(`aovivo/getMetaHistory/${encodeURIComponent(metaId)}`);
}

/** The now-playing push channel (server-sent events named `nowplaying`). */
export function nowPlayingEventsUrl(metaId: string): string {
  return resolveApiPath(`aovivo/events/${encodeURIComponent(metaId)}`);
}

/**
 * GET aovivo/onAir/{streamId}?at={epoch ms}: what was on air on a channel at an instant of its
 * timeshift window (the play, and the programme grid's slot), for a listener behind live.
 */
export function getOnAirAt(streamId: string, atMs: number): Promise<OnAirAt> {
  return api.get<OnAirAt>(`aovivo/onAir/${encodeURIComponent(streamId)}?at=${Math.round(atMs)}`);
}

/** POST aovivoBar/rateSong (G06: logged in only). */
export function rateSong(request: RateSongRequest, token?: string | null): Promise<RateSongReply> {
  return api.post<RateSongReply>('aovivoBar/rateSong', request, { token });
}

export const availableStreamsQueryOptions = () =>
  queryOptions({
    queryKey: ['aovivo', 'streams'],
    queryFn: getAvailableStreams,
    staleTime: Infinity,
  });

/** Keyed by the session's user and PRO flag: a login, logout or PRO change fetches again. */
export const proStreamsQueryOptions = (
  userKey: string,
  isPro: boolean,
  token: string | null | undefined,
) =>
  queryOptions({
    queryKey: ['aovivo', 'proStreams', userKey, isPro],
    queryFn: () => getAvailableProStreams(token),
    staleTime: Infinity,
  });

/** Refreshed only when older than 15 s; another stream is another key (doc1 §9). */
export const metaHistoryQueryOptions = (metaId: string) =>
  queryOptions({
    queryKey: ['aovivo', 'metaHistory', metaId],
    queryFn: () => getMetaHistory(metaId),
    staleTime: META_HISTORY_MIN_AGE_MS,
  });

/** What was on air then does not change: an answer stays good for as long as the page. */
export const onAirAtQueryOptions = (streamId: string, atMs: number) =>
  queryOptions({
    queryKey: ['aovivo', 'onAir', streamId, Math.round(atMs)],
    queryFn: () => getOnAirAt(streamId, atMs),
    staleTime: Infinity,
  });
