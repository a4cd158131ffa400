// What a first-time listener sees on the first screen, at a phone's 375x812 and a desktop's 1280x900:
// the cookie notice stays a thin bar that hides none of the page's calls to action, the live page
// shows its own player, and texts are not cut while they have room.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, launchBrowser, newPage, startStation } from '../lib/station.mjs';

let station;
let browser;

before(async () => {
  station = await startStation();
  browser = await launchBrowser();
  mkdirSync(artifacts, { recursive: true });
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

const SIZES = [
  [375, 812],
  [1280, 900],
];

async function open(path, width, height) {
  const opened = await newPage(browser, width, height);
  await opened.page.goto(station.url + path);
  return opened;
}

/**
 * Where an element is not on the first screen or something else is drawn over it: checked at its
 * centre and just inside the middle of each side (a rounded button's corners are not its own),
 * without scrolling. An empty list means it is all there to see and click.
 */
async function hidden(locator) {
  await locator.waitFor();
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const problems = [];
    if (box.width === 0 || box.height === 0) problems.push('not drawn');
    if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > innerWidth)
      problems.push(`outside the first screen (${Math.round(box.top)}–${Math.round(box.bottom)})`);
    const inset = 3;
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    const points = [
      [x, y],
      [box.left + inset, y],
      [box.right - inset, y],
      [x, box.top + inset],
      [x, box.bottom - inset],
    ];
    for (const [px, py] of points) {
      const top = document.elementFromPoint(px, py);
      if (top && top !== element && !element.contains(top)) {
        const over = top.closest('[data-testid]')?.getAttribute('data-testid') ?? top.tagName;
        problems.push(`covered at (${Math.round(px)}, ${Math.round(py)}) by ${over}`);
      }
    }
    return problems;
  });
}

describe('the first screen', () => {
  test('the cookie notice is a thin bar that hides no call to action', async () => {
    for (const [width, height] of SIZES) {
      const { page, context, errors } = await open('/', width, height);
      const notice = page.getByTestId('cookie-notice');
      await notice.waitFor();
      const box = await notice.boundingBox();
      assert.ok(
        box.height <= height / 5,
        `${width} px: the notice is ${box.height} px tall, more than a fifth of the screen`,
      );
      const listen = page.getByRole('link', { name: 'Ouvir ao vivo' });
      assert.deepEqual(await hidden(listen), [], `${width} px: the home's 'Ouvir ao vivo'`);
      await listen.click({ trial: true, timeout: 2000 });
      await page.screenshot({
        path: join(artifacts, `first-screen-home-${width}.png`),
      });

      await page.goto(`${station.url}/noticias`);
      const filter = page.getByRole('combobox', { name: 'Categoria' });
      assert.deepEqual(await hidden(filter), [], `${width} px: the news page's category filter`);
      await page.screenshot({
        path: join(artifacts, `first-screen-news-${width}.png`),
      });

      // The live page on a phone has a test of its own (below): its player was below the fold.
      if (width < 768) {
        assert.deepEqual(errors, []);
        await context.close();
        continue;
      }
      await page.goto(`${station.url}/ouvir-radio-online`);
      await notice.waitFor();
      const play = page.getByTestId('live-play-button');
      assert.deepEqual(await hidden(play), [], `${width} px: the live page's 'Tocar'`);
      await play.click({ trial: true, timeout: 2000 });
      assert.deepEqual(await hidden(page.getByTestId('live-song')), [], `${width} px: the song`);
      await page.screenshot({
        path: join(artifacts, `first-screen-live-${width}.png`),
      });
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  test("the live page shows its player on a phone's first screen, the cookie notice open", async () => {
    const { page, context, errors } = await open('/ouvir-radio-online', 375, 812);
    await page.getByTestId('cookie-notice').waitFor();
    const play = page.getByTestId('live-play-button');
    assert.deepEqual(await hidden(page.getByTestId('live-song')), [], 'the song on air');
    assert.deepEqual(await hidden(play), [], "'Tocar'");
    await play.click({ trial: true, timeout: 2000 });
    await page.screenshot({
      path: join(artifacts, 'first-screen-live-375.png'),
    });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('texts are not cut while they have room: the top 10, the top bar, the big news card', async () => {
    const parameters = (await (await fetch(`${station.url}/api/v1/getAppParameters`)).json()).data;
    const topBarText = parameters.headerBar.text;
    assert.ok(topBarText.length > 40, `a top bar text longer than a phone's line: ${topBarText}`);
    for (const [width, height] of SIZES) {
      const { page, context, errors } = await open('/', width, height);
      // The top bar: the whole text, wrapped rather than cut.
      const bar = page.getByTestId('top-bar');
      await bar.waitFor();
      assert.equal((await bar.innerText()).trim(), topBarText, `${width} px: the top bar's text`);
      const cutBar = await bar.evaluate((element) =>
        [...element.querySelectorAll('*')]
          .filter((node) => node.scrollWidth > node.clientWidth + 1)
          .map((node) => node.textContent),
      );
      assert.deepEqual(cutBar, [], `${width} px: the top bar's text is cut`);

      // 'As 10 mais': whole titles and artists, none cut short.
      const top = page.getByTestId('home-top10');
      await top.scrollIntoViewIfNeeded();
      await top.getByTestId('home-top10-item').nth(9).waitFor();
      // The lower blocks are drawn only as they near the viewport (content-visibility: auto), a frame
      // or two after the scroll: until then their texts measure nothing and read as empty.
      await top.evaluate(async (list) => {
        for (let frame = 0; frame < 120 && !list.innerText.trim(); frame += 1) {
          await new Promise((done) => requestAnimationFrame(done));
        }
      });
      const rows = await top.evaluate((list) =>
        [
          ...list.querySelectorAll('[data-testid="home-top10-item"] span:not([aria-hidden]) > *'),
        ].map((node) => ({
          text: node.textContent,
          cut: node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1,
        })),
      );
      assert.equal(rows.length, 20, 'a title and an artist in each of the 10 rows');
      for (const row of rows) {
        assert.ok(!/(\.\.\.|…)$/.test(row.text), `${width} px: '${row.text}' is cut short`);
        assert.equal(row.cut, false, `${width} px: '${row.text}' does not fit its box`);
      }
      if (width >= 1200) {
        const names = (await top.getByTestId('home-top10-item').allInnerTexts()).join('\n');
        assert.ok(names.includes('When I Was Your Man'), `the whole title: ${names}`);
      }

      // 'Por categoria': the first card's date follows its title, with no empty band between.
      const block = page.getByTestId('home-category-block');
      await block.scrollIntoViewIfNeeded();
      const first = block.locator('article').first();
      await first.locator('time').waitFor();
      const gap = await first.evaluate((card) => {
        const title = card.querySelector('h3').getBoundingClientRect();
        const date = card.querySelector('time').getBoundingClientRect();
        return date.top - title.bottom;
      });
      assert.ok(gap >= 0 && gap <= 24, `${width} px: ${Math.round(gap)} px between title and date`);
      await first.screenshot({
        path: join(artifacts, `first-screen-category-card-${width}.png`),
      });
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
});
