import { limits } from '@/generated/validation-rules';
import type { InboxStatus } from './api/inbox-api';

/** The route of the inbox (staff pages are `/a1…`, like /a1stats). */
export const INBOX_PATH = '/a1inbox';

/** Permission 4 (READ_INBOX, README 'Staff permissions'): reads the inbox. */
export const INBOX_PERMISSION_READ = limits.PERMISSION_READ_INBOX;

/** The inbox's texts (the spec has none: ours, in the site's voice). */
export const INBOX_MESSAGES = {
  title: 'Caixa de entrada',
  description: 'O que os ouvintes enviaram pelos formulários do site, pasta por pasta.',
  loginRequired: 'Você precisa estar logado para ver a caixa de entrada.',
  noPermission: 'Você não tem permissão para ver a caixa de entrada.',
  loadError: 'Não foi possível abrir a caixa de entrada.',
  listError: 'Não foi possível carregar as mensagens.',
  itemError: 'Não foi possível abrir a mensagem.',
  itemNotFound: 'Esta mensagem não existe mais.',
  empty: 'Nenhuma mensagem nesta pasta.',
  pickOne: 'Escolha uma mensagem da lista para ler.',
  retry: 'Tentar de novo',
  markHandled: 'Marcar como tratada',
  markUnhandled: 'Marcar como não tratada',
  markedHandled: 'Mensagem marcada como tratada.',
  markedUnhandled: 'Mensagem marcada como não tratada.',
  markError: 'Não foi possível atualizar a mensagem. Tente de novo.',
  downloadCv: 'Baixar currículo',
  downloadError: 'Não foi possível baixar o arquivo. Tente de novo.',
  exportCsv: 'Exportar CSV',
  mailed: 'E-mail enviado',
  notMailed: 'E-mail pendente',
  handled: 'Tratada',
  unhandled: 'Não tratada',
  back: 'Voltar para a lista',
} as const;

export const STATUS_LABELS: Record<InboxStatus, string> = {
  unhandled: 'Não lidas',
  handled: 'Lidas',
  all: 'Todas',
};

/** The empty list of a filter: a hint under the common title. */
export const EMPTY_HINTS: Record<InboxStatus, string> = {
  unhandled: 'Tudo em dia: não há mensagens por tratar.',
  handled: 'Nenhuma mensagem foi marcada como tratada ainda.',
  all: 'Quando um ouvinte enviar o formulário, a mensagem aparece aqui.',
};
