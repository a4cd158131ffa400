/**
 * A stand-in for the Tauri IPC boundary (`window.__TAURI_INTERNALS__`) in component tests: commands
 * are answered by the given handlers and recorded; `fire` delivers an app event to its listeners the
 * way Tauri does (`{ event, payload }` to the transformed callback). Nothing of ours is replaced.
 */
import { vi } from 'vitest';

type Handler = (message: unknown) => void;
export type CommandHandler = (args: Record<string, unknown> | undefined) => unknown;

export interface FakeTauri {
  calls: [string, Record<string, unknown> | undefined][];
  /** The arguments of every call to `command`. */
  callsTo(command: string): (Record<string, unknown> | undefined)[];
  fire(event: string, payload: unknown): void;
  /** Replaces (or adds) a command's answer. */
  answer(command: string, handler: CommandHandler): void;
}

export function installFakeTauri(handlers: Record<string, CommandHandler> = {}): FakeTauri {
  const callbacks = new Map<number, Handler>();
  const listeners = new Map<string, number[]>();
  const calls: FakeTauri['calls'] = [];
  const answers = new Map(Object.entries(handlers));
  let next = 1;
  window.__TAURI_INTERNALS__ = {
    transformCallback: (callback: Handler) => {
      const id = next++;
      callbacks.set(id, callback);
      return id;
    },
    invoke: vi.fn(async (command: string, args?: Record<string, unknown>) => {
      calls.push([command, args]);
      if (command === 'plugin:event|listen') {
        const event = String(args?.event);
        listeners.set(event, [...(listeners.get(event) ?? []), Number(args?.handler)]);
        return next++;
      }
      if (command === 'plugin:event|unlisten') return undefined;
      const handler = answers.get(command);
      if (!handler) throw new Error(`unknown command ${command}`);
      return handler(args);
    }) as never,
  };
  return {
    calls,
    callsTo: (command) => calls.filter(([name]) => name === command).map(([, args]) => args),
    fire: (event, payload) => {
      for (const id of listeners.get(event) ?? []) callbacks.get(id)?.({ event, payload });
    },
    answer: (command, handler) => answers.set(command, handler),
  };
}

export function removeFakeTauri(): void {
  delete window.__TAURI_INTERNALS__;
}
