/** The weather strip's texts (doc2 §2, §8 weather.01–09), word for word. */
export { DATA_ERROR as WEATHER_ERROR_TEXT } from '@/lib/messages';

export const WEATHER_DENIED = 'Permissão negada';
export const WEATHER_UNSUPPORTED = 'Localização não suportada';
export const WEATHER_ERROR_TITLE = 'Erro';

/** Air-quality index 1 … 5 (AIR_QUALITY_LEVELS). */
export const AIR_QUALITY_LABELS = ['Boa', 'Razoável', 'Moderada', 'Ruim', 'Muito ruim'] as const;

/** The label of an index, or the server's own label for one outside 1 … 5. */
export function airQualityLabel(index: number, fallback: string): string {
  return AIR_QUALITY_LABELS[index - 1] ?? fallback;
}
