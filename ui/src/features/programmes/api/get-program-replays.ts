/**
 * GET /api/v1/programs/{slug}/replays: the programme's recordings ('Ouvir de novo'), newest first,
 * with who may hear them and whether the caller may. An unknown slug answers 404.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ProgramReplays } from '@/generated/ProgramReplays';
import { api } from '@/lib/api';
import { retryUnlessNotFound } from './get-schedule';

export function getProgramReplays(slug: string, token: string | null): Promise<ProgramReplays> {
  return api.get<ProgramReplays>(`programs/${encodeURIComponent(slug)}/replays`, {
    token,
    // The server lets the browser keep an answer for a minute, and the same address answers
    // differently once logged in: without this, the locked list came back after the login.
    cache: 'no-cache',
  });
}

/** Who is asking: the answer's `allowed` and audio URLs depend on the session and on PRO. */
export interface ReplaysViewer {
  userId: number;
  isPro: boolean;
  /** The desktop app's bearer token (the website's session is its cookie). */
  token: string | null;
}

export const programReplaysQueryOptions = (slug: string, viewer: ReplaysViewer) =>
  queryOptions({
    // Keyed by who asks, so logging in (or becoming PRO) asks again instead of keeping the
    // locked answer.
    queryKey: ['program', slug, 'replays', viewer.userId, viewer.isPro],
    queryFn: () => getProgramReplays(slug, viewer.token),
    // While the answer for a login loads, the one before stays on screen (not the skeleton);
    // another programme's never stands in.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === slug ? previous : undefined,
    staleTime: 60_000,
    retry: retryUnlessNotFound,
  });
