/**
 * The catalogue desk's calls (`/api/v1/backoffice/catalogue*`, permission 7, or 5 for the newsroom's
 * collections; `/api/v1/backoffice/settings` and `/api/v1/backoffice/audio`) with their
 * query options. Like the newsroom's and the promotions', every call sends the session; the server
 * answers 401 without one, 403 'no permission' without the permission, 400 with the Portuguese
 * message naming the field, and 409 for a delete it refuses (CATALOGUE_IN_USE) or a create/delete of
 * a fixed collection (CATALOGUE_FIXED). Keys start with `['backoffice-catalogue', userId]`, so
 * another login never sees the previous user's data.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppParameters } from '@/generated/AppParameters';
import type { CatalogueInput } from '@/generated/CatalogueInput';
import type { CatalogueItem } from '@/generated/CatalogueItem';
import type { CataloguePage } from '@/generated/CataloguePage';
import type { CatalogueSpec } from '@/generated/CatalogueSpec';
import type { MoveRequest } from '@/generated/MoveRequest';
import type { UploadedAudio } from '@/generated/UploadedAudio';
import { api } from '@/lib/api';
import { appParametersQueryOptions } from '@/lib/app-parameters';
import { getAuthToken } from '@/lib/session';
import { uploadFile } from '@/lib/upload';

import type { AudioUploads, ImageUploads } from '@/features/backoffice/fields/upload';
import type { UploadedImage } from '@/generated/UploadedImage';
import { CAT_MESSAGES } from '../messages';

export { isAccessRefusal, isConflict } from '@/features/backoffice/form';

const auth = () => ({ token: getAuthToken() });

/** Rows per page of a list, and choices a searchable picker shows. */
export const CATALOGUE_PER_PAGE = 20;
export const PICKER_PER_PAGE = 20;

export interface ListFilters {
  q: string;
  /** 1-based. */
  page: number;
  perPage?: number;
}

/** The query string of a list request (`q=&page=&perPage=`). */
export function listSearch(filters: ListFilters): string {
  const search = new URLSearchParams();
  if (filters.q.trim()) search.set('q', filters.q.trim());
  search.set('page', String(filters.page));
  search.set('perPage', String(filters.perPage ?? CATALOGUE_PER_PAGE));
  return search.toString();
}

const collectionUrl = (key: string) => `backoffice/catalogue/${encodeURIComponent(key)}`;

export const catalogueApi = {
  spec: () => api.get<CatalogueSpec>('backoffice/catalogue', auth()),
  list: (key: string, filters: ListFilters) =>
    api.get<CataloguePage>(`${collectionUrl(key)}?${listSearch(filters)}`, auth()),
  item: (key: string, id: number) => api.get<CatalogueItem>(`${collectionUrl(key)}/${id}`, auth()),
  create: (key: string, input: CatalogueInput) =>
    api.post<CatalogueItem>(collectionUrl(key), input, auth()),
  update: (key: string, id: number, input: CatalogueInput) =>
    api.put<CatalogueItem>(`${collectionUrl(key)}/${id}`, input, auth()),
  remove: (key: string, id: number) =>
    api.delete<unknown>(`${collectionUrl(key)}/${id}`, undefined, auth()),
  move: (key: string, id: number, request: MoveRequest) =>
    api.post<unknown>(`${collectionUrl(key)}/${id}/move`, request, auth()),
  settings: () => api.get<AppParameters>('backoffice/settings', auth()),
  saveSettings: (params: AppParameters) =>
    api.put<AppParameters>('backoffice/settings', params, auth()),
};

/** Everything of the desk for a user: what a save or a delete refreshes. */
export const catalogueKey = (userId: number) => ['backoffice-catalogue', userId] as const;

export const specQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...catalogueKey(userId), 'spec'],
    queryFn: () => catalogueApi.spec(),
    // The descriptors change with a server release only.
    staleTime: 5 * 60_000,
  });

export const listQueryOptions = (userId: number, key: string, filters: ListFilters) =>
  queryOptions({
    queryKey: [...catalogueKey(userId), 'list', key, filters],
    queryFn: () => catalogueApi.list(key, filters),
    staleTime: 15_000,
  });

export const itemQueryOptions = (userId: number, key: string, id: number) =>
  queryOptions({
    queryKey: [...catalogueKey(userId), 'item', key, id],
    queryFn: () => catalogueApi.item(key, id),
    // The editor works on what it loaded; a refetch behind its back would fight the form.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const settingsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...catalogueKey(userId), 'settings'],
    queryFn: () => catalogueApi.settings(),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/**
 * Create (no id) or replace an item. The answer replaces the cached item; the collection's lists
 * (and the pickers that search it) are asked again.
 */
export function useSaveItem(userId: number, key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CatalogueInput }) =>
      id === null ? catalogueApi.create(key, input) : catalogueApi.update(key, id, input),
    onSuccess: async (item) => {
      client.setQueryData(itemQueryOptions(userId, key, item.id).queryKey, item);
      await client.invalidateQueries({ queryKey: [...catalogueKey(userId), 'list', key] });
    },
  });
}

export function useDeleteItem(userId: number, key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => catalogueApi.remove(key, id),
    onSuccess: async (_reply, id) => {
      client.removeQueries({ queryKey: [...catalogueKey(userId), 'item', key, id] });
      await client.invalidateQueries({ queryKey: [...catalogueKey(userId), 'list', key] });
    },
  });
}

/** One place up (-1) or down (1) in an ordered collection; the list is asked again. */
export function useMoveItem(userId: number, key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, by }: { id: number; by: -1 | 1 }) => catalogueApi.move(key, id, { by }),
    onSettled: () => client.invalidateQueries({ queryKey: [...catalogueKey(userId), 'list', key] }),
  });
}

/**
 * Saves the station's parameters. The site's own copy (`getAppParameters`, the shell's query) is
 * asked again, so the top bar and the logo change at once for the staff member too.
 */
export function useSaveSettings(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: AppParameters) => catalogueApi.saveSettings(params),
    onSuccess: async (params) => {
      client.setQueryData(settingsQueryOptions(userId).queryKey, params);
      await client.invalidateQueries({ queryKey: appParametersQueryOptions().queryKey });
    },
  });
}

/** POST backoffice/audio (multipart, field `file`, an MP3), with its progress (`lib/upload`). */
export function uploadAudio(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadedAudio> {
  return uploadFile<UploadedAudio>('backoffice/audio', file, onProgress, signal);
}

/** POST backoffice/images (multipart, field `file`): the items' pictures and the logo. */
export const uploadImage = (
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
) => uploadFile<UploadedImage>('backoffice/images', file, onProgress, signal);

/** The desk's upload fields: those calls, and refusals in the desk's words. */
export const CATALOGUE_IMAGES: ImageUploads = { upload: uploadImage, texts: CAT_MESSAGES };
export const CATALOGUE_AUDIO: AudioUploads = { upload: uploadAudio, texts: CAT_MESSAGES };
