/**
 * The timeshift controls (engines/hls-timeshift.ts has the design): 'Voltar 30 segundos', 'Início
 * da música', 'Início do programa' (when the grid names one), a seek bar over the window with the
 * time of day at its thumb (arrow keys step 30 s), how far behind live, and 'Ao vivo' (a button
 * behind live, a small badge at the live edge). Offered while the selected stream has an HLS
 * source the engine can play; a chunk of its own, fetched once the radio was first played, so no
 * page's first load carries it (nor Mantine's Slider).
 *
 * data-testids (stable, used by the browser tests):
 * - `timeshift-back`, `timeshift-song-start`, `timeshift-programme-start`  the buttons (accessible
 *   name = their label)
 * - `timeshift-seek`  the seek bar (its thumb: role slider, 'Posição na transmissão')
 * - `timeshift-behind`  how far behind live ('há 12 min do ao vivo'; in the bar '−12:34')
 * - `timeshift-go-live`  the 'Ao vivo' button behind live; `timeshift-live` the badge at live
 * - `timeshift-panel` (live page), `timeshift-bar` (player bar)
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, Slider, Stack, Text } from '@mantine/core';
import { IconArrowBarToLeft, IconPlayerSkipBack, IconRewindBackward30 } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { HintTooltip } from '@/components/HintTooltip/HintTooltip';
import { TIMESHIFT_STEP_MS } from '@/lib/constants';
import { useScheduleNow } from '@/features/programmes/api/use-schedule-now';
import { useListenerChannel } from '@/features/programmes/use-listener-channel';
import { onAirAtQueryOptions } from '../api/live-api';
import { useHeardOnAir } from '../heard-on-air';
import { HeardOnAirFollower } from '../heard-on-air-follower';
import { usePlayer, usePlayerMachine, useShownNowPlaying } from '../hooks';
import { TIMESHIFT_TEXT } from '../messages';
import { isBehindLive, type TimeshiftPosition } from '../player-machine';
import { behindLiveShort, behindLiveText, clockTime } from '../timeshift-format';
import { useTimeshiftPosition } from '../use-timeshift-position';
import classes from './Timeshift.module.css';

/**
 * Asks what was on air at the instant heard while behind live (heard-on-air-follower.ts). Mounted
 * once, by the player host, from the first time the listener goes back.
 */
export function TimeshiftOnAirSync() {
  const client = useQueryClient();
  const player = usePlayerMachine();
  useEffect(
    () =>
      new HeardOnAirFollower(player, (streamId, atMs) =>
        client.fetchQuery(onAirAtQueryOptions(streamId, atMs)),
      ).start(),
    [client, player],
  );
  return null;
}

/** The seek targets the listener can see: the song's start and the programme's. */
function useStarts() {
  const state = usePlayer();
  const shown = useShownNowPlaying();
  const heard = useHeardOnAir();
  const { data: schedule } = useScheduleNow(useListenerChannel());
  const behind = isBehindLive(state);
  const programme = behind ? (heard?.programme ?? null) : (schedule?.now ?? null);
  const item = shown.current;
  const song = item?.metaType === 'music' && item.startedAtMs > 0 ? item.startedAtMs : null;
  const programmeStart = programme ? Date.parse(programme.startsAt) : NaN;
  return {
    behind,
    song,
    programme: Number.isFinite(programmeStart) ? programmeStart : null,
    programmeTitle: programme?.program.title ?? null,
  };
}

/** The handlers that fetch hls.js as the pointer or the focus reaches a control. */
function usePrepare() {
  const player = usePlayerMachine();
  const prepare = () => player.prepareTimeshift();
  return { onPointerEnter: prepare, onFocus: prepare, onTouchStart: prepare };
}

function SeekBar({ position, className }: { position: TimeshiftPosition; className?: string }) {
  const player = usePlayerMachine();
  // While dragged (or stepped with the keys), the thumb is where the listener puts it.
  const [held, setHeld] = useState<number | null>(null);
  const span = Math.max(1, Math.round((position.liveMs - position.startMs) / 1000));
  const value = Math.min(
    span,
    Math.max(0, held ?? Math.round((position.atMs - position.startMs) / 1000)),
  );
  const instant = (seconds: number) => position.startMs + seconds * 1000;
  const behind = position.liveMs - instant(value);
  const valueText = `${clockTime(instant(value))}, ${
    behind < 1000 ? TIMESHIFT_TEXT.live.toLowerCase() : behindLiveText(behind)
  }`;
  // Mantine's thumb takes no aria-valuetext (its value is seconds into the window, which means
  // nothing read aloud): the time of day and how far behind are set on it here.
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    root.current?.querySelector('[role="slider"]')?.setAttribute('aria-valuetext', valueText);
  }, [valueText]);
  return (
    <Slider
      ref={root}
      className={className}
      min={0}
      max={span}
      step={TIMESHIFT_STEP_MS / 1000}
      value={value}
      onChange={setHeld}
      onChangeEnd={(seconds) => {
        setHeld(null);
        player.seekTo(instant(seconds));
      }}
      label={(seconds) => clockTime(instant(seconds))}
      thumbLabel={TIMESHIFT_TEXT.seekBar}
      size="sm"
      thumbSize={14}
      data-testid="timeshift-seek"
    />
  );
}

function LiveBadge({ className }: { className?: string }) {
  return (
    <Badge
      variant="light"
      color="red"
      size="sm"
      className={className}
      leftSection={<span className={classes.liveDot} aria-hidden />}
      data-testid="timeshift-live"
    >
      {TIMESHIFT_TEXT.live}
    </Badge>
  );
}

function GoLiveButton() {
  const player = usePlayerMachine();
  return (
    <Button
      size="compact-xs"
      variant="filled"
      color="red"
      radius="xl"
      aria-label={TIMESHIFT_TEXT.goLive}
      className={classes.goLive}
      leftSection={<span className={classes.goLiveDot} aria-hidden />}
      onClick={() => player.goLive()}
      data-testid="timeshift-go-live"
    >
      {TIMESHIFT_TEXT.live}
    </Button>
  );
}

function IconControl({
  label,
  onClick,
  disabled = false,
  className,
  testId,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  className?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <span className={className}>
      <HintTooltip label={label} openDelay={400}>
        <ActionIcon
          size={36}
          radius="xl"
          variant="subtle"
          color="gray"
          aria-label={label}
          disabled={disabled}
          onClick={onClick}
          className={classes.icon}
          data-testid={testId}
        >
          {children}
        </ActionIcon>
      </HintTooltip>
    </span>
  );
}

/** The player bar's 'Voltar 30 segundos', beside its play button. */
export function TimeshiftBarBack() {
  const state = usePlayer();
  const player = usePlayerMachine();
  const prepare = usePrepare();
  if (!state.timeshift || state.isLive !== true) return null;
  return (
    <span className={classes.barBack} {...prepare}>
      <IconControl
        label={TIMESHIFT_TEXT.back}
        onClick={() => player.rewind()}
        testId="timeshift-back"
      >
        <IconRewindBackward30 size={22} aria-hidden />
      </IconControl>
    </span>
  );
}

/**
 * The player bar's other controls: how far behind and 'Ao vivo' everywhere; the song's and the
 * programme's start from 992 px; the seek bar from 1200 px (a phone has the live page's).
 */
export function TimeshiftBarControls() {
  const state = usePlayer();
  const player = usePlayerMachine();
  const position = useTimeshiftPosition();
  const starts = useStarts();
  const prepare = usePrepare();
  if (!state.timeshift || state.isLive !== true || !position) return null;
  const behindMs = position.liveMs - position.atMs;
  return (
    <Group gap={4} wrap="nowrap" className={classes.bar} data-testid="timeshift-bar" {...prepare}>
      <IconControl
        label={TIMESHIFT_TEXT.songStart}
        onClick={() => starts.song !== null && player.seekTo(starts.song)}
        disabled={starts.song === null}
        className={classes.wide}
        testId="timeshift-song-start"
      >
        <IconPlayerSkipBack size={20} aria-hidden />
      </IconControl>
      {starts.programme !== null && (
        <IconControl
          label={TIMESHIFT_TEXT.programmeStart}
          onClick={() => starts.programme !== null && player.seekTo(starts.programme)}
          className={classes.wide}
          testId="timeshift-programme-start"
        >
          <IconArrowBarToLeft size={20} aria-hidden />
        </IconControl>
      )}
      <SeekBar position={position} className={classes.barSeek} />
      {starts.behind ? (
        <Stack gap={2} align="center" className={classes.barStatus}>
          <Text
            size="xs"
            fw={700}
            className={classes.behindShort}
            aria-label={behindLiveText(behindMs)}
            data-testid="timeshift-behind"
          >
            {behindLiveShort(behindMs)}
          </Text>
          <GoLiveButton />
        </Stack>
      ) : (
        <LiveBadge className={classes.barLiveBadge} />
      )}
    </Group>
  );
}

/** The live page's controls, under its play button. */
export function TimeshiftPanel() {
  const state = usePlayer();
  const player = usePlayerMachine();
  const position = useTimeshiftPosition();
  const starts = useStarts();
  const prepare = usePrepare();
  if (!state.timeshift || state.isLive !== true || !position) return null;
  const behindMs = position.liveMs - position.atMs;
  const button = (
    label: string,
    icon: ReactNode,
    onClick: () => void,
    testId: string,
    disabled = false,
  ) => (
    <Button
      size="compact-sm"
      variant="light"
      color="gray"
      radius="xl"
      leftSection={icon}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={classes.panelButton}
      classNames={{ section: classes.panelButtonSection }}
      data-testid={testId}
    >
      <span className={classes.panelButtonText}>{label}</span>
    </Button>
  );
  return (
    <Stack gap={6} className={classes.panel} data-testid="timeshift-panel" {...prepare}>
      <Group gap="xs" justify="space-between" wrap="nowrap" className={classes.panelStatus}>
        {starts.behind ? (
          <>
            <Text size="sm" fw={600} className={classes.behindText} data-testid="timeshift-behind">
              {behindLiveText(behindMs)}
              {starts.programmeTitle && ` · ${starts.programmeTitle}`}
            </Text>
            <GoLiveButton />
          </>
        ) : (
          <LiveBadge />
        )}
      </Group>
      <SeekBar position={position} />
      <Group justify="space-between" gap="xs" wrap="nowrap" className={classes.panelEnds}>
        <Text size="xs" c="dimmed">
          {clockTime(position.startMs)}
        </Text>
        <Text size="xs" c="dimmed">
          {clockTime(position.liveMs)}
        </Text>
      </Group>
      <Group gap={6}>
        {button(
          TIMESHIFT_TEXT.back,
          <IconRewindBackward30 size={18} aria-hidden />,
          () => player.rewind(),
          'timeshift-back',
        )}
        {button(
          TIMESHIFT_TEXT.songStart,
          <IconPlayerSkipBack size={16} aria-hidden />,
          () => starts.song !== null && player.seekTo(starts.song),
          'timeshift-song-start',
          starts.song === null,
        )}
        {starts.programme !== null &&
          button(
            TIMESHIFT_TEXT.programmeStart,
            <IconArrowBarToLeft size={16} aria-hidden />,
            () => starts.programme !== null && player.seekTo(starts.programme),
            'timeshift-programme-start',
          )}
      </Group>
    </Stack>
  );
}
