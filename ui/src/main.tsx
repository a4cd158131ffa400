import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/montserrat/wght.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { connectDesktopStation } from './features/desktop/station-origin';
import { initTestFlags } from './lib/test-flags';

initTestFlags(window.location.search);

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');
// The server may have rendered a static 404 or app-landing body into #root: the app replaces it.
container.replaceChildren();
// In the desktop app the UI is served from the app itself: its API calls go to the station server
// configured there, which must be known before the first query runs.
// The first render is a transition: React renders the shell and the page in slices of a few
// milliseconds, yielding to the browser between them, instead of one long task that blocks input
// for as long as a phone takes to build the page (issue 19: total blocking time).
void connectDesktopStation().then(() =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
