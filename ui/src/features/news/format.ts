/** Dates of news items, shown in Brasília time ('23/11/2026 às 06h30'). */

/**
 * The formatters are made on first use, not when the module loads (total blocking time).
 * A page's first Brazilian date format with a time zone loads the browser's locale and zone data:
 * 106 ms on a phone (Chromium, 4x CPU). Made at load, that came in the app's start-up task on every
 * page showing a news card, even where no date is on the first screen (the home page's dated cards
 * are drawn later, in their own turn).
 */
let dateFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;

function formatDay(date: Date): string {
  dateFormat ??= new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  return dateFormat.format(date);
}

function formatTime(date: Date): string {
  timeFormat ??= new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return timeFormat.format(date);
}

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '23/11/2026'. */
export function formatNewsDate(iso: string): string {
  const date = parse(iso);
  return date ? formatDay(date) : '';
}

/** '23/11/2026 às 06h30'. */
export function formatNewsDateTime(iso: string): string {
  const date = parse(iso);
  if (!date) return '';
  return `${formatDay(date)} às ${formatTime(date).replace(':', 'h')}`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Singular and plural of each unit of a relative age, the largest first (doc2 §9). */
const AGE_UNITS: [ms: number, one: string, many: string][] = [
  [365 * DAY_MS, 'ano', 'anos'],
  [30 * DAY_MS, 'mês', 'meses'],
  [7 * DAY_MS, 'semana', 'semanas'],
  [DAY_MS, 'dia', 'dias'],
  [HOUR_MS, 'hora', 'horas'],
];

/**
 * The age of a news item in its largest whole unit: '3 anos', '1 mês', '2 semanas', '5 dias',
 * '1 hora'; anything younger than an hour (or dated a little in the future by a clock skew) is
 * '1 min', the smallest label (doc2 §9). Empty for an unreadable date.
 */
export function formatRelativeAge(iso: string, now: number = Date.now()): string {
  const date = parse(iso);
  if (!date) return '';
  const age = now - date.getTime();
  for (const [ms, one, many] of AGE_UNITS) {
    const count = Math.floor(age / ms);
    if (count >= 1) return `${count} ${count === 1 ? one : many}`;
  }
  return '1 min';
}
