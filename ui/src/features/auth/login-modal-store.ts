/**
 * The login/registration modal's state (doc1 §2, §3 flags): which screen is open, the user waiting
 * for e-mail confirmation, the URL parameters of a confirmation or reset link, and the resend
 * cooldown (G63: disabled until the modal closes). Any component that needs a login calls
 * `useLoginModal().open()` (or `openLoginModal()` outside React).
 */
import { useSyncExternalStore } from 'react';
import type { AuthUser } from '@/lib/account-wire-types';

export type LoginScreen =
  'login' | 'register' | 'confirmEmail' | 'requestPasswordReset' | 'resetPassword';

export interface LoginModalParams {
  userId?: number;
  /** confirmEmail link: submitted automatically. */
  code?: string;
  /** resetPassword link. */
  token?: string;
  /** A short notice on top of the screen (G12: the profile page asks to log in). */
  notice?: string;
}

export interface LoginModalState {
  opened: boolean;
  screen: LoginScreen;
  params: LoginModalParams;
  /** The user being confirmed (registration or an unconfirmed login). */
  pendingUser: AuthUser | null;
  /** A resend succeeded: the button stays disabled until the modal closes (G63). */
  resent: boolean;
}

const INITIAL: LoginModalState = {
  opened: false,
  screen: 'login',
  params: {},
  pendingUser: null,
  resent: false,
};

let state: LoginModalState = INITIAL;
const listeners = new Set<() => void>();

function emit(next: LoginModalState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export function getLoginModalState(): LoginModalState {
  return state;
}

export function openLoginModal(screen: LoginScreen = 'login', params: LoginModalParams = {}) {
  emit({ ...state, opened: true, screen, params });
}

/** Switches screens inside the open modal (params of a link are kept for its own screen only). */
export function showLoginScreen(screen: LoginScreen, params: LoginModalParams = {}) {
  emit({ ...state, opened: true, screen, params });
}

export function setPendingUser(user: AuthUser | null) {
  emit({ ...state, pendingUser: user });
}

export function markResent() {
  emit({ ...state, resent: true });
}

export function closeLoginModal() {
  if (state === INITIAL) return;
  emit({ ...INITIAL, pendingUser: state.pendingUser });
}

/** Tests. */
export function resetLoginModal() {
  emit(INITIAL);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoginModalState(): LoginModalState {
  return useSyncExternalStore(subscribe, getLoginModalState, getLoginModalState);
}

/** `open(screen?)` for any component that needs a login. */
export function useLoginModal() {
  const current = useLoginModalState();
  return {
    opened: current.opened,
    screen: current.screen,
    open: openLoginModal,
    close: closeLoginModal,
  };
}
