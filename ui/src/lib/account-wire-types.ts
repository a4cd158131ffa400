/**
 * Wire types of the account calls. They come from the server's generated types (`src/generated/`,
 * `cargo test -p onda-shared`), with one adaptation: the generated account types declare the i64
 * ids as `bigint`, but JSON carries plain numbers (and `JSON.stringify` cannot send a bigint), so
 * {@link NumberIds} reads them as `number` — as the shell types do with `#[ts(type = "number")]`.
 * When the generator emits `number` the adapter becomes a no-op. Shapes the generator does not cover
 * (the flexible getProfile wrapper, the gender union) are kept here.
 */
import type { CityItem } from '@/generated/CityItem';
import type { ConfirmEmailRequest as GeneratedConfirmEmailRequest } from '@/generated/ConfirmEmailRequest';
import type { DeleteProfileRequest as GeneratedDeleteProfileRequest } from '@/generated/DeleteProfileRequest';
import type { FirebaseRequest } from '@/generated/FirebaseRequest';
import type { LoginRequest as GeneratedLoginRequest } from '@/generated/LoginRequest';
import type { PasswordResetRequest } from '@/generated/PasswordResetRequest';
import type { PendingUser } from '@/generated/PendingUser';
import type { ProfileUpdate as GeneratedProfileUpdate } from '@/generated/ProfileUpdate';
import type { RegisterRequest } from '@/generated/RegisterRequest';
import type { ResendConfirmationRequest } from '@/generated/ResendConfirmationRequest';
import type { ResetPasswordRequest as GeneratedResetPasswordRequest } from '@/generated/ResetPasswordRequest';
import type { StateItem } from '@/generated/StateItem';
import type { User } from '@/generated/User';

type Num<V> = V extends bigint ? number : V;
/** `bigint` fields (ids) as `number`. */
export type NumberIds<T> = { [K in keyof T]: Num<T[K]> };

export type Gender = 'FEMININO' | 'MASCULINO';

/** The user object of getProfile, login, confirmEmail and updateProfile. */
export type ProfileUser = Omit<NumberIds<User>, 'gender'> & { gender: Gender | null };

/** A user in an auth reply: at least these fields (C10: unconfirmed logins carry only these). */
export type AuthUser = NumberIds<PendingUser> & Partial<ProfileUser>;

export type LoginRequest = GeneratedLoginRequest;
/** data of login, confirmEmail, loginFirebase: `token` only for a confirmed, effective login (C11). */
export interface AuthReply {
  user: AuthUser;
  token?: string | null;
}
export type RegisterUserRequest = RegisterRequest;
export interface RegisterReply {
  user: AuthUser;
}
export type ConfirmEmailRequest = NumberIds<GeneratedConfirmEmailRequest>;
export type ResendConfirmationEmailRequest = NumberIds<ResendConfirmationRequest>;
export type RequestPasswordResetRequest = PasswordResetRequest;
export type ResetPasswordRequest = NumberIds<GeneratedResetPasswordRequest>;
export type SocialProvider = 'google' | 'facebook' | 'apple';
/** G03: `provider` is a hint; the server derives it from the verified token. */
export type FirebaseAuthRequest = Omit<FirebaseRequest, 'provider'> & { provider?: SocialProvider };

/** updateProfile `user`: the editable fields (S02: the server ignores the others). */
export type ProfileUpdate = Omit<
  NumberIds<GeneratedProfileUpdate>,
  'gender' | 'name' | 'newsletter'
> & {
  name: string;
  gender: Gender | null;
  newsletter: boolean;
};
export interface UpdateProfileRequest {
  user: ProfileUpdate;
  /** The current password (C32), or false when no password changes. */
  password: string | false;
}
export interface UpdateProfileReply {
  user: ProfileUser;
}
export type DeleteProfileRequest = NumberIds<GeneratedDeleteProfileRequest>;
export type State = NumberIds<StateItem>;
export type City = NumberIds<CityItem>;
