/**
 * The promotions desk's routes, permission and texts. Light on purpose, like the
 * newsroom's: the profile menu's 'Promoções' item imports it into every page, while the pages (and
 * the editors with tiptap) are chunks of their own.
 */
import { STAFF_GATE_TEXTS } from '@/features/backoffice/messages';
import type { CampaignStatus } from '@/generated/CampaignStatus';
import { limits } from '@/generated/validation-rules';

/** The list (staff pages are `/a1…`, like /a1redacao). */
export const PROMOTIONS_PATH = '/a1promocoes';
export const PROMOTION_NEW_PATH = `${PROMOTIONS_PATH}/nova`;
export const promotionEditPath = (id: number) => `${PROMOTIONS_PATH}/${id}`;
/** The hunts tab of the list (`?aba=cacas`) and the hunt editor. */
export const HUNTS_TAB = 'cacas';
export const HUNTS_PATH = `${PROMOTIONS_PATH}?aba=${HUNTS_TAB}`;
export const HUNT_NEW_PATH = `${PROMOTIONS_PATH}/cacas/nova`;
export const huntEditPath = (id: number) => `${PROMOTIONS_PATH}/cacas/${id}`;

/** Permission 6 (README 'Staff permissions'): runs promotions and treasure hunts. */
export const PROMOTIONS_PERMISSION = limits.PERMISSION_PROMOTIONS;

/** The desk's texts (ours; the rules' messages come from validation-rules). */
export const PROMO_MESSAGES = {
  title: 'Promoções',
  description: 'Crie promoções e caças ao tesouro, acompanhe as respostas e sorteie os ganhadores.',
  loginRequired: 'Você precisa estar logado para entrar nas promoções.',
  noPermission: 'Você não tem permissão para gerenciar as promoções.',
  ...STAFF_GATE_TEXTS,
  loading: 'Carregando',
  // Tabs
  tabPromotions: 'Promoções',
  tabHunts: 'Caças ao tesouro',
  // Promotions list
  newPromotion: 'Nova promoção',
  search: 'Buscar promoções',
  searchPlaceholder: 'Palavras do título',
  status: 'Situação',
  allStatuses: 'Todas as situações',
  clearFilters: 'Limpar filtros',
  listError: 'Não foi possível carregar as promoções.',
  empty: 'Nenhuma promoção encontrada.',
  emptyHint: 'Mude a busca ou o filtro, ou crie uma nova promoção.',
  emptyStart: 'Ainda não há promoções. Que tal criar a primeira?',
  loadingList: 'Carregando promoções',
  noPicture: 'Sem imagem',
  picture: 'Imagem',
  promotion: 'Promoção',
  period: 'Período',
  answers: 'Respostas',
  winners: 'Ganhadores',
  // Hunts list
  newHunt: 'Nova caça',
  huntsError: 'Não foi possível carregar as caças ao tesouro.',
  huntsEmpty: 'Nenhuma caça ao tesouro encontrada.',
  huntsEmptyHint: 'Crie a primeira caça ao tesouro do site.',
  loadingHunts: 'Carregando caças ao tesouro',
  hunt: 'Caça',
  prizesWon: 'Prêmios ganhos',
  players: 'Jogadores',
  // Promotion editor
  editPromotion: 'Editar promoção',
  loadingItem: 'Carregando',
  promotionError: 'Não foi possível abrir a promoção.',
  promotionNotFound: 'Esta promoção não existe mais.',
  backToList: 'Voltar para as promoções',
  titleLabel: 'Título',
  shortDescriptionLabel: 'Descrição curta',
  shortDescriptionHint: 'A linha do cartão na página de promoções.',
  descriptionLabel: 'Descrição',
  rulesLabel: 'Regulamento',
  rulesHint: 'Obrigatório para publicar.',
  questionLabel: 'Pergunta',
  questionHint: 'O que o formulário de resposta pergunta. Vazio quando a descrição já pergunta.',
  imageLabel: 'Imagem',
  imageHint: 'A imagem do cartão e da página da promoção.',
  bannerLabel: 'Banner',
  bannerHint: 'A imagem larga do carrossel da página inicial.',
  colorSchemeLabel: 'Esquema de cores',
  light: 'Claro',
  dark: 'Escuro',
  proLabel: 'Só para assinantes PRO',
  editableLabel: 'Resposta editável',
  editableHint: 'O participante pode mudar a resposta enquanto a promoção estiver aberta.',
  multipleLabel: 'Várias respostas',
  multipleHint: 'O participante pode enviar mais de uma resposta.',
  singleWordLabel: 'Resposta de uma palavra',
  singleWordHint: 'Respostas curtas, de até 30 caracteres.',
  affiliateLabel: 'Filial',
  affiliateHint: 'O código da afiliada. Vazio para a promoção nacional.',
  periodLabel: 'Período',
  startsLabel: 'Início',
  endsLabel: 'Término',
  clockHint: 'Horário de Brasília (UTC−3), o relógio da rádio.',
  publishedLabel: 'Publicada',
  publishedHint: 'Aparece no site a partir do início. Desligada, fica oculta em todo lugar.',
  details: 'Detalhes',
  pictures: 'Imagens',
  options: 'Participação',
  situation: 'Situação',
  save: 'Salvar',
  shortcut: 'Ctrl+S salva',
  openNow: 'Abrir agora',
  closeNow: 'Encerrar agora',
  opened: 'Promoção aberta',
  closed: 'Promoção encerrada',
  viewOnSite: 'Ver no site',
  delete: 'Excluir',
  deletePromotionTitle: 'Excluir esta promoção?',
  deletePromotionText:
    'A promoção sai do site e do painel. Uma promoção com respostas não pode ser excluída: encerre-a ou oculte-a.',
  cancel: 'Cancelar',
  notSavedYet: 'Ainda não salva',
  unsaved: 'Alterações não salvas',
  staleTitle: 'Alguém salvou enquanto você editava',
  reload: 'Recarregar',
  leaveTitle: 'Sair sem salvar?',
  leaveText: 'As alterações ainda não foram salvas e serão perdidas.',
  leave: 'Sair sem salvar',
  stay: 'Continuar editando',
  saveError: 'Não foi possível salvar. Tente de novo.',
  deleteError: 'Não foi possível excluir. Tente de novo.',
  fixErrors: 'Confira os campos marcados antes de salvar.',
  datesRequired: 'Escolha a data e a hora',
  // Pictures
  pictureDrop: 'Arraste uma imagem para cá ou',
  picturePick: 'Escolher imagem',
  pictureReplace: 'Trocar imagem',
  pictureRemove: 'Remover imagem',
  pictureUploading: 'Enviando imagem…',
  pictureCancel: 'Cancelar envio',
  // Answers
  answersTitle: 'Respostas',
  answersError: 'Não foi possível carregar as respostas.',
  answersEmpty: 'Nenhuma resposta ainda.',
  exportCsv: 'Exportar CSV',
  name: 'Nome',
  email: 'E-mail',
  city: 'Cidade/UF',
  answer: 'Resposta',
  date: 'Data',
  winner: 'Ganhador',
  // Draw
  drawTitle: 'Sorteio',
  drawLater: 'O sorteio fica disponível depois do encerramento.',
  drawCount: 'Quantos ganhadores',
  draw: 'Sortear',
  drawConfirmTitle: 'Sortear os ganhadores?',
  drawDone: 'Sorteio feito',
  drawError: 'Não foi possível sortear. Tente de novo.',
  participants: 'participantes',
  noWinners: 'Nenhum ganhador sorteado ainda.',
  mailed: 'e-mail enviado',
  notMailed: 'e-mail não enviado — contate',
  // Hunt editor
  editHunt: 'Editar caça',
  huntError: 'Não foi possível abrir a caça ao tesouro.',
  huntNotFound: 'Esta caça ao tesouro não existe mais.',
  huntDescriptionLabel: 'Descrição',
  huntRulesHint: 'Obrigatório para ativar a caça.',
  bannerMessageLabel: 'Mensagem do banner',
  bannerMessageHint: 'A linha do banner que aparece em todas as páginas durante a caça.',
  activeLabel: 'Ativa',
  activeHint: 'Roda entre as datas. Desligada, para na hora.',
  chanceLabel: 'Chance de ganhar por página vista (%)',
  chanceHint: 'A cada página vista, a chance de o ouvinte achar um prêmio enquanto houver estoque.',
  prizes: 'Prêmios',
  addPrize: 'Adicionar prêmio',
  prizeName: 'Nome do prêmio',
  prizeDescription: 'Descrição do prêmio',
  prizeImage: 'Imagem do prêmio',
  prizeQuantity: 'Quantidade total',
  moveUp: 'Subir',
  moveDown: 'Descer',
  removePrize: 'Remover prêmio',
  newPrize: 'Novo prêmio',
  deleteHuntTitle: 'Excluir esta caça ao tesouro?',
  deleteHuntText:
    'A caça sai do site e do painel. Uma caça com prêmios ganhos não pode ser excluída: desative-a.',
} as const;

/** The status badges and the list's filter (the server's `CampaignStatus`). */
export const STATUS_LABELS: Record<CampaignStatus, string> = {
  hidden: 'Oculta',
  scheduled: 'Agendada',
  open: 'Aberta',
  closed: 'Encerrada',
};

/** A hunt switched off is 'inactive' in the desk's words; the other states read the same. */
export const HUNT_STATUS_LABELS: Record<CampaignStatus, string> = {
  ...STATUS_LABELS,
  hidden: 'Inativa',
};

/** Badge colours: hidden grey, scheduled blue, open green, closed dark red. */
export const STATUS_COLORS: Record<CampaignStatus, string> = {
  hidden: 'gray',
  scheduled: 'blue',
  open: 'teal',
  closed: 'red',
};

export const CAMPAIGN_STATUSES: readonly CampaignStatus[] = [
  'hidden',
  'scheduled',
  'open',
  'closed',
];
