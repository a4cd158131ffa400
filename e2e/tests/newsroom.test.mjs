// The newsroom in a real browser against the real server: a journalist (permission 5,
// granted with the operator command) opens /a1redacao from the profile menu, writes an item with a
// cover picture (a PNG drawn here), schedules it a few seconds ahead and saves; it is not on the home
// page yet; once due it is on the home page's news and in /busca. A listener, and an editor holding
// every other staff permission, see the no-permission state. Screenshots of the editor at 1280 px and
// the list at 375 px.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { addSession } from '../lib/listener.mjs';
import { artifacts, launchBrowser, newPage, startStation } from '../lib/station.mjs';

const JOURNALIST = 'jornalista.redacao@exemplo.com';
const LISTENER = 'ouvinte.redacao@exemplo.com';
/** Staff with every permission but the newsroom's (5). */
const EDITOR = 'editora.catalogo@exemplo.com';
/** A word no demo item has, so search finds exactly ours. */
const WORD = `xarapiruba${Math.random()
  .toString(36)
  .replace(/[^a-z]/g, '')
  .slice(0, 5)}`;
const TITLE = `Festival ${WORD} agita o fim de semana`;
/** How far ahead the item is scheduled. */
const AHEAD_MS = 8_000;

let station;
let browser;
let journalistToken;
let listenerToken;
let editorToken;
let workDir;
let coverPath;

// ── A real PNG, written here: 800 × 450, a vertical gradient (IHDR, one IDAT, IEND). ─────────

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function pngBytes(width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    rows[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const at = row + 1 + x * 3;
      rows[at] = 255;
      rows[at + 1] = Math.round(95 + (y / height) * 120);
      rows[at + 2] = Math.round(31 + (x / width) * 160);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

before(async () => {
  station = await startStation({ ONDA_RADIO: 'false' });
  browser = await launchBrowser();
  ({ token: journalistToken } = await station.confirmedListener(JOURNALIST, 'Joana Redatora'));
  ({ token: listenerToken } = await station.confirmedListener(LISTENER, 'Ouvinte Curioso'));
  ({ token: editorToken } = await station.confirmedListener(EDITOR, 'Edna Editora'));
  station.admin('grant-permission', JOURNALIST, '5');
  for (const permission of ['1', '2', '3', '4', '6', '7', '8']) {
    station.admin('grant-permission', EDITOR, permission);
  }
  workDir = mkdtempSync(join(tmpdir(), 'onda-newsroom-'));
  coverPath = join(workDir, 'capa-festival.png');
  writeFileSync(coverPath, pngBytes(800, 450));
  mkdirSync(artifacts, { recursive: true });
});

after(async () => {
  await browser?.close();
  await station?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function loggedInPage(token, width = 1280, height = 900) {
  const opened = await newPage(browser, width, height);
  await addSession(opened.context, station.url, token);
  // The cookie notice answered, so the screenshots show the newsroom, not the notice.
  await opened.context.addCookies([
    { name: 'a1_cookieConsent', value: '1', domain: new URL(station.url).hostname, path: '/' },
  ]);
  return opened;
}

/** `YYYY-MM-DDTHH:mm:ss` on Brasília's clock (UTC−3), `ms` from now: a datetime-local value. */
function brasiliaLocal(ms) {
  return new Date(Date.now() + ms - 3 * 3_600_000).toISOString().slice(0, 19);
}

/** The text of the home page's news blocks (empty until they are drawn). */
async function homeNewsText(page) {
  await page.goto(`${station.url}/`);
  await page.getByTestId('home-featured').or(page.getByTestId('home-news-empty')).first().waitFor();
  return page.evaluate(() =>
    ['home-featured', 'home-secondary', 'home-side']
      .map((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '')
      .join('\n'),
  );
}

describe('newsroom', () => {
  test('a journalist writes an item with a cover, schedules it, and it goes out when due', async () => {
    const { page, context, errors } = await loggedInPage(journalistToken);

    // The profile menu leads to the newsroom.
    await page.goto(`${station.url}/`);
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Redação' }).click();
    await page.waitForURL('**/a1redacao');
    await page.getByTestId('newsroom').waitFor();

    await page.getByRole('link', { name: 'Nova notícia' }).first().click();
    await page.waitForURL('**/a1redacao/nova');
    await page.getByTestId('news-editor').waitFor();

    await page.getByRole('textbox', { name: 'Título', exact: true }).fill(TITLE);
    await page
      .getByRole('textbox', { name: 'Subtítulo' })
      .fill('Três dias de shows gratuitos no parque, com artistas da cidade.');
    const body = page.getByRole('textbox', { name: 'Texto da notícia' });
    await body.click();
    await page.keyboard.type(`O festival ${WORD} começa na sexta-feira com entrada gratuita.`);
    await page.keyboard.press('Enter');
    await page.keyboard.type('A programação completa sai na semana que vem.');

    // The cover: picked, uploaded with its progress, shown.
    await page.getByTestId('cover-input').setInputFiles(coverPath);
    const cover = page.getByTestId('cover-preview');
    await cover.waitFor();
    const coverSrc = await cover.getAttribute('src');
    assert.match(coverSrc ?? '', /\?w=640$/);
    assert.equal(await cover.evaluate((img) => img.complete && img.naturalWidth > 0), true);
    await page.getByRole('textbox', { name: 'Legenda da capa' }).fill('O palco principal');

    await page.getByRole('textbox', { name: 'Editoria' }).click();
    await page.getByRole('option', { name: 'Música', exact: true }).click();
    const tags = page.getByRole('textbox', { name: 'Tags' });
    await tags.fill('Festivais');
    await tags.press('Enter');

    // Scheduled a few seconds ahead, on the station's clock.
    await page.getByTestId('publish-mode').getByText('Agendar', { exact: true }).click();
    const due = Date.now() + AHEAD_MS;
    await page.getByLabel(/Data e hora da publicação/).fill(brasiliaLocal(AHEAD_MS));
    await page.screenshot({ path: join(artifacts, 'newsroom-editor-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page
      .getByText(/Publicação agendada para/)
      .first()
      .waitFor();
    await page.waitForURL(/\/a1redacao\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    assert.ok(id > 0);
    assert.equal(
      (await page.getByTestId('publish-panel').getByTestId('news-state').textContent())?.trim(),
      'Agendada',
    );

    // Not out yet: the home page does not have it.
    const reader = await newPage(browser, 1280, 900);
    if (Date.now() < due - 1_000) {
      const text = await homeNewsText(reader.page);
      assert.ok(!text.includes(WORD), 'a scheduled item is not on the home page before its time');
    }

    // Due: on the home page within a few seconds, and in the site's search.
    await sleep(Math.max(0, due - Date.now()) + 500);
    const deadline = Date.now() + 30_000;
    for (;;) {
      if ((await homeNewsText(reader.page)).includes(TITLE)) break;
      if (Date.now() > deadline) assert.fail('the item did not reach the home page');
      await sleep(1_000);
    }
    // The search index takes a pass every few seconds; its replies are cached by browsers for a
    // minute, so the page is opened once the index has the item (asked without a browser cache).
    const searchDeadline = Date.now() + 30_000;
    for (;;) {
      const found = await fetch(`${station.url}/api/v1/search?q=${encodeURIComponent(WORD)}`);
      if (JSON.stringify(await found.json()).includes(TITLE)) break;
      if (Date.now() > searchDeadline) assert.fail('the item did not reach the search index');
      await sleep(1_000);
    }
    await reader.page.goto(`${station.url}/busca?q=${encodeURIComponent(WORD)}`);
    const results = reader.page.getByTestId('search-results');
    await results.waitFor();
    assert.ok((await results.innerText()).includes(TITLE), await results.innerText());

    // The list says it is out.
    await page.goto(`${station.url}/a1redacao?q=${encodeURIComponent(WORD)}`);
    const row = page.getByTestId(`newsroom-row-${id}`);
    await row.waitFor();
    await page.waitForFunction(
      (rowId) =>
        document
          .querySelector(`[data-testid="newsroom-row-${rowId}"] [data-testid="news-state"]`)
          ?.textContent?.includes('Publicada'),
      id,
    );
    assert.deepEqual(errors, []);
    assert.deepEqual(reader.errors, []);
    await reader.context.close();
    await context.close();
  });

  test('the list at 375 px: stacked cards, nothing scrolls sideways', async () => {
    const { page, context, errors } = await loggedInPage(journalistToken, 375, 812);
    await page.goto(`${station.url}/a1redacao`);
    await page.getByTestId('newsroom-cards').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `the page scrolls ${overflow} px sideways`);
    await page.screenshot({ path: join(artifacts, 'newsroom-list-375.png'), fullPage: true });
    await page.setViewportSize({ width: 320, height: 700 });
    await sleep(300);
    const narrow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(narrow <= 0, `at 320 px the page scrolls ${narrow} px sideways`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a listener, or an editor with every other permission, cannot reach the editor', async () => {
    for (const token of [listenerToken, editorToken]) {
      const { page, context } = await loggedInPage(token);
      const newsroom = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/v1/backoffice/news'))
          newsroom.push(request.url());
      });
      for (const path of ['/a1redacao', '/a1redacao/nova']) {
        await page.goto(`${station.url}${path}`);
        await page.getByText('Você não tem permissão para entrar na redação.').waitFor();
        assert.equal(await page.getByTestId('news-editor').count(), 0);
      }
      // Nor through the API.
      const response = await fetch(`${station.url}/api/v1/backoffice/news`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(response.status, 403);
      assert.deepEqual(newsroom, []);
      await context.close();
    }
  });
});
