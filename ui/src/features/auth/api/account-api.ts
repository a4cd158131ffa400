/** The account calls of doc1 §7. */
import { api, apiRequestReply, type ApiReply } from '@/lib/api';
import type { ConfirmEmailRequest } from '@/generated/ConfirmEmailRequest';
import type { LoginRequest } from '@/generated/LoginRequest';
import type { RegisterRequest } from '@/generated/RegisterRequest';
import type { ResendConfirmationRequest } from '@/generated/ResendConfirmationRequest';
import type { ResetPasswordRequest } from '@/generated/ResetPasswordRequest';
import type {
  AuthReply,
  FirebaseAuthRequest,
  ProfileUser,
  RegisterReply,
} from '@/lib/account-wire-types';
import { getAuthToken } from '@/lib/session';

const auth = () => ({ token: getAuthToken() });

export const accountApi = {
  login: (body: LoginRequest) => api.post<AuthReply>('profile/login', body),
  registerUser: (body: RegisterRequest) => api.post<RegisterReply>('profile/registerUser', body),
  confirmEmail: (body: ConfirmEmailRequest) => api.post<AuthReply>('profile/confirmEmail', body),
  resendConfirmationEmail: (body: ResendConfirmationRequest) =>
    api.post<unknown>('profile/resendConfirmationEmail', body),
  requestPasswordReset: (email: string) =>
    api.post<unknown>('profile/requestPasswordReset', { email }),
  resetPassword: (body: ResetPasswordRequest) => api.post<unknown>('profile/resetPassword', body),
  registerUserFirebase: (body: FirebaseAuthRequest): Promise<ApiReply<AuthReply>> =>
    apiRequestReply<AuthReply>('profile/registerUserFirebase', { method: 'POST', json: body }),
  loginFirebase: (body: FirebaseAuthRequest): Promise<ApiReply<AuthReply>> =>
    apiRequestReply<AuthReply>('profile/loginFirebase', { method: 'POST', json: body }),
  logout: () => api.post<unknown>('profile/logout', {}, auth()),
  getProfile: () => api.get<ProfileUser>('profile/getProfile', auth()),
};
