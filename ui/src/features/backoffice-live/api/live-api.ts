/**
 * The live input desk's calls (`/api/v1/backoffice/live-sources*`, permission 7) with their query
 * options. Like the catalogue's, every call sends the session; the server answers 401 without one,
 * 403 without the permission and 404 for a channel the station engine does not run (or, for a
 * disconnect, when nothing is live on it). Keys start with `['backoffice-live', userId]`, so another
 * login never sees the previous user's data.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveSourceChannel } from '@/generated/LiveSourceChannel';
import type { LiveSourcePassword } from '@/generated/LiveSourcePassword';
import { api } from '@/lib/api';
import { getAuthToken } from '@/lib/session';
import { LIVE_REFRESH_MS } from '../messages';

export { isAccessRefusal } from '@/features/backoffice/form';

const auth = () => ({ token: getAuthToken() });

const channelUrl = (streamId: string) => `backoffice/live-sources/${encodeURIComponent(streamId)}`;

export const liveApi = {
  list: () => api.get<LiveSourceChannel[]>('backoffice/live-sources', auth()),
  newPassword: (streamId: string) =>
    api.post<LiveSourcePassword>(`${channelUrl(streamId)}/password`, undefined, auth()),
  removePassword: (streamId: string) =>
    api.delete<null>(`${channelUrl(streamId)}/password`, undefined, auth()),
  disconnect: (streamId: string) =>
    api.post<null>(`${channelUrl(streamId)}/disconnect`, undefined, auth()),
};

export const liveKey = (userId: number) => ['backoffice-live', userId] as const;

/**
 * The channels and their live status, asked again every 5 seconds while the page is open: a source
 * connects or drops at the studio, not here. The interval ends with the page (the query's last
 * observer) and pauses while the tab is hidden (TanStack Query's default).
 */
export const liveSourcesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...liveKey(userId), 'sources'],
    queryFn: () => liveApi.list(),
    refetchInterval: LIVE_REFRESH_MS,
    staleTime: 0,
  });

/** The channels' status again after a change made here. */
function useRefresh(userId: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: liveKey(userId) });
}

/** A new own password for the channel: the answer holds it, the one time it is ever sent. */
export function useNewPassword(userId: number) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (streamId: string) => liveApi.newPassword(streamId),
    onSuccess: refresh,
  });
}

export function useRemovePassword(userId: number) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (streamId: string) => liveApi.removePassword(streamId),
    onSuccess: refresh,
  });
}

/**
 * Cuts the channel's source off. A 404 means it had gone already: the status is asked again either
 * way, so the card shows what is on air.
 */
export function useDisconnect(userId: number) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (streamId: string) => liveApi.disconnect(streamId),
    onSettled: refresh,
  });
}
