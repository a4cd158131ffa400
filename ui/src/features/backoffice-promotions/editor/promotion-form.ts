/**
 * The promotion editor's form: its values, how a loaded draft becomes values and values become the
 * PromotionInput the server takes, and the client-side checks. The checks are the server's
 * (shared/src/validation/backoffice_promotions.rs) with its generated limits and messages, so what
 * the form accepts the server accepts too, and the words under the fields are the same.
 */
import { charCount, isBlankHtml } from '@/features/backoffice/form';
import { fromStationLocal, toStationLocal } from '@/features/backoffice/format';
import type { PromotionDraft } from '@/generated/PromotionDraft';
import type { PromotionInput } from '@/generated/PromotionInput';
import { limits, messages } from '@/generated/validation-rules';
import { PROMO_MESSAGES } from '../messages';

export type ColorScheme = 'L' | 'D';

export interface PromotionFormValues {
  title: string;
  shortDescription: string;
  /** HTML as tiptap writes it. */
  description: string;
  rules: string;
  question: string;
  imageUrl: string;
  bannerUrl: string;
  colorScheme: ColorScheme;
  isPro: boolean;
  isEditable: boolean;
  isMultiple: boolean;
  isSingleWord: boolean;
  affiliate: string;
  isPublished: boolean;
  /** `datetime-local` values on the station's clock (Brasília). */
  startsAt: string;
  endsAt: string;
}

export type PromotionField = keyof PromotionFormValues;
export type PromotionErrors = Partial<Record<PromotionField, string>>;

export const EMPTY_PROMOTION: PromotionFormValues = {
  title: '',
  shortDescription: '',
  description: '',
  rules: '',
  question: '',
  imageUrl: '',
  bannerUrl: '',
  colorScheme: 'L',
  isPro: false,
  isEditable: false,
  isMultiple: false,
  isSingleWord: false,
  affiliate: '',
  isPublished: false,
  startsAt: '',
  endsAt: '',
};

export function valuesFromDraft(draft: PromotionDraft): PromotionFormValues {
  return {
    title: draft.title,
    shortDescription: draft.shortDescription,
    description: draft.description,
    rules: draft.rules,
    question: draft.question,
    imageUrl: draft.imageUrl,
    bannerUrl: draft.bannerUrl,
    colorScheme: draft.colorScheme.toUpperCase() === 'D' ? 'D' : 'L',
    isPro: draft.isPro,
    isEditable: draft.isEditable,
    isMultiple: draft.isMultiple,
    isSingleWord: draft.isSingleWord,
    affiliate: draft.affiliate,
    isPublished: draft.isPublished,
    startsAt: toStationLocal(draft.startsAt),
    endsAt: toStationLocal(draft.endsAt),
  };
}

/**
 * What POST (no draft) or PUT (with the draft's `version`) sends. `dates` replaces the period with
 * exact instants (the quick actions' 'now', to the second; the inputs hold minutes).
 */
export function toInput(
  values: PromotionFormValues,
  draft: PromotionDraft | null,
  dates?: { startsAt: string; endsAt: string },
): PromotionInput {
  return {
    title: values.title.trim(),
    shortDescription: values.shortDescription.trim(),
    description: isBlankHtml(values.description) ? '' : values.description,
    rules: isBlankHtml(values.rules) ? '' : values.rules,
    question: values.question.trim(),
    imageUrl: values.imageUrl,
    bannerUrl: values.bannerUrl,
    colorScheme: values.colorScheme,
    isPro: values.isPro,
    isEditable: values.isEditable,
    isMultiple: values.isMultiple,
    isSingleWord: values.isSingleWord,
    affiliate: values.affiliate.trim(),
    isPublished: values.isPublished,
    startsAt: dates?.startsAt ?? fromStationLocal(values.startsAt) ?? '',
    endsAt: dates?.endsAt ?? fromStationLocal(values.endsAt) ?? '',
    version: draft?.version ?? null,
  };
}

/**
 * The period's problems: a missing date says so, an unreadable one or an end not after the start
 * is the server's PROMO_DATES (under the end, the field to fix). Shared with the hunt editor.
 */
export function periodErrors(
  startsAt: string,
  endsAt: string,
): { startsAt?: string; endsAt?: string } {
  const errors: { startsAt?: string; endsAt?: string } = {};
  const start = fromStationLocal(startsAt);
  const end = fromStationLocal(endsAt);
  if (startsAt.trim() === '') errors.startsAt = PROMO_MESSAGES.datesRequired;
  else if (start === null) errors.startsAt = messages.PROMO_DATES;
  if (endsAt.trim() === '') errors.endsAt = PROMO_MESSAGES.datesRequired;
  else if (end === null) errors.endsAt = messages.PROMO_DATES;
  if (start && end && Date.parse(end) <= Date.parse(start)) errors.endsAt = messages.PROMO_DATES;
  return errors;
}

/**
 * The client-side checks, in the server's words. Only the fields with a problem are in the result;
 * an empty object means the form may be sent.
 */
export function validatePromotion(values: PromotionFormValues): PromotionErrors {
  const errors: PromotionErrors = {};
  const title = charCount(values.title);
  if (title < limits.PROMO_TITLE_MIN || title > limits.PROMO_TITLE_MAX)
    errors.title = messages.PROMO_TITLE;
  if (charCount(values.shortDescription) > limits.PROMO_SHORT_DESCRIPTION_MAX)
    errors.shortDescription = messages.PROMO_SHORT_DESCRIPTION;
  // A hidden draft may wait for its texts; a published promotion needs both.
  if (charCount(values.description) > limits.PROMO_DESCRIPTION_MAX)
    errors.description = messages.PROMO_DESCRIPTION_LONG;
  else if (values.isPublished && isBlankHtml(values.description))
    errors.description = messages.PROMO_DESCRIPTION;
  if (charCount(values.rules) > limits.PROMO_RULES_MAX) errors.rules = messages.PROMO_RULES_LONG;
  else if (values.isPublished && isBlankHtml(values.rules)) errors.rules = messages.PROMO_RULES;
  if (charCount(values.question) > limits.PROMO_QUESTION_MAX)
    errors.question = messages.PROMO_QUESTION;
  if (values.colorScheme !== 'L' && values.colorScheme !== 'D')
    errors.colorScheme = messages.PROMO_COLOR_SCHEME;
  if (charCount(values.affiliate) > limits.PROMO_AFFILIATE_MAX)
    errors.affiliate = messages.PROMO_AFFILIATE;
  Object.assign(errors, periodErrors(values.startsAt, values.endsAt));
  return errors;
}

/**
 * The field a server refusal belongs to, read from its message (the server answers 400 with the
 * rule's Portuguese text); null for anything else, which the editor shows as a toast.
 */
const FIELD_OF_MESSAGE: Partial<Record<string, PromotionField>> = {
  [messages.PROMO_TITLE]: 'title',
  [messages.PROMO_SHORT_DESCRIPTION]: 'shortDescription',
  [messages.PROMO_DESCRIPTION]: 'description',
  [messages.PROMO_DESCRIPTION_LONG]: 'description',
  [messages.PROMO_RULES]: 'rules',
  [messages.PROMO_RULES_LONG]: 'rules',
  [messages.PROMO_QUESTION]: 'question',
  [messages.PROMO_IMAGE]: 'imageUrl',
  [messages.PROMO_COLOR_SCHEME]: 'colorScheme',
  [messages.PROMO_AFFILIATE]: 'affiliate',
  [messages.PROMO_DATES]: 'endsAt',
};

export function fieldOfServerMessage(message: string): PromotionField | null {
  return FIELD_OF_MESSAGE[message] ?? null;
}
