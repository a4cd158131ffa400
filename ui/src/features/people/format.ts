/** Words of the people area (dates come from the back office: backoffice/format.ts). */
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
