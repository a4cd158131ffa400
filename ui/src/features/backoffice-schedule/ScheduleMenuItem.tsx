import { Menu } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCalendarWeek } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { permissionsQueryOptions } from '@/features/stats/api/permissions-api';
import { SCHEDULE_MESSAGES, SCHEDULE_PATH, SCHEDULE_PERMISSION } from './messages';

/**
 * 'Grade de programação' in the profile menu, for staff with permission 7 (the catalogue's: the
 * server asks for it on every schedule and playlist call), from the menu's cached permissions query.
 */
export function ScheduleMenuItem({ userId }: { userId: number }) {
  const permissions = useQuery(permissionsQueryOptions(userId));
  if (!permissions.data?.userPermissions.includes(SCHEDULE_PERMISSION)) return null;
  return (
    <Menu.Item
      component={Link}
      to={SCHEDULE_PATH}
      leftSection={<IconCalendarWeek size={16} aria-hidden />}
    >
      {SCHEDULE_MESSAGES.menu}
    </Menu.Item>
  );
}
