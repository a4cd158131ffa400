/**
 * GET /api/v1/schedule/{streamId}/now: the programme on air on a channel and the next one, kept
 * current three ways: the first fetch, the push channel's `programme` events (the player's one
 * connection to the server, features/player/programme-events.ts), and, for a page without that
 * connection (the radio not playing), a fetch again when the programme on air ends or the next
 * one starts.
 */
import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScheduleNow } from '@/generated/ScheduleNow';
import type { Stream } from '@/generated/Stream';
import { subscribeProgrammeEvents } from '@/features/player/programme-events';
import { api } from '@/lib/api';
import { retryUnlessNotFound } from './get-schedule';

export function getScheduleNow(streamId: string): Promise<ScheduleNow> {
  return api.get<ScheduleNow>(`schedule/${encodeURIComponent(streamId)}/now`);
}

export const scheduleNowQueryOptions = (streamId: string) =>
  queryOptions({
    queryKey: ['schedule', 'now', streamId],
    queryFn: () => getScheduleNow(streamId),
    staleTime: 30_000,
    retry: retryUnlessNotFound,
  });

/** After a boundary the server has moved on; a little later its answer has too. */
export const SCHEDULE_BOUNDARY_GRACE_MS = 3_000;
/**
 * An answer fetched after the boundary that still names it (a cached reply, a clock behind ours):
 * asked again this much later, until it moves on.
 */
export const SCHEDULE_STILL_BEHIND_MS = 30_000;
/** setTimeout's longest delay; a week ahead fits, this only guards against a wrong date. */
const MAX_TIMER_MS = 2_147_483_647;

/** The next instant the answer changes: the end of the programme on air or the next one's start. */
export function nextBoundary(data: ScheduleNow): number | null {
  const times = [data.now?.endsAt, data.next?.startsAt]
    .filter((instant): instant is string => !!instant)
    .map((instant) => Date.parse(instant))
    .filter((time) => Number.isFinite(time));
  return times.length > 0 ? Math.min(...times) : null;
}

/** How long to wait before asking again, given when the current answer was fetched. */
export function refetchDelay(boundary: number, fetchedAt: number, now: number): number {
  if (fetchedAt >= boundary) return SCHEDULE_STILL_BEHIND_MS;
  return Math.min(MAX_TIMER_MS, Math.max(0, boundary + SCHEDULE_BOUNDARY_GRACE_MS - now));
}

/**
 * The channel whose grid a stream plays: the Dolby Atmos twin plays the main stream's programmes
 * (it shares its metaId, which is the main stream's id).
 */
export function scheduleChannelOf(stream: Pick<Stream, 'streamId' | 'metaId' | 'dolby'>): string {
  return stream.dolby ? stream.metaId : stream.streamId;
}

/** On air now and next on `streamId` (nothing asked while it is `null`). */
export function useScheduleNow(streamId: string | null | undefined) {
  const client = useQueryClient();
  const query = useQuery({ ...scheduleNowQueryOptions(streamId ?? ''), enabled: !!streamId });

  useEffect(() => {
    if (!streamId) return;
    return subscribeProgrammeEvents((event) => {
      if (event.streamId !== streamId) return;
      client.setQueryData(scheduleNowQueryOptions(streamId).queryKey, event);
    });
  }, [client, streamId]);

  const boundary = query.data ? nextBoundary(query.data) : null;
  const fetchedAt = query.dataUpdatedAt;
  useEffect(() => {
    if (!streamId || boundary === null) return;
    const timer = setTimeout(
      () =>
        void client.invalidateQueries({
          queryKey: scheduleNowQueryOptions(streamId).queryKey,
          exact: true,
        }),
      refetchDelay(boundary, fetchedAt, Date.now()),
    );
    return () => clearTimeout(timer);
  }, [client, streamId, boundary, fetchedAt]);

  return query;
}
