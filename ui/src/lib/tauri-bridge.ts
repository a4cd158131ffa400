/**
 * The desktop app's bridge, without the @tauri-apps/api package: Tauri v2 injects
 * `window.__TAURI_INTERNALS__` into its webview, with `invoke` for commands and `transformCallback`
 * for event handlers (what @tauri-apps/api itself calls). On the website it is absent, and
 * {@link isDesktop} is false.
 */

import type { CommandError } from '@/generated/CommandError';
import type { CommandErrorKind } from '@/generated/CommandErrorKind';

interface TauriInternals {
  invoke<T>(command: string, args?: Record<string, unknown>): Promise<T>;
  transformCallback(callback: (message: unknown) => void, once?: boolean): number;
}

declare global {
  interface Window {
    __TAURI_INTERNALS__?: TauriInternals;
  }
}

function internals(): TauriInternals | undefined {
  return typeof window === 'undefined' ? undefined : window.__TAURI_INTERNALS__;
}

/** Running inside the Onda desktop app. */
export function isDesktop(): boolean {
  return internals() !== undefined;
}

/**
 * A desktop command's failure: the app's `{ kind, message }` (src-tauri/src/error.rs), so callers pick
 * their Portuguese text by `kind`; the English `message` is for the logs.
 */
export class DesktopCommandError extends Error {
  readonly kind: CommandErrorKind;

  constructor({ kind, message }: CommandError) {
    super(message);
    this.name = 'DesktopCommandError';
    this.kind = kind;
  }
}

const KINDS: readonly CommandErrorKind[] = [
  'invalidInput',
  'alarmStore',
  'streamsUnavailable',
  'internal',
];

/** The app's rejection as a DesktopCommandError; anything else Tauri rejects with is `internal`. */
export function toCommandError(rejection: unknown): DesktopCommandError {
  if (rejection instanceof DesktopCommandError) return rejection;
  const value = rejection as Partial<CommandError> | null;
  if (value && typeof value === 'object' && KINDS.includes(value.kind as CommandErrorKind)) {
    return new DesktopCommandError({
      kind: value.kind as CommandErrorKind,
      message: String(value.message ?? ''),
    });
  }
  const message = rejection instanceof Error ? rejection.message : String(rejection);
  return new DesktopCommandError({ kind: 'internal', message });
}

/** Calls one of the app's commands (src-tauri/src/desktop/commands.rs); rejects with a DesktopCommandError. */
export function desktopInvoke<T>(command: string, args?: Record<string, unknown>): Promise<T> {
  const tauri = internals();
  if (!tauri) return Promise.reject(new Error('not in the desktop app'));
  return tauri.invoke<T>(command, args).catch((rejection: unknown) => {
    throw toCommandError(rejection);
  });
}

/** Listens to an app event (`onda://player`, `onda://alarm`, `onda://tray`); returns the unlisten. */
export function desktopListen<T>(event: string, handler: (payload: T) => void): () => void {
  const tauri = internals();
  if (!tauri) return () => undefined;
  const callback = tauri.transformCallback((message) => {
    handler((message as { payload: T }).payload);
  });
  const id = tauri.invoke<number>('plugin:event|listen', {
    event,
    target: { kind: 'Any' },
    handler: callback,
  });
  return () => {
    void id.then((eventId) =>
      tauri.invoke('plugin:event|unlisten', { event, eventId }).catch(() => undefined),
    );
  };
}
