/**
 * LOCAL wire types of the account calls (doc1 §3, §7; doc3 §3, §7; endpoints.json group
 * account/profile), written by hand from the spec until the server's generated types land in
 * `src/generated/` (`cargo test -p onda-shared`). When they do, re-export them from here and delete
 * the hand-written shapes, so no other file changes.
 */

export type Gender = 'FEMININO' | 'MASCULINO';

/** The user object of getProfile (and, possibly with fewer fields, of login/confirmEmail). */
export interface ProfileUser {
  userId: number;
  email: string;
  name: string;
  lastName: string | null;
  gender: Gender | null;
  /** yyyy-mm-dd */
  birthday: string | null;
  cpf: string | null;
  telefone: string | null;
  cep: string | null;
  district: string | null;
  street: string | null;
  streetNumber: string | number | null;
  addressSupplement: string | null;
  cityId: number | null;
  stateId: number | null;
  emailConfirmed: boolean;
  newsletter: boolean;
  isPro: boolean;
  registrationComplete: boolean;
}

/** A user in an auth reply: at least these fields (C10: unconfirmed logins carry only these). */
export type AuthUser = Pick<ProfileUser, 'userId' | 'name' | 'email' | 'emailConfirmed'> &
  Partial<ProfileUser>;

export interface LoginRequest {
  email: string;
  password: string;
}
/** data of login, confirmEmail, loginFirebase: `token` only for a confirmed, effective login (C11). */
export interface AuthReply {
  user: AuthUser;
  token?: string | null;
}
export interface RegisterUserRequest {
  name: string;
  email: string;
  password: string;
}
export interface RegisterReply {
  user: AuthUser;
}
export interface ConfirmEmailRequest {
  userId: number;
  code: string;
}
export interface ResendConfirmationEmailRequest {
  name: string;
  userId: number;
  email: string;
}
export interface RequestPasswordResetRequest {
  email: string;
}
export interface ResetPasswordRequest {
  userId: number;
  newPassword: string;
  resetToken: string;
}
export type SocialProvider = 'google' | 'facebook' | 'apple';
/** G03: `provider` is a hint; the server derives it from the verified token. */
export interface FirebaseAuthRequest {
  idToken: string;
  provider?: SocialProvider;
  /** 'Linkar cadastro agora' (endpoints.json decision: loginFirebase with link=true). */
  link?: boolean;
}

/** updateProfile `user`: the editable fields (S02: the server ignores the others). */
export interface ProfileUpdate {
  name: string;
  lastName: string | null;
  cpf: string | null;
  birthday: string | null;
  gender: Gender | null;
  telefone: string | null;
  cep: string | null;
  stateId: number | null;
  cityId: number | null;
  district: string | null;
  street: string | null;
  streetNumber: string | null;
  addressSupplement: string | null;
  newsletter: boolean;
  newPassword?: string;
}
export interface UpdateProfileRequest {
  user: ProfileUpdate;
  /** The current password (C32), or false when no password changes. */
  password: string | false;
}
export interface UpdateProfileReply {
  user: ProfileUser;
}
export interface DeleteProfileRequest {
  userId: number;
  email: string;
}
export interface State {
  stateId: number;
  stateName: string;
}
export interface City {
  cityId: number;
  cityName: string;
}
