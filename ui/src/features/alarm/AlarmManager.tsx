import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IconAlarm,
  IconAlarmSnooze,
  IconAlertTriangle,
  IconPencil,
  IconPlayerStop,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState/EmptyState';
import { DesktopCommandError, desktopListen } from '@/lib/tauri-bridge';
import {
  ALARM_EVENT,
  ALARM_KEYS,
  alarmCommands,
  type Alarm,
  type AlarmEvent,
  type AlarmOverview,
  type DesktopSettings,
  type MissedAlarm,
  type StreamChoice,
} from './alarm-bridge';
import {
  ALARM_TEXT,
  describeDays,
  describeSource,
  missedText,
  newAlarm,
  newAlarmId,
  shortDateTime,
  shortTime,
  streamName,
} from './alarm-texts';
import { AlarmForm } from './AlarmForm';

/** Missed alarms the user closed, for this run of the app (Rust keeps reporting them). */
const dismissedMissed = new Set<string>();
const missedKey = (missed: MissedAlarm) => `${missed.alarmId}@${missed.at}`;

/**
 * The PRO alarm clock inside the desktop app: the alarms kept and rung by Rust (alarm_* commands),
 * the second stream, the track-change notifications setting, and what the `onda://alarm` events
 * say: the ringing alarm (with the source that rang, 'Soneca' and 'Parar') and missed alarms.
 */
export function AlarmManager() {
  const queryClient = useQueryClient();
  const overview = useQuery({ queryKey: ALARM_KEYS.overview, queryFn: alarmCommands.list });
  const streams = useQuery({
    queryKey: ALARM_KEYS.streams,
    queryFn: alarmCommands.streams,
    staleTime: 60_000,
  });
  const [, setDismissed] = useState(0);
  const [editing, setEditing] = useState<Alarm | null>(null);

  useEffect(
    () =>
      // Every event changes the overview (ringing, snoozed, stopped, missed): read it again.
      desktopListen<AlarmEvent>(ALARM_EVENT, () => {
        void queryClient.invalidateQueries({ queryKey: ALARM_KEYS.overview });
      }),
    [queryClient],
  );

  const apply = (next: AlarmOverview) => queryClient.setQueryData(ALARM_KEYS.overview, next);
  const save = useMutation({
    mutationFn: alarmCommands.save,
    onSuccess: (next) => {
      apply(next);
      setEditing(null);
    },
  });
  const remove = useMutation({ mutationFn: alarmCommands.remove, onSuccess: apply });
  const toggle = useMutation({ mutationFn: alarmCommands.save, onSuccess: apply });
  const fallback = useMutation({ mutationFn: alarmCommands.setFallback, onSuccess: apply });
  const snooze = useMutation({ mutationFn: alarmCommands.snooze, onSuccess: apply });
  const stop = useMutation({ mutationFn: alarmCommands.stop, onSuccess: apply });

  const openNew = () => {
    save.reset();
    setEditing(newAlarm(streams.data?.[0]?.id ?? ''));
  };
  const openEdit = (alarm: Alarm) => {
    save.reset();
    setEditing(alarm);
  };

  if (overview.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={ALARM_TEXT.loading} />
      </Center>
    );
  }
  if (overview.isError) {
    return (
      <EmptyState icon={IconAlertTriangle} title={ALARM_TEXT.loadError}>
        <Button mt="md" variant="light" onClick={() => void overview.refetch()}>
          {ALARM_TEXT.retry}
        </Button>
      </EmptyState>
    );
  }

  const data = overview.data;
  const alarmById = (id: string) => data.alarms.find((alarm) => alarm.id === id);
  const missed = (data.missed ?? []).filter((item) => !dismissedMissed.has(missedKey(item)));
  const actionError = [remove, toggle, fallback, snooze, stop].some((m) => m.isError);

  return (
    <Stack gap="lg" data-testid="alarm-manager">
      {data.ringing && (
        <Alert
          color="red"
          variant="filled"
          role="alert"
          icon={<IconAlarm aria-hidden />}
          title={ALARM_TEXT.ringingTitle}
          data-testid="alarm-ringing"
        >
          <Stack gap="xs">
            <Text fw={600}>{ringingName(alarmById(data.ringing.alarmId))}</Text>
            <Text data-testid="alarm-source">
              {describeSource(data.ringing.source, streams.data)}
            </Text>
            <Group gap="sm">
              <Button
                variant="white"
                color="dark"
                leftSection={<IconAlarmSnooze size={18} aria-hidden />}
                loading={snooze.isPending}
                onClick={() => snooze.mutate()}
              >
                {ALARM_TEXT.snooze}
              </Button>
              <Button
                variant="white"
                color="red"
                leftSection={<IconPlayerStop size={18} aria-hidden />}
                loading={stop.isPending}
                onClick={() => stop.mutate()}
              >
                {ALARM_TEXT.stop}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {!data.ringing && data.snoozedUntil && (
        <Alert color="yellow" icon={<IconAlarmSnooze aria-hidden />} data-testid="alarm-snoozed">
          <Group justify="space-between" gap="sm">
            <Text>
              {ALARM_TEXT.snoozedUntil} {shortTime(data.snoozedUntil.split('T')[1] ?? '')}
            </Text>
            <Button size="xs" variant="light" onClick={() => stop.mutate()}>
              {ALARM_TEXT.stop}
            </Button>
          </Group>
        </Alert>
      )}
      {missed.map((item) => (
        <Alert
          key={missedKey(item)}
          color="orange"
          icon={<IconAlertTriangle aria-hidden />}
          title={ALARM_TEXT.missedTitle}
          data-testid="alarm-missed"
          withCloseButton
          closeButtonLabel={ALARM_TEXT.dismiss}
          onClose={() => {
            dismissedMissed.add(missedKey(item));
            setDismissed((count) => count + 1);
          }}
        >
          {missedText(alarmById(item.alarmId), item.at)}
        </Alert>
      ))}
      {actionError && (
        <Alert color="red" role="alert">
          {ALARM_TEXT.saveError}
        </Alert>
      )}

      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          {ALARM_TEXT.listTitle}
        </Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={openNew}>
          {ALARM_TEXT.add}
        </Button>
      </Group>
      {data.next && (
        <Text c="dimmed" size="sm" data-testid="alarm-next">
          {ALARM_TEXT.next} {shortDateTime(data.next[1])}
        </Text>
      )}

      {data.alarms.length === 0 ? (
        <EmptyState
          icon={IconAlarm}
          title={ALARM_TEXT.empty}
          description={ALARM_TEXT.emptyHint}
          compact
          headingOrder={3}
        />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.alarms.map((alarm) => (
            <AlarmItem
              key={alarm.id}
              alarm={alarm}
              streams={streams.data}
              onEdit={() => openEdit(alarm)}
              onDelete={() => remove.mutate(alarm.id)}
              onToggle={(enabled) => toggle.mutate({ ...alarm, enabled })}
            />
          ))}
        </Stack>
      )}

      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h4">
          {ALARM_TEXT.fallbackTitle}
        </Title>
        <Text size="sm" c="dimmed" mt={4} mb="sm">
          {ALARM_TEXT.fallbackDescription}
        </Text>
        <Select
          aria-label={ALARM_TEXT.fallbackTitle}
          data={[
            { value: '', label: ALARM_TEXT.fallbackNone },
            ...(streams.data ?? []).map((stream) => ({ value: stream.id, label: stream.name })),
          ]}
          value={data.fallbackStreamId ?? ''}
          onChange={(value) => fallback.mutate(value ? value : null)}
          allowDeselect={false}
          error={streams.isError ? ALARM_TEXT.streamsError : undefined}
        />
      </Paper>

      <TrackNotifications />

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? ALARM_TEXT.formEdit : ALARM_TEXT.formNew}
        fullScreen={false}
        size="md"
      >
        {editing && (
          <AlarmForm
            initial={editing}
            streams={streams.data}
            streamsError={streams.isError}
            saving={save.isPending}
            error={save.isError ? saveErrorText(save.error) : null}
            onCancel={() => setEditing(null)}
            onSave={(alarm) => save.mutate({ ...alarm, id: alarm.id || newAlarmId() })}
          />
        )}
      </Modal>
    </Stack>
  );
}

function ringingName(alarm: Alarm | undefined): string {
  if (!alarm) return ALARM_TEXT.title;
  return alarm.label ? `${shortTime(alarm.time)} · ${alarm.label}` : shortTime(alarm.time);
}

function AlarmItem({
  alarm,
  streams,
  onEdit,
  onDelete,
  onToggle,
}: {
  alarm: Alarm;
  streams: StreamChoice[] | undefined;
  onEdit: () => void;
  onDelete: () => void;
  onToggle: (enabled: boolean) => void;
}) {
  const time = shortTime(alarm.time);
  const name = alarm.label ? `${time} ${alarm.label}` : time;
  return (
    <Paper
      component="li"
      withBorder
      p="md"
      radius="md"
      data-testid="alarm-item"
      aria-label={`${ALARM_TEXT.title} ${name}`}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 160px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fz={28} fw={700} lh={1.1}>
              {time}
            </Text>
            {!alarm.enabled && (
              <Badge color="gray" variant="light">
                Desativado
              </Badge>
            )}
          </Group>
          {alarm.label && <Text fw={500}>{alarm.label}</Text>}
          <Text size="sm">{describeDays(alarm.days)}</Text>
          <Text size="sm" c="dimmed">
            {streamName(streams, alarm.streamId)} · {ALARM_TEXT.volume}{' '}
            {Math.round(alarm.volume * 100)}% · {fadeText(alarm.fadeInSeconds)}
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          <Switch
            label={ALARM_TEXT.enabled}
            aria-label={`${ALARM_TEXT.enabled}: ${name}`}
            checked={alarm.enabled}
            onChange={(event) => onToggle(event.currentTarget.checked)}
          />
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden />}
              aria-label={`${ALARM_TEXT.edit} ${name}`}
              onClick={onEdit}
            >
              {ALARM_TEXT.edit}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={`${ALARM_TEXT.remove} ${name}`}
              onClick={onDelete}
            >
              {ALARM_TEXT.remove}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

function fadeText(seconds: number): string {
  return seconds > 0 ? `aumenta em ${seconds} s` : 'sem aumento gradual';
}

/** Track-change notifications (off by default), kept by the app in settings.json. */
function TrackNotifications() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ALARM_KEYS.settings, queryFn: alarmCommands.getSettings });
  const update = useMutation({
    mutationFn: (next: DesktopSettings) => alarmCommands.setSettings(next),
    onSuccess: (next) => queryClient.setQueryData(ALARM_KEYS.settings, next),
  });
  const current = update.isPending ? update.variables : settings.data;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4">
        {ALARM_TEXT.settingsTitle}
      </Title>
      <Switch
        mt="sm"
        label={ALARM_TEXT.notifyTracks}
        description={ALARM_TEXT.notifyTracksHint}
        checked={current?.notifyTracks ?? false}
        disabled={!settings.data}
        onChange={(event) =>
          update.mutate({ ...settings.data, notifyTracks: event.currentTarget.checked })
        }
        error={update.isError ? ALARM_TEXT.saveError : undefined}
      />
    </Paper>
  );
}

/** The app refused the alarm itself (a bad time, no stream) or could not keep it. */
function saveErrorText(error: unknown): string {
  return error instanceof DesktopCommandError && error.kind === 'invalidInput'
    ? ALARM_TEXT.invalidAlarm
    : ALARM_TEXT.saveError;
}
