import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { StaffGate, StaffRefusal } from '@/components/StaffGate/StaffGate';
import type { StaffGateIds, StaffGateTexts } from '@/components/StaffGate/StaffGate';
import { permissionsQueryOptions } from '@/features/stats/api/permissions-api';
import { PROMO_MESSAGES, PROMOTIONS_PERMISSION } from './messages';

const TEXTS: StaffGateTexts = { ...PROMO_MESSAGES, error: PROMO_MESSAGES.listError };
const IDS: StaffGateIds = {
  loginRequired: 'promotions-login-required',
  noPermission: 'promotions-no-permission',
  error: 'promotions-gate-error',
  loading: 'promotions-gate-loading',
};

/** The caller's permissions: the profile menu's query, usually cached already. */
function usePermissions(userId: number) {
  return useQuery(permissionsQueryOptions(userId));
}

/**
 * Who may enter the promotions desk: the staff gate with permission 6. Without a session
 * the login prompt (and no back-office call); with one, the caller's permissions decide. The server
 * checks every call anyway; a 401 or 403 from one of them shows the same states
 * ({@link PromotionsRefusal}).
 */
export function PromotionsGate({ children }: { children: (userId: number) => ReactNode }) {
  return (
    <StaffGate
      texts={TEXTS}
      ids={IDS}
      useAccess={usePermissions}
      allows={(permissions) => permissions.userPermissions.includes(PROMOTIONS_PERMISSION)}
    >
      {(userId) => children(userId)}
    </StaffGate>
  );
}

/** The login prompt for a 401 of a desk call, the 'no permission' state for a 403. */
export function PromotionsRefusal({ error }: { error: unknown }) {
  return <StaffRefusal error={error} texts={TEXTS} ids={IDS} />;
}
