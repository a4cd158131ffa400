/**
 * The promotions desk's calls (`/api/v1/backoffice/promotions*` and `/api/v1/backoffice/hunts*`,
 * permission 6) with their query options. Like the newsroom's, every call sends the
 * session (the cookie, and the bearer token when the app holds one); the server answers 401 without
 * a session, 403 'no permission' without the permission, 400 with the Portuguese message of the rule
 * a field broke, and 409 for a stale version (PROMO_STALE / HUNT_STALE), a delete it refuses
 * (PROMO_HAS_ANSWERS / HUNT_HAS_WINS) or a draw it cannot do (DRAW_OPEN / DRAW_EMPTY). Keys start
 * with `['backoffice-promotions', userId]`, so another login never sees the previous user's data.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignStatus } from '@/generated/CampaignStatus';
import type { DrawResult } from '@/generated/DrawResult';
import type { HuntDraft } from '@/generated/HuntDraft';
import type { HuntInput } from '@/generated/HuntInput';
import type { HuntList } from '@/generated/HuntList';
import type { PromotionAnswersPage } from '@/generated/PromotionAnswersPage';
import type { PromotionDraft } from '@/generated/PromotionDraft';
import type { PromotionInput } from '@/generated/PromotionInput';
import type { PromotionPage } from '@/generated/PromotionPage';
import type { UploadedImage } from '@/generated/UploadedImage';
import { api, resolveApiPath } from '@/lib/api';
import { getAuthToken } from '@/lib/session';
import { uploadFile } from '@/lib/upload';

import type { ImageUploads } from '@/features/backoffice/fields/upload';
import { PROMO_MESSAGES } from '../messages';

export { isAccessRefusal, isConflict } from '@/features/backoffice/form';

const auth = () => ({ token: getAuthToken() });

/** Rows per page of the promotions list and of a promotion's answers. */
export const PROMOTIONS_PER_PAGE = 20;
export const ANSWERS_PER_PAGE = 20;

/** The list's filters, as the server names them; empty/null = no filter. */
export interface PromotionFilters {
  q: string;
  status: CampaignStatus | null;
  /** 1-based. */
  page: number;
}

/** The query string of a list request (`q=&status=&page=&perPage=`). */
export function listSearch(filters: PromotionFilters): string {
  const search = new URLSearchParams();
  if (filters.q.trim()) search.set('q', filters.q.trim());
  if (filters.status) search.set('status', filters.status);
  search.set('page', String(filters.page));
  search.set('perPage', String(PROMOTIONS_PER_PAGE));
  return search.toString();
}

export const promotionsApi = {
  list: (filters: PromotionFilters) =>
    api.get<PromotionPage>(`backoffice/promotions?${listSearch(filters)}`, auth()),
  item: (id: number) => api.get<PromotionDraft>(`backoffice/promotions/${id}`, auth()),
  create: (input: PromotionInput) =>
    api.post<PromotionDraft>('backoffice/promotions', input, auth()),
  update: (id: number, input: PromotionInput) =>
    api.put<PromotionDraft>(`backoffice/promotions/${id}`, input, auth()),
  remove: (id: number) => api.delete<unknown>(`backoffice/promotions/${id}`, undefined, auth()),
  answers: (id: number, page: number) =>
    api.get<PromotionAnswersPage>(
      `backoffice/promotions/${id}/answers?page=${page}&perPage=${ANSWERS_PER_PAGE}`,
      auth(),
    ),
  draw: (id: number, count: number) =>
    api.post<DrawResult>(`backoffice/promotions/${id}/draw`, { count }, auth()),
  hunts: () => api.get<HuntList>('backoffice/hunts', auth()),
  hunt: (id: number) => api.get<HuntDraft>(`backoffice/hunts/${id}`, auth()),
  createHunt: (input: HuntInput) => api.post<HuntDraft>('backoffice/hunts', input, auth()),
  updateHunt: (id: number, input: HuntInput) =>
    api.put<HuntDraft>(`backoffice/hunts/${id}`, input, auth()),
  removeHunt: (id: number) => api.delete<unknown>(`backoffice/hunts/${id}`, undefined, auth()),
};

/**
 * Every answer of a promotion as CSV. A plain address: the inbox's DownloadButton lets the browser
 * fetch it with the session cookie, or fetches it with the desktop app's bearer token.
 */
export const answersCsvUrl = (id: number) =>
  resolveApiPath(`backoffice/promotions/${id}/answers.csv`);

/** Everything of the desk for a user: what a save or a delete refreshes. */
export const promotionsKey = (userId: number) => ['backoffice-promotions', userId] as const;

export const promotionsListQueryOptions = (userId: number, filters: PromotionFilters) =>
  queryOptions({
    queryKey: [...promotionsKey(userId), 'list', filters],
    queryFn: () => promotionsApi.list(filters),
    staleTime: 15_000,
  });

export const promotionQueryOptions = (userId: number, id: number) =>
  queryOptions({
    queryKey: [...promotionsKey(userId), 'item', id],
    queryFn: () => promotionsApi.item(id),
    // The editor works on what it loaded; a refetch behind its back would fight the form.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const answersQueryOptions = (userId: number, id: number, page: number) =>
  queryOptions({
    queryKey: [...promotionsKey(userId), 'answers', id, page],
    queryFn: () => promotionsApi.answers(id, page),
    staleTime: 15_000,
  });

export const huntsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...promotionsKey(userId), 'hunts'],
    queryFn: () => promotionsApi.hunts(),
    staleTime: 15_000,
  });

export const huntQueryOptions = (userId: number, id: number) =>
  queryOptions({
    queryKey: [...promotionsKey(userId), 'hunt', id],
    queryFn: () => promotionsApi.hunt(id),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/**
 * Create (no id) or replace (id, with the `version` loaded) a promotion. The answer replaces the
 * cached draft; the list and the public promotion pages are asked again, so what the staff sees
 * next already has the change.
 */
export function useSavePromotion(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PromotionInput }) =>
      id === null ? promotionsApi.create(input) : promotionsApi.update(id, input),
    onSuccess: async (draft) => {
      client.setQueryData(promotionQueryOptions(userId, draft.id).queryKey, draft);
      await Promise.all([
        client.invalidateQueries({ queryKey: [...promotionsKey(userId), 'list'] }),
        client.invalidateQueries({ queryKey: ['promotions'] }),
      ]);
    },
  });
}

export function useDeletePromotion(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => promotionsApi.remove(id),
    onSuccess: async (_reply, id) => {
      client.removeQueries({ queryKey: [...promotionsKey(userId), 'item', id] });
      client.removeQueries({ queryKey: [...promotionsKey(userId), 'answers', id] });
      await Promise.all([
        client.invalidateQueries({ queryKey: [...promotionsKey(userId), 'list'] }),
        client.invalidateQueries({ queryKey: ['promotions'] }),
      ]);
    },
  });
}

/**
 * Draws `count` winners of a closed promotion. The result's winners (every winner so far) go into
 * the cached draft, and the answers (their winner badges), the list's counts and the public
 * winners are asked again.
 */
export function useDraw(userId: number, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (count: number) => promotionsApi.draw(id, count),
    onSuccess: async (result) => {
      client.setQueryData(promotionQueryOptions(userId, id).queryKey, (draft) =>
        draft ? { ...draft, winners: result.winners } : draft,
      );
      await Promise.all([
        client.invalidateQueries({ queryKey: [...promotionsKey(userId), 'answers', id] }),
        client.invalidateQueries({ queryKey: [...promotionsKey(userId), 'list'] }),
        client.invalidateQueries({ queryKey: ['promotions'] }),
      ]);
    },
  });
}

/** Create or replace a hunt, like {@link useSavePromotion}. */
export function useSaveHunt(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: HuntInput }) =>
      id === null ? promotionsApi.createHunt(input) : promotionsApi.updateHunt(id, input),
    onSuccess: async (draft) => {
      client.setQueryData(huntQueryOptions(userId, draft.id).queryKey, draft);
      await Promise.all([
        client.invalidateQueries({ queryKey: [...promotionsKey(userId), 'hunts'] }),
        client.invalidateQueries({ queryKey: ['hunt'] }),
      ]);
    },
  });
}

export function useDeleteHunt(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => promotionsApi.removeHunt(id),
    onSuccess: async (_reply, id) => {
      client.removeQueries({ queryKey: [...promotionsKey(userId), 'hunt', id] });
      await Promise.all([
        client.invalidateQueries({ queryKey: [...promotionsKey(userId), 'hunts'] }),
        client.invalidateQueries({ queryKey: ['hunt'] }),
      ]);
    },
  });
}

/** POST backoffice/images (multipart, field `file`): the pictures and banners, with progress. */
export const uploadImage = (
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
) => uploadFile<UploadedImage>('backoffice/images', file, onProgress, signal);

/** The desk's picture fields: that call, and refusals in the desk's words. */
export const PROMO_IMAGES: ImageUploads = { upload: uploadImage, texts: PROMO_MESSAGES };
