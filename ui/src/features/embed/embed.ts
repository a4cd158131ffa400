/**
 * The embeddable player: a page made for an `<iframe>` on other sites (the server lets only this
 * path be framed by any site, `frame-ancestors *`), and the snippet /incorporar-player offers.
 */

/** The embeddable player's path (server: `web::EMBED_PLAYER_PATH`). */
export const EMBED_PLAYER_PATH = '/player-incorporado';

/** The iframe's suggested size: full width up to 480 px, 200 px high. */
export const EMBED_MAX_WIDTH = 480;
export const EMBED_HEIGHT = 200;

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The `<iframe>` code to paste into another site, for the site at `base` (no trailing slash). */
export function embedSnippet(base: string, stationName: string): string {
  const title = escapeAttribute(`Player da ${stationName}`);
  return (
    `<iframe src="${escapeAttribute(base)}${EMBED_PLAYER_PATH}" title="${title}" ` +
    `width="100%" height="${EMBED_HEIGHT}" style="max-width:${EMBED_MAX_WIDTH}px;border:0" ` +
    `allow="autoplay; encrypted-media" loading="lazy"></iframe>`
  );
}
