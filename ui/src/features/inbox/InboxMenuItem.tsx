import { Badge, Menu, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconInbox } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { permissionsQueryOptions } from '@/features/stats/api/permissions-api';
import { inboxSummaryQueryOptions } from './api/inbox-api';
import { INBOX_MESSAGES, INBOX_PATH, INBOX_PERMISSION_READ } from './messages';

/**
 * 'Caixa de entrada' in the profile menu, for staff with permission 4 only, with the number of
 * messages nobody has handled yet. It lives in the menu's dropdown, so the permissions are asked
 * when the menu opens (and shared with /a1stats), never on every page.
 */
export function InboxMenuItem({ userId }: { userId: number }) {
  const permissions = useQuery(permissionsQueryOptions(userId));
  const allowed = !!permissions.data?.userPermissions.includes(INBOX_PERMISSION_READ);
  const summary = useQuery({ ...inboxSummaryQueryOptions(userId), enabled: allowed });
  if (!allowed) return null;
  const unhandled = summary.data?.reduce((sum, folder) => sum + folder.unhandled, 0) ?? 0;

  return (
    <Menu.Item
      component={Link}
      to={INBOX_PATH}
      leftSection={<IconInbox size={16} aria-hidden />}
      rightSection={
        unhandled > 0 ? (
          <Badge size="sm" circle={unhandled < 10} aria-hidden>
            {unhandled}
          </Badge>
        ) : undefined
      }
    >
      {INBOX_MESSAGES.title}
      {unhandled > 0 && <VisuallyHidden>{` (${unhandled} não lidas)`}</VisuallyHidden>}
    </Menu.Item>
  );
}
