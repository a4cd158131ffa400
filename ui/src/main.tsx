import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/montserrat/wght.css';
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';

/**
 * The entry: the stylesheets, then the app once the page has painted (issue 19: first paint).
 *
 * The server writes the shell's first frame into #root (server/src/prerendered_shell.rs). Had the
 * app's modules loaded with this one, a fast connection would evaluate them all (hundreds of
 * milliseconds on a phone) before the browser's first paint, and that frame would wait for them.
 * So the app is imported after the next frame has been drawn; index.html preloads its files
 * (vite.config.ts), so the import costs no extra round trip. A page with nothing drawn (the
 * desktop app, the dev server) starts at once.
 */
function afterNextPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // A frame callback runs before the paint; the timeout after it, once the frame is out. Hidden
  // tabs draw no frames: the second timeout starts the app anyway.
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

const boot = () => void import('./boot');
if (document.getElementById('root')?.firstElementChild) afterNextPaint(boot);
else boot();
