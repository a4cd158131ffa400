// The live input desk in a real browser against the real server and its station engine: a staff
// member with permission 7 opens /a1aovivo from the profile menu, finds the main channel with its
// mounts and the encoder's settings, generates the channel's own password and sees it once; ffmpeg
// then connects with that password as a studio's encoder would, the page shows the source on air
// within its 5-second refresh, and 'Desconectar fonte' (after its confirmation) gives the air back to
// the autoDJ. Nothing overflows at 375 px or 1280 px; screenshots at both widths.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { addSession } from '../lib/listener.mjs';
import { artifacts, launchBrowser, newPage, startStation } from '../lib/station.mjs';

const STAFF = 'ao.vivo.desk@exemplo.com';
const SCREENSHOT_375 = '/tmp/live-375.png';
const SCREENSHOT_1280 = '/tmp/live-1280.png';
const ENCODER_NAME = 'Estúdio da Onda';

let station;
let browser;
let staffToken;
let encoder;

before(async () => {
  station = await startStation();
  browser = await launchBrowser();
  ({ token: staffToken } = await station.confirmedListener(STAFF, 'Vera Ao Vivo'));
  station.admin('grant-permission', STAFF, '7');
  mkdirSync(artifacts, { recursive: true });
});

after(async () => {
  encoder?.kill('SIGKILL');
  await browser?.close();
  await station?.stop();
});

async function loggedInPage(width, height = 900) {
  const opened = await newPage(browser, width, height);
  await addSession(opened.context, station.url, staffToken);
  await opened.context.addCookies([
    { name: 'a1_cookieConsent', value: '1', domain: new URL(station.url).hostname, path: '/' },
  ]);
  return opened;
}

/** The desk's list as the page gets it. */
async function channels() {
  const response = await fetch(`${station.url}/api/v1/backoffice/live-sources`, {
    headers: { authorization: `Bearer ${staffToken}` },
  });
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()).data;
}

/** How far the page is wider than the window (0 when nothing overflows). */
async function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Opens the desk as staff do: the profile menu's item. */
async function openDesk(page) {
  await page.goto(`${station.url}/`);
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: 'Transmissão ao vivo' }).click();
  await page.waitForURL('**/a1aovivo');
  await page.getByTestId('live-desk').waitFor();
}

describe('live input desk', () => {
  test('staff see the main channel, get its password once, and see and cut a live source', async () => {
    // The station engine is on by default: its channels, the main one first.
    const [main] = await channels();
    assert.ok(main, 'the station engine runs at least the main channel');
    assert.ok(main.mounts.length >= 1);
    assert.match(main.mounts[0], /^\/stream\/.+\.mp3$/);
    assert.equal(main.ownPassword, false);
    assert.equal(main.live, null);

    const { page, context, errors } = await loggedInPage(1280);
    await openDesk(page);
    const card = page.getByTestId(`live-channel-${main.streamId}`);
    await card.getByRole('heading', { level: 2, name: main.name }).waitFor();
    await card.getByText('AutoDJ no ar').waitFor();
    assert.match(await card.textContent(), /Canal principal/);
    const settings = card.getByTestId('live-encoder-settings');
    const text = await settings.innerText();
    for (const mount of main.mounts) assert.ok(text.includes(mount), `${mount} in:\n${text}`);
    assert.ok(
      text.indexOf(main.mounts[0]) < text.indexOf(main.mounts.at(-1)) || main.mounts.length === 1,
    );
    assert.match(text, /Servidor\s+127\.0\.0\.1/);
    assert.match(text, new RegExp(`Porta\\s+${new URL(station.url).port}`));
    assert.match(text, /Usuário\s+source/);
    if (!main.stationPassword) await card.getByTestId('live-no-password').waitFor();

    // A new own password, shown once.
    await card.getByRole('button', { name: 'Gerar nova senha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova senha do canal' });
    await dialog.waitFor();
    const password = (await dialog.getByTestId('live-password-value').innerText()).trim();
    assert.match(password, /^[0-9a-f]{32}$/);
    assert.match(await dialog.innerText(), /não será mostrada de novo/);
    await dialog.getByRole('button', { name: 'Já copiei' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await page.getByText(password).count(), 0, 'the password is gone once closed');
    await card
      .getByText(/senha própria do canal desde \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/)
      .waitFor();
    assert.equal((await channels())[0].ownPassword, true);

    // A studio's encoder (ffmpeg, Icecast's PUT) goes on air with it; the page sees it within its
    // 5-second refresh.
    encoder = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi'],
        ...['-i', 'sine=frequency=1000:sample_rate=44100:duration=60'],
        ...['-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-content_type', 'audio/mpeg'],
        ...['-ice_name', ENCODER_NAME, '-f', 'mp3'],
        `icecast://source:${password}@127.0.0.1:${new URL(station.url).port}${main.mounts[0]}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let encoderLog = '';
    encoder.stderr.on('data', (chunk) => {
      encoderLog += chunk;
    });
    try {
      await card.getByText('Ao vivo', { exact: true }).waitFor({ timeout: 20_000 });
    } catch (error) {
      throw new Error(`not on air: ${error.message}\nffmpeg: ${encoderLog}`);
    }
    const session = card.getByTestId('live-session');
    await session.getByText(ENCODER_NAME).waitFor();
    const sessionText = await session.innerText();
    assert.match(sessionText, /No ar desde\s+\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
    assert.match(sessionText, /127\.0\.0\.1/);
    assert.match(sessionText, /Lavf/, 'ffmpeg names itself in its user agent');
    assert.equal(await overflow(page), 0, 'nothing wider than 1280 px');
    await page.screenshot({ path: SCREENSHOT_1280, fullPage: true });

    // Cut off after the confirmation: the autoDJ has the air again.
    await card.getByRole('button', { name: 'Desconectar fonte' }).click();
    const question = page.getByRole('dialog', { name: 'Desconectar a fonte ao vivo?' });
    await question.waitFor();
    await question.getByRole('button', { name: 'Desconectar fonte' }).click();
    await page.getByText('Fonte desconectada. O AutoDJ voltou ao ar.').waitFor();
    await card.getByText('AutoDJ no ar').waitFor({ timeout: 15_000 });
    encoder.kill('SIGKILL');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('at 375 px the desk and its password dialog fit the phone', async () => {
    const { page, context, errors } = await loggedInPage(375, 800);
    // The address itself, as a bookmark opens it (the server serves it as a staff page).
    const response = await page.goto(`${station.url}/a1aovivo`);
    assert.equal(response.status(), 200);
    // A staff page: out of search engines, like the catalogue's.
    assert.match(await response.text(), /<meta name="robots" content="noindex, nofollow">/);
    const robots = await (await fetch(`${station.url}/robots.txt`)).text();
    assert.match(robots, /^Disallow: \/a1aovivo$/m);
    await page.getByTestId('live-desk').waitFor();
    const [main] = await channels();
    const card = page.getByTestId(`live-channel-${main.streamId}`);
    await card.getByText(main.mounts[0]).waitFor();
    assert.equal(await overflow(page), 0, 'nothing wider than 375 px');
    await page.screenshot({ path: SCREENSHOT_375, fullPage: true });

    // It has an own password now: a new one replaces it, after a question.
    await card.getByRole('button', { name: 'Gerar nova senha' }).click();
    const question = page.getByRole('dialog', { name: 'Substituir a senha própria?' });
    await question.getByRole('button', { name: 'Gerar e substituir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova senha do canal' });
    await dialog.getByTestId('live-password-value').waitFor();
    await question.waitFor({ state: 'hidden' });
    // The dialogs' fade (Mantine's 200 ms), so the picture shows the password dialog alone.
    await page.waitForTimeout(400);
    const fits = await dialog.evaluate(
      (node) => node.getBoundingClientRect().right <= window.innerWidth + 0.5,
    );
    assert.ok(fits, 'the password dialog fits the phone');
    assert.equal(await overflow(page), 0);
    await page.screenshot({ path: '/tmp/live-375-password.png' });
    await dialog.getByRole('button', { name: 'Já copiei' }).click();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
