// The promotions desk in a real browser against the real server, on a station started
// without the demo content: a staff member with permission 6 (granted with the operator command) opens
// /a1promocoes from the profile menu, writes a promotion, saves it and opens it; a listener answers it on
// /promocoes/{slug}; the staff member sees the answer, closes the promotion and draws the winner, who
// is e-mailed. A listener without permission 6 sees the no-permission state. Screenshots of the
// editor at 1280 px and the list at 375 px.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { addSession, completeProfile } from '../lib/listener.mjs';
import {
  artifacts,
  launchBrowser,
  newPage,
  nextMail,
  outboxFiles,
  startStation,
} from '../lib/station.mjs';

const STAFF = 'promocoes.desk@exemplo.com';
const LISTENER = 'ouvinte.desk@exemplo.com';
const TITLE = 'Ganhe o vinil autografado do Festival de Inverno';
const ANSWER = 'Porque ouço a rádio todas as manhãs a caminho do trabalho.';

let station;
let browser;
let staffToken;
let listenerToken;

before(async () => {
  station = await startStation({ ONDA_RADIO: 'false', ONDA_SEED_DEMO: 'false' });
  browser = await launchBrowser();
  ({ token: staffToken } = await station.confirmedListener(STAFF, 'Paula Promoções'));
  ({ token: listenerToken } = await station.confirmedListener(LISTENER, 'Caio Ouvinte'));
  await completeProfile(station.url, listenerToken, { lastName: 'Ouvinte', gender: 'MASCULINO' });
  station.admin('grant-permission', STAFF, '6');
  mkdirSync(artifacts, { recursive: true });
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

async function loggedInPage(token, width = 1280, height = 900) {
  const opened = await newPage(browser, width, height);
  await addSession(opened.context, station.url, token);
  await opened.context.addCookies([
    { name: 'a1_cookieConsent', value: '1', domain: new URL(station.url).hostname, path: '/' },
  ]);
  return opened;
}

const statusOf = async (page) =>
  (await page.getByTestId('status-panel').getByTestId('campaign-status').textContent())?.trim();

async function waitForStatus(page, label) {
  const deadline = Date.now() + 15_000;
  while ((await statusOf(page)) !== label) {
    if (Date.now() > deadline) {
      await page.screenshot({
        path: join(artifacts, 'promotions-status-failure.png'),
        fullPage: true,
      });
      assert.fail(`status stayed ${await statusOf(page)}, not ${label}`);
    }
    await page.waitForTimeout(200);
  }
}

describe('promotions desk', () => {
  test('a promotion created in the back office takes an answer from a listener and is drawn', async () => {
    const { page, context } = await loggedInPage(staffToken);

    // The profile menu leads to the desk; the station has no promotion yet.
    await page.goto(`${station.url}/`);
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Promoções' }).click();
    await page.waitForURL('**/a1promocoes');
    await page.getByText('Ainda não há promoções. Que tal criar a primeira?').waitFor();

    await page.getByRole('link', { name: 'Nova promoção' }).first().click();
    await page.waitForURL('**/a1promocoes/nova');
    await page.getByTestId('promotion-editor').waitFor();
    await page.getByRole('textbox', { name: 'Título', exact: true }).fill(TITLE);
    await page
      .getByRole('textbox', { name: 'Descrição curta' })
      .fill('Conte por que a rádio faz parte do seu dia.');
    await page.getByRole('textbox', { name: 'Descrição', exact: true }).click();
    await page.keyboard.type('Conte em poucas linhas por que a rádio faz parte do seu dia.');
    await page.getByRole('textbox', { name: 'Regulamento', exact: true }).click();
    await page.keyboard.type('Uma resposta por pessoa. O ganhador é sorteado ao fim da promoção.');
    await page
      .getByRole('textbox', { name: 'Pergunta' })
      .fill('Por que a rádio faz parte do seu dia?');
    // The back button with unsaved changes asks first; staying keeps everything typed.
    await page.goBack();
    const leaveDialog = page.getByRole('dialog', { name: 'Sair sem salvar?' });
    await leaveDialog.waitFor();
    await leaveDialog.getByRole('button', { name: 'Continuar editando' }).click();
    assert.match(page.url(), /\/a1promocoes\/nova$/);
    assert.equal(
      await page.getByRole('textbox', { name: 'Título', exact: true }).inputValue(),
      TITLE,
    );

    await page.getByRole('button', { name: 'Salvar' }).first().click();
    await page.waitForURL(/\/a1promocoes\/\d+$/);
    await waitForStatus(page, 'Oculta');

    // Opened now: public from this moment.
    await page.getByRole('button', { name: 'Abrir agora' }).click();
    await waitForStatus(page, 'Aberta');
    await page.screenshot({ path: join(artifacts, 'promotions-editor-1280.png'), fullPage: true });
    const href = await page.getByRole('link', { name: 'Ver no site' }).getAttribute('href');
    assert.match(href ?? '', /^\/promocoes\/ganhe-o-vinil-autografado/);

    // A listener answers it on the public page.
    const reader = await loggedInPage(listenerToken, 375, 800);
    await reader.page.goto(station.url + href);
    await reader.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await reader.page
      .getByRole('complementary', { name: 'Participação' })
      .getByRole('button', { name: 'Participar', exact: true })
      .click();
    const form = reader.page.getByTestId('promotion-panel').getByTestId('answer-form');
    await form.waitFor();
    await form.getByRole('textbox').fill(ANSWER);
    await form.getByRole('checkbox', { name: 'Li e aceito o regulamento' }).check();
    await form.getByRole('button', { name: 'Enviar' }).click();
    await reader.page
      .getByTestId('promotion-panel')
      .getByText('Sua resposta foi enviada com sucesso :)')
      .waitFor();
    await reader.context.close();

    // The desk lists it with who sent it, and exports it.
    await page.reload();
    const answers = page.getByTestId('answers-panel');
    await answers.getByText(ANSWER).waitFor();
    await answers.getByText(LISTENER).waitFor();
    const csv = await answers.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href');
    assert.match(csv ?? '', /\/api\/v1\/backoffice\/promotions\/\d+\/answers\.csv$/);

    // Closed now, then drawn: the listener wins and is e-mailed.
    await page.getByRole('button', { name: 'Encerrar agora' }).click();
    await waitForStatus(page, 'Encerrada');
    const mailsBefore = outboxFiles(station.dataDir).length;
    const draw = page.getByTestId('draw-panel');
    await draw.getByRole('button', { name: 'Sortear' }).click();
    await page.getByTestId('confirm-draw').click();
    await draw.getByTestId('winners').getByText(LISTENER).waitFor();
    await draw.getByTestId('draw-result').waitFor();
    const mail = await nextMail(station.dataDir, LISTENER, mailsBefore);
    assert.match(mail, /vinil autografado/i);
    await context.close();

    // The list at 375 px shows it closed, with its answer and winner counts.
    const phone = await loggedInPage(staffToken, 375, 800);
    await phone.page.goto(`${station.url}/a1promocoes`);
    await phone.page.getByText(TITLE).first().waitFor();
    await phone.page.screenshot({
      path: join(artifacts, 'promotions-list-375.png'),
      fullPage: true,
    });
    await phone.context.close();
  });

  test('a listener without permission 6 cannot reach the desk', async () => {
    const { page, context } = await loggedInPage(listenerToken);
    await page.goto(`${station.url}/a1promocoes/nova`);
    await page.getByTestId('promotions-no-permission').waitFor();
    assert.equal(await page.getByTestId('promotion-editor').count(), 0);
    await context.close();
  });
});
