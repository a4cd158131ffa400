/**
 * The visitor's session. The website relies on the HttpOnly auth cookie (C11: never read by the
 * page) and learns that it is logged in from the login reply and from getProfile; the bearer token
 * is kept in memory only, for the desktop app (and is sent along by the account calls when known).
 * The desktop app also keeps it between runs in the OS keyring: it attaches an {@link AuthTokenStore}
 * with the token it restored before the first query (features/desktop/session-token.ts). The website
 * attaches none, so nothing below changes for it.
 *
 * `status` is 'unknown' until the start-up profile fetch settles, so pages that need a session
 * (the profile page) can wait instead of asking an already logged-in visitor to log in.
 */
import { useSyncExternalStore } from 'react';
import type { ProfileUser } from './account-wire-types';

/** The user as the session holds it: the essentials always, the rest once getProfile answered. */
export type SessionUser = Pick<ProfileUser, 'userId' | 'name' | 'email' | 'isPro'> &
  Partial<Omit<ProfileUser, 'userId' | 'name' | 'email' | 'isPro'>>;

export interface Session {
  user: SessionUser;
  /** Bearer token (desktop); the website's calls use the cookie. */
  token?: string | null;
}

export type SessionStatus = 'unknown' | 'anonymous' | 'authenticated';

interface State {
  session: Session | null;
  status: SessionStatus;
}

let state: State = { session: null, status: 'unknown' };

/** Where the desktop app keeps the bearer token between runs. */
export interface AuthTokenStore {
  save(token: string): void;
  clear(): void;
}

let tokenStore: AuthTokenStore | null = null;
/** The token restored at start-up, until getProfile puts it in the session (or a 401 drops it). */
let restoredToken: string | null = null;
const listeners = new Set<() => void>();

function emit(next: State) {
  state = next;
  listeners.forEach((listener) => listener());
}

export function getSession(): Session | null {
  return state.session;
}

export function getSessionStatus(): SessionStatus {
  return state.status;
}

/** The in-memory bearer token, if any (the session's, else the one the desktop app restored). */
export function getAuthToken(): string | null {
  return state.session?.token ?? restoredToken;
}

/** Desktop start-up: where the token is kept, and the token found there (sent by the first calls). */
export function attachAuthTokenStore(store: AuthTokenStore, restored: string | null): void {
  tokenStore = store;
  restoredToken = restored;
}

/** A login took effect with this token: keep it for the next runs (desktop). */
export function rememberAuthToken(token: string | null | undefined): void {
  if (token) tokenStore?.save(token);
}

/** The session ended (logout, 401): the kept token goes too (desktop). */
export function forgetAuthToken(): void {
  restoredToken = null;
  tokenStore?.clear();
}

/** Replaces the session (login, profile refresh) or clears it with `null` (logout, 401). */
export function setSession(next: Session | null): void {
  emit({ session: next, status: next ? 'authenticated' : 'anonymous' });
}

/** Merges fresh user fields into the current session (profile refresh, profile saved). */
export function updateSessionUser(user: SessionUser): void {
  const token = state.session?.token ?? null;
  setSession({ user: { ...state.session?.user, ...user }, token });
}

/** Back to the start state (tests). */
export function resetSession(): void {
  tokenStore = null;
  restoredToken = null;
  emit({ session: null, status: 'unknown' });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

export function useSessionStatus(): SessionStatus {
  return useSyncExternalStore(subscribe, getSessionStatus, getSessionStatus);
}
