/**
 * What happens with a provider ID token (doc1 §4, §8 Social authentication): loginFirebase, with an
 * automatic registerUserFirebase for an unknown user, the account link, and the timings (a login
 * takes effect after 1000 ms; a sign-up opens the login screen after 500 ms).
 */
import type { SocialProvider } from '@/lib/account-wire-types';
import { SOCIAL_LOGIN_EFFECT_DELAY_MS, SOCIAL_SIGNUP_TO_LOGIN_DELAY_MS } from '@/lib/constants';
import { toast } from '@/lib/toast';
import { accountApi } from '../api/account-api';
import { closeLoginModal, openLoginModal } from '../login-modal-store';
import { AUTH_MESSAGES, errorText, serverMessage } from '../messages';
import { establishSession, markSessionHint } from '../session-actions';

/** 'link': the account exists without this provider — offer 'Linkar cadastro agora'. */
export type SocialOutcome = 'done' | 'failed' | 'link';

export async function socialRegister(
  provider: SocialProvider,
  idToken: string,
): Promise<SocialOutcome> {
  try {
    await accountApi.registerUserFirebase({ idToken, provider });
    toast.success(AUTH_MESSAGES.registerSuccess);
    setTimeout(() => openLoginModal('login'), SOCIAL_SIGNUP_TO_LOGIN_DELAY_MS);
    return 'done';
  } catch (error) {
    toast.error(errorText('registerUserFirebase', error, provider));
    return 'failed';
  }
}

export async function socialLogin(
  provider: SocialProvider,
  idToken: string,
  options: { link?: boolean } = {},
): Promise<SocialOutcome> {
  try {
    const { message, data } = await accountApi.loginFirebase({
      idToken,
      provider,
      ...(options.link ? { link: true } : {}),
    });
    markSessionHint();
    toast.success(
      message === 'account linked' ? AUTH_MESSAGES.accountLinked : AUTH_MESSAGES.loginSuccess,
    );
    closeLoginModal();
    setTimeout(() => void establishSession(data.user, data.token), SOCIAL_LOGIN_EFFECT_DELAY_MS);
    return 'done';
  } catch (error) {
    const message = serverMessage(error);
    if (message === 'user not found by firebaseUid or firebaseEmail')
      return socialRegister(provider, idToken);
    if (message === 'user found by email but without firebaseUid') return 'link';
    toast.error(errorText('loginFirebase', error, provider));
    return 'failed';
  }
}
