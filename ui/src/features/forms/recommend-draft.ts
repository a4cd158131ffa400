/**
 * The recommendation draft (doc2 §2, RC-05): what the listener typed survives a reload until the
 * recommendation is sent; 'Enviar outra música' starts from an empty form. Kept in localStorage,
 * which may be unavailable (private modes): then the draft lives for the page only.
 */
import { readLocalJson, removeLocal, writeLocalJson } from '@/lib/storage';
import { EMPTY_RECOMMENDATION, type RecommendValues } from './validation';

export const RECOMMEND_DRAFT_KEY = 'onda.recommendDraft';

/** The saved draft, or an empty form (anything malformed is ignored). */
export function loadRecommendDraft(): RecommendValues {
  const saved = readLocalJson<unknown>(RECOMMEND_DRAFT_KEY);
  if (typeof saved !== 'object' || saved === null) return EMPTY_RECOMMENDATION;
  const record = saved as Record<string, unknown>;
  const text = (key: keyof RecommendValues) =>
    typeof record[key] === 'string' ? (record[key] as string) : '';
  return {
    artistName: text('artistName'),
    musicName: text('musicName'),
    musicLink: text('musicLink'),
    message: text('message'),
  };
}

/** Saves the draft; an empty form removes it. */
export function saveRecommendDraft(values: RecommendValues): void {
  if (Object.values(values).every((value) => value === '')) clearRecommendDraft();
  else writeLocalJson(RECOMMEND_DRAFT_KEY, values);
}

export function clearRecommendDraft(): void {
  removeLocal(RECOMMEND_DRAFT_KEY);
}
