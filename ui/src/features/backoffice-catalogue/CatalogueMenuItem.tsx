import { Menu } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconBooks } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { permissionsQueryOptions } from '@/features/stats/api/permissions-api';
import { CAT_MESSAGES, CATALOGUE_PATH, CATALOGUE_PERMISSIONS } from './messages';

/**
 * 'Catálogo' in the profile menu, for staff with permission 7 (the catalogue) or 5 (the newsroom's
 * journalists and categories), from the menu's cached permissions query.
 */
export function CatalogueMenuItem({ userId }: { userId: number }) {
  const permissions = useQuery(permissionsQueryOptions(userId));
  const granted = permissions.data?.userPermissions ?? [];
  if (!granted.some((permission) => CATALOGUE_PERMISSIONS.includes(permission))) return null;
  return (
    <Menu.Item
      component={Link}
      to={CATALOGUE_PATH}
      leftSection={<IconBooks size={16} aria-hidden />}
    >
      {CAT_MESSAGES.title}
    </Menu.Item>
  );
}
