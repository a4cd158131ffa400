/** Dates of the people area, on the station's clock (Brasília). */
const DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-11-26T09:05:00-03:00` → `26/11/2026 09:05`; '' for an unreadable date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return DATE_TIME.format(date).replace(',', '');
}

/** `2026-12-31` → `31/12/2026` (a calendar day, no clock). */
export function formatDay(day: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (day ?? '');
}

/** `21–40 de 45 contas`. */
export function rangeText(page: number, perPage: number, total: number, noun: string): string {
  if (total === 0) return `Nenhum resultado`;
  const first = (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  return `${first}–${last} de ${total.toLocaleString('pt-BR')} ${noun}`;
}

const SOURCES: Record<string, string> = {
  app_store: 'App Store',
  play_store: 'Google Play',
  processor: 'Pagamento no site',
  manual: 'Concedida pela equipe',
};

const STATUSES: Record<string, string> = {
  active: 'ativa',
  cancelled: 'cancelada',
  expired: 'expirada',
  revoked: 'revogada',
};

/** Where a subscription came from, in words (the wire carries the server's codes). */
export function subscriptionSource(source: string): string {
  return SOURCES[source] ?? source;
}

/** A subscription's state, in words. */
export function subscriptionStatus(status: string): string {
  return STATUSES[status] ?? status;
}
