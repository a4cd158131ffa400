/**
 * The consent cookie (G39) and the long-lived browser hash (doc1 §3 session data).
 *
 * Which cookies wait for consent (LGPD; the privacy policy's "Cookies" section, docs/widgets.md "Cookies"):
 * - essential, set without asking: the session (a1_token, at login), the consent itself
 *   (a1_cookieConsent) and what the listener chooses (stream, volume: local storage);
 * - a1_browserHash, a pseudonymous id kept for 10 years, is audience measurement: it is created only
 *   once the notice is accepted, or when a visitor without an account votes in the poll — the vote
 *   is their own request, and counting it once per browser needs that id. Until then analytics wait
 *   in memory (`analyticsClientId` answers null) and nothing identifies the browser.
 */
import {
  BROWSER_HASH_COOKIE_NAME,
  BROWSER_HASH_MAX_AGE_S,
  COOKIE_CONSENT_MAX_AGE_S,
  COOKIE_CONSENT_NAME,
} from '@/lib/constants';
import { flushAnalytics } from '@/lib/analytics';
import { getCookie, randomHex128, setCookie } from '@/lib/storage';

export function hasCookieConsent(): boolean {
  return getCookie(COOKIE_CONSENT_NAME) === '1';
}

/**
 * The notice is accepted: consent for 2 years (G39), the browser hash measurement uses, and the
 * analytics held back until now leave.
 */
export function acceptCookies(): void {
  setCookie(COOKIE_CONSENT_NAME, '1', { maxAgeSeconds: COOKIE_CONSENT_MAX_AGE_S, sameSite: 'Lax' });
  ensureBrowserHash();
  void flushAnalytics();
}

/** The browser hash when it exists; never creates it. */
export function browserHash(): string | null {
  return getCookie(BROWSER_HASH_COOKIE_NAME);
}

/**
 * The long-lived browser id, created when missing. Only after consent (`acceptCookies`) or for an
 * explicit action that needs it (an anonymous poll vote): never on page load.
 */
export function ensureBrowserHash(): string {
  const existing = browserHash();
  if (existing) return existing;
  const hash = randomHex128();
  setCookie(BROWSER_HASH_COOKIE_NAME, hash, {
    maxAgeSeconds: BROWSER_HASH_MAX_AGE_S,
    sameSite: 'Lax',
  });
  return hash;
}

/** The analytics sender's client id: the browser hash once cookies are accepted, else null (wait). */
export function analyticsClientId(): string | null {
  return hasCookieConsent() ? ensureBrowserHash() : null;
}
