/**
 * Texts of a programme's recordings ('Ouvir de novo', on /programacao/{slug}); the grid's and the
 * programme page's own are SCHEDULE_TEXT (schedule-format.ts).
 */
export const REPLAY_TEXT = {
  title: 'Ouvir de novo',
  loading: 'Carregando as gravações',
  loadError: 'Não foi possível carregar as gravações do programa.',
  empty: 'Nenhuma gravação ainda.',
  listen: 'Ouvir',
  pause: 'Pausar',
  loginOnly: 'Entre na sua conta para ouvir os programas de novo.',
  login: 'Entrar',
  proOnly: 'Os programas gravados deste programa são exclusivos para assinantes PRO.',
  /** The PRO prompt's button, word for word as the player's and the alarm clock's. */
  subscribe: 'Seja um assinante!',
  feed: 'Assinar o podcast',
} as const;

/** 'Os programas ficam disponíveis aqui por 7 dias depois de irem ao ar.' */
export function keepDaysText(days: number): string {
  return `Os programas ficam disponíveis aqui por ${days} ${days === 1 ? 'dia' : 'dias'} depois de irem ao ar.`;
}

/** The songs' fold: 'Músicas do programa (12)'. */
export function songsLabel(count: number): string {
  return `Músicas do programa (${count})`;
}

/** The play button's name, with the airing it plays: 'Ouvir: Sábado, 28 de novembro · 10:00–12:00'. */
export function listenLabel(playing: boolean, aired: string): string {
  return `${playing ? REPLAY_TEXT.pause : REPLAY_TEXT.listen}: ${aired}`;
}
