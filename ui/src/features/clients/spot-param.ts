/**
 * The query parameter that opens the spot modal on any page (doc2: 'available on every page'). A
 * module of its own: the shell's modal host, in every page's first load, needs only this, not the
 * rest of clients.ts (initial JavaScript).
 */
export const SPOT_PARAM = 'spot';
