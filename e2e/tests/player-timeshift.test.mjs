// Timeshift in the web player, in Chromium with hls.js against the real station engine: the live
// radio plays the mount; 'Voltar 30 segundos' turns to the channel's HLS (playlists and segments
// requested, the audio clock advancing: Chromium plays the MP3 rendition through Media Source
// Extensions), the page says how far behind live it is and shows what was on air then (the server's
// onAir answer for the instant heard); a pause and a resume carry on from the paused instant; the
// seek bar moves by the keyboard; 'Ao vivo' goes back to the mount. An HLS that fails falls back to
// the mount with a notice. Screenshots at 1280 and 375 px behind live.
// Demo songs last 3 s here (lib/station.mjs): 30 s back is another song than the one on air.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, launchBrowser, newPage, startStation } from '../lib/station.mjs';

let station;
let browser;
let main;
/** When the station went on air: the timeshift window holds what aired since. */
let onAirSince;

before(async () => {
  station = await startStation();
  browser = await launchBrowser();
  const profile = await (await fetch(`${station.url}/api/v1/station`)).json();
  main = profile.data.mainStreamId;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await fetch(`${station.url}/api/v1/aovivo/getCurrentSongInfo/${main}`);
    if (response.ok) break;
    if (Date.now() > deadline) throw new Error('the station never went on air');
    await new Promise((ok) => setTimeout(ok, 250));
  }
  onAirSince = Date.now();
  mkdirSync(artifacts, { recursive: true });
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

const snapshot = (page) => page.evaluate(() => window.__ondaPlayer?.getSnapshot() ?? null);

async function waitForPlayer(page, check, arg, timeout = 20_000) {
  await page.waitForFunction(check, arg ?? null, { timeout, polling: 100 });
}

/** How far behind live the player is (ms), from its own position. */
async function behindMs(page) {
  const position = (await snapshot(page)).timeshift?.position;
  return position ? position.liveMs - position.atMs : null;
}

/** The window holds at least this much air (the station has been on air that long). */
async function airFor(ms) {
  const wait = onAirSince + ms - Date.now();
  if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
}

/** The page's live radio playing from the mount, after the house preroll. */
async function playLive(page, { visit = true } = {}) {
  if (visit) await page.goto(`${station.url}/ouvir-radio-online`);
  await page.getByTestId('live-play-button').click();
  await waitForPlayer(
    page,
    () => {
      const s = window.__ondaPlayer?.getSnapshot();
      return !!s && s.status === 'playing' && s.isLive === true && s.ad === null;
    },
    null,
    45_000,
  );
  assert.match((await snapshot(page)).src, new RegExp(`/stream/${main}`));
}

/** Playing the HLS source behind live, its audio clock advancing. */
async function waitShiftedAndPlaying(page) {
  await waitForPlayer(page, () => {
    const s = window.__ondaPlayer?.getSnapshot();
    return (
      !!s && s.status === 'playing' && s.timeshift?.shifted === true && s.src?.includes('/hls/')
    );
  });
  const first = (await snapshot(page)).positionS;
  await page.waitForTimeout(2000);
  const later = (await snapshot(page)).positionS;
  assert.ok(later - first > 1.2, `the HLS audio clock advanced ${later - first} s`);
}

/** What the page shows as playing, read with the answer it shows it from. */
function shownAndHeard(page) {
  return page.evaluate(() => ({
    heard: window.__ondaPlayer.getSnapshot().heard,
    song: document.querySelector('[data-testid="live-song"]')?.textContent ?? '',
  }));
}

describe('timeshift', () => {
  test('back 30 s, pause and resume, the seek bar by keyboard, and Ao vivo', async () => {
    const { page, context, errors } = await newPage(browser, 1280);
    const requests = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${station.url}/ouvir-radio-online`);
    await page.getByTestId('live-play-button').waitFor();
    // The page's own scripts do not carry the timeshift's: no hls.js, no controls' chunk.
    assert.deepEqual(
      requests.filter((path) => /hls\.light|Timeshift|hls-session/.test(path)),
      [],
    );
    await playLive(page, { visit: false });
    await airFor(40_000);
    const panel = page.getByTestId('timeshift-panel');
    await panel.waitFor();
    // At the live edge: the badge, no behind text.
    assert.equal(await panel.getByTestId('timeshift-live').isVisible(), true);
    assert.equal(
      await page.getByTestId('timeshift-behind').count(),
      0,
      `behind text at live: ${JSON.stringify(await snapshot(page))}`,
    );

    await panel.getByRole('button', { name: 'Voltar 30 segundos' }).click();
    await waitShiftedAndPlaying(page);
    assert.ok(
      requests.some((path) => path.includes('hls.light')),
      'hls.js fetched on first use',
    );
    assert.ok(requests.includes(`/hls/${main}.m3u8`), 'the master playlist');
    assert.ok(requests.includes(`/hls/${main}/mp3.m3u8`), 'the MP3 media playlist');
    const segments = requests.filter((path) =>
      new RegExp(`^/hls/${main}/mp3/\\d+\\.mp3$`).test(path),
    );
    assert.ok(
      segments.length > 0,
      `segments requested: ${requests.filter((p) => p.includes('/hls/'))}`,
    );
    // About 30 s behind (plus the mount's buffer when the button was pressed).
    const behind = await behindMs(page);
    assert.ok(behind > 25_000 && behind < 45_000, `behind live by ${behind} ms`);
    const behindText = page.getByTestId('timeshift-panel').getByTestId('timeshift-behind');
    assert.match(await behindText.innerText(), /^há \d+ s do ao vivo/);
    assert.equal(await page.getByTestId('live-badge').count(), 0);
    assert.equal(await panel.getByTestId('timeshift-go-live').isVisible(), true);
    // What was on air then: the server's onAir answer for the instant heard, not the live song.
    await page.waitForFunction(
      () => {
        const s = window.__ondaPlayer?.getSnapshot();
        const song = document.querySelector('[data-testid="live-song"]')?.textContent;
        return !!s?.heard?.song && song === s.heard.song;
      },
      null,
      { timeout: 10_000, polling: 100 },
    );
    assert.ok(requests.some((path) => path === `/api/v1/aovivo/onAir/${main}`));
    const { heard, song } = await shownAndHeard(page);
    const answer = await (
      await fetch(`${station.url}/api/v1/aovivo/onAir/${main}?at=${heard.atMs}`)
    ).json();
    assert.equal(song, answer.data.nowPlaying.song);
    assert.ok(Date.now() - heard.startedAtMs > 20_000, 'the song shown started well before now');
    await page.getByRole('button', { name: 'Aceitar e fechar' }).click();
    await page.mouse.move(1200, 400);
    await page.evaluate(() => window.scrollTo({ top: 300, behavior: 'instant' }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(artifacts, 'player-timeshift-1280.png') });

    // Pause, wait, resume: it carries on from the paused instant, so it is behind by that much more.
    await page.getByTestId('live-play-button').click();
    const paused = await snapshot(page);
    assert.equal(paused.status, 'paused');
    const pausedAt = paused.timeshift.pausedAtMs;
    const behindAtPause = paused.timeshift.position.liveMs - pausedAt;
    await page.waitForTimeout(7000);
    // Paused more than 3 s: the HLS download was dropped.
    assert.equal((await snapshot(page)).src, null);
    await page.getByTestId('live-play-button').click();
    await waitShiftedAndPlaying(page);
    const resumed = await snapshot(page);
    assert.ok(
      Math.abs(resumed.timeshift.seekMs - pausedAt) < 1000,
      `resumed at ${resumed.timeshift.seekMs}, paused at ${pausedAt}`,
    );
    const grown = (await behindMs(page)) - behindAtPause;
    assert.ok(grown > 5000 && grown < 12_000, `behind live grew by ${grown} ms over a 7 s pause`);

    // The seek bar: its thumb is a slider named for what it is, valued as a time of day; the left
    // arrow goes back 30 s (the window holds enough air for that by then, with its margin).
    await airFor(100_000);
    const thumb = panel.getByRole('slider', { name: 'Posição na transmissão' });
    assert.match(
      await thumb.getAttribute('aria-valuetext'),
      /^\d\d:\d\d:\d\d, há \d+ s do ao vivo$/,
    );
    const beforeKey = await behindMs(page);
    const seq = (await snapshot(page)).timeshift.seekSeq;
    await thumb.focus();
    await page.keyboard.press('ArrowLeft');
    await waitForPlayer(page, (n) => window.__ondaPlayer.getSnapshot().timeshift.seekSeq > n, seq);
    await waitShiftedAndPlaying(page);
    const afterKey = await behindMs(page);
    assert.ok(
      afterKey - beforeKey > 25_000 && afterKey - beforeKey < 36_000,
      `the arrow key moved ${afterKey - beforeKey} ms back`,
    );

    // 'Ao vivo': the mount again, from its live edge, and no behind text.
    await panel.getByTestId('timeshift-go-live').click();
    await waitForPlayer(page, () => {
      const s = window.__ondaPlayer?.getSnapshot();
      return !!s && s.status === 'playing' && s.src?.includes('/stream/') && !s.timeshift.shifted;
    });
    assert.equal(await page.getByTestId('timeshift-behind').count(), 0);
    assert.equal(await page.getByTestId('live-badge').isVisible(), true);
    assert.equal(await panel.getByTestId('timeshift-live').isVisible(), true);
    assert.ok((await behindMs(page)) < 10_000);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('375 px: the bar and the live page behind live, without horizontal scroll', async () => {
    const { page, context, errors } = await newPage(browser, 375, 740);
    await playLive(page);
    await airFor(40_000);
    const bar = page.getByTestId('player-bar');
    await bar.getByTestId('timeshift-back').click();
    await waitShiftedAndPlaying(page);
    await bar.getByTestId('timeshift-go-live').waitFor();
    assert.match(await bar.getByTestId('timeshift-behind').innerText(), /^−\d+:\d\d$/);
    assert.equal(await bar.getByTestId('timeshift-go-live').isVisible(), true);
    assert.equal(await page.getByTestId('timeshift-panel').isVisible(), true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.equal(overflow, 0, 'no horizontal scroll');
    // Nothing of the panel is cut off at its edge (its 'Ao vivo' button beside the behind text).
    const clipped = await page.evaluate(() => {
      const panel = document
        .querySelector('[data-testid="timeshift-panel"]')
        .getBoundingClientRect();
      const button = document
        .querySelector('[data-testid="timeshift-panel"] [data-testid="timeshift-go-live"]')
        .getBoundingClientRect();
      return button.right > panel.right || button.width < 40;
    });
    assert.equal(clipped, false, "the panel's 'Ao vivo' button is whole");
    // The picture: the cookie notice answered, the pointer off the controls (a phone has none).
    await page.getByRole('button', { name: 'Aceitar e fechar' }).click();
    await page.mouse.move(370, 300);
    await page.evaluate(() => {
      const panel = document.querySelector('[data-testid="timeshift-panel"]');
      window.scrollBy({ top: panel.getBoundingClientRect().top - 240, behavior: 'instant' });
    });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(artifacts, 'player-timeshift-375.png') });
    // The narrowest phone: the bar still holds the behind time and 'Ao vivo', nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 640 });
    await bar.getByTestId('timeshift-go-live').waitFor();
    assert.equal(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
      0,
      'no horizontal scroll at 320 px',
    );
    const title = await bar.getByTestId('player-bar-title').boundingBox();
    assert.ok(title.width > 50, `the bar's title keeps ${title.width} px at 320 px`);
    await page.screenshot({ path: join(artifacts, 'player-timeshift-320.png') });
    await page.setViewportSize({ width: 375, height: 740 });
    // The bar's 'Ao vivo' goes back to the mount too.
    await bar.getByTestId('timeshift-go-live').click();
    await waitForPlayer(page, () => {
      const s = window.__ondaPlayer?.getSnapshot();
      return !!s && s.src?.includes('/stream/') && !s.timeshift.shifted;
    });
    await bar.getByTestId('timeshift-back').waitFor();
    assert.equal(await bar.getByTestId('timeshift-behind').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('HLS that fails falls back to the live mount with a notice', async () => {
    const { page, context } = await newPage(browser, 1280);
    // The station's HLS answers 404 for this page (a window that no longer has the instant).
    await page.route('**/hls/**', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await playLive(page);
    await page.getByTestId('timeshift-panel').getByTestId('timeshift-back').click();
    await page.getByText('Não foi possível voltar no tempo. Tocando ao vivo.').waitFor();
    await waitForPlayer(page, () => {
      const s = window.__ondaPlayer?.getSnapshot();
      return !!s && s.status === 'playing' && s.src?.includes('/stream/') && !s.timeshift.shifted;
    });
    assert.equal(await page.getByTestId('timeshift-behind').count(), 0);
    await context.close();
  });
});
