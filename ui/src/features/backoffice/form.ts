/** Form helpers every back-office editor shares: counting, blank rich text, the dirty check, errors. */
import { ApiError } from '@/lib/api';

/** True for HTML with no text and no picture or embed (tiptap's empty document is `<p></p>`). */
export function isBlankHtml(html: string): boolean {
  if (/<(img|iframe)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .trim() === ''
  );
}

/** Characters as the server counts them (Unicode scalar values of the trimmed text). */
export const charCount = (text: string) => [...text.trim()].length;

/** Same values? (The dirty check: strings, numbers and booleans; arrays compared by content.) */
export function sameValues<T extends object>(a: T, b: T): boolean {
  return (Object.keys(a) as (keyof T)[]).every((key) => {
    const left = a[key];
    const right = b[key];
    if (Array.isArray(left) && Array.isArray(right))
      return left.length === right.length && left.every((item, index) => item === right[index]);
    return left === right;
  });
}

/** A route id: a positive integer, else null (the not-found state). */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}

/** True for a 401 (no session) or 403 (no permission): the gate's states, not an error. */
export function isAccessRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 401 || error.code === 403);
}

/** True for a 409 (a stale save, a refused delete or draw: the message says which). */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.code === 409;
}

/** A desk's words for the refusals of a call: its own area is named in them. */
export interface AccessTexts {
  loginRequired: string;
  noPermission: string;
}

/** The toast of a failed save or delete that no field explains. */
export function failureText(error: unknown, fallback: string, texts: AccessTexts): string {
  if (error instanceof ApiError) {
    if (error.code === 401) return texts.loginRequired;
    if (error.code === 403) return texts.noPermission;
    // A 400 the form could not place: the server's message is already Portuguese.
    if (error.code === 400 && error.message && error.message !== 'invalid data')
      return error.message;
  }
  return fallback;
}
