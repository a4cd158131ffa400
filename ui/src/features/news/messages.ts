/** The news pages' texts (doc2 §2, §8 news.*; C21, C34, G30), character for character. */
export const LOAD_MORE_TEXT = 'Carregar Mais';
export const NEWS_EMPTY_TEXT = 'Não há notícias na categoria selecionada';
export const NEWS_END_ALL_TEXT = 'Não há mais noticias nessa categoria';
export const newsEndCategoryText = (category: string) => `Não há mais notícas sobre ${category}.`;
export const NEWS_NO_NEWS_FOUND_TEXT = 'Não há notícias relacionadas com a categoria.';
export const NEWS_ERROR_TEXT = 'Erro na comunicação com servidor. Tente de novo mais tarde.';
export const noTagNewsText = (tag: string) => `Não há notícias sobre ${tag}.`;
export const NO_HOME_NEWS_TEXT = 'Nenhuma notícia disponível no momento.';
export const PRO_ONLY_TEXT = 'Conteúdo somente para usuários PRO';
export const PRO_CTA_TEXT = 'Quero ser PRO.';
export const NEWS_NOT_FOUND_TEXT = 'NÃO ACHAMOS ESSA NOTÍCIA :(';
export const END_MARKER = '- - -';
export const ALL_CATEGORIES_LABEL = 'Todas as categorias';
export const MOST_READ_TITLE = 'Mais lidas da semana';
/** G58: the analytics event of the 'Quero ser PRO.' link. */
export const PRO_NEWS_CTA_EVENT = 'pro_news_cta';
