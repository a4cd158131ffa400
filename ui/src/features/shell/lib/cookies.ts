/** The consent cookie (G39) and the long-lived browser hash (doc1 §3 session data). */
import {
  BROWSER_HASH_COOKIE_NAME,
  BROWSER_HASH_MAX_AGE_S,
  COOKIE_CONSENT_MAX_AGE_S,
  COOKIE_CONSENT_NAME,
} from '@/lib/constants';
import { getCookie, randomHex128, setCookie } from '@/lib/storage';

export function hasCookieConsent(): boolean {
  return getCookie(COOKIE_CONSENT_NAME) === '1';
}

export function acceptCookies(): void {
  setCookie(COOKIE_CONSENT_NAME, '1', { maxAgeSeconds: COOKIE_CONSENT_MAX_AGE_S, sameSite: 'Lax' });
}

/** The long-lived browser id (doc1 §3 session data), created on the first visit. */
export function ensureBrowserHash(): string {
  const existing = getCookie(BROWSER_HASH_COOKIE_NAME);
  if (existing) return existing;
  const hash = randomHex128();
  setCookie(BROWSER_HASH_COOKIE_NAME, hash, {
    maxAgeSeconds: BROWSER_HASH_MAX_AGE_S,
    sameSite: 'Lax',
  });
  return hash;
}
