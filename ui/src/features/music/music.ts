/** Music page size (constants MUSIC_PAGE) and the search pause (MUSIC_SEARCH_PAUSE). */
export const MUSIC_PAGE = 20;
export const MUSIC_SEARCH_PAUSE_MS = 700;

export const MUSIC_FIRST_EMPTY_STATUS = 'Não foram encontradas músicas para esse filtro';
export const MUSIC_NO_MORE_TEXT = 'Não foram encontradas mais músicas';
export const MUSIC_EMPTY_PANEL = 'Nenhuma música foi encontrada para esse filtro :(';
export const MUSIC_NO_LYRICS = 'Letra não disponivel';
export const MUSIC_NO_TRANSLATION = 'Tradução não disponivel';
export const MUSIC_LOGIN_TO_DOWNLOAD = 'É necessário estar logado para efetuar o download.';
export const MUSIC_NOT_FOUND_TEXT = 'NÃO ACHAMOS ESSA MÚSICA :(';

export interface MusicFilters {
  letra: boolean;
  traducao: boolean;
  video: boolean;
  busca: string;
}

/** The list as /musicas first shows it. */
export const NO_MUSIC_FILTERS: MusicFilters = {
  letra: false,
  traducao: false,
  video: false,
  busca: '',
};

export function hasFilter(filters: MusicFilters): boolean {
  return filters.letra || filters.traducao || filters.video || filters.busca.trim() !== '';
}

export function musicPath(music: { musicSlug: string; artistSlug: string }): string {
  return `/musicas/${music.musicSlug}+${music.artistSlug}`;
}
