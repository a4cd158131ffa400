/**
 * The desktop app keeps the signed-in user's bearer token in the OS keyring (src-tauri
 * session_token.rs: the Secret Service, the Keychain, the Credential Manager — never a plain file),
 * so a restart does not ask for the login again. Restored before the first query (with the station
 * origin, see station-origin.ts); saved on login and cleared on logout or a 401 through lib/session.
 * On the website it does nothing.
 */
import { desktopInvoke, isDesktop } from '@/features/player/engines/desktop-bridge';
import { attachAuthTokenStore } from '@/lib/session';

/** Loads the kept token and attaches the keyring as the session's token store. */
export async function restoreDesktopToken(): Promise<void> {
  if (!isDesktop()) return;
  let restored: string | null = null;
  try {
    restored = (await desktopInvoke<string | null>('session_token_load')) ?? null;
  } catch (error) {
    console.warn('desktop: the kept session token could not be read', error);
  }
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
  attachAuthTokenStore(
    {
      save: (token) => run('session_token_save', { token }),
      clear: () => run('session_token_clear'),
    },
    restored,
  );
}
