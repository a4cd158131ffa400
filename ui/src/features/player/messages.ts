/**
 * Every text of the player and of rating, character for character from doc1 §8
 * (player.01–12, rating.01–04, shell.28), plus the few labels the spec leaves to us (marked).
 */
export const PLAYER_TEXT = {
  /** player.01–03: the play button. */
  loading: 'Carregando...',
  pause: 'Pausar',
  play: 'Tocar',
  /** player.04. */
  popupPlaying: 'O streaming está tocando em uma outra janela!',
  /** player.05. */
  dolbyActive: 'DOLBY ATMOS ativado',
  /** player.06. */
  dolbyUnsupported: 'Dolby Atmos não é compatível com este navegador',
  /** player.07. */
  loginRequired: 'É necessário estar logado para acessar esse streaming.',
  /** player.08 ('pra' as written). */
  proRequired: 'É necessário ser um usuário PRO pra acessar esse stream.',
  /** player.09. */
  popupBlocked: 'Para acessar esse streaming, é necessário habilitar os pop-ups.',
  /** player.10. */
  streamError:
    'Não é possível tocar o stream. Verifique a sua conexão de internet ou tente de novo em alguns momentos.',
  /** player.11 (the spec shows only this prefix). */
  trackError: 'Não é possível tocar essa música...',
  /** player.12. */
  stalled: 'Erro de reprodução. Tentando reconectar...',
  /** shell.28: the PRO prompt's button, to /vantagens-da-assinatura-pro. */
  subscribe: 'Seja um assinante!',
  /** Our label: the preroll overlay. */
  ad: 'Publicidade',
  /** Ours: what is on air when it is not a song — a break, or the station itself (a jingle, talk). */
  onAirBreak: 'Intervalo',
  onAirProgramme: 'A programação ao vivo',
} as const;

/**
 * Ours: timeshift, pausing and going back within the channel's recording of the last hours
 * (engines/hls-timeshift.ts). The behind-live texts are built in timeshift-format.ts.
 */
export const TIMESHIFT_TEXT = {
  back: 'Voltar 30 segundos',
  songStart: 'Início da música',
  programmeStart: 'Início do programa',
  live: 'Ao vivo',
  /** The 'Ao vivo' button's accessible name while behind live. */
  goLive: 'Voltar ao vivo',
  /** The seek bar's accessible name. */
  seekBar: 'Posição na transmissão',
  /** A short notice: HLS failed while behind live, the live edge plays instead. */
  failed: 'Não foi possível voltar no tempo. Tocando ao vivo.',
  /** A short notice: the paused moment left the recording (2 hours) before 'Tocar'. */
  expired: 'O trecho pausado já saiu da gravação. Tocando ao vivo.',
} as const;

export const RATING_TEXT = {
  /** rating.01: title of the disabled controls when the song was rated. */
  alreadyRatedTitle: 'Você já votou',
  /** rating.02. */
  alreadyRated: 'Seu voto já foi registrado',
  /** rating.03. */
  success: 'Seu voto foi registrado com sucesso. Obrigado!',
  /** rating.04. */
  failure: 'Problema na comunicação com servidor, por favor tente novamente em alguns instantes',
  /**
   * Ours: the server answered 'rating not counted' (the song on air changed before the vote
   * arrived, G06). The spec has no text for it; the catalogue's failure text would blame the
   * connection, so we say what happened.
   */
  notCounted: 'A música mudou antes do seu voto chegar. Ele não foi contado.',
  like: 'Curtir',
  dislike: 'Não curtir',
  /**
   * Ours: why the controls are disabled, as their title and hint. The spec only has
   * rating.01 for a song already rated.
   */
  unavailableChannel: 'A avaliação não está disponível neste canal.',
  unavailableOnDemand: 'A avaliação é só para as músicas da rádio ao vivo.',
  unavailableNotMusic: 'A avaliação fica disponível quando uma música estiver tocando.',
  /** Ours: behind live, the song heard is not the one on air (the vote is for the one on air). */
  unavailableBehind: 'A avaliação é para a música que está no ar: volte ao vivo para votar.',
} as const;
