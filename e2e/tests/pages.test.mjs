// The content pages in a real browser against the real server and its demo content (AF-01, AF-02,
// AF-04, AF-05, CL-01, CL-03, CL-04, CL-06, CL-07, CL-08, LG-02, ST-01..ST-05): programmes and
// partners, affiliates filtered by state, the clients directory and a client with its spots and the
// spot modal (also from another page), the spot audio, the legal texts and their 404 view, the static
// pages, the embeddable player framed by a page of another origin, and screenshots at 1280 and 375 px
// without horizontal scroll.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
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

async function open(path, width = 1280, height = 900) {
  const opened = await newPage(browser, width, height);
  await opened.page.goto(station.url + path);
  return opened;
}

describe("content pages", () => {
  test("AF-01: the programme grid, a programme's page and partner cards", async () => {
    const { page, context, errors } = await open("/programacao");
    // Today's programmes, each with its times, linking to its page.
    const slots = page.getByTestId("schedule-slot");
    await slots.first().waitFor();
    const first = await slots.first().textContent();
    assert.match(first, /\d{2}:\d{2} – \d{2}:\d{2}/);
    assert.match(
      await slots.first().getAttribute("href"),
      /^\/programacao\/[a-z0-9-]+$/,
    );
    assert.equal(await page.getByRole("tab", { name: "Hoje" }).count(), 1);
    await slots.first().click();
    await page.getByRole("heading", { name: "Quando vai ao ar" }).waitFor();
    assert.ok(await page.getByTestId("program-airing").count());
    await page.goto(station.url + "/parceiros");
    await page.getByTestId("partner-card").first().waitFor();
    assert.ok(
      await page.getByTestId("partner-card").first().locator("img").count(),
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("AF-02/AF-04/AF-05: state buttons, ~1 s loading, results and the empty text", async () => {
    const { page, context, errors } = await open("/afiliadas");
    await page.getByTestId("affiliate-card").first().waitFor();
    for (const uf of ["BA", "DF", "ES", "MG", "PR", "RS", "SC", "SP"]) {
      assert.equal(
        await page.getByRole("button", { name: uf, exact: true }).count(),
        1,
        uf,
      );
    }
    const affiliates = await (
      await fetch(`${station.url}/api/v1/getAffiliatesData`)
    ).json();
    const states = new Set(affiliates.data.map((a) => a.state));
    const withAffiliates = [
      "BA",
      "DF",
      "ES",
      "MG",
      "PR",
      "RS",
      "SC",
      "SP",
    ].find((uf) => states.has(uf));
    const without = ["BA", "DF", "ES", "MG", "PR", "RS", "SC", "SP"].find(
      (uf) => !states.has(uf),
    );
    const started = Date.now();
    await page
      .getByRole("button", { name: withAffiliates, exact: true })
      .click();
    await page.getByLabel("Carregando").waitFor();
    await page.getByTestId("affiliate-card").first().waitFor();
    const waited = Date.now() - started;
    assert.ok(waited >= 900 && waited < 3000, `loading took ${waited} ms`);
    const expected = affiliates.data.filter(
      (a) => a.state === withAffiliates,
    ).length;
    assert.equal(await page.getByTestId("affiliate-card").count(), expected);
    if (without) {
      await page.getByRole("button", { name: without, exact: true }).click();
      await page
        .getByText("Nenhuma filial encontrada para o estado selecionado.")
        .waitFor();
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("CL-01/CL-03/CL-04/CL-06: segments, a client with Praças, spots and the spot modal", async () => {
    const { page, context, errors } = await open("/clientes");
    await page.getByTestId("client-card").first().waitFor();
    const headings = await page
      .getByTestId("segment")
      .locator("h2")
      .allTextContents();
    assert.deepEqual(headings, [
      "Estabelecimentos",
      "Automotivo",
      "Cultura e Entretenimento",
      "Serviços",
      "Turismo",
      "Alimentos e Bebidas",
    ]);
    assert.ok(await page.getByText("Sem praça").count());
    await page
      .getByRole("region", { name: "Alimentos e Bebidas" })
      .getByTestId("client-card")
      .filter({ hasText: "Cervejaria Serra Dourada" })
      .getByRole("link", { name: "Saiba mais" })
      .click();
    await page.waitForURL("**/clientes/cervejaria-serra-dourada");
    await page.getByRole("heading", { name: "Praças" }).waitFor();
    const noAudio = page.getByRole("button", { name: "Audio indisponível" });
    assert.equal(await noAudio.getAttribute("title"), "Audio indisponível");
    assert.ok(await noAudio.isDisabled());
    await page.getByRole("button", { name: "Transcrito" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("spot-transcript").waitFor();
    assert.match(await dialog.textContent(), /Cervejaria Serra Dourada/);
    assert.match(page.url(), /\?spot=cervejaria-serra-dourada-/);
    await page.goto(station.url + "/clientes?spot=nao-existe");
    await page.getByText("Spot não encontrado").waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("CL-07/CL-08: unknown client, and #Spots keeps the scroll position", async () => {
    const { page, context } = await open("/clientes/nao-existe");
    await page.getByText("NÃO ACHAMOS ESSE CLIENTE :(").waitFor();
    await page
      .getByText("Verifique se o link foi digitado corretamente.")
      .waitFor();
    await page.goto(station.url + "/clientes");
    await page.getByTestId("client-card").first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.evaluate(() => {
      window.history.pushState({}, "", "/clientes/auto-center-pioneiro#Spots");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.getByRole("heading", { name: "Praças" }).waitFor();
    assert.ok((await page.evaluate(() => window.scrollY)) > 0);
    await context.close();
  });

  test("LG-02: privacy and terms texts from the server; unknown terms 404 view", async () => {
    const { page, context, errors } = await open("/termos");
    await page.waitForURL("**/termos/privacidade");
    await page.getByText(/em até 5 \(cinco\) dias/).waitFor();
    await page.goto(station.url + "/termos/uso");
    await page.getByText(/no dia seguinte ao fim do período já pago/).waitFor();
    await page.goto(station.url + "/termos/cookies");
    await page.getByText("NÃO ACHAMOS ESSES TERMOS :(").waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("ST-01..ST-05: advertise, about, apps, embed and feeds", async () => {
    const { page, context, errors } = await open("/anuncie-conosco");
    await page.getByTestId("claims").waitFor();
    const claims = await page.getByTestId("claims").textContent();
    for (const part of ["56", "21", "+40", "+2 milhões"])
      assert.ok(claims.includes(part), part);
    await page.goto(station.url + "/quem-somos");
    await page.locator('main a[href="/programacao"]').first().waitFor();
    assert.ok(await page.locator('main a[href="/afiliadas"]').count());
    await page.goto(station.url + "/aplicativos");
    for (const name of [
      "Aplicativo PRO",
      "Aplicativo padrão",
      "Aplicativos para TV",
      "Caixas de som inteligentes",
    ])
      await page.getByRole("region", { name }).waitFor();
    await page.goto(station.url + "/incorporar-player");
    for (const size of ["150x60", "234x60", "320x100", "120x240"])
      await page.getByText(size, { exact: true }).waitFor();
    await page.goto(station.url + "/feeds");
    await page.getByTestId("feed-category").first().waitFor();
    const categories = await (
      await fetch(`${station.url}/api/v1/news/getCategories`)
    ).json();
    for (const category of categories.data)
      for (const format of ["atom", "rss", "json"])
        assert.equal(
          await page
            .locator(`a[href="/feed/${format}/${category.slug}"]`)
            .count(),
          1,
        );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the spot modal opens on any page; the spot's audio is MP3", async () => {
    const { page, context, errors } = await open(
      "/quem-somos?spot=auto-center-pioneiro-revisao-de-ferias",
    );
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("spot-transcript").waitFor();
    assert.match(await dialog.textContent(), /Auto Center Pioneiro/);
    await page.keyboard.press("Escape");
    await page.waitForURL((url) => !url.search.includes("spot="));
    assert.equal(new URL(page.url()).pathname, "/quem-somos");
    const spot = await (
      await fetch(
        `${station.url}/api/v1/getSpotData/auto-center-pioneiro-revisao-de-ferias`,
      )
    ).json();
    const audio = await fetch(station.url + spot.data.audioFile);
    assert.equal(audio.status, 200);
    assert.equal(audio.headers.get("content-type"), "audio/mpeg");
    const bytes = new Uint8Array(await audio.arrayBuffer());
    assert.ok(
      (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) ||
        (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0),
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("the embeddable player: its iframe code, and a page of another origin can frame it (only it)", async () => {
    const { page, context } = await open("/incorporar-player");
    const code = await page.getByTestId("embed-iframe-code").textContent();
    const src = /src="([^"]+)"/.exec(code)?.[1];
    assert.ok(src?.endsWith("/player-incorporado"), code);
    await context.close();

    // A page on another origin (another port) framing the player and, for contrast, a site page.
    const host = createServer((_, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><title>Blog</title>` +
          `<iframe id="player" src="${station.url}/player-incorporado" width="300" height="200"></iframe>` +
          `<iframe id="site" src="${station.url}/incorporar-player" width="480" height="200"></iframe>`,
      );
    });
    await new Promise((ok) => host.listen(0, "127.0.0.1", ok));
    try {
      const other = await newPage(browser, 1280, 900);
      const refused = [];
      other.page.on("console", (message) => {
        if (/frame-ancestors/.test(message.text()))
          refused.push(message.text());
      });
      await other.page.goto(`http://localhost:${host.address().port}/`);
      const frame = other.page.frameLocator("#player");
      await frame.getByTestId("embed-player").waitFor();
      await frame.getByTestId("player-play-button").waitFor();
      assert.ok(await frame.getByRole("slider", { name: "Volume" }).count());
      // No site shell inside the frame.
      assert.equal(await frame.getByTestId("player-bar").count(), 0);
      // It fits a 300x200 frame: nothing to scroll.
      const inner = other.page
        .frames()
        .find((candidate) => candidate.url().endsWith("/player-incorporado"));
      const overflow = await inner.evaluate(() => [
        document.documentElement.scrollWidth -
          document.documentElement.clientWidth,
        document.documentElement.scrollHeight -
          document.documentElement.clientHeight,
      ]);
      assert.deepEqual(overflow, [0, 0]);
      // Every other page refuses to be framed by another site: Chromium replaces it with its error
      // page (and says why on the console).
      const siteFrame = await (await other.page.$("#site")).contentFrame();
      const deadline = Date.now() + 10_000;
      while (
        !siteFrame.url().startsWith("chrome-error:") &&
        !refused.length &&
        Date.now() < deadline
      )
        await other.page.waitForTimeout(100);
      assert.ok(
        siteFrame.url().startsWith("chrome-error:") || refused.length,
        `a site page was framed by another origin: ${siteFrame.url()}`,
      );
      assert.equal(
        await other.page
          .frameLocator("#site")
          .getByTestId("embed-iframe")
          .count(),
        0,
      );
      assert.ok(
        refused.every((text) => text.includes("frame-ancestors 'self'")),
        refused.join("\n"),
      );
      await other.context.close();
    } finally {
      await new Promise((ok) => host.close(ok));
    }
  });

  test("screenshots at 1280 and 375 px without horizontal scroll", async () => {
    for (const width of [1280, 375]) {
      for (const [name, path, ready] of [
        ["afiliadas", "/afiliadas", "affiliate-card"],
        ["clientes", "/clientes", "client-card"],
        ["cliente", "/clientes/auto-center-pioneiro", "spot-row"],
        ["programacao", "/programacao", "schedule-slot"],
      ]) {
        const { page, context } = await open(path, width, 900);
        await page.getByTestId(ready).first().waitFor();
        const overflow = await page.evaluate(
          () =>
            document.documentElement.scrollWidth -
            document.documentElement.clientWidth,
        );
        assert.ok(
          overflow <= 0,
          `${path} at ${width}px scrolls sideways by ${overflow}px`,
        );
        await page.screenshot({
          path: join(artifacts, `pages-${name}-${width}.png`),
          fullPage: true,
        });
        await context.close();
      }
    }
  });
});
