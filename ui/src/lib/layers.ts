/** Stacking of the shell's floating layers. */

/** Modals: above the cookie notice (z-index 300) and below the toasts (1000). */
export const MODAL_Z_INDEX = 400;
