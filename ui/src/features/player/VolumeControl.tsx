import type { KeyboardEvent } from 'react';
import { ActionIcon, Group, Slider } from '@mantine/core';
import { IconVolume, IconVolume2, IconVolume3 } from '@tabler/icons-react';
import { HintTooltip } from '@/components/HintTooltip/HintTooltip';
import { VOLUME_MAX, VOLUME_MIN } from '@/lib/constants';
import { useVolume } from './volume-store';
import classes from './PlayerBar.module.css';

const STEP_KEYS: Record<string, 1 | -1> = {
  ArrowUp: 1,
  ArrowRight: 1,
  ArrowDown: -1,
  ArrowLeft: -1,
};

/** Mute button and volume slider (0–100; arrow keys ±10, clamped). */
export function VolumeControl() {
  const { volume, muted, setVolume, stepVolume, toggleMute } = useVolume();

  // The spec's arrow step is 10 while dragging stays fine-grained: arrows are handled here, before
  // the slider's own 1-step keyboard handling.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = STEP_KEYS[event.key];
    if (!direction) return;
    event.preventDefault();
    event.stopPropagation();
    stepVolume(direction);
  };

  const label = muted ? 'Ativar som' : 'Silenciar';
  const VolumeIcon = muted ? IconVolume3 : volume < 50 ? IconVolume2 : IconVolume;

  return (
    <Group gap={6} wrap="nowrap" className={classes.volume}>
      <HintTooltip label={label}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          radius="xl"
          aria-label={label}
          aria-pressed={muted}
          onClick={toggleMute}
          className={classes.muteButton}
          data-testid="mute-button"
        >
          <VolumeIcon size={20} aria-hidden />
        </ActionIcon>
      </HintTooltip>
      <div onKeyDownCapture={onKeyDownCapture} className={classes.sliderWrap}>
        <Slider
          value={volume}
          onChange={setVolume}
          min={VOLUME_MIN}
          max={VOLUME_MAX}
          step={1}
          size="sm"
          color="onda"
          label={(value) => `${value}%`}
          thumbLabel="Volume"
          aria-label="Volume"
          data-testid="volume-slider"
          classNames={{ track: classes.sliderTrack }}
        />
      </div>
    </Group>
  );
}
