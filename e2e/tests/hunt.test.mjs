// The treasure hunt in a real browser against the real server: the banner for visitors
// (not on the hunt's own page); a listener with a complete registration whose route changes are page
// views, wins with the operator's odds at 1 (`onda-server admin hunt-odds 1`), opens the closed chest
// (the prize modal and the prize's e-mail), shares and hunts on; the stock the server keeps.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { launchBrowser, newPage, nextMail, outboxFiles, startStation } from '../lib/station.mjs';
import { addSession, completeProfile } from '../lib/listener.mjs';

const HUNT_PATH = '/caca-ao-tesouro';
const BANNER_TEXT =
  'A Caça ao Tesouro Onda FM começou! Navegue pelo site e encontre o baú premiado.';
const LOGIN_NOTICE = 'Entre na sua conta para participar da caça ao tesouro.';
const CHEST_LABEL = 'Você encontrou um baú do tesouro! Clique para abrir';
const SHARED_TEXT =
  'Pronto! Continue navegando pelo site: o próximo baú pode estar na próxima página.';
/** The share pages of the networks: this machine has no internet, so the popup gets a stand-in. */
const SHARE_HOSTS = /^https:\/\/(www\.facebook\.com|twitter\.com|api\.whatsapp\.com)\//;

let station;
let browser;

before(async () => {
  station = await startStation();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

function sql(query) {
  return execFileSync('sqlite3', [join(station.dataDir, 'onda.db'), query], {
    encoding: 'utf8',
  }).trim();
}

/** checkInfoActiveHunt as the server answers now (Node's fetch keeps no HTTP cache). */
async function huntInfo() {
  const response = await fetch(`${station.url}/api/v1/cacaAoTesouro/checkInfoActiveHunt`);
  return (await response.json()).data;
}

/** The reply of the page's next setPageViewAndCheckWin, once `action` ran. */
async function pageView(page, action) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/cacaAoTesouro/setPageViewAndCheckWin')),
    action(),
  ]);
  assert.equal(response.status(), 200);
  return response.json();
}

describe('treasure hunt', () => {
  test('the banner shows for visitors on every page but the hunt page, where the start asks for a login', async () => {
    const { page, context, errors } = await newPage(browser, 375, 800);
    await page.goto(`${station.url}/promocoes`);
    const banner = page.getByTestId('hunt-banner');
    await banner.getByText(BANNER_TEXT).waitFor();
    await banner.getByRole('link', { name: 'Participar' }).click();
    await page.waitForURL(`**${HUNT_PATH}`);
    await page.getByRole('heading', { level: 1, name: 'Caça ao Tesouro Onda FM' }).waitFor();
    await page.getByRole('tab', { name: 'Início', selected: true }).waitFor();
    assert.equal(await page.getByTestId('hunt-banner').count(), 0, 'no banner on the hunt page');
    // Anonymous, 'Começar a caçar' opens the login modal with the hunt's notice.
    await page.getByTestId('hunt-start').click();
    const dialog = page.getByRole('dialog', { name: 'Entrar' });
    await dialog.getByText(LOGIN_NOTICE).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The rules tab.
    await page.getByRole('tab', { name: 'Regulamento' }).click();
    await page.getByTestId('hunt-rules').getByText('Regulamento da Caça ao Tesouro').waitFor();

    // Dismissed, the banner stays away for this visit only (C29: back after a reload).
    await page.goto(`${station.url}/`);
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Fechar o aviso da caça ao tesouro' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('hunt-banner').getByText(BANNER_TEXT).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a listener browses, wins with odds at 1, opens the chest, shares and hunts on', async () => {
    const email = `cacador.${Date.now()}@example.com`;
    const who = await station.confirmedListener(email, 'Caio');
    await completeProfile(station.url, who.token, { lastName: 'Martins', gender: 'MASCULINO' });
    const before = await huntInfo();
    station.admin('hunt-odds', '0');

    const { page, context, errors } = await newPage(browser, 1280, 900);
    await addSession(context, station.url, who.token);
    await context.route(SHARE_HOSTS, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>share</title>' }),
    );

    // The first page is a page view; with odds at 0 it wins nothing.
    const first = await pageView(page, () => page.goto(station.url + HUNT_PATH));
    assert.equal(first.data, null);
    assert.equal(first.message, 'no prize');
    const views = () => sql(`SELECT page_views FROM hunt_players WHERE user_id = ${who.userId}`);
    assert.equal(views(), '1');

    // Odds at 1: the next route change ('Começar a caçar' leads to the live page) wins.
    station.admin('hunt-odds', '1');
    const won = await pageView(page, () => page.getByTestId('hunt-start').click());
    await page.waitForURL('**/ouvir-radio-online');
    assert.equal(won.message, 'prize won');
    assert.equal(won.data.status, 'reserved');
    const prize = won.data.prizeName;
    assert.ok(prize, JSON.stringify(won));
    assert.equal(views(), '2');
    const chest = page.getByTestId('hunt-chest');
    await chest.waitFor();
    assert.equal(await chest.getAttribute('aria-label'), CHEST_LABEL);

    // A reload finds the reserved prize again (checkSomeReservedPrize): the chest is back.
    await page.reload();
    await chest.waitFor({ timeout: 10_000 });

    // Opened: the prize modal with the prize, and the prize's e-mail.
    const mark = outboxFiles(station.dataDir).length;
    await chest.click();
    const modal = page.getByRole('dialog', { name: 'Parabéns!' });
    await modal.waitFor();
    assert.equal((await modal.getByTestId('hunt-prize-name').innerText()).trim(), prize);
    await modal
      .getByText('Enviamos um e-mail com as instruções para receber o seu prêmio.')
      .waitFor();
    await chest.waitFor({ state: 'detached' });
    const mail = await nextMail(station.dataDir, email, mark);
    assert.ok(mail.includes(prize), `the prize in the e-mail:\n${mail}`);
    assert.equal(sql(`SELECT status FROM hunt_wins WHERE user_id = ${who.userId}`), 'opened');
    // While the prize waited, no page was counted (the reload was not a chance).
    assert.equal(views(), '2');

    // 'ok, entendi' → the share buttons; WhatsApp opens its page in a new window and records the share.
    await modal.getByRole('button', { name: 'ok, entendi' }).click();
    const share = modal.getByTestId('hunt-share-step');
    await share.waitFor();
    for (const network of ['Facebook', 'Twitter', 'WhatsApp'])
      await share.getByRole('link', { name: `Compartilhar no ${network}` }).waitFor();
    const href = await share
      .getByRole('link', { name: 'Compartilhar no WhatsApp' })
      .getAttribute('href');
    assert.ok(
      decodeURIComponent(href).includes(`${station.url}${HUNT_PATH}`),
      `the hunt page is shared: ${href}`,
    );
    const [popup, shared] = await Promise.all([
      context.waitForEvent('page'),
      page.waitForResponse((r) => r.url().endsWith('/cacaAoTesouro/setShareSituation')),
      share.getByRole('link', { name: 'Compartilhar no WhatsApp' }).click(),
    ]);
    assert.match(popup.url(), /^https:\/\/api\.whatsapp\.com\/send\?text=/);
    await popup.close();
    assert.equal(shared.status(), 200);
    await page.getByText(SHARED_TEXT, { exact: true }).first().waitFor();
    await modal.waitFor({ state: 'detached' });
    assert.equal(
      sql(`SELECT status || ' ' || share_situation FROM hunt_wins WHERE user_id = ${who.userId}`),
      'shared whatsapp',
    );

    // The hunt goes on: the next route change (the banner's link to the hunt page) is a chance again.
    const again = await pageView(page, () =>
      page.getByTestId('hunt-banner').getByRole('link', { name: 'Participar' }).click(),
    );
    await page.waitForURL(`**${HUNT_PATH}`);
    assert.equal(again.message, 'prize won');
    assert.equal(views(), '3');
    await chest.waitFor();
    await page
      .getByTestId('hunt-player-status')
      .getByText('Tem um baú esperando por você!', { exact: false })
      .waitFor();

    // The stock: two prizes fewer, each taken from the prize won.
    const after = await huntInfo();
    assert.equal(after.totalPrizes, before.totalPrizes);
    assert.equal(after.prizesWon, before.prizesWon + 2);
    const wins = [prize, again.data.prizeName];
    for (const item of after.prizes) {
      const was = before.prizes.find((p) => p.id === item.id);
      const taken = wins.filter((name) => name === item.prizeName).length;
      assert.equal(item.prizeRemainingQuantity, was.prizeRemainingQuantity - taken, item.prizeName);
    }
    assert.deepEqual(errors, []);
    await context.close();

    // A visitor's prizes tab shows the totals the server now has.
    const visitor = await newPage(browser, 375, 800);
    await visitor.page.goto(station.url + HUNT_PATH);
    await visitor.page.getByRole('tab', { name: 'Prêmios' }).click();
    const totals = visitor.page.getByTestId('hunt-totals');
    await totals.waitFor();
    assert.equal(
      (await totals.getByTestId('hunt-total-prizes').innerText()).trim(),
      String(after.totalPrizes),
    );
    assert.equal(
      (await totals.getByTestId('hunt-prizes-won').innerText()).trim(),
      String(after.prizesWon),
    );
    assert.equal(await visitor.page.getByTestId('hunt-prize').count(), after.prizes.length);
    const soldOut = after.prizes.filter((p) => p.prizeRemainingQuantity === 0).length;
    assert.equal(
      await visitor.page.locator('[data-testid="hunt-prize"][data-level="0"]').count(),
      soldOut,
    );
    assert.deepEqual(visitor.errors, []);
    await visitor.context.close();
  });
});
