import '@fontsource-variable/inter/wght.css';
import '@fontsource-variable/montserrat/wght.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initTestFlags } from './lib/test-flags';

initTestFlags(window.location.search);

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');
// The server may have rendered a static 404 or app-landing body into #root: the app replaces it.
container.replaceChildren();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
