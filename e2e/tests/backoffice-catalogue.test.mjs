// The catalogue desk in a real browser against the real server, on a station started
// without the demo content: a staff member with permission 7 opens /a1catalogo from the profile menu,
// adds an artist through the form the server's descriptors draw, and the artist's public page shows
// it; a year's top 100 is made there and opens on its public page, a channel is offered to
// listeners, a video leads /videos in its playlist and a recording is on its 'outros podcasts' page; the station has the model legal texts; the maintenance switch of the station's
// parameters reaches the site. Screenshots of the editor at 1280 px and the list at 375 px.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { addSession } from '../lib/listener.mjs';
import { artifacts, launchBrowser, newPage, startStation } from '../lib/station.mjs';

const STAFF = 'catalogo.desk@exemplo.com';
const ARTIST = 'Banda Maré Alta';

let station;
let browser;
let staffToken;

before(async () => {
  station = await startStation({ ONDA_RADIO: 'false', ONDA_SEED_DEMO: 'false' });
  browser = await launchBrowser();
  ({ token: staffToken } = await station.confirmedListener(STAFF, 'Carla Catálogo'));
  station.admin('grant-permission', STAFF, '7');
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

async function api(path) {
  const response = await fetch(`${station.url}/api/v1/${path}`);
  return { status: response.status, body: await response.json() };
}

describe('catalogue desk', () => {
  test('an artist added in the back office has its public page', async () => {
    const { page, context } = await loggedInPage(staffToken);
    await page.goto(`${station.url}/`);
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Catálogo' }).click();
    await page.waitForURL('**/a1catalogo');
    await page.getByTestId('catalogue-home').waitFor();
    await page
      .getByRole('link', { name: /Artistas/ })
      .first()
      .click();
    await page.waitForURL('**/a1catalogo/artists');
    await page.getByTestId('catalogue-empty').waitFor();

    await page.getByRole('link', { name: 'Novo artista' }).first().click();
    await page.waitForURL('**/a1catalogo/artists/novo');
    await page.getByTestId('catalogue-editor').waitFor();
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(ARTIST);
    await page.getByRole('textbox', { name: 'País' }).fill('BR');
    await page.getByRole('textbox', { name: 'Biografia' }).click();
    await page.keyboard.type('Grupo de Salvador que mistura axé e rock.');
    await page.getByRole('switch', { name: 'Destaque' }).check();
    await page.screenshot({ path: join(artifacts, 'catalogue-editor-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Salvar' }).first().click();
    await page.waitForURL(/\/a1catalogo\/artists\/\d+$/);
    const href = await page.getByRole('link', { name: 'Ver no site' }).getAttribute('href');
    assert.equal(href, '/artistas/banda-mare-alta');

    // Public at once: the API and the page.
    const artist = await api('getSingleArtist/banda-mare-alta');
    assert.equal(artist.status, 200);
    assert.match(JSON.stringify(artist.body.data), /Banda Maré Alta/);
    await page.goto(station.url + href);
    await page.getByRole('heading', { level: 1, name: ARTIST }).waitFor();
    await context.close();

    // The list at 375 px.
    const phone = await loggedInPage(staffToken, 375, 800);
    await phone.page.goto(`${station.url}/a1catalogo/artists`);
    await phone.page.getByText(ARTIST).first().waitFor();
    await phone.page.screenshot({
      path: join(artifacts, 'catalogue-list-375.png'),
      fullPage: true,
    });
    await phone.context.close();
  });

  test('a station without the demo has the model legal texts, for staff to review', async () => {
    for (const slug of ['privacidade', 'uso']) {
      const terms = await api(`legal/getTerms/${slug}`);
      assert.equal(terms.status, 200, slug);
      assert.match(JSON.stringify(terms.body.data), /Onda FM/);
    }
  });

  test("a year's top 100 made in the desk opens on the public page", async () => {
    // A song to rank, through the same calls the desk uses.
    const desk = async (path, values) => {
      const response = await fetch(`${station.url}/api/v1/backoffice/catalogue/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ values }),
      });
      assert.equal(response.status, 200, await response.clone().text());
      return (await response.json()).data;
    };
    const artist = await desk('artists', { name: 'Trio Sertão' });
    const album = await desk('albums', { artistId: artist.id, name: 'Luar', releaseYear: 2026 });
    await desk('songs', {
      name: 'Xote da Lua',
      artistId: artist.id,
      albumId: album.id,
      year: 2026,
    });

    const { page, context } = await loggedInPage(staffToken);
    await page.goto(`${station.url}/a1catalogo/top100/novo`);
    await page.getByTestId('catalogue-editor').waitFor();
    await page.getByRole('textbox', { name: 'Ano' }).fill('2026');
    await page.getByRole('textbox', { name: 'Adicionar música' }).click();
    await page.keyboard.type('Xote');
    await page.getByRole('option', { name: 'Xote da Lua — Trio Sertão' }).click();
    await page.getByTestId('song-list').getByText('Xote da Lua — Trio Sertão').waitFor();
    await page.screenshot({ path: join(artifacts, 'catalogue-top100-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Salvar' }).first().click();
    await page.waitForURL(/\/a1catalogo\/top100\/\d+$/);
    const href = await page.getByRole('link', { name: 'Ver no site' }).getAttribute('href');
    assert.equal(href, '/as-100-mais/2026');

    await page.goto(station.url + href);
    await page.getByText('Xote da Lua').first().waitFor();
    await context.close();
  });

  test('a channel made in the desk is offered to listeners', async () => {
    const { page, context } = await loggedInPage(staffToken);
    await page.goto(`${station.url}/a1catalogo/channels/novo`);
    await page.getByTestId('catalogue-editor').waitFor();
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Rádio Sertão');
    await page.getByRole('textbox', { name: 'Identificador' }).fill('Sertao_1');
    await page.getByRole('textbox', { name: 'Cor' }).fill('#2e7d32');
    await page
      .getByRole('textbox', { name: /Fontes/ })
      .fill('/stream/sertao_1.aac\n/stream/sertao_1.mp3');
    await page.screenshot({ path: join(artifacts, 'catalogue-channel-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Salvar' }).first().click();
    await page.waitForURL(/\/a1catalogo\/channels\/\d+$/);
    await context.close();

    const streams = await api('aovivo/getAvailableStreams');
    const channel = streams.body.data.find((stream) => stream.streamId === 'sertao_1');
    assert.ok(channel, JSON.stringify(streams.body.data));
    assert.equal(channel.color, '#2e7d32');
    assert.deepEqual(
      channel.sources.map((source) => source.type),
      ['audio/aac', 'audio/mpeg'],
    );
  });

  test('a video made in the desk leads /videos, in its playlist', async () => {
    const { page, context } = await loggedInPage(staffToken);
    await page.goto(`${station.url}/a1catalogo/playlists/novo`);
    await page.getByTestId('catalogue-editor').waitFor();
    await page.getByRole('textbox', { name: 'Título', exact: true }).fill('Ao vivo no estúdio');
    await page.getByRole('textbox', { name: 'Playlist no YouTube' }).fill('PLestudioOnda2026');
    await page.getByRole('button', { name: 'Salvar' }).first().click();
    await page.waitForURL(/\/a1catalogo\/playlists\/\d+$/);

    await page.goto(`${station.url}/a1catalogo/videos/novo`);
    await page.getByTestId('catalogue-editor').waitFor();
    await page.getByRole('textbox', { name: 'Título', exact: true }).fill('Acústico da manhã');
    // A pasted address becomes the video's id, with a link to check it.
    await page
      .getByRole('textbox', { name: 'Vídeo no YouTube' })
      .fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByTestId('field-youtubeId-video').waitFor();
    await page.getByRole('textbox', { name: 'Playlist', exact: true }).click();
    await page.getByRole('option', { name: 'Ao vivo no estúdio' }).click();
    await page.getByRole('switch', { name: 'Abre a página de vídeos' }).check();
    await page.screenshot({ path: join(artifacts, 'catalogue-video-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Salvar' }).first().click();
    await page.waitForURL(/\/a1catalogo\/videos\/\d+$/);
    const href = await page.getByRole('link', { name: 'Ver no site' }).getAttribute('href');
    assert.equal(href, '/videos/acustico-da-manha');

    await page.goto(`${station.url}/videos`);
    await page.getByTestId('featured-video').getByText('Acústico da manhã').waitFor();
    const playlist = page.getByRole('region', { name: 'Ao vivo no estúdio' });
    await playlist.getByText('Acústico da manhã').waitFor();
    const tv = await api('videos/getTvChannels');
    assert.match(tv.body.data[0].embedUrl, /list=PLestudioOnda2026/);
    await context.close();
  });

  test("a recording filed in the desk is on its category's 'outros podcasts' page", async () => {
    const { page, context } = await loggedInPage(staffToken);
    await page.goto(`${station.url}/a1catalogo/recordings/novo`);
    await page.getByTestId('catalogue-editor').waitFor();
    await page.getByRole('textbox', { name: 'Título', exact: true }).fill('Especial Gal Costa');
    // The five categories are every station's, demo or not.
    await page.getByRole('textbox', { name: 'Categoria', exact: true }).click();
    await page.getByRole('option', { name: 'Arquivo Musical' }).click();
    await page.getByRole('textbox', { name: 'Tags' }).fill('MPB\nEspecial');
    await page.screenshot({
      path: join(artifacts, 'catalogue-recording-1280.png'),
      fullPage: true,
    });
    await page.getByRole('button', { name: 'Salvar' }).first().click();
    await page.waitForURL(/\/a1catalogo\/recordings\/\d+$/);

    await page.goto(`${station.url}/podcasts/outros/arquivo-musical`);
    const recording = page.getByTestId('cloudcast').filter({ hasText: 'Especial Gal Costa' });
    await recording.waitFor();
    await recording.getByText('MPB', { exact: true }).waitFor();
    await recording.getByText('Especial', { exact: true }).waitFor();
    await context.close();
  });

  test("the maintenance switch of the station's parameters reaches the site", async () => {
    const { page, context } = await loggedInPage(staffToken);
    await page.goto(`${station.url}/a1catalogo/parametros`);
    await page.getByRole('switch', { name: 'Aviso de manutenção' }).check();
    await page.getByRole('button', { name: 'Salvar' }).first().click();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const params = await api('getAppParameters');
      if (params.body.data.maintenance === true) break;
      if (Date.now() > deadline) assert.fail('the maintenance switch did not reach the site');
      await page.waitForTimeout(200);
    }
    await context.close();
  });
});
