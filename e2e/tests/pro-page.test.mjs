// The PRO page in a real browser against the real server (PP-01/02/03/04/06): FAQ answers from
// proPage/getFaqs rendered as sanitised HTML (a hostile answer written straight into the database runs
// no script), the plans, the store modal and the 700 ms scroll of the title-block icons.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { launchBrowser, newPage, startStation } from '../lib/station.mjs';

const PATH = '/vantagens-da-assinatura-pro';
const HOSTILE_QUESTION = 'Pergunta hostil?';
const HOSTILE_ANSWER =
  '<p>Resposta <strong>segura</strong></p><script>window.__pwned = 1</script>' +
  '<img src=x onerror="window.__pwned = 2"><a href="javascript:window.__pwned = 3">link</a>' +
  '<p style="position:fixed;inset:0" onclick="window.__pwned = 4">estilo</p>';

let station;
let browser;

before(async () => {
  station = await startStation();
  // The seed wrote the FAQ straight into the database; a hostile answer goes the same way.
  const sql = `INSERT INTO pro_faqs (question, answer, position) VALUES ('${HOSTILE_QUESTION}', '${HOSTILE_ANSWER.replaceAll("'", "''")}', 100);`;
  execFileSync('sqlite3', [join(station.dataDir, 'onda.db'), sql]);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

const normalise = (text) => text.replace(/\s+/g, ' ').trim();

describe('PRO page', () => {
  test('PP-02: the plans with the exact prices, old price, badge and launch prices', async () => {
    const { page, context, errors } = await newPage(browser, 1280, 900);
    await page.goto(station.url + PATH);
    const monthly = normalise(await page.getByTestId('pro-plan-mensal').innerText());
    const yearly = normalise(await page.getByTestId('pro-plan-anual').innerText());
    assert.match(monthly, /R\$ 9,90 por mês/);
    assert.match(monthly, /R\$ 4,95 por mês nos primeiros 12 meses/);
    assert.match(yearly, /R\$ 99,90 por ano/);
    assert.match(yearly, /R\$ 118,80/);
    assert.match(yearly, /2 meses grátis/);
    assert.match(yearly, /R\$ 49,90 por ano nos primeiros 12 meses/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('PP-04/05: FAQ answers render as HTML without script; one item open at a time', async () => {
    const { page, context, errors } = await newPage(browser, 1280, 900);
    await page.goto(station.url + PATH);
    const first = page.getByRole('button', {
      name: 'O que é a assinatura PRO?',
    });
    const second = page.getByRole('button', { name: 'Quanto custa?' });
    await first.click();
    await page.waitForFunction(
      (question) =>
        [...document.querySelectorAll('button[aria-expanded="true"]')].some(
          (button) => button.textContent?.trim() === question,
        ),
      'O que é a assinatura PRO?',
    );
    await second.click();
    await page.getByText('2 meses grátis', { exact: true }).first().waitFor();
    assert.equal(await second.getAttribute('aria-expanded'), 'true');
    assert.equal(await first.getAttribute('aria-expanded'), 'false');

    const hostile = page.getByRole('button', { name: HOSTILE_QUESTION });
    await hostile.click();
    await page.getByText('segura', { exact: true }).waitFor();
    const html = await page
      .locator('.mantine-Accordion-panel')
      .evaluateAll((panels) => panels.map((panel) => panel.innerHTML).join('\n'));
    assert.doesNotMatch(html, /<script|onerror|onclick|javascript:|style="position/i);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.equal(
      await page.getByText('segura', { exact: true }).evaluate((el) => el.tagName),
      'STRONG',
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("PP-03/06: 'Assinar agora' opens the store modal, which closes; events use 'pro-page'", async () => {
    const { page, context, errors } = await newPage(browser, 375, 800);
    await page.goto(station.url + PATH);
    await page.getByTestId('pro-banner').getByRole('button', { name: 'Assinar agora' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const text = normalise(await dialog.innerText());
    assert.match(text, /Não é possível fazer a assinatura por aqui/);
    assert.match(text, /As assinaturas feitas no aplicativo também valem no site/);
    const hrefs = await dialog.getByRole('link').evaluateAll((links) => links.map((a) => a.href));
    assert.ok(hrefs.length >= 2, `store links: ${hrefs}`);
    assert.equal(await dialog.locator('form, input').count(), 0, 'no payment form');
    // The close animation lasts 250 ms: the dialog is still there just after Escape, gone soon after.
    const closing = Date.now();
    await page.keyboard.press('Escape');
    assert.equal(await dialog.count(), 1, 'still animating right after Escape');
    await dialog.waitFor({ state: 'detached', timeout: 2000 });
    const closeMs = Date.now() - closing;
    assert.ok(closeMs >= 150 && closeMs < 1500, `closed in ${closeMs} ms`);
    const categories = await page.evaluate(() =>
      (window.__ondaAnalytics ?? []).map((event) => event.category),
    );
    assert.ok(categories.length > 0);
    assert.deepEqual([...new Set(categories)], ['pro-page']);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('PP-01: an icon scrolls (about 700 ms) to its section', async () => {
    const { page, context, errors } = await newPage(browser, 1280, 800);
    await page.goto(station.url + PATH);
    await page.getByTestId('pro-plan-anual').waitFor();
    // The FAQ below the sections comes from its own request; until it is there the page may be too
    // short to bring the last section to the top (the CI machine clicked before it arrived).
    await page.getByRole('button', { name: 'Quanto custa?' }).waitFor();
    const nav = page.getByRole('navigation', {
      name: 'Benefícios da assinatura PRO',
    });
    for (const [label, id] of [
      ['Rádio despertador', 'pro-despertador'],
      ['Podcasts', 'pro-podcasts'],
    ]) {
      // Measured inside the page (click to arrival, frame by frame), so a busy test machine does
      // not blur the timing with its own round trips.
      await page.evaluate((target) => {
        const probe = { start: 0, end: null, positions: new Set() };
        window.__scrollProbe = probe;
        const tick = () => {
          const top = document.getElementById(target)?.getBoundingClientRect().top ?? NaN;
          probe.positions.add(Math.round(top));
          if (Math.abs(top - 16) <= 2) probe.end = performance.now();
          else if (performance.now() - probe.start < 5000) requestAnimationFrame(tick);
        };
        document.addEventListener(
          'click',
          () => {
            probe.start = performance.now();
            requestAnimationFrame(tick);
          },
          { capture: true, once: true },
        );
      }, id);
      await nav.getByRole('button', { name: label }).click();
      await page.waitForFunction(() => window.__scrollProbe.end !== null, null, {
        timeout: 6000,
      });
      const { elapsed, steps } = await page.evaluate(() => ({
        elapsed: window.__scrollProbe.end - window.__scrollProbe.start,
        steps: window.__scrollProbe.positions.size,
      }));
      assert.ok(elapsed >= 600 && elapsed < 1500, `took ${elapsed} ms`);
      assert.ok(steps > 3, `a smooth scroll passes through positions (${steps})`);
      await page.waitForFunction((target) => document.activeElement?.id === `${target}-titulo`, id);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
});
