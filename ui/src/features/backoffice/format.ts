/**
 * Dates, counts and small texts of the back office. The station's clock is Brasília's, UTC−3 all
 * year (Brazil has had no daylight saving since 2019), whatever the staff member's computer says: a
 * story scheduled for 10:00 goes out at 10:00 in Brasília even when it is written from Lisbon.
 */

/** The station's offset, as ISO 8601 writes it. */
export const STATION_OFFSET = '-03:00';
const STATION_OFFSET_MS = -3 * 3_600_000;

const DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-11-26T09:05:00-03:00` → `26/11/2026 09:05` (Brasília); '' for an unreadable date. */
export function formatStaffDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return DATE_TIME.format(date).replace(',', '');
}

/** `2026-12-31` → `31/12/2026` (a calendar day, no clock); anything else as it came. */
export function formatDay(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (day ?? '');
}

/**
 * An instant as the value of an `<input type="datetime-local">` on the station's clock:
 * `2026-11-26T12:05:00Z` → `2026-11-26T09:05`.
 */
export function toStationLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + STATION_OFFSET_MS).toISOString().slice(0, 16);
}

/**
 * A `datetime-local` value read on the station's clock, as ISO 8601 with the offset:
 * `2026-11-26T09:05` → `2026-11-26T09:05:00-03:00`; null when it is not a real date and time.
 */
export function fromStationLocal(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '00'] = match;
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}${STATION_OFFSET}`;
  const time = Date.parse(iso);
  // Date.parse rolls 31/02 over to March: a value that does not come back the same is not a date.
  if (Number.isNaN(time) || toStationLocal(iso) !== `${year}-${month}-${day}T${hour}:${minute}`)
    return null;
  return iso;
}

/** An instant as ISO 8601 on the station's clock, to the second: `2026-11-26T09:05:31-03:00`. */
export function stationIso(time: number): string {
  return `${new Date(time + STATION_OFFSET_MS).toISOString().slice(0, 19)}${STATION_OFFSET}`;
}

/** `01/12/2026 00:00 – 31/12/2026 23:59` (Brasília). */
export function periodText(startsAt: string, endsAt: string): string {
  return `${formatStaffDate(startsAt)} – ${formatStaffDate(endsAt)}`;
}

/** How a list counts its rows: 'Nenhuma notícia', '1 notícia', '45 notícias'. */
export interface CountNouns {
  none: string;
  one: string;
  many: string;
}

/** `page` 1-based: `21–40 de 45 notícias`. */
export function rangeText(page: number, perPage: number, total: number, nouns: CountNouns): string {
  if (total === 0) return nouns.none;
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  const noun = total === 1 ? nouns.one : nouns.many;
  return `${first}–${last} de ${total.toLocaleString('pt-BR')} ${noun}`;
}

/** `12345` → `12.345`. */
export function formatCount(value: number): string {
  return value.toLocaleString('pt-BR');
}

/**
 * The id of a YouTube video from what a staff member pastes: the 11-character id itself or any of
 * the usual addresses (watch?v=, youtu.be/, /embed/, /shorts/, /live/). Null when none is found.
 */
export function youtubeId(raw: string): string | null {
  const text = raw.trim();
  if (/^[\w-]{11}$/.test(text)) return text;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|m\.|music\.)/, '');
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be') candidate = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    candidate =
      url.searchParams.get('v') ??
      /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname)?.[1] ??
      null;
  }
  return candidate && /^[\w-]{11}$/.test(candidate) ? candidate : null;
}

/** The address of a narrower rendition of an uploaded picture (`url?w=320`). */
export function imageWidthUrl(url: string, width: number): string {
  if (!url) return url;
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}
