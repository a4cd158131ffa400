/**
 * The newsroom's routes, permission and texts. This module is light on purpose: the
 * profile menu's 'Redação' item imports it into every page, while the pages themselves (and the
 * editor with tiptap) are chunks of their own.
 */
import { STAFF_GATE_TEXTS } from '@/features/backoffice/messages';
import type { NewsState } from '@/generated/NewsState';
import { limits } from '@/generated/validation-rules';

/** The list (staff pages are `/a1…`, like /a1inbox). */
export const NEWSROOM_PATH = '/a1redacao';
export const NEWSROOM_NEW_PATH = `${NEWSROOM_PATH}/nova`;
export const newsroomEditPath = (id: number) => `${NEWSROOM_PATH}/${id}`;
export const newsroomPreviewPath = (id: number) => `${NEWSROOM_PATH}/${id}/previa`;

/** Permission 5 (README 'Staff permissions'): writes, schedules and publishes news. */
export const NEWSROOM_PERMISSION = limits.PERMISSION_NEWSROOM;

/** The back office's texts (ours, in the newsroom's everyday words). */
export const NEWSROOM_MESSAGES = {
  title: 'Redação',
  description: 'Escreva, agende e publique as notícias do site.',
  loginRequired: 'Você precisa estar logado para entrar na redação.',
  noPermission: 'Você não tem permissão para entrar na redação.',
  ...STAFF_GATE_TEXTS,
  // List
  newItem: 'Nova notícia',
  search: 'Buscar notícias',
  searchPlaceholder: 'Palavras do título',
  category: 'Editoria',
  allCategories: 'Todas as editorias',
  state: 'Estado',
  allStates: 'Todos os estados',
  journalist: 'Jornalista',
  allJournalists: 'Todos os jornalistas',
  clearFilters: 'Limpar filtros',
  listError: 'Não foi possível carregar as notícias.',
  empty: 'Nenhuma notícia encontrada',
  emptyHint: 'Mude a busca ou os filtros, ou escreva uma nova notícia.',
  emptyStart: 'A redação ainda não tem notícias. Que tal escrever a primeira?',
  noCover: 'Sem capa',
  views: 'Visualizações',
  author: 'Autor',
  date: 'Data',
  cover: 'Capa',
  headline: 'Título',
  loadingList: 'Carregando notícias',
  // Editor
  editTitle: 'Editar notícia',
  loadingItem: 'Carregando a notícia',
  itemError: 'Não foi possível abrir a notícia.',
  itemNotFound: 'Esta notícia não existe mais.',
  backToList: 'Voltar para a redação',
  headlineLabel: 'Título',
  headlineHint: 'O título da página da notícia e das buscas.',
  titleHomeLabel: 'Título na home',
  titleHomeHint: 'Mais curto, para os blocos da página inicial. Vazio usa o título.',
  subtitleLabel: 'Subtítulo',
  bodyLabel: 'Texto da notícia',
  teaserLabel: 'Resumo para quem não é PRO',
  teaserHint: 'O que o leitor sem assinatura PRO vê antes do convite para assinar.',
  proLabel: 'Notícia PRO',
  proHint: 'Só assinantes PRO leem o texto completo.',
  featuredLabel: 'Destaque da home',
  featuredHint: 'Sugere esta notícia como manchete da página inicial.',
  coverLabel: 'Imagem de capa',
  coverDrop: 'Arraste uma imagem para cá ou',
  coverPick: 'Escolher imagem',
  coverReplace: 'Trocar imagem',
  coverRemove: 'Remover imagem',
  coverUploading: 'Enviando imagem…',
  coverHint: 'JPEG, PNG ou WebP, com pelo menos 600 px de largura.',
  captionLabel: 'Legenda da capa',
  tagsLabel: 'Tags',
  tagsHint: 'Escolha da lista ou digite uma nova e tecle Enter.',
  journalistLabel: 'Jornalista',
  journalistPlaceholder: 'Nenhum (use a assinatura)',
  authorLabel: 'Assinatura',
  authorPlaceholder: 'Redação',
  mediaSection: 'Vídeo e podcast',
  youtubeLabel: 'Vídeo do YouTube na capa',
  youtubeHint: 'Cole o endereço ou o código do vídeo; ele substitui a imagem na página.',
  podcastShowLabel: 'Podcast',
  podcastShowPlaceholder: 'Nenhum',
  podcastIdLabel: 'Código do episódio',
  podcastIdHint: 'O identificador do episódio no serviço do player.',
  keywordLabel: 'Palavra-chave',
  keywordHint: 'Ajuda as buscas do site.',
  publishing: 'Publicação',
  publishMode: 'Como publicar',
  modeDraft: 'Rascunho',
  modeNow: 'Publicar agora',
  modePublished: 'Publicada',
  modeSchedule: 'Agendar',
  modeUnpublished: 'Despublicada',
  scheduleLabel: 'Data e hora da publicação',
  scheduleHint: 'Horário de Brasília (UTC−3), o relógio da rádio.',
  scheduleRequired: 'Escolha a data e a hora da publicação',
  save: 'Salvar',
  preview: 'Prévia',
  viewOnSite: 'Ver no site',
  unpublish: 'Despublicar',
  unpublished: 'Notícia despublicada',
  delete: 'Excluir',
  deleteTitle: 'Excluir esta notícia?',
  deleteText:
    'A notícia sai do site e da redação. Esta ação não pode ser desfeita; para tirá-la do ar e guardar o texto, use Despublicar.',
  cancel: 'Cancelar',
  draftSaved: 'Rascunho salvo',
  published: 'Notícia publicada',
  scheduled: 'Publicação agendada para',
  updatedAt: 'Atualizada em',
  notSavedYet: 'Ainda não salva',
  unsaved: 'Alterações não salvas',
  staleTitle: 'Alguém salvou esta notícia enquanto você editava',
  reload: 'Recarregar a notícia',
  leaveTitle: 'Sair sem salvar?',
  leaveText: 'As alterações desta notícia ainda não foram salvas e serão perdidas.',
  leave: 'Sair sem salvar',
  stay: 'Continuar editando',
  saveError: 'Não foi possível salvar a notícia. Tente de novo.',
  deleteError: 'Não foi possível excluir a notícia. Tente de novo.',
  uploadError: 'Não foi possível enviar a imagem. Tente de novo.',
  fixErrors: 'Confira os campos marcados antes de salvar.',
  shortcut: 'Ctrl+S salva',
  // Rich text toolbar and its dialogs
  toolbar: 'Formatação do texto',
  imageInsert: 'Inserir imagem',
  youtubeInsert: 'Inserir vídeo do YouTube',
  youtubePrompt: 'Endereço do vídeo no YouTube',
  youtubeInvalid: 'Cole o endereço de um vídeo do YouTube',
  insert: 'Inserir',
  // Preview
  previewBar: 'Prévia — não publicada',
  previewOf: 'Prévia',
  backToEditor: 'Voltar ao editor',
  previewError: 'Não foi possível montar a prévia.',
} as const;

/** The state badges (the server's `NewsState::label`). */
export const STATE_LABELS: Record<NewsState, string> = {
  draft: 'Rascunho',
  scheduled: 'Agendada',
  published: 'Publicada',
  unpublished: 'Despublicada',
};

/** Badge colours: drafts grey, scheduled blue, live green, taken down red. */
export const STATE_COLORS: Record<NewsState, string> = {
  draft: 'gray',
  scheduled: 'blue',
  published: 'teal',
  unpublished: 'red',
};
