import { Suspense } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { LazyLoginModal } from '@/features/auth/login-modal-lazy';
import { openLoginModal } from '@/features/auth/login-modal-store';
import { useBreakpoint } from '@/lib/breakpoints';
import { lazyNamed, preloadOnIntent } from '@/lib/lazy';
import { useSession, useSessionStatus } from '@/lib/session';

// Logged-in listeners only: Mantine's Menu (and Floating UI with it) is not in the first load.
const UserMenu = lazyNamed(() => import('./UserMenu'), 'UserMenu');

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
 * The profile menu (doc1 §2): only for logged-in users (UserMenu, fetched once the session is
 * known) — anonymous visitors get an 'Entrar' button that opens the login modal instead (nothing
 * while the start-up session check runs).
 */
export function ProfileMenu({ onLogout }: ProfileMenuProps) {
  const session = useSession();
  const status = useSessionStatus();
  if (!session) return status === 'anonymous' ? <LoginButton /> : null;
  return (
    <Suspense fallback={null}>
      <UserMenu user={session.user} onLogout={onLogout} />
    </Suspense>
  );
}
