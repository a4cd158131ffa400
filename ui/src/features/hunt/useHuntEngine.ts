import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from '@/lib/router';
import { getSession, useSession } from '@/lib/session';
import { HUNT_STATUS_KEY, huntApi, huntInfoQueryOptions } from './api/hunt-api';
import {
  getHuntState,
  resetHunt,
  setPendingWin,
  setReservedChecked,
  useHuntState,
} from './hunt-store';

const currentUserId = () => getSession()?.user.userId ?? null;

/**
 * The hunt's engine, mounted once in the shell (doc3 §4.4; S13):
 * - the hunt info is asked for on every route change and fetched only when older than 30 minutes;
 * - at each login, `checkSomeReservedPrize` once: a prize won earlier and not opened shows the chest;
 * - then every route change of a logged-in user with a complete registration is a page view
 *   (`setPageViewAndCheckWin`), while a hunt is active and no prize is pending. A prize won shows the
 *   closed chest. Pages seen while a prize is pending are not counted later: after the share, the
 *   hunt goes on from the next page.
 */
export function useHuntEngine(): void {
  const { pathname, search } = useLocation();
  const route = `${pathname}${search}`;
  const session = useSession();
  const userId = session?.user.userId ?? null;
  const registrationComplete = session?.user.registrationComplete === true;
  const queryClient = useQueryClient();
  const info = useQuery(huntInfoQueryOptions());
  const huntActive = !!info.data;
  const { win, reservedCheckedFor } = useHuntState();

  /** The login whose reserved prize was asked for. */
  const reservedAskedFor = useRef<number | null>(null);
  /** The last route counted (or passed over while a prize was pending). */
  const countedRoute = useRef<string | null>(null);

  useEffect(() => {
    void queryClient.prefetchQuery(huntInfoQueryOptions());
  }, [queryClient, route]);

  const { mutate: checkReserved } = useMutation({
    mutationFn: (_forUser: number) => huntApi.checkSomeReservedPrize(),
    onSuccess: (reserved, forUser) => {
      if (reserved && currentUserId() === forUser && !getHuntState().win) setPendingWin(reserved);
    },
    onSettled: (_data, _error, forUser) => {
      if (currentUserId() === forUser) setReservedChecked(forUser);
    },
  });

  const { mutate: countPageView } = useMutation({
    mutationFn: (_forUser: number) => huntApi.setPageViewAndCheckWin(),
    onSuccess: (won, forUser) => {
      if (!won || currentUserId() !== forUser || getHuntState().win) return;
      setPendingWin(won);
      void queryClient.invalidateQueries({ queryKey: HUNT_STATUS_KEY });
    },
  });

  // Once per login.
  useEffect(() => {
    if (userId === null) {
      reservedAskedFor.current = null;
      countedRoute.current = null;
      resetHunt();
      return;
    }
    if (reservedAskedFor.current === userId) return;
    reservedAskedFor.current = userId;
    countedRoute.current = null;
    checkReserved(userId);
  }, [userId, checkReserved]);

  const canCount =
    userId !== null && registrationComplete && huntActive && reservedCheckedFor === userId;

  useEffect(() => {
    if (win) {
      countedRoute.current = route;
      return;
    }
    if (!canCount || userId === null || countedRoute.current === route) return;
    countedRoute.current = route;
    countPageView(userId);
  }, [canCount, countPageView, route, userId, win]);
}
