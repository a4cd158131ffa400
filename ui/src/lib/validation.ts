/**
 * The account and profile validation rules of doc1 §5 and doc3 §5: the login modal and the profile
 * page check with these functions. Every limit and message comes from `@/generated/validation-rules`,
 * which `cargo test -p onda-shared` writes from shared/src/validation.rs, the module the server checks
 * with (S01), so the two sides cannot disagree; only the checking code lives here. Forms: registration,
 * login, confirmEmail, requestPasswordReset, resetPassword (doc1 §5, C01) and profile (doc3 §5, G15,
 * G16, G17).
 */
import { limits, messages } from '@/generated/validation-rules';

// ── Limits (named for the forms; the values are Rust's) ─────────────────────────────────────
export const LIMITS = {
  registration: {
    nameMin: limits.REGISTER_NAME_MIN,
    nameMax: limits.REGISTER_NAME_MAX,
    emailMax: limits.EMAIL_MAX,
    /** C01: one minimum (6) for every flow that sets a password; registration keeps max 20. */
    passwordMin: limits.PASSWORD_MIN,
    passwordMax: limits.REGISTER_PASSWORD_MAX,
  },
  confirmCodeLength: limits.CONFIRMATION_CODE_LENGTH,
  /** C01: reset and profile change have no documented maximum; the sane cap is 128. */
  resetPasswordMin: limits.PASSWORD_MIN,
  passwordCap: limits.PASSWORD_MAX,
  profile: {
    name: [limits.PROFILE_NAME_MIN, limits.PROFILE_NAME_MAX],
    lastName: [limits.LAST_NAME_MIN, limits.LAST_NAME_MAX],
    district: [limits.DISTRICT_MIN, limits.DISTRICT_MAX],
    street: [limits.STREET_MIN, limits.STREET_MAX],
    complementMax: limits.ADDRESS_SUPPLEMENT_MAX,
    numberMaxDigits: limits.STREET_NUMBER_MAX_DIGITS,
    phoneLengths: limits.TELEFONE_LENGTHS,
    cepLength: limits.CEP_LENGTH,
    cpfDigits: limits.CPF_DIGITS,
    age: [limits.MIN_AGE, limits.MAX_AGE],
    newPasswordMin: limits.PASSWORD_MIN,
  },
} as const;

// ── Messages (the spec's texts, typos intended; the values are Rust's) ─────────────────────
export const VALIDATION_MESSAGES = {
  registrationInvalid: messages.FORM_INVALID,
  loginEmpty: messages.LOGIN_EMPTY,
  confirmCode: messages.CODE_FORMAT,
  resetRequestEmpty: messages.RESET_EMAIL_EMPTY,
  resetPasswordShort: messages.RESET_PASSWORD_SHORT,
  resetPasswordMismatch: messages.RESET_PASSWORD_MISMATCH,
  profile: {
    name: messages.NAME,
    lastName: messages.LAST_NAME,
    cpf: messages.CPF,
    birthday: messages.BIRTHDAY,
    cep: messages.CEP,
    district: messages.DISTRICT,
    street: messages.STREET,
    addressSupplement: messages.ADDRESS_SUPPLEMENT,
    streetNumber: messages.STREET_NUMBER,
    telefone: messages.TELEFONE,
    newPassword: messages.NEW_PASSWORD,
    confirmPassword: messages.PASSWORD_MISMATCH,
    noChanges: messages.NO_CHANGES,
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
  if (/^(\d)\1+$/.test(digits)) return false; // all equal (the length is checked above)
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
