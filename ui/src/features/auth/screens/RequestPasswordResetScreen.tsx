import { useState, type FormEvent } from 'react';
import { Stack, Text, TextInput } from '@mantine/core';
import { toast } from '@/lib/toast';
import { validateResetRequest } from '@/lib/validation';
import { accountApi } from '../api/account-api';
import { showLoginScreen } from '../login-modal-store';
import { AUTH_MESSAGES, errorText } from '../messages';
import { FormError, FormNotice, LinkButton, SubmitButton } from './common';

/** 'Esqueci minha senha' (doc1 §4 Password reset; G08). */
export function RequestPasswordResetScreen() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateResetRequest(email);
    setError(invalid);
    if (invalid) return;
    setSubmitting(true);
    try {
      await accountApi.requestPasswordReset(email.trim());
      setSent(true);
    } catch (failure) {
      toast.error(errorText('requestPasswordReset', failure));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">Informe o e-mail do seu cadastro para criar uma nova senha.</Text>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <FormError message={error} />
        {sent && <FormNotice>{AUTH_MESSAGES.resetRequested}</FormNotice>}
        <SubmitButton kind="requestPasswordReset" submitting={submitting}>
          Enviar
        </SubmitButton>
        <Text size="sm" ta="center">
          <LinkButton onClick={() => showLoginScreen('login')}>Voltar para o login</LinkButton>
        </Text>
      </Stack>
    </form>
  );
}
