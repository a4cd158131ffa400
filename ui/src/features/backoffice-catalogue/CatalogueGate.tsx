import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { StaffGate, StaffNoPermission, StaffRefusal } from '@/components/StaffGate/StaffGate';
import type { StaffGateIds, StaffGateTexts } from '@/components/StaffGate/StaffGate';
import type { CatalogueSpec } from '@/generated/CatalogueSpec';
import { specQueryOptions } from './api/catalogue-api';
import { CAT_MESSAGES } from './messages';
import { canEditSettings } from './spec-helpers';

const TEXTS: StaffGateTexts = { ...CAT_MESSAGES, error: CAT_MESSAGES.specError };
const IDS: StaffGateIds = {
  loginRequired: 'catalogue-login-required',
  noPermission: 'catalogue-no-permission',
  error: 'catalogue-gate-error',
  loading: 'catalogue-gate-loading',
};

function useSpec(userId: number) {
  return useQuery(specQueryOptions(userId));
}

/**
 * Who may enter the catalogue desk, the staff gate: without a session the login prompt
 * (and no back-office call); with one, the descriptors call decides. Unlike the promotions' gate it
 * asks the server rather than the permissions list: the spec holds only the caller's collections
 * (permission 7 or 5), and its 403 is the 'no permission' state. Every page needs the spec anyway
 * to draw itself.
 */
export function CatalogueGate({
  children,
}: {
  children: (userId: number, spec: CatalogueSpec) => ReactNode;
}) {
  return (
    <StaffGate
      texts={TEXTS}
      ids={IDS}
      useAccess={useSpec}
      allows={(spec) => spec.collections.length > 0 || canEditSettings(spec)}
    >
      {children}
    </StaffGate>
  );
}

/** The login prompt for a 401 of a desk call, the 'no permission' state for a 403. */
export function CatalogueRefusal({ error }: { error: unknown }) {
  return <StaffRefusal error={error} texts={TEXTS} ids={IDS} />;
}

/** The 'no permission' state, for a page that needs more than the gate (the settings: 7). */
export function NoPermission() {
  return <StaffNoPermission texts={TEXTS} ids={IDS} />;
}
