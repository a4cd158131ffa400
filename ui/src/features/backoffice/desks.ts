/**
 * The staff desks' addresses and names that other desks link to (the catalogue's home offers the
 * live desk; the live desk's breadcrumb is the catalogue). Kept here, so no desk reaches into
 * another's files; each desk's own messages re-export what it owns.
 */

/** The catalogue home (staff pages are `/a1…`, like /a1redacao). */
export const CATALOGUE_PATH = '/a1catalogo';
export const CATALOGUE_TITLE = 'Catálogo';

/** The live input desk. */
export const LIVE_PATH = '/a1aovivo';
export const LIVE_TITLE = 'Transmissão ao vivo';
export const LIVE_HOME_HINT = 'Conexão do encoder do estúdio, senhas e a fonte no ar.';

/** The programme grid and the autoDJ's playlists (the catalogue's permission too). */
export const SCHEDULE_PATH = '/a1programacao';
export const SCHEDULE_TITLE = 'Grade de programação';
export const SCHEDULE_HOME_HINT =
  'Os programas de cada canal na semana, as mudanças e as playlists.';
