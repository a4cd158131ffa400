/**
 * The schedule desk's routes, permission and texts. Light on purpose, like the live desk's: the
 * profile menu's item imports it into every page, while the desk itself is a chunk of its own.
 */
import { STAFF_GATE_TEXTS } from '@/features/backoffice/messages';
import { SCHEDULE_PATH, SCHEDULE_TITLE } from '@/features/backoffice/desks';
import { limits } from '@/generated/validation-rules';

export { SCHEDULE_PATH };

/** The channel /a1programacao opens when none is named (the station's main mount). */
export const MAIN_CHANNEL = 'onda_1';

/** The grid and the playlists are the catalogue's permission, as the channels and songs are. */
export const SCHEDULE_PERMISSION = limits.PERMISSION_CATALOGUE;

export const PLAYLISTS_PATH = `${SCHEDULE_PATH}/playlists/lista`;
export const NEW_PLAYLIST_PATH = `${SCHEDULE_PATH}/playlists/nova`;
export const channelPath = (streamId: string) => `${SCHEDULE_PATH}/${encodeURIComponent(streamId)}`;
export const playlistPath = (id: number) => `${SCHEDULE_PATH}/playlists/${id}`;

/** ISO weekdays, 1 = Monday … 7 = Sunday, as the server numbers them. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_NAMES: Record<number, string> = {
  1: 'Segunda',
  2: 'Terça',
  3: 'Quarta',
  4: 'Quinta',
  5: 'Sexta',
  6: 'Sábado',
  7: 'Domingo',
};
export const WEEKDAY_SHORT: Record<number, string> = {
  1: 'Seg',
  2: 'Ter',
  3: 'Qua',
  4: 'Qui',
  5: 'Sex',
  6: 'Sáb',
  7: 'Dom',
};

/** The defaults of a new playlist's rotation rules (the server's too). */
export const PLAYLIST_DEFAULTS = {
  songSeparationMinutes: 180,
  artistSeparationMinutes: 30,
  jingleEvery: 4,
} as const;

export const SCHEDULE_MESSAGES = {
  title: SCHEDULE_TITLE,
  menu: SCHEDULE_TITLE,
  description:
    'Os programas de cada canal na semana, as mudanças de um dia e o que o AutoDJ toca fora deles. Horário de Brasília.',
  // Gate
  loginRequired: 'Você precisa estar logado para editar a grade de programação.',
  noPermission: 'Você não tem permissão para editar a grade de programação.',
  ...STAFF_GATE_TEXTS,
  loading: 'Carregando a grade',
  gateError: 'Não foi possível verificar suas permissões.',
  // The grid
  channel: 'Canal',
  gridError: 'Não foi possível carregar a grade.',
  channelNotFound: 'Este canal não existe.',
  backToMain: 'Ver o canal principal',
  weekOf: (channel: string) => `Grade semanal de ${channel}`,
  day: 'Dia',
  dayOf: (day: string) => `Programas de ${day}`,
  emptyDay: 'Nenhum programa neste dia: o AutoDJ toca a playlist padrão do canal.',
  emptyHour: (day: string, hour: string) => `Adicionar programa ${day} às ${hour}`,
  continued: 'continuação',
  continuesNextDay: 'continua no dia seguinte',
  addSlot: 'Adicionar horário',
  playlists: 'Playlists',
  today: 'hoje',
  live: 'Ao vivo (estúdio)',
  liveShort: 'Ao vivo',
  playlist: 'Playlist',
  // The slot form
  newSlot: 'Novo horário',
  editSlot: 'Editar horário',
  program: 'Programa',
  programPlaceholder: 'Escolha o programa',
  weekday: 'Dia da semana',
  start: 'Início',
  end: 'Término',
  endHint: 'Um término igual ou antes do início termina no dia seguinte (00:00 = meia-noite).',
  presenters: 'Apresentação',
  presentersHint: 'Quem apresenta neste horário (o apresentador do programa é sugerido).',
  fill: 'O que vai ao ar',
  playlistLabel: 'Playlist',
  fallbackLabel: 'Playlist de reserva',
  fallbackHint: 'Toca se o estúdio ficar em silêncio (opcional).',
  choosePlaylist: 'Escolha a playlist',
  noPlaylists: 'Nenhuma playlist criada ainda.',
  save: 'Salvar',
  cancel: 'Cancelar',
  delete: 'Excluir',
  required: 'Preencha este campo.',
  invalidTime: 'Use o formato HH:MM.',
  playlistRequired: 'Escolha a playlist que toca neste horário.',
  saveError: 'Não foi possível salvar. Tente de novo.',
  deleteError: 'Não foi possível excluir. Tente de novo.',
  staleTitle: 'Alguém mudou este horário',
  reloadGrid: 'Recarregar a grade',
  slotSaved: 'Horário salvo.',
  slotDeleted: 'Horário excluído.',
  deleteSlotTitle: 'Excluir este horário?',
  deleteSlotText: 'O programa sai da grade neste dia e horário, toda semana.',
  // One-off changes
  exceptions: 'Mudanças de programação',
  exceptionsHint:
    'Uma mudança vale só na data escolhida e toma o lugar dos horários da grade que ela cobre.',
  addException: 'Nova mudança',
  newException: 'Nova mudança de programação',
  editException: 'Editar mudança de programação',
  date: 'Data',
  note: 'Observação',
  noteHint: 'Para a equipe: o motivo da mudança (feriado, evento, transmissão especial…).',
  noExceptions: 'Nenhuma mudança de hoje em diante.',
  exceptionSaved: 'Mudança salva.',
  exceptionDeleted: 'Mudança excluída.',
  deleteExceptionTitle: 'Excluir esta mudança?',
  deleteExceptionText: 'Nesta data volta a valer a grade semanal.',
  editExceptionOf: (what: string) => `Editar mudança: ${what}`,
  // Default playlist
  defaultTitle: 'Fora da grade',
  defaultLabel: 'Fora dos horários com playlist, toca:',
  defaultHint: 'O AutoDJ usa esta playlist nas horas sem programa e quando o estúdio está fora.',
  defaultNone: 'Todo o acervo musical (sem playlist)',
  defaultSaved: 'Playlist padrão salva.',
  defaultError: 'Não foi possível salvar a playlist padrão.',
  // ECAD
  ecadTitle: 'Relatório ECAD',
  ecadText: 'O roteiro musical do mês (tudo o que tocou neste canal), em CSV, para enviar ao ECAD.',
  ecadMonth: 'Mês',
  ecadDownload: 'Baixar CSV',
  ecadDownloadOf: (month: string) => `Baixar o relatório ECAD de ${month}`,
  // Playlists list
  playlistsTitle: 'Playlists',
  playlistsDescription:
    'As listas de músicas do AutoDJ: cada horário com playlist e cada canal fora da grade toca uma delas.',
  newPlaylist: 'Nova playlist',
  editPlaylist: 'Editar playlist',
  playlistsError: 'Não foi possível carregar as playlists.',
  playlistsEmpty: 'Nenhuma playlist ainda',
  playlistsEmptyText: 'Crie uma playlist para usar na grade.',
  colName: 'Nome',
  colTracks: 'Músicas',
  colUsedBy: 'Usada em',
  colUpdated: 'Atualizada',
  usedBy: (count: number) =>
    count === 0 ? 'Nenhum horário' : count === 1 ? '1 uso' : `${count} usos`,
  tracksCount: (count: number) => (count === 1 ? '1 música' : `${count} músicas`),
  // Playlist editor
  playlistError: 'Não foi possível carregar a playlist.',
  playlistNotFound: 'Esta playlist não existe mais.',
  backToList: 'Voltar para as playlists',
  loadingItem: 'Carregando a playlist',
  name: 'Nome',
  descriptionLabel: 'Descrição',
  descriptionHint: 'Para a equipe: o estilo, o horário em que combina…',
  rules: 'Regras de rotação',
  songSeparation: 'Mesma música: não repetir antes de N minutos',
  songSeparationHint: 'Uma música só volta depois deste tempo.',
  artistSeparation: 'Mesmo artista: não repetir antes de N minutos',
  artistSeparationHint: 'Duas músicas do mesmo artista ficam pelo menos este tempo afastadas.',
  jingleEvery: 'Vinheta a cada N músicas (0 = nunca)',
  jingleEveryHint: 'Uma vinheta da rádio entra depois deste número de músicas.',
  minutes: 'min',
  tracks: 'Músicas',
  tracksHint: 'A ordem é a da lista; as regras de rotação decidem o que toca a seguir.',
  searchTracks: 'Buscar músicas para adicionar',
  searchTracksHint: 'Título, artista ou nome do arquivo na pasta de músicas.',
  searchTracksPlaceholder: 'Ex.: Anitta',
  noCandidates: 'Nenhuma música encontrada.',
  searchError: 'Não foi possível buscar as músicas.',
  add: 'Adicionar',
  addTrack: (label: string) => `Adicionar ${label}`,
  alreadyIn: 'Na playlist',
  noTracks: 'Nenhuma música na playlist ainda. Busque acima para adicionar.',
  trackUp: (label: string) => `Subir: ${label}`,
  trackDown: (label: string) => `Descer: ${label}`,
  trackRemove: (label: string) => `Remover: ${label}`,
  unplayable: 'Sem áudio',
  unplayableHint: 'A rádio não tem o áudio desta música: ela é pulada.',
  musicFile: 'Arquivo',
  nameRequired: 'Dê um nome à playlist.',
  numberInvalid: 'Use um número inteiro de 0 em diante.',
  details: 'Detalhes da playlist',
  situation: 'Playlist',
  notSavedYet: 'Ainda não salva',
  playlistSaved: 'Playlist salva.',
  playlistDeleted: 'Playlist excluída.',
  deletePlaylistTitle: 'Excluir esta playlist?',
  deletePlaylistText: 'A playlist deixa de existir. Horários que a usam impedem a exclusão.',
  playlistStale:
    'Alguém salvou esta playlist depois que você a abriu. Recarregue para ver a versão atual (suas mudanças aqui serão perdidas).',
  playlistStaleTitle: 'Esta playlist mudou',
  reload: 'Recarregar',
  leaveText: 'As mudanças desta playlist ainda não foram salvas.',
  slotLeaveText: 'Este horário tem alterações ainda não salvas.',
  exceptionLeaveText: 'Esta mudança de programação tem alterações ainda não salvas.',
} as const;
