/** Texts several areas show word for word (the spec's). */

/** A list or a page that could not be loaded (programmes, partners, clients, affiliates). */
export const LOAD_ERROR = 'Não foi possível carregar as informações. Tente novamente mais tarde.';
