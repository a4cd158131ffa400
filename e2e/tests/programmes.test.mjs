// The programme grid as a listener meets it, in a real browser against the real server and its demo
// week on the main channel (a programme on air at every hour): /programacao at 375 and 1280 px with
// today's tab chosen and the programme on air marked 'No ar', the days changed with the keyboard
// (the tabs' arrow keys; Home and End with Enter), a programme's page with its weekly times and its next airing,
// 'No ar' and 'A seguir' on the live page and the home hero, and nothing wider than a phone at 320 and
// 375 px. What the page should show is read from the public API first, so the test holds at any hour
// and on any weekday. Screenshots go to /tmp/shots/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, startStation } from '../lib/station.mjs';

const SHOTS = '/tmp/shots';
const MAIN = 'onda_1';
/** A full-page picture would paint the fixed player bar over the middle of the page. */
const NO_BAR = '[data-testid="player-bar"] { visibility: hidden !important; }';

let station;
let browser;

before(async () => {
  // The station engine runs (the default), so the live page shows a song as it does in use; what
  // is on air as a programme comes from the schedule either way.
  station = await startStation();
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

/** A public API call's data (the envelope's `data`). */
async function api(path) {
  const response = await fetch(`${station.url}/api/v1/${path}`);
  assert.equal(response.status, 200, `${path}: ${await response.clone().text()}`);
  return (await response.json()).data;
}

/** The main channel's programme on air and the next one, as the server has them now. */
async function onAirNow() {
  const data = await api(`schedule/${MAIN}/now`);
  assert.ok(data.now, 'the demo week has a programme on air at every hour');
  return data;
}

/** A page at a width, with the cookie notice already answered so nothing covers the content. */
async function open(path, width, height = 900) {
  const opened = await newPage(browser, width, height);
  await opened.context.addCookies([
    { name: 'a1_cookieConsent', value: '1', domain: new URL(station.url).hostname, path: '/' },
  ]);
  await opened.page.goto(station.url + path);
  return opened;
}

/** How far the page is wider than the window (0 when nothing overflows). */
async function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The titles of the slots in the shown day, in order. */
async function shownTitles(page) {
  return page.getByTestId('schedule-day').locator('h3').allTextContents();
}

describe('programme grid for listeners', () => {
  for (const width of [375, 1280]) {
    test(`/programacao at ${width} px: today chosen, the programme on air marked, days by keyboard`, async () => {
      const week = await api(`schedule/${MAIN}`);
      assert.equal(week.days.length, 7);
      const { now } = await onAirNow();
      const { page, context, errors } = await open('/programacao', width);

      // Seven days, today first and chosen.
      const tabs = page.getByRole('tablist', { name: 'Dias da programação' }).getByRole('tab');
      await tabs.first().waitFor();
      assert.equal(await tabs.count(), 7);
      assert.deepEqual((await tabs.allTextContents()).slice(0, 2), ['Hoje', 'Amanhã']);
      const today = page.getByRole('tab', { name: 'Hoje' });
      assert.equal(await today.getAttribute('aria-selected'), 'true');

      // Today's slots as the server lists them, the one on air marked once, as the current time.
      await page.getByTestId('schedule-day').waitFor();
      assert.deepEqual(
        await shownTitles(page),
        week.days[0].slots.map((slot) => slot.program.title),
      );
      const marked = page
        .getByTestId('schedule-slot')
        .filter({ has: page.getByTestId('slot-on-air') });
      await marked.waitFor();
      assert.equal(await marked.count(), 1, 'one programme on air');
      assert.equal(await marked.getAttribute('aria-current'), 'time');
      assert.equal(await marked.getAttribute('href'), `/programacao/${now.program.slug}`);
      // textContent: the badges are upper-cased by CSS, which innerText would follow.
      const markedText = await marked.textContent();
      assert.match(markedText, /No ar/);
      assert.ok(markedText.includes(now.program.title), markedText);
      assert.ok(markedText.includes(`${now.start} – ${now.end}`), markedText);
      // The page scrolls the programme on air into view.
      await page.waitForFunction(
        () => {
          const box = document.querySelector('[aria-current="time"]')?.getBoundingClientRect();
          return box && box.top < window.innerHeight && box.bottom > 0;
        },
        null,
        { timeout: 5_000 },
      );
      assert.equal(await overflow(page), 0, `nothing wider than ${width} px`);
      await page.screenshot({ path: `${SHOTS}/grid-${width}.png` });

      // The keyboard: arrows move to the next day and back, End and Home to the ends of the week;
      // only today has a programme on air.
      const labels = await tabs.allTextContents();
      const chosen = async (label) => {
        const tab = page.getByRole('tab', { name: label, exact: true, selected: true });
        await tab.waitFor({ timeout: 5_000 });
        // The tab chosen is the one focused, so the next key goes on from there.
        assert.ok(await tab.evaluate((node) => node === document.activeElement), label);
      };
      await today.focus();
      await page.keyboard.press('ArrowRight');
      await chosen('Amanhã');
      assert.equal(await today.getAttribute('aria-selected'), 'false');
      await page.getByTestId('schedule-day').waitFor();
      assert.deepEqual(
        await shownTitles(page),
        week.days[1].slots.map((slot) => slot.program.title),
      );
      assert.equal(await page.getByTestId('slot-on-air').count(), 0);

      // End and Home move the focus to the ends of the week (Mantine's tabs choose on the arrows
      // only); Enter then chooses the focused day.
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await chosen(labels[6]);
      assert.deepEqual(
        await shownTitles(page),
        week.days[6].slots.map((slot) => slot.program.title),
      );
      await page.keyboard.press('Home');
      await page.keyboard.press('Enter');
      await chosen('Hoje');
      // The arrows go round the week.
      await page.keyboard.press('ArrowLeft');
      await chosen(labels[6]);
      await page.keyboard.press('ArrowRight');
      await chosen('Hoje');
      await marked.waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test("a programme's page at 375 px: its weekly times, on air now or its next airing", async () => {
    const { now, next } = await onAirNow();
    const { page, context, errors } = await open('/programacao', 375, 800);

    // From the grid: the programme on air opens its page.
    const marked = page
      .getByTestId('schedule-slot')
      .filter({ has: page.getByTestId('slot-on-air') });
    await marked.click();
    await page.waitForURL(`**/programacao/${now.program.slug}`);
    const program = await api(`programs/${now.program.slug}`);
    await page.getByRole('heading', { level: 1, name: program.title }).waitFor();
    await page.getByRole('heading', { name: 'Quando vai ao ar' }).waitFor();
    const airings = await page.getByTestId('program-airing').allInnerTexts();
    assert.equal(airings.length, program.airings.length);
    program.airings.forEach((airing, index) => {
      const line = `${airing.daysLabel}, das ${airing.start} às ${airing.end}`;
      assert.ok(airings[index].includes(line), `${line} in:\n${airings[index]}`);
    });
    // On air now: said so, until when, with the way to listen.
    const nextBox = page.getByTestId('program-next');
    const nextText = await nextBox.textContent();
    assert.match(nextText, /No ar agora/);
    assert.ok(nextText.includes(`Até ${now.end}`), nextText);
    assert.equal(
      await nextBox.getByRole('link', { name: 'Ouvir ao vivo' }).getAttribute('href'),
      '/ouvir-radio-online',
    );
    assert.equal(await overflow(page), 0, 'nothing wider than 375 px');
    await page.screenshot({ path: `${SHOTS}/programme-375.png`, fullPage: true, style: NO_BAR });

    // A programme that is not on air says when it comes next. The next one on the channel is a
    // different programme unless the same one follows itself (the weekend's music between shows).
    if (next && next.program.slug !== now.program.slug) {
      await page.goto(`${station.url}/programacao/${next.program.slug}`);
      await page.getByRole('heading', { name: 'Quando vai ao ar' }).waitFor();
      const text = await page.getByTestId('program-next').innerText();
      assert.match(text, /^Próxima edição: /);
      assert.ok(text.includes(`às ${next.start}`), text);
      assert.doesNotMatch(text, /No ar agora/);
    }

    // An unknown programme: the not-found view, not an empty page.
    await page.goto(`${station.url}/programacao/programa-que-nao-existe`);
    await page.getByText('NÃO ACHAMOS ESSE PROGRAMA :(').waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("'No ar' and 'A seguir' on the live page and the home hero", async () => {
    const { now, next } = await onAirNow();
    const { page, context, errors } = await open('/ouvir-radio-online', 1280);
    const lines = page.getByTestId('on-air-programme');
    await lines.waitFor();
    const text = await lines.innerText();
    assert.ok(text.includes(`No ar: ${now.program.title}`), text);
    assert.ok(text.includes(`até ${now.end}`), text);
    assert.equal(
      await lines.getByRole('link', { name: now.program.title }).first().getAttribute('href'),
      `/programacao/${now.program.slug}`,
    );
    if (next) {
      const nextText = await page.getByTestId('next-programme').innerText();
      assert.ok(nextText.startsWith(`A seguir: ${next.program.title}`), nextText);
      assert.ok(nextText.includes(next.start), nextText);
    }
    // The player bar's pill names the programme where the bar has room for it.
    const pill = page.getByTestId('player-bar-programme');
    await pill.waitFor();
    assert.ok((await pill.innerText()).includes(now.program.title));
    assert.equal(await overflow(page), 0);
    await page.screenshot({ path: `${SHOTS}/live-1280.png` });

    await page.goto(`${station.url}/`);
    const hero = page.getByTestId('hero-on-air');
    await hero.waitFor();
    const heroText = await hero.innerText();
    assert.ok(heroText.includes(`No ar: ${now.program.title}`), heroText);
    assert.ok(heroText.includes(`até ${now.end}`), heroText);
    await hero.getByRole('link', { name: now.program.title }).click();
    await page.waitForURL(`**/programacao/${now.program.slug}`);
    await page.getByRole('heading', { name: 'Quando vai ao ar' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('nothing wider than a phone at 320 and 375 px', async () => {
    const { now } = await onAirNow();
    for (const width of [320, 375]) {
      for (const [path, ready] of [
        ['/programacao', 'slot-on-air'],
        [`/programacao/${now.program.slug}`, 'program-airing'],
        ['/ouvir-radio-online', 'on-air-programme'],
        ['/', 'hero-on-air'],
      ]) {
        const { page, context, errors } = await open(path, width, 800);
        await page.getByTestId(ready).first().waitFor();
        const wider = await overflow(page);
        assert.ok(wider <= 0, `${path} at ${width} px scrolls sideways by ${wider} px`);
        // The day picker scrolls inside itself on a phone; the page does not.
        if (path === '/programacao') {
          const box = await page
            .getByRole('tablist', { name: 'Dias da programação' })
            .evaluate((node) => node.getBoundingClientRect().right);
          assert.ok(box <= width + 0.5, `the day picker ends at ${box} px`);
        }
        assert.deepEqual(errors, []);
        await context.close();
      }
    }
  });
});
