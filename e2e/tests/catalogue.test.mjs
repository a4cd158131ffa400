// The catalogue in a real browser against the real server and its demo content (AR-01..AR-04,
// MU-01..MU-03, MU-05, MU-08, TP-01, TP-02, TP-04, TP-05): the artists with the search suggestions,
// an artist page with its top 3 previews playing in the site player, the music list with its filters
// in the address, a music page, the download that needs a session (401 from the API, the login prompt
// in the page), the top 10 and the top 100.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { launchBrowser, newPage, startStation } from "../lib/station.mjs";

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

async function apiData(path) {
  const response = await fetch(`${station.url}/api/v1/${path}`);
  const json = await response.json();
  assert.equal(json.status, "success", `${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** Waits until `check()` is true (the address, the player's snapshot…). */
async function until(page, check, what, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await page.waitForTimeout(100);
  }
}

describe("catalogue", () => {
  test("AR-01/AR-02: the artists sliders and a search suggestion leading to the artist", async () => {
    const artists = await apiData("getArtists/");
    const artist = artists.find((entry) => entry.Nam.length >= 4);
    assert.ok(artist, "the demo has artists");
    const { page, context, errors } = await open("/artistas");
    await page
      .getByTestId("artist-slider")
      .getByTestId("artist-card")
      .first()
      .waitFor();
    await page.getByTestId("albums-slider").locator("a").first().waitFor();

    const search = page.getByTestId("artist-search");
    await search.fill(artist.Nam.slice(0, 4));
    const option = page.getByRole("option", { name: artist.Nam, exact: true });
    await option.waitFor();
    // The search results slider follows the typed text.
    await page
      .getByTestId("artist-results")
      .getByTestId("artist-card")
      .filter({ hasText: artist.Nam })
      .first()
      .waitFor();
    await option.click();
    await page.waitForURL(`**/artistas/${artist.Url}`);
    await page.getByRole("heading", { level: 1, name: artist.Nam }).waitFor();

    await page.goto(station.url + "/artistas");
    await page.getByTestId("artist-search").fill("zzzz-ninguem");
    await page.getByTestId("artist-no-match").waitFor();
    assert.equal(
      await page.getByTestId("artist-no-match").textContent(),
      "Não foi possível encontrar esse artista",
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("AR-03/AR-04: an artist page shows its top 3, whose previews play in the site player", async () => {
    const songs = await apiData("getMusicData/0/20");
    const withTrack = songs.find((song) => song.musicTrack);
    assert.ok(withTrack, "the demo has songs with audio");
    const slug = withTrack.artistSlug;
    const top = await apiData(`artists/getArtistsTopSongs/${slug}/3`);
    assert.ok(top.length > 0 && top.length <= 3, JSON.stringify(top));

    const { page, context, errors } = await open(`/artistas/${slug}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const rows = page.getByTestId("artist-top-song");
    await rows.first().waitFor();
    assert.equal(await rows.count(), top.length);
    assert.deepEqual(
      await rows.locator("a").allTextContents(),
      top.map((song) => song.trackName),
    );
    await page
      .getByRole("button", { name: `Tocar prévia de ${top[0].trackName}` })
      .click();
    await until(
      page,
      async () =>
        (await page.evaluate(() => window.__ondaPlayer?.getSnapshot()))
          ?.status === "playing",
      "the preview plays",
      20_000,
    );
    const snapshot = await page.evaluate(() =>
      window.__ondaPlayer.getSnapshot(),
    );
    assert.equal(snapshot.isLive, "otherMedia");
    assert.match(snapshot.src, /\/media\/audio\/previews\/.+\.mp3$/);
    await page
      .getByRole("button", { name: `Pausar prévia de ${top[0].trackName}` })
      .click();
    await page
      .getByRole("button", { name: `Tocar prévia de ${top[0].trackName}` })
      .waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("MU-01..MU-03: the music list, its filters in the address, and a reload keeps them", async () => {
    const { page, context, errors } = await open("/musicas");
    const cards = page.getByTestId("music-card");
    await cards.first().waitFor();
    assert.equal(await cards.count(), 20);

    await page.getByRole("checkbox", { name: "Com letra" }).click();
    await until(
      page,
      () => new URL(page.url()).searchParams.get("letra") === "true",
      "letra=true in the address",
    );
    const withLyrics = await apiData(
      "getFilteredMusicData/0/20?letra=true&traducao=false&video=false&busca=",
    );
    assert.ok(withLyrics.length > 0);
    await until(
      page,
      async () =>
        (await cards.first().textContent())?.includes(withLyrics[0].musicName),
      "the filtered list",
    );

    // The typed text applies after the pause and goes into the address too.
    const wanted = withLyrics[0];
    await page
      .getByRole("textbox", { name: "Buscar música ou artista" })
      .fill(wanted.musicName);
    await until(
      page,
      () => new URL(page.url()).searchParams.get("busca") === wanted.musicName,
      "busca in the address",
    );
    await cards.filter({ hasText: wanted.musicName }).first().waitFor();

    await page.reload();
    await cards.filter({ hasText: wanted.musicName }).first().waitFor();
    assert.ok(
      await page.getByRole("checkbox", { name: "Com letra" }).isChecked(),
    );
    assert.equal(
      await page
        .getByRole("textbox", { name: "Buscar música ou artista" })
        .inputValue(),
      wanted.musicName,
    );

    // Nothing found: the empty panel.
    await page.goto(station.url + "/musicas?busca=zzzz-nada-disso");
    await page.getByTestId("music-empty").waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("MU-05/MU-08: a music page, and its download needs a session (401, then the login prompt)", async () => {
    const songs = await apiData("getMusicData/0/20");
    const song = songs.find((entry) => entry.musicTrack);
    assert.ok(song);
    const unauthenticated = await fetch(
      `${station.url}/api/v1/downloads/music/${song.musicSlug}+${song.artistSlug}`,
    );
    assert.equal(unauthenticated.status, 401);

    const { page, context, errors } = await open("/musicas");
    await page
      .getByTestId("music-card")
      .filter({ hasText: song.musicName })
      .first()
      .click();
    await page.waitForURL(`**/musicas/${song.musicSlug}+${song.artistSlug}`);
    await page
      .getByRole("heading", { level: 1, name: song.musicName })
      .waitFor();
    await page.getByRole("link", { name: song.artistName }).first().waitFor();
    await page.getByRole("tab", { name: "Letra" }).waitFor();

    await page.getByRole("button", { name: "Download" }).click();
    await page
      .getByText("É necessário estar logado para efetuar o download.")
      .waitFor();
    const login = page.getByRole("dialog", { name: "Entrar" });
    await login.waitFor();
    assert.equal(
      new URL(page.url()).pathname,
      `/musicas/${song.musicSlug}+${song.artistSlug}`,
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("TP-01/TP-02: the top 10, first category by default, another one from the select", async () => {
    const categories = await apiData("getTop10Categories");
    assert.ok(categories.length >= 2);
    const { page, context, errors } = await open("/as-10-mais");
    const items = page.getByTestId("top10-item");
    await items.first().waitFor();
    assert.equal(await items.count(), 10);
    const first = await apiData(`getTop10/${categories[0].id}`);
    assert.deepEqual(
      await page
        .getByTestId("top10-title")
        .evaluateAll((titles) => titles.map((title) => title.title)),
      first.map((item) => item.musicName),
    );

    const other = categories[1];
    await page
      .getByRole("combobox", { name: "Categoria" })
      .selectOption(other.categorySlug);
    await page.waitForURL(`**/as-10-mais/${other.categorySlug}`);
    const expected = await apiData(`getTop10/${other.categorySlug}`);
    await until(
      page,
      async () =>
        (await page
          .getByTestId("top10-title")
          .first()
          .getAttribute("title")) === expected[0].musicName,
      "the other category's list",
    );
    assert.equal(await items.count(), expected.length);

    await page.goto(station.url + "/as-10-mais/nao-existe");
    await page.getByText("Ver as 10 mais").waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("TP-04/TP-05: the top 100 of the latest year, and of another year from the select", async () => {
    const years = await apiData("getTop100Years");
    assert.ok(years.length >= 1);
    const { page, context, errors } = await open("/as-100-mais");
    const items = page.getByTestId("top100-item");
    await items.first().waitFor();
    const latest = await apiData(`getTop100/${years[0].tx_ano}`);
    assert.equal(await items.count(), latest.length);
    assert.ok(latest.length > 10);
    assert.equal(
      await page.getByRole("combobox", { name: "Ano" }).inputValue(),
      String(years[0].tx_ano),
    );
    if (years.length > 1) {
      const year = String(years[1].tx_ano);
      await page.getByRole("combobox", { name: "Ano" }).selectOption(year);
      await page.waitForURL(`**/as-100-mais/${year}`);
      const expected = await apiData(`getTop100/${year}`);
      await until(
        page,
        async () => (await items.count()) === expected.length,
        "the other year's list",
      );
    }
    // A music of the list opens its page.
    await items.first().getByRole("link").first().click();
    await page.waitForURL("**/musicas/*+*");
    await page.getByRole("heading", { level: 1 }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
