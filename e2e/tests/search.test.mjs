// Site search in a real browser against the real server and its own index (SE-01..SE-05; G02, G56):
// the header box asks once, 500 ms after typing stops, shows at most 10 suggestions, ArrowDown twice
// and Enter open the second one, a miss shows 'Sem sugestões', clearing the box empties the list
// without a request, and submitting goes to /busca?q= with results as title + link; the share
// preview tags are in the served HTML. Screenshots at 1280 and 375 px.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import {
  artifacts,
  launchBrowser,
  newPage,
  startStation,
} from "../lib/station.mjs";

let station;
let browser;

before(async () => {
  station = await startStation({ ONDA_RADIO: "false" });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await station?.stop();
});

/** A page that records its search requests (their q values, and the requests themselves). */
async function open(path, width = 1280, height = 900) {
  const opened = await newPage(browser, width, height);
  opened.searches = [];
  opened.page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/v1/search")
      opened.searches.push({ q: url.searchParams.get("q"), request });
  });
  await opened.page.goto(station.url + path);
  return opened;
}

const box = (page) => page.getByRole("combobox", { name: "Buscar no site" });
const options = (page) =>
  page.getByRole("listbox", { name: "Sugestões de busca" }).getByRole("option");

describe("search", () => {
  test("SE-01: one request about 500 ms after typing stops, at most 10 suggestions", async () => {
    const { page, context, errors, searches } = await open("/");
    const input = box(page);
    await input.click();
    // Both times on the browser's clock: when each key reached the box, and when the request left.
    // Node's view of either lags behind by however long the browser takes to report it (a loaded CI
    // machine once made a request 500 ms after the last key look like 366 ms).
    await page.evaluate(() => {
      window.__keyTimes = [];
      document.addEventListener("input", () => window.__keyTimes.push(Date.now()), true);
    });
    await input.pressSequentially("sam", { delay: 60 });
    await options(page).first().waitFor();
    const keys = await page.evaluate(() => window.__keyTimes);
    assert.equal(keys.length, 3, JSON.stringify(keys));
    assert.equal(searches.length, 1, JSON.stringify(searches.map((s) => s.q)));
    assert.equal(searches[0].q, "sam");
    const asked = searches[0].request.timing().startTime;
    assert.ok(
      asked - keys[2] >= 450,
      `asked ${Math.round(asked - keys[2])} ms after the last key`,
    );
    assert.ok(asked - keys[0] >= 500);
    const count = await options(page).count();
    assert.ok(count >= 1 && count <= 10, `${count} suggestions`);
    // Every suggestion's link goes somewhere real on the site.
    const api = await (
      await fetch(`${station.url}/api/v1/search?q=sam`)
    ).json();
    assert.ok(api.data.length <= 10);
    assert.ok(
      api.data.every((item) => item.link.startsWith("/") && item.title),
    );
    await page.screenshot({
      path: join(artifacts, "search-suggestions-1280.png"),
    });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("SE-02: ArrowDown twice then Enter opens the second suggestion", async () => {
    const { page, context, errors } = await open("/");
    await box(page).fill("musica");
    await options(page).nth(1).waitFor();
    const expected = (
      await (await fetch(`${station.url}/api/v1/search?q=musica`)).json()
    ).data[1];
    await box(page).press("ArrowDown");
    await box(page).press("ArrowDown");
    assert.equal(
      await options(page).nth(1).getAttribute("aria-selected"),
      "true",
    );
    await box(page).press("Enter");
    await page.waitForURL(
      (url) => decodeURI(url.pathname) === decodeURI(expected.link),
    );
    assert.equal(await page.getByRole("listbox").count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("SE-03: a query without results shows the single item 'Sem sugestões'", async () => {
    const { page, context } = await open("/");
    await box(page).fill("qwxzqwxz");
    await page.getByText("Sem sugestões").waitFor();
    assert.equal(await options(page).count(), 1);
    await context.close();
  });

  test("SE-04: clearing the query empties the list and sends nothing", async () => {
    const { page, context, searches } = await open("/");
    await box(page).fill("samba");
    await options(page).first().waitFor();
    const before = searches.length;
    await box(page).fill("");
    await page.waitForTimeout(1200);
    assert.equal(await page.getByRole("listbox").count(), 0);
    assert.equal(searches.length, before);
    await context.close();
  });

  test("SE-05: submitting samba goes to /busca?q=samba with results as title + link (G56)", async () => {
    for (const width of [1280, 375]) {
      const { page, context, errors } = await open("/busca", width, 800);
      const input =
        width < 768
          ? page
              .locator("main")
              .getByRole("combobox", { name: "Buscar no site" })
          : box(page).first();
      await input.fill("samba");
      await input.press("Enter");
      await page.waitForURL("**/busca?q=samba");
      const results = page.getByTestId("search-results");
      await results.waitFor();
      const links = results.getByRole("link");
      assert.ok((await links.count()) >= 1);
      const first = links.first();
      assert.ok((await first.textContent()).trim().length > 0);
      assert.ok((await first.getAttribute("href")).startsWith("/"));
      // The displayed address under each title.
      assert.ok(
        (await results.locator("li").first().textContent()).includes(
          new URL(station.url).host,
        ),
      );
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      assert.equal(overflow, false, `no horizontal scroll at ${width} px`);
      await page.screenshot({
        path: join(artifacts, `search-results-${width}.png`),
        fullPage: false,
      });
      assert.deepEqual(errors, []);
      await context.close();
    }
    const { page, context } = await open("/busca?q=qwxzqwxz");
    await page.getByText("Nenhum resultado encontrado.").waitFor();
    await context.close();
  });

  test("share previews: a news page is served with its Open Graph tags", async () => {
    const item = (
      await (await fetch(`${station.url}/api/v1/news/getNews/0/1/0/0`)).json()
    ).data[0];
    const html = await (
      await fetch(`${station.url}/noticias/${item.slug}`)
    ).text();
    assert.match(html, /<meta property="og:title" content="[^"]+ \| /);
    assert.match(html, /<meta property="og:type" content="article">/);
    const robots = await (await fetch(`${station.url}/robots.txt`)).text();
    assert.match(robots, /Sitemap: .*\/sitemap\.xml/);
  });
});
