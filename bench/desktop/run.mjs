// The desktop benchmark's two runs (called by bench/desktop.sh inside Xvfb and a D-Bus session):
// 1. the release desktop app (through tauri-driver, which only starts it and clicks 'Tocar' on the
//    live page) plays the station's main stream with its native engine;
// 2. Debian's Chromium (playwright-core, a headed window on the same display) opens the station's live
//    page and plays the same stream with its <audio> engine.
// Each is measured over the same window once the live stream is playing: CPU time (utime + stime)
// and peak memory (summed RSS, and summed PSS) of the whole process tree (the app with its WebKit
// processes; Chromium with its renderer, GPU, network and audio processes). Writes BENCH_RESULT (JSON).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { invoke, nativeState, startApp } from '../../e2e/desktop/lib/app.mjs';
import { findExe, measure } from './proctree.mjs';

const server = process.env.BENCH_SERVER_URL;
const binary = process.env.BENCH_DESKTOP_BIN;
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const out = process.env.BENCH_OUT;
const mainStream = process.env.BENCH_MAIN_STREAM;
// 'none' (default): no sound card for either, as on this machine: the app's output keeps retrying
// the device while the engine decodes, Chromium renders to its fake (timer-paced) output. 'null':
// ALSA's null device for both, which is not paced in real time (rodio's and Chromium's output
// threads then spin at full speed, so it measures the sink, not the player).
const nullAudio = (process.env.BENCH_AUDIO ?? 'none') === 'null';
const chromiumBinary = process.env.BENCH_CHROMIUM_BIN ?? '/usr/lib/chromium/chromium';
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const log = (line) => process.stderr.write(`bench/desktop: ${line}\n`);

/** Playing the live stream, past any preroll (the same check for both: the UI's state machine). */
const livePlaying = (s) => !!s && s.status === 'playing' && s.isLive === true && s.ad === null;

async function desktopRun() {
  const app = await startApp(binary, server, { nullAudio });
  try {
    const { session } = app;
    await session.waitFor('[data-testid="live-play-button"], [data-testid="login-button"]', {
      timeout: 60_000,
    });
    await session.execute(
      `history.pushState(null, '', '/ouvir-radio-online'); dispatchEvent(new PopStateEvent('popstate'));`,
    );
    await (await session.waitFor('[data-testid="live-play-button"]', { text: 'Tocar' })).click();
    // 'Tocar' goes to the native engine (player_play). When the UI cannot reach the station (its API
    // calls not pointed at ONDA_SERVER_URL), the same command is sent with the main stream's MP3
    // source from desktop_streams, as the tray's play item does; the result says which happened.
    let startedBy = 'Tocar';
    const playing = (value) => nativeState(value) === 'playing';
    let status = await session
      .until("return window.__TAURI_INTERNALS__.invoke('player_status');", playing, {
        timeout: 20_000,
        what: 'the native player to play after Tocar',
      })
      .catch(() => null);
    if (!status) {
      const streams = await invoke(session, 'desktop_streams');
      const main = streams.find((stream) => stream.id === mainStream && stream.mp3);
      if (!main) throw new Error(`no MP3 stream in desktop_streams: ${JSON.stringify(streams)}`);
      await invoke(session, 'player_play', { url: main.mp3 });
      startedBy = 'player_play command (Tocar did not start the native player)';
      status = await session.until(
        "return window.__TAURI_INTERNALS__.invoke('player_status');",
        playing,
        { timeout: 30_000, what: 'the native player to play' },
      );
    }
    log(`app playing, started by ${startedBy}`);
    const pid = findExe(app.driver.child.pid, binary);
    if (!pid) throw new Error(`no ${binary} process under tauri-driver`);
    log(`app ${pid} plays ${status.url}; measuring ${seconds} s`);
    const figures = await measure(pid, seconds);
    const still = nativeState(await invoke(session, 'player_status'));
    if (still !== 'playing') throw new Error(`the app stopped playing during the run: ${still}`);
    if (out) writeFileSync(join(out, 'desktop-app.png'), await session.screenshot());
    return { ...figures, stream: status.url, startedBy };
  } finally {
    await app.stop();
  }
}

async function chromiumRun() {
  // A private profile and home like the app's.
  const home = mkdtempSync(join(tmpdir(), 'onda-bench-chromium-'));
  if (nullAudio)
    writeFileSync(
      join(home, '.asoundrc'),
      'pcm.!default { type null }\nctl.!default { type hw card 0 }\n',
    );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: false,
    env: { ...process.env, HOME: home },
    args: [
      '--no-sandbox',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
      '--window-size=1200,800',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: null });
    const page = await context.newPage();
    await page.goto(`${server}/ouvir-radio-online`);
    const button = page.getByTestId('live-play-button');
    await button.waitFor({ timeout: 60_000 });
    await button.click();
    await page.waitForFunction(
      () => {
        const s = window.__ondaPlayer?.getSnapshot();
        return !!s && s.status === 'playing' && s.isLive === true && s.ad === null;
      },
      null,
      { timeout: 90_000, polling: 250 },
    );
    const src = (await page.evaluate(() => window.__ondaPlayer.getSnapshot().src)) ?? '';
    // The browser process (under Debian's /usr/bin/chromium launcher script, under this node): the
    // first chromium binary found walking down from here; its renderer, GPU, network and audio
    // processes are its descendants.
    const pid = findExe(process.pid, chromiumBinary);
    if (!pid) throw new Error(`no ${chromiumBinary} process under this benchmark`);
    log(`chromium ${pid} plays ${src}; measuring ${seconds} s`);
    const figures = await measure(pid, seconds);
    const after = await page.evaluate(() => window.__ondaPlayer.getSnapshot());
    if (!livePlaying(after)) throw new Error(`chromium stopped playing: ${JSON.stringify(after)}`);
    if (out) await page.screenshot({ path: join(out, 'chromium.png') });
    return { ...figures, stream: src };
  } finally {
    await browser.close();
    rmSync(home, { recursive: true, force: true });
  }
}

if (!server || !binary) throw new Error('BENCH_SERVER_URL and BENCH_DESKTOP_BIN are required');
if (out) mkdirSync(out, { recursive: true });
const desktop = await desktopRun();
await sleep(2000);
const web = await chromiumRun();
const result = {
  seconds,
  audio: nullAudio ? 'ALSA null device' : 'no sound card',
  desktop,
  chromium: web,
};
// A file, not stdout: D-Bus-activated helpers (the accessibility bus) inherit and write to stdout.
writeFileSync(
  process.env.BENCH_RESULT ?? join(out ?? '.', 'result.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
