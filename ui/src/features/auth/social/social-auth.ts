/**
 * Social sign-in through the identity provider's JS SDK (doc1 §4 Social provider flow, S07, G03,
 * G09). Nothing is loaded unless the app is given a provider configuration ({@link
 * configureSocialAuth}): the site's CSP allows no third-party script by default, so the Google and
 * Facebook buttons stay hidden. When configured, the SDK loads {@link PROVIDER_SCRIPT_DELAY_MS}
 * after start and only one provider popup may be open at a time.
 */
import { useSyncExternalStore } from 'react';
import type { SocialProvider } from '@/lib/account-wire-types';
import { PROVIDER_SCRIPT_DELAY_MS } from '@/lib/constants';
import { AUTH_MESSAGES } from '../messages';

/** What the page needs from a provider SDK: a popup sign-in that yields the provider ID token. */
export interface SocialSdk {
  signIn(provider: SocialProvider): Promise<string>;
}

export interface SocialAuthConfig {
  providers: SocialProvider[];
  /** Loads the SDK (e.g. a script tag) and resolves once it can be used. */
  load: () => Promise<void>;
  /** The SDK once loaded, `undefined` if it is missing. */
  getSdk: () => SocialSdk | undefined;
}

export type SignInResult =
  | { ok: true; idToken: string }
  /** `message` null: the visitor closed the popup; nothing to say. */
  | { ok: false; message: string | null };

type LoadState = 'idle' | 'loading' | 'ready' | 'failed';

/** One SDK session: delayed load, one popup at a time. */
export function createSocialAuth(config: SocialAuthConfig, delayMs = PROVIDER_SCRIPT_DELAY_MS) {
  let loadState: LoadState = 'idle';
  let popupOpen = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  return {
    providers: config.providers,
    /** Schedules the SDK load ({@link PROVIDER_SCRIPT_DELAY_MS} after page load). */
    start() {
      if (loadState !== 'idle' || timer) return;
      timer = setTimeout(() => {
        loadState = 'loading';
        config.load().then(
          () => {
            loadState = 'ready';
          },
          () => {
            loadState = 'failed';
          },
        );
      }, delayMs);
    },
    get loadState() {
      return loadState;
    },
    get popupOpen() {
      return popupOpen;
    },
    async signIn(provider: SocialProvider): Promise<SignInResult> {
      if (popupOpen) return { ok: false, message: AUTH_MESSAGES.popupBusy };
      if (loadState === 'idle' || loadState === 'loading')
        return { ok: false, message: AUTH_MESSAGES.providerLoading };
      const sdk = loadState === 'ready' ? config.getSdk() : undefined;
      if (!sdk) return { ok: false, message: AUTH_MESSAGES.providerMissing };
      popupOpen = true;
      try {
        return { ok: true, idToken: await sdk.signIn(provider) };
      } catch (error) {
        const code =
          typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
        if (code.includes('account-exists-with-different-credential'))
          return { ok: false, message: AUTH_MESSAGES.differentCredential };
        if (code.includes('popup-closed') || code.includes('cancelled'))
          return { ok: false, message: null };
        return {
          ok: false,
          message:
            'Desculpe, algo deu errado! Tente novamente em alguns minutos ou utilize outra forma de autenticação.',
        };
      } finally {
        popupOpen = false;
      }
    },
  };
}

export type SocialAuth = ReturnType<typeof createSocialAuth>;

let current: SocialAuth | null = null;
const listeners = new Set<() => void>();

/** Gives the app a provider configuration (or removes it with `null`) and starts the SDK load. */
export function configureSocialAuth(config: SocialAuthConfig | null, delayMs?: number): void {
  current = config ? createSocialAuth(config, delayMs) : null;
  current?.start();
  listeners.forEach((listener) => listener());
}

export function getSocialAuth(): SocialAuth | null {
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The configured social sign-in, or `null` (buttons hidden). */
export function useSocialAuth(): SocialAuth | null {
  return useSyncExternalStore(subscribe, getSocialAuth, getSocialAuth);
}
