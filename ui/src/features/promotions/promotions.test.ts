import { describe, expect, it } from 'vitest';
import {
  answerLimit,
  answerModeOf,
  answerProblem,
  formatDate,
  participationGate,
  truncateAnswer,
} from './promotions';
import { INCOMPLETE_LISTENER, LISTENER, makePromotion, PRO_LISTENER } from './testing/fixtures';

describe('answerModeOf (G49)', () => {
  it.each([
    ['S', 'S', 'respostaMultipla'],
    ['S', 'N', 'respostaMultipla'],
    ['N', 'S', 'respostaUnicaEditavel'],
    ['N', 'N', 'respostaUnicaNaoEditavel'],
  ] as const)('rs_multiple %s, rs_editavel %s → %s', (multiple, editable, mode) => {
    expect(answerModeOf({ rs_multiple: multiple, rs_editavel: editable })).toBe(mode);
  });
});

describe('participationGate (doc2 §4: login, PRO, registration, then the mode)', () => {
  const pro = makePromotion(1, { pro: true, rs_editavel: 'S' });

  it('checks in the spec order', () => {
    expect(participationGate(pro, null)).toEqual({ kind: 'login' });
    // Not PRO and incomplete: PRO is asked about first.
    expect(participationGate(pro, { isPro: false, registrationComplete: false })).toEqual({
      kind: 'pro',
    });
    expect(participationGate(pro, { ...PRO_LISTENER, registrationComplete: false })).toEqual({
      kind: 'profile',
    });
    expect(participationGate(pro, PRO_LISTENER)).toEqual({
      kind: 'open',
      mode: 'respostaUnicaEditavel',
    });
  });

  it('a promotion open to all needs no PRO; an unknown registration is not complete', () => {
    const open = makePromotion(2);
    expect(participationGate(open, LISTENER)).toEqual({
      kind: 'open',
      mode: 'respostaUnicaNaoEditavel',
    });
    expect(participationGate(open, INCOMPLETE_LISTENER)).toEqual({ kind: 'profile' });
    expect(participationGate(open, { isPro: true })).toEqual({ kind: 'profile' });
  });

  it('a closed promotion takes no answers, logged in or not', () => {
    const closed = makePromotion(3, { isOpen: false });
    expect(participationGate(closed, null)).toEqual({ kind: 'closed' });
    expect(participationGate(closed, PRO_LISTENER)).toEqual({ kind: 'closed' });
  });
});

describe('the answer (doc2 §5)', () => {
  it('takes 350 characters, 30 for a single word', () => {
    expect(answerLimit({ rs_keywords: 'N' })).toBe(350);
    expect(answerLimit({ rs_keywords: 'S' })).toBe(30);
  });

  it('is cut at the limit, counting characters rather than UTF-16 units', () => {
    expect(truncateAnswer('x'.repeat(400), 350)).toHaveLength(350);
    expect(truncateAnswer('curta', 30)).toBe('curta');
    expect(truncateAnswer('🎵'.repeat(31), 30)).toBe('🎵'.repeat(30));
  });

  it('PR-10: the three messages, word for word', () => {
    expect(answerProblem('', false)).toBe(
      'Você precisa preencher a caixa de texto com sua resposta, ler  e aceitar o regulamento.',
    );
    expect(answerProblem('   ', false)).toBe(
      'Você precisa preencher a caixa de texto com sua resposta, ler  e aceitar o regulamento.',
    );
    expect(answerProblem('Rock', false)).toBe('Você precisa ler  e aceitar o regulamento.');
    expect(answerProblem(' \n', true)).toBe('Preencha a caixa de texto com sua resposta.');
    expect(answerProblem('Rock', true)).toBeNull();
  });
});

describe('formatDate', () => {
  it('reads the date part as written (Brasília), dd/mm/aaaa', () => {
    expect(formatDate('2026-03-31T23:59:59-03:00')).toBe('31/03/2026');
    expect(formatDate('2026-04-02')).toBe('02/04/2026');
    expect(formatDate('')).toBe('');
  });
});
