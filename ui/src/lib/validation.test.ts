import { describe, expect, it } from 'vitest';
import { limits, messages } from '@/generated/validation-rules';
import {
  LIMITS,
  VALIDATION_MESSAGES as M,
  ageOn,
  isRegistrationValid,
  isValidCpf,
  isValidEmail,
  validateConfirmCode,
  validateLogin,
  validateProfile,
  validateRegistration,
  validateResetPassword,
  validateResetRequest,
  type ProfileValues,
  type RegistrationValues,
} from './validation';

const REG: RegistrationValues = {
  name: 'José da Silva',
  email: 'jose@example.com',
  confirmEmail: 'jose@example.com',
  password: 'segredo',
  confirmPassword: 'segredo',
};

describe('registration (doc1 §5, C01)', () => {
  it('accepts a valid registration', () => {
    expect(isRegistrationValid(REG)).toBe(true);
  });

  it.each([
    ['Jo', false],
    ['Joã', true],
    ['João3', false],
    ['Ana Lúcia Çé', true],
    ['a'.repeat(50), true],
    ['a'.repeat(51), false],
    ['   ', false],
    ['Maria-José', false],
  ])('name %j → %s', (name, ok) => {
    expect(validateRegistration({ ...REG, name }).name).toBe(ok);
  });

  it.each([
    ['jose@example.com', true],
    ['jose@example', false],
    ['jose example@x.com', false],
    ['@x.com', false],
    [`${'a'.repeat(38)}@example.com`, true], // 50
    [`${'a'.repeat(39)}@example.com`, false], // 51
  ])('e-mail %j → %s', (email, ok) => {
    expect(validateRegistration({ ...REG, email, confirmEmail: email }).email).toBe(ok);
  });

  it('confirm e-mail must equal the e-mail', () => {
    expect(validateRegistration({ ...REG, confirmEmail: 'outro@example.com' }).confirmEmail).toBe(
      false,
    );
    expect(validateRegistration({ ...REG, confirmEmail: '' }).confirmEmail).toBe(false);
  });

  it.each([
    [3, false],
    [4, false],
    [5, false],
    [6, true],
    [7, true],
    [8, true],
    [20, true],
    [21, false],
  ])('password of %i characters → %s', (length, ok) => {
    const password = 'x'.repeat(length);
    expect(validateRegistration({ ...REG, password, confirmPassword: password }).password).toBe(ok);
  });

  it('confirm password must equal the password', () => {
    expect(validateRegistration({ ...REG, confirmPassword: 'segredO' }).confirmPassword).toBe(
      false,
    );
  });

  it('limits and the disabled-button text follow doc1 §5', () => {
    expect(LIMITS.registration).toEqual({
      nameMin: 3,
      nameMax: 50,
      emailMax: 50,
      passwordMin: 6,
      passwordMax: 20,
    });
    expect(M.registrationInvalid).toBe('Preencha todos os campos corretamente');
  });

  it('isValidEmail', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
  });
});

describe('login, code, reset request, reset (doc1 §5)', () => {
  it('login needs both fields', () => {
    const text = 'Insere o seu email e a sua senha para fazer o login!';
    expect(validateLogin('', 'x')).toBe(text);
    expect(validateLogin('a@b.c', '')).toBe(text);
    expect(validateLogin('a@b.c', 'x')).toBeNull();
  });

  it.each(['12345', '1234567', 'abcdef', '12 456', ''])('code %j is refused', (code) => {
    expect(validateConfirmCode(code)).toBe('O código de confirmação tem 6 números');
  });

  it('a 6-digit code passes', () => {
    expect(validateConfirmCode('012345')).toBeNull();
  });

  it('reset request needs the e-mail', () => {
    expect(validateResetRequest(' ')).toBe(
      'Insira seu e-mail de cadastro para criar uma nova senha',
    );
    expect(validateResetRequest('a@b.c')).toBeNull();
  });

  it('new password: at least 6, and equal to the confirmation', () => {
    expect(validateResetPassword('12345', '12345')).toBe(
      'A senha não deve conter menos de 6 caracteres',
    );
    expect(validateResetPassword('123456', '123457')).toBe('A senha e a confirmação não conferem!');
    expect(validateResetPassword('123456', '123456')).toBeNull();
  });
});

const PROFILE: ProfileValues = {
  name: 'Maria',
  lastName: '',
  cpf: '',
  birthday: '',
  cep: '',
  district: '',
  street: '',
  addressSupplement: '',
  streetNumber: '',
  telefone: '',
};

// 2026-06-15 12:00 in São Paulo.
const NOW = new Date('2026-06-15T15:00:00Z');

describe('profile (doc3 §5, G15, G16, G17)', () => {
  it('only the name is required', () => {
    expect(validateProfile(PROFILE, { now: NOW })).toEqual({});
    expect(validateProfile({ ...PROFILE, name: ' A ' }, { now: NOW })).toEqual({
      name: M.profile.name,
    });
  });

  it('reports every failing field (PF-06)', () => {
    const errors = validateProfile(
      {
        ...PROFILE,
        name: ' A ',
        lastName: 'B',
        cep: '12345-67',
        district: 'AB',
        street: 'x'.repeat(61),
        addressSupplement: 'x'.repeat(31),
        streetNumber: '123456',
        telefone: '(11) 9876-543',
      },
      { now: NOW },
    );
    expect(errors).toEqual({
      name: 'O nome deve ter no mínimo 2 e no máximo 30 carateres',
      lastName: 'O sobrenome deve ter no mínimo 2 e no máximo 30 carateres',
      cep: 'O CEP informado é inválido',
      district: 'O bairro deve ter no mínimo 3 e no máximo 30 carateres',
      street: 'O endereço deve ter no mínimo 3 e no máximo 60 carateres',
      addressSupplement: 'O complemento deve ter no máximo 30 carateres',
      streetNumber: 'O número do endereço deve ter no máximo 5 dígitos',
      telefone: 'O telefone informado é inválido',
    });
  });

  it('boundaries of the lengths', () => {
    const ok = validateProfile(
      {
        ...PROFILE,
        name: 'Jo',
        lastName: 'x'.repeat(30),
        district: 'abc',
        street: 'x'.repeat(60),
        addressSupplement: 'x'.repeat(30),
        streetNumber: '12345',
        telefone: '(11) 9876-5432',
        cep: '12345-678',
      },
      { now: NOW },
    );
    expect(ok).toEqual({});
    expect(validateProfile({ ...PROFILE, telefone: '(11) 98765-4321' }, { now: NOW })).toEqual({});
    expect(validateProfile({ ...PROFILE, name: 'x'.repeat(31) }, { now: NOW }).name).toBe(
      M.profile.name,
    );
  });

  it('CPF check digits; all-equal digits are refused', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('529.982.247')).toBe(false);
    expect(validateProfile({ ...PROFILE, cpf: '123.456.789-00' }, { now: NOW }).cpf).toBe(
      'O CPF informado é inválido',
    );
  });

  it('birth date: age 4 to 110 inclusive, São Paulo calendar (PF-05)', () => {
    const bad = 'A data de nascimento informado é inválido';
    const check = (birthday: string) =>
      validateProfile({ ...PROFILE, birthday }, { now: NOW }).birthday;
    expect(check('2022-06-16')).toBe(bad); // 3 years
    expect(check('2022-06-15')).toBeUndefined(); // 4 today
    expect(check('1996-06-15')).toBeUndefined(); // 30
    expect(check('1916-06-15')).toBeUndefined(); // 110
    expect(check('1915-06-15')).toBe(bad); // 111
    expect(check('2027-01-01')).toBe(bad); // future
    expect(check('2001-02-30')).toBe(bad); // no such date
    expect(check('15/06/1996')).toBe(bad); // not converted
    expect(ageOn('1996-06-16', NOW)).toBe(29);
  });

  it('the password change: at least 6, and the confirmation equal (PF-07)', () => {
    const errors = validateProfile(
      { ...PROFILE, newPassword: '12345', confirmPassword: '54321' },
      { changePassword: true, now: NOW },
    );
    expect(errors).toEqual({
      newPassword: 'A senha deve ter no mínimo 6 carateres',
      confirmPassword: 'As senhas estão diferentes',
    });
    expect(
      validateProfile(
        { ...PROFILE, newPassword: '123456', confirmPassword: '123456' },
        { changePassword: true, now: NOW },
      ),
    ).toEqual({});
  });

  it('profile limits mirror doc3 §5', () => {
    expect(LIMITS.profile).toMatchObject({
      name: [2, 30],
      lastName: [2, 30],
      district: [3, 30],
      street: [3, 60],
      complementMax: 30,
      numberMaxDigits: 5,
      phoneLengths: [14, 15],
      cepLength: 9,
      age: [4, 110],
      newPasswordMin: 6,
    });
    expect(M.profile.noChanges).toBe('Não há alterações realizadas');
  });
});

describe('the rules generated from shared/src/validation.rs', () => {
  it('drive the checks: a change in Rust changes what the UI accepts and says', () => {
    const name = 'x'.repeat(limits.PROFILE_NAME_MAX + 1);
    expect(validateProfile({ ...PROFILE, name }, { now: NOW }).name).toBe(messages.NAME);
    expect(
      validateProfile({ ...PROFILE, name: 'x'.repeat(limits.PROFILE_NAME_MAX) }, { now: NOW }),
    ).toEqual({});
    const code = '1'.repeat(limits.CONFIRMATION_CODE_LENGTH);
    expect(validateConfirmCode(code)).toBeNull();
    expect(validateConfirmCode(`${code}1`)).toBe(messages.CODE_FORMAT);
    const password = 'x'.repeat(limits.REGISTER_PASSWORD_MAX + 1);
    expect(validateRegistration({ ...REG, password, confirmPassword: password }).password).toBe(
      false,
    );
    expect(validateResetPassword('123456', '654321')).toBe(messages.RESET_PASSWORD_MISMATCH);
  });
});
