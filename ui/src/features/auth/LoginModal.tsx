import { Alert, Modal } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { MODAL_Z_INDEX } from '@/lib/layers';
import { closeLoginModal, useLoginModalState, type LoginScreen } from './login-modal-store';
import { ConfirmEmailScreen } from './screens/ConfirmEmailScreen';
import { LoginScreen as LoginForm } from './screens/LoginScreen';
import { RegisterScreen } from './screens/RegisterScreen';
import { RequestPasswordResetScreen } from './screens/RequestPasswordResetScreen';
import { ResetPasswordScreen } from './screens/ResetPasswordScreen';

const SCREEN_TITLES: Record<LoginScreen, string> = {
  login: 'Entrar',
  register: 'Criar cadastro',
  confirmEmail: 'Confirme o seu e-mail',
  requestPasswordReset: 'Esqueci minha senha',
  resetPassword: 'Criar nova senha',
};

const SCREENS = {
  login: LoginForm,
  register: RegisterScreen,
  confirmEmail: ConfirmEmailScreen,
  requestPasswordReset: RequestPasswordResetScreen,
  resetPassword: ResetPasswordScreen,
} as const;

/** The login/registration modal (doc1 §2): five screens; Escape and an outside click close it. */
export function LoginModal() {
  const { opened, screen, params } = useLoginModalState();
  const Screen = SCREENS[screen];
  return (
    <Modal
      opened={opened}
      onClose={closeLoginModal}
      title={SCREEN_TITLES[screen]}
      centered
      size="md"
      zIndex={MODAL_Z_INDEX}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      data-testid="login-modal"
      data-screen={screen}
    >
      {params.notice && (
        <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />} mb="sm" p="xs">
          {params.notice}
        </Alert>
      )}
      {opened && <Screen key={screen} />}
    </Modal>
  );
}
