import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { StaffGate, StaffRefusal } from '@/components/StaffGate/StaffGate';
import type { StaffGateIds, StaffGateTexts } from '@/components/StaffGate/StaffGate';
import { permissionsQueryOptions } from '@/features/stats/api/permissions-api';
import { SCHEDULE_MESSAGES, SCHEDULE_PERMISSION } from './messages';

const TEXTS: StaffGateTexts = { ...SCHEDULE_MESSAGES, error: SCHEDULE_MESSAGES.gateError };
const IDS: StaffGateIds = {
  loginRequired: 'schedule-login-required',
  noPermission: 'schedule-no-permission',
  error: 'schedule-gate-error',
  loading: 'schedule-gate-loading',
};

/** The caller's permissions: the profile menu's query, usually cached already. */
function usePermissions(userId: number) {
  return useQuery(permissionsQueryOptions(userId));
}

/**
 * Who may enter the schedule desk: the staff gate with the catalogue's permission. It asks the
 * permissions list rather than a desk call because its pages start from different calls (a
 * channel's grid, the playlists, one playlist); the server checks every one of them anyway, and a
 * 401 or 403 from one shows the same states ({@link ScheduleRefusal}).
 */
export function ScheduleGate({ children }: { children: (userId: number) => ReactNode }) {
  return (
    <StaffGate
      texts={TEXTS}
      ids={IDS}
      useAccess={usePermissions}
      allows={(permissions) => permissions.userPermissions.includes(SCHEDULE_PERMISSION)}
    >
      {(userId) => children(userId)}
    </StaffGate>
  );
}

/** The login prompt for a 401 of a desk call, the 'no permission' state for a 403. */
export function ScheduleRefusal({ error }: { error: unknown }) {
  return <StaffRefusal error={error} texts={TEXTS} ids={IDS} />;
}
