/**
 * The session's own texts and its 401 test (doc1 §8, G11), apart from the accounts area's texts and
 * error catalogues (messages.ts): the shell starts and ends sessions on every page, and a module
 * the entry imports ships whole with it; the catalogues come with the login and profile screens
 * (initial JavaScript).
 */
import { ApiError } from '@/lib/api';

export const SESSION_MESSAGES = {
  logoutSuccess: 'Sessão encerrada com sucesso!',
  unauthorized:
    'Problema na authenticação. Tente logar de novo ou entre em contato se o problema persiste.',
} as const;

/** True for a 401 answer (the session is gone). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.code === 401;
}
