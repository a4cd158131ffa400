export const JOURNALISTS_ERROR_TEXT =
  'Oops, ocorreu um erro na comunicação com servidor. Tente de novo mais tarde.';

export const JOURNALIST_NEWS_PAGE = 10;
export const JOURNALIST_END_TEXT = 'Não há mais notícias.';
export const JOURNALIST_EMPTY_TEXT = 'Não há notícias';
export const JOURNALIST_NOT_FOUND_TEXT = 'NÃO ACHAMOS ESSE JORNALISTA :(';
