/** Dates of news items, shown in Brasília time ('23/11/2026 às 06h30'). */
const DATE = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '23/11/2026'. */
export function formatNewsDate(iso: string): string {
  const date = parse(iso);
  return date ? DATE.format(date) : '';
}

/** '23/11/2026 às 06h30'. */
export function formatNewsDateTime(iso: string): string {
  const date = parse(iso);
  if (!date) return '';
  return `${DATE.format(date)} às ${TIME.format(date).replace(':', 'h')}`;
}
