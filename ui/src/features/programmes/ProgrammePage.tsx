import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import {
  Alert,
  Badge,
  Button,
  NativeSelect,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconMicrophone2, IconMusic, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '@/lib/router';
import { CARD_GRID_RETRY } from '@/components/CardGrid/CardGrid';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { NotFoundView } from '@/components/NotFoundView/NotFoundView';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { availableStreamsQueryOptions } from '@/features/player/api/live-api';
import type { ScheduleDay } from '@/generated/ScheduleDay';
import type { ScheduleNow } from '@/generated/ScheduleNow';
import type { ScheduleSlot } from '@/generated/ScheduleSlot';
import type { Stream } from '@/generated/Stream';
import { ApiError } from '@/lib/api';
import { LIVE_PAGE_PATH } from '@/lib/constants';
import { LOAD_ERROR } from '@/lib/messages';
import { useStation } from '@/lib/station';
import { scheduleWeekQueryOptions } from './api/get-schedule';
import { useScheduleNow } from './api/use-schedule-now';
import { useClock } from './use-clock';
import {
  dayLabel,
  isOnAir,
  programmePath,
  sameAiring,
  SCHEDULE_TEXT,
  startedDayBefore,
  timeRange,
  withPresenters,
} from './schedule-format';
import classes from './ProgrammePage.module.css';

/** The address's parameter holding the chosen channel (`?canal=onda_1`). */
export const CHANNEL_PARAM = 'canal';

/** The channels with a grid: every listed stream but the Dolby Atmos twin, which plays the main one's. */
function gridChannels(streams: Stream[] | undefined): Stream[] {
  return (streams ?? []).filter((stream) => !stream.dolby);
}

function SlotPicture({ slot }: { slot: ScheduleSlot }) {
  if (slot.program.imageUrl) {
    return (
      <img
        src={slot.program.imageUrl}
        alt=""
        className={classes.picture}
        loading="lazy"
        decoding="async"
      />
    );
  }
  // No picture: the fill's icon in the same box, so every row lines up.
  const Icon = slot.fill === 'live' ? IconMicrophone2 : IconMusic;
  return (
    <span className={classes.picture} data-placeholder aria-hidden>
      <Icon size={28} stroke={1.5} />
    </span>
  );
}

function SlotRow({
  slot,
  day,
  onAir,
  onAirRef,
}: {
  slot: ScheduleSlot;
  day: ScheduleDay;
  onAir: boolean;
  onAirRef?: Ref<HTMLAnchorElement>;
}) {
  const presenters = withPresenters(slot.presenters);
  const fromDayBefore = startedDayBefore(slot, day);
  return (
    <li className={classes.item}>
      <Link
        to={programmePath(slot.program.slug)}
        className={classes.slot}
        data-on-air={onAir || undefined}
        aria-current={onAir ? 'time' : undefined}
        ref={onAirRef}
        data-testid="schedule-slot"
      >
        <span className={classes.time}>
          <span className={classes.range}>{timeRange(slot.start, slot.end)}</span>
          {fromDayBefore && <span className={classes.timeNote}>{SCHEDULE_TEXT.fromDayBefore}</span>}
        </span>
        <SlotPicture slot={slot} />
        <span className={classes.body}>
          <span className={classes.badges}>
            {onAir && (
              <Badge
                color="red"
                variant="filled"
                size="sm"
                leftSection={<span className={classes.liveDot} aria-hidden />}
                data-testid="slot-on-air"
              >
                {SCHEDULE_TEXT.onAir}
              </Badge>
            )}
            {slot.special && (
              <Badge color="grape" variant="light" size="sm" data-testid="slot-special">
                {SCHEDULE_TEXT.special}
              </Badge>
            )}
            <Badge color="gray" variant="outline" size="sm">
              {slot.fill === 'live' ? SCHEDULE_TEXT.live : SCHEDULE_TEXT.playlist}
            </Badge>
          </span>
          <Title order={3} className={classes.title}>
            {slot.program.title}
          </Title>
          {presenters && (
            <Text size="sm" c="dimmed" lineClamp={1} component="span" display="block">
              {presenters}
            </Text>
          )}
          {slot.program.description && (
            <Text size="sm" lineClamp={2} component="span" className={classes.description}>
              {slot.program.description}
            </Text>
          )}
        </span>
      </Link>
    </li>
  );
}

function DaySlots({
  day,
  isToday,
  current,
}: {
  day: ScheduleDay;
  isToday: boolean;
  current: ScheduleNow | undefined;
}) {
  const onAirRef = useRef<HTMLAnchorElement>(null);
  const scrolledFor = useRef<string | null>(null);
  const clock = useClock();
  // What is on air is the server's word (the live hook, kept current by the push channel); before
  // that answer, or without it, the visitor's clock decides.
  const onAirOf = (slot: ScheduleSlot) =>
    isToday && (current ? sameAiring(current.now, slot) : isOnAir(slot, clock));
  const onAirKey = day.slots.find(onAirOf)?.startsAt ?? null;

  useEffect(() => {
    // Once per programme on air, so a listener reading further down is not pulled back up.
    if (!onAirKey || scrolledFor.current === onAirKey) return;
    scrolledFor.current = onAirKey;
    onAirRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [onAirKey]);

  if (day.slots.length === 0) {
    return (
      <EmptyState
        icon={IconMusic}
        title={SCHEDULE_TEXT.emptyTitle}
        description={SCHEDULE_TEXT.emptyDescription}
        links={[{ label: SCHEDULE_TEXT.listenLive, to: LIVE_PAGE_PATH }]}
        headingOrder={3}
        data-testid="schedule-empty"
      />
    );
  }
  return (
    <ol className={classes.list} data-testid="schedule-day">
      {day.slots.map((slot) => {
        const onAir = onAirOf(slot);
        return (
          <SlotRow
            key={`${slot.special ? 's' : 'w'}${slot.id}-${slot.startsAt}`}
            slot={slot}
            day={day}
            onAir={onAir}
            onAirRef={onAir ? onAirRef : undefined}
          />
        );
      })}
    </ol>
  );
}

function GridSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-label={SCHEDULE_TEXT.loadingGrid} aria-busy>
      <Skeleton h={36} w="100%" maw={640} />
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} h={88} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * /programacao: a channel's programme grid for the next seven days (today first): a channel picker
 * when the station has several, a day picker (tabs: arrow keys move between days), each day's
 * programmes in order with the one on air marked and scrolled into view, each linking to its page.
 */
export function ProgrammePage() {
  const [params, setParams] = useSearchParams();
  const { station, isLoading: stationLoading } = useStation();
  const streams = useQuery(availableStreamsQueryOptions());
  const channels = gridChannels(streams.data);
  const requested = params.get(CHANNEL_PARAM);
  // An unknown ?canal= once the list is known: the main channel, as without one.
  const known = !streams.data || channels.some((channel) => channel.streamId === requested);
  const channel =
    (requested && known ? requested : null) ??
    station?.mainStreamId ??
    channels[0]?.streamId ??
    null;

  const week = useQuery({
    ...scheduleWeekQueryOptions(channel ?? ''),
    enabled: channel !== null,
  });
  const now = useScheduleNow(channel);
  const [chosen, setChosen] = useState<{ channel: string | null; date: string } | null>(null);
  const days = week.data?.days ?? [];
  // A day chosen on another channel, or one that has passed, gives way to today.
  const date =
    chosen && chosen.channel === channel && days.some((day) => day.date === chosen.date)
      ? chosen.date
      : (days[0]?.date ?? null);

  const picker =
    channels.length > 1 && channel ? (
      <NativeSelect
        label={SCHEDULE_TEXT.channel}
        value={channel}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              updated.set(CHANNEL_PARAM, next);
              return updated;
            },
            { replace: true, preventScrollReset: true },
          );
        }}
        data={channels.map((item) => ({ value: item.streamId, label: item.streamName }))}
        className={classes.channel}
        data-testid="schedule-channel"
      />
    ) : null;

  // No channel yet while the station's profile and the streams are on their way.
  const waitingForChannel = channel === null && (stationLoading || streams.isPending);
  let content: ReactNode;
  if (waitingForChannel || (channel !== null && week.isPending)) {
    content = <GridSkeleton />;
  } else if (week.isError || channel === null) {
    const notFound = week.error instanceof ApiError && week.error.code === 404;
    content = notFound ? (
      <NotFoundView
        message={SCHEDULE_TEXT.channelNotFound}
        backTo="/programacao"
        backLabel={SCHEDULE_TEXT.notFoundBack}
      />
    ) : (
      <Alert color="red" data-testid="schedule-error">
        {LOAD_ERROR}
        <Button
          display="block"
          mt="sm"
          variant="light"
          color="red"
          size="compact-sm"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={week.isFetching || streams.isFetching}
          onClick={() => void (channel === null ? streams.refetch() : week.refetch())}
        >
          {CARD_GRID_RETRY}
        </Button>
      </Alert>
    );
  } else {
    content = (
      <Tabs
        value={date}
        onChange={(value) => value && setChosen({ channel, date: value })}
        keepMounted={false}
        variant="pills"
        radius="xl"
      >
        <Tabs.List aria-label={SCHEDULE_TEXT.days} className={classes.days}>
          {days.map((day, index) => (
            <Tabs.Tab key={day.date} value={day.date} className={classes.day}>
              {dayLabel(day, index)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {days.map((day, index) => (
          <Tabs.Panel key={day.date} value={day.date} pt="md">
            <DaySlots day={day} isToday={index === 0} current={now.data} />
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }

  return (
    <PageFrame title={SCHEDULE_TEXT.title} description={SCHEDULE_TEXT.description}>
      <Stack gap="md">
        {picker}
        {content}
      </Stack>
    </PageFrame>
  );
}
