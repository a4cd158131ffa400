// The four listener forms in a real browser against the real server: each sent as a listener
// would, the e-mail each one becomes in the outbox (the CV attached), and staff reading in the inbox the
// message that was just sent.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, newPage, nextMail, outboxFiles, startStation } from '../lib/station.mjs';
import { addSession } from '../lib/listener.mjs';

const INBOX = 'caixa@estacao.test';
const SENT_CONTACT = 'Sua mensagem foi enviada! Retornaremos em breve :)';
const SENT_WORK =
  'Agradeçemos o contato. Sua mensagem foi enviada com sucesso e retornaremos o mais breve possível :)';
const SENT_FREE = 'Sua solicitação foi enviada! Retornaremos em breve :)';

let station;
let browser;

before(async () => {
  station = await startStation({ ONDA_RADIO: 'false', ONDA_INBOX_EMAIL: INBOX });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

const sql = (statement) =>
  execFileSync('sqlite3', [join(station.dataDir, 'onda.db'), statement], {
    encoding: 'utf8',
  }).trim();

async function acceptCookies(page) {
  const accept = page.getByRole('button', { name: 'Aceitar e fechar' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

describe('listener forms', () => {
  test('contact at 375 px: the commercial preset, the e-mail to the station, staff read it in the inbox', async () => {
    const { page, context, errors } = await newPage(browser, 375, 800);
    await page.goto(`${station.url}/contato?assunto=comercial`);
    await acceptCookies(page);
    const form = page.getByTestId('contact-form');
    await form.waitFor();
    assert.equal(
      await form.getByLabel('Assunto').evaluate((select) => select.selectedOptions[0]?.textContent),
      'Comercial',
    );
    const submit = form.getByRole('button', { name: 'Enviar mensagem' });
    assert.equal(await submit.isDisabled(), true, 'submit waits for a valid form');

    await form.getByLabel('Nome').fill('Ana Souza');
    await form.getByLabel('E-mail').fill('ana.souza@exemplo.com');
    await form.getByLabel('Telefone').pressSequentially('11987654321');
    assert.equal(await form.getByLabel('Telefone').inputValue(), '(11) 98765-4321');
    const message = form.getByLabel('Mensagem');
    await message.fill(`${await message.inputValue()} Queremos anunciar no horário da manhã.`);
    const mark = outboxFiles(station.dataDir).length;
    await submit.click();
    await page.getByText(SENT_CONTACT).waitFor();
    assert.equal(
      await form.getByLabel('Nome').isDisabled(),
      true,
      'the form is disabled once sent',
    );

    const mail = await nextMail(station.dataDir, INBOX, mark);
    assert.match(mail, /Ana Souza/);
    assert.match(mail, /ana\.souza@exemplo\.com/);
    assert.match(mail, /anunciar no horário da manhã/);
    assert.equal(sql("SELECT COUNT(*) FROM form_submissions WHERE kind = 'contact'"), '1');
    assert.deepEqual(errors, []);
    await context.close();

    // Staff with the inbox permission open the message that just arrived.
    const staffEmail = 'equipe@exemplo.com';
    const staff = await station.confirmedListener(staffEmail, 'Equipe Onda');
    station.admin('grant-permission', staffEmail, '4');
    const desk = await newPage(browser, 1280, 900);
    await addSession(desk.context, station.url, staff.token);
    await desk.page.goto(`${station.url}/a1inbox`);
    await acceptCookies(desk.page);
    await desk.page.getByTestId('inbox-folders').getByText('Contato').click();
    await desk.page.getByText('Ana Souza').first().click();
    await desk.page
      .getByText('Queremos anunciar no horário da manhã.', { exact: false })
      .first()
      .waitFor();
    assert.deepEqual(desk.errors, []);
    await desk.context.close();
  });

  test('recommend: the login gate, then a listener sends, the draft survives a reload until sent', async () => {
    const email = 'recomenda@exemplo.com';
    const listener = await station.confirmedListener(email);
    const { page, context, errors } = await newPage(browser, 1280, 900);
    await page.goto(`${station.url}/recomende`);
    await acceptCookies(page);
    const form = page.getByTestId('recommend-form');
    const song = form.getByLabel('Nome da música');
    assert.equal(await song.isDisabled(), true, 'the song waits for the artist');
    await form.getByLabel('Artista ou banda').fill('Marisa Monte');
    await song.fill('Ainda Bem');
    await form.getByLabel('Sua mensagem').fill('Toquem no fim da tarde, por favor!');
    await form.getByRole('button', { name: 'Enviar recomendação' }).click();
    // The login modal opens with the gate's message; closed, the message stays above the button.
    await page.getByRole('dialog').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('recommend-login').waitFor();

    // Logged in (the session cookie), the draft is still there after a reload.
    await addSession(context, station.url, listener.token);
    await page.reload();
    await form.waitFor();
    assert.equal(await form.getByLabel('Artista ou banda').inputValue(), 'Marisa Monte');
    assert.equal(await form.getByLabel('Nome da música').inputValue(), 'Ainda Bem');
    const mark = outboxFiles(station.dataDir).length;
    await form.getByRole('button', { name: 'Enviar recomendação' }).click();
    const success = page.getByTestId('recommend-success');
    await success.waitFor();
    const mail = await nextMail(station.dataDir, INBOX, mark);
    assert.match(mail, /Marisa Monte/);
    assert.match(mail, /Ainda Bem/);
    assert.equal(
      sql(
        `SELECT COUNT(*) FROM form_submissions WHERE kind = 'recommendation' AND user_id = ${listener.userId}`,
      ),
      '1',
    );
    await success.getByRole('button', { name: 'Enviar outra música' }).click();
    await form.waitFor();
    assert.equal(await form.getByLabel('Artista ou banda').inputValue(), '');
    await page.reload();
    assert.equal(
      await page.getByTestId('recommend-form').getByLabel('Artista ou banda').inputValue(),
      '',
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('work with us: a CV uploaded through our server, attached to the e-mail, never public', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'onda-cv-'));
    const cv = join(dir, 'curriculo-ana.pdf');
    writeFileSync(
      cv,
      '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const { page, context, errors } = await newPage(browser, 375, 800);
    const traffic = [];
    page.on('request', (request) => traffic.push(request.url()));
    await page.goto(`${station.url}/trabalhe-conosco`);
    await acceptCookies(page);
    const form = page.getByTestId('work-form');
    await form.getByRole('textbox', { name: 'Nome', exact: true }).fill('Ana');
    await form.getByLabel('Sobrenome').fill('Pereira');
    await form.getByLabel('Telefone').pressSequentially('11987654321');
    await form.getByLabel('E-mail').fill('ana.p@exemplo.com');
    await form.getByLabel('Cargo pretendido').fill('Produtora musical');
    await form.getByLabel('Fale sobre você').fill('Trabalho com rádio há oito anos.');
    const submit = form.getByRole('button', { name: 'Enviar currículo' });
    assert.equal(await submit.isDisabled(), true, 'no file, no send (WK-01)');
    await page.getByTestId('curriculum-input').setInputFiles(cv);
    const mark = outboxFiles(station.dataDir).length;
    await submit.click();
    await page.getByText(SENT_WORK).waitFor();
    assert.equal(await form.getByRole('button', { name: 'Enviar currículo' }).count(), 0);

    const mail = await nextMail(station.dataDir, INBOX, mark);
    assert.match(mail, /Produtora musical/);
    assert.match(mail, /Content-Disposition: attachment/i);
    assert.match(mail, /application\/pdf/i);
    // The upload went to our server only (G24), and the stored file has no public address.
    const uploads = traffic.filter((url) => /upload/i.test(url));
    assert.ok(
      uploads.length > 0 && uploads.every((url) => url.startsWith(station.url)),
      uploads.join(),
    );
    const stored = sql("SELECT file_path FROM form_submissions WHERE kind = 'workWithUs'");
    assert.ok(stored, 'the CV is stored with the submission');
    const name = stored.split('/').pop();
    for (const path of [`/uploads/cv/${name}`, `/media/${name}`, `/${name}`]) {
      const response = await fetch(station.url + path);
      assert.notEqual(response.status, 200, `${path} must not serve the CV`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('free streaming from /afiliadas: one toast per check in order, then sent', async () => {
    const { page, context, errors } = await newPage(browser, 1280, 900);
    await page.goto(`${station.url}/afiliadas`);
    await acceptCookies(page);
    await page.getByRole('button', { name: 'Solicitar streaming gratuito' }).click();
    const form = page.getByTestId('free-streaming-form');
    await form.waitFor();
    const send = page.getByTestId('free-streaming-submit');
    await send.click();
    await page.getByText('A razão social é um campo obrigatório').first().waitFor();
    await form.getByLabel('Razão social').fill('Rádio Serra Azul Ltda');
    await form.getByLabel('Nome fantasia').fill('Serra Azul FM');
    await form.getByLabel('CNPJ').pressSequentially('11222333000181');
    await form.getByLabel('Site da empresa').fill('serraazulfm.com.br');
    await form.getByLabel('Nome do proprietário').fill('Ana');
    await form.getByLabel('E-mail').fill('dono@serraazulfm.com.br');
    await form.getByLabel('Faixa de operação').selectOption('FM');
    await form.getByLabel('Frequência').fill('98,9 MHz');
    await form.getByLabel('Potência/classe').fill('10 kW');
    await form.getByLabel('Estado').fill('MG');
    await form.getByLabel('Cidade').fill('Poços de Caldas');
    const mark = outboxFiles(station.dataDir).length;
    await send.click();
    await page.getByText(SENT_FREE).waitFor();
    assert.equal((await send.innerText()).trim(), 'Enviado');
    assert.equal(await send.isDisabled(), true);
    const mail = await nextMail(station.dataDir, INBOX, mark);
    assert.match(mail, /Serra Azul FM/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
