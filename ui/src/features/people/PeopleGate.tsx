import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { StaffGate, StaffRefusal, StaffSkeleton } from '@/components/StaffGate/StaffGate';
import type { StaffGateIds, StaffGateTexts } from '@/components/StaffGate/StaffGate';
import { permissionsQueryOptions } from '@/features/stats/api/permissions-api';
import { PEOPLE_MESSAGES, PEOPLE_PERMISSION } from './messages';

const TEXTS: StaffGateTexts = {
  ...PEOPLE_MESSAGES,
  loading: PEOPLE_MESSAGES.loadingList,
  error: PEOPLE_MESSAGES.listError,
};
const IDS: StaffGateIds = {
  loginRequired: 'people-login-required',
  noPermission: 'people-no-permission',
  error: 'people-error',
};
/** The height of the people list's rows (the skeleton's rows match it). */
const ROW_HEIGHT = 64;

/** The caller's permissions: the profile menu's query, usually cached already. */
function usePermissions(userId: number) {
  return useQuery(permissionsQueryOptions(userId));
}

/**
 * Who may enter /a1pessoas: the staff gate with permission 8. Without a session the
 * login prompt (and no back-office call); with one, the caller's permissions decide. The server
 * checks every call anyway; a 401 or 403 from one of them shows the same states
 * ({@link PeopleRefusal}).
 */
export function PeopleGate({ children }: { children: (userId: number) => ReactNode }) {
  return (
    <StaffGate
      texts={TEXTS}
      ids={IDS}
      useAccess={usePermissions}
      allows={(permissions) => permissions.userPermissions.includes(PEOPLE_PERMISSION)}
      skeletonRowHeight={ROW_HEIGHT}
    >
      {(userId) => children(userId)}
    </StaffGate>
  );
}

/** The login prompt for a 401, the 'no permission' state for a 403; nothing for other errors. */
export function PeopleRefusal({ error }: { error: unknown }) {
  return <StaffRefusal error={error} texts={TEXTS} ids={IDS} />;
}

/** The loading skeleton of the people desk's lists (`label` names what is loading). */
export function GateSkeleton({ label = PEOPLE_MESSAGES.loadingList }: { label?: string }) {
  return <StaffSkeleton label={label} rowHeight={ROW_HEIGHT} />;
}
