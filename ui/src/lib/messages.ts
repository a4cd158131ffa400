/** Texts several areas show word for word (the spec's). */
import { messages } from '@/generated/validation-rules';

/** A list or a page that could not be loaded (programmes, partners, clients, affiliates). */
export const LOAD_ERROR = 'Não foi possível carregar as informações. Tente novamente mais tarde.';

/**
 * A home widget whose data could not be fetched (the weather strip's text, doc2 §8): the server's
 * own message for a provider that failed, from shared/src/validation.rs.
 */
export const DATA_ERROR = messages.WIDGET_UNAVAILABLE;
