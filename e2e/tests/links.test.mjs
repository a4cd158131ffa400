// No dead link: a visitor who starts at the home page and follows links through
// the site in Chromium never lands on a not-found view or a load error, and every file a page links
// to or shows (feeds, audio, images, the sitemap) answers 200 from the real server.
//
// Pages are visited breadth first from "/", at desktop width and logged out. Every distinct page of
// the menus and the fixed sections is visited; pages of one shape with a slug (/noticias/{slug},
// /artistas/{slug}, …) are sampled, PER_SHAPE of each, which covers every kind of item while keeping
// the walk to a few minutes on a 2-core machine. Links to other sites are not followed (this machine
// has no internet) and are listed in the test's output instead.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, newPage, startStation } from '../lib/station.mjs';

/** How many pages of one shape are visited (see `shape`). */
const PER_SHAPE = Number(process.env.ONDA_CRAWL_PER_SHAPE ?? 3);
/** A bound on the whole walk, so a bug that invents endless addresses fails instead of hanging. */
const MAX_PAGES = Number(process.env.ONDA_CRAWL_MAX_PAGES ?? 220);

/** What a visitor reads on a page that should not have been linked to. */
const DEAD = [
  /NÃO ACHAMOS/,
  /Página não encontrada/i,
  /Pagina não encontrada/i,
  /Não foi possível carregar/,
];

/**
 * Pages the walk must reach by following links: the promotions, a promotion of its own
 * and the treasure hunt.
 */
const MUST_REACH = [/^\/promocoes$/, /^\/promocoes\/[a-z0-9-]+$/, /^\/caca-ao-tesouro$/];

/** Paths served as files, not pages: fetched and checked for 200 instead of being opened. */
const FILE =
  /^\/(media|stream|feed|assets|api)\/|\.(xml|txt|json|mp3|aac|ogg|png|jpe?g|svg|webp|ico)$/;

let station;
let browser;

before(async () => {
  station = await startStation({ ONDA_RADIO: 'false' });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

/**
 * A page's shape: its path with every segment after the first replaced by '*', unless the page is
 * one of the site's fixed addresses (found in the menus: every one of those is visited).
 */
function shape(path, fixed) {
  const segments = path.split('?')[0].split('/').filter(Boolean);
  if (segments.length <= 1 || fixed.has(path)) return path;
  return `/${segments[0]}${'/*'.repeat(segments.length - 1)}`;
}

/** The site-internal target of an href, without its fragment; null for other sites and schemes. */
function internal(href, origin) {
  let url;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return url.pathname + url.search;
}

/** Waits until the page's own loading indicators are gone (bounded), then a moment for late parts. */
async function settle(page) {
  await page
    .waitForFunction(
      () =>
        // The server-drawn first frame (.onda-shell) has an empty main: wait for React's page.
        document.querySelector('.onda-shell') === null &&
        document.querySelector("main, [data-testid='not-found-page']") !== null &&
        document.querySelectorAll("[aria-label='Carregando'], .mantine-Skeleton-root").length === 0,
      null,
      { timeout: 10_000 },
    )
    .catch(() => {});
  await page.waitForTimeout(250);
}

test('a visitor can browse the whole site from the home page without a dead link', async () => {
  const origin = station.url;
  const { page, context, errors } = await newPage(browser);
  const serverErrors = [];
  page.on('response', (response) => {
    if (response.url().startsWith(origin) && response.status() >= 500)
      serverErrors.push(`${response.status()} ${response.url()}`);
  });

  // The menus' addresses count as fixed pages: each is visited, whatever its shape.
  await page.goto(origin + '/');
  await settle(page);
  // The footer is drawn once the page is (LazyFooter): its links are among the menus'.
  await page.getByTestId('site-footer').waitFor();
  const fixed = new Set(
    (
      await page.$$eval('header a[href], footer a[href], nav a[href]', (links) =>
        links.map((link) => link.getAttribute('href')),
      )
    )
      .map((href) => internal(href, origin))
      .filter(Boolean),
  );

  const queue = ['/'];
  const seen = new Set(queue);
  const perShape = new Map();
  const seenFrom = new Map(); // address → the page that first linked to it, for the failure message
  const files = new Map(); // path → first page that linked to it
  const external = new Set();
  const dead = [];
  const reached = new Set(); // the pages opened, without their query
  let visited = 0;

  while (queue.length > 0 && visited < MAX_PAGES) {
    const path = queue.shift();
    const key = shape(path, fixed);
    const count = perShape.get(key) ?? 0;
    if (count >= PER_SHAPE) continue;
    perShape.set(key, count + 1);
    visited += 1;
    reached.add(path.split('?')[0]);

    const response = await page.goto(origin + path);
    await settle(page);
    const status = response?.status() ?? 0;
    const text = await page.evaluate(() => {
      // Blocks laid out only near the viewport (content-visibility: auto) are missing from
      // innerText until then: lay them all out, so the whole page is read.
      for (const element of document.querySelectorAll('*')) {
        if (getComputedStyle(element).contentVisibility === 'auto') {
          element.style.contentVisibility = 'visible';
        }
      }
      return document.body.innerText;
    });
    const hit = DEAD.find((pattern) => pattern.test(text));
    if (status !== 200 || hit) {
      const why = hit ? `, '${hit.source}'` : '';
      dead.push(`${path} (HTTP ${status}${why}) from ${seenFrom.get(path) ?? 'start'}`);
    }

    const found = await page.$$eval('a[href], img[src], audio[src], source[src]', (elements) =>
      elements.map((element) => element.getAttribute('href') ?? element.getAttribute('src')),
    );
    for (const href of found) {
      if (!href || /^(mailto|tel|javascript|data|blob):/i.test(href)) continue;
      const target = internal(href, origin);
      if (target === null) {
        if (/^https?:/i.test(href)) external.add(href);
        continue;
      }
      if (FILE.test(target.split('?')[0])) {
        if (!files.has(target)) files.set(target, path);
      } else if (!seen.has(target)) {
        seen.add(target);
        seenFrom.set(target, path);
        queue.push(target);
      }
    }
  }

  for (const [file, from] of files) {
    const method = file.startsWith('/stream/') ? 'HEAD' : 'GET';
    const response = await fetch(origin + file, { method });
    await response.body?.cancel();
    if (response.status !== 200) dead.push(`${file} (HTTP ${response.status}) from ${from}`);
  }

  console.log(
    `crawl: ${visited} pages of ${perShape.size} shapes, ${seen.size} addresses seen, ` +
      `${files.size} files checked, ${external.size} links to other sites not followed`,
  );
  assert.deepEqual(dead, [], 'dead links');
  assert.deepEqual(serverErrors, [], 'server errors while browsing');
  assert.deepEqual(errors, [], 'page errors while browsing');
  // Every kind of page was reached, not only the home page.
  assert.ok(visited >= 40, `only ${visited} pages reached`);
  const missing = MUST_REACH.filter(
    (pattern) => ![...reached].some((path) => pattern.test(path)),
  ).map((pattern) => pattern.source);
  assert.deepEqual(missing, [], 'pages the walk must reach');
  await context.close();
});
