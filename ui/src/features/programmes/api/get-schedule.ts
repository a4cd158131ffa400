/**
 * GET /api/v1/schedule/{streamId}: a channel's programme grid for the next seven days, today
 * first (/programacao). An unknown channel answers 404.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ScheduleWeek } from '@/generated/ScheduleWeek';
import { ApiError, api } from '@/lib/api';

export function getScheduleWeek(streamId: string): Promise<ScheduleWeek> {
  return api.get<ScheduleWeek>(`schedule/${encodeURIComponent(streamId)}`);
}

/** Not retried on 404: an unknown channel stays unknown. */
export function retryUnlessNotFound(count: number, error: Error): boolean {
  return !(error instanceof ApiError && error.code === 404) && count < 2;
}

export const scheduleWeekQueryOptions = (streamId: string) =>
  queryOptions({
    queryKey: ['schedule', 'week', streamId],
    queryFn: () => getScheduleWeek(streamId),
    // The server caches the week for a minute; the page marks what is on air from the live hook.
    staleTime: 60_000,
    retry: retryUnlessNotFound,
  });
