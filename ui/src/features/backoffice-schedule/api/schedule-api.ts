/**
 * The schedule desk's calls (`/api/v1/backoffice/schedule*`, `/api/v1/backoffice/playlists*` and the
 * ECAD report, permission 7) with their query options. Like the other desks', every call sends the
 * session; the server answers 401 without one, 403 without the permission, 400 with a Portuguese
 * message the form shows as it is, and 409 for a stale version or a playlist still in use. Keys
 * start with `['backoffice-schedule', userId]`, so another login never sees the previous user's data.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExceptionInput } from '@/generated/ExceptionInput';
import type { Playlist } from '@/generated/Playlist';
import type { PlaylistInput } from '@/generated/PlaylistInput';
import type { PlaylistSummary } from '@/generated/PlaylistSummary';
import type { PlaylistTrack } from '@/generated/PlaylistTrack';
import type { ScheduleEditor } from '@/generated/ScheduleEditor';
import type { ScheduleException } from '@/generated/ScheduleException';
import type { SlotInput } from '@/generated/SlotInput';
import type { WeeklySlot } from '@/generated/WeeklySlot';
import { api, resolveApiPath } from '@/lib/api';
import { getAuthToken } from '@/lib/session';

export { isAccessRefusal, isConflict } from '@/features/backoffice/form';

const auth = () => ({ token: getAuthToken() });
const channel = (streamId: string) => `backoffice/schedule/${encodeURIComponent(streamId)}`;

export const scheduleApi = {
  editor: (streamId: string) => api.get<ScheduleEditor>(channel(streamId), auth()),
  createSlot: (streamId: string, input: SlotInput) =>
    api.post<WeeklySlot>(`${channel(streamId)}/slots`, input, auth()),
  updateSlot: (id: number, input: SlotInput) =>
    api.put<WeeklySlot>(`backoffice/schedule/slots/${id}`, input, auth()),
  deleteSlot: (id: number) =>
    api.delete<unknown>(`backoffice/schedule/slots/${id}`, undefined, auth()),
  createException: (streamId: string, input: ExceptionInput) =>
    api.post<ScheduleException>(`${channel(streamId)}/exceptions`, input, auth()),
  updateException: (id: number, input: ExceptionInput) =>
    api.put<ScheduleException>(`backoffice/schedule/exceptions/${id}`, input, auth()),
  deleteException: (id: number) =>
    api.delete<unknown>(`backoffice/schedule/exceptions/${id}`, undefined, auth()),
  setDefaultPlaylist: (streamId: string, playlistId: number | null) =>
    api.put<unknown>(`${channel(streamId)}/default-playlist`, { playlistId }, auth()),
  playlists: () => api.get<PlaylistSummary[]>('backoffice/playlists', auth()),
  playlist: (id: number) => api.get<Playlist>(`backoffice/playlists/${id}`, auth()),
  createPlaylist: (input: PlaylistInput) =>
    api.post<Playlist>('backoffice/playlists', input, auth()),
  updatePlaylist: (id: number, input: PlaylistInput) =>
    api.put<Playlist>(`backoffice/playlists/${id}`, input, auth()),
  deletePlaylist: (id: number) =>
    api.delete<unknown>(`backoffice/playlists/${id}`, undefined, auth()),
  tracks: (q: string) =>
    api.get<PlaylistTrack[]>(
      `backoffice/playlists/tracks?${new URLSearchParams({ q }).toString()}`,
      auth(),
    ),
};

/**
 * The month's music report of a channel as CSV ('YYYY-MM'). A plain address: the download button
 * lets the browser fetch it with the session cookie, or fetches it with the desktop app's token.
 */
export const ecadReportUrl = (streamId: string, month: string) =>
  resolveApiPath(`backoffice/reports/ecad/${encodeURIComponent(streamId)}/${month}`);

export const scheduleKey = (userId: number) => ['backoffice-schedule', userId] as const;

export const scheduleEditorQueryOptions = (userId: number, streamId: string) =>
  queryOptions({
    queryKey: [...scheduleKey(userId), 'grid', streamId],
    queryFn: () => scheduleApi.editor(streamId),
    staleTime: 15_000,
  });

export const playlistsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...scheduleKey(userId), 'playlists'],
    queryFn: () => scheduleApi.playlists(),
    staleTime: 15_000,
  });

export const playlistQueryOptions = (userId: number, id: number) =>
  queryOptions({
    queryKey: [...scheduleKey(userId), 'playlist', id],
    queryFn: () => scheduleApi.playlist(id),
    // The editor works on what it loaded; a refetch behind its back would fight the form.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const trackCandidatesQueryOptions = (userId: number, q: string) =>
  queryOptions({
    queryKey: [...scheduleKey(userId), 'tracks', q],
    queryFn: () => scheduleApi.tracks(q),
    staleTime: 60_000,
  });

/** Everything of the channel's grid asked again after a change made here. */
function useRefreshGrid(userId: number, streamId: string) {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({ queryKey: scheduleEditorQueryOptions(userId, streamId).queryKey });
}

/** Create (no id) or change (id, the input with its `version`) a weekly slot. */
export function useSaveSlot(userId: number, streamId: string) {
  const refresh = useRefreshGrid(userId, streamId);
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SlotInput }) =>
      id === null ? scheduleApi.createSlot(streamId, input) : scheduleApi.updateSlot(id, input),
    onSuccess: refresh,
  });
}

export function useDeleteSlot(userId: number, streamId: string) {
  const refresh = useRefreshGrid(userId, streamId);
  return useMutation({
    mutationFn: (id: number) => scheduleApi.deleteSlot(id),
    onSuccess: refresh,
  });
}

export function useSaveException(userId: number, streamId: string) {
  const refresh = useRefreshGrid(userId, streamId);
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ExceptionInput }) =>
      id === null
        ? scheduleApi.createException(streamId, input)
        : scheduleApi.updateException(id, input),
    onSuccess: refresh,
  });
}

export function useDeleteException(userId: number, streamId: string) {
  const refresh = useRefreshGrid(userId, streamId);
  return useMutation({
    mutationFn: (id: number) => scheduleApi.deleteException(id),
    onSuccess: refresh,
  });
}

export function useSetDefaultPlaylist(userId: number, streamId: string) {
  const refresh = useRefreshGrid(userId, streamId);
  return useMutation({
    mutationFn: (playlistId: number | null) => scheduleApi.setDefaultPlaylist(streamId, playlistId),
    onSettled: refresh,
  });
}

/**
 * Create (no id) or replace (id, with the `version` loaded) a playlist. The answer replaces the
 * cached copy; the list and the grids (their playlist names) are asked again.
 */
export function useSavePlaylist(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PlaylistInput }) =>
      id === null ? scheduleApi.createPlaylist(input) : scheduleApi.updatePlaylist(id, input),
    onSuccess: async (saved) => {
      client.setQueryData(playlistQueryOptions(userId, saved.id).queryKey, saved);
      await Promise.all([
        client.invalidateQueries({ queryKey: [...scheduleKey(userId), 'playlists'] }),
        client.invalidateQueries({ queryKey: [...scheduleKey(userId), 'grid'] }),
      ]);
    },
  });
}

export function useDeletePlaylist(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => scheduleApi.deletePlaylist(id),
    onSuccess: async (_reply, id) => {
      client.removeQueries({ queryKey: playlistQueryOptions(userId, id).queryKey });
      await Promise.all([
        client.invalidateQueries({ queryKey: [...scheduleKey(userId), 'playlists'] }),
        client.invalidateQueries({ queryKey: [...scheduleKey(userId), 'grid'] }),
      ]);
    },
  });
}
