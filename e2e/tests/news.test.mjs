// The news pages in a real browser against the real server and its demo content (NW-01..03, 07..10,
// 12..15, 17, 18; TR-02..04): the list with 'Carregar Mais' and the category dropdown, a category page,
// a single news item with its parts, related news asked once, the most-read side block after 771 px,
// news hits and the news-views batch, the not-found view, tags, the PRO teaser and the PRO reader's full
// text, the home page's news blocks, and screenshots at 1280 and 375 px.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { addSession } from '../lib/listener.mjs';
import { artifacts, launchBrowser, newPage, startStation } from '../lib/station.mjs';

let station;
let browser;
let plain; // a normal news item with tags and a journalist
let pro; // a PRO news item

async function api(path) {
  const response = await fetch(`${station.url}/api/v1/${path}`);
  return response.json();
}

before(async () => {
  station = await startStation({ ONDA_RADIO: 'false' });
  browser = await launchBrowser();
  const list = (await api('news/getNews/0/60/1/0')).data;
  plain = list.find((item) => !item.pro && item.tagNews.length > 0 && item.journalistSlug);
  pro = list.find((item) => item.pro);
  assert.ok(plain && pro, 'the demo content has a normal and a PRO news item');
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

const cards = (page) => page.getByTestId('news-card-grid');

/** A page that records the API requests it makes (method and path). */
async function open(path, width = 1280, height = 900) {
  const opened = await newPage(browser, width, height);
  opened.requests = [];
  opened.page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/'))
      opened.requests.push({
        method: request.method(),
        path: url.pathname,
        body: request.postData(),
        auth: request.headers().authorization ?? null,
      });
  });
  await opened.page.goto(station.url + path);
  return opened;
}

const requestsTo = (opened, part) =>
  opened.requests.filter((request) => request.path.includes(part));

async function waitForCount(locator, count) {
  await locator.nth(count - 1).waitFor();
  assert.equal(await locator.count(), count);
}

describe('news', () => {
  test('NW-01/02: 12 cards, all categories first, two loads make 36, a category change makes 12', async () => {
    const { page, context, errors } = await open('/noticias');
    await waitForCount(cards(page), 12);
    const select = page.getByRole('combobox', { name: 'Categoria' });
    const options = await select.locator('option').allTextContents();
    assert.equal(options[0], 'Todas as categorias');
    assert.equal(options.length, 15);
    const more = page.getByRole('button', { name: 'Carregar Mais' });
    await more.click();
    await waitForCount(cards(page), 24);
    await more.click();
    await waitForCount(cards(page), 36);
    await select.selectOption('podcast');
    await page.waitForURL('**/noticias/podcast');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="news-card-grid"]').length === 12,
    );
    assert.equal(await cards(page).count(), 12);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('NW-03/05/17: /noticias/musica shows only musica, then the category end text', async () => {
    const { page, context, errors } = await open('/noticias/musica');
    await page.getByRole('heading', { level: 1, name: 'Música' }).waitFor();
    await cards(page).first().waitFor();
    const expected = (await api('news/getNews/0/100/1/0/musica')).data;
    assert.ok(expected.length > 0 && expected.length <= 12);
    assert.equal(await cards(page).count(), expected.length);
    for (const label of await page.getByTestId('news-card-category').allTextContents())
      assert.equal(label, 'Música');
    await page.getByText('Não há mais notícas sobre Música.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Carregar Mais' }).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('NW-07/08/09, TR-04: a single news item, most read after 771 px, related news once, hits and views', async () => {
    const opened = await open(`/noticias/${plain.slug}`);
    const { page, context, errors } = opened;
    const article = page.getByTestId('news-article');
    await article.waitFor();
    assert.equal(
      (await page.getByRole('heading', { level: 1 }).innerText()).trim(),
      plain.title.trim(),
    );
    assert.equal(await page.title(), `${plain.title.slice(0, 60).trimEnd()} | Onda FM`);
    assert.match(await page.getByTestId('news-author').innerText(), new RegExp(plain.author));
    assert.match(
      await page.getByTestId('news-date').innerText(),
      /\d{2}\/\d{2}\/\d{4} às \d{2}h\d{2}/,
    );
    await page.getByTestId('news-cover').waitFor();
    assert.ok((await page.getByTestId('news-content').innerText()).length > 100);
    await page.getByTestId('journalist-block').getByText(plain.journalistName).first().waitFor();
    const networks = await page
      .getByTestId('share-buttons')
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.dataset.network));
    assert.deepEqual(networks, ['facebook', 'twitter', 'whatsapp', 'linkedin']);
    const tagLinks = await page
      .getByTestId('news-tags')
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.deepEqual(
      tagLinks,
      plain.tagNews.map((tag) => `/noticias/tags/${tag.u}`),
    );

    // G64: one newsHit; the view goes in a batch about 2 s later.
    await page.waitForTimeout(2600);
    const hits = requestsTo(opened, '/tracking/newsHit');
    assert.equal(hits.length, 1);
    assert.deepEqual(JSON.parse(hits[0].body), { slug: plain.slug });
    const views = requestsTo(opened, '/tracking/newsViewsHit');
    assert.equal(views.length, 1);
    assert.deepEqual(
      JSON.parse(views[0].body).newsViews.map((view) => view.newsId),
      [plain.id],
    );

    // The side block: none before 771 px of scroll.
    assert.equal(await page.getByTestId('most-read-side').count(), 0);
    assert.equal(requestsTo(opened, 'getRelatedNews').length, 0);
    await page.evaluate(() => window.scrollTo(0, 800));
    await page.getByTestId('most-read-side').waitFor();
    await page.getByTestId('most-read-side').locator('a').first().waitFor();

    // Related news: asked once at the end, however often the reader scrolls there.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByTestId('related-news').waitFor();
    assert.ok((await page.getByTestId('related-news').getByTestId('news-card-grid').count()) >= 3);
    for (const y of [0, 1e6, 200, 1e6]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(150);
    }
    assert.equal(requestsTo(opened, 'getRelatedNews').length, 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('NW-08: at 991 px the side block never appears', async () => {
    const { page, context } = await open(`/noticias/${plain.slug}`, 991);
    await page.getByTestId('news-article').waitFor();
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForTimeout(500);
    assert.equal(await page.getByTestId('most-read-side').count(), 0);
    await context.close();
  });

  test('NW-10: an unknown slug shows the not-found view with a back link; the API answers 404', async () => {
    const response = await fetch(`${station.url}/api/v1/news/getSingleNews/nao-existe-mesmo`);
    assert.equal(response.status, 404);
    const { page, context } = await open('/noticias/nao-existe-mesmo');
    const view = page.getByTestId('not-found-view');
    await view.waitFor();
    assert.match(await view.innerText(), /NÃO ACHAMOS ESSA NOTÍCIA :\(/);
    await view.getByRole('link', { name: 'Voltar para as notícias' }).click();
    await page.waitForURL('**/noticias');
    await cards(page).first().waitFor();
    await context.close();
  });

  test('NW-13/14/15, TR-04: tags list, a tag page of 12 then 28, tagHit, an unknown tag', async () => {
    const tags = (await api('news/getTags')).data;
    const list = await open('/noticias/tags');
    await list.page.getByTestId('tag-list').waitFor();
    const hrefs = await list.page
      .getByTestId('tag-list')
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    assert.deepEqual(
      hrefs,
      tags.map((tag) => `/noticias/tags/${tag.u}`),
    );
    await list.context.close();

    const opened = await open('/noticias/tags/podcast');
    const { page, context, errors } = opened;
    await waitForCount(cards(page), 12);
    assert.equal(requestsTo(opened, 'getDataNewsByTag').length, 1);
    const hit = requestsTo(opened, '/tracking/tagHit');
    assert.equal(hit.length, 1);
    assert.deepEqual(JSON.parse(hit[0].body), { tag: 'podcast' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await waitForCount(cards(page), 28);
    assert.match(
      requestsTo(opened, 'getDataNewsByTag')[1].path,
      /getDataNewsByTag\/12\/16\/podcast$/,
    );
    assert.deepEqual(errors, []);
    await context.close();

    const unknown = await open('/noticias/tags/tag-que-nao-existe');
    await unknown.page.getByText('Não há notícias sobre tag-que-nao-existe.').waitFor();
    await unknown.context.close();
  });

  test('NW-12: the PRO teaser for anonymous readers; a PRO reader gets the full text', async () => {
    const anonymous = await open(`/noticias/${pro.slug}`);
    await anonymous.page.getByText('Conteúdo somente para usuários PRO').waitFor();
    assert.equal(await anonymous.page.getByTestId('news-content').count(), 0);
    const cta = anonymous.page.getByRole('link', { name: 'Quero ser PRO.' });
    assert.equal(await cta.getAttribute('href'), '/vantagens-da-assinatura-pro');
    await cta.click();
    await anonymous.page.waitForURL('**/vantagens-da-assinatura-pro');
    const events = await anonymous.page.evaluate(() => window.__ondaAnalytics ?? []);
    assert.ok(events.some((event) => event.action === 'pro_news_cta' && event.label === pro.slug));
    assert.equal(requestsTo(anonymous, 'getSingleProNews').length, 0);
    await anonymous.context.close();

    const email = 'leitor.pro@exemplo.com';
    const { token } = await station.confirmedListener(email, 'Leitor PRO');
    station.admin('grant-pro', email);
    const opened = await newPage(browser, 1280);
    await addSession(opened.context, station.url, token);
    const proCalls = [];
    opened.page.on('request', (request) => {
      if (request.url().includes('/news/getSingleProNews/')) proCalls.push(request.url());
    });
    await opened.page.goto(`${station.url}/noticias/${pro.slug}`);
    await opened.page.getByTestId('news-content').waitFor();
    assert.ok((await opened.page.getByTestId('news-content').innerText()).length > 100);
    assert.equal(await opened.page.getByText('Conteúdo somente para usuários PRO').count(), 0);
    assert.equal(proCalls.length, 1);

    // TR-02: the logged-in reader's views go to newsViewsHitAuth.
    const batch = await opened.page.waitForRequest((request) =>
      request.url().includes('/tracking/newsViewsHit'),
    );
    assert.match(batch.url(), /\/tracking\/newsViewsHitAuth$/);
    const unauthenticated = await fetch(`${station.url}/api/v1/tracking/newsViewsHitAuth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: batch.postData(),
    });
    assert.equal(unauthenticated.status, 401);
    await opened.context.close();
  });

  test('NW-18: the home page has 1 featured, 6 secondary, a side column, at most 5 Reuters items, no repeats', async () => {
    const { page, context, errors } = await open('/');
    await page.getByTestId('home-featured').waitFor();
    const ids = (testId) =>
      page
        .getByTestId(testId)
        .locator('[data-news-id]')
        .evaluateAll((nodes) => nodes.map((node) => Number(node.dataset.newsId)));
    const featured = await ids('home-featured');
    const secondary = await ids('home-secondary');
    const side = await ids('home-side');
    const reuters = await ids('home-reuters');
    await page.getByTestId('home-mundo').waitFor();
    const mundo = await ids('home-mundo');
    assert.equal(featured.length, 1);
    assert.equal(secondary.length, 6);
    assert.ok(side.length > 0);
    assert.ok(reuters.length > 0 && reuters.length <= 5);
    const all = [...featured, ...secondary, ...side, ...reuters, ...mundo];
    assert.equal(new Set(all).size, all.length);
    await page.getByRole('heading', { name: 'Mundo', exact: true }).waitFor();
    await page.getByTestId('home-most-read').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('screenshots of /noticias, a single news item and / at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      for (const [name, path, ready] of [
        ['news-list', '/noticias', 'news-grid'],
        ['news-single', `/noticias/${plain.slug}`, 'news-article'],
        ['news-home', '/', 'home-featured'],
      ]) {
        const { page, context, errors } = await open(path, width, 900);
        await page.getByTestId(ready).waitFor();
        // Scroll through once so lazy images load and the related block appears.
        await page.waitForTimeout(2100);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; y <= height; y += 600) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          await page.waitForTimeout(60);
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(400);
        await page.screenshot({
          path: join(artifacts, `${name}-${width}.png`),
          fullPage: true,
        });
        assert.deepEqual(errors, [], `no page errors at ${name} ${width} px`);
        await context.close();
      }
    }
  });
});
