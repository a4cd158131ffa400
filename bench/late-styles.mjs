#!/usr/bin/env node
/**
 * The stylesheets each page adds after it has started, in Debian's Chromium, on a phone (412 px) and
 * a desktop (1280 px) window, scrolled to the end so that every part below the first screen is drawn.
 * A sheet that adds to Mantine's cascade layer ('M') makes Chromium restyle and lay out the whole
 * document again when it arrives (total blocking time): the measured pages should list
 * none (ui/vite.config.ts, MANTINE_FIRST_LOAD_STYLES). Figures for bench/pages.sh, not a test.
 *
 *   node bench/late-styles.mjs BASE_URL PATH...        CHROME_PATH overrides /usr/bin/chromium
 */
import { chromium } from 'playwright-core';

const [base, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const path of paths) {
    const found = [];
    for (const [width, isMobile] of [
      [412, true],
      [1280, false],
    ]) {
      const context = await browser.newContext({ viewport: { width, height: 823 }, isMobile });
      const page = await context.newPage();
      await page.goto(base + path, { waitUntil: 'domcontentloaded' });
      // The sheets in the page's HTML, before any script has run.
      const initial = new Set(
        await page.evaluate(() =>
          [...document.querySelectorAll('link[rel=stylesheet]')].map((link) => link.href),
        ),
      );
      await page.waitForLoadState('load');
      await page.waitForTimeout(4000);
      await page.mouse.wheel(0, 30000);
      await page.waitForTimeout(2500);
      const sheets = await page.evaluate(() =>
        [...document.styleSheets]
          .filter((sheet) => sheet.href)
          .map((sheet) => [sheet.href, sheet.cssRules[0]?.cssText.startsWith('@layer') ?? false]),
      );
      for (const [href, layered] of sheets) {
        if (initial.has(href)) continue;
        const name = `${href.split('/').pop()}${layered ? ' (M)' : ''}`;
        if (!found.includes(name)) found.push(name);
      }
      await context.close();
    }
    console.log(`${path.padEnd(34)} late stylesheets: ${found.length ? found.join(', ') : 'none'}`);
  }
} finally {
  await browser.close();
}
