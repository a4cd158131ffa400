/**
 * Small texts of the promotions desk. Dates are shown and edited on the station's clock (Brasília,
 * UTC−3 all year) with the back office's helpers (backoffice/format.ts), so a promotion set to end
 * at 18:00 ends at 18:00 in Brasília whatever the computer's zone.
 */

/** `São Paulo/SP`, `São Paulo`, `SP` or ''. */
export function cityText(city: string, uf: string): string {
  return [city.trim(), uf.trim()].filter(Boolean).join('/');
}

/** How the promotions list counts its rows. */
export const PROMOTION_NOUNS = { none: 'Nenhuma promoção', one: 'promoção', many: 'promoções' };
/**
 * The hunt's chance as the editor shows it, in percent: 0.02 → 2. Rounded so binary fractions do
 * not show (0.07 × 100 is 7.000000000000001).
 */
export function toPercent(probability: number): number {
  return Math.round(probability * 100 * 10_000) / 10_000;
}

/** What the server takes (0–1) from the percent typed: 2.5 → 0.025. */
export function fromPercent(percent: number): number {
  return Math.round((percent / 100) * 1_000_000) / 1_000_000;
}
