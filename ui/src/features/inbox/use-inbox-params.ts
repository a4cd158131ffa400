/**
 * Where the reader is, kept in the address so the browser's back button and a shared link work:
 * `?pasta=contact&status=unhandled&pagina=2&mensagem=17`. On a phone, opening a message is a step
 * forward in the history, and back returns to the list.
 */
import { useCallback } from 'react';
import { useSearchParams } from '@/lib/router';
import type { FormKind } from '@/generated/FormKind';
import type { InboxFolder } from '@/generated/InboxFolder';
import type { InboxStatus } from './api/inbox-api';

const STATUSES: readonly InboxStatus[] = ['unhandled', 'handled', 'all'];

export interface InboxParams {
  kind: FormKind;
  status: InboxStatus;
  page: number;
  /** The open message, if any. */
  itemId: number | null;
}

function positive(raw: string | null): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

/** The address's state, with defaults: the first folder, 'Não lidas', page 1, nothing open. */
export function readInboxParams(search: URLSearchParams, folders: InboxFolder[]): InboxParams {
  const rawKind = search.get('pasta');
  const kind = folders.find((folder) => folder.kind === rawKind)?.kind ?? folders[0]?.kind;
  const rawStatus = search.get('status');
  return {
    kind: kind ?? 'recommendation',
    status: STATUSES.find((status) => status === rawStatus) ?? 'unhandled',
    page: positive(search.get('pagina')) ?? 1,
    itemId: positive(search.get('mensagem')),
  };
}

/** The query string of a state (defaults left out). */
export function inboxSearch(params: InboxParams): string {
  const search = new URLSearchParams();
  search.set('pasta', params.kind);
  if (params.status !== 'unhandled') search.set('status', params.status);
  if (params.page > 1) search.set('pagina', String(params.page));
  if (params.itemId !== null) search.set('mensagem', String(params.itemId));
  return `?${search.toString()}`;
}

export function useInboxParams(folders: InboxFolder[]) {
  const [search, setSearch] = useSearchParams();
  const params = readInboxParams(search, folders);
  const { kind, status, page, itemId } = params;
  /** The search string of the current state changed by `patch`. */
  const href = useCallback(
    (patch: Partial<InboxParams>) => inboxSearch({ kind, status, page, itemId, ...patch }),
    [kind, status, page, itemId],
  );
  const go = useCallback(
    (patch: Partial<InboxParams>) => setSearch(href(patch).slice(1)),
    [href, setSearch],
  );
  return { params, href, go };
}
