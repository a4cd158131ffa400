import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCIAL_LOGIN_EFFECT_DELAY_MS, SOCIAL_SIGNUP_TO_LOGIN_DELAY_MS } from '@/lib/constants';
import { getSession, resetSession } from '@/lib/session';
import * as toastModule from '@/lib/toast';
import { getLoginModalState, resetLoginModal } from '../login-modal-store';
import { CONFIRMED_USER, mockAccountApi, ok, refuse } from '../test-account-api';
import { socialLogin, socialRegister } from './social-flow';

beforeEach(() => {
  resetSession();
  resetLoginModal();
  vi.spyOn(toastModule.toast, 'success').mockReturnValue('t');
  vi.spyOn(toastModule.toast, 'error').mockReturnValue('t');
});

afterEach(() => {
  resetSession();
  resetLoginModal();
});

describe('social flow (doc1 §4, §8)', () => {
  it('a login takes effect after 1000 ms', async () => {
    vi.useFakeTimers();
    const api = mockAccountApi({
      '/api/v1/profile/loginFirebase': ok({ user: CONFIRMED_USER, token: 't' }),
      '/api/v1/profile/getProfile': ok(CONFIRMED_USER),
    });
    expect(await socialLogin('google', 'id')).toBe('done');
    expect(api.callsTo('profile/loginFirebase')[0]?.body).toEqual({
      idToken: 'id',
      provider: 'google',
    });
    expect(toastModule.toast.success).toHaveBeenCalledWith('Login realizado com sucesso!');
    await vi.advanceTimersByTimeAsync(SOCIAL_LOGIN_EFFECT_DELAY_MS - 1);
    expect(getSession()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(getSession()?.user.userId).toBe(7);
  });

  it('an unknown user is registered automatically with the same token (ID-25); the login screen 500 ms later', async () => {
    vi.useFakeTimers();
    const api = mockAccountApi({
      '/api/v1/profile/loginFirebase': refuse('user not found by firebaseUid or firebaseEmail'),
      '/api/v1/profile/registerUserFirebase': ok({ user: CONFIRMED_USER }, 'user registered'),
    });
    expect(await socialLogin('facebook', 'id-fb')).toBe('done');
    expect(api.callsTo('profile/registerUserFirebase')[0]?.body).toEqual({
      idToken: 'id-fb',
      provider: 'facebook',
    });
    expect(toastModule.toast.success).toHaveBeenCalledWith('Cadastro criado com sucesso!');
    await vi.advanceTimersByTimeAsync(SOCIAL_SIGNUP_TO_LOGIN_DELAY_MS - 1);
    expect(getLoginModalState().opened).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(getLoginModalState()).toMatchObject({ opened: true, screen: 'login' });
  });

  it("'user found by email but without firebaseUid' offers the link; 'account linked' → its text", async () => {
    let linked = false;
    mockAccountApi({
      '/api/v1/profile/loginFirebase': (body) => {
        if ((body as { link?: boolean }).link) {
          linked = true;
          return ok({ user: CONFIRMED_USER, token: 't' }, 'account linked');
        }
        return refuse('user found by email but without firebaseUid');
      },
    });
    expect(await socialLogin('google', 'id')).toBe('link');
    expect(await socialLogin('google', 'id', { link: true })).toBe('done');
    expect(linked).toBe(true);
    expect(toastModule.toast.success).toHaveBeenCalledWith('Cadastro atualizado com sucesso!');
  });

  it('sign-up refusals use the social catalogue', async () => {
    mockAccountApi({
      '/api/v1/profile/registerUserFirebase': refuse('email from provider not verified'),
    });
    expect(await socialRegister('google', 'id')).toBe('failed');
    expect(toastModule.toast.error).toHaveBeenCalledWith(
      'É necessário ter um email cadastrado e verificado em Google para acessar a página.',
    );
  });
});
