/**
 * Dates and small texts of the promotions desk. Dates are shown and edited on the station's clock
 * (Brasília, UTC−3 all year) with the newsroom's helpers, so a promotion set to end at 18:00 ends at
 * 18:00 in Brasília whatever the computer's zone.
 */
import { formatStaffDate, STATION_OFFSET } from '@/features/newsroom/format';

const STATION_OFFSET_MS = -3 * 3_600_000;

/** An instant as ISO 8601 on the station's clock, to the second: `2026-11-26T09:05:31-03:00`. */
export function stationIso(time: number): string {
  return `${new Date(time + STATION_OFFSET_MS).toISOString().slice(0, 19)}${STATION_OFFSET}`;
}

/** `01/12/2026 00:00 – 31/12/2026 23:59` (Brasília). */
export function periodText(startsAt: string, endsAt: string): string {
  return `${formatStaffDate(startsAt)} – ${formatStaffDate(endsAt)}`;
}

/** A winner's day, `2026-12-01` → `01/12/2026`; anything else as it came. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** `São Paulo/SP`, `São Paulo`, `SP` or ''. */
export function cityText(city: string, uf: string): string {
  return [city.trim(), uf.trim()].filter(Boolean).join('/');
}

/** `page` 1-based: `21–40 de 45 promoções`. */
export function rangeText(page: number, perPage: number, total: number): string {
  if (total === 0) return 'Nenhuma promoção';
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  const noun = total === 1 ? 'promoção' : 'promoções';
  return `${first}–${last} de ${total.toLocaleString('pt-BR')} ${noun}`;
}

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
