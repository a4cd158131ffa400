// Promotions in a real browser against the real server: /promocoes with the featured slider
// and the 'Promoções encerradas' grid; a promotion's gates in the spec's order (login, PRO, complete
// registration); answering in the three modes (editable, one answer for good, several answers) with
// what the server stored; the winners of a closed promotion drawn by `onda-server admin draw-winners`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { launchBrowser, newPage, nextMail, outboxFiles, startStation } from '../lib/station.mjs';
import { addSession, apiCall, completeProfile, validCpf } from '../lib/listener.mjs';

// The demo promotions (server/demo/promotions.json).
const EDITABLE = {
  slug: 'ingressos-para-o-festival-som-da-serra',
  title: 'Ingressos para o Festival Som da Serra',
};
const SINGLE_WORD = { slug: 'uma-palavra-para-o-amor', title: 'Uma palavra para o amor' };
const MULTIPLE = { slug: 'viagem-dos-sonhos-para-roma', title: 'Viagem dos sonhos para Roma' };
const PRO_ONLY = {
  slug: 'kit-pro-fones-de-ouvido-premium',
  title: 'Kit PRO: fones de ouvido premium',
};
const CLOSED = { slug: 'colecao-de-vinis-classicos', title: 'Coleção de vinis clássicos' };

// The spec's texts (ui/src/features/promotions/promotions.ts, generated/validation-rules.ts).
const LOGIN_TEXT = 'É necessário estar logado para participar desta promoção.';
const PROFILE_TEXT = 'Por favor complete seu cadastro para poder participar desta promoção.';
const PRO_TEXT = 'Essa promoção é exclusiva dos usuários PRO.';
const SENT_TEXT = 'Sua resposta foi enviada com sucesso :)';
const ALREADY_TEXT = 'Você já deu uma resposta nessa promoção. Boa sorte!';
const WINNERS_LOGIN_TEXT = 'É necessário estar logado para ver os ganhadores.';
const BOTH_MISSING =
  'Você precisa preencher a caixa de texto com sua resposta, ler e aceitar o regulamento.';
const RULES_MISSING = 'Você precisa ler e aceitar o regulamento.';

let station;
let browser;

before(async () => {
  station = await startStation();
  // No treasure chest may cover a button here (the hunt has its own test).
  station.admin('hunt-odds', '0');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

const normalise = (text) => text.replace(/\s+/g, ' ').trim();

function sql(query) {
  return execFileSync('sqlite3', [join(station.dataDir, 'onda.db'), query], {
    encoding: 'utf8',
  }).trim();
}

let listeners = 0;
/** A confirmed listener (registration incomplete): `{ email, userId, token }`. */
async function listener(name = 'Ouvinte de Teste') {
  listeners += 1;
  const email = `promo.${listeners}.${Date.now()}@example.com`;
  return { email, ...(await station.confirmedListener(email, name)) };
}

/** A page with the listener's session at `path`, once the session is known. */
async function openAs(who, path, width = 1280) {
  const opened = await newPage(browser, width, width < 768 ? 800 : 900);
  if (who) await addSession(opened.context, station.url, who.token);
  await opened.page.goto(station.url + path);
  await opened.page.getByRole('heading', { level: 1 }).first().waitFor();
  return opened;
}

const menu = (page) => page.getByRole('complementary', { name: 'Participação' });
const panel = (page) => page.getByTestId('promotion-panel');
const menuButton = (page, name) => menu(page).getByRole('button', { name, exact: true });

/** Clicks 'Participar' and waits for the panel (its content depends on the gate). */
async function openAnswerPanel(page) {
  await menuButton(page, 'Participar').click();
  await panel(page).waitFor();
}

async function promotionId(slug) {
  const response = await fetch(`${station.url}/api/v1/promotions/getPromotionBySlug/${slug}`);
  return (await response.json()).data.id_promocao;
}

/** Today in Brasília, as the winners list shows it. */
const today = () =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());

describe('promotions', () => {
  test('a visitor: the slider and the closed grid, a promotion and its gates (login → profile; PRO)', async () => {
    const { page, context, errors } = await openAs(null, '/promocoes', 1280);

    // The open promotions in the slider, the closed ones 8 to a page.
    const slider = page.getByTestId('featured-slider');
    await slider.waitFor();
    assert.equal(await slider.getByTestId('featured-slide').count(), 5);
    await page.getByText('5 promoções abertas').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Promoções encerradas' }).waitFor();
    const grid = page.getByTestId('closed-grid');
    await grid.waitFor();
    assert.equal(await grid.getByRole('article').count(), 8, '8 closed promotions a page');
    assert.match(normalise(await grid.innerText()), /Encerrada em \d{2}\/\d{2}\/\d{4}/);
    const pages = page.getByRole('navigation', { name: 'Páginas das promoções encerradas' });
    await pages.getByRole('button', { name: 'Página 2' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="closed-grid"] article').length === 4,
    );

    // The slider stopped, moved to a promotion by its dot, and that slide's link followed.
    await slider.getByRole('button', { name: 'Pausar a troca automática' }).click();
    await slider.getByRole('button', { name: `Mostrar a promoção 4: ${EDITABLE.title}` }).click();
    await slider.getByRole('link', { name: `Participar: ${EDITABLE.title}` }).click();
    await page.waitForURL(`**/promocoes/${EDITABLE.slug}`);
    await page.getByRole('heading', { level: 1, name: EDITABLE.title }).waitFor();
    await page.getByTestId('promotion').getByText('Aberta', { exact: true }).waitFor();

    // Not logged in: the login modal with the message; closed, the message stays in the panel.
    await openAnswerPanel(page);
    const dialog = page.getByRole('dialog', { name: 'Entrar' });
    await dialog.getByText(LOGIN_TEXT).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const loginGate = panel(page).getByTestId('gate-login');
    await loginGate.getByText(LOGIN_TEXT).waitFor();

    // Its 'Entrar' logs in a listener whose registration is incomplete: the profile prompt.
    const who = await listener('Paula Gomes');
    await loginGate.getByRole('button', { name: 'Entrar' }).click();
    await dialog.getByLabel('E-mail', { exact: true }).fill(who.email);
    await dialog.getByLabel('Senha', { exact: true }).fill('segredo1');
    await dialog.getByTestId('auth-submit').click();
    const profileGate = panel(page).getByTestId('gate-profile');
    await profileGate.getByText(PROFILE_TEXT).waitFor({ timeout: 10_000 });
    assert.equal(
      await profileGate.getByRole('link', { name: 'Completar cadastro' }).getAttribute('href'),
      '/perfil/editar-perfil',
    );
    // Asked again ('Participar' closes the panel, a second click opens it): the profile modal.
    await menuButton(page, 'Participar').click();
    await panel(page).waitFor({ state: 'detached' });
    await menuButton(page, 'Participar').click();
    const profileModal = page.getByRole('dialog', { name: 'Complete seu cadastro' });
    await profileModal.getByText(PROFILE_TEXT).waitFor();
    await profileModal.getByRole('button', { name: 'Agora não' }).click();
    await profileModal.waitFor({ state: 'detached' });
    await profileGate.waitFor();
    assert.equal(await page.getByTestId('answer-form').count(), 0, 'no form yet');

    // A PRO-only promotion for a listener without PRO: the PRO message and 'Saiba Mais'.
    await page.goto(`${station.url}/promocoes/${PRO_ONLY.slug}`);
    await page.getByRole('heading', { level: 1, name: PRO_ONLY.title }).waitFor();
    assert.equal(await page.getByTestId('promotion').getAttribute('data-scheme'), 'dark');
    await openAnswerPanel(page);
    const proGate = panel(page).getByTestId('gate-pro');
    await proGate.getByText(PRO_TEXT).waitFor();
    await proGate.getByRole('link', { name: 'Saiba Mais' }).click();
    await page.waitForURL('**/vantagens-da-assinatura-pro');
    await page.getByTestId('pro-plan-anual').waitFor();

    // The server says the same whatever a client sends (G48).
    const refused = await apiCall(station.url, who.token, 'promotions/saveAnswer', {
      idUserPromotion: null,
      idPromotion: await promotionId(PRO_ONLY.slug),
      answer: 'Um álbum',
    });
    assert.equal(refused.body.message, 'pro only');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a listener completes the registration from the prompt, answers, reloads, edits (375 px)', async () => {
    const who = await listener('Renata Lima');
    const { page, context, errors } = await openAs(who, '/promocoes', 375);
    const grid = page.getByTestId('closed-grid');
    await grid.waitFor();
    assert.equal(
      await grid.getByRole('article').count(),
      4,
      '4 closed promotions a page on phones',
    );

    await page.goto(`${station.url}/promocoes/${EDITABLE.slug}`);
    await page.getByRole('heading', { level: 1, name: EDITABLE.title }).waitFor();
    await openAnswerPanel(page);
    const profileModal = page.getByRole('dialog', { name: 'Complete seu cadastro' });
    await profileModal.getByText(PROFILE_TEXT).waitFor();
    await profileModal.getByRole('link', { name: 'Completar cadastro' }).click();
    await page.waitForURL('**/perfil/editar-perfil');

    // The profile page's form, as a listener fills it in.
    const form = page.getByTestId('profile-form');
    await form.getByRole('heading', { name: 'Dados Pessoais' }).waitFor();
    await form.getByLabel('Sobrenome').fill('Cardoso');
    await form.getByLabel('CPF').pressSequentially(validCpf());
    await form.getByLabel('Telefone').pressSequentially('11987654321');
    await form.getByLabel('CEP').pressSequentially('13010000');
    await form.getByLabel('Data de nascimento').pressSequentially('20051990');
    await form.getByRole('radio', { name: 'Feminino' }).check();
    await form.getByRole('textbox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'São Paulo', exact: true }).click();
    await form.getByRole('textbox', { name: 'Cidade' }).click();
    await form.getByRole('textbox', { name: 'Cidade' }).fill('Campinas');
    await page.getByRole('option', { name: 'Campinas', exact: true }).click();
    await form.getByLabel('Bairro').fill('Cambuí');
    await form.getByLabel('Endereço').fill('Rua Coronel Quirino');
    await form.getByLabel('Número').fill('45');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Dados atualizados com sucesso!', { exact: true }).first().waitFor();

    // Back on the promotion: now the form (the session knows the registration is complete).
    await page.goBack();
    await page.waitForURL(`**/promocoes/${EDITABLE.slug}`);
    await openAnswerPanel(page);
    const answerForm = panel(page).getByTestId('answer-form');
    await answerForm.waitFor();
    const box = answerForm.getByRole('textbox');
    const send = answerForm.getByRole('button', { name: 'Enviar' });
    const rules = answerForm.getByRole('checkbox', { name: 'Li e aceito o regulamento' });
    await send.click();
    const problem = panel(page).getByTestId('answer-problem');
    assert.equal(normalise(await problem.innerText()), BOTH_MISSING);
    const first = 'Aquarela, do Toquinho, para cantar com todo mundo no fim da tarde.';
    await box.fill(first);
    await send.click();
    await problem.getByText(RULES_MISSING).waitFor();
    await rules.check();
    await send.click();
    await panel(page).getByTestId('answer-sent').getByText(SENT_TEXT).waitFor();
    // Given, the answer is read-only until 'Editar Resposta'.
    assert.equal(await box.inputValue(), first);
    assert.notEqual(await box.getAttribute('readonly'), null);

    // A reload shows the answer the server kept.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: EDITABLE.title }).waitFor();
    await openAnswerPanel(page);
    await panel(page).getByTestId('answer-form').waitFor();
    await waitForValue(box, first);
    assert.notEqual(await box.getAttribute('readonly'), null);

    // Edited: 'Editar Resposta', the new text, the rules again, 'Enviar'.
    await answerForm.getByRole('button', { name: 'Editar Resposta' }).click();
    assert.equal(await box.getAttribute('readonly'), null);
    const edited = 'Garota de Ipanema, porque o festival merece um clássico.';
    await box.fill(edited);
    await rules.check();
    await send.click();
    await panel(page).getByTestId('answer-sent').getByText(SENT_TEXT).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: EDITABLE.title }).waitFor();
    await openAnswerPanel(page);
    await panel(page).getByTestId('answer-form').waitFor();
    await waitForValue(box, edited);

    // The server kept one answer, edited in place.
    const id = await promotionId(EDITABLE.slug);
    const stored = await apiCall(station.url, who.token, `promotions/getUserAnswer/${id}`);
    assert.equal(stored.body.data.tx_resposta, edited);
    assert.equal(
      sql(
        `SELECT COUNT(*) FROM promotion_answers WHERE promotion_id = ${id} AND user_id = ${who.userId}`,
      ),
      '1',
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('one answer for good (single word) and several answers (multiple mode)', async () => {
    const who = await listener('Otávio Rocha');
    await completeProfile(station.url, who.token, { lastName: 'Rocha', gender: 'MASCULINO' });

    // One answer, not editable: sent, then the notice and the answer, with no form.
    const { page, context, errors } = await openAs(who, `/promocoes/${SINGLE_WORD.slug}`, 1280);
    await page.getByRole('heading', { level: 1, name: SINGLE_WORD.title }).waitFor();
    await openAnswerPanel(page);
    const form = panel(page).getByTestId('answer-form');
    await form.waitFor();
    assert.match(normalise(await form.innerText()), /uma única palavra \(até 30 caracteres\)/);
    // What goes past 30 characters is cut off.
    await form.getByRole('textbox').fill('Cumplicidade'.repeat(3));
    assert.equal(
      await form.getByRole('textbox').inputValue(),
      'Cumplicidade'.repeat(3).slice(0, 30),
    );
    await form.getByRole('textbox').fill('Cumplicidade');
    await form.getByRole('checkbox', { name: 'Li e aceito o regulamento' }).check();
    await form.getByRole('button', { name: 'Enviar' }).click();
    const given = panel(page).getByTestId('answer-given');
    await given.getByText(SENT_TEXT).waitFor();
    await given.getByText(ALREADY_TEXT).waitFor();
    await given.getByText('Cumplicidade', { exact: true }).waitFor();
    assert.equal(await panel(page).getByTestId('answer-form').count(), 0);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: SINGLE_WORD.title }).waitFor();
    await openAnswerPanel(page);
    await given.getByText(ALREADY_TEXT).waitFor();
    await given.getByText('Cumplicidade', { exact: true }).waitFor();
    assert.equal(await panel(page).getByTestId('answer-form').count(), 0, 'no form after a reload');
    const again = await apiCall(station.url, who.token, 'promotions/saveAnswer', {
      idUserPromotion: null,
      idPromotion: await promotionId(SINGLE_WORD.slug),
      answer: 'Outra',
    });
    assert.equal(again.status, 400);
    assert.equal(again.body.message, 'answer already given');

    // Several answers: the form comes back empty after each one, and the server keeps them all.
    await page.goto(`${station.url}/promocoes/${MULTIPLE.slug}`);
    await page.getByRole('heading', { level: 1, name: MULTIPLE.title }).waitFor();
    await openAnswerPanel(page);
    for (const answer of ['Para ver o Coliseu ao pôr do sol.', 'Para conhecer a Onda FM Roma.']) {
      const multiple = panel(page).getByTestId('answer-form');
      await waitForValue(multiple.getByRole('textbox'), '');
      await multiple.getByRole('textbox').fill(answer);
      await multiple.getByRole('checkbox', { name: 'Li e aceito o regulamento' }).check();
      await multiple.getByRole('button', { name: 'Enviar' }).click();
      await panel(page).getByTestId('answer-sent').waitFor();
      await waitForValue(panel(page).getByTestId('answer-form').getByRole('textbox'), '');
      await page.waitForFunction(
        () =>
          !document.querySelector('[data-testid="answer-form"] input[type="checkbox"]')?.checked,
      );
    }
    const id = await promotionId(MULTIPLE.slug);
    assert.equal(
      sql(
        `SELECT COUNT(*) FROM promotion_answers WHERE promotion_id = ${id} AND user_id = ${who.userId}`,
      ),
      '2',
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a closed promotion: no answers; the winners drawn by the operator show to listeners', async () => {
    const id = await promotionId(CLOSED.slug);
    const seeded = Number(sql(`SELECT COUNT(*) FROM promotion_winners WHERE promotion_id = ${id}`));
    // Two participants whose answers arrived before the end (written straight into the database, as
    // the promotion no longer takes answers), then a draw of one winner.
    const ana = await listener('Ana Clara');
    await completeProfile(station.url, ana.token, { lastName: 'Fernandes' });
    const bia = await listener('Beatriz');
    await completeProfile(station.url, bia.token, { lastName: 'Nascimento' });
    for (const who of [ana, bia]) {
      sql(
        `INSERT INTO promotion_answers (promotion_id, user_id, single_user, answer, created_at, updated_at) ` +
          `SELECT ${id}, ${who.userId}, ${who.userId}, 'Clube da Esquina', ends_at - 86400, ends_at - 86400 ` +
          `FROM promotions WHERE id = ${id}`,
      );
    }
    const mark = outboxFiles(station.dataDir).length;
    const output = station.admin('draw-winners', CLOSED.slug, '1');
    assert.match(output, /1 ganhador\(es\) entre 2 participante\(s\)/);
    const [winner, loser] = output.includes(ana.email) ? [ana, bia] : [bia, ana];
    assert.ok(!output.includes(loser.email), output);
    const mail = await nextMail(station.dataDir, winner.email, mark);
    assert.match(mail, new RegExp(CLOSED.title));
    const winnerName = winner === ana ? 'Ana Clara Fernandes' : 'Beatriz Nascimento';
    const loserName = winner === ana ? 'Beatriz Nascimento' : 'Ana Clara Fernandes';

    // A visitor: the promotion takes no answer and the winners need a login.
    const visitor = await openAs(null, `/promocoes/${CLOSED.slug}`, 375);
    await visitor.page.getByRole('heading', { level: 1, name: CLOSED.title }).waitFor();
    await visitor.page.getByTestId('promotion').getByText('Encerrada', { exact: true }).waitFor();
    await openAnswerPanel(visitor.page);
    const closedNotice = panel(visitor.page).getByTestId('promotion-closed');
    await closedNotice
      .getByText(
        /^Esta promoção foi encerrada em \d{2}\/\d{2}\/\d{4} e não recebe mais respostas\.$/,
      )
      .waitFor();
    await closedNotice.getByRole('button', { name: 'Ver ganhadores' }).click();
    await panel(visitor.page).getByTestId('winners-login').getByText(WINNERS_LOGIN_TEXT).waitFor();
    assert.deepEqual(visitor.errors, []);
    await visitor.context.close();

    // A listener (the loser): the list, the new winner last with city, state and the draw's day.
    const before = today();
    const { page, context, errors } = await openAs(loser, `/promocoes/${CLOSED.slug}`, 1280);
    await page.getByRole('heading', { level: 1, name: CLOSED.title }).waitFor();
    await menuButton(page, 'Ganhadores').click();
    const list = panel(page).getByTestId('winners');
    await list.waitFor();
    const rows = list.getByRole('listitem');
    assert.equal(await rows.count(), seeded + 1);
    const last = normalise(await rows.last().innerText());
    assert.ok(last.includes(winnerName), last);
    assert.ok(
      last.includes(`Campinas/SP · ${before}`) || last.includes(`Campinas/SP · ${today()}`),
      last,
    );
    assert.ok(!normalise(await list.innerText()).includes(loserName), 'the loser is not listed');
    assert.deepEqual(errors, []);
    await context.close();
  });

  // Last in the file: it adds closed promotions that the tests above do not expect.
  test('closed promotions: 8 a page in the order the API lists them; the pager shows the current page, 3 either side, ellipses, Anterior and Próxima', async () => {
    // 30 promotions that ended before the demo's, one a day: 42 closed in all, 6 pages of 8.
    const columns =
      'description, short_description, rules, question, banner_url, featured_banner_url, image_url, ' +
      'featured_image_url, color_scheme, is_pro, is_editable, is_multiple, is_single_word, affiliate, is_published';
    sql(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30) ` +
        `INSERT INTO promotions (slug, title, ${columns}, starts_at, ends_at) ` +
        `SELECT 'arquivo-' || i, 'Promoção do arquivo ' || i, ${columns}, ` +
        `p.starts_at - i * 86400, p.ends_at - i * 86400 FROM n, ` +
        `(SELECT * FROM promotions WHERE ends_at < strftime('%s', 'now') ORDER BY ends_at LIMIT 1) p`,
    );
    const listed = [];
    for (const offset of [0, 40]) {
      const reply = await (
        await fetch(`${station.url}/api/v1/promotions/getClosedPromotions/40/${offset}`)
      ).json();
      listed.push(...reply.data.map((promotion) => `/promocoes/${promotion.url_promocao}`));
    }
    assert.equal(listed.length, 42);
    assert.equal(new Set(listed).size, 42);

    const { page, context, errors } = await openAs(null, '/promocoes', 1280);
    const grid = page.getByTestId('closed-grid');
    const nav = page.getByRole('navigation', { name: 'Páginas das promoções encerradas' });
    const shown = () =>
      grid.locator('article a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    // The pager as read from left to right: buttons' words and the ellipses.
    const pager = () =>
      nav.evaluate((element) =>
        [...element.querySelectorAll('button, li[aria-hidden]')].map((item) =>
          item.textContent.trim(),
        ),
      );
    const at = async (number, from, to, controls) => {
      await nav
        .locator('[aria-current="page"]')
        .filter({ hasText: String(number) })
        .waitFor();
      await page.waitForFunction(
        (count) =>
          document.querySelectorAll('[data-testid="closed-grid"] article').length === count,
        to - from,
      );
      assert.deepEqual(await shown(), listed.slice(from, to), `page ${number}`);
      assert.deepEqual(await pager(), ['Anterior', ...controls, 'Próxima'], `page ${number}`);
    };

    await grid.waitFor();
    // 40 fetched (5 pages): more may follow, so an ellipsis after page 4.
    await at(1, 0, 8, ['1', '2', '3', '4', '…']);
    assert.ok(await nav.getByRole('button', { name: 'Página anterior' }).isDisabled());
    await nav.getByRole('button', { name: 'Página 4' }).click();
    // The window reached past the 40: the rest came, 6 pages, all in sight from page 4.
    await at(4, 24, 32, ['1', '2', '3', '4', '5', '6']);
    await nav.getByRole('button', { name: 'Página 6' }).click();
    await at(6, 40, 42, ['…', '3', '4', '5', '6']);
    assert.ok(await nav.getByRole('button', { name: 'Próxima página' }).isDisabled());
    await nav.getByRole('button', { name: 'Página anterior' }).click();
    await at(5, 32, 40, ['…', '2', '3', '4', '5', '6']);
    assert.deepEqual(errors, []);
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
