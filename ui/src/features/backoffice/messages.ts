/**
 * The back-office kit's own texts: what reads the same on every desk (pages, uploads, the rich text
 * toolbar, the editor's buttons and its 'leave?' question). A desk's words for its own things (the
 * item's name, the error of its list) come from the desk, as the kit's components take them.
 */
export const BACKOFFICE_MESSAGES = {
  retry: 'Tentar de novo',
  save: 'Salvar',
  shortcut: 'Ctrl+S salva',
  unsaved: 'Alterações não salvas',
  delete: 'Excluir',
  cancel: 'Cancelar',
  fixErrors: 'Confira os campos marcados antes de salvar.',
  leaveTitle: 'Sair sem salvar?',
  leave: 'Sair sem salvar',
  stay: 'Continuar editando',
  // The station's clock
  startsLabel: 'Início',
  endsLabel: 'Término',
  clockHint: 'Horário de Brasília (UTC−3), o relógio da rádio.',
  // Lists
  pages: 'Páginas',
  page: 'Página',
  nextPage: 'Próxima página',
  previousPage: 'Página anterior',
  clearSearch: 'Limpar busca',
  clearFilters: 'Limpar filtros',
  // Uploads
  uploadCancel: 'Cancelar envio',
  pictureDrop: 'Arraste uma imagem para cá ou',
  picturePick: 'Escolher imagem',
  pictureReplace: 'Trocar imagem',
  pictureRemove: 'Remover imagem',
  pictureUploading: 'Enviando imagem…',
  pictureError: 'Não foi possível enviar a imagem. Tente de novo.',
  audioDrop: 'Envie um MP3 de até 30 MB',
  audioPick: 'Escolher áudio',
  audioReplace: 'Trocar áudio',
  audioRemove: 'Remover áudio',
  audioUploading: 'Enviando áudio…',
  audioError: 'Não foi possível enviar o áudio. Tente de novo.',
  // Rich text toolbar and its dialogs
  toolbar: 'Formatação do texto',
  imageInsert: 'Inserir imagem',
  youtubeInsert: 'Inserir vídeo do YouTube',
  youtubePrompt: 'Endereço do vídeo no YouTube',
  youtubeInvalid: 'Cole o endereço de um vídeo do YouTube',
  insert: 'Inserir',
} as const;

/** The staff gate's words every desk shares (its own name is in its login and permission texts). */
export const STAFF_GATE_TEXTS = {
  restricted: 'Acesso restrito',
  staffArea: 'Área da equipe',
  login: 'Entrar',
  home: 'Página inicial',
  retry: 'Tentar de novo',
} as const;
