import type { STATS_CHART_MODES, STATS_GROUPINGS } from '@/lib/constants';

/** The dashboard's texts (doc3 §8 stats.*; the rest are ours, the spec has none). */
export const STATS_MESSAGES = {
  /** stats.01 */
  loginRequired: 'Você precisa estar logado para ver as estatísticas',
  /** stats.02 */
  noPermission: 'Você não tem permissão para ler as estatísticas.',
  /** stats.03 */
  affiliatesTitle: 'Filiais',
  /** stats.04 (English as written) */
  connectionError: 'Connection error!',
  /** stats.05 */
  noTimestamps: 'Nenhuma timestamp fornecida!',
  /** doc3 §5: the note of the impact report. */
  zeroNote: 'Um valor 0 significa que não foi possível ler o stream naquele momento.',
  noData: 'Sem dados no período',
  cacheCleaned: 'Cache limpo.',
} as const;

export const GROUPING_LABELS: Record<(typeof STATS_GROUPINGS)[number], string> = {
  minute: 'Minuto',
  hour: 'Hora',
  day: 'Dia',
  week: 'Semana',
  month: 'Mês',
};

export const MODE_LABELS: Record<(typeof STATS_CHART_MODES)[number], string> = {
  all: 'Todos',
  onlyMax: 'Máximo',
  onlyMin: 'Mínimo',
  onlyMean: 'Média',
};
