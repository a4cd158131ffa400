/**
 * The newsroom calls (`/api/v1/backoffice/news/*` and `/api/v1/backoffice/images`, permission 5)
 * with their query options. Every call sends the session (the cookie, and the bearer token
 * when the app holds one); the server answers 401 without a session, 403 'no permission' without the
 * permission, 400 with the Portuguese message of the rule a field broke, and 409 with
 * NEWSROOM_STALE when someone else saved the item since it was loaded. Keys start with
 * `['newsroom', userId]`, so another login never sees the previous user's drafts.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewsDraft } from '@/generated/NewsDraft';
import type { NewsInput } from '@/generated/NewsInput';
import type { NewsItem } from '@/generated/NewsItem';
import type { NewsroomPage } from '@/generated/NewsroomPage';
import type { NewsState } from '@/generated/NewsState';
import type { UploadedImage } from '@/generated/UploadedImage';
import { api } from '@/lib/api';
import { getAuthToken } from '@/lib/session';
import { uploadFile } from '@/lib/upload';

export { isAccessRefusal, isConflict as isStale } from '@/features/backoffice/form';

const auth = () => ({ token: getAuthToken() });

/** Rows per page of the list. */
export const NEWSROOM_PER_PAGE = 20;

/** The list's filters, as the server names them; empty/null = no filter. */
export interface NewsroomFilters {
  q: string;
  categoryId: number | null;
  state: NewsState | null;
  journalistId: number | null;
  /** 1-based. */
  page: number;
}

/** The query string of a list request (`q=&category=&state=&journalist=&page=&perPage=`). */
export function listSearch(filters: NewsroomFilters): string {
  const search = new URLSearchParams();
  if (filters.q.trim()) search.set('q', filters.q.trim());
  if (filters.categoryId !== null) search.set('category', String(filters.categoryId));
  if (filters.state) search.set('state', filters.state);
  if (filters.journalistId !== null) search.set('journalist', String(filters.journalistId));
  search.set('page', String(filters.page));
  search.set('perPage', String(NEWSROOM_PER_PAGE));
  return search.toString();
}

export const newsroomApi = {
  list: (filters: NewsroomFilters) =>
    api.get<NewsroomPage>(`backoffice/news?${listSearch(filters)}`, auth()),
  item: (id: number) => api.get<NewsDraft>(`backoffice/news/${id}`, auth()),
  create: (input: NewsInput) => api.post<NewsDraft>('backoffice/news', input, auth()),
  update: (id: number, input: NewsInput) =>
    api.put<NewsDraft>(`backoffice/news/${id}`, input, auth()),
  remove: (id: number) => api.delete<unknown>(`backoffice/news/${id}`, undefined, auth()),
  preview: (id: number) => api.get<NewsItem>(`backoffice/news/${id}/preview`, auth()),
};

/** Everything of the newsroom for a user: what a save or a delete refreshes. */
export const newsroomKey = (userId: number) => ['newsroom', userId] as const;

export const newsroomListQueryOptions = (userId: number, filters: NewsroomFilters) =>
  queryOptions({
    queryKey: [...newsroomKey(userId), 'list', filters],
    queryFn: () => newsroomApi.list(filters),
    staleTime: 15_000,
  });

export const newsroomItemQueryOptions = (userId: number, id: number) =>
  queryOptions({
    queryKey: [...newsroomKey(userId), 'item', id],
    queryFn: () => newsroomApi.item(id),
    // The editor works on what it loaded; a refetch behind its back would fight the form.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const newsroomPreviewQueryOptions = (userId: number, id: number) =>
  queryOptions({
    queryKey: [...newsroomKey(userId), 'preview', id],
    queryFn: () => newsroomApi.preview(id),
    // The preview always shows the last save.
    staleTime: 0,
  });

/**
 * Create (no id) or replace (id, with the `version` loaded) an item. The answer replaces the cached
 * draft; the lists, the previews and the public news caches are asked again, so what the journalist
 * sees next (the list, the home page) already has the change.
 */
export function useSaveNews(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: NewsInput }) =>
      id === null ? newsroomApi.create(input) : newsroomApi.update(id, input),
    onSuccess: async (draft) => {
      client.setQueryData(newsroomItemQueryOptions(userId, draft.id).queryKey, draft);
      await Promise.all([
        client.invalidateQueries({ queryKey: [...newsroomKey(userId), 'list'] }),
        client.invalidateQueries({ queryKey: [...newsroomKey(userId), 'preview'] }),
        client.invalidateQueries({ queryKey: ['news'] }),
      ]);
    },
  });
}

export function useDeleteNews(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => newsroomApi.remove(id),
    onSuccess: async (_reply, id) => {
      client.removeQueries({ queryKey: [...newsroomKey(userId), 'item', id] });
      client.removeQueries({ queryKey: [...newsroomKey(userId), 'preview', id] });
      await Promise.all([
        client.invalidateQueries({ queryKey: [...newsroomKey(userId), 'list'] }),
        client.invalidateQueries({ queryKey: ['news'] }),
      ]);
    },
  });
}

/** POST backoffice/images (multipart, field `file`), with its progress (`lib/upload`). */
export function uploadImage(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  return uploadFile<UploadedImage>('backoffice/images', file, onProgress, signal);
}
