/**
 * The tray's statistics item follows the same permission as /a1stats (getUserPermissions over the
 * API stand-in); only the Tauri IPC is a stand-in for the desktop app.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserPermissions } from '@/generated/UserPermissions';
import { resetSession, setSession } from '@/lib/session';
import { mockApi } from '@/test/api-mock';
import { act, render, waitFor } from '@/test/render';
import { installFakeTauri, removeFakeTauri, type FakeTauri } from './testing/fake-tauri';
import { useDesktopTrayStaff } from './useDesktopTrayStaff';

const USER = { userId: 3, name: 'Equipe', email: 'e@x.br', isPro: false };
const PERMISSIONS = '/api/v1/stats/getUserPermissions';

function granted(list: number[]): UserPermissions {
  return {
    userPermissions: list,
    content: { affiliates: [], affiliatesUrl: '', links: [] },
  };
}

function Probe() {
  useDesktopTrayStaff();
  return null;
}

let tauri: FakeTauri;

beforeEach(() => {
  resetSession();
});

afterEach(() => {
  removeFakeTauri();
  resetSession();
});

describe('useDesktopTrayStaff', () => {
  it('shows the tray item to a user with the statistics permission, hides it on logout', async () => {
    tauri = installFakeTauri({ tray_set_staff: () => undefined });
    mockApi({ [PERMISSIONS]: granted([1, 2]) });
    setSession({ user: USER, token: 'tok' });
    render(<Probe />);
    await waitFor(() => expect(tauri.callsTo('tray_set_staff')).toEqual([{ staff: true }]));
    act(() => setSession(null));
    await waitFor(() =>
      expect(tauri.callsTo('tray_set_staff')).toEqual([{ staff: true }, { staff: false }]),
    );
  });

  it('keeps it hidden for a user without the permission', async () => {
    tauri = installFakeTauri({ tray_set_staff: () => undefined });
    mockApi({ [PERMISSIONS]: granted([3]) });
    setSession({ user: USER, token: 'tok' });
    render(<Probe />);
    await waitFor(() => expect(tauri.callsTo('tray_set_staff')).toEqual([{ staff: false }]));
  });

  it('keeps it hidden when nobody is logged in, without asking for permissions', async () => {
    tauri = installFakeTauri({ tray_set_staff: () => undefined });
    const fetchMock = mockApi({ [PERMISSIONS]: granted([1]) });
    setSession(null);
    render(<Probe />);
    await waitFor(() => expect(tauri.callsTo('tray_set_staff')).toEqual([{ staff: false }]));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('getUserPermissions'))).toBe(
      false,
    );
  });

  it('does nothing on the website', async () => {
    const fetchMock = mockApi({ [PERMISSIONS]: granted([1]) });
    setSession({ user: USER });
    render(<Probe />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('getUserPermissions'))).toBe(
      false,
    );
    expect(window.__TAURI_INTERNALS__).toBeUndefined();
  });
});
