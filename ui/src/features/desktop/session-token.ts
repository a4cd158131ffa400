/**
 * The desktop app keeps the signed-in user's bearer token in the OS keyring (src-tauri
 * session_token.rs: the Secret Service, the Keychain, the Credential Manager — never a plain file),
 * so a restart does not ask for the login again. Restored before the first query (with the station
 * origin, see station-origin.ts); saved on login and cleared on logout or a 401 through lib/session.
 * On the website it does nothing.
 */
import { startSession } from '@/features/auth/session-actions';
import { desktopInvoke, isDesktop } from '@/lib/tauri-bridge';
import { attachAuthTokenStore, getSession, type AuthTokenStore } from '@/lib/session';

/**
 * How long the app's first render waits for the keyring. A locked keyring asks for its password
 * first; the app then starts without the kept session and picks it up when the keyring answers.
 */
export const TOKEN_LOAD_WAIT_MS = 3000;

/** Loads the kept token and attaches the keyring as the session's token store. */
export async function restoreDesktopToken(): Promise<void> {
  if (!isDesktop()) return;
  // Saves and clears run one after the other, in the order the session asked for them.
  let queue: Promise<void> = Promise.resolve();
  const run = (command: string, args?: Record<string, unknown>) => {
    queue = queue
      .then(() => desktopInvoke(command, args))
      .then(
        () => undefined,
        (error: unknown) => console.warn(`desktop: ${command} failed`, error),
      );
  };
  const store: AuthTokenStore = {
    save: (token) => run('session_token_save', { token }),
    clear: () => run('session_token_clear'),
  };
  attachAuthTokenStore(store, null);

  const load = desktopInvoke<string | null>('session_token_load').then(
    (token) => token ?? null,
    (error: unknown) => {
      console.warn('desktop: the kept session token could not be read', error);
      return null;
    },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), TOKEN_LOAD_WAIT_MS);
  });
  const first = await Promise.race([load, late]);
  clearTimeout(timer);
  if (first !== 'late') {
    attachAuthTokenStore(store, first);
    return;
  }
  console.warn(
    'desktop: the keyring is slow to answer (locked?); starting without the kept session',
  );
  void load.then((token) => {
    // A login that happened meanwhile wins.
    if (!token || getSession()) return;
    attachAuthTokenStore(store, token);
    void startSession();
  });
}
