// The back office's people area (permission 8) in Chromium against the real server: a staff
// member finds a listener, grants PRO (the listener's own profile then says PRO), and reads the change
// in the audit log; a listener without permission 8 is refused. Screenshots at 375 and 1280 px.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { addSession, apiCall } from '../lib/listener.mjs';
import { artifacts, launchBrowser, newPage, startStation } from '../lib/station.mjs';

const STAFF = 'pessoas@exemplo.com';
const LISTENER = 'ouvinte.pro@exemplo.com';
let station;
let browser;
let staffToken;
let listenerToken;

before(async () => {
  station = await startStation({ ONDA_RADIO: 'false' });
  browser = await launchBrowser();
  ({ token: staffToken } = await station.confirmedListener(STAFF, 'Paula Pessoas'));
  ({ token: listenerToken } = await station.confirmedListener(LISTENER, 'Otávio Ouvinte'));
  station.admin('grant-permission', STAFF, '8');
  mkdirSync(artifacts, { recursive: true });
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

async function loggedInPage(token, width, height = 900) {
  const opened = await newPage(browser, width, height);
  await addSession(opened.context, station.url, token);
  await opened.context.addCookies([
    { name: 'a1_cookieConsent', value: '1', domain: new URL(station.url).hostname, path: '/' },
  ]);
  return opened;
}

describe('people', () => {
  test('staff find a listener, grant PRO, and the audit log shows it', async () => {
    const before = await apiCall(station.url, listenerToken, 'profile/getProfile');
    assert.equal(before.body.data.isPro, false);

    const { page } = await loggedInPage(staffToken, 1280);
    await page.goto(`${station.url}/a1pessoas`);
    await page.getByLabel('Buscar contas').fill('ouvinte.pro');
    const row = page.getByTestId('people-row').filter({ hasText: LISTENER });
    await row.waitFor();
    await row.getByRole('button').first().click();
    const drawer = page.getByTestId('person-detail');
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Conceder PRO' }).click();
    await page.getByTestId('person-pro-state').filter({ hasText: 'PRO' }).waitFor();
    await page.screenshot({ path: join(artifacts, 'people-drawer-1280.png') });

    const afterGrant = await apiCall(station.url, listenerToken, 'profile/getProfile');
    assert.equal(afterGrant.body.data.isPro, true, 'the listener is PRO for the site too');

    await page.goto(`${station.url}/a1pessoas?aba=registro`);
    const entry = page.getByTestId('audit-entry').first();
    await entry.waitFor();
    assert.match(await entry.innerText(), /pessoas@exemplo\.com/);
  });

  test('the list at 375 px: cards, nothing scrolls sideways', async () => {
    const { page } = await loggedInPage(staffToken, 375, 800);
    await page.goto(`${station.url}/a1pessoas`);
    await page.getByTestId('people-cards').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `scrolls sideways by ${overflow} px`);
    await page.screenshot({ path: join(artifacts, 'people-list-375.png'), fullPage: true });
  });

  test('a listener without permission 8 is refused', async () => {
    const { page } = await loggedInPage(listenerToken, 1280);
    await page.goto(`${station.url}/a1pessoas`);
    await page.getByTestId('people-no-permission').waitFor();
    const response = await fetch(`${station.url}/api/v1/backoffice/people`, {
      headers: { authorization: `Bearer ${listenerToken}` },
    });
    assert.equal(response.status, 403);
  });
});
