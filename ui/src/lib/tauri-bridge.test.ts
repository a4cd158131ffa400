import { afterEach, describe, expect, it } from 'vitest';
import { DesktopCommandError, desktopInvoke, toCommandError } from './tauri-bridge';

function fakeApp(invoke: () => Promise<unknown>) {
  window.__TAURI_INTERNALS__ = {
    invoke: invoke as never,
    transformCallback: () => 0,
  };
}

afterEach(() => {
  delete window.__TAURI_INTERNALS__;
});

describe('desktopInvoke', () => {
  it("rejects with the app's kind and message", async () => {
    fakeApp(() => Promise.reject({ kind: 'alarmStore', message: 'read-only file system' }));
    const error = await desktopInvoke('alarm_save', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DesktopCommandError);
    expect(error).toMatchObject({ kind: 'alarmStore', message: 'read-only file system' });
  });

  it('calls a text rejection from Tauri itself internal', async () => {
    fakeApp(() => Promise.reject('command alarm_save not found'));
    const error = await desktopInvoke('alarm_save').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'internal', message: 'command alarm_save not found' });
  });

  it('passes results through', async () => {
    fakeApp(() => Promise.resolve({ ok: 1 }));
    await expect(desktopInvoke('player_status')).resolves.toEqual({ ok: 1 });
  });
});

describe('toCommandError', () => {
  it('does not trust an unknown kind', () => {
    expect(toCommandError({ kind: 'root', message: 'x' }).kind).toBe('internal');
    expect(toCommandError(new Error('boom'))).toMatchObject({ kind: 'internal', message: 'boom' });
  });
});
