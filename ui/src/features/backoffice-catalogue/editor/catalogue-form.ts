/**
 * The generic editor's model, drawn from a collection's descriptors (never from its name): each
 * field's value in the form, the client-side checks in the server's words (CATALOGUE_* with the
 * field's label and limits), and the body sent. The server checks everything again
 * (routes/backoffice/catalogue/values.rs); these checks only save a round trip and point at the
 * field.
 */
import { charCount, isBlankHtml } from '@/features/backoffice/form';
import type { CatalogueItem } from '@/generated/CatalogueItem';
import type { CollectionSpec } from '@/generated/CollectionSpec';
import type { FieldKind } from '@/generated/FieldKind';
import type { FieldSpec } from '@/generated/FieldSpec';
import { messages } from '@/generated/validation-rules';
import { isSafeLink } from '@/lib/safe-link';
import { fillMessage } from '../messages';

/** What a field holds in the form: text, a number or nothing, a switch, or a list. */
export type FieldValue = string | number | boolean | null | string[] | number[];
export type FormValues = Record<string, FieldValue>;
export type FormErrors = Record<string, string | undefined>;
/** Display names of the ids in the form (a reference's title, a song list's titles). */
export type FormLabels = Record<string, string | string[]>;

/** The longest entry of a text list (the server's LIST_ENTRY_MAX). */
export const LIST_ENTRY_MAX = 100;
/** The longest source address of a channel (the server's SOURCE_MAX). */
export const SOURCE_MAX = 300;

const NUMBER_KINDS: readonly FieldKind[] = ['integer', 'reference'];

function asText(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number') return String(raw);
  return '';
}

function asNumber(raw: unknown): number | null {
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw;
  if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw)))
    return Number(raw);
  return null;
}

/** A stored or default value as the form holds it for the field's kind. */
export function formValue(field: FieldSpec, raw: unknown): FieldValue {
  switch (field.kind) {
    case 'boolean':
      return raw === true;
    case 'integer':
    case 'reference':
      return asNumber(raw);
    case 'textList':
    case 'sourceList':
      return Array.isArray(raw) ? raw.map(asText) : [];
    case 'songList':
      return Array.isArray(raw) ? raw.map(asNumber).filter((id): id is number => id !== null) : [];
    default:
      return asText(raw);
  }
}

/** A new item's form (each field's `defaultValue`), or a stored item's. */
export function initialValues(collection: CollectionSpec, item: CatalogueItem | null): FormValues {
  const values: FormValues = {};
  for (const field of collection.fields) {
    values[field.key] = formValue(field, item ? item.values[field.key] : field.defaultValue);
  }
  return values;
}

export function initialLabels(item: CatalogueItem | null): FormLabels {
  return item ? { ...item.labels } : {};
}

/** Minutes of 'HH:MM' up to `max` (1440 allows '24:00'), else null: the server's `minutes`. */
export function timeMinutes(text: string, max: number): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const mins = Number(match[2]);
  const total = hours * 60 + mins;
  return mins < 60 && total >= 0 && total <= max ? total : null;
}

/** '3,1,5' → '1,3,5': the days sorted and without repeats, as the server stores them. */
export function normaliseWeekdays(text: string): string {
  const days = new Set(
    text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => /^[1-7]$/.test(part)),
  );
  return [...days].sort().join(',');
}

const WEB_URL = /^https?:\/\/[^\s"'<>`]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const YOUTUBE = /^[\w-]{11}$/;
const IDENTIFIER = /^[a-z0-9_-]*$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

/** The field's problem in the server's words, or undefined. */
export function validateField(field: FieldSpec, value: FieldValue): string | undefined {
  const required = fillMessage(messages.CATALOGUE_REQUIRED, field);
  const invalid = fillMessage(messages.CATALOGUE_INVALID, field);
  const tooLong = fillMessage(messages.CATALOGUE_TOO_LONG, field);
  switch (field.kind) {
    case 'boolean':
      return undefined;
    case 'integer':
    case 'reference': {
      if (value === null || value === '') return field.required ? required : undefined;
      if (typeof value !== 'number' || !Number.isInteger(value)) return invalid;
      if (field.kind === 'integer' && (value < field.min || value > field.max))
        return fillMessage(messages.CATALOGUE_RANGE, field);
      return undefined;
    }
    case 'textList':
    case 'sourceList':
    case 'songList': {
      const entries = Array.isArray(value) ? value : [];
      const texts = field.kind !== 'songList';
      const filled = texts
        ? (entries as string[]).map((entry) => entry.trim()).filter(Boolean)
        : entries;
      if (filled.length === 0) return field.required ? required : undefined;
      if (filled.length > field.max) return fillMessage(messages.CATALOGUE_TOO_MANY, field);
      const longest = field.kind === 'sourceList' ? SOURCE_MAX : LIST_ENTRY_MAX;
      if (texts && (filled as string[]).some((entry) => [...entry].length > longest))
        return invalid;
      return undefined;
    }
    default:
      break;
  }
  const text = typeof value === 'string' ? value : '';
  const trimmed = text.trim();
  if (field.kind === 'html') {
    if (field.max > 0 && text.length > field.max) return tooLong;
    return field.required && isBlankHtml(text) ? required : undefined;
  }
  if (trimmed === '') return field.required ? required : undefined;
  switch (field.kind) {
    case 'text':
    case 'multiline':
    case 'identifier':
      if (field.max > 0 && charCount(trimmed) > field.max) return tooLong;
      if (field.kind === 'identifier' && !IDENTIFIER.test(trimmed)) return invalid;
      return undefined;
    case 'url':
      if (field.max > 0 && trimmed.length > field.max) return tooLong;
      return WEB_URL.test(trimmed) ? undefined : invalid;
    case 'link':
      if (field.max > 0 && charCount(trimmed) > field.max) return tooLong;
      return isSafeLink(trimmed) ? undefined : invalid;
    case 'email':
      if (field.max > 0 && trimmed.length > field.max) return tooLong;
      return EMAIL.test(trimmed) ? undefined : invalid;
    case 'youTube':
      return YOUTUBE.test(trimmed) ? undefined : invalid;
    case 'color':
      return COLOR.test(trimmed) ? undefined : invalid;
    case 'time':
      return timeMinutes(trimmed, field.max || 1439) === null ? invalid : undefined;
    case 'select':
      return field.options.some((option) => option.value === trimmed) ? undefined : invalid;
    default:
      return undefined;
  }
}

/** Every field's problem; an empty object means the form may be sent. */
export function validateForm(collection: CollectionSpec, values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const field of collection.fields) {
    const problem = validateField(field, values[field.key] ?? null);
    if (problem) errors[field.key] = problem;
  }
  return errors;
}

/** The body of a create or a replace: every field by key, in the shape the server reads. */
export function toInput(collection: CollectionSpec, values: FormValues) {
  const out: Record<string, unknown> = {};
  for (const field of collection.fields) {
    const value = values[field.key] ?? null;
    if (field.kind === 'boolean') out[field.key] = value === true;
    else if (NUMBER_KINDS.includes(field.kind))
      out[field.key] = typeof value === 'number' ? value : null;
    else if (field.kind === 'textList' || field.kind === 'sourceList')
      out[field.key] = (Array.isArray(value) ? (value as string[]) : [])
        .map((entry) => entry.trim())
        .filter(Boolean);
    else if (field.kind === 'songList') out[field.key] = Array.isArray(value) ? value : [];
    else if (field.kind === 'html') out[field.key] = typeof value === 'string' ? value : '';
    else if (field.kind === 'weekdays')
      out[field.key] = normaliseWeekdays(typeof value === 'string' ? value : '');
    else out[field.key] = typeof value === 'string' ? value.trim() : '';
  }
  return { values: out };
}

export function sameValues(a: FormValues, b: FormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * An item's public address: the collection's path with `{slug}`, `{id}` or a field's key (`{year}`)
 * filled in; '' when the collection has none or a part is missing.
 */
export function publicUrl(collection: CollectionSpec, item: CatalogueItem | null): string {
  if (!collection.publicPath || !item) return '';
  let missing = false;
  const url = collection.publicPath.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = key === 'slug' ? item.slug : key === 'id' ? item.id : item.values[key];
    if (value === null || value === undefined || value === '') missing = true;
    return typeof value === 'string' || typeof value === 'number'
      ? encodeURIComponent(String(value))
      : '';
  });
  return missing ? '' : url;
}
