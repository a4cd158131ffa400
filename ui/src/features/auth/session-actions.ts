/**
 * What changes the session: the start-up profile fetch, a login taking effect, a profile refresh,
 * the 401 handling and logout (doc1 §4 Account flows, Logout; C11; G10, G11).
 */
import { useCallback, useEffect } from 'react';
import { useNavigate } from '@/lib/router';
import type { AuthUser, ProfileUser } from '@/lib/account-wire-types';
import { ApiError } from '@/lib/api';
import {
  forgetAuthToken,
  getAuthToken,
  getSession,
  rememberAuthToken,
  setSession,
  updateSessionUser,
  type SessionUser,
} from '@/lib/session';
import { readLocal, writeLocal } from '@/lib/storage';
import { toast } from '@/lib/toast';
import { accountApi } from './api/account-api';
import { closeLoginModal } from './login-modal-store';
import { isUnauthorized, SESSION_MESSAGES } from './session-messages';

/**
 * A hint (not the token, C11) that this browser has had a session since its last logout. The
 * session cookie is HttpOnly, so the page cannot see it: without this hint (or the desktop app's
 * kept token) start-up does not ask getProfile, and an anonymous visit makes no request that
 * fails. With it, a 401 at start-up is an expired session (ID-22, toast).
 */
export const SESSION_HINT_KEY = 'onda.hadSession';

/** The server has just opened a session (its cookie is set): a reload now still asks getProfile. */
export function markSessionHint(): void {
  writeLocal(SESSION_HINT_KEY, '1');
}

function removeHint() {
  try {
    window.localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // storage disabled
  }
}

/** getProfile answers the user object itself; some replies wrap it as `{user}`. */
export function asUser<T extends AuthUser | ProfileUser>(data: unknown): T {
  if (typeof data === 'object' && data !== null && 'user' in data && data.user)
    return data.user as T;
  return data as T;
}

/** Clears the session everywhere in the page (logout, 401, deletion), and the desktop's kept token. */
export function clearSession(): void {
  setSession(null);
  forgetAuthToken();
  removeHint();
}

/** A failed getProfile's text, from the accounts area's catalogue, fetched when one fails. */
function showProfileError(error: unknown): void {
  import('./messages')
    .then(({ errorText }) => toast.error(errorText('getProfile', error)))
    // Offline, so the call failed for that too: nothing to add (network failures are not toasted).
    .catch(() => undefined);
}

/** A 401 on a protected call: the session is gone (doc1 §8 Profile fetch, G11). */
export function handleUnauthorized(): void {
  clearSession();
  toast.error(SESSION_MESSAGES.unauthorized);
}

/** A login took effect: keep the user (and the desktop's bearer token), then refresh the profile. */
export async function establishSession(user: AuthUser, token?: string | null): Promise<void> {
  setSession({ user: user as SessionUser, token: token ?? null });
  rememberAuthToken(token);
  markSessionHint();
  await refreshProfile();
}

/** GET profile/getProfile into the session; a 401 clears it with the notice. */
export async function refreshProfile(): Promise<void> {
  try {
    const user = asUser<ProfileUser>(await accountApi.getProfile());
    updateSessionUser(user);
  } catch (error) {
    if (isUnauthorized(error)) handleUnauthorized();
    else showProfileError(error);
  }
}

let startup: Promise<void> | null = null;

/** Whether start-up has reason to ask for a session: a kept token (desktop) or the hint. */
function mayHaveSession(): boolean {
  return getAuthToken() !== null || readLocal(SESSION_HINT_KEY) !== null;
}

/**
 * Start-up (doc1 §4 Other shell behaviour): ask getProfile whether the cookie is a session, when
 * this browser has had one ({@link SESSION_HINT_KEY}); otherwise the visitor is anonymous at once,
 * without a request. A 401 means anonymous — with the authentication notice, since this browser had
 * a session that has now expired. In the desktop app the token it restored is what is asked about:
 * a 401 drops it, a network failure keeps it for the next start.
 */
export function startSession(): Promise<void> {
  if (!startup && !getSession() && !mayHaveSession()) {
    setSession(null);
    return Promise.resolve();
  }
  startup ??= (async () => {
    try {
      const user = asUser<ProfileUser>(await accountApi.getProfile());
      setSession({ user, token: getAuthToken() });
      markSessionHint();
    } catch (error) {
      if (getSession()) return; // a login finished meanwhile
      setSession(null);
      if (isUnauthorized(error)) {
        forgetAuthToken();
        if (readLocal(SESSION_HINT_KEY)) handleUnauthorized();
      } else if (error instanceof ApiError && error.code >= 500) {
        showProfileError(error);
      }
      // 404 (no accounts on this server) and network failures: anonymous, only logged.
    } finally {
      startup = null;
    }
  })();
  return startup;
}

/** Runs the start-up profile fetch once, from the layout. */
export function useSessionStartup(): void {
  useEffect(() => {
    void startSession();
  }, []);
}

/** POST logout, clear everything; `navigate` to / with the toast unless `silent`. */
export async function logout(): Promise<void> {
  try {
    await accountApi.logout();
  } catch {
    // The session is cleared locally whatever the server says.
  }
  clearSession();
  closeLoginModal();
}

/** 'Sair' (ID-20): logout, go to /, 'Sessão encerrada com sucesso!'. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    await navigate('/');
    toast.success(SESSION_MESSAGES.logoutSuccess);
  }, [navigate]);
}
