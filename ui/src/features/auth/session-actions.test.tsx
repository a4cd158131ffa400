import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSession, getSessionStatus, resetSession, setSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { act, renderRoute, screen, userEvent, waitFor } from '@/test/render';
import { resetLoginModal } from './login-modal-store';
import { markSessionHint, SESSION_HINT_KEY, startSession } from './session-actions';
import { CONFIRMED_USER, mockAccountApi, ok, refuse } from './test-account-api';

const AUTH_PROBLEM =
  'Problema na authenticação. Tente logar de novo ou entre em contato se o problema persiste.';

beforeEach(() => {
  resetSession();
  resetLoginModal();
});

afterEach(() => {
  act(() => toast.clear());
  resetSession();
});

describe('start-up session (doc1 §4, C11)', () => {
  it('getProfile answering a user logs the visitor in', async () => {
    window.localStorage.setItem(SESSION_HINT_KEY, '1');
    mockAccountApi({ '/api/v1/profile/getProfile': ok({ ...CONFIRMED_USER, isPro: true }) });
    await startSession();
    expect(getSessionStatus()).toBe('authenticated');
    expect(getSession()?.user.isPro).toBe(true);
    expect(getSession()?.token).toBeNull();
  });

  it('a browser without a session asks nothing: anonymous at once, no failed request', async () => {
    const api = mockAccountApi({ '/api/v1/profile/getProfile': refuse('unauthorized', 401) });
    renderRoute('/');
    await waitFor(() => expect(getSessionStatus()).toBe('anonymous'));
    expect(api.callsTo('profile/getProfile')).toHaveLength(0);
    expect(screen.queryByText(AUTH_PROBLEM)).not.toBeInTheDocument();
  });

  it('a login leaves the hint, so the next start-up asks getProfile again', async () => {
    const api = mockAccountApi({ '/api/v1/profile/getProfile': ok(CONFIRMED_USER) });
    markSessionHint();
    await startSession();
    expect(api.callsTo('profile/getProfile')).toHaveLength(1);
    expect(getSessionStatus()).toBe('authenticated');
  });

  it('a 401 after an earlier session clears it with the error that stays (ID-22)', async () => {
    window.localStorage.setItem(SESSION_HINT_KEY, '1');
    mockAccountApi({ '/api/v1/profile/getProfile': refuse('unauthorized', 401) });
    renderRoute('/');
    expect(await screen.findByText(AUTH_PROBLEM)).toBeInTheDocument();
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
  });
});

describe("'Sair' (ID-20)", () => {
  it('POST logout, clears the session, goes to / with the toast', async () => {
    window.localStorage.setItem(SESSION_HINT_KEY, '1');
    const api = mockAccountApi({
      '/api/v1/profile/getProfile': ok(CONFIRMED_USER),
      '/api/v1/profile/logout': ok(null, 'logged out'),
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/noticias');
    await waitFor(() => expect(getSessionStatus()).toBe('authenticated'));
    await user.click(await screen.findByTestId('profile-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    expect(await screen.findByText('Sessão encerrada com sucesso!')).toBeInTheDocument();
    expect(api.callsTo('profile/logout')).toHaveLength(1);
    expect(getSession()).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByTestId('profile-menu')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
  });

  it("anonymous visitors get 'Entrar', which opens the login modal", async () => {
    mockAccountApi({ '/api/v1/profile/getProfile': refuse('unauthorized', 401) });
    const user = userEvent.setup();
    renderRoute('/');
    await user.click(await screen.findByTestId('login-button'));
    expect(await screen.findByRole('dialog', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByTestId('profile-menu')).not.toBeInTheDocument();
  });

  it('the profile menu shows the initials and the PRO badge', async () => {
    mockAccountApi({});
    setSession({
      user: { ...CONFIRMED_USER, name: 'Maria', lastName: 'Souza', isPro: true },
    });
    renderRoute('/noticias');
    const trigger = await screen.findByTestId('profile-menu');
    expect(trigger).toHaveTextContent('MS');
    expect(trigger).toHaveTextContent('PRO');
  });
});

describe('a 401 on a later protected query (doc1 §8)', () => {
  it('clears the session with the error; anonymous 401s are left alone', async () => {
    const { onApiError } = await import('@/app/query-client');
    const { ApiError } = await import('@/lib/api');
    const { render } = await import('@/test/render');
    render(<div />);
    onApiError(new ApiError(401, 'unauthorized', 401));
    expect(screen.queryByText(AUTH_PROBLEM)).not.toBeInTheDocument();
    setSession({ user: CONFIRMED_USER });
    act(() => onApiError(new ApiError(401, 'unauthorized', 401)));
    expect(getSession()).toBeNull();
    expect(await screen.findByText(AUTH_PROBLEM)).toBeInTheDocument();
  });
});
