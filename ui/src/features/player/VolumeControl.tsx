import type { CSSProperties, KeyboardEvent } from 'react';
import { ActionIcon, Group } from '@mantine/core';
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

/**
 * Mute button and volume slider (0–100; arrow keys ±10, clamped).
 *
 * The slider is the browser's own range input, styled (PlayerBar.module.css), not Mantine's Slider:
 * it sits in the player bar of every page, and Mantine's brought 4 kB gzipped of script into every
 * page's first load (initial JavaScript). The native one is keyboard- and touch-ready and
 * announced as a slider by itself.
 */
export function VolumeControl() {
  const { volume, muted, setVolume, stepVolume, toggleMute } = useVolume();

  // The spec's arrow step is 10 while dragging stays fine-grained: arrows are handled here, before
  // the slider's own 1-step keyboard handling.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
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
      <div
        className={classes.sliderWrap}
        data-testid="volume-slider"
        style={
          {
            '--volume-fraction': (volume - VOLUME_MIN) / (VOLUME_MAX - VOLUME_MIN),
          } as CSSProperties
        }
      >
        <input
          type="range"
          className={classes.slider}
          min={VOLUME_MIN}
          max={VOLUME_MAX}
          step={1}
          value={volume}
          onChange={(event) => setVolume(Number(event.currentTarget.value))}
          onKeyDown={onKeyDown}
          aria-label="Volume"
          // Set by hand: a native range input exposes its value to assistive technology but not
          // as an attribute, and the tests (and any script) read the attribute.
          aria-valuenow={volume}
          aria-valuetext={`${volume}%`}
        />
        <output className={classes.sliderLabel} aria-hidden>
          {volume}%
        </output>
      </div>
    </Group>
  );
}
