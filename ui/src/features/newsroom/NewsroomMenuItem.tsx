import { Menu } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconNews } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { permissionsQueryOptions } from '@/features/stats/api/permissions-api';
import { NEWSROOM_MESSAGES, NEWSROOM_PATH, NEWSROOM_PERMISSION } from './messages';

/**
 * 'Redação' in the profile menu, for staff with permission 5 only. Like 'Caixa de entrada', the
 * permissions are asked when the menu opens (one cached query shared with /a1stats and the inbox).
 */
export function NewsroomMenuItem({ userId }: { userId: number }) {
  const permissions = useQuery(permissionsQueryOptions(userId));
  if (!permissions.data?.userPermissions.includes(NEWSROOM_PERMISSION)) return null;
  return (
    <Menu.Item component={Link} to={NEWSROOM_PATH} leftSection={<IconNews size={16} aria-hidden />}>
      {NEWSROOM_MESSAGES.title}
    </Menu.Item>
  );
}
