/** What the live desk shows of the server's values and of the page's own address. */

/** Dates on the station's clock (Brasília), as the rest of the back office shows them. */
const DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-11-26T09:05:00-03:00` → `26/11/2026 às 09:05`; '' for an unreadable date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return DATE_TIME.format(date).replace(',', ' às');
}

/** Where an encoder connects: this site's host and port (the mounts are served where the pages are). */
export interface SourceServer {
  host: string;
  port: string;
  tls: boolean;
}

export function sourceServer(
  location: Pick<Location, 'hostname' | 'port' | 'protocol'>,
): SourceServer {
  const tls = location.protocol === 'https:';
  return { host: location.hostname, port: location.port || (tls ? '443' : '80'), tls };
}
