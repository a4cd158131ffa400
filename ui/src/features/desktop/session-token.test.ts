import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  establishSession,
  handleUnauthorized,
  logout,
  startSession,
} from '@/features/auth/session-actions';
import { CONFIRMED_USER, mockAccountApi, ok, refuse } from '@/features/auth/test-account-api';
import { setApiOrigin } from '@/lib/api';
import { getAuthToken, getSession, getSessionStatus, resetSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { TOKEN_LOAD_WAIT_MS } from './session-token';
import { connectDesktopStation } from './station-origin';
import { installFakeTauri, removeFakeTauri, type FakeTauri } from './testing/fake-tauri';

/** The app's keyring, as the commands see it (src-tauri session_token.rs). */
function desktopWithKeyring(kept: string | null): {
  tauri: FakeTauri;
  keyring: () => string | null;
} {
  let token = kept;
  const tauri = installFakeTauri({
    desktop_info: () => ({ version: '0.1.0', serverUrl: 'http://127.0.0.1:8080' }),
    session_token_load: () => token,
    session_token_save: (args) => {
      token = String(args?.token);
      return true;
    },
    session_token_clear: () => {
      token = null;
    },
  });
  return { tauri, keyring: () => token };
}

/** Lets the queued keyring commands run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  resetSession();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  removeFakeTauri();
  setApiOrigin('');
  resetSession();
  toast.clear();
  vi.restoreAllMocks();
});

describe('desktop session token in the OS keyring', () => {
  it('a kept token is restored before the first query and carried by it', async () => {
    const { tauri } = desktopWithKeyring('kept-token');
    const api = mockAccountApi({ '/api/v1/profile/getProfile': ok(CONFIRMED_USER) });
    await connectDesktopStation();
    expect(tauri.callsTo('session_token_load')).toHaveLength(1);
    expect(getAuthToken()).toBe('kept-token');

    await startSession();
    expect(api.callsTo('profile/getProfile')[0]?.headers.get('Authorization')).toBe(
      'Bearer kept-token',
    );
    expect(getSessionStatus()).toBe('authenticated');
    expect(getSession()?.token).toBe('kept-token');
    await settle();
    expect(tauri.callsTo('session_token_clear')).toHaveLength(0);
  });

  it('a login saves its token, logout clears it', async () => {
    const { tauri, keyring } = desktopWithKeyring(null);
    mockAccountApi({
      '/api/v1/profile/getProfile': ok(CONFIRMED_USER),
      '/api/v1/profile/logout': ok(null, 'logged out'),
    });
    await connectDesktopStation();
    expect(getAuthToken()).toBeNull();

    await establishSession(CONFIRMED_USER, 'fresh-token');
    await settle();
    expect(tauri.callsTo('session_token_save')).toEqual([{ token: 'fresh-token' }]);
    expect(keyring()).toBe('fresh-token');

    await logout();
    await settle();
    expect(tauri.callsTo('session_token_clear')).toHaveLength(1);
    expect(keyring()).toBeNull();
    expect(getAuthToken()).toBeNull();
  });

  it('a 401 that ends the session clears the kept token', async () => {
    const { keyring } = desktopWithKeyring(null);
    mockAccountApi({ '/api/v1/profile/getProfile': ok(CONFIRMED_USER) });
    await connectDesktopStation();
    await establishSession(CONFIRMED_USER, 'token-1');
    await settle();
    expect(keyring()).toBe('token-1');
    handleUnauthorized();
    await settle();
    expect(keyring()).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('a kept token the server refuses at start-up is dropped', async () => {
    const { keyring } = desktopWithKeyring('expired-token');
    mockAccountApi({ '/api/v1/profile/getProfile': refuse('unauthorized', 401) });
    await connectDesktopStation();
    await startSession();
    await settle();
    expect(getSessionStatus()).toBe('anonymous');
    expect(keyring()).toBeNull();
    expect(getAuthToken()).toBeNull();
  });

  it('a network failure at start-up keeps the token for the next start', async () => {
    const { tauri, keyring } = desktopWithKeyring('kept-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await connectDesktopStation();
    await startSession();
    await settle();
    expect(tauri.callsTo('session_token_clear')).toHaveLength(0);
    expect(keyring()).toBe('kept-token');
  });

  it('saves and clears reach the app in the order they happened', async () => {
    const { tauri, keyring } = desktopWithKeyring(null);
    mockAccountApi({ '/api/v1/profile/getProfile': ok(CONFIRMED_USER) });
    await connectDesktopStation();
    await establishSession(CONFIRMED_USER, 'first');
    handleUnauthorized();
    await establishSession(CONFIRMED_USER, 'second');
    await settle();
    const order = tauri.calls
      .map(([command]) => command)
      .filter((command) => command.startsWith('session_token_'));
    expect(order).toEqual([
      'session_token_load',
      'session_token_save',
      'session_token_clear',
      'session_token_save',
    ]);
    expect(keyring()).toBe('second');
  });

  it('the app still starts when the keyring commands fail', async () => {
    installFakeTauri({
      desktop_info: () => ({ version: '0.1.0', serverUrl: 'http://127.0.0.1:8080' }),
    });
    await expect(connectDesktopStation()).resolves.toBeUndefined();
    expect(getAuthToken()).toBeNull();
    await establishSession(CONFIRMED_USER, 'token').catch(() => undefined);
    await settle();
  });

  it('the website asks no keyring and keeps no token', async () => {
    mockAccountApi({ '/api/v1/profile/getProfile': ok(CONFIRMED_USER) });
    await connectDesktopStation();
    await establishSession(CONFIRMED_USER, null);
    expect(getSession()?.token).toBeNull();
    expect(getAuthToken()).toBeNull();
  });
});

describe('a keyring slow to answer (locked, asking for its password)', () => {
  it('does not hold the app back, and the session follows when it answers', async () => {
    vi.useFakeTimers();
    let answer: (token: string | null) => void = () => undefined;
    installFakeTauri({
      desktop_info: () => ({ version: '0.1.0', serverUrl: 'http://127.0.0.1:8080' }),
      session_token_load: () =>
        new Promise<string | null>((resolve) => {
          answer = resolve;
        }),
    });
    const api = mockAccountApi({ '/api/v1/profile/getProfile': ok(CONFIRMED_USER) });
    let started = false;
    const connecting = connectDesktopStation().then(() => {
      started = true;
    });
    await vi.advanceTimersByTimeAsync(TOKEN_LOAD_WAIT_MS - 1);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await connecting;
    expect(started).toBe(true);
    expect(getAuthToken()).toBeNull();
    vi.useRealTimers();

    answer('late-token');
    await vi.waitFor(() => expect(getSessionStatus()).toBe('authenticated'));
    expect(getSession()?.token).toBe('late-token');
    expect(api.callsTo('profile/getProfile')[0]?.headers.get('Authorization')).toBe(
      'Bearer late-token',
    );
  });
});
