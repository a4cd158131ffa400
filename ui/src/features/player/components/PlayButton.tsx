import { ActionIcon, Button, Loader } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { HintTooltip } from '@/components/HintTooltip/HintTooltip';
import { usePlayer, usePlayerMachine } from '../hooks';
import { PLAYER_TEXT } from '../messages';
import { livePlayLabel, playLabel } from '../player-machine';
import classes from './Player.module.css';

export interface PlayButtonProps {
  /**
   * 'bar': a round button for whatever plays (live or on-demand);
   * 'live': the live page's big button (doc1 §4 "Play button (live page)"): 'Carregando...' while
   * live audio loads, 'Pausar' while it plays, 'Tocar' otherwise; it always plays the live radio.
   */
  variant: 'bar' | 'live';
}

/** The play/pause button. Its accessible name is its label: 'Tocar', 'Carregando...' or 'Pausar'. */
export function PlayButton({ variant }: PlayButtonProps) {
  const state = usePlayer();
  const player = usePlayerMachine();
  const label = variant === 'live' ? livePlayLabel(state) : playLabel(state);
  const icon =
    label === PLAYER_TEXT.loading ? (
      <Loader size={variant === 'live' ? 20 : 18} color="white" type="oval" aria-hidden />
    ) : label === PLAYER_TEXT.pause ? (
      <IconPlayerPauseFilled size={variant === 'live' ? 22 : 20} aria-hidden />
    ) : (
      <IconPlayerPlayFilled size={variant === 'live' ? 22 : 20} aria-hidden />
    );

  if (variant === 'live') {
    return (
      <Button
        size="lg"
        radius="xl"
        variant="gradient"
        leftSection={icon}
        onClick={() => player.toggleLive()}
        className={classes.liveButton}
        data-state={
          label === PLAYER_TEXT.play ? 'idle' : label === PLAYER_TEXT.pause ? 'playing' : 'loading'
        }
        data-testid="live-play-button"
      >
        {label}
      </Button>
    );
  }
  return (
    <HintTooltip label={label} openDelay={400}>
      <ActionIcon
        size={44}
        radius="xl"
        variant="gradient"
        aria-label={label}
        onClick={() => player.toggle()}
        className={classes.barButton}
        data-state={
          label === PLAYER_TEXT.play ? 'idle' : label === PLAYER_TEXT.pause ? 'playing' : 'loading'
        }
        data-testid="player-play-button"
      >
        {icon}
      </ActionIcon>
    </HintTooltip>
  );
}
