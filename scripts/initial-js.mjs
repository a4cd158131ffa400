#!/usr/bin/env node
/**
 * Initial JavaScript per page of the built UI: what the browser must download before a page can
 * render. That is the entry script named in index.html, its static imports (the modulepreload
 * links), and, when the page is a lazily loaded chunk of its own, that chunk with its static
 * imports (fetched together through Vite's preload helper). Chunks loaded later on demand (a modal,
 * the charts, the preroll client) are not counted.
 *
 * Sizes are per file: raw bytes, gzip (zlib level 9) and as a browser that takes Brotli is sent them
 * (the build's `.br` copy, ui/vite.config.ts; the gzip figure for a file without one), summed;
 * kB = 1000 bytes, like Vite's build report. Reads ui/dist/index.html and the Vite manifest (ui/dist/.vite/manifest.json,
 * `build.manifest: true`), so run `npm run build --workspace ui` first.
 *
 *   node scripts/initial-js.mjs                  # the table for /, /ouvir-radio-online, a news item, /musicas
 *   node scripts/initial-js.mjs --chunks         # ... and the files behind each figure
 *   node scripts/initial-js.mjs --json           # one JSON object per page
 *   node scripts/initial-js.mjs --max-kb 150     # exit 1 when a page's gzipped figure is above
 *   node scripts/initial-js.mjs --dist DIR       # another build
 *   node scripts/initial-js.mjs /busca=src/features/search/SearchPage.tsx   # other pages
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { constants, gzipSync } from "node:zlib";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The pages the first-visit benchmark measures (bench/pages.sh): route → the page's source module
 * (a manifest key when lazy).
 */
const DEFAULT_PAGES = [
  ["/", "src/features/home/HomePage.tsx"],
  ["/ouvir-radio-online", "src/features/player/LivePage.tsx"],
  ["/noticias/:slug", "src/features/news/NewsArticlePage.tsx"],
  ["/musicas", "src/features/music/MusicListPage.tsx"],
];

function parseArgs(argv) {
  const options = {
    dist: join(ROOT, "ui", "dist"),
    chunks: false,
    json: false,
    maxKb: null,
    pages: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--chunks") options.chunks = true;
    else if (arg === "--json") options.json = true;
    else if (arg === "--dist") options.dist = resolve(argv[++i]);
    else if (arg === "--max-kb") options.maxKb = Number(argv[++i]);
    else if (arg === "--help" || arg === "-h") {
      console.log(
        readFileSync(fileURLToPath(import.meta.url), "utf8").split("*/")[0],
      );
      process.exit(0);
    } else if (arg.includes("=")) {
      const at = arg.indexOf("=");
      options.pages.push([arg.slice(0, at), arg.slice(at + 1)]);
    } else {
      console.error(`unknown argument: ${arg} (see --help)`);
      process.exit(2);
    }
  }
  if (options.maxKb !== null && !(options.maxKb > 0)) {
    console.error("--max-kb needs a positive number");
    process.exit(2);
  }
  if (options.pages.length === 0) options.pages = DEFAULT_PAGES;
  return options;
}

const options = parseArgs(process.argv.slice(2));
const manifestPath = join(options.dist, ".vite", "manifest.json");
const indexPath = join(options.dist, "index.html");
for (const file of [indexPath, manifestPath]) {
  if (!existsSync(file)) {
    console.error(
      `${file} is missing: run \`npm run build --workspace ui\` (with build.manifest on)`,
    );
    process.exit(2);
  }
}
/** @type {Record<string, {file: string, imports?: string[], isEntry?: boolean, isDynamicEntry?: boolean}>} */
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
const html = readFileSync(indexPath, "utf8");

const byFile = new Map(
  Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]),
);
const entryFile = /<script[^>]*\ssrc="\/([^"]+\.js)"/.exec(html)?.[1];
const entryKey = entryFile && byFile.get(entryFile);
if (!entryKey) {
  console.error(`the entry script of ${indexPath} is not in the manifest`);
  process.exit(2);
}

/** A manifest key and every chunk it imports statically, transitively, as file names. */
function staticClosure(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(options.dist, file));
    const gzip = gzipSync(bytes, {
      level: constants.Z_BEST_COMPRESSION,
    }).length;
    const copy = join(options.dist, `${file}.br`);
    const br = existsSync(copy) ? statSync(copy).size : gzip;
    sizes.set(file, { raw: bytes.length, gzip, br });
  }
  return sizes.get(file);
}

function measure(files) {
  const list = [...files].map((file) => ({ file, ...sizeOf(file) }));
  list.sort((a, b) => b.gzip - a.gzip);
  return {
    files: list,
    raw: list.reduce((sum, f) => sum + f.raw, 0),
    gzip: list.reduce((sum, f) => sum + f.gzip, 0),
    br: list.reduce((sum, f) => sum + f.br, 0),
  };
}

// Everything index.html loads up front: the entry and what it imports statically (the same set
// Vite writes as modulepreload links; a link not in the manifest is counted too).
const entryFiles = staticClosure(entryKey);
for (const [, href] of html.matchAll(
  /<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g,
)) {
  entryFiles.add(href);
}

/**
 * The manifest key of a page's module. A page module that Rollup merged with others (HomePage and
 * the parts of the home page that import from it) is keyed by its chunk (`_HomePage-<hash>.js`,
 * no `src`), not by its path: find it by the chunk's name, the module's file name.
 */
function keyOf(module) {
  if (manifest[module]) return module;
  const name = module
    .split("/")
    .pop()
    ?.replace(/\.[^.]+$/, "");
  const found = Object.entries(manifest).find(
    ([key, chunk]) =>
      chunk.isDynamicEntry && chunk.name === name && key.endsWith(".js"),
  );
  return found?.[0] ?? module;
}

const rows = [
  {
    page: "(entry alone)",
    module: entryKey,
    lazy: false,
    ...measure(entryFiles),
  },
];
for (const [page, pageModule] of options.pages) {
  const module = keyOf(pageModule);
  const chunk = manifest[module];
  // A page that is not a chunk of its own is inside the entry's chunks (or not built at all).
  const files = new Set(entryFiles);
  if (chunk) staticClosure(module, files);
  rows.push({
    page,
    module,
    lazy: Boolean(chunk && !entryFiles.has(chunk.file)),
    ...measure(files),
  });
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
if (options.json) {
  for (const row of rows) console.log(JSON.stringify(row));
} else {
  const width = Math.max(...rows.map((row) => row.page.length));
  console.log(
    `initial JS of ${options.dist} (gzip level 9; br: the build's Brotli copies, as served; kB = 1000 B)`,
  );
  for (const row of rows) {
    const note =
      row.page === "(entry alone)"
        ? ""
        : row.lazy
          ? ""
          : "  (page in the entry)";
    console.log(
      `${row.page.padEnd(width)}  ${kb(row.gzip).padStart(6)} kB gz  ${kb(row.br).padStart(6)} kB br  ${kb(row.raw).padStart(7)} kB raw  ${String(row.files.length).padStart(2)} files${note}`,
    );
    if (options.chunks) {
      for (const f of row.files) {
        console.log(
          `${"".padEnd(width)}    ${kb(f.gzip).padStart(6)} kB gz  ${kb(f.br).padStart(6)} kB br  ${kb(f.raw).padStart(7)} kB raw  ${f.file}`,
        );
      }
    }
  }
}

if (options.maxKb !== null) {
  const over = rows.filter(
    (row) => row.page !== "(entry alone)" && row.gzip / 1000 > options.maxKb,
  );
  for (const row of over)
    console.error(
      `${row.page}: ${kb(row.gzip)} kB gz is above ${options.maxKb} kB`,
    );
  if (over.length > 0) process.exit(1);
}
