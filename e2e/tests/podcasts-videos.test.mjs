// Podcasts, videos and TV in a real browser against the real server and its demo content (PD-01,
// PD-03..PD-06, VD-01..VD-03): the grid without PRO shows, a show's load button then its player, the
// episodes 20 then 26 on scroll and their /noticias links, the unknown-show text, the 'outros'
// catalogue 10 then 20 on scroll, the videos page parts and a video's page, the unknown-video text,
// the two /tv tabs; screenshots at 1280 and 375 px.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, launchBrowser, newPage, startStation } from '../lib/station.mjs';

let station;
let browser;

before(async () => {
  // A same-origin player page stands in for the podcast player host (no internet in tests).
  station = await startStation({ ONDA_RADIO: 'false', ONDA_PODCAST_PLAYER_URL: '/media/logo.svg' });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

async function open(path, width = 1280, height = 900) {
  const opened = await newPage(browser, width, height);
  opened.requests = [];
  opened.page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/')) opened.requests.push(url.pathname + url.search);
  });
  await opened.page.goto(station.url + path);
  return opened;
}

async function scrollToBottom(page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

async function noHorizontalScroll(page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 1, `horizontal overflow ${overflow}px`);
}

describe('podcasts', () => {
  test('PD-01: the grid links the public shows only and asks nothing PRO anonymously', async () => {
    const { page, context, errors, requests } = await open('/podcasts');
    const grid = page.getByTestId('podcast-grid');
    await grid.waitFor();
    const hrefs = await grid.getByRole('link').evaluateAll((links) =>
      links.map((link) => link.getAttribute('href')),
    );
    assert.deepEqual(hrefs, [
      '/podcasts/papo-de-musica',
      '/podcasts/cafe-com-noticias',
      '/podcasts/saude-em-dia',
      '/podcasts/trilhas-do-cinema',
    ]);
    assert.ok(!requests.some((path) => path.includes('getProPodcastsData')));
    await page.screenshot({ path: join(artifacts, 'podcasts-1280.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('PD-03/PD-04: load button, then the player; 20 episodes then 26 on scroll; links to /noticias', async () => {
    const { page, context, errors, requests } = await open('/podcasts/papo-de-musica');
    await page.getByTestId('podcast-load-button').waitFor();
    const frame = page.getByTestId('podcast-iframe');
    await frame.waitFor();
    assert.match(await frame.getAttribute('src'), /feed=%2Fonda%2Fpapo-de-musica%2F/);
    assert.equal(await frame.getAttribute('height'), '480');
    const links = page.getByTestId('episode-list').getByRole('link');
    await links.nth(19).waitFor();
    assert.equal(await links.count(), 20);
    await scrollToBottom(page);
    await links.nth(25).waitFor();
    assert.equal(await links.count(), 26);
    assert.ok(requests.includes('/api/v1/getPodcastEpisodes/papo-de-musica/20/20'));
    const first = await links.first().getAttribute('href');
    assert.match(first, /^\/noticias\//);
    assert.equal(await page.getByTestId('podcasts-back').getAttribute('href'), '/podcasts');
    await links.first().click();
    await page.waitForURL(`**${first}`);
    await page.getByTestId('news-article').waitFor();
    // The player loaded in time: no 'not loaded' event.
    const events = await page.evaluate(() => window.__ondaAnalytics ?? []);
    assert.ok(!events.some((event) => event.action === 'podcast_not_loaded'));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('PD-05: an unknown show, and a path under a show, give the not-found text', async () => {
    const { page, context } = await open('/podcasts/nao-existe');
    await page.getByText('NÃO ACHAMOS ESSE PODCAST :(').waitFor();
    await page.goto(`${station.url}/podcasts/papo-de-musica/qualquer`);
    await page.getByText('NÃO ACHAMOS ESSE PODCAST :(').waitFor();
    await context.close();
  });

  test('PD-06: outros shows the category description, tag-labelled players, 10 more on scroll', async () => {
    const { page, context, errors } = await open('/podcasts/outros/recentes', 375, 800);
    await page.getByTestId('category-description').waitFor();
    const items = page.getByTestId('cloudcast');
    await items.nth(9).waitFor();
    assert.equal(await items.count(), 10);
    await scrollToBottom(page);
    await items.nth(19).waitFor();
    await noHorizontalScroll(page);
    await page.screenshot({ path: join(artifacts, 'podcasts-outros-375.png') });
    await page.goto(`${station.url}/podcasts/outros/not%C3%ADcias`);
    await page.getByTestId('category-description').waitFor();
    await page.goto(`${station.url}/podcasts/outros/desconhecida`);
    await page.getByText('Não há podcast relacionados com a categoria.').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("outros: each recording offers its title, a play button and a link, no frame until asked", async () => {
    // The player host's frames load from the internet; where it cannot be reached a frame drawn at
    // once stays a grey box. A recording is a title, a play button and a link to it at its host;
    // its player is framed only when the listener asks for it.
    for (const [width, height] of [
      [375, 812],
      [1280, 900],
    ]) {
      const { page, context, errors } = await open('/podcasts/outros/recentes', width, height);
      const items = page.getByTestId('cloudcast');
      await items.nth(9).waitFor();
      // Past the load period in which the frames used to be drawn by themselves.
      await page.waitForTimeout(1500);
      assert.equal(await page.getByTestId('podcast-iframe').count(), 0, `${width} px: no frame`);
      for (let index = 0; index < 3; index += 1) {
        const item = items.nth(index);
        const name = (await item.getByTestId('cloudcast-name').innerText()).trim();
        assert.ok(name, 'a title');
        const play = item.getByRole('button', { name: new RegExp(`^Ouvir .*${name.slice(0, 10)}`) });
        assert.ok(await play.isVisible(), `${width} px: the play button of '${name}'`);
        // The recording's page at its host (here the stations' stand-in widget, a local file).
        const link = item.getByRole('link', { name: /Abrir/ });
        assert.ok(await link.isVisible(), `${width} px: the link of '${name}'`);
        assert.match(await link.getAttribute('href'), /feed=/);
        assert.equal(await link.getAttribute('target'), '_blank');
      }
      await page.screenshot({ path: join(artifacts, `podcasts-outros-facade-${width}.png`) });
      // The keyboard opens the player: the frame replaces the button, the link stays.
      const first = items.first();
      await first.getByRole('button', { name: /^Ouvir / }).focus();
      await page.keyboard.press('Enter');
      const frame = first.getByTestId('podcast-iframe');
      await frame.waitFor();
      assert.match(await frame.getAttribute('src'), /feed=/);
      assert.ok(await first.getByRole('link', { name: /Abrir/ }).isVisible());
      assert.equal(await page.getByTestId('podcast-iframe').count(), 1, 'only the one asked for');
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});

describe('videos and tv', () => {
  test('VD-01: featured video, share and subscribe, ad banner, carousels; a video page', async () => {
    const { page, context, errors } = await open('/videos');
    const featured = page.getByTestId('featured-video');
    await featured.waitFor();
    await featured.getByTestId('share-buttons').waitFor();
    await featured.getByRole('link', { name: /Inscreva-se/ }).waitFor();
    await page.getByTestId('ad-banner').waitFor();
    const carousel = page.getByRole('region', { name: 'Letra e Tradução' });
    const slide = carousel.getByRole('link').first();
    await slide.waitFor();
    const href = await slide.getAttribute('href');
    await page.screenshot({ path: join(artifacts, 'videos-1280.png') });
    await slide.click();
    await page.waitForURL(`**${href}`);
    await page.getByTestId('featured-video').waitFor();
    assert.deepEqual(errors, []);
    await context.close();

    const phone = await open('/videos', 375, 800);
    await phone.page.getByTestId('featured-video').waitFor();
    await noHorizontalScroll(phone.page);
    await phone.context.close();
  });

  test('VD-02: an unknown video gives the not-found text with a link to /videos', async () => {
    const { page, context } = await open('/videos/nao-existe');
    const view = page.getByTestId('not-found-view');
    await view.getByText('NÃO ACHAMOS ESSE VÍDEO :(').waitFor();
    assert.equal(await view.getByRole('link').getAttribute('href'), '/videos');
    await context.close();
  });

  test('VD-03: the two tabs switch one autoplay embed 650 px high', async () => {
    const { page, context, errors } = await open('/tv');
    const tab = page.getByRole('tab', { name: 'Onda FM TV' });
    await tab.waitFor();
    const embed = page.getByTestId('tv-embed');
    const first = await embed.getAttribute('src');
    assert.match(first, /autoplay=1/);
    assert.equal(Math.round((await embed.boundingBox()).height), 650);
    await page.getByRole('tab', { name: 'Letra e Tradução' }).click();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="tv-embed"]')?.getAttribute('src') !== before,
      first,
    );
    assert.equal(await page.getByTestId('tv-embed').count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
