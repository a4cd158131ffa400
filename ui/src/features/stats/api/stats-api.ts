/**
 * The statistics calls (doc3 §7; G20, G21, S12). Every call sends the session (the cookie, and the
 * bearer token when the app holds one); the server checks the permission of each.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiRequestReply } from '@/lib/api';
import { STATS_POLL_MS } from '@/lib/constants';
import { getAuthToken } from '@/lib/session';
import type {
  CacheCleaned,
  FilteredListeners,
  FilteredSessions,
  ImpactReport,
  LiveListeners,
} from '../types';

const auth = () => ({ token: getAuthToken() });

/** The history query of the form (the API's own names). */
export interface HistoryParams {
  /** `YYYY-MM-DD HH:mm`, Brasília. */
  startDate: string;
  endDate: string;
  choiceTime: string;
  listenersTypes: string[];
}

/** `startDate=…&endDate=…&choiceTime=…&listenersTypes[]=a&listenersTypes[]=b`. */
export function historyQueryString(params: HistoryParams): string {
  const parts = [
    `startDate=${encodeURIComponent(params.startDate)}`,
    `endDate=${encodeURIComponent(params.endDate)}`,
    `choiceTime=${encodeURIComponent(params.choiceTime)}`,
    ...params.listenersTypes.map((type) => `listenersTypes[]=${encodeURIComponent(type)}`),
  ];
  return parts.join('&');
}

export const statsApi = {
  getListeners: () => api.get<LiveListeners>('stats/getListeners', auth()),
  getFilteredListeners: (params: HistoryParams) =>
    api.get<FilteredListeners>(`stats/getFilteredListeners?${historyQueryString(params)}`, auth()),
  getFilteredSessions: (params: HistoryParams) =>
    api.get<FilteredSessions>(`stats/getFilteredSessions?${historyQueryString(params)}`, auth()),
  getListenersByDates: (timestamps: string[]) =>
    api.get<ImpactReport>(
      `stats/getListenersByDates?timestamps=${encodeURIComponent(timestamps.join('\n'))}`,
      auth(),
    ),
  cleanCache: () =>
    apiRequestReply<CacheCleaned>('stats/cleanCache', { method: 'POST', json: {}, ...auth() }),
};

/**
 * The live counters, read every {@link STATS_POLL_MS} (doc3 §4.7). A failed poll is not retried: it
 * shows at once, the last numbers stay, and the next poll tries again.
 */
export function useLiveListeners(userId: number) {
  return useQuery({
    queryKey: ['stats', 'listeners', userId],
    queryFn: statsApi.getListeners,
    refetchInterval: STATS_POLL_MS,
    retry: false,
  });
}

export function useHistory(userId: number, params: HistoryParams) {
  return useQuery({
    queryKey: ['stats', 'history', userId, params],
    queryFn: () => statsApi.getFilteredListeners(params),
    retry: false,
    staleTime: 30_000,
  });
}

/** The session figures of the same query: a call of its own, slower than the samples. */
export function useHistorySessions(userId: number, params: HistoryParams) {
  return useQuery({
    queryKey: ['stats', 'sessions', userId, params],
    queryFn: () => statsApi.getFilteredSessions(params),
    retry: false,
    staleTime: 30_000,
  });
}

export function useImpactReport() {
  return useMutation({ mutationFn: statsApi.getListenersByDates });
}

export function useCleanCache() {
  return useMutation({ mutationFn: statsApi.cleanCache });
}

/** The stream of an affiliate: `affiliatesUrl + sid + '.mp3'` (doc3 §3). */
export function affiliateStreamUrl(affiliatesUrl: string, sid: string): string {
  return `${affiliatesUrl}${sid}.mp3`;
}
