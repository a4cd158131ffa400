/**
 * Shaping getFilteredListeners and getFilteredSessions for the chart, the table and the CSV
 * export. Series are named `<type>:<stat>` (stat max, min or mean); the chart mode picks which stats
 * are drawn.
 */
import type { STATS_CHART_MODES } from '@/lib/constants';
import { formatBucket } from './stats-time';
import type { HistoryData } from './types';

export type ChartMode = (typeof STATS_CHART_MODES)[number];
export type SeriesStat = 'max' | 'min' | 'mean';

const STATS_OF_MODE: Record<ChartMode, SeriesStat[]> = {
  all: ['max', 'mean', 'min'],
  onlyMax: ['max'],
  onlyMin: ['min'],
  onlyMean: ['mean'],
};

export const STAT_LABELS: Record<SeriesStat, string> = {
  max: 'máx.',
  min: 'mín.',
  mean: 'média',
};

/** One hue per channel, in order; max darker, min lighter, mean in between. */
const HUES = ['onda', 'blue', 'teal', 'grape', 'yellow', 'cyan', 'pink', 'lime', 'indigo', 'red'];
const SHADES: Record<SeriesStat, number> = { max: 8, mean: 6, min: 4 };

export function statsOfMode(mode: ChartMode): SeriesStat[] {
  return STATS_OF_MODE[mode];
}

export interface ChartSeries {
  name: string;
  label: string;
  color: string;
  strokeDasharray?: string;
}

export function chartSeries(
  types: string[],
  mode: ChartMode,
  labelOf: (type: string) => string,
): ChartSeries[] {
  return types.flatMap((type, index) =>
    statsOfMode(mode).map((stat) => ({
      name: `${type}:${stat}`,
      label: `${labelOf(type)} (${STAT_LABELS[stat]})`,
      color: `${HUES[index % HUES.length]}.${SHADES[stat]}`,
      strokeDasharray: stat === 'mean' || mode !== 'all' ? undefined : '5 4',
    })),
  );
}

export type ChartRow = { time: string; label: string } & Record<string, number | string>;

export function chartRows(
  data: HistoryData,
  types: string[],
  mode: ChartMode,
  grouping: string,
): ChartRow[] {
  return data.timeData.map((time, index) => {
    const row: ChartRow = { time, label: formatBucket(time, grouping) };
    for (const type of types) {
      const series = data.listenersData[type];
      if (!series) continue;
      for (const stat of statsOfMode(mode)) row[`${type}:${stat}`] = series[stat][index] ?? 0;
    }
    return row;
  });
}

/** Whether any bucket of the shown types has a listener (else the empty state). */
export function hasListeners(data: HistoryData, types: string[]): boolean {
  return types.some((type) => {
    const series = data.listenersData[type];
    const sessions = data.sessionStats?.[type];
    const positive = (values: number[] | undefined) => values?.some((value) => value > 0) ?? false;
    return (
      positive(series?.max) ||
      positive(sessions?.uniqueListeners) ||
      positive(sessions?.listeningHours)
    );
  });
}

export interface SessionRow {
  time: string;
  averageListeners: number;
  peak: number;
  uniqueListeners: number;
  listeningHours: number;
  averageSessionMinutes: number;
}

/** The session figures of one channel, one row per bucket, with the peak from the samples. */
export function sessionRows(data: HistoryData, type: string): SessionRow[] {
  const series = data.listenersData[type];
  const sessions = data.sessionStats?.[type];
  return data.timeData.map((time, index) => ({
    time,
    averageListeners: sessions?.averageListeners[index] ?? 0,
    peak: series?.max[index] ?? 0,
    uniqueListeners: sessions?.uniqueListeners[index] ?? 0,
    listeningHours: sessions?.listeningHours[index] ?? 0,
    averageSessionMinutes: sessions?.averageSessionMinutes[index] ?? 0,
  }));
}

export interface SessionSummary {
  averageListeners: number;
  peak: number;
  listeningHours: number;
}

/** Over the whole period: mean of the bucket averages, highest peak, hours summed. */
export function sessionSummary(rows: SessionRow[]): SessionSummary {
  if (rows.length === 0) return { averageListeners: 0, peak: 0, listeningHours: 0 };
  const sum = (pick: (row: SessionRow) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  return {
    averageListeners: round2(sum((row) => row.averageListeners) / rows.length),
    peak: Math.max(...rows.map((row) => row.peak)),
    listeningHours: round2(sum((row) => row.listeningHours)),
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The figures in Brazilian notation (comma decimals). */
export const formatNumber = (value: number, digits = 0) =>
  value.toLocaleString('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The shown data as CSV (comma-separated, dot decimals, a header row): the bucket, then per channel
 * the stats of the chart mode and the session figures.
 */
export function historyCsv(
  data: HistoryData,
  types: string[],
  mode: ChartMode,
  labelOf: (type: string) => string,
): string {
  const header = ['periodo'];
  // Without the session figures (still loading, or their call failed) the file has the samples only.
  const withSessions = data.sessionStats !== null;
  for (const type of types) {
    const name = labelOf(type);
    for (const stat of statsOfMode(mode)) header.push(`${name} ${STAT_LABELS[stat]}`);
    if (withSessions)
      header.push(
        `${name} média de ouvintes`,
        `${name} ouvintes únicos`,
        `${name} horas ouvidas`,
        `${name} sessão média (min)`,
      );
  }
  const lines = [header];
  data.timeData.forEach((time, index) => {
    const line: (string | number)[] = [time];
    for (const type of types) {
      const series = data.listenersData[type];
      const sessions = data.sessionStats?.[type];
      for (const stat of statsOfMode(mode)) line.push(series?.[stat][index] ?? 0);
      if (withSessions)
        line.push(
          sessions?.averageListeners[index] ?? 0,
          sessions?.uniqueListeners[index] ?? 0,
          sessions?.listeningHours[index] ?? 0,
          sessions?.averageSessionMinutes[index] ?? 0,
        );
    }
    lines.push(line.map(String));
  });
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Offers `text` as a file download. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  // A BOM so spreadsheet programs read the accents as UTF-8.
  const blob = new Blob(['\uFEFF', text], { type });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
