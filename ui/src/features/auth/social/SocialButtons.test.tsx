import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { act, fireEvent, render, screen, waitFor } from '@/test/render';
import { LoginModal } from '../LoginModal';
import { openLoginModal, resetLoginModal } from '../login-modal-store';
import { CONFIRMED_USER, mockAccountApi, ok } from '../test-account-api';
import { configureSocialAuth, getSocialAuth, type SocialSdk } from './social-auth';

afterEach(() => {
  act(() => toast.clear());
  configureSocialAuth(null);
  resetLoginModal();
  resetSession();
});

describe('Google and Facebook buttons', () => {
  it('appear only with a configuration; a second popup is refused (ID-23)', async () => {
    let finish: (token: string) => void = () => undefined;
    const sdk: SocialSdk = {
      signIn: vi.fn(
        () =>
          new Promise<string>((done) => {
            finish = done;
          }),
      ),
    };
    const api = mockAccountApi({
      '/api/v1/profile/loginFirebase': ok({ user: CONFIRMED_USER, token: 't' }),
    });
    render(<LoginModal />);
    act(() => openLoginModal('login'));
    expect(screen.queryByRole('button', { name: 'Entrar com Google' })).not.toBeInTheDocument();

    act(() =>
      configureSocialAuth(
        { providers: ['google', 'facebook'], load: () => Promise.resolve(), getSdk: () => sdk },
        0,
      ),
    );
    await waitFor(() => expect(getSocialAuth()?.loadState).toBe('ready'));
    fireEvent.click(screen.getByRole('button', { name: 'Entrar com Google' }));
    fireEvent.click(screen.getByRole('button', { name: 'Entrar com Facebook' }));
    expect(await screen.findByText('A autenticação já foi iniciada...')).toBeInTheDocument();
    expect(sdk.signIn).toHaveBeenCalledTimes(1);
    await act(async () => finish('id-token'));
    await waitFor(() => expect(api.callsTo('profile/loginFirebase')).toHaveLength(1));
    expect(api.callsTo('profile/loginFirebase')[0]?.body).toEqual({
      idToken: 'id-token',
      provider: 'google',
    });
    expect(await screen.findByText('Login realizado com sucesso!')).toBeInTheDocument();
  });
});
