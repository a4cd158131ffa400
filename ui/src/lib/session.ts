/**
 * The visitor's session. The website relies on the HttpOnly auth cookie (C11: never read by the
 * page) and learns that it is logged in from the login reply and from getProfile; the bearer token
 * is kept in memory only, for the desktop app (and is sent along by the account calls when known).
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

/** The in-memory bearer token, if any. */
export function getAuthToken(): string | null {
  return state.session?.token ?? null;
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
