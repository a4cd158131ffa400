import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_MODAL_URL_DELAY_MS } from '@/lib/constants';
import { resetSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { act, renderRoute, screen } from '@/test/render';
import { resetLoginModal } from './login-modal-store';
import { CONFIRMED_USER, mockAccountApi, ok, refuse } from './test-account-api';
import { parseProfileParams, withoutProfileParams } from './url-screens';

beforeEach(() => {
  resetSession();
  resetLoginModal();
});

afterEach(() => {
  act(() => toast.clear());
  resetLoginModal();
  resetSession();
});

describe('parseProfileParams', () => {
  it('reads the three links', () => {
    expect(parseProfileParams('?profile=requestPasswordReset')).toEqual({
      screen: 'requestPasswordReset',
      params: {},
    });
    expect(parseProfileParams('?profile=confirmEmail&userId=12&code=123456')).toEqual({
      screen: 'confirmEmail',
      params: { userId: 12, code: '123456' },
    });
    expect(parseProfileParams('?profile=resetPassword&userId=12&token=abc')).toEqual({
      screen: 'resetPassword',
      params: { userId: 12, token: 'abc' },
    });
    expect(parseProfileParams('?profile=other')).toBeNull();
    expect(parseProfileParams('')).toBeNull();
  });

  it('removes only its own parameters', () => {
    expect(withoutProfileParams('?profile=resetPassword&userId=1&token=t')).toBe('');
    expect(withoutProfileParams('?test_x=true&profile=requestPasswordReset')).toBe('?test_x=true');
    expect(withoutProfileParams('?q=samba')).toBe('?q=samba');
  });
});

describe('?profile= links open the modal ~1.5 s after load', () => {
  it('requestPasswordReset: the parameter leaves the URL and the screen opens (ID-15)', async () => {
    vi.useFakeTimers();
    mockAccountApi({ '/api/v1/profile/getProfile': refuse('unauthorized', 401) });
    const { router } = renderRoute('/?profile=requestPasswordReset');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(router.state.location.search).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(LOGIN_MODAL_URL_DELAY_MS - 10));
    expect(screen.queryByRole('dialog', { name: 'Esqueci minha senha' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('dialog', { name: 'Esqueci minha senha' })).toBeInTheDocument();
  });

  it('confirmEmail with userId and code submits automatically', async () => {
    vi.useFakeTimers();
    const api = mockAccountApi({
      '/api/v1/profile/getProfile': refuse('unauthorized', 401),
      '/api/v1/profile/confirmEmail': ok({ user: CONFIRMED_USER, token: 't' }),
    });
    const { router } = renderRoute('/noticias?profile=confirmEmail&userId=7&code=123456');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(router.state.location.pathname).toBe('/noticias');
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('profile/confirmEmail')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(LOGIN_MODAL_URL_DELAY_MS));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.callsTo('profile/confirmEmail')).toHaveLength(1);
    expect(api.callsTo('profile/confirmEmail')[0]?.body).toEqual({ userId: 7, code: '123456' });
    expect(screen.getByText('Login realizado com sucesso!')).toBeInTheDocument();
  });

  it('resetPassword opens the new-password screen', async () => {
    vi.useFakeTimers();
    mockAccountApi({ '/api/v1/profile/getProfile': refuse('unauthorized', 401) });
    renderRoute('/?profile=resetPassword&userId=7&token=abc');
    await act(() => vi.advanceTimersByTimeAsync(LOGIN_MODAL_URL_DELAY_MS));
    expect(screen.getByRole('dialog', { name: 'Criar nova senha' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nova senha')).toBeInTheDocument();
  });
});
