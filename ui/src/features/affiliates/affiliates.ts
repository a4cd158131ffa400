import type { Affiliate } from '@/generated/Affiliate';

/** doc2 §2 Affiliates: the states with buttons, and the delay after each filter change (AF-04). */
export const AFFILIATE_STATES = ['BA', 'DF', 'ES', 'MG', 'PR', 'RS', 'SC', 'SP'] as const;
export const AFFILIATE_FILTER_DELAY_MS = 1000;
export const NO_AFFILIATE_TEXT = 'Nenhuma filial encontrada para o estado selecionado.';

/** The UF in 'city/UF - CEP' (doc2: the state is read from the postal-code text), or ''. */
export function stateOf(affiliate: Pick<Affiliate, 'enderecoCEP'>): string {
  const match = /\/\s*([A-Za-z]{2})\b/.exec(affiliate.enderecoCEP);
  return match?.[1]?.toUpperCase() ?? '';
}

/** The CEP part after ' - ' ('' when missing). */
export function cepOf(affiliate: Pick<Affiliate, 'enderecoCEP'>): string {
  const index = affiliate.enderecoCEP.indexOf(' - ');
  return index < 0 ? '' : affiliate.enderecoCEP.slice(index + 3).trim();
}

/** A missing field shows a dash (doc2 §2). */
export function orDash(value: string | null | undefined): string {
  return value && value.trim() ? value : '-';
}
