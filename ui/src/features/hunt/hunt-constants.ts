/**
 * The treasure hunt's addresses and timings (doc3 §2.7, §4.4, §9; C31, G14). Apart from its texts
 * (hunt-texts.ts): the banner and the hunt's data calls, in every page's first load, need only
 * these, and a module the entry imports ships whole with it (initial JavaScript).
 */

/** The hunt page; the banner hides there (doc3 §2.7). */
export const HUNT_PATH = '/caca-ao-tesouro';
/** Where the start button sends a complete registration (C31). */
export const HUNT_START_PATH = '/ouvir-radio-online';
/** Where the profile modal's 'Completar cadastro' goes (G14). */
export const PROFILE_EDIT_PATH = '/perfil/editar-perfil';

/** HUNT_INFO_CACHE: the hunt info is refreshed only when older than 30 minutes (doc3 §4.4, §9). */
export const HUNT_INFO_MAX_AGE_MS = 1_800_000;
/** CHEST_SHAKE_INTERVAL: the closed chest shakes every 3 s (doc3 §4.4, §9). */
export const CHEST_SHAKE_INTERVAL_MS = 3000;
/** How long one shake lasts (the CSS animation's duration). */
export const CHEST_SHAKE_MS = 900;
