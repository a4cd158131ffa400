/**
 * The staff inbox calls (`/api/v1/inbox/*`, permission 4 READ_INBOX) with their query
 * options. Every call sends the session (the cookie, and the bearer token when the app holds one);
 * the server answers 401 without a session and 403 'no permission' without the permission. Keys
 * start with `['inbox', userId]`, so another login never sees the previous user's mail.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormKind } from '@/generated/FormKind';
import type { HandledRequest } from '@/generated/HandledRequest';
import type { InboxFolder } from '@/generated/InboxFolder';
import type { InboxItem } from '@/generated/InboxItem';
import type { InboxPage } from '@/generated/InboxPage';
import { api, ApiError, resolveApiPath } from '@/lib/api';
import { getAuthToken } from '@/lib/session';

const enc = encodeURIComponent;
const auth = () => ({ token: getAuthToken() });

/** The list filter, in the server's words. */
export type InboxStatus = 'unhandled' | 'handled' | 'all';

/** Rows per page (the server's default; it allows up to 100). */
export const INBOX_PER_PAGE = 20;

export const inboxApi = {
  summary: () => api.get<InboxFolder[]>('inbox/summary', auth()),
  list: (kind: FormKind, status: InboxStatus, page: number) =>
    api.get<InboxPage>(
      `inbox/list/${enc(kind)}?page=${page}&perPage=${INBOX_PER_PAGE}&status=${status}`,
      auth(),
    ),
  item: (id: number) => api.get<InboxItem>(`inbox/item/${id}`, auth()),
  setHandled: ({ id, handled }: { id: number } & HandledRequest) =>
    api.post<InboxItem>(`inbox/item/${id}/handled`, { handled } satisfies HandledRequest, auth()),
};

/** The CV of a work-with-us application (an attachment; the cookie authorises it on the site). */
export const curriculumUrl = (id: number) => resolveApiPath(`inbox/item/${id}/curriculum`);

/** One folder as CSV (an attachment). */
export const exportCsvUrl = (kind: FormKind) => resolveApiPath(`inbox/export/${enc(kind)}`);

/** Everything of the inbox for a user: what marking an item refreshes. */
export const inboxKey = (userId: number) => ['inbox', userId] as const;

export const inboxSummaryQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: [...inboxKey(userId), 'summary'],
    queryFn: inboxApi.summary,
    staleTime: 30_000,
  });

export const inboxListQueryOptions = (
  userId: number,
  kind: FormKind,
  status: InboxStatus,
  page: number,
) =>
  queryOptions({
    queryKey: [...inboxKey(userId), 'list', kind, status, page],
    queryFn: () => inboxApi.list(kind, status, page),
    staleTime: 30_000,
  });

export const inboxItemQueryOptions = (userId: number, id: number) =>
  queryOptions({
    queryKey: [...inboxKey(userId), 'item', id],
    queryFn: () => inboxApi.item(id),
    staleTime: 30_000,
  });

/**
 * POST …/handled. The answer replaces the open item; the folders' counts and every list are asked
 * again (the item may leave the 'Não lidas' list, the badges change).
 */
export function useSetHandled(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inboxApi.setHandled,
    onSuccess: async (item) => {
      client.setQueryData(inboxItemQueryOptions(userId, item.id).queryKey, item);
      await Promise.all([
        client.invalidateQueries({ queryKey: [...inboxKey(userId), 'summary'] }),
        client.invalidateQueries({ queryKey: [...inboxKey(userId), 'list'] }),
      ]);
    },
  });
}

/** The name a Content-Disposition header gives (the UTF-8 one first), else `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // Fall through to the ASCII name.
    }
  }
  const ascii = /filename="([^"]+)"/i.exec(header);
  return ascii?.[1] ?? fallback;
}

/**
 * Downloads a protected file with the bearer token (the desktop app, whose session is not a cookie)
 * and offers it to save. The website never needs this: its links carry the cookie.
 */
export async function downloadWithToken(url: string, token: string, fallback: string) {
  const response = await fetch(url, {
    credentials: 'include',
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, response.status);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = attachmentName(response.headers.get('Content-Disposition'), fallback);
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
