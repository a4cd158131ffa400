/** Helpers both editors (promotion and hunt) share, apart from their components. */
import { ApiError } from '@/lib/api';
import { PROMO_MESSAGES } from '../messages';

/** A route id: a positive integer, else null (the not-found state). */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}

/** The toast of a failed save or delete that no field explains. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.code === 401) return PROMO_MESSAGES.loginRequired;
    if (error.code === 403) return PROMO_MESSAGES.noPermission;
    // A 400 the form could not place: the server's message is already Portuguese.
    if (error.code === 400 && error.message && error.message !== 'invalid data')
      return error.message;
  }
  return fallback;
}
