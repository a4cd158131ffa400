/**
 * The dashboard's charts (@mantine/charts over recharts). Loaded lazily: recharts is large and
 * only staff open /a1stats.
 */
import '@mantine/charts/styles.layer.css';
import { LineChart, Sparkline } from '@mantine/charts';
import type { ChartRow, ChartSeries } from './history-data';

export interface HistoryChartProps {
  rows: ChartRow[];
  series: ChartSeries[];
}

export function HistoryChart({ rows, series }: HistoryChartProps) {
  return (
    <LineChart
      h={320}
      data={rows}
      dataKey="label"
      series={series}
      curveType="monotone"
      withDots={rows.length <= 48}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      tooltipAnimationDuration={150}
      valueFormatter={(value) => value.toLocaleString('pt-BR')}
      xAxisProps={{ minTickGap: 24 }}
      yAxisProps={{ allowDecimals: false, width: 48 }}
      gridAxis="xy"
      strokeWidth={2}
      data-testid="history-chart"
    />
  );
}

export interface LiveSparklineProps {
  values: number[];
  error?: boolean;
}

export function LiveSparkline({ values, error = false }: LiveSparklineProps) {
  return (
    <Sparkline
      h={56}
      data={values}
      curveType="monotone"
      color={error ? 'red.6' : 'onda.6'}
      fillOpacity={0.35}
      strokeWidth={2}
      aria-hidden
      data-testid="live-sparkline"
    />
  );
}
