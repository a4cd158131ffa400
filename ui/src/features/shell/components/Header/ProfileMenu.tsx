import { Avatar, Badge, Group, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLogout } from '@/features/auth/session-actions';
import { useSession } from '@/lib/session';
import { initialsOf } from '@/lib/text';

export interface ProfileMenuProps {
  /** Replaces the logout action (tests); by default POST logout, clear, go to / (ID-20). */
  onLogout?: () => void;
}

/**
 * The profile menu (doc1 §2): only for logged-in users, so it renders nothing for anonymous
 * visitors. Initials, a PRO badge for PRO users, 'Meu perfil' and 'Sair'.
 */
export function ProfileMenu({ onLogout }: ProfileMenuProps) {
  const session = useSession();
  const logout = useLogout();
  if (!session) return null;
  const { user } = session;

  return (
    <Menu position="bottom-end" withArrow shadow="lg" width={200}>
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
