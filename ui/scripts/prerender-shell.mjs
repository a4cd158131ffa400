#!/usr/bin/env node
/**
 * Writes dist/prerendered-shell.json: the shell's first frame as HTML (src/prerender/shell.tsx),
 * which the server puts into every page so it paints before the JavaScript runs.
 *
 * Runs after `vite build` (npm run build): it builds the prerender entry for Node with the same Vite
 * configuration, so the CSS-module class names match the client's, and renders it in a jsdom window
 * (the app's modules read `window`, `document` and `localStorage` as they load).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { build } from 'vite';

const UI = resolve(fileURLToPath(import.meta.url), '../..');
// Inside the workspace, so Node finds the packages the bundle leaves external.
const out = join(UI, 'node_modules', '.onda-prerender');

/**
 * Each address pattern's page files, beyond what index.html loads already (the entry and the app,
 * src/boot.tsx): the page's chunk, the chunks it imports and their stylesheets, from the Vite
 * manifest. The server writes them as preload links into the HTML of a matching address, so they
 * download with the app instead of after it (largest contentful paint).
 */
function pagePreloads(routes) {
  const manifest = JSON.parse(readFileSync(join(UI, 'dist', '.vite', 'manifest.json'), 'utf8'));
  const closure = (keys, files = new Set()) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) continue;
      files.add(chunk.file);
      closure(chunk.imports ?? [], files);
    }
    return files;
  };
  const stylesOf = (files) =>
    Object.values(manifest)
      .filter((chunk) => files.has(chunk.file))
      .flatMap((chunk) => chunk.css ?? []);
  const boot = Object.keys(manifest).filter((key) => manifest[key].name === 'boot');
  const inPage = closure(['index.html', ...boot]);
  if (boot.length !== 1 || inPage.size < 3)
    throw new Error('the app (boot) is not in the manifest');
  const pageKey = (name) => {
    const keys = Object.keys(manifest).filter(
      (key) => manifest[key].isDynamicEntry && manifest[key].name === name,
    );
    if (keys.length !== 1) throw new Error(`page ${name}: ${keys.length} chunks in the manifest`);
    return keys[0];
  };
  const stylesInPage = new Set(stylesOf(inPage));
  return routes.map(({ path, page }) => {
    const files = closure([pageKey(page)]);
    return {
      path,
      scripts: [...files].filter((file) => !inPage.has(file)),
      styles: [...new Set(stylesOf(files))].filter((file) => !stylesInPage.has(file)),
    };
  });
}

/**
 * A news date's shown text is a slot of its own in the frame (src/prerender/frame-template.ts): for a
 * slot instead of a date, the prerender build's `formatNewsDateTime` gives the slot's `Text` twin
 * (`{{onda:date}}` → `{{onda:dateText}}`), which the server fills with the date in the same format.
 * The app's own build is untouched.
 */
const newsDatesAsSlots = {
  name: 'onda-news-dates-as-slots',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith('/src/features/news/format.ts')) return null;
    const head = 'export function formatNewsDateTime(iso: string): string {';
    if (!code.includes(head)) throw new Error(`${head} not found in ${id}: check the plugin`);
    return {
      code: code.replace(
        head,
        `${head}\n  if (iso.startsWith('{{onda:')) return iso.replace(/}}$/, 'Text}}');`,
      ),
      map: null,
    };
  },
};

try {
  await build({
    root: UI,
    logLevel: 'warn',
    plugins: [newsDatesAsSlots],
    build: {
      ssr: 'src/prerender/shell.tsx',
      outDir: out,
      emptyOutDir: true,
      manifest: false,
      rollupOptions: { output: { entryFileNames: 'shell.mjs' } },
    },
  });

  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
    url: 'http://localhost/',
    pretendToBeVisual: true,
  });
  const { window } = dom;
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  });
  for (const name of [
    'window',
    'document',
    'localStorage',
    'sessionStorage',
    'location',
    'history',
    'HTMLElement',
    'Element',
    'Node',
    'matchMedia',
  ]) {
    Object.defineProperty(globalThis, name, {
      value: name === 'window' ? window : window[name],
      configurable: true,
      writable: true,
    });
  }
  Object.defineProperty(globalThis, 'navigator', { value: window.navigator, configurable: true });

  const { prerenderShell, pageRoutes } = await import(pathToFileURL(join(out, 'shell.mjs')).href);
  const shell = prerenderShell();
  shell.pagePreloads = pagePreloads(pageRoutes());
  // Mantine's theme variables and global classes come first in every rendering, the same in each:
  // the server writes them once, before the layouts. (Components' own
  // responsive styles, `data-mantine-styles="inline"`, stay where they are.)
  const STYLES = /<style data-mantine-styles="(?:true|classes)">[\s\S]*?<\/style>/g;
  shell.styles = shell.mobile.plain.match(STYLES).join('');
  // Test ids are for the app React draws: a browser test waiting for one must not find this copy,
  // which React is about to replace.
  const clean = (html) => html.replace(STYLES, '').replace(/ data-testid="[^"]*"/g, '');
  const sameStyles = (html, what) => {
    if ((html.match(STYLES) ?? []).join('') !== shell.styles) {
      throw new Error(`the ${what} rendering carries other theme styles`);
    }
  };
  // A template's pieces (the `+station` variants, the page frames) are cleaned alike; the theme
  // styles open its first piece, never an optional one.
  const cleanPieces = (pieces, what, extra = (html) => html) => {
    sameStyles(pieces[0].html, what);
    for (const piece of pieces) {
      if (piece.when && piece.html.match(STYLES)) {
        throw new Error(`${what}: the theme styles are in an optional part`);
      }
      piece.html = extra(clean(piece.html));
      if (piece.otherwise !== undefined) piece.otherwise = extra(clean(piece.otherwise));
    }
  };
  for (const layout of [shell.mobile, shell.desktop]) {
    for (const [key, variant] of Object.entries(layout)) {
      if (Array.isArray(variant)) {
        cleanPieces(variant, key);
      } else {
        sameStyles(variant, key);
        layout[key] = clean(variant);
      }
    }
  }
  // A page frame's template: the theme styles open its first piece. React writes a preload link
  // for a picture fetched first (the live page's cover); the server preloads a page's pictures in
  // its head already (server/src/web/initial_data.rs), where the browser finds them soonest.
  const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\/>/g;
  for (const frame of shell.pageFrames) {
    for (const layout of ['mobile', 'desktop']) {
      cleanPieces(frame[layout], `${frame.path} ${layout}`, (html) =>
        html.replace(IMAGE_PRELOAD, ''),
      );
    }
  }
  const always = (variant) =>
    Array.isArray(variant)
      ? variant
          .filter((piece) => !piece.when)
          .map((piece) => piece.html)
          .join('')
      : variant;
  for (const layout of [shell.mobile, shell.desktop]) {
    for (const [key, variant] of Object.entries(layout)) {
      if (
        !always(variant).includes(shell.pageSlot) ||
        !always(variant).includes(shell.huntMessageSlot) === key.startsWith('hunt')
      ) {
        throw new Error(`the ${key} layout has no page slot, or its hunt message is in a part`);
      }
    }
  }
  writeFileSync(join(UI, 'dist', 'prerendered-shell.json'), JSON.stringify(shell));
  const preloaded = shell.pagePreloads.map((route) => route.scripts.length);
  console.log(
    `dist/prerendered-shell.json: ${shell.pagePreloads.length} address patterns with their pages' ` +
      `scripts (${Math.min(...preloaded)}-${Math.max(...preloaded)} files each)`,
  );
  const size = (variant) =>
    Array.isArray(variant)
      ? variant.reduce((sum, piece) => sum + piece.html.length + (piece.otherwise?.length ?? 0), 0)
      : variant.length;
  const sizes = Object.entries(shell.mobile)
    .map(([key, variant]) => `${key} ${(size(variant) / 1024).toFixed(1)} KiB`)
    .join(', ');
  const styles = (shell.styles.length / 1024).toFixed(1);
  console.log(`dist/prerendered-shell.json: theme styles ${styles} KiB; per layout ${sizes}`);
  const frames = shell.pageFrames
    .map((frame) => {
      const size = frame.mobile.reduce((sum, piece) => sum + piece.html.length, 0);
      return `${frame.path} ${(size / 1024).toFixed(1)} KiB (${frame.mobile.length} pieces)`;
    })
    .join(', ');
  console.log(`dist/prerendered-shell.json: pages drawn with their first screen: ${frames}`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
// Done. The app's modules, loaded to render, leave timers running (dozens were pending after the
// last line) and Vite's esbuild service keeps a pipe open: left alone, Node waited for them and the
// UI build hung after its last line (minutes, once). An error above still exits with 1.
process.exit(0);
