/**
 * The treasure-hunt calls (doc3 §7; G18, S13). Only `checkInfoActiveHunt`
 * is public; every POST needs the session (401 without it) and carries `{}` except
 * `setShareSituation`. The bearer token goes along when the app holds one (desktop).
 */
import { queryOptions } from '@tanstack/react-query';
import type { HuntInfo } from '@/generated/HuntInfo';
import type { HuntStatus } from '@/generated/HuntStatus';
import type { HuntWin } from '@/generated/HuntWin';
import type { ShareSituation } from '@/generated/ShareSituation';
import type { ShareSituationRequest } from '@/generated/ShareSituationRequest';
import { api } from '@/lib/api';
import { getAuthToken } from '@/lib/session';
import { HUNT_INFO_MAX_AGE_MS } from '../hunt-constants';

const BASE = 'cacaAoTesouro';
const auth = () => ({ token: getAuthToken() });

export const huntApi = {
  /** The active hunt with its prizes and totals; `null` when no hunt is active. */
  checkInfoActiveHunt: () => api.get<HuntInfo | null>(`${BASE}/checkInfoActiveHunt`),
  /** The caller's standing (G18). */
  checkHuntAndPrizes: () => api.post<HuntStatus>(`${BASE}/checkHuntAndPrizes`, {}, auth()),
  /** A page view; a prize just won (status 'reserved') or `null`. 403 for an incomplete registration. */
  setPageViewAndCheckWin: () =>
    api.post<HuntWin | null>(`${BASE}/setPageViewAndCheckWin`, {}, auth()),
  /** Opens the chest and e-mails the prize (idempotent); the prize, status 'opened'. */
  changeLogStatusAndSendMail: () =>
    api.post<HuntWin>(`${BASE}/changeLogStatusAndSendMail`, {}, auth()),
  /** A prize won whose chest was not opened yet, or `null`. */
  checkSomeReservedPrize: () =>
    api.post<HuntWin | null>(`${BASE}/checkSomeReservedPrize`, {}, auth()),
  /** The winner shared the prize: they hunt again. */
  setShareSituation: (shareSituation: ShareSituation) =>
    api.post<null>(
      `${BASE}/setShareSituation`,
      { shareSituation } satisfies ShareSituationRequest,
      auth(),
    ),
};

/**
 * The hunt info, shared by the banner, the engine and the page. It is fetched again only when older
 * than 30 minutes (doc3 §4.4): the engine asks for it on every route change and the cache answers.
 */
export const huntInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['hunt', 'info'],
    queryFn: huntApi.checkInfoActiveHunt,
    staleTime: HUNT_INFO_MAX_AGE_MS,
  });

/** The logged-in user's standing in the hunt (the hunt page's status card). */
export const huntStatusQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['hunt', 'status', userId],
    queryFn: huntApi.checkHuntAndPrizes,
  });

export const HUNT_STATUS_KEY = ['hunt', 'status'] as const;
