/// <reference types="vitest/config" />
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { fullWidthClassName } from 'react-remove-scroll-bar';
import { defineConfig, type Plugin } from 'vite';

/** Where `@mantine/core/styles/<Name>.css` live (see mantineStylesPerComponent). */
const MANTINE_STYLES_DIR = join(
  dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
  'styles',
);

/** The station server the dev server forwards API, media, feed and stream calls to. */
const API_TARGET = process.env.ONDA_API_TARGET ?? 'http://127.0.0.1:8080';
const PROXIED_PREFIXES = ['/api', '/getUserInfos', '/health', '/media', '/feed', '/stream'];

/**
 * Mantine's toast host reads one class name, RemoveScroll.classNames.fullWidth, and that reference
 * brought all of react-remove-scroll (the modals' scroll lock, 4 kB gzipped) into every page's
 * first load. The name (from react-remove-scroll-bar, which comes with @mantine/core) is written in
 * instead; the modals, loaded on demand, still bring the lock.
 */
const notificationsScrollClass: Plugin = {
  name: 'onda-notifications-scroll-class',
  transform(code: string, id: string) {
    if (!/\/@mantine\/notifications\/esm\/Notifications\.mjs$/.test(id)) return null;
    const replaced = code.replaceAll(
      'RemoveScroll.classNames.fullWidth',
      JSON.stringify(fullWidthClassName),
    );
    if (replaced === code)
      this.warn('RemoveScroll.classNames.fullWidth not found: check the plugin');
    return { code: replaced, map: null };
  },
};

/**
 * Mantine's stylesheet per component, with the component (what the first paint waits for).
 * `@mantine/core/styles.css` is every component's styles, 208 kB of render-blocking CSS for a first
 * screen that uses a few dozen. In the build, main.tsx takes only Mantine's base (baseline,
 * variables, global) and each component's class-name module (`<Name>.module.css.mjs`) imports
 * `@mantine/core/styles/<Name>.layer.css` (one file per module, same names): a component's styles
 * go into the chunk that ships the component, so a page loads the styles of the components it has.
 * Order is Mantine's own: a component's module imports what it builds on (UnstyledButton, Input,
 * Popover…) before its class names, so those styles come first, as Mantine's per-component import
 * guide asks. The files are the `.layer.css` ones (Mantine's cascade layer): a lazy chunk's Mantine
 * styles may arrive after the app's own CSS, and unlayered app CSS must still win, as it did when
 * the whole sheet came first. The dev server pre-bundles Mantine (no per-file transform), so it
 * keeps the whole sheet, layered alike (main.tsx imports `styles.layer.css`).
 */
const MANTINE_BASE_STYLES = ['baseline', 'default-css-variables', 'global'];
/**
 * Components whose styles come with the first stylesheet although only lazy parts of the measured
 * pages use them (the home page's poll, top 10 and category chips, the footer's dividers, a news
 * item's author, the breadcrumbs of a page the server did not draw, the live page's player
 * notices): a stylesheet that adds to a cascade layer, inserted once the page is drawn, has
 * Chromium restyle and lay out the whole document again (26-35 ms on a development machine, four
 * times that on a phone, once per arriving sheet: total blocking time). These 32 kB (5 kB
 * gzipped) cost the first paint less. In Mantine's order; a chunk that imports one of them no longer
 * carries it. The shell's e2e test fails when a layered sheet arrives late on a measured page, and
 * `bench/pages.sh` lists the sheets that do (bench/late-styles.mjs).
 */
const MANTINE_FIRST_LOAD_STYLES = [
  'Input',
  'InlineInput',
  'Alert',
  'Avatar',
  'Breadcrumbs',
  'Chip',
  'Divider',
  'Progress',
  'Radio',
  'RadioCard',
  'RadioIndicator',
  'SimpleGrid',
];
const mantineStylesPerComponent: Plugin = {
  name: 'onda-mantine-styles-per-component',
  apply: 'build',
  transform(code: string, id: string) {
    if (id.endsWith('/src/main.tsx')) {
      // After the TypeScript transform: the quotes may be double.
      const whole = /import\s*["']@mantine\/core\/styles\.layer\.css["'];?/;
      if (!whole.test(code)) {
        this.warn("main.tsx no longer imports '@mantine/core/styles.layer.css': check the plugin");
        return null;
      }
      const base = [...MANTINE_BASE_STYLES, ...MANTINE_FIRST_LOAD_STYLES].map(
        (name) => `import '@mantine/core/styles/${name}.layer.css';`,
      );
      return { code: code.replace(whole, base.join('\n')), map: null };
    }
    const component = /\/@mantine\/core\/esm\/.*\/(\w+)\.module\.css\.mjs$/.exec(id)?.[1];
    if (!component) return null;
    const file = `${component}.layer.css`;
    if (!existsSync(join(MANTINE_STYLES_DIR, file))) {
      this.warn(`@mantine/core/styles/${file} not found: ${component} goes unstyled`);
      return null;
    }
    return { code: `import '@mantine/core/styles/${file}';\n${code}`, map: null };
  },
};

/**
 * The two fonts wait for their file (`font-display: block`) instead of drawing the fallback first
 * and swapping (Fontsource's `swap`). Both are preloaded with the stylesheets (preloadAppAndFonts), so
 * on a slow phone connection their text shows a few hundred milliseconds after the first paint, once,
 * at its final size. With `swap` the server-drawn first screen painted in the fallback font and grew
 * when the font arrived: React's copy of the same text, drawn later, then counted as a new, larger
 * paint, and the home page's largest contentful paint moved from the first frame (1.0 s) to React's
 * (2.7-2.9 s, 4x CPU, slow 4G; 1.5-1.7 s with `block`). A font that does not come within the block
 * period (3 s) still gives way to the fallback.
 */
const fontsWaitForTheirFile: Plugin = {
  name: 'onda-fonts-wait-for-their-file',
  transform(code: string, id: string) {
    if (!/\/@fontsource-variable\/(inter|montserrat)\/wght\.css$/.test(id)) return null;
    const replaced = code.replace(/font-display:\s*swap/g, 'font-display: block');
    if (replaced === code) this.warn(`no font-display: swap in ${id}: check the plugin`);
    return { code: replaced, map: null };
  },
};

/**
 * What the first paint waits for, and what the app needs right after it, fetched from the start:
 * - the app (src/boot.tsx), which main.tsx imports only after the server's first frame is painted:
 *   its files get modulepreload links, so they download alongside the stylesheet instead of after
 *   the paint, and its stylesheet is linked (the server-drawn frame uses its classes);
 * - the two variable fonts (Latin), which the server-drawn frame's text uses: fetched with the
 *   stylesheet, they are there for the first paint, so the text does not reflow (shift) when they
 *   arrive later.
 */
const preloadAppAndFonts: Plugin = {
  name: 'onda-preload-app-and-fonts',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const bundle = ctx.bundle;
      if (!bundle) return [];
      const boot = Object.values(bundle).find(
        (out) => out.type === 'chunk' && out.moduleIds.some((id) => id.endsWith('/src/boot.tsx')),
      );
      if (!boot || boot.type !== 'chunk') {
        this.warn?.('src/boot.tsx chunk not found: the app is not preloaded');
        return [];
      }
      // The entry (main.tsx) and its stylesheet are in the page already.
      const entry = Object.values(bundle).find((out) => out.type === 'chunk' && out.isEntry);
      const files = new Set<string>(entry ? [entry.fileName] : []);
      const styles = new Set<string>(
        entry?.type === 'chunk' ? entry.viteMetadata?.importedCss : [],
      );
      const linked = new Set([...files, ...styles]);
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
        files.add(fileName);
        chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
        chunk.imports.forEach(visit);
      };
      visit(boot.fileName);
      const fonts = Object.values(bundle).filter(
        (out) =>
          out.type === 'asset' &&
          /^assets\/(inter|montserrat)-latin-wght-normal-.*\.woff2$/.test(out.fileName),
      );
      return [
        // The app's own stylesheet styles the server-drawn frame too: it must be there for the
        // first paint, like the entry's (the import later finds it already linked).
        ...[...styles]
          .filter((file) => !linked.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ...[...files]
          .filter((file) => !linked.has(file))
          .map((file) => ({
            tag: 'link',
            // Low: the stylesheets and fonts of the first paint go first, the app right after.
            attrs: {
              rel: 'modulepreload',
              crossorigin: true,
              fetchpriority: 'low',
              href: `/${file}`,
            },
            injectTo: 'head' as const,
          })),
        ...fonts.map((font) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'font',
            type: 'font/woff2',
            crossorigin: true,
            href: `/${font.fileName}`,
          },
          injectTo: 'head' as const,
        })),
      ];
    },
  },
};

/**
 * A Brotli copy (`<file>.br`, quality 11) beside each script and stylesheet of the build, which the
 * server sends as is to browsers that accept `br` (server/src/web.rs): on the app's scripts 13-16%
 * smaller than gzip at its best level, and no compression work per request. Quality 11 is far too
 * slow to run per request; the build does it once. Written after the bundle is on disk, so the copy
 * is of the final bytes.
 */
const precompressAssets: Plugin = {
  name: 'onda-precompress-assets',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist';
    const compress = promisify(brotliCompress);
    const texts = Object.keys(bundle).filter((name) => /^assets\/.+\.(js|css)$/.test(name));
    await Promise.all(
      texts.map(async (name) => {
        const bytes = await readFile(join(dir, name));
        const compressed = await compress(bytes, {
          params: {
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        });
        // Tiny files can come out bigger: those are sent as they are (or compressed per request).
        if (compressed.length < bytes.length) await writeFile(join(dir, `${name}.br`), compressed);
      }),
    );
  },
};

export default defineConfig({
  plugins: [
    react(),
    mantineStylesPerComponent,
    fontsWaitForTheirFile,
    notificationsScrollClass,
    preloadAppAndFonts,
    precompressAssets,
  ],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      PROXIED_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }]),
    ),
  },
  preview: {
    port: 4173,
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each module needs (scripts/initial-js.mjs reads it).
    manifest: true,
    chunkSizeWarningLimit: 700,
    // The entry's lazy imports (every page, every part loaded on demand) name only their
    // stylesheets, not their scripts, to be fetched with them (initial JavaScript). Vite's
    // list of every chunk and stylesheet those imports need, in the entry that every page loads,
    // was 5.7 kB gzipped. The first page's scripts come as modulepreload links in its HTML (the
    // server writes them from prerendered-shell.json); when the reader goes on to a page not seen
    // yet, the browser finds its imports in the page's chunk, one round trip after it. Chunks other
    // than the entry keep their lists.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' && /(^|\/)boot-[\w-]+\.js$/.test(hostId) ? [] : deps,
    },
    // Terser rather than esbuild's minifier (initial JavaScript): two compress passes
    // take 5.4 kB gzipped off every page's first load (/: 174.1 -> 168.7 kB) for some 40 s more
    // build time. `module`: the output is ES modules, so top-level names may be mangled too.
    minify: 'terser',
    terserOptions: { module: true, ecma: 2020, compress: { passes: 2 } },
    rollupOptions: {
      output: {
        // React and React DOM in one long-cached file (every page needs both).
        // Mantine is left to Rollup: a chunk of its own held every component any page uses, and
        // every page loaded it; now the shell's components come with the entry and a page's with
        // the page.
        manualChunks(id) {
          if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    unstubGlobals: true,
    // Form-heavy pages render slowly in jsdom on a busy 2-core machine; the default 5 s gave flaky
    // timeouts there. Timings under test use fake timers, so a longer ceiling hides no slowness.
    testTimeout: 20_000,
  },
});
