/**
 * The shell the server drew into the page before the JavaScript arrived (first paint).
 *
 * The build renders the app's first frame once per layout (src/prerender/shell.tsx) and the server
 * writes it into `#root` for the page it answers, with or without the cookie notice and the hunt
 * banner. React replaces it on its first commit. Parts that React would otherwise draw a moment
 * later (the cookie notice waits 100 ms) read here whether the server already showed them, so
 * they stay on screen instead of blinking out and back.
 */

/** The server marks the layouts it drew with the cookie notice (server/src/prerendered_shell.rs). */
export const SERVER_COOKIE_NOTICE_SELECTOR = '[data-cookie-notice]';

let cookieNoticeShown = false;

/** Reads what the server drew; call once at start-up, before React's first commit clears it. */
export function readServerShell(root: ParentNode) {
  cookieNoticeShown = root.querySelector(SERVER_COOKIE_NOTICE_SELECTOR) !== null;
}

/** The server's page already shows the cookie notice (or the prerender draws it). */
export function serverShowedCookieNotice(): boolean {
  return cookieNoticeShown;
}

/** For the prerender: draw the shell as if the server showed the notice. */
export function setServerShowedCookieNotice(shown: boolean) {
  cookieNoticeShown = shown;
}
