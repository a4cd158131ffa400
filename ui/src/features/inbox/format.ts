/**
 * Texts of the inbox. Dates: the server sends ISO 8601 with the Brasília offset
 * (`2024-05-10T12:00:00-03:00`); staff read the station's wall clock, so the text is taken as sent,
 * whatever the reader's time zone.
 */
import type { InboxFolder } from '@/generated/InboxFolder';

/** `2024-05-10T12:00:05-03:00` → `10/05/2024 12:00`; anything else is shown as it came. */
export function formatInboxDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso);
  if (!match) return iso;
  const [, year, month, day, hour, minute] = match;
  return `${day}/${month}/${year} ${hour}:${minute}`;
}

/** `page` 1-based, `perPage` rows, `total` rows: `21–40 de 45`. */
export function rangeText(page: number, perPage: number, total: number): string {
  if (total === 0) return '0 mensagens';
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  return `${first}–${last} de ${total}`;
}

/** `3 não lidas de 10`, for screen readers (the badge shows the 3). */
export function countText({ unhandled, total }: InboxFolder): string {
  return `${unhandled} ${unhandled === 1 ? 'não lida' : 'não lidas'} de ${total}`;
}
