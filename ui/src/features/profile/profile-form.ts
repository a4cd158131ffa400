/**
 * The profile form's values: from the user object (masks applied, birthday as DD/MM/AAAA), to the
 * updateProfile body (birthday yyyy-mm-dd, empty text → null), and the 'anything changed?' check.
 */
import type { Gender, ProfileUpdate } from '@/lib/account-wire-types';
import { dateToIso, isoToDate, maskCep, maskCpf, maskPhone } from '@/lib/masks';
import type { SessionUser } from '@/lib/session';
import type { ProfileValues } from '@/lib/validation';

export interface ProfileFormValues {
  name: string;
  lastName: string;
  cpf: string;
  /** DD/MM/AAAA */
  birthday: string;
  gender: Gender | '';
  telefone: string;
  cep: string;
  stateId: string;
  cityId: string;
  district: string;
  street: string;
  streetNumber: string;
  addressSupplement: string;
  newsletter: boolean;
}

export function formValuesOf(user: SessionUser): ProfileFormValues {
  return {
    name: user.name ?? '',
    lastName: user.lastName ?? '',
    cpf: user.cpf ? maskCpf(user.cpf) : '',
    birthday: isoToDate(user.birthday),
    gender: user.gender ?? '',
    telefone: user.telefone ? maskPhone(user.telefone) : '',
    cep: user.cep ? maskCep(user.cep) : '',
    stateId: user.stateId ? String(user.stateId) : '',
    cityId: user.cityId ? String(user.cityId) : '',
    district: user.district ?? '',
    street: user.street ?? '',
    streetNumber:
      user.streetNumber === null || user.streetNumber === undefined
        ? ''
        : String(user.streetNumber),
    addressSupplement: user.addressSupplement ?? '',
    newsletter: Boolean(user.newsletter),
  };
}

export function sameValues(a: ProfileFormValues, b: ProfileFormValues): boolean {
  return (Object.keys(a) as (keyof ProfileFormValues)[]).every((key) => a[key] === b[key]);
}

/** What validation.ts checks (birthday converted to ISO). */
export function validationValues(
  v: ProfileFormValues,
  password?: { newPassword: string; confirmPassword: string },
): ProfileValues {
  return {
    name: v.name,
    lastName: v.lastName,
    cpf: v.cpf,
    birthday: v.birthday ? dateToIso(v.birthday) : '',
    cep: v.cep,
    district: v.district,
    street: v.street,
    addressSupplement: v.addressSupplement,
    streetNumber: v.streetNumber,
    telefone: v.telefone,
    ...password,
  };
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

export function updateBody(v: ProfileFormValues, newPassword?: string): ProfileUpdate {
  return {
    name: v.name.trim(),
    lastName: orNull(v.lastName),
    cpf: orNull(v.cpf),
    birthday: v.birthday ? dateToIso(v.birthday) : null,
    gender: v.gender || null,
    telefone: orNull(v.telefone),
    cep: orNull(v.cep),
    stateId: v.stateId ? Number(v.stateId) : null,
    cityId: v.cityId ? Number(v.cityId) : null,
    district: orNull(v.district),
    street: orNull(v.street),
    streetNumber: orNull(v.streetNumber),
    addressSupplement: orNull(v.addressSupplement),
    newsletter: v.newsletter,
    ...(newPassword ? { newPassword } : {}),
  };
}
