/**
 * The account and profile validation rules of spec/validation.json, in one place: every limit and
 * every message the login modal and the profile page check comes from here (the server enforces
 * the same rules, S01). Forms: registration, login, confirmEmail, requestPasswordReset,
 * resetPassword (doc1 §5, C01) and profile (doc3 §5, G15, G16, G17).
 */

// ── Limits ───────────────────────────────────────────────────────────────────────────────────
export const LIMITS = {
  registration: {
    nameMin: 3,
    nameMax: 50,
    emailMax: 50,
    /** C01: one minimum (6) for every flow that sets a password; registration keeps max 20. */
    passwordMin: 6,
    passwordMax: 20,
  },
  confirmCodeLength: 6,
  /** C01: reset and profile change have no documented maximum; the sane cap is 128. */
  resetPasswordMin: 6,
  passwordCap: 128,
  profile: {
    name: [2, 30],
    lastName: [2, 30],
    district: [3, 30],
    street: [3, 60],
    complementMax: 30,
    numberMaxDigits: 5,
    phoneLengths: [14, 15],
    cepLength: 9,
    cpfDigits: 11,
    age: [4, 110],
    newPasswordMin: 6,
  },
} as const;

// ── Messages (exact, typos intended) ─────────────────────────────────────────────────────────
export const VALIDATION_MESSAGES = {
  registrationInvalid: 'Preencha todos os campos corretamente',
  loginEmpty: 'Insere o seu email e a sua senha para fazer o login!',
  confirmCode: 'O código de confirmação tem 6 números',
  resetRequestEmpty: 'Insira seu e-mail de cadastro para criar uma nova senha',
  resetPasswordShort: 'A senha não deve conter menos de 6 caracteres',
  resetPasswordMismatch: 'A senha e a confirmação não conferem!',
  profile: {
    name: 'O nome deve ter no mínimo 2 e no máximo 30 carateres',
    lastName: 'O sobrenome deve ter no mínimo 2 e no máximo 30 carateres',
    cpf: 'O CPF informado é inválido',
    birthday: 'A data de nascimento informado é inválido',
    cep: 'O CEP informado é inválido',
    district: 'O bairro deve ter no mínimo 3 e no máximo 30 carateres',
    street: 'O endereço deve ter no mínimo 3 e no máximo 60 carateres',
    addressSupplement: 'O complemento deve ter no máximo 30 carateres',
    streetNumber: 'O número do endereço deve ter no máximo 5 dígitos',
    telefone: 'O telefone informado é inválido',
    newPassword: 'A senha deve ter no mínimo 6 carateres',
    confirmPassword: 'As senhas estão diferentes',
    noChanges: 'Não há alterações realizadas',
  },
} as const;

// ── Registration (doc1 §5; no per-field text: error style once touched) ──────────────────────
const LETTERS_AND_SPACES = /^[\p{L} ]+$/u;
/** A standard e-mail pattern: something@domain.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

export interface RegistrationValues {
  name: string;
  email: string;
  confirmEmail: string;
  password: string;
  confirmPassword: string;
}

export type RegistrationField = keyof RegistrationValues;

/** Which registration fields are valid (every field is required). */
export function validateRegistration(v: RegistrationValues): Record<RegistrationField, boolean> {
  const r = LIMITS.registration;
  const name = v.name.trim();
  return {
    name: name.length >= r.nameMin && v.name.length <= r.nameMax && LETTERS_AND_SPACES.test(v.name),
    email: v.email.length > 0 && v.email.length <= r.emailMax && isValidEmail(v.email),
    confirmEmail: v.confirmEmail.length > 0 && v.confirmEmail === v.email,
    password: v.password.length >= r.passwordMin && v.password.length <= r.passwordMax,
    confirmPassword: v.confirmPassword.length > 0 && v.confirmPassword === v.password,
  };
}

export function isRegistrationValid(v: RegistrationValues): boolean {
  return Object.values(validateRegistration(v)).every(Boolean);
}

// ── Login, confirmation code, reset request, reset (doc1 §5) ─────────────────────────────────
/** `null` when valid, else the message. */
export function validateLogin(email: string, password: string): string | null {
  return email.trim() && password ? null : VALIDATION_MESSAGES.loginEmpty;
}

export function validateConfirmCode(code: string): string | null {
  return new RegExp(`^[0-9]{${LIMITS.confirmCodeLength}}$`).test(code)
    ? null
    : VALIDATION_MESSAGES.confirmCode;
}

export function validateResetRequest(email: string): string | null {
  return email.trim() ? null : VALIDATION_MESSAGES.resetRequestEmpty;
}

export function validateResetPassword(password: string, confirmation: string): string | null {
  if (password.length < LIMITS.resetPasswordMin) return VALIDATION_MESSAGES.resetPasswordShort;
  if (password !== confirmation) return VALIDATION_MESSAGES.resetPasswordMismatch;
  return null;
}

// ── Profile (doc3 §5; G15: only name required; G16: every failure reported) ─────────────────
export function isValidCpf(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== LIMITS.profile.cpfDigits) return false;
  // Masked input must be exactly 999.999.999-99 when it carries separators.
  if (value !== digits && !/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(value)) return false;
  if (/^(\d)\1{10}$/.test(digits)) return false;
  const nums = Array.from(digits, Number);
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i += 1) sum += (nums[i] ?? 0) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === nums[9] && check(10) === nums[10];
}

/** Today's calendar date in America/Sao_Paulo as [year, month, day] (G17). */
export function todayInSaoPaulo(now: Date = new Date()): [number, number, number] {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [get('year'), get('month'), get('day')];
}

/** Age in whole years for an ISO date (yyyy-mm-dd), or `null` when it is no real past date. */
export function ageOn(iso: string, now: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return null;
  const [ty, tm, td] = todayInSaoPaulo(now);
  if (y > ty || (y === ty && (m > tm || (m === tm && d > td)))) return null;
  let age = ty - y;
  if (tm < m || (tm === m && td < d)) age -= 1;
  return age;
}

export function isValidBirthday(iso: string, now: Date = new Date()): boolean {
  const age = ageOn(iso, now);
  const [min, max] = LIMITS.profile.age;
  return age !== null && age >= min && age <= max;
}

export interface ProfileValues {
  name: string;
  lastName: string;
  cpf: string;
  /** ISO yyyy-mm-dd, or '' (the page converts its DD/MM/AAAA input). */
  birthday: string;
  cep: string;
  district: string;
  street: string;
  addressSupplement: string;
  streetNumber: string;
  telefone: string;
  /** Only checked when the password change is open. */
  newPassword?: string;
  confirmPassword?: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

function lengthBetween(value: string, [min, max]: readonly [number, number]): boolean {
  return value.length >= min && value.length <= max;
}

/** Every failing profile field with its message, in the order of the form (G16). */
export function validateProfile(
  v: ProfileValues,
  options: { changePassword?: boolean; now?: Date } = {},
): ProfileErrors {
  const p = LIMITS.profile;
  const m = VALIDATION_MESSAGES.profile;
  const errors: ProfileErrors = {};
  if (!lengthBetween(v.name.trim(), p.name)) errors.name = m.name;
  const lastName = v.lastName.trim();
  if (lastName && !lengthBetween(lastName, p.lastName)) errors.lastName = m.lastName;
  if (v.cpf && !isValidCpf(v.cpf)) errors.cpf = m.cpf;
  if (v.birthday && !isValidBirthday(v.birthday, options.now)) errors.birthday = m.birthday;
  if (v.telefone && !(p.phoneLengths as readonly number[]).includes(v.telefone.length))
    errors.telefone = m.telefone;
  if (v.cep && !(v.cep.length === p.cepLength && /^\d{5}-\d{3}$/.test(v.cep))) errors.cep = m.cep;
  const district = v.district.trim();
  if (district && !lengthBetween(district, p.district)) errors.district = m.district;
  const street = v.street.trim();
  if (street && !lengthBetween(street, p.street)) errors.street = m.street;
  if (v.streetNumber && !new RegExp(`^\\d{1,${p.numberMaxDigits}}$`).test(v.streetNumber))
    errors.streetNumber = m.streetNumber;
  if (v.addressSupplement.length > p.complementMax) errors.addressSupplement = m.addressSupplement;
  if (options.changePassword) {
    const next = v.newPassword ?? '';
    if (next.length < p.newPasswordMin) errors.newPassword = m.newPassword;
    if ((v.confirmPassword ?? '') !== next) errors.confirmPassword = m.confirmPassword;
  }
  return errors;
}
