import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_SCRIPT_DELAY_MS } from '@/lib/constants';
import {
  configureSocialAuth,
  createSocialAuth,
  getSocialAuth,
  type SocialSdk,
} from './social-auth';

function fakeSdk() {
  let finish: ((token: string) => void) | undefined;
  const sdk: SocialSdk = {
    signIn: vi.fn(
      () =>
        new Promise<string>((ok) => {
          finish = ok;
        }),
    ),
  };
  return { sdk, finish: (token: string) => finish?.(token) };
}

afterEach(() => configureSocialAuth(null));

describe('social sign-in SDK (doc1 §4 Social provider flow)', () => {
  it('loads the SDK 700 ms after start, not before', async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve());
    const auth = createSocialAuth({ providers: ['google'], load, getSdk: () => undefined });
    auth.start();
    await vi.advanceTimersByTimeAsync(PROVIDER_SCRIPT_DELAY_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(auth.loadState).toBe('ready');
  });

  it('asks to wait while loading and to reload when the SDK is missing (G09)', async () => {
    vi.useFakeTimers();
    const auth = createSocialAuth({
      providers: ['google'],
      load: () => Promise.resolve(),
      getSdk: () => undefined,
    });
    expect(await auth.signIn('google')).toEqual({
      ok: false,
      message: 'Aguarde, carregando a autenticação...',
    });
    auth.start();
    await vi.advanceTimersByTimeAsync(PROVIDER_SCRIPT_DELAY_MS);
    expect(await auth.signIn('google')).toEqual({
      ok: false,
      message: 'Não foi possível carregar a autenticação. Recarregue a página.',
    });
  });

  it("one popup at a time: a second click gets 'A autenticação já foi iniciada...' (ID-23)", async () => {
    const { sdk, finish } = fakeSdk();
    const auth = createSocialAuth(
      { providers: ['google', 'facebook'], load: () => Promise.resolve(), getSdk: () => sdk },
      0,
    );
    auth.start();
    await vi.waitFor(() => expect(auth.loadState).toBe('ready'));
    const first = auth.signIn('google');
    expect(auth.popupOpen).toBe(true);
    expect(await auth.signIn('facebook')).toEqual({
      ok: false,
      message: 'A autenticação já foi iniciada...',
    });
    expect(sdk.signIn).toHaveBeenCalledTimes(1);
    finish('id-token');
    expect(await first).toEqual({ ok: true, idToken: 'id-token' });
    expect(auth.popupOpen).toBe(false);
  });

  it('maps the different-credential failure and stays quiet on a closed popup', async () => {
    let error: unknown = { code: 'auth/account-exists-with-different-credential' };
    const sdk: SocialSdk = { signIn: vi.fn(async () => Promise.reject(error)) };
    const auth = createSocialAuth(
      { providers: ['google'], load: () => Promise.resolve(), getSdk: () => sdk },
      0,
    );
    auth.start();
    await vi.waitFor(() => expect(auth.loadState).toBe('ready'));
    expect(await auth.signIn('google')).toEqual({
      ok: false,
      message:
        'Este e-mail já está cadastrado com outro método de login. Utilize o método original.',
    });
    error = { code: 'auth/popup-closed-by-user' };
    expect(await auth.signIn('google')).toEqual({ ok: false, message: null });
  });

  it('nothing is configured (nor loaded) by default', () => {
    expect(getSocialAuth()).toBeNull();
  });
});
