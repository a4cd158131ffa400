/**
 * The account calls' types that are narrower than the generated ones (`src/generated/`,
 * `cargo test -p onda-shared`): the server types `gender` as a plain string and `provider` as any
 * text, while the UI works with their closed sets; auth replies may carry only part of a user (C10).
 * Every other account request and reply is used straight from `@/generated`.
 */
import type { FirebaseRequest } from '@/generated/FirebaseRequest';
import type { PendingUser } from '@/generated/PendingUser';
import type { ProfileUpdate as GeneratedProfileUpdate } from '@/generated/ProfileUpdate';
import type { User } from '@/generated/User';

export type Gender = 'FEMININO' | 'MASCULINO';

/** The user object of getProfile, login, confirmEmail and updateProfile. */
export type ProfileUser = Omit<User, 'gender'> & { gender: Gender | null };

/** A user in an auth reply: at least these fields (C10: unconfirmed logins carry only these). */
export type AuthUser = PendingUser & Partial<ProfileUser>;

/** data of login, confirmEmail, loginFirebase: `token` only for a confirmed, effective login (C11). */
export interface AuthReply {
  user: AuthUser;
  token?: string | null;
}
export interface RegisterReply {
  user: AuthUser;
}
export type SocialProvider = 'google' | 'facebook' | 'apple';
/** G03: `provider` is a hint; the server derives it from the verified token. */
export type FirebaseAuthRequest = Omit<FirebaseRequest, 'provider'> & { provider?: SocialProvider };

/** updateProfile `user`: the editable fields (S02: the server ignores the others). */
export type ProfileUpdate = Omit<GeneratedProfileUpdate, 'gender' | 'name' | 'newsletter'> & {
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
