/** Texts of the podcast pages (doc2 §8 podcasts.*, G58). */
export const PODCAST_NOT_FOUND_TEXT = 'NÃO ACHAMOS ESSE PODCAST :(';
export const PODCAST_ERROR_TEXT =
  'Oops, ocorreu um erro na comunicação com servidor. Tente de novo mais tarde.';
export const NO_OTHER_PODCAST_TEXT = 'Não há podcast relacionados com a categoria.';
export const END_OF_LIST = '- - -';
export const PODCAST_NOT_LOADED_EVENT = 'podcast_not_loaded';
/** PODCAST_LOAD_PERIOD and PODCAST_FAIL_EVENT (doc2 §9). */
export const PODCAST_LOAD_PERIOD_MS = 700;
export const PODCAST_FAIL_EVENT_MS = 7000;
export const PODCAST_SCROLL_DEBOUNCE_MS = 200;
export const OTHER_PODCASTS_SCROLL_DISTANCE = 400;
/** PODCAST_HEIGHTS: mini 52, standard 200, show 480. */
export const PODCAST_HEIGHTS: Record<string, number> = { mini: 52, standard: 200, show: 480 };
