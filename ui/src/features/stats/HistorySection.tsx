import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconChartHistogram, IconDownload, IconSearch } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { STATS_CHART_MODES, STATS_DEFAULT_GROUP, STATS_GROUPINGS } from '@/lib/constants';
import { toast } from '@/lib/toast';
import {
  chartRows,
  chartSeries,
  downloadText,
  formatNumber,
  hasListeners,
  historyCsv,
  sessionRows,
  sessionSummary,
  type ChartMode,
} from './history-data';
import { GROUPING_LABELS, MODE_LABELS, STATS_MESSAGES } from './messages';
import { useHistory, useHistorySessions, type HistoryParams } from './api/stats-api';
import { brasiliaNowMinute, defaultRange, periodLabel, toApiDateTime } from './stats-time';
import classes from './Stats.module.css';
import type { HistoryData, StatsChannel } from './types';

const HistoryChart = lazy(() => import('./charts').then((m) => ({ default: m.HistoryChart })));

const GROUPING_OPTIONS = STATS_GROUPINGS.map((value) => ({ value, label: GROUPING_LABELS[value] }));
const MODE_OPTIONS = STATS_CHART_MODES.map((value) => ({ value, label: MODE_LABELS[value] }));

interface FormValues {
  start: string;
  end: string;
  grouping: string;
  types: string[];
}

function initialValues(): FormValues {
  return { ...defaultRange(), grouping: STATS_DEFAULT_GROUP, types: ['total'] };
}

function toParams(values: FormValues): HistoryParams {
  return {
    startDate: toApiDateTime(values.start),
    endDate: toApiDateTime(values.end),
    choiceTime: values.grouping,
    listenersTypes: values.types,
  };
}

/**
 * The history (doc3 §4.7): start and end, grouping, channels and chart mode; the chart, the session
 * figures per period and a CSV export. Opens on the last 7 days by hour for the total.
 */
export function HistorySection({ userId, channels }: { userId: number; channels: StatsChannel[] }) {
  const [values, setValues] = useState<FormValues>(initialValues);
  const [params, setParams] = useState<HistoryParams>(() => toParams(values));
  const [mode, setMode] = useState<ChartMode>('all');
  const [formError, setFormError] = useState<string | null>(null);
  const query = useHistory(userId, params);
  const sessions = useHistorySessions(userId, params);

  // Refusals arrive as the server's message in an error toast (doc3 §8).
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) toast.error(error.message);
  }, [error, errorUpdatedAt]);

  const channelOptions = useMemo(() => {
    const known = channels.length > 0 ? channels : [{ key: 'total', label: 'Total', pro: false }];
    return known.map((channel) => ({
      value: channel.key,
      label: channel.pro ? `${channel.label} (PRO)` : channel.label,
    }));
  }, [channels]);
  const labelOf = useMemo(() => {
    const labels = new Map(channels.map((channel) => [channel.key, channel.label]));
    return (key: string) => labels.get(key) ?? (key === 'total' ? 'Total' : key);
  }, [channels]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.start || !values.end) return setFormError('Informe o início e o fim do período.');
    if (values.start >= values.end) return setFormError('O início precisa ser antes do fim.');
    if (values.types.length === 0) return setFormError('Escolha pelo menos um canal.');
    setFormError(null);
    const next = toParams(values);
    if (JSON.stringify(next) === JSON.stringify(params)) {
      void query.refetch();
      void sessions.refetch();
    } else setParams(next);
  };

  const data = useMemo<HistoryData | undefined>(
    () => query.data && { ...query.data, sessionStats: sessions.data?.sessionStats ?? null },
    [query.data, sessions.data],
  );
  const exportCsv = () => {
    if (!data) return;
    const name = `ouvintes_${params.startDate.slice(0, 10)}_${params.endDate.slice(0, 10)}_${params.choiceTime}.csv`;
    downloadText(name, historyCsv(data, params.listenersTypes, mode, labelOf));
  };

  return (
    <section aria-labelledby="stats-history-title" className={classes.section}>
      <Title order={2} id="stats-history-title" className={classes.sectionTitle}>
        Histórico de ouvintes
      </Title>
      <Paper withBorder radius="md" p="md" mt="sm">
        <form onSubmit={submit} noValidate aria-label="Filtro do histórico">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label="Início"
              value={values.start}
              onChange={(event) => setValues({ ...values, start: event.currentTarget.value })}
              required
            />
            <TextInput
              type="datetime-local"
              label="Fim"
              value={values.end}
              onChange={(event) => setValues({ ...values, end: event.currentTarget.value })}
              required
            />
            <Select
              label="Agrupar por"
              data={GROUPING_OPTIONS}
              value={values.grouping}
              onChange={(grouping) => grouping && setValues({ ...values, grouping })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label="Canais"
              data={channelOptions}
              value={values.types}
              onChange={(types) => setValues({ ...values, types })}
              searchable
              hidePickedOptions
              nothingFoundMessage="Nenhum canal"
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          {formError && (
            <Text c="red.7" size="sm" mt="xs" role="alert">
              {formError}
            </Text>
          )}
          <Group justify="space-between" mt="md" gap="sm" wrap="wrap">
            <div>
              <Text size="sm" fw={500} id="stats-mode-label" mb={4}>
                Dados do gráfico
              </Text>
              <SegmentedControl
                aria-labelledby="stats-mode-label"
                data={MODE_OPTIONS}
                value={mode}
                onChange={(value) => setMode(value as ChartMode)}
                data-testid="chart-mode"
              />
            </div>
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={exportCsv}
                disabled={!data}
              >
                Exportar CSV
              </Button>
              <Button
                type="submit"
                leftSection={<IconSearch size={16} aria-hidden />}
                loading={query.isFetching}
              >
                Consultar
              </Button>
            </Group>
          </Group>
        </form>
      </Paper>

      <HistoryResult
        data={data}
        pending={query.isPending}
        failed={query.isError && !data}
        sessionsFailed={sessions.isError && !sessions.data}
        params={params}
        mode={mode}
        labelOf={labelOf}
      />
    </section>
  );
}

function HistoryResult({
  data,
  pending,
  failed,
  sessionsFailed,
  params,
  mode,
  labelOf,
}: {
  data: HistoryData | undefined;
  pending: boolean;
  failed: boolean;
  sessionsFailed: boolean;
  params: HistoryParams;
  mode: ChartMode;
  labelOf: (key: string) => string;
}) {
  const types = params.listenersTypes;
  const rows = useMemo(
    () => (data ? chartRows(data, types, mode, params.choiceTime) : []),
    [data, types, mode, params.choiceTime],
  );
  const series = useMemo(() => chartSeries(types, mode, labelOf), [types, mode, labelOf]);

  if (pending)
    return (
      <Stack gap="sm" mt="md" aria-busy="true" aria-label="Carregando histórico">
        <Skeleton h={320} radius="md" />
        <Skeleton h={160} radius="md" />
      </Stack>
    );
  if (failed || !data)
    return (
      <Alert color="red" variant="light" mt="md">
        Não foi possível carregar o histórico. Ajuste o filtro e tente de novo.
      </Alert>
    );
  if (data.timeData.length === 0 || !hasListeners(data, types))
    return (
      <EmptyState
        mt="md"
        compact
        headingOrder={3}
        icon={IconChartHistogram}
        title={STATS_MESSAGES.noData}
        description="Nenhum ouvinte nos canais escolhidos entre o início e o fim informados."
      />
    );

  return (
    <Stack gap="md" mt="md">
      <Paper withBorder radius="md" p="md" className={classes.chartBox}>
        <Suspense fallback={<Skeleton h={320} />}>
          <HistoryChart rows={rows} series={series} />
        </Suspense>
      </Paper>
      {data.sessionStats ? (
        <SessionTable data={data} types={types} grouping={params.choiceTime} labelOf={labelOf} />
      ) : sessionsFailed ? (
        <Alert color="red" variant="light">
          Não foi possível carregar as sessões de audição deste período. Tente de novo.
        </Alert>
      ) : (
        <Skeleton h={160} radius="md" aria-busy="true" aria-label="Carregando sessões de audição" />
      )}
    </Stack>
  );
}

function SessionTable({
  data,
  types,
  grouping,
  labelOf,
}: {
  data: HistoryData;
  types: string[];
  grouping: string;
  labelOf: (key: string) => string;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const type = chosen && types.includes(chosen) ? chosen : (types[0] ?? 'total');
  const rows = useMemo(() => sessionRows(data, type), [data, type]);
  // The latest period first (what staff look for), without the periods still to come.
  const newestFirst = useMemo(() => {
    const now = brasiliaNowMinute();
    return rows.filter((row) => row.time <= now).reverse();
  }, [rows]);
  const summary = sessionSummary(rows);

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={3} size="h4">
          Sessões de audição — {labelOf(type)}
        </Title>
        {types.length > 1 && (
          <Select
            label="Canal da tabela"
            data={types.map((value) => ({ value, label: labelOf(value) }))}
            value={type}
            onChange={setChosen}
            allowDeselect={false}
            w={220}
          />
        )}
      </Group>
      <SimpleGrid cols={3} spacing="xs" mt="sm">
        <Figure label="Média de ouvintes" value={formatNumber(summary.averageListeners, 2)} />
        <Figure label="Pico de ouvintes" value={formatNumber(summary.peak)} />
        <Figure label="Horas ouvidas" value={formatNumber(summary.listeningHours, 2)} />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={560} maxHeight={380} type="native" mt="md">
        <Table
          striped
          highlightOnHover
          stickyHeader
          verticalSpacing={6}
          data-testid="session-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Período</Table.Th>
              <Table.Th ta="right">Média de ouvintes</Table.Th>
              <Table.Th ta="right">Pico</Table.Th>
              <Table.Th ta="right">Ouvintes únicos</Table.Th>
              <Table.Th ta="right">Horas ouvidas</Table.Th>
              <Table.Th ta="right">Sessão média (min)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {newestFirst.map((row) => (
              <Table.Tr key={row.time}>
                <Table.Td>{periodLabel(row.time, grouping)}</Table.Td>
                <Table.Td ta="right">{formatNumber(row.averageListeners, 2)}</Table.Td>
                <Table.Td ta="right">{formatNumber(row.peak)}</Table.Td>
                <Table.Td ta="right">{formatNumber(row.uniqueListeners)}</Table.Td>
                <Table.Td ta="right">{formatNumber(row.listeningHours, 2)}</Table.Td>
                <Table.Td ta="right">{formatNumber(row.averageSessionMinutes, 1)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={classes.figure}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lh={1.3}>
        {label}
      </Text>
      <Text fw={700} fz={{ base: 'lg', sm: 'xl' }}>
        {value}
      </Text>
    </div>
  );
}
