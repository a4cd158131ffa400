import { lazy, Suspense } from 'react';
import {
  Alert,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlugConnectedX, IconUsers } from '@tabler/icons-react';
import { formatNumber } from './history-data';
import { STATS_MESSAGES } from './messages';
import type { useLiveListeners } from './api/stats-api';
import { clockOf, formatDateTime } from './stats-time';
import classes from './Stats.module.css';
import type { ListenerSample, StatsChannel } from './types';

const LiveSparkline = lazy(() => import('./charts').then((m) => ({ default: m.LiveSparkline })));

const countOf = (sample: ListenerSample | undefined, key: string): number => {
  const value = sample?.[key];
  return typeof value === 'number' ? value : 0;
};

/**
 * The live counters (doc3 §4.7): getListeners every 20 s; the last sample is the count now. A failed
 * poll keeps the last numbers, gives them the error style and says 'Connection error!'.
 */
export function LiveCounters({ query }: { query: ReturnType<typeof useLiveListeners> }) {
  const failed = query.isError;
  const data = query.data;
  const live = data?.listeners.at(-1);
  const channels = data?.channels.filter((channel) => channel.key !== 'total') ?? [];
  const totalLabel = data?.channels.find((channel) => channel.key === 'total')?.label ?? 'Total';

  return (
    <section aria-labelledby="stats-live-title" className={classes.section}>
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={2} id="stats-live-title" className={classes.sectionTitle}>
          Ouvintes agora
        </Title>
        {live && (
          <Text size="sm" c="dimmed" data-testid="live-updated">
            Atualizado às {clockOf(live.time)} (horário de Brasília)
          </Text>
        )}
      </Group>

      {failed && (
        <Alert
          color="red"
          variant="light"
          icon={<IconPlugConnectedX size={18} aria-hidden />}
          role="alert"
          mt="sm"
          data-testid="live-error"
        >
          {STATS_MESSAGES.connectionError}
        </Alert>
      )}

      {!data && query.isPending && <LiveSkeleton />}

      {data && (
        <Stack gap="md" mt="sm" data-testid="live-counters" data-error={failed || undefined}>
          <Paper withBorder p="md" radius="md" className={classes.totalCard}>
            <Group justify="space-between" align="center" wrap="nowrap" gap="md">
              <div>
                <Group gap={6}>
                  <IconUsers size={18} aria-hidden />
                  <Text fw={600}>{totalLabel}</Text>
                </Group>
                <Text
                  className={classes.totalNumber}
                  c={failed ? 'red.7' : undefined}
                  data-error={failed || undefined}
                  data-testid="live-count-total"
                  aria-live="polite"
                >
                  {formatNumber(countOf(live, 'total'))}
                </Text>
                <Text size="xs" c="dimmed">
                  ouvintes conectados
                </Text>
              </div>
              <div className={classes.sparkline}>
                <Text size="xs" c="dimmed" ta="right" mb={4}>
                  última hora
                </Text>
                <Suspense fallback={<Skeleton h={56} />}>
                  {data.listeners.length > 1 ? (
                    <LiveSparkline
                      values={data.listeners.map((sample) => countOf(sample, 'total'))}
                      error={failed}
                    />
                  ) : (
                    <Text size="xs" c="dimmed" ta="right">
                      {STATS_MESSAGES.noData}
                    </Text>
                  )}
                </Suspense>
              </div>
            </Group>
          </Paper>

          {channels.length > 0 && (
            <SimpleGrid
              cols={{ base: 2, xs: 3, md: 4, lg: 6 }}
              spacing="sm"
              verticalSpacing="sm"
              component="ul"
              className={classes.counterList}
              aria-label="Ouvintes por canal"
            >
              {channels.map((channel) => (
                <Counter
                  key={channel.key}
                  channel={channel}
                  value={countOf(live, channel.key)}
                  failed={failed}
                />
              ))}
            </SimpleGrid>
          )}
          {live && (
            <Text size="xs" c="dimmed">
              Amostra de {formatDateTime(live.time)}.
            </Text>
          )}
        </Stack>
      )}
    </section>
  );
}

function Counter({
  channel,
  value,
  failed,
}: {
  channel: StatsChannel;
  value: number;
  failed: boolean;
}) {
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      className={classes.counter}
      data-testid={`live-count-${channel.key}`}
      data-pro={channel.pro || undefined}
    >
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed" truncate title={channel.label}>
          {channel.label}
        </Text>
        {channel.pro && (
          <Badge size="xs" variant="gradient">
            PRO
          </Badge>
        )}
      </Group>
      <Text
        className={classes.counterNumber}
        c={failed ? 'red.7' : undefined}
        data-error={failed || undefined}
        data-testid="count"
      >
        {formatNumber(value)}
      </Text>
    </Paper>
  );
}

function LiveSkeleton() {
  return (
    <Stack gap="md" mt="sm" aria-busy="true" aria-label="Carregando ouvintes">
      <Skeleton h={110} radius="md" />
      <SimpleGrid cols={{ base: 2, xs: 3, md: 4, lg: 6 }} spacing="sm">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={72} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
