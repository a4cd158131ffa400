/** Promotions, answers, winners and users for the promotions tests. */
import type { Promotion } from '@/generated/Promotion';
import type { PromotionWinner } from '@/generated/PromotionWinner';
import type { UserAnswer } from '@/generated/UserAnswer';
import type { SessionUser } from '@/lib/session';

export function makePromotion(id: number, overrides: Partial<Promotion> = {}): Promotion {
  const slug = overrides.url_promocao ?? `promocao-${id}`;
  return {
    id_promocao: id,
    tx_promocao: `Promoção ${id}`,
    url_promocao: slug,
    tx_descricao: `<p>Descrição da <strong>promoção ${id}</strong>.</p>`,
    tx_descricao_curta: `Resumo da promoção ${id}.`,
    tx_regulamento: `<h2>Regulamento</h2><p>Regras da promoção ${id}.</p>`,
    tx_banner: `/media/img/promotion-banner/${slug}.svg`,
    tx_banner_destaque: `/media/img/promotion-hero/${slug}.svg`,
    tx_imageNew: `/media/img/promotion/${slug}.svg`,
    tx_featuredImageNew: `/media/img/promotion-wide/${slug}.svg`,
    tx_colorScheme: 'L',
    pro: false,
    rs_editavel: 'N',
    rs_multiple: 'N',
    rs_keywords: 'N',
    filial: '',
    question: 'Qual é a sua música preferida?',
    dt_inicio: '2026-03-01T00:00:00-03:00',
    dt_fim: '2026-03-31T23:59:59-03:00',
    isOpen: true,
    ...overrides,
  };
}

/** `count` closed promotions, ids from `first`, the newest end first. */
export function closedPromotions(count: number, first = 100): Promotion[] {
  return Array.from({ length: count }, (_, index) =>
    makePromotion(first + index, {
      tx_promocao: `Encerrada ${first + index}`,
      isOpen: false,
      dt_inicio: '2025-01-01T00:00:00-03:00',
      dt_fim: '2025-02-10T23:59:59-03:00',
    }),
  );
}

export function makeAnswer(id: number, text: string): UserAnswer {
  return {
    id_participante_promocao: id,
    tx_resposta: text,
    dt_resposta: '2026-03-05T10:00:00-03:00',
  };
}

export const WINNERS: PromotionWinner[] = [
  {
    tx_nome: 'Ana',
    tx_sobrenome: 'Souza',
    tx_cidade: 'São Paulo',
    id_estado: 25,
    sg_estado: 'SP',
    dt_vencedor: '2026-04-02',
  },
  {
    tx_nome: 'Bruno',
    tx_sobrenome: 'Lima',
    tx_cidade: 'Curitiba',
    id_estado: 16,
    sg_estado: 'PR',
    dt_vencedor: '2026-04-03',
  },
];

/** A logged-in listener who may take part in everything but PRO-only promotions. */
export const LISTENER: SessionUser = {
  userId: 7,
  name: 'José',
  email: 'jose@example.com',
  isPro: false,
  registrationComplete: true,
};

export const PRO_LISTENER: SessionUser = { ...LISTENER, userId: 8, isPro: true };

export const INCOMPLETE_LISTENER: SessionUser = {
  ...LISTENER,
  userId: 9,
  registrationComplete: false,
};
