/**
 * The visitor's session. Accounts arrive in a later issue: until then nobody is logged in, and every
 * component that depends on a session (the profile menu, PRO gates) reads it from here so the
 * accounts work only has to fill this store.
 */
import { useSyncExternalStore } from 'react';

export interface SessionUser {
  userId: number;
  name: string;
  lastName?: string;
  email: string;
  isPro: boolean;
}

export interface Session {
  user: SessionUser;
}

let session: Session | null = null;
const listeners = new Set<() => void>();

export function getSession(): Session | null {
  return session;
}

/** Replaces the session (login, profile refresh) or clears it with `null` (logout, 401). */
export function setSession(next: Session | null): void {
  session = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
