/** Cuts a text at `max` characters with '...' (TP-01: 15 in the top 10, TP-04: 40 in the top 100). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}...` : text;
}

export const TOP10_TRUNCATE = 15;
export const TOP100_ARTIST_TRUNCATE = 40;
export const TOP10_NOT_FOUND_TEXT = 'NÃO ACHAMOS ÁLBUNS PARA ESSA CATEGORIA :(';
export const TOP100_NOT_FOUND_TEXT = 'NÃO ACHAMOS MÚSICAS PARA ESSE ANO :(';
