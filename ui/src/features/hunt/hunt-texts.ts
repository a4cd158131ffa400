/**
 * The treasure hunt's texts (its addresses and timings: hunt-constants.ts) (doc3 §2.7, §2.8, §4.4,
 * §8, §9; decisions C29, C31, G14, G19).
 */
import { publicPageUrl } from '@/lib/share';
import { HUNT_PATH } from './hunt-constants';

export const HUNT_TEXTS = {
  /** hunt.01 */
  noPrizes: 'Não há prêmios no momento',
  /** hunt.02 */
  noHunt: 'Fique antenado e não perca a PRÓXIMA caça ao tesouro!',
  /** hunt.03 */
  understood: 'ok, entendi',
  /** hunt.04 (doc3 §8) */
  openFailed: 'Ocorreu um erro inesperado! Por favor tente novamente clicando no baú.',
  /** G14: the profile modal of the hunt (the promotions' wording, for the hunt). */
  completeRegistration: 'Por favor complete seu cadastro para participar da caça ao tesouro.',
  completeRegistrationButton: 'Completar cadastro',
  loginNotice: 'Entre na sua conta para participar da caça ao tesouro.',
  loadError: 'Não foi possível carregar a caça ao tesouro. Tente novamente mais tarde.',
  shareFailed: 'Desculpe, algo deu errado! Tente novamente mais tarde.',
  shared: 'Pronto! Continue navegando pelo site: o próximo baú pode estar na próxima página.',
  chestLabel: 'Você encontrou um baú do tesouro! Clique para abrir',
  chestOpening: 'Abrindo o baú…',
} as const;

export const HUNT_TABS = {
  start: 'Início',
  rules: 'Regulamento',
  prizes: 'Prêmios',
} as const;

export type HuntTab = keyof typeof HUNT_TABS;

/** A prize's icon level (G19: 0 when none is left, then by the remaining share in 25% steps). */
export type PrizeLevel = 0 | 1 | 2 | 3 | 4;

/** What each level says, visibly and to screen readers. */
export const PRIZE_LEVELS: Record<PrizeLevel, { label: string; detail: string }> = {
  4: { label: 'Muitas unidades', detail: 'mais de 75% dos prêmios disponíveis' },
  3: { label: 'Boa quantidade', detail: 'até 75% dos prêmios disponíveis' },
  2: { label: 'Metade ou menos', detail: 'até 50% dos prêmios disponíveis' },
  1: { label: 'Últimas unidades', detail: 'até 25% dos prêmios disponíveis' },
  0: { label: 'Esgotado', detail: 'nenhum prêmio disponível' },
};

/** The server computes `prizeIcon` (G19); anything outside 0–4 is clamped. */
export function prizeLevel(icon: number): PrizeLevel {
  if (!Number.isFinite(icon) || icon <= 0) return 0;
  if (icon >= 4) return 4;
  return Math.round(icon) as PrizeLevel;
}

/** '2025-12-31T23:59:00-03:00' → '31/12/2025' (Brasília); '' when unreadable. */
export function formatHuntDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
}

/** The absolute address of the hunt page, for the share links. */
export function huntPageUrl(publicUrl: string | undefined): string {
  return publicPageUrl(HUNT_PATH, publicUrl);
}
