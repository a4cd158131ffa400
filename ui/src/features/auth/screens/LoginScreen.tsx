import { useState, type FormEvent } from 'react';
import { Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { LOGIN_EFFECT_DELAY_MS, LOGIN_UNCONFIRMED_JUMP_DELAY_MS } from '@/lib/constants';
import { toast } from '@/lib/toast';
import { validateLogin } from '@/lib/validation';
import { accountApi } from '../api/account-api';
import { closeLoginModal, setPendingUser, showLoginScreen } from '../login-modal-store';
import { AUTH_MESSAGES, errorText } from '../messages';
import { establishSession, markSessionHint } from '../session-actions';
import { SocialButtons } from '../social/SocialButtons';
import { FormError, LinkButton, SubmitButton } from './common';

const UNCONFIRMED = 'Erro ao tentar efetuar o login. Verifique o e-mail e senha.';

/** E-mail login (doc1 §2, §4 E-mail login; C10). */
export function LoginScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateLogin(email, password);
    setError(invalid);
    if (invalid) return;
    setSubmitting(true);
    try {
      const { user, token } = await accountApi.login({ email: email.trim(), password });
      if (user.emailConfirmed === false) {
        // C10: no session; the confirm-email screen 1 s later.
        toast.error(UNCONFIRMED);
        setTimeout(() => {
          setPendingUser(user);
          showLoginScreen('confirmEmail', { userId: user.userId });
        }, LOGIN_UNCONFIRMED_JUMP_DELAY_MS);
      } else {
        markSessionHint();
        toast.success(AUTH_MESSAGES.loginSuccess);
        closeLoginModal();
        setTimeout(() => void establishSession(user, token), LOGIN_EFFECT_DELAY_MS);
      }
    } catch (failure) {
      toast.error(errorText('login', failure));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <LinkButton onClick={() => showLoginScreen('requestPasswordReset')}>
            Esqueci minha senha
          </LinkButton>
        </Group>
        <FormError message={error} />
        <SubmitButton kind="login" submitting={submitting}>
          Entrar
        </SubmitButton>
        <SocialButtons mode="login" />
        <Text size="sm" ta="center">
          Ainda não tem cadastro?{' '}
          <LinkButton onClick={() => showLoginScreen('register')}>Cadastre-se</LinkButton>
        </Text>
      </Stack>
    </form>
  );
}
