import { Menu } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconGift } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { permissionsQueryOptions } from '@/features/stats/api/permissions-api';
import { PROMO_MESSAGES, PROMOTIONS_PATH, PROMOTIONS_PERMISSION } from './messages';

/** 'Promoções' in the profile menu, for staff with permission 6 only (like 'Redação'). */
export function PromotionsMenuItem({ userId }: { userId: number }) {
  const permissions = useQuery(permissionsQueryOptions(userId));
  if (!permissions.data?.userPermissions.includes(PROMOTIONS_PERMISSION)) return null;
  return (
    <Menu.Item
      component={Link}
      to={PROMOTIONS_PATH}
      leftSection={<IconGift size={16} aria-hidden />}
    >
      {PROMO_MESSAGES.title}
    </Menu.Item>
  );
}
