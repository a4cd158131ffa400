import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import { failureText } from '@/features/backoffice/form';
import { formatDay } from '@/features/backoffice/format';
import { DownloadButton } from '@/features/inbox/DownloadButton';
import type { ScheduleEditor } from '@/generated/ScheduleEditor';
import type { ScheduleException } from '@/generated/ScheduleException';
import { toast } from '@/lib/toast';
import { ecadReportUrl, useSetDefaultPlaylist } from '../api/schedule-api';
import { SCHEDULE_MESSAGES as M, WEEKDAY_NAMES } from '../messages';
import { hoursText, monthName, previousMonth, weekdayOf } from './time';
import classes from '../Schedule.module.css';

/** 'Sexta, 25/12/2026'. */
function dayText(date: string): string {
  const weekday = weekdayOf(date);
  const name = weekday ? WEEKDAY_NAMES[weekday] : undefined;
  return name ? `${name}, ${formatDay(date)}` : formatDay(date);
}

/** 'Mudanças de programação': today's and later one-off changes, each opening the form. */
export function ExceptionsPanel({
  exceptions,
  onAdd,
  onEdit,
}: {
  exceptions: ScheduleException[];
  onAdd: () => void;
  onEdit: (exception: ScheduleException) => void;
}) {
  const sorted = [...exceptions].sort(
    (a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start),
  );
  return (
    <section
      className={classes.panel}
      aria-labelledby="schedule-exceptions"
      data-testid="schedule-exceptions"
    >
      <Group justify="space-between" align="flex-start" gap="sm">
        <h2 id="schedule-exceptions" className={classes.panelTitle}>
          {M.exceptions}
        </h2>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={onAdd}
        >
          {M.addException}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {M.exceptionsHint}
      </Text>
      {sorted.length === 0 ? (
        <Text size="sm" mt="sm" data-testid="no-exceptions">
          {M.noExceptions}
        </Text>
      ) : (
        <ul className={classes.exceptionList}>
          {sorted.map((exception) => {
            const when = `${dayText(exception.date)}, ${hoursText(exception.start, exception.end)}`;
            return (
              <li key={exception.id}>
                <UnstyledButton
                  className={classes.exception}
                  onClick={() => onEdit(exception)}
                  aria-label={M.editExceptionOf(`${exception.programTitle}, ${when}`)}
                  data-testid={`exception-${exception.id}`}
                >
                  <Text span size="sm" fw={600}>
                    {dayText(exception.date)}
                  </Text>
                  <Text span size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {hoursText(exception.start, exception.end)}
                  </Text>
                  <span>
                    <Text span size="sm" fw={700} display="block">
                      {exception.programTitle}
                    </Text>
                    {exception.note && (
                      <Text span size="xs" c="dimmed" display="block">
                        {exception.note}
                      </Text>
                    )}
                  </span>
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** 'Fora dos horários com playlist, toca:': the channel's default playlist, saved when chosen. */
export function DefaultPlaylistPanel({
  userId,
  editor,
}: {
  userId: number;
  editor: ScheduleEditor;
}) {
  const save = useSetDefaultPlaylist(userId, editor.streamId);
  // What was chosen last, until the grid comes back with it (a failure puts the stored one back).
  const [chosen, setChosen] = useState<string | null>(null);
  const stored = editor.defaultPlaylistId === null ? '' : String(editor.defaultPlaylistId);
  const value = save.isPending && chosen !== null ? chosen : stored;
  return (
    <section className={classes.panel} aria-labelledby="schedule-default">
      <h2 id="schedule-default" className={classes.panelTitle}>
        {M.defaultTitle}
      </h2>
      <NativeSelect
        label={M.defaultLabel}
        description={M.defaultHint}
        value={value}
        disabled={save.isPending}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setChosen(next);
          save.mutate(next ? Number(next) : null, {
            onSuccess: () => toast.success(M.defaultSaved),
            onError: (error) => toast.error(failureText(error, M.defaultError, M)),
          });
        }}
        data={[
          { value: '', label: M.defaultNone },
          ...editor.playlists.map((playlist) => ({
            value: String(playlist.id),
            label: playlist.name,
          })),
        ]}
        data-testid="default-playlist"
      />
    </section>
  );
}

/** 'Relatório ECAD': a month (the previous one by default) and the channel's CSV of it. */
export function EcadPanel({ editor }: { editor: ScheduleEditor }) {
  const [month, setMonth] = useState(() => previousMonth(editor.today));
  const valid = /^\d{4}-\d{2}$/.test(month);
  return (
    <section className={classes.panel} aria-labelledby="schedule-ecad" data-testid="ecad">
      <h2 id="schedule-ecad" className={classes.panelTitle}>
        {M.ecadTitle}
      </h2>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {M.ecadText}
        </Text>
        <TextInput
          type="month"
          label={M.ecadMonth}
          value={month}
          max={editor.today.slice(0, 7)}
          onChange={(event) => setMonth(event.currentTarget.value)}
          data-testid="ecad-month"
        />
        <DownloadButton
          href={valid ? ecadReportUrl(editor.streamId, month) : '#'}
          fallbackName={`roteiro-musical-${editor.streamId}-${month}.csv`}
          icon={IconFileSpreadsheet}
          aria-label={M.ecadDownloadOf(`${monthName(month)} (${editor.streamName})`)}
          disabled={!valid}
          data-testid="ecad-download"
        >
          {M.ecadDownload}
        </DownloadButton>
      </Stack>
    </section>
  );
}
