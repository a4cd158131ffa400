// Accessibility of the pages a first visit measures (Lighthouse's accessibility score stays
// at 100), checked with axe-core, the engine Lighthouse runs, on the pages as a listener sees them:
// the home widgets filled by the providers' stand-in (with their error states, Lighthouse missed the
// currency box's contrast), every part below the first screen drawn, at 375 and 1280 px.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { launchBrowser, startStation } from '../lib/station.mjs';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// WCAG 2.2 A and AA, and 2.5.3 (a control's name holds its visible text: axe's rule is experimental,
// Lighthouse turns it on).
const RUN = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

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

/** axe's violations on `path` at `width`, once `ready` (test ids) are drawn and the page scrolled through. */
async function violations(path, width, ready) {
  // axe goes in through the DevTools protocol, which the page's CSP does not see.
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    locale: 'pt-BR',
    extraHTTPHeaders: { 'sec-ch-ua-mobile': width < 768 ? '?1' : '?0' },
  });
  try {
    const page = await context.newPage();
    await page.goto(`${station.url}${path}`);
    await page.getByTestId('site-footer').waitFor();
    // Down to the footer a screen at a time: the parts below the first screen are drawn as the
    // reader nears them.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(100);
    }
    for (const id of ready) await page.getByTestId(id).first().waitFor({ timeout: 15_000 });
    await page.evaluate(() => document.fonts.ready);
    await page.evaluate(AXE);
    const found = await page.evaluate((run) => window.axe.run(document, run), RUN);
    return found.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help}\n` +
        violation.nodes
          .slice(0, 3)
          .map((node) => `    ${node.html.slice(0, 160)}\n      ${node.failureSummary?.split('\n').slice(1).join(' ')}`)
          .join('\n'),
    );
  } finally {
    await context.close();
  }
}

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  test('/, the live page, a news item and /musicas have no violations at 375 and 1280 px', async () => {
    const item = (await (await fetch(`${station.url}/api/v1/news/getNews/0/1/0/0`)).json()).data[0];
    const pages = [
      ['/', ['currency-quote', 'crypto-coins', 'home-top10-item', 'home-most-read', 'home-mundo']],
      ['/ouvir-radio-online', []],
      [`/noticias/${item.slug}`, []],
      ['/musicas', []],
    ];
    const found = [];
    for (const [path, ready] of pages) {
      for (const width of [375, 1280]) {
        for (const violation of await violations(path, width, ready)) found.push(`${path} at ${width} px: ${violation}`);
      }
    }
    assert.deepEqual(found, []);
  });
});
