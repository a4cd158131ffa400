import { useState, type FormEvent } from 'react';
import { Anchor, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@/lib/router';
import { toast } from '@/lib/toast';
import {
  LIMITS,
  VALIDATION_MESSAGES,
  isRegistrationValid,
  validateRegistration,
  type RegistrationField,
  type RegistrationValues,
} from '@/lib/validation';
import { accountApi } from '../api/account-api';
import { setPendingUser, showLoginScreen } from '../login-modal-store';
import { AUTH_MESSAGES, errorText } from '../messages';
import { SocialButtons } from '../social/SocialButtons';
import { LinkButton, SubmitButton } from './common';

const EMPTY: RegistrationValues = {
  name: '',
  email: '',
  confirmEmail: '',
  password: '',
  confirmPassword: '',
};

/** Registration (doc1 §2, §5): submit disabled until valid, error style once a field is touched. */
export function RegisterScreen() {
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<RegistrationField, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const valid = validateRegistration(values);
  const formValid = isRegistrationValid(values);
  const r = LIMITS.registration;

  function field(name: RegistrationField) {
    return {
      value: values[name],
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        const value = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: value }));
      },
      onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
      error: Boolean(touched[name] && !valid[name]),
      'data-invalid-field': touched[name] && !valid[name] ? name : undefined,
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!formValid) return;
    setSubmitting(true);
    try {
      const { user } = await accountApi.registerUser({
        name: values.name.trim(),
        email: values.email,
        password: values.password,
      });
      toast.success(AUTH_MESSAGES.registerSuccess);
      setPendingUser(user);
      showLoginScreen('confirmEmail', { userId: user.userId });
    } catch (failure) {
      toast.error(errorText('registerUser', failure));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Nome" autoComplete="name" maxLength={r.nameMax} {...field('name')} />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          maxLength={r.emailMax}
          {...field('email')}
        />
        <TextInput
          label="Confirme o e-mail"
          type="email"
          autoComplete="off"
          maxLength={r.emailMax}
          {...field('confirmEmail')}
        />
        <PasswordInput
          label="Senha"
          description="Dica: use uma senha forte, com pelo menos 8 caracteres, letras maiúsculas e minúsculas, números e símbolos."
          autoComplete="new-password"
          maxLength={r.passwordMax}
          {...field('password')}
        />
        <PasswordInput
          label="Confirme a senha"
          autoComplete="new-password"
          maxLength={r.passwordMax}
          {...field('confirmPassword')}
        />
        <Text size="xs" c="dimmed">
          Ao se cadastrar você concorda com a nossa{' '}
          <Anchor component={Link} to="/termos/privacidade" size="xs">
            Política de Privacidade
          </Anchor>
          .
        </Text>
        <SubmitButton kind="registerUser" submitting={submitting} disabled={!formValid}>
          {formValid ? 'Cadastrar' : VALIDATION_MESSAGES.registrationInvalid}
        </SubmitButton>
        <SocialButtons mode="register" />
        <Text size="sm" ta="center">
          Já tem cadastro? <LinkButton onClick={() => showLoginScreen('login')}>Entrar</LinkButton>
        </Text>
      </Stack>
    </form>
  );
}
