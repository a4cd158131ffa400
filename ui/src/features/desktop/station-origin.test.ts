import { afterEach, describe, expect, it } from 'vitest';
import { resolveApiPath, setApiOrigin } from '@/lib/api';
import { connectDesktopStation } from './station-origin';
import { installFakeTauri, removeFakeTauri } from './testing/fake-tauri';

afterEach(() => {
  removeFakeTauri();
  setApiOrigin('');
});

describe('connectDesktopStation', () => {
  it('points the API at the station server the desktop app is configured with', async () => {
    installFakeTauri({
      desktop_info: () => ({ version: '0.1.0', serverUrl: 'http://127.0.0.1:8080/' }),
    });
    await connectDesktopStation();
    expect(resolveApiPath('getAppParameters')).toBe(
      'http://127.0.0.1:8080/api/v1/getAppParameters',
    );
  });

  it('leaves the website on its own origin', async () => {
    await connectDesktopStation();
    expect(resolveApiPath('getAppParameters')).toBe('/api/v1/getAppParameters');
  });

  it('still lets the app start when the command fails', async () => {
    installFakeTauri({
      desktop_info: () => {
        throw new Error('no state');
      },
    });
    await expect(connectDesktopStation()).resolves.toBeUndefined();
    expect(resolveApiPath('getAppParameters')).toBe('/api/v1/getAppParameters');
  });
});
