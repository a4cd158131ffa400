// The grid and playlist desks in a real browser against the real server: a staff member with
// permission 7 (the catalogue) opens /a1programacao from the profile menu and finds the demo week of
// the main channel in seven columns at 1280 px and one day at a time at 375 px; adds a slot on a free
// hour of the 'Clássicos' channel (which has no grid) through the form and finds it in the week and on
// the public /programacao?canal=… page; sees the server's own sentence for an overlapping slot; adds a
// one-off change; downloads the month's ECAD report; creates a playlist of two songs found by search.
// A listener without the permission is refused by the page and by the API. Screenshots go to
// /tmp/shots/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { addSession } from '../lib/listener.mjs';
import { launchBrowser, newPage, startStation } from '../lib/station.mjs';

const SHOTS = '/tmp/shots';
const STAFF = 'grade.desk@exemplo.com';
const LISTENER = 'sem.grade@exemplo.com';
const MAIN = 'onda_1';
const CLASSICS = 'onda_classicos';
const OVERLAP = 'Este horário se sobrepõe a outro programa da grade deste canal.';
const ECAD_HEADER = 'Data;Hora;Duração;Obra;Intérprete;Autores;ISRC;Gravadora;Execução;Tipo';
/** A full-page picture would paint the fixed player bar over the middle of the page. */
const NO_BAR = '[data-testid="player-bar"] { visibility: hidden !important; }';
const WEEKDAY_NAMES = ['', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado', 'Domingo'];

let station;
let browser;
let staffToken;
let listenerToken;

before(async () => {
  // The station engine stays off: the grid, the playlists and the report are the database's.
  station = await startStation({ ONDA_RADIO: 'false' });
  browser = await launchBrowser();
  ({ token: staffToken } = await station.confirmedListener(STAFF, 'Gabi Grade'));
  station.admin('grant-permission', STAFF, '7');
  ({ token: listenerToken } = await station.confirmedListener(LISTENER, 'Lia Ouvinte'));
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

/** A page at a width with a session (none for `token` null) and the cookie notice answered. */
async function openAs(token, width, height = 900) {
  const opened = await newPage(browser, width, height);
  if (token) await addSession(opened.context, station.url, token);
  await opened.context.addCookies([
    { name: 'a1_cookieConsent', value: '1', domain: new URL(station.url).hostname, path: '/' },
  ]);
  return opened;
}

/** An API call with a bearer token: `{ status, data }`. */
async function api(path, token = staffToken) {
  const response = await fetch(`${station.url}/api/v1/${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, data: response.ok ? JSON.parse(text).data : text };
}

/** A channel's grid as the desk loads it. */
async function editor(streamId) {
  const { status, data } = await api(`backoffice/schedule/${streamId}`);
  assert.equal(status, 200, JSON.stringify(data));
  return data;
}

/** 'YYYY-MM-DD' moved by whole days, and its ISO weekday (1 = Monday … 7 = Sunday). */
function dayAfter(date, days = 1) {
  const moved = new Date(`${date}T12:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  const weekday = moved.getUTCDay() === 0 ? 7 : moved.getUTCDay();
  return { date: moved.toISOString().slice(0, 10), weekday };
}

/** How far the page is wider than the window (0 when nothing overflows). */
async function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Waits for a Mantine notification's text (the desk's toasts). */
async function toast(page, text) {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();
}

describe('grid desk', () => {
  test('at 1280 px: the demo week, a slot added on Clássicos, its public page, an overlap refused, the ECAD CSV', async () => {
    const main = await editor(MAIN);
    assert.ok(main.slots.length >= 40, 'the demo fills the main channel all week');
    const { page, context, errors } = await openAs(staffToken, 1280);

    // From the profile menu, as staff find it.
    await page.goto(`${station.url}/`);
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Grade de programação' }).click();
    // The desk opens on the main channel's week (/a1programacao/onda_1), which a loaded machine may
    // reach before the bare address is ever seen.
    await page.waitForURL(/\/a1programacao(\/[^/]+)?$/);
    const week = page.getByTestId('week-view');
    await week.waitFor();
    assert.equal(await week.getAttribute('aria-label'), `Grade semanal de ${main.streamName}`);

    // Seven columns, each with the demo's slots of its day; a block says what it is.
    for (let weekday = 1; weekday <= 7; weekday += 1) {
      const column = page.getByTestId(`day-${weekday}`);
      assert.ok(
        (await column.locator('h3').innerText()).startsWith(WEEKDAY_NAMES[weekday]),
        `column ${weekday}`,
      );
      const ids = main.slots.filter((slot) => slot.weekday === weekday).map((slot) => slot.id);
      assert.ok(ids.length > 0, `the demo has programmes on ${WEEKDAY_NAMES[weekday]}`);
      for (const id of ids) assert.equal(await column.getByTestId(`slot-${id}`).count(), 1);
    }
    const sample = main.slots.find((slot) => slot.fill === 'live');
    const label = await page.getByTestId(`slot-${sample.id}`).getAttribute('aria-label');
    assert.equal(
      label,
      `${sample.programTitle}, ${WEEKDAY_NAMES[sample.weekday]}, ${sample.start}–${sample.end}, Ao vivo`,
    );
    // Every block shows its programme's title, the 30-minute news too (its hours may be cut off).
    const titles = await week.locator('[data-testid^="slot-"]').evaluateAll((blocks) =>
      blocks.map((block) => ({
        label: block.getAttribute('aria-label'),
        height: block.firstElementChild.getBoundingClientRect().height,
      })),
    );
    for (const { label, height } of titles)
      assert.ok(height >= 12, `title of ${label}: ${height} px`);
    // Today's column is marked.
    const today = dayAfter(main.today, 0);
    assert.match(await page.getByTestId(`day-${today.weekday}`).locator('h3').innerText(), /hoje/);
    await page.getByTestId('schedule-exceptions').waitFor();
    await page.getByTestId('ecad').waitFor();
    assert.equal(await overflow(page), 0, 'nothing wider than 1280 px');
    await page.screenshot({ path: `${SHOTS}/editor-1280.png`, fullPage: true, style: NO_BAR });

    // The Clássicos channel: no grid yet.
    await page.getByTestId('channel-picker').selectOption(CLASSICS);
    await page.waitForURL(`**/a1programacao/${CLASSICS}`);
    await page.getByRole('group', { name: 'Grade semanal de Clássicos' }).waitFor();
    assert.equal((await editor(CLASSICS)).slots.length, 0);
    assert.equal(await page.getByTestId('week-view').locator('[data-testid^="slot-"]').count(), 0);

    // A click on tomorrow's 10:00 opens the form on that day and hour.
    const tomorrow = dayAfter(main.today);
    const program = main.slots.find((slot) => slot.fill === 'playlist').programTitle;
    await page.getByTestId(`hour-${tomorrow.weekday}-10`).click();
    const dialog = page.getByRole('dialog', { name: 'Novo horário' });
    await dialog.waitFor();
    const form = dialog.getByTestId('slot-form-fields');
    assert.equal(await form.getByLabel(/^Dia da semana/).inputValue(), String(tomorrow.weekday));
    assert.equal(await form.getByLabel(/^Início/).inputValue(), '10:00');
    assert.equal(await form.getByLabel(/^Término/).inputValue(), '11:00');
    // Saving with nothing chosen: the form's own check, no call.
    await form.getByTestId('slot-save').click();
    await form.getByText('Preencha este campo.').waitFor();
    await form.getByLabel(/^Programa/).selectOption({ label: program });
    await form.getByLabel(/^Término/).fill('12:00');
    // A playlist programme: the radio, then the select it relabels 'Playlist' (a required choice).
    await form.getByRole('radio', { name: 'Playlist' }).check();
    await form.getByRole('combobox', { name: 'Playlist' }).selectOption({ label: 'Clássicos' });
    await form.getByTestId('slot-save').click();
    await toast(page, 'Horário salvo.');
    await dialog.waitFor({ state: 'hidden' });
    const [added] = (await editor(CLASSICS)).slots;
    assert.equal(added.programTitle, program);
    assert.deepEqual(
      [added.weekday, added.start, added.end, added.fill, added.playlistName],
      [tomorrow.weekday, '10:00', '12:00', 'playlist', 'Clássicos'],
    );
    const block = page.getByTestId(`day-${tomorrow.weekday}`).getByTestId(`slot-${added.id}`);
    await block.waitFor();
    assert.match(await block.innerText(), new RegExp(`${program}[\\s\\S]*10:00–12:00`));

    // An overlapping slot (11:00–13:00 on the same day), from the toolbar's button: the server's
    // sentence in the form, and nothing stored.
    await page.getByRole('button', { name: 'Adicionar horário' }).click();
    await dialog.waitFor();
    await form.getByLabel(/^Programa/).selectOption({ label: program });
    await form.getByLabel(/^Dia da semana/).selectOption(String(tomorrow.weekday));
    await form.getByLabel(/^Início/).fill('11:00');
    await form.getByLabel(/^Término/).fill('13:00');
    await form.getByTestId('slot-save').click();
    const refusal = form.getByTestId('slot-form-error');
    await refusal.waitFor();
    assert.equal((await refusal.innerText()).trim(), OVERLAP);
    assert.ok(await dialog.isVisible(), 'the form stays open with what was typed');
    assert.equal(await form.getByLabel(/^Início/).inputValue(), '11:00');
    await page.screenshot({ path: `${SHOTS}/editor-overlap-1280.png` });
    // 'Cancelar' on a form with typed values asks first; leaving drops them.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    const ask = page.getByRole('dialog', { name: 'Sair sem salvar?' });
    await ask.getByRole('button', { name: 'Sair sem salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await ask.waitFor({ state: 'hidden' });
    assert.equal((await editor(CLASSICS)).slots.length, 1);

    // The listener's grid of the channel has it, on tomorrow's tab.
    const listener = await openAs(null, 1280);
    await listener.page.goto(`${station.url}/programacao?canal=${CLASSICS}`);
    assert.equal(await listener.page.getByTestId('schedule-channel').inputValue(), CLASSICS);
    await listener.page.getByRole('tab', { name: 'Amanhã' }).click();
    const slot = listener.page.getByTestId('schedule-slot').filter({ hasText: program });
    await slot.waitFor();
    assert.match(await slot.innerText(), /10:00 – 12:00/);
    assert.deepEqual(listener.errors, []);
    await listener.context.close();

    // The ECAD report of the previous month (the panel's default): a CSV with the agreed header.
    await page.getByTestId('channel-picker').selectOption(MAIN);
    await page.waitForURL(`**/a1programacao/${MAIN}`);
    // The address changes before the channel's grid replaces the other one's.
    await page.getByRole('group', { name: `Grade semanal de ${main.streamName}` }).waitFor();
    const ecad = page.getByTestId('ecad-download');
    const href = await ecad.getAttribute('href');
    assert.match(href, /\/api\/v1\/backoffice\/reports\/ecad\/onda_1\/\d{4}-\d{2}$/);
    const [download] = await Promise.all([page.waitForEvent('download'), ecad.click()]);
    assert.match(download.suggestedFilename(), /^roteiro-musical-onda_1-\d{4}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const rows = csv.split(/\r?\n/);
    assert.ok(rows.includes(ECAD_HEADER), `the header row in:\n${csv}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('at 375 px: one day at a time with the demo slots, and a one-off change added', async () => {
    const main = await editor(MAIN);
    const today = dayAfter(main.today, 0);
    const tomorrow = dayAfter(main.today);
    const { page, context, errors } = await openAs(staffToken, 375, 800);
    await page.goto(`${station.url}/a1programacao/${MAIN}`);
    await page.getByTestId('day-view').waitFor();
    assert.equal(await page.getByTestId('week-view').count(), 0, 'no seven columns on a phone');

    // Today's day first, with its programmes in order.
    const listed = async (weekday) => {
      const section = page.getByTestId(`day-${weekday}`);
      await section.waitFor();
      return section
        .locator('[data-testid^="slot-"]')
        .evaluateAll((nodes) => nodes.map((node) => node.dataset.testid));
    };
    const ofDay = (weekday) =>
      main.slots
        .filter((slot) => slot.weekday === weekday)
        .sort((a, b) => a.start.localeCompare(b.start))
        .map((slot) => `slot-${slot.id}`);
    assert.deepEqual(await listed(today.weekday), ofDay(today.weekday));
    assert.equal(await overflow(page), 0, 'nothing wider than 375 px');
    await page.screenshot({ path: `${SHOTS}/editor-375.png`, fullPage: true, style: NO_BAR });

    // Another day from the picker.
    await page
      .getByTestId('day-picker')
      .getByText(['', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb', 'Dom'][tomorrow.weekday], {
        exact: true,
      })
      .click();
    assert.deepEqual(await listed(tomorrow.weekday), ofDay(tomorrow.weekday));

    // A one-off change tomorrow morning: the form fills the phone's screen.
    await page.getByRole('button', { name: 'Nova mudança' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova mudança de programação' });
    await dialog.waitFor();
    const width = await dialog.evaluate((node) => node.getBoundingClientRect().width);
    assert.ok(width >= 374, `the form is ${width} px wide`);
    const program = main.slots.find((slot) => slot.fill === 'live').programTitle;
    await dialog.getByLabel(/^Data/).fill(tomorrow.date);
    await dialog.getByLabel(/^Programa/).selectOption({ label: program });
    await dialog.getByLabel(/^Início/).fill('07:00');
    await dialog.getByLabel(/^Término/).fill('08:00');
    await dialog.getByLabel(/^Observação/).fill('Transmissão especial do desfile');
    await page.screenshot({ path: `${SHOTS}/editor-exception-375.png` });
    await dialog.getByTestId('slot-save').click();
    await toast(page, 'Mudança salva.');
    await dialog.waitFor({ state: 'hidden' });
    const [change] = (await editor(MAIN)).exceptions;
    assert.deepEqual(
      [change.date, change.start, change.end, change.programTitle, change.note],
      [tomorrow.date, '07:00', '08:00', program, 'Transmissão especial do desfile'],
    );
    const row = page.getByTestId(`exception-${change.id}`);
    await row.waitFor();
    const rowText = await row.innerText();
    assert.ok(rowText.includes(program) && rowText.includes('07:00–08:00'), rowText);
    // The listener's week shows it on that day as a special edition.
    const week = (await api(`schedule/${MAIN}`, null)).data;
    const special = week.days
      .find((day) => day.date === tomorrow.date)
      .slots.find((slot) => slot.special);
    assert.equal(special?.program.title, program);
    assert.equal(await overflow(page), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('playlist desk', () => {
  test('at 1280 px: a new playlist with two songs found by search, saved', async () => {
    const { page, context, errors } = await openAs(staffToken, 1280);
    await page.goto(`${station.url}/a1programacao/playlists/lista`);
    const table = page.getByTestId('playlists-table');
    await table.waitFor();
    const before = (await api('backoffice/playlists')).data;
    assert.equal(await table.locator('tbody tr').count(), before.length);
    await page.getByRole('link', { name: 'Nova playlist' }).first().click();
    await page.waitForURL('**/a1programacao/playlists/nova');
    const editorForm = page.getByTestId('playlist-editor');
    await editorForm.waitFor();

    await page.getByTestId('field-name').fill('Domingo Tranquilo');
    const search = page.getByTestId('track-search');
    for (const [query, label] of [
      ['Adele', 'Adele - Hello'],
      ['Anitta', 'Anitta - Envolver'],
    ]) {
      await search.fill(query);
      const candidates = page.getByTestId('track-candidates');
      await candidates.getByText(label, { exact: true }).waitFor();
      await candidates.getByRole('button', { name: `Adicionar ${label}` }).click();
      // Once in the list, the candidate says so instead of offering it again.
      await candidates.getByRole('button', { name: 'Na playlist' }).first().waitFor();
    }
    assert.equal(await page.getByTestId('tracks-count').innerText(), '2 músicas');
    const listed = await page.getByTestId('track-list').locator('li').allInnerTexts();
    assert.match(listed[0], /Adele - Hello/);
    assert.match(listed[1], /Anitta - Envolver/);
    assert.equal(await overflow(page), 0);
    await page.screenshot({
      path: `${SHOTS}/playlist-editor-1280.png`,
      fullPage: true,
      style: NO_BAR,
    });

    await page.getByTestId('save').click();
    await toast(page, 'Playlist salva.');
    await page.waitForURL(/\/a1programacao\/playlists\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = (await api(`backoffice/playlists/${id}`)).data;
    assert.equal(saved.name, 'Domingo Tranquilo');
    assert.deepEqual(
      saved.tracks.map((track) => track.label),
      ['Adele - Hello', 'Anitta - Envolver'],
    );
    // The list has it, with its two songs.
    await page.goto(`${station.url}/a1programacao/playlists/lista`);
    const row = page.getByTestId(`playlist-row-${id}`);
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    assert.deepEqual(cells.slice(0, 3), ['Domingo Tranquilo', '2', 'Nenhum horário']);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('who may enter', () => {
  test('a listener without the permission is refused by the page and the API; anonymous is asked to log in', async () => {
    for (const path of [
      `backoffice/schedule/${MAIN}`,
      'backoffice/playlists',
      `backoffice/reports/ecad/${MAIN}/2026-01`,
    ]) {
      assert.equal((await api(path, listenerToken)).status, 403, path);
      assert.equal((await api(path, null)).status, 401, path);
    }
    const { page, context, errors } = await openAs(listenerToken, 375, 800);
    await page.goto(`${station.url}/a1programacao/${MAIN}`);
    const refused = page.getByTestId('schedule-no-permission');
    await refused.waitFor();
    assert.match(
      await refused.innerText(),
      /Você não tem permissão para editar a grade de programação\./,
    );
    assert.equal(await page.getByTestId('schedule-desk').count(), 0);
    await page.goto(`${station.url}/a1programacao/playlists/lista`);
    await page.getByTestId('schedule-no-permission').waitFor();
    // Nor does the profile menu offer the desk.
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menu').waitFor();
    assert.equal(await page.getByRole('menuitem', { name: 'Grade de programação' }).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();

    const anonymous = await openAs(null, 1280);
    await anonymous.page.goto(`${station.url}/a1programacao/${MAIN}`);
    await anonymous.page.getByTestId('schedule-login-required').waitFor();
    assert.deepEqual(anonymous.errors, []);
    await anonymous.context.close();
  });
});
