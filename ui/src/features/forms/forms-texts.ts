/**
 * The listener forms' texts that the server never sends nor checks (doc2 §8
 * recommend.06, workwithus.01, freestreaming.01–.02, rating.04; G27), the pages' paths, and how a
 * failed send is told. The texts the server shares (validation, success) are in ./validation.ts,
 * read from the generated rules. Spec texts are word for word.
 */
import { ApiError } from '@/lib/api';

export const RECOMMEND_PATH = '/recomende';
export const CONTACT_PATH = '/contato';
export const WORK_WITH_US_PATH = '/trabalhe-conosco';

export const FORM_TEXTS = {
  /** rating.04: a server or network failure of any of the four forms. */
  communication:
    'Problema na comunicação com servidor, por favor tente novamente em alguns instantes',
  /** recommend.06: the success screen's button; it clears the draft. */
  recommendAnother: 'Enviar outra música',
  /** workwithus.01: the submit button while sending. */
  workSending: 'ENVIANDO',
  /** freestreaming.01, .02: the modal's button while sending and after success. */
  freeStreamingSending: 'enviando ...',
  freeStreamingSent: 'Enviado',
} as const;

/** G27: the query values that preset the commercial subject: `?assunto=comercial`, `?subject=comercial`. */
export const COMMERCIAL_SUBJECT = 'comercial';
export const SUBJECT_PARAMS = ['assunto', 'subject'] as const;

/**
 * doc2 §8: a refusal shows the server's message; a network failure, a server error or a reply that
 * is no envelope shows the communication message. The server's refusals of a form (HTTP 400, or a
 * business 'error') carry the Portuguese text of the rule broken; other statuses (429 and the like)
 * carry a short English word, so they get the communication message too.
 */
export function failureText(error: unknown): string {
  if (
    error instanceof ApiError &&
    (error.httpStatus === 400 || (error.httpStatus === 200 && error.status === 'error')) &&
    error.message.trim() !== '' &&
    error.message !== 'invalid response'
  ) {
    return error.message;
  }
  return FORM_TEXTS.communication;
}
