import { describe, expect, it } from 'vitest';
import { limits, messages } from '@/generated/validation-rules';
import { EMPTY_PROMOTION, periodErrors, toInput, validatePromotion } from './editor/promotion-form';
import { stationIso } from '@/features/backoffice/format';
import { fromPercent, toPercent } from './format';
import { toHuntInput, validateHunt, valuesFromHunt } from './hunts/hunt-form';
import { makeHunt } from './testing/fixtures';

describe('the chance, percent ⇄ probability', () => {
  it.each([
    [0, 0],
    [0.001, 0.1],
    [0.025, 2.5],
    [0.07, 7],
    [0.333, 33.3],
    [1, 100],
  ])('%f on the wire is %f%% on the screen, and back', (probability, percent) => {
    expect(toPercent(probability)).toBe(percent);
    expect(fromPercent(percent)).toBe(probability);
  });

  it('a hunt goes through the form unchanged', () => {
    const hunt = makeHunt(3);
    expect(toHuntInput(valuesFromHunt(hunt), hunt)).toEqual({
      title: hunt.title,
      description: hunt.description,
      rules: hunt.rules,
      bannerMessage: hunt.bannerMessage,
      isActive: hunt.isActive,
      startsAt: hunt.startsAt,
      endsAt: hunt.endsAt,
      winProbability: hunt.winProbability,
      prizes: hunt.prizes,
      version: hunt.version,
    });
  });

  it('a stored prize cannot go below what was won', () => {
    const hunt = makeHunt(3);
    const values = valuesFromHunt(hunt);
    const first = values.prizes[0];
    if (!first) throw new Error('no prize');
    first.totalQuantity = 2;
    const errors = validateHunt(values, hunt.stock);
    expect(errors.prizes[first.key]).toEqual({ totalQuantity: messages.HUNT_PRIZE_BELOW_WON });
  });
});

describe('the promotion form', () => {
  const valid = {
    ...EMPTY_PROMOTION,
    title: 'Ganhe ingressos',
    startsAt: '2026-12-01T08:00',
    endsAt: '2026-12-02T08:00',
  };

  it('takes a hidden draft without texts', () => {
    expect(validatePromotion(valid)).toEqual({});
  });

  it("uses the server's limits and messages", () => {
    expect(validatePromotion({ ...valid, title: 'x'.repeat(limits.PROMO_TITLE_MAX + 1) })).toEqual({
      title: messages.PROMO_TITLE,
    });
    expect(validatePromotion({ ...valid, title: '  ab  ' }).title).toBe(messages.PROMO_TITLE);
    expect(
      validatePromotion({ ...valid, question: 'x'.repeat(limits.PROMO_QUESTION_MAX + 1) }),
    ).toEqual({ question: messages.PROMO_QUESTION });
    expect(validatePromotion({ ...valid, isPublished: true, rules: '<p> </p>' })).toEqual({
      description: messages.PROMO_DESCRIPTION,
      rules: messages.PROMO_RULES,
    });
  });

  it('wants the end after the start', () => {
    expect(periodErrors('2026-12-01T08:00', '2026-12-01T08:00')).toEqual({
      endsAt: messages.PROMO_DATES,
    });
    expect(periodErrors('', '2026-12-01T08:00').startsAt).toBe('Escolha a data e a hora');
  });

  it('sends the dates on the Brasília clock', () => {
    expect(toInput(valid, null)).toMatchObject({
      startsAt: '2026-12-01T08:00:00-03:00',
      endsAt: '2026-12-02T08:00:00-03:00',
      version: null,
    });
    expect(stationIso(Date.parse('2026-11-26T12:05:31.250Z'))).toBe('2026-11-26T09:05:31-03:00');
  });
});
