import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconPlayerPlayFilled, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@/lib/router';
import { CARD_GRID_RETRY } from '@/components/CardGrid/CardGrid';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { availableStreamsQueryOptions } from '@/features/player/api/live-api';
import type { ProgramAiring } from '@/generated/ProgramAiring';
import type { ProgramPage } from '@/generated/ProgramPage';
import type { ScheduleSlot } from '@/generated/ScheduleSlot';
import { ApiError } from '@/lib/api';
import { LIVE_PAGE_PATH } from '@/lib/constants';
import { programPageQueryOptions } from './api/get-program';
import { ReplaysSection } from './ReplaysSection';
import { isOnAir, SCHEDULE_TEXT, whenLabel, withPresenters } from './schedule-format';
import classes from './ProgramDetailPage.module.css';

const CRUMBS = [{ label: SCHEDULE_TEXT.title, to: '/programacao' }];

/** The next airing: 'No ar agora' with the way to listen, or 'Próxima edição: amanhã às 06:00'. */
function NextAiring({ next, now }: { next: ScheduleSlot; now: number }) {
  if (isOnAir(next, now)) {
    return (
      <Paper withBorder p="md" className={classes.next} data-on-air data-testid="program-next">
        <Badge
          color="red"
          variant="filled"
          leftSection={<span className={classes.liveDot} aria-hidden />}
        >
          {SCHEDULE_TEXT.onAirNow}
        </Badge>
        <Text size="sm" mt={6}>
          Até {next.end}
          {next.presenters && ` · ${withPresenters(next.presenters)}`}
        </Text>
        <Button
          component={Link}
          to={LIVE_PAGE_PATH}
          mt="sm"
          size="sm"
          leftSection={<IconPlayerPlayFilled size={16} aria-hidden />}
        >
          {SCHEDULE_TEXT.listenLive}
        </Button>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md" className={classes.next} data-testid="program-next">
      <Text fw={700}>
        {SCHEDULE_TEXT.nextEdition}: {whenLabel(next, now)}
      </Text>
      {next.special && (
        <Badge color="grape" variant="light" size="sm" mt={6}>
          {SCHEDULE_TEXT.special}
        </Badge>
      )}
    </Paper>
  );
}

function AiringRow({ airing, showChannel }: { airing: ProgramAiring; showChannel: boolean }) {
  const presenters = withPresenters(airing.presenters);
  return (
    <li className={classes.airing} data-testid="program-airing">
      {showChannel && (
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {airing.streamName}
        </Text>
      )}
      <Text fw={700}>
        {airing.daysLabel}, das {airing.start} às {airing.end}
      </Text>
      {presenters && (
        <Text size="sm" c="dimmed">
          {presenters}
        </Text>
      )}
    </li>
  );
}

/** Ask again when the next airing starts or ends, so 'No ar agora' comes and goes on time. */
function useRefreshAtBoundary(next: ScheduleSlot | null, refetch: () => void): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!next) return;
    const starts = Date.parse(next.startsAt);
    const ends = Date.parse(next.endsAt);
    const boundary = now < starts ? starts : ends;
    if (!Number.isFinite(boundary) || boundary <= now) return;
    const timer = setTimeout(
      () => {
        setNow(Date.now());
        refetch();
      },
      Math.min(boundary - now + 1000, 2_147_483_647),
    );
    return () => clearTimeout(timer);
  }, [next, now, refetch]);
  return now;
}

function ProgramView({ program, refetch }: { program: ProgramPage; refetch: () => void }) {
  const streams = useQuery(availableStreamsQueryOptions());
  const now = useRefreshAtBoundary(program.next, refetch);
  const listed = (streams.data ?? []).filter((stream) => !stream.dolby).length;
  const airingChannels = new Set(program.airings.map((airing) => airing.streamId)).size;
  // The channel's name only matters where the station has more than one.
  const showChannel = listed > 1 || airingChannels > 1;
  const host = program.host.trim();
  return (
    <div className={classes.layout}>
      <div className={classes.pictureWrap}>
        {program.imageUrl ? (
          <img src={program.imageUrl} alt={program.title} className={classes.picture} />
        ) : (
          <span className={classes.picture} data-placeholder aria-hidden>
            <IconCalendarTime size={56} stroke={1.4} />
          </span>
        )}
      </div>
      <Stack gap="lg" className={classes.text}>
        {host && (
          <Text size="lg" data-testid="program-host">
            {SCHEDULE_TEXT.host}: <strong>{host}</strong>
          </Text>
        )}
        {program.next && <NextAiring next={program.next} now={now} />}
        {program.description && <Text className={classes.description}>{program.description}</Text>}
        <section aria-labelledby="program-airings">
          <Title order={2} size="h3" id="program-airings" mb="sm">
            {SCHEDULE_TEXT.whenOnAir}
          </Title>
          {program.airings.length === 0 ? (
            <Text c="dimmed">{SCHEDULE_TEXT.noAirings}</Text>
          ) : (
            <ul className={classes.airings}>
              {program.airings.map((airing) => (
                <AiringRow
                  key={`${airing.streamId}-${airing.daysLabel}-${airing.start}`}
                  airing={airing}
                  showChannel={showChannel}
                />
              ))}
            </ul>
          )}
          <Button
            component={Link}
            to="/programacao"
            variant="default"
            mt="md"
            leftSection={<IconCalendarTime size={16} aria-hidden />}
          >
            {SCHEDULE_TEXT.notFoundBack}
          </Button>
        </section>
        <ReplaysSection programme={program} />
      </Stack>
    </div>
  );
}

/**
 * /programacao/{slug}: a programme's page: picture, title, host, description, when it airs each
 * week (per channel where the station has several) and its next airing, or that it is on air now;
 * then its recordings to hear again.
 */
export function ProgramDetailPage() {
  const { slug = '' } = useParams();
  const query = useQuery(programPageQueryOptions(slug));

  if (query.isPending) {
    return (
      <PageFrame title={SCHEDULE_TEXT.title} breadcrumbs={CRUMBS}>
        <div
          className={classes.layout}
          role="status"
          aria-label={SCHEDULE_TEXT.loadingProgram}
          aria-busy
        >
          <Skeleton className={classes.picture} />
          <Stack gap="sm" className={classes.text}>
            <Skeleton h={24} w="50%" />
            <Skeleton h={64} />
            <Skeleton h={14} />
            <Skeleton h={14} w="80%" />
          </Stack>
        </div>
      </PageFrame>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.code === 404;
    return (
      <PageFrame title="Programa não encontrado" breadcrumbs={CRUMBS} noindex={notFound}>
        {notFound ? (
          <NotFoundView
            message={SCHEDULE_TEXT.notFound}
            backTo="/programacao"
            backLabel={SCHEDULE_TEXT.notFoundBack}
          />
        ) : (
          <Alert color="red">
            {SCHEDULE_TEXT.loadProgramError}
            <Button
              display="block"
              mt="sm"
              variant="light"
              color="red"
              size="compact-sm"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={query.isFetching}
              onClick={() => void query.refetch()}
            >
              {CARD_GRID_RETRY}
            </Button>
          </Alert>
        )}
      </PageFrame>
    );
  }
  return (
    <PageFrame title={query.data.title} breadcrumbs={CRUMBS}>
      <ProgramView program={query.data} refetch={query.refetch} />
    </PageFrame>
  );
}
