import { useState, type FormEvent } from 'react';
import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconFileAnalytics } from '@tabler/icons-react';
import { IMPACT_MAX_TIMESTAMPS } from '@/lib/constants';
import { toast } from '@/lib/toast';
import { formatNumber } from './history-data';
import { STATS_MESSAGES } from './messages';
import { useImpactReport } from './api/stats-api';
import { formatDateTime, timestampLines } from './stats-time';
import classes from './Stats.module.css';
import type { ImpactReport as Report, StatsChannel } from './types';

/**
 * The impact (impressions) report (doc3 §5): one Brasília timestamp per line; the listeners of every
 * stream at each instant and the totals. The server refuses equal or close instants (G20).
 */
export function ImpactReport({ channels }: { channels: StatsChannel[] }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const report = useImpactReport();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines = timestampLines(text);
    if (lines.length === 0) {
      setError(STATS_MESSAGES.noTimestamps);
      return;
    }
    setError(null);
    report.mutate(lines, {
      onError: (failure) => toast.error(failure.message),
    });
  };

  return (
    <section aria-labelledby="stats-impact-title" className={classes.section}>
      <Title order={2} id="stats-impact-title" className={classes.sectionTitle}>
        Relatório de impacto
      </Title>
      <Paper withBorder radius="md" p="md" mt="sm">
        <form onSubmit={submit} noValidate aria-label="Relatório de impacto">
          <Textarea
            label="Timestamps"
            description={`Uma por linha (até ${IMPACT_MAX_TIMESTAMPS}), no formato AAAA-MM-DD hh:mm:ss, horário de Brasília (GMT-3).`}
            placeholder={'2024-05-10 08:15:00\n2024-05-10 12:40:30'}
            autosize
            minRows={4}
            maxRows={12}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
            classNames={{ input: classes.mono }}
          />
          <Group justify="space-between" mt="sm" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed" data-testid="impact-zero-note">
              {STATS_MESSAGES.zeroNote}
            </Text>
            <Button
              type="submit"
              loading={report.isPending}
              leftSection={<IconFileAnalytics size={16} aria-hidden />}
            >
              Gerar relatório
            </Button>
          </Group>
        </form>
      </Paper>
      {report.data && <ReportTable report={report.data} channels={channels} />}
    </section>
  );
}

function ReportTable({ report, channels }: { report: Report; channels: StatsChannel[] }) {
  const labels = new Map(channels.map((channel) => [channel.key, channel.label]));
  const streams = Object.keys(report.listenersData);
  const rowTotal = (index: number) =>
    streams.reduce((sum, stream) => sum + (report.listenersData[stream]?.[index] ?? 0), 0);

  return (
    <Stack gap="sm" mt="md" data-testid="impact-result">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Paper withBorder radius="md" p="sm" className={classes.figure}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Total de ouvintes (impressões)
          </Text>
          <Text fw={700} fz="xl" data-testid="impact-total-listeners">
            {formatNumber(report.totalListeners)}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="sm" className={classes.figure}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Inserções
          </Text>
          <Text fw={700} fz="xl" data-testid="impact-total-inserts">
            {formatNumber(report.totalNumInserts)}
          </Text>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md" p={0}>
        <Table.ScrollContainer minWidth={Math.max(360, 160 + streams.length * 110)} type="native">
          <Table striped highlightOnHover verticalSpacing={6} data-testid="impact-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Data</Table.Th>
                {streams.map((stream) => (
                  <Table.Th key={stream} ta="right">
                    {labels.get(stream) ?? stream}
                  </Table.Th>
                ))}
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.timeData.map((time, index) => (
                <Table.Tr key={time}>
                  <Table.Td className={classes.mono}>{formatDateTime(time)}</Table.Td>
                  {streams.map((stream) => {
                    const value = report.listenersData[stream]?.[index] ?? 0;
                    return (
                      <Table.Td key={stream} ta="right" c={value === 0 ? 'dimmed' : undefined}>
                        {formatNumber(value)}
                      </Table.Td>
                    );
                  })}
                  <Table.Td ta="right" fw={600}>
                    {formatNumber(rowTotal(index))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
