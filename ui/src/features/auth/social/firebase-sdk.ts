/**
 * The real provider SDK behind {@link SocialAuthConfig}: Firebase Auth's popup flow (Google,
 * Facebook), configured from the station profile's `socialAuth`. Firebase is imported dynamically
 * in `load`, so Vite puts it in its own chunks and the main bundle does not carry it.
 */
import type { SocialAuthConfig as StationSocialAuth } from '@/generated/SocialAuthConfig';
import type { SocialProvider } from '@/lib/account-wire-types';
import { configureSocialAuth, type SocialAuthConfig, type SocialSdk } from './social-auth';

/** The providers this SDK can open a popup for. */
const FIREBASE_PROVIDERS: readonly SocialProvider[] = ['google', 'facebook'];

function isFirebaseProvider(name: string): name is SocialProvider {
  return (FIREBASE_PROVIDERS as readonly string[]).includes(name);
}

/** The providers of the station's configuration that the buttons may show (unknown names dropped). */
export function firebaseProviders(config: StationSocialAuth): SocialProvider[] {
  return config.providers.filter(isFirebaseProvider);
}

async function loadFirebase(config: StationSocialAuth): Promise<SocialSdk> {
  const [{ getApps, initializeApp }, auth] = await Promise.all([
    import('firebase/app'),
    import('firebase/auth'),
  ]);
  // One app per page, even if the configuration is given twice.
  const app =
    getApps()[0] ??
    initializeApp({
      apiKey: config.apiKey,
      authDomain: config.authDomain,
      projectId: config.projectId,
    });
  const firebaseAuth = auth.getAuth(app);
  return {
    async signIn(provider) {
      const authProvider =
        provider === 'facebook' ? new auth.FacebookAuthProvider() : new auth.GoogleAuthProvider();
      const credential = await auth.signInWithPopup(firebaseAuth, authProvider);
      try {
        return await credential.user.getIdToken();
      } finally {
        // The station's own session takes over: keep no Firebase session in the browser.
        auth.signOut(firebaseAuth).catch(() => undefined);
      }
    },
  };
}

/** A {@link SocialAuthConfig} backed by Firebase Auth, for {@link configureSocialAuth}. */
export function createFirebaseSocialAuth(config: StationSocialAuth): SocialAuthConfig {
  let sdk: SocialSdk | undefined;
  let loading: Promise<void> | undefined;
  return {
    providers: firebaseProviders(config),
    load: () =>
      (loading ??= loadFirebase(config).then((loaded) => {
        sdk = loaded;
      })),
    getSdk: () => sdk,
  };
}

/** The configuration last applied, so the same profile seen again does not restart the SDK load. */
let appliedKey: string | null = null;

/**
 * Turns the social buttons on with the station profile's `socialAuth` (no-op when absent or
 * unchanged).
 */
export function applyStationSocialAuth(config: StationSocialAuth | undefined): void {
  if (!config) return;
  const key = JSON.stringify(config);
  if (key === appliedKey) return;
  appliedKey = key;
  configureSocialAuth(createFirebaseSocialAuth(config));
}

/** Tests: forget the applied configuration. */
export function resetStationSocialAuth(): void {
  appliedKey = null;
}
