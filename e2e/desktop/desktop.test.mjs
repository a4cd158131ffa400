// The desktop app end to end (issue 7): the real app (target/debug/onda-desktop, or ONDA_DESKTOP_BIN)
// under Xvfb, driven by tauri-driver + WebKitWebDriver, against the real onda-server on a fresh SQLite
// database. It starts and talks to the configured station, a PRO listener logs in through the login
// modal, 'Tocar' on the live page makes the native engine (Rust: reqwest → symphonia → rodio on
// ALSA's null device) report decoded audio with the stream's title, the PRO alarm page shows, and a
// screenshot of the window is saved to e2e/desktop/artifacts/.
//
// Run with `npm run e2e:desktop` (e2e/desktop/run.sh: xvfb-run and a D-Bus session around this file).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, startStation } from '../lib/station.mjs';
import { invoke, nativeState, playerSnapshot, startApp } from './lib/app.mjs';

const binary = process.env.ONDA_DESKTOP_BIN ?? join(root, 'target/debug/onda-desktop');
const artifacts = join(root, 'e2e/desktop/artifacts');
const email = 'pro.desktop@example.com';
const password = 'segredo1';

let station;
let app;
let session;
const driverLog = [];

before(async () => {
  if (!existsSync(binary)) throw new Error(`build the desktop app first: ${binary} is missing`);
  station = await startStation();
  await station.confirmedListener(email, 'Paula Desktop', password);
  station.admin('grant-pro', email);
  app = await startApp(binary, station.url, { log: (line) => driverLog.push(line) });
  session = app.session;
});

after(async () => {
  await app?.stop();
  await station?.stop();
  if (process.env.DEBUG_DESKTOP) console.log(driverLog.join(''));
});

/** Goes to `path` inside the single-page app (react-router follows history changes). */
async function goTo(path) {
  await session.execute(
    `history.pushState(null, '', arguments[0]); dispatchEvent(new PopStateEvent('popstate'));`,
    path,
  );
}

describe('desktop app', () => {
  test('starts with the UI and the configured station', async () => {
    await session.waitFor('[data-testid="login-button"]', { timeout: 60_000 });
    assert.match(await session.title(), /Onda FM$/);
    const info = await invoke(session, 'desktop_info');
    assert.equal(info.serverUrl, station.url);
    assert.equal(nativeState(await invoke(session, 'player_status')), 'idle');
  });

  test('the UI talks to the configured station (the live page lists its streams)', async () => {
    await goTo('/ouvir-radio-online');
    await session.waitFor('[data-testid="stream-option"]', { timeout: 15_000 }).catch((error) => {
      throw new Error(
        `the UI did not load the stream list from ${station.url} (ONDA_SERVER_URL): ${error.message}`,
      );
    });
    await goTo('/');
  });

  test('a PRO listener logs in through the login modal', async () => {
    await (await session.waitFor('[data-testid="login-button"]')).click();
    await (await session.waitFor('[role="dialog"] input[type="email"]')).type(email);
    await (
      await session.waitFor('[role="dialog"] input[autocomplete="current-password"]')
    ).type(password);
    await (await session.waitFor('[data-testid="auth-submit"]', { text: 'Entrar' })).click();
    const menu = await session.waitFor('[data-testid="profile-menu"]', { timeout: 15_000 });
    assert.match(await menu.text(), /PRO/);
    assert.equal((await session.find('[data-testid="login-button"]')).length, 0);
  });

  test('Tocar plays through the native engine, which decodes the stream', async () => {
    await goTo('/ouvir-radio-online');
    const button = await session.waitFor('[data-testid="live-play-button"]', { text: 'Tocar' });
    await button.click();
    // The native player reports 'playing' once symphonia has decoded audio from the stream.
    const status = await session.until(
      `return window.__TAURI_INTERNALS__.invoke('player_status');`,
      (value) => nativeState(value) === 'playing',
      { timeout: 30_000, what: 'player_status to report playing' },
    );
    assert.match(status.url, new RegExp(`^${station.url}/stream/.+\\.mp3`));
    // The UI's state machine follows the native engine: 'Pausar', live, no preroll for PRO.
    await session.waitFor('[data-testid="live-play-button"]', { text: 'Pausar' });
    const snapshot = await playerSnapshot(session);
    assert.equal(snapshot.status, 'playing');
    assert.equal(snapshot.ad, null);
    // Still decoding a few seconds later, and the ICY titles arrive (demo songs last 3 s here).
    const later = await session.until(
      `return window.__TAURI_INTERNALS__.invoke('player_status');`,
      (value) => nativeState(value) === 'playing' && !!value.track?.title,
      { timeout: 15_000, what: 'a stream title from the native engine' },
    );
    assert.ok(later.track.streamTitle.length > 0);
  });

  test('the alarm page shows for the PRO listener, and the window is captured', async () => {
    // 'Despertador' in the profile menu (desktop app only) leads to /despertador.
    await (await session.waitFor('[data-testid="profile-menu"]')).click();
    await (await session.waitFor('[role="menuitem"]', { text: 'Despertador' })).click();
    await session.waitFor('[data-testid="alarm-manager"]', { timeout: 15_000 });
    assert.equal(await session.execute('return location.pathname;'), '/despertador');
    assert.equal((await session.find('[data-testid="pro-notice"]')).length, 0);
    const overview = await invoke(session, 'alarm_list');
    assert.ok(Array.isArray(overview.alarms));
    mkdirSync(artifacts, { recursive: true });
    const png = await session.screenshot();
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
    assert.ok(png.length > 10_000, `screenshot of ${png.length} bytes`);
    writeFileSync(join(artifacts, 'desktop-alarm.png'), png);
    // Still playing behind the page change.
    assert.equal(nativeState(await invoke(session, 'player_status')), 'playing');
  });
});
