import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { StaffGate, StaffRefusal } from '@/components/StaffGate/StaffGate';
import type { StaffGateIds, StaffGateTexts } from '@/components/StaffGate/StaffGate';
import type { LiveSourceChannel } from '@/generated/LiveSourceChannel';
import { liveSourcesQueryOptions } from './api/live-api';
import { LIVE_MESSAGES } from './messages';

const TEXTS: StaffGateTexts = { ...LIVE_MESSAGES, error: LIVE_MESSAGES.listError };
const IDS: StaffGateIds = {
  loginRequired: 'live-login-required',
  noPermission: 'live-no-permission',
  error: 'live-gate-error',
  loading: 'live-gate-loading',
};
/** The height of a channel card's first rows (the skeleton's rows match it). */
const ROW_HEIGHT = 96;

function useChannels(userId: number) {
  return useQuery(liveSourcesQueryOptions(userId));
}

/**
 * Who may enter /a1aovivo, the staff gate: without a session the login prompt (and no back-office
 * call); with one, the channels' call decides, as the catalogue's gate asks its spec: its 403 is the
 * 'no permission' state, and the page needs its answer anyway.
 */
export function LiveGate({
  children,
}: {
  children: (userId: number, channels: LiveSourceChannel[]) => ReactNode;
}) {
  return (
    <StaffGate
      texts={TEXTS}
      ids={IDS}
      useAccess={useChannels}
      allows={() => true}
      skeletonRowHeight={ROW_HEIGHT}
    >
      {children}
    </StaffGate>
  );
}

/** The login prompt for a 401 of a later call, the 'no permission' state for a 403. */
export function LiveRefusal({ error }: { error: unknown }) {
  return <StaffRefusal error={error} texts={TEXTS} ids={IDS} />;
}
