/** Hunts, prizes, wins and users for the hunt tests. */
import type { HuntInfo } from '@/generated/HuntInfo';
import type { HuntPrize } from '@/generated/HuntPrize';
import type { HuntStatus } from '@/generated/HuntStatus';
import type { HuntWin } from '@/generated/HuntWin';
import type { SessionUser } from '@/lib/session';

export function makePrize(id: number, total: number, remaining: number, icon: number): HuntPrize {
  const name = `Prêmio ${id}`;
  return {
    id,
    tx_nome: name,
    prizeName: name,
    prizeDescription: `Descrição do prêmio ${id}`,
    prizeImage: `/media/img/prize/premio-${id}.svg`,
    numberTotalPrize: total,
    prizeRemainingQuantity: remaining,
    prizesWon: total - remaining,
    prizeIcon: icon,
  };
}

/** G19 by the remaining share: 0%, 20%, 50%, 70% and 100% left → levels 0, 1, 2, 3 and 4. */
export const PRIZES: HuntPrize[] = [
  makePrize(1, 10, 0, 0),
  makePrize(2, 10, 2, 1),
  makePrize(3, 10, 5, 2),
  makePrize(4, 10, 7, 3),
  makePrize(5, 8, 8, 4),
];

export function makeHunt(overrides: Partial<HuntInfo> = {}): HuntInfo {
  const prizes = overrides.prizes ?? PRIZES;
  const total = prizes.reduce((sum, prize) => sum + prize.numberTotalPrize, 0);
  const won = prizes.reduce((sum, prize) => sum + prize.prizesWon, 0);
  return {
    idHunt: 3,
    huntEndDate: '2026-12-31T23:59:00-03:00',
    bannerMessage: 'A Caça ao Tesouro começou! Encontre o baú premiado.',
    id_tesouro: 3,
    tx_titulo: 'Caça ao Tesouro Rádio Teste',
    tx_descricao: 'Navegue pelo site e encontre o baú escondido.',
    situacao: true,
    tx_regulamento:
      '<p><strong>1. Quem pode participar.</strong> Ouvintes com cadastro completo.</p>',
    dt_inicio: '2026-12-01T00:00:00-03:00',
    dt_fim: '2026-12-31T23:59:00-03:00',
    banner_message: 'A Caça ao Tesouro começou! Encontre o baú premiado.',
    prizes,
    totalPrizes: total,
    prizesWon: won,
    ...overrides,
  };
}

export function makeWin(overrides: Partial<HuntWin> = {}): HuntWin {
  return {
    idLog: 41,
    idHunt: 3,
    tx_nome: 'Caixa de som portátil',
    prizeName: 'Caixa de som portátil',
    prizeDescription: 'Caixa de som à prova d’água.',
    prizeImage: '/media/img/prize/caixa-de-som-portatil.svg',
    status: 'reserved',
    wonAt: '2026-12-10T10:00:00-03:00',
    ...overrides,
  };
}

export function makeStatus(overrides: Partial<HuntStatus> = {}): HuntStatus {
  return {
    huntActive: true,
    registrationComplete: true,
    canWin: true,
    pendingPrize: null,
    prizesWon: 0,
    ...overrides,
  };
}

export function makeUser(registrationComplete: boolean, userId = 7): SessionUser {
  return {
    userId,
    name: 'José',
    email: 'jose@example.com',
    isPro: false,
    registrationComplete,
  };
}
