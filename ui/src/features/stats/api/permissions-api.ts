/**
 * The signed-in user's staff permissions (doc3 §7, G20): asked by /a1stats and each back-office
 * page's gate, by the menu items that lead there and by the desktop tray. Apart from the rest of the
 * statistics calls, which only /a1stats needs (what every page loads first).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { getAuthToken } from '@/lib/session';
import type { UserPermissions } from '../types';

export const getUserPermissions = () =>
  api.get<UserPermissions>('stats/getUserPermissions', { token: getAuthToken() });

/** Permissions of the logged-in user; keyed by user so another login asks again. */
export const permissionsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['stats', 'permissions', userId],
    queryFn: getUserPermissions,
    staleTime: 60_000,
  });

export function usePermissions(userId: number | null) {
  return useQuery({ ...permissionsQueryOptions(userId ?? 0), enabled: userId !== null });
}
