/**
 * Brasília wall-clock time for the dashboard (doc3 §5, G20: UTC−3 all year). The form fields hold
 * `YYYY-MM-DDTHH:mm` (what `<input type="datetime-local">` uses); the API takes `YYYY-MM-DD HH:mm`.
 */
import { STATS_DEFAULT_RANGE_DAYS, STATS_TZ_OFFSET_HOURS } from '@/lib/constants';

const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar date in Brasília at `now`, as `YYYY-MM-DD`, shifted by `days`. */
export function brasiliaDate(now: Date, days = 0): string {
  const shifted = new Date(now.getTime() + STATS_TZ_OFFSET_HOURS * 3_600_000);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** The default history range: 00:00 of the day six days ago to 23:59 today (seven days). */
export function defaultRange(now: Date = new Date()): { start: string; end: string } {
  return {
    start: `${brasiliaDate(now, -(STATS_DEFAULT_RANGE_DAYS - 1))}T00:00`,
    end: `${brasiliaDate(now)}T23:59`,
  };
}

/** `2024-05-01T08:30` → `2024-05-01 08:30`. */
export function toApiDateTime(local: string): string {
  return local.replace('T', ' ').slice(0, 16);
}

/** `2024-05-01 08:30[:15]` → `01/05/2024 08:30[:15]`. */
export function formatDateTime(time: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](.*))?$/.exec(time);
  if (!match) return time;
  const [, year, month, day, clock] = match;
  return clock ? `${day}/${month}/${year} ${clock}` : `${day}/${month}/${year}`;
}

/** A short axis label for a bucket start of the given grouping. */
export function formatBucket(time: string, grouping: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}:\d{2}))?/.exec(time);
  if (!match) return time;
  const [, year, month, day, clock = '00:00'] = match;
  if (grouping === 'month') return `${month}/${year}`;
  if (grouping === 'day' || grouping === 'week') return `${day}/${month}`;
  return `${day}/${month} ${clock}`;
}

/** `HH:mm:ss` of a sample time. */
export function clockOf(time: string): string {
  return time.slice(11, 19);
}

/** A bucket start as the table's period label. */
export function periodLabel(time: string, grouping: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}:\d{2}))?/.exec(time);
  if (!match) return time;
  const [, year, month, day, clock = '00:00'] = match;
  if (grouping === 'month') return `${month}/${year}`;
  if (grouping === 'week') return `semana de ${day}/${month}/${year}`;
  if (grouping === 'day') return `${day}/${month}/${year}`;
  return `${day}/${month}/${year} ${clock}`;
}

/** The non-empty lines of the box, trimmed. */
export function timestampLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Now in Brasília as `YYYY-MM-DD HH:mm` (compares with bucket starts as text). */
export function brasiliaNowMinute(now: Date = new Date()): string {
  const shifted = new Date(now.getTime() + STATS_TZ_OFFSET_HOURS * 3_600_000);
  return shifted.toISOString().slice(0, 16).replace('T', ' ');
}
