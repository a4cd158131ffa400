import type { ArtistEntry } from '@/generated/ArtistEntry';

export const ARTIST_NOT_FOUND_SEARCH = 'Não foi possível encontrar esse artista';
export const ALBUMS_SLIDER = 20;

/** AR-01: case-insensitive substring of the name (accents kept as typed). */
export function searchArtists(artists: readonly ArtistEntry[], query: string): ArtistEntry[] {
  const needle = query.trim().toLocaleLowerCase('pt-BR');
  if (!needle) return [];
  return artists.filter((artist) => artist.Nam.toLocaleLowerCase('pt-BR').includes(needle));
}

export const ARTIST_TOP_SONGS = 3;
export const ARTIST_TOP_SONGS_DELAY_MS = 1000;
export const ARTIST_NOT_FOUND_TEXT = 'NÃO ACHAMOS ESSE ARTISTA :(';
export const ARTIST_NO_BIOGRAPHY = 'Ainda não temos uma biografia desse artista.';

export function artistMusicLink(artistName: string): string {
  return `/musicas?letra=false&traducao=false&video=false&busca=${encodeURIComponent(artistName)}`;
}
