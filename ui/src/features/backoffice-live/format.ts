/** What the live desk shows of the server's values and of the page's own address. */
import { formatStaffDate } from '@/features/backoffice/format';

/** `2026-11-26T09:05:00-03:00` → `26/11/2026 às 09:05` (Brasília, as the rest of the back office); ''
 * for an unreadable date. */
export function formatDateTime(iso: string | null | undefined): string {
  return formatStaffDate(iso).replace(' ', ' às ');
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
