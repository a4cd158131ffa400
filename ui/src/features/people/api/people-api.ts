/**
 * The people calls (`/api/v1/backoffice/people*` and `/api/v1/backoffice/audit`, permission 8; issue
 * 20) with their query options. The server answers 401 without a session, 403 'no permission'
 * without the permission and 400 with a Portuguese message (PEOPLE_*). Keys start with
 * `['people', userId]`, so another login never sees the previous user's data.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditPage } from '@/generated/AuditPage';
import type { PeoplePage } from '@/generated/PeoplePage';
import type { Person } from '@/generated/Person';
import { api, ApiError } from '@/lib/api';
import { getAuthToken } from '@/lib/session';

const auth = () => ({ token: getAuthToken() });

export const PEOPLE_PER_PAGE = 20;
export const AUDIT_PER_PAGE = 20;

export function peopleSearch(q: string, page: number): string {
  const search = new URLSearchParams();
  if (q.trim()) search.set('q', q.trim());
  search.set('page', String(page));
  search.set('perPage', String(PEOPLE_PER_PAGE));
  return search.toString();
}

export const peopleApi = {
  list: (q: string, page: number) =>
    api.get<PeoplePage>(`backoffice/people?${peopleSearch(q, page)}`, auth()),
  person: (id: number) => api.get<Person>(`backoffice/people/${id}`, auth()),
  setPermissions: (id: number, permissions: number[]) =>
    api.put<Person>(`backoffice/people/${id}/permissions`, { permissions }, auth()),
  grantPro: (id: number, until: string | null) =>
    api.post<Person>(`backoffice/people/${id}/pro`, { until }, auth()),
  revokePro: (id: number) => api.delete<Person>(`backoffice/people/${id}/pro`, undefined, auth()),
  setDisabled: (id: number, disabled: boolean) =>
    api.post<Person>(`backoffice/people/${id}/disabled`, { disabled }, auth()),
  audit: (page: number) =>
    api.get<AuditPage>(`backoffice/audit?page=${page}&perPage=${AUDIT_PER_PAGE}`, auth()),
};

export const peopleKey = (userId: number) => ['people', userId] as const;

export const peopleListQueryOptions = (userId: number, q: string, page: number) =>
  queryOptions({
    queryKey: [...peopleKey(userId), 'list', q.trim(), page],
    queryFn: () => peopleApi.list(q, page),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export const personQueryOptions = (userId: number, id: number) =>
  queryOptions({
    queryKey: [...peopleKey(userId), 'person', id],
    queryFn: () => peopleApi.person(id),
    staleTime: 0,
  });

export const auditQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: [...peopleKey(userId), 'audit', page],
    queryFn: () => peopleApi.audit(page),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export type PersonChange =
  | { kind: 'permissions'; permissions: number[] }
  | { kind: 'grantPro'; until: string | null }
  | { kind: 'revokePro' }
  | { kind: 'disabled'; disabled: boolean };

/** Every change of an account: the answer (the account as it is now) replaces the cached one. */
export function usePersonChange(userId: number, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PersonChange) => {
      switch (change.kind) {
        case 'permissions':
          return peopleApi.setPermissions(id, change.permissions);
        case 'grantPro':
          return peopleApi.grantPro(id, change.until);
        case 'revokePro':
          return peopleApi.revokePro(id);
        case 'disabled':
          return peopleApi.setDisabled(id, change.disabled);
      }
    },
    onSuccess: async (person) => {
      client.setQueryData(personQueryOptions(userId, id).queryKey, person);
      await Promise.all([
        client.invalidateQueries({ queryKey: [...peopleKey(userId), 'list'] }),
        client.invalidateQueries({ queryKey: [...peopleKey(userId), 'audit'] }),
        // One's own permissions may have changed (the menu and the gates read them).
        client.invalidateQueries({ queryKey: ['stats', 'permissions'] }),
      ]);
    },
  });
}

/** True for a 401 (no session) or 403 (no permission 8): the gate's states, not an error. */
export function isAccessRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 401 || error.code === 403);
}
