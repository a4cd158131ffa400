import { ActionIcon, Avatar, Badge, Button, Group, Menu, UnstyledButton } from '@mantine/core';
import { IconAlarm, IconLogin, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LazyLoginModal } from '@/features/auth/login-modal-lazy';
import { openLoginModal } from '@/features/auth/login-modal-store';
import { useLogout } from '@/features/auth/session-actions';
import { InboxMenuItem } from '@/features/inbox/InboxMenuItem';
import { isDesktop } from '@/lib/tauri-bridge';
import { useBreakpoint } from '@/lib/breakpoints';
import { useSession, useSessionStatus } from '@/lib/session';
import { preloadOnIntent } from '@/lib/lazy';
import { initialsOf } from '@/lib/text';

export interface ProfileMenuProps {
  /** Replaces the logout action (tests); by default POST logout, clear, go to / (ID-20). */
  onLogout?: () => void;
}

/** 'Entrar' for anonymous visitors: opens the login/registration modal. */
function LoginButton() {
  const { isMobile } = useBreakpoint();
  if (isMobile) {
    return (
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label="Entrar"
        onClick={() => openLoginModal('login')}
        data-testid="login-button"
        {...preloadOnIntent(LazyLoginModal)}
      >
        <IconLogin size={20} aria-hidden />
      </ActionIcon>
    );
  }
  return (
    <Button
      variant="subtle"
      leftSection={<IconLogin size={18} aria-hidden />}
      onClick={() => openLoginModal('login')}
      data-testid="login-button"
      {...preloadOnIntent(LazyLoginModal)}
    >
      Entrar
    </Button>
  );
}

/**
 * The profile menu (doc1 §2): only for logged-in users — anonymous visitors get an 'Entrar' button
 * that opens the login modal instead (nothing while the start-up session check runs). Initials, a
 * PRO badge for PRO users, 'Meu perfil', 'Despertador' (desktop app only), 'Caixa de entrada' (staff
 * with permission 4) and 'Sair'.
 */
export function ProfileMenu({ onLogout }: ProfileMenuProps) {
  const session = useSession();
  const status = useSessionStatus();
  const logout = useLogout();
  if (!session) return status === 'anonymous' ? <LoginButton /> : null;
  const { user } = session;

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
