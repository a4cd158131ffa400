/**
 * GET /api/v1/programs/{slug}: a programme's page (card, weekly airings, next airing); an unknown
 * slug answers 404 (the not-found view).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ProgramPage } from '@/generated/ProgramPage';
import { api } from '@/lib/api';
import { retryUnlessNotFound } from './get-schedule';

export function getProgramPage(slug: string): Promise<ProgramPage> {
  return api.get<ProgramPage>(`programs/${encodeURIComponent(slug)}`);
}

export const programPageQueryOptions = (slug: string) =>
  queryOptions({
    // Not under ['programs'], the programme cards' key, so one never refreshes the other.
    queryKey: ['program', slug],
    queryFn: () => getProgramPage(slug),
    staleTime: 60_000,
    retry: retryUnlessNotFound,
  });
