import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Input,
  NumberInput,
  Select,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { Alarm, StreamChoice } from './alarm-bridge';
import { ALARM_TEXT, WEEKDAYS, shortTime } from './alarm-texts';

export interface AlarmFormProps {
  initial: Alarm;
  streams: StreamChoice[] | undefined;
  streamsError: boolean;
  saving: boolean;
  error: string | null;
  onSave: (alarm: Alarm) => void;
  onCancel: () => void;
}

/**
 * Create or edit one alarm: time, repeat days (Dom–Sáb), stream, volume, fade-in, snooze length,
 * enabled. Plain Mantine inputs (a native time input: keyboard and screen-reader friendly).
 */
export function AlarmForm({
  initial,
  streams,
  streamsError,
  saving,
  error,
  onSave,
  onCancel,
}: AlarmFormProps) {
  const [label, setLabel] = useState(initial.label);
  const [time, setTime] = useState(shortTime(initial.time));
  const [days, setDays] = useState<string[]>(initial.days.map(String));
  const [streamId, setStreamId] = useState<string | null>(initial.streamId || null);
  const [volume, setVolume] = useState(Math.round(initial.volume * 100));
  const [fadeIn, setFadeIn] = useState<number>(initial.fadeInSeconds);
  const [snooze, setSnooze] = useState<number>(initial.snoozeMinutes);
  const [enabled, setEnabled] = useState(initial.enabled);
  const [touched, setTouched] = useState(false);

  const options = (streams ?? []).map((stream) => ({ value: stream.id, label: stream.name }));
  // An alarm whose stream left the list still shows (and keeps) it.
  if (initial.streamId && !options.some((option) => option.value === initial.streamId)) {
    options.push({ value: initial.streamId, label: initial.streamId });
  }
  const timeOk = /^\d{2}:\d{2}$/.test(time);
  const streamOk = !!streamId;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!timeOk || !streamId) return;
    onSave({
      ...initial,
      label: label.trim(),
      time: `${time}:00`,
      days: days.map(Number).sort((a, b) => a - b),
      streamId,
      volume: volume / 100,
      fadeInSeconds: Math.max(0, Math.round(fadeIn)),
      snoozeMinutes: Math.max(1, Math.round(snooze)),
      enabled,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={ALARM_TEXT.time}
          type="time"
          required
          value={time}
          onChange={(event) => setTime(event.currentTarget.value)}
          error={touched && !timeOk ? ALARM_TEXT.timeRequired : undefined}
          data-autofocus
        />
        <Checkbox.Group
          label={ALARM_TEXT.days}
          description={ALARM_TEXT.onceHint}
          value={days}
          onChange={setDays}
        >
          <Group gap={6} mt={6} wrap="wrap">
            {WEEKDAYS.map((day) => (
              <Checkbox
                key={day.iso}
                value={String(day.iso)}
                label={day.short}
                aria-label={day.long}
                size="sm"
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Select
          label={ALARM_TEXT.stream}
          required
          data={options}
          value={streamId}
          onChange={setStreamId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          error={
            streamsError
              ? ALARM_TEXT.streamsError
              : touched && !streamOk
                ? ALARM_TEXT.streamRequired
                : undefined
          }
        />
        <Input.Wrapper label={ALARM_TEXT.volume}>
          <Slider
            mt={4}
            min={0}
            max={100}
            step={5}
            value={volume}
            onChange={setVolume}
            label={(value) => `${value}%`}
            thumbLabel={ALARM_TEXT.volume}
          />
          <Text size="xs" c="dimmed" mt={4}>
            {volume}%
          </Text>
        </Input.Wrapper>
        <NumberInput
          label={ALARM_TEXT.fadeIn}
          min={0}
          max={600}
          step={5}
          value={fadeIn}
          onChange={(value) => setFadeIn(typeof value === 'number' ? value : Number(value) || 0)}
        />
        <NumberInput
          label={ALARM_TEXT.snoozeMinutes}
          min={1}
          max={60}
          value={snooze}
          onChange={(value) => setSnooze(typeof value === 'number' ? value : Number(value) || 1)}
        />
        <TextInput
          label={ALARM_TEXT.label}
          value={label}
          maxLength={60}
          onChange={(event) => setLabel(event.currentTarget.value)}
        />
        <Switch
          label={ALARM_TEXT.enabled}
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {ALARM_TEXT.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {ALARM_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
