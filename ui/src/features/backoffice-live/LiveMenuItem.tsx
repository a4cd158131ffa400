import { Menu } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconBroadcast } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { permissionsQueryOptions } from '@/features/stats/api/permissions-api';
import { LIVE_MESSAGES, LIVE_PATH, LIVE_PERMISSION } from './messages';

/**
 * 'Transmissão ao vivo' in the profile menu, for staff with permission 7 (the catalogue's: the
 * server asks for it on every live-sources call), from the menu's cached permissions query.
 */
export function LiveMenuItem({ userId }: { userId: number }) {
  const permissions = useQuery(permissionsQueryOptions(userId));
  if (!permissions.data?.userPermissions.includes(LIVE_PERMISSION)) return null;
  return (
    <Menu.Item
      component={Link}
      to={LIVE_PATH}
      leftSection={<IconBroadcast size={16} aria-hidden />}
    >
      {LIVE_MESSAGES.menu}
    </Menu.Item>
  );
}
