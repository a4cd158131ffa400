import { useState } from 'react';
import { Button, NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconCalendarOff, IconPlaylist, IconPlus } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { PageFrame } from '@/components/PageFrame/PageFrame';
import { StaffSkeleton } from '@/components/StaffGate/StaffGate';
import { CATALOGUE_PATH, CATALOGUE_TITLE } from '@/features/backoffice/desks';
import type { ScheduleEditor } from '@/generated/ScheduleEditor';
import { ApiError } from '@/lib/api';
import { useBreakpoint } from '@/lib/breakpoints';
import { BREAKPOINT_MD } from '@/lib/constants';
import { Link, useNavigate, useParams } from '@/lib/router';
import { isAccessRefusal, scheduleEditorQueryOptions } from '../api/schedule-api';
import { channelPath, MAIN_CHANNEL, PLAYLISTS_PATH, SCHEDULE_MESSAGES as M } from '../messages';
import { ScheduleGate, ScheduleRefusal } from '../ScheduleGate';
import { DefaultPlaylistPanel, EcadPanel, ExceptionsPanel } from './BelowWeek';
import { hourPreset, type FormTarget } from './slot-form';
import { SlotFormModal } from './SlotFormModal';
import { weekdayOf } from './time';
import { WeekView } from './WeekView';
import classes from '../Schedule.module.css';

/**
 * /a1programacao/:streamId: a channel's week (the programmes' weekly slots), its one-off changes,
 * the playlist the autoDJ plays outside the grid, and the month's ECAD report. Reached from the
 * profile menu and from the catalogue's home, hence its crumb.
 */
export function SchedulePage() {
  const { streamId = MAIN_CHANNEL } = useParams();
  return (
    <PageFrame
      title={M.title}
      breadcrumbs={[{ label: CATALOGUE_TITLE, to: CATALOGUE_PATH }]}
      description={M.description}
      noindex
    >
      <ScheduleGate>
        {(userId) => <ChannelSchedule key={streamId} userId={userId} streamId={streamId} />}
      </ScheduleGate>
    </PageFrame>
  );
}

function ChannelSchedule({ userId, streamId }: { userId: number; streamId: string }) {
  const grid = useQuery(scheduleEditorQueryOptions(userId, streamId));
  if (grid.data) return <Grid userId={userId} editor={grid.data} onReload={() => grid.refetch()} />;
  if (grid.isError) {
    if (isAccessRefusal(grid.error)) return <ScheduleRefusal error={grid.error} />;
    if (grid.error instanceof ApiError && grid.error.code === 404)
      return (
        <EmptyState
          icon={IconCalendarOff}
          title={M.channelNotFound}
          links={[{ label: M.backToMain, to: channelPath(MAIN_CHANNEL) }]}
          data-testid="schedule-not-found"
        />
      );
    return (
      <EmptyState
        icon={IconAlertTriangle}
        title={M.gridError}
        description={grid.error.message}
        data-testid="schedule-error"
      >
        <Button mt="md" variant="light" onClick={() => void grid.refetch()}>
          {M.retry}
        </Button>
      </EmptyState>
    );
  }
  return <StaffSkeleton label={M.loading} rowHeight={96} data-testid="schedule-loading" />;
}

function Grid({
  userId,
  editor,
  onReload,
}: {
  userId: number;
  editor: ScheduleEditor;
  onReload: () => void;
}) {
  const navigate = useNavigate();
  const wide = useBreakpoint().width >= BREAKPOINT_MD;
  const [target, setTarget] = useState<FormTarget | null>(null);
  const todayWeekday = weekdayOf(editor.today);

  return (
    <div data-testid="schedule-desk">
      <div className={classes.toolbar}>
        <NativeSelect
          className={classes.channelPicker}
          label={M.channel}
          value={editor.streamId}
          onChange={(event) => navigate(channelPath(event.currentTarget.value))}
          data={editor.channels.map((channel) => ({
            value: channel.streamId,
            label: channel.name,
          }))}
          data-testid="channel-picker"
        />
        {wide && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              setTarget({
                kind: 'slot',
                slot: null,
                preset: hourPreset(todayWeekday ?? 1, 6),
              })
            }
          >
            {M.addSlot}
          </Button>
        )}
        <Button
          component={Link}
          to={PLAYLISTS_PATH}
          variant="default"
          leftSection={<IconPlaylist size={16} aria-hidden />}
        >
          {M.playlists}
        </Button>
      </div>

      <WeekView
        slots={editor.slots}
        channelName={editor.streamName}
        todayWeekday={todayWeekday}
        wide={wide}
        onEdit={(slot) => setTarget({ kind: 'slot', slot })}
        onAdd={(weekday, hour) =>
          setTarget({ kind: 'slot', slot: null, preset: hourPreset(weekday, hour ?? 6) })
        }
      />

      <div className={classes.below}>
        <ExceptionsPanel
          exceptions={editor.exceptions}
          onAdd={() => setTarget({ kind: 'exception', exception: null })}
          onEdit={(exception) => setTarget({ kind: 'exception', exception })}
        />
        <div style={{ display: 'grid', gap: 'var(--mantine-spacing-lg)' }}>
          <DefaultPlaylistPanel userId={userId} editor={editor} />
          <EcadPanel editor={editor} />
        </div>
      </div>

      <SlotFormModal
        userId={userId}
        editor={editor}
        target={target}
        onClose={() => setTarget(null)}
        onReload={onReload}
      />
    </div>
  );
}
