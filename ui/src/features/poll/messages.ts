/** The poll box's texts. */
import { messages } from '@/generated/validation-rules';
import { ApiError } from '@/lib/api';

/** Doc1's rating text, the server's message for an accepted vote (shared/src/validation.rs). */
export const POLL_VOTED = messages.POLL_VOTED;

/** The spec's communication message (the forms', doc2 §8), when the vote did not reach the server. */
export const VOTE_NETWORK_ERROR =
  'Problema na comunicação com servidor, por favor tente novamente em alguns instantes';
/** The spec's unexpected-error message (doc2 §8), for a server failure. */
export const VOTE_FAILED = 'Ocorreu um erro inesperado :( Tente novamente mais tarde.';

/** The server's refusals that carry a Portuguese text for the listener (shared/src/validation.rs). */
const REFUSALS: ReadonlySet<string> = new Set([
  messages.POLL_ALREADY_VOTED,
  messages.POLL_CLOSED,
  messages.POLL_NO_BROWSER,
]);

/**
 * What a refused vote says: the server's own Portuguese text for a refusal ('Seu voto já foi
 * registrado', 'Esta enquete já foi encerrada.', no browser hash); the spec's communication text when
 * the vote did not reach the server; the unexpected-error text for the rest (a server failure, too
 * many votes, a poll or answer that no longer exists — the box reads the poll again then).
 */
export function voteErrorText(error: unknown): string {
  if (!(error instanceof ApiError) || error.httpStatus === 0) return VOTE_NETWORK_ERROR;
  return REFUSALS.has(error.message) ? error.message : VOTE_FAILED;
}
