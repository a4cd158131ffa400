import { Menu } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconUsers } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { permissionsQueryOptions } from '@/features/stats/api/permissions-api';
import { PEOPLE_MESSAGES, PEOPLE_PATH, PEOPLE_PERMISSION } from './messages';

/** 'Pessoas' in the profile menu, for staff with permission 8 only (like 'Redação'). */
export function PeopleMenuItem({ userId }: { userId: number }) {
  const permissions = useQuery(permissionsQueryOptions(userId));
  if (!permissions.data?.userPermissions.includes(PEOPLE_PERMISSION)) return null;
  return (
    <Menu.Item component={Link} to={PEOPLE_PATH} leftSection={<IconUsers size={16} aria-hidden />}>
      {PEOPLE_MESSAGES.title}
    </Menu.Item>
  );
}
