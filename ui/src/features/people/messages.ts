/**
 * The people area's route, permission and texts. Light on purpose: the profile menu's
 * 'Pessoas' item imports it into every page, while the page itself is a chunk of its own.
 */
import { STAFF_GATE_TEXTS } from '@/features/backoffice/messages';
import { limits } from '@/generated/validation-rules';

/** The area (staff pages are `/a1…`, like /a1redacao). */
export const PEOPLE_PATH = '/a1pessoas';

/** Permission 8 (README 'Staff permissions'): accounts and the audit log. */
export const PEOPLE_PERMISSION = limits.PERMISSION_PEOPLE;

/** What each staff permission opens, in the words the team uses (README 'Staff permissions'). */
export const PERMISSION_LABELS: readonly { value: number; label: string; hint: string }[] = [
  {
    value: limits.PERMISSION_READ_STATS,
    label: 'Estatísticas',
    hint: 'Ver o painel de estatísticas (/a1stats).',
  },
  {
    value: limits.PERMISSION_CLEAN_CACHE,
    label: 'Caches',
    hint: 'Limpar os caches e ver os links de controle.',
  },
  {
    value: limits.PERMISSION_SEE_AFFILIATES,
    label: 'Afiliadas',
    hint: 'Ver as afiliadas e os seus streams no painel.',
  },
  {
    value: limits.PERMISSION_READ_INBOX,
    label: 'Caixa de entrada',
    hint: 'Ler os formulários dos ouvintes, marcar como tratados, baixar currículos.',
  },
  {
    value: limits.PERMISSION_NEWSROOM,
    label: 'Redação',
    hint: 'Escrever, agendar e publicar notícias.',
  },
  {
    value: limits.PERMISSION_PROMOTIONS,
    label: 'Promoções',
    hint: 'Promoções, sorteios e caças ao tesouro.',
  },
  {
    value: limits.PERMISSION_CATALOGUE,
    label: 'Catálogo e páginas',
    hint: 'Artistas, músicas, programas, parceiros, clientes, textos legais e parâmetros do site.',
  },
  {
    value: limits.PERMISSION_PEOPLE,
    label: 'Pessoas',
    hint: 'Contas dos ouvintes, PRO, permissões da equipe e o registro de alterações.',
  },
];

export const PEOPLE_MESSAGES = {
  title: 'Pessoas',
  description: 'Encontre um ouvinte, conceda PRO ou permissões e desative contas.',
  loginRequired: 'Você precisa estar logado para entrar na área de pessoas.',
  noPermission: 'Você não tem permissão para entrar na área de pessoas.',
  ...STAFF_GATE_TEXTS,
  tabPeople: 'Contas',
  tabAudit: 'Registro de alterações',
  // Search
  search: 'Buscar contas',
  searchPlaceholder: 'E-mail, nome ou número da conta',
  loadingList: 'Carregando contas',
  listError: 'Não foi possível carregar as contas.',
  empty: 'Nenhuma conta encontrada',
  emptyHint: 'Confira o e-mail ou o nome, ou busque só por uma parte dele.',
  name: 'Nome',
  email: 'E-mail',
  createdAt: 'Criada em',
  status: 'Situação',
  permissions: 'Permissões',
  open: 'Abrir',
  pro: 'PRO',
  noPermissions: '—',
  disabled: 'Desativada',
  unconfirmed: 'E-mail não confirmado',
  active: 'Ativa',
  // Detail
  detailTitle: 'Conta',
  loadingPerson: 'Carregando a conta',
  personError: 'Não foi possível abrir a conta.',
  permissionsTitle: 'Permissões da equipe',
  permissionsHint: 'Marque o que esta pessoa pode fazer nos bastidores do site.',
  savePermissions: 'Salvar permissões',
  proTitle: 'Assinatura PRO',
  proActiveUntil: (date: string) => `PRO até ${date}`,
  proActiveOpen: 'PRO sem data de término',
  notPro: 'Não é PRO',
  proUntil: 'Último dia (opcional)',
  proUntilHint: 'Em branco, o PRO não tem data de término.',
  grantPro: 'Conceder PRO',
  revokePro: 'Revogar PRO',
  subscriptions: 'Assinaturas',
  noSubscriptions: 'Nenhuma assinatura.',
  accountTitle: 'Acesso à conta',
  disable: 'Desativar conta',
  enable: 'Reativar conta',
  disableConfirmTitle: 'Desativar esta conta?',
  disableConfirm: (email: string) =>
    `${email} não poderá mais entrar no site nem nos apps, e as sessões abertas serão encerradas agora.`,
  enableConfirmTitle: 'Reativar esta conta?',
  enableConfirm: (email: string) => `${email} poderá entrar de novo com a sua senha.`,
  cancel: 'Cancelar',
  confirm: 'Confirmar',
  // Audit
  loadingAudit: 'Carregando o registro',
  auditError: 'Não foi possível carregar o registro de alterações.',
  auditEmpty: 'Nenhuma alteração registrada ainda.',
  who: 'Quem',
  when: 'Quando',
  action: 'Ação',
  entity: 'Registro',
  showChanges: 'Ver alterações',
  hideChanges: 'Ocultar alterações',
  noChanges: 'Sem diferenças nos campos guardados.',
  removedAccount: '(conta removida)',
} as const;

/** The audit log's actions, in Portuguese; an unknown one is shown as it is. */
export const ACTION_LABELS: Record<string, string> = {
  'news.create': 'Notícia criada',
  'news.update': 'Notícia alterada',
  'news.delete': 'Notícia excluída',
  'image.upload': 'Imagem enviada',
  'user.permissions': 'Permissões alteradas',
  'user.pro.grant': 'PRO concedido',
  'user.pro.revoke': 'PRO revogado',
  'user.disable': 'Conta desativada',
  'user.enable': 'Conta reativada',
};

export const ENTITY_LABELS: Record<string, string> = {
  news: 'Notícia',
  image: 'Imagem',
  user: 'Conta',
};
