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
      session_token_load: () => null,
    });
    await connectDesktopStation();
    expect(resolveApiPath('getAppParameters')).toBe(
      'http://127.0.0.1:8080/api/v1/getAppParameters',
    );
  });

  it("points the API's server-relative media at the station, app routes stay", async () => {
    installFakeTauri({
      desktop_info: () => ({ version: '0.1.0', serverUrl: 'http://127.0.0.1:8080' }),
      session_token_load: () => null,
    });
    await connectDesktopStation();
    const box = document.createElement('div');
    box.innerHTML =
      '<img src="/media/logo.svg" alt=""><a href="/noticias">Notícias</a><a href="/feed/rss">RSS</a>';
    document.body.append(box);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(box.querySelector('img')?.getAttribute('src')).toBe(
      'http://127.0.0.1:8080/media/logo.svg',
    );
    expect(box.querySelectorAll('a')[0]?.getAttribute('href')).toBe('/noticias');
    expect(box.querySelectorAll('a')[1]?.getAttribute('href')).toBe(
      'http://127.0.0.1:8080/feed/rss',
    );
    box.querySelector('img')?.setAttribute('src', '/media/img/video/a.svg');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(box.querySelector('img')?.getAttribute('src')).toBe(
      'http://127.0.0.1:8080/media/img/video/a.svg',
    );
    box.remove();
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
