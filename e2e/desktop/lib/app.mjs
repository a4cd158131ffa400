// The desktop app under automation: a private home (fresh app data; as the sound card, a real-time
// PulseAudio null sink from lib/audio.mjs, or else ALSA's null device, since test machines have
// none), tauri-driver with that environment, and a WebDriver session that starts the app pointed at
// a station. Shared by the desktop test and bench/desktop.sh.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session, startTauriDriver } from './webdriver.mjs';

/**
 * Starts `binary` (target/debug/onda-desktop or the release build) against `serverUrl`. Needs a
 * display (run under xvfb-run). `sink` (from startNullSink) is the sound card; without it, ALSA's
 * null device (which takes audio as fast as it comes), or none with `nullAudio: false`. Returns `{ session, driver, home, stop() }`.
 */
export async function startApp(
  binary,
  serverUrl,
  { log = () => {}, sink = null, nullAudio = true } = {},
) {
  const home = mkdtempSync(join(tmpdir(), 'onda-desktop-home-'));
  for (const dir of ['.config', '.local/share', '.cache'])
    mkdirSync(join(home, dir), { recursive: true });
  if (sink) writeFileSync(join(home, '.asoundrc'), sink.asoundrc);
  else if (nullAudio)
    writeFileSync(
      join(home, '.asoundrc'),
      'pcm.!default { type null }\nctl.!default { type hw card 0 }\n',
    );
  const env = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    ONDA_SERVER_URL: serverUrl,
    ...(sink ? { PULSE_SERVER: sink.server } : {}),
    // Software rendering only (no GPU under Xvfb), no accessibility bus.
    WEBKIT_DISABLE_COMPOSITING_MODE: '1',
    WEBKIT_DISABLE_DMABUF_RENDERER: '1',
    LIBGL_ALWAYS_SOFTWARE: '1',
    NO_AT_BRIDGE: '1',
    RUST_LOG: process.env.RUST_LOG ?? 'warn,onda_desktop=info',
  };
  const driver = await startTauriDriver({ env, log });
  let session;
  try {
    session = await Session.create(driver.url, binary);
  } catch (error) {
    await driver.stop();
    rmSync(home, { recursive: true, force: true });
    throw new Error(
      `the app did not start under tauri-driver: ${error.message}\n${driver.output()}`,
    );
  }
  return {
    session,
    driver,
    home,
    async stop() {
      await session.delete();
      await driver.stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Calls one of the app's Tauri commands from the page, as the UI's desktop bridge does. */
export function invoke(session, command, args = {}) {
  return session.executeAsync(
    `const [command, args] = arguments;
     if (!window.__TAURI_INTERNALS__) throw new Error('no Tauri bridge in this page');
     return window.__TAURI_INTERNALS__.invoke(command, args);`,
    command,
    args,
  );
}

/** The UI player's snapshot (window.__ondaPlayer, the same read-only view the browser tests use). */
export function playerSnapshot(session) {
  return session.executeAsync('return window.__ondaPlayer?.getSnapshot() ?? null;');
}

/** The native state's name from player_status: 'idle', 'playing', … */
export function nativeState(status) {
  const state = status?.state;
  return typeof state === 'string' ? state : (state?.state ?? null);
}
