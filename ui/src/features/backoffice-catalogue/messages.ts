/**
 * The catalogue desk's routes, permissions and texts. Light on purpose, like the
 * newsroom's and the promotions': the profile menu's 'Catálogo' item imports it into every page,
 * while the pages (and the editor with tiptap) are chunks of their own.
 */
import { STAFF_GATE_TEXTS } from '@/features/backoffice/messages';
import type { FieldSpec } from '@/generated/FieldSpec';
import { CATALOGUE_PATH } from '@/features/backoffice/desks';
import { limits } from '@/generated/validation-rules';

/** The catalogue home (staff pages are `/a1…`, like /a1redacao). */
export { CATALOGUE_PATH };
/** The station's parameters: a word no collection key uses (keys are English). */
export const SETTINGS_PATH = `${CATALOGUE_PATH}/parametros`;
export const collectionPath = (key: string) => `${CATALOGUE_PATH}/${key}`;
export const itemNewPath = (key: string) => `${CATALOGUE_PATH}/${key}/novo`;
export const itemEditPath = (key: string, id: number) => `${CATALOGUE_PATH}/${key}/${id}`;

/** Permission 7 runs the catalogue and the settings; permission 5 its newsroom collections. */
export const CATALOGUE_PERMISSION = limits.PERMISSION_CATALOGUE;
export const NEWSROOM_PERMISSION = limits.PERMISSION_NEWSROOM;
export const CATALOGUE_PERMISSIONS: readonly number[] = [CATALOGUE_PERMISSION, NEWSROOM_PERMISSION];

/** The groups in the order the menu shows them; a group the server adds later comes after. */
export const GROUP_ORDER: readonly string[] = [
  'Música',
  'Rádio',
  'Vídeos',
  'Comercial',
  'Páginas',
  'Redação',
];

/** Weekday chips: 1 = Monday … 7 = Sunday, as the server stores them. */
export const WEEKDAYS: readonly { value: string; label: string; name: string }[] = [
  { value: '1', label: 'Seg', name: 'Segunda-feira' },
  { value: '2', label: 'Ter', name: 'Terça-feira' },
  { value: '3', label: 'Qua', name: 'Quarta-feira' },
  { value: '4', label: 'Qui', name: 'Quinta-feira' },
  { value: '5', label: 'Sex', name: 'Sexta-feira' },
  { value: '6', label: 'Sáb', name: 'Sábado' },
  { value: '7', label: 'Dom', name: 'Domingo' },
];

/**
 * A CATALOGUE_* message with the field's label and limits in place, exactly as the server fills it
 * (routes/backoffice/catalogue/values.rs `message`).
 */
export function fillMessage(template: string, field: Pick<FieldSpec, 'label' | 'max' | 'min'>) {
  return template
    .replaceAll('{campo}', field.label)
    .replaceAll('{max}', String(field.max))
    .replaceAll('{min}', String(field.min));
}

/**
 * 'Novo artista' / 'Nova música': Portuguese agrees with the noun, which the server does not say.
 * Nouns in -a are feminine but for the -ista professions (artista, jornalista: the station's
 * usage is the masculine) and the Greek -ma words (programa); 'frase' and 'tag' are feminine too.
 * The noun is the first word ('lista do ano').
 */
export function newItemLabel(singular: string): string {
  const word = singular.trim();
  const lower = (word.split(/\s+/)[0] ?? '').toLowerCase();
  const masculine =
    (/ista$/.test(lower) && lower !== 'lista') || /^(programa|dia|mapa|tema|sistema)$/.test(lower);
  const feminine = !masculine && (/(a|ção|dade|gem)$/.test(lower) || /^(frase|tag)$/.test(lower));
  return `${feminine ? 'Nova' : 'Novo'} ${word}`;
}

/** The desk's texts (ours; the rules' messages come from validation-rules). */
export const CAT_MESSAGES = {
  title: 'Catálogo',
  description: 'Artistas, músicas, programação, clientes, páginas e os parâmetros da rádio.',
  loginRequired: 'Você precisa estar logado para entrar no catálogo.',
  noPermission: 'Você não tem permissão para editar o catálogo.',
  ...STAFF_GATE_TEXTS,
  loading: 'Carregando',
  specError: 'Não foi possível carregar o catálogo.',
  // Home
  chooseCollection: 'Escolha o que editar',
  settings: 'Parâmetros da rádio',
  settingsHint: 'Logo, barra do topo, manutenção, anúncios e testes.',
  station: 'Configurações',
  // List
  unknownCollection: 'Esta lista não existe ou não está disponível para você.',
  backToCatalogue: 'Voltar para o catálogo',
  search: 'Buscar',
  searchPlaceholder: 'Palavras do nome',
  clearSearch: 'Limpar busca',
  listError: 'Não foi possível carregar a lista.',
  empty: 'Nenhum item encontrado.',
  emptySearch: 'Mude a busca para ver outros itens.',
  loadingList: 'Carregando itens',
  moveUp: 'Mover para cima',
  moveDown: 'Mover para baixo',
  moveError: 'Não foi possível mudar a ordem. Tente de novo.',
  order: 'Ordem',
  name: 'Nome',
  yes: 'Sim',
  no: 'Não',
  noPicture: 'Sem imagem',
  hasAudio: 'Com áudio',
  songs: (count: number) => (count === 1 ? '1 música' : `${count} músicas`),
  // Editor
  edit: 'Editar',
  itemError: 'Não foi possível abrir o item.',
  itemNotFound: 'Este item não existe mais.',
  backToList: 'Voltar para a lista',
  save: 'Salvar',
  shortcut: 'Ctrl+S salva',
  delete: 'Excluir',
  deleteTitle: 'Excluir este item?',
  deleteText: 'O item sai do site e do painel. Não é possível desfazer.',
  viewOnSite: 'Ver no site',
  notSavedYet: 'Ainda não salvo',
  unsaved: 'Alterações não salvas',
  saveError: 'Não foi possível salvar. Tente de novo.',
  deleteError: 'Não foi possível excluir. Tente de novo.',
  fixErrors: 'Confira os campos marcados antes de salvar.',
  serverTitle: 'O servidor recusou',
  leaveText: 'As alterações ainda não foram salvas e serão perdidas.',
  actions: 'Ações',
  // Fields
  choose: 'Escolha',
  searchToChoose: 'Digite para buscar',
  nothingFound: 'Nada encontrado',
  youTubeHint: 'O código de 11 caracteres ou o endereço do vídeo.',
  youTubeOpen: 'Abrir o vídeo no YouTube',
  timeHint: 'HH:MM',
  addSong: 'Adicionar música',
  searchSong: 'Buscar música',
  removeSong: 'Remover música',
  songUp: 'Subir música',
  songDown: 'Descer música',
  noSongs: 'Nenhuma música na lista.',
  // Audio
  audioDrop: 'Envie um MP3 de até 30 MB',
  audioPick: 'Escolher áudio',
  audioReplace: 'Trocar áudio',
  audioRemove: 'Remover áudio',
  audioUploading: 'Enviando áudio…',
  audioCancel: 'Cancelar envio',
  audioError: 'Não foi possível enviar o áudio. Tente de novo.',
  // Settings
  settingsError: 'Não foi possível carregar os parâmetros.',
  logo: 'Logo',
  logoImage: 'Imagem do logo',
  logoAlt: 'Texto alternativo do logo',
  logoAltHint: 'O que um leitor de tela diz no lugar do logo.',
  headerBar: 'Barra do topo',
  barText: 'Texto da barra',
  barTitle: 'Título do link',
  barTitleHint: 'Aparece ao passar o mouse sobre a barra.',
  barLink: 'Link da barra',
  barLinkHint: 'Um endereço do site (/ouvir-radio-online) ou https://…',
  gradientFrom: 'Cor inicial',
  gradientTo: 'Cor final',
  colorHint: 'No formato #RRGGBB',
  maintenance: 'Manutenção',
  maintenanceLabel: 'Aviso de manutenção',
  maintenanceHint: 'Mostra o aviso de manutenção na barra do topo; o site continua funcionando',
  preroll: 'Anúncio antes do ao vivo',
  adManagerUrl: 'Endereço do Ad Manager',
  targetingUrl: 'Endereço de segmentação',
  adHint: 'Vazio para não tocar anúncio. Começa com / ou https://',
  tests: 'Testes e campanhas',
  enabledTests: 'Testes ligados para todos',
  enabledTestsHint: 'Digite o nome e tecle Enter.',
  campaignStreams: 'Streams de campanha',
  campaignStreamsHint: 'O código utm_source de uma campanha e o stream que ele toca.',
  campaign: 'Campanha',
  stream: 'Stream',
  addCampaign: 'Adicionar campanha',
  removeCampaign: 'Remover campanha',
} as const;
