import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { StaffGate, StaffRefusal } from '@/components/StaffGate/StaffGate';
import type { StaffGateIds, StaffGateTexts } from '@/components/StaffGate/StaffGate';
import { permissionsQueryOptions } from '@/features/stats/api/permissions-api';
import { NEWSROOM_MESSAGES, NEWSROOM_PERMISSION } from './messages';

const TEXTS: StaffGateTexts = {
  ...NEWSROOM_MESSAGES,
  loading: NEWSROOM_MESSAGES.loadingList,
  error: NEWSROOM_MESSAGES.listError,
};
const IDS: StaffGateIds = {
  loginRequired: 'newsroom-login-required',
  noPermission: 'newsroom-no-permission',
  error: 'newsroom-error',
};

/** The caller's permissions: the profile menu's query, usually cached already. */
function usePermissions(userId: number) {
  return useQuery(permissionsQueryOptions(userId));
}

/**
 * Who may enter the newsroom: the staff gate with permission 5. Without a session the
 * login prompt (and no back-office call); with one, the caller's permissions decide. The server
 * checks every call anyway; a 401 or 403 from one of them shows the same states
 * ({@link NewsroomRefusal}).
 */
export function NewsroomGate({
  children,
  frame,
}: {
  children: (userId: number) => ReactNode;
  /** Wraps the gate's own states (a page whose content draws its own frame passes one). */
  frame?: (content: ReactNode) => ReactNode;
}) {
  return (
    <StaffGate
      texts={TEXTS}
      ids={IDS}
      useAccess={usePermissions}
      allows={(permissions) => permissions.userPermissions.includes(NEWSROOM_PERMISSION)}
      frame={frame}
    >
      {(userId) => children(userId)}
    </StaffGate>
  );
}

/**
 * The login prompt for a 401 of a newsroom call, the 'no permission' state for a 403 (a permission
 * taken away while the page was open); nothing for other errors.
 */
export function NewsroomRefusal({ error }: { error: unknown }) {
  return <StaffRefusal error={error} texts={TEXTS} ids={IDS} />;
}
