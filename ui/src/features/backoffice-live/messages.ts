/**
 * The live input desk's route, permission and texts. Light on purpose, like the catalogue's: the
 * profile menu's item imports it into every page, while the page itself is a chunk of its own.
 */
import { STAFF_GATE_TEXTS } from '@/features/backoffice/messages';
import { LIVE_HOME_HINT, LIVE_PATH, LIVE_TITLE } from '@/features/backoffice/desks';
import { limits } from '@/generated/validation-rules';

/** The desk's page (staff pages are `/a1…`, like /a1catalogo). */
export { LIVE_PATH };

/** The live input is the catalogue's permission, as the channels themselves are (live_sources.rs). */
export const LIVE_PERMISSION = limits.PERMISSION_CATALOGUE;

/** How often the page asks for the channels' status while it is open. */
export const LIVE_REFRESH_MS = 5_000;

/** The user name every encoder sends (Icecast's source protocol, routes/source.rs). */
export const SOURCE_USER = 'source';

export const LIVE_MESSAGES = {
  title: LIVE_TITLE,
  menu: LIVE_TITLE,
  description:
    'Conecte o encoder do estúdio (BUTT, Liquidsoap, ffmpeg…) a um canal, veja quem está no ar e gerencie as senhas.',
  homeHint: LIVE_HOME_HINT,
  // Gate
  loginRequired: 'Você precisa estar logado para gerenciar a transmissão ao vivo.',
  noPermission: 'Você não tem permissão para gerenciar a transmissão ao vivo.',
  ...STAFF_GATE_TEXTS,
  loading: 'Carregando os canais',
  listError: 'Não foi possível carregar os canais.',
  refreshError: 'Não foi possível atualizar o status. Mostrando o último recebido.',
  empty: 'Nenhum canal disponível',
  emptyText:
    'O motor da rádio está desligado neste servidor, então nenhum canal aceita fonte ao vivo.',
  refreshNote: 'O status se atualiza sozinho a cada 5 segundos.',
  // Status
  onAir: 'Ao vivo',
  autoDj: 'AutoDJ no ar',
  nowTitle: 'No ar agora',
  autoDjText: 'Nenhum encoder conectado: o AutoDJ toca a programação.',
  mainChannel: 'Canal principal',
  liveSince: 'No ar desde',
  liveAddress: 'Endereço do encoder',
  liveMount: 'Conectado em',
  liveName: 'Nome enviado pelo encoder',
  liveAgent: 'Programa (user agent)',
  notSent: 'não informado',
  disconnect: 'Desconectar fonte',
  disconnectTitle: 'Desconectar a fonte ao vivo?',
  disconnectText:
    'A fonte sai do ar e o AutoDJ volta em até dois segundos. Muitos encoders se reconectam sozinhos: para impedir, gere uma nova senha antes.',
  disconnected: 'Fonte desconectada. O AutoDJ voltou ao ar.',
  disconnectError: 'Não foi possível desconectar a fonte.',
  cancel: 'Cancelar',
  // Connection settings
  settingsTitle: 'Configuração do encoder',
  server: 'Servidor',
  port: 'Porta',
  tls: 'Conexão segura (SSL/TLS)',
  yes: 'Sim',
  no: 'Não',
  mount: 'Ponto de montagem (mount)',
  otherMounts: 'Também aceita',
  noMounts: 'Nenhum ponto de montagem ativo',
  user: 'Usuário',
  password: 'Senha',
  ownPasswordSince: (when: string) => `senha própria do canal desde ${when}`,
  ownPassword: 'senha própria do canal',
  stationPassword: 'senha da estação (ONDA_SOURCE_PASSWORD)',
  noPasswordShort: 'nenhuma',
  noPassword: 'Este canal não aceita fonte ao vivo',
  noPasswordText:
    'Não há senha própria do canal nem senha da estação (ONDA_SOURCE_PASSWORD). Gere uma senha para conectar um encoder.',
  copy: 'Copiar',
  copied: 'Copiado',
  copyWhat: (what: string) => `Copiar ${what}`,
  // Password
  generate: 'Gerar nova senha',
  generateTitle: 'Substituir a senha própria?',
  generateText:
    'A senha atual deixa de valer: o encoder só se conecta de novo com a nova senha. A fonte que está no ar agora continua conectada.',
  generateConfirm: 'Gerar e substituir',
  generateError: 'Não foi possível gerar a senha.',
  newPasswordTitle: 'Nova senha do canal',
  newPasswordFor: (channel: string) => `Senha de fonte do canal ${channel}:`,
  newPasswordNote:
    'Esta senha não será mostrada de novo. Copie agora e configure no encoder; se perder, gere outra.',
  copyPassword: 'Copiar senha',
  done: 'Já copiei',
  remove: 'Remover senha própria',
  removeTitle: 'Remover a senha própria do canal?',
  removeToStation: 'O canal volta a aceitar a senha da estação (ONDA_SOURCE_PASSWORD).',
  removeToNothing:
    'A estação não tem senha (ONDA_SOURCE_PASSWORD): o canal deixará de aceitar fontes ao vivo.',
  removeConfirm: 'Remover senha',
  removed: 'Senha própria removida.',
  removeError: 'Não foi possível remover a senha.',
} as const;
