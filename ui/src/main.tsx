import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/montserrat/wght.css';
import './app/fallback-fonts.css';
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import {
  afterFirstScreenShown,
  afterNextPaint,
  deferredScripts,
  nextTask,
  releaseDeferredScripts,
} from './lib/app-start';

/**
 * The entry: the stylesheets, then the app once the page has painted (first paint).
 *
 * The server writes the shell's first frame into #root (server/src/prerendered_shell.rs). Had the
 * app's modules loaded with this one, a fast connection would evaluate them all (hundreds of
 * milliseconds on a phone) before the browser's first paint, and that frame would wait for them.
 * So the app is imported after the next frame has been drawn; index.html preloads its files
 * (vite.config.ts), so the import costs no extra round trip. A page with nothing drawn (the
 * desktop app, the dev server) starts at once.
 *
 * A page whose whole first screen the server drew (the home page's hero, a news item's head and
 * cover) goes further: its HTML holds the app's preload links in an inert template
 * (lib/deferred-scripts.ts), and they go into the head once that screen has been shown. On a slow
 * phone connection the 180 kB of scripts then no longer share the line with the stylesheets, fonts
 * and cover that screen waits for: it shows sooner, and the app starts about one round trip later.
 */
// Two steps, each its own task (total blocking time): React's modules are evaluated
// first, then the app's (Mantine, the data layer, the shell and the page), with a task boundary
// between them where the browser can answer a tap or draw a frame. Evaluated in one go, on a
// phone, they were one task of some 110 ms (Lighthouse, 4x CPU).
const boot = () => void import('react-dom/client').then(nextTask).then(() => import('./boot'));
const deferred = deferredScripts();
if (deferred) {
  afterFirstScreenShown(() => {
    releaseDeferredScripts(deferred);
    boot();
  });
} else if (document.getElementById('root')?.firstElementChild) afterNextPaint(boot);
else boot();
