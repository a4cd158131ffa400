import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Collapse,
  Divider,
  Group,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { openLoginModal } from '@/features/auth/login-modal-store';
import { errorText, isUnauthorized, PROFILE_MESSAGES } from '@/features/auth/messages';
import { handleUnauthorized, logout } from '@/features/auth/session-actions';
import { LOGOUT_AFTER_PASSWORD_CHANGE_MS } from '@/lib/constants';
import { maskCep, maskCpf, maskDate, maskPhone } from '@/lib/masks';
import { updateSessionUser, type SessionUser } from '@/lib/session';
import { toast } from '@/lib/toast';
import { LIMITS, VALIDATION_MESSAGES, validateProfile, type ProfileErrors } from '@/lib/validation';
import { profileApi, useCities, useStates } from './api/profile-api';
import { DeleteAccountModal } from './DeleteAccountModal';
import {
  formValuesOf,
  sameValues,
  updateBody,
  validationValues,
  type ProfileFormValues,
} from './profile-form';

type TextField = Exclude<keyof ProfileFormValues, 'newsletter' | 'gender'>;

const MASKS: Partial<Record<TextField, (value: string) => string>> = {
  cpf: maskCpf,
  birthday: maskDate,
  telefone: maskPhone,
  cep: maskCep,
  streetNumber: (value) => value.replace(/\D/g, ''),
};

/** 'Dados Pessoais' (doc3 §2.6, §4.1, §5; C32; G15, G16). */
export function ProfileForm({ user }: { user: SessionUser }) {
  const [initial, setInitial] = useState(() => formValuesOf(user));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [changePassword, setChangePassword] = useState(false);
  const [passwords, setPasswords] = useState({ current: '', next: '', confirmation: '' });
  const [saving, setSaving] = useState(false);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const states = useStates();
  const stateId = values.stateId ? Number(values.stateId) : null;
  const cities = useCities(stateId);
  const citiesLoading = stateId !== null && cities.isFetching;

  function text(name: TextField) {
    return {
      value: values[name],
      error: errors[name as keyof ProfileErrors],
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        const raw = event.currentTarget.value;
        const mask = MASKS[name];
        setValues((v) => ({ ...v, [name]: mask ? mask(raw) : raw }));
      },
    };
  }

  const passwordChanged =
    changePassword && (passwords.next !== '' || passwords.confirmation !== '');

  async function save(event: FormEvent) {
    event.preventDefault();
    if (sameValues(values, initial) && !passwordChanged) {
      toast.info(VALIDATION_MESSAGES.profile.noChanges);
      return;
    }
    const found = validateProfile(
      validationValues(
        values,
        passwordChanged
          ? { newPassword: passwords.next, confirmPassword: passwords.confirmation }
          : undefined,
      ),
      { changePassword: passwordChanged },
    );
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) {
      toast.error(first);
      return;
    }
    setSaving(true);
    try {
      const reply = await profileApi.updateProfile({
        user: updateBody(values, passwordChanged ? passwords.next : undefined),
        password: passwordChanged && passwords.current ? passwords.current : false,
      });
      if (passwordChanged) {
        toast.success(PROFILE_MESSAGES.passwordChanged);
        setTimeout(() => {
          void logout().then(() =>
            openLoginModal('login', { notice: PROFILE_MESSAGES.loginRequired }),
          );
        }, LOGOUT_AFTER_PASSWORD_CHANGE_MS);
        return;
      }
      if (reply?.user) {
        updateSessionUser(reply.user);
        const next = formValuesOf(reply.user);
        setInitial(next);
        setValues(next);
      } else {
        setInitial(values);
      }
      toast.success(PROFILE_MESSAGES.saved);
    } catch (failure) {
      if (isUnauthorized(failure)) handleUnauthorized();
      else toast.error(errorText('updateProfile', failure));
    } finally {
      setSaving(false);
    }
  }

  const stateOptions = (states.data ?? []).map((s) => ({
    value: String(s.stateId),
    label: s.stateName,
  }));
  const cityOptions = citiesLoading
    ? []
    : (cities.data ?? []).map((c) => ({ value: String(c.cityId), label: c.cityName }));
  const p = LIMITS.profile;

  return (
    <form onSubmit={save} noValidate data-testid="profile-form">
      <Stack gap="md">
        <Title order={2} size="h3">
          Dados Pessoais
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nome" maxLength={p.name[1] + 10} {...text('name')} />
          <TextInput label="Sobrenome" maxLength={p.lastName[1] + 10} {...text('lastName')} />
        </SimpleGrid>
        <TextInput
          label="E-mail"
          value={user.email}
          readOnly
          description="Para alterar o seu e-mail, entre em contato com o seu provedor de acesso."
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="CPF"
            placeholder="000.000.000-00"
            inputMode="numeric"
            {...text('cpf')}
          />
          <TextInput
            label="Data de nascimento"
            placeholder="DD/MM/AAAA"
            inputMode="numeric"
            {...text('birthday')}
          />
          <Radio.Group
            label="Gênero"
            value={values.gender}
            onChange={(gender) =>
              setValues((v) => ({ ...v, gender: gender as ProfileFormValues['gender'] }))
            }
          >
            <Group mt={8}>
              <Radio value="FEMININO" label="Feminino" />
              <Radio value="MASCULINO" label="Masculino" />
            </Group>
          </Radio.Group>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Telefone"
            placeholder="(99) 99999-9999"
            inputMode="tel"
            {...text('telefone')}
          />
          <TextInput label="CEP" placeholder="00000-000" inputMode="numeric" {...text('cep')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Estado"
            placeholder="Selecione o estado"
            data={stateOptions}
            value={values.stateId || null}
            searchable
            onChange={(value) =>
              // Changing the state clears the city and loads that state's cities (doc3 §4.1).
              setValues((v) => ({ ...v, stateId: value ?? '', cityId: '' }))
            }
          />
          <Select
            label="Cidade"
            placeholder={citiesLoading ? PROFILE_MESSAGES.loadingCities : 'Selecione a cidade'}
            data={cityOptions}
            value={citiesLoading ? null : values.cityId || null}
            disabled={citiesLoading || stateId === null}
            searchable
            onChange={(value) => setValues((v) => ({ ...v, cityId: value ?? '' }))}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Bairro" {...text('district')} />
          <TextInput label="Endereço" {...text('street')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Número" inputMode="numeric" {...text('streetNumber')} />
          <TextInput label="Complemento" {...text('addressSupplement')} />
        </SimpleGrid>
        <Checkbox
          label="Quero receber a newsletter"
          checked={values.newsletter}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            setValues((v) => ({ ...v, newsletter: checked }));
          }}
        />

        <Divider />
        <Group>
          <Button
            variant="light"
            onClick={() => setChangePassword((open) => !open)}
            aria-expanded={changePassword}
          >
            Alterar senha
          </Button>
        </Group>
        <Collapse in={changePassword}>
          {changePassword && (
            <Stack gap="sm">
              <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
                Depois de alterar a senha você será desconectado e precisará fazer o login
                novamente.
              </Alert>
              <PasswordInput
                label="Senha atual"
                autoComplete="current-password"
                value={passwords.current}
                onChange={(e) => {
                  const current = e.currentTarget.value;
                  setPasswords((pw) => ({ ...pw, current }));
                }}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PasswordInput
                  label="Nova senha"
                  description="Dica: use uma senha forte, com pelo menos 8 caracteres, letras maiúsculas e minúsculas, números e símbolos."
                  autoComplete="new-password"
                  maxLength={LIMITS.passwordCap}
                  value={passwords.next}
                  error={errors.newPassword}
                  onChange={(e) => {
                    const next = e.currentTarget.value;
                    setPasswords((pw) => ({ ...pw, next }));
                  }}
                />
                <PasswordInput
                  label="Confirme a nova senha"
                  autoComplete="new-password"
                  maxLength={LIMITS.passwordCap}
                  value={passwords.confirmation}
                  error={errors.confirmPassword}
                  onChange={(e) => {
                    const confirmation = e.currentTarget.value;
                    setPasswords((pw) => ({ ...pw, confirmation }));
                  }}
                />
              </SimpleGrid>
            </Stack>
          )}
        </Collapse>

        <Group justify="space-between">
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setDeleteOpened(true)}
          >
            Excluir conta
          </Button>
          <Button type="submit" loading={saving}>
            Salvar
          </Button>
        </Group>
      </Stack>
      <DeleteAccountModal
        opened={deleteOpened}
        onClose={() => setDeleteOpened(false)}
        user={user}
      />
    </form>
  );
}
