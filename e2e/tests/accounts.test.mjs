// Accounts in a real browser against the real server: register → the 6-digit code from the
// outbox → confirm → login → edit profile → change password → log in again → delete account; the
// `?profile=` link screens; the submitting labels (C35). ID-01/03/05/07/10/11/14/15/16/18/19/20,
// PF-01/02/09/13/15.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  launchBrowser,
  newPage,
  nextMail as stationNextMail,
  outboxFiles as stationOutboxFiles,
  startStation,
} from '../lib/station.mjs';

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

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

// ── The outbox (<data dir>/outbox/*.eml): helpers of lib/station.mjs bound to this station ──────────
const outboxFiles = () => stationOutboxFiles(station.dataDir);
const nextMail = (email, count) => stationNextMail(station.dataDir, email, count);

function confirmationOf(mail) {
  const match = /profile=confirmEmail&userId=(\d+)&code=(\d{6})/.exec(mail);
  assert.ok(match, `a confirmation link in:\n${mail}`);
  return { userId: match[1], code: match[2] };
}

function resetLinkOf(mail) {
  const match = /\/\?profile=resetPassword&userId=(\d+)&token=([A-Za-z0-9_\-.%]+)/.exec(mail);
  assert.ok(match, `a reset link in:\n${mail}`);
  return match[0].slice(1);
}

// ── Page helpers ─────────────────────────────────────────────────────────────────────────────────
async function open(path, width = 1280) {
  const opened = await newPage(browser, width, 900);
  await opened.page.goto(station.url + path);
  return opened;
}

const modal = (page) => page.getByRole('dialog');
const submit = (page) => modal(page).getByTestId('auth-submit');
const toastText = (page, text) => page.getByText(text, { exact: true }).first();

/** Closes every toast with its 'Fechar' (error toasts stay and cover the header's top right). */
async function closeToasts(page) {
  const buttons = page.locator('[data-toast-kind]').getByRole('button', { name: 'Fechar' });
  while ((await buttons.count()) > 0) {
    await buttons.first().click();
    await sleep(300);
  }
}

/** Holds the next call to `path` for `ms`, so a submitting label can be seen (ID-19). */
async function slowDown(page, path, ms = 1200) {
  await page.route(`**/api/v1/profile/${path}`, async (route) => {
    await sleep(ms);
    await route.continue();
  });
}

async function expectLabel(page, label) {
  await page.waitForFunction(
    (text) => document.querySelector('[data-testid="auth-submit"]')?.textContent === text,
    label,
    { timeout: 5000 },
  );
}

async function register(page, { name, email, password }) {
  await page.getByTestId('login-button').click();
  await modal(page).getByRole('button', { name: 'Cadastre-se' }).click();
  const dialog = modal(page);
  assert.equal(await submit(page).innerText(), 'Preencha todos os campos corretamente');
  assert.ok(await submit(page).isDisabled());
  await dialog.getByLabel('Nome').fill('João3');
  await dialog.getByLabel('Nome').blur();
  assert.equal(await dialog.getByLabel('Nome').getAttribute('aria-invalid'), 'true', 'ID-07');
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Confirme o e-mail').fill(email);
  await dialog.getByLabel('Senha', { exact: true }).fill(password);
  await dialog.getByLabel('Confirme a senha').fill(password);
  assert.equal(await submit(page).innerText(), 'Cadastrar');
}

async function login(page, email, password, { viaButton = true } = {}) {
  if (viaButton) await page.getByTestId('login-button').click();
  const dialog = modal(page);
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Senha', { exact: true }).fill(password);
  await submit(page).click();
}

async function registerByApi(name, email, password) {
  const response = await fetch(`${station.url}/api/v1/profile/registerUser`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email, password }),
  });
  const body = await response.json();
  assert.equal(body.status, 'success', JSON.stringify(body));
  return body.data.user;
}

describe('accounts', () => {
  test('register → code from the outbox → confirm → login → edit profile → change password → log in again → delete', async () => {
    const email = `maria.${Date.now()}@example.com`;
    const { page, context, errors } = await open('/');

    // ID-01: the login screen refuses empty fields without a request.
    await page.getByTestId('login-button').click();
    await submit(page).click();
    await modal(page).getByText('Insere o seu email e a sua senha para fazer o login!').waitFor();
    await page.keyboard.press('Escape');
    await modal(page).waitFor({ state: 'detached' });

    // Registration (ID-07, ID-10) with its submitting label (ID-19).
    const before = outboxFiles().length;
    await register(page, { name: 'Maria José', email, password: 'segredo1' });
    await slowDown(page, 'registerUser');
    await submit(page).click();
    await expectLabel(page, 'Aguarde ...');
    await toastText(page, 'Cadastro criado com sucesso!').waitFor();
    await modal(page).getByLabel('Código de confirmação').waitFor();

    // The code from the outbox; '12345' first (ID-11); then 'Validando...'.
    const { code } = confirmationOf(await nextMail(email, before));
    await modal(page).getByLabel('Código de confirmação').fill('12345');
    await submit(page).click();
    await modal(page).getByText('O código de confirmação tem 6 números').waitFor();
    await modal(page).getByLabel('Código de confirmação').fill(code);
    await slowDown(page, 'confirmEmail');
    await submit(page).click();
    await expectLabel(page, 'Validando...');
    await toastText(page, 'Login realizado com sucesso!').waitFor();
    // Token and profile 2.5 s later: the profile menu with the initials.
    const menu = page.getByTestId('profile-menu');
    await menu.waitFor({ timeout: 6000 });
    assert.match(await menu.innerText(), /MJ/);
    // The cookie is HttpOnly and Strict (C11).
    const cookie = (await context.cookies()).find((c) => c.name === 'a1_token');
    assert.ok(cookie?.httpOnly, 'a1_token is HttpOnly');
    assert.equal(cookie?.sameSite, 'Strict');

    // Sair (ID-20).
    await menu.click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await toastText(page, 'Sessão encerrada com sucesso!').waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.getByTestId('profile-menu').count(), 0);
    assert.equal(
      (await context.cookies()).filter((c) => c.name === 'a1_token' && c.value).length,
      0,
    );

    // Login with its label (ID-03, ID-19).
    await slowDown(page, 'login');
    await login(page, email, 'segredo1');
    await expectLabel(page, 'Entrando...');
    await toastText(page, 'Login realizado com sucesso!').waitFor();
    await page.getByTestId('profile-menu').waitFor({ timeout: 3000 });
    await page.unroute('**/api/v1/profile/login');

    // Meu perfil (PF-01, PF-09).
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Meu perfil' }).click();
    await page.waitForURL('**/perfil/editar-perfil');
    const form = page.getByTestId('profile-form');
    await form.getByRole('heading', { name: 'Dados Pessoais' }).waitFor();
    const emailField = form.getByLabel('E-mail');
    assert.equal(await emailField.inputValue(), email);
    assert.ok((await emailField.getAttribute('readonly')) !== null, 'e-mail read-only');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toastText(page, 'Não há alterações realizadas').waitFor();
    await form.getByLabel('Sobrenome').fill('Souza');
    await form.getByLabel('CPF').pressSequentially('52998224725');
    assert.equal(await form.getByLabel('CPF').inputValue(), '529.982.247-25');
    await form.getByLabel('Telefone').pressSequentially('11987654321');
    assert.equal(await form.getByLabel('Telefone').inputValue(), '(11) 98765-4321');
    await form.getByLabel('CEP').pressSequentially('01001000');
    await form.getByLabel('Data de nascimento').pressSequentially('20051990');
    assert.equal(await form.getByLabel('Data de nascimento').inputValue(), '20/05/1990');
    await form.getByRole('radio', { name: 'Feminino' }).check();
    // State → cities (PF-08).
    await form.getByRole('textbox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'São Paulo', exact: true }).click();
    await form.getByRole('textbox', { name: 'Cidade' }).click();
    await form.getByRole('textbox', { name: 'Cidade' }).fill('Campinas');
    await page.getByRole('option', { name: 'Campinas', exact: true }).click();
    await form.getByLabel('Bairro').fill('Centro');
    await form.getByLabel('Endereço').fill('Rua das Flores');
    await form.getByLabel('Número').fill('123');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toastText(page, 'Dados atualizados com sucesso!').waitFor();
    await page.getByTestId('profile-menu').waitFor();
    assert.match(await page.getByTestId('profile-menu').innerText(), /MS/, 'initials updated');
    await page.reload();
    await form.waitFor();
    assert.equal(await form.getByLabel('CPF').inputValue(), '529.982.247-25');
    // The city's name shows once the state's cities have loaded (a request of its own after the profile).
    await waitForValue(form.getByRole('textbox', { name: 'Cidade' }), 'Campinas');

    // Alterar senha → logout 3 s later → the login modal asks again (C32, G12).
    await form.getByRole('button', { name: 'Alterar senha' }).click();
    await form.getByLabel('Senha atual').fill('segredo1');
    await form.getByLabel('Nova senha', { exact: true }).fill('novasenha2');
    await form.getByLabel('Confirme a nova senha').fill('novasenha2');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await toastText(
      page,
      'Sua senha foi atualizada com sucesso! Por favor efetue o login novamente.',
    ).waitFor();
    await modal(page)
      .getByText('Faça o login para editar o seu perfil.')
      .waitFor({ timeout: 6000 });
    assert.equal(await page.getByTestId('profile-form').count(), 0, 'no form without a session');
    await login(page, email, 'segredo1', { viaButton: false });
    await toastText(
      page,
      'Problemas para efetuar o login. Verifique o seu e-mail e a senha.',
    ).waitFor();
    await login(page, email, 'novasenha2', { viaButton: false });
    await form.waitFor({ timeout: 5000 });

    // Excluir Conta: Escape closes, then delete (PF-13, PF-15).
    await form.getByRole('button', { name: 'Excluir conta' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir Conta' });
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Excluir conta' }).click();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    const deleted = toastText(
      page,
      'Cadastro excluído. Para realizar o login, é necessário realizar o cadastro novamente.',
    );
    await deleted.waitFor();
    await page.waitForURL(station.url + '/', { timeout: 5000 });
    await page.getByTestId('login-button').waitFor();
    await sleep(3500);
    assert.ok(await deleted.isVisible(), 'the deletion notice stays until Fechar (C24)');
    await closeToasts(page);
    await login(page, email, 'novasenha2');
    await toastText(
      page,
      'Problemas para efetuar o login. Verifique o seu e-mail e a senha.',
    ).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('unconfirmed login → confirm-email screen; resend; the confirmEmail link submits by itself', async () => {
    const email = `link.${Date.now()}@example.com`;
    const before = outboxFiles().length;
    await registerByApi('José da Silva', email, 'segredo1');
    await nextMail(email, before);

    // ID-05 and ID-14.
    const { page, context } = await open('/');
    await login(page, email, 'segredo1');
    await toastText(page, 'Erro ao tentar efetuar o login. Verifique o e-mail e senha.').waitFor();
    await modal(page).getByLabel('Código de confirmação').waitFor({ timeout: 3000 });
    const afterLogin = outboxFiles().length;
    const resend = modal(page).getByRole('button', { name: 'Reenviar código' });
    await resend.click();
    await modal(page).getByText('Um novo código foi enviado para o seu e-mail').waitFor();
    assert.ok(await resend.isDisabled(), 'resend stays disabled');
    const { userId, code } = confirmationOf(await nextMail(email, afterLogin));
    await context.close();

    // The link: the modal opens ~1.5 s after load and submits the code; the parameters leave.
    const linked = await open(`/?profile=confirmEmail&userId=${userId}&code=${code}`);
    await linked.page.waitForFunction(() => !window.location.search.includes('profile='));
    await toastText(linked.page, 'Login realizado com sucesso!').waitFor({
      timeout: 6000,
    });
    await linked.page.getByTestId('profile-menu').waitFor({ timeout: 6000 });
    assert.equal(new URL(linked.page.url()).search, '');
    await linked.context.close();
  });

  test('password reset through ?profile=requestPasswordReset and the e-mailed link (ID-15, ID-16, ID-18)', async () => {
    const email = `reset.${Date.now()}@example.com`;
    let mark = outboxFiles().length;
    const user = await registerByApi('Ana Lúcia', email, 'segredo1');
    const { code } = confirmationOf(await nextMail(email, mark));
    const confirmed = await fetch(`${station.url}/api/v1/profile/confirmEmail`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: user.userId, code }),
    }).then((r) => r.json());
    assert.equal(confirmed.status, 'success');

    const { page, context } = await open('/?profile=requestPasswordReset');
    await page.waitForFunction(() => window.location.search === '');
    const dialog = page.getByRole('dialog', { name: 'Esqueci minha senha' });
    await dialog.waitFor({ timeout: 5000 });
    await submit(page).click();
    await dialog.getByText('Insira seu e-mail de cadastro para criar uma nova senha').waitFor();
    await dialog.getByLabel('E-mail').fill('ninguem@example.com');
    await submit(page).click();
    await toastText(page, 'Email não encontrado').waitFor();
    mark = outboxFiles().length;
    await dialog.getByLabel('E-mail').fill(email);
    await slowDown(page, 'requestPasswordReset');
    await submit(page).click();
    await expectLabel(page, 'Enviando...');
    await dialog
      .getByText(
        'Enviamos uma mensagem para o seu e-mail com as instruções para criar uma nova senha.',
      )
      .waitFor();
    const link = resetLinkOf(await nextMail(email, mark));
    await context.close();

    const reset = await open(link);
    const screen = reset.page.getByRole('dialog', { name: 'Criar nova senha' });
    await screen.waitFor({ timeout: 5000 });
    assert.equal(new URL(reset.page.url()).search, '', 'the link parameters leave the URL');
    await screen.getByLabel('Nova senha', { exact: true }).fill('12345');
    await screen.getByLabel('Confirme a nova senha').fill('12345');
    await submit(reset.page).click();
    await screen.getByText('A senha não deve conter menos de 6 caracteres').waitFor();
    await screen.getByLabel('Nova senha', { exact: true }).fill('trocada9');
    await screen.getByLabel('Confirme a nova senha').fill('trocada8');
    await submit(reset.page).click();
    await screen.getByText('A senha e a confirmação não conferem!').waitFor();
    await screen.getByLabel('Confirme a nova senha').fill('trocada9');
    await slowDown(reset.page, 'resetPassword');
    await submit(reset.page).click();
    await expectLabel(reset.page, 'Aguarde...');
    await screen.getByText('Sua senha foi alterada com sucesso!').waitFor();
    await screen.getByRole('button', { name: 'Fazer login' }).click();
    await login(reset.page, email, 'segredo1', { viaButton: false });
    await toastText(
      reset.page,
      'Problemas para efetuar o login. Verifique o seu e-mail e a senha.',
    ).waitFor();
    await login(reset.page, email, 'trocada9', { viaButton: false });
    await toastText(reset.page, 'Login realizado com sucesso!').waitFor();
    await reset.page.getByTestId('profile-menu').waitFor({ timeout: 3000 });
    await reset.context.close();
  });

  test('without a session /perfil/editar-perfil renders no form and opens the login modal (PF-02)', async () => {
    const { page, context } = await open('/perfil/editar-perfil');
    await modal(page)
      .getByText('Faça o login para editar o seu perfil.')
      .waitFor({ timeout: 5000 });
    assert.equal(await page.getByTestId('profile-form').count(), 0);
    await context.close();
  });
});

/** Polls an input until it holds `expected` (fails after 10 s with the last value seen). */
async function waitForValue(locator, expected, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await locator.inputValue();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await locator.inputValue();
  }
  assert.equal(value, expected);
}
