/**
 * The promotions' texts (doc2 §8 promotions.*, word for word), numbers (doc2 §9
 * CLOSED_PROMOS_*, PAGINATION_WINDOW) and the pure rules of the single promotion page: the
 * participation gate and mode (doc2 §4; G49), the answer limit and checks (doc2 §5).
 */
import type { Promotion } from '@/generated/Promotion';
import { limits, messages } from '@/generated/validation-rules';
import type { SessionUser } from '@/lib/session';

export const CLOSED_TITLE = 'Promoções encerradas';
export const NO_PROMOTIONS_TEXT = 'Não há promoções no momento';
export const PROMOTION_NOT_FOUND_TEXT = 'NÃO ACHAMOS ESSA PROMOÇÃO :(';
export const PRO_MORE_TEXT = 'Saiba Mais';
export const EDIT_ANSWER_TEXT = 'Editar Resposta';
export const SEND_TEXT = 'Enviar';
export const ALREADY_ANSWERED_TEXT = 'Você já deu uma resposta nessa promoção. Boa sorte!';
export const RULES_CHECKBOX_TEXT = 'Li e aceito o regulamento';
export const ANSWER_SENT_TEXT = 'Sua resposta foi enviada com sucesso :)';
export const ANSWER_FAILED_TEXT = 'Ocorreu um erro inesperado :( Tente novamente mais tarde.';
export const NO_WINNERS_TEXT = 'Nenhum ganhador encontrado para essa promoção.';
export const WINNERS_LOGIN_TEXT = 'É necessário estar logado para ver os ganhadores.';
export const PARTICIPATE_LOGIN_TEXT = 'É necessário estar logado para participar desta promoção.';
export const PROFILE_INCOMPLETE_TEXT =
  'Por favor complete seu cadastro para poder participar desta promoção.';
export const PRO_ONLY_TEXT = 'Essa promoção é exclusiva dos usuários PRO.';
/** G14: the profile modal's button and where it leads. */
export const COMPLETE_PROFILE_TEXT = 'Completar cadastro';
export const EDIT_PROFILE_PATH = '/perfil/editar-perfil';

/** The three buttons of the single page (doc2 §2: rules, answering, winners). */
export const RULES_BUTTON = 'Regulamento';
export const ANSWER_BUTTON = 'Participar';
export const WINNERS_BUTTON = 'Ganhadores';

/** CLOSED_PROMOS_PER_PAGE, CLOSED_PROMOS_PER_PAGE_MOBILE (C18: mobile is < 768 px). */
export const CLOSED_PER_PAGE = 8;
export const CLOSED_PER_PAGE_MOBILE = 4;
/** CLOSED_PROMOS_BATCH_PAGES: closed promotions are fetched 5 pages' worth at a time (C17). */
export const CLOSED_BATCH_PAGES = 5;
/** PAGINATION_WINDOW: pages shown either side of the current one. */
export const PAGINATION_WINDOW = 3;
/** The featured slider moves on by itself this often (paused on hover, focus or by the visitor). */
export const SLIDER_AUTOPLAY_MS = 6000;

/** Participation modes of doc2 §4 (the spec's names). */
export type ParticipationMode =
  | 'none'
  | 'regulamento'
  | 'respostaMultipla'
  | 'respostaUnicaEditavel'
  | 'respostaUnicaNaoEditavel'
  | 'verGanhadores';

export type AnswerMode = Extract<
  ParticipationMode,
  'respostaMultipla' | 'respostaUnicaEditavel' | 'respostaUnicaNaoEditavel'
>;

/** G49: rs_multiple 'S' wins, then rs_editavel 'S', else a single answer that cannot change. */
export function answerModeOf(
  promotion: Pick<Promotion, 'rs_multiple' | 'rs_editavel'>,
): AnswerMode {
  if (promotion.rs_multiple === 'S') return 'respostaMultipla';
  if (promotion.rs_editavel === 'S') return 'respostaUnicaEditavel';
  return 'respostaUnicaNaoEditavel';
}

/**
 * What stands between the visitor and the answer form, in the spec's order (doc2 §4): a closed
 * promotion takes no answers at all, then login, then PRO, then a complete registration (G13).
 */
export type ParticipationGate =
  | { kind: 'closed' }
  | { kind: 'login' }
  | { kind: 'pro' }
  | { kind: 'profile' }
  | { kind: 'open'; mode: AnswerMode };

export function participationGate(
  promotion: Pick<Promotion, 'isOpen' | 'pro' | 'rs_multiple' | 'rs_editavel'>,
  user: Pick<SessionUser, 'isPro' | 'registrationComplete'> | null | undefined,
): ParticipationGate {
  if (!promotion.isOpen) return { kind: 'closed' };
  if (!user) return { kind: 'login' };
  if (promotion.pro && !user.isPro) return { kind: 'pro' };
  if (user.registrationComplete !== true) return { kind: 'profile' };
  return { kind: 'open', mode: answerModeOf(promotion) };
}

/** doc2 §5: 350 characters, 30 for a single-word answer (rs_keywords 'S'). */
export function answerLimit(promotion: Pick<Promotion, 'rs_keywords'>): number {
  return promotion.rs_keywords === 'S'
    ? limits.PROMOTION_KEYWORD_ANSWER_MAX
    : limits.PROMOTION_ANSWER_MAX;
}

/** doc2 §5: what is typed beyond the limit is cut off, never refused. */
export function truncateAnswer(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('') : text;
}

/** doc2 §5 (PR-10): the message for an answer that cannot be sent yet, or null. */
export function answerProblem(answer: string, rulesAccepted: boolean): string | null {
  const empty = answer.trim() === '';
  if (empty && !rulesAccepted) return messages.PROMOTION_ANSWER_AND_RULES;
  if (!rulesAccepted) return messages.PROMOTION_RULES_UNCHECKED;
  if (empty) return messages.PROMOTION_ANSWER_EMPTY;
  return null;
}

/** '2026-03-05' or '2026-03-05T23:59:59-03:00' (Brasília) → '05/03/2026'; '' when unreadable. */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** The card picture: the square image, else the featured one. */
export function cardImage(promotion: Promotion): string {
  return promotion.tx_imageNew || promotion.tx_featuredImageNew || promotion.tx_banner;
}
