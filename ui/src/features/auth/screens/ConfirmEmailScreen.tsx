import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { EMAIL_CONFIRM_EFFECT_DELAY_MS } from '@/lib/constants';
import { setSession, type SessionUser } from '@/lib/session';
import { toast } from '@/lib/toast';
import { LIMITS, validateConfirmCode } from '@/lib/validation';
import { accountApi } from '../api/account-api';
import {
  closeLoginModal,
  markResent,
  setPendingUser,
  useLoginModalState,
} from '../login-modal-store';
import { AUTH_MESSAGES, errorText } from '../messages';
import { establishSession, markSessionHint } from '../session-actions';
import { FormError, FormNotice, SubmitButton } from './common';

/** The 6-digit code and the resend button (doc1 §2, §4 E-mail confirmation; G63). */
export function ConfirmEmailScreen() {
  const { params, pendingUser, resent } = useLoginModalState();
  const userId = params.userId ?? pendingUser?.userId;
  const [code, setCode] = useState(params.code ?? '');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const autoSubmitted = useRef(false);

  async function confirm(value: string) {
    const invalid = validateConfirmCode(value);
    setError(invalid);
    if (invalid) return;
    setSubmitting(true);
    try {
      const { user, token } = await accountApi.confirmEmail({ userId: userId ?? 0, code: value });
      // Success stores the user; the token and the profile follow 2.5 s later.
      setSession({ user: user as SessionUser, token: null });
      markSessionHint();
      setPendingUser(null);
      toast.success(AUTH_MESSAGES.loginSuccess);
      closeLoginModal();
      setTimeout(() => void establishSession(user, token), EMAIL_CONFIRM_EFFECT_DELAY_MS);
    } catch (failure) {
      toast.error(errorText('confirmEmail', failure));
    } finally {
      setSubmitting(false);
    }
  }

  // A code and userId from the link are submitted automatically.
  useEffect(() => {
    if (autoSubmitted.current || !params.code || params.userId === undefined) return;
    autoSubmitted.current = true;
    void confirm(params.code);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the link's parameters
  }, []);

  async function resend() {
    setResending(true);
    try {
      await accountApi.resendConfirmationEmail({
        name: pendingUser?.name ?? '',
        userId: userId ?? 0,
        email: pendingUser?.email ?? '',
      });
      markResent();
    } catch (failure) {
      toast.error(errorText('resendConfirmationEmail', failure));
    } finally {
      setResending(false);
    }
  }

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void confirm(code);
      }}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm">
          Enviamos um código de {LIMITS.confirmCodeLength} números para o seu e-mail
          {pendingUser?.email ? ` (${pendingUser.email})` : ''}. Digite-o abaixo para confirmar o
          seu cadastro.
        </Text>
        <TextInput
          label="Código de confirmação"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LIMITS.confirmCodeLength}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\s/g, ''))}
        />
        <FormError message={error} />
        {resent && <FormNotice>{AUTH_MESSAGES.resendDone}</FormNotice>}
        <SubmitButton kind="confirmEmail" submitting={submitting}>
          Confirmar
        </SubmitButton>
        <Button
          variant="subtle"
          onClick={() => void resend()}
          disabled={resending || resent || userId === undefined}
          loading={resending}
        >
          Reenviar código
        </Button>
      </Stack>
    </form>
  );
}
