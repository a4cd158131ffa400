/**
 * The hunt editor's form: values, the HuntInput the server takes, and the client-side checks of
 * shared/src/validation/backoffice_promotions.rs with the generated limits and messages. The chance
 * is typed in percent (2.5) and travels as a probability (0.025). What needs the database (a prize
 * already won) is checked here only as far as the loaded stock tells.
 */
import { charCount, isBlankHtml } from '@/features/backoffice/form';
import { fromStationLocal, toStationLocal } from '@/features/backoffice/format';
import type { HuntDraft } from '@/generated/HuntDraft';
import type { HuntInput } from '@/generated/HuntInput';
import type { HuntPrizeState } from '@/generated/HuntPrizeState';
import { limits, messages } from '@/generated/validation-rules';
import { periodErrors } from '../editor/promotion-form';
import { fromPercent, toPercent } from '../format';

export interface PrizeValues {
  /** The row's identity in the form (a stored prize's id can be null: a new one). */
  key: string;
  id: number | null;
  name: string;
  description: string;
  imageUrl: string;
  /** What the number input holds ('' while empty). */
  totalQuantity: number | string;
}

export interface HuntFormValues {
  title: string;
  description: string;
  /** HTML as tiptap writes it. */
  rules: string;
  bannerMessage: string;
  isActive: boolean;
  /** `datetime-local` values on the station's clock (Brasília). */
  startsAt: string;
  endsAt: string;
  /** The chance per counted page view in percent, 0–100 ('' while empty). */
  chance: number | string;
  prizes: PrizeValues[];
}

export type HuntField = Exclude<keyof HuntFormValues, 'prizes'> | 'prizes';
export type PrizeField = 'name' | 'description' | 'imageUrl' | 'totalQuantity';
export interface HuntErrors {
  fields: Partial<Record<HuntField, string>>;
  /** Per prize row (by `key`). */
  prizes: Record<string, Partial<Record<PrizeField, string>>>;
}

export const NO_ERRORS: HuntErrors = { fields: {}, prizes: {} };

export const hasErrors = (errors: HuntErrors) =>
  Object.values(errors.fields).some(Boolean) ||
  Object.values(errors.prizes).some((row) => Object.values(row).some(Boolean));

let lastKey = 0;
/** A fresh row key for a prize added in this editor. */
export const newPrizeKey = () => `novo-${++lastKey}`;

export const emptyPrize = (): PrizeValues => ({
  key: newPrizeKey(),
  id: null,
  name: '',
  description: '',
  imageUrl: '',
  totalQuantity: 1,
});

export function valuesFromHunt(draft: HuntDraft): HuntFormValues {
  return {
    title: draft.title,
    description: draft.description,
    rules: draft.rules,
    bannerMessage: draft.bannerMessage,
    isActive: draft.isActive,
    startsAt: toStationLocal(draft.startsAt),
    endsAt: toStationLocal(draft.endsAt),
    chance: toPercent(draft.winProbability),
    prizes: draft.prizes.map((prize, index) => ({
      key: prize.id === null ? `sem-id-${index}` : `premio-${prize.id}`,
      id: prize.id,
      name: prize.name,
      description: prize.description,
      imageUrl: prize.imageUrl,
      totalQuantity: prize.totalQuantity,
    })),
  };
}

/** The stock of a stored prize (what has been won, what is left); null for a new one. */
export function stockOf(prize: PrizeValues, stock: HuntPrizeState[]): HuntPrizeState | null {
  if (prize.id === null) return null;
  return stock.find((state) => state.id === prize.id) ?? null;
}

/** What POST (no draft) or PUT (with the draft's `version`) sends. */
export function toHuntInput(values: HuntFormValues, draft: HuntDraft | null): HuntInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    rules: isBlankHtml(values.rules) ? '' : values.rules,
    bannerMessage: values.bannerMessage.trim(),
    isActive: values.isActive,
    startsAt: fromStationLocal(values.startsAt) ?? '',
    endsAt: fromStationLocal(values.endsAt) ?? '',
    winProbability: fromPercent(Number(values.chance)),
    prizes: values.prizes.map((prize) => ({
      id: prize.id,
      name: prize.name.trim(),
      description: prize.description.trim(),
      imageUrl: prize.imageUrl,
      totalQuantity: Number(prize.totalQuantity),
    })),
    version: draft?.version ?? null,
  };
}

/** The client-side checks, in the server's words; {@link hasErrors} says whether any is broken. */
export function validateHunt(values: HuntFormValues, stock: HuntPrizeState[]): HuntErrors {
  const fields: HuntErrors['fields'] = {};
  const title = charCount(values.title);
  if (title < limits.HUNT_TITLE_MIN || title > limits.HUNT_TITLE_MAX)
    fields.title = messages.HUNT_TITLE;
  if (charCount(values.description) > limits.HUNT_DESCRIPTION_MAX)
    fields.description = messages.HUNT_DESCRIPTION;
  // An inactive hunt may wait for its regulation; an active one needs it.
  if (charCount(values.rules) > limits.HUNT_RULES_MAX) fields.rules = messages.HUNT_RULES_LONG;
  else if (values.isActive && isBlankHtml(values.rules)) fields.rules = messages.HUNT_RULES;
  if (charCount(values.bannerMessage) > limits.HUNT_BANNER_MAX)
    fields.bannerMessage = messages.HUNT_BANNER;
  Object.assign(fields, periodErrors(values.startsAt, values.endsAt));
  const chance = values.chance === '' ? NaN : Number(values.chance);
  if (!Number.isFinite(chance) || chance < 0 || chance > 100)
    fields.chance = messages.HUNT_PROBABILITY;
  if (values.prizes.length === 0 || values.prizes.length > limits.HUNT_PRIZES_MAX)
    fields.prizes = messages.HUNT_PRIZES;

  const prizes: HuntErrors['prizes'] = {};
  for (const prize of values.prizes) {
    const row: Partial<Record<PrizeField, string>> = {};
    const name = charCount(prize.name);
    if (name < 1 || name > limits.HUNT_PRIZE_NAME_MAX) row.name = messages.HUNT_PRIZE_NAME;
    if (charCount(prize.description) > limits.HUNT_PRIZE_DESCRIPTION_MAX)
      row.description = messages.HUNT_PRIZE_DESCRIPTION;
    const quantity = prize.totalQuantity === '' ? NaN : Number(prize.totalQuantity);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > limits.HUNT_PRIZE_QUANTITY_MAX)
      row.totalQuantity = messages.HUNT_PRIZE_QUANTITY;
    else if (quantity < (stockOf(prize, stock)?.won ?? 0))
      row.totalQuantity = messages.HUNT_PRIZE_BELOW_WON;
    if (Object.keys(row).length > 0) prizes[prize.key] = row;
  }
  return { fields, prizes };
}

/**
 * The field a server refusal belongs to, read from its message; the prize rules go to the prize
 * list (the server does not say which prize). Null for anything else (a toast).
 */
const FIELD_OF_MESSAGE: Partial<Record<string, HuntField>> = {
  [messages.HUNT_TITLE]: 'title',
  [messages.HUNT_DESCRIPTION]: 'description',
  [messages.HUNT_RULES]: 'rules',
  [messages.HUNT_RULES_LONG]: 'rules',
  [messages.HUNT_BANNER]: 'bannerMessage',
  [messages.PROMO_DATES]: 'endsAt',
  [messages.HUNT_PROBABILITY]: 'chance',
  [messages.HUNT_PRIZES]: 'prizes',
  [messages.HUNT_PRIZE_NAME]: 'prizes',
  [messages.HUNT_PRIZE_DESCRIPTION]: 'prizes',
  [messages.HUNT_PRIZE_QUANTITY]: 'prizes',
  [messages.HUNT_PRIZE_BELOW_WON]: 'prizes',
  [messages.HUNT_PRIZE_WON]: 'prizes',
  [messages.HUNT_PRIZE_UNKNOWN]: 'prizes',
  [messages.PROMO_IMAGE]: 'prizes',
};

export function fieldOfHuntMessage(message: string): HuntField | null {
  return FIELD_OF_MESSAGE[message] ?? null;
}

/** Same values? (The dirty check: plain data, so the JSON is the identity.) */
export function sameHuntValues(a: HuntFormValues, b: HuntFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
