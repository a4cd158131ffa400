// The home widgets in a real browser against the real server (HW-01 … HW-05): the weather
// strip with Chromium's geolocation granted, refused and missing, the currency and crypto boxes, the
// poll and the sentence of the day. The only stand-ins are the third-party providers: a local HTTP
// server answers with the recorded-shape JSON of server/tests/fixtures/providers, and the station
// reads their addresses from ONDA_WEATHER_URL, ONDA_AIR_URL, ONDA_GEOCODE_URL, ONDA_CURRENCY_URL and
// ONDA_CRYPTO_URL. A second station points them at a port nobody listens on (every provider down), and a
// third at a stand-in that drops every call until the test brings it back.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fixture, providerEnv, startProviders } from '../lib/providers.mjs';
import {
  artifacts,
  freePort,
  launchBrowser,
  newPage,
  startStation,
  visibleText,
} from '../lib/station.mjs';

/** São Paulo, Praça da Sé: the strip sends -23.55 / -46.63. */
const SAO_PAULO = { latitude: -23.55052, longitude: -46.633308 };
const AIR_LABELS = ['Boa', 'Razoável', 'Moderada', 'Ruim', 'Muito ruim'];
const DATA_ERROR = 'Não foi possível obter os dados.';
const MARKETS_UNAVAILABLE = 'Cotações indisponíveis no momento.';
const MARKETS = /^\/api\/v1\/external\/(currency|crypto)$/;

let providers;
let station;
let downStation;
let browser;

before(async () => {
  providers = await startProviders();
  station = await startStation(providerEnv(providers.base));
  // Nothing listens there: every provider refuses the connection.
  downStation = await startStation(providerEnv(`http://127.0.0.1:${await freePort()}`));
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await station?.stop();
  await downStation?.stop();
  await providers?.close();
});

/** A page at `/` of `target`, with the location granted, refused or missing. */
async function openHome(
  target,
  { width = 1280, location = 'prompt', clock = false, delayApi = 0 } = {},
) {
  const { page, context, errors } = await newPage(browser, width, 900);
  if (location === 'granted') {
    await context.grantPermissions(['geolocation'], { origin: target.url });
    await context.setGeolocation(SAO_PAULO);
  }
  if (location === 'unsupported') {
    await context.addInitScript(() => {
      delete Navigator.prototype.geolocation;
    });
  }
  // Count the page's own calls for the position (a prompt would follow each).
  await context.addInitScript(() => {
    window.__positionCalls = 0;
    const geolocation = navigator.geolocation;
    if (!geolocation) return;
    const original = geolocation.getCurrentPosition.bind(geolocation);
    geolocation.getCurrentPosition = (...args) => {
      window.__positionCalls += 1;
      return original(...args);
    };
  });
  const calls = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/external/')) calls.push(url);
  });
  // What the browser's console shows as errors: every console error, every failed or refused call.
  const consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error')
      consoleErrors.push(`${message.text()} ${message.location().url}`);
  });
  const failures = [];
  page.on('requestfailed', (request) => failures.push(`${request.url()} failed`));
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.url()} ${response.status()}`);
  });
  if (delayApi > 0)
    await page.route('**/api/v1/external/**', async (route) => {
      await new Promise((ok) => setTimeout(ok, delayApi));
      await route.continue();
    });
  if (clock) await page.clock.install();
  await page.goto(target.url + '/');
  return { page, context, errors, calls, consoleErrors, failures };
}

/** The failures and console errors that concern the currency and crypto boxes' calls. */
const marketsOnly = (lines) =>
  lines.filter((line) => /\/api\/v1\/external\/(currency|crypto)/.test(line));

const strip = (page) => page.getByTestId('weather-strip');
const text = async (locator) => (await visibleText(locator)).replace(/\s+/g, ' ').trim();

describe('weather strip', () => {
  test('HW-01: nothing asks for the location on load; a click asks, then weather, place and air quality', async () => {
    // The site was not granted the location: the strip offers a button and waits.
    const { page, context, errors, calls } = await openHome(station);
    const ask = page.getByRole('button', { name: 'Ver o tempo' });
    await ask.waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => window.__positionCalls), 0, 'no position asked on load');
    assert.equal(calls.filter((url) => /weather|geocode|air/.test(url.pathname)).length, 0);

    // The listener clicks and grants it.
    await context.grantPermissions(['geolocation'], { origin: station.url });
    await context.setGeolocation(SAO_PAULO);
    await ask.click();
    await page.getByTestId('weather-report').waitFor();
    assert.equal(await page.evaluate(() => window.__positionCalls), 1);
    assert.equal(await text(page.getByTestId('weather-temperature')), '24°C');
    assert.equal(await text(page.getByTestId('weather-description')), 'Parcialmente nublado');
    await page.getByTestId('weather-place').waitFor();
    assert.equal(await text(page.getByTestId('weather-place')), 'São Paulo, SP');
    await page.getByTestId('weather-air').waitFor();
    assert.ok(AIR_LABELS.includes(await text(page.getByTestId('weather-air'))));
    assert.equal(await page.getByTestId('weather-stale').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('HW-01/03: granted before, the home fetches weather, place and air once each, rounded to ~1 km', async () => {
    const { page, context, errors, calls } = await openHome(station, { location: 'granted' });
    await page.getByTestId('weather-report').waitFor();
    await page.getByTestId('weather-air').waitFor();
    await page.getByTestId('weather-place').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Ver o tempo' }).count(), 0);
    // The API's own label for the fixture's index, shown as is.
    const air = await (
      await fetch(`${station.url}/api/v1/external/air?lat=-23.55&lon=-46.63`)
    ).json();
    assert.equal(await text(page.getByTestId('weather-air')), AIR_LABELS[air.data.index - 1]);
    // 24.3 °C: the 21–30 bucket.
    assert.equal(await page.getByTestId('weather-icon').getAttribute('data-bucket'), 'warm');
    await page.waitForTimeout(1000);
    for (const path of ['weather', 'geocode', 'air']) {
      const made = calls.filter((url) => url.pathname === `/api/v1/external/${path}`);
      assert.equal(made.length, 1, `${path} fetched once`);
      assert.equal(made[0].searchParams.get('lat'), '-23.55');
      assert.equal(made[0].searchParams.get('lon'), '-46.63');
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("HW-02: the listener refuses the location: 'Permissão negada'", async () => {
    // Headless Chromium refuses a position the context was not granted.
    const { page, context, errors } = await openHome(station);
    await page.getByRole('button', { name: 'Ver o tempo' }).click();
    await page.getByText('Permissão negada', { exact: true }).waitFor();
    assert.equal(await strip(page).getAttribute('data-state'), 'denied');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("HW-02: a browser without geolocation: 'Localização não suportada'", async () => {
    const { page, context, errors } = await openHome(station, { location: 'unsupported' });
    await page.getByText('Localização não suportada', { exact: true }).waitFor();
    assert.equal(await strip(page).getAttribute('data-state'), 'unsupported');
    assert.equal(await page.getByRole('button', { name: 'Ver o tempo' }).count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("HW-02: every provider down: 'Erro' with 'Não foi possível obter os dados.' in the strip; the boxes stay quiet", async () => {
    const { page, context, consoleErrors, failures } = await openHome(downStation, {
      location: 'granted',
    });
    await page
      .getByTestId('weather-title')
      .filter({ hasText: /^Erro$/ })
      .waitFor({ timeout: 15_000 });
    assert.equal(await text(page.getByTestId('weather-text')), DATA_ERROR);
    await page.getByTestId('currency-unavailable').waitFor({ timeout: 15_000 });
    await page.getByTestId('crypto-unavailable').waitFor({ timeout: 15_000 });
    assert.equal(await page.getByText(DATA_ERROR).count(), 1, 'only the weather strip says it');
    assert.deepEqual(marketsOnly(failures), []);
    assert.deepEqual(marketsOnly(consoleErrors), []);
    await context.close();
  });
});

describe('currency and crypto', () => {
  test('HW-04: USD-BRL and EUR-BRL alternate every 5 s; 4 coins with 7-day sparklines; both refresh every 60 s', async () => {
    const { page, context, errors, calls } = await openHome(station, { clock: true });
    const quote = page.getByTestId('currency-quote');
    await quote.waitFor();
    assert.equal(await quote.getAttribute('data-code'), 'USD');
    assert.match(await text(quote), /USD-BRL/);
    assert.match(await text(page.getByTestId('currency-price')), /^R\$ \d+,\d{2}$/);
    await page.clock.runFor(5_000);
    await page.locator('[data-testid="currency-quote"][data-code="EUR"]').waitFor();
    assert.match(await text(page.getByTestId('currency-quote')), /EUR-BRL/);
    await page.clock.runFor(5_000);
    await page.locator('[data-testid="currency-quote"][data-code="USD"]').waitFor();

    await page.getByTestId('crypto-coins').waitFor();
    const coins = page.getByTestId('crypto-coin');
    assert.equal(await coins.count(), 4);
    const expected = JSON.parse(fixture('coingecko-markets.json')).map((coin) => coin.id);
    assert.deepEqual(
      await coins.evaluateAll((items) => items.map((item) => item.getAttribute('data-coin'))),
      expected.slice(0, 4),
    );
    for (const points of await page
      .locator('[data-testid="crypto-coin"] polyline')
      .evaluateAll((lines) => lines.map((line) => line.getAttribute('points').split(' ').length)))
      assert.ok(points >= 2, 'a sparkline has a line');

    const count = (path) => calls.filter((url) => url.pathname === path).length;
    const before = {
      currency: count('/api/v1/external/currency'),
      crypto: count('/api/v1/external/crypto'),
    };
    await page.clock.runFor(60_000);
    await page.waitForTimeout(500);
    assert.equal(count('/api/v1/external/currency'), before.currency + 1);
    assert.equal(count('/api/v1/external/crypto'), before.crypto + 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('providers unreachable on a first visit: no error box, no console error or failed call; the boxes come back with the providers', async () => {
    const flaky = await startProviders();
    flaky.setDown(true);
    const flakyStation = await startStation(providerEnv(flaky.base));
    try {
      const { page, context, errors, calls, consoleErrors, failures } = await openHome(
        flakyStation,
        { clock: true },
      );
      await page.getByTestId('currency-unavailable').waitFor({ timeout: 15_000 });
      assert.equal(await text(page.getByTestId('currency-unavailable')), MARKETS_UNAVAILABLE);
      await page.getByTestId('crypto-unavailable').waitFor({ timeout: 15_000 });
      assert.equal(await text(page.getByTestId('crypto-unavailable')), MARKETS_UNAVAILABLE);
      assert.equal(await page.getByText(DATA_ERROR).count(), 0, 'no error text');
      assert.equal(await page.getByRole('button', { name: 'Tentar de novo' }).count(), 0);
      assert.ok(
        calls.some((url) => MARKETS.test(url.pathname)),
        'the boxes asked',
      );
      assert.deepEqual(failures, []);
      assert.deepEqual(consoleErrors, []);
      assert.deepEqual(errors, []);
      // The server remembers the outage: while it does (the reply's max-age), a crowd of visitors
      // costs the provider no call at all, and the next visitor's page is as quiet as the first.
      for (const [path, provider] of [
        ['currency', '/json/last/'],
        ['crypto', '/api/v3/coins/markets'],
      ]) {
        const url = `${flakyStation.url}/api/v1/external/${path}`;
        const first = await fetch(url);
        assert.equal(first.status, 200);
        assert.equal((await first.json()).data.unavailable, true);
        const maxAge = Number(/max-age=(\d+)/.exec(first.headers.get('cache-control'))[1]);
        assert.ok(maxAge > 0 && maxAge <= 60, `${path}: max-age ${maxAge}`);
        const asked = flaky.count(provider);
        const crowd = await Promise.all(Array.from({ length: 10 }, () => fetch(url)));
        assert.ok(crowd.every((reply) => reply.status === 200));
        assert.equal(
          flaky.count(provider),
          asked,
          `${path}: no call while the outage is remembered`,
        );
      }
      const next = await openHome(flakyStation, { width: 375 });
      await next.page.getByTestId('currency-unavailable').waitFor({ timeout: 15_000 });
      await next.page.getByTestId('crypto-unavailable').waitFor({ timeout: 15_000 });
      assert.deepEqual([...next.failures, ...next.consoleErrors, ...next.errors], []);
      await next.context.close();

      // The providers are back. Past the server's outage memory (what is left of it: the replies'
      // max-age), the boxes' next refresh (every 60 s) shows them.
      const left = await Promise.all(
        ['currency', 'crypto'].map(async (path) => {
          const reply = await fetch(`${flakyStation.url}/api/v1/external/${path}`);
          return Number(/max-age=(\d+)/.exec(reply.headers.get('cache-control'))[1]);
        }),
      );
      flaky.setDown(false);
      await new Promise((ok) => setTimeout(ok, (Math.max(...left) + 1) * 1000));
      await page.clock.runFor(60_000);
      await page.getByTestId('currency-quote').waitFor({ timeout: 15_000 });
      await page.getByTestId('crypto-coins').waitFor({ timeout: 15_000 });
      assert.equal(await page.getByTestId('currency-unavailable').count(), 0);
      assert.equal(await page.getByTestId('crypto-unavailable').count(), 0);
      // (The clock's jump of a minute sets off the page's other timers too: only the boxes' calls
      // are this test's business here.)
      assert.deepEqual(marketsOnly(failures), []);
      assert.deepEqual(marketsOnly(consoleErrors), []);
      assert.deepEqual(errors, []);
      await context.close();
    } finally {
      await flakyStation.stop();
      await flaky.close();
    }
  });

  test('no layout shift: the placeholders have the final size of the strip and the boxes', async () => {
    for (const width of [1280, 375]) {
      // The answers of our proxies reach the page late, so the placeholders are seen first.
      const { page, context, errors } = await openHome(station, {
        width,
        location: 'granted',
        delayApi: 1000,
      });
      const parts = ['weather-strip', 'currency-box', 'crypto-box'];
      await page.getByTestId('weather-loading').waitFor();
      await page.getByTestId('currency-loading').waitFor();
      await page.getByTestId('crypto-loading').waitFor();
      const loading = await Promise.all(parts.map((id) => page.getByTestId(id).boundingBox()));
      await page.getByTestId('weather-air').waitFor();
      await page.getByTestId('currency-quote').waitFor();
      await page.getByTestId('crypto-coins').waitFor();
      const loaded = await Promise.all(parts.map((id) => page.getByTestId(id).boundingBox()));
      for (const [index, id] of parts.entries()) {
        assert.equal(loaded[index].height, loading[index].height, `${id} height at ${width}px`);
        assert.equal(loaded[index].width, loading[index].width, `${id} width at ${width}px`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});

describe('poll and sentence of the day', () => {
  test('G34: vote, then the results in percentages with the choice marked; after a reload the results', async () => {
    const { page, context, errors } = await openHome(station, { width: 375 });
    const box = page.getByTestId('poll-box');
    await box.getByTestId('poll-form').waitFor();
    const answers = box.getByRole('radio');
    assert.ok((await answers.count()) >= 2);
    const chosen = await box.locator('label').nth(1).innerText();
    await answers.nth(1).check();
    await box.getByRole('button', { name: 'Votar' }).click();
    await box.getByTestId('poll-results').waitFor();
    await box.getByText('Seu voto foi registrado com sucesso. Obrigado!').waitFor();

    const read = async () =>
      box.getByTestId('poll-result').evaluateAll((rows) =>
        rows.map((row) => ({
          text: row.innerText,
          share: Number(
            row.querySelector('[data-testid="poll-share"]').textContent.replace('%', ''),
          ),
          mine: row.hasAttribute('data-mine'),
        })),
      );
    const results = await read();
    assert.equal(
      results.reduce((sum, row) => sum + row.share, 0),
      100,
    );
    const mine = results.filter((row) => row.mine);
    assert.equal(mine.length, 1);
    assert.ok(mine[0].text.includes(chosen.trim()), 'the choice is marked');

    // The vote belongs to this browser (a1_browserHash): a reload shows the results, no form.
    await page.reload();
    await box.getByTestId('poll-results').waitFor();
    assert.equal(await box.getByTestId('poll-form').count(), 0);
    assert.deepEqual(
      (await read()).map((row) => row.mine),
      results.map((row) => row.mine),
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('HW-05: the poll and the sentence from the API; the sentence sits above the footer', async () => {
    const poll = await (await fetch(`${station.url}/api/v1/poll/get`)).json();
    assert.equal(poll.status, 'success');
    assert.equal(typeof poll.data.title, 'string');
    assert.equal(typeof poll.data.pollId, 'number');
    assert.ok(poll.data.respostas.every((answer) => typeof answer.qtd === 'number'));
    const sentence = await (await fetch(`${station.url}/api/v1/getDaysSentence`)).json();
    assert.equal(typeof sentence.data, 'string');

    const { page, context, errors } = await openHome(station);
    const band = page.getByTestId('day-sentence');
    await band.getByTestId('day-sentence-text').waitFor();
    const shown = await text(band.getByTestId('day-sentence-text'));
    assert.ok(sentence.data.startsWith(shown), `'${shown}' is the day's sentence`);
    // The three boxes from one layout: read one by one, blocks laid out as they near the screen
    // (content-visibility) could change size in between (the footer then seemed to sit above the band).
    await page.getByRole('contentinfo').waitFor();
    const [bandBox, footerBox, exploreBox] = await page.evaluate(() =>
      ['[data-testid="day-sentence"]', '[data-testid="site-footer"]', '#home-explore'].map(
        (selector) => {
          const box = document.querySelector(selector).getBoundingClientRect();
          return { y: box.y + window.scrollY, height: box.height };
        },
      ),
    );
    assert.ok(bandBox.y > exploreBox.y, 'after the last home section');
    assert.ok(bandBox.y + bandBox.height <= footerBox.y, 'above the footer');
    // The poll sits in the side column, beside the headlines, on a wide screen.
    const [pollBox, headlines] = await Promise.all([
      page.getByTestId('poll-box').boundingBox(),
      page.locator('#home-destaques').boundingBox(),
    ]);
    assert.ok(pollBox.x > headlines.x + headlines.width, 'the poll is in the side column');
    assert.deepEqual(errors, []);
    await context.close();
  });
});

test('screenshots of / with the widgets at 1280, 375 and 320 px, without sideways scroll', async () => {
  for (const width of [1280, 375, 320]) {
    const { page, context, errors } = await openHome(station, { width, location: 'granted' });
    await page.getByTestId('weather-air').waitFor();
    await page.getByTestId('crypto-coins').waitFor();
    await page.getByTestId('poll-box').getByRole('heading').waitFor();
    await page.getByTestId('day-sentence-text').waitFor();
    await page.getByTestId('home-featured').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `/ at ${width}px scrolls sideways by ${overflow}px`);
    await page.screenshot({ path: join(artifacts, `home-widgets-${width}.png`), fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  }
  // The stand-in providers were asked at most once per cache period, whatever the pages did.
  assert.ok(providers.count('/v1/forecast') <= 1, 'the weather provider asked once');
});
