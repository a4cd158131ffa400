/**
 * The `?profile=` links (the query triggers of the routes table, doc3 §2.1): requestPasswordReset;
 * confirmEmail with userId and code; resetPassword with userId and token. The parameters leave the
 * URL as soon as they are read, and the modal opens {@link LOGIN_MODAL_URL_DELAY_MS} after load.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '@/lib/router';
import { LOGIN_MODAL_URL_DELAY_MS } from '@/lib/constants';
import { openLoginModal, type LoginModalParams, type LoginScreen } from './login-modal-store';

export const PROFILE_URL_PARAMS = ['profile', 'userId', 'code', 'token'] as const;

export interface UrlScreen {
  screen: LoginScreen;
  params: LoginModalParams;
}

/** The screen a query string asks for, or `null`. */
export function parseProfileParams(search: string): UrlScreen | null {
  const query = new URLSearchParams(search);
  const profile = query.get('profile');
  const userIdText = query.get('userId');
  const userId = userIdText && /^\d+$/.test(userIdText) ? Number(userIdText) : undefined;
  switch (profile) {
    case 'requestPasswordReset':
      return { screen: 'requestPasswordReset', params: {} };
    case 'confirmEmail':
      return { screen: 'confirmEmail', params: { userId, code: query.get('code') ?? undefined } };
    case 'resetPassword':
      return {
        screen: 'resetPassword',
        params: { userId, token: query.get('token') ?? undefined },
      };
    default:
      return null;
  }
}

/** The query string without the `?profile=` parameters ('' or '?…'). */
export function withoutProfileParams(search: string): string {
  const query = new URLSearchParams(search);
  if (!query.has('profile')) return search;
  for (const name of PROFILE_URL_PARAMS) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

/** Mounted once by the layout. */
export function useLoginModalFromUrl(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const request = parseProfileParams(location.search);
    if (!request) return;
    void navigate(
      {
        pathname: location.pathname,
        search: withoutProfileParams(location.search),
        hash: location.hash,
      },
      { replace: true },
    );
    // Not cleared on unmount: StrictMode's effect replay must not lose the opening.
    setTimeout(() => openLoginModal(request.screen, request.params), LOGIN_MODAL_URL_DELAY_MS);
  }, [location, navigate]);
}
