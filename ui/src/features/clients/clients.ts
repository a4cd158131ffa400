import type { Client } from '@/generated/Client';

export const SEGMENTS = [
  'Estabelecimentos',
  'Automotivo',
  'Cultura e Entretenimento',
  'Serviços',
  'Turismo',
  'Alimentos e Bebidas',
] as const;

export const CLIENT_NOT_FOUND_TEXT = 'NÃO ACHAMOS ESSE CLIENTE :(';
export const CLIENT_NOT_FOUND_HINT = 'Verifique se o link foi digitado corretamente.';
export const SPOT_NOT_FOUND_TEXT = 'Spot não encontrado';
export { SPOT_PARAM } from './spot-param';
export const NO_AUDIO_TITLE = 'Audio indisponível';
export const NO_LOCATION_TEXT = 'Sem praça';
export const DEFAULT_CLIENT_IMAGE = '/img/default-client.svg';
export const DEFAULT_SPOT_IMAGE = '/img/default-spot.svg';
export const SHORT_DESCRIPTION_MAX = 80;

const RULES: [string[], (typeof SEGMENTS)[number]][] = [
  [['auto', 'veic', 'moto', 'pneu'], 'Automotivo'],
  [['restaurante', 'pizza', 'bebida', 'cervej', 'aliment', 'padaria'], 'Alimentos e Bebidas'],
  [['turismo', 'viagem', 'hotel', 'pousada'], 'Turismo'],
  [['teatro', 'cinema', 'show', 'cultura', 'festival'], 'Cultura e Entretenimento'],
  [['loja', 'shopping', 'supermercado', 'farm'], 'Estabelecimentos'],
];

/** G45: the stored segment when it is one of the six, else the keyword map; default Serviços. */
export function segmentOf(client: Pick<Client, 'name' | 'segment'>): string {
  if ((SEGMENTS as readonly string[]).includes(client.segment)) return client.segment;
  const plain = client.name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return RULES.find(([keywords]) => keywords.some((k) => plain.includes(k)))?.[1] ?? 'Serviços';
}

/** doc2: the short description is cut at 80 characters followed by '...'. */
export function cutDescription(text: string): string {
  return text.length > SHORT_DESCRIPTION_MAX
    ? `${text.slice(0, SHORT_DESCRIPTION_MAX).trimEnd()}...`
    : text;
}

/** G58: the analytics categories of the clients directory and of its spots. */
export const CLIENTS_ANALYTICS_CATEGORY = 'Clients';
export const SPOTS_ANALYTICS_CATEGORY = 'Spots';
