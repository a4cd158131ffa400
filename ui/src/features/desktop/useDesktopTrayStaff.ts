/**
 * The tray's 'Estatísticas' item: inside the desktop app, tells Rust
 * (`tray_set_staff`) whether the signed-in user may read the statistics, with the same permission
 * check as /a1stats (getUserPermissions, permission 1). Logged out or without the permission: false.
 * The item itself opens /a1stats (the `onda://tray` 'open-stats' action, see listenToTray).
 */
import { useEffect } from 'react';
import { desktopInvoke, isDesktop } from '@/lib/tauri-bridge';
import { usePermissions } from '@/features/stats/api/permissions-api';
import { STATS_PERMISSION_READ } from '@/lib/constants';
import { useSession, useSessionStatus } from '@/lib/session';

export function useDesktopTrayStaff(): void {
  const desktop = isDesktop();
  const session = useSession();
  const status = useSessionStatus();
  const userId = desktop ? (session?.user.userId ?? null) : null;
  const permissions = usePermissions(userId);
  const staff =
    userId !== null && !!permissions.data?.userPermissions.includes(STATS_PERMISSION_READ);
  // Known once logged out, or once the permissions answered (an error counts as no permission).
  const known = desktop && (status === 'anonymous' || (userId !== null && !permissions.isPending));

  useEffect(() => {
    if (!known) return;
    void desktopInvoke('tray_set_staff', { staff }).catch(() => undefined);
  }, [known, staff]);
}
