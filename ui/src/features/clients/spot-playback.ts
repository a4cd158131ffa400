import type { Spot } from '@/generated/Spot';
import type { PlayerMachine, PlayerSnapshot } from '@/features/player/player-machine';
import { DEFAULT_SPOT_IMAGE } from './clients';

const spotId = (spot: Spot) => `spot:${spot.slug}`;

/** Whether `spot` is the on-demand item the player holds, and whether it is heard now. */
export function spotState(player: PlayerSnapshot, spot: Spot): 'playing' | 'paused' | 'idle' {
  const item = player.queue?.items[player.queue.index];
  if (player.isLive !== 'otherMedia' || item?.id !== spotId(spot)) return 'idle';
  return player.shouldBePlaying && (player.status === 'playing' || player.status === 'loading')
    ? 'playing'
    : 'paused';
}

/** doc2 §4.5: same source playing → pause; same source paused → resume; otherwise start it. */
export function toggleSpot(machine: PlayerMachine, player: PlayerSnapshot, spot: Spot): void {
  const state = spotState(player, spot);
  if (state === 'playing') machine.pause();
  else if (state === 'paused') machine.resumeQueue();
  else if (spot.audioFile)
    machine.playQueue([
      {
        id: spotId(spot),
        src: spot.audioFile,
        title: spot.name,
        artist: spot.clientName,
        cover: spot.imageFile ?? spot.clientImageFile ?? DEFAULT_SPOT_IMAGE,
      },
    ]);
}
