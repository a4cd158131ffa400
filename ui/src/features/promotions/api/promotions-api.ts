/**
 * The promotions calls (doc2 §7; C12, C17, G48, G50) with their query options. The calls that need a
 * session send the bearer token when the app holds one (desktop); the website's cookie goes along
 * with every call. The caller's own answer and the winners are keyed by the user, so another login
 * never sees the previous user's data.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { Promotion } from '@/generated/Promotion';
import type { PromotionWinner } from '@/generated/PromotionWinner';
import type { SaveAnswerRequest } from '@/generated/SaveAnswerRequest';
import type { UserAnswer } from '@/generated/UserAnswer';
import { api, ApiError } from '@/lib/api';
import { getAuthToken } from '@/lib/session';

const enc = encodeURIComponent;
const auth = () => ({ token: getAuthToken() });

/** Lists change when staff publish or close a promotion: a minute is fresh enough. */
const PROMOTIONS_STALE_MS = 60_000;

export const promotionsApi = {
  /** The open promotions (published, started, not ended): the featured slider. */
  getAllPublished: () => api.get<Promotion[]>('promotions/getAllPublishedPromotions'),
  /** C17: count THEN offset; the newest end first; a batch shorter than `count` is the last. */
  getClosed: (count: number, offset: number) =>
    api.get<Promotion[]>(`promotions/getClosedPromotions/${count}/${offset}`),
  /** 404 for an unknown slug (the page's not-found view). */
  getBySlug: (slug: string) => api.get<Promotion>(`promotions/getPromotionBySlug/${enc(slug)}`),
  /** The caller's latest answer, or null (401 without a session). */
  getUserAnswer: (promotionId: number) =>
    api.get<UserAnswer | null>(`promotions/getUserAnswer/${promotionId}`, auth()),
  /** C12: winners need a session (401 without). */
  getWinners: (promotionId: number) =>
    api.get<PromotionWinner[]>(`promotions/getPromotionWinners/${promotionId}`, auth()),
  /** G48/G50: the saved answer; any refusal is an {@link ApiError}. */
  saveAnswer: (request: SaveAnswerRequest) =>
    api.post<UserAnswer>('promotions/saveAnswer', request, auth()),
};

export const publishedPromotionsQueryOptions = () =>
  queryOptions({
    queryKey: ['promotions', 'published'],
    queryFn: promotionsApi.getAllPublished,
    staleTime: PROMOTIONS_STALE_MS,
  });

/**
 * The closed promotions, `batchSize` at a time (C17: 5 pages' worth, 40 on desktop and 20 on mobile),
 * each batch at the offset after the previous one; a batch shorter than asked is the last.
 */
export const closedPromotionsQueryOptions = (batchSize: number) =>
  infiniteQueryOptions({
    queryKey: ['promotions', 'closed', batchSize],
    queryFn: ({ pageParam }) => promotionsApi.getClosed(batchSize, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last: Promotion[], _all, offset: number) =>
      last.length < batchSize ? undefined : offset + batchSize,
    staleTime: PROMOTIONS_STALE_MS,
  });

export const promotionQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['promotions', 'single', slug],
    queryFn: () => promotionsApi.getBySlug(slug),
    staleTime: PROMOTIONS_STALE_MS,
  });

export const userAnswerQueryOptions = (promotionId: number, userId: number) =>
  queryOptions({
    queryKey: ['promotions', 'answer', promotionId, userId],
    queryFn: () => promotionsApi.getUserAnswer(promotionId),
    staleTime: Infinity,
  });

export const winnersQueryOptions = (promotionId: number, userId: number) =>
  queryOptions({
    queryKey: ['promotions', 'winners', promotionId, userId],
    queryFn: () => promotionsApi.getWinners(promotionId),
    staleTime: PROMOTIONS_STALE_MS,
  });

/** POST saveAnswer; the saved answer becomes the caller's answer in the cache. */
export function useSaveAnswer(promotionId: number, userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: promotionsApi.saveAnswer,
    onSuccess: (saved) =>
      client.setQueryData(userAnswerQueryOptions(promotionId, userId).queryKey, saved),
  });
}

/** True for the server's 404 of an unknown slug. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 404;
}
