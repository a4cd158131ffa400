/**
 * Promotions desk data for tests, as the server sends it, and the back office's fetch stand-in (it
 * records every call) with a permission-6 staff member by default.
 */
import { mockBackoffice, ok, permissions, type Handler } from '@/features/backoffice/testing';
import type { HuntDraft } from '@/generated/HuntDraft';
import type { HuntRow } from '@/generated/HuntRow';
import type { PromotionAnswerRow } from '@/generated/PromotionAnswerRow';
import type { PromotionAnswersPage } from '@/generated/PromotionAnswersPage';
import type { PromotionDraft } from '@/generated/PromotionDraft';
import type { PromotionPage } from '@/generated/PromotionPage';
import type { PromotionRow } from '@/generated/PromotionRow';
import type { StaffWinner } from '@/generated/StaffWinner';

export * from '@/features/backoffice/testing';

export function makePromotionRow(id: number, overrides: Partial<PromotionRow> = {}): PromotionRow {
  return {
    id,
    slug: `promocao-${id}`,
    title: `Promoção ${id}`,
    status: 'open',
    startsAt: '2026-11-20T09:00:00-03:00',
    endsAt: '2026-12-20T18:00:00-03:00',
    imageUrl: `/media/uploads/promo-${id}`,
    isPro: false,
    answers: 1234,
    winners: 0,
    ...overrides,
  };
}

export function promotionPage(
  items: PromotionRow[],
  overrides: Partial<PromotionPage> = {},
): PromotionPage {
  return { items, total: items.length, page: 1, perPage: 20, ...overrides };
}

export function makeWinner(overrides: Partial<StaffWinner> = {}): StaffWinner {
  return {
    name: 'Maria Souza',
    email: 'maria@example.com',
    city: 'Curitiba',
    uf: 'PR',
    wonOn: '2026-11-25',
    mailed: true,
    ...overrides,
  };
}

export function makePromotion(id: number, overrides: Partial<PromotionDraft> = {}): PromotionDraft {
  return {
    id,
    slug: `promocao-${id}`,
    status: 'open',
    url: `/promocoes/promocao-${id}`,
    answers: 2,
    participants: 2,
    winners: [],
    title: `Promoção ${id}`,
    shortDescription: 'Ganhe ingressos',
    description: '<p>Conte por que você merece.</p>',
    rules: '<p>Regulamento.</p>',
    question: 'Por que você merece?',
    imageUrl: '',
    bannerUrl: '',
    colorScheme: 'L',
    isPro: false,
    isEditable: false,
    isMultiple: false,
    isSingleWord: false,
    affiliate: '',
    isPublished: true,
    startsAt: '2026-11-20T09:00:00-03:00',
    endsAt: '2026-12-20T18:00:00-03:00',
    version: 4,
    ...overrides,
  };
}

export function makeAnswer(id: number, overrides: Partial<PromotionAnswerRow> = {}) {
  return {
    id,
    userId: 100 + id,
    name: `Ouvinte ${id}`,
    email: `ouvinte${id}@example.com`,
    city: 'Curitiba',
    uf: 'PR',
    answer: `Resposta ${id}`,
    answeredAt: '2026-11-24T15:30:00-03:00',
    isWinner: false,
    ...overrides,
  } satisfies PromotionAnswerRow;
}

export function answersPage(
  items: PromotionAnswerRow[],
  overrides: Partial<PromotionAnswersPage> = {},
): PromotionAnswersPage {
  return { items, total: items.length, page: 1, perPage: 20, ...overrides };
}

export function makeHuntRow(id: number, overrides: Partial<HuntRow> = {}): HuntRow {
  return {
    id,
    title: `Caça ${id}`,
    status: 'open',
    startsAt: '2026-12-01T00:00:00-03:00',
    endsAt: '2026-12-31T23:59:00-03:00',
    totalPrizes: 30,
    prizesWon: 12,
    players: 4567,
    ...overrides,
  };
}

export function makeHunt(id: number, overrides: Partial<HuntDraft> = {}): HuntDraft {
  return {
    id,
    status: 'open',
    stock: [
      { id: 11, won: 3, remainingQuantity: 7 },
      { id: 12, won: 0, remainingQuantity: 5 },
    ],
    players: 4567,
    title: `Caça ${id}`,
    description: 'Ache o baú pelo site.',
    rules: '<p>Regras da caça.</p>',
    bannerMessage: 'Ache o baú!',
    isActive: true,
    startsAt: '2026-12-01T00:00:00-03:00',
    endsAt: '2026-12-31T23:59:00-03:00',
    winProbability: 0.025,
    prizes: [
      { id: 11, name: 'Camiseta', description: '', imageUrl: '', totalQuantity: 10 },
      { id: 12, name: 'Caneca', description: '', imageUrl: '', totalQuantity: 5 },
    ],
    version: 9,
    ...overrides,
  };
}

/** The back office's fetch stand-in, the caller holding permission 6 unless a handler says else. */
export function mockPromotions(handlers: Record<string, Handler> = {}) {
  return mockBackoffice({ 'stats/getUserPermissions': ok(permissions([6])), ...handlers });
}
