/**
 * The app's start: loaded by main.tsx once the server's first frame is on screen.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/preload-page';
import { routes } from './app/routes';
import { startSession } from './features/auth/session-actions';
import { connectDesktopStation } from './features/desktop/station-origin';
import { seedNowPlaying } from './features/player/player-runtime';
import { readInitialData } from './lib/initial-data';
import { readServerShell } from './lib/server-shell';
import { initTestFlags } from './lib/test-flags';

initTestFlags(window.location.search);
// The page's own chunk downloads while the rest of this start runs (app/preload-page.ts).
preloadPage(routes, window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');
// The server drew the shell's first frame (or the 404 or app-landing body) into #root, so the page
// shows before this script runs. React replaces it on its first commit; until then it stays on
// screen. What it showed (the cookie notice) is read first, so React's frame keeps it.
readServerShell(container);
// The song on air that the server wrote into the page: React's first frame draws it (the query
// cache takes the rest of that data in app/provider.tsx).
seedNowPlaying(readInitialData().nowPlaying);
// In the desktop app the UI is served from the app itself: its API calls go to the station server
// configured there, which must be known before the first query runs.
// The first render is a transition: React renders the shell and the page in slices of a few
// milliseconds, yielding to the browser between them, instead of one long task that blocks input
// for as long as a phone takes to build the page (total blocking time).
void connectDesktopStation().then(() => {
  // A visitor this browser never saw logged in is anonymous at once (no request): settled before
  // the first render, React's first frame offers 'Entrar' where the server's frame did, so nothing
  // moves.
  // Otherwise the profile is asked for now, and that place stays empty until it answers.
  void startSession();
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
