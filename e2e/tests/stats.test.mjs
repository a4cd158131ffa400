// The staff statistics dashboard (/a1stats) in a real browser against the real server: SS-01
// without a session, a staff user granted permissions 1, 2 and 3 with the operator command watches the
// live counters change when a test client connects to a stream (the 20 s poll driven by Chromium's
// clock), the impact report for pasted timestamps, screenshots at 1280 and 375 px, and
// 'Connection error!' once the server stops answering.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { addSession } from '../lib/listener.mjs';
import { artifacts, launchBrowser, newPage, startStation } from '../lib/station.mjs';

const POLL_MS = 20_000;
const EMAIL = 'equipe.stats@exemplo.com';

let station;
let browser;
let token;

before(async () => {
  station = await startStation();
  browser = await launchBrowser();
  ({ token } = await station.confirmedListener(EMAIL, 'Equipe'));
  mkdirSync(artifacts, { recursive: true });
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** A page with the staff user's session cookie (a1_token, HttpOnly as the server sets it). */
async function loggedInPage(width = 1280, height = 900) {
  const opened = await newPage(browser, width, height);
  await addSession(opened.context, station.url, token);
  return opened;
}

/** Every /api/v1/stats request the page makes. */
function statsRequests(page) {
  const seen = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/v1/stats/')) seen.push(request.url());
  });
  return seen;
}

/** A listener holding /stream/<mount> open (reading and discarding the audio) until `close()`. */
async function streamClient(mount) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const client = await new Promise((ok, fail) => {
      const request = http.get(`${station.url}/stream/${mount}`, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          request.destroy();
          ok(null);
          return;
        }
        response.once('data', () => ok({ close: () => request.destroy() }));
        response.on('data', () => {});
        response.on('error', () => {});
      });
      request.on('error', (error) => (error.code === 'ECONNRESET' ? ok(null) : fail(error)));
    });
    if (client) return client;
    if (Date.now() > deadline) throw new Error(`${mount} did not go on air`);
    await sleep(500);
  }
}

const totalOf = async (page) =>
  Number((await page.getByTestId('live-count-total').innerText()).replace(/\D/g, ''));

/** Runs the page's clock one poll ahead until the live total reads `expected`. */
async function pollUntilTotal(page, expected) {
  for (let attempt = 0; attempt < 6; attempt += 1) {
    await page.clock.runFor(POLL_MS);
    try {
      await page.waitForFunction(
        (want) => document.querySelector('[data-testid="live-count-total"]')?.textContent === want,
        String(expected),
        { timeout: 3000 },
      );
      return;
    } catch {
      // the poll answered before the server saw the change: one more poll
    }
  }
  assert.equal(await totalOf(page), expected);
}

/** `YYYY-MM-DD HH:mm:ss` in Brasília (UTC−3), `secondsAgo` before now. */
function brasilia(secondsAgo) {
  return new Date(Date.now() - secondsAgo * 1000 - 3 * 3_600_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');
}

describe('statistics dashboard', () => {
  test('SS-01: without a session, the login message and no /api/v1/stats request', async () => {
    const { page, context, errors } = await newPage(browser);
    const requests = statsRequests(page);
    await page.goto(`${station.url}/a1stats`);
    await page.getByText('Você precisa estar logado para ver as estatísticas').first().waitFor();
    assert.equal(await page.getByRole('button', { name: 'Entrar' }).first().isVisible(), true);
    assert.equal(
      await page.locator('meta[name="robots"]').getAttribute('content'),
      'noindex, nofollow',
    );
    await sleep(500);
    assert.deepEqual(requests, []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('SS-01: a session without permission 1 is told so', async () => {
    const { page, context } = await loggedInPage();
    const requests = statsRequests(page);
    await page.goto(`${station.url}/a1stats`);
    await page.getByText('Você não tem permissão para ler as estatísticas.').waitFor();
    assert.ok(
      requests.every((url) => url.includes('/stats/getUserPermissions')),
      requests.join(),
    );
    await context.close();
  });

  test('permissions 1, 2, 3: the counters follow a listener connecting and leaving (SS-03/05)', async () => {
    for (const permission of ['1', '2', '3']) station.admin('grant-permission', EMAIL, permission);
    const { page, context, errors } = await loggedInPage();
    await page.clock.install();
    await page.goto(`${station.url}/a1stats`);
    await page.getByTestId('live-counters').waitFor();
    await page.getByRole('heading', { name: 'Controles' }).waitFor();
    await page.getByRole('heading', { name: 'Filiais' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Limpar cache' }).isVisible(), true);

    const before = await totalOf(page);
    const client = await streamClient('onda_1.mp3');
    try {
      await pollUntilTotal(page, before + 1);
      const mount = page.getByTestId('live-count-onda_1');
      if ((await mount.count()) > 0)
        assert.ok(Number((await mount.getByTestId('count').innerText()).replace(/\D/g, '')) >= 1);
    } finally {
      client.close();
    }
    await pollUntilTotal(page, before);

    // The history opened on the default range and answered (a chart or the empty state).
    await page
      .locator('[data-testid="session-table"], [data-testid="empty-state"]')
      .first()
      .waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('SS-08: the impact report for pasted timestamps; empty and too-close lists refused', async () => {
    const { page, context } = await loggedInPage();
    const requests = statsRequests(page);
    await page.goto(`${station.url}/a1stats`);
    await page.getByTestId('live-counters').waitFor();
    const box = page.getByLabel('Timestamps');
    const generate = page.getByRole('button', { name: 'Gerar relatório' });

    await generate.click();
    await page.getByText('Nenhuma timestamp fornecida!').waitFor();
    assert.equal(requests.filter((url) => url.includes('getListenersByDates')).length, 0);

    const same = brasilia(120);
    await box.fill(`${same}\n${same}`);
    await generate.click();
    const refusal = page.locator('[data-toast-kind="error"]');
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /Timestamps iguais ou muito próximas/);
    await refusal.getByRole('button', { name: 'Fechar' }).click();

    const instants = [brasilia(180), brasilia(60)];
    await box.fill(instants.join('\n'));
    await generate.click();
    const table = page.getByTestId('impact-table');
    await table.waitFor();
    assert.equal(await table.locator('tbody tr').count(), 2);
    await page.getByTestId('impact-total-listeners').waitFor();
    await page.getByTestId('impact-total-inserts').waitFor();
    const sent = requests.filter((url) => url.includes('getListenersByDates')).at(-1);
    assert.equal(new URL(sent).searchParams.get('timestamps'), instants.join('\n'));
    await context.close();
  });

  test('screenshots of the dashboard at 1280 and 375 px, and dark at 1280', async () => {
    const client = await streamClient('onda_1.mp3');
    try {
      for (const [width, scheme] of [
        [1280, ''],
        [375, ''],
        [1280, 'dark'],
      ]) {
        const { page, context, errors } = await loggedInPage(width, 900);
        await page.goto(`${station.url}/a1stats${scheme ? `?test_colorScheme=${scheme}` : ''}`);
        await page.getByRole('button', { name: 'Aceitar e fechar' }).click();
        await page.getByTestId('live-counters').waitFor();
        await page
          .locator('[data-testid="session-table"], [data-testid="empty-state"]')
          .first()
          .waitFor();
        await sleep(800);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.ok(overflow <= 0, `no horizontal scroll at ${width} px (${overflow} px)`);
        const name = `stats-${width}${scheme ? `-${scheme}` : ''}`;
        await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });
        // Section by section, at full size, for a closer look.
        for (const section of ['live', 'history', 'impact']) {
          await page.locator(`#stats-${section}`).screenshot({
            path: join(artifacts, `${name}-${section}.png`),
          });
        }
        assert.deepEqual(errors, []);
        await context.close();
      }
    } finally {
      client.close();
    }
  });

  test("'Connection error!' when the server stops answering, the last numbers kept", async () => {
    const { page, context } = await loggedInPage();
    await page.clock.install();
    await page.goto(`${station.url}/a1stats`);
    await page.getByTestId('live-counters').waitFor();
    const last = await page.getByTestId('live-count-total').innerText();
    await station.stop();
    await page.clock.runFor(POLL_MS);
    await page.getByText('Connection error!').waitFor();
    assert.equal(await page.getByTestId('live-count-total').innerText(), last);
    assert.equal(await page.getByTestId('live-count-total').getAttribute('data-error'), 'true');
    await context.close();
  });
});
