import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { toast } from '@/lib/toast';
import { LIMITS, validateResetPassword } from '@/lib/validation';
import { accountApi } from '../api/account-api';
import { showLoginScreen, useLoginModalState } from '../login-modal-store';
import { AUTH_MESSAGES, errorText } from '../messages';
import { FormError, FormNotice, SubmitButton } from './common';

/** The new password of a reset link (doc1 §4, §5; C01). */
export function ResetPasswordScreen() {
  const { params } = useLoginModalState();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateResetPassword(password, confirmation);
    setError(invalid);
    if (invalid) return;
    setSubmitting(true);
    try {
      await accountApi.resetPassword({
        userId: params.userId ?? 0,
        newPassword: password,
        resetToken: params.token ?? '',
      });
      setDone(true);
    } catch (failure) {
      toast.error(errorText('resetPassword', failure));
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <Stack gap="sm">
        <FormNotice>{AUTH_MESSAGES.resetDone}</FormNotice>
        <Button onClick={() => showLoginScreen('login')}>Fazer login</Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label="Nova senha"
          autoComplete="new-password"
          maxLength={LIMITS.passwordCap}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <PasswordInput
          label="Confirme a nova senha"
          autoComplete="new-password"
          maxLength={LIMITS.passwordCap}
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
        />
        <FormError message={error} />
        <SubmitButton kind="resetPassword" submitting={submitting}>
          Salvar nova senha
        </SubmitButton>
      </Stack>
    </form>
  );
}
