import { useEffect, useRef } from 'react';
import { Button, Center, Loader } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { openLoginModal } from '@/features/auth/login-modal-store';
import { PROFILE_MESSAGES } from '@/features/auth/messages';
import { useSession, useSessionStatus } from '@/lib/session';
import { ProfileForm } from './ProfileForm';

/**
 * /perfil/editar-perfil (doc3 §2.6). Without a session no form is rendered: the login modal opens
 * with a short notice, and the form appears in place after login (G12).
 */
export function EditProfilePage() {
  const session = useSession();
  const status = useSessionStatus();

  // Asks to log in when the page opens without a session; a session ending here (deletion, 401,
  // password change) is handled by that flow, so a logout on the way to / opens nothing.
  const previous = useRef(status);
  useEffect(() => {
    if (status === 'anonymous' && previous.current !== 'authenticated')
      openLoginModal('login', { notice: PROFILE_MESSAGES.loginRequired });
    previous.current = status;
  }, [status]);

  return (
    <PageFrame
      title="Editar perfil"
      description="Seus dados pessoais, sua senha e suas preferências."
      noindex
    >
      {session ? (
        <ProfileForm key={session.user.userId} user={session.user} />
      ) : status === 'unknown' ? (
        <Center py="xl">
          <Loader aria-label="Carregando" />
        </Center>
      ) : (
        <EmptyState
          icon={IconLogin}
          title="Entre para editar o seu perfil"
          description={PROFILE_MESSAGES.loginRequired}
        >
          <Button
            mt="md"
            onClick={() => openLoginModal('login', { notice: PROFILE_MESSAGES.loginRequired })}
          >
            Entrar
          </Button>
        </EmptyState>
      )}
    </PageFrame>
  );
}
