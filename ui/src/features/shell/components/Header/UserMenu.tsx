import { Avatar, Badge, Group, Menu, UnstyledButton } from '@mantine/core';
import { IconAlarm, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@/lib/router';
import { useLogout } from '@/features/auth/session-actions';
import { CatalogueMenuItem } from '@/features/backoffice-catalogue/CatalogueMenuItem';
import { LiveMenuItem } from '@/features/backoffice-live/LiveMenuItem';
import { PromotionsMenuItem } from '@/features/backoffice-promotions/PromotionsMenuItem';
import { ScheduleMenuItem } from '@/features/backoffice-schedule/ScheduleMenuItem';
import { InboxMenuItem } from '@/features/inbox/InboxMenuItem';
import { NewsroomMenuItem } from '@/features/newsroom/NewsroomMenuItem';
import { PeopleMenuItem } from '@/features/people/PeopleMenuItem';
import type { SessionUser } from '@/lib/session';
import { isDesktop } from '@/lib/tauri-bridge';
import { initialsOf } from '@/lib/text';

export interface UserMenuProps {
  user: SessionUser;
  /** Replaces the logout action (tests); by default POST logout, clear, go to / (ID-20). */
  onLogout?: () => void;
}

/**
 * The profile menu of a logged-in user (doc1 §2): initials, a PRO badge for PRO users, 'Meu
 * perfil', 'Despertador' (desktop app only), 'Caixa de entrada' (staff with permission 4),
 * 'Redação' (staff with permission 5), 'Promoções' (staff with permission 6), 'Catálogo' (staff with
 * permission 7 or 5), 'Transmissão ao vivo' and 'Grade de programação' (staff with permission 7)
 * and 'Sair'.
 */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const logout = useLogout();

  return (
    <Menu position="bottom-end" withArrow shadow="lg" width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={`Menu do perfil de ${user.name}`} data-testid="profile-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar color="onda" radius="xl" size={36}>
              {initialsOf(user.name, user.lastName ?? undefined)}
            </Avatar>
            {user.isPro && (
              <Badge variant="gradient" size="sm">
                PRO
              </Badge>
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to="/perfil/editar-perfil"
          leftSection={<IconUserCircle size={16} />}
        >
          Meu perfil
        </Menu.Item>
        {isDesktop() && (
          <Menu.Item component={Link} to="/despertador" leftSection={<IconAlarm size={16} />}>
            Despertador
          </Menu.Item>
        )}
        <InboxMenuItem userId={user.userId} />
        <NewsroomMenuItem userId={user.userId} />
        <PromotionsMenuItem userId={user.userId} />
        <CatalogueMenuItem userId={user.userId} />
        <LiveMenuItem userId={user.userId} />
        <ScheduleMenuItem userId={user.userId} />
        <PeopleMenuItem userId={user.userId} />
        <Menu.Item
          leftSection={<IconLogout size={16} />}
          onClick={onLogout ?? (() => void logout())}
        >
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
